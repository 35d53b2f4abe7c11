"""Opening the devices from the settings, and what the table is told about them (the fallback included)."""

from __future__ import annotations

import pytest

from companion.devices.config import default_file, flag_settings, load_config
from companion.devices.gpio import GpioPanel
from companion.devices.hub import ON_SCREEN_ONLY, open_devices
from companion.devices.serial_dice import SerialDice

pytestmark = pytest.mark.usefixtures("factory")


def test_with_everything_switched_off_the_dice_are_rolled_on_screen() -> None:
    """--screen-dice-only: no panel, no dice device, and the status says the screen rolls."""
    flags, _ = flag_settings(screen_only=True)
    devices = open_devices(*load_config([default_file()], flags))
    assert (devices.panel, devices.serial) == (None, None)
    assert devices.status() == [ON_SCREEN_ONLY, 'GPIO buttons are switched off ([gpio] mode = "off")']
    assert devices.roll_hint() == ON_SCREEN_ONLY


def test_the_shipped_settings_open_the_panel_and_look_for_a_dice_device() -> None:
    """On (mock) GPIO the panel opens with its Roll button; the dice device is looked for but not found yet,
    so the Roll button is the only other way to roll."""
    devices = open_devices(*load_config([default_file()]))
    try:
        assert isinstance(devices.panel, GpioPanel) and isinstance(devices.serial, SerialDice)
        assert devices.status()[:2] == ["GPIO buttons: Roll, Confirm, Cancel and 4 seat buttons",
                                        "Looking for a dice device on the USB ports…"]
        assert devices.roll_hint() == "Or press the Roll button."
    finally:
        devices.stop()


def test_setting_problems_reach_the_screen_and_the_app_still_opens() -> None:
    """A pin off the header switches the panel off; the problem is one of the status lines, in words."""
    flags, _ = flag_settings(pins=["roll=40"], serial="off")
    devices = open_devices(*load_config([default_file()], flags))
    assert devices.panel is None and devices.serial is None
    status = devices.status()
    assert status[0] == ON_SCREEN_ONLY
    assert "Device settings: [gpio] roll must be a GPIO number from 2 to 27 (BCM numbering), not 40" in status
