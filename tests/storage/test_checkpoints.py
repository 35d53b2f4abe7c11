"""Checkpoints: a long saved game is taken up from the state written with its latest checkpoint, and comes back
exactly as a full replay of its commands would bring it back (state, entries, undo, what the screens word)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.bots import four_player_setup, play
from companion.edition import Edition
from companion.engine.commands import parse_command
from companion.engine.game import Game
from companion.rules import replay_game
from companion.storage import journal as journal_module
from companion.storage.journal import CHECKPOINT_EVERY, RECENT, Journal
from tests.rules.helpers import edition as ot

COMMANDS = 3 * CHECKPOINT_EVERY + 40


@pytest.fixture
def saved(tmp_path: Path) -> Iterator[tuple[Path, str, Game]]:
    """A bot game of a few hundred commands, journalled as the table plays it."""
    path = tmp_path / "games.sqlite"
    journal = Journal(path)
    game = journal.new_game(ot(), four_player_setup(ot(), 7), "long")
    play(ot(), 7, turn_cap=10**9, game=game, stop=lambda _g, done: done >= COMMANDS)
    journal.close()
    game.sink = None
    yield path, "long", game


def full_replay(edition: Edition, game: Game) -> Game:
    return replay_game(edition, game.setup, [(e.command, e.at) for e in game.entries[1:] if e.command])


def checkpoints(path: Path) -> list[int]:
    with sqlite3.connect(path) as db:
        return [seq for (seq,) in db.execute("SELECT seq FROM checkpoints ORDER BY seq")]


def test_only_the_latest_checkpoints_are_kept(saved: tuple[Path, str, Game]) -> None:
    path, _, game = saved
    last = len(game.entries) - 1
    newest = last - last % CHECKPOINT_EVERY
    assert checkpoints(path) == [newest - CHECKPOINT_EVERY, newest]


def test_a_resumed_game_is_the_game_played(saved: tuple[Path, str, Game]) -> None:
    """From the checkpoint: same state, same entries and their times, and the recent entries keep their events
    (the screens word the last actions from them)."""
    path, gid, played = saved
    journal = Journal(path)
    resumed = journal.resume(gid)
    assert resumed.state.snapshot() == played.state.snapshot()
    assert [(e.seq, e.text, e.at, e.undoes) for e in resumed.entries] == \
        [(e.seq, e.text, e.at, e.undoes) for e in played.entries]
    assert all(e.events == p.events for e, p in zip(resumed.entries[-RECENT:], played.entries[-RECENT:], strict=True))
    journal.close()


def test_play_and_undo_go_on_after_a_resume_even_across_the_checkpoint(saved: tuple[Path, str, Game]) -> None:
    """An undo reaching back before the checkpoint folds the game again from its start, as it always did."""
    path, gid, played = saved
    journal = Journal(path)
    resumed = journal.resume(gid)
    far = len(resumed.in_effect) - checkpoints(path)[0] + 3
    resumed.apply(parse_command(f"undo {far} testing a long undo"))
    played.apply(parse_command(f"undo {far} testing a long undo"))
    assert resumed.state.snapshot() == played.state.snapshot() == full_replay(ot(), played).state.snapshot()
    journal.close()
    again = Journal(path).resume(gid)
    assert again.state.snapshot() == played.state.snapshot()


def test_a_checkpoint_written_by_other_code_is_not_used(saved: tuple[Path, str, Game],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """After an update the rules may fold a game differently: the game's commands are replayed instead."""
    path, gid, played = saved
    monkeypatch.setattr(journal_module, "code_version", lambda: "another release")
    restored: list[bool] = []
    monkeypatch.setattr(Game, "restore", classmethod(lambda *a, **k: restored.append(True)))
    resumed = Journal(path).resume(gid)
    assert restored == []
    assert resumed.state.snapshot() == played.state.snapshot()
    assert all(e.events for e in resumed.entries[1:])


def test_the_journal_of_a_resumed_game_is_in_words_from_its_first_entry(saved: tuple[Path, str, Game]) -> None:
    """Entries taken up from the checkpoint have no events in memory; the journal still words every one of them
    as it was played, never as notation."""
    from companion.table.views import journal_lines

    path, gid, played = saved
    resumed = Journal(path).resume(gid)
    assert not resumed.entries[1].events  # before the checkpoint
    assert [line.text for line in journal_lines(resumed)] == [line.text for line in journal_lines(played)]
