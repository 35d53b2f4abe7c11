"""Shut Downs at the table (MONOPOLY GO!): which opponent's block, and the Shield that may answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.mini_boards import colour_name
from companion.rules import mechanic
from companion.rules.mechanics.shut_downs import ShutDowns
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.presenters.rounds import who
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def shut_down_line(game: Game, who: str, data: DecisionData) -> str:
    """The lander's turn."""
    return f"{party_name(game, who)}'s Shut Down: choose an opponent's block, or let it go"


def shut_down_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """One button per block an opponent could lose (a square holding blocks), and letting it go."""
    rules, s = mechanic(game, ShutDowns), game.state
    return [*(offer(game, f"shut-down:{o.id}:{n}", f"{o.name}'s {colour_name(rules.stack(s, o.id, n)[0])} "
                                                   f"(square {n})", f"shut-down {p} {o.id} {n}")
              for o in s.active if o.id != p for n in rules.squares() if rules.stack(s, o.id, n)[1]),
            offer(game, "pass", "Let it go", f"pass {p}")]


def shut_down_now(game: Game, players: list[str], data: DecisionData) -> str:
    """The lander whose Shut Down it is."""
    return f"{who(game, players)}'s Shut Down"


def shield_now(game: Game, players: list[str], data: DecisionData) -> str:
    """The target who may answer with a Shield."""
    return f"{who(game, players)}: a Shield against {party_name(game, str(data['attacker']))}'s Shut Down?"


def shield_line(game: Game, who: str, data: DecisionData) -> str:
    """The target may answer with a Shield."""
    return f"{party_name(game, who)} may stop {party_name(game, str(data['attacker']))}'s Shut Down with a Shield"


def shield_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """Play the Shield, or keep it."""
    who = party_name(game, p)
    return [offer(game, "shield", f"{who} stops it with a Shield", f"shield {p}", "primary"),
            offer(game, "no-shield", f"{who} keeps the Shield and loses the block", f"no-shield {p}")]


PRESENTER = Presenter(decisions={"shut-down": Decision(shut_down_line, shut_down_actions, shut_down_now),
                                 "shield": Decision(shield_line, shield_actions, shield_now)})
