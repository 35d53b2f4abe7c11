"""A mini board's face read off the box (MONOPOLY GO!, ``box face:<id> ...``): how many spaces go round it, the
steps of its Mega Shut Down tracker, where its Jail is and what is on each space, each checked, laid over the
edition, kept in the box profile and asked one field at a time during play. Every layout here is TEST DATA (made
up): nothing of a real face is published.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.box.checks import check_values
from companion.box.overlay import apply_values
from companion.box.profile import BoxProfile, overlay, profile_from_toml
from companion.box.status import box_status
from companion.box.store import box_file_problems
from companion.box.values import BoxValueError, parse_values, split_target
from companion.edition import Edition, edition_from_data, load_edition
from companion.engine.errors import Need
from companion.mini_boards import Face, read_mini_boards
from companion.table.box_play import need_fields, target_fields
from companion.table.box_setup import face_lines
from companion.table.words import box_target_name, box_values_words, need_title

ROOT = Path(__file__).resolve().parents[2]
RED = "face:red-1"
LAYOUT = {"length": 20, "tracker": 6, "jail": 5, "space7": "brown", "space12": "bank-heist"}  # TEST DATA
KINDS = ("brown", "light-blue", "pink", "orange", "red", "yellow", "green", "dark-blue", "chance", "bank-heist",
         "shut-down", "just-visiting", "free-parking", "go-to-jail")
CHOICES_SAID = ("'purple' is not one of: brown (Brown colour space), light-blue (Light blue colour space), pink (Pink "
                "colour space), orange (Orange colour space), red (Red colour space), yellow (Yellow colour space), "
                "green (Green colour space), dark-blue (Dark blue colour space), chance (Chance), bank-heist (Bank "
                "Heist), shut-down (Shut Down), just-visiting (Just Visiting / In Jail), free-parking (Free "
                "Parking), go-to-jail (Go To Jail).")


@pytest.fixture(scope="module")
def go() -> Edition:
    """The MONOPOLY GO! edition as published: eight faces, nothing of their layout known."""
    return load_edition(ROOT / "editions" / "monopoly-go")


def entered(edition: Edition, target: str, values: dict[str, Any]) -> Edition:
    """The edition with ``values`` entered for ``target`` (after checking they are fine)."""
    assert check_values(edition, target, values) == []
    return edition_from_data(apply_values(edition.raw, target, values))


def problems(edition: Edition, values: dict[str, Any], during_play: bool = False, target: str = RED) -> list[str]:
    return [p.message for p in check_values(edition, target, values, during_play)]


# ---------------------------------------------------------------- entering each field


def test_the_box_command_words_read_as_a_face_and_its_values() -> None:
    assert split_target(RED) == ("face", "red-1", "")
    assert parse_values(["length=20", "tracker=6", "jail=5", "space7=brown", "space12=bank-heist"]) == LAYOUT


def test_each_field_entered_alone_fills_in_the_face(go: Edition) -> None:
    edition = entered(go, RED, {"length": 20})
    assert edition.mini_boards is not None
    assert edition.mini_boards.faces["red-1"] == Face("red-1", "red", 1, 20, None, ("go",) + ("?",) * 19)
    edition = entered(edition, RED, {"tracker": 6})
    edition = entered(edition, RED, {"jail": 5})
    edition = entered(edition, RED, {"space7": "brown"})
    face = edition.mini_boards.faces["red-1"] if edition.mini_boards else None
    assert face is not None
    assert (face.length, face.tracker, face.jail, face.kind_at(7), face.kind_at(8)) == (20, 6, 5, "brown", "?")


def test_the_whole_layout_at_once_gives_the_expected_face(go: Edition) -> None:
    boards = read_mini_boards(apply_values(go.raw, RED, LAYOUT))
    assert boards is not None
    spaces = ["?"] * 20
    spaces[0], spaces[5], spaces[7], spaces[12] = "go", "just-visiting", "brown", "bank-heist"
    assert boards.faces["red-1"] == Face("red-1", "red", 1, 20, 6, tuple(spaces))
    assert boards.faces["red-2"] == Face("red-2", "red", 2)      # the other faces are untouched


def test_the_values_entered_are_marked_as_the_owners(go: Edition) -> None:
    raw = apply_values(go.raw, RED, {"length": 20, "space7": "brown"})
    face = next(f for f in raw["board"]["faces"] if f["id"] == "red-1")
    assert face["owner"] == ["length", "space7"]
    assert go.raw["board"]["faces"][0].get("spaces") is None       # the published data is not changed


def test_a_space_may_be_said_in_the_same_command_as_the_length(go: Edition) -> None:
    assert problems(go, {"length": 12, "space11": "go-to-jail"}) == []


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(("values", "said"), [
    ({"length": 3}, "The red board, side 1: count every space round it, GO included: between 4 and 80."),
    ({"length": 81}, "The red board, side 1: count every space round it, GO included: between 4 and 80."),
    ({"length": 20, "tracker": 0}, "The red board, side 1: count the steps of its Mega Shut Down tracker from "
                                   "Start to the end: between 1 and 20."),
    ({"length": 20, "jail": 0}, "The red board, side 1: Just Visiting / In Jail is 1 to 19 spaces after GO."),
    ({"length": 20, "space20": "red"}, "The red board, side 1: its spaces after GO are 1 to 19; it has no space "
                                       "20."),
    ({"length": 20, "space7": "purple"}, f"The red board, side 1, space 7 after GO: {CHOICES_SAID}"),
    ({"length": 20, "space7": "go"},
     f"The red board, side 1, space 7 after GO: {CHOICES_SAID.replace('purple', 'go')}"),
    ({"space7": "brown"}, "The red board, side 1: first say how many spaces go round it."),
    ({"jail": 5}, "The red board, side 1: first say how many spaces go round it."),
    ({"length": "twenty"}, "The red board, side 1, spaces round this board, GO included: a whole number, please."),
    ({"colour": "red"}, "The red board, side 1: 'colour' is not something printed on it."),
    ({"space0": "go"}, "The red board, side 1: 'space0' is not something printed on it."),
    ({"length": 20, "jail": 5, "space9": "just-visiting"}, "The red board, side 1: a board has one Just Visiting / "
                                                           "In Jail space."),
    ({"length": 20, "jail": 7, "space7": "chance"}, "The red board, side 1: the Jail is on the Just Visiting "
                                                    "space, but space 7 is described as something else (Chance). "
                                                    "Give the number of the Just Visiting space for the Jail "
                                                    "(jail=), or leave it out: a space described as Just Visiting "
                                                    "/ In Jail says where it is."),
], ids=["too-short", "too-long", "no-tracker", "jail-on-go", "past-the-end", "unknown-kind", "go-again",
        "space-before-length", "jail-before-length", "length-in-words", "not-printed", "space-0", "two-jails",
        "jail-on-chance"])
def test_a_wrong_value_is_refused_in_plain_words(go: Edition, values: dict[str, Any], said: str) -> None:
    assert problems(go, values) == [said]


def test_a_face_the_edition_does_not_have_is_refused(go: Edition) -> None:
    assert problems(go, {"length": 20}, target="face:purple-1") == ["This edition has no face 'purple-1'."]


def test_a_second_jail_is_refused_and_says_where_the_first_is(go: Edition) -> None:
    edition = entered(go, RED, LAYOUT)
    said = "The red board, side 1: a board has one Just Visiting / In Jail space (it is space 5)."
    assert problems(edition, {"space9": "just-visiting"}) == [said]
    assert problems(edition, {"jail": 9}) == [said]
    assert problems(edition, {"jail": 9, "space5": "pink"}) == []    # before a game: the Jail is moved


def test_during_a_game_what_is_known_of_a_face_cannot_change(go: Edition) -> None:
    edition = entered(go, RED, LAYOUT)
    layout = "is part of the board's layout and cannot change during a game."
    assert problems(edition, {"space7": "chance"}, during_play=True) == [
        f"The red board, side 1: what is on space 7 {layout}"]
    assert problems(edition, {"length": 24, "tracker": 7, "jail": 9}, during_play=True) == [
        f"The red board, side 1: how many spaces go round it {layout}",
        f"The red board, side 1: how many steps its Mega Shut Down tracker has {layout}",
        f"The red board, side 1: where its Jail is {layout}"]
    assert problems(edition, {"space7": "chance"}) == []               # box setup, before a game, may correct it
    assert problems(edition, {"space8": "chance", "space19": "free-parking"}, during_play=True) == []


# ---------------------------------------------------------------- the box profile


def test_a_profile_keeps_faces_and_round_trips_through_its_toml_file(go: Edition) -> None:
    profile = BoxProfile("monopoly-go", "ours", "Our box", 1, "1").with_values(RED, {"length": 20, "tracker": 6}) \
        .with_values(RED, {"jail": 5, "space7": "brown"}).with_values("face:blue-2", {"length": 16})
    again = profile_from_toml(profile.to_toml())
    assert "[faces.red-1]" in profile.to_toml()
    assert again.values == profile.values
    assert again.value(RED) == {"length": 20, "tracker": 6, "jail": 5, "space7": "brown"}
    assert again.entered == 5
    boards = read_mini_boards(overlay(go.raw, again))
    assert boards is not None
    assert (boards.faces["red-1"].jail, boards.faces["red-1"].kind_at(7), boards.faces["blue-2"].length) == \
        (5, "brown", 16)
    assert box_file_problems(again, go) == []


def test_a_profile_naming_a_space_past_the_end_of_its_face_is_refused(go: Edition) -> None:
    profile = BoxProfile("monopoly-go", "ours", "Our box").with_values(RED, {"length": 8, "space9": "red"})
    with pytest.raises(BoxValueError, match="face red-1 has no space 9"):
        overlay(go.raw, profile)
    bad = BoxProfile("monopoly-go", "ours", "Our box").with_values(RED, {"length": 8, "space3": "purple"})
    assert [p.message for p in box_file_problems(bad, go)] == [
        "board.toml: face red-1: purple is not a kind of space of a mini board (bank-heist, brown, chance, "
        "dark-blue, free-parking, go, go-to-jail, green, just-visiting, light-blue, orange, pink, red, shut-down, "
        "yellow)"]


# ---------------------------------------------------------------- asked during play


def test_a_need_for_one_space_asks_that_space_alone_with_every_kind_but_go(go: Edition) -> None:
    edition = entered(go, RED, {"length": 20})
    need = Need(RED, ("space7",), "What is on this space?")
    [field] = need_fields(edition, need)
    assert (field.key, field.label, field.kind) == ("space7", "Space 7 after GO", "choice")
    assert tuple(k for k, _ in field.choices) == KINDS
    assert dict(field.choices)["light-blue"] == "Light blue colour space"
    assert dict(field.choices)["just-visiting"] == "Just Visiting / In Jail"
    assert field.swatches[:8] == ("#8b5a2b", "#aae0fa", "#d93a96", "#f7941d", "#ed1b24", "#fef200", "#1fb25a",
                                  "#0072bb")
    assert set(field.swatches[8:]) == {""}                                   # Chance, Bank Heist... no colour
    assert need_title(edition, need) == "What is on space 7 of the red board, side 1?"


def test_once_the_jail_is_placed_just_visiting_is_not_offered_again(go: Edition) -> None:
    edition = entered(go, RED, {"length": 20, "jail": 5})
    [field] = need_fields(edition, Need(RED, ("space7",), "What is on this space?"))
    assert "just-visiting" not in dict(field.choices)
    assert len(field.choices) == len(field.swatches) == 13


def test_the_length_tracker_and_jail_are_asked_on_the_number_pad(go: Edition) -> None:
    fields = need_fields(go, Need(RED, ("length", "tracker"), "Count them."))
    assert [(f.key, f.label, f.kind) for f in fields] == [
        ("length", "Spaces round this board, GO included", "number"),
        ("tracker", "Steps of the Mega Shut Down tracker", "number")]
    assert need_title(go, Need(RED, ("jail",), "Where?")) == "Read it off the box: the red board, side 1"
    assert [f.key for f in target_fields(go, RED)] == ["length", "tracker", "jail"]   # no space before the length
    assert len(target_fields(entered(go, RED, {"length": 20}), RED)) == 3 + 19


def test_the_journal_says_what_was_read_off_a_face(go: Edition) -> None:
    assert box_target_name(go, RED) == "the red board, side 1"
    assert box_values_words(go, RED, {"length": 20, "tracker": 6, "jail": 5, "space7": "bank-heist"}) == (
        "number of spaces 20, steps of the Mega Shut Down tracker 6, Just Visiting / In Jail on space 5, "
        "space 7: Bank Heist")


# ---------------------------------------------------------------- the box's status and box setup


def test_a_game_on_mini_boards_can_start_with_no_face_known(go: Edition) -> None:
    status = box_status(go, frozenset())
    assert status.can_start and not status.complete
    assert status.lines() == ["Asked for during play, the first time it is needed: the layout of 8 mini board "
                              "faces."]


def test_a_face_whose_layout_is_all_known_is_no_longer_asked(go: Edition) -> None:
    full = {"length": 4, "tracker": 3, "space1": "brown", "space2": "just-visiting", "space3": "chance"}  # TEST DATA
    status = box_status(entered(go, RED, full), frozenset())
    assert status.lines() == ["Asked for during play, the first time it is needed: the layout of 7 mini board "
                              "faces."]


def test_box_setup_lists_each_face_with_what_is_known_of_it(go: Edition) -> None:
    lines = face_lines(entered(go, RED, LAYOUT))
    assert lines[:2] == ["The red board, side 1: 20 spaces, 3 of the 19 after GO described, Jail on space 5, "
                         "tracker of 6 steps.", "The red board, side 2: not read yet."]
    assert len(lines) == 8
