"""A made-up MONOPOLY GO! box for the rule tests (TEST-ONLY: no public source gives a mini board's layout).

Every face used here has 12 spaces and a tracker of 3 steps. Positions from GO::

    0 GO  1 brown  2 chance  3 pink  4 bank-heist  5 orange  6 just-visiting  7 red  8 shut-down  9 yellow
    10 free-parking  11 go-to-jail

(11 is Go To Jail: a die of 5 from 6 lands there... see the tests for the worked moves.)
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from companion.edition import Edition, edition_from_data, load_edition
from companion.engine.commands import parse_command
from companion.engine.game import Game
from companion.engine.state import Setup
from companion.rules import new_game

ROOT = Path(__file__).resolve().parents[2]
LAYOUT = ["go", "brown", "chance", "pink", "bank-heist", "orange", "just-visiting", "red", "shut-down", "yellow",
          "free-parking", "go-to-jail"]
TRACKER = 3
SEATS = (("ann", "red-1"), ("ben", "yellow-1"), ("cat", "green-1"), ("dan", "blue-1"))


def published() -> Edition:
    """The edition as published: no face laid out."""
    return load_edition(ROOT / "editions" / "monopoly-go")


def made_up_box(layout: list[str] | None = None, tracker: int = TRACKER) -> Edition:
    """The edition with every face laid out as :data:`LAYOUT` (TEST-ONLY)."""
    raw: dict[str, Any] = copy.deepcopy(published().raw)
    for face in raw["board"]["faces"]:
        face.update(length=len(layout or LAYOUT), tracker=tracker, spaces=list(layout or LAYOUT))
    return edition_from_data(raw)


def start(players: int = 4, edition: Edition | None = None) -> Game:
    """A game of ``players`` seats (ann red, ben yellow, cat green, dan blue), before the first roll."""
    seats = [{"id": pid, "name": pid.capitalize(), "board": board} for pid, board in SEATS[:players]]
    return new_game(edition or made_up_box(), Setup("monopoly-go", "standard", seats))


def play(game: Game, *lines: str) -> Game:
    """Apply each line of notation (refused lines raise)."""
    for line in lines:
        game.apply(parse_command(line))
    return game


def started(players: int = 4, first: str = "roll ann 6 1 1 1", edition: Edition | None = None) -> Game:
    """A game past its first roll (ann rolls first by default)."""
    return play(start(players, edition), first)
