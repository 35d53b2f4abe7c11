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
SAVED = {f"{p.stem}": (p, p.with_suffix(".json")) for p in sorted(HERE.glob("*.sqlite3"))} | {
    f"02caeed/{p.stem}": (p, p.with_suffix(".snapshot.json")) for p in sorted((HERE / "02caeed").glob("*.sqlite"))}
"""Each saved game by name: its journal and the state it reached (see README.md)."""


def test_the_saved_games_are_all_here() -> None:
    """Guard: after issue 17 the classic game in its three variants, Boba Fett and both Mandalorian seasons;
    from before it, the classic standard and short games, Boba Fett and the second season."""
    assert sorted(SAVED) == ["02caeed/boba-fett", "02caeed/mandalorian-season-2", "02caeed/ot-short",
                             "02caeed/ot-standard", "boba-fett", "mandalorian", "mandalorian-season-2", "ot-short",
                             "ot-standard", "ot-time-limit"]


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_saved_game_resumes_to_the_state_it_reached(name: str, tmp_path: Path) -> None:
    saved, reached = SAVED[name]
    path = tmp_path / saved.name
    shutil.copy(saved, path)
    journal = Journal(path)
    try:
        (game_id,) = [g.id for g in journal.games()]
        game = journal.resume(game_id)
    finally:
        journal.close()
    expected = json.loads(reached.read_text(encoding="utf-8"))
    assert json.loads(json.dumps(game.state.snapshot(), sort_keys=True, default=str)) == expected
