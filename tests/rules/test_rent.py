"""Rent: deeds, full groups, mortgages, vessels, utilities, the claim window (OT-RENT-*, OT-EDITION-9/10)."""

from __future__ import annotations

import pytest

from companion.engine.events import RentDue
from companion.engine.game import Game

from .helpers import give_deeds, new_game, play, refusal, rejected, roll_and_end

VESSELS = ("tie-fighter", "millennium-falcon", "x-wing-fighter", "star-destroyer")  # 5, 15, 25, 35


def rent_due(events: list) -> list[tuple[str, str, str, int]]:
    """The rent claims opened by some events, as (owner, payer, space, amount)."""
    return [(e.owner, e.payer, e.space, e.amount) for e in events if isinstance(e, RentDue)]


def luke_idles(game: Game) -> None:
    """Luke's quiet first turn: 4+6 to Jail (just visiting), then vader has the dice."""
    roll_and_end(game, "luke", "4 6")


# ---------------------------------------------------------------- streets


def test_rent_from_the_deed_is_paid_when_the_owner_claims_it() -> None:
    """OT-RENT-1, OT-RENT-6: vader lands on luke's Swamp (rent 4); nothing moves until luke claims."""
    game = new_game()
    play(game, "roll luke 1 2", "buy luke", "end luke")
    events = play(game, "roll vader 1 2")
    assert rent_due(events) == [("luke", "vader", "dagobah-swamp", 4)]
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1440, 1500)  # not paid unasked
    assert [v.message for v in refusal(game, "claim vader luke").violations] == [
        "Luke owes Vader no rent right now: Luke has not stopped on any of Vader's Title Deeds lately."]
    play(game, "claim luke vader")
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1440 + 4, 1500 - 4)
    assert [v.message for v in refusal(game, "claim luke vader").violations] == [  # paid once only
        "Vader owes Luke no rent right now: the rent for Dagobah: Swamp was paid already."]


def test_no_rent_on_your_own_deed() -> None:
    """OT-RENT-1: rent is paid only on a deed another player owns."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-swamp")  # TEST-ONLY gift
    events = play(game, "roll luke 1 2")
    assert rent_due(events) == [] and game.state.decisions == []


def test_full_dagobah_group_doubles_unimproved_rent() -> None:
    """OT-RENT-3: luke owns Yoda's Hut and the Swamp: rent on the Swamp 4 x 2 = 8."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut")  # TEST-ONLY gift
    play(game, "roll luke 1 2", "buy luke", "end luke")
    play(game, "roll vader 1 2", "claim luke vader")
    assert game.state.cash("vader") == 1500 - 8


def test_full_coruscant_group_doubles_unimproved_rent() -> None:
    """OT-RENT-3: vader's card takes him to luke's Imperial Palace; luke owns Coruscant: 50 x 2 = 100."""
    game = new_game()
    give_deeds(game, "luke", "coruscant-monument-square", "coruscant-imperial-palace")  # TEST-ONLY gift
    luke_idles(game)
    events = play(game, "roll vader 3 4", "card vader advance-to-imperial-palace")
    assert rent_due(events) == [("luke", "vader", "coruscant-imperial-palace", 100)]
    play(game, "claim luke vader")
    assert game.state.cash("vader") == 1500 - 100
    assert game.state.cash("luke") == 1500 + 100


def test_half_a_group_earns_single_rent() -> None:
    """OT-RENT-1, OT-RENT-3: the Imperial Palace alone earns its printed 50."""
    game = new_game()
    give_deeds(game, "luke", "coruscant-imperial-palace")  # TEST-ONLY gift
    luke_idles(game)
    events = play(game, "roll vader 3 4", "card vader advance-to-imperial-palace")
    assert rent_due(events) == [("luke", "vader", "coruscant-imperial-palace", 50)]


def test_rent_not_yet_claimed_is_void_once_the_deed_is_mortgaged() -> None:
    """OT-RENT-2: vader lands on luke's Swamp (rent 4); luke mortgages it (+30) before claiming, so there is no
    rent left to claim and vader keeps his 1,500."""
    game = new_game()
    play(game, "roll luke 1 2", "buy luke", "end luke", "roll vader 1 2", "mortgage luke dagobah-swamp")
    assert [v.message for v in refusal(game, "claim luke vader").violations] == [
        "Vader owes Luke no rent right now: Dagobah: Swamp was mortgaged before Luke asked, so it earns no rent."]
    assert (game.state.cash("luke"), game.state.cash("vader")) == (1500 - 60 + 30, 1500)


def test_double_rent_holds_with_another_group_deed_mortgaged() -> None:
    """OT-RENT-4, OT-MORT-3: luke owns all of Hoth with Frozen Plains mortgaged; Echo Base still earns
    6 x 2 = 12."""
    game = new_game()
    give_deeds(game, "luke", "hoth-frozen-plains", "hoth-echo-base", "hoth-north-ridge")  # TEST-ONLY gift
    play(game, "mortgage luke hoth-frozen-plains")  # +50
    luke_idles(game)
    events = play(game, "roll vader 3 5")  # 8: Echo Base
    assert rent_due(events) == [("luke", "vader", "hoth-echo-base", 12)]
    play(game, "claim luke vader")
    assert game.state.cash("vader") == 1500 - 12
    assert game.state.cash("luke") == 1500 + 50 + 12


def test_a_mortgaged_deed_earns_no_rent() -> None:
    """OT-RENT-2: vader lands on luke's mortgaged Frozen Plains: nothing to claim."""
    game = new_game()
    give_deeds(game, "luke", "hoth-frozen-plains", "hoth-echo-base", "hoth-north-ridge")  # TEST-ONLY gift
    play(game, "mortgage luke hoth-frozen-plains")
    luke_idles(game)
    events = play(game, "roll vader 1 5")  # 6: Frozen Plains
    assert rent_due(events) == []
    assert game.state.decisions == []  # not for sale either: it is still luke's
    assert [v.message for v in refusal(game, "claim luke vader").violations] == [
        "Vader owes Luke no rent right now: Hoth: Frozen Plains is mortgaged and earns no rent."]
    assert game.state.cash("vader") == 1500


def test_fighters_raise_the_rent_as_the_deed_shows() -> None:
    """OT-RENT-5: one fighter on the Swamp: the deed's one-fighter rent, 20."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut", "dagobah-swamp")  # TEST-ONLY gift
    play(game, "build luke dagobah-swamp")  # 50
    luke_idles(game)
    events = play(game, "roll vader 1 2", "claim luke vader")  # 3: Swamp
    assert rent_due(events) == [("luke", "vader", "dagobah-swamp", 20)]
    assert game.state.cash("vader") == 1500 - 20


def test_bare_deed_of_an_improved_group_earns_double() -> None:
    """OT-FIGHTER-4, OT-RENT-3: a fighter on Yoda's Hut; the bare Swamp of the full group earns 4 x 2 = 8."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut", "dagobah-swamp")  # TEST-ONLY gift
    play(game, "build luke dagobah-yodas-hut")
    luke_idles(game)
    events = play(game, "roll vader 1 2")
    assert rent_due(events) == [("luke", "vader", "dagobah-swamp", 8)]


def test_a_freighter_earns_the_hotel_rent() -> None:
    """OT-RENT-5: four fighters on each Dagobah deed, then a freighter on the Swamp: rent 450."""
    game = new_game()
    give_deeds(game, "luke", "dagobah-yodas-hut", "dagobah-swamp")  # TEST-ONLY gift
    for _ in range(4):
        play(game, "build luke dagobah-swamp", "build luke dagobah-yodas-hut")
    play(game, "build luke dagobah-swamp")  # the freighter: 9 pieces x 50 = 450 paid in all
    assert game.state.cash("luke") == 1500 - 450
    luke_idles(game)
    events = play(game, "roll vader 1 2", "claim luke vader")
    assert rent_due(events) == [("luke", "vader", "dagobah-swamp", 450)]
    assert game.state.cash("vader") == 1500 - 450


# ---------------------------------------------------------------- vessels and utilities


@pytest.mark.parametrize(("owned", "rent"), [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_vessel_rent_depends_on_how_many_vessels_the_owner_has(owned: int, rent: int) -> None:
    """OT-EDITION-9, OT-RENT-1: like railroads, 1/2/3/4 vessels earn 25/50/100/200."""
    game = new_game()
    give_deeds(game, "luke", *VESSELS[:owned])  # TEST-ONLY gift, the TIE Fighter always among them
    luke_idles(game)
    events = play(game, "roll vader 1 4", "claim luke vader")  # 5: TIE Fighter
    assert rent_due(events) == [("luke", "vader", "tie-fighter", rent)]
    assert game.state.cash("vader") == 1500 - rent


def test_a_mortgaged_vessel_earns_nothing() -> None:
    """OT-RENT-2, OT-MORT-3: the TIE Fighter is mortgaged: no rent, even though luke has two vessels."""
    game = new_game()
    give_deeds(game, "luke", "tie-fighter", "millennium-falcon")  # TEST-ONLY gift
    play(game, "mortgage luke tie-fighter")
    luke_idles(game)
    assert rent_due(play(game, "roll vader 1 4")) == []


@pytest.mark.parametrize(("both", "rent"), [(False, 4 * 12), (True, 10 * 12)])
def test_utility_rent_is_the_dice_times_four_or_ten(both: bool, rent: int) -> None:
    """OT-EDITION-10: vader rolls 6+6 onto the Reactor Core: 4 x 12 = 48 with one utility, 10 x 12 = 120
    with both."""
    game = new_game()
    give_deeds(game, "luke", "reactor-core", *(["moisture-farm"] if both else []))  # TEST-ONLY gift
    luke_idles(game)
    events = play(game, "roll vader 6 6", "claim luke vader")
    assert rent_due(events) == [("luke", "vader", "reactor-core", rent)]
    assert game.state.cash("vader") == 1500 - rent


@pytest.mark.parametrize(("both", "rent"), [(False, 4 * 4), (True, 10 * 4)])
def test_utility_rent_uses_the_roll_that_landed(both: bool, rent: int) -> None:
    """OT-EDITION-10: from 24, vader rolls 1+3 onto the Moisture Farm (28): 4 x 4 = 16, or 10 x 4 = 40."""
    game = new_game()
    give_deeds(game, "luke", "moisture-farm", *(["reactor-core"] if both else []))  # TEST-ONLY gift
    luke_idles(game)
    play(game, "roll vader 3 4", "card vader advance-to-cloud-city-3", "decline vader", "close", "end vader")
    roll_and_end(game, "luke", "5 6")
    events = play(game, "roll vader 1 3")
    assert rent_due(events) == [("luke", "vader", "moisture-farm", rent)]


# ---------------------------------------------------------------- the claim window


def lands_on_tarkins_swamp() -> Game:
    """Four players; tarkin owns the Swamp and luke lands on it (rent 4) on turn 1, then ends his turn."""
    game = new_game(4)
    give_deeds(game, "tarkin", "dagobah-swamp")  # TEST-ONLY gift
    play(game, "roll luke 1 2", "end luke")
    return game


def test_rent_can_still_be_claimed_after_the_next_player_rolled() -> None:
    """OT-RENT-7: vader (the first player after luke) has rolled; tarkin may still ask for the 4."""
    game = lands_on_tarkins_swamp()
    play(game, "roll vader 4 6", "claim tarkin luke")
    assert game.state.cash("luke") == 1500 - 4
    assert game.state.cash("tarkin") == 1500 + 4


def test_rent_can_be_claimed_until_the_second_player_rolls() -> None:
    """OT-RENT-7: vader's whole turn is over and han has not rolled yet: the claim still stands."""
    game = lands_on_tarkins_swamp()
    roll_and_end(game, "vader", "4 6")
    play(game, "claim tarkin luke")
    assert game.state.cash("luke") == 1500 - 4


def test_rent_lapses_when_the_second_following_player_rolls() -> None:
    """OT-RENT-7: han (second after luke) rolls before tarkin asked: the rent is lost."""
    game = lands_on_tarkins_swamp()
    roll_and_end(game, "vader", "4 6")
    play(game, "roll han 4 6")
    assert game.state.rent_claims == []
    assert [v.message for v in refusal(game, "claim tarkin luke").violations] == [
        "Luke owes Tarkin no rent right now: the time to ask for the rent for Dagobah: Swamp has passed (Han has "
        "rolled)."]
    assert game.state.cash("luke") == game.state.cash("tarkin") == 1500


def test_rent_lapses_in_a_two_player_game_when_the_lander_rolls_again() -> None:
    """OT-RENT-7: with two players, the second player after luke is luke himself on his next turn."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")  # TEST-ONLY gift
    play(game, "roll luke 1 2", "end luke", "roll vader 4 6", "end vader")
    assert [c.payer for c in game.state.rent_claims] == ["luke"]  # vader rolled; still claimable
    play(game, "roll luke 4 5")  # 3 + 9 = 12
    assert rejected(game, "claim vader luke") == ["rent/no-claim"]


# ---------------------------------------------------------------- cards that change the rent


@pytest.mark.parametrize(("vader_vessels", "rent"), [(("millennium-falcon",), 25 * 2),
                                                      (("millennium-falcon", "tie-fighter"), 50 * 2)])
def test_nearest_vessel_card_pays_double_rent(vader_vessels: tuple[str, ...], rent: int) -> None:
    """OT-CARD-1 (nearest-vessel card): from 7 the closest vessel is the Millennium Falcon (15); its owner
    gets twice the usual rent: 25 x 2 = 50 with one vessel, 50 x 2 = 100 with two."""
    game = new_game()
    give_deeds(game, "vader", *vader_vessels)  # TEST-ONLY gift
    events = play(game, "roll luke 3 4", "card luke nearest-vessel")
    assert game.state.player("luke").position == 15
    assert rent_due(events) == [("vader", "luke", "millennium-falcon", rent)]
    play(game, "claim vader luke")
    assert game.state.cash("luke") == 1500 - rent


def test_nearest_vessel_card_past_go_pays_salary_and_double_rent() -> None:
    """OT-GO-1, OT-CARD-1: from 36 the closest vessel is the TIE Fighter (5), past GO: +200, then the owner
    may claim 25 x 2 = 50."""
    game = new_game()
    give_deeds(game, "vader", "tie-fighter")  # TEST-ONLY gift
    play(game, "roll luke 3 4", "card luke advance-to-cloud-city-3", "decline luke", "close", "end luke")
    roll_and_end(game, "vader", "4 6")
    events = play(game, "roll luke 6 6", "card luke nearest-vessel")  # 24 + 12 = 36
    assert game.state.player("luke").position == 5
    assert rent_due(events) == [("vader", "luke", "tie-fighter", 50)]
    assert game.state.cash("luke") == 1500 + 200


def test_nearest_vessel_unowned_is_offered_at_its_price() -> None:
    """OT-BUY-1: a card that moves onto an unowned vessel offers it at the printed 200."""
    game = new_game()
    play(game, "roll luke 3 4", "card luke nearest-vessel", "buy luke")
    assert game.state.owner("millennium-falcon") == "luke"
    assert game.state.cash("luke") == 1500 - 200


def test_nearest_utility_card_takes_a_fresh_roll_times_ten() -> None:
    """OT-CARD-1 (nearest-utility card): from 7 to the Reactor Core (12), owned by vader with ONE utility;
    luke rolls again, 2+3, and owes 10 x 5 = 50 (not 4 x 5, and not from the 3+4 that moved him). Asked for
    before that roll, the rent is said to wait for it."""
    game = new_game()
    give_deeds(game, "vader", "reactor-core")  # TEST-ONLY gift
    events = play(game, "roll luke 3 4", "card luke nearest-utility")
    assert game.state.player("luke").position == 12
    assert rent_due(events) == []
    assert [d.kind for d in game.state.decisions] == ["utility-roll"]
    assert "turn/decision-open" in rejected(game, "end luke")
    assert refusal(game, "claim vader luke").violations[0].message == (
        "Luke owes Vader no rent right now: the rent for Reactor Core waits for Luke's roll: Luke must first roll "
        "the dice for the utility Reactor Core.")
    events = play(game, "roll luke 2 3")
    assert rent_due(events) == [("vader", "luke", "reactor-core", 50)]
    assert game.state.player("luke").position == 12  # the fresh roll does not move the token
    play(game, "claim vader luke", "end luke")
    assert game.state.cash("luke") == 1500 - 50


def test_a_rent_waiting_for_the_fresh_roll_is_said_so_after_an_earlier_paid_claim() -> None:
    """OT-CARD-1 (nearest-utility card), OT-RENT-6: luke paid vader the Frozen Plains rent last time round; asked
    again before his fresh roll for the card, the refusal speaks of the Moisture Farm rent waiting for that roll,
    not of the rent already paid."""
    game = new_game()
    give_deeds(game, "vader", "hoth-frozen-plains", "moisture-farm")  # TEST-ONLY gift
    play(game, "roll luke 1 1", "card luke contest-prize", "roll luke 2 2", "claim vader luke")  # 2, then 6
    play(game, "roll luke 1 4", "decline luke", "close", "end luke")  # 11
    roll_and_end(game, "vader", "6 4")
    play(game, "roll luke 6 5", "card luke nearest-utility")  # 22 -> 28
    assert refusal(game, "claim vader luke").violations[0].message == (
        "Luke owes Vader no rent right now: the rent for Moisture Farm waits for Luke's roll: Luke must first roll "
        "the dice for the utility Moisture Farm.")


def test_nearest_utility_from_the_second_imperial_space_is_the_moisture_farm() -> None:
    """OT-CARD-1: from 22 the closest utility is the Moisture Farm (28): fresh roll 6+5 -> 10 x 11 = 110."""
    game = new_game()
    give_deeds(game, "vader", "moisture-farm", "reactor-core")  # TEST-ONLY gift
    roll_and_end(game, "luke", "5 6")  # 11
    roll_and_end(game, "vader", "4 6")
    play(game, "roll luke 5 6", "card luke nearest-utility")  # 22: Imperial
    assert game.state.player("luke").position == 28
    events = play(game, "roll luke 6 5")
    assert rent_due(events) == [("vader", "luke", "moisture-farm", 110)]


def test_nearest_utility_unowned_is_offered() -> None:
    """OT-BUY-1, OT-CARD-1: an unowned utility reached by the card is offered at 150; no fresh roll."""
    game = new_game()
    play(game, "roll luke 3 4", "card luke nearest-utility")
    assert [d.kind for d in game.state.decisions] == ["offer"]
    play(game, "buy luke")
    assert game.state.cash("luke") == 1500 - 150


def test_nearest_utility_mortgaged_asks_nothing() -> None:
    """OT-RENT-2: the card moves luke onto vader's mortgaged Reactor Core: no roll, no rent."""
    game = new_game()
    give_deeds(game, "vader", "reactor-core")  # TEST-ONLY gift
    play(game, "mortgage vader reactor-core")
    events = play(game, "roll luke 3 4", "card luke nearest-utility")
    assert game.state.decisions == [] and rent_due(events) == []
    play(game, "end luke")
