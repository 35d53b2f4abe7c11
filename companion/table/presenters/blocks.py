"""Blocks at the table (MONOPOLY GO!): placing a block (one tap on the proposed square, or another square), the
marker's steps and the first landmark."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.edition import a_or_an
from companion.mini_boards import colour_name
from companion.rules import mechanic
from companion.rules.go_events import LandmarkBuilt, MarkerMoved
from companion.rules.mechanics.blocks import Blocks
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.presenters.rounds import one_or_all, who
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def place_line(game: Game, who: str, data: DecisionData) -> str:
    """Who takes which block, and why."""
    colour = str(data["colour"])
    block = a_or_an(f"{colour_name(colour)} block") if colour else "a block of any colour"
    return f"{party_name(game, who)} takes {block} from the tray ({data['why']})"


def place_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """A block of a given colour: the proposed square first, then the others that can take it (listed under
    "Another square"); a block of any colour: one button per colour that can be placed (on its proposed
    square)."""
    rules = mechanic(game, Blocks)
    s, who = game.state, party_name(game, p)
    colour = str(data["colour"])
    if not colour:
        return [offer(game, f"place:{c}", f"{who}: {colour_name(c)} block", f"place {p} {c}")
                for c in rules.placeable(s, p)]
    fits = rules.squares_for(s, p, colour)
    return [replace(offer(game, f"place:{colour}:{n}", f"{who}: {colour_name(colour)} block on square {n}",
                          f"place {p} {colour} {n}", "primary" if i == 0 else "normal"),
                    heading="" if i == 0 else "Another square") for i, n in enumerate(fits)]


def place_now(game: Game, players: list[str], data: DecisionData) -> str:
    """Who places a block now."""
    return f"{who(game, players)} {one_or_all(players, 'places a block', 'place their blocks')}"


def marker_moved(game: Game, event: MarkerMoved) -> str:
    """The marker's new step, out of the tracker's."""
    face = mechanic(game, Blocks).face(game.state, event.player)
    of = f" of {face.tracker}" if face.tracker else ""
    return f"{party_name(game, event.player)}'s Mr. Monopoly marker: step {event.step}{of} ({event.why})"


def landmark(game: Game, event: LandmarkBuilt) -> str:
    """The winners."""
    return "Landmark! " + " and ".join(party_name(game, p) for p in event.winners) + \
        (" wins" if len(event.winners) == 1 else " share the win")


PRESENTER = Presenter(events={MarkerMoved: marker_moved, LandmarkBuilt: landmark},
                      decisions={"place": Decision(place_line, place_actions, place_now)})
