"""Box checks on deliberately broken boxes: every mistake is caught, and the message names the space, deed, group
or card and the field, so the owner knows where to look. Values are TEST DATA (made up)."""

from __future__ import annotations

import pytest

from companion.box.checks import check_edition, check_raw, check_values
from companion.box.overlay import apply_values
from companion.edition import edition_from_data
from tests.box.testbox import gapped_edition, gapped_raw
from tests.rules.helpers import edition as ot


def errors(target: str, values: dict, during_play: bool = False, layout_gaps: bool = False) -> list[str]:
    """The problems (not cautions) of entering ``values`` in the test edition."""
    found = check_values(gapped_edition(layout_gaps), target, values, during_play)
    return [p.message for p in found if not p.caution]


def cautions(target: str, values: dict) -> list[str]:
    return [p.message for p in check_values(gapped_edition(), target, values) if p.caution]


MOS_EISLEY = "space:tatooine-mos-eisley"
GOOD_DEED = {"price": 140, "mortgage": 70, "build_cost": 100, "rent": (10, 50, 150, 450, 625, 750)}  # TEST DATA


def test_a_good_deed_has_no_problem() -> None:
    assert check_values(gapped_edition(), MOS_EISLEY, GOOD_DEED) == []


@pytest.mark.parametrize(("values", "field_words"), [
    ({"rent": (10, 50, 40, 450, 625, 750)}, "rent: amount 3 (40) must be more than amount 2 (50)"),
    ({"rent": (10, 50, 150, 450, 625)}, "6 amounts are printed"),
    ({"price": 0}, "price: the price must be more than 0"),
    ({"price": 100, "mortgage": 150}, "mortgage value: 150 is not less than the price (100)"),
    ({"build_cost": 0}, "cost of each fighter: the cost must be more than 0"),
    ({"name": ""}, "name: it is empty"),
    ({"name": "x" * 41}, "name: at most 40 letters"),
    ({"price": "cheap"}, "price: a whole number"),
    ({"rent": "a lot"}, "rent: 6 whole numbers"),
], ids=["rent-falls", "rent-short", "price-zero", "mortgage-over-price", "cost-zero", "name-empty",
        "name-long", "price-words", "rent-words"])
def test_each_deed_mistake_names_the_space_and_the_field(values: dict, field_words: str) -> None:
    found = errors(MOS_EISLEY, {**GOOD_DEED, **values})
    assert len(found) == 1, found
    assert found[0].startswith("Space 11")
    assert field_words in found[0]


def test_a_mortgage_not_half_the_price_is_a_caution_not_a_problem() -> None:
    values = {**GOOD_DEED, "mortgage": 60}     # TEST DATA: half of 140 is 70
    assert errors(MOS_EISLEY, values) == []
    assert cautions(MOS_EISLEY, values) == ["Space 11 (Tatooine: Mos Eisley), mortgage value: 60 is not half the "
                                            "price (70), which it usually is. Check the Title Deed."]


def test_a_site_rent_above_the_price_is_a_caution() -> None:
    assert any("site-only rent (150) is not less than the price (140)" in c
               for c in cautions(MOS_EISLEY, {**GOOD_DEED, "rent": (150, 160, 170, 450, 625, 750)}))


def test_a_vessel_rent_table_has_one_amount_per_vessel_owned() -> None:
    found = errors("space:tie-fighter", {"rent": (25, 50, 100)})
    assert found == ["Space 5 (TIE Fighter), rent: 4 amounts are printed (1 owned, 2 owned, 3 owned, 4 owned), "
                     "not 3."]


def test_utility_multipliers_must_rise() -> None:
    found = errors("space:reactor-core", {"dice_multiplier": (10, 4)})
    assert found == ["Space 12 (Reactor Core), dice multipliers: amount 2 (4) must be more than amount 1 (10); "
                     "each level pays more than the one before."]


def test_a_tax_amount_must_be_positive() -> None:
    assert errors("space:bounty", {"amount": 0}) == ["Space 38 (Bounty), amount: the amount must be more than 0."]


def test_a_field_the_space_does_not_print_is_refused() -> None:
    assert errors("space:bounty", {"rent": (1, 2)}) == ["Space 38 (Bounty): 'rent' is not something printed on it."]


def test_an_unknown_space_or_deck_is_named() -> None:
    assert errors("space:nowhere", {"price": 1}) == ["This edition has no space 'nowhere'."]
    assert errors("card:nodeck/x", {"effect": "pay"}) == ["This edition has no deck 'nodeck'."]
    assert errors("shelf:x", {"price": 1})[0].startswith("'shelf:x' does not name a space")


def test_the_layout_cannot_change_during_a_game() -> None:
    found = errors(MOS_EISLEY, {"group": "hoth"}, during_play=True)
    assert found == ["Space 11 (Tatooine: Mos Eisley): the colour group is part of the board's layout and cannot "
                     "change during a game."]


def test_a_group_with_a_deed_too_many_is_named_with_its_deeds() -> None:
    found = errors(MOS_EISLEY, {**GOOD_DEED, "group": "dagobah"})
    assert "Group Dagobah: this edition's group has 2 deeds, but 3 are in it (Dagobah: Yoda's Hut, Dagobah: Swamp, " \
           "Tatooine: Mos Eisley)." in found


def test_a_group_short_of_deeds_is_caught_once_the_board_is_complete() -> None:
    raw = gapped_raw()
    raw["board"]["spaces"][13]["group"] = "cloud-city"
    problems = [p.message for p in check_raw(raw) if not p.caution]
    assert "Group Tatooine: this edition's group has 3 deeds, but 2 are in it (Tatooine: Mos Eisley, Tatooine: " \
           "Lars Homestead)." in problems
    assert any(p.startswith("Group Cloud City: this edition's group has 3 deeds, but 4") for p in problems)


def test_two_groups_with_one_name_are_caught() -> None:
    found = errors("group:hoth", {"name": "Dagobah"})
    assert found == ["Group Dagobah: the name is also used by group dagobah."]


def test_a_card_needs_the_values_of_its_effect() -> None:
    target = "card:imperial/fine"
    assert errors(target, {"title": "A fine", "effect": "pay"}) == ["Imperial card 'A fine', amount: missing."]
    assert errors(target, {"title": "Trip", "effect": "advance"}, during_play=True) == [
        "Imperial card 'Trip', target (which space): missing."]              # the field as it is typed
    assert errors(target, {"title": "Trip", "effect": "advance", "target": "nowhere"}) == [
        "Imperial card 'fine', which space: 'nowhere' is not one of: " + ", ".join(
            f"{s.id} ({s.name})" for s in gapped_edition().spaces) + "."]  # what to type, and what it is
    assert errors(target, {"title": "A fine", "effect": "pay", "amount": 15}) == []   # TEST DATA


def test_a_deck_cannot_hold_more_cards_than_the_box() -> None:
    found = errors("card:imperial/many", {"title": "Many", "effect": "collect", "amount": 5, "count": 7})
    assert found == ["The Imperial deck holds 16 cards, but 17 are entered."]


def test_the_shipped_original_trilogy_has_no_problem() -> None:
    assert [p for p in check_edition(ot()) if not p.caution] == []


def test_layout_values_entered_before_play_are_checked_too() -> None:
    found = errors("space:space-6", {"kind": "street", "name": "", "group": "hoth"}, layout_gaps=True)
    assert found == ["Space 6, name: it is empty."]
    assert errors("space:space-6", {"kind": "moon"}, layout_gaps=True)[0].startswith(
        "Space 6, type of space: 'moon' is not one of:")


def test_an_edition_loads_with_every_value_a_check_accepts() -> None:
    edition = gapped_edition()
    assert edition_from_data(apply_values(edition.raw, MOS_EISLEY, GOOD_DEED)).space("tatooine-mos-eisley").price \
        == 140
