"""Property: the buttons the table is offered are exactly what the engine accepts, and play never gets stuck.

Random games are played only by tapping offered actions: every enabled action must be accepted, every dimmed one
must be refused with at least one reason, and until the game is over there is always something enabled to tap
(turn actions, the auction's bids and close, and for a player in debt, selling and mortgaging).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.commands import parse_command
from companion.engine.game import Game
from companion.table.actions import Action, auction_view, deed_actions, turn_actions
from tests.rules.helpers import new_game


def offered(game: Game) -> list[Action]:
    """Everything a screen would show as a button right now."""
    actions = turn_actions(game)
    view = auction_view(game)
    if view is not None:
        actions += [view.close] + [a for b in view.bidders for a in (*b.raises, b.drop)]
    for debtor in {d.debtor for d in game.state.debts}:
        actions += [a for d in deed_actions(game, debtor) for a in d.actions]
    return actions


def command_for(action: Action, rng: random.Random) -> str:
    return f"{action.command} {rng.randint(1, 6)} {rng.randint(1, 6)}" if action.roll else action.command


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_offered_actions_match_the_engine_and_never_deadlock(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = new_game(players)
    for _ in range(250):
        if game.state.over:
            break
        actions = offered(game)
        enabled = [a for a in actions if a.enabled]
        assert enabled, f"stuck: nothing to tap; pending {game.describe()}"
        for a in actions:
            if not a.enabled:
                assert a.reasons, f"{a.key} is dimmed without a reason"
        choice = rng.choice(enabled)
        game.apply(parse_command(command_for(choice, rng)))  # raises if the engine refuses an enabled button
