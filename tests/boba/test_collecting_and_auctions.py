"""Collecting uncollected properties and auctions in the Boba Fett edition (BF-BUY-*, BF-AUCTION-*, BF-TIPS-2).

Test box: space 6 is "Character 2A (test)", price 200; space 5 is a piece of equipment, price 200. The rule book:
an auction opens at 10 and each raise is at least 1, in any order; the Expeditor closes it.
"""

from __future__ import annotations

from companion.engine.game import Game
from companion.engine.ledger import BANK, CREDITS

from .helpers import cash, messages, play, rejected, set_cash
from .testbox import new_game


def depository_credits(game: Game) -> int:
    """The Depository's credits (it started by handing out 1,500 to each player, so it is negative)."""
    return game.state.ledger.balance(BANK, CREDITS)


def din_declines_space_6(players: int = 2) -> Game:
    """A game where din rolled 1+5 to space 6 and declined it: its auction is open."""
    game = new_game(players)
    play(game, "roll din 1 5", "decline din")
    assert game.state.auction is not None and game.state.auction.lot == "deed:space-6"
    return game


def test_collect_at_the_printed_price() -> None:
    """BF-BUY-2: din lands on space 6 and collects it: 200 to the Depository, the Title Deed to din."""
    game = new_game()
    before = depository_credits(game)
    play(game, "roll din 1 5", "buy din")
    assert game.state.owner("space-6") == "din"
    assert cash(game, "din") == 1500 - 200
    assert depository_credits(game) == before + 200
    play(game, "end din")


def test_collecting_needs_the_credits() -> None:
    """BF-BUY-2: with only 150 credits din cannot pay the 200; declining sends the character to auction."""
    game = new_game()
    set_cash(game, "din", 150)  # TEST-ONLY
    play(game, "roll din 1 5")
    assert messages(game, "buy din") == "Character 2A (test) costs 200 credits, but Din has only 150 credits."
    play(game, "decline din")
    assert game.state.auction is not None


def test_declining_opens_an_auction_that_must_finish_first() -> None:
    """BF-AUCTION-1, BF-BUY-1, BF-TIPS-2: a declined character always goes to auction, and the turn cannot end
    (nor anyone roll) while it is open."""
    game = din_declines_space_6()
    assert rejected(game, "end din") == ["turn/auction-open"]
    assert "turn/auction-open" in rejected(game, "roll fennec 3 4")


def test_the_opening_bid_is_at_least_10() -> None:
    """BF-AUCTION-2: 9 is refused; 10 opens the bidding."""
    game = din_declines_space_6()
    assert messages(game, "bid fennec 9") == "A bid must be at least 10 credits (the opening bid)."
    play(game, "bid fennec 10")
    assert game.state.auction is not None and game.state.auction.high == ("fennec", 10)


def test_each_raise_is_at_least_1() -> None:
    """BF-AUCTION-3: after 10, an equal bid of 10 is refused; 11 (a raise of 1) is taken, then 12."""
    game = din_declines_space_6()
    play(game, "bid fennec 10")
    assert rejected(game, "bid din 10") == ["auction/too-low"]
    play(game, "bid din 11", "bid fennec 12")
    assert game.state.auction is not None and game.state.auction.high == ("fennec", 12)


def test_bids_come_in_any_order_and_the_expeditor_closes() -> None:
    """BF-AUCTION-4, BF-AUCTION-5: with three players bossk bids first, then din, bossk again, fennec; the
    Expeditor closes: fennec pays his 13 to the Depository and takes the Title Deed; nobody else pays."""
    game = din_declines_space_6(players=3)
    before = depository_credits(game)
    play(game, "bid bossk 10", "bid din 11", "bid bossk 12", "bid fennec 13", "close")
    assert game.state.auction is None
    assert game.state.owner("space-6") == "fennec"
    assert [cash(game, p) for p in ("din", "fennec", "bossk")] == [1500, 1500 - 13, 1500]
    assert depository_credits(game) == before + 13
    play(game, "end din")


def test_the_player_who_declined_may_win_the_auction() -> None:
    """BF-AUCTION-4, BF-AUCTION-5: din declines space 6 and then wins it with the opening bid of 10 once fennec
    drops out."""
    game = din_declines_space_6()
    play(game, "bid din 10", "pass fennec")  # fennec drops out: the auction is over
    assert game.state.auction is None
    assert (game.state.owner("space-6"), cash(game, "din")) == ("din", 1500 - 10)


def test_no_bids_leaves_the_title_deed_with_the_depository() -> None:
    """BF-AUCTION-6: nobody bids; the Expeditor closes: no credits change hands and the Depository keeps the Title Deed;
    the next player may land on it and be offered it again."""
    game = din_declines_space_6()
    play(game, "close", "end din")
    assert game.state.owner("space-6") == BANK
    assert (cash(game, "din"), cash(game, "fennec")) == (1500, 1500)
    play(game, "roll fennec 2 4")
    assert game.describe()["decisions"][0]["kind"] == "offer"


def test_a_bid_may_not_exceed_the_bidders_credits() -> None:
    """BF-AUCTION-2: fennec holds 50 credits: a bid of 60 is refused, a bid of 50 is taken."""
    game = din_declines_space_6()
    set_cash(game, "fennec", 50)  # TEST-ONLY
    assert messages(game, "bid fennec 60") == "Fennec has only 50 credits to bid with."
    play(game, "bid fennec 50")
