"""Debts, raising credits, leaving the game and the winner in the Boba Fett edition (BF-DEBT-*, BF-OUT-*,
BF-WIN-*).

Test box: set 3 is spaces 11 and 13 (Sigil 100; with 2 Sigils a character's payment is 300); equipment 5 has an
inactive value of 100 (reinstated for 110), Imperial force 12 one of 75 (reinstated for 83, 10 % = 8 rounded up);
character 2A (space 6) one of 100. The Sarlacc Pit (4) charges 200; the Pursuit Craft card "fine" 50.
"""

from __future__ import annotations

from companion.engine.game import Game
from companion.engine.ledger import BANK

from .helpers import build_rows, cash, codes, give_deeds, messages, play, quiet_turn, rejected, set_cash
from .testbox import new_game


def din_owes_the_sarlacc_pit(with_deeds: bool) -> Game:
    """Din holds 150 credits (and, ``with_deeds``, set 1 with one Sigil each and equipment 5); he rolls 1+3 onto
    the Sarlacc Pit and cannot pay its 200."""
    game = new_game()
    if with_deeds:
        give_deeds(game, "din", "space-1", "space-3", "space-5")  # TEST-ONLY
        build_rows(game, "din", ("space-1", "space-3"), 1)
    set_cash(game, "din", 150)  # TEST-ONLY
    play(game, "roll din 1 3")
    assert [(d["debtor"], d["creditor"], d["amount"]) for d in game.describe()["debts"]] == [("din", BANK, 200)]
    assert cash(game, "din") == 150
    return game


def test_a_bill_too_big_to_pay_becomes_a_debt_that_holds_up_play() -> None:
    """BF-DEBT-2, BF-TAX-1: din owes the Depository 200 with 150 in hand: he cannot end his turn and nobody may
    roll until it is settled; the message speaks of leaving the game, not of bankruptcy."""
    game = din_owes_the_sarlacc_pit(with_deeds=True)
    assert rejected(game, "end din") == ["turn/debt-open"]
    text = messages(game, "roll din 1 2")
    assert "Din still owes 200 credits (Sarlacc Pit): pay it or leave the game first." in text
    assert "bankrupt" not in text.lower()
    assert rejected(game, "pay din") == ["money/too-few-credits"]


def test_credits_are_raised_by_selling_armour_and_making_property_inactive() -> None:
    """BF-DEBT-1: din sells a Sigil back (25) and makes equipment 5 inactive (100), then pays the 200."""
    game = din_owes_the_sarlacc_pit(with_deeds=True)
    play(game, "sell din space-1", "mortgage din space-5", "pay din", "end din")
    assert cash(game, "din") == 150 + 25 + 100 - 200
    assert game.describe()["debts"] == []


def test_nobody_leaves_the_game_while_credits_can_still_be_raised() -> None:
    """BF-OUT-1: din could raise 150 + 2 x 25 + 2 x 50 + 100 = 400 by selling his Sigils and making everything
    inactive, so he may not leave the game."""
    game = din_owes_the_sarlacc_pit(with_deeds=True)
    text = messages(game, "bankrupt din")
    assert text.startswith("Din can still raise 400 credits by selling armour symbols and ")
    assert text.endswith(", enough for the 200 credits owed.")


def din_owes_fennec_more_than_he_can_raise() -> Game:
    """Three players. Din, with 20 credits, inactive equipment 5 and Imperial force 12, set 1 with a Sigil on each
    and the Bounty Hunter jail card, owes fennec 300 for character 3B with 2 Sigils; all he could raise is
    20 + 2 x 25 + 2 x 50 = 170."""
    game = new_game(3)
    give_deeds(game, "fennec", "space-11", "space-13")  # TEST-ONLY
    build_rows(game, "fennec", ("space-11", "space-13"), 2)  # 4 x 100
    give_deeds(game, "din", "space-5", "space-12", "space-1", "space-3")  # TEST-ONLY
    play(game, "mortgage din space-5", "mortgage din space-12")
    build_rows(game, "din", ("space-1", "space-3"), 1)
    play(game, "roll din 3 6", "card din jail-free", "end din")  # 0 -> 9, Bounty Hunter
    quiet_turn(game, "fennec", 10)
    quiet_turn(game, "bossk", 10)
    set_cash(game, "din", 20)  # TEST-ONLY
    play(game, "roll din 1 3", "claim fennec din")  # 9 -> 13
    assert game.describe()["debts"][0]["amount"] == 300
    return game


def test_a_player_raises_all_they_can_before_leaving_the_game() -> None:
    """BF-DEBT-1, BF-OUT-1: din cannot pay the 300 even with all he could raise (170), but he still has his Sigils
    and two active characters: he must sell the Sigils and make set 1 inactive before he is out."""
    game = din_owes_fennec_more_than_he_can_raise()
    assert set(rejected(game, "bankrupt din")) == {"bankrupt/buildings-left", "bankrupt/deeds-left"}
    text = messages(game, "bankrupt din")
    assert "Din must first sell every armour symbol back to the Depository." in text
    assert "Din must first make every Title Deed inactive (" in text
    play(game, "sell din space-1", "sell din space-3", "mortgage din space-1")
    assert rejected(game, "bankrupt din") == ["bankrupt/deeds-left"]
    play(game, "mortgage din space-3")
    assert cash(game, "din") == 20 + 2 * 25 + 2 * 50
    play(game, "bankrupt din")
    assert game.state.player("din").retired


def test_out_of_the_game_to_a_player_who_takes_the_inactive_properties_and_the_card() -> None:
    """BF-OUT-1, BF-OUT-2, BF-OUT-3, BF-OUT-7: din has raised all he could (his 2 Sigils sold for 25 each, set 1
    made inactive for 50 each: 170 in hand) and still owes fennec 300. He is out: fennec takes the 170, every
    property (all inactive) and the card, and decides at once for each: reinstate 5 (110), keep 12 (8), 1 and
    3 (5 each) inactive. Bossk and fennec play on."""
    game = din_owes_fennec_more_than_he_can_raise()
    play(game, "sell din space-1", "sell din space-3", "mortgage din space-1", "mortgage din space-3")
    play(game, "bankrupt din")
    assert game.state.player("din").retired
    assert {game.state.owner(s) for s in ("space-1", "space-3", "space-5", "space-12")} == {"fennec"}
    assert game.state.houses("space-1") + game.state.houses("space-3") == 0
    assert game.state.player("fennec").jail_cards == ["bounty-hunter"]
    assert sorted(d["text"] for d in game.describe()["decisions"]) == [
        "reinstate Character 1A (test) for 55 or keep it inactive, paying the 10 % fee of 5 now",
        "reinstate Character 1B (test) for 55 or keep it inactive, paying the 10 % fee of 5 now",
        "reinstate Equipment 1 (test) for 110 or keep it inactive, paying the 10 % fee of 10 now",
        "reinstate Imperial force 1 (test) for 83 or keep it inactive, paying the 10 % fee of 8 now"]
    assert set(rejected(game, "roll fennec 4 6")) == {"turn/decision-open"}  # one for each property
    play(game, "lift fennec space-5", "keep fennec space-12", "keep fennec space-1", "keep fennec space-3")
    assert game.state.mortgaged == {"space-1", "space-3", "space-12"}
    assert cash(game, "fennec") == 1500 - 400 + 170 - 110 - 8 - 5 - 5  # Sigils, din's 170, 110, 8, 5, 5
    assert (game.state.over, game.state.turn.player) == (False, "fennec")
    play(game, "roll fennec 4 6")


def test_out_of_the_game_to_the_depository_auctions_everything_reinstated() -> None:
    """BF-OUT-4, BF-OUT-5, BF-OUT-6, BF-OUT-7: din, with 20 credits, inactive equipment 5 and character 2A
    and the Bounty Hunter jail card, cannot pay a 50 card fine. He is out; his properties go back to the
    Depository active again and are auctioned at once in board order (opening bid 10); his card goes back under
    its deck; fennec plays on."""
    game = new_game(3)
    give_deeds(game, "din", "space-5", "space-6")  # TEST-ONLY
    play(game, "mortgage din space-5", "mortgage din space-6")
    play(game, "roll din 3 6", "card din jail-free", "end din")  # 0 -> 9, Bounty Hunter
    quiet_turn(game, "fennec", 10)
    quiet_turn(game, "bossk", 10)
    set_cash(game, "din", 20)  # TEST-ONLY
    play(game, "roll din 2 3", "card din fine", "bankrupt din")  # 9 -> 14, Pursuit Craft: pay 50
    assert game.state.player("din").retired
    assert game.state.mortgaged == set()
    assert game.describe()["auction"]["lot"] == "deed:space-5"
    assert game.describe()["auction"]["queue"] == ["deed:space-6"]
    assert rejected(game, "bid fennec 9") == ["auction/too-low"]
    play(game, "bid fennec 10", "close")  # equipment 5 to fennec
    play(game, "close")  # nobody bids on character 2A: it stays with the Depository
    assert (game.state.owner("space-5"), game.state.owner("space-6")) == ("fennec", BANK)
    assert cash(game, "fennec") == 1500 - 10
    assert game.state.mortgaged == set()
    assert all(p.jail_cards == [] for p in game.state.players)
    play(game, "roll fennec 3 4", "card fennec jail-free")  # 10 -> 17, Bounty Hunter: the card is back
    assert game.state.player("fennec").jail_cards == ["bounty-hunter"]


def test_the_last_player_left_wins() -> None:
    """BF-WIN-1, BF-OUT-1: with two players, din cannot pay the Sarlacc Pit and has nothing to raise credits
    with: he leaves, the game is over and fennec, the last one in it, wins; nothing more can be played."""
    game = din_owes_the_sarlacc_pit(with_deeds=False)
    play(game, "bankrupt din")
    assert game.state.over
    assert [row["player"] for row in game.state.ranking] == ["fennec"]
    assert codes(game, "roll fennec 4 6") == ["game/over"]
