"""Writes the legacy fixture journals of tests/legacy (run by hand, never by the test run).

Run with the code of main 02caeed (the engine before issue 18)::

    .venv/bin/python tests/legacy/02caeed/make_fixtures.py  (on main 02caeed)

Each game is played by seeded bots into a SQLite journal through :class:`companion.storage.journal.Journal`,
as the app saves games, with an undo now and then; the final ``state.snapshot()`` is written beside it.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from bench.bench_mando import pick  # noqa: E402
from bench.bots import TableBots, four_player_setup, load  # noqa: E402
from companion.edition import Edition  # noqa: E402
from companion.engine.commands import Command, parse_command  # noqa: E402
from companion.engine.errors import CommandRejected  # noqa: E402
from companion.engine.game import Game  # noqa: E402
from companion.engine.state import Setup  # noqa: E402
from companion.storage.journal import Journal  # noqa: E402
from tests.boba.testbox import SEATS as boba_seats  # noqa: E402
from tests.boba.testbox import boba  # noqa: E402
from tests.mando.testbox import mando, season2, setup  # noqa: E402

TURN_CAP = 120
UNDO_EVERY = 37


Bot = Callable[[Game, random.Random], Command | str | None]


def play(name: str, edition: Edition, game_setup: Setup, next_line: Bot, seed: int) -> None:
    """Play one game into tests/legacy/02caeed/<name>.sqlite and write <name>.snapshot.json."""
    if sys.argv[1:] and name not in sys.argv[1:]:
        return
    path = HERE / f"{name}.sqlite"
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    journal = Journal(path)
    game = journal.new_game(edition, game_setup, game_id=name)
    rng = random.Random(seed)
    applied = 0
    while not game.state.over and game.state.turn.number < TURN_CAP:
        line = next_line(game, rng)
        if line is None:
            break
        try:
            game.apply(parse_command(line) if isinstance(line, str) else line)
        except CommandRejected:
            continue
        applied += 1
        if applied % UNDO_EVERY == 0:
            game.apply(Command("undo", ("1", "fixture: taken back")))
    snapshot = game.state.snapshot()
    journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    journal.close()
    (HERE / f"{name}.snapshot.json").write_text(json.dumps(snapshot, sort_keys=True, indent=1, default=str) + "\n")
    print(name, len(game.entries), "entries, over:", game.state.over, game.state.end_reason)


def classic(edition: Edition, seed: int) -> Bot:
    bots = TableBots(edition, seed)

    def line(game: Game, rng: random.Random) -> Command | None:
        return bots.next_command(game)

    return line


def main() -> None:
    ot = load()
    for variant in ("standard", "short"):
        play(f"ot-{variant}", ot, four_player_setup(ot, 7, variant), classic(ot, 7), 7)
    seats = [{"id": p, "name": p.capitalize()} for p in boba_seats[:3]]
    play("boba-fett", boba(printed=False), Setup("boba-fett", "standard", seats, 11), pick, 11)
    play("mandalorian", mando(enemies=False), setup(3), pick, 3)
    play("mandalorian-season-2", season2(), setup(4, edition="mandalorian-season-2"), pick, 4)


if __name__ == "__main__":
    main()
