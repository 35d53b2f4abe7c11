"""The Mandalorian's enemy cards asked for during play, as the table layer hands the request to the screen: the
card in play named by its enemy and level, only the numbers printed on it, entered with a ``box`` entry and saved
in the box, and the same roll played again.

A family whose box has the board's layout entered but none of the enemy cards (TEST DATA box of
tests/mando/testbox.py, without its enemy cards); the numbers entered here are made up (TEST DATA).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.box.store import BoxStore
from companion.engine.commands import Command
from companion.engine.errors import Need
from companion.storage.journal import Journal
from companion.table.box_play import (
    enter_values,
    need_fields,
    new_card_deck,
    not_played,
    start_with_box,
    stored_values,
)
from companion.table.session import Session
from companion.table.words import box_target_name, need_words
from tests.mando.testbox import box_profile, enemy_card, setup, shipped

DT1 = "card:death-trooper/level-1"
TO_THE_DEATH_TROOPER = ("roll din 4", "roll din 6", "end din")
"""Din's advance of 6 puts the Death Trooper on Hideout 1A (space 1); Cara, from GO, stops there with any roll."""


@pytest.fixture
def store(tmp_path: Path) -> BoxStore:
    """The box store holding a box with the layout entered and no enemy card (nor any Signet card)."""
    boxes = BoxStore(tmp_path / "boxes")
    boxes.save(box_profile(cards=False, enemies=False))
    return boxes


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    return Journal(tmp_path / "games.sqlite3")


def start(journal: Journal, store: BoxStore, heroes: int = 3) -> Session:
    session = start_with_box(journal, store, shipped(), setup(heroes))
    for line in TO_THE_DEATH_TROOPER:
        assert session.submit(line).accepted, line
    return session


def test_the_battle_asks_for_the_enemy_card_in_play_and_its_three_numbers(store: BoxStore,
                                                                          journal: Journal) -> None:
    """MA-BATTLE-1: three heroes; Cara's roll of 3 stops her on the Death Trooper. The request is for the card on
    top of its deck, level 1, and for its number needed to win, reward and penalty: not a new card to list."""
    session = start(journal, store)
    answer = session.submit("roll cara 3")
    assert not answer.accepted
    need = answer.needs[0]
    assert (need.target, need.fields) == (DT1, ("number", "reward", "penalty"))
    assert new_card_deck(need) == ""
    assert [f.label for f in need_fields(session.edition, need)] == [
        "Number needed to win", "Reward (credits)", "Penalty (credits)"]
    assert box_target_name(session.edition, need.target) == "Death Trooper, level 1"
    assert need_words(session.edition, need) == (
        "The battle is against the Death Trooper's level 1 card. Take that card from the enemy cards and enter "
        "the number needed to win, reward and penalty printed on it. They are saved in the box for every later "
        "game.")


def test_the_numbers_go_into_the_game_as_a_box_entry_and_into_the_box(store: BoxStore, journal: Journal) -> None:
    """Saving enters ``box card:death-trooper/level-1 number=5 reward=25 penalty=15`` (TEST DATA), the same roll
    plays on to the battle, and the box keeps the numbers: the next game does not ask."""
    session = start(journal, store)
    values = enemy_card("death-trooper", 1)
    entered = enter_values(store, session, DT1, values)
    assert entered.saved and entered.answer.accepted
    assert session.game.entries[-1].command.to_text() == "box card:death-trooper/level-1 number=5 reward=25 " \
                                                         "penalty=15"
    assert entered.answer.lines[0] == ("Read off the box for Death Trooper, level 1: number needed to win 5, "
                                       "reward 25, penalty 15 (saved in the box for every later game)")
    assert session.submit("roll cara 3").accepted
    assert session.game.describe()["battle"]["card"] == "level-1"
    assert store.current(shipped()).value(DT1) == values
    assert start(journal, store).submit("roll cara 3").accepted


def test_a_game_started_before_the_numbers_were_entered_finds_them_in_the_box(store: BoxStore,
                                                                              journal: Journal) -> None:
    """Two games on the same box: numbers entered in the newer one are taken from the box by the older one."""
    older = start(journal, store)
    newer = start(journal, store)
    enter_values(store, newer, DT1, enemy_card("death-trooper", 1))
    need = older.submit("roll cara 3").needs[0]
    assert stored_values(store, older, need) == enemy_card("death-trooper", 1)


def test_moff_gideons_card_asks_only_for_its_number(store: BoxStore, journal: Journal) -> None:
    """His reward and penalty are the rule book's (100 credits and the game won; Jail, and Grogu captured if his
    loser holds him): only the number needed to win is read off his card."""
    session = start(journal, store)
    need = Need("card:moff-gideon/moff-gideon", ("number",), "")
    assert box_target_name(session.edition, need.target) == "Moff Gideon"
    assert need_words(session.edition, need) == (
        "The battle is against Moff Gideon's card. Take that card from the enemy cards and enter the number needed "
        "to win printed on it. It is saved in the box for every later game.")
    assert [f.key for f in need_fields(session.edition, need)] == ["number"]


def test_only_a_card_the_deck_does_not_list_is_entered_as_a_new_card() -> None:
    """A card drawn that nobody has listed (``card:signet``) is entered whole: title, effect, copies. Any card the
    deck lists has only its printed values asked for."""
    assert new_card_deck(Need("card:signet", ("effect",), "")) == "signet"
    assert new_card_deck(Need(DT1, ("number",), "")) == ""
    assert new_card_deck(Need("space:space-1", ("price",), "")) == ""


def test_after_cancel_the_table_is_told_to_do_it_again() -> None:
    assert not_played(Command("roll", ("cara", "3"))) == (
        "Nothing changed yet: the roll of 3 is kept. When the box is at hand, tap Roll: the same roll is played "
        "and the values printed in the box are asked for once more.")
    assert "When the box is at hand, do it again:" in not_played(Command("correct", ("cara", "space-1")))
