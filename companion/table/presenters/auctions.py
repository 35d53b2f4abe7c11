"""Auctions at the table: a lot goes up, bids and drop-outs, the winner or no bid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.edition import capital
from companion.engine.events import AuctionClosed, AuctionOpened, BidPlaced
from companion.table.presenter import Presenter
from companion.table.words import credits, lot_name, party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def bid_placed(game: Game, event: BidPlaced) -> str:
    """A bid, or (a bid of nothing) a player dropping out."""
    who = party_name(game, event.player)
    if not event.amount:
        return f"{who} drops out of the auction"
    return f"{who} bids {credits(game.edition, event.amount)}"


def auction_closed(game: Game, event: AuctionClosed) -> str:
    """Who won the lot for how much, or no bid: it stays with the bank."""
    e = game.edition
    if not event.winner:
        return f"No bids: {lot_name(e, event.lot)} stays with the {e.term('bank')}"
    return f"{party_name(game, event.winner)} wins {lot_name(e, event.lot)} for {credits(e, event.amount)}"


PRESENTER = Presenter(events={
    AuctionOpened: lambda game, ev: f"{capital(lot_name(game.edition, ev.lot))} goes up for auction",
    BidPlaced: bid_placed,
    AuctionClosed: auction_closed,
})
