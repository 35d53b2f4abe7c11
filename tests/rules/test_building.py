"""Fighters (houses) and freighters/destroyers (hotels): sections 10 and 11 of the rule catalogue.

Deed figures come from editions/original-trilogy/board.toml: Hoth deeds cost 50 a fighter, Tatooine 100,
Cloud City 150, Endor 200; the Hoth: Echo Base rent row is 6 / 30 / 90 / 270 / 400 / 550.
"""

from __future__ import annotations

import pytest

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


def test_fighters_only_on_a_complete_group() -> None:
    """OT-FIGHTER-1: the bank sells fighters only once one player holds every deed of the group."""
    game = new_game()
    give_deeds(game, "vader", "hoth-frozen-plains", "hoth-echo-base")
    assert "build/group-incomplete" in rejected(game, "build vader hoth-echo-base")
    give_deeds(game, "vader", "hoth-north-ridge")
    play(game, "build vader hoth-echo-base")
    assert game.state.houses("hoth-echo-base") == 1


def test_group_split_between_players_blocks_both() -> None:
    """OT-FIGHTER-1: a group shared by two players gives neither of them the right to build."""
    game = new_game()
    give_deeds(game, "vader", "dagobah-yodas-hut")
    give_deeds(game, "luke", "dagobah-swamp")
    assert "build/group-incomplete" in rejected(game, "build vader dagobah-yodas-hut")
    assert "build/group-incomplete" in rejected(game, "build luke dagobah-swamp")


def test_no_fighter_while_a_deed_of_the_group_is_mortgaged() -> None:
    """OT-FIGHTER-1, OT-MORT-5: no building on a group with a mortgaged deed; lifted: full price."""
    game = new_game()
    give_deeds(game, "vader", *HOTH)
    play(game, "mortgage vader hoth-north-ridge")  # +60
    assert "build/group-mortgaged" in rejected(game, "build vader hoth-echo-base")
    play(game, "unmortgage vader hoth-north-ridge")  # 60 + 6 interest = 66
    cash = game.state.cash("vader")
    play(game, "build vader hoth-echo-base")
    assert game.state.cash("vader") == cash - 50  # full building price from the deed


@pytest.mark.parametrize(("group", "deed", "cost"), [
    (HOTH, "hoth-echo-base", 50),
    (TATOOINE, "tatooine-lars-homestead", 100),
    (CLOUD_CITY, "cloud-city-landing-platform", 150),
    (ENDOR, "endor-shield-generator", 200),
])
def test_fighter_costs_the_building_price_on_the_deed(group: tuple[str, ...], deed: str, cost: int) -> None:
    """OT-FIGHTER-3: each fighter costs the building price printed on the deed it goes on."""
    game = new_game()
    give_deeds(game, "vader", *group)
    play(game, f"build vader {deed}")
    assert game.state.cash("vader") == 1500 - cost
    assert game.state.houses(deed) == 1
    assert bank_houses(game) == 31  # 32 in the shared stock, one now on the board


@pytest.mark.parametrize("first", HOTH)
def test_first_fighter_anywhere_then_evenly(first: str) -> None:
    """OT-FIGHTER-2, OT-FIGHTER-6: the first fighter may go on any deed of the group; no second fighter
    on it while another deed of the group has none."""
    game = new_game()
    give_deeds(game, "vader", *HOTH)
    play(game, f"build vader {first}")
    assert rejected(game, f"build vader {first}") == ["build/uneven"]
    others = [d for d in HOTH if d != first]
    play(game, f"build vader {others[0]}")
    assert rejected(game, f"build vader {first}") == ["build/uneven"]  # one deed still bare
    play(game, f"build vader {others[1]}", f"build vader {first}")
    assert game.state.houses(first) == 2


def test_three_on_one_and_one_on_another_is_not_allowed() -> None:
    """OT-FIGHTER-6: the book's example: no three fighters on one deed while another of the group has one."""
    game = new_game()
    give_deeds(game, "vader", *TATOOINE)
    build_evenly(game, "vader", TATOOINE, 1)
    play(game, "build vader tatooine-mos-eisley")  # 2 / 1 / 1 is even enough
    assert rejected(game, "build vader tatooine-mos-eisley") == ["build/uneven"]  # 3 / 1 / 1 is not
    assert [game.state.houses(d) for d in TATOOINE] == [2, 1, 1]


def test_fighters_may_be_bought_at_any_time() -> None:
    """OT-FIGHTER-5: building is not tied to the owner's turn; several fighters may be bought at once."""
    game = new_game()
    give_deeds(game, "vader", *DAGOBAH)
    assert game.state.turn.player == "luke"
    build_evenly(game, "vader", DAGOBAH, 3)  # 6 fighters at 50 = 300, during Luke's turn
    assert game.state.cash("vader") == 1500 - 300
    assert [game.state.houses(d) for d in DAGOBAH] == [3, 3]


def test_four_fighters_at_most_then_a_freighter_returns_them() -> None:
    """OT-FIGHTER-7, OT-FREIGHTER-1, OT-FREIGHTER-2: after four fighters on every deed of the group, the next
    piece is a freighter/destroyer: the four fighters go back to the bank and the deed's price is paid."""
    game = new_game()
    give_deeds(game, "vader", *DAGOBAH)
    build_evenly(game, "vader", DAGOBAH, 4)  # 8 fighters at 50 = 400
    assert bank_houses(game) == 32 - 8
    assert game.state.cash("vader") == 1500 - 400
    play(game, "build vader dagobah-yodas-hut")
    assert game.state.houses("dagobah-yodas-hut") == 0
    assert game.state.hotels("dagobah-yodas-hut") == 1
    assert bank_houses(game) == 24 + 4  # the four fighters went back
    assert bank_hotels(game) == 12 - 1
    assert game.state.cash("vader") == 1100 - 50  # the freighter costs the deed's building price


def test_no_freighter_until_every_deed_has_four_fighters() -> None:
    """OT-FREIGHTER-1: four fighters on one deed and three on the other: no freighter/destroyer yet."""
    game = new_game()
    give_deeds(game, "vader", *DAGOBAH)
    build_evenly(game, "vader", DAGOBAH, 3)
    play(game, "build vader dagobah-yodas-hut")  # 4 / 3
    assert rejected(game, "build vader dagobah-yodas-hut") == ["build/uneven"]
    assert game.state.hotels("dagobah-yodas-hut") == 0


def test_only_one_freighter_per_deed() -> None:
    """OT-FREIGHTER-3: a deed with a freighter/destroyer takes no further piece."""
    game = new_game()
    give_deeds(game, "vader", *DAGOBAH)
    build_evenly(game, "vader", DAGOBAH, 5)  # both deeds end with a freighter/destroyer
    assert [game.state.hotels(d) for d in DAGOBAH] == [1, 1]
    assert rejected(game, "build vader dagobah-swamp") == ["build/full"]


def test_nothing_is_built_on_vessels_or_utilities() -> None:
    """OT-FIGHTER-1: starships stand only on colour-group streets, never on vessels or utilities."""
    game = new_game()
    give_deeds(game, "vader", "tie-fighter", "millennium-falcon", "x-wing-fighter", "star-destroyer",
               "reactor-core", "moisture-farm")
    assert rejected(game, "build vader tie-fighter") == ["build/not-street"]
    assert rejected(game, "build vader moisture-farm") == ["build/not-street"]


@pytest.mark.parametrize(("rows", "rent"), [
    (1, 30),   # Hoth: Echo Base with 1 fighter
    (2, 90),   # 2 fighters
    (3, 270),  # 3 fighters
    (4, 400),  # 4 fighters
    (5, 550),  # freighter/destroyer
])
def test_rent_with_starships_follows_the_deed(rows: int, rent: int) -> None:
    """OT-RENT-5: the rent on a deed with starships is the deed's row for that many pieces."""
    game = new_game()
    give_deeds(game, "vader", *HOTH)
    build_evenly(game, "vader", HOTH, min(rows, 4))
    if rows == 5:
        play(game, "build vader hoth-echo-base")
    play(game, "roll luke 2 6")  # GO + 8 = Hoth: Echo Base
    assert game.state.player("luke").position == 8
    play(game, "claim vader luke")
    assert game.state.cash("luke") == 1500 - rent


def test_bare_deed_of_a_full_group_still_earns_double() -> None:
    """OT-FIGHTER-4, OT-RENT-3: a bare deed of a full group earns double rent while another deed of the
    group carries a fighter."""
    game = new_game()
    give_deeds(game, "vader", *HOTH)
    play(game, "build vader hoth-echo-base")
    play(game, "roll luke 4 5")  # GO + 9 = Hoth: North Ridge, no fighter on it
    play(game, "claim vader luke")
    assert game.state.cash("luke") == 1500 - 16  # printed rent 8, doubled = 16


def test_shared_fighter_stock_runs_out_and_returns() -> None:
    """OT-EDITION-7, OT-SHORTAGE-1, OT-FREIGHTER-2: Rebel and Empire draw on one stock of 32 fighters; with
    none left nobody may build a fighter until a freighter/destroyer sends four back to the bank."""
    game = new_game()
    give_deeds(game, "luke", *HOTH, *DAGOBAH)
    give_deeds(game, "vader", *TATOOINE, *YAVIN)
    set_cash(game, "luke", 3000)
    set_cash(game, "vader", 3000)
    build_evenly(game, "luke", HOTH, 4)      # 12 X-wing fighters
    build_evenly(game, "luke", DAGOBAH, 4)   # 8 more: 20
    build_evenly(game, "vader", TATOOINE, 4)  # 12 TIE fighters: 32 on the board
    assert bank_houses(game) == 0
    cash = game.state.cash("vader")
    codes_ = rejected(game, "build vader yavin-4-war-room")
    assert codes_ == ["stock/empty"]
    assert game.state.cash("vader") == cash
    play(game, "build luke dagobah-yodas-hut")  # the Corellian freighter sends 4 fighters back
    assert bank_houses(game) == 4
    play(game, "build vader yavin-4-war-room")  # now a TIE fighter is available again
    assert game.state.houses("yavin-4-war-room") == 1
    assert bank_houses(game) == 3
    assert game.state.cash("vader") == cash - 100


def test_shared_freighter_stock_of_twelve() -> None:
    """OT-EDITION-7, OT-SHORTAGE-1: at most 12 freighters/destroyers on the board; the 13th waits until one is
    sold back to the bank."""
    game = new_game()
    give_deeds(game, "luke", *DAGOBAH, *HOTH, *TATOOINE, *YAVIN, *CLOUD_CITY)
    set_cash(game, "luke", 20000)
    for group in (DAGOBAH, HOTH, TATOOINE, YAVIN):  # 2 + 3 + 3 + 3 = 11 freighters
        build_evenly(game, "luke", group, 5)
    build_evenly(game, "luke", CLOUD_CITY, 4)
    play(game, "build luke cloud-city-reactor-control-room")  # the 12th
    assert bank_hotels(game) == 0
    assert rejected(game, "build luke cloud-city-landing-platform") == ["stock/empty"]
    play(game, "sell-all luke dagobah")  # two freighters go back to the bank
    assert bank_hotels(game) == 2
    play(game, "build luke cloud-city-landing-platform")
    assert game.state.hotels("cloud-city-landing-platform") == 1

