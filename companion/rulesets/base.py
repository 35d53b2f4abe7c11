"""What every ruleset shares: the command dispatch, the guard order and the event emitter.

A ruleset answers two questions for each verb: ``check_<verb>`` lists every reason a command cannot be carried
out now (an empty list means it can), and ``do_<verb>`` turns an accepted command into events. The guards that
hold for every verb (game not over, a known player still in the game) run first, so a rejection names every
problem at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.dice import MOVE
from companion.edition import Edition
from companion.engine.commands import Command, grammar_problem
from companion.engine.errors import Violation
from companion.engine.events import Event
from companion.engine.ledger import BANK
from companion.engine.state import GameState, Setup

Check = Callable[[GameState, Command], list[Violation]]


class Emitter:
    """Applies each event to the state as it is emitted, and remembers it for the journal."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []

    def __call__(self, event: Event) -> None:
        event.apply(self.state)
        self.events.append(event)


@dataclass(frozen=True)
class Bankruptcy:
    """What declaring bankruptcy would do now, as the edition's rules carry it out (the table words it)."""

    creditor: str
    """Who receives what the bankrupt player hands over: a player, or the bank."""
    leaves_game: bool
    """Whether the player is out for good (classic) or plays on with the debt forgiven (co-op)."""
    hands_over: tuple[str, ...]
    """What goes to the creditor, in the order the table names them: ``credits``, ``deeds``, ``jail-cards``,
    ``signets``."""
    buildings_back: bool = False
    """The buildings go back to the bank (which pays a creditor player half their cost)."""
    mortgaged_choice: bool = False
    """The creditor then lifts or keeps each mortgaged deed received."""
    deeds_auctioned: bool = False
    """The bank auctions the deeds at once."""
    ends_game: str = ""
    """Why the game would end with it: ``last-player``, ``first-bankruptcy``, or empty."""


class Ruleset:
    """Base of every edition's mechanics. Subclasses define ``check_<verb>`` and ``do_<verb>``."""

    name = "base"
    asked_during_play: ClassVar[frozenset[str]] = frozenset()
    """Values the box may still lack when a game starts: play asks for each the first time it needs it."""
    left_out: ClassVar[frozenset[str]] = frozenset()
    """Verbs of a ruleset this one inherits but whose edition has no such rule (no mortgages, no buildings)."""

    def __init__(self, edition: Edition, setup: Setup) -> None:
        self.edition = edition
        self.setup = setup

    def new_state(self) -> GameState:
        """The state before the first command: the box unpacked, nobody holding anything."""
        raise NotImplementedError

    def check_setup(self) -> list[Violation]:
        """Every problem with the set-up the table chose."""
        raise NotImplementedError

    def start(self, emit: Emitter) -> None:
        """Hand out starting money and deeds, and give the first player the dice."""
        raise NotImplementedError

    def validate(self, state: GameState, cmd: Command) -> list[Violation]:
        """Every reason ``cmd`` cannot be carried out now; empty when it can."""
        check: Check | None = getattr(self, "check_" + cmd.verb.replace("-", "_"), None)
        if check is None or cmd.verb in self.left_out:
            return [Violation("command/unknown", f"'{cmd.verb}' is not something this game knows how to do.")]
        problem = grammar_problem(cmd)
        if problem:
            return [Violation("command/syntax", problem)]
        if state.over:
            return [Violation("game/over", "The game is over; nothing more can be played.")]
        player = cmd.player
        if player is not None:
            if not state.has_player(player):
                return [Violation("player/unknown", f"There is no player called '{player}' at this table.")]
            if state.player(player).retired:
                return [Violation("player/retired", f"{self.name_of(state, player)} has left the game.")]
        return check(state, cmd)

    def apply(self, state: GameState, cmd: Command) -> list[Event]:
        """Carry out an accepted command; call only after :meth:`validate` returned no violations."""
        emit = Emitter(state)
        getattr(self, "do_" + cmd.verb.replace("-", "_"))(emit, cmd)
        return emit.events

    def knows(self, verb: str) -> bool:
        """Whether this edition has the rule a verb carries out (screens offer only those)."""
        return hasattr(self, "check_" + verb.replace("-", "_")) and verb not in self.left_out

    def roll_kind(self, state: GameState, player: str) -> str:
        """Which roll of the edition's dice (dice.toml) the next ``roll`` by ``player`` is: the move, unless the
        edition rolls other dice for other things."""
        return MOVE

    def name_of(self, state: GameState, player_id: str) -> str:
        """A player's name as the table knows it, or the edition's word for the bank."""
        if state.has_player(player_id):
            return state.player(player_id).name
        return f"the {self.edition.term('bank')}" if player_id == BANK else player_id

    def bankruptcy(self, state: GameState, player: str) -> Bankruptcy | None:
        """What declaring ``player`` bankrupt would do now; None when they owe nothing."""
        return None

    def player_json(self, state: GameState, player: str) -> dict[str, Any]:
        """What the edition adds to a player's entry in the table script's JSON (nothing by default)."""
        return {}

    def describe(self, state: GameState) -> dict[str, Any]:
        """What the table must do next, in plain words (for the script's JSON and the screens)."""
        raise NotImplementedError
