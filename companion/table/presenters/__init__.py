"""Every mechanic's presenter, by the mechanic's name, and the table's reading of a game through the presenters
of its own mechanics (see :mod:`companion.table.presenter`).

A mechanic with nothing of its own to show (its events and buttons are shared ones) has an empty presenter, so
that a new mechanic without one fails the architecture tests rather than showing nothing.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from companion.engine.events import DecisionOpened, Event
from companion.rules import rules_of
from companion.table.presenter import Decision, EventWords, Presenter
from companion.table.presenters import (
    auctions,
    bankruptcy,
    bases,
    battles,
    blocks,
    bounty_hunter,
    buildings,
    cards,
    chance_tiles,
    core,
    debts,
    deeds,
    enemies,
    force_cards,
    go_space,
    grogu,
    heists,
    hyperdrive,
    jail,
    mega_shut_down,
    mortgages,
    rent,
    rounds,
    shut_downs,
    signets,
    taxes,
    trades,
)

if TYPE_CHECKING:
    from companion.engine.game import Game

NOTHING_OF_ITS_OWN = Presenter()

PRESENTERS: dict[str, Presenter] = {
    "turns": NOTHING_OF_ITS_OWN,  # rolls, moves and turns are every game's (core)
    "jail": jail.PRESENTER,
    "deeds": deeds.PRESENTER,
    "auctions": auctions.PRESENTER,
    "rent": rent.PRESENTER,
    "taxes": taxes.PRESENTER,
    "payouts": NOTHING_OF_ITS_OWN,  # its payments are postings
    "cards": cards.PRESENTER,
    "buildings": buildings.PRESENTER,
    "mortgages": mortgages.PRESENTER,
    "trades": trades.PRESENTER,
    "debts": debts.PRESENTER,
    "bankruptcy": bankruptcy.PRESENTER,
    "corrections": NOTHING_OF_ITS_OWN,  # a correction's moves and payments have their own lines
    "time-limit": NOTHING_OF_ITS_OWN,  # the clock is on the table view
    "worth": NOTHING_OF_ITS_OWN,  # worth is on the end screen
    "heroes": NOTHING_OF_ITS_OWN,  # a hero's discounts show in the prices
    "walk": NOTHING_OF_ITS_OWN,
    "grogu": grogu.PRESENTER,
    "enemies": enemies.PRESENTER,
    "jumps": NOTHING_OF_ITS_OWN,  # a jump is a move
    "battles": battles.PRESENTER,
    "signets": signets.PRESENTER,
    "debt-forgiveness": Presenter(actions=(bankruptcy.declare,)),  # declared as in the classic game, not retired
    "deed-sales": NOTHING_OF_ITS_OWN,  # a sale is a posting
    "coop-score": NOTHING_OF_ITS_OWN,  # the score is on the end screen
    "sides": NOTHING_OF_ITS_OWN,  # each seat shows its side
    "bases": bases.PRESENTER,
    "force-cards": force_cards.PRESENTER,
    "hyperdrive": hyperdrive.PRESENTER,
    "bounty-hunter": bounty_hunter.PRESENTER,
    "base-loss": NOTHING_OF_ITS_OWN,  # a Base lost is a posting and a note
    "planet-count": NOTHING_OF_ITS_OWN,  # the end is the game's own line
    "rounds": rounds.PRESENTER,
    "blocks": blocks.PRESENTER,
    "chance-tiles": chance_tiles.PRESENTER,
    "heists": heists.PRESENTER,
    "shut-downs": shut_downs.PRESENTER,
    "go-space": go_space.PRESENTER,
    "mega-shut-down": mega_shut_down.PRESENTER,
}
"""Each mechanic's presenter, by the name edition data gives the mechanic."""


@cache
def composed(names: tuple[str, ...]) -> Presenter:
    """One presenter for a game made of the named mechanics: every game's own (core) first, then the mechanics'
    in order, a later one refining an earlier one's words."""
    parts = [core.PRESENTER, *(PRESENTERS[n] for n in names)]
    events: dict[type[Event], EventWords] = {}
    decisions: dict[str, Decision] = {}
    for part in parts:
        events.update(part.events)
        decisions.update(part.decisions)
    roll_label = next((p.roll_label for p in reversed(parts) if p.roll_label is not None), None)
    return Presenter(events, decisions, tuple(a for p in parts for a in p.actions),
                     tuple(a for p in parts for a in p.before_roll), roll_label)


def presenter_of(game: Game) -> Presenter:
    """The presenter of a game's own mechanics (those its edition lists and those they bring along)."""
    return composed(rules_of(game).every_mechanic)


def event_line(game: Game, event: Event) -> str:
    """One event in words, by its mechanic's presenter; empty for bookkeeping the table does not need to read."""
    presenter = presenter_of(game)
    if isinstance(event, DecisionOpened):
        decision = presenter.decisions.get(event.decision_kind)
        return decision.line(game, event.player, event.data) if decision else ""
    words = presenter.events.get(type(event))
    return words(game, event) if words else ""
