"""A clock for tests: time passes when the test says so."""

from __future__ import annotations

from datetime import datetime, timedelta

START = datetime(2026, 11, 25, 19, 30)


class FakeClock:
    """Seconds that pass only when a test says so: what the app's countdowns measure time by in the UI tests, so
    a countdown reaches a stage by the test's word, never by how fast the machine runs."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def wall(self) -> datetime:
        """The local date and time on this clock: an evening of 25 November 2026 when the test starts."""
        return START + timedelta(seconds=self.now - 1000.0)
