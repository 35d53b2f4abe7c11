"""What a co-operative game adds to the state: the Imperial enemies on the board and in their outposts, Grogu,
the Signet cards each hero keeps, the enemy cards each hero has won and the battle being fought."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from companion.engine.state import GameState


@dataclass
class EnemyPlace:
    """Where an Imperial enemy is: on a board ``position``, or in ``outpost`` 1-4 (position -1), or ``out`` of
    the game once heroes have won every card of its deck. ``beaten`` counts the cards won from its deck."""

    id: str
    position: int = -1
    outpost: int = 0
    beaten: int = 0
    out: bool = False


@dataclass
class Battle:
    """A hero fighting an enemy: the card fought, the Signet bonuses played so far, second tries still to use,
    the last roll, and whether that roll lost (the hero may then try again or take the loss)."""

    player: str
    enemy: str
    card: str
    bonus: int = 0
    second_tries: int = 0
    rolls: int = 0
    rerolled: bool = False
    last: tuple[int, ...] = ()
    lost: bool = False


class GroguTaken(NamedTuple):
    """How a hero took Grogu by moving, remembered for the rest of that turn: a correction of the token that turn
    may give him back."""

    turn: int
    holder: str
    """Who carried him before ("": nobody, he waited alone)."""
    waited: int
    """The space he waited on (when nobody carried him)."""
    start: int
    """The space the move began on (-1: not known)."""


class WalkBegan(NamedTuple):
    """Where a hero's move began while Grogu waited alone, remembered for the rest of that turn: a correction of the
    token that turn counts from there whether the move reached him."""

    turn: int
    position: int


@dataclass
class CoopState(GameState):
    """A game of heroes against the Imperial enemies. Grogu is held by ``grogu_holder`` or, when nobody holds
    him, stands unattended on ``grogu_position``. ``grogu_taken`` remembers how his holder took him by moving, so
    that a correction of the token that same turn can give him back, and ``walk_began`` where that turn's move began
    while he waited alone, so that a correction past him takes him (turn details the snapshot leaves out)."""

    grogu_holder: str = ""
    grogu_position: int = 0
    grogu_taken: GroguTaken | None = None
    walk_began: WalkBegan | None = None
    enemies: dict[str, EnemyPlace] = field(default_factory=dict)
    signets: dict[str, list[str]] = field(default_factory=dict)
    trophies: dict[str, list[str]] = field(default_factory=dict)
    battle: Battle | None = None
    boss_free: bool = False

    def enemy_at(self, position: int) -> str:
        """The enemy standing on a board space ("" when none)."""
        return next((e.id for e in self.enemies.values() if e.position == position and not e.out), "")

    def holds_grogu(self, player: str) -> bool:
        """Whether a hero carries Grogu now."""
        return self.grogu_holder == player

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data, the co-operative part included."""
        return {
            **super().snapshot(),
            "grogu": {"holder": self.grogu_holder, "position": self.grogu_position},
            "enemies": {k: asdict(v) for k, v in sorted(self.enemies.items())},
            "signets": {k: list(v) for k, v in sorted(self.signets.items())},
            "trophies": {k: list(v) for k, v in sorted(self.trophies.items())},
            "battle": asdict(self.battle) if self.battle else None,
            "boss_free": self.boss_free,
        }


def coop(state: GameState) -> CoopState:
    """The state as a co-operative game's."""
    assert isinstance(state, CoopState)
    return state
