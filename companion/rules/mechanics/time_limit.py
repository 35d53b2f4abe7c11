"""The time-limit game: it ends at the time the table agreed, and the richest player wins."""

from __future__ import annotations

from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.state import GameState
from companion.rules.core import Emitter, Grammar, Rules

V = Violation


class TimeLimit(Rules):
    """Calling time."""

    verbs: ClassVar[dict[str, Grammar]] = {"time-up": ((), "the agreed end time of a time-limit game has come")}

    def check_setup(self) -> list[Violation]:
        """Only a game that ends on time has an agreed end time: one given to any other game would be ignored."""
        problems = super().check_setup()
        if self.setup.ends_at and not (self.variant and self.variant.ends_at_time):
            name = self.variant.name if self.variant else self.setup.variant
            problems.append(V("setup/ends-at", f"{name} does not end at an agreed time: an end time "
                                               f"({self.setup.ends_at}) is only for the time-limit game."))
        return problems

    def check_time_up(self, s: GameState, cmd: Command) -> list[Violation]:
        """A time-limit game ends at the agreed time; the richest player wins."""
        if not (self.variant and self.variant.ends_at_time):
            return [V("game/no-time-limit", "Only the time-limit game ends on time.")]
        return []

    def do_time_up(self, emit: Emitter, cmd: Command) -> None:
        self.end_game(emit, "time is up")
