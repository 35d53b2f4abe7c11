"""Starting the touchscreen app: window settings first, then Kivy's window and the app.

Importing the app creates Kivy's Window, so the size and full-screen choice are set through :mod:`kivy.config`
here, before that import.
"""

from __future__ import annotations

import os
import sys

from companion.devices.config import DeviceConfig, default_file, load_config

WINDOW_SIZE = (800, 480)


def run_app(fullscreen: bool = False, devices: tuple[DeviceConfig, list[str]] | None = None) -> None:
    """Open the window and run until it is closed: full screen on the Pi, an 800x480 window on a desktop.

    ``devices`` is the device configuration and its problems (read from the shipped defaults when not given);
    what is found is printed, and with nothing attached the dice are rolled on the screen.
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
    from companion.devices.hub import open_devices
    from companion.ui.app import CompanionApp

    config, problems = devices if devices is not None else load_config([default_file()])
    hub = open_devices(config, problems)
    for line in hub.status():
        print(f"companion: {line}", file=sys.stderr)
    CompanionApp(devices=hub).run()
