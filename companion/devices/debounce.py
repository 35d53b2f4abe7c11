"""Debouncing in our own code: mechanical contacts bounce, and gpiozero's mock pins do not simulate it.

A press counts only when the line has been quiet for ``window`` seconds before it. The first edge of a bounce
train therefore counts at once (no added delay), the rest of the train does not, and a button held down gives
one press because only edges are reported. Presses closer together than ``window`` cannot come from a finger.
"""

from __future__ import annotations

import time
from collections.abc import Callable

DEFAULT_WINDOW = 0.03  # 30 ms: longer than the bounce of arcade micro-switches, shorter than any double tap


class Debouncer:
    """Turns the raw edges of one button into presses; ``clock`` is injectable for tests."""

    def __init__(self, window: float = DEFAULT_WINDOW, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self._clock = clock
        self._last_edge = float("-inf")
        self.ignored = 0

    def edge(self, pressed: bool) -> bool:
        """Record an edge (``pressed`` True for the press edge); return whether it is a press that counts."""
        now = self._clock()
        quiet = now - self._last_edge >= self.window
        self._last_edge = now
        if pressed and not quiet:
            self.ignored += 1
        return pressed and quiet
