"""Saved games keep replaying to what they were: every journal of tests/legacy/ (written by an earlier engine with
make_journals.py, see there) is resumed with today's engine, from its stored edition data and commands, and must
reach the state saved beside it, field by field."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.storage.journal import Journal

HERE = Path(__file__).resolve().parent
SAVED = sorted(p.stem for p in HERE.glob("*.sqlite3"))


def test_the_saved_games_are_all_here() -> None:
    """Guard: the classic game in its three variants, Boba Fett and both Mandalorian seasons."""
    assert SAVED == ["boba-fett", "mandalorian", "mandalorian-season-2", "ot-short", "ot-standard", "ot-time-limit"]


@pytest.mark.parametrize("name", SAVED)
def test_a_saved_game_resumes_to_the_state_it_reached(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.sqlite3"
    shutil.copy(HERE / f"{name}.sqlite3", path)
    journal = Journal(path)
    try:
        game = journal.resume(name)
    finally:
        journal.close()
    expected = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
    assert json.loads(json.dumps(game.state.snapshot(), sort_keys=True, default=str)) == expected
