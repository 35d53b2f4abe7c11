"""The classic Monopoly rules, as the Original Trilogy rule book states them.

Edition data gives every number and word; this module holds only the mechanics. Each ``check_<verb>`` states
the rule it enforces in its docstring and returns every violation; each ``do_<verb>`` emits the events.
"""

from __future__ import annotations

import random
from typing import Any

from companion.edition import PRINTED_FIELDS, Edition, Space, a_or_an, capital
from companion.engine.commands import Command
from companion.engine.errors import ValueNeeded, Violation
from companion.engine.events import (
    AuctionClosed,
    AuctionOpened,
    BidPlaced,
    DebtClosed,
    DebtOpened,
    DecisionClosed,
    DecisionOpened,
    DiceRolled,
    GameEnded,
    JailCardMoved,
    JailChanged,
    MortgageChanged,
    Noted,
    PlayerRetired,
    Posted,
    RentClosed,
    RentDue,
    TokenMoved,
    TradeClosed,
    TradeProposed,
    TurnPassed,
)
from companion.engine.ledger import (
    BANK,
    CREDITS,
    HOTEL,
    HOUSE,
    Ledger,
    Posting,
    Transaction,
    deed_unit,
    site_account,
)
from companion.engine.state import Decision, GameState, Player, Setup
from companion.rulesets.assets import Assets, parse_assets
from companion.rulesets.base import Bankruptcy, Emitter, Ruleset

V = Violation

# What a landing opens and a correction withdraws (a mortgage to settle or a piece to place stays open).
LANDING_DECISIONS = ("offer", "card", "tax", "utility-roll")


def ceil_percent(amount: int, percent: int) -> int:
    """``percent`` % of ``amount``, rounded up to a whole credit (the table cannot pay half a credit)."""
    return -(-amount * percent // 100)


class ClassicRules(Ruleset):
    """Classic rules: buying, auctions, rent claims, building, mortgages, trades, jail and bankruptcy."""

    name = "classic"
    asked_during_play = frozenset({*PRINTED_FIELDS, "cards"})

    def __init__(self, edition: Edition, setup: Setup) -> None:
        super().__init__(edition, setup)
        variant = edition.variants.get(setup.variant)
        self.variant = variant
        self.houses_before_hotel = (variant and variant.houses_before_hotel) or edition.houses_before_hotel
        self.jail_max_turns = (variant and variant.jail_max_turns) or edition.jail_max_turns
        self.fine_turns = min(edition.fine_before_roll_turns, self.jail_max_turns)
        self.board_size = len(edition.spaces)
        self.jail_position = edition.first("jail").position
        self.term = edition.term
        self.money = edition.money

    # ------------------------------------------------------------------ set-up

    def new_state(self) -> GameState:
        """The box unpacked: the bank holds every deed and the whole building stock."""
        players, ledger = self.unpacked()
        return GameState(players=players, ledger=ledger)

    def unpacked(self) -> tuple[list[Player], Ledger]:
        """The players as they sat down, and a ledger where the bank holds every deed and the building stock
        (an edition without buildings has none)."""
        ledger = Ledger()
        for deed in self.edition.deeds:
            ledger.open(BANK, deed_unit(deed.id), 1)
        if self.edition.houses or self.edition.hotels:
            ledger.open(BANK, HOUSE, self.edition.houses)
            ledger.open(BANK, HOTEL, self.edition.hotels)
        players = [Player(p["id"], p.get("name", p["id"]), p.get("token", ""), p.get("side", ""))
                   for p in self.setup.players]
        return players, ledger

    def check_setup(self) -> list[Violation]:
        """Player count within the edition's range, unique ids and tokens, a known variant and sides."""
        e, s = self.edition, self.setup
        problems: list[Violation] = []
        if s.edition != e.id:
            problems.append(V("setup/edition", f"The set-up names edition '{s.edition}', not '{e.id}'."))
        if self.variant is None:
            problems.append(V("setup/variant", f"'{s.variant}' is not a way to play this edition; choose one "
                                               f"of: {', '.join(e.variants)}."))
        if not e.min_players <= len(s.players) <= e.max_players:
            problems.append(V("setup/players", f"This edition is for {e.min_players} to {e.max_players} "
                                               f"players, not {len(s.players)}."))
        ids = [p.get("id", "") for p in s.players]
        for pid in ids:
            if not pid or not pid.replace("-", "").replace("_", "").isalnum() or pid == BANK:
                problems.append(V("setup/player-id", f"'{pid}' cannot be a player id: use letters, digits "
                                                     "and dashes, and not 'bank'."))
        if len(set(ids)) != len(ids):
            problems.append(V("setup/player-id", "Two players have the same id."))
        tokens = [p.get("token") for p in s.players if p.get("token")]
        if len(set(tokens)) != len(tokens):
            problems.append(V("setup/token", "Two players chose the same token."))
        for p in s.players:
            token = p.get("token")
            if token and token not in e.tokens:
                problems.append(V("setup/token", f"'{token}' is not one of this edition's tokens: "
                                                 f"{', '.join(e.tokens)}."))
            elif token and p.get("side") and e.tokens[token].get("side") != p.get("side"):
                problems.append(V("setup/side", f"{e.tokens[token]['name']} fights for the "
                                                f"{e.tokens[token]['side']} side, not {p.get('side')}."))
        if self.variant and self.variant.deal_deeds * len(s.players) > len(e.deeds):
            problems.append(V("setup/deal", "There are not enough deeds to deal that many to everyone."))
        unread = [d.name for d in e.deeds if d.missing_printed]
        if self.variant and self.variant.deal_deeds and unread:
            problems.append(V("setup/box", f"{self.variant.name} deals {e.term('deed')}s at the start, so every "
                                           f"{e.term('deed')} must be entered in box setup first; "
                                           f"{len(unread)} still lack values ({', '.join(unread[:3])}...)."))
        return problems

    def start(self, emit: Emitter) -> None:
        """Starting credits for everyone, dealt deeds in the short and time-limit games, dice to the first."""
        s = emit.state
        for p in s.players:
            emit(Posted(Transaction.transfer("starting credits", BANK, p.id, CREDITS, self.edition.starting_cash)))
        deal = self.variant.deal_deeds if self.variant else 0
        if deal:
            deeds = [d.id for d in self.edition.deeds]
            random.Random(self.setup.seed).shuffle(deeds)
            for round_ in range(deal):
                for i, p in enumerate(s.players):
                    deed = self.edition.space(deeds[round_ * len(s.players) + i])
                    parts = [Transaction.transfer("dealt", BANK, p.id, deed_unit(deed.id), 1)]
                    if self.variant and self.variant.deal_paid:
                        parts.append(Transaction.transfer("dealt", p.id, BANK, CREDITS, deed.price))
                    emit(Posted(Transaction.combine(f"{p.name} is dealt {deed.name}", parts)))
        emit(TurnPassed(s.players[0].id, 1))

    # ------------------------------------------------------------------ queries

    def space_at(self, position: int) -> Space:
        """The space at a board position."""
        return self.edition.spaces[position % self.board_size]

    def level(self, s: GameState, space_id: str) -> int:
        """Buildings on a deed as one number: houses, or houses-before-hotel + 1 for a hotel."""
        return self.houses_before_hotel + 1 if s.hotels(space_id) else s.houses(space_id)

    def group_members(self, space: Space) -> tuple[str, ...]:
        """The deeds of a space's group."""
        return self.edition.groups[space.group].members if space.group else ()

    def owns_group(self, s: GameState, player: str, space: Space) -> bool:
        """Whether one player holds every deed of the space's group."""
        return all(s.owner(m) == player for m in self.group_members(space))

    def _group_name(self, space: Space) -> str:
        """``Hoth colour group``: the group of a deed as the players say it."""
        return f"{self.edition.groups[space.group or ''].name} {self.term('group')}"

    def owned_in_group(self, s: GameState, owner: str, space: Space) -> int:
        """How many deeds of the space's group one player holds (mortgaged ones count)."""
        return sum(1 for m in self.group_members(space) if s.owner(m) == owner)

    def group_buildings(self, s: GameState, space: Space) -> int:
        """How many pieces stand on the whole group."""
        return sum(s.houses(m) + s.hotels(m) for m in self.group_members(space))

    def deeds_of(self, s: GameState, player: str) -> list[Space]:
        """A player's deeds in board order."""
        return [d for d in self.edition.deeds if s.owner(d.id) == player]

    def building_value(self, s: GameState, space: Space) -> int:
        """What the pieces on a deed cost to buy (a hotel counts with the houses it replaced)."""
        hotels = s.hotels(space.id)
        return ((s.houses(space.id) + hotels * self.houses_before_hotel) * space.build_cost
                + hotels * space.hotel_cost)

    def piece_cost(self, deed: Space, kind: str) -> int:
        """What one piece of ``kind`` (house or hotel) costs on a deed."""
        return deed.hotel_cost if kind == HOTEL else deed.build_cost

    def sellback(self, amount: int) -> int:
        """What the bank pays back for buildings that cost ``amount``."""
        return amount * self.edition.building_sellback_percent // 100

    def interest(self, space: Space) -> int:
        """The interest due on a deed's mortgage."""
        return ceil_percent(space.mortgage, self.edition.mortgage_interest_percent)

    def lift_cost(self, space: Space) -> int:
        """What lifting a deed's mortgage costs: the mortgage value plus the interest."""
        return space.mortgage + self.interest(space)

    def docking_worth(self, s: GameState, player: str) -> int:
        """Docking Tax worth: cash, the printed price of every deed (mortgaged or not), and buildings at cost."""
        return s.cash(player) + sum(d.price + self.building_value(s, d) for d in self.deeds_of(s, player))

    def worth_parts(self, s: GameState, player: str) -> dict[str, int]:
        """End-of-game worth part by part: ``cash``; ``deeds`` at their printed prices (unmortgaged ones);
        ``mortgaged`` deeds at half their printed price, each rounded down to a whole credit; ``buildings`` at
        what they cost (a hotel with the houses it replaced); and their sum, ``total``."""
        deeds = self.deeds_of(s, player)
        parts = {
            "cash": s.cash(player),
            "deeds": sum(d.price for d in deeds if d.id not in s.mortgaged),
            "mortgaged": sum(d.price // 2 for d in deeds if d.id in s.mortgaged),
            "buildings": sum(self.building_value(s, d) for d in deeds),
        }
        return {**parts, "total": sum(parts.values())}

    def final_worth(self, s: GameState, player: str) -> int:
        """End-of-game worth: cash, printed prices (half for a mortgaged deed), buildings at purchase value."""
        return self.worth_parts(s, player)["total"]

    def raisable(self, s: GameState, player: str) -> int:
        """Cash plus all that selling every building and mortgaging every deed would bring."""
        total = s.cash(player)
        for d in self.deeds_of(s, player):
            total += self.sellback(self.building_value(s, d))
            if d.id not in s.mortgaged:
                total += d.mortgage
        return total

    def rent(self, s: GameState, space: Space, owner: str, dice_total: int) -> int:
        """Rent on a deed: the deed's table for streets (doubled on an unimproved full group), a hideout's one rent
        (doubled on a full colour set), the count-owned ladder for vessels, and the dice times the multiplier for
        utilities."""
        if space.kind == "hideout":
            return space.rent[0] * (2 if self.owns_group(s, owner, space) else 1)
        if space.kind == "street":
            if s.hotels(space.id):
                return space.rent[5]
            if s.houses(space.id):
                return space.rent[s.houses(space.id)]
            return space.rent[0] * (2 if self.owns_group(s, owner, space) else 1)
        owned = self.owned_in_group(s, owner, space)
        if space.kind == "vessel":
            return space.rent[owned - 1]
        return space.dice_multiplier[owned - 1] * dice_total

    # ------------------------------------------------------------------ shared guards

    def _turn_guard(self, s: GameState, player: str) -> list[Violation]:
        if s.turn.player != player:
            return [V("turn/not-your-turn", f"It is {self.name_of(s, s.turn.player)}'s turn, not "
                                            f"{self.name_of(s, player)}'s.")]
        return []

    def _blockers(self, s: GameState) -> list[Violation]:
        """What must be settled before anyone rolls: open decisions, an auction, unpaid debts."""
        problems = [V("turn/decision-open", f"{self.name_of(s, d.player)} must first {self._decision_text(d)}.")
                    for d in s.decisions]
        if s.auction:
            problems.append(V("turn/auction-open", f"The auction of {self._lot_name(s.auction.lot)} is still "
                                                   "open."))
        problems += [V("turn/debt-open", f"{self.name_of(s, d.debtor)} still owes {self.money(d.amount)} "
                                         f"({d.reason}): pay it or {self.term('declare_bankruptcy')} first.")
                     for d in s.debts]
        return problems

    def _decision(self, s: GameState, player: str, kind: str, **match: Any) -> Decision | None:
        return next((d for d in s.decisions if d.player == player and d.kind == kind
                     and all(d.data.get(k) == v for k, v in match.items())), None)

    def _need_decision(self, s: GameState, player: str, kind: str, what: str, **match: Any) -> list[Violation]:
        if self._decision(s, player, kind, **match) is None:
            return [V(f"decision/no-{kind}", f"{self.name_of(s, player)} has nothing to {what} right now.")]
        return []

    def _deed(self, space_id: str) -> Space | None:
        if self.edition.has_space(space_id) and self.edition.space(space_id).is_deed:
            return self.edition.space(space_id)
        return None

    def _own_deed(self, s: GameState, player: str, space_id: str) -> tuple[Space | None, list[Violation]]:
        deed = self._deed(space_id)
        if deed is None:
            return None, [V("deed/unknown", f"'{space_id}' is not {a_or_an(self.term('deed'))} on this board.")]
        if s.owner(deed.id) != player:
            return deed, [V("deed/not-owner", f"{self.name_of(s, player)} does not own {deed.name}.")]
        return deed, []

    def _afford(self, s: GameState, player: str, amount: int, what: str) -> list[Violation]:
        if s.cash(player) < amount:
            return [V("money/too-few-credits", f"{what} costs {self.money(amount)}, but "
                                               f"{self.name_of(s, player)} has only {self.money(s.cash(player))}.")]
        return []

    # ------------------------------------------------------------------ money helpers

    def _charge(self, emit: Emitter, payer: str, payee: str, amount: int, reason: str) -> None:
        """Take a payment the rules demand: paid at once when the cash is there, else a debt that blocks play."""
        if amount <= 0:
            return
        if emit.state.cash(payer) >= amount:
            emit(Posted(Transaction.transfer(reason, payer, payee, CREDITS, amount)))
        else:
            emit(DebtOpened(payer, payee, amount, reason))

    def _collect_go(self, emit: Emitter, player: str) -> None:
        emit(Posted(Transaction.transfer("salary for passing GO", BANK, player, CREDITS,
                                         self.edition.go_salary)))

    # ------------------------------------------------------------------ moving and landing

    def _advance(self, emit: Emitter, player: str, steps: int, how: str) -> None:
        """Move forward; the GO salary is paid when the token passes or lands on GO."""
        p = emit.state.player(player)
        target = p.position + steps
        if target >= self.board_size:
            self._collect_go(emit, player)
        emit(TokenMoved(player, target % self.board_size, how))

    def _advance_to(self, emit: Emitter, player: str, position: int, how: str) -> None:
        p = emit.state.player(player)
        self._advance(emit, player, (position - p.position) % self.board_size or self.board_size, how)

    def _to_jail(self, emit: Emitter, player: str) -> None:
        """Straight to jail: no GO salary, and the turn ends (no roll for doubles)."""
        emit(TokenMoved(player, self.jail_position, "jail"))
        emit(JailChanged(player, True, 0))

    def _land(self, emit: Emitter, player: str, forced: str = "") -> None:
        """Resolve the space the token stands on. ``forced``: a card sent it (vessel double, utility 10x)."""
        s = emit.state
        space = self.space_at(s.player(player).position)
        space.need_printed()
        if space.is_deed:
            owner = s.owner(space.id)
            if owner == BANK:
                emit(DecisionOpened("offer", player, {"space": space.id}))
            elif owner != player and space.id not in s.mortgaged:
                if space.kind == "utility" and (forced == "nearest" or self.edition.utility_dice == "fresh"):
                    emit(DecisionOpened("utility-roll", player, {"space": space.id, "owner": owner,
                                                                 "nearest": forced == "nearest"}))
                    return
                amount = self.rent(s, space, owner, sum(s.turn.dice))
                emit(RentDue(owner, player, space.id, amount * (2 if forced == "nearest" else 1)))
        elif space.kind == "card":
            emit(DecisionOpened("card", player, {"deck": space.deck}))
        elif space.kind == "tax":
            if space.tax == "docking":
                if self.variant and self.variant.docking_tax_flat_only:
                    self._charge(emit, player, BANK, self.edition.docking_flat, space.name)
                else:
                    emit(DecisionOpened("tax", player, {"space": space.id}))
            else:
                self._charge(emit, player, BANK, space.amount, space.name)
        elif space.kind == "go-to-jail":
            self._to_jail(emit, player)

    # ------------------------------------------------------------------ roll

    def check_roll(self, s: GameState, cmd: Command) -> list[Violation]:
        """Dice: one value per die of the edition's move roll (two dice, 1 to 6), each a value that die shows.
        The player whose turn it is rolls once, again after doubles, never while a decision, auction or debt is
        open. A card, or an edition whose utilities are paid by a fresh roll, may ask for one (it settles the
        utility's rent and is not a move)."""
        player = cmd.args[0]
        problems = self._dice_problems(s, cmd)
        if self._decision(s, player, "utility-roll"):
            return problems
        problems += self._turn_guard(s, player)
        if s.turn.player == player and s.turn.rolled and not s.turn.roll_again:
            problems.append(V("turn/already-rolled", f"{self.name_of(s, player)} has already rolled this turn."))
        return problems + self._blockers(s)

    def _dice_problems(self, s: GameState, cmd: Command) -> list[Violation]:
        """One value per die of the roll wanted now (see :meth:`roll_kind`), each a value that die shows."""
        need = self.edition.dice.need(self.roll_kind(s, cmd.args[0]))
        try:
            dice = cmd.ints(1)
        except ValueError:
            return [V("dice/invalid", f"{need.name} is {need.describe()}, given as whole numbers.")]
        return [V("dice/invalid", p) for p in need.problems(dice)]

    def do_roll(self, emit: Emitter, cmd: Command) -> None:
        s, player, dice = emit.state, cmd.args[0], tuple(cmd.ints(1))
        fresh = self._decision(s, player, "utility-roll")
        if fresh:
            emit(DecisionClosed(fresh.id))
            emit(Noted(f"{self.name_of(s, player)} rolled {dice} for the {self.term('utility')}"))
            space = self.edition.space(fresh.data["space"])
            owner = fresh.data["owner"]
            times = (space.dice_multiplier[-1] if fresh.data.get("nearest", True)
                     else space.dice_multiplier[self.owned_in_group(s, owner, space) - 1])
            emit(RentDue(owner, player, space.id, times * sum(dice)))
            return
        self._lapse_claims(emit, "roll")
        p = s.player(player)
        double = len(set(dice)) == 1
        if p.in_jail:
            self._roll_in_jail(emit, p, dice, double)
            return
        in_row = s.turn.doubles + 1 if double else 0
        if in_row >= 3:
            emit(DiceRolled(player, dice, in_row, False))
            emit(Noted(f"{p.name} rolled doubles three times in a row"))
            self._to_jail(emit, player)
            return
        emit(DiceRolled(player, dice, in_row, double))
        self._advance(emit, player, sum(dice), "dice")
        self._land(emit, player)

    def _roll_in_jail(self, emit: Emitter, p: Player, dice: tuple[int, ...], double: bool) -> None:
        """Doubles free the player (move, no extra roll); the last allowed failure costs the fine, then move."""
        emit(DiceRolled(p.id, dice, 0, False))
        if double:
            emit(JailChanged(p.id, False, 0))
        elif p.jail_turns + 1 >= self.jail_max_turns:
            emit(JailChanged(p.id, False, 0))
            self._charge(emit, p.id, BANK, self.edition.jail_fine, f"{self.term('jail')} fine")
        else:
            emit(JailChanged(p.id, True, p.jail_turns + 1))
            return
        self._advance(emit, p.id, sum(dice), "dice")
        self._land(emit, p.id)

    def check_end(self, s: GameState, cmd: Command) -> list[Violation]:
        """A turn ends after the roll(s) are done and the player's own decisions and debts are settled."""
        player = cmd.args[0]
        problems = self._turn_guard(s, player)
        if problems:
            return problems
        if not s.turn.rolled:
            problems.append(V("turn/not-rolled", f"{self.name_of(s, player)} has not rolled yet."))
        elif s.turn.roll_again:
            problems.append(V("turn/roll-again", f"{self.name_of(s, player)} rolled doubles and rolls again."))
        problems += [V("turn/decision-open", f"{self.name_of(s, player)} must first {self._decision_text(d)}.")
                     for d in s.decisions_for(player)]
        if s.auction:
            problems.append(V("turn/auction-open", "Finish the auction first."))
        problems += [V("turn/debt-open", f"{self.name_of(s, player)} still owes {self.money(d.amount)}.")
                     for d in s.debts_of(player)]
        return problems

    def do_end(self, emit: Emitter, cmd: Command) -> None:
        self._pass_turn(emit, cmd.args[0])

    def _pass_turn(self, emit: Emitter, current: str) -> None:
        s = emit.state
        order = [p.id for p in s.players]
        i = order.index(current)
        for step in range(1, len(order) + 1):
            nxt = s.players[(i + step) % len(order)]
            if not nxt.retired:
                emit(TurnPassed(nxt.id, s.turn.number + 1))
                self._lapse_claims(emit, "turn")
                return

    def _lapse_claims(self, emit: Emitter, moment: str) -> None:
        """Rent the owner has not asked for in time is not owed. The edition says when the time runs out
        (``[rent] claim_lapses_at``): at the first roll (``roll``) or as soon as the turn passes (``turn``) of the
        ``claim_turns``-th turn after the one it was raised in. Games saved before the setting existed keep the
        first-roll reading, which their stored edition data implies."""
        s = emit.state
        if moment != self.edition.rent_claim_lapses_at:
            return
        for claim in list(s.rent_claims):
            if s.turn.number >= claim.turn + self.edition.rent_claim_turns:
                emit(RentClosed(claim.id, "lapsed"))

    # ------------------------------------------------------------------ jail

    def check_fine(self, s: GameState, cmd: Command) -> list[Violation]:
        """The jail fine may be paid before rolling, on the first turns in jail the edition allows."""
        player = cmd.args[0]
        problems = self._jail_exit_guard(s, player)
        if not problems and s.player(player).jail_turns >= self.fine_turns:
            problems.append(V("jail/fine-too-late", "The fine can be paid before rolling only on the first "
                                                    f"{self.fine_turns} turn(s) in {self.term('jail')}; roll now."))
        return problems + self._afford(s, player, self.edition.jail_fine, f"The {self.term('jail')} fine")

    def do_fine(self, emit: Emitter, cmd: Command) -> None:
        player = cmd.args[0]
        emit(Posted(Transaction.transfer(f"{self.term('jail')} fine", player, BANK, CREDITS,
                                         self.edition.jail_fine)))
        emit(JailChanged(player, False, 0))

    def check_jail_card(self, s: GameState, cmd: Command) -> list[Violation]:
        """A Get Out of Jail Free card frees its holder before the roll; it goes back under its deck."""
        player = cmd.args[0]
        problems = self._jail_exit_guard(s, player)
        if not s.player(player).jail_cards:
            problems.append(V("jail/no-card", f"{self.name_of(s, player)} holds no "
                                              f"{self.term('get_out_of_jail')} card."))
        return problems

    def do_jail_card(self, emit: Emitter, cmd: Command) -> None:
        player = cmd.args[0]
        emit(JailCardMoved(emit.state.player(player).jail_cards[0], player, ""))
        emit(JailChanged(player, False, 0))

    def _jail_exit_guard(self, s: GameState, player: str) -> list[Violation]:
        if not s.player(player).in_jail:
            return [V("jail/not-in-jail", f"{self.name_of(s, player)} is not in {self.term('jail')}.")]
        problems = self._turn_guard(s, player)
        if not problems and s.turn.rolled:
            problems.append(V("jail/after-roll", "That has to be done before rolling."))
        return problems

    # ------------------------------------------------------------------ buying and auctions

    def check_buy(self, s: GameState, cmd: Command) -> list[Violation]:
        """An unowned deed landed on may be bought at its printed price."""
        player = cmd.args[0]
        offer = self._decision(s, player, "offer")
        if offer is None:
            return [V("buy/no-offer", f"{self.name_of(s, player)} has not landed on {a_or_an(self.term('deed'))} for "
                                      "sale.")]
        deed = self.edition.space(offer.data["space"])
        return self._afford(s, player, self.buy_price(s, player, deed), deed.name)

    def buy_price(self, s: GameState, player: str, deed: Space) -> int:
        """What ``player`` pays to buy an unowned deed: its printed price."""
        return deed.price

    def do_buy(self, emit: Emitter, cmd: Command) -> None:
        player = cmd.args[0]
        offer = self._decision(emit.state, player, "offer")
        assert offer is not None
        deed = self.edition.space(offer.data["space"])
        emit(DecisionClosed(offer.id))
        emit(Posted(self._sale(f"{self.name_of(emit.state, player)} {self.term('buys')} {deed.name}", player, deed,
                               self.buy_price(emit.state, player, deed))))

    @staticmethod
    def _sale(reason: str, buyer: str, deed: Space, price: int) -> Transaction:
        return Transaction.combine(reason, [Transaction.transfer(reason, buyer, BANK, CREDITS, price),
                                            Transaction.transfer(reason, BANK, buyer, deed_unit(deed.id), 1)])

    def check_decline(self, s: GameState, cmd: Command) -> list[Violation]:
        """Declining a deed puts it up for auction."""
        return self._need_decision(s, cmd.args[0], "offer", "decline")

    def do_decline(self, emit: Emitter, cmd: Command) -> None:
        offer = self._decision(emit.state, cmd.args[0], "offer")
        assert offer is not None
        emit(DecisionClosed(offer.id))
        emit(AuctionOpened(deed_unit(offer.data["space"])))

    def check_piece_auction(self, s: GameState, cmd: Command) -> list[Violation]:
        """When several players want more pieces than the bank has left, the pieces go to auction one by one.
        Who wants one is the table's to say; the app allows the auction only while the stock is short: at least
        two players could place such a piece now, on more deeds than there are pieces left (see
        :meth:`short_pieces`)."""
        kind = cmd.args[0]
        if kind not in (HOUSE, HOTEL):
            return [V("auction/piece-kind", f"Auction either {a_or_an(self.term('house'))} or "
                                            f"{a_or_an(self.term('hotel'))}.")]
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
        emit(AuctionOpened(cmd.args[0]))

    def check_bid(self, s: GameState, cmd: Command) -> list[Violation]:
        """Any player still in may bid, in any order: at least the edition's opening bid, then at least its
        smallest raise over the highest bid; nobody bids more than they hold."""
        player, amount = cmd.args[0], int(cmd.args[1])
        a = s.auction
        if a is None:
            return [V("auction/none", "No auction is open.")]
        problems = []
        if player in a.passed:
            problems.append(V("auction/passed", f"{self.name_of(s, player)} has already dropped out."))
        least = self.least_bid(s)
        if amount < least:
            problems.append(V("auction/too-low", f"A bid must be at least {self.money(least)}" + (
                f": the highest bid, {self.money(a.high[1])}, plus {self.edition.min_raise} or more."
                if a.high else " (the opening bid).")))
        if amount > s.cash(player):
            problems.append(V("auction/over-cash", f"{self.name_of(s, player)} has only "
                                                   f"{self.money(s.cash(player))} to bid with."))
        if a.lot in (HOUSE, HOTEL) and not self._can_place(s, player, a.lot):
            problems.append(V("auction/no-place", f"{self.name_of(s, player)} has nowhere to put a "
                                                  f"{self.term(a.lot)}."))
        return problems

    def least_bid(self, s: GameState) -> int:
        """The smallest bid the open auction takes now: the opening bid, or the highest bid plus the smallest
        raise."""
        assert s.auction is not None
        return s.auction.high[1] + self.edition.min_raise if s.auction.high else self.edition.opening_bid

    def do_bid(self, emit: Emitter, cmd: Command) -> None:
        emit(BidPlaced(cmd.args[0], int(cmd.args[1])))

    def check_pass(self, s: GameState, cmd: Command) -> list[Violation]:
        """A player may drop out of an auction, unless they hold the highest bid."""
        player = cmd.args[0]
        a = s.auction
        if a is None:
            return [V("auction/none", "No auction is open.")]
        if player in a.passed:
            return [V("auction/passed", f"{self.name_of(s, player)} has already dropped out.")]
        if a.high and a.high[0] == player:
            return [V("auction/high-bidder", f"{self.name_of(s, player)} holds the highest bid.")]
        return []

    def do_pass(self, emit: Emitter, cmd: Command) -> None:
        emit(BidPlaced(cmd.args[0], 0))
        s = emit.state
        assert s.auction is not None
        high = s.auction.high[0] if s.auction.high else None
        if all(p.id in s.auction.passed or p.id == high for p in s.active):
            self._close_auction(emit)

    def check_close(self, s: GameState, cmd: Command) -> list[Violation]:
        """The Banker closes the auction when nobody raises: the highest bid wins; with no bid the lot stays."""
        return [] if s.auction else [V("auction/none", "No auction is open.")]

    def do_close(self, emit: Emitter, cmd: Command) -> None:
        self._close_auction(emit)

    def _close_auction(self, emit: Emitter) -> None:
        s = emit.state
        a = s.auction
        assert a is not None
        winner, amount = a.high if a.high else ("", 0)
        emit(AuctionClosed(a.lot, winner, amount))
        # The winner may have spent credits since bidding (built, traded, paid a debt): a bid no
        # longer covered becomes a debt to the bank, like any payment the rules demand (_charge).
        if winner and a.lot.startswith("deed:"):
            deed = self.edition.space(a.lot.removeprefix("deed:"))
            reason = f"{self.name_of(s, winner)} wins {deed.name} at auction"
            if s.cash(winner) >= amount:
                emit(Posted(self._sale(reason, winner, deed, amount)))
            else:
                emit(Posted(Transaction.transfer(reason, BANK, winner, deed_unit(deed.id), 1)))
                self._charge(emit, winner, BANK, amount, reason)
        elif winner:
            self._charge(emit, winner, BANK, amount, f"{self.term(a.lot)} won at auction")
            emit(DecisionOpened("place", winner, {"piece": a.lot}))
        if s.auction_queue:
            emit(AuctionOpened(s.auction_queue[0], tuple(s.auction_queue[1:])))

    def _lot_name(self, lot: str) -> str:
        return self.edition.space(lot.removeprefix("deed:")).name if lot.startswith("deed:") else self.term(lot)

    # ------------------------------------------------------------------ rent

    def check_claim(self, s: GameState, cmd: Command) -> list[Violation]:
        """The owner must ask for rent before the edition's deadline: before the next player rolls, or the
        second player after the lander (``[rent] claim_turns`` 1 or 2); then it lapses."""
        owner, payer = cmd.args
        if not any(c.owner == owner and c.payer == payer for c in s.rent_claims):
            return [V("rent/no-claim", f"{self.name_of(s, payer)} owes {self.name_of(s, owner)} no "
                                       f"{self.term('rent')} right now (or the time to ask has passed).")]
        return []

    def do_claim(self, emit: Emitter, cmd: Command) -> None:
        owner, payer = cmd.args
        claim = next(c for c in emit.state.rent_claims if c.owner == owner and c.payer == payer)
        emit(RentClosed(claim.id, "claimed"))
        space = self.edition.space(claim.space)
        self._charge(emit, payer, owner, claim.amount, f"{self.term('rent')} for {space.name}")

    # ------------------------------------------------------------------ taxes and cards

    def check_tax(self, s: GameState, cmd: Command) -> list[Violation]:
        """Docking Tax: choose the flat amount or a share of total worth, before the worth is added up."""
        player, choice = cmd.args
        problems = self._need_decision(s, player, "tax", "choose a tax for")
        if choice not in ("flat", "worth"):
            problems.append(V("tax/choice", "Choose 'flat' or 'worth'."))
        return problems

    def do_tax(self, emit: Emitter, cmd: Command) -> None:
        s, (player, choice) = emit.state, cmd.args
        decision = self._decision(s, player, "tax")
        assert decision is not None
        space = self.edition.space(decision.data["space"])
        emit(DecisionClosed(decision.id))
        if choice == "flat":
            amount = self.edition.docking_flat
        else:
            worth = self.docking_worth(s, player)
            amount = ceil_percent(worth, self.edition.docking_worth_percent)
            emit(Noted(f"{self.name_of(s, player)} is worth {self.money(worth)}"))
        self._charge(emit, player, BANK, amount, space.name)

    def check_card(self, s: GameState, cmd: Command) -> list[Violation]:
        """The card drawn is named from the deck's list; a Get Out of Jail Free card someone holds is not in it."""
        player, card_id = cmd.args
        decision = self._decision(s, player, "card")
        if decision is None:
            return [V("card/no-draw", f"{self.name_of(s, player)} has no card to draw.")]
        deck = self.edition.decks[decision.data["deck"]]
        card = deck.card(card_id)
        if card is None and deck.missing > 0:
            raise ValueNeeded(deck.need())
        if card is None:
            return [V("card/unknown", f"The {deck.name} deck has no card '{card_id}'; it has: "
                                      f"{', '.join(c.id for c in deck.cards)}.")]
        if card.effect == "jail-free" and any(deck.id in p.jail_cards for p in s.players):
            return [V("card/held", f"The {deck.name} {self.term('get_out_of_jail')} card is held by a player, "
                                   "so it cannot be drawn.")]
        return []

    def do_card(self, emit: Emitter, cmd: Command) -> None:
        s, (player, card_id) = emit.state, cmd.args
        decision = self._decision(s, player, "card")
        assert decision is not None
        deck = self.edition.decks[decision.data["deck"]]
        card = deck.card(card_id)
        assert card is not None
        emit(DecisionClosed(decision.id))
        emit(Noted(f"{self.name_of(s, player)} draws {deck.name}: {card.title}"))
        self._card_effect(emit, player, deck.id, card.effect, card.params)

    def _card_effect(self, emit: Emitter, player: str, deck: str, effect: str, params: dict[str, Any]) -> None:
        s = emit.state
        others = [p.id for p in s.active if p.id != player]
        if effect == "advance":
            self._advance_to(emit, player, self.edition.space(params["target"]).position, "card")
            self._land(emit, player)
        elif effect == "back":
            pos = (s.player(player).position - int(params["spaces"])) % self.board_size
            emit(TokenMoved(player, pos, "back"))
            self._land(emit, player)
        elif effect == "nearest":
            here = s.player(player).position
            target = next(self.space_at(here + i) for i in range(1, self.board_size + 1)
                          if self.space_at(here + i).kind == params["kind"])
            self._advance_to(emit, player, target.position, "card")
            self._land(emit, player, forced="nearest")
        elif effect == "go-to-jail":
            self._to_jail(emit, player)
        elif effect == "jail-free":
            emit(JailCardMoved(deck, "", player))
        elif effect == "collect":
            emit(Posted(Transaction.transfer("card", BANK, player, CREDITS, int(params["amount"]))))
        elif effect == "pay":
            self._charge(emit, player, BANK, int(params["amount"]), "card")
        elif effect == "repairs":
            deeds = self.deeds_of(s, player)
            amount = (sum(s.houses(d.id) for d in deeds) * int(params["per_house"])
                      + sum(s.hotels(d.id) for d in deeds) * int(params["per_hotel"]))
            self._charge(emit, player, BANK, amount, "repairs card")
        elif effect == "pay-each-player":
            for other in others:
                self._charge(emit, player, other, int(params["amount"]), "card")
        elif effect == "collect-from-each-player":
            for other in others:
                self._charge(emit, other, player, int(params["amount"]), "card")

    # ------------------------------------------------------------------ building

    def _build_problems(self, s: GameState, player: str, deed: Space, ignore_stock: bool = False) -> list[V]:
        """Build on a full group with no deed mortgaged, evenly, up to the hotel, while the bank has stock."""
        problems: list[Violation] = []
        if deed.kind != "street":
            return [V("build/not-street", f"Nothing can be built on {deed.name}.")]
        if not self.owns_group(s, player, deed):
            problems.append(V("build/group-incomplete", f"{self.name_of(s, player)} must own the whole "
                                                        f"{self._group_name(deed)} first."))
        if any(m in s.mortgaged for m in self.group_members(deed)):
            problems.append(V("build/group-mortgaged", f"{capital(a_or_an(self.term('deed')))} of the "
                                                       f"{self._group_name(deed)} is "
                                                       f"{self.term('mortgaged')}: {self.term('unmortgage')} it "
                                                       f"before adding {self.term('buildings')}."))
        levels = [self.level(s, m) for m in self.group_members(deed)]
        level = self.level(s, deed.id)
        if level > self.houses_before_hotel:
            problems.append(V("build/full", f"{deed.name} already has {a_or_an(self.term('hotel'))}."))
        elif level > min(levels):
            problems.append(V("build/uneven", f"Build evenly: every property of the "
                                              f"{self._group_name(deed)} needs {level} {self.term('building')}(s) "
                                              f"before {deed.name} gets another."))
        kind = HOTEL if level == self.houses_before_hotel else HOUSE
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
                if deed.kind == "street" and not self._build_problems(s, p.id, deed, ignore_stock=True):
                    ready[HOTEL if self.level(s, deed.id) == self.houses_before_hotel else HOUSE].append(p.id)
        return [kind for kind, players in ready.items()
                if 0 < self.stock(s, kind) < len(players) and len(set(players)) >= 2]

    def _can_place(self, s: GameState, player: str, kind: str) -> bool:
        for deed in self.deeds_of(s, player):
            if deed.kind == "street" and not self._build_problems(s, player, deed, ignore_stock=True):
                next_kind = HOTEL if self.level(s, deed.id) == self.houses_before_hotel else HOUSE
                if next_kind == kind:
                    return True
        return False

    def check_build(self, s: GameState, cmd: Command) -> list[Violation]:
        """Building rules (see :meth:`_build_problems`), paying the deed's building cost, or placing a piece
        won at auction."""
        player = cmd.args[0]
        deed, problems = self._own_deed(s, player, cmd.args[1])
        if deed is None:
            return problems
        problems += self._build_problems(s, player, deed)
        if deed.kind != "street" or any(p.code == "build/full" for p in problems):
            return problems
        kind = HOTEL if self.level(s, deed.id) == self.houses_before_hotel else HOUSE
        if self._decision(s, player, "place", piece=kind):
            return problems
        return problems + self._afford(s, player, self.piece_cost(deed, kind),
                                       capital(f"{a_or_an(self.term(kind))} on {deed.name}"))

    def do_build(self, emit: Emitter, cmd: Command) -> None:
        s, player = emit.state, cmd.args[0]
        deed = self.edition.space(cmd.args[1])
        site = site_account(deed.id)
        kind = HOTEL if self.level(s, deed.id) == self.houses_before_hotel else HOUSE
        won = self._decision(s, player, "place", piece=kind)
        reason = f"{self.name_of(s, player)} builds {a_or_an(self.term(kind))} on {deed.name}"
        parts = [Transaction.transfer(reason, BANK, site, kind, 1)]
        if kind == HOTEL:
            parts.append(Transaction.transfer(reason, site, BANK, HOUSE, self.houses_before_hotel))
        if won:
            emit(DecisionClosed(won.id))
        else:
            parts.append(Transaction.transfer(reason, player, BANK, CREDITS, self.piece_cost(deed, kind)))
        emit(Posted(Transaction.combine(reason, parts)))

    def check_sell(self, s: GameState, cmd: Command) -> list[Violation]:
        """Buildings go back to the bank at half their cost, evenly; a hotel comes down to houses only as far
        as the bank has houses."""
        player = cmd.args[0]
        deed, problems = self._own_deed(s, player, cmd.args[1])
        if deed is None or problems:
            return problems
        levels = [self.level(s, m) for m in self.group_members(deed)]
        level = self.level(s, deed.id)
        if level == 0:
            return [V("sell/nothing", f"There is nothing built on {deed.name}.")]
        if level < max(levels):
            problems.append(V("sell/uneven", f"Sell evenly: take {self.term('buildings')} off the properties "
                                             "with the most first."))
        if s.hotels(deed.id) and s.ledger.balance(BANK, HOUSE) < self.houses_before_hotel:
            problems.append(V("stock/houses-short", f"The {self.term('bank')} has only "
                                                    f"{s.ledger.balance(BANK, HOUSE)} {self.term('houses')}: sell all "
                                                    f"the {self.term('buildings')} of the {self._group_name(deed)} "
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
        emit(Posted(Transaction.combine(reason, parts)))

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
        return []

    def do_sell_all(self, emit: Emitter, cmd: Command) -> None:
        player, gid = cmd.args
        emit(Posted(self._clear_group(emit.state, self.edition.groups[gid].members, player,
                                      f"{self.name_of(emit.state, player)} sells every {self.term('building')} on "
                                      f"{self.edition.groups[gid].name}")))

    def _clear_group(self, s: GameState, members: tuple[str, ...], payee: str, reason: str) -> Transaction:
        """Every piece on the deeds back to the bank, half their cost paid to ``payee`` (nobody if empty)."""
        postings: list[Posting] = []
        proceeds = 0
        for m in members:
            for kind in (HOUSE, HOTEL):
                n = s.ledger.balance(site_account(m), kind)
                if n:
                    postings += [Posting(site_account(m), kind, -n), Posting(BANK, kind, n)]
            proceeds += self.sellback(self.building_value(s, self.edition.space(m)))
        if payee and proceeds:
            postings += [Posting(BANK, CREDITS, -proceeds), Posting(payee, CREDITS, proceeds)]
        return Transaction(reason, tuple(postings))

    # ------------------------------------------------------------------ mortgages

    def check_mortgage(self, s: GameState, cmd: Command) -> list[Violation]:
        """A deed may be mortgaged for its printed mortgage value once its group has no buildings."""
        player = cmd.args[0]
        deed, problems = self._own_deed(s, player, cmd.args[1])
        if deed is None or problems:
            return problems
        if deed.id in s.mortgaged:
            problems.append(V("mortgage/already", f"{deed.name} is already {self.term('mortgaged')}."))
        if deed.kind == "street" and self.group_buildings(s, deed):
            problems.append(V("mortgage/buildings", f"Sell the {self.term('buildings')} on the "
                                                    f"{self._group_name(deed)} first."))
        return problems

    def do_mortgage(self, emit: Emitter, cmd: Command) -> None:
        player, deed = cmd.args[0], self.edition.space(cmd.args[1])
        for claim in [c for c in emit.state.rent_claims if c.space == deed.id]:
            emit(RentClosed(claim.id, "mortgaged"))
        self._void_payment_rolls(emit, deed)
        emit(MortgageChanged(deed.id, True))
        emit(Posted(Transaction.transfer(f"{self.name_of(emit.state, player)} gets the "
                                         f"{self.term('mortgage_value')} of {deed.name}",
                                         BANK, player, CREDITS, deed.mortgage)))

    def _void_payment_rolls(self, emit: Emitter, deed: Space) -> None:
        """Nothing is collected on a mortgaged deed: a roll still owed to set its payment (a utility paid by a
        fresh roll) is called off, and the player who landed there owes nothing."""
        s = emit.state
        for decision in [d for d in s.decisions if d.kind == "utility-roll" and d.data["space"] == deed.id]:
            emit(DecisionClosed(decision.id))
            emit(Noted(f"No {self.term('rent')} can be claimed on {a_or_an(self.term('mortgaged'))} property: "
                       f"{self.name_of(s, decision.player)} has no roll to make for {deed.name}"))

    def check_unmortgage(self, s: GameState, cmd: Command) -> list[Violation]:
        """Lifting a mortgage costs the mortgage value plus interest."""
        player = cmd.args[0]
        deed, problems = self._own_deed(s, player, cmd.args[1])
        if deed is None or problems:
            return problems
        if deed.id not in s.mortgaged:
            return [V("mortgage/not-mortgaged", f"{deed.name} is not {self.term('mortgaged')}.")]
        if self._decision(s, player, "mortgage-transfer", space=deed.id):
            return [V("mortgage/decide-first", f"{deed.name} has just changed hands while "
                                               f"{self.term('mortgaged')}: first choose to "
                                               f"{self.term('unmortgage')} it now or keep it "
                                               f"{self.term('mortgaged')} ('lift' or 'keep').")]
        return self._afford(s, player, self.lift_cost(deed), capital(f"{self.term('unmortgage')} {deed.name}"))

    def do_unmortgage(self, emit: Emitter, cmd: Command) -> None:
        player, deed = cmd.args[0], self.edition.space(cmd.args[1])
        emit(MortgageChanged(deed.id, False))
        emit(Posted(Transaction.transfer(f"{self.name_of(emit.state, player)}: {self.term('unmortgage')} {deed.name}",
                                         player, BANK, CREDITS,
                                         self.lift_cost(deed))))

    def check_lift(self, s: GameState, cmd: Command) -> list[Violation]:
        """A mortgaged deed just received may be freed at once for the mortgage plus interest."""
        player, space = cmd.args
        problems = self._need_decision(s, player, "mortgage-transfer", f"lift on {space}", space=space)
        if problems:
            return problems
        deed = self.edition.space(space)
        return self._afford(s, player, self.lift_cost(deed), capital(f"{self.term('unmortgage')} {deed.name}"))

    def do_lift(self, emit: Emitter, cmd: Command) -> None:
        decision = self._decision(emit.state, cmd.args[0], "mortgage-transfer", space=cmd.args[1])
        assert decision is not None
        emit(DecisionClosed(decision.id))
        self.do_unmortgage(emit, cmd)

    def check_keep(self, s: GameState, cmd: Command) -> list[Violation]:
        """Keeping a received deed mortgaged costs the interest now (and again when it is lifted later)."""
        player, space = cmd.args
        return self._need_decision(s, player, "mortgage-transfer", f"keep on {space}", space=space)

    def do_keep(self, emit: Emitter, cmd: Command) -> None:
        player, space = cmd.args
        decision = self._decision(emit.state, player, "mortgage-transfer", space=space)
        assert decision is not None
        deed = self.edition.space(space)
        emit(DecisionClosed(decision.id))
        self._charge(emit, player, BANK, self.interest(deed), f"{self.term('interest')} on {deed.name}")

    def _received_mortgaged(self, emit: Emitter, player: str, deeds: list[str]) -> None:
        for d in deeds:
            if d in emit.state.mortgaged:
                emit(DecisionOpened("mortgage-transfer", player, {"space": d}))

    # ------------------------------------------------------------------ trades

    def check_propose(self, s: GameState, cmd: Command) -> list[Violation]:
        """Trades between players: deeds (none from a group with buildings), credits and jail cards."""
        proposer, partner, give, get = cmd.args
        problems: list[Violation] = []
        if s.trade:
            problems.append(V("trade/open", "Another trade offer is waiting for an answer."))
        if proposer == partner:
            problems.append(V("trade/self", "A player cannot trade with themselves."))
        elif not s.has_player(partner) or s.player(partner).retired:
            problems.append(V("player/unknown", f"'{partner}' is not a player in the game."))
            return problems
        try:
            mine, theirs = parse_assets(give, "give"), parse_assets(get, "get")
        except ValueError as exc:
            return [*problems, V("trade/syntax", str(exc))]
        if not (mine.deeds or mine.cash or mine.cards or theirs.deeds or theirs.cash or theirs.cards):
            problems.append(V("trade/empty", "The offer hands nothing over: choose what each side gives."))
        return problems + self._trade_problems(s, proposer, mine) + self._trade_problems(s, partner, theirs)

    def _trade_problems(self, s: GameState, player: str, assets: Assets) -> list[Violation]:
        problems: list[Violation] = []
        for space_id in assets.deeds:
            deed, own = self._own_deed(s, player, space_id)
            problems += own
            if deed and not own and deed.kind == "street" and self.group_buildings(s, deed):
                problems.append(V("trade/buildings", f"{deed.name} cannot change hands while its "
                                                     f"{self.term('group')} has {self.term('buildings')}: sell "
                                                     f"them to the {self.term('bank')} first."))
            if deed and not own and self._decision(s, player, "mortgage-transfer", space=deed.id):
                problems.append(V("mortgage/decide-first", f"{self.name_of(s, player)} must first "
                                                           f"{self.term('unmortgage')} {deed.name} or keep it "
                                                           f"{self.term('mortgaged')}."))
        if assets.cash > s.cash(player):
            problems.append(V("money/too-few-credits", f"{self.name_of(s, player)} has only "
                                                       f"{self.money(s.cash(player))}."))
        for deck in assets.cards:
            if s.player(player).jail_cards.count(deck) < assets.cards.count(deck):
                problems.append(V("trade/no-card", f"{self.name_of(s, player)} holds no {deck} "
                                                   f"{self.term('get_out_of_jail')} card."))
        return problems

    def do_propose(self, emit: Emitter, cmd: Command) -> None:
        proposer, partner, give, get = cmd.args
        emit(TradeProposed(proposer, partner, parse_assets(give, "give").to_json(),
                           parse_assets(get, "get").to_json()))

    def check_accept(self, s: GameState, cmd: Command) -> list[Violation]:
        """Both sides confirm; the trade is checked again as one transaction when accepted."""
        player = cmd.args[0]
        t = s.trade
        if t is None or t.partner != player:
            return [V("trade/none", f"No trade offer is waiting for {self.name_of(s, player)}.")]
        return (self._trade_problems(s, t.proposer, Assets.from_json(t.give))
                + self._trade_problems(s, t.partner, Assets.from_json(t.get)))

    def do_accept(self, emit: Emitter, cmd: Command) -> None:
        s = emit.state
        t = s.trade
        assert t is not None
        give, get = Assets.from_json(t.give), Assets.from_json(t.get)
        reason = f"trade between {self.name_of(s, t.proposer)} and {self.name_of(s, t.partner)}"
        emit(TradeClosed("accepted"))
        emit(Posted(Transaction.combine(reason, [*give.transfers(reason, t.proposer, t.partner),
                                                 *get.transfers(reason, t.partner, t.proposer)])))
        for card in give.cards:
            self._card_changes_hands(emit, card, t.proposer, t.partner)
        for card in get.cards:
            self._card_changes_hands(emit, card, t.partner, t.proposer)
        self._received_mortgaged(emit, t.partner, give.deeds)
        self._received_mortgaged(emit, t.proposer, get.deeds)

    def _card_changes_hands(self, emit: Emitter, card: str, source: str, target: str) -> None:
        """A card traded: a Get Out of Jail Free card of the deck ``card``."""
        emit(JailCardMoved(card, source, target))

    def check_reject(self, s: GameState, cmd: Command) -> list[Violation]:
        """Either side may call off an open offer."""
        t = s.trade
        if t is None or cmd.args[0] not in (t.proposer, t.partner):
            return [V("trade/none", f"No trade offer involves {self.name_of(s, cmd.args[0])}.")]
        return []

    def do_reject(self, emit: Emitter, cmd: Command) -> None:
        emit(TradeClosed("rejected"))

    # ------------------------------------------------------------------ debts and bankruptcy

    def check_pay(self, s: GameState, cmd: Command) -> list[Violation]:
        """A debt is paid in full once the debtor has raised the credits."""
        player = cmd.args[0]
        debts = s.debts_of(player)
        if not debts:
            return [V("debt/none", f"{self.name_of(s, player)} owes nothing.")]
        return self._afford(s, player, debts[0].amount, f"The debt ({debts[0].reason})")

    def do_pay(self, emit: Emitter, cmd: Command) -> None:
        debt = emit.state.debts_of(cmd.args[0])[0]
        emit(DebtClosed(debt.id))
        emit(Posted(Transaction.transfer(debt.reason, debt.debtor, debt.creditor, CREDITS, debt.amount)))

    def check_bankrupt(self, s: GameState, cmd: Command) -> list[Violation]:
        """Bankruptcy only when selling every building and mortgaging every deed still cannot pay the debts."""
        player = cmd.args[0]
        debts = s.debts_of(player)
        if not debts:
            return [V("bankrupt/no-debt", f"{self.name_of(s, player)} owes nothing, so is not "
                                          f"{self.term('bankrupt')}.")]
        owed = sum(d.amount for d in debts)
        problems = []
        if self.raisable(s, player) >= owed:
            problems.append(V("bankrupt/can-pay", f"{self.name_of(s, player)} can still raise "
                                                  f"{self.money(self.raisable(s, player))} by selling "
                                                  f"{self.term('buildings')} and taking the "
                                                  f"{self.term('mortgage_value')} of each {self.term('deed')}, "
                                                  f"enough for the {self.money(owed)} owed."))
        elif self.edition.raise_all_before_bankruptcy:
            problems += self._still_to_raise(s, player)
        if s.auction:
            problems.append(V("turn/auction-open", "Finish the auction first."))
        return problems

    def _still_to_raise(self, s: GameState, player: str) -> list[Violation]:
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
            emit(DebtClosed(debt.id))
        for claim in [c for c in s.rent_claims if player in (c.owner, c.payer)]:
            emit(RentClosed(claim.id, "bankruptcy"))
        for decision in s.decisions_for(player):
            emit(DecisionClosed(decision.id))
        if s.trade and player in (s.trade.proposer, s.trade.partner):
            emit(TradeClosed("bankruptcy"))
        to_player = creditor != BANK
        reason = f"{name} is {self.term('bankrupt')}; everything goes to {self.name_of(s, creditor)}"
        parts = [self._clear_group(s, tuple(deeds), creditor if to_player else "", reason)]
        parts += [Transaction.transfer(reason, player, creditor, deed_unit(d), 1) for d in deeds]
        if s.cash(player):
            parts.append(Transaction.transfer(reason, player, creditor, CREDITS, s.cash(player)))
        emit(Posted(Transaction.combine(reason, parts)))
        for deck in list(s.player(player).jail_cards):
            emit(JailCardMoved(deck, player, creditor if to_player else ""))
        if to_player:
            self._received_mortgaged(emit, creditor, deeds)
        else:
            for d in deeds:
                if d in s.mortgaged:
                    emit(MortgageChanged(d, False))
        emit(PlayerRetired(player, creditor))
        if s.turn.player == player:
            self._pass_turn(emit, player)
        if len(s.active) == 1:
            self._end_game(emit, "last player standing")
        elif self.variant and self.variant.ends_at_first_bankruptcy:
            self._end_game(emit, "first bankruptcy")
        elif not to_player and deeds:
            emit(AuctionOpened(deed_unit(deeds[0]), tuple(deed_unit(d) for d in deeds[1:])))

    # ------------------------------------------------------------------ corrections and transfers

    def check_correct(self, s: GameState, cmd: Command) -> list[Violation]:
        """The token really stands on another space than the app worked out, and the table agrees it stays
        there: only the player whose turn it is, after rolling this turn, onto a space of this board other
        than the one the app has, with no auction open and not while in jail (a prisoner leaves by fine,
        jail card or roll). It never pays or takes back the GO salary: the table settles that with
        ``transfer``."""
        player, space_id = cmd.args
        problems = self._turn_guard(s, player)
        if not problems and not s.turn.rolled:
            problems.append(V("turn/not-rolled", f"{self.name_of(s, player)} has not rolled yet, so the token "
                                                 "has not moved this turn."))
        if not self.edition.has_space(space_id):
            problems.append(V("space/unknown", f"'{space_id}' is not a space on this board."))
        elif self.edition.space(space_id).position == s.player(player).position:
            problems.append(V("correct/same-space", f"{self.name_of(s, player)}'s token already stands on "
                                                    f"{self.edition.space(space_id).name}."))
        if s.auction:
            problems.append(V("turn/auction-open", f"The auction of {self._lot_name(s.auction.lot)} is still "
                                                   "open: finish it first."))
        if s.player(player).in_jail:
            problems.append(V("correct/in-jail", f"{self.name_of(s, player)} is in {self.term('jail')}: leave "
                                                 "with fine, jail-card or a roll (undo takes back a wrong move "
                                                 "there)."))
        return problems

    def do_correct(self, emit: Emitter, cmd: Command) -> None:
        """Withdraw what the wrong landing opened and is still unsettled (the player's offer, card, tax or
        utility-roll decisions and the rent claims on them raised this turn), move the token without the GO
        salary and resolve the space it really stands on."""
        s, (player, space_id) = emit.state, cmd.args
        space = self.edition.space(space_id)
        for decision in [d for d in s.decisions_for(player) if d.kind in LANDING_DECISIONS]:
            emit(DecisionClosed(decision.id))
        for claim in [c for c in s.rent_claims if c.payer == player and c.turn == s.turn.number]:
            emit(RentClosed(claim.id, "corrected"))
        emit(Noted(f"{self.name_of(s, player)}'s token is really on {space.name} (correction)"))
        emit(TokenMoved(player, space.position, "correction"))
        self._land(emit, player)

    def check_transfer(self, s: GameState, cmd: Command) -> list[Violation]:
        """A payment the rules allow that the app does not work out itself (say a GO salary the table forgot):
        between two different parties, each a player still in the game or the bank, a positive whole number of
        credits that a paying player holds, and a reason for the log."""
        payer, payee, amount_text, reason = cmd.args
        problems: list[Violation] = []
        for party in dict.fromkeys((payer, payee)):
            if party == BANK:
                continue
            if not s.has_player(party):
                problems.append(V("player/unknown", f"There is no player called '{party}' at this table."))
            elif s.player(party).retired:
                problems.append(V("player/retired", f"{self.name_of(s, party)} has left the game."))
        if payer == payee:
            problems.append(V("transfer/same-party", "The payer and the payee must be different."))
        amount = int(amount_text)
        if amount <= 0:
            problems.append(V("transfer/amount", f"The amount must be a positive whole number of "
                                                 f"{self.term('currency')}, not {amount}."))
        elif payer != BANK and s.has_player(payer):
            problems += self._afford(s, payer, amount, "This transfer")
        if not reason.strip():
            problems.append(V("transfer/no-reason", "Give a reason for the log, e.g. 'GO salary the table "
                                                    "forgot'."))
        return problems

    def do_transfer(self, emit: Emitter, cmd: Command) -> None:
        payer, payee, amount, reason = cmd.args
        emit(Posted(Transaction.transfer(reason, payer, payee, CREDITS, int(amount))))

    # ------------------------------------------------------------------ end of game

    def check_time_up(self, s: GameState, cmd: Command) -> list[Violation]:
        """A time-limit game ends at the agreed time; the richest player wins."""
        if not (self.variant and self.variant.ends_at_time):
            return [V("game/no-time-limit", "Only the time-limit game ends on time.")]
        return []

    def do_time_up(self, emit: Emitter, cmd: Command) -> None:
        self._end_game(emit, "time is up")

    def _end_game(self, emit: Emitter, reason: str) -> None:
        s = emit.state
        for d in [d for d in s.decisions if d.kind == "mortgage-transfer"]:
            # The interest on a mortgaged deed received is due at once (lift or keep both include it).
            deed = self.edition.space(d.data["space"])
            emit(DecisionClosed(d.id))
            self._charge(emit, d.player, BANK, self.interest(deed), f"{self.term('interest')} on {deed.name}")
        parts = {p.id: self.worth_parts(s, p.id) for p in s.active}
        ranking = [{"player": pid, "worth": worth["total"], "parts": worth}
                   for pid, worth in sorted(parts.items(), key=lambda item: -item[1]["total"])]
        emit(GameEnded(reason, tuple(ranking)))

    # ------------------------------------------------------------------ what next

    def _decision_text(self, d: Decision) -> str:
        if d.kind == "offer":
            return f"{self.term('buy')} or decline {self.edition.space(d.data['space']).name}"
        if d.kind == "card":
            return f"draw a {self.edition.decks[d.data['deck']].name} card"
        if d.kind == "tax":
            return "choose how to pay the Docking Tax (flat or worth)"
        if d.kind == "utility-roll":
            return f"roll the dice for the {self.term('utility')} {self.edition.space(d.data['space']).name}"
        if d.kind == "mortgage-transfer":
            name = self.edition.space(d.data['space']).name
            return f"{self.term('unmortgage')} {name} or keep it {self.term('mortgaged')}"
        return f"place the {self.term(d.data.get('piece', HOUSE))} won at auction"

    def describe(self, state: GameState) -> dict[str, Any]:
        """The pending decisions, auction, debts, rent claims and trade, in plain words."""
        s = state
        return {
            "decisions": [{"player": d.player, "kind": d.kind, **d.data, "text": self._decision_text(d)}
                          for d in s.decisions],
            "auction": None if s.auction is None else {
                "lot": s.auction.lot, "name": self._lot_name(s.auction.lot),
                "high_bid": s.auction.high[1] if s.auction.high else 0,
                "high_bidder": s.auction.high[0] if s.auction.high else None,
                "passed": list(s.auction.passed), "queue": list(s.auction_queue)},
            "debts": [{"debtor": d.debtor, "creditor": d.creditor, "amount": d.amount, "reason": d.reason}
                      for d in s.debts],
            "rent_claims": [{"owner": c.owner, "payer": c.payer, "space": c.space, "amount": c.amount,
                             "lapses_at_turn": c.turn + self.edition.rent_claim_turns} for c in s.rent_claims],
            "trade": None if s.trade is None else {"proposer": s.trade.proposer, "partner": s.trade.partner,
                                                   "give": s.trade.give, "get": s.trade.get},
        }
