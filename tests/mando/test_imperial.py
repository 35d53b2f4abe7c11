"""Unit tests of companion/rulesets/imperial.py: the enemies' data, their move on an advance and where a beaten
enemy goes (MA-ADVANCE-1/2/5, MA-BATTLE-4, MA-SETUP-5).

Positions are those of the 32-space board: advance spaces (and so outposts 1 to 4) at 4, 12, 20 and 28.
"""

from __future__ import annotations

import copy

import pytest

from companion.edition import edition_from_data
from companion.rules.imperial import (
    Enemy,
    EnemyMove,
    advance,
    enemies_of,
    enemy_problems,
    next_free_outpost,
    outpost_spaces,
)

from .testbox import shipped

OUTPOSTS = (4, 12, 20, 28)


def test_the_enemies_of_the_edition() -> None:
    """MA-SETUP-5: three enemies, each with its starting outpost and deck; Moff Gideon is the boss."""
    assert enemies_of(shipped()) == (
        Enemy("incinerator-stormtrooper", "Incinerator Stormtrooper", "#c0392b", 2, "incinerator-stormtrooper"),
        Enemy("moff-gideon", "Moff Gideon", "#8e9aa6", 3, "moff-gideon", boss=True),
        Enemy("death-trooper", "Death Trooper", "#1d1f24", 4, "death-trooper"))
    assert outpost_spaces(shipped()) == OUTPOSTS
    assert enemy_problems(shipped()) == []


@pytest.mark.parametrize(("change", "problem"), [
    ({"deck": "nowhere"}, "enemy incinerator-stormtrooper: deck 'nowhere' is not in cards.toml"),
    ({"outpost": 5}, "enemy incinerator-stormtrooper: outpost 5 is not one of the board's 4"),
    ({"outpost": 3}, "two enemies start in the same outpost"),
    ({"boss": True}, "exactly one enemy must be the boss"),
])
def test_wrong_enemy_data_is_reported(change: dict[str, object], problem: str) -> None:
    """MA-SETUP-5: enemy data that cannot be played (a deck that is missing, an outpost the board lacks, two
    enemies in one outpost, other than one boss) is reported."""
    raw = copy.deepcopy(shipped().raw)
    raw["edition"]["enemies"][0].update(change)
    assert problem in enemy_problems(edition_from_data(raw))


def test_leaving_an_outpost_counts_as_the_first_space() -> None:
    """MA-ADVANCE-2: from outpost 2 a roll of 3 enters 12, 13 and 14; from the board a roll of 3 from 14 enters
    15, 16 and 17."""
    assert advance({"a": (-1, 2)}, ["a"], 3, OUTPOSTS, 32) == [EnemyMove("a", -1, 2, (12, 13, 14))]
    assert advance({"a": (14, 0)}, ["a"], 3, OUTPOSTS, 32) == [EnemyMove("a", 14, 0, (15, 16, 17))]


def test_the_move_goes_round_past_go() -> None:
    """MA-ADVANCE-1: enemies move the heroes' way round the board, from 30 by 4 to 2."""
    assert advance({"a": (30, 0)}, ["a"], 4, OUTPOSTS, 32)[0].path == (31, 0, 1, 2)


def test_only_the_movers_move() -> None:
    """MA-ADVANCE-1, MA-BOSS-1: an enemy not among the movers (the boss before his release) stays put."""
    moved = advance({"a": (5, 0), "boss": (-1, 3)}, ["a"], 2, OUTPOSTS, 32)
    assert [m.enemy for m in moved] == ["a"]


def test_the_rule_books_example_of_two_enemies_on_one_space() -> None:
    """MA-ADVANCE-5: the Incinerator Stormtrooper on 27 and the Death Trooper in outpost 4 both move 4 and would
    stop on 31; the Death Trooper started in an outpost and keeps 31, the Incinerator goes on to GO (0)."""
    moved = advance({"inc": (27, 0), "dt": (-1, 4)}, ["inc", "dt"], 4, OUTPOSTS, 32)
    assert moved == [EnemyMove("inc", 27, 0, (28, 29, 30, 31, 0), "dt"), EnemyMove("dt", -1, 4, (28, 29, 30, 31))]
    assert [m.end for m in moved] == [0, 31]


def test_the_order_of_the_movers_does_not_change_who_is_bumped() -> None:
    """MA-ADVANCE-5: listing the enemy from the outpost first gives the same result."""
    moved = advance({"inc": (27, 0), "dt": (-1, 4)}, ["dt", "inc"], 4, OUTPOSTS, 32)
    assert {m.enemy: (m.end, m.bumped_by) for m in moved} == {"dt": (31, ""), "inc": (0, "dt")}


def test_an_enemy_that_stays_keeps_its_space() -> None:
    """MA-ADVANCE-5: an enemy that does not move keeps its space; the mover that would stop there goes one
    further."""
    moved = advance({"a": (5, 0), "b": (8, 0)}, ["a"], 3, OUTPOSTS, 32)
    assert moved == [EnemyMove("a", 5, 0, (6, 7, 8, 9), "b")]


def test_a_bumped_enemy_goes_on_while_its_space_is_taken() -> None:
    """MA-ADVANCE-5: an enemy bumped onto the space another enemy stops on is bumped again. From 27, outpost 4
    and 28, a roll of 3: the first and the second would share 30 (the second came from an outpost and keeps it);
    the first, bumped to 31, finds the third there and goes on to GO."""
    moved = advance({"a": (27, 0), "b": (-1, 4), "c": (28, 0)}, ["a", "b", "c"], 3, OUTPOSTS, 32)
    assert moved == [EnemyMove("a", 27, 0, (28, 29, 30, 31, 0), "c"), EnemyMove("b", -1, 4, (28, 29, 30)),
                     EnemyMove("c", 28, 0, (29, 30, 31))]


@pytest.mark.parametrize("order", [["inc", "moff", "dt"], ["dt", "moff", "inc"], ["moff", "inc", "dt"]])
def test_the_bumped_enemy_goes_on_whatever_the_order_of_the_movers(order: list[str]) -> None:
    """MA-ADVANCE-5: the Incinerator on 20, the Death Trooper on 19 and Moff Gideon leaving outpost 3, a roll of
    2. Moff Gideon goes 20, 21 and keeps 21; the Death Trooper, 20, 21, is bumped to 22, where the Incinerator
    stops by its own count (21, 22): the Incinerator keeps 22 and the bumped Death Trooper goes on to 23, in the
    edition's order of the enemies (Incinerator, Moff Gideon, Death Trooper) as in any other."""
    moved = advance({"inc": (20, 0), "dt": (19, 0), "moff": (-1, 3)}, order, 2, OUTPOSTS, 32)
    assert {m.enemy: (m.end, m.bumped_by) for m in moved} == {"moff": (21, ""), "inc": (22, ""), "dt": (23, "inc")}


def test_the_beaten_enemy_goes_to_the_first_free_outpost_ahead() -> None:
    """MA-BATTLE-4: the rule book's two examples. A Death Trooper beaten on the fourth advance space (28) goes to
    outpost 1, the next one going round from there; an Incinerator Stormtrooper beaten on Free Parking (16) while
    Moff Gideon holds outpost 3 goes on to outpost 4."""
    assert next_free_outpost(28, {3}, OUTPOSTS) == 1
    assert next_free_outpost(16, {3}, OUTPOSTS) == 4
    assert next_free_outpost(16, set(), OUTPOSTS) == 3
    assert next_free_outpost(3, {1, 3}, OUTPOSTS) == 2
    assert next_free_outpost(30, {1, 2, 3}, OUTPOSTS) == 4
    assert next_free_outpost(5, {1, 2, 3, 4}, OUTPOSTS) == 0
