"""The board map on which a space is chosen (Star Wars 2015: where a Hyperdrive jump lands, where a Bounty Hunter's
free Base goes): every space the box has described laid round a ring in board order, GO at the bottom right as on
the board, the players' tokens on their spaces, and the spaces the decision offers as the taps that choose them.

The choices are the decision's own buttons, from its presenter (each :class:`~companion.table.offers.Action`
names its space), so a tap on the map submits exactly what a button would; a space it does not offer is only
shown. A space nobody has described yet is shown as unknown (the box asks what it is when a token stops there),
and a board whose length nobody has given yet shows the spaces known so far.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.edition import UNKNOWN_KIND
from companion.engine.ledger import BANK
from companion.table.offers import Action, offer
from companion.table.presenters import presenter_of
from companion.table.views import NO_COLOUR
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.edition import Space
    from companion.engine.game import Game
    from companion.engine.state import Decision

MAP_KEY = "map:"
"""The key of the button that opens the board map for a decision (``map:<decision id>``); it has no command."""


@dataclass(frozen=True)
class MapCell:
    """One space on the map: its name and planet colour, whose Base stands there, who stands there, and the
    choice a tap on it makes (None: it is only shown, dimmed)."""

    position: int
    name: str
    known: bool
    """Whether the box has said what the space is (an unknown one shows a question mark)."""
    planet: str
    """The planet (colour group) of a planet space, in words ("" for any other space)."""
    colour: str
    """The planet's colour when the box has given it ("" otherwise)."""
    owner: str
    """The name of the player whose Base stands there ("" when none)."""
    side_colour: str
    """The colour of that player's side ("" when no Base)."""
    tokens: tuple[str, ...]
    """The names of the players standing there, the one choosing first."""
    chooser_here: bool
    words: str
    """The small line under the name: whose Base stands there, that it has none, or that nobody has described
    the space yet."""
    choice: Action | None = None
    refused: tuple[str, ...] = ()
    """Why a tap on a space the decision does not offer chooses nothing (the engine's reasons)."""


@dataclass(frozen=True)
class SpaceMap:
    """The map of one decision: what is chosen and by whom, every space known, and how many go round the board."""

    decision: int
    player: str
    title: str
    hint: str
    cells: tuple[MapCell, ...]
    length: int
    """Spaces round the board: its length, or (a length nobody has given yet) the spaces known so far."""
    length_known: bool
    sides: tuple[tuple[str, str], ...] = ()
    """Each side's Bases in words (``Rebels' Bases``) and the colour of their stripe (none without sides)."""

    @property
    def choices(self) -> tuple[MapCell, ...]:
        """The cells a tap chooses, in board order."""
        return tuple(c for c in self.cells if c.choice is not None)


def map_decision(game: Game, decision_id: int) -> Decision | None:
    """The open decision of that id whose buttons are chosen on the board map (None when it is settled)."""
    presenter = presenter_of(game)
    return next((d for d in game.state.decisions if d.id == decision_id
                 and presenter.decisions[d.kind].on_map is not None), None)


def on_the_map(game: Game, actions: list[Action]) -> list[Action]:
    """The table's buttons with those of each decision made on the board map folded into one button that opens the
    map, in the first one's place (enabled when any choice is; its reasons otherwise)."""
    presenter = presenter_of(game)
    folded: dict[str, Action] = {}
    for d in game.state.decisions:
        shown = presenter.decisions[d.kind]
        if shown.on_map is None:
            continue
        offered = [a for a in shown.actions(game, d.player, d.data) if a.space]
        if not offered:
            continue
        enabled = any(a.enabled for a in offered)
        reasons = () if enabled else offered[0].reasons
        opener = Action(f"{MAP_KEY}{d.id}", shown.on_map(game, d.player, d.data), "", d.player, enabled, reasons,
                        style="primary")
        for a in offered:
            folded[a.key] = opener
    out: list[Action] = []
    for a in actions:
        shown_as = folded.get(a.key, a) if a.space else a
        if shown_as not in out:
            out.append(shown_as)
    return out


def space_map(game: Game, decision_id: int) -> SpaceMap | None:
    """The board map of an open decision (None once it is settled): every space known, each offered space with
    the decision's button for it."""
    decision = map_decision(game, decision_id)
    if decision is None:
        return None
    e, s = game.edition, game.state
    shown = presenter_of(game).decisions[decision.kind]
    offered = [a for a in shown.actions(game, decision.player, decision.data) if a.space]
    choices = {a.space: a for a in offered}
    base = e.term("base")
    cells = []
    for space in e.spaces:
        known = space.kind != UNKNOWN_KIND
        group = e.groups.get(space.group or "") if space.kind == "planet" else None
        owner = s.owner(space.id) if space.is_deed else BANK
        side = e.sides.get(s.player(owner).side, {}) if owner != BANK and s.has_player(owner) else {}
        standing = [p for p in s.players if p.position == space.position and not p.retired]
        standing.sort(key=lambda p: p.id != decision.player)
        holder = party_name(game, owner) if owner != BANK else ""
        words = ("not described yet" if not known else f"{possessive(holder)} {base}" if holder
                 else f"no {base}" if group else "")
        cells.append(MapCell(
            space.position, map_name(game, space), known, group.name if group else "",
            group.colour if group and "colour" not in group.unknown else "",
            holder, str(side.get("colour", NO_COLOUR)) if side else "",
            tuple(p.name for p in standing), any(p.id == decision.player for p in standing), words,
            choices.get(space.id), () if space.id in choices or not offered else refusal(game, offered[0], space)))
    what = shown.line(game, decision.player, decision.data)
    here = map_name(game, e.spaces[s.player(decision.player).position])
    tap = "Tap a bright space to choose it." if len(choices) > 1 else "Tap the bright space to choose it."
    hint = f"{party_name(game, decision.player)} is on {here}. {tap}"
    if any(not c.known and c.choice for c in cells):
        hint += " A space marked ? is not described yet: count it from GO."
    sides = tuple((f"{possessive(str(side.get('name', sid)))} {e.term('bases')}", str(side.get("colour", NO_COLOUR)))
                  for sid, side in e.sides.items())
    return SpaceMap(decision.id, decision.player, what, hint, tuple(cells), len(e.spaces), e.length_known, sides)


def possessive(name: str) -> str:
    """``Rebels'``, ``Empire's``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def refusal(game: Game, offered: Action, space: Space) -> tuple[str, ...]:
    """Why the decision cannot choose ``space``: the engine's reasons for the offered command with that space in
    place of its own."""
    words = offered.command.split()
    if not words or words[-1] != offered.space:
        return ()
    refused = offer(game, offered.key, offered.label, " ".join([*words[:-1], space.id]))
    return refused.reasons or (f"{space.name} cannot be chosen now.",)


def map_name(game: Game, space: Space) -> str:
    """A space's name on the map: its own, or for a card or tax space nobody has named, what it is (``Rebel
    card``, ``Trade Federation Tax``) rather than its place."""
    e = game.edition
    if space.name != f"Space {space.position}":
        return space.name
    if space.kind == "card" and space.deck in e.decks:
        return f"{e.decks[space.deck].name} card"
    if space.kind == "tax":
        return e.terms.get("income_tax", "Tax")
    return space.name


def ring_shape(count: int, aspect: float) -> tuple[int, int]:
    """The columns and rows of a rectangular ring with room for ``count`` spaces (at most one place left over)
    whose cells are as large as a map ``aspect`` times as wide as tall allows: the smaller side of a cell, the
    larger the better."""
    count = max(count, 4)
    best: tuple[float, int, int] = (-1.0, 2, 2)
    for cols in range(2, count // 2 + 2):
        rows = max(2, math.ceil((count + 4 - 2 * cols) / 2))
        if 2 * cols + 2 * rows - 4 < count:
            continue
        side = min(aspect / cols, 1 / rows)
        if side > best[0]:
            best = (side, cols, rows)
    return best[1], best[2]


def ring_place(position: int, cols: int, rows: int) -> tuple[int, int]:
    """The column and row (from the bottom left) of a board position on the ring: GO at the bottom right, then
    leftwards along the bottom, up the left side, rightwards along the top and down the right side, as tokens go
    round the board."""
    bottom, left, top = cols - 1, rows - 1, cols - 1
    if position < bottom:
        return cols - 1 - position, 0
    position -= bottom
    if position < left:
        return 0, position
    position -= left
    if position < top:
        return position, rows - 1
    return cols - 1, rows - 1 - (position - top)
