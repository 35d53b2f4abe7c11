"""How many Chance tiles of each kind a MONOPOLY GO! box holds (``box tiles:chance <kind>=N ...``): not published
(editions-data.md 2.5), never asked by play, checked against the ten tiles of the box, laid over the edition and
kept in the box profile. Every count here is TEST DATA (made up)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.box.checks import check_values
from companion.box.overlay import apply_values
from companion.box.profile import BoxProfile, overlay, profile_from_toml
from companion.box.status import box_status
from companion.box.store import box_file_problems
from companion.box.values import BoxValueError, split_target
from companion.edition import Edition, edition_from_data, load_edition

ROOT = Path(__file__).resolve().parents[2]
TILES = "tiles:chance"


@pytest.fixture(scope="module")
def go() -> Edition:
    """The MONOPOLY GO! edition as published: ten Chance tiles of four kinds, how many of each unknown."""
    return load_edition(ROOT / "editions" / "monopoly-go")


def problems(edition: Edition, values: dict[str, Any]) -> list[str]:
    return [p.message for p in check_values(edition, TILES, values)]


def test_the_published_box_knows_no_count_and_a_game_starts_and_ends_without_one(go: Edition) -> None:
    """GO-TILE-7: nothing is known of the kinds, and the box's status asks for none of them."""
    assert go.mini_boards is not None and go.mini_boards.tile_counts == {}
    assert go.mini_boards.tile_count("shield") is None
    assert box_status(go, frozenset()).lines() == ["Asked for during play, the first time it is needed: the layout "
                                                   "of 8 mini board faces."]


def test_counts_entered_are_laid_over_the_edition_and_the_last_kind_follows_from_the_others(go: Edition) -> None:
    """GO-TILE-7: 4 Money Bags, 3 GO Buttons and 2 Mr. Monopoly tiles (TEST DATA) leave 1 Shield of the 10."""
    assert split_target(TILES) == ("tiles", "chance", "")
    values = {"money-bag": 4, "go-button": 3, "mr-monopoly": 2}
    assert problems(go, values) == []
    boards = edition_from_data(apply_values(go.raw, TILES, values)).mini_boards
    assert boards is not None
    assert [boards.tile_count(k) for k in ("money-bag", "go-button", "mr-monopoly", "shield")] == [4, 3, 2, 1]


@pytest.mark.parametrize(("values", "said"), [
    ({"shield": 0}, "The Chance tiles: Shield tiles: a count from 1 to 10, not 0."),
    ({"shield": 11}, "The Chance tiles: Shield tiles: a count from 1 to 10, not 11."),
    ({"money-bag": 7, "go-button": 2}, "The Chance tiles: the box holds 10 Chance tiles in all: 9 of these kinds "
                                       "leave too few for the other 2 (at least one of each)."),
    ({"money-bag": 4, "go-button": 3, "mr-monopoly": 2, "shield": 2},
     "The Chance tiles: the box holds 10 Chance tiles in all, but the 4 kinds add up to 11."),
    ({"dragon": 2}, "The Chance tiles: 'dragon' is not something printed on it."),
    ({"shield": "four"}, "The Chance tiles, shield tiles in the box: a whole number, please."),
])
def test_an_impossible_count_is_refused_in_plain_words(go: Edition, values: dict[str, Any], said: str) -> None:
    """GO-TILE-7: each kind at least once, ten tiles in all."""
    assert problems(go, values) == [said]


def test_only_the_chance_tiles_are_counted_and_only_in_a_game_on_mini_boards(go: Edition) -> None:
    with pytest.raises(BoxValueError, match="the Chance tiles are tiles:chance"):
        split_target("tiles:cards")
    trilogy = load_edition(ROOT / "editions" / "original-trilogy")
    assert [p.message for p in check_values(trilogy, TILES, {"shield": 2})] == ["This edition has no tiles 'chance'."]


def test_a_profile_keeps_the_counts_and_round_trips_through_its_toml_file(go: Edition) -> None:
    """GO-TILE-7: the counts sit under ``[tiles.chance]``; a profile whose counts cannot be is refused."""
    profile = BoxProfile("monopoly-go", "ours", "Our box", 1, "1").with_values(TILES, {"shield": 4}) \
        .with_values(TILES, {"money-bag": 2})
    again = profile_from_toml(profile.to_toml())
    assert "[tiles.chance]" in profile.to_toml()
    assert again.value(TILES) == {"shield": 4, "money-bag": 2} and again.entered == 2
    boards = edition_from_data(overlay(go.raw, again)).mini_boards
    assert boards is not None and boards.tile_counts == {"shield": 4, "money-bag": 2}
    assert box_file_problems(again, go) == []
    bad = BoxProfile("monopoly-go", "ours", "Our box").with_values(TILES, {"shield": 8, "money-bag": 3})
    assert [p.message for p in box_file_problems(bad, go)] == [
        "edition.toml [chance] counts: the box holds 10 Chance tiles in all: 11 of these kinds leave too few for "
        "the other 2 (at least one of each)"]
