"""The Imperial enemies at the table: the advance roll after landing on an advance space, and each enemy's move
or the boss's release (the rules word the reason)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules.coop_events import BossReleased, EnemyMoved
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def advance_line(game: Game, who: str, data: DecisionData) -> str:
    """The lander rolls the silver die."""
    return f"{party_name(game, who)} rolls the silver die for the {game.edition.term('advance_space')}"


def advance_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """The Imperial advance: the lander rolls the silver die."""
    return [offer(game, "enemies-move", f"{party_name(game, p)}: roll the silver die to move the "
                                        f"{game.edition.term('enemies')}", f"roll {p}", "primary")]


PRESENTER = Presenter(events={EnemyMoved: lambda game, ev: str(ev.why), BossReleased: lambda game, ev: str(ev.why)},
                      decisions={"enemies-move": Decision(advance_line, advance_actions)})
