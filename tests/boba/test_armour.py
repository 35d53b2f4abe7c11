"""Armour symbols (Sigils and Skulls) in the Boba Fett edition (BF-SIGIL-*, BF-SKULL-*, BF-STOCK-*, BF-SELL-*).

Test box: set 1 = spaces 1, 3 and set 2 = 6, 8 (Sigil 50, Skull 75); set 3 = 11, 13 and set 4 = 16, 18 (Sigil
100, Skull 125); set 5 = 21, 23 and set 6 = 26, 29 (Sigil 150, Skull 175); set 7 = 31, 33 (Sigil 200, Skull 225).
The rule book: 32 Sigils and 12 Skulls; 4 Sigils at most; a Skull needs 4 Sigils on every character of the set,
costs the Skull cost and sends the 4 Sigils back; armour sells back for half.
"""

from __future__ import annotations

from companion.engine.game import Game
from companion.engine.ledger import BANK, CREDITS, HOTEL, HOUSE
from companion.script import parse_script, run_script

from .helpers import (
    build_rows,
    cash,
    colour_set,
    depository,
    give_cash,
    give_deeds,
    messages,
    play,
    quiet_turn,
    rejected,
)
from .testbox import new_game

SET_3 = colour_set(3)  # space-11, space-13


def din_holds(*sets: int, players: int = 2, extra_cash: int = 0) -> Game:
    """A game where din holds the colour sets ``sets`` (TEST-ONLY gift) and ``extra_cash`` more credits."""
    game = new_game(players)
    give_deeds(game, "din", *(space for k in sets for space in colour_set(k)))
    if extra_cash:
        give_cash(game, "din", extra_cash)
    return game


def with_skull_on_11() -> Game:
    """Din holds set 3 with 4 Sigils on each character and a Skull on 11: 8 x 100 + 125 spent."""
    game = din_holds(3)
    build_rows(game, "din", SET_3, 4)
    play(game, "build din space-11")
    assert cash(game, "din") == 1500 - 8 * 100 - 125
    return game


# ---------------------------------------------------------------- Sigils


def test_sigils_need_the_whole_colour_set() -> None:
    """BF-SIGIL-1: din holds only character 3A: no Sigil, and the refusal speaks of the colour set."""
    game = new_game()
    give_deeds(game, "din", "space-11")  # TEST-ONLY
    text = messages(game, "build din space-11")
    assert text == "Din must own the whole Test set 3 colour set first."
    give_deeds(game, "din", "space-13")  # TEST-ONLY
    play(game, "build din space-11")


def test_a_colour_set_the_box_has_not_named_is_called_by_its_number() -> None:
    """BF-SIGIL-1: on a box whose colour sets have no names yet, the refusal names the set once ("Colour set 3"),
    not "Colour set 3 colour set"."""
    script = parse_script("edition boba-fett\nplayer din name=Din\nplayer fennec name=Fennec\n"
                          "box space:space-11 kind=street name=3A group=colour-set-3 price=140\n"
                          "roll din 5 6\nbuy din\nbuild din space-11\n")
    outcome = run_script(script)
    assert outcome.rejected is not None
    assert [v.message for v in outcome.rejected[2]] == ["Din must own the whole Colour set 3 first."]


def test_a_sigil_costs_the_amount_on_the_title_deed_paid_to_the_depository() -> None:
    """BF-SIGIL-3: a Sigil on character 3A costs its printed 100, paid to the Depository, which has one less."""
    game = din_holds(3)
    before = game.state.ledger.balance(BANK, CREDITS)
    play(game, "build din space-11")
    assert (game.state.houses("space-11"), depository(game, HOUSE)) == (1, 32 - 1)
    assert cash(game, "din") == 1500 - 100
    assert game.state.ledger.balance(BANK, CREDITS) == before + 100


def test_sigils_may_be_added_on_another_players_turn() -> None:
    """BF-SIGIL-2: din adds Sigils while it is fennec's turn, before and after fennec rolls."""
    game = din_holds(3)
    quiet_turn(game, "din", 10)
    play(game, "build din space-11", "roll fennec 4 6", "build din space-13")
    assert [game.state.houses(s) for s in SET_3] == [1, 1]


def test_sigils_go_on_evenly() -> None:
    """BF-SIGIL-4: a second Sigil on 3A waits until 3B has its first; the refusal names armour symbols."""
    game = din_holds(3)
    play(game, "build din space-11")
    text = messages(game, "build din space-11")
    assert text == ("Add evenly: every property of the Test set 3 colour set needs 1 armour symbol before "
                    "Character 3A (test) gets another.")
    play(game, "build din space-13", "build din space-11")
    assert [game.state.houses(s) for s in SET_3] == [2, 1]


def test_no_armour_while_a_character_of_the_set_is_inactive() -> None:
    """BF-SIGIL-6: character 3B is inactive: no Sigil on 3A; the refusal says inactive and reinstate, never
    mortgage."""
    game = din_holds(3)
    play(game, "mortgage din space-13")
    text = messages(game, "build din space-11")
    assert text == ("A Title Deed of the Test set 3 colour set is inactive: reinstate it before adding armour "
                    "symbols.")
    assert "mortgage" not in text.lower()
    play(game, "unmortgage din space-13", "build din space-11")


# ---------------------------------------------------------------- Skulls


def test_four_sigils_at_most_then_the_skull_needs_four_on_every_character() -> None:
    """BF-SIGIL-5, BF-SKULL-1: with 4 Sigils on 3A and 3 on 3B, 3A gets nothing more (no fifth Sigil, no Skull
    yet); once 3B has 4 too, the next one on 3A is a Skull."""
    game = din_holds(3)
    build_rows(game, "din", SET_3, 3)
    play(game, "build din space-11")
    assert [game.state.houses(s) for s in SET_3] == [4, 3]
    assert rejected(game, "build din space-11") == ["build/uneven"]
    play(game, "build din space-13", "build din space-11")
    assert (game.state.houses("space-11"), game.state.hotels("space-11")) == (0, 1)


def test_a_skull_costs_its_own_printed_cost_and_sends_four_sigils_back() -> None:
    """BF-SKULL-2, BF-SKULL-3: the Skull on 3A costs its printed Skull cost, 125 (not the Sigil cost of 100);
    its 4 Sigils go back to the Depository."""
    game = din_holds(3)
    build_rows(game, "din", SET_3, 4)
    assert (cash(game, "din"), depository(game, HOUSE)) == (1500 - 8 * 100, 32 - 8)
    play(game, "build din space-11")
    assert cash(game, "din") == 1500 - 8 * 100 - 125
    assert (depository(game, HOUSE), depository(game, HOTEL)) == (32 - 8 + 4, 12 - 1)


def test_one_skull_per_character_and_no_sigils_after_it() -> None:
    """BF-SKULL-4: 3A has its Skull: nothing more goes on it; 3B may still get its own Skull."""
    game = with_skull_on_11()
    assert messages(game, "build din space-11") == "Character 3A (test) already has a Skull."
    play(game, "build din space-13")
    assert [game.state.hotels(s) for s in SET_3] == [1, 1]


# ---------------------------------------------------------------- the stock


def test_the_depository_has_32_sigils_then_none_until_one_is_sold_back() -> None:
    """BF-STOCK-1, BF-STOCK-2: din puts 4 Sigils on each character of sets 1 to 4 (32); a Sigil for set 5 is
    refused until he sells one back."""
    game = din_holds(1, 2, 3, 4, 5, extra_cash=3000)
    for k in (1, 2, 3, 4):
        build_rows(game, "din", colour_set(k), 4)
    assert depository(game, HOUSE) == 0
    text = messages(game, "build din space-21")
    assert text == "The Depository has no Sigils left; wait until some are sold back."
    assert rejected(game, "piece-auction house") == ["stock/empty"]
    play(game, "sell din space-1", "build din space-21")
    assert game.state.houses("space-21") == 1


def test_the_depository_has_12_skulls() -> None:
    """BF-STOCK-1: Skulls on both characters of sets 1 to 6 use all 12; set 7 then gets 4 Sigils each but no
    Skull."""
    game = din_holds(1, 2, 3, 4, 5, 6, 7, extra_cash=10000)
    for k in (1, 2, 3, 4, 5, 6):
        build_rows(game, "din", colour_set(k), 5)
    build_rows(game, "din", colour_set(7), 4)
    assert (depository(game, HOTEL), depository(game, HOUSE)) == (0, 32 - 8)
    assert messages(game, "build din space-31") == "The Depository has no Skulls left; wait until some are sold back."
    # 2 x (8 x 50 + 2 x 75) + 2 x (8 x 100 + 2 x 125) + 2 x (8 x 150 + 2 x 175) + 8 x 200
    assert cash(game, "din") == 1500 + 10000 - (2 * 550 + 2 * 1050 + 2 * 1550 + 1600)


def test_the_last_sigil_wanted_by_several_goes_to_auction() -> None:
    """BF-STOCK-3, BF-STOCK-4: one Sigil is left and fennec and bossk both could use it: the Expeditor auctions
    it (named in the book's word, ``piece-auction sigil``). Bids open at 10 and rise by 1 or more, in any order;
    fennec wins at 12, pays the Depository and places it free; he may not trade a character away first."""
    game = din_holds(1, 2, 3, 4, players=3, extra_cash=1000)
    for k in (1, 2, 3, 4):
        build_rows(game, "din", colour_set(k), 4)
    play(game, "sell din space-1")  # one Sigil back in the Depository (half of 50 to din)
    give_deeds(game, "fennec", *colour_set(5))  # TEST-ONLY
    give_deeds(game, "bossk", *colour_set(6))  # TEST-ONLY
    before = game.state.ledger.balance(BANK, CREDITS)
    assert messages(game, "piece-auction armour") == ("Auction either a Sigil (sigil or house) or a Skull (skull or "
                                                      "hotel).")
    play(game, "piece-auction sigil")
    assert game.describe()["auction"]["name"] == "Sigil"
    assert rejected(game, "bid fennec 9") == ["auction/too-low"]
    play(game, "bid fennec 10")
    assert rejected(game, "bid bossk 10") == ["auction/too-low"]
    play(game, "bid bossk 11", "bid fennec 12", "close")
    assert rejected(game, "build bossk space-26") == ["stock/empty"]  # kept for fennec until he places it
    assert messages(game, "propose fennec bossk give=deed:space-21 get=") == (
        "Fennec must first place the Sigil won at auction.")  # else set 5 broken up: nowhere to place it
    assert cash(game, "fennec") == 1500 - 12
    assert game.state.ledger.balance(BANK, CREDITS) == before + 12
    play(game, "build fennec space-21")  # the Sigil won, placed without paying again
    assert (game.state.houses("space-21"), cash(game, "fennec")) == (1, 1500 - 12)
    assert rejected(game, "build bossk space-26") == ["stock/empty"]


def test_no_armour_auction_while_the_depository_has_enough() -> None:
    """BF-STOCK-3: with 32 Sigils in the Depository and only din able to add one, there is nothing to auction:
    he buys at the Sigil cost."""
    game = din_holds(1)
    assert rejected(game, "piece-auction house") == ["stock/not-short"]
    assert rejected(game, "piece-auction hotel") == ["stock/not-short"]


# ---------------------------------------------------------------- selling armour back


def test_sigils_sell_back_for_half_and_evenly() -> None:
    """BF-SELL-1, BF-SELL-2: two rows on set 3 (4 x 100); Sigils come off for 50 each, always from the
    character with the most."""
    game = din_holds(3)
    build_rows(game, "din", SET_3, 2)
    play(game, "sell din space-11")
    text = messages(game, "sell din space-11")
    assert text == "Sell evenly: take armour symbols off the properties with the most first."
    play(game, "sell din space-13", "sell din space-11")
    assert [game.state.houses(s) for s in SET_3] == [0, 1]
    assert cash(game, "din") == 1500 - 4 * 100 + 3 * 50
    assert depository(game, HOUSE) == 32 - 4 + 3


def test_a_skull_sells_for_half_its_cost_and_comes_back_as_four_sigils() -> None:
    """BF-SELL-3: the Skull on 3A (cost 125) sells for 62 (half, rounded down) and 4 Sigils take its place."""
    game = with_skull_on_11()
    play(game, "sell din space-11")
    assert (game.state.hotels("space-11"), game.state.houses("space-11")) == (0, 4)
    assert cash(game, "din") == 1500 - 8 * 100 - 125 + 62
    assert (depository(game, HOUSE), depository(game, HOTEL)) == (32 - 8, 12)


def test_a_skull_comes_down_to_sigils_only_while_the_depository_has_four() -> None:
    """BF-SELL-3: every Sigil is in play, so the Skull on 3A cannot be swapped for 4; the whole set's armour goes
    back at once instead, for half of what it cost: (4 x 100 + 125) / 2 = 262 and 4 x 100 / 2 = 200."""
    game = din_holds(1, 2, 3, 4, extra_cash=3000)
    for k in (1, 2, 3, 4):
        build_rows(game, "din", colour_set(k), 4)
    play(game, "build din space-11")  # the Skull: 4 Sigils go back
    give_deeds(game, "fennec", *colour_set(5))  # TEST-ONLY
    build_rows(game, "fennec", colour_set(5), 2)  # the last 4 Sigils
    spent = 2 * 8 * 50 + 2 * 8 * 100 + 125
    text = messages(game, "sell din space-11")
    assert text.startswith("The Depository has only 0 Sigils")
    play(game, "sell-all din colour-set-3")
    assert [game.state.houses(s) + game.state.hotels(s) for s in SET_3] == [0, 0]
    assert cash(game, "din") == 1500 + 3000 - spent + 262 + 200
    assert (depository(game, HOUSE), depository(game, HOTEL)) == (4, 12)


def test_armour_is_sold_before_a_character_is_made_inactive_or_traded() -> None:
    """BF-INACTIVE-1, BF-TRADE-3: with a Sigil on each of set 3, 3B can be neither made inactive nor traded; once
    the armour is sold (2 x 50) both work."""
    game = din_holds(3)
    build_rows(game, "din", SET_3, 1)
    assert messages(game, "mortgage din space-13") == "Sell the armour symbols on the Test set 3 colour set first."
    text = messages(game, "propose din fennec give=deed:space-13 get=cash:100")
    assert text == ("Character 3B (test) cannot change hands while its colour set has armour symbols: sell them to "
                    "the Depository first.")
    play(game, "sell-all din colour-set-3", "mortgage din space-13",
         "propose din fennec give=deed:space-11 get=cash:100", "accept fennec")
    assert cash(game, "din") == 1500 - 2 * 100 + 2 * 50 + 150 + 100  # Sigils, sold back, inactive value, sale


def test_armour_cannot_be_sold_or_traded_to_another_player() -> None:
    """BF-TRADE-4: a trade offer holds Title Deeds, credits and Get Out of Jail Free cards only."""
    game = din_holds(3)
    build_rows(game, "din", SET_3, 1)
    assert rejected(game, "propose din fennec give=sigil:1 get=cash:25") == ["trade/syntax"]
