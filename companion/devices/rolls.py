"""Dice rolls as they arrive from any source, and the one interface every dice source implements.

A source is where a roll comes from; its ``kind`` is what the journal stores beside the roll command:

* ``screen``: the app rolls on the touchscreen, with the operating system's cryptographic randomness;
* ``typed``: a player enters the values the physical dice show;
* ``gpio``: a player presses the Roll button wired to the Pi, and the app rolls as on screen;
* ``serial``: an electronic dice device on a serial port reports the values it read.

Rolls from a device name the dice they were thrown with (:class:`DeviceDie`); :func:`fit` matches them to the
dice the game wants, so a device whose dice do not fit says so instead of guessing.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Protocol

from companion.devices.protocol import DeviceDie
from companion.dice import RollNeed

SYSTEM_RANDOM: Random = secrets.SystemRandom()


@dataclass(frozen=True)
class DiceRoll:
    """Values offered as a roll, and where they came from.

    ``dice`` is empty when the values are already in the order of the wanted dice (screen, typed, gpio); a
    device gives the dice it read instead, one per value, and :func:`fit` puts them in order.
    """

    values: tuple[int, ...]
    source: str
    dice: tuple[DeviceDie, ...] = ()
    detail: str = ""


@dataclass(frozen=True)
class RollRequest:
    """A roll the engine would accept now: the dice it needs and the command the values complete."""

    need: RollNeed
    command: str
    player_name: str


class DiceSource(Protocol):
    """A dice device that produces rolls by itself (the serial dice box); the screen and typed-in dice are
    driven by the dice window instead."""

    kind: str

    @property
    def label(self) -> str:
        """What the players see: e.g. ``dice device 'tower' on /dev/ttyACM0``."""
        ...

    @property
    def status(self) -> str:
        """One sentence on the device now: connected with its dice, being looked for, unplugged..."""
        ...

    @property
    def connected(self) -> bool:
        """Whether the device is there and has introduced itself."""
        ...

    def unable(self, need: RollNeed) -> list[str]:
        """Every reason this source cannot roll these dice (empty: it can)."""
        ...

    def on_status(self, hook: Callable[[str], object] | None) -> None:
        """Call ``hook`` (from any thread) with the new status whenever it changes."""
        ...

    def start(self, offer: Callable[[DiceRoll], object]) -> None:
        """Begin listening; call ``offer`` (from any thread) with each roll."""
        ...

    def ready(self, wanted: bool) -> None:
        """Tell the device whether a roll is wanted now."""
        ...

    def stop(self) -> None:
        """Stop listening and let go of the device."""
        ...


def draw(need: RollNeed, rng: Random = SYSTEM_RANDOM) -> tuple[int, ...]:
    """One value per wanted die, each equally likely among the values that die shows."""
    return tuple(rng.choice(die.values) for die in need.dice)


def matches(device: DeviceDie, values: tuple[int, ...], colour: str) -> bool:
    """A device die stands for a wanted die when it shows the same values and, where both say one, the colour
    is the same."""
    return device.values == values and (not device.colour or not colour or device.colour == colour)


def pair_up(need: RollNeed, dice: tuple[DeviceDie, ...]) -> tuple[list[int | None], list[int]]:
    """For each wanted die, in order, the index of the first unused device die that stands for it (``None``:
    none is left), each device die used once; and the indices of the device dice left over."""
    free = list(range(len(dice)))
    pairs: list[int | None] = []
    for die in need.dice:
        found = next((i for i in free if matches(dice[i], die.values, die.colour)), None)
        if found is not None:
            free.remove(found)
        pairs.append(found)
    return pairs, free


def unable(need: RollNeed, dice: tuple[DeviceDie, ...], label: str) -> list[str]:
    """Every wanted die a device with ``dice`` has no die for (each device die used once)."""
    pairs, _ = pair_up(need, dice)
    return [f"The {label} has no {die.name} ({die.span})." for die, i in zip(need.dice, pairs, strict=True)
            if i is None]


def fit(need: RollNeed, roll: DiceRoll) -> tuple[tuple[int, ...], list[str]]:
    """The values of ``roll`` in the order of the wanted dice, and every reason they do not fit.

    A roll without device dice fits when ``need`` accepts its values. A device roll must have thrown exactly
    the wanted dice: one thrown die for each, no more (the Mandalorian moves with one die, not both), besides
    the dice of the colours the roll spares (see :attr:`RollNeed.spare`).
    """
    if not roll.dice:
        return roll.values, need.problems(roll.values)
    pairs, left = pair_up(need, roll.dice)
    problems = [f"{need.name} needs the {die.name}, and it was not thrown."
                for die, i in zip(need.dice, pairs, strict=True) if i is None]
    problems += [f"{need.name} is {need.describe()}; the {roll.dice[i].colour or 'extra'} die was thrown as well."
                 for i in left if not roll.dice[i].colour or roll.dice[i].colour not in need.spare]
    if problems:
        return (), problems
    values = tuple(roll.values[i] for i in pairs if i is not None)
    return values, need.problems(values)
