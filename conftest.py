"""Root conftest: Kivy/gpiozero environment defaults, set before anything imports kivy.

Never import ``kivy.core.window`` (or anything that creates the Window) here: the Window would be created
before pytest-xvfb starts Xvfb, and SDL would then silently fall back to its 'offscreen' driver.
"""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
if "KIVY_HOME" not in os.environ:
    os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="kivyhome-")
    atexit.register(shutil.rmtree, os.environ["KIVY_HOME"], True)
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_WINDOW", "sdl2")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
os.environ.setdefault("KIVY_CLOCK", "interrupt")  # the clock the app runs with (companion/ui/launch.py)
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # sounds play silently; no audio device needed

from kivy.config import Config  # after the environment above on purpose; creates no Window

Config.set("graphics", "width", "800")
Config.set("graphics", "height", "480")
Config.set("graphics", "fullscreen", "0")
