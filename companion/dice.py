"""The dice an edition is played with, and which of them each kind of roll uses (an edition's ``dice.toml``).

A roll is a list of values, one per die the roll uses, each a value that die can show. The classic game moves
with two six-sided dice; the Mandalorian moves with the silver die alone, or the green die (1 to 3) alone while
holding Grogu, and battles with both; MONOPOLY GO! rolls four coloured dice at once. The data says which; this
module only reads it and checks rolls against it. No Kivy, no device code.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from math import prod
from pathlib import Path
from typing import Any

from companion.engine.errors import EditionError

MOVE = "move"  # the roll every edition has: the dice a player moves with
LISTED_ROLLS = 4096
"""How many different rolls a kind of roll may have for :attr:`RollNeed.rolls` to list them all."""


@dataclass(frozen=True)
class Die:
    """One physical die: the values it can show, and its colour when the edition tells dice apart by colour."""

    id: str
    name: str
    values: tuple[int, ...]
    colour: str = ""

    @property
    def span(self) -> str:
        """The values as players say them, e.g. ``1 to 6``."""
        return f"{min(self.values)} to {max(self.values)}"


@dataclass(frozen=True)
class RollNeed:
    """A kind of roll: its name for the players and the dice it uses, in the order their values are given."""

    kind: str
    name: str
    dice: tuple[Die, ...]
    spare: tuple[str, ...] = ()
    """Colours of dice thrown with the roll that count for nothing (MONOPOLY GO! with fewer than four players:
    every die in the tray is thrown, but only the seated colours move anyone). Entered by hand they are left out;
    a dice device may report them."""

    @cached_property
    def rolls(self) -> frozenset[tuple[int, ...]]:
        """Every roll these dice can show, value by value, when there are few enough to list them (up to
        :data:`LISTED_ROLLS`; none otherwise)."""
        if prod(len(d.values) for d in self.dice) > LISTED_ROLLS:
            return frozenset()
        return frozenset(product(*(d.values for d in self.dice)))

    @cached_property
    def entered(self) -> frozenset[tuple[str, ...]]:
        """The same rolls as a table enters them (each value in plain digits): a roll entered so is one of them
        without reading its words into numbers first."""
        return frozenset(tuple(map(str, roll)) for roll in self.rolls)

    def problems(self, values: tuple[int, ...] | list[int]) -> list[str]:
        """Every reason ``values`` is not a roll of these dice: one value per die, each a value that die shows."""
        if type(values) is tuple and values in self.rolls:
            return []
        if len(values) != len(self.dice):
            return [f"{self.name} is {self.describe()}: {len(self.dice)} value{'' if len(self.dice) == 1 else 's'}, "
                    f"not {len(values)}."]
        problems = []
        for die, value in zip(self.dice, values, strict=True):
            if value not in die.values:
                problems.append(f"The {die.name} shows {die.span}, not {value}.")
        return problems

    def describe(self) -> str:
        """The dice in words, e.g. ``2 dice, each 1 to 6`` or ``the silver die (1 to 6)``."""
        spans = {d.span for d in self.dice}
        if len(self.dice) > 1 and len(spans) == 1 and not any(d.colour for d in self.dice):
            return f"{len(self.dice)} dice, each {spans.pop()}"
        return " and ".join(f"the {d.name} ({d.span})" for d in self.dice)

    def lowest(self) -> tuple[int, ...]:
        """A legal roll of these dice (each die's lowest value): lets a screen ask whether rolling is allowed."""
        return tuple(min(d.values) for d in self.dice)


@dataclass(frozen=True)
class EditionDice:
    """Every die in the box and every kind of roll the edition makes with them."""

    dice: dict[str, Die]
    rolls: dict[str, RollNeed]

    def need(self, kind: str = MOVE) -> RollNeed:
        """The dice a kind of roll uses (KeyError when the edition has no such roll)."""
        return self.rolls[kind]


def classic_dice(count: int) -> EditionDice:
    """``count`` six-sided dice all moved with: what games saved before ``dice.toml`` existed were played with."""
    dice = {f"die-{n}": Die(f"die-{n}", "die", (1, 2, 3, 4, 5, 6)) for n in range(1, count + 1)}
    return EditionDice(dice, {MOVE: RollNeed(MOVE, "The roll", tuple(dice.values()))})


def parse_dice(data: dict[str, Any], problems: list[str]) -> EditionDice:
    """Read a parsed ``dice.toml``, adding every problem found to ``problems``.

    Each ``[[die]]`` has an id, a name and its values (whole numbers, at least two different ones); each
    ``[roll.<kind>]`` names a non-empty list of dice, each at most once. A ``move`` roll is required.
    """
    dice: dict[str, Die] = {}
    for n, item in enumerate(data.get("die", []), start=1):
        did = item.get("id")
        values = item.get("values")
        if not isinstance(did, str) or not did:
            problems.append(f"dice.toml: die #{n} has no id")
            continue
        if did in dice:
            problems.append(f"dice.toml: die {did!r} is listed twice")
        if not isinstance(values, list) or len(set(values)) < 2 or \
                not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
            problems.append(f"dice.toml: die {did!r} needs 'values', at least two different whole numbers")
            continue
        dice[did] = Die(did, str(item.get("name", did)), tuple(sorted(set(values))), str(item.get("colour", "")))
    rolls: dict[str, RollNeed] = {}
    for kind, item in data.get("roll", {}).items():
        ids = item.get("dice", [])
        unknown = [d for d in ids if d not in dice]
        if not ids or unknown or len(set(ids)) != len(ids):
            problems.append(f"dice.toml: roll {kind!r} must list dice from [[die]], each once "
                            f"(unknown: {', '.join(map(str, unknown)) or 'none'})")
            continue
        rolls[kind] = RollNeed(kind, str(item.get("name", kind)), tuple(dice[d] for d in ids))
    if MOVE not in rolls:
        problems.append(f"dice.toml: the '{MOVE}' roll (the dice players move with) is missing")
    return EditionDice(dice, rolls)


def load_dice(folder: Path) -> EditionDice:
    """Read an edition folder's ``dice.toml`` on its own, reporting every problem at once."""
    problems: list[str] = []
    path = folder / "dice.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise EditionError([f"{path}: {exc}"]) from exc
    dice = parse_dice(data, problems)
    if problems:
        raise EditionError(problems)
    return dice
