"""Events: the only things that change a :class:`GameState`.

A ruleset turns an accepted command into events; :meth:`Event.apply` folds each into the state. Events are
plain data so the journal can store them next to the command that caused them, for the audit log. They are
slotted (no ``__dict__`` each): a long game keeps tens of thousands of them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, ClassVar

from companion.engine.ledger import Transaction
from companion.engine.records import interned, quick_init
from companion.engine.state import Auction, ClosedClaim, Debt, Decision, GameState, RentClaim, TradeOffer, Unread


@quick_init
@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; ``kind`` names it in the journal."""

    kind: ClassVar[str] = "event"

    def apply(self, state: GameState) -> None:
        """Fold this event into the state."""

    def to_json(self) -> dict[str, Any]:
        """The event as plain data."""
        return {"kind": self.kind, **asdict(self)}


@quick_init
@dataclass(frozen=True, slots=True)
class Posted(Event):
    """Credits, deeds or pieces moved as one balanced transaction."""

    kind: ClassVar[str] = "posted"
    txn: Transaction

    def apply(self, state: GameState) -> None:
        state.ledger.post(self.txn)


@interned
def paid(reason: str, source: str, target: str, unit: str, amount: int) -> Posted:
    """:class:`Posted` of :meth:`Transaction.transfer`, one object for the same move for the same reason (events
    cannot change, and a game repeats its rents and salaries many times)."""
    return Posted(Transaction.transfer(reason, source, target, unit, amount))


@quick_init
@dataclass(frozen=True, slots=True)
class TokenMoved(Event):
    """A token now stands on ``position`` (``how``: dice, card, jail, back, correction)."""

    kind: ClassVar[str] = "token-moved"
    player: str
    position: int
    how: str

    def apply(self, state: GameState) -> None:
        state.seats[self.player].position = self.position


@quick_init
@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """The dice of a roll, as entered; ``doubles`` counts doubles in a row this turn."""

    kind: ClassVar[str] = "dice-rolled"
    player: str
    dice: tuple[int, ...]
    doubles: int
    roll_again: bool

    def apply(self, state: GameState) -> None:
        t = state.turn
        t.rolled, t.dice, t.doubles, t.roll_again = True, self.dice, self.doubles, self.roll_again


moved = interned(TokenMoved)
""":class:`TokenMoved`, one object for the same move."""
rolled = interned(DiceRolled)
""":class:`DiceRolled`, one object for the same roll."""


@quick_init
@dataclass(frozen=True, slots=True)
class JailChanged(Event):
    """A player went to jail, spent a turn there, or left."""

    kind: ClassVar[str] = "jail-changed"
    player: str
    in_jail: bool
    jail_turns: int

    def apply(self, state: GameState) -> None:
        p = state.seats[self.player]
        p.in_jail, p.jail_turns = self.in_jail, self.jail_turns
        if self.in_jail and state.turn.player == self.player:
            state.turn.roll_again = False


@quick_init
@dataclass(frozen=True, slots=True)
class JailCardMoved(Event):
    """A Get Out of Jail Free card of ``deck`` went from one holder to another (``""`` = its deck)."""

    kind: ClassVar[str] = "jail-card-moved"
    deck: str
    source: str
    target: str

    def apply(self, state: GameState) -> None:
        if self.source:
            state.seats[self.source].jail_cards.remove(self.deck)
        if self.target:
            state.seats[self.target].jail_cards.append(self.deck)


@quick_init
@dataclass(frozen=True, slots=True)
class MortgageChanged(Event):
    """A deed was mortgaged (``mortgaged``) or its mortgage lifted."""

    kind: ClassVar[str] = "mortgage-changed"
    space: str
    mortgaged: bool

    def apply(self, state: GameState) -> None:
        (state.mortgaged.add if self.mortgaged else state.mortgaged.discard)(self.space)


@quick_init
@dataclass(frozen=True, slots=True)
class DecisionOpened(Event):
    """A player now has something to settle."""

    kind: ClassVar[str] = "decision-opened"
    decision_kind: str
    player: str
    data: dict[str, Any] = field(default_factory=dict)

    def apply(self, state: GameState) -> None:
        state.decisions.append(Decision(state.next_id, self.decision_kind, self.player, dict(self.data)))
        state.next_id += 1


@quick_init
@dataclass(frozen=True, slots=True)
class DecisionClosed(Event):
    """An open decision was settled."""

    kind: ClassVar[str] = "decision-closed"
    decision: int

    def apply(self, state: GameState) -> None:
        state.decisions = [d for d in state.decisions if d.id != self.decision]


@quick_init
@dataclass(frozen=True, slots=True)
class RentDue(Event):
    """A player landed on someone's deed: the owner may now claim ``amount``."""

    kind: ClassVar[str] = "rent-due"
    owner: str
    payer: str
    space: str
    amount: int
    unread: Unread | None = None
    """Set when the amount is still to be read off the Title Deed (``amount`` is then 0)."""
    why: str = ""
    """What the amount is, where the edition says more than the deed (``half: ally``)."""

    def apply(self, state: GameState) -> None:
        state.rent_claims.append(
            RentClaim(state.next_id, self.owner, self.payer, self.space, self.amount, state.turn.number, self.unread,
                      why=self.why)
        )
        state.next_id += 1


@quick_init
@dataclass(frozen=True, slots=True)
class RentClosed(Event):
    """A rent claim ended (``how``): claimed, lapsed because the owner did not ask in time, wiped out by
    bankruptcy, corrected because the token was really elsewhere, or void because the deed was mortgaged before
    the owner asked."""

    kind: ClassVar[str] = "rent-closed"
    claim: int
    how: str

    def apply(self, state: GameState) -> None:
        kept = []
        for c in state.rent_claims:
            if c.id == self.claim:
                state.closed_claims[c.owner, c.payer] = ClosedClaim(c.space, self.how, state.turn.number)
            else:
                kept.append(c)
        state.rent_claims = kept


@quick_init
@dataclass(frozen=True, slots=True)
class RentDeferred(Event):
    """The owner asked for a rent in time, but its amount is not at hand (the Title Deed is not read yet): the claim
    stays open past its deadline until the amount is entered."""

    kind: ClassVar[str] = "rent-deferred"
    claim: int

    def apply(self, state: GameState) -> None:
        state.rent_claims = [replace(c, deferred=True) if c.id == self.claim else c for c in state.rent_claims]


@quick_init
@dataclass(frozen=True, slots=True)
class DebtOpened(Event):
    """A player owes more than they hold; play waits until they pay or go bankrupt."""

    kind: ClassVar[str] = "debt-opened"
    debtor: str
    creditor: str
    amount: int
    reason: str

    def apply(self, state: GameState) -> None:
        state.debts.append(Debt(state.next_id, self.debtor, self.creditor, self.amount, self.reason))
        state.next_id += 1


@quick_init
@dataclass(frozen=True, slots=True)
class DebtClosed(Event):
    """A debt was paid, or wiped out by bankruptcy."""

    kind: ClassVar[str] = "debt-closed"
    debt: int

    def apply(self, state: GameState) -> None:
        state.debts = [d for d in state.debts if d.id != self.debt]


@quick_init
@dataclass(frozen=True, slots=True)
class AuctionOpened(Event):
    """An auction of ``lot`` began; ``queue`` is what is left to auction after it."""

    kind: ClassVar[str] = "auction-opened"
    lot: str
    queue: tuple[str, ...] = ()

    def apply(self, state: GameState) -> None:
        state.auction = Auction(self.lot)
        state.auction_queue = list(self.queue)


@quick_init
@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    """A player bid ``amount`` (0 = passed)."""

    kind: ClassVar[str] = "bid-placed"
    player: str
    amount: int

    def apply(self, state: GameState) -> None:
        assert state.auction is not None
        if self.amount:
            state.auction.bids.append((self.player, self.amount))
        else:
            state.auction.passed.append(self.player)


@quick_init
@dataclass(frozen=True, slots=True)
class AuctionClosed(Event):
    """The auction ended; ``winner`` is empty when nobody bid."""

    kind: ClassVar[str] = "auction-closed"
    lot: str
    winner: str
    amount: int

    def apply(self, state: GameState) -> None:
        state.auction = None


@quick_init
@dataclass(frozen=True, slots=True)
class TradeProposed(Event):
    """A trade offer waits for the partner's answer."""

    kind: ClassVar[str] = "trade-proposed"
    proposer: str
    partner: str
    give: dict[str, Any]
    get: dict[str, Any]

    def apply(self, state: GameState) -> None:
        state.trade = TradeOffer(self.proposer, self.partner, dict(self.give), dict(self.get))


@quick_init
@dataclass(frozen=True, slots=True)
class TradeClosed(Event):
    """The trade offer was accepted, rejected or withdrawn (``how``)."""

    kind: ClassVar[str] = "trade-closed"
    how: str

    def apply(self, state: GameState) -> None:
        state.trade = None


@quick_init
@dataclass(frozen=True, slots=True)
class TurnPassed(Event):
    """The next player's turn begins."""

    kind: ClassVar[str] = "turn-passed"
    player: str
    number: int

    def apply(self, state: GameState) -> None:
        turn = state.turn
        turn.number, turn.player = self.number, self.player
        turn.rolled, turn.doubles, turn.roll_again, turn.dice = False, 0, False, ()


@quick_init
@dataclass(frozen=True, slots=True)
class PlayerRetired(Event):
    """A bankrupt player left the game."""

    kind: ClassVar[str] = "player-retired"
    player: str
    creditor: str

    def apply(self, state: GameState) -> None:
        state.player(self.player).retired = True


@quick_init
@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: ``ranking`` lists players best first with their worth."""

    kind: ClassVar[str] = "game-ended"
    reason: str
    ranking: tuple[dict[str, Any], ...]

    def apply(self, state: GameState) -> None:
        state.over, state.end_reason, state.ranking = True, self.reason, list(self.ranking)


@quick_init
@dataclass(frozen=True, slots=True)
class Noted(Event):
    """Something the table should read in the log that changes nothing (a card drawn, a tax choice)."""

    kind: ClassVar[str] = "noted"
    text: str


@quick_init
@dataclass(frozen=True, slots=True)
class Unpacked(Event):
    """Something of the box the game learns about during play is put in place, like the box contents at set-up
    (a Title Deed on a space nobody had described starts with the bank)."""

    kind: ClassVar[str] = "unpacked"
    account: str
    unit: str
    amount: int

    def apply(self, state: GameState) -> None:
        state.ledger.open(self.account, self.unit, self.amount)


@quick_init
@dataclass(frozen=True, slots=True)
class BoxRead(Event):
    """Values read off the box (a deed, a tax square, a card) the first time play needed them. The game plays
    with them from here on."""

    kind: ClassVar[str] = "box-read"
    target: str
    values: dict[str, Any]
    text: str

    def apply(self, state: GameState) -> None:
        state.box_reads = (*state.box_reads, (self.target, dict(self.values)))
