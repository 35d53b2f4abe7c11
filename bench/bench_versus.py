"""Benchmark: the bot games of two checkouts of the project, one after the other, in the same run.

Each checkout's own bots play the same seeds (the same games, command for command, as long as both play by the
same rules) in a fresh process, in turns, so that both meet the machine in the same state. Prints player-turns
per second of CPU time for each round and their ratio. For example, against the code issue 18 set its speed
target on:

    git worktree add /tmp/then b15967d
    python3 bench/bench_versus.py /tmp/then . --games 60 --rounds 3
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ONE_RUN = """
import sys, time
sys.path[:0] = [sys.argv[1] + "/bench", sys.argv[1]]
from bots import load, play
edition = load()
try:
    from companion.memory import settle_after_loading  # as the app does once it has started (when it has it)
    settle_after_loading()
except ImportError:
    pass
turns = commands = 0
started = time.process_time()
for seed in range(int(sys.argv[2])):
    run = play(edition, seed, turn_cap=2000)
    turns, commands = turns + run.turns, commands + run.commands
    run.game = None
print(turns / (time.process_time() - started), commands)
"""


def player_turns(root: Path, games: int) -> tuple[float, int]:
    """Player-turns per second of CPU time of ``games`` bot games played by the checkout at ``root``, and how many
    commands they took."""
    out = subprocess.run([sys.executable, "-c", ONE_RUN, str(root), str(games)], check=True, capture_output=True,
                         text=True).stdout.split()
    return float(out[0]), int(out[1])


def main(argv: list[str] | None = None) -> int:
    """Play both checkouts' games in turns and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="the checkout to compare with")
    parser.add_argument("after", type=Path, help="the checkout to measure")
    parser.add_argument("--games", type=int, default=60, help="games to play (seeds 0..N-1)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each checkout, in turns")
    args = parser.parse_args(argv)
    for n in range(1, args.rounds + 1):
        before, before_commands = player_turns(args.before.resolve(), args.games)
        after, after_commands = player_turns(args.after.resolve(), args.games)
        same = "same games" if before_commands == after_commands else "NOT the same games"
        print(f"round {n}: before {before:8.0f}  after {after:8.0f} player-turns/s of CPU time  "
              f"ratio {after / before:.2f}  ({after_commands} commands, {same})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
