"""Mega Shut Downs at the table (MONOPOLY GO!): the colour named by a full tracker, and a kept Mr. Monopoly tile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.mini_boards import colour_name
from companion.rules import mechanic
from companion.rules.go_state import go
from companion.rules.mechanics.mega_shut_down import MR_MONOPOLY, MegaShutDown
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.presenters.rounds import who
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def mega_line(game: Game, who: str, data: DecisionData) -> str:
    """A full tracker's turn."""
    return f"{party_name(game, who)}'s tracker is full: name a colour for a Mega Shut Down, or wait"


def mega_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """One button per colour, and letting it wait."""
    return [*(offer(game, f"mega:{c}", f"Mega Shut Down: {colour_name(c)}", f"mega {p} {c}")
              for c in mechanic(game, MegaShutDown).boards.colours),
            offer(game, "pass", "Not this round", f"pass {p}")]


def mega_now(game: Game, players: list[str], data: DecisionData) -> str:
    """The full tracker whose turn it is."""
    return f"{who(game, players)}'s Mega Shut Down"


def mr_monopoly(game: Game) -> list[Action]:
    """A kept Mr. Monopoly tile, while its marker can still move."""
    s = go(game.state)
    return [a for p in s.active if MR_MONOPOLY in s.held_tiles(p.id)
            if (a := offer(game, f"mr-monopoly:{p.id}", f"{p.name}: Mr. Monopoly (marker +1)",
                           f"tile {p.id} {MR_MONOPOLY}")).enabled]


PRESENTER = Presenter(decisions={"mega": Decision(mega_line, mega_actions, mega_now)}, actions=(mr_monopoly,))
