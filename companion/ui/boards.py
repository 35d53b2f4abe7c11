"""The mini boards of a game played in rounds (MONOPOLY GO!) as the touchscreen draws them: each player's board
with its Build squares as stacks of blocks, the Mr. Monopoly marker on its tracker and the Chance tiles kept; the
tray's blocks; the three pictures of a Bank Heist dial.

Everything drawn comes from :mod:`companion.table.views` and :mod:`companion.table.boards` (colours, heights, words);
these widgets keep only that data, and their look is ``boards.kv``. No money is shown: there is none in such a game.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.table.boards import StackView
from companion.table.views import RoundBoard
from companion.ui import theme
from companion.ui.dice import DieFace
from companion.ui.widgets import load_layout

GOLD: theme.Colour = (1.0, 0.78, 0.18, 1)
"""A landmark's and a winner's mark."""
CLEAR: theme.Colour = (0, 0, 0, 0)
"""No frame."""


def small_line(words: str, size: float = theme.FONT_SMALL, colour: theme.Colour = theme.TEXT, bold: bool = False,
               **kwargs: Any) -> Label:
    """A one-line label cut with an ellipsis rather than overflowing its place."""
    kwargs.setdefault("size_hint_y", None)
    kwargs.setdefault("height", size * 1.4)
    label = Label(text=words, font_size=size, color=colour, bold=bold, halign=kwargs.pop("halign", "left"),
                  valign="middle", shorten=True, shorten_from="right", **kwargs)
    label.bind(size=lambda lbl, size: setattr(lbl, "text_size", size))
    return label


class StackTower(Widget):
    """One Build square: its stack of blocks in their colour from the bottom, an outlined slot for each block
    still missing to a landmark, and the square's number underneath; a landmark is framed in gold. Only its data
    here; its look is ``<StackTower>`` and ``<StackBlock>`` in ``boards.kv``."""

    square = NumericProperty(0)
    levels = NumericProperty(1)
    """How many blocks make a landmark: a slot each."""
    frame = ColorProperty(CLEAR)
    """Gold round a landmark."""
    label_h, bx, by, bw, bh, gap, block = (NumericProperty(0) for _ in range(7))
    """Where the stack stands and a block's height (worked out in ``boards.kv``)."""

    def __init__(self, stack: StackView, landmark: int, **kwargs: Any) -> None:
        levels = max(1, landmark)
        super().__init__(square=stack.square, levels=levels, frame=GOLD if stack.landmark else CLEAR, **kwargs)
        self.stack = stack
        self.number: Label = self.ids.number
        colour = theme.rgba(stack.paint)
        for level in range(levels):
            self.ids.blocks.add_widget(StackBlock(tower=self, level=level, colour=colour, built=level < stack.height))


class StackBlock(Widget):
    """One slot of a Build square's stack, from the bottom: a block in the stack's colour once built."""

    tower = ObjectProperty()
    level = NumericProperty(0)
    colour = ColorProperty(theme.PANEL)
    built = BooleanProperty(False)


class TrackerSteps(Widget):
    """The Mega Shut Down tracker: a dot per step from Start to its end, filled up to the marker, the last one
    larger (a full tracker shows in the accent colour). When the box has not said how long it is: the words.
    Only its data here; its look is ``<TrackerSteps>`` and ``<TrackerDot>`` in ``boards.kv``."""

    marker = NumericProperty(0)
    steps = NumericProperty(0)
    """The tracker's length (0 when the box has not said it)."""
    words = StringProperty("")
    label_w, step, dot = (NumericProperty(0) for _ in range(3))
    """Where the dots start, how far apart and how large they are (worked out in ``boards.kv``)."""

    def __init__(self, marker: int, tracker: int | None, **kwargs: Any) -> None:
        words = "Tracker" if tracker else f"Tracker: step {marker} of ?"
        super().__init__(marker=marker, steps=tracker or 0, words=words, **kwargs)
        self.tracker = tracker
        self.label: Label = self.ids.label
        for n in range(1, (tracker or 0) + 1):
            self.ids.dots.add_widget(TrackerDot(strip=self, n=n))


class TrackerDot(Widget):
    """The dot of one step of a tracker (``n`` from 1)."""

    strip = ObjectProperty()
    n = NumericProperty(1)
    d, cx = NumericProperty(0), NumericProperty(0)
    """Its size and the middle's x (worked out in ``boards.kv``)."""


class BoardCard(BoxLayout):
    """One player's mini board: their colour and name (with their die of the last roll), where the token stands,
    whether something is asked of them now, the Build squares as stacks, the tracker and the tiles kept. The board
    whose owner acts now is framed in the accent colour; a winner's in gold (look: ``<BoardCard>`` in
    ``boards.kv``)."""

    acting = BooleanProperty(False)
    frame = ColorProperty(CLEAR)

    def __init__(self, seat: RoundBoard, landmark: int, big: bool = False, **kwargs: Any) -> None:
        board = seat.board
        super().__init__(acting=seat.acting, frame=GOLD if board.winner else theme.ACCENT if seat.acting else CLEAR,
                         **kwargs)
        self.seat, self.player_id = seat, board.player
        colour = theme.rgba(board.paint)
        name_size = theme.FONT_LARGE if big else theme.FONT
        header = BoardHeader(height=name_size * 1.6, colour=colour)
        self.name_label = small_line(board.name, name_size, theme.text_on(colour), bold=True, size_hint_y=1)
        header.add_widget(self.name_label)
        if seat.die:
            self.die = DieFace(seat.die, name_size * 1.25, pos_hint={"center_y": 0.5})
            header.add_widget(self.die)
        self.add_widget(header)
        self.space_label = small_line(seat.where, colour=theme.DANGER if board.in_jail else theme.TEXT,
                                      bold=board.in_jail)
        self.add_widget(self.space_label)
        colour_of_mark = GOLD if board.winner else theme.ACCENT if seat.acting or seat.rolls else theme.DANGER
        self.status_label = small_line(seat.mark, colour=colour_of_mark, bold=True)
        self.add_widget(self.status_label)
        stacks = BoxLayout(spacing=dp(4), padding=(0, dp(2), 0, 0))
        self.towers = [StackTower(stack, landmark) for stack in board.stacks]
        for tower in self.towers:
            stacks.add_widget(tower)
        self.add_widget(stacks)
        self.tracker = TrackerSteps(board.marker, board.tracker)
        self.add_widget(self.tracker)
        tiles = ", ".join(board.tiles) if board.tiles else "No tiles kept"
        self.tiles_label = Label(text=tiles, font_size=theme.FONT_SMALL, color=theme.TEXT if board.tiles else
                                 theme.MUTED, halign="left", valign="top", size_hint_y=None,
                                 height=theme.FONT_SMALL * 2.6)
        self.tiles_label.bind(size=lambda lbl, size: setattr(lbl, "text_size", size))
        self.add_widget(self.tiles_label)


class BoardHeader(BoxLayout):
    """A mini board's name band in its player's colour (look: ``<BoardHeader>`` in ``boards.kv``)."""

    colour = ColorProperty(theme.PANEL)


class TrayBlock(Widget):
    """One colour of the tray: a block in its colour with how many are left written on it (dimmed at none); look:
    ``<TrayBlock>`` in ``boards.kv``."""

    colour = StringProperty("")
    """The colour's paint, as the edition writes it."""
    count = NumericProperty(0)

    def __init__(self, name: str, colour: str, count: int, **kwargs: Any) -> None:
        super().__init__(colour=colour, count=count, **kwargs)
        self.name = name
        self.label: Label = self.ids.label


class TrayStrip(BoxLayout):
    """The tray: each colour's blocks left, then the Chance tiles face down."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("spacing", dp(3))
        super().__init__(**kwargs)
        self.blocks: list[TrayBlock] = []

    def show(self, blocks: tuple[tuple[str, str, int], ...], chance: str) -> None:
        """Draw the tray's blocks (name, paint, count) and the Chance tiles' line."""
        self.clear_widgets()
        self.add_widget(small_line("Tray", colour=theme.MUTED, bold=True, size_hint=(None, 1), width=dp(38)))
        self.blocks = [TrayBlock(name, colour, count, pos_hint={"center_y": 0.5}) for name, colour, count in blocks]
        for block in self.blocks:
            self.add_widget(block)
        self.add_widget(small_line(f"  {chance}" if chance else "", colour=theme.MUTED, size_hint_y=1))


class DialPicture(Widget):
    """One of the three pictures of a Bank Heist dial, drawn: the ring, the pile of notes or the coin (look:
    ``<DialPicture>`` in ``boards.kv``)."""

    picture = StringProperty("")
    s, x0, y0 = (NumericProperty(0) for _ in range(3))
    """The picture's square: side and corner (worked out in ``boards.kv``)."""
    ring, money, coin = (NumericProperty(0) for _ in range(3))
    """1 for the picture shown, 0 for the others (their shapes drawn clear)."""

    def __init__(self, picture: str, **kwargs: Any) -> None:
        super().__init__(picture=picture, **kwargs)


load_layout(__file__)
