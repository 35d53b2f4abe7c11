"""Debts: a payment the rules demand that the player cannot make at once becomes a debt that holds up play until
it is paid in full (or the player is declared bankrupt, as the edition's bankruptcy mechanic says)."""

from __future__ import annotations

from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DebtClosed, Posted
from companion.engine.ledger import CREDITS, Transaction
from companion.engine.state import GameState
from companion.rules.core import Emitter, Grammar, Rules

V = Violation


class Debts(Rules):
    """Paying a debt once the credits are raised."""

    verbs: ClassVar[dict[str, Grammar]] = {"pay": (("player",), "pay your oldest debt")}

    def check_pay(self, s: GameState, cmd: Command) -> list[Violation]:
        """A debt is paid in full once the debtor has raised the credits. With no debt the refusal points to what
        the player may have meant: a decision of theirs still open (a tax to choose, a card to draw), or the Jail
        fine, which is its own command."""
        player = cmd.args[0]
        debts = s.debts_of(player)
        if not debts:
            name, own = self.name_of(s, player), s.decisions_for(player)
            jail = " (the Jail fine is not a debt: it is paid as the fine, before the roll)"
            hint = (f": {name} must first {self.decision_text(own[0])}" if own
                    else jail if s.player(player).in_jail else "")
            return [V("debt/none", f"{name} owes nothing{hint}.")]
        return self.afford(s, player, debts[0].amount, f"The debt ({debts[0].reason})")

    def do_pay(self, emit: Emitter, cmd: Command) -> None:
        debt = emit.state.debts_of(cmd.args[0])[0]
        emit.add(DebtClosed(debt.id))
        emit.add(Posted(Transaction.transfer(debt.reason, debt.debtor, debt.creditor, CREDITS, debt.amount)))
