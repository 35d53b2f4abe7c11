"""MONOPOLY GO! as a state machine: random games through only the commands the rules accept, checking after every
command that blocks are conserved, no stack is taller than a landmark or mixed in colour, the round's steps come
in order, the game ends exactly at the first landmark, nothing leaves the table without a way forward, and the
journal replays to the same state (GO-BLOCK-1, GO-BLOCK-3, GO-ORDER-1, GO-END-1)."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from companion.engine.commands import parse_command
from companion.engine.game import Game
from companion.rules import mechanic, replay_game
from companion.rules.go_state import STEPS, TRAY, block_unit, go, square_account
from companion.rules.mechanics.blocks import Blocks
from tests.go.testbox import made_up_box, start

COLOURS = ("brown", "light-blue", "pink", "orange", "red", "yellow", "green", "dark-blue")
TILES = ("money-bag", "go-button", "mr-monopoly", "shield")
EDITION = made_up_box()


def answers(game: Game) -> list[str]:
    """Every command that might settle what is open now, or play a kept tile (the rules keep those they accept)."""
    s = go(game.state)
    rules = mechanic(game, Blocks)
    ids = [p.id for p in s.active]
    lines = []
    for d in s.decisions:
        p = d.player
        others = [o for o in ids if o != p]
        lines += {
            "place": [f"place {p} {c} {n}".strip() for c in COLOURS for n in ("", *map(str, rules.squares()))],
            "chance": [f"chance {p} {t}" for t in TILES],
            "go": [f"go {p} {c}" for c in ("block", "heist", "shut-down")],
            "heist": [f"heist {p} {o}" for o in others] + [f"pass {p}"],
            "dial": [f"dial {p} {x}" for x in ("ring", "money", "coin")]
            + [f"dials {p} {x}" for x in ("match", "miss")],
            "steal": [f"steal {p} {n} {m}".strip() for n in rules.squares() for m in ("", "1", "2", "3", "4")],
            "shut-down": [f"shut-down {p} {o} {n}" for o in others for n in rules.squares()] + [f"pass {p}"],
            "shield": [f"shield {p}", f"no-shield {p}"],
            "mega": [f"mega {p} {c}" for c in COLOURS] + [f"pass {p}"],
        }[d.kind]
    for p in ids:
        lines += [f"tile {p} go-button {c}" for c in ("block", "heist", "shut-down")] + [f"tile {p} mr-monopoly"]
    return [line for line in lines if not game.validate(parse_command(line))]


class GoMachine(RuleBasedStateMachine):
    """Random rounds of MONOPOLY GO! on the made-up box."""

    game: Game

    @initialize(players=st.integers(2, 4))
    def seat(self, players: int) -> None:
        self.game = start(players, EDITION)

    @rule(data=st.data())
    def play_on(self, data: st.DataObject) -> None:
        if self.game.state.over:
            return
        s = go(self.game.state)
        choices = answers(self.game)
        if s.step in ("first-roll", "roll") and not s.decisions:
            dice = data.draw(st.lists(st.integers(1, 6), min_size=len(s.active), max_size=len(s.active)))
            choices.append(f"roll {s.turn.player} {' '.join(map(str, dice))}")
        assert choices, f"stuck in step {s.step} with {s.decisions}"
        line = data.draw(st.sampled_from(choices))
        self.game.apply(parse_command(line))

    @invariant()
    def blocks_are_conserved_and_stacks_are_whole(self) -> None:
        game = self.game
        s = game.state
        rules = mechanic(game, Blocks)
        for colour in COLOURS:
            on_boards = sum(s.ledger.balance(square_account(p.id, n), block_unit(colour))
                            for p in s.players for n in rules.squares())
            assert s.ledger.balance(TRAY, block_unit(colour)) + on_boards == 5
        for p in s.players:
            for n in rules.squares():
                held = s.ledger.holdings(square_account(p.id, n))
                assert len(held) <= 1 and sum(held.values()) <= 4

    @invariant()
    def the_steps_come_in_order(self) -> None:
        s = go(self.game.state)
        assert all(d.data.get("step") == s.step for d in s.decisions)
        order = mechanic(self.game, Blocks).clockwise_from_roller(s)
        ranks = [(STEPS.index(a.step), a.what == "mega", order.index(a.player)) for a in s.acts]
        assert ranks == sorted(ranks)
        if s.step == "mega":
            assert all(a.step == "mega" for a in s.acts)

    @invariant()
    def the_game_ends_exactly_at_the_first_landmark(self) -> None:
        s = go(self.game.state)
        built = mechanic(self.game, Blocks).landmarks(s)
        if s.over:
            assert s.winners and set(s.winners) <= set(built)
        else:
            assert not built or s.step == "place"

    def teardown(self) -> None:
        if not hasattr(self, "game"):
            return
        commands = [(e.command, e.at) for e in self.game.entries[1:] if e.command is not None]
        again = replay_game(EDITION, self.game.setup, commands)
        assert again.state.snapshot() == self.game.state.snapshot()


def test_random_games_keep_blocks_stacks_order_and_the_end() -> None:
    """GO-BLOCK-1, GO-BLOCK-3, GO-ORDER-1, GO-END-1: random games through accepted commands keep every invariant
    (see :class:`GoMachine`)."""
    run_state_machine_as_test(GoMachine, settings=settings(deadline=None, max_examples=30, stateful_step_count=150))
