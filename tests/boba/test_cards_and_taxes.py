"""Bounty Hunter and Pursuit Craft cards, the Sarlacc Pit and the Sail Barge Escape (BF-CARD-*, BF-TAX-*).

Test box: Bounty Hunter spaces 2, 9, 17, 22, 27, 34 and Pursuit Craft spaces 7, 14, 19, 24, 32, 36; six made-up
cards are entered (Bounty Hunter: jail-free, reward = collect 100, to-go; Pursuit Craft: fine = pay 50, to-jail,
nearest-force), the other 26 are entered when first drawn. The Sarlacc Pit (4) charges 200 and the Sail Barge
Escape (38) 100.
"""

from __future__ import annotations

from companion.engine.game import Game
from companion.engine.ledger import BANK, CREDITS
from companion.engine.state import Setup
from companion.rules import new_game as open_game

from .helpers import cash, give_deeds, play, quiet_turn, refusal, rejected
from .testbox import new_game, shipped


def depository_credits(game: Game) -> int:
    """The Depository's credits."""
    return game.state.ledger.balance(BANK, CREDITS)


def test_a_card_space_asks_for_a_card_of_its_deck() -> None:
    """BF-CARD-1: 3+6 to space 9 asks din for a Bounty Hunter card, and his turn cannot end first; 3+4 to
    space 7 asks fennec for a Pursuit Craft card."""
    game = new_game()
    play(game, "roll din 3 6")
    assert [(d["kind"], d["deck"]) for d in game.describe()["decisions"]] == [("card", "bounty-hunter")]
    assert rejected(game, "end din") == ["turn/decision-open"]
    play(game, "card din reward", "end din", "roll fennec 3 4")
    assert [(d["kind"], d["deck"]) for d in game.describe()["decisions"]] == [("card", "pursuit-craft")]


def test_a_card_not_entered_yet_is_asked_for_then_played() -> None:
    """BF-CARD-1: din draws a Bounty Hunter card the box does not list yet: the draw is refused with a request
    for its effect; once the table enters it (collect 50), the same draw pays him 50."""
    game = new_game()
    play(game, "roll din 3 6")
    refused = refusal(game, "card din bonus")
    assert [v.code for v in refused.violations] == ["box/needed"]
    need = refused.violations[0].need
    assert need is not None and need.target == "card:bounty-hunter"
    assert game.edition.decks["bounty-hunter"].missing == 16 - 3
    play(game, "box card:bounty-hunter/bonus 'title=Test: collect 50' effect=collect amount=50", "card din bonus")
    assert cash(game, "din") == 1500 + 50
    assert game.edition.decks["bounty-hunter"].missing == 16 - 4


def test_an_entered_card_does_what_it_says() -> None:
    """BF-CARD-1: the Depository pays din 100 for "reward"; fennec pays the Depository 50 for "fine"."""
    game = new_game()
    before = depository_credits(game)
    play(game, "roll din 3 6", "card din reward", "end din", "roll fennec 3 4", "card fennec fine")
    assert (cash(game, "din"), cash(game, "fennec")) == (1500 + 100, 1500 - 50)
    assert depository_credits(game) == before - 100 + 50


def test_a_card_to_go_pays_200() -> None:
    """BF-CARD-1, BF-GO-1: "to GO" takes din from 9 to GO, and the Depository pays him 200."""
    game = new_game()
    play(game, "roll din 3 6", "card din to-go")
    assert (game.state.player("din").position, cash(game, "din")) == (0, 1500 + 200)


def test_a_card_to_the_nearest_imperial_force_owned_by_another_player() -> None:
    """BF-CARD-1: fennec draws "nearest Imperial force" on space 7: he moves to din's Imperial force 12 and rolls
    for the payment; the test card asks 10 x that roll (3+4)."""
    game = new_game()
    give_deeds(game, "din", "space-12")  # TEST-ONLY
    quiet_turn(game, "din", 10)
    play(game, "roll fennec 3 4", "card fennec nearest-force")
    assert game.state.player("fennec").position == 12
    play(game, "roll fennec 3 4", "claim din fennec")
    assert cash(game, "fennec") == 1500 - 70  # 10 x 7


def test_a_card_to_the_nearest_imperial_force_asks_what_the_spaces_on_the_way_are() -> None:
    """BF-CARD-1 on a box still being learnt: only space 7 (a Pursuit Craft space) and its "nearest Imperial
    force" card are known (TEST DATA). The card cannot skip spaces nobody has described, as one of them may be the
    nearest Imperial force: it asks what space 8 is. Told space 8 is an Imperial force (its group needs no
    choosing), the card asks its price for the offer (150, TEST DATA); din goes there and buys it."""
    game = open_game(shipped(), Setup("boba-fett", "standard", [{"id": "din"}, {"id": "fennec"}], 0))
    play(game, 'box space:space-7 kind=card "name=Pursuit Craft" deck=pursuit-craft',
         "box card:pursuit-craft/nearest-force 'title=Nearest Imperial force' effect=nearest kind=utility count=1",
         "roll din 3 4")
    need = refusal(game, "card din nearest-force").violations[0].need
    assert need is not None and (need.target, need.fields) == ("space:space-8", ("kind",))
    play(game, 'box space:space-8 kind=utility "name=Imperial force 1"')
    need = refusal(game, "card din nearest-force").violations[0].need
    assert need is not None and (need.target, need.fields) == ("space:space-8", ("price",))
    play(game, "box space:space-8 price=150", "card din nearest-force", "buy din")
    assert (game.state.player("din").position, game.state.owner("space-8"), cash(game, "din")) == (8, "din", 1350)


def test_a_used_card_goes_back_under_its_deck() -> None:
    """BF-CARD-2: din draws "reward"; later fennec draws the same card again from the bottom of the deck."""
    game = new_game()
    play(game, "roll din 3 6", "card din reward", "end din")
    play(game, "roll fennec 3 6", "card fennec reward")
    assert (cash(game, "din"), cash(game, "fennec")) == (1600, 1600)


def test_the_sarlacc_pit_costs_200() -> None:
    """BF-TAX-1: 1+3 to space 4: din pays the Depository the 200 shown there, with no question asked."""
    game = new_game()
    before = depository_credits(game)
    play(game, "roll din 1 3")
    assert cash(game, "din") == 1500 - 200
    assert depository_credits(game) == before + 200
    assert game.describe()["decisions"] == []
    play(game, "end din")


def test_the_sail_barge_escape_costs_100() -> None:
    """BF-TAX-1: din reaches 29 (left unbid), then 4+5 takes him to space 38: 100 to the Depository."""
    game = new_game()
    play(game, "roll din 5 5", "roll din 5 5", "roll din 4 5", "decline din", "close", "end din")
    quiet_turn(game, "fennec", 10)
    play(game, "roll din 4 5")
    assert (game.state.player("din").position, cash(game, "din")) == (38, 1500 - 100)
