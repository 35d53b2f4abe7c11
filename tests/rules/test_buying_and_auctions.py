"""Buying from the Bank and auctions (OT-BUY-*, OT-SETUP-6/7)."""

from __future__ import annotations

from companion.engine.game import Game
from companion.engine.ledger import BANK, CREDITS, deed_unit

from .helpers import give_cash, new_game, play, refusal, rejected

SWAMP = "dagobah-swamp"  # position 3, price 60


def bank_cash(game: Game) -> int:
    """The Bank's credit balance (negative: it has paid out more than it took in)."""
    return game.state.ledger.balance(BANK, CREDITS)


def test_buy_at_the_printed_price() -> None:
    """OT-BUY-1, OT-BUY-2, OT-SETUP-7: 1+2 lands on the Swamp; buying costs its printed 60, paid to the Bank,
    and the deed is the buyer's."""
    game = new_game()
    bank_before = bank_cash(game)
    play(game, "roll luke 1 2")
    assert game.describe()["decisions"] == [
        {"player": "luke", "kind": "offer", "space": SWAMP, "text": "buy or decline Dagobah: Swamp"}]
    play(game, "buy luke")
    assert game.state.owner(SWAMP) == "luke"
    assert game.state.ledger.balance("luke", deed_unit(SWAMP)) == 1
    assert game.state.cash("luke") == 1500 - 60
    assert bank_cash(game) == bank_before + 60
    assert game.describe()["decisions"] == []


def test_buying_a_vessel_and_a_utility_at_their_prices() -> None:
    """OT-BUY-1: the TIE Fighter vessel (5) costs 200 and the Reactor Core utility (12) costs 150."""
    game = new_game()
    play(game, "roll luke 1 4", "buy luke")  # 5
    play(game, "end luke", "roll vader 6 6", "buy vader")  # 12
    assert (game.state.owner("tie-fighter"), game.state.owner("reactor-core")) == ("luke", "vader")
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1500 - 200, 1500 - 150)


def test_buy_only_what_was_landed_on() -> None:
    """OT-BUY-1: without landing on an unowned deed there is nothing to buy."""
    game = new_game()
    assert rejected(game, "buy luke") == ["buy/no-offer"]
    play(game, "roll luke 4 6")  # Jail, just visiting: no deed
    assert rejected(game, "buy luke") == ["buy/no-offer"]


def test_an_owned_deed_is_not_offered_again() -> None:
    """OT-BUY-1: only a deed nobody owns is for sale; vader landing on luke's Swamp gets no offer."""
    game = new_game()
    play(game, "roll luke 1 2", "buy luke", "end luke", "roll vader 1 2")
    assert [d.kind for d in game.state.decisions] == []
    assert rejected(game, "buy vader") == ["buy/no-offer"]


def test_buying_needs_the_full_price_in_hand() -> None:
    """OT-BUY-1: with 50 credits the 60-credit Swamp cannot be bought; declining sends it to auction."""
    game = new_game()
    give_cash(game, "luke", -1450)  # TEST-ONLY: luke holds 50
    play(game, "roll luke 1 2")
    assert rejected(game, "buy luke") == ["money/too-few-credits"]
    play(game, "decline luke")
    assert game.state.auction is not None and game.state.auction.lot == deed_unit(SWAMP)


def test_decline_opens_an_auction_and_the_highest_bid_wins() -> None:
    """OT-BUY-3, OT-BUY-4, OT-BUY-5: luke declines the Swamp and bids; vader outbids him at 45 and pays the
    Bank 45 (below the printed 60)."""
    game = new_game()
    bank_before = bank_cash(game)
    play(game, "roll luke 1 2", "decline luke")
    assert game.state.owner(SWAMP) == BANK
    play(game, "bid luke 10", "bid vader 45", "pass luke")  # everyone else out: the auction closes
    assert game.state.auction is None
    assert game.state.owner(SWAMP) == "vader"
    assert game.state.cash("vader") == 1500 - 45
    assert game.state.cash("luke") == 1500
    assert bank_cash(game) == bank_before + 45


def test_the_player_who_declined_may_win_the_auction() -> None:
    """OT-BUY-5, OT-BUY-6: the decliner bids; the first bid may be any amount, even 1 credit."""
    game = new_game(3)
    play(game, "roll luke 1 2", "decline luke", "bid luke 1", "pass vader", "pass han")
    assert game.state.owner(SWAMP) == "luke"
    assert game.state.cash("luke") == 1500 - 1


def test_the_banker_closes_the_auction_for_the_highest_bid() -> None:
    """OT-BUY-3, OT-BUY-4: with three players, han's 70 is highest when the Banker closes the bidding."""
    game = new_game(3)
    play(game, "roll luke 1 2", "decline luke", "bid vader 30", "bid han 70", "close")
    assert game.state.owner(SWAMP) == "han"
    assert [game.state.cash(p) for p in ("luke", "vader", "han")] == [1500, 1500, 1500 - 70]


def test_no_bids_leaves_the_deed_with_the_bank() -> None:
    """OT-BUY-3: nobody bids: the deed stays with the Bank and nobody pays anything."""
    game = new_game()
    bank_before = bank_cash(game)
    play(game, "roll luke 1 2", "decline luke", "close")
    assert game.state.owner(SWAMP) == BANK
    assert game.state.cash("luke") == game.state.cash("vader") == 1500
    assert bank_cash(game) == bank_before
    play(game, "end luke", "roll vader 1 2")  # still for sale next time someone lands
    assert game.describe()["decisions"][0]["kind"] == "offer"


def test_everyone_passing_also_leaves_the_deed_with_the_bank() -> None:
    """OT-BUY-3: both players drop out without bidding: the auction ends and the Bank keeps the deed."""
    game = new_game()
    play(game, "roll luke 1 2", "decline luke", "pass luke", "pass vader")
    assert game.state.auction is None
    assert game.state.owner(SWAMP) == BANK


def test_a_bid_may_not_exceed_the_bidders_cash() -> None:
    """OT-BUY-6 (interpretation): vader holds 40, so he cannot bid 41; 40 is fine."""
    game = new_game()
    give_cash(game, "vader", -1460)  # TEST-ONLY: vader holds 40
    play(game, "roll luke 1 2", "decline luke")
    assert rejected(game, "bid vader 41") == ["auction/over-cash"]
    play(game, "bid vader 40", "close")
    assert game.state.owner(SWAMP) == "vader"
    assert game.state.cash("vader") == 0


def test_each_bid_must_beat_the_last() -> None:
    """OT-BUY-3: a bid equal to or below the highest bid so far is refused."""
    game = new_game()
    play(game, "roll luke 1 2", "decline luke", "bid luke 30")
    assert rejected(game, "bid vader 30") == ["auction/too-low"]
    assert rejected(game, "bid vader 0") == ["auction/too-low"]
    play(game, "bid vader 31")


def test_the_opening_bid_is_worded_in_the_singular() -> None:
    """OT-BUY-3: nobody has bid yet; a bid of 0 is refused: the opening bid is 1 Imperial credit (not "credits")."""
    game = new_game()
    play(game, "roll luke 1 2", "decline luke")
    assert [v.message for v in refusal(game, "bid vader 0").violations] == [
        "A bid must be at least 1 Imperial credit (the opening bid)."]


def test_the_high_bidder_cannot_walk_away_and_dropouts_cannot_return() -> None:
    """OT-BUY-3: the highest bidder is held to the bid; a player who passed is out of this auction."""
    game = new_game(3)
    play(game, "roll luke 1 2", "decline luke", "bid luke 20", "pass han")
    assert rejected(game, "pass luke") == ["auction/high-bidder"]
    assert rejected(game, "bid han 50") == ["auction/passed"]


def test_play_waits_for_the_auction() -> None:
    """OT-BUY-3: nobody ends the turn or rolls while the auction is open; play resumes once it closes."""
    game = new_game()
    play(game, "roll luke 1 2", "decline luke")
    assert "turn/auction-open" in rejected(game, "end luke")
    assert "turn/auction-open" in rejected(game, "roll vader 4 6")
    play(game, "close", "end luke", "roll vader 4 6")
    assert game.state.player("vader").position == 10


def test_bids_only_while_an_auction_is_open() -> None:
    """OT-BUY-3: there is nothing to bid on, pass or close before a deed is declined."""
    game = new_game()
    assert rejected(game, "bid luke 10") == ["auction/none"]
    assert rejected(game, "close") == ["auction/none"]
