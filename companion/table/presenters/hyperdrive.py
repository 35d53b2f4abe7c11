"""Hyperdrive at the table: the planet spaces the jump may reach, each a tap on the board map (a button each
elsewhere)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.rules import mechanic
from companion.rules.mechanics.hyperdrive import Hyperdrive
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def jump_line(game: Game, who: str, data: DecisionData) -> str:
    """The lander chooses where to jump."""
    return f"{party_name(game, who)} jumps by Hyperdrive to an unowned planet space ahead"


def jump_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """One button per space the jump may reach, naming its space."""
    here = game.edition.space(str(data["space"])).position
    targets = mechanic(game, Hyperdrive).hyperdrive_targets(game.state, here)
    return [replace(offer(game, f"hyperdrive:{t.id}", f"Jump to {t.name}", f"hyperdrive {p} {t.id}"), space=t.id)
            for t in targets]


def jump_on_map(game: Game, who: str, data: DecisionData) -> str:
    """The button that opens the board map to choose where to jump."""
    return f"{party_name(game, who)}: choose on the board where to jump"


PRESENTER = Presenter(decisions={"hyperdrive": Decision(jump_line, jump_actions, on_map=jump_on_map)})
