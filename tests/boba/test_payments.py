"""Payments for landing on another player's property in the Boba Fett edition (BF-RENT-*, BF-SET-*).

Test box: colour set 2 is spaces 6 and 8 (payments 20, 80, 200, 400, 600 with 0 to 4 Sigils, 800 with a Skull;
Sigil 50, Skull 75); equipment 5, 15, 25, 35 pays 25 / 50 / 100 / 200 for 1 to 4 owned; the Imperial forces are
12 and 28. The rule book: ask before the next player rolls; an Imperial force pays 4x a fresh roll with one owned,
10x with both.
"""

from __future__ import annotations

import pytest

from companion.engine.game import Game
from companion.table.presenters import event_line

from .helpers import build_rows, cash, give_deeds, messages, play, quiet_turn, rejected
from .testbox import new_game


def owned_by_din(*space_ids: str, players: int = 2, inactive: tuple[str, ...] = ()) -> Game:
    """A game where din holds ``space_ids`` (TEST-ONLY gift), made ``inactive`` ones inactive (a real command,
    paid their inactive value), and took a quiet first turn to 10; fennec has the dice."""
    game = new_game(players)
    give_deeds(game, "din", *space_ids)
    for space_id in inactive:
        play(game, f"mortgage din {space_id}")
    quiet_turn(game, "din", 10)
    return game


def claims(game: Game) -> list[tuple[str, str, str, int]]:
    """The payments that may be asked for now: owner, payer, space, amount."""
    return [(c["owner"], c["payer"], c["space"], c["amount"]) for c in game.describe()["rent_claims"]]


# ---------------------------------------------------------------- asking for payment


def test_the_owner_asks_and_the_lander_pays_the_amount_on_the_title_deed() -> None:
    """BF-RENT-1, BF-RENT-3: fennec lands on din's character 2A (one of its set): nothing moves until din asks;
    then fennec pays the 20 printed on the Title Deed."""
    game = owned_by_din("space-6")
    play(game, "roll fennec 1 5")
    assert claims(game) == [("din", "fennec", "space-6", 20)]
    assert (cash(game, "din"), cash(game, "fennec")) == (1500, 1500)
    play(game, "claim din fennec")
    assert (cash(game, "din"), cash(game, "fennec")) == (1500 + 20, 1500 - 20)
    assert messages(game, "claim din fennec") == ("Fennec owes Din no payment right now: the payment for Character "
                                                  "2A (test) was paid already.")


def test_no_payment_on_your_own_property() -> None:
    """BF-RENT-1: din stops on his own character: there is nothing to ask for."""
    game = new_game()
    give_deeds(game, "din", "space-6")  # TEST-ONLY
    play(game, "roll din 1 5")
    assert claims(game) == []
    assert messages(game, "claim din din") == ("Din owes Din no payment right now: nobody owes payment for their own "
                                               "Title Deeds.")


def test_payment_may_be_asked_until_the_next_player_rolls() -> None:
    """BF-RENT-2: fennec ends his turn on din's character; din asks before rolling: fennec still pays."""
    game = owned_by_din("space-6")
    play(game, "roll fennec 1 5", "end fennec", "claim din fennec")
    assert cash(game, "fennec") == 1500 - 20


def test_an_unasked_payment_lapses_when_the_next_player_rolls() -> None:
    """BF-RENT-2: din rolls before asking: the payment is gone, and asking is refused in the edition's words."""
    game = owned_by_din("space-6")
    play(game, "roll fennec 1 5", "end fennec", "roll din 4 6")
    text = messages(game, "claim din fennec")
    assert text == ("Fennec owes Din no payment right now: the time to ask for the payment for Character 2A (test) "
                    "has passed (Din has rolled).")
    assert (cash(game, "din"), cash(game, "fennec")) == (1500, 1500)


def test_the_next_player_rolling_ends_the_ask_even_if_it_is_not_the_owner() -> None:
    """BF-RENT-2: with three players, fennec lands on din's character and bossk (next) rolls: din is too late."""
    game = owned_by_din("space-6", players=3)
    play(game, "roll fennec 1 5", "end fennec", "roll bossk 4 6")
    assert rejected(game, "claim din fennec") == ["rent/no-claim"]


def test_payment_may_be_asked_after_the_landers_doubles_in_the_same_turn() -> None:
    """BF-RENT-2: fennec lands on din's character with 3+3 and rolls again (4+6 to 16, left unbid); it is still
    fennec's turn, so din may still ask."""
    game = owned_by_din("space-6")
    play(game, "roll fennec 3 3", "roll fennec 4 6", "decline fennec", "close")
    play(game, "claim din fennec")
    assert cash(game, "fennec") == 1500 - 20


# ---------------------------------------------------------------- colour sets and armour


def test_a_full_colour_set_doubles_the_payment() -> None:
    """BF-SET-1: din holds both characters of set 2: landing on 6 costs 2 x 20."""
    game = owned_by_din("space-6", "space-8")
    play(game, "roll fennec 1 5", "claim din fennec")
    assert cash(game, "fennec") == 1500 - 40  # 2 x 20


def test_sigils_and_a_skull_raise_the_payment_as_the_title_deed_shows() -> None:
    """BF-SET-2: with 2 Sigils on each character of set 2 the payment on 6 is 200; with a Skull on 6 it is
    800 (not doubled: the Title Deed's figures)."""
    game = owned_by_din("space-6", "space-8")
    build_rows(game, "din", ("space-6", "space-8"), 2)
    play(game, "roll fennec 1 5", "claim din fennec")
    assert cash(game, "fennec") == 1500 - 200
    game = owned_by_din("space-6", "space-8")
    build_rows(game, "din", ("space-6", "space-8"), 4)
    play(game, "build din space-6")  # the Skull
    play(game, "roll fennec 1 5", "claim din fennec")
    assert cash(game, "fennec") == 1500 - 800


def test_no_payment_on_an_inactive_property() -> None:
    """BF-RENT-6: character 2B is inactive: fennec lands on it and owes nothing."""
    game = owned_by_din("space-6", "space-8", inactive=("space-8",))
    play(game, "roll fennec 3 5")
    assert claims(game) == []
    assert messages(game, "claim din fennec") == ("Fennec owes Din no payment right now: Character 2B (test) is "
                                                  "inactive and earns no payment.")


def test_a_property_made_inactive_before_the_ask_pays_nothing() -> None:
    """BF-RENT-6: fennec stops on din's character 2A (20 owed); din makes it inactive (+100) before asking, so
    the ask is void: fennec keeps his 1,500 and the journal says why."""
    game = owned_by_din("space-6")
    play(game, "roll fennec 1 5")
    assert claims(game) == [("din", "fennec", "space-6", 20)]
    events = play(game, "mortgage din space-6")
    assert claims(game) == []
    assert messages(game, "claim din fennec") == ("Fennec owes Din no payment right now: Character 2A (test) was "
                                                  "inactive before Din asked, so it earns no payment.")
    assert (cash(game, "din"), cash(game, "fennec")) == (1500 + 100, 1500)
    assert [line for e in events if (line := event_line(game, e))][:2] == [
        "No payment can be claimed on an inactive property",
        "Din gets the inactive value of Character 2A (test): Din +100 credits"]


def test_an_imperial_force_made_inactive_before_the_payment_roll_pays_nothing() -> None:
    """BF-RENT-6: fennec stops on din's Imperial force 12 (6+6) and owes a roll for the payment; din makes it
    inactive first (+75): the roll is called off, nothing is asked, and fennec goes on with his doubles."""
    game = owned_by_din("space-12")
    play(game, "roll fennec 6 6")
    events = play(game, "mortgage din space-12")
    assert game.describe()["decisions"] == []
    assert (cash(game, "din"), cash(game, "fennec")) == (1500 + 75, 1500)
    assert "No payment can be claimed on an inactive property: Fennec has no roll to make for" in \
        next(line for e in events if (line := event_line(game, e)))
    play(game, "roll fennec 3 4")  # the second roll of his turn moves him: 12 -> 19
    assert claims(game) == [] and rejected(game, "claim din fennec") == ["rent/no-claim"]
    assert game.state.player("fennec").position == 19 and cash(game, "fennec") == 1500


def test_the_active_character_of_a_set_still_earns_the_doubled_payment() -> None:
    """BF-RENT-7: character 2B is inactive, 2A is not: landing on 2A still costs the full-set 2 x 20."""
    game = owned_by_din("space-6", "space-8", inactive=("space-8",))
    play(game, "roll fennec 1 5", "claim din fennec")
    assert cash(game, "fennec") == 1500 - 40


# ---------------------------------------------------------------- equipment


@pytest.mark.parametrize(("owned", "payment"), [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_equipment_pays_by_how_many_the_owner_holds(owned: int, payment: int) -> None:
    """BF-RENT-4: fennec lands on equipment 5; din holds ``owned`` pieces of equipment."""
    game = owned_by_din(*("space-5", "space-15", "space-25", "space-35")[:owned])
    play(game, "roll fennec 1 4", "claim din fennec")
    assert cash(game, "fennec") == 1500 - payment


def test_inactive_equipment_still_counts_for_the_active_ones() -> None:
    """BF-RENT-8, BF-RENT-6: din holds three pieces of equipment. With 25 inactive, landing on 5 costs the
    three-piece 100; with 5 itself inactive, landing on it costs nothing."""
    game = owned_by_din("space-5", "space-15", "space-25", inactive=("space-25",))
    play(game, "roll fennec 1 4", "claim din fennec")
    assert cash(game, "fennec") == 1500 - 100
    game = owned_by_din("space-5", "space-15", "space-25", inactive=("space-5",))
    play(game, "roll fennec 1 4")
    assert claims(game) == []


# ---------------------------------------------------------------- Imperial forces


def test_imperial_force_the_lander_rolls_and_pays_4x_with_one_owned() -> None:
    """BF-RENT-5: fennec lands on din's Imperial force 12 (6+6); he must roll for the payment before anything
    else (din cannot roll it for him, and an ask before that roll is told to wait for it); 3+4 makes 4 x 7 = 28,
    which din asks for. Then fennec rolls again for his doubles."""
    game = owned_by_din("space-12")
    play(game, "roll fennec 6 6")
    assert claims(game) == []
    assert game.describe()["decisions"][0]["kind"] == "utility-roll"
    assert messages(game, "claim din fennec") == (
        "Fennec owes Din no payment right now: the payment for Imperial force 1 (test) waits for Fennec's roll: "
        "Fennec must first roll the dice for the Imperial force Imperial force 1 (test).")
    assert "turn/not-your-turn" in rejected(game, "roll din 3 4")
    play(game, "roll fennec 3 4", "claim din fennec")
    assert cash(game, "fennec") == 1500 - 28  # 4 x (3 + 4)
    play(game, "roll fennec 3 5")  # the second roll of his turn: 12 -> 20
    assert game.state.player("fennec").position == 20


def test_imperial_force_pays_10x_with_both_owned() -> None:
    """BF-RENT-5: din holds both Imperial forces: fennec's fresh 2+5 makes 10 x 7 = 70."""
    game = owned_by_din("space-12", "space-28")
    play(game, "roll fennec 6 6", "roll fennec 2 5", "claim din fennec")
    assert cash(game, "fennec") == 1500 - 70


def test_the_payment_roll_is_not_a_move_and_its_doubles_do_not_count() -> None:
    """BF-RENT-5: fennec's payment roll of 2+2 (4 x 4 = 16) leaves his token on 12 and is not his second double:
    4+4 afterwards moves him to 20 and he may roll once more."""
    game = owned_by_din("space-12")
    play(game, "roll fennec 6 6", "roll fennec 2 2")
    assert game.state.player("fennec").position == 12
    assert claims(game) == [("din", "fennec", "space-12", 16)]
    play(game, "roll fennec 4 4")
    fennec = game.state.player("fennec")
    assert (fennec.position, fennec.in_jail) == (20, False)
    play(game, "roll fennec 4 5")  # third roll of the turn, no double: 20 -> 29
    assert game.state.player("fennec").position == 29


def test_the_active_imperial_force_pays_10x_with_the_other_inactive() -> None:
    """BF-RENT-8: din holds both Imperial forces, 28 inactive: landing on 12 still pays 10 x the roll (3+4)."""
    game = owned_by_din("space-12", "space-28", inactive=("space-28",))
    play(game, "roll fennec 6 6", "roll fennec 3 4", "claim din fennec")
    assert cash(game, "fennec") == 1500 - 70  # 10 x 7
