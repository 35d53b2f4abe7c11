"""Bank Heists at the table (MONOPOLY GO!): whom to challenge, the dials set in secret (never shown before both
are set: a screen or a phone asks each player alone, see ``SECRET_DIAL``), the reveal, and the block stolen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.mini_boards import colour_name
from companion.rules import mechanic
from companion.rules.go_events import DialTurned, HeistBegun, HeistRevealed
from companion.rules.mechanics.heists import PICTURE_NAMES, Heists
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.presenters.rounds import one_or_all, who
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game

SECRET_DIAL = "dial:"
"""The key of a button that asks one player for their dial in secret (no command: the screen asks them alone)."""


def heist_line(game: Game, who: str, data: DecisionData) -> str:
    """The lander's turn."""
    return f"{party_name(game, who)}'s Bank Heist: challenge an opponent, or let it go"


def heist_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """One button per opponent, and letting it go."""
    return [*(offer(game, f"heist:{o.id}", f"Challenge {o.name}", f"heist {p} {o.id}")
              for o in game.state.active if o.id != p),
            offer(game, "pass", "Let it go", f"pass {p}")]


def heist_now(game: Game, players: list[str], data: DecisionData) -> str:
    """The lander whose heist it is."""
    return f"{who(game, players)}'s Bank Heist"


def dial_now(game: Game, players: list[str], data: DecisionData) -> str:
    """Who still turns a dial (never which picture)."""
    return f"{who(game, players)} {one_or_all(players, 'sets their dial', 'set their dials')} in secret"


def steal_now(game: Game, players: list[str], data: DecisionData) -> str:
    """The heist worked: who takes whose block."""
    return f"{who(game, players)} takes one of {party_name(game, str(data['target']))}'s blocks"


def dial_line(game: Game, who: str, data: DecisionData) -> str:
    """A side of the heist sets their dial."""
    return f"{party_name(game, who)} turns their Bank Heist dial in secret"


def dial_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """Set the dial in secret (the screen asks the player alone); with the physical dials, the lander enters
    whether they matched."""
    actions = [Action(f"{SECRET_DIAL}{p}", f"{party_name(game, p)}: set my dial in secret", "", p, True,
                      style="primary")]
    if p == data["attacker"]:
        actions += [offer(game, "dials:match", "Paper dials: same picture", f"dials {p} match"),
                    offer(game, "dials:miss", "Paper dials: different", f"dials {p} miss")]
    return actions


def dial_offers(game: Game, player: str) -> list[Action]:
    """The three pictures, for the player alone to choose from (a phone or a hidden screen)."""
    return [offer(game, f"picture:{k}", name.capitalize(), f"dial {player} {k}") for k, name in PICTURE_NAMES.items()]


def steal_line(game: Game, who: str, data: DecisionData) -> str:
    """The heist worked."""
    return f"{party_name(game, who)} takes one of {party_name(game, str(data['target']))}'s blocks"


def steal_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """One button per square of the target's holding blocks."""
    rules, s = mechanic(game, Heists), game.state
    target = str(data["target"])
    name = party_name(game, target)
    return [offer(game, f"steal:{n}", f"{name}'s {colour_name(rules.stack(s, target, n)[0])} block (square {n})",
                  f"steal {p} {n}") for n in rules.squares() if rules.stack(s, target, n)[1]]


def revealed(game: Game, event: HeistRevealed) -> str:
    """Both pictures at once, and the outcome."""
    a, t = party_name(game, event.attacker), party_name(game, event.target)
    shown = (f"{a} shows the {PICTURE_NAMES[event.pictures[0]]}, {t} the {PICTURE_NAMES[event.pictures[1]]}: "
             if event.pictures else "The dials are shown: ")
    return shown + ("the heist works!" if event.success else "no match, the heist fails")


PRESENTER = Presenter(
    events={HeistBegun: lambda game, ev: f"{party_name(game, ev.attacker)} challenges "
                                         f"{party_name(game, ev.target)} to a Bank Heist",
            DialTurned: lambda game, ev: f"{party_name(game, ev.player)} set their dial",
            HeistRevealed: revealed},
    decisions={"heist": Decision(heist_line, heist_actions, heist_now),
               "dial": Decision(dial_line, dial_actions, dial_now),
               "steal": Decision(steal_line, steal_actions, steal_now)})
