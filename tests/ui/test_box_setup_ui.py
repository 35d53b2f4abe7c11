"""Box setup on the touchscreen, driven by taps: the walk of the layout-gapped TEST DATA edition until a game can
start, a Title Deed with a slip in its rent table and a mortgage value that needs a second look, an uncertain
Original Trilogy space confirmed as the owner's, a card added to the partial Imperial deck, a new box named on the
on-screen keyboard, and a box exported to a USB stick and imported back. Screenshots at 800x480 (the box list and
a board step also at 1024x600 and 1280x800).

Every value typed here is made up (TEST DATA); the edition is tests/box/testbox.py over the Original Trilogy files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.table.box_play import box_store
from companion.table.box_setup import (
    save_step,
    step_view,
)
from companion.ui.box_form import ChoiceListDialog, KeyboardDialog
from companion.ui.widgets import NumberPad, TapButton
from tests.box import testbox
from tests.box.testbox import TEST_ID, write_editions
from tests.ui.helpers import dialogs, exact, find, find_all, shoot, shoot_larger, tap, texts

pytestmark = pytest.mark.ui

OT_ID = "original-trilogy"


@pytest.fixture(autouse=True)
def usb_stick(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """TEST DATA editions (Original Trilogy and the layout-gapped test edition) before the app reads editions,
    and a folder standing for a USB stick that is not plugged in yet."""
    monkeypatch.setenv("COMPANION_EDITIONS_DIR", str(write_editions(tmp_path / "editions", layout_gaps=True)))
    monkeypatch.setenv("COMPANION_USB_DIR", str(tmp_path / "usb-stick"))
    return tmp_path / "usb-stick"


# ---------------------------------------------------------------------------- driving the screens


def box_home(app: Any, edition: str = TEST_ID) -> Any:
    """From the home screen to box setup, with an edition chosen."""
    tap(find(TapButton, "Box setup"))
    assert app.manager.current == "box"
    tap(find(TapButton, edition=edition))
    return app.screen("box")


def walk(screen: Any) -> Any:
    """From the box screen into the walk of the chosen box."""
    tap(find(TapButton, "Check and fill in", screen))
    assert screen.app.manager.current == "box-walk"
    return screen.app.screen("box-walk")


def headline(edition: str) -> str:
    from kivy.uix.label import Label

    return str(find(Label, edition=edition, role="headline").text)


def status_lines(edition: str) -> list[str]:
    from kivy.uix.label import Label

    return [str(w.text) for w in reversed(find_all(Label, edition=edition, role="status"))]  # children run backwards


def field(screen: Any, key: str, part: int | None = None) -> Any:
    return find(TapButton, root=screen.form, field=key, part=part)


def type_words(screen: Any, key: str, words: str) -> None:
    """Tap a text field and type on the on-screen keyboard, key by key, then OK."""
    tap(field(screen, key))
    keyboard = dialogs()[-1]
    assert isinstance(keyboard, KeyboardDialog)
    for letter in words:
        keyboard.keyboard.dispatch("on_textinput", letter)
    tap(keyboard.ok)


def type_number(screen: Any, key: str, number: int, part: int | None = None) -> None:
    """Tap a number field (or one amount of a rent table) and type the number on the pad."""
    tap(field(screen, key, part))
    pad = dialogs()[-1]
    assert isinstance(pad, NumberPad)
    for digit in str(number):
        tap(exact(digit, pad))
    tap(pad.ok)


def choose(screen: Any, key: str, choice: str) -> None:
    """Tap a choice field that opens a list, and the option."""
    tap(field(screen, key))
    options = dialogs()[-1]
    assert isinstance(options, ChoiceListDialog)
    tap(find(TapButton, root=options, choice=choice))


def jump_to(screen: Any, label: str) -> None:
    tap(find(TapButton, "Jump to", screen))
    tap(find(TapButton, label, dialogs()[-1]))


def problems_shown(screen: Any) -> list[tuple[str, str]]:
    return [(label.field, label.text) for label in screen.form.problem_labels]


# ---------------------------------------------------------------------------- the walk


def test_walk_the_missing_layout_at_leisure(app: Any, window: Any, screenshot_dir: Path) -> None:
    """Hoth's name and colour and space 6's type and name are missing, and a game can start all the same (play
    asks when a token stops on space 6); the owner fills them in at leisure in the walk."""
    screen = box_home(app)
    assert headline(TEST_ID) == "A game can start; play asks for the rest when it is first needed."
    assert status_lines(TEST_ID)[0].startswith("Asked for during play, the first time it is needed: the type and "
                                               "name of 1 space;")
    assert headline(OT_ID) == "Ready: a game can start."
    assert "Boxes of Test box edition (test data)" in texts(screen)
    shoot(screenshot_dir, "box-home")
    shoot_larger(window, screenshot_dir, "box-home")

    walker = walk(screen)
    assert walker.step.title == "Group 2 of 10"                 # the walk opens on the first thing missing
    assert find(TapButton, part="groups").text.endswith("9 of 10 groups done[/size]")
    type_words(walker, "name", "Hoth")                           # TEST DATA
    choose(walker, "colour", "#aae0fa")                          # TEST DATA
    assert walker.form.values() == {"name": "Hoth", "colour": "#aae0fa"}
    tap(find(TapButton, "Save and next", walker))
    assert walker.step.heading == "Tatooine"
    assert find(TapButton, part="groups").text.endswith("10 of 10 groups done[/size]")

    tap(find(TapButton, "Next missing", walker))
    assert (walker.step.title, walker.step.heading) == ("Space 6 after GO (7 of 40)", "Name not entered yet")
    assert "Type of space, name, colour group and price: Not known yet: read it off your box." in texts(walker)
    choose(walker, "kind", "street")                             # TEST DATA
    type_words(walker, "name", "Hoth: Test Ridge")               # TEST DATA
    choose(walker, "group", "hoth")                              # TEST DATA
    tap(find(TapButton, "Back", walker))                         # typed but not saved: asks first
    assert dialogs()[-1].title.text == "Leave without saving?"
    tap(exact("Stay", dialogs()[-1]))
    assert walker.step.title == "Space 6 after GO (7 of 40)"
    assert walker.form.values() == {"kind": "street", "name": "Hoth: Test Ridge", "group": "hoth"}
    shoot(screenshot_dir, "box-walk-board-step")
    shoot_larger(window, screenshot_dir, "box-walk-board-step")
    tap(find(TapButton, "Save and next", walker))
    assert walker.step.title == "Space 7 after GO (8 of 40)"
    assert "Saved: Name not entered yet." not in texts(walker)
    assert "Saved: Hoth: Test Ridge." in texts(walker)

    tap(find(TapButton, "Done", walker))
    assert app.manager.current == "box"
    assert headline(TEST_ID) == "A game can start; play asks for the rest when it is first needed."
    assert status_lines(TEST_ID)[0] == (
        "Asked for during play, the first time it is needed: the price, mortgage value, cost of each fighter and "
        "rent table of 4 spaces; the amount of 1 space; 6 cards not yet entered.")
    stored = box_store().load(TEST_ID, "our-box")
    assert stored.value("space:space-6") == {"kind": "street", "name": "Hoth: Test Ridge", "group": "hoth"}
    assert stored.value("group:hoth") == {"name": "Hoth", "colour": "#aae0fa"}


def test_a_rent_table_that_does_not_rise_is_named_and_kept(app: Any, screenshot_dir: Path) -> None:
    """The problem names the deed and the field, nothing is saved and every typed value stays; a mortgage value
    that is not half the price is saved only after a second tap."""
    walker = walk(box_home(app))
    tap(find(TapButton, part="board"))
    tap(find(TapButton, "Jump to", walker))
    assert sorted(b.step_index for b in find_all(TapButton, root=dialogs()[-1]) if hasattr(b, "step_index")) == \
        list(range(40))
    shoot(screenshot_dir, "box-walk-jump-to")
    tap(find(TapButton, "11  Tatooine: Mos Eisley (missing)", dialogs()[-1]))
    assert walker.step.skippable
    type_number(walker, "price", 140)                            # TEST DATA
    tap(find(TapButton, "Save and next", walker))

    tap(find(TapButton, part="deeds"))
    jump_to(walker, "Tatooine: Mos Eisley (missing)")
    assert walker.step.title == "Title Deed (6 of 27)"
    typed = (10, 20, 20, 40, 50, 60)                             # TEST DATA, with a slip: 20 twice
    for part, amount in enumerate(typed):
        type_number(walker, "rent", amount, part)
    type_number(walker, "build_cost", 100)                       # TEST DATA
    type_number(walker, "mortgage", 60)                          # TEST DATA: not half the price
    tap(find(TapButton, "Save and next", walker))
    assert problems_shown(walker) == [
        ("rent", "Space 11 (Tatooine: Mos Eisley), rent: amount 3 (20) must be more than amount 2 (20); each "
                 "level pays more than the one before."),
        ("mortgage", "Space 11 (Tatooine: Mos Eisley), mortgage value: 60 is not half the price (70), which it "
                     "usually is. Check the Title Deed.")]
    assert "Not saved: correct what is marked in red below (everything you typed is kept)." in texts(walker)
    assert walker.form.values() == {"rent": typed, "build_cost": 100, "mortgage": 60}
    assert field(walker, "rent", 2).text == "With 2 fighters: 20"
    assert box_store().load(TEST_ID, "our-box").value("space:tatooine-mos-eisley") == {"price": 140}
    shoot(screenshot_dir, "box-walk-deed-problem")

    type_number(walker, "rent", 30, 2)                           # TEST DATA, corrected
    tap(find(TapButton, "Save and next", walker))
    check = dialogs()[-1]
    assert check.title.text == "Please check"
    assert "Space 11 (Tatooine: Mos Eisley), mortgage value: 60 is not half the price (70), which it usually is. " \
           "Check the Title Deed." in texts(check)
    assert walker.step.heading == "Tatooine: Mos Eisley"         # not saved yet
    shoot(screenshot_dir, "box-walk-caution")
    tap(check.yes_button)
    assert walker.step.heading != "Tatooine: Mos Eisley"
    assert box_store().load(TEST_ID, "our-box").value("space:tatooine-mos-eisley") == {
        "price": 140, "rent": [10, 20, 30, 40, 50, 60], "build_cost": 100, "mortgage": 60}


def test_this_matches_my_box_confirms_an_uncertain_name(app: Any) -> None:
    """Space 8 of the Original Trilogy is published with low confidence (another source swaps it with space 9);
    the owner confirms it and the uncertain count drops by one."""
    screen = box_home(app, OT_ID)
    assert status_lines(OT_ID)[-1] == ("47 published values may differ from your box (their sources disagree or "
                                       "are unsure): compare them with your box.")
    walker = walk(screen)
    tap(find(TapButton, part="board"))
    jump_to(walker, "8  Hoth: Echo Base")
    assert walker.step.uncertain
    assert ("Sources disagree or are unsure about this one: compare it with your box." in texts(walker))
    assert {"Type of space and colour group: Published, low confidence.",
            "Name: Published, low confidence. Another source says 'Hoth: North Ridge'.",
            "Price: Published, high confidence."} <= set(texts(walker))
    tap(find(TapButton, "This matches my box", walker))
    assert walker.step.title == "Space 9 after GO (10 of 40)"
    tap(find(TapButton, part="board"))
    jump_to(walker, "8  Hoth: Echo Base")
    assert not walker.step.uncertain and not find_all(TapButton, "This matches my box", walker)
    assert "Type of space, name, colour group and price: Entered from your box." in texts(walker)
    tap(find(TapButton, "Done", walker))
    assert status_lines(OT_ID)[-1] == ("46 published values may differ from your box (their sources disagree or "
                                       "are unsure): compare them with your box.")


def test_add_a_card_to_the_partial_imperial_deck(app: Any, screenshot_dir: Path) -> None:
    walker = walk(box_home(app))
    tap(find(TapButton, part="cards"))
    assert "Imperial deck: 16 cards, 6 still to enter" in texts(walker)
    assert "Rebel deck: 16 cards, all entered" in texts(walker)
    assert find(TapButton, part="cards").text.endswith("26 of 32 cards entered[/size]")
    shoot(screenshot_dir, "box-walk-cards")

    tap(find(TapButton, "Add a card", walker, deck="imperial"))
    assert walker.step.title == "Imperial card (6 not entered yet)"
    type_words(walker, "title", "Test toll")                     # TEST DATA
    choose(walker, "effect", "pay")                              # TEST DATA
    type_number(walker, "amount", 25)                            # TEST DATA
    assert walker.form.values() == {"title": "Test toll", "effect": "pay", "amount": 25, "count": 1}
    shoot(screenshot_dir, "box-walk-new-card")
    tap(find(TapButton, "Save", walker))
    assert "Imperial deck: 16 cards, 5 still to enter" in texts(walker)
    card = find(TapButton, root=walker, card=("imperial", "test-toll"))
    assert card.text.startswith("Test toll\n") and "Pay the Bank \u00b7 1 copy \u00b7 yours" in card.text
    assert box_store().load(TEST_ID, "our-box").value("card:imperial/test-toll") == {
        "title": "Test toll", "effect": "pay", "amount": 25, "count": 1}


def test_new_box_export_and_import(app: Any, usb_stick: Path, screenshot_dir: Path) -> None:
    """A new box named on the keyboard; export with no stick says so; export and import back hold the same
    values; a changed file for a different box with the same id is stored beside it; a broken file shows every
    problem and stores nothing."""
    screen = box_home(app)
    tap(find(TapButton, "New box", screen))
    keyboard = dialogs()[-1]
    for letter in "Attic box":                                   # TEST DATA
        keyboard.keyboard.dispatch("on_textinput", letter)
    shoot(screenshot_dir, "box-new-box-keyboard")
    tap(keyboard.ok)
    assert find(TapButton, root=screen, box="attic-box").style == "primary"

    # Reach a box with values quickly (the walk is tested above): TEST DATA for space 6.
    store = box_store()
    attic = store.load(TEST_ID, "attic-box")
    edition = testbox.gapped_edition(layout_gaps=True)
    values = {"kind": "street", "name": "Hoth: Test Ridge", "group": "hoth"}
    assert save_step(store, attic, edition, step_view(edition, "board", 6), values).saved
    screen.refresh()

    tap(find(TapButton, "Export to USB", screen))
    assert dialogs()[-1].reasons == ["No USB stick is plugged in. Plug one into the Raspberry Pi, wait a few "
                                     "seconds and try again."]
    tap(exact("OK", dialogs()[-1]))
    usb_stick.mkdir()
    tap(find(TapButton, "Export to USB", screen))
    assert "Attic box is on the stick usb-stick." in texts(dialogs()[-1])
    tap(exact("OK", dialogs()[-1]))
    exported = usb_stick / "test-box--attic-box.box.toml"

    changed = exported.read_text().replace('name = "Attic box"', 'name = "Cousin\'s box"')
    (usb_stick / "cousin.box.toml").write_text(changed.replace("Test Ridge", "Test Ledge"))  # TEST DATA
    (usb_stick / "broken.box.toml").write_text(
        exported.read_text().replace('name = "Hoth: Test Ridge"', 'name = ""\nprice = 0'))          # TEST DATA

    tap(find(TapButton, "Import from USB", screen))
    listed = dialogs()[-1]
    assert [b.box_file.name for b in reversed(find_all(TapButton, root=listed)) if hasattr(b, "box_file")] == [
        "broken.box.toml", "cousin.box.toml", "test-box--attic-box.box.toml"]
    shoot(screenshot_dir, "box-import-list")
    tap(find(TapButton, root=listed, box_file=exported))
    assert "Stored as \u201cAttic box (imported)\u201d for Test box edition (test data)." in texts(dialogs()[-1])
    tap(exact("OK", dialogs()[-1]))
    assert store.load(TEST_ID, "attic-box-2").value("space:space-6") == values

    tap(find(TapButton, "Import from USB", screen))
    tap(find(TapButton, root=dialogs()[-1], box_file=usb_stick / "cousin.box.toml"))
    assert "Stored as \u201cCousin's box (imported)\u201d for Test box edition (test data)." in texts(dialogs()[-1])
    tap(exact("OK", dialogs()[-1]))
    cousin = [p for p in store.profiles(TEST_ID) if p.name == "Cousin's box (imported)"]
    assert len(cousin) == 1 and cousin[0].id not in ("attic-box", "attic-box-2")
    assert cousin[0].value("space:space-6")["name"] == "Hoth: Test Ledge"
    assert store.load(TEST_ID, "attic-box").value("space:space-6") == values

    count = len(store.profiles(TEST_ID))
    tap(find(TapButton, "Import from USB", screen))
    tap(find(TapButton, root=dialogs()[-1], box_file=usb_stick / "broken.box.toml"))
    refused = dialogs()[-1]
    assert refused.title.text == "The box file 'broken' was not imported"
    assert refused.reasons == ["Space 6, name: the name is empty.", "Space 6, price: the price must be more than 0."]
    shoot(screenshot_dir, "box-import-refused")
    assert len(store.profiles(TEST_ID)) == count
