"""Mega Shut Downs (MONOPOLY GO!) and the Mr. Monopoly tile.

A player whose Mr. Monopoly marker has reached the end of its tracker may call a Mega Shut Down once every other
action of the round is over (blocks, heists, Shut Downs, tiles), in turn clockwise from the roller: they name a
colour and every other player returns all their blocks of that colour to the tray (no Shield helps). The marker
then goes back to Start. One who lets it go keeps a full tracker and is asked again next round. A kept Mr. Monopoly
tile moves its holder's marker one step at any time after the first roll (not past the end). A tracker that
fills while the Mega Shut Downs are under way takes its turn in them that round. A player sitting out the round in
Jail takes no turn in it, a Mega Shut Down included: their full tracker waits for the next round.
"""

from __future__ import annotations

from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import Noted, Posted
from companion.engine.ledger import Posting, Transaction
from companion.engine.state import Decision, GameState
from companion.mini_boards import colour_name
from companion.rules.core import Emitter, Grammar
from companion.rules.go_events import MarkerMoved
from companion.rules.go_state import TRAY, Act, block_unit, go, square_account
from companion.rules.mechanics.chance_tiles import ChanceTiles

V = Violation
MR_MONOPOLY = "mr-monopoly"


class MegaShutDown(ChanceTiles):
    """The Mega Shut Down of a full tracker, and the Mr. Monopoly tile's step."""

    verbs: ClassVar[dict[str, Grammar]] = {"mega": (("player", "word"), "call a Mega Shut Down on a colour")}
    decision_kinds: ClassVar[tuple[str, ...]] = ("mega",)

    def full(self, s: GameState, player: str) -> bool:
        """Whether a player's marker stands at the end of its tracker (never before the box says how long)."""
        face = self.face(s, player)
        return face.tracker is not None and go(s).markers[player] >= face.tracker

    def may_call(self, s: GameState, player: str) -> bool:
        """Whether a player's full tracker takes a turn in this round's Mega Shut Downs: not while they sit the
        round out in Jail (skipping a round skips every action of it; a game stamped before rules version 2 let
        them)."""
        return self.full(s, player) and (player not in go(s).sat_out or self.setup.rules_version < 2)

    def step_begun(self, emit: Emitter, step: str) -> None:
        """The Mega Shut Down step calls on every full tracker, clockwise from the roller, but a prisoner's."""
        super().step_begun(emit, step)
        if step == "mega":
            for player in self.clockwise_from_roller(emit.state):
                if self.may_call(emit.state, player):
                    self.queue_act(emit, Act(player, "mega", "mega", "tracker"))
                elif self.full(emit.state, player):
                    emit.add(Noted(f"{self.name_of(emit.state, player)} sits out this round in Jail: their full "
                                   "tracker waits for the next round"))

    def begin_act(self, emit: Emitter, act: Act) -> None:
        """A full tracker's turn: name a colour or let it go."""
        super().begin_act(emit, act)
        if act.what == "mega":
            self.open_step_decision(emit, "mega", act.player, "mega", optional=True)

    def check_mega(self, s: GameState, cmd: Command) -> list[Violation]:
        """A full tracker's turn, and a block colour."""
        player, colour = cmd.args
        problems = []
        if self.decision(s, player, "mega") is None:
            problems.append(V("decision/no-mega", self.no_mega_words(s, player)))
        if colour not in self.boards.colours:
            problems.append(V("block/colour", f"'{colour}' is not a block colour: "
                                              f"{', '.join(self.boards.colours)}."))
        return problems

    def no_mega_words(self, s: GameState, player: str) -> str:
        """Why a player cannot call a Mega Shut Down now, in words: the marker short of the end, their turn
        still to come, or none this round."""
        name = self.name_of(s, player)
        if not self.full(s, player):
            face = self.face(s, player)
            steps = f" (step {go(s).markers[player]} of {face.tracker})" if face.tracker is not None else ""
            return f"{name}'s marker is not at the end of the tracker{steps}: no Mega Shut Down yet."
        if player in go(s).sat_out and go(s).step != "roll" and self.setup.rules_version >= 2:
            return (f"{name} sits out this round in Jail, their Mega Shut Down with it: the full tracker waits for "
                    "the next round.")
        waiting = self.not_yet(s, player, "mega")
        if waiting:
            return f"{name} cannot call a Mega Shut Down yet.{waiting}"
        return (f"{name} has no Mega Shut Down to call now: it comes once the round's other actions are over, "
                "when the table asks for it.")

    def do_mega(self, emit: Emitter, cmd: Command) -> None:
        player, colour = cmd.args
        s = emit.state
        self.close(emit, player, "mega")
        unit = block_unit(colour)
        postings: list[Posting] = []
        for other in self.seated(s):
            for n in self.squares() if other.id != player else ():
                held = s.ledger.balance(square_account(other.id, n), unit)
                if held:
                    postings += [Posting(square_account(other.id, n), unit, -held), Posting(TRAY, unit, held)]
        emit.add(Posted(Transaction(f"{self.name_of(s, player)}'s Mega Shut Down on {colour_name(colour)}: every "
                                    "other player's blocks of that colour back to the tray", tuple(postings))))
        emit.add(MarkerMoved(player, 0, "back to Start after the Mega Shut Down"))

    def tile_problems(self, s: GameState, player: str, kind: str, choice: str) -> list[Violation]:
        """Mr. Monopoly: after the first roll, and not past the end of the tracker."""
        if kind != MR_MONOPOLY:
            return super().tile_problems(s, player, kind, choice)
        if go(s).step == "first-roll":
            return [V("tile/not-yet", "Tiles are played once the game has begun.")]
        if go(s).markers[player] >= self.tracker_end(s, player):
            return [V("tile/tracker-full", f"{self.name_of(s, player)}'s marker is already at the end of its "
                                           "tracker.")]
        return []

    def use_tile(self, emit: Emitter, player: str, kind: str, choice: str) -> None:
        """Mr. Monopoly moves the marker one step."""
        super().use_tile(emit, player, kind, choice)
        if kind == MR_MONOPOLY:
            self.marker_step(emit, player, "a Mr. Monopoly tile")

    def marker_step(self, emit: Emitter, player: str, why: str) -> None:
        """A step of the marker that fills the tracker while the Mega Shut Downs are under way (a Mr. Monopoly
        tile, a GO Button's block that cannot be placed) still gives that tracker its turn in them this round."""
        was_full = self.full(emit.state, player)
        super().marker_step(emit, player, why)
        if not was_full:
            self.late_full_tracker(emit, player)

    def late_full_tracker(self, emit: Emitter, player: str) -> None:
        """A tracker filled while the Mega Shut Downs are under way still takes its turn in them this round
        (unless its player sits the round out in Jail)."""
        s = go(emit.state)
        waiting = any(a.player == player and a.what == "mega" for a in s.acts)
        asked = self.decision(s, player, "mega") is not None
        if s.step == "mega" and self.may_call(s, player) and not waiting and not asked:
            self.queue_act(emit, Act(player, "mega", "mega", "tracker"))

    def decision_text(self, d: Decision) -> str:
        """The Mega Shut Down's decision in the words of a refusal."""
        return "name a colour for a Mega Shut Down or let it go" if d.kind == "mega" else super().decision_text(d)
