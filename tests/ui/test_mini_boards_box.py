"""Box setup for an edition played on mini boards (MONOPOLY GO!), driven by taps: the box screen says a game can
start with no face known and that play asks for the layout of the eight faces; "Check and fill in" lists each
face with what the box says of it (nothing of a face is published, so there is no walk). The layout entered is
TEST DATA (made up).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.table.box_play import box_store
from companion.table.box_setup import MINI_BOARDS_NOTE
from companion.ui.widgets import Dialog, TapButton
from tests.ui.helpers import dialogs, find, find_all, shoot, tap

pytestmark = pytest.mark.ui

ROOT = Path(__file__).resolve().parents[2]
GO_ID = "monopoly-go"


@pytest.fixture(autouse=True)
def go_edition(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The MONOPOLY GO! edition alone on the device, before the app reads editions."""
    shutil.copytree(ROOT / "editions" / GO_ID, tmp_path / "editions" / GO_ID)
    monkeypatch.setenv("COMPANION_EDITIONS_DIR", str(tmp_path / "editions"))


def test_the_box_of_mini_boards_lists_each_face_and_what_is_known_of_it(app: Any, screenshot_dir: Path) -> None:
    from kivy.uix.label import Label

    edition = app.editions[GO_ID]
    box = box_store().current(edition)
    box_store().save(box.with_values("face:red-1", {"length": 12, "tracker": 3, "jail": 6, "space4": "bank-heist"}))
    tap(find(TapButton, "Box setup"))
    tap(find(TapButton, edition=GO_ID))
    assert find(Label, edition=GO_ID, role="headline").text == ("A game can start; play asks for the rest when it "
                                                                "is first needed.")
    assert [w.text for w in find_all(Label, edition=GO_ID, role="status")] == [
        "Asked for during play, the first time it is needed: the layout of 8 mini board faces."]
    tap(find(TapButton, "Check and fill in"))
    assert app.manager.current == "box"
    dialog = dialogs()[-1]
    assert isinstance(dialog, Dialog) and dialog.title.text == "Mini boards of MONOPOLY GO! The Board Game"
    lines = [w.text for w in reversed(find_all(Label, root=dialog, role="face"))]
    assert lines[:2] == ["The red board, side 1: 12 spaces, 2 of the 11 after GO described, Jail on space 6, "
                         "tracker of 3 steps.", "The red board, side 2: not read yet."]
    assert len(lines) == 8
    assert find(Label, MINI_BOARDS_NOTE, dialog) is not None
    shoot(screenshot_dir, "box-mini-boards")
