"""The board map of a co-operative game (The Mandalorian): the 32 spaces as a ring like the physical board (GO at
the bottom right, Jail at the bottom left), each with its name, colour band and owner; the heroes, Grogu (green)
and the Imperial enemies (in their colours) on their spaces; the four outposts inside the ring beside their
Imperial Advance spaces. Beside the map: which physical piece to move where after the last advance (and why, when
one had to go a space further), the boss's release, and where Grogu is.

Everything comes from :func:`companion.table.coop.board_map`; the screen only places it. The layout (the bar, the
map's place, the side panel with the moves and the places) is ``board.kv``; the map itself is drawn here, each
space placed by its number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.table.coop import BoardMap, MapSpace, Outpost, board_map, boss_words, initials
from companion.table.views import GROGU_COLOUR, NO_COLOUR, pieces
from companion.ui import theme
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import Panel, TapButton, load_layout, paint, text

if TYPE_CHECKING:
    from companion.ui.shell import Shell

SIDE = 8                # spaces from one corner to the next
CELLS = SIDE + 1        # cells along each edge of the ring, corners included
CELL_FONT = sp(10)
CHIP_FONT = sp(10)
BAND = 0.13             # the colour band's share of a cell
CHIP_H = dp(16)


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
    colour, outlined so a dark one still shows)."""

    def __init__(self, mark: str, colour: theme.Colour, square: bool = False, **kwargs: Any) -> None:
        super().__init__(text=mark, font_size=CHIP_FONT, bold=True, color=theme.text_on(colour),
                         size_hint=(None, None), size=(dp(19), CHIP_H), **kwargs)
        self.piece_colour, self.square = colour, square
        with self.canvas.before:
            Color(*colour)
            self._shape = Rectangle() if square else Line(width=dp(9))
            Color(*theme.TEXT)
            self._edge = Line(width=dp(1))
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_args: object) -> None:
        x, y, w, h = self.x, self.y, self.width, self.height
        if self.square:
            self._shape.pos, self._shape.size = (x, y), (w, h)
            self._edge.rectangle = (x, y, w, h)
        else:
            r = min(w, h) / 2
            self._shape.circle = (self.center_x, self.center_y, r / 2)
            self._shape.width = r / 2
            self._edge.circle = (self.center_x, self.center_y, r)


def chips_for(hero_names: tuple[str, ...], grogu: bool, enemy: str, enemy_colour: str) -> list[Chip]:
    """The pieces standing on one space: heroes, Grogu alone, the enemy."""
    chips = [Chip(initials(name), theme.TEXT) for name in hero_names]
    for chip, name in zip(chips, hero_names, strict=True):
        chip.piece = name
    if grogu:
        chip = Chip("G", theme.rgba(GROGU_COLOUR))
        chip.piece = "Grogu"
        chips.append(chip)
    if enemy:
        chip = Chip(initials(enemy), theme.rgba(enemy_colour), square=True)
        chip.piece = enemy
        chips.append(chip)
    return chips


class MapCell(FloatLayout):
    """One space of the ring: colour band on the side facing the middle, short name, owner, pieces."""

    def __init__(self, space: MapSpace, holder_here: bool, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.space, self.position = space, space.position
        self.grogu_here = space.grogu or holder_here
        paint(self, theme.PANEL_RAISED)
        with self.canvas.before:
            Color(*(theme.rgba(GROGU_COLOUR) if self.grogu_here else theme.BACKGROUND))
            self._frame = Line(width=dp(1.5) if self.grogu_here else dp(0.8))
            self._band_colour = Color(*theme.rgba(space.colour, 1 if space.colour else 0))
            self._band = Rectangle()
        self.name_label = Label(text=space.name, font_size=CELL_FONT, color=theme.TEXT, halign="center",
                                valign="top", max_lines=2, line_height=0.9)
        self.add_widget(self.name_label)
        self.owner_label = Label(text=f"[b]{initials(space.owner)}[/b]" if space.owner else "", markup=True,
                                 font_size=CELL_FONT, color=theme.ACCENT, halign="right", valign="bottom")
        self.owner = space.owner
        self.add_widget(self.owner_label)
        self.chips = chips_for(space.heroes, space.grogu, space.enemy, space.enemy_colour)
        self.chip_row = BoxLayout(spacing=dp(1), size_hint=(None, None))
        for chip in self.chips:
            self.chip_row.add_widget(chip)
        self.add_widget(self.chip_row)
        self.bind(pos=self._place, size=self._place)

    def _place(self, *_args: object) -> None:
        x, y, w, h = self.x, self.y, self.width, self.height
        self._frame.rectangle = (x, y, w, h)
        dx, dy = inward(self.position)
        if self.space.colour == NO_COLOUR or not self.space.colour:
            self._band.size = (0, 0)
        elif dy:
            band = h * BAND
            self._band.pos, self._band.size = (x, y + h - band if dy > 0 else y), (w, band)
        else:
            band = w * BAND
            self._band.pos, self._band.size = (x + w - band if dx > 0 else x, y), (band, h)
        top = h * BAND if dy > 0 else 0
        left = w * BAND if dx < 0 else 0
        right = w * BAND if dx > 0 else 0
        bottom = h * BAND if dy < 0 else 0
        chips_h = CHIP_H
        self.name_label.size_hint = (None, None)
        self.name_label.pos = (x + left + dp(1), y + bottom + chips_h + dp(1))
        self.name_label.size = (max(1, w - left - right - dp(2)), max(1, h - top - bottom - chips_h - dp(2)))
        self.name_label.text_size = self.name_label.size
        self.chip_row.width = len(self.chips) * dp(20)
        self.chip_row.height = chips_h
        self.chip_row.pos = (x + left + dp(1), y + bottom + dp(1))
        self.owner_label.size_hint = (None, None)
        self.owner_label.size = (dp(22), chips_h)
        self.owner_label.pos = (x + w - right - dp(23), y + bottom + dp(1))
        self.owner_label.text_size = self.owner_label.size


class OutpostBox(FloatLayout):
    """An Imperial outpost inside the ring, beside its advance space, with the enemy waiting in it."""

    def __init__(self, outpost: Outpost, word: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.outpost, self.number = outpost, outpost.number
        paint(self, theme.PANEL)
        with self.canvas.before:
            Color(*theme.MUTED)
            self._frame = Line(width=dp(1), dash_length=dp(4), dash_offset=dp(3))
        self.label = Label(text=f"{word} {outpost.number}", font_size=CELL_FONT, color=theme.MUTED,
                           halign="center", valign="top")
        self.add_widget(self.label)
        self.chips = chips_for((), False, outpost.enemy, outpost.colour)
        self.chip_row = BoxLayout(size_hint=(None, None))
        for chip in self.chips:
            self.chip_row.add_widget(chip)
        self.add_widget(self.chip_row)
        self.bind(pos=self._place, size=self._place)

    def _place(self, *_args: object) -> None:
        x, y, w, h = self.x, self.y, self.width, self.height
        self._frame.rectangle = (x, y, w, h)
        self.label.size_hint = (None, None)
        self.label.pos, self.label.size = (x, y + h / 2), (w, h / 2 - dp(1))
        self.label.text_size = self.label.size
        self.chip_row.size = (len(self.chips) * dp(20), CHIP_H)
        self.chip_row.pos = (x + (w - self.chip_row.width) / 2, y + dp(3))


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
        self.centre = BoxLayout(orientation="vertical", size_hint=(None, None), spacing=dp(2))
        self.grogu_label = text(f"Grogu: {board.grogu}", theme.FONT, theme.rgba(GROGU_COLOUR), bold=True,
                                halign="center")
        self.centre.add_widget(self.grogu_label)
        self.boss_label = text(boss, theme.FONT_SMALL, theme.DANGER if board.boss_free else theme.MUTED,
                               bold=board.boss_free, halign="center")
        self.centre.add_widget(self.boss_label)
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
