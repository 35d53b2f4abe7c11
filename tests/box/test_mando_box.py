"""The Mandalorian box: the board's layout and hideouts, and the Imperial enemy cards, whose number needed,
reward and penalty nobody has published. What must be entered before play, what play asks for (an enemy card when
the first battle against it starts), and the checks that name the card and the field. Values the tests enter are
TEST DATA (made up; tests/mando/testbox.py)."""

from __future__ import annotations

import pytest

from companion.box.checks import check_values
from companion.box.fields import space_fields
from companion.box.status import box_status
from companion.box.values import parse_values
from companion.engine.errors import Need, ValueNeeded
from companion.rules import asked_during_play, new_game
from companion.table.box_play import need_fields, target_fields, with_box
from companion.table.box_setup import card_step, deck_views, part_progress
from tests.mando.testbox import SIGNETS, box_profile, mando, setup, shipped

ASKED = asked_during_play(shipped())


def test_the_shipped_edition_plays_at_once_and_learns_the_rest_during_play() -> None:
    """Only the corners and the four Imperial Advances are public, and nothing is needed before the first roll:
    the type and name of 22 spaces, the names of the two hideouts the rule book places and the 6 colour sets are
    asked for (names and colours are never needed to play) as play reaches them, like the 8 trooper cards
    (number, reward, penalty) and Moff Gideon's number at the first battle against each."""
    status = box_status(shipped(), ASKED)
    assert status.can_start
    assert status.lines()[:1] == [
        "Asked for during play, the first time it is needed: the type and name of 22 spaces; the name, price and "
        "rent of 2 spaces; the name and colour of 6 groups; 20 cards not yet entered; the number needed to win, "
        "reward and penalty of 8 cards; the number needed to win of 1 card.",
    ]
    new_game(shipped(), setup(2))


def test_with_the_layout_entered_a_game_starts_and_the_enemy_cards_are_still_to_read() -> None:
    edition = mando(cards=False, enemies=False)
    status = box_status(edition, ASKED)
    assert status.can_start and not status.problems
    new_game(edition, setup(2))
    card = edition.decks["death-trooper"].card("level-1")
    assert card is not None
    with pytest.raises(ValueNeeded) as asked:
        card.value("number")
    assert asked.value.need.target == "card:death-trooper/level-1"
    assert asked.value.need.fields == ("number", "reward", "penalty")
    assert "Death Trooper card 'Level 1'" in asked.value.need.what


def test_an_enemy_card_form_asks_for_exactly_its_printed_numbers() -> None:
    """The read-it-off-the-box window for an enemy card shows the number needed, the reward and the penalty, each
    on a number pad (Moff Gideon's card: only the number); box setup's card step also lets the owner retitle it."""
    edition = mando(cards=False, enemies=False)
    trooper = Need("card:death-trooper/level-2", ("number", "reward", "penalty"), "")
    assert [(f.key, f.kind) for f in need_fields(edition, trooper)] == [
        ("number", "number"), ("reward", "number"), ("penalty", "number")]
    assert [f.key for f in need_fields(edition, Need("card:moff-gideon/moff-gideon", ("number",), ""))] == [
        "number"]
    keys = [f.key for f in target_fields(edition, "card:death-trooper/level-2")]
    assert keys == ["title", "effect", "number", "reward", "penalty", "count"]
    effects = dict(next(f for f in card_step(edition, "signet", "+", "").fields if f.field.key == "effect")
                   .field.choices)
    assert "battle-bonus" in effects and "repairs" not in effects


def test_enemy_card_values_are_checked_naming_the_card_and_the_field() -> None:
    edition = mando(cards=False, enemies=False)
    problems = check_values(edition, "card:death-trooper/level-1", {"number": 0, "reward": 25, "penalty": 15})
    assert [p.message for p in problems] == ["Death Trooper card 'Level 1', number needed to win: must be more than "
                                             "0."]
    problems = check_values(edition, "card:death-trooper/level-1", {"number": "seven"})
    assert [p.message for p in problems] == ["Death Trooper card 'Level 1', number needed to win: a whole number, "
                                             "please."]
    problems = check_values(edition, "card:death-trooper/level-1", parse_values(["reward=-5"]))
    assert [p.message for p in problems] == ["Death Trooper card 'Level 1', reward (credits): 0 or more, please."]
    assert check_values(edition, "card:death-trooper/level-1", {"number": 5, "reward": 25, "penalty": 15}) == []


def test_the_cards_part_counts_an_enemy_card_done_only_once_its_numbers_are_entered() -> None:
    """Signet 20 + troopers 4 + 4 + Moff Gideon 1 = 29 cards; the test box lists some Signet cards (counting
    copies) and, without its enemy values, no enemy card is done. With them, 9 more are."""
    signets = sum(int(c["count"]) for c in SIGNETS.values())
    assert part_progress(mando(cards=True, enemies=False), "cards") == (signets, 29)
    assert part_progress(mando(cards=True, enemies=True), "cards") == (signets + 4 + 4 + 1, 29)
    lines = {d.id: d for d in deck_views(mando(cards=False, enemies=False))}
    assert {c.origin for c in lines["death-trooper"].cards} == {"not entered yet"}


def test_an_enemy_card_entered_once_is_remembered_by_the_box() -> None:
    """A value read off an enemy card goes into the box profile, and the next game knows it."""
    profile = box_profile(cards=False, enemies=False).with_values(
        "card:incinerator-stormtrooper/level-1", {"number": 4, "reward": 20, "penalty": 10})
    edition = with_box(shipped(), profile)
    card = edition.decks["incinerator-stormtrooper"].card("level-1")
    assert card is not None and card.value("number") == 4 and card.value("penalty") == 10
    assert card.owner


def test_the_board_takes_no_more_jumps_or_credits_spaces_than_it_has() -> None:
    """The rule book gives the board two Hyperspace Jumps and two Imperial Credits spaces (the test box puts them
    on 10 and 26, and 6 and 22): the Signet space 2 said to be a third of either is refused, naming the spaces;
    Signet spaces (how many the board has is not known) are not counted."""
    problems = check_values(mando(), "space:space-2", {"kind": "jump"})
    assert [p.message for p in problems] == ["Space 2 (Signet): the board has only 2 spaces of this type (Hyperspace "
                                             "Jump), but 3 are said to be (spaces 2, 10, 26)."]
    assert [p.field for p in check_values(mando(), "space:space-2", {"kind": "collect"})] == ["kind"]
    assert check_values(mando(), "space:space-6", {"kind": "card"}) == []


def test_a_hideout_has_a_price_and_one_rent_and_no_mortgage() -> None:
    """Hideouts print a price and a single rent; this edition has no mortgages or buildings."""
    keys = [f.key for f in space_fields(shipped(), "hideout")]
    assert keys == ["kind", "name", "group", "price", "rent"]
    kinds = dict(next(f for f in space_fields(shipped(), "hideout") if f.key == "kind").choices)
    assert set(kinds) == {"hideout", "go", "card", "jail", "free-parking", "go-to-jail", "collect", "jump",
                          "advance"}
    problems = check_values(mando(), "space:space-1", {"rent": 30})
    assert [p.message for p in problems if p.caution] == [
        "Space 1 (Hideout 1A (test)), rent: the rent (30) is not less than the price (20). Check the Title Deed."]
