"""Each edition's dice, as its rule book describes them, and the checks every roll goes through."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.dice import MOVE, classic_dice, load_dice, parse_dice
from companion.edition import load_edition
from companion.engine.errors import EditionError
from companion.paths import editions_dir


def need_of(edition: str, kind: str = MOVE) -> list[tuple[str, tuple[int, ...]]]:
    """The dice a roll uses, as (name, values) in the order the values are given."""
    return [(d.name, d.values) for d in load_dice(editions_dir() / edition).need(kind).dice]


D6 = (1, 2, 3, 4, 5, 6)


@pytest.mark.parametrize("edition", ["original-trilogy", "boba-fett", "star-wars-2015"])
def test_the_classic_family_moves_with_two_six_sided_dice(edition: str) -> None:
    """OT-TURN-3 (and the same in Boba Fett and Star Wars 2015): roll both dice, each 1 to 6."""
    assert need_of(edition) == [("first die", D6), ("second die", D6)]


def test_the_mandalorian_moves_with_one_die_and_battles_with_both_when_holding_grogu() -> None:
    """The silver die alone, the green die (1 to 3) alone with Grogu, both in a battle with Grogu."""
    assert need_of("mandalorian") == [("silver die", D6)]
    assert need_of("mandalorian", "move-with-grogu") == [("green die", (1, 2, 3))]
    assert need_of("mandalorian", "battle") == [("silver die", D6)]
    assert need_of("mandalorian", "battle-with-grogu") == [("silver die", D6), ("green die", (1, 2, 3))]
    assert need_of("mandalorian", "enemies-move") == need_of("mandalorian", "first-player") == [("silver die", D6)]


def test_monopoly_go_rolls_four_coloured_dice_at_once() -> None:
    """One roll a round: the red, yellow, green and blue dice together."""
    assert need_of("monopoly-go") == [("red die", D6), ("yellow die", D6), ("green die", D6), ("blue die", D6)]


def test_a_roll_is_checked_die_by_die() -> None:
    """Every value must be one its die shows, and there must be one value per die."""
    grogu = load_dice(editions_dir() / "mandalorian").need("battle-with-grogu")
    assert grogu.problems((6, 3)) == []
    assert grogu.problems((6, 4)) == ["The green die shows 1 to 3, not 4."]
    assert grogu.problems((7, 0)) == ["The silver die shows 1 to 6, not 7.", "The green die shows 1 to 3, not 0."]
    assert grogu.problems((6,)) == [
        "The battle roll with Grogu is the silver die (1 to 6) and the green die (1 to 3): 2 values, not 1."]
    assert grogu.lowest() == (1, 1)


def test_the_original_trilogy_edition_reads_its_dice_from_dice_toml() -> None:
    """The edition loaded for play carries the same dice as its dice.toml."""
    edition = load_edition(editions_dir() / "original-trilogy")
    assert edition.dice == load_dice(editions_dir() / "original-trilogy")
    assert edition.dice.need().describe() == "2 dice, each 1 to 6"


def test_games_saved_before_dice_toml_still_roll_two_dice() -> None:
    """A journal whose edition data says only ``dice = 2`` replays with two six-sided dice."""
    assert classic_dice(2).need().describe() == "2 dice, each 1 to 6"


def test_every_problem_of_a_dice_file_is_reported_at_once() -> None:
    """No id, too few values, a roll naming an unknown die or the same die twice, no move roll."""
    problems: list[str] = []
    parse_dice({"die": [{"name": "x", "values": [1, 2]}, {"id": "a", "values": [3]}, {"id": "b", "values": [1, 2]}],
                "roll": {"battle": {"dice": ["b", "b"]}, "extra": {"dice": ["zz"]}}}, problems)
    assert problems == [
        "dice.toml: die #1 has no id",
        "dice.toml: die 'a' needs 'values', at least two different whole numbers",
        "dice.toml: roll 'battle' must list dice from [[die]], each once (unknown: none)",
        "dice.toml: roll 'extra' must list dice from [[die]], each once (unknown: zz)",
        "dice.toml: the 'move' roll (the dice players move with) is missing",
    ]


def test_a_missing_dice_file_is_a_clear_error(tmp_path: Path) -> None:
    """Loading dice from a folder without dice.toml names the file."""
    with pytest.raises(EditionError, match=r"dice\.toml"):
        load_dice(tmp_path)
