"""Smoke test while screens are built: the app starts on the home screen."""

from __future__ import annotations

import pytest

from tests.ui.helpers import frames, shoot

pytestmark = pytest.mark.ui


def test_app_starts_on_home(app, screenshot_dir) -> None:
    frames(2)
    assert app.manager.current == "home"
    shoot(screenshot_dir, "skeleton")
