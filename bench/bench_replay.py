"""Benchmark: ``Journal.resume`` of a 10,000-command bot game, from its checkpoint and by full replay. Target: 0.06 s.

The journal is built first: one long bot game (standard variant, 4 players, no turn cap, stopped at exactly
``--commands`` commands; seeds are tried in turn until one lasts that long) plus a few short finished games
beside it. Building uses ``synchronous=OFF`` to save time; the timed resume opens the file afresh with the
journal's own settings (WAL, ``synchronous=FULL``). Resume reads the rows, takes up the state of the latest
checkpoint the same code wrote and replays the entries after it through ``Game.apply``; the full replay (every
command parsed and validated again, what happens after an update changes the code) is timed beside it with the
checkpoints removed from a copy of the file. Both are what the table waits for after a restart.

    python3 bench/bench_replay.py [--commands 10000] [--repeat 5] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import fingerprint, four_player_setup, load, machine, play

from companion.storage.journal import Journal

TARGET = 0.06


def build(path: Path, commands: int) -> tuple[str, str, int]:
    """Write the journal; returns the long game's id, its final state as JSON, and the total entries."""
    edition = load()
    journal = Journal(path)
    journal.db.execute("PRAGMA synchronous=OFF")  # building only; the timed resume uses a fresh connection
    for seed in (2, 3, 4):  # a few short games that end in bankruptcy, so the file holds more than one game
        play(edition, seed, game=journal.new_game(edition, four_player_setup(edition, seed), f"short-{seed}"))
    seed = 0
    while True:
        gid = f"long-{seed}"
        game = journal.new_game(edition, four_player_setup(edition, seed), gid)
        run = play(edition, seed, turn_cap=10**9, game=game, stop=lambda _g, done: done >= commands)
        if run.commands >= commands:
            break
        journal.delete(gid)
        seed += 1
    total = sum(g.entries for g in journal.games())
    journal.close()
    return gid, fingerprint(game), total



def main(argv: list[str] | None = None) -> int:
    """Build the journal, time the resume, and profile it if it misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=10_000, help="length of the long game")
    parser.add_argument("--repeat", type=int, default=5,
                        help="timed resumes (the best and the mean are shown)")
    parser.add_argument("--profile", action="store_true",
                        help="profile one resume even if it meets the target")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench-replay.sqlite3"
        t0 = time.perf_counter()
        gid, expected, total = build(path, args.commands)
        built = time.perf_counter() - t0

        bare = Path(folder) / "bench-replay-no-checkpoints.sqlite3"
        shutil.copy(path, bare)
        with sqlite3.connect(bare) as db:
            db.execute("DELETE FROM checkpoints")

        times, fulls = [], []
        for _ in range(args.repeat):
            for file, timed in ((path, times), (bare, fulls)):
                journal = Journal(file)
                t0 = time.perf_counter()
                game = journal.resume(gid)
                timed.append(time.perf_counter() - t0)
                assert fingerprint(game) == expected, "resume gave another state"
                replayed = len(game.entries) - 1
                journal.close()

        best, mean = min(times), statistics.mean(times)
        print(f"machine: {machine()}")
        print(f"bench_replay: journal of {total} entries ({built:.1f} s to build); long game '{gid}': "
              f"{replayed} commands, {game.state.turn.number} turns")
        print(f"  Journal.resume of the {replayed}-command game: best {best:.3f} s, mean {mean:.3f} s "
              f"over {args.repeat} runs ({best / replayed * 1e6:.1f} us/command)")
        print(f"  full replay of the same game (no checkpoint): best {min(fulls):.3f} s, "
              f"mean {statistics.mean(fulls):.3f} s")
        verdict = "meets" if best < TARGET else "MISSES"
        print(f"  target < {TARGET} s: {verdict} it; the resumed state equals the state played")

        if best >= TARGET or args.profile:
            journal = Journal(path)
            profiler = cProfile.Profile()
            profiler.enable()
            journal.resume(gid)
            profiler.disable()
            journal.close()
            print("  hot spots (cProfile, one resume, by own time):")
            stats = pstats.Stats(profiler, stream=sys.stdout)
            stats.sort_stats("tottime").print_stats(12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
