"""The end of the game: the ranking with each player's worth broken down, and everyone's worth over the game;
where sides play against each other (Star Wars 2015), the winning side with its score and the ultimate winner.

The worth history replays the journal (the entries still in effect) from the edition data the game started with
(the values read off the box during play are in the journal) and asks the ruleset for each player's worth after
every turn, so the chart shows exactly what the engine would have counted at that moment: money, or the Bases on
the board where they are what counts.
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
    side: str = ""
    """The side the player fought for (``rebel``), in a game of sides: the ranking is grouped by side."""


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
            ("buildings", capital(edition.term("buildings"))), ("debts", "Debts still open"),
            ("grogu", "Holding Grogu"),
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
        side = str(row.get("side", ""))
        rows.append(RankRow(int(row.get("place", place)), row["player"], s.player(row["player"]).name,
                            int(row["worth"]), worth_words(e, parts, int(row["worth"])),
                            tuple((label, part_words(e, key, int(parts[key]))) for key, label in labels
                                  if key in parts and (parts[key] or key not in COUNTED_PARTS)),
                            "place" in row, side if side in e.sides else ""))
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
    replay = new_game(game.first_edition, game.setup)  # the box's answers come back with the journal's entries
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
    colours = series_colours(game, palette)
    return [WorthSeries(pid, replay.state.player(pid).name, colours[i],
                        tuple((turn, worths[i]) for turn, worths in samples))
            for i, pid in enumerate(ids)]


def series_colours(game: Game, palette: tuple[str, ...]) -> list[str]:
    """Each player's colour on the chart, in seat order: the palette's, or where sides play against each other, a
    lighter tint of their side's colour (allies told apart by how light), so allies and enemies are told apart at
    a glance."""
    e, players = game.edition, game.state.players
    if not rules_of(game).side_bases(game.state) or not all(p.side in e.sides for p in players):
        return [palette[i % len(palette)] for i in range(len(players))]
    allies = {p.id: [q.id for q in players if q.side == p.side].index(p.id) for p in players}
    return [tint(str(e.sides[p.side].get("colour", "#888888")), TINTS[allies[p.id] % len(TINTS)]) for p in players]


TINTS = (0.35, 0.7)
"""How much lighter than its side's colour each ally's line is (a side's colours are dark for a line on the
chart)."""


def tint(colour: str, white: float) -> str:
    """``colour`` (``#rrggbb``) mixed with ``white`` parts of white."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in rgb)


def chart_title(game: Game) -> str:
    """What the chart of worth over the game shows, in words: net worth, or the Bases each player holds."""
    parts = rules_of(game).worth_parts(game.state, game.state.players[0].id)
    return f"{capital(game.edition.term('bases'))} over the game" if "bases" in parts else "Net worth over the game"


@dataclass(frozen=True)
class SideScore:
    """One side at the end: its Bases on the board, and whether it won."""

    side: str
    name: str
    colour: str
    bases: int
    won: bool

    def words(self, base: str) -> str:
        """``Rebels: 4 Bases, victory``."""
        return f"{self.name}: {counted(self.bases, base)}" + (", victory" if self.won else "")


@dataclass(frozen=True)
class SideVictory:
    """The end of a game of sides: the winning side, every side's Bases (the winner's first) and the ultimate
    winner."""

    side: str
    scores: tuple[SideScore, ...]
    ultimate: str

    @property
    def headline(self) -> str:
        """``Victory to the Rebels!``"""
        return f"Victory to the {self.side}!"

    def line(self, bases: str) -> str:
        """``Luke is the ultimate winner · Bases: Rebels 4, Empire 2``."""
        score = ", ".join(f"{s.name} {s.bases}" for s in self.scores)
        return f"{self.ultimate} is the ultimate winner  ·  {bases}: {score}"


def side_victory(game: Game) -> SideVictory | None:
    """The winning side of a finished game played in sides (None otherwise): the side of the first place, each
    side's Bases as the rules count them, and the first place, the ultimate winner."""
    s, e = game.state, game.edition
    totals = rules_of(game).side_bases(s)
    if not s.over or not s.ranking or not totals:
        return None
    first = s.ranking[0]
    winner = str(first.get("side", ""))
    if winner not in e.sides:
        return None
    order = sorted(totals, key=lambda side: side != winner)
    scores = tuple(SideScore(side, str(e.sides[side].get("name", side)), str(e.sides[side].get("colour", "")),
                             totals[side], side == winner) for side in order)
    return SideVictory(scores[0].name, scores, s.player(str(first["player"])).name)


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
