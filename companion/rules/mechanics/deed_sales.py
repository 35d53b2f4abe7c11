"""Selling deeds back (The Mandalorian): the owner of a hideout may return it to the Bank whenever they like, for
its full price; nobody owns it then."""

from __future__ import annotations

from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import Posted, RentClosed
from companion.engine.ledger import BANK, CREDITS, Transaction, deed_unit
from companion.engine.state import GameState
from companion.rules.core import Emitter, Grammar, Rules


class DeedSales(Rules):
    """A deed sold back to the bank at its price."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "sell-deed": (("player", "word"), "sell a hideout back to the Bank at its price"),
        "sell": (("player", "word"), "sell a hideout back to the Bank at its price (as sell-deed)"),
    }
    """``sell`` is the rule book's own word for it: with no buildings in this edition, ``sell P SPACE`` sells the
    hideout itself, the same as ``sell-deed`` (its words are those of the classic building sale, ``sell P DEED``)."""

    def raisable(self, s: GameState, player: str) -> int:
        """What a player in debt could raise, and the price of every deed held (the Bank buys them back)."""
        return super().raisable(s, player) + sum(d.price for d in self.deeds_of(s, player))

    def check_sell_deed(self, s: GameState, cmd: Command) -> list[Violation]:
        """The owner of a hideout may return it to the Bank whenever they like and get its full price; nobody
        owns it then."""
        _, problems = self.own_deed(s, *cmd.args)
        return problems

    def check_sell(self, s: GameState, cmd: Command) -> list[Violation]:
        """``sell P SPACE``: the hideout itself goes back to the Bank (see :meth:`check_sell_deed`)."""
        return self.check_sell_deed(s, cmd)

    def do_sell(self, emit: Emitter, cmd: Command) -> None:
        self.do_sell_deed(emit, cmd)

    def received(self, emit: Emitter, player: str, deeds: list[str]) -> None:
        """A hideout that changes hands in a deal earns its former owner no rent they had not yet asked for:
        rent is asked by the owner, and they own it no more (as when it is sold to the Bank)."""
        super().received(emit, player, deeds)
        for claim in [c for c in emit.state.rent_claims if c.space in deeds and c.owner != player]:
            emit.add(RentClosed(claim.id, "traded"))

    def do_sell_deed(self, emit: Emitter, cmd: Command) -> None:
        s, (player, space_id) = emit.state, cmd.args
        deed = self.edition.space(space_id)
        for claim in [c for c in s.rent_claims if c.space == deed.id]:
            emit.add(RentClosed(claim.id, "sold"))
        reason = f"{self.name_of(s, player)} sells {deed.name} to the {self.term('bank')}"
        emit.add(Posted(Transaction.combine(reason, [
                Transaction.transfer(reason, player, BANK, deed_unit(deed.id), 1),
                Transaction.transfer(reason, BANK, player, CREDITS, deed.price)])))
