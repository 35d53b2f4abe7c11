"""Rounds at the table (MONOPOLY GO!): the round's roll and moves, each step as it begins, and whose action
waits for its turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.edition import and_list
from companion.engine.events import DiceRolled, JailChanged, TokenMoved, TurnPassed
from companion.rules import mechanic
from companion.rules.go_events import ActBegun, ActQueued, SatOut, StepBegun
from companion.rules.go_state import go
from companion.rules.mechanics.rounds import Rounds
from companion.table.presenter import Presenter
from companion.table.presenters.core import silent
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game

STEP_WORDS = {"place": "Blocks are placed first", "act": "Now the Bank Heists and Shut Downs, clockwise from the "
              "roller", "mega": "Now the Mega Shut Downs", "roll": ""}
ACT_WORDS = {"heist": "Bank Heist", "shut-down": "Shut Down", "mega": "Mega Shut Down"}
STEP_HEADINGS = {"first-roll": "Who rolls first?", "roll": "Time to roll", "place": "Blocks are placed",
                 "act": "Bank Heists and Shut Downs", "mega": "Mega Shut Downs"}
"""Each step of a round as a status line names it."""


def who(game: Game, players: list[str]) -> str:
    """Players by name, as a sentence lists them (``Ann, Ben and Cat``)."""
    return and_list([party_name(game, p) for p in players]) if players else ""


def one_or_all(players: list[str], one: str, several: str) -> str:
    """The verb for one player or for several (``places a block`` / ``place their blocks``)."""
    return one if len(players) == 1 else several


def roll_label(game: Game) -> str:
    """The roll button: the first roll finds who rolls first; then each round's roll."""
    s = go(game.state)
    return "Roll: who starts?" if s.step == "first-roll" else f"Roll for round {s.turn.number}"


def round_passed(game: Game, event: TurnPassed) -> str:
    """A new round and its roller (round 0: everyone rolls once to see who begins)."""
    if not event.number:
        return "Everyone rolls their own die once: the highest rolls first"
    return f"Round {event.number}: {party_name(game, event.player)} rolls every die"


def round_rolled(game: Game, event: DiceRolled) -> str:
    """Each player's own die."""
    rules = mechanic(game, Rounds)
    need = rules.roll_need(game.state, event.player)
    by_colour = {d.colour: v for d, v in zip(need.dice, event.dice, strict=True)}
    return "Dice: " + ", ".join(f"{p.name} {by_colour[rules.colour_of(game.state, p.id)]}"
                                for p in rules.seated(game.state))


def token_moved(game: Game, event: TokenMoved) -> str:
    """Where a token stopped on its own board (a move to jail is the jail's own line)."""
    if event.how == "jail":
        return f"{party_name(game, event.player)} goes to Jail and sits out the next round"
    space = mechanic(game, Rounds).space_words(game.state, event.player, event.position)
    return f"{party_name(game, event.player)} moves to {space}"


def sat_out(game: Game, event: SatOut) -> str:
    """Who sits out this round in Jail (nothing to read when nobody does)."""
    names = [party_name(game, p) for p in event.players]
    return f"{' and '.join(names)} {'sits' if len(names) == 1 else 'sit'} out this round in Jail" if names else ""


def act_queued(game: Game, event: ActQueued) -> str:
    """An action that waits for the placements."""
    return f"{party_name(game, event.act.player)}'s {ACT_WORDS.get(event.act.what, event.act.what)} waits its turn"


PRESENTER = Presenter(roll_label=roll_label, events={
    TurnPassed: round_passed,
    DiceRolled: round_rolled,
    TokenMoved: token_moved,
    StepBegun: lambda game, ev: STEP_WORDS.get(ev.step, ""),
    ActQueued: act_queued,
    SatOut: sat_out,
    ActBegun: silent,
    JailChanged: silent,  # going in is the move's line, sitting out is noted
})
