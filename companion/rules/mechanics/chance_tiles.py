"""Chance tiles (MONOPOLY GO!): ten face-down tiles of four kinds. The app does not know which kind lies where: the
table says what the lander turned over. How many of each kind the box holds is not published and play never asks
it; once the box says it (``box tiles:chance shield=N ...``), a kind whose tiles are all out of the pile (kept or
discarded) cannot be turned over, and the box cannot say fewer than are out.

A lander on a Chance space takes any face-down tile. A Money Bag is used at once: its lander takes a block of any
colour from the tray onto a Build square, or, when none can be placed, simply discards it (the marker does not
move). The other kinds are kept and played later (GO Button: one of GO's three actions; Mr. Monopoly: a step of the
marker; Shield: to cancel a Shut Down aimed at its holder); each mechanic that gives a kind its meaning plays it.
A used tile goes face up on the discard pile; once every tile lies there, all are laid face down again. When a
tile is to be taken and none is face down (some are held), the discards are turned face down first; with none there
either (every tile is held), the space gives nothing. Several players who stop on Chance in the same round each
take a tile of their own: a tile one of them is about to take is no longer there for the next.
"""

from __future__ import annotations

from typing import Any, ClassVar

from companion.box.values import TILES_TARGET, parse_values
from companion.edition import a_or_an, capital
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import Noted
from companion.engine.state import Decision, GameState
from companion.mini_boards import tile_name
from companion.rules.core import Emitter, Grammar
from companion.rules.go_events import TilesReshuffled, TileTaken, TileUsed
from companion.rules.go_state import go
from companion.rules.mechanics.blocks import Blocks

V = Violation
MONEY_BAG = "money-bag"


class ChanceTiles(Blocks):
    """Taking a Chance tile, the Money Bag, and playing a kept tile."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "chance": (("player", "word"), "say which Chance tile you took: money-bag, go-button, mr-monopoly, shield"),
        "tile": (("player", "word", "rest"), "play a kept Chance tile: go-button block|heist|shut-down, or "
                                             "mr-monopoly"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("chance",)
    landings: ClassVar[dict[str, str]] = {"chance": "land_chance"}

    def face_down(self, s: GameState) -> int:
        """How many tiles lie face down: those neither held nor discarded."""
        g = go(s)
        return self.boards.tiles - sum(len(t) for t in g.tiles.values()) - len(g.discards)

    def tile_name(self, kind: str) -> str:
        """A kind of tile as the players say it."""
        return tile_name(kind)

    def to_take(self, s: GameState) -> int:
        """How many face-down tiles are left for a new lander: those not already being taken by another lander
        of the round (who has yet to say which one they turned over)."""
        return self.face_down(s) - sum(1 for d in s.decisions if d.kind == "chance")

    def land_chance(self, emit: Emitter, player: str, kind: str) -> None:
        """The lander takes a face-down tile (the discards turned over first when none is left)."""
        s = go(emit.state)
        if not self.to_take(s) and s.discards:
            emit.add(TilesReshuffled(len(s.discards)))
        if not self.to_take(s):
            emit.add(Noted(f"{self.name_of(s, player)} finds no Chance tile to take: every one is held"))
            return
        self.open_step_decision(emit, "chance", player, "place")

    def after_command(self, emit: Emitter) -> None:
        """Once every tile has ended up on the discard pile, they are all laid face down again."""
        s = go(emit.state)
        if s.discards and len(s.discards) == self.boards.tiles:
            emit.add(TilesReshuffled(len(s.discards)))
        super().after_command(emit)

    def check_chance(self, s: GameState, cmd: Command) -> list[Violation]:
        """The lander says which kind of tile they turned over."""
        player, kind = cmd.args
        problems = self.need_decision(s, player, "chance", "take from the Chance pile")
        if kind not in self.boards.tile_kinds:
            problems.append(V("tile/kind", f"'{kind}' is not a Chance tile: "
                                           f"{', '.join(self.boards.tile_kinds)}."))
            return problems
        count = self.boards.tile_count(kind)
        if count is not None and self.out_of_pile(s, kind) >= count:
            problems.append(V("tile/none-left", f"The box holds {count} {self.tile_name(kind)} "
                                                f"tile{'s' if count != 1 else ''}, and none is face down now: "
                                                f"{self.out_words(s, kind)}. The tile turned over is another kind."))
        return problems

    def out_of_pile(self, s: GameState, kind: str) -> int:
        """How many tiles of ``kind`` are out of the face-down pile: kept by the players or discarded."""
        g = go(s)
        return sum(t.count(kind) for t in g.tiles.values()) + g.discards.count(kind)

    def out_words(self, s: GameState, kind: str) -> str:
        """Where the tiles of ``kind`` out of the pile are, in words (``Ann keeps 1, 2 are discarded``)."""
        g = go(s)
        parts = [f"{self.name_of(s, p)} keeps {n}" for p, t in g.tiles.items() if (n := t.count(kind))]
        discarded = g.discards.count(kind)
        if discarded:
            parts.append(f"{discarded} {'is' if discarded == 1 else 'are'} discarded")
        return ", ".join(parts)

    def check_box(self, s: GameState, cmd: Command) -> list[Violation]:
        """The box cannot hold fewer tiles of a kind than are out of the face-down pile now."""
        problems = super().check_box(s, cmd)
        if problems or cmd.args[0] != TILES_TARGET:
            return problems
        for kind, count in parse_values(cmd.args[1:]).items():
            out = self.out_of_pile(s, kind)
            if isinstance(count, int) and count < out:
                problems.append(V("box/value", f"The Chance tiles: the box cannot hold only {count} "
                                               f"{self.tile_name(kind)}: {out} are out of the pile already "
                                               f"({self.out_words(s, kind)})."))
        return problems

    def do_chance(self, emit: Emitter, cmd: Command) -> None:
        player, kind = cmd.args
        self.close(emit, player, "chance")
        emit.add(TileTaken(player, kind, kind != MONEY_BAG))
        if kind == MONEY_BAG:
            self.take_block(emit, player, "", self.tile_name(kind), marker=False)

    def decision_text(self, d: Decision) -> str:
        """Taking a tile, in the words of a refusal."""
        return "say which Chance tile they took" if d.kind == "chance" else super().decision_text(d)

    def check_tile(self, s: GameState, cmd: Command) -> list[Violation]:
        """A tile the player keeps, played as its kind allows."""
        player, kind, choice = cmd.args
        if kind not in go(s).held_tiles(player):
            return [V("tile/not-held", f"{self.name_of(s, player)} keeps no {self.tile_name(kind)} tile.")]
        return self.tile_problems(s, player, kind, choice)

    def tile_problems(self, s: GameState, player: str, kind: str, choice: str) -> list[Violation]:
        """Why a kept tile cannot be played now (each mechanic that gives a kind its meaning says when it can)."""
        return [V("tile/not-now", f"{capital(a_or_an(self.tile_name(kind)))} tile is not played that way.")]

    def do_tile(self, emit: Emitter, cmd: Command) -> None:
        player, kind, choice = cmd.args
        emit.add(TileUsed(player, kind))
        self.use_tile(emit, player, kind, choice)

    def use_tile(self, emit: Emitter, player: str, kind: str, choice: str) -> None:
        """What a kept tile does (its mechanic's)."""

    def describe(self, state: GameState) -> dict[str, Any]:
        """The Chance pile: face down and discarded."""
        return {**super().describe(state), "chance": {"face_down": self.face_down(state),
                                                      "discarded": len(go(state).discards)}}

    def player_json(self, state: GameState, player: str) -> dict[str, Any]:
        """The tiles a player keeps."""
        return {**super().player_json(state, player), "tiles": list(go(state).held_tiles(player))}
