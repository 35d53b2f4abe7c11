"""Docking Tax and Bounty (OT-TAX-*, OT-EDITION-11)."""

from __future__ import annotations

import pytest

from companion.engine.game import Game
from companion.engine.ledger import BANK, CREDITS

from .helpers import give_cash, give_deeds, new_game, play, refusal, rejected, roll_and_end


def bank(game: Game) -> int:
    """The Bank's credits."""
    return game.state.ledger.balance(BANK, CREDITS)


def test_docking_tax_asks_how_to_pay() -> None:
    """OT-TAX-1, OT-TAX-3: 2+2 lands on Docking Tax (4): the player must choose before anything else."""
    game = new_game()
    play(game, "roll luke 2 2")
    assert [d.kind for d in game.state.decisions] == ["tax"]
    assert "turn/decision-open" in rejected(game, "roll luke 1 2")
    assert rejected(game, "tax luke half") == ["tax/choice"]
    assert rejected(game, "tax vader flat") == ["decision/no-tax"]
    assert refusal(game, "pay luke").violations[0].message == (
        "Luke owes nothing: Luke must first choose how to pay the Docking Tax (flat or worth).")
    assert game.state.cash("luke") == 1500


def test_docking_tax_flat_200() -> None:
    """OT-TAX-1: the flat choice costs 200, paid to the Bank."""
    game = new_game()
    before = bank(game)
    play(game, "roll luke 2 2", "tax luke flat")
    assert game.state.cash("luke") == 1300
    assert bank(game) == before + 200
    assert rejected(game, "tax luke worth") == ["decision/no-tax"]  # paid once, and the choice is final


def test_docking_tax_ten_percent_of_cash_only() -> None:
    """OT-TAX-1, OT-TAX-2: with 1500 in cash and nothing else, 10 % is 150."""
    game = new_game()
    play(game, "roll luke 2 2", "tax luke worth")
    assert game.state.cash("luke") == 1500 - 150


def test_the_choice_binds_even_when_the_other_was_cheaper() -> None:
    """OT-TAX-3: luke picks flat before adding up; 10 % would have been 150, he still pays 200."""
    game = new_game()
    play(game, "roll luke 2 2", "tax luke flat")
    assert game.state.cash("luke") == 1500 - 200


def test_worth_counts_cash_printed_prices_mortgaged_deeds_and_starships() -> None:
    """OT-TAX-2: cash 1500 + Yoda's Hut 60 + Swamp 60 + TIE Fighter 200 (mortgaged, still counted at its
    printed price) + two fighters at 50 = 1920; 10 % = 192."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut", "dagobah-swamp", "tie-fighter")  # TEST-ONLY gift
    play(game, "build luke dagobah-yodas-hut", "build luke dagobah-swamp")  # -100
    play(game, "mortgage luke tie-fighter")  # +100
    assert game.state.cash("luke") == 1500
    play(game, "roll luke 2 2", "tax luke worth")
    assert game.state.cash("luke") == 1500 - 192


def test_worth_counts_a_freighter_at_what_it_cost() -> None:
    """OT-TAX-2: four fighters on Yoda's Hut and a freighter on the Swamp cost 9 x 50 = 450; cash
    1500 - 450 = 1050; worth 1050 + 60 + 60 + 450 = 1620; 10 % = 162."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut", "dagobah-swamp")  # TEST-ONLY gift
    for _ in range(4):
        play(game, "build luke dagobah-yodas-hut", "build luke dagobah-swamp")
    play(game, "build luke dagobah-swamp")
    assert game.state.cash("luke") == 1050
    play(game, "roll luke 2 2", "tax luke worth")
    assert game.state.cash("luke") == 1050 - 162


def test_other_players_holdings_do_not_count() -> None:
    """OT-TAX-2: only the payer's own worth counts: vader's Coruscant deeds change nothing for luke."""
    game = new_game()
    give_deeds(game, "vader", "coruscant-monument-square", "coruscant-imperial-palace")  # TEST-ONLY gift
    play(game, "roll luke 2 2", "tax luke worth")
    assert game.state.cash("luke") == 1500 - 150


@pytest.mark.parametrize(("cash", "tax"), [(1505, 151), (1501, 151), (1499, 150), (1510, 151)])
def test_ten_percent_is_rounded_up(cash: int, tax: int) -> None:
    """OT-TAX-1 (interpretation): 150.5 -> 151, 150.1 -> 151, 149.9 -> 150, 151 exactly -> 151."""
    game = new_game()
    give_cash(game, "luke", cash - 1500)  # TEST-ONLY: set luke's cash
    play(game, "roll luke 2 2", "tax luke worth")
    assert game.state.cash("luke") == cash - tax


def test_docking_tax_too_big_to_pay_becomes_a_debt() -> None:
    """OT-TAX-1, OT-TURN-7: 150 in hand and the flat 200 chosen: a debt to the Bank."""
    game = new_game()
    give_cash(game, "luke", -1350)  # TEST-ONLY: luke holds 150
    play(game, "roll luke 2 2", "tax luke flat")
    assert game.state.cash("luke") == 150
    assert [(d.creditor, d.amount) for d in game.state.debts] == [(BANK, 200)]


def to_bounty(game: Game) -> None:
    """Take luke to 35 by legal moves: card to 24, then 5+6; vader idles; luke is about to roll."""
    play(game, "roll luke 3 4", "card luke advance-to-cloud-city-3", "decline luke", "close", "end luke")
    roll_and_end(game, "vader", "4 6")
    roll_and_end(game, "luke", "5 6")  # 35: Star Destroyer, declined
    roll_and_end(game, "vader", "4 6")
    assert game.state.player("luke").position == 35


def test_bounty_costs_75() -> None:
    """OT-TAX-4, OT-EDITION-11: 1+2 from 35 lands on Bounty (38): 75 to the Bank, no choice to make."""
    game = new_game()
    to_bounty(game)
    before = bank(game)
    play(game, "roll luke 1 2")
    assert game.state.player("luke").position == 38
    assert game.state.cash("luke") == 1500 - 75
    assert bank(game) == before + 75
    assert game.state.decisions == []
    play(game, "end luke")


def test_bounty_too_big_to_pay_becomes_a_debt() -> None:
    """OT-TAX-4, OT-TURN-7: with 70 in hand the 75 Bounty is a debt that must be paid before the turn ends."""
    game = new_game()
    to_bounty(game)
    give_cash(game, "luke", -1430)  # TEST-ONLY: luke holds 70
    play(game, "roll luke 1 2")
    assert [(d.debtor, d.amount) for d in game.state.debts] == [("luke", 75)]
    assert "turn/debt-open" in rejected(game, "end luke")
