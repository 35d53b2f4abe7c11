"""The Boba Fett box: the shipped edition knows nothing printed, so the owner's box completes it. What must be
entered before play, what play asks for later, and the checks that keep a half-entered board honest. Values the
tests enter are TEST DATA (made up; tests/boba/testbox.py)."""

from __future__ import annotations

import pytest

from companion.box.checks import check_edition, check_raw, check_values
from companion.box.fields import space_fields
from companion.box.overlay import apply_values
from companion.box.status import box_status
from companion.edition import edition_from_data
from companion.engine.commands import parse_command
from companion.engine.errors import CommandRejected
from companion.engine.state import Setup
from companion.rules import asked_during_play, new_game
from companion.table.box_setup import step_view
from tests.boba.testbox import STREETS, boba, box_profile, character, shipped, space_values
from tests.rules.helpers import edition as ot

ASKED = asked_during_play(shipped())
PLAYERS = [{"id": "din", "name": "Din"}, {"id": "fennec", "name": "Fennec"}]


def test_the_shipped_edition_plays_at_once_and_learns_the_board_during_play() -> None:
    """Nothing of the board but its corners is public, and nothing is needed before the first roll: the type and
    name of 36 spaces, the name and colour of the 8 colour sets and the 32 cards are asked for (or, for names and
    colours, never needed) as play reaches them."""
    status = box_status(shipped(), ASKED)
    assert status.can_start
    assert status.lines()[:1] == [
        "Asked for during play, the first time it is needed: the type and name of 36 spaces; the name and colour "
        "of 8 groups; 32 cards not yet entered.",
    ]
    game = new_game(shipped(), Setup("boba-fett", "standard", PLAYERS))
    with pytest.raises(CommandRejected) as refused:
        game.apply(parse_command("roll din 1 2"))
    assert refused.value.violations[0].need is not None
    assert refused.value.violations[0].need.fields == ("kind",)


def test_with_the_layout_entered_the_game_starts_and_asks_for_every_title_deed_during_play() -> None:
    """The board's layout is enough to start. Each character's price, payment table, Sigil cost, Skull cost and
    inactive value wait until a token first lands there; equipment prints a table for 1 to 4 owned; the
    Imperial forces' 4x and 10x come from the rule book, so only their price and inactive value are asked."""
    edition = boba(printed=False, cards=False)
    status = box_status(edition, ASKED)
    assert status.can_start and not status.problems
    character_one = edition.space("space-1")
    assert character_one.missing_printed == ("price", "mortgage", "build_cost", "hotel_cost", "rent")
    assert edition.space("space-5").missing_printed == ("price", "mortgage", "rent")
    assert edition.space("space-12").missing_printed == ("price", "mortgage")
    assert edition.space("space-12").dice_multiplier == (4, 10)
    assert edition.space("space-4").missing_printed == ("amount",)
    new_game(edition, Setup("boba-fett", "standard", PLAYERS))


def test_a_character_asks_its_price_when_landed_on_and_its_inactive_value_when_made_inactive() -> None:
    """In the edition's words, each value when the card is in hand: the price when the lander weighs it, nothing
    more to buy it, the inactive value only when the owner makes it inactive."""
    game = new_game(boba(printed=False, cards=False), Setup("boba-fett", "standard", PLAYERS))
    with pytest.raises(CommandRejected) as refused:
        game.apply(parse_command("roll din 1 2"))
    need = refused.value.violations[0].need
    assert need is not None and need.target == "space:space-3"
    assert need.fields == ("price",)
    assert need.what.startswith("Character 1B (test): the price printed in the box is not entered yet.")
    game.apply(parse_command("box space:space-3 price=60"))  # TEST DATA
    game.apply(parse_command("roll din 1 2"))
    game.apply(parse_command("buy din"))
    with pytest.raises(CommandRejected) as refused:
        game.apply(parse_command("mortgage din space-3"))
    need = refused.value.violations[0].need
    assert need is not None and need.fields == ("mortgage",)
    assert need.what.startswith("Character 1B (test): the inactive value printed in the box is not entered yet.")
    game.apply(parse_command("box space:space-3 mortgage=30"))  # TEST DATA
    game.apply(parse_command("mortgage din space-3"))
    assert game.state.cash("din") == 1500 - 60 + 30


def test_entering_a_type_asks_for_the_values_of_that_type() -> None:
    """A space given a type is asked for what that type has: a character its colour set and its Title Deed,
    a card space its deck."""
    raw = apply_values(shipped().raw, "space:space-1", {"kind": "street", "name": "Test character"})
    one = edition_from_data(raw).space("space-1")
    assert one.unknown == {"group", "price", "mortgage", "build_cost", "hotel_cost", "rent"}
    status = box_status(edition_from_data(raw), ASKED)
    first = next(m for m in status.during_play if m.target == "space:space-1")
    assert first.where == "Space 1 (Test character)" and first.fields[0] == "group"
    raw = apply_values(shipped().raw, "space:space-2", {"kind": "card", "name": "Bounty Hunter"})
    assert edition_from_data(raw).space("space-2").unknown == {"deck"}


def test_a_character_cannot_go_among_the_equipment() -> None:
    """The form offers a character only the colour sets; edition data that puts one among the equipment is
    caught too, naming the space."""
    found = check_values(shipped(), "space:space-1", {"kind": "street", "name": "Test", "group": "equipment"})
    assert [p.message for p in found if not p.caution] == [
        "Space 1, colour set: 'equipment' is not one of: "
        + ", ".join(f"colour-set-{k} (Colour set {k})" for k in range(1, 9)) + "."]
    raw = apply_values(boba().raw, "space:space-1", {"group": "equipment"})
    problems = [p.message for p in check_raw(raw) if p.target == "space:space-1"]
    assert problems == ["Space 1 (Character 1A (test)), group: Group Equipment holds only equipment."]


def test_the_form_offers_only_the_groups_of_the_chosen_type() -> None:
    """A character chooses among the 8 colour sets; equipment among the equipment group only."""
    street = {f.key: f for f in space_fields(shipped(), "street")}
    assert [gid for gid, _ in street["group"].choices] == [f"colour-set-{k}" for k in range(1, 9)]
    vessel = {f.key: f for f in space_fields(shipped(), "vessel")}
    assert [gid for gid, _ in vessel["group"].choices] == ["equipment"]
    assert "dice_multiplier" not in {f.key for f in space_fields(shipped(), "utility")}


def test_a_skull_cost_is_asked_only_where_the_edition_prints_one() -> None:
    boba_fields = {f.key: f.label for f in space_fields(shipped(), "street")}
    assert boba_fields["hotel_cost"] == "Cost of a Skull"
    assert boba_fields["build_cost"] == "Cost of each Sigil"
    assert boba_fields["mortgage"] == "Inactive value"
    assert boba_fields["rent"] == "Payment"
    assert "hotel_cost" not in {f.key for f in space_fields(ot(), "street")}


def test_the_equipment_table_has_four_amounts_even_before_the_board_is_complete() -> None:
    """Payment for equipment goes by how many the owner holds: the group has 4, so the table has 4 amounts, even
    while only one piece of equipment is on the board yet."""
    raw = apply_values(shipped().raw, "space:space-5", {**space_values(5, printed=False)})
    half = edition_from_data(raw)
    wrong = check_values(half, "space:space-5", {"price": 200, "mortgage": 100, "rent": (25, 50)})
    assert [p.message for p in wrong] == ["Space 5 (Equipment 1 (test)), payment: 4 amounts are printed (1 owned, "
                                          "2 owned, 3 owned, 4 owned), not 2."]
    assert check_values(half, "space:space-5", {"price": 200, "mortgage": 100, "rent": (25, 50, 100, 200)}) == []


def test_a_skull_cost_of_zero_is_caught_naming_the_character() -> None:
    bad = {**character(STREETS[0]), "rent": tuple(character(STREETS[0])["rent"]), "hotel_cost": 0}
    found = [p.message for p in check_values(shipped(), "space:space-1", bad) if not p.caution]
    assert found == ["Space 1 (Character 1A (test)), cost of a Skull: the cost must be more than 0."]


def test_the_walk_shows_a_blank_space_with_its_type_to_choose() -> None:
    """A blank space starts as a character (the commonest type) with nothing filled in; choosing a card space
    swaps the colour set and price for the deck."""
    step = step_view(shipped(), "board", 1)
    assert step.title == "Space 1 after GO (2 of 40)"
    assert [(f.field.key, f.value) for f in step.fields] == [("kind", None), ("name", None), ("group", None),
                                                            ("price", None)]
    as_card = step_view(shipped(), "board", 1, kind="card")
    assert [f.field.key for f in as_card.fields] == ["kind", "name", "deck"]


def test_the_whole_test_box_has_no_problem() -> None:
    """TEST DATA: the made-up box laid over the edition passes every check (no problem, no caution)."""
    assert check_edition(boba()) == []
    assert box_status(boba(), ASKED).before_play == ()
    assert box_profile().entered > 200
