"""Grogu (The Mandalorian): he waits on Just Visiting until a hero takes him along (on the way, on Free Parking or
by a card); he never goes to Jail, and if an enemy captures him the game is lost."""

from __future__ import annotations

from typing import Any, ClassVar

from companion.dice import MOVE
from companion.edition import Space
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DecisionClosed, DecisionOpened, GameEnded
from companion.engine.state import Decision, GameState
from companion.rules.coop_events import GroguMoved, WalkStarted
from companion.rules.coop_state import CoopState, GroguTaken, WalkBegan, coop
from companion.rules.core import Emitter, Grammar
from companion.rules.mechanics.walk import Walk

V = Violation

CAPTURED = "Grogu was captured"


class Grogu(Walk):
    """Where Grogu is, who takes him, where he stays while his holder is in Jail."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "grogu": (("player", "word"), "where Grogu stays while his holder goes to Jail (a hideout or Go To Jail)"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("leave-grogu",)
    landings: ClassVar[dict[str, str]] = {"free-parking": "land_free_parking"}

    def new_state(self) -> GameState:
        """Grogu sits on Just Visiting."""
        state = coop(super().new_state())
        state.grogu_position = self.jail_position
        return state

    def roll_kind(self, state: GameState, player: str) -> str:
        """A hero holding Grogu moves with the green die alone (a prisoner still rolls the silver die)."""
        kind = super().roll_kind(state, player)
        s = coop(state)
        if kind == MOVE and s.has_player(player) and s.holds_grogu(player) and not s.player(player).in_jail:
            return "move-with-grogu"
        return kind

    def walk(self, emit: Emitter, player: str, steps: int) -> None:
        """A move that begins while Grogu waits alone is remembered for the turn: a correction of the token counts
        from there whether the move really reached him (games of rules version 3 on)."""
        s = coop(emit.state)
        if not s.grogu_holder and self.setup.rules_version >= 3:
            emit.add(WalkStarted(WalkBegan(s.turn.number, s.player(player).position)))
        super().walk(emit, player, steps)

    def passing(self, emit: Emitter, player: str, position: int, left: int) -> bool:
        """A hero who reaches unattended Grogu takes him along (the token still stands where the move began)."""
        stop = super().passing(emit, player, position, left)
        self.reach_grogu(emit, player, position, emit.state.player(player).position)
        return stop

    def put_there(self, emit: Emitter, player: str) -> None:
        """The table says the token really stands elsewhere. If this turn's move took Grogu (on the way or on
        Free Parking) but a move from where it began to the space the token really stands on does not reach the
        space he waited on, the hero never took him: he goes back to where he was (and a further correction of
        that move past his space takes him again). A hero put on the space where Grogu waits alone has reached
        him, and so has one put past it by this turn's die move (counted from where the move began, no further than
        the die can go: a token put further got there some other way, by a jump or a card; games of rules version 3
        on): he takes Grogu along before the space is resolved."""
        super().put_there(emit, player)
        s = coop(emit.state)
        position = s.player(player).position
        taken = s.grogu_taken if s.grogu_taken is not None and s.grogu_taken.turn == s.turn.number else None
        if taken is None:
            began = s.walk_began if s.walk_began is not None and s.walk_began.turn == s.turn.number else None
            if began is not None and not s.grogu_holder and 0 < self.ahead(
                    began.position, s.grogu_position) <= self.ahead(began.position, position) <= self.longest_move:
                self.reach_grogu(emit, player, s.grogu_position, began.position)
            else:
                self.reach_grogu(emit, player, position, -1)
            return
        holder, waited, start = taken.holder, taken.waited, taken.start
        passed = start >= 0 and self.ahead(start, position) >= self.ahead(start, waited)
        if s.holds_grogu(player) and (holder or not passed):
            where = (f"back to {self.name_of(s, holder)}" if holder
                     else f"waits on {self.edition.spaces[waited].name} again")
            emit.add(GroguMoved(holder, -1 if holder else waited,
                                f"{self.name_of(s, player)} never reached Grogu: he goes {where}",
                                None if holder else taken))
        elif not s.grogu_holder and s.grogu_position == waited and passed:
            self.reach_grogu(emit, player, waited, start)
        else:
            self.reach_grogu(emit, player, position, start)

    @property
    def longest_move(self) -> int:
        """The most spaces a die move of a hero without Grogu can cover: the silver die's highest face."""
        return max(max(die.values) for die in self.roll_needs[MOVE].dice)

    def ahead(self, start: int, position: int) -> int:
        """How many spaces forward ``position`` lies from ``start``."""
        return (position - start) % self.board_size

    def reach_grogu(self, emit: Emitter, player: str, position: int, start: int) -> None:
        """A hero who reaches ``position`` where Grogu waits alone, on a move that began on ``start`` (-1: not
        known), takes him along."""
        s = coop(emit.state)
        if not s.grogu_holder and s.grogu_position == position:
            emit.add(GroguMoved(player, -1, f"{self.name_of(s, player)} takes Grogu along",
                                GroguTaken(s.turn.number, "", position, start)))

    def land_free_parking(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """Free Parking brings Grogu to the hero who stops there."""
        s = coop(emit.state)
        if not s.holds_grogu(player):
            self.take_grogu(emit, player, f"{self.name_of(s, player)} takes Grogu at {space.name}",
                            GroguTaken(s.turn.number, s.grogu_holder, s.grogu_position, -1))

    def to_jail(self, emit: Emitter, player: str) -> None:
        """Straight to Jail, without GO's salary. Grogu cannot go to Jail: a hero carrying him leaves him on one
        of their hideouts that has no enemy on it, or on the Go To Jail space (the only choice when they have no
        such hideout)."""
        super().to_jail(emit, player)
        s = coop(emit.state)
        if not s.holds_grogu(player):
            return
        choices = self.grogu_homes(s, player)
        if len(choices) == 1:
            self.leave_grogu(emit, player, choices[0])
        else:
            emit.add(DecisionOpened("leave-grogu", player, {"choices": choices}))

    def grogu_homes(self, s: CoopState, player: str) -> list[str]:
        """Where a hero going to Jail may leave Grogu: their hideouts with no enemy, then the Go To Jail space."""
        homes = [d.id for d in self.deeds_of(s, player) if not s.enemy_at(d.position)]
        return [*homes, self.edition.first("go-to-jail").id]

    def take_grogu(self, emit: Emitter, player: str, why: str, taken: GroguTaken | None = None
                   ) -> None:
        """``player`` now carries Grogu, from whoever had him (``taken``: by landing, see :class:`GroguTaken`); a
        hero on the way to Jail who had still to choose where to leave him has nothing left to choose."""
        decisions = [d for d in emit.state.decisions if d.kind == "leave-grogu"]
        for decision in decisions:
            emit.add(DecisionClosed(decision.id))
        emit.add(GroguMoved(player, -1, why, None if decisions else taken))

    def leave_grogu(self, emit: Emitter, player: str, space_id: str) -> None:
        """Grogu stays, unattended, on a space."""
        space = self.edition.space(space_id)
        emit.add(GroguMoved("", space.position, f"{self.name_of(emit.state, player)} leaves Grogu on {space.name}"))

    def captured(self, emit: Emitter, position: int) -> None:
        """Grogu captured on board space ``position``: no hero carries him any more, the game is over and nobody
        wins."""
        if coop(emit.state).grogu_holder:
            emit.add(GroguMoved("", position, "Grogu is captured"))
        emit.add(GameEnded(CAPTURED, ()))

    def check_grogu(self, s: GameState, cmd: Command) -> list[Violation]:
        """A hero going to Jail with Grogu leaves him on one of their hideouts without an enemy, or on the Go To
        Jail space."""
        player, space = cmd.args
        decision = self.decision(s, player, "leave-grogu")
        if decision is None:
            return [V("decision/no-leave-grogu", f"{self.name_of(s, player)} has no Grogu to leave now.")]
        if space not in decision.data["choices"]:
            names = ", ".join(f"{self.edition.space(c).name} ({c})" for c in decision.data["choices"])
            return [V("grogu/where", f"Grogu can stay only on: {names}.")]
        return []

    def do_grogu(self, emit: Emitter, cmd: Command) -> None:
        decision = self.decision(emit.state, cmd.args[0], "leave-grogu")
        assert decision is not None
        emit.add(DecisionClosed(decision.id))
        self.leave_grogu(emit, *cmd.args)

    def decision_text(self, d: Decision) -> str:
        if d.kind == "leave-grogu":
            return "choose where Grogu stays"
        return super().decision_text(d)

    def describe(self, state: GameState) -> dict[str, Any]:
        """Who holds Grogu, or where he waits."""
        s = coop(state)
        return {**super().describe(state), "grogu": {"holder": s.grogu_holder, "position": s.grogu_position}}
