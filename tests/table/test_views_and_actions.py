"""What the screens show and offer, worked out by the engine: deed cards, seats, stock, journal lines and the
engine-checked buttons (values by hand from editions/original-trilogy/board.toml)."""

from __future__ import annotations

from datetime import datetime

from companion.engine.game import Game
from companion.table.actions import (
    auction_view,
    correction_spaces,
    deed_actions,
    parties,
    propose_command,
    trade_side,
    turn_actions,
)
from companion.table.views import end_time, journal_lines, table_view
from tests.rules.helpers import give_deeds, new_game, play


def keys(game: Game) -> dict[str, bool]:
    return {a.key: a.enabled for a in turn_actions(game)}


def test_the_deed_landed_on_shows_its_printed_card() -> None:
    game = new_game()
    play(game, "roll luke 1 2")
    space = table_view(game).space
    assert (space.name, space.colour) == ("Dagobah: Swamp", "#8b5a2b")
    deed = space.deed
    assert deed is not None
    assert (deed.price, deed.mortgage_value, deed.build_cost, deed.owner_name) == ("60 IC", "30 IC", "50 IC", "Bank")
    assert deed.rent_rows == (("Rent", "4 IC"), ("With 1 fighter", "20 IC"), ("With 2 fighters", "60 IC"),
                              ("With 3 fighters", "180 IC"), ("With 4 fighters", "320 IC"),
                              ("With a freighter/destroyer", "450 IC"))


def test_seats_show_cash_and_deeds_grouped_by_colour_with_marks() -> None:
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut", "dagobah-swamp", "hoth-echo-base")  # test shortcut
    play(game, "mortgage luke hoth-echo-base")
    luke = table_view(game).players[0]
    assert (luke.name, luke.token, luke.side, luke.cash_text, luke.is_turn) == (
        "Luke", "Luke Skywalker", "Rebel Alliance", "1,550 IC", True)  # 1500 + 50 mortgage on Echo Base
    assert [(g.name, g.complete, [d.marks for d in g.deeds]) for g in luke.groups] == [
        ("Dagobah", True, ["", ""]), ("Hoth", False, ["mortgaged"])]


def test_the_offer_becomes_buy_and_decline_and_end_waits() -> None:
    """The player on an unowned deed buys it or it goes to auction; the turn cannot end before."""
    game = new_game()
    play(game, "roll luke 1 2")
    actions = {a.key: a for a in turn_actions(game)}
    assert actions["buy"].label == "Luke: buy Dagobah: Swamp for 60 IC"
    assert actions["buy"].enabled and actions["decline"].enabled
    assert not actions["end"].enabled
    assert actions["end"].reasons == ("Luke must first buy or decline Dagobah: Swamp.",)
    assert "roll" not in actions


def test_a_roll_needs_dice_from_the_table() -> None:
    game = new_game()
    (roll,) = [a for a in turn_actions(game) if a.key == "roll"]
    assert roll.roll is not None
    assert (roll.command, roll.roll.describe(), roll.enabled) == ("roll luke", "2 dice, each 1 to 6", True)


def test_rent_claim_button_for_the_owner_until_it_lapses() -> None:
    """The owner must ask before the second player after the lander rolls."""
    game = new_game(3)
    play(game, "roll luke 1 2", "buy luke", "end luke", "roll vader 1 2")
    claim = {a.key: a for a in turn_actions(game)}["claim:luke:vader"]
    assert (claim.label, claim.enabled) == ("Luke: claim 4 IC rent from Vader", True)
    play(game, "end vader", "roll han 4 5", "decline han", "close", "end han")
    assert "claim:luke:vader" in keys(game)  # Luke has not rolled yet
    play(game, "roll luke 4 5")
    assert "claim:luke:vader" not in keys(game)


def test_card_choices_list_the_deck_and_refuse_a_held_jail_card() -> None:
    game = new_game()
    play(game, "roll luke 3 4")  # position 7: an Imperial card space
    cards = [a for a in turn_actions(game) if a.key.startswith("card:")]
    assert len(cards) == len(game.edition.decks["imperial"].cards)
    assert all(c.enabled for c in cards)


def test_build_sell_mortgage_buttons_carry_the_engine_figures() -> None:
    """Building cost 50, sale back 25; lift = 30 + 3 interest."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut", "dagobah-swamp")  # test shortcut
    play(game, "build luke dagobah-swamp")
    by_deed = {d.deed.id: {a.key.split(":")[0]: a for a in d.actions} for d in deed_actions(game, "luke")}
    swamp, hut = by_deed["dagobah-swamp"], by_deed["dagobah-yodas-hut"]
    assert swamp["build"].label == "Build a fighter (50 IC)" and not swamp["build"].enabled
    assert swamp["build"].reasons[0].startswith("Build evenly")
    assert hut["build"].enabled
    assert swamp["sell"].label == "Sell a fighter (+25 IC)" and swamp["sell"].enabled
    assert not hut["mortgage"].enabled  # the group has a building
    play(game, "sell luke dagobah-swamp", "mortgage luke dagobah-swamp")
    lift = {a.key.split(":")[0]: a for a in deed_actions(game, "luke")[1].actions}["unmortgage"]
    assert (lift.label, lift.enabled) == ("Lift the mortgage on it (33 IC)", True)


def test_auction_buttons_bid_on_from_the_highest_bid() -> None:
    """Any player may bid; each bid beats the last and nobody bids more than they hold."""
    game = new_game(3)
    play(game, "roll luke 1 2", "decline luke", "bid vader 40")
    view = auction_view(game)
    assert view is not None
    assert (view.lot, view.high_bid_text, view.high_bidder) == ("Dagobah: Swamp", "40 IC", "Vader")
    han = view.bidders[2]
    assert [a.command for a in han.raises] == ["bid han 41", "bid han 50", "bid han 90", "bid han 140"]
    vader = view.bidders[1]
    assert vader.high and not vader.drop.enabled


def test_trade_side_marks_deeds_that_cannot_change_hands() -> None:
    """No deed of a group with buildings changes hands."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut", "dagobah-swamp", "hoth-echo-base")  # test shortcut
    play(game, "build luke dagobah-swamp")
    side = trade_side(game, "luke")
    reasons = {d.id: r for d, r in side.deeds}
    assert reasons["hoth-echo-base"] == ()
    assert reasons["dagobah-swamp"][0].startswith("Dagobah: Swamp cannot change hands")
    command = propose_command("luke", "vader", ["hoth-echo-base"], 50, [], [], 0, [])
    assert command == "propose luke vader give=deed:hoth-echo-base,cash:50 get="
    play(game, command, "accept vader")
    assert game.state.owner("hoth-echo-base") == "vader"


def test_parties_and_correction_spaces() -> None:
    game = new_game()
    assert parties(game) == [("luke", "Luke"), ("vader", "Vader"), ("bank", "Bank")]
    spaces = correction_spaces(game)
    assert len(spaces) == 40 and spaces[3] == ("dagobah-swamp", "Dagobah: Swamp", "#8b5a2b")


def test_journal_lines_mark_what_was_taken_back() -> None:
    game = new_game()
    play(game, "roll luke 1 2", "buy luke", "undo 1 wrong button")
    lines = journal_lines(game)
    assert [(ln.seq, ln.undone, ln.undo) for ln in lines] == [(1, False, False), (2, True, False), (3, False, True)]
    assert lines[2].text == "Taken back (#2): wrong button"


def test_end_time_reads_a_clock_time_or_a_date_time() -> None:
    started = datetime(2026, 11, 21, 20, 0).timestamp()
    assert end_time("21:30", started) == datetime(2026, 11, 21, 21, 30)
    assert end_time("01:00", started) == datetime(2026, 11, 22, 1, 0)  # after midnight
    assert end_time("2026-11-21T22:15", started) == datetime(2026, 11, 21, 22, 15)
    assert end_time("soon", started) is None
