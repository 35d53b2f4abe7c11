"""The worth chart of the end screen: one coloured line per player, turns along the bottom, money up the side.

The chart only draws what :func:`companion.table.history.worth_history` worked out; the axis steps are layout
maths (round numbers that fit), and every amount on an axis is worded by the edition's money.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Line
from kivy.metrics import dp
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.table.history import WorthSeries
from companion.ui import theme

GRID: theme.Colour = (1, 1, 1, 0.08)


def nice_step(span: float, ticks: int) -> int:
    """A round step (1, 2 or 5 times a power of ten, at least 1) that cuts ``span`` into about ``ticks`` parts."""
    raw = max(span / max(ticks, 1), 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * magnitude >= raw:
            return int(m * magnitude)
    return int(10 * magnitude)


class WorthChart(Widget):
    """Every player's worth over the game as lines on axes; ``lines`` maps each player id to its Line."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.series: tuple[WorthSeries, ...] = ()
        self.money: Callable[[int], str] = str
        self.lines: dict[str, Line] = {}
        self._redraw = Clock.create_trigger(lambda _dt: self.draw())
        self.bind(size=lambda *_: self._redraw(), pos=lambda *_: self._redraw())

    def show(self, series: Sequence[WorthSeries], money: Callable[[int], str]) -> None:
        """Draw these series; ``money`` words an amount for the side axis (e.g. ``1,500 IC``)."""
        self.series = tuple(series)
        self.money = money
        self.draw()

    def _label(self, words: str, colour: theme.Colour = theme.MUTED) -> Label:
        label = Label(text=words, font_size=theme.FONT_SMALL, color=colour, size_hint=(None, None))
        label.texture_update()
        label.size = label.texture_size
        self.add_widget(label)
        return label

    def draw(self) -> None:
        """Rebuild the axes, their labels and one line per player for the current size."""
        self.canvas.clear()
        self.clear_widgets()
        self.lines = {}
        points = [pt for s in self.series for pt in s.points]
        if not points:
            return
        last_turn = max(max(t for t, _ in points), 1)
        low, high = min(w for _, w in points), max(w for _, w in points)
        y_step = nice_step(high - low, 4)
        y_min = math.floor(low / y_step) * y_step
        y_max = math.ceil(high / y_step) * y_step
        if y_max == y_min:
            y_min, y_max = y_min - y_step, y_max + y_step
        y_ticks = list(range(y_min, y_max + 1, y_step))
        y_labels = [self._label(self.money(v)) for v in y_ticks]
        x_step = nice_step(last_turn, max(2, int(self.width // dp(70))))
        x_labels = [(t, self._label(str(t))) for t in range(0, last_turn + 1, x_step)]
        turn_title = self._label("turn")

        left = self.x + max(lbl.width for lbl in y_labels) + dp(8)
        bottom = self.y + turn_title.height + dp(6)
        right = self.right - turn_title.width - x_labels[-1][1].width / 2 - dp(10)
        top = self.top - dp(10)
        if right - left < dp(40) or top - bottom < dp(40):
            self.clear_widgets()
            return

        def px(turn: float) -> float:
            return left + (right - left) * turn / last_turn

        def py(value: float) -> float:
            return bottom + (top - bottom) * (value - y_min) / (y_max - y_min)

        with self.canvas:
            Color(*GRID)
            for v in y_ticks[1:]:
                Line(points=[left, py(v), right, py(v)], width=1)
            Color(*theme.MUTED)
            Line(points=[left, top, left, bottom, right, bottom], width=dp(1))
            for t, _lbl in x_labels:
                Line(points=[px(t), bottom, px(t), bottom - dp(4)], width=1)
            for s in self.series:
                Color(*theme.rgba(s.colour))
                flat = [c for turn, value in s.points for c in (px(turn), py(value))]
                self.lines[s.player] = Line(points=flat, width=dp(1.6), joint="round", cap="round")
        for v, lbl in zip(y_ticks, y_labels, strict=True):
            lbl.pos = (left - dp(6) - lbl.width, py(v) - lbl.height / 2)
        for t, lbl in x_labels:
            lbl.pos = (px(t) - lbl.width / 2, self.y)
        turn_title.pos = (right + x_labels[-1][1].width / 2 + dp(6), self.y)  # the bottom axis's name
