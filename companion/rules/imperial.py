"""The Imperial enemies of a co-operative edition: who they are (edition data), how they move on an advance and
where a beaten enemy goes. Pure functions of positions, so every rule here is checked on its own.

Outposts are numbered 1-4 from GO; outpost ``k`` sits just inside the board's ``k``-th advance space, and leaving
it for that space is the first step of an advance.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.edition import Edition


@dataclass(frozen=True)
class Enemy:
    """An Imperial enemy as the edition describes it: its starting outpost, the deck of its cards and whether it
    is the boss (who stays in his outpost until released)."""

    id: str
    name: str
    colour: str
    outpost: int
    deck: str
    boss: bool = False


def enemies_of(edition: Edition) -> tuple[Enemy, ...]:
    """The enemies listed in the edition's ``[[enemies]]`` (edition.toml)."""
    items: list[dict[str, Any]] = edition.raw.get("edition", {}).get("enemies", [])
    return tuple(Enemy(str(i["id"]), str(i.get("name", i["id"])), str(i.get("colour", "#888888")),
                       int(i.get("outpost", 0)), str(i.get("deck", i["id"])), bool(i.get("boss", False)))
                 for i in items if "id" in i)


def enemy_problems(edition: Edition) -> list[str]:
    """What is wrong with the enemies' data: a deck that is not in cards.toml, an outpost the board lacks, two
    enemies in one outpost, not exactly one boss."""
    outposts = len(outpost_spaces(edition))
    enemies = enemies_of(edition)
    problems = [f"enemy {e.id}: deck {e.deck!r} is not in cards.toml" for e in enemies if e.deck not in edition.decks]
    problems += [f"enemy {e.id}: outpost {e.outpost} is not one of the board's {outposts}" for e in enemies
                 if not 1 <= e.outpost <= outposts]
    if len({e.outpost for e in enemies}) != len(enemies):
        problems.append("two enemies start in the same outpost")
    if sum(e.boss for e in enemies) != 1:
        problems.append("exactly one enemy must be the boss")
    return problems


def outpost_spaces(edition: Edition) -> tuple[int, ...]:
    """The board position of the advance space beside each outpost, outpost 1 first."""
    return tuple(s.position for s in edition.spaces if s.kind == "advance")


@dataclass(frozen=True)
class EnemyMove:
    """One enemy's move on an advance: where it started (a board position, or -1 in ``outpost``), every space it
    entered in order, and ``bumped_by`` the enemy whose landing space it had to leave for the next one."""

    enemy: str
    start: int
    outpost: int
    path: tuple[int, ...]
    bumped_by: str = ""

    @property
    def end(self) -> int:
        """Where the enemy stops."""
        return self.path[-1]


def advance(places: dict[str, tuple[int, int]], movers: list[str], roll: int, outposts: tuple[int, ...],
            board_size: int) -> list[EnemyMove]:
    """Move every enemy of ``movers`` ``roll`` spaces in the heroes' direction. ``places`` gives each enemy's
    (position, outpost); leaving an outpost for its advance space counts as the first space. No two enemies may
    stop on one space: when two would, the one that did not start in an outpost goes on one more space (again
    if that space is taken too)."""
    moves: dict[str, EnemyMove] = {}
    for enemy in movers:
        position, outpost = places[enemy]
        if position < 0:
            first = outposts[outpost - 1]
            path = tuple((first + i) % board_size for i in range(roll))
        else:
            path = tuple((position + i) % board_size for i in range(1, roll + 1))
        moves[enemy] = EnemyMove(enemy, position, outpost if position < 0 else 0, path)
    resting = {places[e][0]: e for e in places if e not in movers and places[e][0] >= 0}
    order = list(movers)
    while True:
        clash = _clash(order, moves, resting)
        if clash is None:
            return [moves[e] for e in movers]
        loser, winner = clash
        m = moves[loser]
        moves[loser] = EnemyMove(m.enemy, m.start, m.outpost, (*m.path, (m.end + 1) % board_size), winner)


def _clash(order: list[str], moves: dict[str, EnemyMove], resting: dict[int, str]) -> tuple[str, str] | None:
    """Two enemies stopping on one space: (the one that goes on, the one that stays), else None. An enemy that
    does not move keeps its space; of two movers the one from an outpost keeps it, and else the one that stopped
    there by the roll keeps it from one bumped onto it (between equals, the one listed first goes on)."""
    for i, a in enumerate(order):
        if moves[a].end in resting:
            return a, resting[moves[a].end]
        for b in order[i + 1:]:
            if moves[a].end == moves[b].end:
                keeps_a = (moves[a].start < 0, not moves[a].bumped_by)
                keeps_b = (moves[b].start < 0, not moves[b].bumped_by)
                return (b, a) if keeps_a > keeps_b else (a, b)
    return None


def next_free_outpost(position: int, taken: set[int], outposts: tuple[int, ...]) -> int:
    """The outpost a beaten enemy goes to: the first one ahead of ``position`` (beside an advance space further
    round the board) that no enemy occupies; 0 when all are taken."""
    ahead = sorted(range(1, len(outposts) + 1), key=lambda k: (outposts[k - 1] <= position, outposts[k - 1]))
    return next((k for k in ahead if k not in taken), 0)
