"""Benchmark: durable commands per second with the SQLite journal (WAL, synchronous=FULL).

Bot games (standard variant, 4 players) are played into ``companion.storage.journal.Journal`` on a
temporary file; every accepted command is committed (one transaction, fsync'd) before ``Game.apply``
returns, exactly as at the table. Latency is the wall time of one ``Game.apply``: validation, rules, and
the commit.

    python3 bench/bench_journal.py [--commands 20000] [--budget 30] [--dir /path/on/the/real/disk]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import four_player_setup, load, machine, percentile, play

from companion.storage.journal import Journal


def main(argv: list[str] | None = None) -> int:
    """Play into the journal and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=20000, help="durable commands to time")
    parser.add_argument("--budget", type=float, default=30.0, help="stop after this many seconds in any case")
    parser.add_argument("--turn-cap", type=int, default=2000)
    parser.add_argument("--dir", type=Path, default=None,
                        help="folder for the journal file (default: the temp dir)")
    args = parser.parse_args(argv)

    edition = load()
    latencies: list[float] = []
    games = 0
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        path = Path(folder) / "bench-journal.sqlite3"
        journal = Journal(path)
        mode = journal.db.execute("PRAGMA journal_mode").fetchone()[0]
        sync = journal.db.execute("PRAGMA synchronous").fetchone()[0]
        started = time.perf_counter()

        def enough(_game: object, done: int) -> bool:
            return (len(latencies) + done >= args.commands
                    or time.perf_counter() - started > args.budget)

        seed = 0
        last = None
        while not enough(None, 0):
            game = journal.new_game(edition, four_player_setup(edition, seed), f"bench-{seed}")
            run = play(edition, seed, turn_cap=args.turn_cap, game=game, timed=True, stop=enough)
            latencies += run.latencies
            games += 1
            seed += 1
            last = (f"bench-{seed - 1}", game.state.snapshot())
        wall = time.perf_counter() - started
        size = path.stat().st_size + sum(p.stat().st_size for p in Path(folder).glob("*-wal"))
        assert last is not None
        resumed = journal.resume(last[0])
        assert resumed.state.snapshot() == last[1], "the journal does not give back the game played"
        stored = sum(g.entries for g in journal.games())
        journal.close()
        fs = os.statvfs(folder)

    applied = sum(latencies)
    print(f"machine: {machine()}")
    print(f"bench_journal: {len(latencies)} commands in {games} bot game(s) into a SQLite journal "
          f"(journal_mode={mode}, synchronous={sync} = FULL)")
    print(f"  journal file in {folder} (deleted afterwards; block size {fs.f_bsize}), "
          f"{size / 1024:.0f} KiB incl. WAL, {stored} entries stored")
    print(f"  durable commands per second: {len(latencies) / applied:8.0f}  (wall incl. bots: "
          f"{len(latencies) / wall:.0f}/s)")
    print(f"  latency per command (Game.apply incl. commit): mean {statistics.mean(latencies) * 1e3:.2f} ms, "
          f"p50 {percentile(latencies, 50) * 1e3:.2f} ms, p99 {percentile(latencies, 99) * 1e3:.2f} ms, "
          f"max {max(latencies) * 1e3:.2f} ms")
    print("  resume check: the last game replayed from the journal to the identical state")
    return 0


if __name__ == "__main__":
    sys.exit(main())
