"""Selling starships back to the bank and starship shortages: sections 12 and 13 of the rule catalogue.

Building prices from board.toml: Dagobah and Hoth 50, Tatooine and Yavin 4 100, Cloud City 150, Endor 200.
The bank pays back half of what a piece cost.
"""

from __future__ import annotations

from companion.engine.game import Game

from .builders_assets import (
    CLOUD_CITY,
    DAGOBAH,
    ENDOR,
    HOTH,
    TATOOINE,
    YAVIN,
    bank_hotels,
    bank_houses,
    build_evenly,
    set_cash,
)
from .helpers import give_deeds, new_game, play, rejected


def test_fighter_sells_back_for_half_its_price() -> None:
    """OT-SELL-3: the bank buys a fighter back at any time for half of what it cost."""
    game = new_game()
    give_deeds(game, "vader", *ENDOR)
    build_evenly(game, "vader", ENDOR, 1)  # 3 x 200 = 600
    assert game.state.cash("vader") == 900
    play(game, "sell vader endor-forest")  # half of 200 = 100, during Luke's turn
    assert game.state.cash("vader") == 1000
    assert game.state.houses("endor-forest") == 0
    assert bank_houses(game) == 32 - 3 + 1


def test_fighters_are_sold_back_evenly() -> None:
    """OT-SELL-4, OT-FIGHTER-8: fighters come off in the reverse order of building: always from a deed that
    has the most."""
    game = new_game()
    give_deeds(game, "vader", *HOTH)
    build_evenly(game, "vader", HOTH, 2)  # 2 / 2 / 2
    play(game, "sell vader hoth-echo-base")  # 2 / 1 / 2
    assert rejected(game, "sell vader hoth-echo-base") == ["sell/uneven"]
    play(game, "sell vader hoth-frozen-plains", "sell vader hoth-north-ridge")  # 1 / 1 / 1
    play(game, "sell vader hoth-echo-base")  # 1 / 0 / 1
    assert [game.state.houses(d) for d in HOTH] == [1, 0, 1]
    assert game.state.cash("vader") == 1500 - 6 * 50 + 4 * 25  # six bought at 50, four sold at 25


def test_freighter_sold_back_step_by_step_counts_as_five_fighters() -> None:
    """OT-SELL-6: a freighter/destroyer may come down one step: it goes back to the bank for half its price
    and four fighters take its place; evenness then counts it as the fifth row."""
    game = new_game()
    give_deeds(game, "vader", *DAGOBAH)
    build_evenly(game, "vader", DAGOBAH, 5)  # 8 fighters + 2 freighters = 10 x 50 = 500
    assert (bank_houses(game), bank_hotels(game)) == (32, 10)
    play(game, "sell vader dagobah-yodas-hut")
    assert game.state.cash("vader") == 1000 + 25  # half of the 50 paid for the freighter
    assert (game.state.hotels("dagobah-yodas-hut"), game.state.houses("dagobah-yodas-hut")) == (0, 4)
    assert (bank_houses(game), bank_hotels(game)) == (28, 11)
    # Yoda's Hut now has 4 fighters and the Swamp still its freighter: the freighter comes off first.
    assert rejected(game, "sell vader dagobah-yodas-hut") == ["sell/uneven"]
    play(game, "sell vader dagobah-swamp")
    assert (bank_houses(game), bank_hotels(game)) == (24, 12)


def test_freighter_comes_down_to_fighters_only_if_the_bank_has_four() -> None:
    """OT-SELL-6, OT-SELL-5, OT-SHORTAGE-1: a freighter/destroyer breaks down into four fighters only
    while the bank holds four; otherwise the group's starships go back to the bank all at once."""
    game = new_game(players=3)
    give_deeds(game, "vader", *DAGOBAH)
    build_evenly(game, "vader", DAGOBAH, 5)  # two Star Destroyers; 10 pieces x 50 = 500 spent
    give_deeds(game, "han", *TATOOINE, *YAVIN, *CLOUD_CITY)
    set_cash(game, "han", 5000)
    build_evenly(game, "han", TATOOINE, 4)  # 12 fighters
    build_evenly(game, "han", YAVIN, 4)  # 24
    build_evenly(game, "han", CLOUD_CITY, 1)  # 27
    build_evenly(game, "han", CLOUD_CITY[:2], 1)  # 29: the bank keeps 3
    assert bank_houses(game) == 3
    assert rejected(game, "sell vader dagobah-yodas-hut") == ["stock/houses-short"]
    play(game, "sell-all vader dagobah")
    assert game.state.cash("vader") == 1000 + 250  # half of the 500 the two destroyers cost in all
    assert (bank_houses(game), bank_hotels(game)) == (3, 12)
    assert [game.state.hotels(d) + game.state.houses(d) for d in DAGOBAH] == [0, 0]


def test_sell_all_pays_half_of_everything_on_the_group() -> None:
    """OT-SELL-5: every starship of a group may go back to the bank at once, for half of all they cost."""
    game = new_game()
    give_deeds(game, "vader", *HOTH)
    build_evenly(game, "vader", HOTH, 4)  # 12 fighters at 50 = 600
    play(game, "build vader hoth-echo-base")  # a Star Destroyer for 50 more: 650 spent in all
    assert game.state.cash("vader") == 1500 - 650
    play(game, "sell-all vader hoth")
    assert game.state.cash("vader") == 850 + 325  # half of 650
    assert all(game.state.houses(d) == 0 and game.state.hotels(d) == 0 for d in HOTH)
    assert (bank_houses(game), bank_hotels(game)) == (32, 12)


def test_nothing_to_sell() -> None:
    """OT-SELL-3: only starships the seller owns can go back to the bank."""
    game = new_game()
    give_deeds(game, "vader", *DAGOBAH)
    assert rejected(game, "sell vader dagobah-swamp") == ["sell/nothing"]
    assert rejected(game, "sell-all vader dagobah") == ["sell/nothing"]
    build_evenly(game, "vader", DAGOBAH, 1)
    assert rejected(game, "sell luke dagobah-swamp") == ["deed/not-owner"]
    assert rejected(game, "sell-all luke dagobah") == ["deed/not-owner"]
    assert rejected(game, "sell-all vader naboo") == ["group/unknown"]


def _drain_fighters() -> Game:
    """Four players; the bank has exactly one fighter left; Luke and Vader each hold a full bare group."""
    game = new_game(players=4)
    give_deeds(game, "luke", *DAGOBAH)
    give_deeds(game, "vader", *HOTH)
    give_deeds(game, "han", *TATOOINE, *YAVIN, *CLOUD_CITY)
    set_cash(game, "han", 6000)
    build_evenly(game, "han", TATOOINE, 4)  # 12
    build_evenly(game, "han", YAVIN, 4)  # 24
    build_evenly(game, "han", CLOUD_CITY, 2)  # 30
    play(game, "build han cloud-city-reactor-control-room")  # 31: the bank keeps one
    assert bank_houses(game) == 1
    return game


def test_last_fighter_goes_to_auction_and_the_winner_places_it_free() -> None:
    """OT-SHORTAGE-2: with fewer pieces than buyers the bank auctions them; the winner pays the bid (not the
    building price) and then places the piece."""
    game = _drain_fighters()
    play(game, "piece-auction house", "bid luke 60", "bid vader 80", "pass han", "pass tarkin", "pass luke")
    assert game.state.auction is None
    assert game.state.cash("vader") == 1500 - 80
    assert game.state.cash("luke") == 1500
    assert [d.kind for d in game.state.decisions_for("vader")] == ["place"]
    play(game, "build vader hoth-north-ridge")
    assert game.state.houses("hoth-north-ridge") == 1
    assert game.state.cash("vader") == 1420  # no building price on top of the bid
    assert bank_houses(game) == 0
    assert game.state.decisions_for("vader") == []


def test_piece_auction_bids_are_limited() -> None:
    """OT-SHORTAGE-2, OT-BUY-6: a bid must beat the last one, stay within the bidder's cash, and come from a
    player who has somewhere to put the piece."""
    game = _drain_fighters()
    play(game, "piece-auction house", "bid luke 60")
    assert rejected(game, "bid vader 60") == ["auction/too-low"]
    assert rejected(game, "bid vader 1501") == ["auction/over-cash"]
    assert rejected(game, "bid tarkin 70") == ["auction/no-place"]  # Tarkin holds no full group


def test_auctioned_fighter_is_kept_for_the_winner() -> None:
    """OT-SHORTAGE-2, OT-SHORTAGE-1: the piece paid for at auction is the winner's: nobody may buy it from the
    bank before the winner places it."""
    game = _drain_fighters()
    play(game, "piece-auction house", "bid vader 80", "close")
    assert rejected(game, "build han cloud-city-landing-platform") == ["stock/empty"]
    assert rejected(game, "piece-auction house") == ["stock/empty"]
    play(game, "build vader hoth-echo-base")
    assert game.state.houses("hoth-echo-base") == 1


def test_a_piece_won_at_auction_is_placed_before_its_winner_sells_or_trades() -> None:
    """OT-SHORTAGE-2: the piece won waits for its winner and holds up every roll until placed, so the winner may
    not first hand over a deed or sell buildings back: either could leave the piece nowhere to go (Vader trading
    away Echo Base would break up his only full group) and stop the game for good. Once it is placed, both are
    allowed again."""
    game = _drain_fighters()
    play(game, "piece-auction house", "bid vader 80", "close")
    assert rejected(game, "propose vader tarkin give=deed:hoth-echo-base get=") == ["build/place-first"]
    play(game, "build vader hoth-echo-base", "sell vader hoth-echo-base",
         "propose vader tarkin give=deed:hoth-north-ridge get=cash:1")
    assert game.state.trade is not None
    game = _drain_fighters()
    play(game, "piece-auction house", "bid han 10", "close")  # Cloud City (2, 2, 3) can take it
    assert rejected(game, "sell-all han tatooine") == ["build/place-first"]
    assert rejected(game, "sell han tatooine-mos-eisley") == ["build/place-first"]
    play(game, "build han cloud-city-landing-platform", "sell-all han tatooine")
    assert game.state.houses("tatooine-mos-eisley") == 0


def test_no_piece_auction_without_stock() -> None:
    """OT-SHORTAGE-1: when the bank has no pieces of a kind there is nothing to auction: players wait."""
    game = _drain_fighters()
    play(game, "build luke dagobah-swamp")  # the last fighter, bought at its price
    assert bank_houses(game) == 0
    assert rejected(game, "piece-auction house") == ["stock/empty"]
    assert rejected(game, "build vader hoth-echo-base") == ["stock/empty"]
