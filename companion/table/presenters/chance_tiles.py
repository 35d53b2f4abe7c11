"""Chance tiles at the table (MONOPOLY GO!): which tile the lander turned over, tiles kept and played, the pile
turned over again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules import mechanic
from companion.rules.go_events import TilesReshuffled, TileTaken, TileUsed
from companion.rules.mechanics.chance_tiles import ChanceTiles
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.presenters.rounds import one_or_all, who
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def chance_line(game: Game, who: str, data: DecisionData) -> str:
    """The lander turns a tile over."""
    return f"{party_name(game, who)} takes a Chance tile and says which it is"


def chance_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """One button per kind of tile."""
    rules = mechanic(game, ChanceTiles)
    return [offer(game, f"chance:{k}", rules.tile_name(k), f"chance {p} {k}") for k in rules.boards.tile_kinds]


def chance_now(game: Game, players: list[str], data: DecisionData) -> str:
    """Who turns a Chance tile over now."""
    return f"{who(game, players)} {one_or_all(players, 'turns over a Chance tile', 'turn over Chance tiles')}"


def tile_taken(game: Game, event: TileTaken) -> str:
    """The tile turned over, kept or used at once."""
    name = mechanic(game, ChanceTiles).tile_name(event.tile)
    return f"{party_name(game, event.player)} turns over {name}" + (" and keeps it" if event.kept else "")


def tile_used(game: Game, event: TileUsed) -> str:
    """A kept tile played."""
    return f"{party_name(game, event.player)} plays {mechanic(game, ChanceTiles).tile_name(event.tile)}"


PRESENTER = Presenter(
    events={TileTaken: tile_taken, TileUsed: tile_used,
            TilesReshuffled: lambda game, ev: f"The {ev.count} used Chance tiles are laid face down again"},
    decisions={"chance": Decision(chance_line, chance_actions, chance_now)})
