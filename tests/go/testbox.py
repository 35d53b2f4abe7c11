"""A made-up MONOPOLY GO! box for the rule tests (TEST-ONLY: no public source gives a mini board's layout).

Every face used here has 12 spaces and a tracker of 3 steps. Positions from GO::

    0 GO  1 brown  2 chance  3 pink  4 bank-heist  5 orange  6 just-visiting  7 red  8 shut-down  9 yellow
    10 free-parking  11 go-to-jail

The seats, clockwise: ann (red board), ben (yellow), cat (green), dan (blue); a round's roll gives the dice in
that colour order (red, yellow, green, blue), one per seated player.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from companion.edition import Edition, edition_from_data, load_edition
from companion.engine.commands import parse_command
from companion.engine.events import Posted
from companion.engine.game import Game
from companion.engine.ledger import Transaction
from companion.engine.state import Setup
from companion.rules import mechanic, new_game
from companion.rules.go_events import MarkerMoved, TileTaken
from companion.rules.go_state import TRAY, block_unit, square_account
from companion.rules.mechanics.blocks import Blocks

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


def stack_up(game: Game, player: str, square: int, colour: str, height: int) -> None:
    """TEST-ONLY set-up: ``height`` blocks of ``colour`` from the tray onto a Build square, as if placed in earlier
    rounds (posted straight into the state, not journalled)."""
    Posted(Transaction.transfer("test set-up", TRAY, square_account(player, square), block_unit(colour),
                                height)).apply(game.state)


def hand(game: Game, player: str, *tiles: str) -> None:
    """TEST-ONLY set-up: a player keeps these Chance tiles, as if taken in earlier rounds."""
    for tile in tiles:
        TileTaken(player, tile, True).apply(game.state)


def marker_at(game: Game, player: str, step: int) -> None:
    """TEST-ONLY set-up: a player's marker stands ``step`` steps from Start."""
    MarkerMoved(player, step, "test set-up").apply(game.state)


def heights(game: Game, player: str) -> list[tuple[str, int]]:
    """A player's Build squares as (colour, height), square 1 first."""
    rules = mechanic(game, Blocks)
    return [rules.stack(game.state, player, n) for n in rules.squares()]


def tray(game: Game, colour: str) -> int:
    """Blocks of ``colour`` in the tray."""
    return game.state.ledger.balance(TRAY, block_unit(colour))


def open_kinds(game: Game) -> list[tuple[str, str]]:
    """The open decisions as (player, kind)."""
    return [(d.player, d.kind) for d in game.state.decisions]
