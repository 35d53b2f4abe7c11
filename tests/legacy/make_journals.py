"""Write the saved games of tests/legacy/ with the engine of this commit (run once; kept out of the test run).

    .venv/bin/python -m tests.legacy.make_journals

Each game is kept as the app keeps it: a SQLite journal (``<name>.sqlite3``, one game with the id ``<name>``, the
edition data it was played with, box values read during play as ``box`` entries) and, beside it, the state it
reached (``<name>.json``: ``game.state.snapshot()``). tests/legacy/test_legacy_journals.py resumes every journal
with the engine of the day and compares the state: a saved game must always replay to what it was.

The games: the Original Trilogy's standard, short and time-limit games played by the benchmark bots
(bench/bots.py: auctions, rent, buildings, mortgages, debts, bankruptcies) with a trade and an undo at the start;
a Boba Fett game on the made-up box of tests/boba/testbox.py whose printed values are read off the box during
play (bots again); and both Mandalorian seasons on the made-up box of tests/mando/testbox.py without its enemy
cards: each battle reads its card off the box, with advances, Grogu, a boss battle, a Signet card and an undo.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.bots import TableBots, four_player_setup
from bench.bots import load as original_trilogy
from companion.box.values import box_words
from companion.edition import Edition
from companion.engine.commands import Command, parse_command
from companion.engine.errors import CommandRejected, Need, ValueNeeded
from companion.engine.game import Game
from companion.engine.state import Setup
from companion.storage.journal import Journal
from companion.table.box_play import with_box
from tests.boba import testbox as boba_box
from tests.mando import testbox as mando_box

HERE = Path(__file__).resolve().parent
OPENING = ("propose luke vader give=cash:50 get=", "accept vader", "undo 1 the table changed its mind")
"""A trade taken back before the first roll, so every classic journal holds an undo."""

MANDO_CARDS = {"incinerator-stormtrooper": {"number": 4, "reward": 20, "penalty": 10},
               "stormtrooper": {"number": 4, "reward": 20, "penalty": 10},
               "death-trooper": {"number": 5, "reward": 25, "penalty": 15},
               "moff-gideon": {"number": 10}}
"""TEST DATA: the numbers read off each enemy card (every level alike)."""


def apply_reading_the_box(game: Game, command: Command | str, read: Callable[[Need], dict[str, Any]]) -> None:
    """Apply a command; when the box lacks a value it needs, enter the value ``read`` gives (a ``box`` entry,
    as the app journals it) and apply the command again."""
    cmd = parse_command(command) if isinstance(command, str) else command
    try:
        game.apply(cmd)
    except CommandRejected as exc:
        needs = [v.need for v in exc.violations if v.need]
        if not needs:
            raise
        game.apply(Command("box", box_words(needs[0].target, read(needs[0]))))
        apply_reading_the_box(game, cmd, read)


def bot_game(game: Game, seed: int, read: Callable[[Need], dict[str, Any]] | None = None,
             turn_cap: int = 400) -> None:
    """The benchmark bots play the game on (box values read as they are needed)."""
    bots = TableBots(game.edition, seed)
    while game.state.turn.number <= turn_cap and not game.state.over:
        bots.edition, bots.deeds = game.edition, game.edition.deeds  # with the values read off the box since
        try:
            cmd = bots.next_command(game)
        except ValueNeeded as exc:  # a bot looked at a printed value nobody has entered: the table reads it
            assert read is not None
            game.apply(Command("box", box_words(exc.need.target, read(exc.need))))
            continue
        if cmd is None:
            break
        if read is None:
            game.apply(cmd)
        else:
            apply_reading_the_box(game, cmd, read)


def classic(journal: Journal, name: str, variant: str, seed: int) -> Game:
    edition = original_trilogy()
    game = journal.new_game(edition, four_player_setup(edition, seed, variant), name)
    for line in OPENING:
        game.apply(parse_command(line))
    bot_game(game, seed)
    return game


def boba_read(need: Need) -> dict[str, Any]:
    """TEST DATA: everything the made-up Boba Fett box prints on the space a need is for (the table reads the
    whole Title Deed at once)."""
    kind, _, item = need.target.partition(":")
    if kind != "space":
        raise ValueError(f"the made-up box has no answer for {need.target}")
    values = boba_box.space_values(int(item.removeprefix("space-")))
    return {f: v for f, v in values.items() if f not in ("kind", "name", "group", "deck")}


def boba(journal: Journal, name: str) -> Game:
    edition = with_box(boba_box.shipped(), boba_box.box_profile(printed=False))
    seats = [{"id": pid, "name": pid.capitalize()} for pid in ("luke", "vader", "r2-d2", "tarkin")]
    game = journal.new_game(edition, Setup(edition.id, "standard", seats, 3), name)
    bot_game(game, 3, boba_read)
    return game


def mando_read(need: Need) -> dict[str, Any]:
    """TEST DATA: the numbers printed on an enemy card."""
    deck = need.target.partition(":")[2].partition("/")[0]
    return {f: MANDO_CARDS[deck][f] for f in need.fields}


def mando(journal: Journal, name: str, edition: Edition, seats: tuple[tuple[str, str], ...]) -> Game:
    """Three heroes: the Death Trooper fought at levels 1 to 3 (out after the third), the trooper at level 1,
    Moff Gideon released and fought (lost: Jail), Grogu carried by Din, a Signet card drawn, an undo."""
    heroes = [{"id": pid, "name": pid.capitalize(), "token": token} for pid, token in seats[:3]]
    game = journal.new_game(edition, Setup(edition.id, "standard", heroes, 0), name)
    b, c = seats[1][0], seats[2][0]
    for line in ("roll din 4", "roll din 6", "end din", f"roll {b} 1", f"buy {b}", f"roll {b} 6", f"end {b}",
                 f"roll {c} 3", f"correct {c} space-17", f"buy {c}", f"roll {c} 6", f"end {c}",
                 "roll din 5", "correct din imperial-advance-2", "roll din 3", "end din",
                 f"roll {b} 5", f"roll {b} 6", f"end {b}",
                 f"roll {c} 1", f"correct {c} imperial-advance-3", f"roll {c} 2", f"end {c}",
                 "roll din 2", "buy din", "roll din 6 3", "end din",
                 f"roll {b} 1", f"correct {b} space-21", f"buy {b}", f"roll {b} 6", f"end {b}",
                 f"roll {c} 1", "undo 1 the die fell off the table", f"roll {c} 1", f"roll {c} 6"):
        apply_reading_the_box(game, line, mando_read)
    if game.describe()["battle"]:  # Ahsoka Tano's second try after a lost roll
        apply_reading_the_box(game, f"roll {c} 5", mando_read)
    apply_reading_the_box(game, f"end {c}", mando_read)
    return game


def without_enemy_cards(profile: Any) -> Any:
    """The box with its enemy cards left out (the family has not entered them)."""
    from tests.ui.test_mando_newcomer import without_enemy_cards as strip

    return strip(profile)


def main() -> int:
    games: dict[str, Callable[[Journal, str], Game]] = {
        "ot-standard": lambda j, n: classic(j, n, "standard", 1),
        "ot-short": lambda j, n: classic(j, n, "short", 2),
        "ot-time-limit": lambda j, n: classic(j, n, "time-limit", 3),
        "boba-fett": boba,
        "mandalorian": lambda j, n: mando(j, n, with_box(mando_box.shipped(),
                                                        without_enemy_cards(mando_box.box_profile())),
                                          mando_box.SEATS),
        "mandalorian-season-2": lambda j, n: mando(
            j, n, with_box(mando_box.load_edition(mando_box.MANDO2), without_enemy_cards(mando_box.season2_profile())),
            mando_box.SEATS2),
    }
    wanted = sys.argv[1:] or list(games)
    for name, make in games.items():
        if name not in wanted:
            continue
        path = HERE / f"{name}.sqlite3"
        path.unlink(missing_ok=True)
        journal = Journal(path)
        game = make(journal, name)
        journal.close()
        (HERE / f"{name}.json").write_text(json.dumps(game.state.snapshot(), sort_keys=True, indent=1, default=str)
                                           + "\n", encoding="utf-8")
        print(f"{name}: {len(game.entries)} entries, turn {game.state.turn.number}, over {game.state.over}",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
