"""End-of-game worth, part by part (OT-SHORT-9, OT-TIME-2): what the ranking shows the table.

Figures from board.toml: the Hoth deeds cost 100 / 100 / 120 with fighters at 50; the Reactor Core costs 150
and is mortgaged for 75; the TIE Fighter vessel costs 200.
"""

from __future__ import annotations

from companion.engine.game import Game
from companion.engine.state import Setup
from companion.rules import new_game, rules_of

from .builders_assets import HOTH, build_evenly, dealt, return_deeds, set_cash
from .helpers import edition, give_deeds, play, seat

LUKE = {"cash": 1000, "deeds": 100 + 100 + 120, "mortgaged": 150 // 2, "buildings": 3 * 50,
        "total": 1000 + 320 + 75 + 150}
VADER = {"cash": 1200, "deeds": 200, "mortgaged": 0, "buildings": 0, "total": 1400}


def _time_limit_game() -> Game:
    """Luke: 1000 cash, the Hoth group with a fighter on each deed, the Reactor Core mortgaged. Vader: 1200
    cash and the TIE Fighter. The dealt deeds go back to the bank first (test set-up)."""
    game = new_game(edition(), Setup(edition().id, "time-limit", [seat(0), seat(1)], seed=1, ends_at="21:30"))
    for pid in ("luke", "vader"):
        return_deeds(game, *dealt(game, pid))
    give_deeds(game, "luke", *HOTH, "reactor-core")  # TEST-ONLY gifts
    build_evenly(game, "luke", HOTH, 1)
    play(game, "mortgage luke reactor-core")
    set_cash(game, "luke", 1000)
    give_deeds(game, "vader", "tie-fighter")
    set_cash(game, "vader", 1200)
    return game


def test_worth_parts_add_cash_deeds_half_mortgaged_and_buildings() -> None:
    """OT-SHORT-9, OT-TIME-2: Luke is worth 1000 cash + 320 (Hoth at printed prices) + 75 (half the mortgaged
    Reactor Core's 150) + 150 (three fighters at 50) = 1545; the total is the final worth."""
    game = _time_limit_game()
    rules = rules_of(game)
    assert rules.worth_parts(game.state, "luke") == LUKE
    assert rules.worth_parts(game.state, "vader") == VADER
    assert rules.final_worth(game.state, "luke") == 1545


def test_ranking_rows_carry_the_parts_of_the_worth() -> None:
    """OT-TIME-2, OT-SHORT-9: at time-up each ranking row names the player, the worth and its parts, which add
    up to the worth."""
    game = _time_limit_game()
    play(game, "time-up")
    ranking = game.state.ranking
    assert ranking == [{"player": "luke", "worth": 1545, "parts": LUKE},
                       {"player": "vader", "worth": 1400, "parts": VADER}]
    for row in ranking:
        parts = row["parts"]
        assert parts["cash"] + parts["deeds"] + parts["mortgaged"] + parts["buildings"] == row["worth"]


def test_a_debt_still_open_at_time_up_counts_for_the_creditor_not_the_debtor() -> None:
    """OT-TIME-2, OT-SHORT-9: Luke, down to 10 credits, stops on Vader's TIE Fighter (rent 25 for one vessel)
    and cannot pay when time is up. The 25 he owes is Vader's: Luke is worth 10 + 320 + 75 + 150 - 25 = 530,
    Vader 1200 + 200 + 25 = 1425; a part ``debts`` shows it only while a debt is open."""
    game = _time_limit_game()
    set_cash(game, "luke", 10)
    play(game, "roll luke 2 3", "claim vader luke", "time-up")
    assert game.state.ranking == [
        {"player": "vader", "worth": 1425, "parts": {**VADER, "debts": 25, "total": 1425}},
        {"player": "luke", "worth": 530, "parts": {**LUKE, "cash": 10, "debts": -25, "total": 530}}]
