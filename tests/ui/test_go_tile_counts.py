"""Box setup of MONOPOLY GO!: how many Chance tiles of each kind the box holds, entered with taps on − and + (the
ten tiles of the box shown against what is counted), checked when saved, kept in the box and taken back with −
down to "?". Nothing of it is needed to start a game. Every count here is TEST DATA (made up): the published
counts are not known.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.table.box_play import box_store, with_box
from companion.ui.screens.box import TileCountRow, TileCountsDialog
from companion.ui.widgets import Dialog, TapButton
from tests.ui.helpers import dialogs, find, shoot, tap, wait_until
from tests.ui.test_mini_boards_box import GO_ID, go_edition

pytestmark = pytest.mark.ui

HEADLINE = "A game can start; play asks for the rest when it is first needed."

__all__ = ["go_edition"]  # the MONOPOLY GO! edition alone on the device, before the app reads editions


def label(role: str, root: Any) -> str:
    from kivy.uix.label import Label

    return str(find(Label, root=root, role=role).text)


def press(kind: str, by: int, times: int = 1) -> None:
    """Tap − or + of one kind of tile on the open tile counts dialog."""
    row = find(TileCountRow, kind=kind)
    for _ in range(times):
        tap(find(TapButton, root=row, step=by))


def shown(kind: str) -> str:
    return label("count", find(TileCountRow, kind=kind))


def open_counts(app: Any) -> Dialog:
    """From the box screen: Check and fill in, then Count the Chance tiles."""
    tap(find(TapButton, "Check and fill in"))
    tap(find(TapButton, "Count the Chance tiles"))
    dialog = dialogs()[-1]
    assert isinstance(dialog, TileCountsDialog)
    return dialog


def test_the_chance_tiles_are_counted_with_taps_checked_against_the_ten_and_kept_in_the_box(
        app: Any, screenshot_dir: Path) -> None:
    """GO-TILE-7: 4 Money Bags, 3 GO Buttons and 2 Mr. Monopoly tiles leave 1 Shield of the 10; 2 Shields would make
    11 and are refused; the counts are kept in the box and a game can still start as before."""
    from kivy.uix.label import Label

    edition = app.editions[GO_ID]
    tap(find(TapButton, "Box setup"))
    tap(find(TapButton, edition=GO_ID))
    assert find(Label, edition=GO_ID, role="headline").text == HEADLINE
    tap(find(TapButton, "Check and fill in"))
    assert label("tiles", dialogs()[-1]) == "Chance tiles: 10 in the box, how many of each kind not counted."
    tap(find(TapButton, "Count the Chance tiles"))
    dialog = dialogs()[-1]
    assert isinstance(dialog, TileCountsDialog) and dialog.title.text == "Chance tiles of Our box"
    assert [shown(k) for k in ("money-bag", "go-button", "mr-monopoly", "shield")] == ["?", "?", "?", "?"]
    assert label("tiles-total", dialog) == ("0 of the 10 tiles counted; not counted: Money Bag, GO Button, "
                                            "Mr. Monopoly, Shield.")
    press("money-bag", 1, 4)
    press("go-button", 1, 3)
    press("mr-monopoly", 1, 2)
    assert [shown(k) for k in ("money-bag", "go-button", "mr-monopoly", "shield")] == ["4", "3", "2", "?"]
    assert label("tiles-total", dialog) == "9 of the 10 tiles counted: the other 1 must be Shield tiles."
    press("shield", 1, 2)
    assert label("tiles-total", dialog) == "11 counted: 1 more than the 10 tiles in the box."
    tap(dialog.save_button)
    assert dialogs()[-1] is dialog and label("problems", dialog) == (
        "Not saved: The Chance tiles: the box holds 10 Chance tiles in all, but the 4 kinds add up to 11.")
    assert box_store().current(edition).value("tiles:chance") == {}
    shoot(screenshot_dir, "box-go-tile-counts-refused")
    press("shield", -1)
    assert label("tiles-total", dialog) == "All 10 tiles counted." and label("problems", dialog) == ""
    shoot(screenshot_dir, "box-go-tile-counts")
    tap(dialog.save_button)
    faces = dialogs()[-1]
    assert not isinstance(faces, TileCountsDialog)
    assert label("tiles", faces) == "Chance tiles: Money Bag 4, GO Button 3, Mr. Monopoly 2, Shield 1."
    box = box_store().current(edition)
    assert box.value("tiles:chance") == {"money-bag": 4, "go-button": 3, "mr-monopoly": 2, "shield": 1}
    faces.body_scroller.scroll_y = 0
    shoot(screenshot_dir, "box-go-mini-boards-tiles-counted")
    tap(find(TapButton, "OK", faces))
    assert find(Label, edition=GO_ID, role="headline").text == HEADLINE


def test_a_count_taken_back_to_question_mark_is_forgotten_and_the_last_kind_follows_from_the_others(
        app: Any) -> None:
    """GO-TILE-7: with Shield counted at 2 (TEST DATA), − twice takes it back to "?": the box no longer says it.
    Money Bag 5, GO Button 2 and Mr. Monopoly 2 then leave the 1 Shield the box must hold."""
    edition = app.editions[GO_ID]
    box = box_store().current(edition)
    box_store().save(box.with_values("tiles:chance", {"shield": 2}))
    tap(find(TapButton, "Box setup"))
    tap(find(TapButton, edition=GO_ID))
    dialog = open_counts(app)
    assert shown("shield") == "2"
    press("shield", -1, 2)
    assert shown("shield") == "?"
    press("money-bag", 1, 5)
    press("go-button", 1, 2)
    press("mr-monopoly", 1, 2)
    assert label("tiles-total", dialog) == "9 of the 10 tiles counted: the other 1 must be Shield tiles."
    tap(dialog.save_button)
    assert label("tiles", dialogs()[-1]) == ("Chance tiles: Money Bag 5, GO Button 2, Mr. Monopoly 2; Shield not "
                                             "counted.")
    stored = box_store().current(edition)
    assert stored.value("tiles:chance") == {"money-bag": 5, "go-button": 2, "mr-monopoly": 2}
    boards = with_box(edition, stored).mini_boards
    assert boards is not None and boards.tile_count("shield") == 1


BOX_SETUP_DIALOGS = (TileCountsDialog,)
"""The popups of box setup for mini boards: each is closed back to the list it came from below (a guard in
test_no_dead_end.py counts them as covered)."""


def test_cancel_leaves_the_counts_as_they_were_and_goes_back_to_the_mini_boards(app: Any) -> None:
    """Counts tapped and then cancelled are not kept: the box still says nothing of the tiles, and the mini boards
    list is there again with its way on."""
    from kivy.uix.label import Label

    edition = app.editions[GO_ID]
    tap(find(TapButton, "Box setup"))
    tap(find(TapButton, edition=GO_ID))
    dialog = open_counts(app)
    press("money-bag", 1, 3)
    tap(find(TapButton, "Cancel", dialog))
    wait_until(lambda: dialog not in dialogs())
    assert box_store().current(edition).value("tiles:chance") == {}
    faces = dialogs()[-1]
    assert faces.title.text == "Mini boards of MONOPOLY GO! The Board Game"
    find(Label, "Chance tiles: 10 in the box, how many of each kind not counted.", faces)
    tap(find(TapButton, "OK", faces))
    wait_until(lambda: dialogs() == [])
