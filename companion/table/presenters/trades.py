"""Trades at the table: an offer made, and how it ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.engine.events import TradeClosed, TradeProposed
from companion.table.presenter import Presenter
from companion.table.words import party_name, trade_ending

if TYPE_CHECKING:
    from companion.engine.game import Game


def trade_proposed(game: Game, event: TradeProposed) -> str:
    """Who offers whom a trade."""
    return f"{party_name(game, event.proposer)} offers {party_name(game, event.partner)} a trade"


PRESENTER = Presenter(events={TradeProposed: trade_proposed,
                              TradeClosed: lambda game, ev: trade_ending(game.edition, ev.how)})
