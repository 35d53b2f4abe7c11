"""Taxes at the table: the Docking Tax paid as the flat amount or as a share of worth."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.words import credits, party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def tax_line(game: Game, who: str, data: DecisionData) -> str:
    """The lander chooses how to pay."""
    return f"{party_name(game, who)} chooses how to pay the {game.edition.term('income_tax')}"


def tax_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """The flat amount, or the share of the payer's worth."""
    e = game.edition
    return [offer(game, "tax:flat", f"Pay {credits(e, e.docking_flat)}", f"tax {p} flat"),
            offer(game, "tax:worth", f"Pay {e.docking_worth_percent}% of total worth", f"tax {p} worth")]


PRESENTER = Presenter(decisions={"tax": Decision(tax_line, tax_actions)})
