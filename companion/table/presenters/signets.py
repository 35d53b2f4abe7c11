"""Signet cards at the table: drawn like any card, kept, handed on, used; the buttons to use one now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules.coop_events import SignetMoved
from companion.rules.coop_state import CoopState
from companion.table.offers import Action, offer
from companion.table.presenter import Presenter
from companion.table.presenters.cards import DRAW
from companion.table.words import party_name, signet_title

if TYPE_CHECKING:
    from companion.engine.game import Game


def signet_moved(game: Game, event: SignetMoved) -> str:
    """A Signet card kept from the deck, handed to another hero, or put back under the deck."""
    title = signet_title(game.edition, event.card)
    if not event.source:
        return f"{party_name(game, event.target)} keeps the Signet card {title}"
    if not event.target:
        return f"The Signet card {title} goes to the bottom of the deck"
    return f"{party_name(game, event.source)} hands the Signet card {title} to {party_name(game, event.target)}"


def use_signets(game: Game) -> list[Action]:
    """Each Signet card a hero may use now."""
    s = game.state
    if not isinstance(s, CoopState):
        return []
    actions = []
    for p in s.players:
        for card in dict.fromkeys(s.signets.get(p.id, [])):
            use = offer(game, f"signet:{p.id}:{card}", f"{p.name}: use {signet_title(game.edition, card)}",
                        f"signet {p.id} {card}")
            if use.enabled:
                actions.append(use)
    return actions


PRESENTER = Presenter(events={SignetMoved: signet_moved}, decisions={"card": DRAW}, actions=(use_signets,))
