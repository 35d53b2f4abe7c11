"""Simple seeded bot players for the benchmarks (never used by the app or the tests).

:class:`TableBots` plays every seat of a classic game. From ``game.state`` (what is pending read in the order
``game.describe()`` lists it) it returns the next command the table would enter; every command still goes
through :meth:`Game.apply`, so the engine checks it. What the bots work out from the edition data (the deeds, the
colour groups, the dice faces, the card ids) is read once per game.

How the bots play (the same for every seat):

* dice come from ``random.Random(seed)``; a Get Out of Jail Free card is used before rolling in jail;
* an unowned deed is bought when the lander keeps at least ``price + 100`` credits, otherwise declined;
* in an auction each bot, in seat order after the high bidder, bids half the printed price first and then
  raises by a tenth of it, never above the printed price or its cash; otherwise it passes (the engine closes
  the auction at the last pass; the Banker's ``close`` is sent only if an auction were left with everybody
  out);
* every rent is claimed the moment it is due; a card is a random card id of the deck (not a jail-free card
  that a player holds); the Docking Tax is paid the cheaper way; trades offered are rejected (bots never
  propose);
* with more than 300 credits to spare (``BUILD_RESERVE``) a bot lifts its mortgages, then builds evenly on
  its full groups;
* a debt is paid as soon as the cash is there; until then the debtor sells buildings (``sell``, or
  ``sell-all`` when the bank lacks houses to break a hotel) and mortgages deeds, cheapest first; it declares
  bankruptcy only when :meth:`Game.validate` says the engine would accept it.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from companion.edition import Deck, Edition, Space, load_edition
from companion.engine.commands import Command
from companion.engine.game import Game, JournalSink
from companion.engine.ledger import BANK, CREDITS, HOTEL, HOUSE, deed_unit
from companion.engine.state import Auction, Decision, GameState, Setup
from companion.rules import new_game

ROOT = Path(__file__).resolve().parent.parent
EDITION_DIR = ROOT / "editions" / "original-trilogy"

PLAYERS = [
    {"id": "luke", "name": "Luke", "token": "luke-skywalker", "side": "rebel"},
    {"id": "vader", "name": "Vader", "token": "darth-vader", "side": "empire"},
    {"id": "r2", "name": "R2-D2", "token": "r2-d2", "side": "rebel"},
    {"id": "tarkin", "name": "Tarkin", "token": "grand-moff-tarkin", "side": "empire"},
]

BUY_RESERVE = 100
BUILD_RESERVE = 300


def load() -> Edition:
    """The Original Trilogy edition from the repository."""
    return load_edition(EDITION_DIR)


def four_player_setup(edition: Edition, seed: int, variant: str = "standard") -> Setup:
    """A four-player set-up: Luke, Vader, R2-D2 and Tarkin."""
    return Setup(edition.id, variant, [dict(p) for p in PLAYERS], seed)


class TableBots:
    """Every seat at the table, played by the same simple seeded policy."""

    def __init__(self, edition: Edition, seed: int) -> None:
        self.edition = edition
        self.rng = random.Random(seed)
        self.hotel_level = edition.houses_before_hotel + 1
        self.deeds = edition.deeds
        self.units = [(deed_unit(d.id), d) for d in edition.deeds]
        self.held_as = {d.id: (deed_unit(d.id), d) for d in edition.deeds}
        """Each deed's ledger unit and space, by its id."""
        self.board_order = {d.id: n for n, d in enumerate(edition.deeds)}
        """Each deed's place among the deeds, in board order."""
        self.cards: dict[str, tuple[Deck, list[str], list[str]]] = {}
        """Each deck's card ids, all of them and all but its Get Out of Jail Free card (see :meth:`_card_ids`)."""
        self.faces = tuple(tuple(str(v) for v in die.values) for die in edition.dice.need().dice)
        """The move's dice, each as the faces it can show, written as a roll enters them."""
        self.drawn = tuple((faces, len(faces), len(faces).bit_length()) for faces in self.faces)
        """Each die's faces, how many there are and the random bits that number takes (see :meth:`_dice`)."""
        self.plans = {d.id: (d.build_cost, edition.groups[d.group or ""].members)
                      for d in edition.deeds if d.kind == "street"}
        """Each street's building cost and the members of its colour group, read once."""
        self.groups: list[tuple[tuple[str, ...], frozenset[str], tuple[Space, ...]]] = []
        """Each colour group of streets: its members, their ledger units and its streets in board order (a group
        with a member that is not a deed can never be held whole, so it is left out)."""
        for members in dict.fromkeys(members for _, members in self.plans.values()):
            if all(m in self.held_as for m in members):
                self.groups.append((members, frozenset(self.held_as[m][0] for m in members),
                                    tuple(d for d in edition.deeds if d.id in self.plans
                                          and self.plans[d.id][1] == members)))
        self.group_units = frozenset(unit for _, units, _ in self.groups for unit in units)
        """The ledger units of every deed in those groups."""
        self.whole: dict[tuple[str, ...], list[tuple[tuple[str, ...], frozenset[str], tuple[Space, ...]]]] = {}
        """The groups a player holds whole, by what the player holds (the units of their holdings, in the ledger's
        order): remembered, since players hold the same deeds for many turns."""
        self.rolls: dict[tuple[str, ...], Command] = {}
        """Each roll entered so far, by its words (the player and the faces): the command entered most, made once
        for the same words (see :attr:`said`)."""
        self.ends: dict[str, Command] = {}
        """Each player's end of turn, made once."""
        self.said: dict[tuple[str, ...], Command] = {}
        """The other commands entered most (rent claims, ends of turn) by their verb and words: a command cannot
        change, so the same one is made once and the journal holds it as often as it is entered."""

    # ------------------------------------------------------------------ helpers

    def _dice(self) -> tuple[str, ...]:
        # What rng.choice(faces) does for each die (random.Random._randbelow_with_getrandbits: the fewest bits
        # that count the faces, drawn again while past the last face), without its two calls: the same faces
        # from the same seed, as the record of seeds 0 to 199 checks.
        bits = self.rng.getrandbits
        rolled = []
        for faces, count, width in self.drawn:
            face = bits(width)
            while face >= count:
                face = bits(width)
            rolled.append(faces[face])
        return tuple(rolled)

    def _level(self, s: GameState, deed: str) -> int:
        return self.hotel_level if s.hotels(deed) else s.houses(deed)

    def _deeds(self, s: GameState, player: str) -> list[Space]:
        held = s.ledger.holdings(player)
        return [d for unit, d in self.units if unit in held]

    def _say(self, *words: str) -> Command:
        """The command with these words, the verb first (made once for the same words, see :attr:`said`)."""
        cmd = self.said.get(words)
        if cmd is None:
            cmd = self.said[words] = Command(words[0], words[1:])
        return cmd

    def _card_ids(self, deck: Deck, held: bool) -> list[str]:
        """The ids of the deck's cards that may be drawn: every card, or all but the Get Out of Jail Free card
        while a player holds it. Listed once per deck (again if the edition data changes)."""
        known = self.cards.get(deck.id)
        if known is None or known[0] is not deck:
            known = self.cards[deck.id] = (deck, [c.id for c in deck.cards],
                                           [c.id for c in deck.cards if c.effect != "jail-free"])
        return known[2] if held else known[1]

    # ------------------------------------------------------------------ the next command

    def next_command(self, game: Game) -> Command | None:
        """The command the table enters next, or None when the game is over. What is pending is read off the
        state in the order ``game.describe()`` lists it: auction, debts, rent claims, decisions, trade."""
        s = game.state
        if s.over:
            return None
        if s.auction is not None:
            return self._auction(s, s.auction)
        if s.debts:
            return self._settle(game, s.debts[0].debtor)
        if s.rent_claims:
            claim = s.rent_claims[0]
            return self._say("claim", claim.owner, claim.payer)
        if s.decisions:
            return self._decide(game, s.decisions[0])
        if s.trade is not None:
            return Command("reject", (s.trade.partner,))
        return self._turn(s)

    def _auction(self, s: GameState, auction: Auction) -> Command:
        lot = auction.lot
        price = self.edition.space(lot.removeprefix("deed:")).price if lot.startswith("deed:") else 0
        bidder, high = auction.high or (None, 0)
        passed = set(auction.passed)
        seats = [p.id for p in s.players]
        start = seats.index(bidder) + 1 if bidder else seats.index(s.turn.player)
        for i in range(len(seats)):
            pid = seats[(start + i) % len(seats)]
            if pid == bidder or pid in passed or s.player(pid).retired:
                continue
            bid = price // 2 if not high else high + max(1, price // 10)
            if 0 < bid <= min(price, s.cash(pid)) and bid > high:
                return Command("bid", (pid, str(bid)))
            return Command("pass", (pid,))
        return Command("close")

    def _settle(self, game: Game, debtor: str) -> Command:
        """Pay when possible, go bankrupt when the engine allows it, otherwise raise cash."""
        s = game.state
        if s.cash(debtor) >= s.debts_of(debtor)[0].amount:
            return Command("pay", (debtor,))
        bankrupt = Command("bankrupt", (debtor,))
        if not game.validate(bankrupt):
            return bankrupt
        mine = self._deeds(s, debtor)
        built = [d for d in mine if self._level(s, d.id)]
        if built:
            top = max(built, key=lambda d: self._level(s, d.id))
            sell = Command("sell", (debtor, top.id))
            return sell if not game.validate(sell) else Command("sell-all", (debtor, top.group or ""))
        free = sorted((d for d in mine if d.id not in s.mortgaged), key=lambda d: d.mortgage)
        if free:
            return Command("mortgage", (debtor, free[0].id))
        return bankrupt  # nothing left to raise: the engine will accept it

    def _decide(self, game: Game, decision: Decision) -> Command:
        s, player, kind, data = game.state, decision.player, decision.kind, decision.data
        if kind == "offer":
            price = self.edition.space(data["space"]).price
            return Command("buy" if s.cash(player) >= price + BUY_RESERVE else "decline", (player,))
        if kind == "card":
            deck = self.edition.decks[data["deck"]]
            held = any(deck.id in p.jail_cards for p in s.players)
            return Command("card", (player, self.rng.choice(self._card_ids(deck, held))))
        if kind == "tax":
            worth = s.cash(player) + sum(
                d.price + (s.houses(d.id) + s.hotels(d.id) * self.hotel_level) * d.build_cost
                for d in self._deeds(s, player))
            share = -(-worth * self.edition.docking_worth_percent // 100)
            return Command("tax", (player, "worth" if share < self.edition.docking_flat else "flat"))
        if kind == "utility-roll":
            return Command("roll", (player, *self._dice()))
        if kind == "mortgage-transfer":
            deed = self.edition.space(data["space"])
            lift = deed.mortgage + deed.mortgage // 10 + 1 + BUY_RESERVE
            return Command("lift" if s.cash(player) >= lift else "keep", (player, deed.id))
        # "place": a piece won at auction goes on the first deed that takes it
        for deed in self._deeds(s, player):
            cmd = Command("build", (player, deed.id))
            if not game.validate(cmd):
                return cmd
        raise RuntimeError(f"no place for the piece of {player}")

    def _whole_groups(self, held: Mapping[str, int]) -> list[tuple[tuple[str, ...], frozenset[str], tuple[Space, ...]]]:
        """The colour groups a player holds whole, from what they hold (see :attr:`whole`)."""
        key = tuple(held)
        groups = self.whole.get(key)
        if groups is None:
            units = self.group_units.intersection(held)
            groups = self.whole[key] = [g for g in self.groups if g[1] <= units]
        return groups

    def _improve(self, s: GameState, player: str, held: Mapping[str, int], cash: int) -> Command | None:
        """Lift a mortgage, else build evenly, for a player with credits to spare (``cash``, at least
        ``BUILD_RESERVE``; ``held`` is what they hold): the first of their deeds in board order that qualifies."""
        if s.mortgaged:
            mine = sorted((m for m in s.mortgaged if self.held_as[m][0] in held), key=self.board_order.__getitem__)
            for deed_id in mine:
                deed = self.held_as[deed_id][1]
                if cash >= deed.mortgage * 11 // 10 + 1 + BUILD_RESERVE:
                    return Command("unmortgage", (player, deed.id))
        # Only the streets of groups the player holds whole, none of them mortgaged, can take a building.
        groups = self._whole_groups(held)
        if not groups:
            return None
        whole = [streets for members, _, streets in groups if s.mortgaged.isdisjoint(members)]
        if not whole:
            return None
        candidates = whole[0] if len(whole) == 1 else sorted((d for g in whole for d in g), key=lambda d: d.position)
        for deed in candidates:
            cost, members = self.plans[deed.id]
            if cash < cost + BUILD_RESERVE:
                continue
            level = self._level(s, deed.id)
            if level < self.hotel_level and level == min(self._level(s, m) for m in members):
                kind = HOTEL if level == self.hotel_level - 1 else HOUSE
                if s.ledger.balance(BANK, kind):
                    return Command("build", (player, deed.id))
        return None

    def _turn(self, s: GameState) -> Command:
        """Improve with credits to spare, else roll (in jail, a Get Out of Jail Free card is played first), else end."""
        t = s.turn
        pid = t.player
        held = s.ledger.holdings(pid)
        cash = held.get(CREDITS, 0)
        if cash >= BUILD_RESERVE and (s.mortgaged or self._whole_groups(held)):
            improve = self._improve(s, pid, held, cash)
            if improve is not None:
                return improve
        if not t.rolled or t.roll_again:
            p = s.seats[pid]
            if p.in_jail and not t.rolled and p.jail_cards:
                return Command("jail-card", (pid,))
            return self._roll(pid)
        end = self.ends.get(pid)
        if end is None:
            end = self.ends[pid] = Command("end", (pid,))
        return end

    def _roll(self, player: str) -> Command:
        """The player's roll of the move's dice (see :meth:`_dice`), made once for the same faces."""
        key = (player, *self._dice())
        roll = self.rolls.get(key)
        if roll is None:
            roll = self.rolls[key] = Command("roll", key)
        return roll


# ---------------------------------------------------------------------- playing whole games


@dataclass
class Run:
    """One bot game: the game, the commands entered, turns played and whether it finished before the cap."""

    game: Game
    commands: int
    turns: int
    finished: bool
    seconds: float
    latencies: list[float] = field(default_factory=list)


def play(edition: Edition, seed: int, turn_cap: int = 2000, sink: JournalSink | None = None,
         game: Game | None = None, timed: bool = False,
         stop: Callable[[Game, int], bool] | None = None) -> Run:
    """Play one bot game until it is over, the turn number passes ``turn_cap`` or ``stop(game, commands)``.

    Every command goes through ``Game.apply``; a rejection means a bot bug and is raised. With ``timed`` each
    apply's wall time is kept in ``Run.latencies`` (seconds).
    """
    if game is None:
        game = new_game(edition, four_player_setup(edition, seed), sink=sink)
    bots = TableBots(edition, seed)
    commands = 0
    latencies: list[float] = []
    started = time.perf_counter()
    next_command, apply = bots.next_command, game.apply
    if stop is None and not timed:  # the plain game, with nothing to look at between two commands
        turn = game.state.turn  # changed in place by every event (bots never undo, which would rebuild it)
        while turn.number <= turn_cap:
            cmd = next_command(game)
            if cmd is None:
                break
            apply(cmd)
            commands += 1
        return Run(game, commands, min(turn.number, turn_cap), game.state.over, time.perf_counter() - started)
    while game.state.turn.number <= turn_cap and not (stop and stop(game, commands)):
        cmd = next_command(game)
        if cmd is None:
            break
        if timed:
            t0 = time.perf_counter()
            apply(cmd)
            latencies.append(time.perf_counter() - t0)
        else:
            apply(cmd)
        commands += 1
    return Run(game, commands, min(game.state.turn.number, turn_cap), game.state.over,
               time.perf_counter() - started, latencies)


def percentile(values: list[float], pct: float) -> float:
    """The ``pct`` percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * pct // 100))
    return ordered[int(rank) - 1]


def machine() -> str:
    """CPU count and load average, printed with every figure (other work on the machine skews them)."""
    load1, load5, _ = os.getloadavg()
    return f"{os.cpu_count()} CPUs, load average {load1:.2f} (1 min) {load5:.2f} (5 min)"


def fingerprint(game: Game) -> str:
    """The whole state as one string, to check that a replay reaches the same state."""
    return json.dumps(game.state.snapshot(), sort_keys=True, default=str)
