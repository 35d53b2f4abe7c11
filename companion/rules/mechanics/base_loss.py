"""Nobody goes bankrupt (Star Wars 2015): a player who cannot pay what the rules demand keeps their cash and loses
their most valuable Base instead. Owed to the bank, the planet space goes back to the bank empty; owed to a player,
that player's side sets one of its Bases there and the space is theirs (an ally turns the same Base over; an enemy
side with no Base left in the bank leaves the hexagon empty). With no Base, nothing happens.

The most valuable Base is the one on the planet space with the highest price; at equal prices the higher rent,
then the space further from GO."""

from __future__ import annotations

from companion.edition import Space
from companion.engine.events import Noted, Posted
from companion.engine.ledger import BANK, Posting, Transaction, deed_unit, site_account
from companion.engine.state import GameState, Unread
from companion.rules.core import Emitter
from companion.rules.mechanics.bases import Bases, base_unit


class BaseLoss(Bases):
    """A Base lost instead of a debt."""

    def charge(self, emit: Emitter, payer: str, payee: str, amount: int, reason: str) -> None:
        """Paid at once when the cash is there; otherwise no part is paid and the payer loses their most
        valuable Base (see the module's words)."""
        s = emit.state
        if amount <= 0 or s.cash(payer) >= amount:
            super().charge(emit, payer, payee, amount, reason)
            return
        who = self.name_of(s, payer)
        base = self.most_valuable(s, payer)
        if base is None:
            emit.add(Noted(f"{who} cannot pay {self.money(amount)} ({reason}) and has no {self.term('base')} to lose: "
                           "nothing happens"))
            return
        empty = (payee != BANK and not self.allies(s, payer, payee)
                 and not self.in_stock(s, self.side_of(s, payee)))
        emit.add(Posted(self.base_taken(s, payer, payee, base, f"{who} cannot pay {self.money(amount)} ({reason})")))
        emptied = (f"; the {self.side_name(self.side_of(s, payee))} have no {self.term('base')} left in the "
                   f"{self.term('bank')} to set there, so {base.name} is empty again" if empty else "")
        emit.add(Noted(f"{who} keeps their cash and loses the {self.term('base')} on {base.name}, their most valuable "
                       f"(price {self.money(base.price)}; the highest price, then rent, then the space furthest from "
                       "GO)" + emptied))

    def base_taken(self, s: GameState, payer: str, payee: str, base: Space, reason: str) -> Transaction:
        """The payer's Base back to their side's stock, and the planet space to the player owed (with a Base of
        theirs, or the same one turned over by an ally), or to the bank when the bank is owed or the owed
        side has no Base left."""
        site, deed = site_account(base.id), deed_unit(base.id)
        postings = [Posting(payer, deed, -1)]
        if payee != BANK and self.allies(s, payer, payee):
            return Transaction(reason, (*postings, Posting(payee, deed, 1)))
        lost = base_unit(self.side_of(s, payer))
        postings += [Posting(site, lost, -1), Posting(BANK, lost, 1)]
        if payee != BANK and self.in_stock(s, self.side_of(s, payee)):
            placed = base_unit(self.side_of(s, payee))
            return Transaction(reason, (*postings, Posting(payee, deed, 1), Posting(BANK, placed, -1),
                                        Posting(site, placed, 1)))
        return Transaction(reason, (*postings, Posting(BANK, deed, 1)))

    def most_valuable(self, s: GameState, player: str) -> Space | None:
        """The player's most valuable Base (see the module's words), None with no Base."""
        bases = self.bases_of(s, player)
        return self.top(bases) if bases else None

    def top(self, spaces: list[Space]) -> Space:
        """The most valuable of some planet spaces: the highest price; at equal prices the higher rent (the only
        time a rent is read, and asked if the box has not given it), then the space further from GO."""
        price = max(space.price for space in spaces)
        level = [space for space in spaces if space.price == price]
        if len(level) > 1:
            rents = {space.id: self.read_rent(space, Unread("rent", 0)) for space in level}
            level = [space for space in level if rents[space.id] == max(rents.values())]
        return max(level, key=lambda space: space.position)

    def value_rank(self, space: Space) -> tuple[int, int, int]:
        """How valuable a planet space is: its price, then its rent, then how far it lies from GO (a value the
        box has not given yet is asked)."""
        return space.price, self.read_rent(space, Unread("rent", 0)), space.position
