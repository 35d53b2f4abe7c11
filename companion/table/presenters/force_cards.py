"""Force cards at the table: how many cards each player holds, and the button that plays one of them (the list of
their side's halves of the deck, by what they do)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.card_effects import EFFECTS
from companion.edition import a_or_an
from companion.rules.mechanics.force_cards import hand_unit
from companion.table.offers import Action, offer
from companion.table.presenter import Presenter
from companion.table.words import card_words

if TYPE_CHECKING:
    from companion.engine.game import Game

HAND_KEY = "hand:"
"""The key of a player's button that opens their hand of Force cards (no command: it opens the list)."""


def held(game: Game, player: str) -> dict[str, int]:
    """How many cards of each two-sided deck a player holds."""
    s = game.state
    return {d.id: n for d in game.edition.decks.values()
            if d.sides and (n := s.ledger.balance(player, hand_unit(d.id)))}


def hands(game: Game) -> list[Action]:
    """A button for each player who holds Force cards: how many, and a tap to play one."""
    actions = []
    for p in game.state.active:
        for deck, n in held(game, p.id).items():
            name = game.edition.decks[deck].name
            actions.append(Action(f"{HAND_KEY}{p.id}:{deck}", f"{p.name}: play {a_or_an(name)} card ({n} held)", "",
                                  p.id, True))
    return actions


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


PRESENTER = Presenter(actions=(hands,))
