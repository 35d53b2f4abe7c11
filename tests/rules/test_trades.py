"""Deals between players: sections 13 (selling to a player), 15 (trades) and 17 (no loans between players).

Trade notation: ``propose PROPOSER PARTNER give=... get=...`` with ``deed:<id>``, ``cash:<credits>`` and
``card:<deck>``; the partner answers ``accept`` or ``reject``. Dagobah: Swamp has a mortgage value of 30, so
lifting it costs 30 + 3 = 33.
"""

from __future__ import annotations

import pytest

from companion.engine.commands import parse_command
from companion.engine.errors import CommandSyntaxError
from companion.engine.game import Game

from .builders_assets import HOTH
from .helpers import give_deeds, new_game, play, refusal, rejected


def _luke_with_imperial_jail_card(players: int = 2) -> Game:
    """Luke draws the Imperial Get Out of Jail Free card on his first roll (GO + 7 = the Imperial space)."""
    game = new_game(players=players)
    play(game, "roll luke 3 4", "card luke jail-free")
    assert game.state.player("luke").jail_cards == ["imperial"]
    return game


def test_deed_sold_to_a_player_for_any_agreed_price() -> None:
    """OT-TRADE-1, OT-SELL-1: an unimproved deed changes hands for whatever the two players agree, here 1."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")
    play(game, "propose vader luke give=deed:dagobah-swamp get=cash:1")
    assert game.state.owner("dagobah-swamp") == "vader"  # nothing moves before the partner agrees
    play(game, "accept luke")
    assert game.state.owner("dagobah-swamp") == "luke"
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1499, 1501)
    assert game.state.trade is None


def test_deeds_credits_and_jail_cards_in_one_deal() -> None:
    """OT-TRADE-1, OT-CARD-4: one deal may mix deeds, credits and Get Out of Jail Free cards on both sides."""
    game = _luke_with_imperial_jail_card()
    give_deeds(game, "luke", "tie-fighter")
    give_deeds(game, "vader", "hoth-echo-base", "reactor-core")
    play(game, "propose luke vader give=deed:tie-fighter,cash:100,card:imperial "
               "get=deed:hoth-echo-base,deed:reactor-core",
         "accept vader")
    s = game.state
    assert s.owner("tie-fighter") == "vader"
    assert (s.owner("hoth-echo-base"), s.owner("reactor-core")) == ("luke", "luke")
    assert (s.cash("luke"), s.cash("vader")) == (1400, 1600)
    assert s.player("luke").jail_cards == []
    assert s.player("vader").jail_cards == ["imperial"]


def test_jail_card_sold_for_credits() -> None:
    """OT-CARD-4, OT-TRADE-1: a Get Out of Jail Free card may be sold to a player for an agreed price."""
    game = _luke_with_imperial_jail_card()
    play(game, "propose vader luke give=cash:75 get=card:imperial", "accept luke")
    assert game.state.player("vader").jail_cards == ["imperial"]
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1575, 1425)


def test_both_sides_must_agree() -> None:
    """OT-TRADE-1: an offer changes nothing until the partner accepts; either side may call it off."""
    game = new_game(players=3)
    give_deeds(game, "vader", "dagobah-swamp")
    before = game.state.ledger.snapshot()
    play(game, "propose vader luke give=deed:dagobah-swamp get=cash:200")
    assert game.state.ledger.snapshot() == before
    assert rejected(game, "accept vader") == ["trade/none"]  # the proposer cannot accept for the partner
    assert rejected(game, "accept han") == ["trade/none"]  # nor can a third player
    assert rejected(game, "reject han") == ["trade/none"]
    play(game, "reject luke")
    assert game.state.trade is None
    assert game.state.ledger.snapshot() == before
    play(game, "propose vader luke give=deed:dagobah-swamp get=cash:200", "reject vader")  # withdrawn
    assert game.state.trade is None
    assert game.state.ledger.snapshot() == before


def test_trade_checked_again_when_accepted() -> None:
    """OT-TRADE-1: the deal is checked as a whole when it is accepted: credits spent meanwhile stop it."""
    game = new_game()
    give_deeds(game, "vader", "coruscant-imperial-palace")
    play(game, "propose luke vader give=cash:1500 get=deed:coruscant-imperial-palace")
    play(game, "roll luke 1 2", "buy luke")  # Dagobah: Swamp for 60: Luke now has 1440
    assert rejected(game, "accept vader") == ["money/too-few-credits"]
    assert game.state.owner("coruscant-imperial-palace") == "vader"
    assert game.state.cash("vader") == 1500


def test_one_bad_item_stops_the_whole_deal() -> None:
    """OT-TRADE-1: a deal where one side offers what it does not hold is refused as a whole."""
    game = _luke_with_imperial_jail_card()
    give_deeds(game, "luke", "tie-fighter")
    codes = rejected(game, "propose luke vader give=deed:tie-fighter "
                           "get=deed:endor-forest,card:rebel,cash:1600")
    assert sorted(codes) == ["deed/not-owner", "money/too-few-credits", "trade/no-card"]
    assert game.state.owner("tie-fighter") == "luke"


def test_no_deal_on_a_group_with_starships() -> None:
    """OT-SELL-2: no deed of a group with starships may go to another player, not even a bare one; once the
    starships are back with the bank the deal is possible."""
    game = new_game()
    give_deeds(game, "vader", *HOTH)
    play(game, "build vader hoth-echo-base")
    assert rejected(game, "propose vader luke give=deed:hoth-north-ridge get=cash:100") == ["trade/buildings"]
    assert rejected(game, "propose luke vader give=cash:100 get=deed:hoth-north-ridge") == ["trade/buildings"]
    play(game, "sell-all vader hoth")
    play(game, "propose vader luke give=deed:hoth-north-ridge get=cash:100", "accept luke")
    assert game.state.owner("hoth-north-ridge") == "luke"


def test_building_after_the_offer_stops_the_deal() -> None:
    """OT-SELL-2, OT-TRADE-1: a fighter bought while the offer waits makes the offer unacceptable."""
    game = new_game()
    give_deeds(game, "vader", *HOTH)
    play(game, "propose vader luke give=deed:hoth-north-ridge get=cash:100", "build vader hoth-echo-base")
    assert rejected(game, "accept luke") == ["trade/buildings"]


def test_starships_are_never_sold_to_a_player() -> None:
    """OT-SELL-1: fighters and freighters/destroyers cannot be part of a deal between players."""
    game = new_game()
    give_deeds(game, "vader", *HOTH)
    play(game, "build vader hoth-echo-base")
    assert [v.message for v in refusal(game, "propose vader luke give=house:1 get=cash:100").violations] == [
        "cannot read 'house:1': use deed:<id>, cash:<credits> or card:<deck>"]


def test_mortgaged_deed_changes_hands_still_mortgaged() -> None:
    """OT-TRADE-2: a mortgaged deed may be sold to a player; it arrives mortgaged and the new owner must say
    whether to lift the mortgage or keep it."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")
    play(game, "mortgage vader dagobah-swamp")
    play(game, "propose vader luke give=deed:dagobah-swamp get=cash:10", "accept luke")
    assert game.state.owner("dagobah-swamp") == "luke"
    assert "dagobah-swamp" in game.state.mortgaged
    assert [(d.kind, d.data["space"]) for d in game.state.decisions_for("luke")] == [
        ("mortgage-transfer", "dagobah-swamp")]
    assert "turn/decision-open" in rejected(game, "roll luke 1 2")


def test_new_owner_lifts_at_once() -> None:
    """OT-TRADE-3: lifting straight away costs the mortgage value plus 10 %: 30 + 3 = 33."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")
    play(game, "mortgage vader dagobah-swamp")
    play(game, "propose vader luke give=deed:dagobah-swamp get=cash:10", "accept luke")
    play(game, "lift luke dagobah-swamp")
    assert game.state.cash("luke") == 1500 - 10 - 33
    assert "dagobah-swamp" not in game.state.mortgaged
    assert game.state.decisions == []


def test_new_owner_keeps_the_mortgage_and_pays_interest_twice() -> None:
    """OT-TRADE-4: keeping the mortgage costs 10 % now (3); lifting later costs 30 plus another 10 % (33)."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")
    play(game, "mortgage vader dagobah-swamp")
    play(game, "propose vader luke give=deed:dagobah-swamp get=cash:10", "accept luke")
    play(game, "keep luke dagobah-swamp")
    assert game.state.cash("luke") == 1500 - 10 - 3
    assert "dagobah-swamp" in game.state.mortgaged
    assert rejected(game, "lift luke dagobah-swamp") == ["decision/no-mortgage-transfer"]  # already decided
    play(game, "unmortgage luke dagobah-swamp")
    assert game.state.cash("luke") == 1487 - 33


def test_interest_is_rounded_up_on_a_traded_mortgage() -> None:
    """OT-TRADE-4: Monument Square (mortgage 175): keeping costs 17.5 -> 18 now, lifting later 175 + 18."""
    game = new_game()
    give_deeds(game, "vader", "coruscant-monument-square")
    play(game, "mortgage vader coruscant-monument-square")
    play(game, "propose vader luke give=deed:coruscant-monument-square get=", "accept luke")
    play(game, "keep luke coruscant-monument-square")
    assert game.state.cash("luke") == 1500 - 18
    play(game, "unmortgage luke coruscant-monument-square")
    assert game.state.cash("luke") == 1482 - 193


def test_trade_with_oneself_or_a_stranger_is_refused() -> None:
    """OT-TRADE-1: a deal needs two players at the table."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")
    assert rejected(game, "propose vader vader give=deed:dagobah-swamp get=cash:10") == ["trade/self"]
    assert rejected(game, "propose vader yoda give=deed:dagobah-swamp get=cash:10") == ["player/unknown"]


def test_an_offer_that_hands_nothing_over_is_refused() -> None:
    """OT-TRADE-1: a deal moves something between the two players."""
    game = new_game()
    assert rejected(game, "propose luke vader give= get=") == ["trade/empty"]


def test_one_offer_at_a_time() -> None:
    """OT-TRADE-1: while an offer waits for an answer no second offer is opened."""
    game = new_game(players=3)
    give_deeds(game, "vader", "dagobah-swamp")
    play(game, "propose vader luke give=deed:dagobah-swamp get=cash:10")
    assert rejected(game, "propose han vader give=cash:10 get=deed:dagobah-swamp") == ["trade/open"]


@pytest.mark.parametrize("line", ["lend luke vader 100", "borrow vader luke 100", "loan luke vader 100"])
def test_no_command_for_player_loans(line: str) -> None:
    """OT-LOAN-2, OT-LOAN-1: the table has no way to lend credits between players; only the bank lends."""
    with pytest.raises(CommandSyntaxError, match="unknown command"):
        parse_command(line)


def test_a_deal_cannot_promise_credits_not_in_hand() -> None:
    """OT-LOAN-2: a deal moves only credits a player holds now: no IOU, no loan item."""
    game = new_game()
    give_deeds(game, "vader", "coruscant-imperial-palace")
    assert rejected(game, "propose luke vader give=cash:1600 get=deed:coruscant-imperial-palace") == [
        "money/too-few-credits"]
    assert rejected(game, "propose luke vader give=loan:400 get=deed:coruscant-imperial-palace") == [
        "trade/syntax"]


def test_received_mortgage_is_settled_only_by_lift_or_keep() -> None:
    """OT-TRADE-3, OT-TRADE-4: a deed received mortgaged is settled once, by lift (33) or keep (3 now): a
    plain unmortgage meanwhile would leave the choice open and charge the interest twice."""
    game = new_game(players=3)
    give_deeds(game, "vader", "dagobah-swamp")
    play(game, "mortgage vader dagobah-swamp")
    play(game, "propose vader luke give=deed:dagobah-swamp get=cash:10", "accept luke")
    assert rejected(game, "unmortgage luke dagobah-swamp") == ["mortgage/decide-first"]
    assert rejected(game, "propose luke han give=deed:dagobah-swamp get=cash:5") == ["mortgage/decide-first"]
    play(game, "lift luke dagobah-swamp")
    assert game.state.cash("luke") == 1500 - 10 - 33
    assert game.state.decisions == []
