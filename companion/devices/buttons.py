"""Physical buttons and lamps beside the board: the one interface every button panel implements.

A panel has a Roll button, a Confirm and a Cancel button, and optionally one button per seat at the table
(players bid in auctions and answer questions put to them with it). It may also have a lamp per seat showing
whose turn it is, an "accepted" and a "refused" lamp, and a buzzer. The app reacts to :class:`Press` events and
tells the panel what to show; what a press means on each screen is decided by the app, never by the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

ButtonName = Literal["roll", "confirm", "cancel", "seat"]


@dataclass(frozen=True)
class Press:
    """One accepted press: which button, and for a seat button the seat number (1 = first player listed)."""

    button: ButtonName
    seat: int = 0

    def __str__(self) -> str:
        return f"seat {self.seat} button" if self.button == "seat" else f"{self.button.capitalize()} button"


class ButtonPanel(Protocol):
    """Buttons that report presses, and lamps and a buzzer that show what the app tells them."""

    @property
    def label(self) -> str:
        """What the players see, e.g. ``GPIO buttons: Roll, Confirm, Cancel, 4 seats``."""
        ...

    @property
    def has_roll(self) -> bool:
        """Whether the panel has a Roll button."""
        ...

    def start(self, on_press: Callable[[Press], object]) -> None:
        """Begin reporting presses (``on_press`` may be called from any thread)."""
        ...

    def stop(self) -> None:
        """Stop reporting and release the pins."""
        ...

    def show_turn(self, seat: int | None) -> None:
        """Light the lamp of the seat whose turn it is (``None``: no lamp, e.g. between games)."""
        ...

    def feedback(self, accepted: bool) -> None:
        """Flash the accepted lamp, or flash the refused lamp and sound the buzzer."""
        ...
