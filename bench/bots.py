"""Simple seeded bot players for the benchmarks (never used by the app or the tests).

:class:`TableBots` plays every seat of a classic game. Given ``game.state`` and ``game.describe()`` it returns
the next command the table would enter; every command still goes through :meth:`Game.apply`, so the engine
checks it.

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
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.edition import Edition, Space, load_edition
from companion.engine.commands import Command
from companion.engine.game import Game, JournalSink
from companion.engine.ledger import BANK, HOTEL, HOUSE, deed_unit
from companion.engine.state import GameState, Setup
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
        self.plans = {d.id: (d.build_cost, edition.groups[d.group or ""].members)
                      for d in edition.deeds if d.kind == "street"}
        """Each street's building cost and the members of its colour group, read once."""

    # ------------------------------------------------------------------ helpers

    def _dice(self) -> tuple[str, ...]:
        return tuple(str(self.rng.choice(die.values)) for die in self.edition.dice.need().dice)

    def _level(self, s: GameState, deed: str) -> int:
        return self.hotel_level if s.hotels(deed) else s.houses(deed)

    def _deeds(self, s: GameState, player: str) -> list[Space]:
        held = s.ledger.holdings(player)
        return [d for unit, d in self.units if unit in held]

    # ------------------------------------------------------------------ the next command

    def next_command(self, game: Game) -> Command | None:
        """The command the table enters next, or None when the game is over."""
        s = game.state
        if s.over:
            return None
        if not (s.auction or s.debts or s.rent_claims or s.decisions or s.trade):
            return self._turn(game)  # nothing pending: what describe() would say, without building it
        pending = game.describe()
        if pending["auction"]:
            return self._auction(s, pending["auction"])
        if pending["debts"]:
            return self._settle(game, pending["debts"][0]["debtor"])
        if pending["rent_claims"]:
            claim = pending["rent_claims"][0]
            return Command("claim", (claim["owner"], claim["payer"]))
        if pending["decisions"]:
            return self._decide(game, pending["decisions"][0])
        if pending["trade"]:
            return Command("reject", (pending["trade"]["partner"],))
        return self._turn(game)

    def _auction(self, s: GameState, auction: dict[str, Any]) -> Command:
        lot: str = auction["lot"]
        price = self.edition.space(lot.removeprefix("deed:")).price if lot.startswith("deed:") else 0
        high, bidder, passed = auction["high_bid"], auction["high_bidder"], set(auction["passed"])
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

    def _decide(self, game: Game, d: dict[str, Any]) -> Command:
        s, player, kind = game.state, d["player"], d["kind"]
        if kind == "offer":
            price = self.edition.space(d["space"]).price
            return Command("buy" if s.cash(player) >= price + BUY_RESERVE else "decline", (player,))
        if kind == "card":
            deck = self.edition.decks[d["deck"]]
            held = any(deck.id in p.jail_cards for p in s.players)
            ids = [c.id for c in deck.cards if not (held and c.effect == "jail-free")]
            return Command("card", (player, self.rng.choice(ids)))
        if kind == "tax":
            worth = s.cash(player) + sum(
                d.price + (s.houses(d.id) + s.hotels(d.id) * self.hotel_level) * d.build_cost
                for d in self._deeds(s, player))
            share = -(-worth * self.edition.docking_worth_percent // 100)
            return Command("tax", (player, "worth" if share < self.edition.docking_flat else "flat"))
        if kind == "utility-roll":
            return Command("roll", (player, *self._dice()))
        if kind == "mortgage-transfer":
            deed = self.edition.space(d["space"])
            lift = deed.mortgage + deed.mortgage // 10 + 1 + BUY_RESERVE
            return Command("lift" if s.cash(player) >= lift else "keep", (player, deed.id))
        # "place": a piece won at auction goes on the first deed that takes it
        for deed in self._deeds(s, player):
            cmd = Command("build", (player, deed.id))
            if not game.validate(cmd):
                return cmd
        raise RuntimeError(f"no place for the piece of {player}")

    def _improve(self, game: Game, player: str) -> Command | None:
        """Lift a mortgage, else build evenly, when the player has credits to spare."""
        s = game.state
        cash = s.cash(player)
        if cash < BUILD_RESERVE:
            return None
        mine = self._deeds(s, player)
        for deed in mine:
            if deed.id in s.mortgaged and cash >= deed.mortgage * 11 // 10 + 1 + BUILD_RESERVE:
                return Command("unmortgage", (player, deed.id))
        owned = {d.id for d in mine}
        for deed in mine:
            plan = self.plans.get(deed.id)
            if plan is None or cash < plan[0] + BUILD_RESERVE:
                continue
            members = plan[1]
            if any(m not in owned or m in s.mortgaged for m in members):
                continue
            level = self._level(s, deed.id)
            if level < self.hotel_level and level == min(self._level(s, m) for m in members):
                kind = HOTEL if level == self.hotel_level - 1 else HOUSE
                if s.ledger.balance(BANK, kind):
                    return Command("build", (player, deed.id))
        return None

    def _turn(self, game: Game) -> Command:
        s = game.state
        t = s.turn
        p = s.player(t.player)
        improve = self._improve(game, p.id)
        if improve is not None:
            return improve
        if not t.rolled or t.roll_again:
            if p.in_jail and not t.rolled and p.jail_cards:
                return Command("jail-card", (p.id,))
            return Command("roll", (p.id, *self._dice()))
        return Command("end", (p.id,))


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
    while game.state.turn.number <= turn_cap and not (stop and stop(game, commands)):
        cmd = bots.next_command(game)
        if cmd is None:
            break
        if timed:
            t0 = time.perf_counter()
            game.apply(cmd)
            latencies.append(time.perf_counter() - t0)
        else:
            game.apply(cmd)
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
