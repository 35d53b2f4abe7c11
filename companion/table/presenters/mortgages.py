"""Mortgages at the table: a mortgaged deed received, whose new owner lifts the mortgage or keeps it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules import mechanic
from companion.rules.mechanics.mortgages import Mortgages
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.words import credits, party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def transfer_line(game: Game, who: str, data: DecisionData) -> str:
    """The new owner's choice."""
    e = game.edition
    return (f"{party_name(game, who)} chooses to {e.term('unmortgage')} {e.space(str(data['space'])).name} or keep "
            f"it {e.term('mortgaged')}")


def transfer_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """Lift the mortgage now, or keep it and pay the interest."""
    e, who = game.edition, party_name(game, p)
    space = e.space(str(data["space"]))
    rules = mechanic(game, Mortgages)
    return [offer(game, f"lift:{space.id}", f"{who}: {e.term('unmortgage')} {space.name} "
                                            f"({credits(e, rules.lift_cost(space))})", f"lift {p} {space.id}"),
            offer(game, f"keep:{space.id}", f"{who}: keep {space.name} {e.term('mortgaged')} ({e.term('interest')} "
                                            f"{credits(e, rules.interest(space))})", f"keep {p} {space.id}")]


PRESENTER = Presenter(decisions={"mortgage-transfer": Decision(transfer_line, transfer_actions)})
