"""Benchmark: the cost of box values entered during play, and of the box status the set-up screens show.

Bench data: the Original Trilogy with every Title Deed's printed values removed (a box like the Boba Fett
edition's, whose deeds nobody has published). Measured:

- ``box_status`` of the shipped edition and of the gapped one (the new-game and box screens compute it);
- one ``box`` entry (check, then rebuild the edition data with the values), as the table waits for it;
- ``Game.replay`` of a bot game of ``--commands`` commands on the shipped edition, and of the same game on the
  gapped edition with a ``box`` entry for every deed first: the replay overhead of a fully learnt box.

    python3 bench/bench_box.py [--commands 2000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots import four_player_setup, load, machine, play

from companion.box.status import box_status
from companion.box.values import box_words
from companion.edition import DEED_KINDS, PRINTED_FIELDS, Edition, edition_from_data
from companion.engine.commands import Command
from companion.rules import asked_during_play, new_game, replay_game


def gapped(edition: Edition) -> Edition:
    """Bench data: the edition with no Title Deed values known."""
    raw = copy.deepcopy(edition.raw)
    for s in raw["board"]["spaces"]:
        if s["kind"] in DEED_KINDS:
            s["unknown"] = [k for k in PRINTED_FIELDS if s.pop(k, None) is not None]
    return edition_from_data(raw)


def deed_entries(edition: Edition) -> list[Command]:
    """A ``box`` entry per deed with the shipped edition's values."""
    return [Command("box", box_words(f"space:{d.id}", {k: d.printed[k] for k in PRINTED_FIELDS if k in d.printed}))
            for d in edition.deeds]


def best_and_mean(work: object, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - t0)
    return min(times), statistics.mean(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=2000, help="length of the replayed bot game")
    parser.add_argument("--repeat", type=int, default=5, help="timed repetitions (best and mean shown)")
    args = parser.parse_args(argv)
    print(machine())
    shipped = load()
    unknown = gapped(shipped)
    for name, edition in (("shipped", shipped), ("no deed known", unknown)):
        best, mean = best_and_mean(lambda e=edition: box_status(e, asked_during_play(e)), args.repeat)
        print(f"box_status, {name}: best {best * 1000:.1f} ms, mean {mean * 1000:.1f} ms")
    setup = four_player_setup(shipped, 0)
    entries = deed_entries(shipped)

    def one_entry() -> None:
        new_game(unknown, setup).apply(entries[0])
    base, _ = best_and_mean(lambda: new_game(unknown, setup), args.repeat)
    best, mean = best_and_mean(one_entry, args.repeat)
    print(f"one box entry: best {(best - base) * 1000:.1f} ms, mean {(mean - base) * 1000:.1f} ms "
          "(game start subtracted)")
    run = play(shipped, 0, turn_cap=10**9, stop=lambda _g, done: done >= args.commands)
    commands = [(e.command, e.at) for e in run.game.entries[1:] if e.command]
    plain, _ = best_and_mean(lambda: replay_game(shipped, setup, commands), args.repeat)
    learnt = [(c, 0.0) for c in entries] + commands
    boxed, _ = best_and_mean(lambda: replay_game(unknown, setup, learnt), args.repeat)
    again = replay_game(unknown, setup, learnt)
    assert again.state.snapshot() == run.game.state.snapshot(), "the learnt box must replay to the same game"
    print(f"replay of {len(commands)} commands: shipped {plain:.3f} s; with {len(entries)} box entries first "
          f"{boxed:.3f} s (+{(boxed - plain) * 1000:.0f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
