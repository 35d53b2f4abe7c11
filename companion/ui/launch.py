"""Starting the touchscreen app: window settings first, then Kivy's window and the app.

Importing the app creates Kivy's Window, so the size and full-screen choice are set through :mod:`kivy.config`
here, before that import.
"""

from __future__ import annotations

import os

WINDOW_SIZE = (800, 480)


def run_app(fullscreen: bool = False) -> None:
    """Open the window and run until it is closed: full screen on the Pi, an 800x480 window on a desktop."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")  # the app's own options are not Kivy's
    from kivy.config import Config

    if fullscreen:
        Config.set("graphics", "fullscreen", "auto")
    else:
        Config.set("graphics", "fullscreen", "0")
        Config.set("graphics", "width", str(WINDOW_SIZE[0]))
        Config.set("graphics", "height", str(WINDOW_SIZE[1]))
    from companion.ui.app import CompanionApp

    CompanionApp().run()
