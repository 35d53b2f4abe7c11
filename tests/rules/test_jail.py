"""Jail: going in, the ways out, and what a prisoner may still do (OT-JAIL-*)."""

from __future__ import annotations

from companion.engine.events import JailChanged, RentDue
from companion.engine.game import Game

from .helpers import give_deeds, new_game, play, refusal, rejected, roll_and_end

JAIL = 10
VADER_IDLE = ["4 6", "4 6", "5 6"]  # vader's quiet turns: 10 (visiting), 20 (Free Parking), 31 (declined)


def luke_sent_to_jail(game: Game) -> None:
    """Luke's first turn: 3+4 to the Imperial space, "shuttle straight to Jail", end. Vader has the dice."""
    play(game, "roll luke 3 4", "card luke go-to-jail", "end luke")
    assert game.state.player("luke").in_jail


def to_carbon_freezing_chamber(game: Game) -> None:
    """Luke's first turn: the Imperial card takes him to 24 (declined, no bids); then vader idles."""
    play(game, "roll luke 3 4", "card luke advance-to-cloud-city-3", "decline luke", "close", "end luke")
    roll_and_end(game, "vader", VADER_IDLE[0])


def failed_jail_turns(game: Game, count: int) -> None:
    """Luke (in Jail) fails ``count`` rolls, 1+2 each, one per turn; vader idles in between."""
    for i in range(count):
        play(game, "roll luke 1 2", "end luke")
        roll_and_end(game, "vader", VADER_IDLE[i + 1])


# ---------------------------------------------------------------- going in


def test_landing_on_go_to_jail() -> None:
    """OT-JAIL-1, OT-JAIL-2: from 24, 2+4 lands on Go to Jail (30): straight into Jail, no salary."""
    game = new_game()
    to_carbon_freezing_chamber(game)
    play(game, "roll luke 2 4")
    luke = game.state.player("luke")
    assert (luke.position, luke.in_jail, luke.jail_turns) == (JAIL, True, 0)
    assert game.state.cash("luke") == 1500


def test_being_sent_to_jail_ends_the_turn_even_after_doubles() -> None:
    """OT-JAIL-3: from 24, 3+3 lands on Go to Jail: no roll for the doubles; the turn is over."""
    game = new_game()
    to_carbon_freezing_chamber(game)
    play(game, "roll luke 3 3")
    assert game.state.player("luke").in_jail
    assert rejected(game, "roll luke 1 2") == ["turn/already-rolled"]
    play(game, "end luke")
    assert game.state.turn.player == "vader"


def test_jail_card_from_beyond_go_pays_no_salary() -> None:
    """OT-JAIL-2: from the Imperial space at 36 the way to Jail runs past GO; still no 200."""
    game = new_game()
    to_carbon_freezing_chamber(game)
    play(game, "roll luke 6 6", "card luke go-to-jail")  # 24 + 12 = 36
    luke = game.state.player("luke")
    assert (luke.position, luke.in_jail) == (JAIL, True)
    assert game.state.cash("luke") == 1500
    assert rejected(game, "roll luke 1 2") == ["turn/already-rolled"]


def test_a_fine_cannot_be_paid_in_the_turn_you_were_sent() -> None:
    """OT-JAIL-3, OT-JAIL-9: the fine is paid before a roll on a later turn, not right after being sent."""
    game = new_game()
    play(game, "roll luke 3 4", "card luke go-to-jail")
    assert "jail/after-roll" in rejected(game, "fine luke")


# ---------------------------------------------------------------- way out 1: doubles


def test_doubles_free_the_prisoner_who_moves_at_once_without_another_roll() -> None:
    """OT-JAIL-5, OT-JAIL-6: on the first jail turn 2+2 frees luke; he moves 4 to 14 and does not roll again;
    no fine is paid."""
    game = new_game()
    luke_sent_to_jail(game)
    roll_and_end(game, "vader", VADER_IDLE[0])
    events = play(game, "roll luke 2 2")
    assert JailChanged("luke", False, 0) in events
    luke = game.state.player("luke")
    assert (luke.position, luke.in_jail) == (14, False)
    assert game.state.cash("luke") == 1500
    play(game, "decline luke", "close")
    assert rejected(game, "roll luke 1 2") == ["turn/already-rolled"]
    play(game, "end luke")


def test_a_failed_roll_keeps_the_prisoner_in_jail() -> None:
    """OT-JAIL-5: 1+2 is no doubles: luke stays in Jail, counts one jail turn, and his turn is over."""
    game = new_game()
    luke_sent_to_jail(game)
    roll_and_end(game, "vader", VADER_IDLE[0])
    play(game, "roll luke 1 2")
    luke = game.state.player("luke")
    assert (luke.position, luke.in_jail, luke.jail_turns) == (JAIL, True, 1)
    assert game.state.cash("luke") == 1500
    assert rejected(game, "roll luke 1 2") == ["turn/already-rolled"]
    play(game, "end luke")


def test_doubles_on_the_third_jail_turn_free_without_a_fine() -> None:
    """OT-JAIL-5: two failed turns, then 3+3 on the third: out, moved 6 to 16, no fine."""
    game = new_game()
    luke_sent_to_jail(game)
    roll_and_end(game, "vader", VADER_IDLE[0])
    failed_jail_turns(game, 2)
    play(game, "roll luke 3 3")
    luke = game.state.player("luke")
    assert (luke.position, luke.in_jail) == (16, False)
    assert game.state.cash("luke") == 1500


# ---------------------------------------------------------------- way out 4: the fine


def test_fine_before_rolling_on_the_first_jail_turn() -> None:
    """OT-JAIL-9: luke pays 50 before rolling (with ``fine``: ``pay`` settles debts and points to ``fine``), is
    free, and rolls normally: 1+2 to 13."""
    game = new_game()
    luke_sent_to_jail(game)
    assert rejected(game, "fine luke") == ["turn/not-your-turn"]
    roll_and_end(game, "vader", VADER_IDLE[0])
    said = refusal(game, "pay luke").violations[0].message
    assert said.endswith("(the Jail fine is not a debt: it is paid as the fine, before the roll).")
    play(game, "fine luke")
    assert not game.state.player("luke").in_jail
    assert game.state.cash("luke") == 1500 - 50
    play(game, "roll luke 1 2")
    assert game.state.player("luke").position == 13


def test_fine_before_rolling_on_the_second_jail_turn() -> None:
    """OT-JAIL-9: after one failed turn the fine may still be paid before rolling."""
    game = new_game()
    luke_sent_to_jail(game)
    roll_and_end(game, "vader", VADER_IDLE[0])
    failed_jail_turns(game, 1)
    play(game, "fine luke", "roll luke 1 2")
    assert (game.state.player("luke").position, game.state.cash("luke")) == (13, 1450)


def test_no_fine_after_the_roll() -> None:
    """OT-JAIL-9: the fine is paid before rolling, not after a failed roll in the same turn."""
    game = new_game()
    luke_sent_to_jail(game)
    roll_and_end(game, "vader", VADER_IDLE[0])
    play(game, "roll luke 1 2")
    assert rejected(game, "fine luke") == ["jail/after-roll"]


def test_no_fine_before_rolling_on_the_third_jail_turn() -> None:
    """OT-JAIL-9 (interpretation): on the third jail turn the fine cannot be paid up front; luke must roll."""
    game = new_game()
    luke_sent_to_jail(game)
    roll_and_end(game, "vader", VADER_IDLE[0])
    failed_jail_turns(game, 2)
    assert rejected(game, "fine luke") == ["jail/fine-too-late"]


def test_third_failed_roll_forces_the_fine_and_moves() -> None:
    """OT-JAIL-10: third jail turn, 1+2 again: the 50 fine is charged and luke moves 3 to 13."""
    game = new_game()
    luke_sent_to_jail(game)
    roll_and_end(game, "vader", VADER_IDLE[0])
    failed_jail_turns(game, 2)
    assert game.state.player("luke").jail_turns == 2
    play(game, "roll luke 1 2")
    luke = game.state.player("luke")
    assert (luke.position, luke.in_jail) == (13, False)
    assert game.state.cash("luke") == 1500 - 50


def test_no_fine_for_someone_just_visiting() -> None:
    """OT-JAIL-4, OT-JAIL-9: a visitor is not in Jail and pays no fine."""
    game = new_game()
    play(game, "roll luke 4 6")
    assert "jail/not-in-jail" in rejected(game, "fine luke")


# ---------------------------------------------------------------- ways out 2 and 3: the card


def test_playing_a_get_out_of_jail_free_card() -> None:
    """OT-JAIL-7, OT-CARD-3: luke drew the Rebel card (1+1 to 2), then went to Jail by an Imperial card;
    he plays his card before rolling: free, no fine, and the card goes back to its deck."""
    game = new_game()
    play(game, "roll luke 1 1", "card luke jail-free")
    play(game, "roll luke 2 3", "card luke go-to-jail", "end luke")  # 2 + 5 = 7: Imperial -> Jail
    roll_and_end(game, "vader", VADER_IDLE[0])
    play(game, "jail-card luke")
    luke = game.state.player("luke")
    assert (luke.in_jail, luke.jail_cards) == (False, [])
    assert game.state.cash("luke") == 1500
    play(game, "roll luke 1 2")
    assert game.state.player("luke").position == 13


def test_no_card_no_card_exit() -> None:
    """OT-JAIL-7: a prisoner without a Get Out of Jail Free card cannot play one."""
    game = new_game()
    luke_sent_to_jail(game)
    roll_and_end(game, "vader", VADER_IDLE[0])
    assert rejected(game, "jail-card luke") == ["jail/no-card"]


def test_buying_another_players_card_and_playing_it() -> None:
    """OT-JAIL-8, OT-CARD-4: vader holds the Imperial card; luke, in Jail, buys it for 40 and plays it."""
    game = new_game()
    luke_sent_to_jail(game)
    play(game, "roll vader 3 4", "card vader jail-free", "end vader")
    play(game, "propose luke vader give=cash:40 get=card:imperial", "accept vader")
    assert game.state.player("luke").jail_cards == ["imperial"]
    play(game, "jail-card luke")
    assert not game.state.player("luke").in_jail
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1500 - 40, 1500 + 40)
    assert game.state.player("luke").jail_cards == game.state.player("vader").jail_cards == []


# ---------------------------------------------------------------- life in Jail


def test_a_prisoner_still_collects_rent() -> None:
    """OT-JAIL-11: luke in Jail claims the 4 rent when vader lands on his Swamp."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-swamp")  # TEST-ONLY gift
    luke_sent_to_jail(game)
    events = play(game, "roll vader 1 2")
    assert [(e.owner, e.amount) for e in events if isinstance(e, RentDue)] == [("luke", 4)]
    play(game, "claim luke vader")
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1504, 1496)


def test_a_prisoner_may_trade_property() -> None:
    """OT-JAIL-11: luke in Jail sells his Swamp to vader for 90 and buys vader's TIE Fighter for 150."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-swamp")  # TEST-ONLY gift
    give_deeds(game, "vader", "tie-fighter")  # TEST-ONLY gift
    luke_sent_to_jail(game)
    play(game, "propose luke vader give=deed:dagobah-swamp get=cash:90", "accept vader")
    play(game, "propose vader luke give=deed:tie-fighter get=cash:150", "accept luke")
    assert game.state.owner("dagobah-swamp") == "vader"
    assert game.state.owner("tie-fighter") == "luke"
    assert game.state.cash("luke") == 1500 + 90 - 150


def test_a_prisoner_may_buy_and_sell_starships() -> None:
    """OT-JAIL-11: luke in Jail buys a fighter for Yoda's Hut (50) and sells it back for half (25)."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut", "dagobah-swamp")  # TEST-ONLY gift
    luke_sent_to_jail(game)
    play(game, "build luke dagobah-yodas-hut")
    assert game.state.houses("dagobah-yodas-hut") == 1
    play(game, "sell luke dagobah-yodas-hut")
    assert game.state.houses("dagobah-yodas-hut") == 0
    assert game.state.cash("luke") == 1500 - 50 + 25
