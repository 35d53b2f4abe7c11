"""Bankruptcy in the co-operative game (The Mandalorian): a hero who cannot pay, with every hideout sold, hands
over the credits they have and their Signet cards; the rest of the debt is forgiven and they play on."""

from __future__ import annotations

from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DebtClosed, Noted, Posted
from companion.engine.ledger import BANK, CREDITS, Transaction
from companion.engine.state import GameState
from companion.rules.coop_events import SignetMoved
from companion.rules.coop_state import coop
from companion.rules.core import Bankruptcy, Emitter, Grammar
from companion.rules.mechanics.heroes import Heroes

V = Violation


class DebtForgiven(Heroes):
    """Declaring a hero bankrupt."""

    verbs: ClassVar[dict[str, Grammar]] = {"bankrupt": (("player",), "declare bankruptcy")}

    def check_bankrupt(self, s: GameState, cmd: Command) -> list[Violation]:
        """A hero who cannot pay is bankrupt only once every hideout is sold and the cash still falls short."""
        player = cmd.args[0]
        debts = s.debts_of(player)
        if not debts:
            return self.not_bankrupt(s, player)
        problems = []
        if self.deeds_of(s, player):
            problems.append(V("bankrupt/has-hideouts", f"{self.name_of(s, player)} must first sell every "
                                                       f"{self.term('street')} to the {self.term('bank')}."))
        elif s.cash(player) >= debts[0].amount:
            problems.append(V("bankrupt/can-pay", f"{self.name_of(s, player)} has enough to pay."))
        return problems

    def bankruptcy(self, s: GameState, player: str) -> Bankruptcy | None:
        """A bankrupt hero hands over the credits they have and every Signet card, and plays on."""
        debts = s.debts_of(player)
        if not debts:
            return None
        return Bankruptcy(debts[0].creditor, leaves_game=False, hands_over=("credits", "signets"))

    def do_bankrupt(self, emit: Emitter, cmd: Command) -> None:
        """The hero hands over the credits they have and every Signet card (to the player owed, or to the bottom
        of the deck when the Bank is owed); the rest of the debt is forgiven. A bankrupt hero keeps playing, and
        keeps Grogu."""
        s, player = coop(emit.state), cmd.args[0]
        debts = s.debts_of(player)
        creditor = debts[0].creditor
        for debt in debts:
            emit.add(DebtClosed(debt.id))
        if s.cash(player):
            emit.add(Posted(Transaction.transfer(f"{self.name_of(s, player)} is {self.term('bankrupt')}", player,
                                                 creditor, CREDITS, s.cash(player))))
        for card in list(s.signets.get(player, [])):
            emit.add(SignetMoved(card, player, "" if creditor == BANK else creditor))
        emit.add(Noted(f"{self.name_of(s, player)} is {self.term('bankrupt')} and plays on"))
