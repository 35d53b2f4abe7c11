"""Bases (Star Wars 2015): a planet space bought or won at auction carries one of the buyer's side's Bases, taken
from that side's stock in the bank; a side with no Base left in the bank can neither buy nor bid. Rent is the one
amount printed beside the planet space's hexagon: full from an enemy, half (rounded up) from an ally, doubled when
one side holds every planet space of that planet; none while the owner is in Jail, and a player in Jail takes no
part in auctions (a bid nobody else may raise wins at once; an auction nobody may bid in closes as it opens).

How many Bases of each side's colour came in the box is not public: it is asked the first time a token stops on
an unowned planet space. How many planet spaces a planet has is asked when a side may hold all of it."""

from __future__ import annotations

from typing import Any, ClassVar

from companion.box.values import BOARD_TARGET, parse_values
from companion.edition import Edition, Space
from companion.engine.commands import Command
from companion.engine.errors import Need, ValueNeeded, Violation
from companion.engine.events import DecisionOpened, Noted, Unpacked
from companion.engine.ledger import BANK, Ledger, Transaction, site_account
from companion.engine.state import Decision, GameState, Player, Unread
from companion.rules.core import Emitter
from companion.rules.mechanics.auctions import Auctions
from companion.rules.mechanics.deeds import Deeds
from companion.rules.mechanics.sides import Sides

V = Violation


def base_unit(side: str) -> str:
    """The ledger unit of one side's Bases."""
    return f"base:{side}"


def planets_undescribed(edition: Edition) -> bool:
    """Whether a planet space of the board may still be one nobody has described: the box has not said how many
    planet spaces the board has, or knows fewer of them (a space nobody has described may then be one)."""
    count = edition.raw.get("board", {}).get("planets")
    return not isinstance(count, int) or sum(1 for d in edition.deeds if d.kind == "planet") < count


class Bases(Auctions, Deeds, Sides):
    """Planet spaces marked by Bases, and their rent between allies and enemies."""

    asks: ClassVar[frozenset[str]] = frozenset({"bases", "size"})
    decision_kinds: ClassVar[tuple[str, ...]] = ("offer",)  # also to a lander whose side has no Base left

    # ------------------------------------------------------------------ the stock

    def stock_read(self) -> int | None:
        """How many Bases of each side's colour the box holds, None while nobody has said."""
        count = self.edition.raw.get("board", {}).get("bases")
        return count if isinstance(count, int) else None

    def per_side(self) -> int:
        """How many Bases of each side's colour the box holds, asked of the box the first time it matters."""
        count = self.stock_read()
        if count is None:
            raise ValueNeeded(Need(BOARD_TARGET, ("bases",), "How many Bases of each colour came in the box? "
                                                             "Count the blue ones."))
        return count

    def unpacked(self) -> tuple[list[Player], Ledger]:
        """Each side's Bases start in the bank (once the box has said how many)."""
        players, ledger = super().unpacked()
        count = self.stock_read()
        if count is not None:
            for side in self.edition.sides:
                ledger.open(BANK, base_unit(side), count)
        return players, ledger

    def do_box(self, emit: Emitter, cmd: Command) -> None:
        """The Base stock read off the box goes to the bank."""
        super().do_box(emit, cmd)
        count = parse_values(cmd.args[1:]).get("bases")
        if cmd.args[0] == BOARD_TARGET and isinstance(count, int):
            for side in self.edition.sides:
                emit.add(Unpacked(BANK, base_unit(side), count))

    def in_stock(self, s: GameState, side: str) -> int:
        """Bases of a side still in the bank."""
        self.per_side()
        return s.ledger.balance(BANK, base_unit(side))

    def no_base_left(self, s: GameState, player: str) -> list[Violation]:
        """A side with no Base left in the bank cannot take a planet space."""
        side = self.side_of(s, player)
        if self.in_stock(s, side):
            return []
        return [V("bases/none-left", f"The {self.side_name(side)} have no {self.term('base')} left in the "
                                     f"{self.term('bank')}.")]

    # ------------------------------------------------------------------ buying

    def sold(self, s: GameState, reason: str, buyer: str, deed: Space, price: int) -> Transaction:
        """A planet space changes hands with one of the buyer's side's Bases set on its hexagon."""
        sale = super().sold(s, reason, buyer, deed, price)
        base = Transaction.transfer(reason, BANK, site_account(deed.id), base_unit(self.side_of(s, buyer)), 1)
        return Transaction.combine(reason, [sale, base])

    def check_buy(self, s: GameState, cmd: Command) -> list[Violation]:
        """An unowned planet space is bought at its price, with a Base from the buyer's side's stock."""
        problems = super().check_buy(s, cmd)
        return problems + (self.no_base_left(s, cmd.args[0]) if not problems else [])

    def bidder_problems(self, s: GameState, player: str, lot: str) -> list[Violation]:
        """Nobody bids from Jail, nor for a side with no Base left in the bank."""
        problems = super().bidder_problems(s, player, lot)
        if s.player(player).in_jail:
            problems.append(V("auction/in-jail", f"{self.name_of(s, player)} is in {self.term('jail')} and takes "
                                                 "no part in auctions."))
        return problems + self.no_base_left(s, player)

    def do_decline(self, emit: Emitter, cmd: Command) -> None:
        """An auction nobody may bid in (everyone in Jail or fighting for a side with no Base left) closes at once:
        the planet space stays empty."""
        super().do_decline(emit, cmd)
        s = emit.state
        if s.auction is not None and all(self.bidder_problems(s, p.id, s.auction.lot) for p in s.active):
            emit.add(Noted(f"Nobody may bid for {self.edition.space(s.auction.lot.removeprefix('deed:')).name}: it "
                           "stays empty"))
            self.close_auction(emit)

    def do_bid(self, emit: Emitter, cmd: Command) -> None:
        """A bid wins at once when nobody else may still raise it: every other player has dropped out, is in Jail
        or fights for a side with no Base left."""
        super().do_bid(emit, cmd)
        s = emit.state
        assert s.auction is not None
        lot, bidder = s.auction.lot, cmd.args[0]
        if all(p.id == bidder or p.id in s.auction.passed or self.bidder_problems(s, p.id, lot) for p in s.active):
            self.close_auction(emit)

    # ------------------------------------------------------------------ rent

    def land_deed(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """The Base stock is asked before an unowned planet space is offered; a lander whose side has no Base left
        is offered it all the same (the offer says they cannot buy it: declining sends it to auction). An owner in
        Jail collects no rent."""
        s = emit.state
        owner = s.owner(space.id)
        if owner == BANK:
            if not self.in_stock(s, self.side_of(s, player)):
                emit.add(DecisionOpened("offer", player, {"space": space.id, "no_base": True}))
                return
        elif owner != player and s.player(owner).in_jail:
            emit.add(Noted(f"{self.name_of(s, owner)} is in {self.term('jail')}: no {self.term('rent')} for "
                           f"{space.name}"))
            return
        super().land_deed(emit, player, space, forced)

    def decision_text(self, d: Decision) -> str:
        if d.kind == "offer" and d.data.get("no_base"):
            return f"decline {self.edition.space(d.data['space']).name} (no {self.term('base')} left): to auction"
        return super().decision_text(d)

    def rent_withheld(self, s: GameState, owner: str, space: Space) -> str:
        """An owner in Jail collects no rent."""
        if s.player(owner).in_jail:
            return f"{self.name_of(s, owner)} is in {self.term('jail')} and collects no {self.term('rent')}"
        return super().rent_withheld(s, owner, space)

    def rent_basis(self, s: GameState, space: Space, owner: str, dice_total: int) -> Unread:
        """A planet space's one rent, doubled when the owner's side holds every planet space of that planet."""
        if space.kind != "planet":
            return super().rent_basis(s, space, owner, dice_total)
        return Unread("rent", 0, 2 if self.side_holds_planet(s, self.side_of(s, owner), space) else 1)

    def rent_owed(self, s: GameState, space: Space, owner: str, payer: str, dice_total: int) -> Unread:
        """An ally pays half the rent, rounded up."""
        basis = super().rent_owed(s, space, owner, payer, dice_total)
        if self.allies(s, owner, payer):
            half = int(self.edition.raw.get("edition", {}).get("rent", {}).get("half_to_ally_percent", 50))
            return basis._replace(percent=half)
        return basis

    def rent_words(self, basis: Unread) -> str:
        """Full from an enemy or half from an ally, and doubled on a whole planet."""
        share = "half: ally" if basis.percent < 100 else "full"
        return f"{share}, doubled: whole planet" if basis.times > 1 else share

    def side_holds_planet(self, s: GameState, side: str, space: Space) -> bool:
        """Whether one side (a player alone or allies together) holds every planet space of the space's planet.
        While the box has not said how many the planet has (nor what every space of the board is), it is asked
        once the side holds all those known."""
        members = self.group_members(space)
        owners = [s.owner(m) for m in members]
        if not all(o != BANK and self.side_of(s, o) == side for o in owners):
            return False
        group = self.edition.groups[space.group or ""]
        if self.edition.fully_known:
            return True
        if "size" in group.unknown:
            raise ValueNeeded(Need(f"group:{group.id}", ("size",), f"The {group.name} planet: how many planet "
                                                                   "spaces (hexagons) does it have?"))
        return len(members) == group.size

    # ------------------------------------------------------------------ worth

    def worth_parts(self, s: GameState, player: str) -> dict[str, int]:
        """What a player is worth in this game: their Bases on the board (money does not count)."""
        bases = len(self.bases_of(s, player))
        return {"bases": bases, "total": bases}

    def describe(self, state: GameState) -> dict[str, Any]:
        """Each side's Bases on the board and left in the bank (the bank's stock is null while the box has not
        said how many Bases of each colour it holds)."""
        board = self.side_bases(state)
        known = self.stock_read() is not None
        bases = {side: {"board": board[side], "bank": state.ledger.balance(BANK, base_unit(side)) if known else None}
                 for side in self.edition.sides}
        return {**super().describe(state), "bases": bases}

    def side_bases(self, s: GameState) -> dict[str, int]:
        """Each side's Bases on the board."""
        return {side: sum(len(self.bases_of(s, p.id)) for p in s.players if p.side == side)
                for side in self.edition.sides}

    def bases_of(self, s: GameState, player: str) -> list[Space]:
        """The planet spaces a player's Bases stand on."""
        return [d for d in self.deeds_of(s, player) if s.ledger.balance(site_account(d.id), base_unit(self.side_of(
            s, player)))]
