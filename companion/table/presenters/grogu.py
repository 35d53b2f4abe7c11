"""Grogu at the table: his moves (the rules word the reason) and where he stays while his holder is in jail."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules.coop_events import GroguMoved, WalkStarted
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def leave_line(game: Game, who: str, data: DecisionData) -> str:
    """Grogu's holder chooses where he stays."""
    return f"{party_name(game, who)} chooses where Grogu stays"


def leave_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """One button per place Grogu may stay."""
    choices = data.get("choices", [])
    return [offer(game, f"grogu:{c}", f"{party_name(game, p)}: leave Grogu on {game.edition.space(str(c)).name}",
                  f"grogu {p} {c}") for c in (choices if isinstance(choices, list) else [])]


PRESENTER = Presenter(events={GroguMoved: lambda game, ev: str(ev.why), WalkStarted: lambda game, ev: ""},
                      decisions={"leave-grogu": Decision(leave_line, leave_actions)})
