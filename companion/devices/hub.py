"""The devices in use at this table, opened from the configuration, started and stopped together.

The touchscreen can always roll and take typed-in dice. On top of that the table may have a button panel on the
Pi's GPIO header and a serial dice device. Anything that cannot be used (switched off, not a Pi, not plugged in,
a bad setting) is explained in :attr:`Devices.notes`, and the app carries on with what it has: with nothing
attached it says that the dice are rolled on the screen.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.devices.buttons import ButtonPanel, Press
from companion.devices.config import DeviceConfig
from companion.devices.rolls import DiceRoll, DiceSource
from companion.dice import RollNeed

ON_SCREEN_ONLY = "No dice device or Roll button found: roll on the screen, or enter the dice you rolled."


class Devices:
    """The serial dice device (if any) and the button panel (if any) beside the board."""

    def __init__(self, serial: DiceSource | None = None, panel: ButtonPanel | None = None,
                 notes: tuple[str, ...] = ()) -> None:
        self.serial = serial
        self.panel = panel
        self.notes = notes

    def start(self, offer: Callable[[DiceRoll], object], on_press: Callable[[Press], object],
              on_change: Callable[[], object]) -> None:
        """Start listening: rolls go to ``offer``, presses to ``on_press`` and device changes (a dice device
        plugged in or out) to ``on_change``; all three may be called from other threads."""
        if self.serial is not None:
            self.serial.on_status(lambda _status: on_change())
            self.serial.start(offer)
        if self.panel is not None:
            self.panel.start(on_press)

    def stop(self) -> None:
        """Let go of every device."""
        if self.serial is not None:
            self.serial.stop()
        if self.panel is not None:
            self.panel.stop()

    @property
    def has_roll_button(self) -> bool:
        """Whether a Roll button is wired."""
        return self.panel is not None and self.panel.has_roll

    def roll_hint(self, need: RollNeed | None = None) -> str:
        """One line for the dice dialog: what else can roll now, or that only the screen can."""
        ways = []
        if self.has_roll_button:
            ways.append("press the Roll button")
        if self.serial is not None and self.serial.connected:
            problems = self.serial.unable(need) if need is not None else []
            ways.append(f"throw the dice device ({problems[0]})" if problems else "throw the dice device")
        return f"Or {' or '.join(ways)}." if ways else ON_SCREEN_ONLY

    def summary(self) -> str:
        """A few words for the table screen's device indicator (the details are :meth:`status`)."""
        ways = []
        if self.serial is not None and self.serial.connected:
            ways.append("dice device")
        if self.has_roll_button:
            ways.append("Roll button")
        return f"Dice: {' and '.join(ways)}" if ways else "Dice: on screen"

    def status(self) -> list[str]:
        """A line per device for the screen: what is connected, what is being looked for, and why not."""
        lines = []
        if self.panel is not None:
            lines.append(self.panel.label)
        if self.serial is not None:
            lines.append(self.serial.status)
        if not self.has_roll_button and not (self.serial is not None and self.serial.connected):
            lines.append(ON_SCREEN_ONLY)
        return lines + list(self.notes)

    def want_roll(self, wanted: bool) -> None:
        """Tell the dice device whether a roll is wanted (it may light its lamp)."""
        if self.serial is not None:
            self.serial.ready(wanted)

    def show_turn(self, seat: int | None) -> None:
        """Light the turn lamp of ``seat``."""
        if self.panel is not None:
            self.panel.show_turn(seat)

    def feedback(self, accepted: bool) -> None:
        """Flash accepted, or flash refused and beep."""
        if self.panel is not None:
            self.panel.feedback(accepted)


def open_devices(config: DeviceConfig, problems: list[str]) -> Devices:
    """Open what the configuration asks for; ``problems`` (from reading the configuration) join the notes."""
    from companion.devices.gpio import open_panel
    from companion.devices.serial_dice import SerialDice

    notes = [f"Device settings: {p}" for p in problems]
    panel, reasons = open_panel(config.gpio)
    notes += reasons
    serial = SerialDice(config.serial) if config.serial.mode != "off" else None
    return Devices(serial, panel, tuple(notes))
