"""Dice and buttons beside the board, end to end in the real app: a GPIO panel on gpiozero's mock pins (bounce
trains made with a fake clock) and a dice device simulated on a real pseudo-terminal. Every roll reaches the
engine once, with its source in the journal and on the screen; presses at the wrong moment are refused visibly
(a message across the top) and audibly (the buzzer)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.devices.config import GpioConfig, SerialConfig, default_file, load_config
from companion.devices.gpio import GpioPanel
from companion.devices.hub import ON_SCREEN_ONLY, Devices
from companion.devices.protocol import DeviceDie
from companion.devices.serial_dice import SerialDice
from companion.devices.simulator import DiceDevice, FdWire
from companion.ui.dice import DiceDialog
from companion.ui.screens.table import TableScreen
from companion.ui.widgets import EngineActionButton, TapButton
from tests.devices.pins import FakeClock, tap
from tests.ui.helpers import PATIENCE, dialogs, find, find_all, frames, settle, setup_for, shoot
from tests.ui.helpers import tap as tap_widget

GPIO: GpioConfig = load_config([default_file()])[0].gpio  # the shipped pin map: Roll 17, Confirm 27, seats 5, 6...
ROLL, CONFIRM, CANCEL, SEAT_1, SEAT_2 = 17, 27, 22, 5, 6
TURN_LAMP_1, TURN_LAMP_2, REFUSED_LAMP, BUZZER = 23, 24, 20, 26


class Table:
    """The mock pins, the fake clock and (when plugged in) the simulated dice device of one test."""

    def __init__(self) -> None:
        self.factory = MockFactory()
        self.clock = FakeClock()
        self.master, slave = os.openpty()
        self.port = os.ttyname(slave)
        self.slave = slave
        self.device = DiceDevice((DeviceDie(1, 6), DeviceDie(1, 6)), name="tower", beat_every=0.2)
        self.stop = threading.Event()

    def press(self, pin: int) -> None:
        """A finger on a bouncing button: pressed, held, released."""
        tap(self.factory, self.clock, pin)

    def plug_in(self) -> None:
        """The dice device starts talking on the pseudo-terminal."""
        threading.Thread(target=self.device.serve, args=(FdWire(self.master), self.stop), daemon=True).start()


@pytest.fixture
def table() -> Iterator[Table]:
    previous = Device.pin_factory
    t = Table()
    Device.pin_factory = t.factory
    yield t
    t.stop.set()
    t.factory.reset()
    Device.pin_factory = previous
    os.close(t.master)
    os.close(t.slave)


@pytest.fixture
def app_devices(table: Table) -> Devices:
    """The shipped pin map on mock pins, and a dice device on the pseudo-terminal (plugged in when a test
    says so)."""
    serial = SerialDice(SerialConfig(mode="on", port=table.port, hello_timeout=2, silence_timeout=30,
                                     retry_every=0.05))
    return Devices(serial, GpioPanel(GPIO, table.clock, table.factory, flash=0.01))


def wait_until(condition: Callable[[], Any], seconds: float = PATIENCE) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        frames(1)


def start(app: Any, players: int = 2) -> TableScreen:
    app.new_game(setup_for(players))
    settle()
    screen = app.screen("table")
    assert isinstance(screen, TableScreen)
    return screen


def rolls(app: Any) -> list[tuple[str, str]]:
    """Every roll in the journal: its command and its source."""
    return [(e.command.to_text(), e.command.source) for e in app.session.game.entries
            if e.command and e.command.verb == "roll"]


def lit(table: Table, pin: int) -> bool:
    return bool(table.factory.pin(pin).state)


def toasts(window: Any) -> list[str]:
    return [w.text for w in window.children if getattr(w, "is_toast", False)]


def test_a_bouncing_roll_button_rolls_once_and_the_screen_says_so(app: Any, table: Table,
                                                                   screenshot_dir: Path) -> None:
    """Five edges from one press of Roll: one roll in the journal, stored with source gpio, shown on screen."""
    screen = start(app)
    table.press(ROLL)
    wait_until(lambda: rolls(app))
    frames(5)
    assert len(rolls(app)) == 1 and rolls(app)[0][1] == "gpio"
    assert screen.dice_source_label.text == "The dice were rolled with the Roll button."
    shoot(screenshot_dir, "table-roll-button")


def test_roll_at_the_wrong_moment_is_refused_with_the_reason_and_the_buzzer(app: Any, table: Table, window: Any,
                                                                             screenshot_dir: Path) -> None:
    """Luke must buy or auction the Swamp before anything else: Roll does nothing but say why and buzz."""
    start(app)
    table.press(ROLL)
    wait_until(lambda: rolls(app))
    landed = rolls(app)[0][0]
    assert landed.startswith("roll luke ")
    table.factory.pin(BUZZER).clear_states()
    table.press(ROLL)
    frames(3)
    assert len(rolls(app)) == 1
    assert toasts(window) and toasts(window)[0].startswith("No roll now.")
    wait_until(lambda: any(s.state for s in table.factory.pin(BUZZER).states))
    shoot(screenshot_dir, "table-roll-refused")


def test_turn_lamps_follow_the_turn(app: Any, table: Table) -> None:
    """Seat 1's lamp is lit on Luke's turn, seat 2's after Luke ends his turn."""
    start(app)
    assert (lit(table, TURN_LAMP_1), lit(table, TURN_LAMP_2)) == (True, False)
    app.submit("roll luke 1 2")
    app.submit("buy luke")
    app.submit("end luke")
    assert (lit(table, TURN_LAMP_1), lit(table, TURN_LAMP_2)) == (False, True)


def test_confirm_buys_and_seat_buttons_bid(app: Any, table: Table) -> None:
    """Vader's seat button does nothing while Luke decides; Confirm buys the Swamp Luke landed on (1,500 − 60).
    Vader then lands on a vessel and declines it: in the auction each seat button raises that player's bid by
    10 (Vader 10, Luke 20, Vader 30)."""
    start(app)
    app.submit("roll luke 1 2", source="typed")
    table.press(SEAT_2)
    assert app.session.game.state.owner("dagobah-swamp") == "bank"  # nothing is asked of Vader
    table.press(CONFIRM)
    settle()
    assert app.session.game.state.owner("dagobah-swamp") == "luke"
    assert app.session.game.state.cash("luke") == 1440
    app.submit("end luke")
    app.submit("roll vader 2 3")  # GO + 5: the first vessel
    app.submit("decline vader")
    settle()
    assert app.manager.current == "auction"
    table.press(SEAT_2)
    table.press(SEAT_1)
    table.press(SEAT_2)
    frames(3)
    auction = app.session.game.state.auction
    assert auction is not None and auction.high == ("vader", 30)


def test_confirm_and_cancel_answer_the_open_window(app: Any, table: Table) -> None:
    """With the dice window open, Cancel closes it; a refusal window is closed by Confirm."""
    start(app)
    tap_widget(find(TapButton, typed_for="roll"))
    settle()
    assert isinstance(dialogs()[-1], DiceDialog)
    table.press(CANCEL)
    settle()
    assert not dialogs()
    tap_widget(find_all(EngineActionButton, text="End turn")[0])  # refused: Luke has not rolled; the reasons open
    settle()
    assert dialogs() and dialogs()[-1].reasons
    table.press(CONFIRM)
    settle()
    assert not dialogs()


def test_the_dice_device_rolls_once_per_throw_and_closes_the_dice_window(app: Any, table: Table,
                                                                         screenshot_dir: Path) -> None:
    """The device sends each throw twice: one roll, from source serial. A throw while the dice window is open
    closes it; the window says the device may throw instead of the screen."""
    screen = start(app)
    table.plug_in()
    wait_until(lambda: app.devices.serial.connected)
    frames(3)
    assert any("Dice device 'tower'" in line for line in screen.device_status)
    assert screen.device_button.text.startswith("Dice: dice device")
    tap_widget(find(TapButton, typed_for="roll"))
    settle()
    dialog = dialogs()[-1]
    assert isinstance(dialog, DiceDialog)
    assert dialog.devices_line.text == "Or press the Roll button or throw the dice device."
    shoot(screenshot_dir, "dice-dialog-with-devices")
    table.device.throw((3, 4))
    wait_until(lambda: rolls(app))
    settle()
    assert rolls(app) == [("roll luke 3 4", "serial")]
    assert not dialogs()
    assert screen.dice_source_label.text == "The dice were read from the dice device."
    app.goto("journal")
    settle()
    shoot(screenshot_dir, "journal-roll-sources")


def test_a_throw_when_no_roll_is_wanted_counts_for_nothing(app: Any, table: Table, window: Any) -> None:
    """After Luke's roll, a throw of the device is refused with the reason and does not reach the engine."""
    start(app)
    table.plug_in()
    wait_until(lambda: app.devices.serial.connected)
    app.submit("roll luke 1 2", source="typed")
    table.device.throw((5, 5))
    wait_until(lambda: toasts(window))
    assert rolls(app) == [("roll luke 1 2", "typed")]
    assert toasts(window)[0].startswith("No roll now.")


def test_with_nothing_attached_the_dice_are_rolled_on_screen_and_the_screen_says_so() -> None:
    """No panel, no dice device: the status and the dice window say the dice are rolled on the screen."""
    devices = Devices()
    assert devices.status() == [ON_SCREEN_ONLY]
    assert devices.roll_hint() == ON_SCREEN_ONLY
