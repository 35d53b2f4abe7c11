"""Mortgages: section 14 of the rule catalogue (and the loan rules of section 17).

Mortgage values from board.toml: Yoda's Hut 30, Hoth: Echo Base 50, Lars Homestead 80, Reactor Core 75,
a vessel 100, Monument Square 175, Imperial Palace 200. Interest is 10 %, rounded up to a whole credit.
"""

from __future__ import annotations

import pytest

from .builders_assets import DAGOBAH, HOTH, build_evenly, set_cash
from .helpers import give_deeds, new_game, play, refusal, rejected


@pytest.mark.parametrize(("deed", "value"), [
    ("dagobah-yodas-hut", 30),
    ("tatooine-lars-homestead", 80),
    ("reactor-core", 75),
    ("star-destroyer", 100),
    ("coruscant-imperial-palace", 200),
])
def test_mortgage_pays_the_printed_value(deed: str, value: int) -> None:
    """OT-MORT-1, OT-LOAN-1: the bank lends the mortgage value printed on the deed, at any time."""
    game = new_game()
    give_deeds(game, "vader", deed)
    play(game, f"mortgage vader {deed}")  # during Luke's turn
    assert game.state.cash("vader") == 1500 + value
    assert deed in game.state.mortgaged
    assert game.state.owner(deed) == "vader"  # OT-MORT-6: it stays with its owner


def test_a_deed_is_mortgaged_only_once() -> None:
    """OT-MORT-1: a mortgaged deed cannot be mortgaged again for a second loan."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")
    play(game, "mortgage vader dagobah-swamp")
    assert rejected(game, "mortgage vader dagobah-swamp") == ["mortgage/already"]
    assert game.state.cash("vader") == 1530


def test_no_mortgage_while_the_group_has_starships() -> None:
    """OT-MORT-2: a deed of a group with starships, even a bare deed of it, cannot be mortgaged until every
    starship of the group is back with the bank."""
    game = new_game()
    give_deeds(game, "vader", *HOTH)
    play(game, "build vader hoth-echo-base")
    assert rejected(game, "mortgage vader hoth-north-ridge") == ["mortgage/buildings"]
    assert rejected(game, "mortgage vader hoth-echo-base") == ["mortgage/buildings"]
    play(game, "sell vader hoth-echo-base")  # back at half price: +25
    play(game, "mortgage vader hoth-north-ridge")  # +60
    assert game.state.cash("vader") == 1500 - 50 + 25 + 60


def test_only_the_owner_mortgages() -> None:
    """OT-MORT-1, OT-LOAN-1: only the owner of a deed can raise a loan on it; a group named instead of a deed is told
    its deeds."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")
    assert rejected(game, "mortgage luke dagobah-swamp") == ["deed/not-owner"]
    assert [v.message for v in refusal(game, "mortgage luke hoth").violations] == [  # a group, not a deed
        "'hoth' names the group Hoth, not a Title Deed: name one of its Title Deeds instead: hoth-frozen-plains, "
        "hoth-echo-base, hoth-north-ridge."]
    assert [v.message for v in refusal(game, "mortgage luke naboo").violations] == [
        "'naboo' is not a Title Deed on this board."]


def test_mortgaged_deed_earns_no_rent() -> None:
    """OT-MORT-3, OT-RENT-2: landing on a mortgaged deed costs nothing; the owner has nothing to claim."""
    game = new_game()
    give_deeds(game, "vader", "tie-fighter")
    play(game, "mortgage vader tie-fighter")
    play(game, "roll luke 1 4")  # GO + 5 = TIE Fighter
    assert game.state.rent_claims == []
    assert rejected(game, "claim vader luke") == ["rent/no-claim"]
    assert game.state.cash("luke") == 1500


def test_rest_of_the_group_still_earns_double() -> None:
    """OT-MORT-3, OT-RENT-4: with Yoda's Hut mortgaged, the owner's Swamp still earns double rent."""
    game = new_game()
    give_deeds(game, "vader", *DAGOBAH)
    play(game, "mortgage vader dagobah-yodas-hut")
    play(game, "roll luke 1 2")  # GO + 3 = Dagobah: Swamp
    play(game, "claim vader luke")
    assert game.state.cash("luke") == 1500 - 8  # printed 4, doubled for the full group


@pytest.mark.parametrize(("deed", "cost"), [
    ("dagobah-yodas-hut", 33),           # 30 + 3
    ("hoth-echo-base", 55),              # 50 + 5
    ("reactor-core", 83),                # 75 + 7.5 -> 8
    ("coruscant-monument-square", 193),  # 175 + 17.5 -> 18
    ("coruscant-imperial-palace", 220),  # 200 + 20
])
def test_lifting_costs_the_loan_plus_ten_percent(deed: str, cost: int) -> None:
    """OT-MORT-4: lifting a mortgage costs the mortgage value plus 10 % interest, rounded up."""
    game = new_game()
    give_deeds(game, "vader", deed)
    play(game, f"mortgage vader {deed}")
    set_cash(game, "vader", 1000)
    play(game, f"unmortgage vader {deed}")
    assert game.state.cash("vader") == 1000 - cost
    assert deed not in game.state.mortgaged


def test_lifting_needs_the_whole_sum() -> None:
    """OT-MORT-4: with less than mortgage plus interest in hand the mortgage stays."""
    game = new_game()
    give_deeds(game, "vader", "coruscant-monument-square")
    play(game, "mortgage vader coruscant-monument-square")
    set_cash(game, "vader", 192)  # one short of 175 + 18
    assert rejected(game, "unmortgage vader coruscant-monument-square") == ["money/too-few-credits"]
    set_cash(game, "vader", 193)
    play(game, "unmortgage vader coruscant-monument-square")
    assert game.state.cash("vader") == 0


def test_only_mortgaged_deeds_can_be_lifted() -> None:
    """OT-MORT-4: there is nothing to pay back on a deed that was never mortgaged."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")
    assert rejected(game, "unmortgage vader dagobah-swamp") == ["mortgage/not-mortgaged"]


def test_lift_answers_a_received_mortgage_and_points_an_owner_to_unmortgage() -> None:
    """OT-MORT-4: a mortgage of the player's own is lifted with ``unmortgage`` (30 + 3 interest); ``lift`` only
    answers a mortgaged deed just received, and says which command lifts one's own."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")
    play(game, "mortgage vader dagobah-swamp")
    assert refusal(game, "lift vader dagobah-swamp").violations[0].message == (
        "Vader has not just received Dagobah: Swamp mortgaged: there is no interest to settle on it; lift the "
        "mortgage on it at the usual cost instead.")
    play(game, "unmortgage vader dagobah-swamp")
    assert game.state.cash("vader") == 1500 + 30 - 33


def test_nobody_else_can_lift_the_mortgage() -> None:
    """OT-MORT-6: another player cannot take a mortgaged deed over by paying off the bank."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-swamp")
    play(game, "mortgage vader dagobah-swamp")
    assert rejected(game, "unmortgage luke dagobah-swamp") == ["deed/not-owner"]
    assert rejected(game, "lift luke dagobah-swamp") == ["decision/no-mortgage-transfer"]
    assert game.state.owner("dagobah-swamp") == "vader"
    assert "dagobah-swamp" in game.state.mortgaged


def test_building_again_once_the_group_is_free() -> None:
    """OT-MORT-5, OT-MORT-2: after selling off and mortgaging, starships may be bought again at full price
    once no deed of the group is mortgaged."""
    game = new_game()
    give_deeds(game, "vader", *DAGOBAH)
    build_evenly(game, "vader", DAGOBAH, 1)  # -100
    play(game, "sell-all vader dagobah")  # +50
    play(game, "mortgage vader dagobah-swamp", "mortgage vader dagobah-yodas-hut")  # +60
    assert rejected(game, "build vader dagobah-swamp") == ["build/group-mortgaged"]
    play(game, "unmortgage vader dagobah-swamp")  # -33
    assert rejected(game, "build vader dagobah-swamp") == ["build/group-mortgaged"]
    play(game, "unmortgage vader dagobah-yodas-hut")  # -33
    play(game, "build vader dagobah-swamp")  # -50, the full price
    assert game.state.cash("vader") == 1500 - 100 + 50 + 60 - 33 - 33 - 50
