"""GO on a mini board (MONOPOLY GO!) and the GO Button tile that carries out its choice later.

A token that stops exactly on GO gives its player one of three: a block of any colour from the tray (as on a colour
space: when none can be placed the marker moves a step), a Bank Heist or a Shut Down (each taking its turn with
the others once every block is placed). Passing GO gives nothing. A kept GO Button tile gives the same choice at
any time after the first roll: its block at once; its heist or Shut Down in the round's turn for them (queued when
played before), or at once when played between two rounds, once the last one is settled and before the next roll
(a game stamped before rules version 3 kept it for the next round's turn). Played once the Mega Shut Downs have
begun, its block, heist or Shut Down is settled before any Mega Shut Down still to be called (the one being decided
included, which is asked again afterwards): a Mega Shut Down follows every other action.
"""

from __future__ import annotations

from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DecisionClosed
from companion.engine.state import Decision, GameState
from companion.rules.core import Emitter, Grammar
from companion.rules.go_state import Act, go
from companion.rules.mechanics.heists import Heists
from companion.rules.mechanics.shut_downs import ShutDowns

V = Violation
GO_CHOICES = ("block", "heist", "shut-down")
GO_BUTTON = "go-button"


class GoSpace(Heists, ShutDowns):
    """GO's choice, from the space or from a GO Button tile."""

    verbs: ClassVar[dict[str, Grammar]] = {"go": (("player", "word"), "landed on GO: block, heist or shut-down")}
    decision_kinds: ClassVar[tuple[str, ...]] = ("go",)
    landings: ClassVar[dict[str, str]] = {"go": "land_go"}

    def land_go(self, emit: Emitter, player: str, kind: str) -> None:
        """Stopping on GO gives the choice."""
        self.open_step_decision(emit, "go", player, "place")

    def choice_problems(self, choice: str) -> list[Violation]:
        """One of GO's three choices."""
        if choice not in GO_CHOICES:
            return [V("go/choice", f"GO gives one of: {', '.join(GO_CHOICES)}.")]
        return []

    def check_go(self, s: GameState, cmd: Command) -> list[Violation]:
        """The lander on GO chooses once."""
        player, choice = cmd.args
        return self.need_decision(s, player, "go", "choose at GO") + self.choice_problems(choice)

    def do_go(self, emit: Emitter, cmd: Command) -> None:
        player, choice = cmd.args
        self.close(emit, player, "go")
        self.go_choice(emit, player, choice, "GO")

    def go_choice(self, emit: Emitter, player: str, choice: str, source: str) -> None:
        """A block now (the step under way waits for it), or a heist or Shut Down in its turn; once the Mega Shut
        Downs have begun, before those still to come."""
        s = go(emit.state)
        if choice == "block":
            if s.step == "mega" and self.can_take(s, player, "") and self.setup.rules_version >= 2:
                self.hold_megas(emit)
            self.take_block(emit, player, "", source, s.step)
        elif s.step == "mega":
            self.hold_megas(emit)
            self.queue_act(emit, Act(player, choice, "mega", source))
        elif s.step == "roll" and self.setup.rules_version >= 3:
            self.queue_act(emit, Act(player, choice, "roll", source))
        else:
            self.queue_act(emit, Act(player, choice, "act", source))

    def hold_megas(self, emit: Emitter) -> None:
        """A GO Button's block, heist or Shut Down played during the Mega Shut Downs is settled before every Mega
        Shut Down not yet called: the one being decided goes back among the waiting ones (clockwise from the
        roller), to be asked again afterwards. (A game stamped before rules version 2 placed a block without
        holding them.)"""
        for d in self.step_decisions(emit.state, "mega"):
            if d.kind == "mega":
                emit.add(DecisionClosed(d.id))
                self.queue_act(emit, Act(d.player, "mega", "mega", "tracker"))

    def tile_problems(self, s: GameState, player: str, kind: str, choice: str) -> list[Violation]:
        """A GO Button: one of GO's choices, after the first roll."""
        if kind != GO_BUTTON:
            return super().tile_problems(s, player, kind, choice)
        problems = self.choice_problems(choice)
        if go(s).step == "first-roll":
            problems.append(V("tile/not-yet", "Tiles are played once the game has begun."))
        return problems

    def use_tile(self, emit: Emitter, player: str, kind: str, choice: str) -> None:
        """A GO Button does what GO would."""
        super().use_tile(emit, player, kind, choice)
        if kind == GO_BUTTON:
            self.go_choice(emit, player, choice, "GO Button")

    def decision_text(self, d: Decision) -> str:
        """GO's decision in the words of a refusal."""
        return "choose what GO gives" if d.kind == "go" else super().decision_text(d)
