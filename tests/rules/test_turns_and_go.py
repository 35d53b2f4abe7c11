"""Turns, dice, the GO salary and Free Parking (OT-TURN-*, OT-GO-*, OT-FREE-1)."""

from __future__ import annotations

from companion.engine.events import TokenMoved
from companion.engine.game import Game

from .helpers import give_cash, give_deeds, new_game, play, rejected, roll_and_end

GO, JAIL = 0, 10


def to_imperial_palace(game: Game) -> None:
    """Luke's first turn up to the card: 3+4 -> Imperial (7), the card sends him to the Imperial Palace (39)
    without passing GO; he declines it and nobody bids. His cash stays 1500."""
    play(game, "roll luke 3 4", "card luke advance-to-imperial-palace", "decline luke", "close")
    assert game.state.player("luke").position == 39


def to_carbon_freezing_chamber(game: Game) -> None:
    """Luke's first turn: 3+4 -> Imperial (7), the card sends him to the third Cloud City space (24), which he
    declines (no bids). His cash stays 1500."""
    play(game, "roll luke 3 4", "card luke advance-to-cloud-city-3", "decline luke", "close")
    assert game.state.player("luke").position == 24


# ---------------------------------------------------------------- moving


def test_a_roll_moves_the_token_forward_by_the_dice_total() -> None:
    """OT-TURN-3: 3 + 4 moves the token 7 spaces forward, from GO to the first Imperial space."""
    game = new_game()
    events = play(game, "roll luke 3 4")
    assert TokenMoved("luke", 7, "dice") in events
    assert game.state.player("luke").position == 7
    assert game.describe()["decisions"][0]["kind"] == "card"  # OT-TURN-7: the space decides what happens


def test_play_passes_to_the_left_and_wraps_around() -> None:
    """OT-TURN-4: the turn passes in seating order, and after the last player back to the first."""
    game = new_game(3)
    assert game.state.turn.player == "luke"
    assert "turn/not-your-turn" in rejected(game, "roll vader 4 6")
    roll_and_end(game, "luke", "4 6")
    assert game.state.turn.player == "vader"
    roll_and_end(game, "vader", "4 6")
    assert game.state.turn.player == "han"
    roll_and_end(game, "han", "4 6")
    assert game.state.turn.player == "luke"


def test_a_turn_cannot_end_before_the_roll() -> None:
    """OT-TURN-3: a player must roll on their turn before handing over the dice."""
    game = new_game()
    assert rejected(game, "end luke") == ["turn/not-rolled"]


def test_a_player_rolls_only_once_without_doubles() -> None:
    """OT-TURN-3, OT-TURN-8: without doubles there is no second roll."""
    game = new_game()
    play(game, "roll luke 4 6")
    assert rejected(game, "roll luke 1 2") == ["turn/already-rolled"]


def test_tokens_move_on_from_where_they_stopped() -> None:
    """OT-TURN-5: next turn the token moves on from its space: 10, then 10 + 3 = 13."""
    game = new_game()
    roll_and_end(game, "luke", "4 6")
    roll_and_end(game, "vader", "5 6")
    play(game, "roll luke 1 2")
    assert game.state.player("luke").position == 13


def test_tokens_may_share_a_space() -> None:
    """OT-TURN-6, OT-JAIL-4: both tokens stop on the Jail corner (just visiting) and nothing happens."""
    game = new_game()
    roll_and_end(game, "luke", "4 6")
    roll_and_end(game, "vader", "4 6")
    assert game.state.player("luke").position == game.state.player("vader").position == JAIL
    assert not game.state.player("luke").in_jail and not game.state.player("vader").in_jail
    assert game.state.cash("luke") == game.state.cash("vader") == 1500


def test_just_visiting_moves_on_as_usual_next_turn() -> None:
    """OT-JAIL-4: a token that reached Jail by a normal roll leaves it by a normal roll."""
    game = new_game()
    roll_and_end(game, "luke", "4 6")
    roll_and_end(game, "vader", "5 6")
    assert rejected(game, "fine luke") == ["jail/not-in-jail"]
    play(game, "roll luke 1 2")  # no doubles needed: 10 + 3 = 13
    assert game.state.player("luke").position == 13


def test_an_unpaid_debt_blocks_every_roll() -> None:
    """OT-TURN-7 (interpretation): a player with an unpaid debt holds up play until it is paid."""
    game = new_game()
    give_cash(game, "luke", -1400)  # TEST-ONLY: luke holds 100
    give_deeds(game, "luke", "tie-fighter")  # TEST-ONLY gift: something to mortgage
    play(game, "roll luke 2 2", "tax luke flat")  # Docking Tax 200 > 100 in hand: a debt
    assert game.state.cash("luke") == 100
    assert [(d.debtor, d.amount) for d in game.state.debts] == [("luke", 200)]
    assert "turn/debt-open" in rejected(game, "roll luke 1 2")  # the doubles roll must wait
    play(game, "mortgage luke tie-fighter", "pay luke")  # 100 + mortgage 100 = 200, all paid
    assert game.state.cash("luke") == 0 and not game.state.debts
    play(game, "roll luke 1 2")
    assert game.state.player("luke").position == 7


# ---------------------------------------------------------------- doubles


def test_doubles_roll_again() -> None:
    """OT-TURN-8: after doubles (5+5 -> Jail, just visiting) the player must roll again before ending."""
    game = new_game()
    play(game, "roll luke 5 5")
    assert game.state.player("luke").position == JAIL
    assert rejected(game, "end luke") == ["turn/roll-again"]
    assert "turn/not-your-turn" in rejected(game, "roll vader 1 2")
    play(game, "roll luke 1 2")
    assert game.state.player("luke").position == 13
    play(game, "decline luke", "close", "end luke")
    assert game.state.turn.player == "vader"


def test_doubles_first_settle_the_space_then_roll_again() -> None:
    """OT-TURN-8: the space landed on by doubles is dealt with first (3+3 -> Frozen Plains, price 100)."""
    game = new_game()
    play(game, "roll luke 3 3")
    assert "turn/decision-open" in rejected(game, "roll luke 1 2")
    play(game, "buy luke", "roll luke 1 2")  # 6 + 3 = 9
    assert game.state.player("luke").position == 9
    assert game.state.cash("luke") == 1500 - 100


def test_three_doubles_send_to_jail_without_moving() -> None:
    """OT-TURN-9, OT-JAIL-1, OT-JAIL-3: 5+5 (10), 5+5 (20), then 6+6 goes to Jail, not to 32; turn over."""
    game = new_game()
    play(game, "roll luke 5 5", "roll luke 5 5")
    assert game.state.player("luke").position == 20
    events = play(game, "roll luke 6 6")
    luke = game.state.player("luke")
    assert (luke.position, luke.in_jail, luke.jail_turns) == (JAIL, True, 0)
    assert not any(isinstance(e, TokenMoved) and e.how == "dice" for e in events)
    assert game.state.cash("luke") == 1500
    assert rejected(game, "roll luke 1 2") == ["turn/already-rolled"]
    play(game, "end luke")
    assert game.state.turn.player == "vader"


def test_third_double_pays_no_go_salary_even_if_it_would_pass_go() -> None:
    """OT-TURN-9, OT-JAIL-2: from 35, a third double of 3+3 would pass GO; the token goes to Jail, no 200."""
    game = new_game()
    roll_and_end(game, "luke", "5 6")  # 11
    roll_and_end(game, "vader", "4 6")
    play(game, "roll luke 6 6", "decline luke", "close")  # 23
    play(game, "roll luke 6 6", "decline luke", "close")  # 35
    assert game.state.player("luke").position == 35
    play(game, "roll luke 3 3")
    assert game.state.player("luke").position == JAIL and game.state.player("luke").in_jail
    assert game.state.cash("luke") == 1500


def test_doubles_count_restarts_each_turn() -> None:
    """OT-TURN-9: only doubles in a row in ONE turn count: two last turn and one now is no Jail."""
    game = new_game()
    play(game, "roll luke 5 5", "roll luke 5 5")  # 10, 20
    play(game, "roll luke 1 2", "decline luke", "close", "end luke")  # 23
    roll_and_end(game, "vader", "4 6")
    play(game, "roll luke 3 3")  # 23 + 6 = 29
    luke = game.state.player("luke")
    assert (luke.position, luke.in_jail) == (29, False)
    assert game.state.turn.roll_again


# ---------------------------------------------------------------- GO


def test_passing_go_by_dice_pays_200_once() -> None:
    """OT-GO-1, OT-GO-2: from 39, 1+2 passes GO to 2: exactly one salary of 200."""
    game = new_game()
    to_imperial_palace(game)
    play(game, "end luke")
    roll_and_end(game, "vader", "4 6")
    play(game, "roll luke 1 2")
    assert game.state.player("luke").position == 2
    assert game.state.cash("luke") == 1500 + 200


def test_landing_on_go_by_dice_pays_200() -> None:
    """OT-GO-1: from 33, 3+4 lands exactly on GO: 200."""
    game = new_game()
    to_carbon_freezing_chamber(game)
    play(game, "end luke")
    roll_and_end(game, "vader", "4 6")
    play(game, "roll luke 4 5", "card luke contest-prize", "end luke")  # 24 + 9 = 33 (Rebel): +10
    roll_and_end(game, "vader", "4 6")
    before = game.state.cash("luke")
    assert before == 1510
    play(game, "roll luke 3 4")
    assert game.state.player("luke").position == GO
    assert game.state.cash("luke") == before + 200
    assert game.describe()["decisions"] == []


def test_a_card_to_go_pays_200() -> None:
    """OT-GO-1: "advance to GO" from the Imperial space at 7: the token lands on GO and collects 200."""
    game = new_game()
    play(game, "roll luke 3 4", "card luke advance-to-go")
    assert game.state.player("luke").position == GO
    assert game.state.cash("luke") == 1700


def test_a_card_move_past_go_pays_200() -> None:
    """OT-GO-1: from the Imperial space at 36, "advance to the first Tatooine space" (11) passes GO: 200."""
    game = new_game()
    to_carbon_freezing_chamber(game)
    play(game, "end luke")
    roll_and_end(game, "vader", "4 6")
    play(game, "roll luke 6 6", "card luke advance-to-tatooine-1")  # 24 + 12 = 36
    assert game.state.player("luke").position == 11
    assert game.state.cash("luke") == 1500 + 200


def test_a_card_move_that_does_not_pass_go_pays_nothing() -> None:
    """OT-GO-1: from the Imperial space at 7 the same card (to 11) does not pass GO: no salary."""
    game = new_game()
    play(game, "roll luke 3 4", "card luke advance-to-tatooine-1")
    assert game.state.player("luke").position == 11
    assert game.state.cash("luke") == 1500


def test_rulebook_example_pass_go_then_rebel_card_to_go_pays_twice() -> None:
    """OT-GO-3: roll past GO onto the Rebel space 2 past it, draw the trip to GO: 200 + 200."""
    game = new_game()
    to_imperial_palace(game)
    play(game, "end luke")
    roll_and_end(game, "vader", "4 6")
    play(game, "roll luke 1 2")  # 39 + 3 = 42 -> 2, Rebel
    assert game.describe()["decisions"][0]["deck"] == "rebel"
    play(game, "card luke advance-to-go")
    assert game.state.player("luke").position == GO
    assert game.state.cash("luke") == 1500 + 200 + 200


def test_rulebook_example_pass_go_then_imperial_card_to_go_pays_twice() -> None:
    """OT-GO-3: roll past GO onto the Imperial space 7 past it, draw the trip to GO: 200 + 200."""
    game = new_game()
    to_imperial_palace(game)
    play(game, "end luke")
    roll_and_end(game, "vader", "4 6")
    play(game, "roll luke 3 5")  # 39 + 8 = 47 -> 7, Imperial
    assert game.describe()["decisions"][0]["deck"] == "imperial"
    play(game, "card luke advance-to-go")
    assert game.state.cash("luke") == 1500 + 200 + 200


# ---------------------------------------------------------------- Free Parking


def test_free_parking_gives_nothing() -> None:
    """OT-FREE-1: after a tax went to the Bank, landing on Free Parking still pays and asks nothing."""
    game = new_game()
    roll_and_end(game, "luke", "4 6")  # 10
    play(game, "roll vader 2 2", "tax vader flat", "roll vader 2 4", "end vader")  # tax 200 paid to the bank
    assert game.state.cash("vader") == 1300
    play(game, "roll luke 4 6")  # 10 + 10 = 20
    assert game.state.player("luke").position == 20
    assert game.state.cash("luke") == 1500
    pending = game.describe()
    assert pending["decisions"] == [] and pending["debts"] == [] and pending["rent_claims"] == []
    play(game, "end luke")
