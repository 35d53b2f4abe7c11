"""Making properties inactive, reinstating them and trading in the Boba Fett edition (BF-INACTIVE-*, BF-TRADE-*,
BF-TIPS-3).

Test box: character 3A (space 11, price 300) has an inactive value of 150, equipment 5 of 100, Imperial force
12 of 75; character 2A (space 6) costs 200 and 2B (space 8) too. The rule book: reinstating costs the inactive
value plus 10 %; a new owner of an inactive property reinstates it at once or pays 10 % of its inactive value now.
"""

from __future__ import annotations

import pytest

from companion.engine.commands import parse_command
from companion.engine.errors import CommandSyntaxError
from companion.engine.game import Game
from companion.engine.state import Decision

from .helpers import cash, codes, give_deeds, messages, play, rejected
from .testbox import new_game


def din_sells_inactive_11_to_fennec() -> Game:
    """Din makes character 3A inactive (+150) and sells it to fennec for 10 credits; fennec must now decide."""
    game = new_game(3)
    give_deeds(game, "din", "space-11")  # TEST-ONLY
    play(game, "mortgage din space-11", "propose din fennec give=deed:space-11 get=cash:10", "accept fennec")
    assert game.state.owner("space-11") == "fennec" and "space-11" in game.state.mortgaged
    assert cash(game, "din") == 1500 + 150 + 10
    return game


# ---------------------------------------------------------------- inactive and reinstated


def test_making_a_property_inactive_pays_its_inactive_value() -> None:
    """BF-INACTIVE-2: the Depository pays din the inactive values: 150 for character 3A, 100 for equipment 5 and
    75 for Imperial force 12; a property is made inactive once, and only by its owner."""
    game = new_game()
    give_deeds(game, "din", "space-11", "space-5", "space-12")  # TEST-ONLY
    play(game, "mortgage din space-11", "mortgage din space-5", "mortgage din space-12")
    assert cash(game, "din") == 1500 + 150 + 100 + 75
    assert game.state.mortgaged == {"space-11", "space-5", "space-12"}
    assert messages(game, "mortgage din space-11") == "Character 3A (test) is already inactive."
    assert rejected(game, "mortgage fennec space-5") == ["deed/not-owner"]


def test_reinstating_costs_the_inactive_value_plus_10_percent() -> None:
    """BF-INACTIVE-3: reinstating 3A costs 150 + 15, equipment 5 costs 100 + 10 and Imperial force 12 costs
    75 + 8 (7.5 rounded up to a whole credit)."""
    game = new_game()
    give_deeds(game, "din", "space-11", "space-5", "space-12")  # TEST-ONLY
    play(game, "mortgage din space-11", "mortgage din space-5", "mortgage din space-12")
    play(game, "unmortgage din space-11", "unmortgage din space-5", "unmortgage din space-12")
    assert game.state.mortgaged == set()
    assert cash(game, "din") == 1500 + 325 - 165 - 110 - 83
    assert rejected(game, "unmortgage din space-11") == ["mortgage/not-mortgaged"]


def test_reinstating_needs_the_credits() -> None:
    """BF-INACTIVE-3: with 100 credits din cannot reinstate 3A (165); the refusal says reinstate."""
    game = new_game()
    give_deeds(game, "din", "space-11")  # TEST-ONLY
    play(game, "mortgage din space-11", "transfer din fennec 1550 agreed at the table")
    text = messages(game, "unmortgage din space-11")
    assert text == "Reinstate Character 3A (test) costs 165 credits, but Din has only 100 credits."


# ---------------------------------------------------------------- trades


def test_players_trade_at_any_time_for_property_credits_and_cards() -> None:
    """BF-TRADE-1, BF-TRADE-2, BF-CARD-4: during din's turn, before he rolls, fennec swaps character 2A for
    bossk's 2B plus 50 credits; later bossk sells him the Bounty Hunter Get Out of Jail Free card for 20."""
    game = new_game(3)
    give_deeds(game, "fennec", "space-6")  # TEST-ONLY
    give_deeds(game, "bossk", "space-8")  # TEST-ONLY
    play(game, "propose fennec bossk give=deed:space-6 get=deed:space-8,cash:50", "accept bossk")
    assert (game.state.owner("space-6"), game.state.owner("space-8")) == ("bossk", "fennec")
    play(game, "roll din 4 6", "end din", "roll fennec 4 6", "end fennec")  # both to 10, Just Visiting
    play(game, "roll bossk 3 6", "card bossk jail-free")  # bossk: 0 -> 9, Bounty Hunter
    play(game, "propose bossk fennec give=card:bounty-hunter get=cash:20", "accept fennec")
    assert game.state.player("fennec").jail_cards == ["bounty-hunter"]
    assert (cash(game, "fennec"), cash(game, "bossk")) == (1500 + 50 - 20, 1500 - 50 + 20)


def test_no_lending_a_trade_hands_over_only_credits_in_hand() -> None:
    """BF-TIPS-3: there is no command to lend credits, and a trade cannot promise more credits than a player
    holds."""
    game = new_game()
    give_deeds(game, "fennec", "space-6")  # TEST-ONLY
    with pytest.raises(CommandSyntaxError):
        parse_command("loan din fennec 100")
    assert codes(game, "propose din fennec give=cash:2000 get=deed:space-6") == ["money/too-few-credits"]


def test_an_inactive_property_trades_and_the_new_owner_reinstates_it_at_once() -> None:
    """BF-TRADE-5, BF-TRADE-6: fennec buys inactive 3A for 10 credits; before anyone rolls he must decide; he
    reinstates it for 150 + 15."""
    game = din_sells_inactive_11_to_fennec()
    assert game.describe()["decisions"][0]["text"] == ("reinstate Character 3A (test) for 165 or keep it inactive, "
                                                       "paying the 10 % fee of 15 now")
    assert rejected(game, "roll din 4 6") == ["turn/decision-open"]
    assert rejected(game, "propose fennec bossk give=deed:space-11 get=cash:10") == ["mortgage/decide-first"]
    assert rejected(game, "unmortgage fennec space-11") == ["mortgage/decide-first"]
    play(game, "lift fennec space-11")
    assert "space-11" not in game.state.mortgaged
    assert cash(game, "fennec") == 1500 - 10 - 165
    play(game, "roll din 4 6")


def test_the_choice_names_the_fee_without_its_figure_while_the_inactive_value_is_unread() -> None:
    """BF-TRADE-6: the new owner's choice says the 10 % fee is due now to keep the property inactive; its figure
    (and the reinstate cost) only once the inactive value is read off the Title Deed."""
    game = new_game(3, printed=False)
    choice = Decision(1, "mortgage-transfer", "fennec", {"space": "space-11"})
    assert game.rules.decision_text(choice) == ("reinstate Character 3A (test) or keep it inactive, paying the "
                                                "10 % fee now")


def test_or_keeps_it_inactive_paying_10_percent_now_and_again_to_reinstate_later() -> None:
    """BF-TRADE-6, BF-INACTIVE-3: fennec keeps 3A inactive for 15 now; reinstating it later still costs
    150 + 15."""
    game = din_sells_inactive_11_to_fennec()
    play(game, "keep fennec space-11")
    assert "space-11" in game.state.mortgaged
    assert cash(game, "fennec") == 1500 - 10 - 15
    play(game, "unmortgage fennec space-11")
    assert cash(game, "fennec") == 1500 - 10 - 15 - 165
