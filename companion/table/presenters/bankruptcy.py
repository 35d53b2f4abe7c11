"""Bankruptcy at the table: a debtor who cannot pay declares it, and leaves the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.events import PlayerRetired
from companion.table.offers import Action, offer
from companion.table.presenter import Presenter
from companion.table.presenters.debts import debtors
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def declare(game: Game) -> list[Action]:
    """Each debtor may declare bankruptcy (the rules say whether they may yet)."""
    return [offer(game, f"bankrupt:{d}", f"{party_name(game, d)}: {game.edition.term('declare_bankruptcy')}",
                  f"bankrupt {d}", "danger") for d in debtors(game)]


PRESENTER = Presenter(
    events={PlayerRetired: lambda game, ev: f"{party_name(game, ev.player)} is {game.edition.term('bankrupt')} "
                                            "and takes no more turns"},
    actions=(declare,))
