"""Game state: plain data, changed only by events (see :mod:`companion.engine.events`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from companion.engine.ledger import BANK, CREDITS, HOTEL, HOUSE, Ledger, deed_unit, site_account
from companion.engine.records import quick_init


@dataclass
class Player:
    """A player at the table: where their token is and what they hold besides credits and deeds."""

    id: str
    name: str
    token: str
    side: str
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    jail_cards: list[str] = field(default_factory=list)
    retired: bool = False


@dataclass
class Decision:
    """Something a player must settle before play goes on (buy or decline, which card, which tax...)."""

    id: int
    kind: str
    player: str
    data: dict[str, Any] = field(default_factory=dict)


class Unread(NamedTuple):
    """Rent whose amount is still to be read off the Title Deed, as the rules worked it out at the landing: the
    amount at ``place`` in its ``row`` (``rent``, ``dice_multiplier``) times ``times``, less ``less`` (never below
    0), times ``after``, and ``percent`` of that rounded up to a whole credit (an ally's half rent). (A named tuple:
    one is made at every landing on an owned deed.)"""

    row: str
    place: int
    times: int = 1
    less: int = 0
    after: int = 1
    percent: int = 100

    def amount(self, printed: int) -> int:
        """The rent once the amount printed at ``index`` is known."""
        return -(-max(0, printed * self.times - self.less) * self.after * self.percent // 100)


@dataclass
class RentClaim:
    """Rent the owner may claim from a player who landed on their deed, until the window lapses. While the deed's
    amount for that level is not entered, ``amount`` is 0 and ``unread`` says how to work it out: it is asked when
    the owner claims (the card is in hand then), so a rent nobody claims is never asked."""

    id: int
    owner: str
    payer: str
    space: str
    amount: int
    turn: int
    unread: Unread | None = None
    deferred: bool = False
    """The owner asked in time but the amount was not at hand: the claim no longer lapses."""
    why: str = ""
    """What the amount is, where the edition says more than the deed (``half: ally``)."""


@quick_init
@dataclass(frozen=True, slots=True)
class ClosedClaim:
    """How the last rent claim between an owner and a payer ended, so that asking again can be told why nothing is
    owed."""

    space: str
    how: str
    """``claimed``, ``lapsed``, ``mortgaged``... (see :class:`companion.engine.events.RentClosed`)."""
    turn: int
    """The turn it ended in."""


@dataclass
class Debt:
    """An amount a player must pay but could not at once; it blocks every roll until paid or bankrupt."""

    id: int
    debtor: str
    creditor: str
    amount: int
    reason: str


@dataclass
class Auction:
    """An auction of a deed (``deed:<id>``) or a building piece (``house``/``hotel``)."""

    lot: str
    bids: list[tuple[str, int]] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)

    @property
    def high(self) -> tuple[str, int] | None:
        """The highest bid so far and its bidder."""
        return self.bids[-1] if self.bids else None


@dataclass
class TradeOffer:
    """A proposed trade; ``give`` goes from proposer to partner and ``get`` the other way."""

    proposer: str
    partner: str
    give: dict[str, Any]
    get: dict[str, Any]


@dataclass
class Turn:
    """Whose turn it is and how far it has got."""

    number: int = 1
    player: str = ""
    rolled: bool = False
    doubles: int = 0
    roll_again: bool = False
    dice: tuple[int, ...] = ()


@dataclass
class Setup:
    """What the table chose before the first roll; stored with the journal."""

    edition: str
    variant: str
    players: list[dict[str, str]]
    seed: int = 0
    ends_at: str | None = None
    rules_version: int = 0
    """The version of the rules the game is played with: 0 for the current ones until the game is started, which
    stamps the number (a game saved before stamps existed is version 1)."""

    def to_json(self) -> dict[str, Any]:
        """The set-up as plain data."""
        return asdict(self)


BoxReading = tuple[str, dict[str, Any]]
"""Values read off the box: what they are printed on (``space:<id>``, ``card:<deck>/<card>``...) and the values
by field."""


@dataclass
class GameState:
    """Everything the engine knows about a game in progress."""

    players: list[Player]
    ledger: Ledger
    turn: Turn = field(default_factory=Turn)
    mortgaged: set[str] = field(default_factory=set)
    decisions: list[Decision] = field(default_factory=list)
    rent_claims: list[RentClaim] = field(default_factory=list)
    closed_claims: dict[tuple[str, str], ClosedClaim] = field(default_factory=dict)
    """How the last claim of each owner on each payer ended (by owner and payer)."""
    debts: list[Debt] = field(default_factory=list)
    auction: Auction | None = None
    auction_queue: list[str] = field(default_factory=list)
    trade: TradeOffer | None = None
    next_id: int = 1
    over: bool = False
    ranking: list[dict[str, Any]] = field(default_factory=list)
    end_reason: str = ""
    box_reads: tuple[BoxReading, ...] = ()
    """Values read off the box during play, in order: the game plays with its edition data plus these."""
    seats: dict[str, Player] = field(init=False, repr=False, compare=False)
    """The players by id. The players are the ones who sat down at set-up, for the whole game (a player who
    leaves is retired, never removed), so this is made once."""
    places: dict[str, int] = field(init=False, repr=False, compare=False)
    """Each player's place in the turn order (0 for the first), by id (made once, like :attr:`seats`)."""

    def __post_init__(self) -> None:
        self.seats = {p.id: p for p in self.players}
        self.places = {p.id: n for n, p in enumerate(self.players)}

    def player(self, player_id: str) -> Player:
        """The player with that id (KeyError when there is none)."""
        return self.seats[player_id]

    def has_player(self, player_id: str) -> bool:
        """Whether a player with that id sat down at set-up."""
        return player_id in self.seats

    @property
    def active(self) -> list[Player]:
        """Players still in the game, in turn order."""
        return [p for p in self.players if not p.retired]

    def cash(self, player_id: str) -> int:
        """A player's credits."""
        return self.ledger.balance(player_id, CREDITS)

    def owner(self, space_id: str) -> str:
        """Who holds a deed: a player id or ``bank``."""
        for account in self.ledger.holding(deed_unit(space_id)):
            return account
        return BANK

    def houses(self, space_id: str) -> int:
        """Houses standing on a deed."""
        return self.ledger.balance(site_account(space_id), HOUSE)

    def hotels(self, space_id: str) -> int:
        """Hotels standing on a deed (0 or 1)."""
        return self.ledger.balance(site_account(space_id), HOTEL)

    def decisions_for(self, player_id: str) -> list[Decision]:
        """Open decisions a player must settle."""
        return [d for d in self.decisions if d.player == player_id]

    def debts_of(self, player_id: str) -> list[Debt]:
        """Unpaid debts of a player, oldest first."""
        return [d for d in self.debts if d.debtor == player_id]

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain sorted data, for printing, comparing and replay checks."""
        return {
            "players": [asdict(p) for p in self.players],
            "ledger": self.ledger.snapshot(),
            "turn": asdict(self.turn),
            "mortgaged": sorted(self.mortgaged),
            "decisions": [asdict(d) for d in self.decisions],
            "rent_claims": [asdict(c) for c in self.rent_claims],
            "debts": [asdict(d) for d in self.debts],
            "auction": asdict(self.auction) if self.auction else None,
            "auction_queue": list(self.auction_queue),
            "trade": asdict(self.trade) if self.trade else None,
            "next_id": self.next_id,
            "over": self.over,
            "ranking": self.ranking,
            "end_reason": self.end_reason,
        }
