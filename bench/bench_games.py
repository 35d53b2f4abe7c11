"""Benchmark: whole classic games (standard variant, 4 players) played by the seeded bots, journal in memory.

Every command goes through ``Game.apply`` (validated by the engine); no journal sink. Prints games per
second, commands per game, and how many games ended (last player standing) versus stopped at the turn cap. A
second pass replays the same commands with ``Game.replay`` to show the engine alone, without the bots.

    python3 bench/bench_games.py [--games 200] [--turn-cap 2000] [--budget 25] [--replay-games 30]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import Run, fingerprint, load, machine, play

from companion.engine.commands import parse_command
from companion.engine.state import Setup
from companion.memory import settle_after_loading
from companion.rules import replay_game


def main(argv: list[str] | None = None) -> int:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games to play (seeds 0..N-1)")
    parser.add_argument("--turn-cap", type=int, default=2000,
                        help="stop a game when its turn number passes this")
    parser.add_argument("--budget", type=float, default=25.0,
                        help="stop starting new games after this many seconds")
    parser.add_argument("--replay-games", type=int, default=30,
                        help="games whose commands are replayed again")
    args = parser.parse_args(argv)

    edition = load()
    settle_after_loading()  # as the app does once it has started (companion/memory.py)
    runs: list[Run] = []
    # Kept as plain strings: a heap of live objects would slow the garbage collector and so the games.
    kept: list[tuple[Setup, list[str], str]] = []
    started, cpu_started = time.perf_counter(), time.process_time()
    aside, cpu_aside = 0.0, 0.0
    # time spent keeping the replay's commands as text: not playing, so left out of the figures
    for seed in range(args.games):
        if time.perf_counter() - started - aside > args.budget:
            break
        run = play(edition, seed, turn_cap=args.turn_cap)
        if len(kept) < args.replay_games:
            t0, c0 = time.perf_counter(), time.process_time()
            kept.append((run.game.setup, [e.text for e in run.game.entries[1:]], fingerprint(run.game)))
            aside, cpu_aside = aside + time.perf_counter() - t0, cpu_aside + time.process_time() - c0
        run.game = None  # type: ignore[assignment]  # dropped: only the figures are needed
        runs.append(run)
    wall = time.perf_counter() - started - aside
    cpu = time.process_time() - cpu_started - cpu_aside

    commands = [r.commands for r in runs]
    finished = [r for r in runs if r.finished]
    capped = len(runs) - len(finished)
    total = sum(commands)
    print(f"machine: {machine()}")
    print(f"bench_games: {len(runs)} games, standard variant, 4 bot players, turn cap {args.turn_cap}")
    print(f"  finished (last player standing): {len(finished)}   stopped at the turn cap: {capped}")
    print(f"  wall time:          {wall:8.2f} s")
    print(f"  games per second:   {len(runs) / wall:8.2f}")
    print(f"  commands per game:  mean {statistics.mean(commands):.0f}, "
          f"median {statistics.median(commands):.0f}, min {min(commands)}, max {max(commands)}")
    if finished:
        print(f"  finished games:     mean {statistics.mean(r.commands for r in finished):.0f} commands, "
              f"mean {statistics.mean(r.turns for r in finished):.0f} turns")
    print(f"  commands per second (bots + engine): {total / wall:8.0f}")
    print(f"  player-turns per second (bots + engine): {sum(r.turns for r in runs) / wall:8.0f}")
    print(f"  the same per second of this process's CPU time (less moved by other work on the machine): "
          f"{sum(r.turns for r in runs) / cpu:.0f} player-turns, {total / cpu:.0f} commands")

    # The engine alone: replay every game's commands (each validated again, as Journal.resume does). Each game's
    # lines are read just before its replay (not timed), so that, as in Journal.resume, only that game's commands
    # are alive: holding all of them at once made the garbage collector half of the figure.
    replayed = sum(len(texts) for _, texts, _ in kept)
    replay = 0.0
    for setup, texts, fp in kept:
        cmds = [(parse_command(t), 0.0) for t in texts]
        t0 = time.perf_counter()
        again = replay_game(edition, setup, cmds)
        replay += time.perf_counter() - t0
        assert fingerprint(again) == fp, "replay gave another state"
    print(f"  engine alone (Game.replay of the first {len(kept)} games, {replayed} commands): "
          f"{replay:.2f} s, {replayed / replay:.0f} commands/s, {replay / replayed * 1e6:.1f} us/command")
    return 0


if __name__ == "__main__":
    sys.exit(main())
