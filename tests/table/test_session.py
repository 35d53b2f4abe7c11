"""The session the screens talk to: commands journalled before the answer, refusals with every reason, undo in
words, saved games listed for the resume screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine.commands import GRAMMAR
from companion.engine.errors import CommandRejected
from companion.engine.state import Setup
from companion.storage.journal import Journal
from companion.table.session import Session, command_words, saved_games, start_problems
from tests.rules.helpers import edition, seat


@pytest.fixture
def session(tmp_path: Path) -> Session:
    journal = Journal(tmp_path / "games.sqlite3")
    return Session.start(journal, edition(), Setup("original-trilogy", "standard", [seat(0), seat(1)]))


def test_an_accepted_command_is_in_the_journal_before_the_answer(session: Session) -> None:
    answer = session.submit("roll luke 1 2")
    assert answer.accepted
    assert answer.lines == ("Luke rolls 1 + 2", "Luke moves to Dagobah: Swamp",
                            "Dagobah: Swamp is for sale: Luke may buy it, or it goes up for auction")
    assert "dice" in answer.feedback
    assert [c.to_text() for _, c, _ in session.journal.commands(session.game_id)] == ["roll luke 1 2"]


def test_a_refusal_names_every_reason_and_changes_nothing(session: Session) -> None:
    """Vader cannot roll on Luke's turn, and 7 is not a die face: both reasons at once."""
    before = session.game.state.snapshot()
    answer = session.submit("roll vader 7 1")
    assert not answer.accepted
    assert answer.reasons == ("The first die shows 1 to 6, not 7.", "It is Luke's turn, not Vader's.")
    assert session.game.state.snapshot() == before
    assert session.journal.commands(session.game_id) == []


def test_an_unreadable_command_is_refused_in_words(session: Session) -> None:
    answer = session.submit("roll luke two")
    assert not answer.accepted
    assert answer.reasons == ("roll: 'two' is not a whole number",)
    assert session.check("buy luke") == ("Luke has not landed on a Title Deed to buy.",)


def test_buying_is_a_purchase_and_rent_a_payment(session: Session) -> None:
    session.submit("roll luke 1 2")
    bought = session.submit("buy luke")
    assert bought.lines == ("Luke buys Dagobah: Swamp: Luke −60 IC",)
    assert bought.feedback == {"purchase"}
    session.submit("end luke")
    session.submit("roll vader 1 2")
    claimed = session.submit("claim luke vader")
    assert claimed.lines == ("Rent for Dagobah: Swamp: Vader −4 IC, Luke +4 IC",)
    assert claimed.feedback == {"payment"}


def test_undo_preview_says_what_will_be_reversed_and_undo_keeps_the_entry(session: Session) -> None:
    session.submit("roll luke 1 2")
    session.submit("buy luke")
    assert session.undo_preview(1) == ("Luke buys Dagobah: Swamp: Luke −60 IC",)
    answer = session.undo("pressed the wrong button")
    assert answer.accepted
    assert session.game.state.cash("luke") == 1500
    audit = list(session.journal.audit(session.game_id))
    assert audit[2] == (2, "buy luke", [], 3)
    assert audit[3][1] == "undo 1 'pressed the wrong button'"


def test_undo_needs_a_reason(session: Session) -> None:
    session.submit("roll luke 1 2")
    answer = session.undo("   ")
    assert not answer.accepted
    assert answer.reasons == ("Say why the action is taken back (it goes in the log).",)


def test_resume_gives_the_identical_state(session: Session) -> None:
    for line in ("roll luke 1 2", "buy luke", "end luke", "roll vader 1 2", "claim luke vader"):
        assert session.submit(line).accepted
    again = Session.resume(session.journal, session.game_id)
    assert again.game.state.snapshot() == session.game.state.snapshot()


def test_saved_games_list_the_players_and_last_action(session: Session) -> None:
    session.submit("roll luke 1 2")
    (line,) = saved_games(session.journal, {"original-trilogy": "Star Wars Original Trilogy Edition"})
    assert (line.edition, line.variant, line.players, line.last_action, line.entries) == (
        "Star Wars Original Trilogy Edition", "standard", "Luke, Vader", "roll the dice (Luke)", 2)


def test_the_last_action_of_a_saved_game_never_shows_the_notation() -> None:
    """The resume list names a value read off the box as such, not as the script's ``space:<id>|...`` help; no
    verb's words show notation."""
    names = {"luke": "Luke"}
    assert command_words("box space:space-7 kind=street group=red", names) == (
        "values read off the box the first time play needs them")
    for verb in GRAMMAR:
        said = command_words(f"{verb} luke", names)
        assert not any(mark in said for mark in (":", "<", "|", "=", "...")), (verb, said)


def test_a_refused_setup_names_every_problem_and_saves_nothing(tmp_path: Path) -> None:
    """One player, and a token not in the box."""
    journal = Journal(tmp_path / "games.sqlite3")
    lone = dict(seat(0), token="boba-fett")
    with pytest.raises(CommandRejected) as refused:
        Session.start(journal, edition(), Setup("original-trilogy", "standard", [lone]))
    problems = start_problems(refused.value)
    assert problems[0] == "This edition is for 2 to 8 players, not 1."
    assert problems[1].startswith("'boba-fett' is not one of this edition's tokens")
    assert journal.games() == []
