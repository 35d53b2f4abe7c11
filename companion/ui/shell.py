"""What the screens and dialogs may ask of the app they run in.

The app (:mod:`companion.ui.app`) builds the screens, so the screens cannot import it; they are typed against this
protocol instead, and the import graph has no circle."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime
from typing import Protocol

from kivy.uix.screenmanager import Screen, ScreenManager

from companion.devices.desk import Outcome
from companion.devices.hub import Devices
from companion.devices.rolls import DiceRoll
from companion.edition import Edition
from companion.engine.state import Setup
from companion.storage.journal import Journal
from companion.table.actions import Action
from companion.table.box_play import BoxStore
from companion.table.phone import PhoneLink
from companion.table.session import Answer, Session
from companion.ui.sounds import Sounds


class Shell(Protocol):
    """The running app as its screens see it."""

    session: Session | None
    last_answer: Answer | None
    journal: Journal
    boxes: BoxStore
    devices: Devices
    sounds: Sounds
    phones: PhoneLink
    manager: ScreenManager
    dice_rng: random.Random
    clock: Callable[[], float]
    now: Callable[[], datetime]

    @property
    def editions(self) -> dict[str, Edition]:
        """The editions on disk that load, by id."""

    def screen(self, name: str) -> Screen:
        """The screen called ``name``."""

    def goto(self, name: str) -> None:
        """Show the screen called ``name``."""

    def new_game(self, setup: Setup, box: str = "") -> Answer:
        """Start a game."""

    def resume_game(self, game_id: str) -> Answer:
        """Take up a saved game."""

    def delete_game(self, game_id: str) -> bool:
        """Remove a saved game."""

    def leave_game(self) -> None:
        """Back to the home screen; the game stays saved."""

    def submit(self, command: str, source: str = "screen", told: tuple[str, ...] = ()) -> Answer:
        """Carry out a command of the table."""

    def run_action(self, action: Action) -> Answer | None:
        """Carry out an offered action."""

    def undo(self, reason: str, count: int = 1) -> Answer:
        """Take back the last actions."""

    def type_dice(self) -> None:
        """Open the dice dialog for the roll wanted now (the faces rolled by hand)."""

    def offer_roll(self, roll: DiceRoll) -> Outcome:
        """A roll from the on-screen dice."""

    def roll_hint(self) -> str:
        """What the dice devices wait for now."""

    def run(self) -> None:
        """Run the app."""
