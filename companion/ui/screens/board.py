"""The board map of a co-operative game (The Mandalorian): the 32 spaces as a ring like the physical board (GO at
the bottom right, Jail at the bottom left), each with its name, colour band and owner; the heroes, Grogu (green)
and the Imperial enemies (in their colours) on their spaces; the four outposts inside the ring beside their
Imperial Advance spaces. Beside the map: which physical piece to move where after the last advance (and why, when
one had to go a space further), the boss's release, and where Grogu is.

Everything comes from :func:`companion.table.coop.board_map`; the screen only places it. The layout (the bar, the
map's place, the side panel with the moves and the places) and the look of each space, outpost and piece are
``board.kv``, as is the middle (where Grogu is, the boss's line); here each space gets its data (name, owner, colour,
pieces) and is placed by its number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.properties import BooleanProperty, ColorProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.table.coop import BoardMap, MapSpace, Outpost, board_map, boss_words, initials
from companion.table.views import GROGU_COLOUR, NO_COLOUR, pieces
from companion.ui import theme
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import Panel, TapButton, load_layout, text

if TYPE_CHECKING:
    from companion.ui.shell import Shell

SIDE = 8                # spaces from one corner to the next
CELLS = SIDE + 1        # cells along each edge of the ring, corners included
CLEAR = (0, 0, 0, 0)
"""No colour: a space without a colour band."""


def cell_of(position: int) -> tuple[int, int]:
    """Column and row (from the bottom left) of a space: GO bottom right, Jail bottom left, Free Parking top
    left, Go To Jail top right, as on the physical board."""
    side, k = divmod(position % (4 * SIDE), SIDE)
    return [(SIDE - k, 0), (0, k), (k, SIDE), (SIDE, SIDE - k)][side]


def inward(position: int) -> tuple[int, int]:
    """The direction from a space towards the middle of the board."""
    return [(0, 1), (1, 0), (0, -1), (-1, 0)][(position % (4 * SIDE)) // SIDE]


class Chip(Label):
    """A piece on the map: its initials on a disc (a hero: white, Grogu: green) or a square (an enemy, in its
    colour, outlined so a dark one still shows); look: ``<Chip>`` in ``board.kv``."""

    piece = StringProperty("")
    """Whose piece it is."""
    piece_colour = ColorProperty(theme.TEXT)
    square = BooleanProperty(False)


Piece = tuple[str, str, theme.Colour, bool]
"""A piece as drawn: whose it is, its initials, its colour, whether it is square (an enemy)."""


def pieces_on(hero_names: tuple[str, ...], grogu: bool, enemy: str, enemy_colour: str) -> list[Piece]:
    """The pieces standing on one space: heroes, Grogu alone, the enemy."""
    found: list[Piece] = [(name, initials(name), theme.TEXT, False) for name in hero_names]
    if grogu:
        found.append(("Grogu", "G", theme.rgba(GROGU_COLOUR), False))
    if enemy:
        found.append((enemy, initials(enemy), theme.rgba(enemy_colour), True))
    return found


class ChipRow(BoxLayout):
    """The pieces standing on a space or in an outpost, one :class:`Chip` each (look: ``board.kv``)."""

    pieces = ListProperty()

    def on_pieces(self, *_args: object) -> None:
        """One chip per piece, in order."""
        self.clear_widgets()
        for piece, mark, colour, square in self.pieces:
            self.add_widget(Chip(piece=piece, text=mark, piece_colour=colour, square=square))

    @property
    def chips(self) -> list[Chip]:
        """The chips shown, in order."""
        return list(reversed(self.children))


class MapCell(FloatLayout):
    """One space of the ring: only its data; its look (colour band on the side facing the middle, short name,
    owner, pieces, a green frame where Grogu is) is ``<MapCell>`` in ``board.kv``."""

    title = StringProperty("")
    owner = StringProperty("")
    colour = ColorProperty(CLEAR)
    """The colour band's colour (clear: no band)."""
    dx = NumericProperty(0)
    dy = NumericProperty(0)
    """The direction towards the middle of the board, where the colour band is."""
    pieces = ListProperty()
    grogu_here = BooleanProperty(False)

    def __init__(self, space: MapSpace, holder_here: bool, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.space, self.position = space, space.position
        self.dx, self.dy = inward(space.position)
        self.title, self.owner = space.name, space.owner
        self.grogu_here = space.grogu or holder_here
        if space.colour and space.colour != NO_COLOUR:
            self.colour = theme.rgba(space.colour)
        self.pieces = pieces_on(space.heroes, space.grogu, space.enemy, space.enemy_colour)

    @property
    def chips(self) -> list[Chip]:
        """The pieces drawn here, in order."""
        row: ChipRow = self.ids.chip_row
        return row.chips


class OutpostBox(FloatLayout):
    """An Imperial outpost inside the ring, beside its advance space, with the enemy waiting in it (look:
    ``<OutpostBox>`` in ``board.kv``)."""

    title = StringProperty("")
    pieces = ListProperty()

    def __init__(self, outpost: Outpost, word: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.outpost, self.number = outpost, outpost.number
        self.title = f"{word} {outpost.number}"
        self.pieces = pieces_on((), False, outpost.enemy, outpost.colour)

    @property
    def chips(self) -> list[Chip]:
        """The enemy waiting here, if any."""
        row: ChipRow = self.ids.chip_row
        return row.chips


class BoardCentre(BoxLayout):
    """The middle of the board: where Grogu is, and the boss's line (in red once he is out); look:
    ``<BoardCentre>`` in ``board.kv``."""

    grogu = StringProperty("")
    """Where Grogu is, in words."""
    boss = StringProperty("")
    boss_free = BooleanProperty(False)
    """Whether the boss is out of his outpost."""


class BoardMapWidget(FloatLayout):
    """The ring of spaces with the outposts inside and Grogu's place in the middle."""

    def __init__(self, board: BoardMap, holder_position: int, outpost_word: str, boss: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        self.cells = [MapCell(space, space.position == holder_position and bool(board.grogu_holder))
                      for space in board.spaces]
        for cell in self.cells:
            self.add_widget(cell)
        self.outposts = [OutpostBox(o, outpost_word) for o in board.outposts]
        for box in self.outposts:
            self.add_widget(box)
        self.centre = BoardCentre(grogu=board.grogu, boss=boss, boss_free=board.boss_free)
        self.add_widget(self.centre)
        self.bind(pos=self._place, size=self._place)

    def _place(self, *_args: object) -> None:
        cw, ch = self.width / CELLS, self.height / CELLS
        for cell in self.cells:
            col, row = cell_of(cell.position)
            cell.size_hint = (None, None)
            cell.pos, cell.size = (self.x + col * cw, self.y + row * ch), (cw, ch)
        for box in self.outposts:
            col, row = cell_of(box.outpost.beside)
            dx, dy = inward(box.outpost.beside)
            box.size_hint = (None, None)
            wide = 1.9 * cw
            box.size = (wide, ch * 0.95)
            cx = self.x + (col + 0.5) * cw + dx * (cw * 0.55 + wide / 2)
            cy = self.y + (row + 0.5) * ch + dy * ch * 1.05
            box.pos = (cx - wide / 2 if dx else self.x + (col + 0.5) * cw - wide / 2, cy - box.height / 2)
        self.centre.width = 5 * cw  # above the side outposts, below the top one
        self.centre.height = 2 * ch
        self.centre.pos = (self.x + 2 * cw, self.y + 5 * ch)


class BoardScreen(CompanionScreen):
    """The board map (see the module docstring); "Back to table" returns to the table screen (layout: ``board.kv``;
    :meth:`refresh` draws the map and fills in the side panel's lines)."""

    def __init__(self, app: Shell, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.board: BoardMap | None = None
        self.map: BoardMapWidget | None = None
        self.move_labels: list[Label] = []
        ids = self.ids
        self.back_button: TapButton = ids.back_button
        self.body: BoxLayout = ids.body
        self.map_holder: BoxLayout = ids.map_holder
        self.side: Panel = ids.side
        # The side panel's parts shown in turn: kept here as they leave the tree (ids hold only weak references).
        self.side_scroller: Widget = ids.side_scroller.__self__
        self.no_map: Widget = ids.no_map.__self__

    def refresh(self) -> None:
        """Redraw the map and the moves from the game."""
        session = self.app.session
        board = board_map(session.game) if session else None
        self.board = board
        self.map_holder.clear_widgets()
        self.side.clear_widgets()
        self.move_labels = []
        if board is None or session is None:
            self.side.add_widget(self.no_map)
            return
        game = session.game
        holder = next((p.position for p in pieces(game) if p.id == "grogu"), -1)
        self.map = BoardMapWidget(board, holder, game.edition.term("outpost"), boss_words(game))
        self.map_holder.add_widget(self.map)
        ids = self.ids
        ids.moves_heading.text = "Move the pieces" if board.moves else "No piece to move"
        self.move_labels = [text(f"•  {words}", theme.FONT, theme.TEXT) for words in board.moves]
        ids.moves.clear_widgets()
        for label in self.move_labels:
            ids.moves.add_widget(label)
        ids.places.clear_widgets()
        for piece in pieces(game):
            colour = theme.rgba(GROGU_COLOUR) if piece.id == "grogu" else theme.TEXT
            ids.places.add_widget(text(f"{piece.name}: {piece.place}", theme.FONT_SMALL, colour))
        self.side.add_widget(self.side_scroller)


load_layout(__file__)
