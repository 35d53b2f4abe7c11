"""Star Wars 2015 as a state machine: random games on the made-up box of tests/sw2015/testbox.py (TEST DATA),
through only the commands the rules accept, checking after every command that each side's Bases are all
somewhere (the bank's stock plus the hexagons), that a planet space holds one Base exactly when someone owns it
(and of its owner's colour), that nobody's cash is ever negative and no debt is ever open, that the game is over
exactly when every planet space holds a Base, that every Force card is in its deck, on its discard pile or in a
hand and no card is seen in more copies than the box holds, that a payer's window to say no to a rent they paid
is the bank's marker alone (the rent is in its owner's cash) and never outlives the next roll nor the game, and
that the journal replays to the same state.

The box is entered before the game starts (as a script's ``box`` set-up lines do), with a made-up set of Force
card halves (TEST DATA, :data:`HALVES`) that pays, collects, moves, jails and is kept, so that a Base is lost for
want of cash, a Just say no! is answered and a deck runs out and is made again."""

from __future__ import annotations

from collections import defaultdict
from functools import cache

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from companion.box.overlay import apply_values
from companion.box.values import parse_values
from companion.edition import Edition, edition_from_data
from companion.engine.commands import parse_command
from companion.engine.game import Game
from companion.engine.ledger import BANK, CREDITS, deed_unit, site_account
from companion.engine.state import Setup
from companion.rules import new_game, replay_game
from companion.rules.mechanics.bases import base_unit
from companion.rules.mechanics.force_cards import (
    discard_account,
    hand_unit,
    held_rent_account,
    held_rents,
    seen_unit,
    unseen_account,
)

from .testbox import BASES, PLANETS, edition, layout_lines, seats, space

DECK_SIZE = 18
"""Cards in each Force deck (cards.toml)."""
HALVES: dict[str, tuple[int, str]] = {
    "collect-20": (4, "effect=collect amount=20"),
    "collect-each-10": (1, "effect=collect-from-each-player amount=10"),
    "collect-one-30": (1, "effect=collect-from-a-player amount=30"),
    "pay-each-10": (1, "effect=pay-each-player amount=10"),
    "pay-150": (3, "effect=pay amount=150"),
    "back-3": (2, "effect=back spaces=3"),
    "jail": (2, "effect=go-to-jail"),
    "free": (2, "effect=jail-free"),
    "no": (2, "effect=just-say-no"),
}
"""TEST DATA: the made-up halves of every Force card, the same for each deck and each side: id, copies (18 in
all) and what it does."""
TABLES = (("luke", "vader"), ("vader", "luke", "finn"), ("luke", "vader", "finn", "kylo"))
"""One against one, one alone (sitting first) against two, two against two."""
WEIGHTS = {"roll": 10, "offer": 10, "card": 10, "jump": 10, "answer": 6, "auction": 8, "claim": 8, "turn": 8,
           "play": 3, "correct": 6, "transfer": 2, "undo": 1}
"""How often each kind of accepted command is picked (the kinds are offered most frequent first, as hypothesis
favours the first of a list)."""
PLANET_IDS = tuple(space(p) for p in PLANETS)
CARD_SPACES = (3, 13)
"""Where a correction says a token really stands: a card space, so that a deck runs out within a game."""


@cache
def made_up_box() -> Edition:
    """The edition with the whole made-up box entered (board, Bases, every Force card half), as a script's set-up
    ``box`` lines enter it."""
    lines = [line for line in layout_lines() if not line.startswith("box card:")]
    lines += [f"box card:{deck}/{half}-{side} 'title={half}' {words} side={side} count={count}"
              for deck in ("rebel", "empire") for side in ("rebel", "empire")
              for half, (count, words) in HALVES.items()]
    raw = edition().raw
    for line in lines:
        command = parse_command(line)
        target, values = command.args[0], parse_values(list(command.args[1:]))
        raw = apply_values(raw, target, values)
    return edition_from_data(raw)


class StarWarsMachine(RuleBasedStateMachine):
    """Random games of Star Wars 2015 on the made-up box."""

    game: Game
    steps = 0

    @initialize(table=st.sampled_from(TABLES))
    def seat(self, table: tuple[str, ...]) -> None:
        self.game = new_game(made_up_box(), Setup("star-wars-2015", "standard", seats(*table)))

    def options(self) -> dict[str, list[str]]:
        """Commands that might be accepted now, by kind (the rules keep those they accept). A roll, a bid, a
        transfer and a correction are given here with one sample of their numbers or space: :meth:`picked`
        draws the real ones once the command is chosen."""
        s, e = self.game.state, self.game.edition
        ids = [p.id for p in s.active]
        opts: dict[str, list[str]] = defaultdict(list)
        if s.over:
            return opts
        opts["undo"].append("undo 1 'taken back'")
        opts["roll"].append(f"roll {s.turn.player} 1 2")
        for d in s.decisions:
            p = d.player
            if d.kind == "offer":
                opts["offer"] += [f"buy {p}"] * 3 + [f"decline {p}"]  # bought more often: the game ends
            elif d.kind == "card":
                opts["card"] += [f"card {p} {c.id}" for c in e.decks[d.data["deck"]].drawn_by(s.player(p).side)]
            elif d.kind in ("hyperdrive", "bounty"):
                opts["jump"] += [f"{d.kind} {p} {x}" for x in PLANET_IDS]
            elif d.kind == "aim":
                opts["answer"] += [f"aim {p} {o}" for o in ids]
        if s.auction:
            least = s.auction.high[1] + e.min_raise if s.auction.high else e.opening_bid
            opts["auction"] += ["close", *(f"bid {p} {least}" for p in ids), *(f"pass {p}" for p in ids)]
        opts["claim"] += [f"claim {c.owner} {c.payer}" for c in s.rent_claims]
        opts["turn"] += [f"end {s.turn.player}", f"fine {s.turn.player}"]
        for p in ids:
            opts["answer"] += [f"say-no {p}", f"let-stand {p}"]  # an answer asked for, or to a rent held
            for deck in ("rebel", "empire"):
                if s.ledger.balance(p, hand_unit(deck)):
                    opts["play"] += [f"play {p} {deck}/{half}-{s.player(p).side}"
                                     for half in ("collect-20", "pay-each-10", "collect-one-30", "back-3", "free")]
            opts["transfer"].append(f"transfer {p} {BANK} 1 'a fine'")
        here = s.player(s.turn.player).position
        if not s.decisions:
            opts["correct"].append(f"correct {s.turn.player} {space(3 if here != 3 else 13)}")
        return opts

    def picked(self, line: str, data: st.DataObject) -> str:
        """The command chosen, with its numbers drawn: the dice, a bid up to 60 over the least, a transfer of
        any part of the payer's cash, a correction to a card space the token is not on."""
        s = self.game.state
        verb, *words = line.split()
        if verb not in ("roll", "bid", "transfer", "correct"):
            return line
        player = words[0]
        if verb == "roll":
            return f"roll {player} {data.draw(st.integers(1, 6))} {data.draw(st.integers(1, 6))}"
        if verb == "bid":
            least = int(words[1])
            return f"bid {player} {data.draw(st.integers(least, min(s.cash(player), least + 60)))}"
        if verb == "transfer":
            return f"transfer {player} {BANK} {data.draw(st.integers(1, s.cash(player)))} 'a fine'"
        here = s.player(player).position
        return f"correct {player} {space(data.draw(st.sampled_from([p for p in CARD_SPACES if p != here])))}"

    @rule(data=st.data())
    def play_on(self, data: st.DataObject) -> None:
        """An accepted command, picked by kind."""
        valid = {kind: [c for c in cmds if not self.game.validate(parse_command(c))]
                 for kind, cmds in self.options().items()}
        kinds = sorted((k for k in valid if valid[k]), key=lambda k: -WEIGHTS[k])
        assert kinds or self.game.state.over, f"stuck with {self.game.state.decisions}"
        if not kinds:
            return
        kind = data.draw(st.sampled_from([k for k in kinds for _ in range(WEIGHTS[k])]))
        command = parse_command(self.picked(data.draw(st.sampled_from(valid[kind])), data))
        self.game.apply(command)
        assert command.verb != "roll" or not held_rents(self.game.state), "a rent window outlived a roll"
        self.steps += 1
        if not self.steps % 100:
            self.check_replay()

    @invariant()
    def bases_are_conserved_one_per_planet_space(self) -> None:
        """Each side's Bases are in the bank or on a hexagon, 12 in all; a planet space holds one Base exactly
        when a player owns it, and it is of its owner's side's colour."""
        s = self.game.state
        for side in ("rebel", "empire"):
            holders = dict(s.ledger.holders(base_unit(side)))
            assert sum(holders.values()) == BASES, (side, holders)
            assert all(a == BANK or a.startswith("site:") for a in holders), holders
        for planet in PLANET_IDS:
            owner = s.owner(planet)
            assert [n for _, n in s.ledger.holders(deed_unit(planet))] == [1]
            on_it = s.ledger.holdings(site_account(planet))
            if owner == BANK:
                assert not on_it, (planet, on_it)
            else:
                assert dict(on_it) == {base_unit(s.player(owner).side): 1}, (planet, owner, on_it)

    @invariant()
    def cash_is_never_negative_and_no_debt_is_open(self) -> None:
        """Nobody goes bankrupt: every credit came from the bank, no player holds less than nothing, and no debt
        is ever left open."""
        s = self.game.state
        assert s.ledger.total(CREDITS) == 0
        assert all(s.cash(p.id) >= 0 for p in s.players)
        assert not s.debts and not any(p.retired for p in s.players)

    @invariant()
    def the_game_ends_exactly_when_every_planet_space_holds_a_base(self) -> None:
        """Over exactly when no planet space is the bank's; the winner is then of the side with more Bases (or,
        level, of the side holding the highest-placed one)."""
        s = self.game.state
        full = all(s.owner(p) != BANK for p in PLANET_IDS)
        assert s.over == full
        if s.over:
            assert not s.decisions and s.ranking
            counts = {side: sum(1 for p in PLANET_IDS if s.player(s.owner(p)).side == side)
                      for side in ("rebel", "empire")}
            winner = s.player(str(s.ranking[0]["player"])).side
            assert counts[winner] >= max(counts.values())

    @invariant()
    def force_cards_are_conserved(self) -> None:
        """Each deck's 18 cards are face down in the deck, face up on its discard pile or in a hand."""
        s = self.game.state
        players = {p.id for p in s.players}
        for deck in ("rebel", "empire"):
            holders = dict(s.ledger.holders(hand_unit(deck)))
            assert sum(holders.values()) == DECK_SIZE, (deck, holders)
            assert set(holders) <= {BANK, discard_account(deck)} | players, holders

    @invariant()
    def no_card_is_seen_in_more_copies_than_the_box_holds(self) -> None:
        """The copies of each card seen in hands and on the discard pile never outnumber the copies the box holds,
        and a hand or a discard pile never holds more cards seen than cards."""
        s = self.game.state
        for deck in ("rebel", "empire"):
            seen_in: dict[str, int] = defaultdict(int)
            for side in ("rebel", "empire"):
                for half, (count, _) in HALVES.items():
                    unit = seen_unit(deck, f"{half}-{side}")
                    out = {a: n for a, n in s.ledger.holders(unit) if a != unseen_account(deck)}
                    assert sum(out.values()) <= count, (unit, out)
                    for account, n in out.items():
                        seen_in[account] += n
            assert all(n <= s.ledger.balance(a, hand_unit(deck)) for a, n in seen_in.items()), (deck, seen_in)

    @invariant()
    def a_rent_window_is_a_marker_beside_the_rent_paid(self) -> None:
        """A payer has at most one window to say no to a rent, owed to another player, of a positive amount; it
        is the bank's marker, never money: every credit is a player's, the bank's or a marker."""
        s = self.game.state
        windows = held_rents(s)
        players = {p.id for p in s.players}
        assert all(owner != payer and {owner, payer} <= players and amount > 0 for owner, payer, amount in windows)
        assert len({payer for _, payer, _ in windows}) == len(windows), windows
        markers = {held_rent_account(owner, payer) for owner, payer, _ in windows}
        assert set(s.ledger.holding(CREDITS)) <= players | {BANK} | markers, dict(s.ledger.holding(CREDITS))

    @invariant()
    def no_rent_window_is_open_once_the_game_is_over(self) -> None:
        """Nobody may say no to a rent paid once the game has ended."""
        assert not (self.game.state.over and held_rents(self.game.state))

    def check_replay(self) -> None:
        """The journalled commands (undo entries included) rebuild the identical state."""
        game = self.game
        again = replay_game(game.edition, game.setup, [(e.command, e.at) for e in game.entries[1:] if e.command])
        assert again.state.snapshot() == game.state.snapshot()

    def teardown(self) -> None:
        if hasattr(self, "game"):
            self.check_replay()


def test_random_games_keep_bases_cash_cards_and_the_end() -> None:
    """SW-SETUP-1, SW-BUY-1, SW-BOUNTY-1, SW-CASH-1, SW-END-1, SW-FORCE-5, SW-FORCE-6, SW-FORCE-7, SW-FORCE-8:
    random games of one against one, one against two and two against two through accepted commands (cards
    aimed at one player among them) keep every invariant (see :class:`StarWarsMachine`): Bases conserved and one
    per planet space, cash never negative and no debt, the end exactly when the last planet space is taken,
    Force cards conserved and never seen in more copies than the box holds, a rent window a marker alone and never
    outliving a roll nor the game, the journal replayed to the same state."""
    run_state_machine_as_test(StarWarsMachine, settings=settings(deadline=None, max_examples=30,
                                                                 stateful_step_count=400))
