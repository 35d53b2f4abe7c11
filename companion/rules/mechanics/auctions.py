"""Auctions: a deed its lander declines goes to auction among everyone still in; bids open at the edition's
opening bid and rise by at least its smallest raise; the highest bid wins when the others drop out or the
Banker closes it; with no bid the lot stays with the bank."""

from __future__ import annotations

from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import AuctionClosed, AuctionOpened, BidPlaced, DecisionClosed, Posted
from companion.engine.ledger import BANK, deed_unit
from companion.engine.state import GameState
from companion.rules.core import Emitter, Grammar, Rules

V = Violation


class Auctions(Rules):
    """Declining a deed, and the auction that follows."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "decline": (("player",), "do not buy: the deed goes to auction"),
        "bid": (("player", "int"), "bid in the open auction"),
        "pass": (("player",), "drop out of the open auction"),
        "close": ((), "the table closes the auction (nobody bids higher): the highest bid wins"),
    }

    def check_decline(self, s: GameState, cmd: Command) -> list[Violation]:
        """Declining a deed puts it up for auction."""
        return self.need_decision(s, cmd.args[0], "offer", "decline")

    def do_decline(self, emit: Emitter, cmd: Command) -> None:
        offer = self.decision(emit.state, cmd.args[0], "offer")
        assert offer is not None
        emit.add(DecisionClosed(offer.id))
        emit.add(AuctionOpened(deed_unit(offer.data["space"])))

    def check_bid(self, s: GameState, cmd: Command) -> list[Violation]:
        """Any player still in may bid, in any order: at least the edition's opening bid, then at least its
        smallest raise over the highest bid; nobody bids more than they hold."""
        player, amount = cmd.args[0], int(cmd.args[1])
        a = s.auction
        if a is None:
            return [V("auction/none", "No auction is open.")]
        problems = []
        if player in a.passed:
            problems.append(V("auction/passed", f"{self.name_of(s, player)} has already dropped out."))
        least = self.least_bid(s)
        if amount < least:
            problems.append(V("auction/too-low", f"A bid must be at least {self.money(least)}" + (
                f": the highest bid, {self.money(a.high[1])}, plus {self.edition.min_raise} or more."
                if a.high else " (the opening bid).")))
        if amount > s.cash(player):
            problems.append(V("auction/over-cash", f"{self.name_of(s, player)} has only "
                                                   f"{self.money(s.cash(player))} to bid with."))
        return problems + self.bidder_problems(s, player, a.lot)

    def bidder_problems(self, s: GameState, player: str, lot: str) -> list[Violation]:
        """Why ``player`` may not bid for this lot at all (nothing, for a deed)."""
        return []

    def least_bid(self, s: GameState) -> int:
        """The smallest bid the open auction takes now: the opening bid, or the highest bid plus the smallest
        raise."""
        assert s.auction is not None
        return s.auction.high[1] + self.edition.min_raise if s.auction.high else self.edition.opening_bid

    def do_bid(self, emit: Emitter, cmd: Command) -> None:
        emit.add(BidPlaced(cmd.args[0], int(cmd.args[1])))

    def check_pass(self, s: GameState, cmd: Command) -> list[Violation]:
        """A player may drop out of an auction, unless they hold the highest bid."""
        player = cmd.args[0]
        a = s.auction
        if a is None:
            return [V("auction/none", "No auction is open.")]
        if player in a.passed:
            return [V("auction/passed", f"{self.name_of(s, player)} has already dropped out.")]
        if a.high and a.high[0] == player:
            return [V("auction/high-bidder", f"{self.name_of(s, player)} holds the highest bid.")]
        return []

    def do_pass(self, emit: Emitter, cmd: Command) -> None:
        """The auction closes by itself once nobody but the high bidder may still bid (a player who may not bid
        at all counts as out)."""
        emit.add(BidPlaced(cmd.args[0], 0))
        s = emit.state
        assert s.auction is not None
        high = s.auction.high[0] if s.auction.high else None
        lot = s.auction.lot
        if all(p.id in s.auction.passed or p.id == high or self.bidder_problems(s, p.id, lot) for p in s.active):
            self.close_auction(emit)

    def check_close(self, s: GameState, cmd: Command) -> list[Violation]:
        """The Banker closes the auction when nobody raises: the highest bid wins; with no bid the lot stays."""
        return [] if s.auction else [V("auction/none", "No auction is open.")]

    def do_close(self, emit: Emitter, cmd: Command) -> None:
        self.close_auction(emit)

    def close_auction(self, emit: Emitter) -> None:
        """The lot goes to the highest bidder; the next lot queued (a bankrupt player's deeds) opens."""
        s = emit.state
        a = s.auction
        assert a is not None
        winner, amount = a.high if a.high else ("", 0)
        emit.add(AuctionClosed(a.lot, winner, amount))
        if winner:
            self.award(emit, a.lot, winner, amount)
        if s.auction_queue:
            emit.add(AuctionOpened(s.auction_queue[0], tuple(s.auction_queue[1:])))

    def award(self, emit: Emitter, lot: str, winner: str, amount: int) -> None:
        """The deed to the winner for the bid. The winner may have spent credits since bidding (built, traded,
        paid a debt): a bid no longer covered becomes a debt to the bank, like any payment the rules demand."""
        s = emit.state
        deed = self.edition.space(lot.removeprefix("deed:"))
        reason = f"{self.name_of(s, winner)} wins {deed.name} at auction"
        if s.cash(winner) >= amount:
            emit.add(Posted(self.sold(s, reason, winner, deed, amount)))
        else:
            emit.add(Posted(self.sold(s, reason, winner, deed, 0)))
            self.charge(emit, winner, BANK, amount, reason)
