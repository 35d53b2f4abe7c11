"""Physical buttons at the table: what Confirm, Cancel and the seat buttons do on each screen (every press is an
action the engine has checked, or it does nothing and says why)."""

from __future__ import annotations

from companion.devices.buttons import Press
from companion.table.actions import propose_command
from companion.table.presses import press_meaning, roll_request, seat_of, seat_player
from tests.rules.helpers import give_deeds, new_game, play

CONFIRM, CANCEL = Press("confirm"), Press("cancel")


def seat(n: int) -> Press:
    return Press("seat", n)


def test_seats_follow_the_order_players_were_listed() -> None:
    """Seat 1 is the first player listed (Luke), seat 3 the third; seat 4 is empty in a three-player game."""
    game = new_game(3)
    assert [seat_player(game, n) for n in (1, 2, 3, 4)] == ["luke", "vader", "han", None]
    assert seat_of(game, "han") == 3


def test_confirm_buys_the_deed_landed_on_and_a_seat_button_only_for_its_player() -> None:
    """Luke lands on the Swamp: Confirm (or Luke's seat button) buys it; Vader's seat button does nothing."""
    game = new_game()
    play(game, "roll luke 1 2")
    assert press_meaning(game, "table", CONFIRM).action.command == "buy luke"
    assert press_meaning(game, "table", seat(1)).action.command == "buy luke"
    vader = press_meaning(game, "table", seat(2))
    assert vader.action is None and vader.reasons == ("Nothing is asked of Vader now.",)


def test_confirm_ends_the_turn_only_when_nothing_else_is_waiting() -> None:
    """After buying, the only thing left is to end the turn: Confirm does that. Before rolling it does nothing."""
    game = new_game()
    before = press_meaning(game, "table", CONFIRM)
    assert before.action is None and before.reasons == ("Nothing to confirm now: choose on the screen.",)
    play(game, "roll luke 1 2", "buy luke")
    assert press_meaning(game, "table", CONFIRM).action.command == "end luke"


def test_confirm_claims_rent_for_the_owner() -> None:
    """Luke lands on Vader's Swamp: the one thing waiting is Vader's claim, made by Confirm or Vader's button."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")  # test shortcut
    play(game, "roll luke 1 2")
    assert press_meaning(game, "table", CONFIRM).action.command == "claim vader luke"
    assert press_meaning(game, "table", seat(2)).action.command == "claim vader luke"
    assert press_meaning(game, "table", seat(1)).reasons == ("Nothing is asked of Luke now.",)


def test_cancel_and_an_empty_seat_say_why_they_do_nothing() -> None:
    game = new_game()
    assert press_meaning(game, "table", CANCEL).reasons == (
        "The Cancel button closes a question on the screen; none is open.",)
    assert press_meaning(game, "table", seat(5)).reasons == ("No one sits at seat 5 in this game.",)
    assert press_meaning(game, "journal", CONFIRM).reasons == (
        "Buttons only act on the table, auction and trade screens.",)


def test_a_seat_button_in_an_auction_raises_that_players_bid_by_ten() -> None:
    """Luke declines the Swamp; Vader's button bids 10, then Luke's bids 20 (10 over the highest bid)."""
    game = new_game()
    play(game, "roll luke 1 2", "decline luke")
    assert press_meaning(game, "auction", seat(2)).action.command == "bid vader 10"
    play(game, "bid vader 10")
    assert press_meaning(game, "auction", seat(1)).action.command == "bid luke 20"
    assert press_meaning(game, "auction", CONFIRM).reasons == (
        "The lot is sold when the countdown ends; bid with your seat button.",)


def test_a_seat_button_cannot_bid_more_than_the_player_has() -> None:
    """Vader has 1,500: with the highest bid at 1,495 his +10 button is refused with the engine's reason."""
    game = new_game()
    play(game, "roll luke 1 2", "decline luke", "bid luke 1495")
    meaning = press_meaning(game, "auction", seat(2))
    assert meaning.action is None and meaning.reasons


def test_only_the_partner_answers_a_trade_with_their_seat_button() -> None:
    """Luke offers the Swamp to Vader for 100: Vader's button accepts; Luke's does not."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-swamp")  # test shortcut
    play(game, propose_command("luke", "vader", ["dagobah-swamp"], 0, [], [], 100, []))
    assert press_meaning(game, "trade", seat(2)).action.command == "accept vader"
    assert press_meaning(game, "trade", seat(1)).reasons == (
        "Only Vader answers this offer, with their seat button.",)


def test_a_roll_is_wanted_only_when_the_engine_would_take_one() -> None:
    """At the start Luke's roll is wanted; while he decides about the Swamp no roll is, and the table hears why."""
    game = new_game()
    request, _ = roll_request(game)
    assert request is not None and (request.command, request.player_name) == ("roll luke", "Luke")
    assert request.need.describe() == "2 dice, each 1 to 6"
    play(game, "roll luke 1 2")
    request, why = roll_request(game)
    assert request is None
    assert why == "No roll now. Luke has already rolled this turn. Luke must first buy or decline Dagobah: Swamp."
    assert roll_request(None) == (None, "No game is open.")
