"""The box-setup walk (companion.table.box_setup) on the gapped TEST DATA edition: progress, steps, saving only what
changed, confirming a published value as the owner's, problems and cautions, new cards, moving through the walk,
and boxes on a USB stick.

Counts worked out by hand from tests/box/testbox.py over editions/original-trilogy/*.toml: 10 groups (Hoth's name
and colour unknown), 40 spaces (space 6 unknown; the three Tatooine deeds and the Bounty square lack their printed
values), 28 deeds of which space 6 is not known to be one yet, and two decks of 16 cards with 6 Imperial cards not
entered. Every value the tests enter is made up: TEST DATA.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.box.store import BoxStore
from companion.edition import Edition, load_edition
from companion.table.box_play import box_store, chosen_box, edition_status
from companion.table.box_setup import (
    NEW_CARD,
    BoxFile,
    CardLine,
    box_lines,
    card_step,
    deck_views,
    export_box,
    import_box,
    jump_lines,
    new_box,
    next_missing,
    part_progress,
    progress_words,
    save_step,
    skip_words,
    status_headline,
    step_view,
    unsaved,
    usb_box_files,
    usb_sticks,
    walk_targets,
)
from tests.box import testbox
from tests.box.testbox import OT, TEST_ID

MOS_EISLEY = "space:tatooine-mos-eisley"


@pytest.fixture
def gapped() -> Edition:
    return testbox.gapped_edition(layout_gaps=True)


@pytest.fixture
def store(tmp_path: Path) -> BoxStore:
    return BoxStore(tmp_path / "boxes")


def deed_step(edition: Edition, target: str) -> int:
    return walk_targets(edition, "deeds").index(target)


def test_progress_counts_what_is_done_in_each_part(gapped: Edition) -> None:
    """A thing is done when none of its part's fields is unknown."""
    assert part_progress(gapped, "groups") == (9, 10)
    assert part_progress(gapped, "board") == (35, 40)          # spaces 6, 11, 13, 14 and 38
    assert part_progress(gapped, "deeds") == (24, 27)          # the three Tatooine deeds
    assert part_progress(gapped, "cards") == (26, 32)
    assert progress_words(gapped, "board") == "35 of 40 spaces done"
    assert progress_words(gapped, "cards") == "26 of 32 cards entered"


def test_a_step_shows_each_field_with_where_it_came_from(gapped: Edition) -> None:
    six = step_view(gapped, "board", 6)
    assert (six.title, six.heading, six.target) == ("Space 6 after GO (7 of 40)", "Name not entered yet",
                                                    "space:space-6")
    assert [(f.field.key, f.value, f.origin) for f in six.fields] == [
        ("kind", None, "unknown"), ("name", None, "unknown"), ("group", None, "unknown"), ("price", None, "unknown")]
    assert {f.note for f in six.fields} == {"Not known yet: read it off your box."}
    assert six.skippable  # play asks what the space is when a token first stops there
    assert skip_words(gapped, six) == "Play will ask for the type, name, group and price the first time it is needed."

    yoda = step_view(gapped, "deeds", 0)
    assert (yoda.title, yoda.heading, yoda.colour) == ("Title Deed (1 of 27)", "Dagobah: Yoda's Hut", "#8b5a2b")
    assert yoda.values == {"rent": [2, 10, 30, 90, 160, 250], "build_cost": 50, "mortgage": 30}
    assert all(f.origin == "published" and f.note.startswith("Published,") for f in yoda.fields)

    mos = step_view(gapped, "board", 11)
    assert mos.skippable and skip_words(gapped, mos) == "Play will ask for the price the first time it is needed."


def test_choosing_a_type_of_space_chooses_its_fields(gapped: Edition) -> None:
    assert [f.field.key for f in step_view(gapped, "board", 6, "tax").fields] == ["kind", "name", "amount"]
    assert [f.field.key for f in step_view(gapped, "board", 6, "card").fields] == ["kind", "name", "deck"]


def test_saving_stores_only_the_values_that_changed(gapped: Edition, store: BoxStore) -> None:
    profile = store.current(gapped)
    swamp = step_view(gapped, "board", 3)
    same = save_step(store, profile, gapped, swamp, dict(swamp.values))
    assert same.saved and same.profile.version == profile.version      # nothing changed: nothing written
    renamed = save_step(store, profile, gapped, swamp, {**swamp.values, "name": "Dagobah: Test Bog"})  # TEST DATA
    assert renamed.saved and renamed.profile.version == profile.version + 1
    assert renamed.profile.value("space:dagobah-swamp") == {"name": "Dagobah: Test Bog"}
    after = step_view(renamed.edition, "board", 3)
    assert [(f.field.key, f.origin) for f in after.fields] == [("kind", "published"), ("name", "yours"),
                                                               ("group", "published"), ("price", "published")]
    assert after.fields[1].note == "Entered from your box."


def test_a_step_knows_when_the_form_holds_unsaved_changes(gapped: Edition) -> None:
    swamp = step_view(gapped, "board", 3)
    assert not unsaved(swamp, {**swamp.values, "rent": None})
    assert unsaved(swamp, {**swamp.values, "price": 61})                                   # TEST DATA
    new_card = card_step(gapped, "imperial", NEW_CARD)
    assert not unsaved(new_card, {"count": 1})                                              # the form's default
    assert unsaved(new_card, {"count": 1, "title": "Test toll"})                            # TEST DATA


def test_this_matches_my_box_makes_every_value_the_owners(gapped: Edition, store: BoxStore) -> None:
    """An uncertain published space confirmed by the owner leaves the uncertain count."""
    profile = store.current(gapped)
    before = len(edition_status(gapped, profile).uncertain)
    echo = step_view(gapped, "board", 8)
    assert echo.uncertain and echo.heading == "Hoth: Echo Base"
    saved = save_step(store, profile, gapped, echo, dict(echo.values), mine=True)
    assert saved.saved
    assert saved.profile.value("space:hoth-echo-base") == echo.values
    assert len(edition_status(gapped, saved.profile).uncertain) == before - 1
    again = step_view(saved.edition, "board", 8)
    assert not again.uncertain and {f.origin for f in again.fields} == {"yours"}

    yoda = step_view(gapped, "deeds", 0)        # a rent table confirmed as it is shown
    confirmed = save_step(store, saved.profile, gapped, yoda, dict(yoda.values), mine=True)
    assert confirmed.saved and confirmed.profile.value("space:dagobah-yodas-hut")["rent"] == [2, 10, 30, 90, 160, 250]


def test_a_problem_stops_the_save_and_names_the_space_and_the_field(gapped: Edition, store: BoxStore) -> None:
    profile = store.current(gapped)
    mos = step_view(gapped, "deeds", deed_step(gapped, MOS_EISLEY))
    typed = {"rent": (10, 20, 20, 40, 50, 60), "build_cost": 100, "mortgage": 70}    # TEST DATA, a slip: 20 twice
    result = save_step(store, profile, gapped, mos, typed)
    assert not result.saved
    assert [(p.field, p.message) for p in result.problems] == [
        ("rent", "Space 11 (Tatooine: Mos Eisley), rent: amount 3 (20) must be more than amount 2 (20); each level "
                 "pays more than the one before.")]
    assert store.load(TEST_ID, profile.id).value(MOS_EISLEY) == {}
    assert result.profile == profile


def test_a_caution_is_saved_only_once_the_owner_accepts_it(gapped: Edition, store: BoxStore) -> None:
    """A mortgage value that is not half the price is possible, but looks like a slip."""
    priced = save_step(store, store.current(gapped), gapped, step_view(gapped, "board", 11),
                       {"price": 140})                                                          # TEST DATA
    profile = priced.profile
    mos = step_view(priced.edition, "deeds", deed_step(gapped, MOS_EISLEY))
    typed = {"rent": (10, 20, 30, 40, 50, 60), "build_cost": 100, "mortgage": 60}             # TEST DATA
    first = save_step(store, profile, gapped, mos, typed)
    assert not first.saved and not first.problems
    assert [c.message for c in first.cautions] == [
        "Space 11 (Tatooine: Mos Eisley), mortgage value: 60 is not half the price (70), which it usually is. "
        "Check the Title Deed."]
    second = save_step(store, profile, gapped, mos, typed, accept_cautions=True)
    assert second.saved and second.profile.value(MOS_EISLEY) == {"price": 140, "rent": [10, 20, 30, 40, 50, 60],
                                                                 "build_cost": 100, "mortgage": 60}


def test_a_new_card_gets_an_id_from_its_title(gapped: Edition, store: BoxStore) -> None:
    imperial = {d.id: d for d in deck_views(gapped)}["imperial"]
    assert (imperial.size, imperial.missing) == (16, 6)
    step = card_step(gapped, "imperial", NEW_CARD, "pay")
    assert [f.field.key for f in step.fields] == ["title", "effect", "amount", "count"]
    assert step.title == "Imperial card (6 not entered yet)"
    typed = {"title": "Test fine", "effect": "pay", "amount": 25, "count": 2}                 # TEST DATA
    saved = save_step(store, store.current(gapped), gapped, step, typed)
    assert saved.saved
    assert saved.profile.value("card:imperial/test-fine") == typed
    after = {d.id: d for d in deck_views(saved.edition)}["imperial"]
    assert after.missing == 4
    assert CardLine("test-fine", "Test fine", "Pay the Bank", 2, "yours") in after.cards


def test_a_corrected_card_is_stored_whole(gapped: Edition, store: BoxStore) -> None:
    """The Imperial dividend card (collect 50) corrected to a card that pays 50: the amount stays with it."""
    dividend = card_step(gapped, "imperial", "dividend")
    assert dividend.values == {"title": "Bank dividend: collect 50", "effect": "collect", "count": 1, "amount": 50}
    assert {f.origin for f in dividend.fields} == {"published"}
    as_pay = card_step(gapped, "imperial", "dividend", "pay")
    assert as_pay.values == {"title": "Bank dividend: collect 50", "effect": "pay", "count": 1}
    typed = {"title": "Test levy: pay 50", "effect": "pay", "amount": 50, "count": 1}         # TEST DATA
    saved = save_step(store, store.current(gapped), gapped, as_pay, typed)
    assert saved.saved and saved.profile.value("card:imperial/dividend") == typed
    line = next(c for c in deck_views(saved.edition)[0].cards if c.id == "dividend")
    assert (line.title, line.effect, line.origin) == ("Test levy: pay 50", "Pay the Bank", "yours")


def test_next_missing_goes_to_the_next_step_with_an_unknown_value(gapped: Edition) -> None:
    assert next_missing(gapped, "groups", 0) == ("groups", 1)       # Hoth
    assert next_missing(gapped, "groups", 1) == ("board", 6)
    assert next_missing(gapped, "board", 6) == ("board", 11)
    assert next_missing(gapped, "board", 38) == ("deeds", 5)        # Tatooine: Mos Eisley, the 6th deed now
    assert next_missing(gapped, "deeds", 20) == ("cards", 0)
    assert next_missing(gapped, "cards", 0) == ("groups", 1)
    assert next_missing(load_edition(OT), "board", 0) is None


def test_the_jump_list_names_every_space(gapped: Edition) -> None:
    lines = jump_lines(gapped, "board")
    assert len(lines) == 40
    assert [(j.label, j.done) for j in lines[5:8]] == [("5  TIE Fighter", True), ("6  (name not entered yet)", False),
                                                      ("7  Imperial", True)]
    assert lines[1].colour == "#8b5a2b"


def test_the_headline_says_whether_a_game_can_start(gapped: Edition, store: BoxStore) -> None:
    profile = store.current(gapped)
    assert status_headline(edition_status(gapped, profile)) == \
        "A game can start; play asks for the rest when it is first needed."
    six = save_step(store, profile, gapped, step_view(gapped, "board", 6),
                    {"kind": "street", "name": "Hoth: Test Ridge", "group": "hoth"})             # TEST DATA
    hoth = save_step(store, six.profile, gapped, step_view(six.edition, "groups", 1),
                     {"name": "Hoth", "colour": "#aae0fa"})                                      # TEST DATA
    assert hoth.saved
    assert status_headline(edition_status(gapped, hoth.profile)) == \
        "A game can start; play asks for the rest when it is first needed."
    assert part_progress(hoth.edition, "deeds") == (24, 28)         # space 6 is a deed now, its values unknown


def test_boxes_of_an_edition(gapped: Edition, store: BoxStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                             ) -> None:
    ours = chosen_box(store, gapped)
    assert (ours.id, ours.name) == ("our-box", "Our box")
    cousin = new_box(store, gapped, "  Cousin's   box ")
    assert (cousin.id, cousin.name, cousin.version) == ("cousin-s-box", "Cousin's box", 1)
    assert chosen_box(store, gapped, "cousin-s-box") == cousin
    assert {line.id for line in box_lines(store, gapped)} == {"our-box", "cousin-s-box"}
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    assert box_store().root == tmp_path / "data" / "boxes"


def test_usb_sticks_can_be_a_folder_named_in_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.setenv("COMPANION_USB_DIR", str(tmp_path / "stick"))
    assert usb_sticks() == []
    (tmp_path / "stick").mkdir()
    assert usb_sticks() == [tmp_path / "stick"]


def test_export_and_import_round_trip(gapped: Edition, store: BoxStore, tmp_path: Path) -> None:
    """A box exported to a stick and imported back holds the same values; a file for a different box with the
    same id is stored beside it, never over it; a refused file names every problem and stores nothing."""
    stick = tmp_path / "stick"
    stick.mkdir()
    six = save_step(store, store.current(gapped), gapped, step_view(gapped, "board", 6),
                    {"kind": "street", "name": "Hoth: Test Ridge", "group": "hoth"})             # TEST DATA
    exported = export_box(store, six.profile, stick)
    assert exported.path == stick / "test-box--our-box.box.toml"
    assert usb_box_files([stick], {}) == [BoxFile(exported.path, "Our box, version 2, for 'test-box' (not on this "
                                                                 "device)")]
    editions = {TEST_ID: gapped}
    assert usb_box_files([stick], editions)[0].words == "Our box, version 2, for Test box edition (test data)"
    back = import_box(store, exported.path, editions)
    assert back.problems == () and back.profile is not None
    assert (back.profile.id, back.profile.name) == ("our-box-2", "Our box (imported)")
    assert back.profile.values == six.profile.values

    changed = exported.path.read_text().replace('name = "Our box"', 'name = "Cousin\'s box"')
    (stick / "cousin.box.toml").write_text(changed.replace("Test Ridge", "Test Ledge"))     # TEST DATA
    cousin = import_box(store, stick / "cousin.box.toml", editions).profile
    assert cousin is not None and cousin.id not in ("our-box", "our-box-2")
    assert store.load(TEST_ID, "our-box").value("space:space-6")["name"] == "Hoth: Test Ridge"

    broken = exported.path.read_text().replace('name = "Hoth: Test Ridge"', 'name = ""\nprice = 0')
    (stick / "broken.box.toml").write_text(broken)                                            # TEST DATA
    count = len(store.profiles(TEST_ID))
    refused = import_box(store, stick / "broken.box.toml", editions)
    assert refused.profile is None
    assert refused.problems == ("Space 6, name: the name is empty.",
                                "Space 6, price: the price must be more than 0.")
    assert len(store.profiles(TEST_ID)) == count

    (stick / "junk.box.toml").write_text("this is [not a box")
    junk = next(f for f in usb_box_files([stick], editions) if f.path.name == "junk.box.toml")
    assert junk.words.startswith("not a box file: ")

    (tmp_path / "full").write_text("a file where the stick should be")
    failed = export_box(store, six.profile, tmp_path / "full")
    assert failed.path is None and failed.problem.startswith(f"The box could not be written to {tmp_path / 'full'}")
