"""The short game and the time-limit game: sections 18 and 19 of the rule catalogue.

Figures from board.toml: the Dagobah deeds cost 60 each, fighters there 50, and the Swamp rents for 180 with
three fighters and 450 with a freighter/destroyer; Hoth deeds cost 100 / 100 / 120 with fighters at 50;
the Imperial Palace costs 400; a vessel costs 200.
"""

from __future__ import annotations

import pytest

from companion.engine.errors import CommandRejected
from companion.engine.game import Game
from companion.engine.state import Setup
from companion.rules import new_game as open_game
from companion.table.actions import auction_view, trade_offer
from companion.table.views import acting_words

from .builders_assets import (
    DAGOBAH,
    HOTH,
    bank_hotels,
    bank_houses,
    build_evenly,
    dealt,
    give_jail_card,
    return_deeds,
    set_cash,
)
from .helpers import edition, give_deeds, new_game, play, rejected, seat

PLAYERS = ("luke", "vader", "han", "tarkin")


def _cleared(players: int, variant: str) -> Game:
    """A game of ``variant`` with every dealt deed handed back to the bank (test set-up), cash untouched."""
    game = new_game(players=players, variant=variant)
    for pid in PLAYERS[:players]:
        return_deeds(game, *dealt(game, pid))
    return game


# ---------------------------------------------------------------- short game: set-up


def test_short_game_deals_three_free_deeds_each() -> None:
    """OT-SHORT-2: every player is dealt three deeds and pays nothing for them."""
    game = new_game(players=4, variant="short", seed=7)
    hands = [dealt(game, pid) for pid in PLAYERS]
    assert [len(h) for h in hands] == [3, 3, 3, 3]
    all_dealt = [d for h in hands for d in h]
    assert len(set(all_dealt)) == 12  # no deed dealt twice
    assert sum(1 for d in edition().deeds if game.state.owner(d.id) == "bank") == len(edition().deeds) - 12
    assert [game.state.cash(pid) for pid in PLAYERS] == [1500] * 4  # free


def test_the_deal_follows_the_seed() -> None:
    """OT-SHORT-2: the deal is a shuffle: the same seed gives the same deal (so a journal replays), other
    seeds give other deals."""
    def deal(seed: int) -> list[list[str]]:
        game = new_game(players=4, variant="short", seed=seed)
        return [dealt(game, pid) for pid in PLAYERS]

    assert deal(3) == deal(3)
    assert len({str(deal(seed)) for seed in range(5)}) > 1


def test_standard_game_deals_nothing() -> None:
    """OT-SHORT-1, OT-SETUP-5: only the short and time-limit games deal deeds; else the bank keeps them."""
    game = new_game(players=4)
    assert all(game.state.owner(d.id) == "bank" for d in edition().deeds)


# ---------------------------------------------------------------- short game: starships


def test_short_game_freighter_after_three_fighters() -> None:
    """OT-SHORT-3: three fighters on each deed of the group are enough; the freighter sends three back."""
    game = _cleared(2, "short")
    give_deeds(game, "vader", *DAGOBAH)
    build_evenly(game, "vader", DAGOBAH, 2)
    play(game, "build vader dagobah-yodas-hut")  # a third fighter: 3 / 2
    assert game.state.houses("dagobah-yodas-hut") == 3
    play(game, "build vader dagobah-swamp")  # 3 / 3
    play(game, "build vader dagobah-yodas-hut")  # now the freighter/destroyer, not a fourth fighter
    assert (game.state.houses("dagobah-yodas-hut"), game.state.hotels("dagobah-yodas-hut")) == (0, 1)
    assert (bank_houses(game), bank_hotels(game)) == (32 - 6 + 3, 11)
    assert game.state.cash("vader") == 1500 - 7 * 50


def test_short_game_freighter_rent_is_unchanged() -> None:
    """OT-SHORT-4: the freighter/destroyer earns the deed's full rent: 450 on the Swamp."""
    game = _cleared(2, "short")
    give_deeds(game, "vader", *DAGOBAH)
    build_evenly(game, "vader", DAGOBAH, 3)
    play(game, "build vader dagobah-swamp")
    play(game, "roll luke 1 2", "claim vader luke")  # GO + 3 = Dagobah: Swamp
    assert game.state.cash("luke") == 1500 - 450


def test_short_game_freighter_sells_back_for_half_of_one_fighter_less() -> None:
    """OT-SHORT-5: a freighter/destroyer sells back for half its cost; that cost holds three fighters, not
    four: Yoda's Hut freighter 50 + 3 x 50 = 200, plus 3 fighters on the Swamp 150: half of 350 is 175."""
    game = _cleared(2, "short")
    give_deeds(game, "vader", *DAGOBAH)
    build_evenly(game, "vader", DAGOBAH, 3)
    play(game, "build vader dagobah-yodas-hut")
    cash = game.state.cash("vader")
    play(game, "sell-all vader dagobah")
    assert game.state.cash("vader") == cash + 175
    assert (bank_houses(game), bank_hotels(game)) == (32, 12)


def test_short_game_freighter_steps_down_to_three_fighters() -> None:
    """OT-SHORT-5, OT-SELL-6: sold one step, the freighter/destroyer gives back half of 50 and leaves three
    fighters on the deed."""
    game = _cleared(2, "short")
    give_deeds(game, "vader", *DAGOBAH)
    build_evenly(game, "vader", DAGOBAH, 3)
    play(game, "build vader dagobah-yodas-hut")
    cash = game.state.cash("vader")
    play(game, "sell vader dagobah-yodas-hut")
    assert game.state.cash("vader") == cash + 25
    assert (game.state.houses("dagobah-yodas-hut"), game.state.hotels("dagobah-yodas-hut")) == (3, 0)


def test_short_game_keeps_the_other_rules() -> None:
    """OT-SHORT-1: apart from the five changes, the standard rules hold: even building, no building on an
    incomplete group, mortgage plus 10 % to lift."""
    game = _cleared(2, "short")
    give_deeds(game, "vader", "hoth-echo-base")
    assert rejected(game, "build vader hoth-echo-base") == ["build/group-incomplete"]
    give_deeds(game, "vader", "hoth-frozen-plains", "hoth-north-ridge")
    play(game, "build vader hoth-echo-base")
    assert rejected(game, "build vader hoth-echo-base") == ["build/uneven"]
    give_deeds(game, "vader", "dagobah-swamp")
    play(game, "mortgage vader dagobah-swamp", "unmortgage vader dagobah-swamp")  # +30, then -33
    assert game.state.cash("vader") == 1500 - 50 + 30 - 33


# ---------------------------------------------------------------- short game: jail and Docking Tax


def _luke_in_jail(variant: str) -> Game:
    """Luke draws the Imperial 'go to jail' card on his first roll; Vader's turn passes without a choice."""
    game = _cleared(2, variant)
    play(game, "roll luke 3 4", "card luke go-to-jail", "end luke")
    play(game, "roll vader 2 3", "decline vader", "close", "end vader")  # TIE Fighter declined, no bid
    assert game.state.player("luke").in_jail
    return game


def test_short_game_jail_lasts_one_turn() -> None:
    """OT-SHORT-6: a failed roll for doubles on the jail turn costs the 50 fine and the token moves by it."""
    game = _luke_in_jail("short")
    play(game, "roll luke 1 2")
    luke = game.state.player("luke")
    assert not luke.in_jail
    assert luke.position == 13  # jail (10) + 3
    assert game.state.cash("luke") == 1500 - 50


def test_standard_game_jail_keeps_the_player_after_one_miss() -> None:
    """OT-SHORT-6 (contrast), OT-JAIL-5: in the standard game one missed roll leaves the player in jail."""
    game = _luke_in_jail("standard")
    play(game, "roll luke 1 2")
    assert game.state.player("luke").in_jail
    assert game.state.player("luke").position == 10
    assert game.state.cash("luke") == 1500


def test_short_game_jail_fine_before_the_roll() -> None:
    """OT-SHORT-6: the fine may also be paid at once, and then the player rolls and moves normally."""
    game = _luke_in_jail("short")
    play(game, "fine luke", "roll luke 1 2")
    assert game.state.player("luke").position == 13
    assert game.state.cash("luke") == 1450


def test_short_game_jail_card_on_the_jail_turn() -> None:
    """OT-SHORT-6: a Get Out of Jail Free card also frees the player on that one turn, at no cost."""
    game = _luke_in_jail("short")
    give_jail_card(game, "luke", "rebel")
    play(game, "jail-card luke", "roll luke 1 2")
    assert game.state.player("luke").position == 13
    assert game.state.cash("luke") == 1500
    assert game.state.player("luke").jail_cards == []


def test_short_game_docking_tax_is_flat() -> None:
    """OT-SHORT-7: Docking Tax is always 200 in the short game; there is no 10 % choice to make."""
    game = new_game(variant="short")
    play(game, "roll luke 1 3")  # GO + 4 = Docking Tax
    assert game.state.cash("luke") == 1300
    assert game.state.decisions == []
    assert rejected(game, "tax luke worth") == ["decision/no-tax"]


def test_standard_game_docking_tax_asks() -> None:
    """OT-SHORT-7 (contrast), OT-TAX-1: in the standard game the same space asks flat or 10 %."""
    game = new_game()
    play(game, "roll luke 1 3")
    assert [d.kind for d in game.state.decisions] == ["tax"]
    assert game.state.cash("luke") == 1500


# ---------------------------------------------------------------- short game: the end


def test_short_game_ends_at_the_first_bankruptcy_and_ranks_by_worth() -> None:
    """OT-SHORT-8, OT-SHORT-9, OT-SHORT-10: the first bankruptcy ends the game and the others are ranked by
    worth: cash + printed prices (half for a mortgaged deed) + starships at what they cost, a freighter with
    its three fighters."""
    game = _cleared(3, "short")
    give_deeds(game, "vader", *DAGOBAH, "tie-fighter")
    build_evenly(game, "vader", DAGOBAH, 3)  # 6 fighters at 50 = 300
    play(game, "build vader dagobah-yodas-hut")  # freighter: 50 more, three fighters back
    play(game, "mortgage vader tie-fighter")  # +100: Vader has 1500 - 350 + 100 = 1250
    give_deeds(game, "han", "coruscant-imperial-palace")
    set_cash(game, "han", 1300)
    set_cash(game, "luke", 20)
    play(game, "roll luke 1 2", "claim vader luke")  # Swamp with three fighters: 180, Luke has 20
    play(game, "bankrupt luke")  # Luke's 20 go to Vader: 1270
    s = game.state
    assert s.over and s.end_reason == "first bankruptcy"
    # Vader: 1270 cash + 60 + 60 (Dagobah) + 100 (half of the mortgaged TIE Fighter's 200)
    #        + 150 (three fighters on the Swamp) + 200 (freighter 50 + the three fighters handed in) = 1840
    # Han:   1300 cash + 400 (Imperial Palace) = 1700, more cash than Vader but less worth
    assert s.ranking == [
        {"player": "vader", "worth": 1840,
         "parts": {"cash": 1270, "deeds": 120, "mortgaged": 100, "buildings": 350, "total": 1840}},
        {"player": "han", "worth": 1700,
         "parts": {"cash": 1300, "deeds": 400, "mortgaged": 0, "buildings": 0, "total": 1700}}]
    assert rejected(game, "roll vader 3 4") == ["game/over"]


def test_short_game_end_counts_the_interest_on_a_received_mortgage() -> None:
    """OT-SHORT-8, OT-SHORT-9, OT-BANKRUPT-4: a creditor who receives a mortgaged deed owes the 10 % interest
    at once, so the final worth counts it even though the game stops before the lift-or-keep choice."""
    game = _cleared(3, "short")
    give_deeds(game, "vader", "hoth-echo-base")
    give_deeds(game, "luke", "yavin-4-temple-throne-room")
    play(game, "mortgage luke yavin-4-temple-throne-room")
    set_cash(game, "luke", 0)
    play(game, "roll luke 2 6", "claim vader luke")  # Echo Base alone: rent 6, Luke has nothing
    play(game, "bankrupt luke")
    # Vader: 1500 cash - 9 interest (10 % of the 90 mortgage) + 100 (Echo Base) + 90 (half of 180) = 1681
    assert game.state.ranking == [
        {"player": "vader", "worth": 1681,
         "parts": {"cash": 1491, "deeds": 100, "mortgaged": 90, "buildings": 0, "total": 1681}},
        {"player": "han", "worth": 1500,
         "parts": {"cash": 1500, "deeds": 0, "mortgaged": 0, "buildings": 0, "total": 1500}}]
    assert game.state.cash("vader") == 1491


def test_standard_game_goes_on_after_a_bankruptcy() -> None:
    """OT-SHORT-8 (contrast), OT-BANKRUPT-9: in the standard game the others play on until one is left."""
    game = new_game(players=3)
    give_deeds(game, "vader", "hoth-echo-base")
    set_cash(game, "luke", 0)
    play(game, "roll luke 2 6", "claim vader luke", "bankrupt luke")
    assert not game.state.over
    assert [p.id for p in game.state.active] == ["vader", "han"]


# ---------------------------------------------------------------- time-limit game


def test_time_limit_game_deals_two_paid_deeds() -> None:
    """OT-TIME-3, OT-TIME-4: each player is dealt two deeds and pays the bank their printed prices at once."""
    game = new_game(players=4, variant="time-limit", seed=5)
    hands = [dealt(game, pid) for pid in PLAYERS]
    assert [len(h) for h in hands] == [2, 2, 2, 2]
    assert len({d for h in hands for d in h}) == 8
    for pid, hand in zip(PLAYERS, hands, strict=True):
        assert game.state.cash(pid) == 1500 - sum(edition().space(d).price for d in hand)


def dealt_by_hand(variant: str, **hands: str) -> Game:
    """A game of ``variant`` for luke and vader whose deal the table made by hand: ``hands`` gives the deeds a
    player says they were dealt (comma-separated space ids)."""
    players = [{**seat(i), **({"dealt": hands[seat(i)["id"]]} if seat(i)["id"] in hands else {})} for i in range(2)]
    return open_game(edition(), Setup(edition().id, variant, players, seed=3))


def test_the_table_may_say_who_was_dealt_what() -> None:
    """OT-SHORT-2, OT-TIME-3, OT-TIME-4: the Banker deals the deeds by hand, so the table may say which each player
    got. Short game: Luke says he holds Yoda's Hut, Echo Base and North Ridge, and has them free; Vader, who says
    nothing, is dealt three of the others. Time-limit game: Luke's Echo Base and the Imperial Palace cost him
    100 + 400, so he has 1,000 left."""
    game = dealt_by_hand("short", luke="dagobah-yodas-hut,hoth-echo-base,hoth-north-ridge")
    assert dealt(game, "luke") == ["dagobah-yodas-hut", "hoth-echo-base", "hoth-north-ridge"]
    assert len(dealt(game, "vader")) == 3 and not set(dealt(game, "vader")) & set(dealt(game, "luke"))
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1500, 1500)
    game = dealt_by_hand("time-limit", luke="hoth-echo-base,coruscant-imperial-palace")
    assert game.state.cash("luke") == 1500 - 100 - 400


@pytest.mark.parametrize(("variant", "hand", "words"), [
    ("short", "hoth-echo-base,hoth-north-ridge", "Luke is dealt 2 Title Deeds; this game deals 3 to each player."),
    ("short", "hoth-echo-base,hoth-echo-base,hoth,", "Hoth: Echo Base is dealt twice."),
    ("short", "hoth-echo-base,hoth-north-ridge,hoth", "'hoth' (dealt to Luke) is not a Title Deed on this board."),
    ("standard", "hoth-echo-base", "This game deals no Title Deeds: Luke cannot be dealt any."),
])
def test_a_deal_that_cannot_be_is_refused(variant: str, hand: str, words: str) -> None:
    """OT-SHORT-2: a hand the box cannot have dealt is refused with the reason."""
    with pytest.raises(CommandRejected) as refused:
        dealt_by_hand(variant, luke=hand)
    assert words in [v.message for v in refused.value.violations]


def test_time_up_ends_the_game_richest_first() -> None:
    """OT-TIME-1, OT-TIME-2: at the agreed time the game stops and the players are ranked by worth."""
    setup = Setup(edition().id, "time-limit", [seat(0), seat(1)], seed=1, ends_at="21:30")
    game = open_game(edition(), setup)
    assert game.setup.ends_at == "21:30"
    for pid in ("luke", "vader"):
        return_deeds(game, *dealt(game, pid))
    give_deeds(game, "luke", *HOTH)
    build_evenly(game, "luke", HOTH, 1)
    set_cash(game, "luke", 1000)
    give_deeds(game, "vader", "coruscant-imperial-palace")
    play(game, "mortgage vader coruscant-imperial-palace")
    set_cash(game, "vader", 1100)
    play(game, "time-up")
    s = game.state
    assert s.over and s.end_reason == "time is up"
    # Luke:  1000 cash + 100 + 100 + 120 (Hoth) + 3 x 50 (fighters) = 1470
    # Vader: 1100 cash + 200 (half of the mortgaged Imperial Palace's 400) = 1300
    assert s.ranking == [
        {"player": "luke", "worth": 1470,
         "parts": {"cash": 1000, "deeds": 320, "mortgaged": 0, "buildings": 150, "total": 1470}},
        {"player": "vader", "worth": 1300,
         "parts": {"cash": 1100, "deeds": 0, "mortgaged": 200, "buildings": 0, "total": 1300}}]
    assert rejected(game, "build luke hoth-echo-base") == ["game/over"]


def test_nothing_is_pending_once_time_is_up() -> None:
    """OT-TIME-2: once the game is over nothing more can be played, so nothing is pending: Vader's unclaimed rent
    on the Swamp, the auction of the TIE Fighter and Luke's trade offer left open are void, and the table shows
    none of them. Luke paid 100 + 100 for his dealt Hoth deeds, Vader 60 + 60 for Dagobah: both are worth 1500
    (cash 1300 + 200, cash 1380 + 120); Luke's 50 bid is never paid."""
    game = dealt_by_hand("time-limit", luke="hoth-frozen-plains,hoth-echo-base",
                         vader="dagobah-swamp,dagobah-yodas-hut")
    play(game, "roll luke 1 2", "end luke",            # onto the Swamp: Vader may claim 4 x 2 = 8
         "roll vader 2 3", "decline vader", "bid luke 50", "propose luke vader give=cash:10 get=")
    open_now = game.describe()
    assert open_now["rent_claims"] and open_now["auction"] and open_now["trade"]
    play(game, "time-up")
    assert game.describe() == {"decisions": [], "auction": None, "debts": [], "rent_claims": [], "trade": None}
    assert [(r["player"], r["worth"], r["parts"]["cash"]) for r in game.state.ranking] == [
        ("luke", 1500, 1300), ("vader", 1500, 1380)]
    assert auction_view(game) is None and trade_offer(game) is None
    offered = dealt_by_hand("time-limit", luke="hoth-frozen-plains,hoth-echo-base")
    play(offered, "roll luke 2 3")                     # onto the TIE Fighter: Luke's offer stays open
    assert acting_words(offered)
    play(offered, "time-up")
    assert offered.describe()["decisions"] == [] and acting_words(offered) == ""


@pytest.mark.parametrize("variant", ["standard", "short"])
def test_time_up_only_in_the_time_limit_game(variant: str) -> None:
    """OT-TIME-1: only the time-limit game stops at an agreed time."""
    game = new_game(variant=variant)
    assert rejected(game, "time-up") == ["game/no-time-limit"]
    assert not game.state.over
