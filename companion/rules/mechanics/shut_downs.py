"""Shut Downs (MONOPOLY GO!): the lander sends one block of an opponent's back to the tray, unless a Shield stops it.

Like a Bank Heist, a Shut Down waits until every block of the round is placed and takes its turn clockwise from the
roller. The lander names an opponent and the block (one of that opponent's Build squares holding blocks), or lets
it go. An opponent who keeps a Shield tile may play it to cancel that Shut Down (one Shield per Shut Down; a Shield
does nothing against a heist or a Mega Shut Down) or let the block go.
"""

from __future__ import annotations

from typing import ClassVar

from companion.edition import a_or_an
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import Noted, Posted
from companion.engine.ledger import Transaction
from companion.engine.state import Decision, GameState
from companion.mini_boards import colour_name
from companion.rules.core import Emitter, Grammar
from companion.rules.go_events import TileUsed
from companion.rules.go_state import TRAY, Act, block_unit, go, square_account
from companion.rules.mechanics.chance_tiles import ChanceTiles

V = Violation
SHIELD = "shield"


class ShutDowns(ChanceTiles):
    """The Shut Down and the Shield that answers it."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "shut-down": (("player", "player", "int"), "send one block of an opponent's back to the tray: OPPONENT "
                                                   "SQUARE"),
        "shield": (("player",), "cancel the Shut Down aimed at you with a Shield tile"),
        "no-shield": (("player",), "let the Shut Down aimed at you stand, keeping your Shield"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("shut-down", "shield")
    landings: ClassVar[dict[str, str]] = {"shut-down": "land_shut_down"}

    def land_shut_down(self, emit: Emitter, player: str, kind: str) -> None:
        """A Shut Down waits until every block of the round is placed."""
        self.queue_act(emit, Act(player, "shut-down", "act"))

    def begin_act(self, emit: Emitter, act: Act) -> None:
        """A Shut Down's turn: its lander names an opponent's block or lets it go."""
        super().begin_act(emit, act)
        if act.what == "shut-down":
            self.open_step_decision(emit, "shut-down", act.player, act.step, optional=True)

    def check_shut_down(self, s: GameState, cmd: Command) -> list[Violation]:
        """An opponent's Build square that holds blocks."""
        player, target, square = cmd.args[0], cmd.args[1], int(cmd.args[2])
        if self.decision(s, player, "shut-down") is None:
            return [V("decision/no-shut-down", f"{self.name_of(s, player)} has no Shut Down to carry out now."
                                               + self.not_yet(s, player, "shut-down"))]
        wrong = self.opponent_problems(s, player, target)
        if wrong:
            return wrong
        if square not in self.squares():
            return [V("block/square", f"A Build square is a number from 1 to {self.boards.build_squares}.")]
        if not self.stack(s, target, square)[1]:
            return [V("shut-down/empty", f"{self.name_of(s, target)} has no block on Build square {square}.")]
        return []

    def do_shut_down(self, emit: Emitter, cmd: Command) -> None:
        player, target, square = cmd.args[0], cmd.args[1], int(cmd.args[2])
        self.close(emit, player, "shut-down")
        if SHIELD in go(emit.state).held_tiles(target):
            self.open_step_decision(emit, "shield", target, go(emit.state).step, attacker=player, square=square)
        else:
            self.shut(emit, player, target, square)

    def shut(self, emit: Emitter, player: str, target: str, square: int) -> None:
        """One block of the target's square back to the tray."""
        colour, _ = self.stack(emit.state, target, square)
        block = f"{a_or_an(colour_name(colour))} block of {self.name_of(emit.state, target)}'s"
        emit.add(Posted(Transaction.transfer(f"{self.name_of(emit.state, player)} shuts down {block}",
                                             square_account(target, square), TRAY, block_unit(colour), 1)))

    def check_shield(self, s: GameState, cmd: Command) -> list[Violation]:
        """Only against a Shut Down aimed at the player, with a Shield kept (never against a Bank Heist or a Mega
        Shut Down)."""
        player = cmd.args[0]
        if self.decision(s, player, "shield") is not None:
            return []
        if SHIELD not in go(s).held_tiles(player):
            return [V("decision/no-shield", f"{self.name_of(s, player)} keeps no Shield tile.")]
        return [V("decision/no-shield", f"{self.name_of(s, player)} has no Shut Down aimed at them to stop: a Shield "
                                        "cancels a Shut Down only, never a Bank Heist or a Mega Shut Down.")]

    def do_shield(self, emit: Emitter, cmd: Command) -> None:
        player = cmd.args[0]
        data = self.close(emit, player, "shield")
        emit.add(TileUsed(player, SHIELD))
        attacker = self.name_of(emit.state, str(data["attacker"]))
        emit.add(Noted(f"{self.name_of(emit.state, player)}'s Shield stops {attacker}'s Shut Down"))

    def check_no_shield(self, s: GameState, cmd: Command) -> list[Violation]:
        """Only against a Shut Down aimed at the player."""
        return self.need_decision(s, cmd.args[0], "shield", "answer")

    def do_no_shield(self, emit: Emitter, cmd: Command) -> None:
        player = cmd.args[0]
        data = self.close(emit, player, "shield")
        self.shut(emit, str(data["attacker"]), player, int(data["square"]))

    def tile_problems(self, s: GameState, player: str, kind: str, choice: str) -> list[Violation]:
        """A Shield is played only as the answer to a Shut Down."""
        if kind == SHIELD:
            return [V("tile/shield", "A Shield is played when a Shut Down is aimed at you, and only then.")]
        return super().tile_problems(s, player, kind, choice)

    def decision_text(self, d: Decision) -> str:
        """The Shut Down's decisions in the words of a refusal."""
        words = {"shut-down": "choose a block to shut down or let it go",
                 "shield": "say whether a Shield stops the Shut Down"}
        return words.get(d.kind) or super().decision_text(d)
