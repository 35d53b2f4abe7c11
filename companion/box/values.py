"""Values read off the box, as the ``box`` command carries them: ``field=value`` words after a target.

Targets name what a value is printed on: ``space:<id>`` (a board space or its Title Deed), ``group:<id>`` (a colour
group), ``card:<deck>/<card-id>`` (one card of a deck), ``board:layout`` (the board as a whole: how many spaces
go round it and which one is the Jail, for a board nobody has published) and ``face:<id>`` (one face of a mini
board, MONOPOLY GO!: how many spaces go round it, the steps of its Mega Shut Down tracker, where its Jail is and
what is on each space, ``space<n>`` for the space n steps after GO) and ``tiles:chance`` (MONOPOLY GO!'s Chance
tiles: how many of each kind, ``shield=4``). Values are whole numbers, lists of
whole numbers written ``2,10,30`` or words (the command line quotes a value that holds spaces). In a list, ``?`` is
an amount not read yet (``10,?,?,?,?,?``: only the site-only rent); it is held as 0, which no printed amount is.
"""

from __future__ import annotations

import re
from typing import Any

from companion.engine.errors import CompanionError
from companion.space_kinds import NOT_READ

TARGET_KINDS = ("space", "group", "card", "board", "face", "tiles")
BOARD_TARGET = "board:layout"
"""The board as a whole: its length and where the Jail is."""
TILES_TARGET = "tiles:chance"
"""The Chance tiles of a game on mini boards: how many of each kind the box holds."""
_NUMBER = re.compile(r"[0-9]+")
_NUMBERS = re.compile(r"([0-9]+|\?)(,([0-9]+|\?))+")
_FACE_SPACE = re.compile(r"space([1-9][0-9]*)")


SECTIONS = {"space": "spaces", "group": "groups", "card": "cards", "board": "board", "face": "faces",
            "tiles": "tiles"}
"""Where the values of each kind of target live, in edition data and in a box profile."""


class BoxValueError(CompanionError, ValueError):
    """A ``box`` command or a box file value that cannot be read."""


Value = int | str | tuple[int, ...]


def split_target(target: str) -> tuple[str, str, str]:
    """``space:bounty`` → (``space``, ``bounty``, ""); ``card:imperial/pay`` → (``card``, ``imperial``, ``pay``)."""
    kind, _, rest = target.partition(":")
    if kind not in TARGET_KINDS or not rest:
        raise BoxValueError(f"{target!r} does not name a space, group, card, the board, a mini board's face or "
                            f"the Chance tiles (space:<id>, group:<id>, card:<deck>/<card>, {BOARD_TARGET}, "
                            f"face:<id>, {TILES_TARGET})")
    if kind == "board" and target != BOARD_TARGET:
        raise BoxValueError(f"{target!r}: the board as a whole is {BOARD_TARGET}")
    if kind == "tiles" and target != TILES_TARGET:
        raise BoxValueError(f"{target!r}: the Chance tiles are {TILES_TARGET}")
    item, _, sub = rest.partition("/")
    if kind == "card" and not sub:
        raise BoxValueError(f"{target!r}: a card is named card:<deck>/<card>")
    return kind, item, sub


def face_space(position: int) -> str:
    """The field of a mini board's face that says what is on the space ``position`` steps after GO: ``space7``."""
    return f"space{position}"


def face_position(key: str) -> int | None:
    """Which space of a face a field describes (``space7`` → 7); None for any other field."""
    found = _FACE_SPACE.fullmatch(key)
    return int(found.group(1)) if found else None


def read_value(text: str) -> Value:
    """One value as typed: a whole number, a comma list of whole numbers, or words."""
    if _NUMBER.fullmatch(text):
        return int(text)
    if _NUMBERS.fullmatch(text):
        return tuple(NOT_READ if n == "?" else int(n) for n in text.split(","))
    return text


def parse_values(parts: list[str] | tuple[str, ...]) -> dict[str, Value]:
    """``["price=60", "rent=2,10,30,90,160,250", "title=Pay a fine"]`` → a dict; every bad word is named."""
    values: dict[str, Value] = {}
    bad = [p for p in parts if "=" not in p or not p.partition("=")[0]]
    if bad:
        raise BoxValueError(f"expected field=value, not {', '.join(repr(b) for b in bad)}")
    for part in parts:
        key, _, text = part.partition("=")
        if key in values:
            raise BoxValueError(f"{key} is given twice")
        values[key] = read_value(text)
    if not values:
        raise BoxValueError("no values given (field=value ...)")
    return values


def format_value(value: Value | list[int]) -> str:
    """A value as the ``box`` command writes it."""
    if isinstance(value, tuple | list):
        return ",".join("?" if v == NOT_READ else str(v) for v in value)
    return str(value)


def joined(before: Any, value: Any) -> Any:
    """A value entered over what was there: a list of amounts read in part (``10,?,?``) keeps the amounts read
    before where it has none; any other value replaces the old one."""
    if isinstance(value, list | tuple) and NOT_READ in value and isinstance(before, list | tuple) \
            and len(before) == len(value):
        return [new or old for new, old in zip(value, before, strict=True)]
    return list(value) if isinstance(value, tuple) else value


def box_words(target: str, values: dict[str, Any]) -> tuple[str, ...]:
    """The words of the ``box`` command that enters ``values`` for ``target``."""
    return (target, *(f"{k}={format_value(v)}" for k, v in values.items()))
