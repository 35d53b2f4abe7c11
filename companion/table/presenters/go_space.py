"""GO at the table (MONOPOLY GO!): its three choices, and a kept GO Button played for one of them."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.edition import capital
from companion.rules.go_state import go
from companion.rules.mechanics.go_space import GO_BUTTON
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.presenters.rounds import who
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game

CHOICE_WORDS = {"block": "a block of any colour", "heist": "a Bank Heist", "shut-down": "a Shut Down"}


def go_line(game: Game, who: str, data: DecisionData) -> str:
    """The lander on GO chooses."""
    return f"{party_name(game, who)} stopped on GO and chooses a block, a Bank Heist or a Shut Down"


def go_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """GO's three choices."""
    return [offer(game, f"go:{k}", capital(words), f"go {p} {k}") for k, words in CHOICE_WORDS.items()]


def go_now(game: Game, players: list[str], data: DecisionData) -> str:
    """Who chooses at GO."""
    return f"{who(game, players)} {'chooses' if len(players) == 1 else 'choose'} at GO"


def go_buttons(game: Game) -> list[Action]:
    """A kept GO Button, for each choice it may be played for now (listed together under one heading)."""
    s = go(game.state)
    return [replace(a, heading=f"{p.name}: play a GO Button")
            for p in s.active if GO_BUTTON in s.held_tiles(p.id) for k, words in CHOICE_WORDS.items()
            if (a := offer(game, f"go-button:{p.id}:{k}", f"{p.name}: GO Button for {words}",
                           f"tile {p.id} {GO_BUTTON} {k}")).enabled]


PRESENTER = Presenter(decisions={"go": Decision(go_line, go_actions, go_now)}, actions=(go_buttons,))
