"""Deeds: landing on one nobody owns offers it at its printed price; landing on another player's raises the rent
they may claim (a utility's set by the dice, or by a fresh roll where the edition says so). The short and
time-limit games deal deeds before the first roll."""

from __future__ import annotations

import random
from typing import ClassVar

from companion.edition import PRINTED_FIELDS, Space, a_or_an
from companion.engine.commands import Command
from companion.engine.errors import ValueNeeded, Violation
from companion.engine.events import DecisionClosed, DecisionOpened, Noted, Posted, RentDue
from companion.engine.ledger import BANK, CREDITS, HOTEL, HOUSE, Transaction, deed_unit, site_account
from companion.engine.state import Decision, GameState, Unread
from companion.rules.core import Emitter, Grammar, Rules

V = Violation


class Deeds(Rules):
    """Buying deeds and the rent they raise."""

    verbs: ClassVar[dict[str, Grammar]] = {"buy": (("player",), "buy the deed landed on at its printed price")}
    decision_kinds: ClassVar[tuple[str, ...]] = ("offer", "utility-roll")
    landing_decisions: ClassVar[tuple[str, ...]] = ("offer", "utility-roll")
    landings: ClassVar[dict[str, str]] = {"deed": "land_deed"}
    asks: ClassVar[frozenset[str]] = frozenset(PRINTED_FIELDS)

    def check_setup(self) -> list[Violation]:
        """A game that deals deeds needs enough of them, each with its printed values."""
        problems = super().check_setup()
        e, s = self.edition, self.setup
        if self.variant and self.variant.deal_deeds * len(s.players) > len(e.deeds):
            problems.append(V("setup/deal", "There are not enough deeds to deal that many to everyone."))
        problems += self.dealt_problems()
        unread = [d.name for d in e.deeds if d.missing_printed]
        if self.variant and self.variant.deal_deeds and unread:
            problems.append(V("setup/box", f"{self.variant.name} deals {e.term('deed')}s at the start, so every "
                                           f"{e.term('deed')} must be entered in box setup first; "
                                           f"{len(unread)} still lack values ({', '.join(unread[:3])}...)."))
        return problems

    def dealt_problems(self) -> list[Violation]:
        """The deeds a player says they were dealt (``dealt``, when the table dealt the cards by hand) must be
        deeds of this board, as many as the game deals, and no deed dealt twice; only a game that deals takes
        them."""
        e, deal = self.edition, self.variant.deal_deeds if self.variant else 0
        problems: list[Violation] = []
        seen: set[str] = set()
        for p in self.setup.players:
            dealt = [d for d in p.get("dealt", "").split(",") if d]
            if not dealt:
                continue
            name = p.get("name") or p["id"]
            if not deal:
                problems.append(V("setup/dealt", f"This game deals no {e.term('deed')}s: {name} cannot be dealt "
                                                 "any."))
                continue
            if len(dealt) != deal:
                problems.append(V("setup/dealt", f"{name} is dealt {len(dealt)} {e.term('deed')}s; this game deals "
                                                 f"{deal} to each player."))
            for deed in dealt:
                if not e.has_space(deed) or not e.space(deed).is_deed:
                    problems.append(V("setup/dealt", f"'{deed}' (dealt to {name}) is not {a_or_an(e.term('deed'))} "
                                                     "on this board."))
                elif deed in seen:
                    problems.append(V("setup/dealt", f"{e.space(deed).name} is dealt twice."))
                seen.add(deed)
        return problems

    def dealing(self) -> dict[str, list[str]]:
        """Who is dealt which deeds: those the table says each player was dealt, and for the others the deeds left,
        shuffled by the game's seed and dealt round the table."""
        deal = self.variant.deal_deeds if self.variant else 0
        given = {p["id"]: [d for d in p.get("dealt", "").split(",") if d] for p in self.setup.players}
        taken = {d for deeds in given.values() for d in deeds}
        pile = [d.id for d in self.edition.deeds if d.id not in taken]
        random.Random(self.setup.seed).shuffle(pile)
        dealt = {p: deeds for p, deeds in given.items() if deeds}
        to_deal = [p["id"] for p in self.setup.players if p["id"] not in dealt]
        for round_ in range(deal):
            for i, player in enumerate(to_deal):
                dealt.setdefault(player, []).append(pile[round_ * len(to_deal) + i])
        return dealt

    def deal(self, emit: Emitter) -> None:
        """The short and time-limit games deal deeds round the table (paid for where the variant says so)."""
        super().deal(emit)
        s = emit.state
        deal = self.variant.deal_deeds if self.variant else 0
        if not deal:
            return
        dealing = self.dealing()
        for round_ in range(deal):
            for p in s.players:
                deed = self.edition.space(dealing[p.id][round_])
                parts = [Transaction.transfer("dealt", BANK, p.id, deed_unit(deed.id), 1)]
                if self.variant and self.variant.deal_paid:
                    parts.append(Transaction.transfer("dealt", p.id, BANK, CREDITS, deed.price))
                emit.add(Posted(Transaction.combine(f"{p.name} is dealt {deed.name}", parts)))

    def rent_basis(self, s: GameState, space: Space, owner: str, dice_total: int) -> Unread:
        """Which printed amount the rent on a deed is, and what it is multiplied by: the street's amount for its
        building level (the site-only rent doubled on an unimproved full group), a hideout's one rent (doubled on a
        full colour set), the count-owned ladder for vessels, and the dice times the multiplier for utilities."""
        if space.kind == "hideout":
            return Unread("rent", 0, 2 if self.owns_group(s, owner, space) else 1)
        if space.kind == "street":
            pieces = s.ledger.holdings(site_account(space.id))
            if pieces:
                if pieces.get(HOTEL):
                    return Unread("rent", self.edition.houses_before_hotel + 1)  # the deed's last amount
                if pieces.get(HOUSE):
                    return Unread("rent", pieces[HOUSE])
            return Unread("rent", 0, 2 if self.owns_group(s, owner, space) else 1)
        owned = self.owned_in_group(s, owner, space)
        if space.kind == "vessel":
            return Unread("rent", owned - 1)
        return Unread("dice_multiplier", owned - 1, dice_total)

    def read_rent(self, space: Space, basis: Unread) -> int:
        """The rent worked out from the Title Deed (the one amount it needs is asked if nobody has entered it)."""
        return basis.amount(space.amount_at(basis.row, basis.place, lambda: self.level_words(space, basis)))

    def level_words(self, space: Space, basis: Unread) -> str:
        """Which amount of the deed's row a rent reads, as the table says it: ``with 2 houses``, ``for 3 owned``."""
        if space.kind == "street":
            if basis.place == 0:
                return "for the site alone"
            if basis.place > self.edition.houses_before_hotel:
                return f"with {a_or_an(self.term('hotel'))}"
            return f"with {basis.place} {self.term('house' if basis.place == 1 else 'houses')}"
        return f"for {basis.place + 1} owned" if space.kind in ("vessel", "utility") else ""

    def rent(self, s: GameState, space: Space, owner: str, dice_total: int) -> int:
        """Rent on a deed (see :meth:`rent_basis`)."""
        return self.read_rent(space, self.rent_basis(s, space, owner, dice_total))

    def rent_owed(self, s: GameState, space: Space, owner: str, payer: str, dice_total: int) -> Unread:
        """What ``payer`` owes for stopping on ``owner``'s deed: its rent."""
        return self.rent_basis(s, space, owner, dice_total)

    def buy_price(self, s: GameState, player: str, deed: Space) -> int:
        """What ``player`` pays to buy an unowned deed: its printed price."""
        return deed.price

    def land_deed(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """An unowned deed is offered to the lander; another player's raises their rent (none on a mortgaged
        deed; twice the rent when a card sent the token to the nearest one). A utility's rent waits for a roll
        when a card sent the token there or the edition rolls afresh for it."""
        s = emit.state
        owner = s.owner(space.id)
        if owner == BANK:
            self.buy_price(s, player, space)  # the lander weighs the price now: it is asked for if not entered
            emit.add(DecisionOpened("offer", player, {"space": space.id}))
        elif owner != player and space.id not in s.mortgaged:
            if space.kind == "utility" and (forced == "nearest" or self.edition.utility_dice == "fresh"):
                emit.add(DecisionOpened("utility-roll", player, {"space": space.id, "owner": owner,
                                                                 "nearest": forced == "nearest"}))
                return
            basis = self.rent_owed(s, space, owner, player, sum(s.turn.dice))
            self.raise_rent(emit, owner, player, space, basis._replace(after=2) if forced == "nearest" else basis)

    def raise_rent(self, emit: Emitter, owner: str, payer: str, space: Space, basis: Unread) -> None:
        """The owner may now claim the rent. While the amount it reads is not entered, it is asked when the owner
        claims (the Title Deed is in hand then), and play goes on meanwhile."""
        why = self.rent_words(basis)
        try:
            amount = self.read_rent(space, basis)
        except ValueNeeded:
            emit.add(RentDue(owner, payer, space.id, 0, basis, why))
            return
        if amount:
            emit.add(RentDue(owner, payer, space.id, amount, why=why))
        else:
            emit.add(Noted(f"{self.name_of(emit.state, payer)} stays at {space.name} for free"
                           f"{self.discount_words(basis)}"))

    def discount_words(self, basis: Unread) -> str:
        """Why a rent came to nothing when a discount did it (`` (a rent discount of 30 covers it)``), else
        nothing."""
        return f" (a {self.term('rent')} discount of {self.money(basis.less)} covers it)" if basis.less else ""

    def rent_words(self, basis: Unread) -> str:
        """What a rent is, in a word or two, where the edition says more than the deed (nothing here)."""
        return ""

    def asked_roll_problems(self, s: GameState, player: str) -> list[Violation] | None:
        """A roll that sets a utility's rent needs only its dice."""
        if s.decisions and self.decision(s, player, "utility-roll"):
            return []
        return None

    def asked_roll(self, emit: Emitter, player: str, dice: tuple[int, ...]) -> bool:
        """The roll for a utility's rent: the dice times the multiplier for the deeds of that kind the owner
        holds (the highest multiplier when a card sent the token there). It is not a move."""
        s = emit.state
        fresh = self.decision(s, player, "utility-roll") if s.decisions else None
        if fresh is None:
            return False
        emit.add(DecisionClosed(fresh.id))
        emit.add(Noted(f"{self.name_of(s, player)} rolled {dice} for the {self.term('utility')}"))
        space = self.edition.space(fresh.data["space"])
        owner = fresh.data["owner"]
        group = self.edition.groups.get(space.group or "")
        top = group.size if group else len(self.group_members(space))  # a card sent it: the highest multiplier
        owned = top if fresh.data.get("nearest", True) else self.owned_in_group(s, owner, space)
        self.raise_rent(emit, owner, player, space, Unread("dice_multiplier", owned - 1, sum(dice)))
        return True

    def check_buy(self, s: GameState, cmd: Command) -> list[Violation]:
        """An unowned deed landed on may be bought at its price."""
        player = cmd.args[0]
        offer = self.decision(s, player, "offer")
        if offer is None:
            return [V("buy/no-offer", f"{self.name_of(s, player)} has not landed on {a_or_an(self.term('deed'))} to "
                                      f"{self.term('buy')}.")]
        deed = self.edition.space(offer.data["space"])
        return self.afford(s, player, self.buy_price(s, player, deed), deed.name)

    def do_buy(self, emit: Emitter, cmd: Command) -> None:
        player = cmd.args[0]
        offer = self.decision(emit.state, player, "offer")
        assert offer is not None
        deed = self.edition.space(offer.data["space"])
        emit.add(DecisionClosed(offer.id))
        emit.add(Posted(self.sold(emit.state, f"{self.name_of(emit.state, player)} {self.term('buys')} {deed.name}",
                                  player, deed, self.buy_price(emit.state, player, deed))))

    def decision_text(self, d: Decision) -> str:
        if d.kind == "offer":
            return f"{self.term('buy')} or decline {self.edition.space(d.data['space']).name}"
        if d.kind == "utility-roll":
            return f"roll the dice for the {self.term('utility')} {self.edition.space(d.data['space']).name}"
        return super().decision_text(d)
