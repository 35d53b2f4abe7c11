"""Events of a game on mini boards (MONOPOLY GO!): the round's steps, the actions queued for later steps, the Mr.
Monopoly markers, the Chance tiles and the Bank Heist's dials. Blocks move as ledger postings (``Posted``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.engine.events import Event
from companion.engine.state import GameState
from companion.rules.go_state import Act, Heist, go


@dataclass(frozen=True)
class StepBegun(Event):
    """The round moved on to ``step`` (see :data:`~companion.rules.go_state.STEPS`)."""

    kind: ClassVar[str] = "step-begun"
    step: str

    def apply(self, state: GameState) -> None:
        go(state).step = self.step


@dataclass(frozen=True)
class SatOut(Event):
    """At a round's roll: the players whose token stays in Jail this round (none, most rounds)."""

    kind: ClassVar[str] = "sat-out"
    players: tuple[str, ...]

    def apply(self, state: GameState) -> None:
        go(state).sat_out = list(self.players)


@dataclass(frozen=True)
class ActQueued(Event):
    """An action waits for its step: it goes after the queued actions of players earlier clockwise from the
    roller (``at``: its place in the queue)."""

    kind: ClassVar[str] = "act-queued"
    act: Act
    at: int

    def apply(self, state: GameState) -> None:
        go(state).acts.insert(self.at, self.act)


@dataclass(frozen=True)
class ActBegun(Event):
    """The first action in the queue is now being carried out (it leaves the queue)."""

    kind: ClassVar[str] = "act-begun"
    act: Act

    def apply(self, state: GameState) -> None:
        go(state).acts.remove(self.act)


@dataclass(frozen=True)
class MarkerMoved(Event):
    """A Mr. Monopoly marker now stands ``step`` steps from the Start of its tracker; ``why`` in words."""

    kind: ClassVar[str] = "marker-moved"
    player: str
    step: int
    why: str

    def apply(self, state: GameState) -> None:
        go(state).markers[self.player] = self.step


@dataclass(frozen=True)
class TileTaken(Event):
    """A player took a face-down Chance tile, which turned out to be ``tile``; ``kept``: it is one to keep."""

    kind: ClassVar[str] = "tile-taken"
    player: str
    tile: str
    kept: bool

    def apply(self, state: GameState) -> None:
        if self.kept:
            go(state).tiles.setdefault(self.player, []).append(self.tile)
        else:
            go(state).discards.append(self.tile)


@dataclass(frozen=True)
class TileUsed(Event):
    """A kept Chance tile was used: it goes face up on the discard pile."""

    kind: ClassVar[str] = "tile-used"
    player: str
    tile: str

    def apply(self, state: GameState) -> None:
        s = go(state)
        s.tiles[self.player].remove(self.tile)
        s.discards.append(self.tile)


@dataclass(frozen=True)
class TilesReshuffled(Event):
    """Every discarded tile is laid face down again."""

    kind: ClassVar[str] = "tiles-reshuffled"
    count: int

    def apply(self, state: GameState) -> None:
        go(state).discards.clear()


@dataclass(frozen=True)
class HeistBegun(Event):
    """A Bank Heist: ``attacker`` challenges ``target``; both now turn their dials in secret."""

    kind: ClassVar[str] = "heist-begun"
    attacker: str
    target: str

    def apply(self, state: GameState) -> None:
        go(state).heist = Heist(self.attacker, self.target)


@dataclass(frozen=True)
class DialTurned(Event):
    """A player turned their dial to a picture; the table is not told which until both dials are set."""

    kind: ClassVar[str] = "dial-turned"
    player: str
    picture: str

    def apply(self, state: GameState) -> None:
        heist = go(state).heist
        assert heist is not None
        heist.dials[self.player] = self.picture


@dataclass(frozen=True)
class HeistRevealed(Event):
    """Both dials shown at once: ``pictures`` (attacker's, target's; empty when the table read physical dials
    and entered only whether they matched) and whether the heist worked."""

    kind: ClassVar[str] = "heist-revealed"
    attacker: str
    target: str
    pictures: tuple[str, ...]
    success: bool

    def apply(self, state: GameState) -> None:
        go(state).heist = None


@dataclass(frozen=True)
class LandmarkBuilt(Event):
    """The first landmark: ``winners`` (one, or the tied builders) win the game."""

    kind: ClassVar[str] = "landmark-built"
    winners: tuple[str, ...]

    def apply(self, state: GameState) -> None:
        go(state).winners = list(self.winners)
