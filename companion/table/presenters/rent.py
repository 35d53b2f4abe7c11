"""Rent at the table: a rent that may be claimed (its amount, or read off the deed when claimed), put off until
the deed is at hand, lapsed; the claim buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.edition import a_or_an, capital
from companion.engine.events import RentClosed, RentDeferred, RentDue
from companion.engine.state import Unread
from companion.table.offers import Action, offer
from companion.table.presenter import Presenter
from companion.table.words import credits, party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def rent_due(game: Game, event: RentDue) -> str:
    """Who may claim rent from whom, and how much (or that it is read off the deed when claimed)."""
    e = game.edition
    owner, payer, space = party_name(game, event.owner), party_name(game, event.payer), e.space(event.space).name
    if isinstance(event.unread, Unread):
        why = f"{event.why}; " if event.why else ""
        return (f"{owner} may claim {e.term('rent')} from {payer} for {space} ({why}the amount is read off the "
                f"{e.term('deed')} when claimed)")
    why = f" ({event.why})" if event.why else ""
    return f"{owner} may claim {credits(e, event.amount)} {e.term('rent')} from {payer} for {space}{why}"


def rent_closed(game: Game, event: RentClosed) -> str:
    """A claim that lapsed, or that a mortgage voided (a claim paid has its payment's line)."""
    e = game.edition
    if event.how == "lapsed":
        return f"{capital(e.term('rent'))} that was not claimed in time has lapsed"
    if event.how == "mortgaged":
        return f"No {e.term('rent')} can be claimed on {a_or_an(e.term('mortgaged'))} property"
    return ""


def rent_deferred(game: Game, event: RentDeferred) -> str:
    """The deed was not at hand: the rent stays owed."""
    e = game.edition
    return f"The {e.term('rent')} stays owed until its amount is read off the {e.term('deed')}: claim it again then"


def claims(game: Game) -> list[Action]:
    """One claim button per rent that may be claimed now."""
    e, actions = game.edition, []
    for c in game.state.rent_claims:
        owner, payer = party_name(game, c.owner), party_name(game, c.payer)
        label = (f"{owner}: claim the {e.term('rent')} {payer} owes (read it off the {e.term('deed')})" if c.deferred
                 else f"{owner}: claim {e.term('rent')} from {payer}" if c.unread
                 else f"{owner}: claim {credits(e, c.amount)} {e.term('rent')} from {payer}")
        label += f" ({c.why})" if c.why else ""
        actions.append(offer(game, f"claim:{c.owner}:{c.payer}", label, f"claim {c.owner} {c.payer}", "primary"))
    return actions


PRESENTER = Presenter(events={RentDue: rent_due, RentDeferred: rent_deferred, RentClosed: rent_closed},
                      actions=(claims,))
