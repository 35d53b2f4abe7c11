"""Events of a co-operative game: enemies moving, beaten or out, Grogu changing hands, Signet cards kept and
used, and the battle's progress. Like every event they are the only way the state changes."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from companion.engine.events import Event
from companion.engine.state import GameState
from companion.rules.coop_state import Battle, GroguTaken, WalkBegan, coop


@dataclass(frozen=True)
class EnemyMoved(Event):
    """An enemy now stands on ``position`` (-1: in ``outpost``); ``why`` says so in words for the table."""

    kind: ClassVar[str] = "enemy-moved"
    enemy: str
    position: int
    outpost: int
    why: str

    def apply(self, state: GameState) -> None:
        e = coop(state).enemies[self.enemy]
        e.position, e.outpost = self.position, self.outpost


@dataclass(frozen=True)
class EnemyBeaten(Event):
    """A hero won ``card`` of the enemy's deck; ``out``: that was its last card, and the enemy leaves the game."""

    kind: ClassVar[str] = "enemy-beaten"
    enemy: str
    player: str
    card: str
    out: bool

    def apply(self, state: GameState) -> None:
        s = coop(state)
        e = s.enemies[self.enemy]
        e.beaten += 1
        s.trophies.setdefault(self.player, []).append(self.card)
        if self.out:
            e.out, e.position, e.outpost = True, -1, 0


@dataclass(frozen=True)
class BossReleased(Event):
    """The boss now moves with the other enemies on every advance."""

    kind: ClassVar[str] = "boss-released"
    why: str

    def apply(self, state: GameState) -> None:
        coop(state).boss_free = True


@dataclass(frozen=True)
class GroguMoved(Event):
    """Grogu is now carried by ``holder``, or (holder "") stands unattended on ``position``; ``taken`` is how
    the holder took him by moving (see :class:`GroguTaken`), None otherwise."""

    kind: ClassVar[str] = "grogu-moved"
    holder: str
    position: int
    why: str
    taken: GroguTaken | None = None

    def apply(self, state: GameState) -> None:
        s = coop(state)
        s.grogu_holder, s.grogu_position, s.grogu_taken = self.holder, self.position, self.taken


@dataclass(frozen=True)
class WalkStarted(Event):
    """A hero's move began on ``began.position`` while Grogu waited alone (see :class:`WalkBegan`)."""

    kind: ClassVar[str] = "walk-started"
    began: WalkBegan

    def apply(self, state: GameState) -> None:
        coop(state).walk_began = self.began


@dataclass(frozen=True)
class SignetMoved(Event):
    """A Signet card went from ``source`` to ``target`` (a player id; "" is the bottom of the deck)."""

    kind: ClassVar[str] = "signet-moved"
    card: str
    source: str
    target: str

    def apply(self, state: GameState) -> None:
        s = coop(state)
        if self.source:
            s.signets[self.source].remove(self.card)
        if self.target:
            s.signets.setdefault(self.target, []).append(self.card)


@dataclass(frozen=True)
class BattleOpened(Event):
    """A hero must fight the enemy on their space, against that enemy's next card."""

    kind: ClassVar[str] = "battle-opened"
    player: str
    enemy: str
    card: str

    def apply(self, state: GameState) -> None:
        coop(state).battle = Battle(self.player, self.enemy, self.card)


@dataclass(frozen=True)
class BattleChanged(Event):
    """The open battle moved on: a bonus played, a second try gained or a roll made."""

    kind: ClassVar[str] = "battle-changed"
    bonus: int
    second_tries: int
    rolls: int
    rerolled: bool
    last: tuple[int, ...]
    lost: bool

    def apply(self, state: GameState) -> None:
        s = coop(state)
        assert s.battle is not None
        s.battle = replace(s.battle, bonus=self.bonus, second_tries=self.second_tries, rolls=self.rolls,
                           rerolled=self.rerolled, last=self.last, lost=self.lost)


@dataclass(frozen=True)
class BattleClosed(Event):
    """The battle ended: ``how`` is won, lost, or gone (the enemy moved off the hero's space before it began)."""

    kind: ClassVar[str] = "battle-closed"
    how: str
    total: int = 0

    def apply(self, state: GameState) -> None:
        coop(state).battle = None
