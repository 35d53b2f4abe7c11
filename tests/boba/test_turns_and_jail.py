"""Turns, doubles, GO, Free Parking and Jail in the Boba Fett edition (BF-TURN-*, BF-GO-*, BF-FREE-*, BF-JAIL-*).

Test box (tests/boba/helpers.py has the whole board): 0 GO, 10 Jail / Just Visiting, 20 Free Parking, 30 Go To
Jail; space 7 is a Pursuit Craft space ("to-jail" sends to Jail), 9 and 17 are Bounty Hunter spaces ("jail-free"
is kept, "reward" pays 100); 4 is the Sarlacc Pit (200). The rule book: 1,500 each, 200 at GO, a 50 fine.
"""

from __future__ import annotations

import pytest

from companion.engine.game import Game

from .helpers import cash, give_deeds, play, quiet_turn, rejected
from .testbox import new_game

JAIL = 10
FENNEC_IDLE = (10, 20, 29)  # fennec's quiet turns: 0 -> 10 (visiting), -> 20 (Free Parking), -> 29 (left unbid)


def din_sent_to_jail(game: Game) -> None:
    """Din's first turn: 3+4 to the Pursuit Craft space 7, the card "to Jail", end. Fennec has the dice."""
    play(game, "roll din 3 4", "card din to-jail", "end din")
    assert game.state.player("din").in_jail


def din_jailed_on_his_turn() -> Game:
    """A 2-player game where din went to Jail on his first turn and fennec has taken a quiet turn: din's first
    turn in Jail starts."""
    game = new_game()
    din_sent_to_jail(game)
    quiet_turn(game, "fennec", FENNEC_IDLE[0])
    return game


def din_fails_in_jail(game: Game, turns: int) -> None:
    """Din (in Jail) rolls 1+2 on ``turns`` turns in a row; fennec takes a quiet turn after each."""
    for i in range(turns):
        play(game, "roll din 1 2", "end din")
        quiet_turn(game, "fennec", FENNEC_IDLE[i + 1])


def din_to_29(game: Game) -> None:
    """Din: 5+5 to 10, 5+5 to 20, 4+5 to 29 (left unbid), end; fennec: a quiet turn to 10."""
    play(game, "roll din 5 5", "roll din 5 5", "roll din 4 5", "decline din", "close", "end din")
    quiet_turn(game, "fennec", FENNEC_IDLE[0])
    assert (game.state.player("din").position, cash(game, "din")) == (29, 1500)


# ---------------------------------------------------------------- turns and doubles


def test_a_roll_moves_the_token_forward_and_just_visiting_moves_on() -> None:
    """BF-TURN-3, BF-JAIL-2: 4+6 takes din from GO to 10, Just Visiting: not in Jail, nothing to pay; next turn
    4+6 takes him on to 20."""
    game = new_game()
    play(game, "roll din 4 6")
    din = game.state.player("din")
    assert (din.position, din.in_jail, cash(game, "din")) == (JAIL, False, 1500)
    play(game, "end din")
    quiet_turn(game, "fennec", 10)
    play(game, "roll din 4 6")
    assert game.state.player("din").position == 20


def test_a_turn_ends_only_after_the_roll_and_the_space_is_settled() -> None:
    """BF-TURN-6, BF-BUY-1: no ending before the roll; 1+5 lands on a character nobody holds (space 6), and the
    turn cannot end until it is collected or declined."""
    game = new_game()
    assert rejected(game, "end din") == ["turn/not-rolled"]
    play(game, "roll din 1 5")
    assert rejected(game, "end din") == ["turn/decision-open"]
    play(game, "decline din", "close", "end din")
    assert game.state.turn.player == "fennec"


def test_play_passes_to_the_left_and_wraps_around() -> None:
    """BF-TURN-2: with three players the dice go din, fennec, bossk, then back to din."""
    game = new_game(3)
    for player in ("din", "fennec", "bossk"):
        assert game.state.turn.player == player
        quiet_turn(game, player, 10)
    assert (game.state.turn.player, game.state.turn.number) == ("din", 4)


def test_doubles_roll_again() -> None:
    """BF-TURN-4: 5+5 to 10, then din must roll again (he cannot end); 4+6 to 20 is no double: no third roll."""
    game = new_game()
    play(game, "roll din 5 5")
    assert game.state.player("din").position == 10
    assert rejected(game, "end din") == ["turn/roll-again"]
    play(game, "roll din 4 6")
    assert game.state.player("din").position == 20
    assert rejected(game, "roll din 1 2") == ["turn/already-rolled"]
    play(game, "end din")


def test_third_double_sends_to_jail_without_moving() -> None:
    """BF-TURN-5, BF-JAIL-1: 5+5 (to 10), 5+5 (to 20), 6+6: the third double takes din straight to Jail instead of
    to 32, with no GO money, and his turn is over."""
    game = new_game()
    play(game, "roll din 5 5", "roll din 5 5", "roll din 6 6")
    din = game.state.player("din")
    assert (din.position, din.in_jail, cash(game, "din")) == (JAIL, True, 1500)
    assert rejected(game, "roll din 1 2") == ["turn/already-rolled"]
    play(game, "end din")
    assert game.state.turn.player == "fennec"


# ---------------------------------------------------------------- GO and Free Parking


def test_landing_on_go_pays_200() -> None:
    """BF-GO-1: from 29, 5+6 lands exactly on GO: the Depository pays din 200."""
    game = new_game()
    din_to_29(game)
    play(game, "roll din 5 6")
    assert game.state.player("din").position == 0
    assert cash(game, "din") == 1500 + 200  # landed on GO


def test_passing_go_pays_200_once() -> None:
    """BF-GO-1: from 39, 3+4 moves past GO to 6: 200 once."""
    game = new_game()
    din_to_29(game)
    play(game, "roll din 4 6", "decline din", "close", "end din")  # 29 -> 39, left unbid
    quiet_turn(game, "fennec", FENNEC_IDLE[1])
    play(game, "roll din 3 4")
    assert game.state.player("din").position == 6
    assert cash(game, "din") == 1500 + 200  # passed GO once


def test_free_parking_pays_nothing_even_after_taxes() -> None:
    """BF-FREE-1, BF-TIPS-5: din pays the Sarlacc Pit's 200 to the Depository; fennec later stops on Free
    Parking and receives nothing."""
    game = new_game()
    play(game, "roll din 1 3", "end din")  # 0 -> 4, the Sarlacc Pit
    assert cash(game, "din") == 1500 - 200
    quiet_turn(game, "fennec", 10)
    quiet_turn(game, "din", 10)
    play(game, "roll fennec 4 6")  # 10 -> 20
    assert game.state.player("fennec").position == 20
    assert cash(game, "fennec") == 1500
    play(game, "end fennec")


# ---------------------------------------------------------------- going to Jail


def test_landing_on_go_to_jail() -> None:
    """BF-JAIL-1: din rolls 5+5 to 20 and 5+5 again to 30, Go To Jail: straight into Jail with no GO money, and
    the doubles give him no further roll: his turn is over."""
    game = new_game()
    quiet_turn(game, "din", 10)
    quiet_turn(game, "fennec", 10)
    play(game, "roll din 5 5", "roll din 5 5")
    din = game.state.player("din")
    assert (din.position, din.in_jail, cash(game, "din")) == (JAIL, True, 1500)
    assert rejected(game, "roll din 1 2") == ["turn/already-rolled"]
    play(game, "end din")


def test_a_card_sends_to_jail() -> None:
    """BF-JAIL-1: the Pursuit Craft card "to Jail" (a test card) moves din from 7 into Jail; no GO money."""
    game = new_game()
    din_sent_to_jail(game)
    din = game.state.player("din")
    assert (din.position, din.jail_turns, cash(game, "din")) == (JAIL, 0, 1500)


def test_a_card_to_jail_from_beyond_go_pays_no_go_money() -> None:
    """BF-JAIL-1: from 29, 3+4 takes din to the Pursuit Craft space 36; "to Jail" moves him on past GO into Jail
    without the 200."""
    game = new_game()
    din_to_29(game)
    play(game, "roll din 3 4", "card din to-jail")
    din = game.state.player("din")
    assert (din.position, din.in_jail, cash(game, "din")) == (JAIL, True, 1500)


# ---------------------------------------------------------------- ways out


def test_fine_at_the_start_of_the_first_jail_turn() -> None:
    """BF-JAIL-4: din pays 50 before rolling, is free, and rolls and moves: 4+6 to 20."""
    game = new_game()
    din_sent_to_jail(game)
    assert rejected(game, "fine din") == ["turn/not-your-turn"]
    quiet_turn(game, "fennec", FENNEC_IDLE[0])
    play(game, "fine din")
    assert not game.state.player("din").in_jail
    play(game, "roll din 4 6")
    assert (game.state.player("din").position, cash(game, "din")) == (20, 1500 - 50)


@pytest.mark.parametrize("failed", [1, 2])
def test_fine_at_the_start_of_the_second_or_third_jail_turn(failed: int) -> None:
    """BF-JAIL-4: after one or two failed rolls the fine may still be paid before the next roll."""
    game = din_jailed_on_his_turn()
    din_fails_in_jail(game, failed)
    assert game.state.player("din").jail_turns == failed
    play(game, "fine din", "roll din 4 6")
    assert (game.state.player("din").position, cash(game, "din")) == (20, 1500 - 50)


def test_no_fine_after_the_roll() -> None:
    """BF-JAIL-4: the fine belongs to the start of the turn; after a failed roll it is refused."""
    game = din_jailed_on_his_turn()
    play(game, "roll din 1 2")
    assert rejected(game, "fine din") == ["jail/after-roll"]


def test_after_the_fine_the_roll_is_normal_and_doubles_roll_again() -> None:
    """BF-JAIL-4, BF-TURN-4: after paying, 5+5 moves din to 20 and, being doubles, gives him another roll."""
    game = din_jailed_on_his_turn()
    play(game, "fine din", "roll din 5 5", "roll din 4 5")  # 10 -> 20 -> 29
    assert (game.state.player("din").position, cash(game, "din")) == (29, 1500 - 50)


def test_doubles_free_the_prisoner_who_moves_and_does_not_roll_again() -> None:
    """BF-JAIL-6: on his first Jail turn din rolls 5+5: free, moved to 20, no fine, and no further roll."""
    game = din_jailed_on_his_turn()
    play(game, "roll din 5 5")
    din = game.state.player("din")
    assert (din.position, din.in_jail, cash(game, "din")) == (20, False, 1500)
    assert rejected(game, "roll din 1 2") == ["turn/already-rolled"]
    play(game, "end din")


def test_a_failed_roll_keeps_the_prisoner_in_jail() -> None:
    """BF-JAIL-7: 1+2 is no double: din stays in Jail, one of his three tries used."""
    game = din_jailed_on_his_turn()
    play(game, "roll din 1 2")
    din = game.state.player("din")
    assert (din.position, din.in_jail, din.jail_turns, cash(game, "din")) == (JAIL, True, 1, 1500)
    assert rejected(game, "roll din 1 2") == ["turn/already-rolled"]


def test_third_failed_roll_pays_the_fine_and_moves() -> None:
    """BF-JAIL-7: three failed rolls (1+2 each): the third time din pays 50 and moves 3, to 13."""
    game = din_jailed_on_his_turn()
    din_fails_in_jail(game, 2)
    play(game, "roll din 1 2")
    din = game.state.player("din")
    assert (din.position, din.in_jail) == (13, False)
    assert cash(game, "din") == 1500 - 50  # the fine after the third failure


def test_jail_free_card_is_kept_used_and_goes_back_to_its_deck() -> None:
    """BF-JAIL-5, BF-CARD-3: din keeps the Bounty Hunter "jail-free" card; while he holds it nobody can draw it;
    he uses it at the start of a Jail turn, rolls and moves; afterwards the card can be drawn again."""
    game = new_game()
    play(game, "roll din 3 6", "card din jail-free", "end din")  # 0 -> 9, Bounty Hunter
    assert game.state.player("din").jail_cards == ["bounty-hunter"]
    play(game, "roll fennec 3 6")  # 0 -> 9
    assert rejected(game, "card fennec jail-free") == ["card/held"]
    play(game, "card fennec reward", "end fennec")
    play(game, "roll din 2 3", "card din to-jail", "end din")  # 9 -> 14, Pursuit Craft
    quiet_turn(game, "fennec", 13)
    play(game, "jail-card din")
    din = game.state.player("din")
    assert (din.in_jail, din.jail_cards) == (False, [])
    play(game, "roll din 4 6", "end din")  # 10 -> 20
    assert (game.state.player("din").position, cash(game, "din")) == (20, 1500)
    play(game, "roll fennec 1 3", "card fennec jail-free")  # 13 -> 17, Bounty Hunter: the card is back
    assert game.state.player("fennec").jail_cards == ["bounty-hunter"]


def test_a_jail_free_card_bought_from_another_player() -> None:
    """BF-JAIL-5, BF-CARD-4, BF-TRADE-2: fennec draws the card; din, in Jail, buys it for 30 and uses it before
    rolling."""
    game = new_game()
    din_sent_to_jail(game)
    play(game, "roll fennec 3 6", "card fennec jail-free", "end fennec")
    assert rejected(game, "jail-card din") == ["jail/no-card"]
    play(game, "propose din fennec give=cash:30 get=card:bounty-hunter", "accept fennec", "jail-card din",
         "roll din 4 6")
    assert game.state.player("din").position == 20
    assert (cash(game, "din"), cash(game, "fennec")) == (1500 - 30, 1500 + 30)  # the card sold for 30


def test_a_prisoner_still_collects_bids_builds_makes_inactive_and_trades() -> None:
    """BF-JAIL-3, BF-SIGIL-2: while din sits in Jail he wins an auction, asks fennec for payment, adds a Sigil,
    makes a piece of equipment inactive and sells another one to fennec."""
    game = new_game()
    give_deeds(game, "din", "space-11", "space-13", "space-5", "space-15")  # TEST-ONLY: colour set 3, equipment
    din_sent_to_jail(game)
    play(game, "roll fennec 1 5", "decline fennec", "bid din 10", "close", "end fennec")  # 0 -> 6
    assert game.state.owner("space-6") == "din"
    play(game, "roll din 1 2", "end din")  # stays in Jail
    play(game, "roll fennec 2 3", "claim din fennec")  # 6 -> 11: set 3 full, 2 x 30
    play(game, "build din space-11", "mortgage din space-15")
    play(game, "propose din fennec give=deed:space-5 get=cash:150", "accept fennec")
    assert game.state.player("din").in_jail
    assert (game.state.houses("space-11"), "space-15" in game.state.mortgaged) == (1, True)
    assert cash(game, "din") == 1500 - 10 + 60 - 100 + 100 + 150  # bid, payment, Sigil, inactive, sale
    assert cash(game, "fennec") == 1500 - 60 - 150
