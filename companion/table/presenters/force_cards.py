"""Force cards at the table: how many cards each player holds, the button that plays one of them (the list of
their side's halves of the deck, by what they do), the Just say no! answers (the contest's buttons, and a payer's
button against a rent they paid, until the next roll), and the choice of the player a card collects from."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.card_effects import EFFECTS
from companion.edition import a_or_an
from companion.engine.events import Posted
from companion.engine.ledger import BANK, Transaction
from companion.rules.mechanics.force_cards import HELD_RENT, hand_unit, held_rents
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.presenters.core import posted
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
    if action["kind"] == "held-rent":
        return f"{actor}'s claim of {credits(game.edition, int(action['amount']))} (rent, paid)"
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


def held_rent_answers(game: Game) -> list[Action]:
    """A payer's Just say no! against a rent they paid, which they may still say no to until the next roll: one
    button, there until the roll (no tap is needed to let it stand), while they could hold a Just say no! and
    nothing else is being settled (the answers to it among them)."""
    e = game.edition
    actions = []
    for owner, payer, amount in held_rents(game.state):
        label = (f"{party_name(game, payer)}: Just say no! to {party_name(game, owner)}'s rent "
                 f"({credits(e, amount)}, paid; until the next roll)")
        answer = offer(game, f"say-no-held:{payer}", label, f"say-no {payer}")
        if answer.enabled:
            actions.append(answer)
    return actions


def aim_line(game: Game, who: str, data: DecisionData) -> str:
    """The card's player chooses who pays."""
    deck = game.edition.decks[str(data["deck"])].name
    return (f"{party_name(game, who)}'s {deck} Force card: choose who pays "
            f"{credits(game.edition, int(str(data['amount'])))}")


def aim_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """One button per other player."""
    return [offer(game, f"aim:{o.id}", f"{o.name} pays", f"aim {p} {o.id}") for o in game.state.active if o.id != p]


def posted_words(game: Game, event: Posted) -> str:
    """A transaction in words as every game words it; the marker of a payer's window to say no to a rent (the
    bank's, see :mod:`companion.rules.mechanics.force_cards`) is nobody's money, so it is never shown: a rent
    paid shows the payment alone, and a window closing with nothing else changing hands shows no line."""
    txn = event.txn
    if not any(p.account.startswith(HELD_RENT) for p in txn.postings):
        return posted(game, event)
    kept = tuple(p for p in txn.postings if not p.account.startswith(HELD_RENT) and p.account != BANK)
    return posted(game, Posted(Transaction(txn.reason, kept))) if kept else ""


PRESENTER = Presenter(events={Posted: posted_words}, decisions={"just-say-no": Decision(answer_line, answer_actions),
                                 "aim": Decision(aim_line, aim_actions)},
                      actions=(hands, held_rent_answers))
