"""Buildings at the table: a piece won at auction waits to be placed (from the deeds screen, by the Build button
of the deed chosen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.table.offers import Action
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def place_line(game: Game, who: str, data: DecisionData) -> str:
    """Who places which piece."""
    return f"{party_name(game, who)} places the {game.edition.term(str(data.get('piece', 'house')))} won at auction"


def place_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """None on the table: the deeds screen's Build buttons place the piece."""
    return []


PRESENTER = Presenter(decisions={"place": Decision(place_line, place_actions)})
