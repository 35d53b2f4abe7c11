"""Box profiles: stored as TOML with a version stamp, laid over an edition, exported to a USB stick and imported
back. Values are TEST DATA (made up)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.box.profile import BoxProfile, overlay, profile_from_toml
from companion.box.store import BoxStore, box_files, usb_folders
from companion.box.values import BoxValueError
from companion.edition import edition_from_data
from tests.box.testbox import TEST_ID, gapped_edition

MOS = "space:tatooine-mos-eisley"
DEED = {"price": 140, "mortgage": 70, "build_cost": 100, "rent": (10, 50, 150, 450, 625, 750)}   # TEST DATA


@pytest.fixture
def store(tmp_path: Path) -> BoxStore:
    return BoxStore(tmp_path / "boxes")


def test_a_box_round_trips_through_its_toml_file() -> None:
    profile = BoxProfile(TEST_ID, "attic", "The attic box", 3, "1", "2026-11-21T10:00:00") \
        .with_values(MOS, DEED).with_values("card:imperial/fine", {"title": "A fine", "effect": "pay", "amount": 15})
    again = profile_from_toml(profile.to_toml())
    assert again == profile
    assert again.values == profile.values
    assert again.value(MOS) == {"price": 140, "mortgage": 70, "build_cost": 100, "rent": [10, 50, 150, 450, 625, 750]}
    assert again.value("card:imperial/fine")["amount"] == 15


@pytest.mark.parametrize(("text", "says"), [
    ("format = 1\nid = 'x'\nname = 'X'\n", "'edition' is missing"),
    ("format = 7\nedition = 'e'\nid = 'x'\nname = 'X'\n", "format 7 is not 1"),
    ("format = 1\nedition = 'e'\nid = 'Not An Id'\nname = 'X'\n", "use lower-case letters"),
    ("format = 1\nedition = 'e'\nid = 'x'\nname = 'X'\nmoney = 3\n", "unexpected entries: money"),
    ("this is not toml", "not a box file"),
])
def test_a_bad_box_file_says_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(BoxValueError, match=says):
        profile_from_toml(text)


def test_the_overlay_fills_unknown_values_marks_them_as_the_owners_and_records_the_box() -> None:
    edition = gapped_edition()
    profile = BoxProfile(TEST_ID, "attic", "The attic box", 2, "1").with_values(MOS, DEED) \
        .with_values("space:bounty", {"amount": 100})            # TEST DATA: a printing with a different Bounty
    played = edition_from_data(overlay(edition.raw, profile))
    mos = played.space("tatooine-mos-eisley")
    assert (mos.price, mos.rent, mos.unknown) == (140, (10, 50, 150, 450, 625, 750), frozenset())
    assert mos.owner == {"price", "mortgage", "build_cost", "rent"}
    assert played.space("bounty").amount == 100
    assert played.box == {"edition": TEST_ID, "id": "attic", "name": "The attic box", "version": 2,
                          "edition_version": "1"}
    assert played.data_hash != edition.data_hash


def test_a_published_value_the_owner_corrects_is_marked_theirs() -> None:
    from tests.rules.helpers import edition as ot
    profile = BoxProfile("original-trilogy", "b", "B").with_values("space:hoth-frozen-plains",
                                                                    {"name": "Hoth: Echo Base"})
    played = edition_from_data(overlay(ot().raw, profile))
    assert played.space("hoth-frozen-plains").name == "Hoth: Echo Base"
    assert played.space("hoth-frozen-plains").owner == {"name"}


def test_saving_raises_the_version_and_keeps_one_file_per_box(store: BoxStore) -> None:
    edition = gapped_edition()
    first = store.save(store.new(edition, "Attic box"))
    second = store.save(first.with_values(MOS, DEED))
    assert (first.id, first.version, second.version) == ("attic-box", 1, 2)
    assert [p.version for p in store.profiles(TEST_ID)] == [2]
    assert store.load(TEST_ID, "attic-box").value(MOS)["price"] == 140
    assert not list((store.root / TEST_ID).glob(".*")), "no temporary file is left behind"


def test_several_boxes_of_one_edition_each_keep_their_values(store: BoxStore) -> None:
    edition = gapped_edition()
    store.save(store.new(edition, "Attic box").with_values("space:bounty", {"amount": 75}))     # TEST DATA
    store.save(store.new(edition, "Attic box").with_values("space:bounty", {"amount": 100}))    # TEST DATA
    amounts = {p.id: p.value("space:bounty")["amount"] for p in store.profiles(TEST_ID)}
    assert amounts == {"attic-box": 75, "attic-box-2": 100}


def test_the_current_box_is_the_last_saved_or_a_new_empty_one(store: BoxStore) -> None:
    edition = gapped_edition()
    fresh = store.current(edition)
    assert (fresh.name, fresh.version, fresh.values) == ("Our box", 1, {})
    assert store.current(edition) == fresh


def test_export_then_import_on_another_device_gives_the_same_box(store: BoxStore, tmp_path: Path) -> None:
    edition = gapped_edition()
    saved = store.save(store.new(edition, "Attic box").with_values(MOS, DEED))
    stick = tmp_path / "stick"
    stick.mkdir()
    path = store.export(saved, stick)
    assert path.name == "test-box--attic-box.box.toml"
    assert box_files(stick) == [path]
    other = BoxStore(tmp_path / "other-device")
    imported = other.import_file(path, {TEST_ID: edition})
    assert (imported.id, imported.name, imported.version, imported.values) == ("attic-box", "Attic box", 1,
                                                                                saved.values)


def test_an_import_never_overwrites_a_different_box_with_the_same_id(store: BoxStore, tmp_path: Path) -> None:
    edition = gapped_edition()
    mine = store.save(store.new(edition, "Attic box").with_values("space:bounty", {"amount": 75}))
    theirs = BoxProfile(TEST_ID, "attic-box", "Someone else's box", 5, "1").with_values("space:bounty",
                                                                                        {"amount": 100})
    path = tmp_path / "theirs.box.toml"
    path.write_text(theirs.to_toml())
    imported = store.import_file(path, {TEST_ID: edition})
    assert (imported.id, imported.name) == ("attic-box-2", "Someone else's box (imported)")
    assert store.load(TEST_ID, "attic-box").value("space:bounty") == mine.value("space:bounty")


def test_a_newer_version_of_the_same_box_replaces_it(store: BoxStore, tmp_path: Path) -> None:
    edition = gapped_edition()
    mine = store.save(store.new(edition, "Attic box"))
    newer = BoxProfile(TEST_ID, mine.id, mine.name, mine.version + 3, "1").with_values("space:bounty",
                                                                                       {"amount": 100})
    path = tmp_path / "newer.box.toml"
    path.write_text(newer.to_toml())
    imported = store.import_file(path, {TEST_ID: edition})
    assert (imported.id, imported.version) == (mine.id, mine.version + 3)
    assert [p.id for p in store.profiles(TEST_ID)] == [mine.id]


@pytest.mark.parametrize(("values", "says"), [
    ({"spaces": {"nowhere": {"price": 5}}}, "this edition has no space 'nowhere'"),
    ({"spaces": {"tatooine-mos-eisley": {"rent": [10, 5, 150, 450, 625, 750]}}},
     "Space 11 (Tatooine: Mos Eisley), rent: amount 2 (5) must be more than amount 1 (10)"),
])
def test_a_box_file_with_wrong_values_is_refused_and_nothing_is_stored(store: BoxStore, tmp_path: Path,
                                                                        values: dict, says: str) -> None:
    path = tmp_path / "bad.box.toml"
    path.write_text(BoxProfile(TEST_ID, "bad", "Bad", 1, "1", "", values).to_toml())
    with pytest.raises(BoxValueError, match=says.replace("(", r"\(").replace(")", r"\)")):
        store.import_file(path, {TEST_ID: gapped_edition()})
    assert store.profiles(TEST_ID) == []


def test_a_box_for_an_edition_this_device_lacks_is_refused(store: BoxStore, tmp_path: Path) -> None:
    path = tmp_path / "x.box.toml"
    path.write_text(BoxProfile("mandalorian", "x", "X", 1).to_toml())
    with pytest.raises(BoxValueError, match="this device does not have"):
        store.import_file(path, {TEST_ID: gapped_edition()})


def test_usb_sticks_are_the_writable_folders_under_each_users_media_folder(tmp_path: Path) -> None:
    (tmp_path / "media" / "pi" / "STICK").mkdir(parents=True)
    (tmp_path / "media" / "pi" / "notes.txt").write_text("x")
    assert usb_folders((str(tmp_path / "media"), str(tmp_path / "absent"))) == [tmp_path / "media" / "pi" / "STICK"]
