"""An edition's rules, composed of mechanics.

Each mechanic (``companion/rules/mechanics``) owns one area of the rules. An edition's data lists the mechanics
it is played with (``[edition] mechanics`` in edition.toml), and :func:`compose` builds one class from them:
later mechanics first in the method order, so a mechanic listed after another may refine what it does. A
mechanic that extends another (buildings extend auctions with the piece auction) brings it along.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TypeVar

from companion.edition import Edition
from companion.engine.commands import Command
from companion.engine.game import Game, JournalSink
from companion.engine.state import Setup
from companion.rules.core import Rules
from companion.rules.mechanics.auctions import Auctions
from companion.rules.mechanics.bankruptcy import LeaveTheGame
from companion.rules.mechanics.base_loss import BaseLoss
from companion.rules.mechanics.bases import Bases
from companion.rules.mechanics.battles import Battles
from companion.rules.mechanics.blocks import Blocks
from companion.rules.mechanics.bounty_hunter import BountyHunter
from companion.rules.mechanics.buildings import Buildings
from companion.rules.mechanics.cards import Cards
from companion.rules.mechanics.chance_tiles import ChanceTiles
from companion.rules.mechanics.coop_score import CoopScore
from companion.rules.mechanics.corrections import Corrections
from companion.rules.mechanics.debts import Debts
from companion.rules.mechanics.deed_sales import DeedSales
from companion.rules.mechanics.deeds import Deeds
from companion.rules.mechanics.enemies import Enemies
from companion.rules.mechanics.force_cards import ForceCards
from companion.rules.mechanics.forgiveness import DebtForgiven
from companion.rules.mechanics.go_space import GoSpace
from companion.rules.mechanics.grogu import Grogu
from companion.rules.mechanics.heists import Heists
from companion.rules.mechanics.heroes import Heroes
from companion.rules.mechanics.hyperdrive import Hyperdrive
from companion.rules.mechanics.jail import Jail
from companion.rules.mechanics.jumps import Jumps
from companion.rules.mechanics.mega_shut_down import MegaShutDown
from companion.rules.mechanics.mortgages import Mortgages
from companion.rules.mechanics.payouts import Payouts
from companion.rules.mechanics.planet_count import PlanetCount
from companion.rules.mechanics.rent import RentClaims
from companion.rules.mechanics.rounds import Rounds
from companion.rules.mechanics.shut_downs import ShutDowns
from companion.rules.mechanics.sides import Sides
from companion.rules.mechanics.signets import Signets
from companion.rules.mechanics.taxes import Taxes
from companion.rules.mechanics.time_limit import TimeLimit
from companion.rules.mechanics.trades import Trades
from companion.rules.mechanics.turns import Turns
from companion.rules.mechanics.walk import Walk
from companion.rules.mechanics.worth import Worth

MECHANICS: dict[str, type[Rules]] = {
    "turns": Turns,
    "jail": Jail,
    "deeds": Deeds,
    "auctions": Auctions,
    "rent": RentClaims,
    "taxes": Taxes,
    "payouts": Payouts,
    "cards": Cards,
    "buildings": Buildings,
    "mortgages": Mortgages,
    "trades": Trades,
    "debts": Debts,
    "bankruptcy": LeaveTheGame,
    "corrections": Corrections,
    "time-limit": TimeLimit,
    "worth": Worth,
    "heroes": Heroes,
    "walk": Walk,
    "grogu": Grogu,
    "enemies": Enemies,
    "jumps": Jumps,
    "battles": Battles,
    "signets": Signets,
    "debt-forgiveness": DebtForgiven,
    "deed-sales": DeedSales,
    "coop-score": CoopScore,
    "sides": Sides,
    "bases": Bases,
    "force-cards": ForceCards,
    "hyperdrive": Hyperdrive,
    "bounty-hunter": BountyHunter,
    "base-loss": BaseLoss,
    "planet-count": PlanetCount,
    "rounds": Rounds,
    "blocks": Blocks,
    "chance-tiles": ChanceTiles,
    "heists": Heists,
    "shut-downs": ShutDowns,
    "go-space": GoSpace,
    "mega-shut-down": MegaShutDown,
}
"""Every mechanic by the name edition data gives it."""

M = TypeVar("M", bound=Rules)

SAVED_RULESETS: dict[str, tuple[str, ...]] = {
    "classic": ("turns", "jail", "deeds", "auctions", "rent", "taxes", "cards", "buildings", "mortgages", "trades",
                "debts", "bankruptcy", "corrections", "time-limit", "worth"),
    "mandalorian": ("jail", "heroes", "walk", "grogu", "enemies", "jumps", "battles", "signets", "payouts", "auctions",
                    "rent", "trades", "debts", "debt-forgiveness", "deed-sales", "corrections", "coop-score"),
}
"""What a game saved before editions listed their mechanics was played with: its stored edition data names a
ruleset, which stands for this list."""


RULES_VERSION = 3
"""The version of the rules a new game is stamped with (``Setup.rules_version``). When a change to a rule would make
a saved game replay differently, bump it and keep the old reading for games stamped before (a mechanic reads
``self.setup.rules_version``). Versions: 1, the rules of every game saved up to and including the mechanics
rebuild (issue 18); 2, Star Wars 2015's Bounty Hunter may set its Base on a space nobody has described yet
(issue 21), and in MONOPOLY GO! a player sitting a round out in Jail calls no Mega Shut Down in it and a GO Button's
block played during the Mega Shut Downs is placed before the Mega Shut Down being decided (issue 22); 3, in The
Mandalorian a correction of a hero's token to a space on or past the one where Grogu waits alone, counted from where
that turn's die move began and within the die's reach, takes him along as the move would have; in Star Wars 2015
a payment a player can neither pay in cash nor make up for with a Base (they have none) is not put to their Just
say no!: it does nothing at once, and a ``box`` line may not give a Force card half the table has seen the other
side;
in MONOPOLY GO! a GO Button's heist or Shut Down played between two rounds is carried out at once, before the roll."""


def stamped(setup: Setup) -> Setup:
    """The set-up with the rules version it is played with written in (the current one for a new game)."""
    return setup if setup.rules_version else replace(setup, rules_version=RULES_VERSION)


def mechanics_of(edition: Edition) -> tuple[str, ...]:
    """The mechanics an edition is played with."""
    if edition.mechanics:
        return edition.mechanics
    try:
        return SAVED_RULESETS[edition.ruleset]
    except KeyError:
        raise KeyError(f"no ruleset called {edition.ruleset!r}; known: {', '.join(SAVED_RULESETS)}") from None


@cache
def compose(names: tuple[str, ...]) -> type[Rules]:
    """One rules class made of the named mechanics: the last named first in the method order, and a mechanic
    another one extends left to come in with it."""
    unknown = [n for n in names if n not in MECHANICS]
    if unknown:
        raise KeyError(f"no mechanic called {', '.join(map(repr, unknown))}; known: {', '.join(MECHANICS)}")
    classes = [MECHANICS[n] for n in reversed(names)]
    bases = tuple(c for c in classes if not any(o is not c and issubclass(o, c) for o in classes))
    composed: type[Rules] = type("Rules[" + ",".join(names) + "]", bases, {"mechanics": names})
    mro = [c for c in composed.__mro__[1:] if issubclass(c, Rules)]
    composed.asked_during_play = frozenset().union(*(c.__dict__.get("asks", frozenset()) for c in mro))
    composed.landing_table = {k: v for c in reversed(mro) for k, v in c.__dict__.get("landings", {}).items()}
    composed.landing_decision_kinds = frozenset().union(*(c.__dict__.get("landing_decisions", ()) for c in mro))
    askers = [c for c in mro if c is not Rules and ("asked_roll" in c.__dict__ or "asked_roll_problems" in c.__dict__)]
    half = [c.__name__ for c in askers if not ("asked_roll" in c.__dict__ and "asked_roll_problems" in c.__dict__)]
    if half:
        raise TypeError(f"{', '.join(half)} must define both asked_roll_problems and asked_roll")
    composed.roll_askers = tuple((c.__dict__["asked_roll_problems"], c.__dict__["asked_roll"]) for c in askers)
    named = {cls: name for name, cls in MECHANICS.items()}
    composed.every_mechanic = tuple(named[c] for c in reversed(mro) if c in named)
    return composed


def rules_for(edition: Edition, setup: Setup) -> Rules:
    """The rules an edition is played with, for one table's set-up."""
    return compose(mechanics_of(edition))(edition, setup)


def asked_during_play(edition: Edition) -> frozenset[str]:
    """The values an edition's rules can ask off the box during play (a first game needs none of them)."""
    return compose(mechanics_of(edition)).asked_during_play


def rules_of(game: Game) -> Rules:
    """A game's rules, for the figures the table shows (worth, what could be raised, a bankruptcy's outcome)."""
    rules = game.rules
    assert isinstance(rules, Rules)
    return rules


def mechanic(game: Game, kind: type[M]) -> M:
    """A game's rules as one of their mechanics, for the figures it works out (a price after a hero's discount,
    a mortgage's interest); a TypeError when the edition is not played with it."""
    rules = game.rules
    if not isinstance(rules, kind):
        raise TypeError(f"{game.edition.name} is not played with the {kind.__name__} mechanic")
    return rules


def has_mechanic(game: Game, kind: type[Rules]) -> bool:
    """Whether a game's edition is played with a mechanic."""
    return isinstance(game.rules, kind)


def new_game(edition: Edition, setup: Setup, sink: JournalSink | None = None) -> Game:
    """A game of ``edition`` at a table set up as ``setup``; refused (:class:`CommandRejected`) when the set-up
    or the box cannot start one."""
    return Game(rules_for(edition, stamped(setup)), sink)


def replay_game(edition: Edition, setup: Setup, commands: list[tuple[Command, float]],
                sink: JournalSink | None = None) -> Game:
    """A saved game rebuilt from its journalled commands (see :meth:`Game.replay`)."""
    return Game.replay(rules_for(edition, setup), commands, sink)
