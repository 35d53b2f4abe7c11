"""Bankruptcy, the classic way: a player who cannot pay even after selling every building and mortgaging every
deed leaves the game, and what they hold goes to their creditor (or to the bank, which auctions the deeds)."""

from __future__ import annotations

from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import (
    AuctionOpened,
    DebtClosed,
    DecisionClosed,
    JailCardMoved,
    MortgageChanged,
    PlayerRetired,
    Posted,
    RentClosed,
    TradeClosed,
)
from companion.engine.ledger import BANK, CREDITS, Transaction, deed_unit
from companion.engine.state import GameState
from companion.rules.core import Bankruptcy, Emitter, Grammar, Rules

V = Violation


class LeaveTheGame(Rules):
    """Declaring bankruptcy and leaving the game."""

    verbs: ClassVar[dict[str, Grammar]] = {"bankrupt": (("player",), "declare bankruptcy")}

    def check_bankrupt(self, s: GameState, cmd: Command) -> list[Violation]:
        """Bankruptcy only when selling every building and mortgaging every deed still cannot pay the debts."""
        player = cmd.args[0]
        debts = s.debts_of(player)
        if not debts:
            return self.not_bankrupt(s, player)
        owed = sum(d.amount for d in debts)
        problems = []
        if self.raisable(s, player) >= owed:
            problems.append(V("bankrupt/can-pay", f"{self.name_of(s, player)} can still raise "
                                                  f"{self.money(self.raisable(s, player))} by selling "
                                                  f"{self.term('buildings')} and taking the "
                                                  f"{self.term('mortgage_value')} of each {self.term('deed')}, "
                                                  f"enough for the {self.money(owed)} owed."))
        elif self.edition.raise_all_before_bankruptcy:
            problems += self.still_to_raise(s, player)
        return problems + self.auction_open(s)

    def still_to_raise(self, s: GameState, player: str) -> list[Violation]:
        """Where the edition says so (Boba Fett), a player in debt first raises all they can: every building sold
        back and every deed mortgaged; only a debt still unpaid then puts them out of the game."""
        deeds = self.deeds_of(s, player)
        problems = []
        if any(self.building_value(s, d) for d in deeds):
            problems.append(V("bankrupt/buildings-left", f"{self.name_of(s, player)} must first sell every "
                                                         f"{self.term('building')} back to the "
                                                         f"{self.term('bank')}."))
        active = [d.name for d in deeds if d.id not in s.mortgaged]
        if active:
            problems.append(V("bankrupt/deeds-left", f"{self.name_of(s, player)} must first make every "
                                                     f"{self.term('deed')} {self.term('mortgaged')} "
                                                     f"({', '.join(active)})."))
        return problems

    def bankruptcy(self, s: GameState, player: str) -> Bankruptcy | None:
        """A bankrupt player leaves the game for good: credits, deeds and jail cards go to the first creditor
        (buildings back to the bank, which pays a creditor player half their cost), or to the bank, which
        auctions the deeds; the game ends when one player is left, or at the first bankruptcy in a variant
        that says so."""
        debts = s.debts_of(player)
        if not debts:
            return None
        creditor = debts[0].creditor
        deeds = self.deeds_of(s, player)
        variant = self.variant
        ends = ("last-player" if len([p for p in s.active if p.id != player]) == 1
                else "first-bankruptcy" if variant and variant.ends_at_first_bankruptcy else "")
        return Bankruptcy(creditor, leaves_game=True,
                          hands_over=("credits", "jail-cards") if creditor == BANK else
                          ("credits", "deeds", "jail-cards"),
                          buildings_back=True,
                          mortgaged_choice=creditor != BANK and any(d.id in s.mortgaged for d in deeds),
                          deeds_auctioned=creditor == BANK and bool(deeds) and not ends,
                          ends_game=ends)

    def do_bankrupt(self, emit: Emitter, cmd: Command) -> None:
        s, player = emit.state, cmd.args[0]
        creditor = s.debts_of(player)[0].creditor
        deeds = [d.id for d in self.deeds_of(s, player)]
        name = self.name_of(s, player)
        for debt in [d for d in s.debts if player in (d.debtor, d.creditor)]:
            emit.add(DebtClosed(debt.id))
        for claim in [c for c in s.rent_claims if player in (c.owner, c.payer)]:
            emit.add(RentClosed(claim.id, "bankruptcy"))
        for decision in s.decisions_for(player):
            emit.add(DecisionClosed(decision.id))
        if s.trade and player in (s.trade.proposer, s.trade.partner):
            emit.add(TradeClosed("bankruptcy"))
        to_player = creditor != BANK
        reason = f"{name} is {self.term('bankrupt')}; everything goes to {self.name_of(s, creditor)}"
        parts = [self.clear_sites(s, tuple(deeds), creditor if to_player else "", reason)]
        parts += [Transaction.transfer(reason, player, creditor, deed_unit(d), 1) for d in deeds]
        if s.cash(player):
            parts.append(Transaction.transfer(reason, player, creditor, CREDITS, s.cash(player)))
        emit.add(Posted(Transaction.combine(reason, parts)))
        for deck in list(s.player(player).jail_cards):
            emit.add(JailCardMoved(deck, player, creditor if to_player else ""))
        if to_player:
            self.received(emit, creditor, deeds)
        else:
            for d in deeds:
                if d in s.mortgaged:
                    emit.add(MortgageChanged(d, False))
        emit.add(PlayerRetired(player, creditor))
        if s.turn.player == player:
            self.pass_turn(emit, player)
        if len(s.active) == 1:
            self.end_game(emit, "last player standing")
        elif self.variant and self.variant.ends_at_first_bankruptcy:
            self.end_game(emit, "first bankruptcy")
        elif not to_player and deeds:
            emit.add(AuctionOpened(deed_unit(deeds[0]), tuple(deed_unit(d) for d in deeds[1:])))
