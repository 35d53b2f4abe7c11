"""Benchmark: whole games of The Mandalorian edition (co-operative rules) on the TEST DATA box of
tests/mando/testbox.py, journal in memory, then a full replay of each.

A bot plays every hero: it takes the first enabled action the table layer offers (buy, bid, claim, the battle
roll, the enemies' advance...), rolls random dice of the kind the engine asks for, picks a random listed Signet
card when one is drawn, and sells hideouts to the Bank to pay a debt. Every command passes ``Game.apply``
(validated). Prints commands per second, the time per command, the replay time per game and how the games
ended.

    .venv/bin/python bench/bench_mando.py [--games 50] [--turn-cap 400]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine.commands import parse_command
from companion.engine.errors import CommandRejected
from companion.engine.game import Game
from companion.rules import new_game, replay_game
from companion.table.actions import Action, turn_actions
from tests.mando.testbox import mando, setup


def pick(game: Game, rng: random.Random) -> str | None:
    """The bot's next command: a card drawn, else the first enabled action (rolls get random dice)."""
    s = game.state
    for d in s.decisions:
        if d.kind == "card":
            deck = game.edition.decks[str(d.data["deck"])]
            return f"card {d.player} {rng.choice(deck.cards).id}"
    if s.auction:
        a = s.auction
        bidders = [p.id for p in s.players if p.id not in a.passed]
        high = a.high[1] if a.high else 0
        p = rng.choice(bidders)
        if a.high and a.high[0] == p:
            return "close"
        return f"bid {p} {high + 10}" if s.cash(p) >= high + 10 and rng.random() < 0.4 else f"pass {p}"
    for debt in s.debts:
        if s.cash(debt.debtor) < debt.amount:
            deeds = [d.id for d in game.edition.deeds if s.owner(d.id) == debt.debtor]
            if deeds:
                return f"sell-deed {debt.debtor} {deeds[0]}"
    actions: list[Action] = [a for a in turn_actions(game) if a.enabled and a.command]
    if not actions:
        return None
    a = actions[0]
    if a.roll is not None:
        return " ".join([a.command, *(str(rng.choice(d.values)) for d in a.roll.dice)])
    return a.command


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--turn-cap", type=int, default=400)
    args = parser.parse_args(argv)
    print(f"cpus {os.cpu_count()}, load {os.getloadavg()[0]:.2f}")
    edition = mando()
    per_command: list[float] = []
    replays: list[float] = []
    endings: Counter[str] = Counter()
    for seed in range(args.games):
        rng = random.Random(seed)
        game = new_game(edition, setup(2 + seed % 3))
        while not game.state.over and game.state.turn.number < args.turn_cap:
            line = pick(game, rng)
            if line is None:
                break
            started = time.perf_counter()
            try:
                game.apply(parse_command(line))
            except CommandRejected:
                continue  # a card that cannot be drawn now (every copy held): the bot picks again
            per_command.append(time.perf_counter() - started)
        endings[game.state.end_reason or "turn cap"] += 1
        started = time.perf_counter()
        again = replay_game(edition, game.setup, [(e.command, e.at) for e in game.entries[1:] if e.command])
        replays.append(time.perf_counter() - started)
        assert again.state.snapshot() == game.state.snapshot(), "replay differs"
    total = sum(per_command)
    print(f"{len(per_command)} commands in {total:.2f} s: {len(per_command) / total:,.0f} commands/s, "
          f"median {statistics.median(per_command) * 1e6:.0f} us, max {max(per_command) * 1e3:.1f} ms")
    print(f"replay per game: median {statistics.median(replays) * 1e3:.1f} ms, max {max(replays) * 1e3:.1f} ms")
    print("endings:", dict(endings))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
