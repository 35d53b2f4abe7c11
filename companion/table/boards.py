"""The mini boards as the table and the phones show them (MONOPOLY GO!): each player's Build squares with their
stacks, the Mr. Monopoly marker on its tracker, the Chance tiles kept and where the token stands; the tray's stock;
There is no money in such a game, so none of this has any.

Every function gives nothing (``None``, empty) for an edition played on one board: a page asks
:func:`board_view` and shows a mini board only when there is one, without knowing which edition it shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.edition import counted
from companion.mini_boards import colour_name
from companion.rules import has_mechanic, mechanic
from companion.rules.go_state import go
from companion.rules.mechanics.blocks import Blocks
from companion.rules.mechanics.chance_tiles import ChanceTiles
from companion.rules.mechanics.rounds import capital_name

if TYPE_CHECKING:
    from companion.engine.game import Game

COLOURS = {"brown": "#8b5a2b", "light-blue": "#8fd3f4", "pink": "#e754a6", "orange": "#f7941d", "red": "#ed1b24",
           "yellow": "#fef200", "green": "#1fb25a", "dark-blue": "#2a5db0", "blue": "#2a7de1"}
"""How a block or a board of each colour is painted on a screen (the box's colours, approximately)."""
NO_COLOUR = "#5a6070"


def paint(colour: str) -> str:
    """The colour a block or board of ``colour`` is painted in."""
    return COLOURS.get(colour, NO_COLOUR)


@dataclass(frozen=True)
class StackView:
    """One Build square: the colour and height of its stack (``colour`` empty when the square is empty)."""

    square: int
    colour: str
    colour_name: str
    paint: str
    height: int
    landmark: bool


@dataclass(frozen=True)
class BoardView:
    """One player's mini board: no money, only blocks, the marker and the tiles kept."""

    player: str
    name: str
    face: str
    """``The red board, side 1``."""
    colour: str
    paint: str
    space: str
    """Where the token stands, in words (``pink space``, ``Bank Heist``)."""
    in_jail: bool
    stacks: tuple[StackView, ...]
    blocks: int
    marker: int
    tracker: int | None
    """The tracker's steps from Start to its end (None until the box has said)."""
    marker_text: str
    tiles: tuple[str, ...]
    """The Chance tiles kept, by name."""
    roller: bool
    winner: bool
    out: bool


def board_view(game: Game, player: str) -> BoardView | None:
    """A player's mini board; None for a game played on one board."""
    if not has_mechanic(game, Blocks):
        return None
    rules, s = mechanic(game, Blocks), go(game.state)
    p = s.player(player)
    face = rules.face(s, player)
    stacks = []
    for n in rules.squares():
        colour, height = rules.stack(s, player, n)
        stacks.append(StackView(n, colour, colour_name(colour), paint(colour), height,
                                height >= rules.boards.landmark))
    step = s.markers.get(player, 0)
    marker = f"Tracker: step {step} of {face.tracker or '?'}"
    if face.tracker and step >= face.tracker:
        marker += " (the end: a Mega Shut Down)"
    tiles = go(game.state).held_tiles(player)
    names = tuple(mechanic(game, ChanceTiles).tile_name(t) for t in tiles) if has_mechanic(game, ChanceTiles) \
        else tuple(tiles)
    return BoardView(player, p.name, capital_name(face), face.colour, paint(face.colour), rules.where(s, player),
                     p.in_jail, tuple(stacks), rules.blocks_on_board(s, player), step, face.tracker, marker, names,
                     p.id == s.turn.player and not s.over, p.id in s.winners, p.retired)


def board_views(game: Game) -> tuple[BoardView, ...]:
    """Every seat's mini board in seat order; empty for a game played on one board."""
    if not has_mechanic(game, Blocks):
        return ()
    return tuple(v for p in game.state.players if (v := board_view(game, p.id)) is not None)


def blocks_word(view: BoardView) -> str:
    """``3 blocks`` on a board."""
    return counted(view.blocks, "block")


def tray(game: Game) -> tuple[tuple[str, str, int], ...]:
    """The tray's blocks by colour: (colour name, paint, how many); empty for a game played on one board."""
    if not has_mechanic(game, Blocks):
        return ()
    rules = mechanic(game, Blocks)
    return tuple((colour_name(c), paint(c), rules.in_tray(game.state, c)) for c in rules.boards.colours)
