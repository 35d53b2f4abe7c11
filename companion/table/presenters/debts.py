"""Debts at the table: the button that pays a debt once the debtor has raised the credits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.table.offers import Action, offer
from companion.table.presenter import Presenter
from companion.table.words import credits, party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def debtors(game: Game) -> list[str]:
    """Everyone who owes, in the order their debts opened."""
    return list(dict.fromkeys(d.debtor for d in game.state.debts))


def pay(game: Game) -> list[Action]:
    """Each debtor's oldest debt, to pay."""
    actions = []
    for debtor in debtors(game):
        owed = game.state.debts_of(debtor)[0]
        actions.append(offer(game, f"pay:{debtor}", f"{party_name(game, debtor)}: pay "
                             f"{credits(game.edition, owed.amount)} to {party_name(game, owed.creditor)}",
                             f"pay {debtor}", "primary"))
    return actions


PRESENTER = Presenter(actions=(pay,))
