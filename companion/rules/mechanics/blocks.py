"""Landmark blocks (MONOPOLY GO!): the tray, each player's Build squares, the Mr. Monopoly marker and the race to
the first landmark.

The tray starts with every block (five of each of eight colours). A colour space gives its lander a block of that
colour from the tray, placed on one of their Build squares: an empty one, or one whose stack is of the same colour
and not yet a landmark. A block that can be taken and placed must be. When the tray has none of that colour, or no
square can take it, the lander takes nothing and their Mr. Monopoly marker moves one step along its tracker (it
stays at the end once there).

Four blocks of one colour stacked on one Build square make a landmark, and the first landmark ends the game. The
round's placements count as made together: a landmark built while blocks are being placed is judged once every
placement of the round is made, and if two players built one then, the one with more blocks on their board wins
(as many: they share the win). A landmark built later in the round (a stolen block, a GO Button's block) ends the
game at once, before any other action of that round.
"""

from __future__ import annotations

from typing import Any, ClassVar

from companion.edition import a_or_an
from companion.engine.commands import Command
from companion.engine.errors import Need, ValueNeeded, Violation
from companion.engine.events import DecisionClosed, GameEnded, Noted, Posted
from companion.engine.ledger import Ledger, Transaction
from companion.engine.state import Decision, GameState, Player
from companion.mini_boards import colour_name
from companion.rules.core import Emitter, Grammar
from companion.rules.go_events import LandmarkBuilt, MarkerMoved
from companion.rules.go_state import TRAY, block_unit, go, square_account
from companion.rules.mechanics.rounds import Rounds, capital_name

V = Violation


class Blocks(Rounds):
    """The tray, the Build squares, placing a block, the marker's steps and the first landmark."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "place": (("player", "word", "rest"), "place a block from the tray: COLOUR [SQUARE 1-4] (left out: on "
                                              "the tallest stack of its colour, else the first empty square)"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("place",)
    landings: ClassVar[dict[str, str]] = {"colour": "land_colour"}

    def unpacked(self) -> tuple[list[Player], Ledger]:
        """Every block starts in the tray."""
        players, ledger = super().unpacked()
        for colour in self.boards.colours:
            ledger.open(TRAY, block_unit(colour), self.boards.per_colour)
        return players, ledger

    # ------------------------------------------------------------------ queries

    def stack(self, s: GameState, player: str, square: int) -> tuple[str, int]:
        """The colour and height of the stack on one Build square (``("", 0)`` when empty)."""
        for unit, n in s.ledger.holdings(square_account(player, square)).items():
            return unit.removeprefix("block:"), n
        return "", 0

    def squares(self) -> range:
        """The Build squares' numbers."""
        return range(1, self.boards.build_squares + 1)

    def squares_for(self, s: GameState, player: str, colour: str) -> list[int]:
        """The Build squares that can take a block of ``colour``: its own colour's stacks below a landmark, tallest
        first, then the empty ones."""
        stacks = {n: self.stack(s, player, n) for n in self.squares()}
        own = sorted((n for n, (c, h) in stacks.items() if c == colour and h < self.boards.landmark),
                     key=lambda n: -stacks[n][1])
        return own + [n for n, (c, _) in stacks.items() if not c]

    def in_tray(self, s: GameState, colour: str) -> int:
        """How many blocks of ``colour`` the tray holds."""
        return s.ledger.balance(TRAY, block_unit(colour))

    def placeable(self, s: GameState, player: str) -> list[str]:
        """The colours a player could take from the tray and place now."""
        return [c for c in self.boards.colours if self.in_tray(s, c) and self.squares_for(s, player, c)]

    def worth_parts(self, s: GameState, player: str) -> dict[str, int]:
        """What a player has built: the blocks on their board (there is no money)."""
        blocks = self.blocks_on_board(s, player)
        return {"blocks": blocks, "total": blocks}

    def blocks_on_board(self, s: GameState, player: str) -> int:
        """How many blocks stand on a player's Build squares."""
        return sum(self.stack(s, player, n)[1] for n in self.squares())

    def landmarks(self, s: GameState) -> list[str]:
        """The players with a landmark on their board."""
        return [p.id for p in self.seated(s)
                if any(self.stack(s, p.id, n)[1] >= self.boards.landmark for n in self.squares())]

    # ------------------------------------------------------------------ taking a block

    def land_colour(self, emit: Emitter, player: str, colour: str) -> None:
        """A colour space: a block of its colour if one can be taken and placed, else a step of the marker."""
        self.take_block(emit, player, colour, f"{colour_name(colour)} space")

    def take_block(self, emit: Emitter, player: str, colour: str, why: str, step: str = "place",
                   marker: bool = True) -> None:
        """Take a block of ``colour`` (any colour: empty) from the tray onto a Build square; when none can be,
        the marker moves a step (unless ``marker`` is False: a Money Bag is then simply discarded)."""
        if self.can_take(emit.state, player, colour):
            self.open_step_decision(emit, "place", player, step, colour=colour, why=why, marker=marker)
        else:
            self.failed_take(emit, player, colour, why, marker)

    def can_take(self, s: GameState, player: str, colour: str) -> bool:
        """Whether a block of ``colour`` (any colour: empty) can be taken from the tray and placed."""
        placeable = self.placeable(s, player)
        return colour in placeable if colour else bool(placeable)

    def failed_take(self, emit: Emitter, player: str, colour: str, why: str, marker: bool) -> None:
        """No block could be taken: the marker steps, or (a Money Bag) nothing happens."""
        missed = f"no {colour_name(colour) + ' ' if colour else ''}block could be taken and placed ({why})"
        if marker:
            self.marker_step(emit, player, missed)
        else:
            emit.add(Noted(f"{self.name_of(emit.state, player)}: {missed}"))

    def lost_placements(self, emit: Emitter) -> None:
        """Blocks taken at the same time: once another player has taken the last block of a colour (or a
        player's own squares are filled), a placement still open that can no longer be made fails as if the
        tray had lacked it from the start."""
        for d in list(emit.state.decisions):
            colour = str(d.data.get("colour", ""))
            if d.kind == "place" and not self.can_take(emit.state, d.player, colour):
                emit.add(DecisionClosed(d.id))
                self.failed_take(emit, d.player, colour, str(d.data["why"]), bool(d.data["marker"]))

    def check_place(self, s: GameState, cmd: Command) -> list[Violation]:
        """A block the player was given: of the colour given (any colour the tray holds, for a free choice), onto
        a square that can take it; the square may be left out when only one can."""
        player, colour, square = cmd.args
        d = self.placement(s, player, colour)
        if d is None:
            gone = colour in self.boards.colours and not self.in_tray(s, colour)
            return [V("decision/no-place", f"{self.name_of(s, player)} has no block to place right now"
                                           + (f" (the tray has no {colour_name(colour)} block left)." if gone
                                              else "."))]
        if colour not in self.boards.colours:
            return [V("block/colour", f"'{colour}' is not a block colour: {', '.join(self.boards.colours)}.")]
        if d.data["colour"] and colour != d.data["colour"]:
            return [V("block/colour", f"The block is {colour_name(str(d.data['colour']))}, not "
                                      f"{colour_name(colour)}.")]
        if not self.in_tray(s, colour):
            return [V("block/tray-empty", f"The tray has no {colour_name(colour)} block left.")]
        return self.square_problems(s, player, colour, square)

    def placement(self, s: GameState, player: str, colour: str) -> Decision | None:
        """Which of a player's open placements a block of ``colour`` answers (a player may have two at once: a
        colour space's and a GO Button's): the one of that colour, else one of free choice, else the first."""
        return (self.decision(s, player, "place", colour=colour) or self.decision(s, player, "place", colour="")
                or self.decision(s, player, "place"))

    def square_problems(self, s: GameState, player: str, colour: str, square: str) -> list[Violation]:
        """The square named can take a block of ``colour``; left out, the proposed one does (see
        :meth:`proposed_square`)."""
        fits = self.squares_for(s, player, colour)
        if not fits:
            return [V("block/no-square", f"No Build square of {self.name_of(s, player)} can take "
                                         f"{a_or_an(colour_name(colour))} block.")]
        if not square:
            return []
        if not square.isdecimal() or int(square) not in self.squares():
            return [V("block/square", f"A Build square is a number from 1 to {self.boards.build_squares}.")]
        if int(square) not in fits:
            return [V("block/square-taken", f"Build square {square} holds blocks of another colour or a landmark "
                                            f"already; {a_or_an(colour_name(colour))} block fits on "
                                            f"{', '.join(map(str, fits))}.")]
        return []

    def proposed_square(self, s: GameState, player: str, colour: str) -> int:
        """Where a block goes unless its player says otherwise: on the tallest stack of its colour below a
        landmark, else on the first empty square."""
        return self.squares_for(s, player, colour)[0]

    def chosen_square(self, s: GameState, player: str, colour: str, square: str) -> int:
        """The square named, or the proposed one."""
        return int(square) if square else self.proposed_square(s, player, colour)

    def do_place(self, emit: Emitter, cmd: Command) -> None:
        player, colour = cmd.args[0], cmd.args[1]
        d = self.placement(emit.state, player, colour)
        assert d is not None
        emit.add(DecisionClosed(d.id))
        data = d.data
        square = self.chosen_square(emit.state, player, colour, cmd.args[2])
        block = a_or_an(colour_name(colour))
        emit.add(Posted(Transaction.transfer(f"{self.name_of(emit.state, player)} takes {block} block ({data['why']})",
                                             TRAY, square_account(player, square), block_unit(colour), 1)))

    def decision_text(self, d: Decision) -> str:
        """Placing a block, in the words of a refusal."""
        return "place a block" if d.kind == "place" else super().decision_text(d)

    def marker_step(self, emit: Emitter, player: str, why: str) -> None:
        """The Mr. Monopoly marker moves one step right (it stays at the end once there)."""
        s = go(emit.state)
        end = self.tracker_end(s, player)
        if s.markers[player] >= end:
            emit.add(Noted(f"{self.name_of(s, player)}: {why}; the marker is already at the end of its tracker"))
            return
        emit.add(MarkerMoved(player, s.markers[player] + 1, why))

    def tracker_end(self, s: GameState, player: str) -> int:
        """How many steps a player's tracker has; asked of the box the first time a marker moves on that face."""
        face = self.face(s, player)
        if face.tracker is None:
            raise ValueNeeded(Need(f"face:{face.id}", ("tracker",), f"{capital_name(face)}: how many steps does its "
                                                                    "Mega Shut Down tracker have from Start to the "
                                                                    "end?"))
        return face.tracker

    # ------------------------------------------------------------------ the first landmark

    def after_command(self, emit: Emitter) -> None:
        """Placements that can no longer be made fail; outside the round's placements a landmark ends the game at
        once."""
        self.lost_placements(emit)
        s = go(emit.state)
        if not s.over and s.step not in ("place", "first-roll") and self.landmarks(s):
            self.judge_landmarks(emit)
            return
        super().after_command(emit)

    def step_over(self, emit: Emitter, step: str) -> None:
        """Once every placement of the round is made, the landmarks built are judged."""
        super().step_over(emit, step)
        if step == "place" and self.landmarks(emit.state):
            self.judge_landmarks(emit)

    def judge_landmarks(self, emit: Emitter) -> None:
        """The game ends: one builder wins; several: the most blocks on the board wins, as many share the win."""
        s = emit.state
        builders = self.landmarks(s)
        most = max(self.blocks_on_board(s, p) for p in builders)
        winners = tuple(p for p in builders if self.blocks_on_board(s, p) == most)
        emit.add(LandmarkBuilt(winners))
        self.end_game(emit, self.landmark_words(s, builders, winners))

    def landmark_words(self, s: GameState, builders: list[str], winners: tuple[str, ...]) -> str:
        """Why the game ended, in words."""
        names = " and ".join(self.name_of(s, p) for p in winners)
        if len(builders) == 1:
            return f"{names} built the first landmark"
        if len(winners) == 1:
            return f"{len(builders)} landmarks in the same round: {names} has the most blocks and wins"
        if len(winners) < len(builders):
            return f"{len(builders)} landmarks in the same round: {names} have the most blocks and share the win"
        return f"{len(builders)} landmarks in the same round with as many blocks: {names} share the win"

    def end_game(self, emit: Emitter, reason: str) -> None:
        """The winners first, then everyone by blocks on their board."""
        s = go(emit.state)
        order = sorted(self.seated(s), key=lambda p: (p.id not in s.winners, -self.blocks_on_board(s, p.id)))
        ranking = []
        for p in order:
            blocks = self.blocks_on_board(s, p.id)
            place = 1 if p.id in s.winners else 1 + len(s.winners) + sum(
                1 for q in order if q.id not in s.winners and self.blocks_on_board(s, q.id) > blocks)
            ranking.append({"player": p.id, "worth": blocks, "place": place,
                            "parts": {"blocks": blocks, "landmark": int(p.id in s.winners)}})
        emit.add(GameEnded(reason, tuple(ranking)))

    def describe(self, state: GameState) -> dict[str, Any]:
        """The tray's stock besides the round."""
        return {**super().describe(state),
                "tray": {c: self.in_tray(state, c) for c in self.boards.colours}}

    def player_json(self, state: GameState, player: str) -> dict[str, Any]:
        """A player's Build squares (colour and height of each stack) and marker."""
        return {**super().player_json(state, player),
                "squares": [dict(zip(("colour", "height"), self.stack(state, player, n), strict=True))
                            for n in self.squares()],
                "marker": go(state).markers[player]}
