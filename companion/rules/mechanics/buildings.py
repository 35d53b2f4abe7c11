"""Buildings: houses then a hotel on the deeds of a whole colour group with none mortgaged, built evenly while
the bank has pieces, sold back evenly at half their cost; when the bank is short, its last pieces go to auction
one by one."""

from __future__ import annotations

from typing import ClassVar

from companion.edition import Space, a_or_an, capital
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import AuctionOpened, DecisionClosed, DecisionOpened, Posted
from companion.engine.ledger import BANK, CREDITS, HOTEL, HOUSE, Transaction, site_account
from companion.engine.state import Decision, GameState
from companion.rules.core import Emitter, Grammar
from companion.rules.mechanics.auctions import Auctions

V = Violation


class Buildings(Auctions):
    """Building, selling back, the bank's stock and the auction of its last pieces."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "build": (("player", "word"), "put one house (or the hotel) on a deed"),
        "sell": (("player", "word"), "sell one building back to the bank"),
        "sell-all": (("player", "word"), "sell every building in a colour group"),
        "piece-auction": (("word",), "auction one house or hotel piece when there are too few for everyone"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("place",)

    def piece_cost(self, deed: Space, kind: str) -> int:
        """What one piece of ``kind`` (house or hotel) costs on a deed."""
        return deed.hotel_cost if kind == HOTEL else deed.build_cost

    def next_piece(self, s: GameState, deed: Space) -> str:
        """The piece a deed takes next: the hotel once it has all its houses, else a house."""
        return HOTEL if self.level(s, deed.id) == self.houses_before_hotel else HOUSE

    def build_problems(self, s: GameState, player: str, deed: Space, ignore_stock: bool = False) -> list[V]:
        """Build on a full group with no deed mortgaged, evenly, up to the hotel, while the bank has stock."""
        problems: list[Violation] = []
        if deed.kind != "street":
            return [V("build/not-street", f"Nothing can be built on {deed.name}.")]
        if not self.owns_group(s, player, deed):
            problems.append(V("build/group-incomplete", f"{self.name_of(s, player)} must own the whole "
                                                        f"{self.group_name(deed)} first."))
        if any(m in s.mortgaged for m in self.group_members(deed)):
            problems.append(V("build/group-mortgaged", f"{capital(a_or_an(self.term('deed')))} of the "
                                                       f"{self.group_name(deed)} is "
                                                       f"{self.term('mortgaged')}: {self.term('unmortgage')} it "
                                                       f"before adding {self.term('buildings')}."))
        levels = [self.level(s, m) for m in self.group_members(deed)]
        level = self.level(s, deed.id)
        if level > self.houses_before_hotel:
            problems.append(V("build/full", f"{deed.name} already has {a_or_an(self.term('hotel'))}."))
        elif level > min(levels):
            problems.append(V("build/uneven", f"{capital(self.term('build'))} evenly: every property of the "
                                              f"{self.group_name(deed)} needs {level} "
                                              f"{self.term('building' if level == 1 else 'buildings')} "
                                              f"before {deed.name} gets another."))
        kind = self.next_piece(s, deed)
        if not ignore_stock and level <= self.houses_before_hotel and self.stock(s, kind, player) == 0:
            problems.append(V("stock/empty", f"The {self.term('bank')} has no {self.term(kind + 's')} left; wait "
                                             "until some are sold back."))
        return problems

    @staticmethod
    def stock(s: GameState, kind: str, player: str = "") -> int:
        """Pieces of ``kind`` the bank can still sell: those won at auction but not yet placed are kept for
        their winners (``player`` may take their own)."""
        kept = sum(1 for d in s.decisions
                   if d.kind == "place" and d.data.get("piece") == kind and d.player != player)
        return s.ledger.balance(BANK, kind) - kept

    def short_pieces(self, s: GameState) -> list[str]:
        """The kinds of piece (house, hotel) the bank is short of: at least two players could put one on a deed
        now but for the stock, on more deeds together than the bank has pieces of that kind left. Those pieces
        go to auction one by one (see :meth:`check_piece_auction`)."""
        ready: dict[str, list[str]] = {HOUSE: [], HOTEL: []}
        for p in s.active:
            for deed in self.deeds_of(s, p.id):
                if deed.kind == "street" and not self.build_problems(s, p.id, deed, ignore_stock=True):
                    ready[self.next_piece(s, deed)].append(p.id)
        return [kind for kind, players in ready.items()
                if 0 < self.stock(s, kind) < len(players) and len(set(players)) >= 2]

    def can_place(self, s: GameState, player: str, kind: str) -> bool:
        """Whether a piece of ``kind`` could go on one of the player's deeds now, stock aside."""
        return any(deed.kind == "street" and not self.build_problems(s, player, deed, ignore_stock=True)
                   and self.next_piece(s, deed) == kind for deed in self.deeds_of(s, player))

    def raisable(self, s: GameState, player: str) -> int:
        """What a player in debt could raise, and half what their buildings cost, sold back to the bank."""
        return super().raisable(s, player) + sum(self.sellback(self.building_value(s, d))
                                                 for d in self.deeds_of(s, player))

    def check_piece_auction(self, s: GameState, cmd: Command) -> list[Violation]:
        """When several players want more pieces than the bank has left, the pieces go to auction one by one.
        Who wants one is the table's to say; the app allows the auction only while the stock is short: at least
        two players could place such a piece now, on more deeds than there are pieces left (see
        :meth:`short_pieces`)."""
        kind = self.piece_kind(cmd.args[0])
        if not kind:
            said = [f"{a_or_an(self.term(k))} ({' or '.join(self.piece_words(k))})" for k in (HOUSE, HOTEL)]
            return [V("auction/piece-kind", f"Auction either {' or '.join(said)}.")]
        problems = []
        if s.auction:
            problems.append(V("auction/already-open", "Another auction is still open."))
        if self.stock(s, kind) == 0:
            problems.append(V("stock/empty", f"The {self.term('bank')} has no {self.term(kind + 's')} left to "
                                             "auction."))
        elif kind not in self.short_pieces(s):
            problems.append(V("stock/not-short", f"The {self.term('bank')} has enough {self.term(kind + 's')} for "
                                                 "everyone who could add one now: buy them at their cost instead."))
        return problems

    def do_piece_auction(self, emit: Emitter, cmd: Command) -> None:
        emit.add(AuctionOpened(self.piece_kind(cmd.args[0])))

    def piece_words(self, kind: str) -> tuple[str, ...]:
        """The words that name a kind of piece in a command: the edition's own (``sigil``) and ``house`` or
        ``hotel``."""
        return tuple(dict.fromkeys((self.term(kind).lower().replace(" ", "-"), kind)))

    def piece_kind(self, word: str) -> str:
        """The kind of piece (``house`` or ``hotel``) a word names, in the edition's words or the classic ones;
        empty when it names none."""
        return next((k for k in (HOUSE, HOTEL) if word.lower() in self.piece_words(k)), "")

    def bidder_problems(self, s: GameState, player: str, lot: str) -> list[Violation]:
        """Only a player with somewhere to put the piece bids for it."""
        if lot in (HOUSE, HOTEL) and not self.can_place(s, player, lot):
            return [V("auction/no-place", f"{self.name_of(s, player)} has nowhere to put "
                                          f"{a_or_an(self.term(lot))}.")]
        return super().bidder_problems(s, player, lot)

    def award(self, emit: Emitter, lot: str, winner: str, amount: int) -> None:
        """A piece won is paid for and waits for its winner to place it."""
        if lot not in (HOUSE, HOTEL):
            super().award(emit, lot, winner, amount)
            return
        self.charge(emit, winner, BANK, amount, f"{self.term(lot)} won at auction")
        emit.add(DecisionOpened("place", winner, {"piece": lot}))

    def check_build(self, s: GameState, cmd: Command) -> list[Violation]:
        """Building rules (see :meth:`build_problems`), paying the deed's building cost, or placing a piece
        won at auction."""
        player = cmd.args[0]
        deed, problems = self.own_deed(s, player, cmd.args[1])
        if deed is None:
            return problems
        problems += self.build_problems(s, player, deed)
        if deed.kind != "street" or any(p.code == "build/full" for p in problems):
            return problems
        kind = self.next_piece(s, deed)
        if self.decision(s, player, "place", piece=kind):
            return problems
        if problems and any(f in deed.unknown for f in ("build_cost", "hotel_cost")):
            return problems  # a cost not read off the box yet is asked only once nothing else stands in the way
        return problems + self.afford(s, player, self.piece_cost(deed, kind),
                                      capital(f"{a_or_an(self.term(kind))} on {deed.name}"))

    def do_build(self, emit: Emitter, cmd: Command) -> None:
        s, player = emit.state, cmd.args[0]
        deed = self.edition.space(cmd.args[1])
        site = site_account(deed.id)
        kind = self.next_piece(s, deed)
        won = self.decision(s, player, "place", piece=kind)
        reason = f"{self.name_of(s, player)} {self.term('builds')} {a_or_an(self.term(kind))} on {deed.name}"
        parts = [Transaction.transfer(reason, BANK, site, kind, 1)]
        if kind == HOTEL:
            parts.append(Transaction.transfer(reason, site, BANK, HOUSE, self.houses_before_hotel))
        if won:
            emit.add(DecisionClosed(won.id))
        else:
            parts.append(Transaction.transfer(reason, player, BANK, CREDITS, self.piece_cost(deed, kind)))
        emit.add(Posted(Transaction.combine(reason, parts)))

    def check_sell(self, s: GameState, cmd: Command) -> list[Violation]:
        """Buildings go back to the bank at half their cost, evenly; a hotel comes down to houses only as far
        as the bank has houses."""
        player = cmd.args[0]
        deed, problems = self.own_deed(s, player, cmd.args[1])
        if deed is None or problems:
            return problems
        levels = [self.level(s, m) for m in self.group_members(deed)]
        level = self.level(s, deed.id)
        if level == 0:
            return [V("sell/nothing", f"There are no {self.term('buildings')} on {deed.name}.")]
        problems += self.place_first(s, player)
        if level < max(levels):
            problems.append(V("sell/uneven", f"Sell evenly: take {self.term('buildings')} off the properties "
                                             "with the most first."))
        if s.hotels(deed.id) and s.ledger.balance(BANK, HOUSE) < self.houses_before_hotel:
            problems.append(V("stock/houses-short", f"The {self.term('bank')} has only "
                                                    f"{s.ledger.balance(BANK, HOUSE)} {self.term('houses')}: sell all "
                                                    f"the {self.term('buildings')} of the {self.group_name(deed)} "
                                                    "at once (sell-all)."))
        return problems

    def do_sell(self, emit: Emitter, cmd: Command) -> None:
        s, player = emit.state, cmd.args[0]
        deed = self.edition.space(cmd.args[1])
        site = site_account(deed.id)
        kind = HOTEL if s.hotels(deed.id) else HOUSE
        reason = f"{self.name_of(s, player)} sells {a_or_an(self.term(kind))} on {deed.name}"
        parts = [Transaction.transfer(reason, site, BANK, kind, 1),
                 Transaction.transfer(reason, BANK, player, CREDITS, self.sellback(self.piece_cost(deed, kind)))]
        if kind == HOTEL:
            parts.append(Transaction.transfer(reason, BANK, site, HOUSE, self.houses_before_hotel))
        emit.add(Posted(Transaction.combine(reason, parts)))

    def check_sell_all(self, s: GameState, cmd: Command) -> list[Violation]:
        """All the buildings of a group may go back to the bank at once, at half their cost."""
        player, gid = cmd.args
        group = self.edition.groups.get(gid)
        if group is None:
            return [V("group/unknown", f"'{gid}' is not {a_or_an(self.term('group'))}; they are: "
                                       f"{', '.join(self.edition.groups)}.")]
        if not group.members or s.owner(group.members[0]) != player:
            return [V("deed/not-owner", f"{self.name_of(s, player)} does not own the {group.name} "
                                        f"{self.term('group')}.")]
        if not any(s.houses(m) + s.hotels(m) for m in group.members):
            return [V("sell/nothing", f"There are no {self.term('buildings')} on the {group.name} "
                                      f"{self.term('group')}.")]
        return self.place_first(s, player)

    def place_first(self, s: GameState, player: str) -> list[Violation]:
        """A piece won at auction is placed before its winner sells buildings or hands over a deed: either could
        leave it nowhere to go, and the piece waiting for its place holds up every roll."""
        won = self.decision(s, player, "place")
        if won is None:
            return []
        return [V("build/place-first", f"{self.name_of(s, player)} must first {self.decision_text(won)}.")]

    def do_sell_all(self, emit: Emitter, cmd: Command) -> None:
        player, gid = cmd.args
        emit.add(Posted(self.clear_sites(emit.state, self.edition.groups[gid].members, player,
                                         f"{self.name_of(emit.state, player)} sells every {self.term('building')} on "
                                         f"{self.edition.groups[gid].name}")))

    def deed_trade_problems(self, s: GameState, player: str, deed: Space) -> list[Violation]:
        """A deed changes hands only while its group has no buildings."""
        problems = super().deed_trade_problems(s, player, deed) + self.place_first(s, player)
        if deed.kind == "street" and self.group_buildings(s, deed):
            problems.insert(0, V("trade/buildings", f"{deed.name} cannot change hands while its "
                                                    f"{self.term('group')} has {self.term('buildings')}: sell "
                                                    f"them to the {self.term('bank')} first."))
        return problems

    def decision_text(self, d: Decision) -> str:
        if d.kind == "place":
            return f"place the {self.term(d.data.get('piece', HOUSE))} won at auction"
        return super().decision_text(d)
