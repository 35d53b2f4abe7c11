"""Benchmark: MONOPOLY GO! games played by random bots through the table's buttons, and their replay.

Every seat is played by choosing at random among the buttons the table offers (the presenters' actions that the
engine would accept), a kept tile now and then, and the round's roll when nothing else is open: so the figures
include what the touchscreen pays to work out its buttons after every command. The box is a made-up one (every
face 12 spaces, a 3-step tracker; NOT the real box, whose layout nobody has published). Then the engine alone
replays every game from its journal.

    python3 bench/bench_go.py [--games 200] [--seed 0]
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.edition import Edition, edition_from_data, load_edition
from companion.engine.commands import Command, parse_command
from companion.engine.game import Game
from companion.engine.state import Setup
from companion.rules import new_game, replay_game
from companion.rules.go_state import go
from companion.table.presenters import presenter_of

ROOT = Path(__file__).resolve().parent.parent
LAYOUT = ["go", "brown", "chance", "pink", "bank-heist", "orange", "just-visiting", "red", "shut-down", "yellow",
          "free-parking", "go-to-jail"]
BOARDS = ("red-1", "yellow-1", "green-1", "blue-1")


def made_up_box() -> Edition:
    """The edition with every face laid out as LAYOUT (a benchmark's box, not the real one)."""
    raw = copy.deepcopy(load_edition(ROOT / "editions" / "monopoly-go").raw)
    for face in raw["board"]["faces"]:
        face.update(length=len(LAYOUT), tracker=3, spaces=list(LAYOUT))
    return edition_from_data(raw)


def buttons(game: Game) -> list[str]:
    """The commands of every enabled button the table shows now."""
    presenter = presenter_of(game)
    lines = [a.command for d in game.state.decisions if d.kind in presenter.decisions
             for a in presenter.decisions[d.kind].actions(game, d.player, d.data) if a.enabled and a.command]
    lines += [a.command for offered in presenter.actions for a in offered(game) if a.enabled and a.command]
    return lines


def play(edition: Edition, seed: int, cap: int = 3000) -> Game:
    """One random game of 2 to 4 seats, to its landmark or ``cap`` commands."""
    rng = random.Random(seed)
    seats = [{"id": f"p{n}", "name": f"Player {n}", "board": b} for n, b in enumerate(BOARDS[:rng.randint(2, 4)])]
    game = new_game(edition, Setup("monopoly-go", "standard", seats))
    while not game.state.over and len(game.entries) < cap:
        choices = buttons(game)
        s = go(game.state)
        if s.step in ("first-roll", "roll") and not s.decisions and (not choices or rng.random() < 0.9):
            dice = " ".join(str(rng.randint(1, 6)) for _ in s.active)
            choices = [f"roll {s.turn.player} {dice}"]
        hidden = [f"dial {d.player} {rng.choice(('ring', 'money', 'coin'))}" for d in s.decisions if d.kind == "dial"]
        line = rng.choice(choices + hidden)
        game.apply(parse_command(line))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"CPUs: {os.cpu_count()}, load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    edition = made_up_box()
    start = time.perf_counter()
    games = [play(edition, args.seed + n) for n in range(args.games)]
    played = time.perf_counter() - start
    commands = [len(g.entries) - 1 for g in games]
    rounds = [g.state.turn.number for g in games]
    finished = sum(g.state.over for g in games)
    print(f"{args.games} games in {played:.2f} s ({finished} to a landmark): {sum(commands) / played:,.0f} commands/s "
          f"with the table's buttons worked out after each; per game: median {statistics.median(commands):.0f} "
          f"commands, {statistics.median(rounds):.0f} rounds")
    journals: list[tuple[Game, list[tuple[Command, float]]]] = [
        (g, [(e.command, e.at) for e in g.entries[1:] if e.command is not None]) for g in games]
    start = time.perf_counter()
    for g, journal in journals:
        again = replay_game(edition, g.setup, journal)
        assert again.state.snapshot() == g.state.snapshot()
    replayed = time.perf_counter() - start
    print(f"engine alone, replaying them: {sum(commands) / replayed:,.0f} commands/s, "
          f"{replayed / sum(commands) * 1e6:.1f} µs per command")


if __name__ == "__main__":
    main()
