"""Where the app finds its edition data and keeps its own files.

No Kivy here: the engine, the command line and the tests all use these functions.
"""

from __future__ import annotations

import os
from pathlib import Path

import companion

APP_DIR_NAME = "sw-monopoly-companion"


def editions_dir() -> Path:
    """Return the folder that holds one sub-folder per edition.

    Looked up in this order:

    1. ``$COMPANION_EDITIONS_DIR`` when it is set (tests, or data kept elsewhere);
    2. ``companion/_editions`` next to the installed package (a wheel install, see pyproject.toml);
    3. ``<checkout>/editions`` (an editable install or a plain checkout).

    Raises:
        FileNotFoundError: if the chosen folder does not exist.
    """
    override = os.environ.get("COMPANION_EDITIONS_DIR")
    if override:
        path = Path(override).expanduser()
        if not path.is_dir():
            raise FileNotFoundError(f"COMPANION_EDITIONS_DIR={override!r} is not an existing folder")
        return path
    packaged = Path(companion.__file__).parent / "_editions"
    if packaged.is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[1] / "editions"
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"no editions folder found: looked for {packaged} (installed wheel) and {checkout} (checkout); "
        "set COMPANION_EDITIONS_DIR to the folder that holds the editions"
    )


def data_dir() -> Path:
    """Return the folder for the app's own files (the game journal), creating it if missing.

    ``$COMPANION_DATA_DIR`` when set, else ``$XDG_DATA_HOME/sw-monopoly-companion`` (when that variable
    holds an absolute path), else ``~/.local/share/sw-monopoly-companion``.
    """
    override = os.environ.get("COMPANION_DATA_DIR")
    if override:
        path = Path(override).expanduser()
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        # The XDG spec says a relative path in XDG_DATA_HOME is invalid and must be ignored.
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
        path = base / APP_DIR_NAME
    path.mkdir(parents=True, exist_ok=True)
    return path


def journal_path() -> Path:
    """Return the path of the SQLite game journal inside :func:`data_dir`."""
    return data_dir() / "games.sqlite3"


def boxes_dir() -> Path:
    """Return the folder of the owner's box profiles inside :func:`data_dir` (one sub-folder per edition)."""
    return data_dir() / "boxes"
