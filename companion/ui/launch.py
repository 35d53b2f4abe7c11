"""Starting the touchscreen app: window settings first, then Kivy's window and the app.

Importing the app creates Kivy's Window, so the size and full-screen choice are set through :mod:`kivy.config`
here, before that import. On the table appliance the command line hands over the kiosk settings' Kivy values
(:func:`companion.kiosk.kivy_settings`), after putting their environment in place.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any

from companion.devices.config import DeviceConfig, default_file, load_config
from companion.memory import settle_after_loading

WINDOW_SIZE = (800, 480)


def run_app(fullscreen: bool = False, devices: tuple[DeviceConfig, list[str]] | None = None,
            kivy_config: Mapping[str, Mapping[str, str]] | None = None, transitions: bool = True) -> None:
    """Open the window and run until it is closed: full screen on the Pi, an 800x480 window on a desktop.

    ``devices`` is the device configuration and its problems (read from the shipped defaults when not given);
    what is found is printed, and with nothing attached the dice are rolled on the screen. ``kivy_config`` (the
    appliance's) goes into Kivy's configuration by :func:`apply_config`; ``transitions=False`` changes screens
    without the fade.
    """
    os.environ.setdefault("KIVY_NO_ARGS", "1")  # the app's own options are not Kivy's
    # A roll or press from a device thread wakes the UI at once instead of waiting for the next frame.
    os.environ.setdefault("KIVY_CLOCK", "interrupt")
    from kivy.config import Config

    if fullscreen:
        Config.set("graphics", "fullscreen", "auto")
    else:
        Config.set("graphics", "fullscreen", "0")
        Config.set("graphics", "width", str(WINDOW_SIZE[0]))
        Config.set("graphics", "height", str(WINDOW_SIZE[1]))
    apply_config(kivy_config or {}, Config)
    from companion.devices.hub import open_devices
    from companion.ui.app import CompanionApp

    config, problems = devices if devices is not None else load_config([default_file()])
    hub = open_devices(config, problems)
    for line in hub.status():
        print(f"companion: {line}", file=sys.stderr)
    app = CompanionApp(devices=hub)
    if not transitions:
        from kivy.uix.screenmanager import NoTransition

        app.manager.transition = NoTransition()
    settle_after_loading()  # Kivy, the screens and the devices stay for the whole run
    app.run()


def apply_config(values: Mapping[str, Mapping[str, str]], config: Any) -> None:
    """Set ``values`` (section: key: value) in Kivy's ``config`` before the window opens. An ``input`` section
    replaces Kivy's whole one: input providers are a list of readers, and one left over from Kivy's defaults would
    read the same touchscreen a second time."""
    for section, items in values.items():
        if section == "input" and config.has_section("input"):
            config.remove_section("input")
        if not config.has_section(section):
            config.add_section(section)
        for key, value in items.items():
            config.set(section, key, value)
