"""What a game on mini boards (MONOPOLY GO!) adds to the state: each player's board face, the round and its
resolution step, the actions still to come this round, each Mr. Monopoly marker, the Chance tiles held and
discarded, and the Bank Heist under way.

The landmark blocks themselves are in the ledger: ``block:<colour>`` units held by the ``tray`` and by each Build
square (``square:<player>/<n>``), so every block is always somewhere and the tray never gives what it lacks.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from companion.engine.state import GameState

TRAY = "tray"
STEPS = ("roll", "place", "act", "mega")
"""A round's steps: the roll (everyone moves), every block placed, then the Bank Heists and Shut Downs clockwise
from the roller, then the Mega Shut Downs. Before the first round, ``first-roll`` chooses the roller."""


def block_unit(colour: str) -> str:
    """The ledger unit of a landmark block of one colour."""
    return f"block:{colour}"


def square_account(player: str, square: int) -> str:
    """The ledger account of one of a player's Build squares (numbered from 1)."""
    return f"square:{player}/{square}"


@dataclass(frozen=True)
class Act:
    """An action waiting for its turn in a round's later steps: ``what`` (``heist``, ``shut-down``, ``mega``) by
    ``player``; ``source`` says where it came from (``space``, ``go``, ``go-button``, ``tracker``)."""

    player: str
    what: str
    step: str
    source: str = "space"


@dataclass
class Heist:
    """A Bank Heist under way: who challenges whom, and the pictures each has turned their dial to (kept from the
    table until both are set)."""

    attacker: str
    target: str
    dials: dict[str, str] = field(default_factory=dict)


@dataclass
class GoState(GameState):
    """A game on mini boards (see the module's words)."""

    boards: dict[str, str] = field(default_factory=dict)
    """Each player's board face (``red-1``)."""
    step: str = "first-roll"
    acts: list[Act] = field(default_factory=list)
    markers: dict[str, int] = field(default_factory=dict)
    tiles: dict[str, list[str]] = field(default_factory=dict)
    discards: list[str] = field(default_factory=list)
    heist: Heist | None = None
    winners: list[str] = field(default_factory=list)
    sat_out: list[str] = field(default_factory=list)
    """The players whose token stayed in Jail at this round's roll."""

    def held_tiles(self, player: str) -> list[str]:
        """The Chance tiles a player keeps, by kind."""
        return self.tiles.get(player, [])

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data, the mini boards' part included."""
        return {
            **super().snapshot(),
            "boards": dict(sorted(self.boards.items())),
            "step": self.step,
            "acts": [asdict(a) for a in self.acts],
            "markers": dict(sorted(self.markers.items())),
            "tiles": {k: list(v) for k, v in sorted(self.tiles.items())},
            "discards": list(self.discards),
            "heist": asdict(self.heist) if self.heist else None,
            "winners": list(self.winners),
            "sat_out": list(self.sat_out),
        }


def go(state: GameState) -> GoState:
    """The state as a game on mini boards'."""
    assert isinstance(state, GoState)
    return state
