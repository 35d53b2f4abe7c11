"""Force cards at the table: how many cards each player holds, and the button that plays one of them (the list of
their side's halves of the deck, by what they do)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.card_effects import EFFECTS
from companion.edition import a_or_an
from companion.rules.mechanics.force_cards import hand_unit
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.words import card_words, credits, party_name

if TYPE_CHECKING:
    from companion.engine.game import Game

HAND_KEY = "hand:"
"""The key of the button that plays a Force card from a hand (no command: it opens the hands, then the list)."""


def held(game: Game, player: str) -> dict[str, int]:
    """How many cards of each two-sided deck a player holds."""
    s = game.state
    return {d.id: n for d in game.edition.decks.values()
            if d.sides and (n := s.ledger.balance(player, hand_unit(d.id)))}


def hand_choices(game: Game) -> list[Action]:
    """Each player's hand of each deck: who holds how many (a tap opens the cards they may play)."""
    actions = []
    for p in game.state.active:
        for deck, n in held(game, p.id).items():
            name = game.edition.decks[deck].name
            actions.append(Action(f"{HAND_KEY}{p.id}:{deck}", f"{p.name}: {a_or_an(name)} card ({n} held)", "",
                                  p.id, True))
    return actions


def hands(game: Game) -> list[Action]:
    """One button, whoever holds Force cards: a card may be played at any time, by anyone who holds one."""
    return [Action(HAND_KEY, "Play a Force card", "", "", True)] if hand_choices(game) else []


def play_offers(game: Game, player: str, deck_id: str) -> list[Action]:
    """The cards of a deck a player may play from their hand: their side's halves, by what they do (Just say no!
    is played against another player's action, not from here)."""
    e = game.edition
    deck = e.decks[deck_id]
    side = game.state.player(player).side
    return [replace(offer(game, f"play:{deck.id}/{c.id}", card_words(e, c), play_command(player, deck.id, c.id)),
                    heading=EFFECTS[c.effect].heading.capitalize(), detail=c.title)
            for c in deck.drawn_by(side) if c.effect != "just-say-no"]


def play_command(player: str, deck: str, card: str) -> str:
    """The command that plays a card of ``deck`` from a player's hand."""
    return f"play {player} {deck}/{card}"


def action_words(game: Game, data: DecisionData) -> str:
    """The action answered, in words: "Luke's claim of 10 credits (rent for Endor 1)", "Luke's Rebel Force card:
    20 credits to pay", "Vader's Base set on Endor 1"."""
    actor, action = party_name(game, str(data["actor"])), data["action"]
    assert isinstance(action, dict)
    if action["kind"] == "charge" and "card" in action:
        deck = game.edition.decks[str(action["card"])].name
        return f"{actor}'s {deck} Force card: {credits(game.edition, int(action['amount']))} to pay"
    if action["kind"] == "charge":
        return f"{actor}'s claim of {credits(game.edition, int(action['amount']))} ({action['reason']})"
    return f"{actor}'s {game.edition.term('base')} set on {game.edition.space(str(action['space'])).name}"


def answer_line(game: Game, who: str, data: DecisionData) -> str:
    """Who may answer what: the action against them, or the other player's Just say no! against it."""
    nos = int(str(data["nos"]))
    if not nos:
        return f"{party_name(game, who)} may say no to {action_words(game, data)}"
    other = party_name(game, str(data["target"] if who == data["actor"] else data["actor"]))
    so_far = f" (the {ordinal(nos)})" if nos > 1 else ""
    return f"{party_name(game, who)} may say no to {other}'s Just say no!{so_far} against {action_words(game, data)}"


def ordinal(n: int) -> str:
    """``2nd``, ``3rd``, ``4th``."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def answer_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """Just say no! (a card from the hand), or let it stand."""
    n = sum(held(game, p).values())
    who = party_name(game, p)
    return [offer(game, "say-no", f"{who}: Just say no! ({n} held)", f"say-no {p}", "primary"),
            offer(game, "let-stand", f"{who}: let it stand", f"let-stand {p}")]


PRESENTER = Presenter(decisions={"just-say-no": Decision(answer_line, answer_actions)}, actions=(hands,))
