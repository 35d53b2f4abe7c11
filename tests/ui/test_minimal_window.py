"""The minimal window starts for real under Xvfb, shows the title and the editions, and screenshots."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.ui


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert header[12:16] == b"IHDR"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


@pytest.fixture
def test_editions(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """An editions folder of our own: one edition with a name, one folder without edition.toml."""
    root = tmp_path / "editions"
    (root / "test-edition").mkdir(parents=True)
    (root / "test-edition" / "edition.toml").write_text('id = "test-edition"\nname = "Test Edition"\n')
    (root / "not-an-edition").mkdir()
    monkeypatch.setenv("COMPANION_EDITIONS_DIR", str(root))
    return root


def test_find_editions_reads_names(test_editions: Path) -> None:
    from companion.ui.app import find_editions

    assert find_editions() == ["Test Edition"]


def test_app_runs_and_shows_editions(test_editions: Path, screenshot_dir: Path) -> None:
    from kivy.clock import Clock

    from companion.ui.app import TITLE, CompanionApp

    app = CompanionApp()
    seen: dict[str, Any] = {}

    def shoot(_dt: float) -> None:
        from kivy.core.window import Window

        target = screenshot_dir / "minimal-window.png"
        target.unlink(missing_ok=True)
        written = Window.screenshot(name=str(target))  # Kivy adds a counter: minimal-window0001.png
        Path(written).replace(target)
        seen["screenshot"] = target
        Clock.schedule_once(lambda _dt: app.stop(), 0)

    def drive(_dt: float) -> None:
        from kivy.core.window import Window

        seen["title"] = app.title_label.text if app.title_label else None
        seen["editions"] = [label.text for label in app.edition_labels]
        if tuple(Window.size) != (800, 480):  # another test may have resized the shared Window
            Window.size = (800, 480)
        Clock.schedule_once(shoot, 0.2)

    Clock.schedule_once(drive, 0.1)
    timeout = Clock.schedule_once(lambda _dt: app.stop(), 15)  # never hang the suite
    app.run()
    timeout.cancel()

    assert seen.get("title") == TITLE
    assert app.get_application_name() == TITLE  # what App.run() hands to the window manager
    assert any("Test Edition" in text for text in seen["editions"]), seen["editions"]
    shot = seen["screenshot"]
    assert shot.is_file()
    assert png_size(shot) == (800, 480)
