"""The mini boards of a game played in rounds (MONOPOLY GO!) as the touchscreen draws them: each player's board
with its Build squares as stacks of blocks, the Mr. Monopoly marker on its tracker and the Chance tiles kept; the
tray's blocks; the three pictures of a Bank Heist dial.

Everything drawn comes from :mod:`companion.table.views` and :mod:`companion.table.boards` (colours, heights, words);
these widgets only paint it. No money is shown: there is none in such a game.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Ellipse, Line, RoundedRectangle
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.table.boards import StackView
from companion.table.views import RoundBoard
from companion.ui import theme
from companion.ui.dice import DieFace
from companion.ui.widgets import paint

GOLD: theme.Colour = (1.0, 0.78, 0.18, 1)
"""A landmark's and a winner's mark."""


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
    still missing to a landmark, and the square's number underneath; a landmark is framed in gold."""

    def __init__(self, stack: StackView, landmark: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.stack, self.landmark = stack, max(1, landmark)
        self.square = stack.square
        self.number = Label(text=str(stack.square), font_size=theme.FONT_SMALL, color=theme.MUTED, bold=True)
        self.add_widget(self.number)
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_args: object) -> None:
        label_h = theme.FONT_SMALL * 1.3
        self.number.size = (self.width, label_h)
        self.number.pos = (self.x, self.y)
        self.canvas.before.clear()
        x, y = self.x + dp(2), self.y + label_h + dp(2)
        w, h = max(dp(6), self.width - dp(4)), max(dp(8), self.height - label_h - dp(4))
        gap = dp(2)
        block = (h - gap * (self.landmark - 1)) / self.landmark
        colour = theme.rgba(self.stack.paint)
        with self.canvas.before:
            Color(*theme.PANEL_RAISED)
            RoundedRectangle(pos=(x - dp(1), y - dp(2)), size=(w + dp(2), dp(3)), radius=[dp(1)])
            for level in range(self.landmark):
                top = y + level * (block + gap)
                if level < self.stack.height:
                    Color(*colour)
                    RoundedRectangle(pos=(x, top), size=(w, block), radius=[dp(2)])
                    Color(0, 0, 0, 0.25)
                    Line(rounded_rectangle=(x, top, w, block, dp(2)), width=dp(1))
                else:
                    Color(*theme.MUTED[:3], 0.35)
                    Line(rounded_rectangle=(x + dp(1), top + dp(1), w - dp(2), block - dp(2), dp(2)), width=dp(1))
            if self.stack.landmark:
                Color(*GOLD)
                Line(rounded_rectangle=(x - dp(2), y - dp(2), w + dp(4), h + dp(4), dp(3)), width=dp(2))


class TrackerSteps(Widget):
    """The Mega Shut Down tracker: a dot per step from Start to its end, filled up to the marker, the last one
    larger (a full tracker shows in the accent colour). When the box has not said how long it is: the words."""

    def __init__(self, marker: int, tracker: int | None, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", theme.FONT_SMALL * 1.4)
        super().__init__(**kwargs)
        self.marker, self.tracker = marker, tracker
        words = "Tracker" if tracker else f"Tracker: step {marker} of ?"
        self.label = Label(text=words, font_size=theme.FONT_SMALL, color=theme.MUTED, halign="left",
                           valign="middle")
        self.add_widget(self.label)
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_args: object) -> None:
        self.canvas.after.clear()
        self.label.text_size = (None, None)
        self.label.texture_update()
        label_w = self.label.texture_size[0] if self.tracker else self.width
        self.label.size = (label_w, self.height)
        self.label.pos = (self.x, self.y)
        self.label.text_size = self.label.size
        if not self.tracker:
            return
        full = self.marker >= self.tracker
        room = self.width - label_w - dp(6)
        step = min(dp(18), room / self.tracker)
        dot = max(dp(5), min(self.height - dp(4), step - dp(4)))
        cy = self.center_y
        with self.canvas.after:
            for n in range(1, self.tracker + 1):
                cx = self.x + label_w + dp(6) + (n - 0.5) * step
                size = dot * (1.0 if n == self.tracker else 0.8)
                reached = n <= self.marker
                Color(*((theme.ACCENT if full else theme.TEXT) if reached else theme.BUTTON))
                Ellipse(pos=(cx - size / 2, cy - size / 2), size=(size, size))


class BoardCard(BoxLayout):
    """One player's mini board: their colour and name (with their die of the last roll), where the token stands,
    whether something is asked of them now, the Build squares as stacks, the tracker and the tiles kept. The board
    whose owner acts now is framed in the accent colour; a winner's in gold."""

    def __init__(self, seat: RoundBoard, landmark: int, big: bool = False, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", padding=(dp(6), dp(4), dp(6), dp(6)), spacing=dp(2), **kwargs)
        board = seat.board
        self.seat, self.player_id = seat, board.player
        paint(self, theme.PANEL_RAISED if seat.acting else theme.PANEL, dp(6))
        frame = GOLD if board.winner else theme.ACCENT if seat.acting else None
        if frame is not None:
            with self.canvas.after:
                Color(*frame)
                outline = Line(width=dp(2))
            self.bind(pos=lambda w, _v: _frame(w, outline), size=lambda w, _v: _frame(w, outline))
        colour = theme.rgba(board.paint)
        name_size = theme.FONT_LARGE if big else theme.FONT
        header = BoxLayout(size_hint_y=None, height=name_size * 1.6, padding=(dp(6), 0, dp(3), 0), spacing=dp(4))
        paint(header, colour, dp(4))
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


def _frame(widget: Widget, outline: Line) -> None:
    outline.rounded_rectangle = (widget.x + dp(1), widget.y + dp(1), widget.width - dp(2), widget.height - dp(2),
                                 dp(6))


class TrayBlock(Widget):
    """One colour of the tray: a block in its colour with how many are left written on it (dimmed at none)."""

    def __init__(self, name: str, colour: str, count: int, **kwargs: Any) -> None:
        kwargs.setdefault("size_hint", (None, None))
        kwargs.setdefault("size", (dp(26), dp(22)))
        super().__init__(**kwargs)
        self.name, self.count = name, count
        self.fill = theme.rgba(colour, 1 if count else 0.3)
        self.label = Label(text=str(count), font_size=theme.FONT_SMALL, bold=True,
                           color=theme.text_on(theme.rgba(colour)) if count else theme.MUTED)
        self.add_widget(self.label)
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_args: object) -> None:
        self.label.pos, self.label.size = self.pos, self.size
        self.canvas.before.clear()
        with self.canvas.before:
            Color(*self.fill)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[dp(3)])


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
    """One of the three pictures of a Bank Heist dial, drawn: the ring, the pile of notes or the coin."""

    def __init__(self, picture: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.picture = picture
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_args: object) -> None:
        self.canvas.clear()
        side = min(self.width, self.height)
        x0, y0 = self.center_x - side / 2, self.center_y - side / 2
        draw = {"ring": self._ring, "money": self._money, "coin": self._coin}.get(self.picture)
        if draw is not None:
            with self.canvas:
                draw(x0, y0, side)

    @staticmethod
    def _ring(x: float, y: float, s: float) -> None:
        Color(1.0, 0.8, 0.25, 1)
        Line(circle=(x + s * 0.5, y + s * 0.36, s * 0.26), width=max(dp(2), s * 0.06))
        Color(0.62, 0.9, 1.0, 1)
        cx, top = x + s * 0.5, y + s * 0.62
        Line(points=(cx - s * 0.16, top + s * 0.1, cx, top - s * 0.02, cx + s * 0.16, top + s * 0.1, cx + s * 0.08,
                     top + s * 0.22, cx - s * 0.08, top + s * 0.22), close=True, width=max(dp(1.5), s * 0.03))
        Line(points=(cx - s * 0.16, top + s * 0.1, cx + s * 0.16, top + s * 0.1), width=max(dp(1), s * 0.02))

    @staticmethod
    def _money(x: float, y: float, s: float) -> None:
        for n in range(4):
            Color(0.22 + 0.04 * n, 0.62 + 0.05 * n, 0.3, 1)
            bx, by = x + s * (0.12 + 0.03 * n), y + s * (0.2 + 0.13 * n)
            RoundedRectangle(pos=(bx, by), size=(s * 0.7, s * 0.16), radius=[s * 0.02])
            Color(0.1, 0.35, 0.15, 1)
            Line(rounded_rectangle=(bx, by, s * 0.7, s * 0.16, s * 0.02), width=dp(1))
        Color(0.1, 0.35, 0.15, 1)
        Ellipse(pos=(x + s * 0.41, y + s * 0.6), size=(s * 0.12, s * 0.12))

    @staticmethod
    def _coin(x: float, y: float, s: float) -> None:
        Color(0.85, 0.62, 0.12, 1)
        Ellipse(pos=(x + s * 0.14, y + s * 0.14), size=(s * 0.72, s * 0.72))
        Color(1.0, 0.82, 0.3, 1)
        Ellipse(pos=(x + s * 0.22, y + s * 0.22), size=(s * 0.56, s * 0.56))
        Color(0.85, 0.62, 0.12, 1)
        Line(circle=(x + s * 0.5, y + s * 0.5, s * 0.2), width=max(dp(1.5), s * 0.03))
