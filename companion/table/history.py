"""The end of the game: the ranking with each player's worth broken down, and everyone's worth over the game.

The worth history replays the journal (the entries still in effect) and asks the ruleset for each player's worth
after every turn, so the chart shows exactly what the engine would have counted at that moment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.edition import capital, counted
from companion.engine.events import TurnPassed
from companion.engine.game import Game
from companion.rules import new_game, rules_of
from companion.table.words import credits

if TYPE_CHECKING:
    from companion.edition import Edition

MAX_POINTS = 200


@dataclass(frozen=True)
class RankRow:
    """A place in the final ranking, with what the worth is made of (all as the table reads them)."""

    place: int
    player: str
    name: str
    worth: int
    worth_text: str
    parts: tuple[tuple[str, str], ...]
    ranked: bool = False
    """The rules placed every player (ties broken): only the first place wins; else equal worth shares it."""


@dataclass(frozen=True)
class WorthSeries:
    """One player's worth after each sampled turn."""

    player: str
    name: str
    colour: str
    points: tuple[tuple[int, int], ...]


def part_labels(edition: Edition) -> tuple[tuple[str, str], ...]:
    """The parts of a worth as the ranking names them (ruleset key, label in the edition's words)."""
    mortgaged = capital(edition.term("mortgaged"))
    return (("cash", "Cash"), ("deeds", "Deeds"), ("mortgaged", f"{mortgaged} deeds (half)"),
            ("buildings", capital(edition.term("buildings"))), ("grogu", "Holding Grogu"),
            ("enemy_cards", f"Most {edition.term('enemy')} cards"),
            ("rent", f"{capital(edition.term('rent'))} for each {edition.term('street')}"),
            ("landmark", "Landmark"))


COUNTED_PARTS = {"landmark": lambda n: "built it"}
"""Parts of a worth that are not money (a game on mini boards counts blocks), as the ranking says them; one a
player has none of is not listed."""


def part_words(edition: Edition, key: str, amount: int) -> str:
    """One part of a worth as the ranking says it: money in the edition's words, or what the part counts."""
    return COUNTED_PARTS[key](amount) if key in COUNTED_PARTS else credits(edition, amount)


def ranking(game: Game) -> list[RankRow]:
    """The final ranking (richest first) as the engine recorded it when the game ended; empty while it runs."""
    e, s = game.edition, game.state
    labels = part_labels(e)
    rows = []
    for place, row in enumerate(s.ranking, start=1):
        parts = row.get("parts", {})
        side = e.sides.get(str(row.get("side", "")), {})
        rows.append(RankRow(int(row.get("place", place)), row["player"], s.player(row["player"]).name,
                            int(row["worth"]), worth_words(e, parts, int(row["worth"])),
                            (*((("Side", str(side["name"])),) if side else ()),
                             *((label, part_words(e, key, int(parts[key]))) for key, label in labels
                               if key in parts and (parts[key] or key not in COUNTED_PARTS))),
                            "place" in row))
    return rows


def worth_words(e: Edition, parts: dict[str, int], worth: int) -> str:
    """A final worth as the table reads it: credits, Bases where the Bases on the board are what count, or blocks
    on a game of mini boards."""
    if "blocks" in parts:
        return counted(worth, "block")
    return counted(worth, e.term("base")) if "bases" in parts else credits(e, worth)


def worth_history(game: Game, palette: tuple[str, ...]) -> list[WorthSeries]:
    """Every player's worth at the start and after each turn, replayed from the journal (at most
    :data:`MAX_POINTS` points per player, evenly sampled)."""
    rules = rules_of(game)
    replay = new_game(game.edition, game.setup)
    ids = [p.id for p in replay.state.players]
    samples: list[tuple[int, list[int]]] = [(0, [rules.final_worth(replay.state, pid) for pid in ids])]
    for entry in game.in_effect[1:]:
        assert entry.command is not None
        events = replay.apply(entry.command)
        if any(isinstance(ev, TurnPassed) for ev in events) or replay.state.over:
            samples.append((replay.state.turn.number - (0 if replay.state.over else 1),
                            [rules.final_worth(replay.state, pid) for pid in ids]))
    if len(samples) > MAX_POINTS:
        step = len(samples) / MAX_POINTS
        samples = [samples[int(i * step)] for i in range(MAX_POINTS - 1)] + [samples[-1]]
    return [WorthSeries(pid, replay.state.player(pid).name, palette[i % len(palette)],
                        tuple((turn, worths[i]) for turn, worths in samples))
            for i, pid in enumerate(ids)]


def axis_label(game: Game, amount: int) -> str:
    """A chart axis label in what a worth counts: the edition's money, or Bases on the board."""
    parts = rules_of(game).worth_parts(game.state, game.state.players[0].id)
    return worth_words(game.edition, parts, amount)


def winners(game: Game) -> tuple[str, ...]:
    """The names at the top of the final ranking: one winner, or several sharing the highest worth."""
    rows = ranking(game)
    if rows and rows[0].ranked:  # the rules placed everyone: whoever is placed first (a shared win: several)
        return tuple(r.name for r in rows if r.place == rows[0].place)
    return tuple(r.name for r in rows if r.worth == rows[0].worth) if rows else ()
