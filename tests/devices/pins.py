"""Driving gpiozero's mock pins like a finger on a real button: a fake clock for the debouncer, and presses and
releases that bounce (mock pins do not simulate bounce themselves)."""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory


class FakeClock:
    """A clock that moves only when told to, in milliseconds."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def step(self, ms: float) -> None:
        self.now += ms / 1000


def press(factory: MockFactory, clock: FakeClock, pin: int, bounces: int = 4) -> None:
    """Close the contact: a low edge, then ``bounces`` toggles 1 ms apart, ending low (still held)."""
    line = factory.pin(pin)
    line.drive_low()
    for n in range(bounces):
        clock.step(1)
        line.drive_high() if n % 2 == 0 else line.drive_low()


def release(factory: MockFactory, clock: FakeClock, pin: int, bounces: int = 4) -> None:
    """Open the contact after holding it 100 ms: a high edge, then ``bounces`` toggles, ending high."""
    clock.step(100)
    line = factory.pin(pin)
    line.drive_high()
    for n in range(bounces):
        clock.step(1)
        line.drive_low() if n % 2 == 0 else line.drive_high()
    clock.step(100)


def tap(factory: MockFactory, clock: FakeClock, pin: int) -> None:
    """A whole press and release, both bouncing."""
    press(factory, clock, pin)
    release(factory, clock, pin)
