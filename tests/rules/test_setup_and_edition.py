"""Set-up, money and the edition's own pieces (OT-SETUP-*, OT-TURN-1/2, OT-EDITION-*)."""

from __future__ import annotations

import pytest

from companion.engine.errors import CommandRejected
from companion.engine.ledger import BANK, CREDITS, HOTEL, HOUSE, deed_unit
from companion.engine.state import Setup
from companion.rules import new_game as open_game

from .helpers import SEATS, codes, edition, give_cash, new_game, play, seat


def setup_of(players: list[dict[str, str]], variant: str = "standard") -> Setup:
    """A set-up for this edition with the given player entries."""
    return Setup(edition().id, variant, players)


def refused_setup(players: list[dict[str, str]]) -> list[str]:
    """The violation codes of a set-up that must be refused."""
    with pytest.raises(CommandRejected) as info:
        open_game(edition(), setup_of(players))
    return [v.code for v in info.value.violations]


# ---------------------------------------------------------------- players and tokens


@pytest.mark.parametrize("count", [2, 3, 5, 8])
def test_two_to_eight_players_may_sit_down(count: int) -> None:
    """OT-SETUP-1: 2 to 8 players is a valid table."""
    game = new_game(count)
    assert [p.id for p in game.state.players] == [s[0] for s in SEATS[:count]]


def test_one_player_is_refused() -> None:
    """OT-SETUP-1: a single player cannot start a game."""
    assert refused_setup([seat(0)]) == ["setup/players"]


def test_nine_players_are_refused() -> None:
    """OT-SETUP-1: nine players are one too many (the ninth takes no token so only the count is wrong)."""
    players = [seat(i) for i in range(8)] + [{"id": "wedge", "name": "Wedge"}]
    assert refused_setup(players) == ["setup/players"]


def test_two_players_may_not_share_a_token() -> None:
    """OT-SETUP-3: each player has a token of their own."""
    luke, vader = seat(0), seat(1)
    vader = {**vader, "token": "luke-skywalker", "side": "rebel"}
    assert "setup/token" in refused_setup([luke, vader])


def test_a_token_not_in_the_box_is_refused() -> None:
    """OT-SETUP-3, OT-EDITION-5: only the edition's eight tokens can be picked (no Han Solo token)."""
    assert "setup/token" in refused_setup([seat(0), {"id": "han", "token": "han-solo", "side": "rebel"}])


@pytest.mark.parametrize(("token", "wrong_side"), [("darth-vader", "rebel"), ("r2-d2", "empire")])
def test_a_token_fights_for_its_own_side(token: str, wrong_side: str) -> None:
    """OT-EDITION-4, OT-EDITION-5: Darth Vader is Empire, R2-D2 is Rebel; the wrong side is refused."""
    codes = refused_setup([seat(0), {"id": "x", "token": token, "side": wrong_side}])
    assert codes == ["setup/side"]


def test_a_wrong_side_is_refused_in_the_sides_own_names() -> None:
    """OT-EDITION-4: Darth Vader sat down as a Rebel is refused naming the Galactic Empire and the Rebel Alliance."""
    with pytest.raises(CommandRejected) as info:
        open_game(edition(), setup_of([seat(0), {"id": "x", "token": "darth-vader", "side": "rebel"}]))
    assert [v.message for v in info.value.violations] == [
        "Darth Vader fights for the Galactic Empire, not the Rebel Alliance."]


def test_all_eight_tokens_with_their_sides_make_a_full_table() -> None:
    """OT-EDITION-4, OT-EDITION-5: Lando, Luke, Obi-Wan, R2-D2 (Rebel); Vader, TIE pilot, Tarkin, Tusken."""
    game = new_game(8)
    sides = {p.token: p.side for p in game.state.players}
    assert sides == {
        "luke-skywalker": "rebel", "r2-d2": "rebel", "lando-calrissian": "rebel", "obi-wan-kenobi": "rebel",
        "darth-vader": "empire", "grand-moff-tarkin": "empire", "tie-fighter-pilot": "empire",
        "tusken-raider": "empire",
    }


def test_the_edition_has_eight_tokens_four_per_side() -> None:
    """OT-EDITION-5: 8 tokens, four Rebel and four Empire, named as in the book."""
    tokens = edition().tokens
    rebels = sorted(t["name"] for t in tokens.values() if t["side"] == "rebel")
    empire = sorted(t["name"] for t in tokens.values() if t["side"] == "empire")
    assert rebels == ["Lando Calrissian", "Luke Skywalker", "Obi-Wan Kenobi", "R2-D2"]
    assert empire == ["Darth Vader", "Grand Moff Tarkin", "TIE fighter pilot", "Tusken Raider"]


def test_each_side_builds_with_its_own_starships() -> None:
    """OT-EDITION-4, OT-EDITION-6: Rebels use X-wings and Corellian freighters, the Empire TIEs and
    Star Destroyers."""
    sides = edition().sides
    assert (sides["rebel"]["house"], sides["rebel"]["hotel"]) == ("X-wing fighter", "Corellian freighter")
    assert (sides["empire"]["house"], sides["empire"]["hotel"]) == ("TIE fighter", "Star Destroyer")


# ---------------------------------------------------------------- money and the bank at the start


@pytest.mark.parametrize("count", [2, 4, 8])
def test_everyone_starts_with_1500(count: int) -> None:
    """OT-SETUP-4: each player gets 1,500 credits from the Bank; the Bank paid 1500 x count."""
    game = new_game(count)
    for p in game.state.players:
        assert game.state.cash(p.id) == 1500
    # the bank handed out 1500 per player: 2 -> 3000, 4 -> 6000, 8 -> 12000
    assert game.state.ledger.balance(BANK, CREDITS) == {2: -3000, 4: -6000, 8: -12000}[count]


def test_the_bank_holds_every_deed_and_starship_at_the_start() -> None:
    """OT-SETUP-5, OT-EDITION-7: all 28 deeds, 32 fighters and 12 freighters/destroyers are the Bank's."""
    game = new_game(4)
    deeds = [s for s in edition().spaces if s.is_deed]
    assert len(deeds) == 22 + 4 + 2  # 22 streets, 4 vessels, 2 utilities
    assert all(game.state.owner(d.id) == BANK for d in deeds)
    assert all(game.state.ledger.balance(BANK, deed_unit(d.id)) == 1 for d in deeds)
    assert game.state.ledger.balance(BANK, HOUSE) == 32
    assert game.state.ledger.balance(BANK, HOTEL) == 12


def test_the_bank_never_runs_out_of_money() -> None:
    """OT-SETUP-8: the Bank keeps paying however much it has paid out already."""
    game = new_game(2)
    give_cash(game, "luke", 1_000_000)  # TEST-ONLY: the bank hands out a million on top of the starting cash
    before = game.state.cash("luke")
    play(game, "roll luke 3 4", "card luke dividend")  # Imperial card: bank pays 50
    assert game.state.cash("luke") == before + 50
    assert game.state.ledger.total(CREDITS) == 0  # every credit came from the bank's account


def test_the_bank_pays_out_and_takes_in() -> None:
    """OT-SETUP-6, OT-SETUP-7: the Bank takes the Swamp's price (60), lends its mortgage (30), takes back the
    loan plus 10 % interest (30 + 3 = 33) and the Docking Tax (200)."""
    game = new_game()

    def bank() -> int:
        return game.state.ledger.balance(BANK, CREDITS)

    start = bank()
    play(game, "roll luke 1 2", "buy luke")
    assert bank() == start + 60
    play(game, "mortgage luke dagobah-swamp")
    assert bank() == start + 60 - 30
    play(game, "unmortgage luke dagobah-swamp")
    assert bank() == start + 60 - 30 + 33
    play(game, "end luke", "roll vader 2 2", "tax vader flat")
    assert bank() == start + 60 - 30 + 33 + 200
    assert game.state.cash("luke") == 1500 - 60 + 30 - 33


# ---------------------------------------------------------------- the first turn


def test_everyone_starts_on_go() -> None:
    """OT-TURN-2: all tokens start on GO (position 0)."""
    game = new_game(6)
    assert [p.position for p in game.state.players] == [0] * 6
    assert not any(p.in_jail for p in game.state.players)


def test_the_player_entered_first_has_the_dice() -> None:
    """OT-TURN-1: the table enters the winner of the starting roll first; that player rolls first."""
    game = open_game(edition(), setup_of([seat(1), seat(0), seat(2)]))
    assert game.state.turn.player == "vader"
    assert game.state.turn.number == 1
    assert "turn/not-your-turn" in codes(game, "roll luke 3 4")
    play(game, "roll vader 4 6")
    assert game.state.player("vader").position == 10


# ---------------------------------------------------------------- edition data


def test_money_is_imperial_credits() -> None:
    """OT-EDITION-3: the currency is Imperial credits."""
    assert edition().terms["currency"] == "Imperial credits"


# Classic (pre-2008 US) deed values by board position, typed from the classic board:
# position: (price, mortgage, building cost, rents unimproved / 1-4 houses / hotel)
CLASSIC_STREETS = {
    1: (60, 30, 50, (2, 10, 30, 90, 160, 250)),
    3: (60, 30, 50, (4, 20, 60, 180, 320, 450)),
    6: (100, 50, 50, (6, 30, 90, 270, 400, 550)),
    8: (100, 50, 50, (6, 30, 90, 270, 400, 550)),
    9: (120, 60, 50, (8, 40, 100, 300, 450, 600)),
    11: (140, 70, 100, (10, 50, 150, 450, 625, 750)),
    13: (140, 70, 100, (10, 50, 150, 450, 625, 750)),
    14: (160, 80, 100, (12, 60, 180, 500, 700, 900)),
    16: (180, 90, 100, (14, 70, 200, 550, 750, 950)),
    18: (180, 90, 100, (14, 70, 200, 550, 750, 950)),
    19: (200, 100, 100, (16, 80, 220, 600, 800, 1000)),
    21: (220, 110, 150, (18, 90, 250, 700, 875, 1050)),
    23: (220, 110, 150, (18, 90, 250, 700, 875, 1050)),
    24: (240, 120, 150, (20, 100, 300, 750, 925, 1100)),
    26: (260, 130, 150, (22, 110, 330, 800, 975, 1150)),
    27: (260, 130, 150, (22, 110, 330, 800, 975, 1150)),
    29: (280, 140, 150, (24, 120, 360, 850, 1025, 1200)),
    31: (300, 150, 200, (26, 130, 390, 900, 1100, 1275)),
    32: (300, 150, 200, (26, 130, 390, 900, 1100, 1275)),
    34: (320, 160, 200, (28, 150, 450, 1000, 1200, 1400)),
    37: (350, 175, 200, (35, 175, 500, 1100, 1300, 1500)),
    39: (400, 200, 200, (50, 200, 600, 1400, 1700, 2000)),
}


@pytest.mark.parametrize("position", sorted(CLASSIC_STREETS))
def test_street_deeds_match_the_classic_deed_in_the_same_place(position: int) -> None:
    """OT-EDITION-2: price, mortgage, building price and rents equal the classic deed at that position."""
    space = edition().spaces[position]
    price, mortgage, build, rents = CLASSIC_STREETS[position]
    assert space.kind == "street"
    assert (space.price, space.mortgage, space.build_cost, space.rent) == (price, mortgage, build, rents)


def test_the_four_vessels_replace_the_railroads() -> None:
    """OT-EDITION-9: TIE fighter (5), Millennium Falcon (15), X-wing fighter (25), Star Destroyer (35),
    each priced 200 (mortgage 100) with railroad rents 25/50/100/200."""
    vessels = {s.position: s for s in edition().spaces if s.kind == "vessel"}
    assert {p: s.name for p, s in vessels.items()} == {
        5: "TIE Fighter", 15: "Millennium Falcon", 25: "X-wing Fighter", 35: "Star Destroyer"}
    for s in vessels.values():
        assert (s.price, s.mortgage, s.rent) == (200, 100, (25, 50, 100, 200))


def test_the_two_utilities_are_the_reactor_core_and_the_moisture_farm() -> None:
    """OT-EDITION-10: utilities at 12 and 28, priced 150 (mortgage 75), rent 4x or 10x the dice."""
    utilities = {s.position: s for s in edition().spaces if s.kind == "utility"}
    assert {p: s.name for p, s in utilities.items()} == {12: "Reactor Core", 28: "Moisture Farm"}
    for s in utilities.values():
        assert (s.price, s.mortgage, s.dice_multiplier) == (150, 75, (4, 10))


def test_docking_tax_and_bounty_take_the_tax_spaces() -> None:
    """OT-EDITION-11: Docking Tax where Income Tax was (4), Bounty where Luxury Tax was (38)."""
    spaces = edition().spaces
    assert (spaces[4].name, spaces[4].kind, spaces[4].tax) == ("Docking Tax", "tax", "docking")
    assert (spaces[38].name, spaces[38].kind) == ("Bounty", "tax")


def test_imperial_cards_replace_chance_and_rebel_cards_community_chest() -> None:
    """OT-EDITION-8, OT-EDITION-13: two decks of 16; Imperial spaces where Chance was (7, 22, 36), Rebel
    spaces where Community Chest was (2, 17, 33)."""
    decks = edition().decks
    assert decks["imperial"].role == "chance" and decks["rebel"].role == "community-chest"
    assert decks["imperial"].size == decks["rebel"].size == 16
    for deck in decks.values():
        assert sum(c.count for c in deck.cards) == 16
    card_spaces = {s.position: s.deck for s in edition().spaces if s.kind == "card"}
    assert card_spaces == {2: "rebel", 17: "rebel", 33: "rebel",
                           7: "imperial", 22: "imperial", 36: "imperial"}


def test_the_corners_are_where_the_classic_board_has_them() -> None:
    """OT-EDITION-1: only names change; GO 0, Jail 10, Free Parking 20, Go to Jail 30, 40 spaces in all."""
    spaces = edition().spaces
    assert len(spaces) == 40
    assert [spaces[i].kind for i in (0, 10, 20, 30)] == ["go", "jail", "free-parking", "go-to-jail"]


def test_the_book_names_dagobah_and_coruscant_groups() -> None:
    """OT-EDITION-12, OT-RENT-3: Dagobah is Yoda's Hut and the Swamp; Coruscant is Monument Square and the
    Imperial Palace."""
    groups = edition().groups
    assert set(groups["dagobah"].members) == {"dagobah-yodas-hut", "dagobah-swamp"}
    assert set(groups["coruscant"].members) == {"coruscant-monument-square", "coruscant-imperial-palace"}
