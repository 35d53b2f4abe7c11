"""Shared fixtures: the Kivy window and the folder where UI tests save screenshots."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.clock import FakeClock
from tests.tools import installed

REPO_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def window() -> Iterator[Any]:
    """The process-wide Kivy Window at 800x480, emptied again after the test."""
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    win = EventLoop.window
    if tuple(win.size) != (800, 480):  # GraphicUnitTest leaves the shared Window at 320x240
        win.size = (800, 480)
        EventLoop.idle()
    yield win
    for child in win.children[:]:
        win.remove_widget(child)


@pytest.fixture
def screenshot_dir() -> Path:
    """Folder for screenshots: ``$COMPANION_SCREENSHOT_DIR``, else ``<repo>/build/screenshots``."""
    path = Path(os.environ.get("COMPANION_SCREENSHOT_DIR", REPO_ROOT / "build" / "screenshots"))
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def app_devices() -> Any:
    """The devices the ``app`` fixture runs with: none (on-screen dice only). A test module that needs a button
    panel or a dice device overrides this fixture."""
    return None


@pytest.fixture
def fake_clock() -> FakeClock:
    """The clock the ``app`` fixture's countdowns follow (see :class:`FakeClock`)."""
    return FakeClock()


@pytest.fixture
def app(window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, app_devices: Any,
        fake_clock: FakeClock) -> Iterator[Any]:
    """The real app on the shared Window, with its journal, sounds and settings under ``tmp_path``.

    Dice rolled on screen come from a seeded generator; the auction countdown and the time of day (a time-limit
    game's end) follow ``fake_clock``. Open popups
    are closed afterwards, and the devices are let go of.
    """
    import random

    from kivy.base import EventLoop
    from kivy.uix.modalview import ModalView

    from companion.ui.app import CompanionApp

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    companion_app = CompanionApp(journal_file=tmp_path / "games.sqlite3", dice_rng=random.Random(4),
                                 devices=app_devices, clock=fake_clock, now=fake_clock.wall)
    window.add_widget(companion_app.build())
    for _ in range(3):
        EventLoop.idle()
    yield companion_app
    for child in window.children[:]:
        if isinstance(child, ModalView):
            child.dismiss(animation=False)
    companion_app.on_stop()


@pytest.fixture
def chromium() -> str:
    """The browser the phone pages are rendered in (installed by run.sh with the test packages)."""
    return installed("chromium", "chromium-browser")
