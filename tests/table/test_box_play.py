"""The table layer's helpers for the box during play: which box a new game uses, the fields a need asks for, the
check of typed values, the deck a player draws from and how many of its cards are not entered yet.

The edition is the TEST DATA edition ``test-box`` (tests/box/testbox.py); values entered here are made up.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.box.store import BoxStore
from companion.engine.errors import Need
from companion.engine.state import Setup
from companion.storage.journal import Journal
from companion.table.box_play import (
    box_store,
    card_command,
    cards_to_enter,
    check_entry,
    chosen_box,
    need_fields,
    space_options,
    start_with_box,
    target_fields,
)
from companion.table.session import Session
from tests.box import testbox
from tests.rules.helpers import edition as ot_edition
from tests.rules.helpers import seat

MOS_EISLEY = "space:tatooine-mos-eisley"
# TEST DATA: made-up values for Tatooine: Mos Eisley.
DEED = {"price": 140, "rent": (10, 50, 150, 450, 625, 750), "build_cost": 100, "mortgage": 70}


@pytest.fixture
def store(tmp_path: Path) -> BoxStore:
    return BoxStore(tmp_path / "boxes")


@pytest.fixture
def session(tmp_path: Path, store: BoxStore) -> Session:
    return start_with_box(Journal(tmp_path / "games.sqlite3"), store, testbox.gapped_edition(),
                          Setup(testbox.TEST_ID, "standard", [seat(0), seat(1)]))


def test_the_box_store_lives_in_the_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    assert box_store().root == tmp_path / "data" / "boxes"


def test_chosen_box_is_the_one_asked_for_else_the_last_saved_else_a_new_one(store: BoxStore) -> None:
    """Nothing stored: a new empty "Our box", stored at once so it can be walked and exported."""
    edition = testbox.gapped_edition()
    fresh = chosen_box(store, edition)
    assert (fresh.id, fresh.name, fresh.version) == ("our-box", "Our box", 1)
    assert [p.id for p in store.profiles(edition.id)] == ["our-box"]
    store.save(store.new(edition, "Second printing"))
    assert chosen_box(store, edition).id == "second-printing"  # the last saved
    assert chosen_box(store, edition, "no-such-box").id == "second-printing"
    assert chosen_box(store, edition, "our-box").name == "Our box"


def test_need_fields_ask_the_price_on_landing_and_one_rent_amount_when_claimed(session: Session) -> None:
    """Landing on Mos Eisley asks for its price; a claim of its rent for the one amount that rent reads, shown in
    the rent table with the edition's words for the buildings (the other amounts may be typed, never required)."""
    answer = session.submit("roll luke 5 6")
    assert not answer.accepted
    assert [(f.key, f.kind) for f in need_fields(session.edition, answer.needs[0])] == [("price", "number")]
    assert session.submit("box space:tatooine-mos-eisley price=140").accepted   # TEST DATA
    for line in ("roll luke 5 6", "buy luke", "end luke", "roll vader 5 6"):
        assert session.submit(line).accepted, line
    answer = session.submit("claim luke vader")
    [field] = need_fields(session.edition, answer.needs[0])
    assert (field.key, field.kind, field.needed_parts) == ("rent", "numbers", (0,))
    assert field.parts == ("Rent, site only", "With 1 fighter", "With 2 fighters", "With 3 fighters",
                           "With 4 fighters", "With a freighter/destroyer")
    assert field.amounts([10, None, None, None, None, None]) == (10, 0, 0, 0, 0, 0)
    assert field.amounts([None, 50, None, None, None, None]) is None


def test_target_fields_of_a_tax_space_a_group_and_cards(session: Session) -> None:
    edition = session.edition
    assert [f.key for f in need_fields(edition, Need("space:bounty", ("amount",), ""))] == ["amount"]
    assert [f.key for f in target_fields(edition, "group:hoth")] == ["name", "colour"]
    assert [f.key for f in target_fields(edition, "card:imperial")] == ["title", "effect", "count"]
    assert [f.key for f in target_fields(edition, "card:imperial/back-3")] == ["title", "effect", "spaces", "count"]


def test_check_entry_names_the_space_and_field_and_keeps_cautions_apart(session: Session) -> None:
    edition = session.edition
    assert check_entry(edition, MOS_EISLEY, DEED) == []
    slip = check_entry(edition, MOS_EISLEY, {**DEED, "rent": (10, 50, 40, 450, 625, 750)})
    assert [(p.field, p.caution) for p in slip] == [("rent", False)]
    assert slip[0].message.startswith("Space 11 (Tatooine: Mos Eisley), rent: amount 3 (40) must be more than")
    caution = check_entry(edition, MOS_EISLEY, {**DEED, "mortgage": 60})
    assert [(p.field, p.caution) for p in caution] == [("mortgage", True)]


def test_check_entry_refuses_layout_changes_during_play_only(session: Session) -> None:
    """A space's name is part of the board's layout: not changed during a game, but box setup may correct it."""
    edition = session.edition
    during = check_entry(edition, MOS_EISLEY, {"name": "Mos Eisley Cantina"})
    assert [p.field for p in during] == ["name"]
    assert "cannot change during a game" in during[0].message
    assert check_entry(edition, MOS_EISLEY, {"name": "Mos Eisley Cantina"}, during_play=False) == []


def test_cards_to_enter_names_the_deck_drawn_from_and_its_missing_cards(session: Session) -> None:
    """Luke rolls 3 + 4 onto the Imperial space (7): the test deck lists 10 of its 16 cards, so 6 are missing.
    Vader is not drawing."""
    assert cards_to_enter(session.game, "luke") == ("", 0)
    assert session.submit("roll luke 3 4").accepted
    assert cards_to_enter(session.game, "luke") == ("imperial", 6)
    assert cards_to_enter(session.game, "vader") == ("", 0)
    assert card_command("luke", "fine") == "card luke fine"


def test_a_deck_fully_entered_has_no_card_to_enter(tmp_path: Path) -> None:
    session = Session.start(Journal(tmp_path / "games.sqlite3"), ot_edition(),
                            Setup("original-trilogy", "standard", [seat(0), seat(1)]))
    assert session.submit("roll luke 3 4").accepted
    assert cards_to_enter(session.game, "luke") == ("imperial", 0)


def test_a_space_is_not_offered_a_type_whose_every_space_is_placed() -> None:
    """The Mandalorian (editions-data.md: the board has four Imperial Advances, two Hyperspace Jumps and two Imperial
    Credits spaces): the shipped Mandalorian board places all four Advances, so an undescribed space is never
    offered as one; once the made-up box (TEST DATA) places both jumps, nor is a jump."""
    from tests.mando.testbox import mando, shipped

    def offered(edition: Any) -> set[str]:
        return {o.values["kind"] for o in space_options(edition, Need("space:space-1", ("kind",), ""))}

    assert "advance" not in offered(shipped()) and "jump" in offered(shipped())
    assert not {"advance", "jump", "collect"} & offered(mando())
