"""Jail, Grogu while his holder goes there, and losing to Moff Gideon (MA-JAIL-*, MA-GROGU-3..5, MA-BOSS-6/7,
MA-END-1).

The test box (TEST DATA): Go To Jail is space 24, the Jail 8; Moff Gideon's card needs 10; hideout 1 costs 20.
"""

from __future__ import annotations

from companion.engine.events import GameEnded
from companion.engine.game import Game
from companion.table.views import pieces

from .helpers import (
    INC,
    MOFF,
    cash,
    codes,
    deal_signet,
    give_deeds,
    grogu,
    hand_grogu,
    place_enemy,
    place_hero,
    play,
    quiet_turn,
    refusal,
    set_cash,
)
from .testbox import deed_id, new_game


def jailed(players: int = 2) -> Game:
    """A game where Din went to Jail from Go To Jail on his first turn and Cara has played once (TEST-ONLY: Din
    starts his turn on 20)."""
    game = new_game(players)
    place_hero(game, "din", 20)
    play(game, "roll din 4", "end din")
    quiet_turn(game, "cara", 1)
    return game


def test_go_to_jail_moves_the_hero_to_jail_without_the_go_salary() -> None:
    """MA-JAIL-1: a hero stopping on Go To Jail goes straight to the Jail (space 8) without collecting at GO, and
    the turn is over."""
    game = new_game(2)
    place_hero(game, "din", 20)                          # TEST-ONLY
    play(game, "roll din 4")
    p = game.state.player("din")
    assert (p.position, p.in_jail, cash(game, "din")) == (8, True, 150)
    assert codes(game, "roll din 3") == ["turn/already-rolled"]
    assert codes(game, "end din") == []


def test_a_hero_sent_to_jail_by_the_enemys_space_fights_nobody() -> None:
    """MA-JAIL-1, MA-MOVE-2: the space comes first, then the battle; a hero stopped by an enemy on Go To Jail goes
    to Jail, so they no longer stand with the enemy and nobody fights. Interpretation (the book does not say)."""
    game = new_game(2)
    place_enemy(game, INC, 24)                           # TEST-ONLY
    place_hero(game, "din", 22)                          # TEST-ONLY
    play(game, "roll din 5")                             # stopped on 24 with 3 moves left
    assert (game.state.player("din").position, game.state.player("din").in_jail) == (8, True)
    assert game.describe()["battle"] is None
    assert codes(game, "end din") == []


def test_grogu_stays_on_go_to_jail_when_his_holder_has_no_hideout() -> None:
    """MA-JAIL-2, MA-GROGU-4, MA-GROGU-5: Grogu never goes to Jail; a holder with no hideout leaves him on the Go
    To Jail space."""
    game = new_game(2)
    hand_grogu(game, "din")                              # TEST-ONLY
    place_hero(game, "din", 21)                          # TEST-ONLY
    play(game, "roll din 3")                             # the green die: 21 -> 24
    assert game.state.player("din").in_jail
    assert grogu(game) == ("", 24)
    assert game.describe()["decisions"] == []


def test_grogu_stays_on_a_hideout_of_his_holder_without_an_enemy() -> None:
    """MA-JAIL-2: a holder with hideouts chooses one where no enemy stands, or the Go To Jail space; the turn
    cannot end before; a space not offered is refused naming the choices with their ids. Interpretation: the
    Go To Jail space may be chosen even when a hideout would do."""
    game = new_game(2)
    hand_grogu(game, "din")                              # TEST-ONLY
    give_deeds(game, "din", *(deed_id(p) for p in (1, 3, 5)))   # TEST-ONLY
    place_enemy(game, MOFF, 3)                           # TEST-ONLY
    place_hero(game, "din", 21)                          # TEST-ONLY
    play(game, "roll din 3")
    assert game.describe()["decisions"][0]["choices"] == [deed_id(1), deed_id(5), "go-to-jail"]
    assert codes(game, "end din") == ["turn/decision-open"]
    assert codes(game, f"grogu din {deed_id(3)}") == ["grogu/where"]
    names = [f"{game.edition.space(c).name} ({c})" for c in (deed_id(1), deed_id(5), "go-to-jail")]
    assert refusal(game, f"grogu din {deed_id(3)}").violations[0].message == (
        f"Grogu can stay only on: {', '.join(names)}.")   # a table script names the space by its id
    assert codes(game, f"grogu cara {deed_id(1)}") == ["decision/no-leave-grogu"]
    assert codes(game, "grogu din go-to-jail") == []
    play(game, f"grogu din {deed_id(5)}", "end din")
    assert grogu(game) == ("", 5)


def test_the_fine_of_50_then_a_roll_and_a_move() -> None:
    """MA-JAIL-3: a prisoner may pay 50 before rolling, then rolls the silver die and moves as usual; the fine is
    refused after the roll or without the credits."""
    game = jailed()
    assert game.roll_need("din").kind == "move"
    play(game, "fine din", "roll din 3")                 # 8 -> 11
    p = game.state.player("din")
    assert (p.position, p.in_jail, cash(game, "din")) == (11, False, 150 - 50)
    game = jailed()
    set_cash(game, "din", 40)                            # TEST-ONLY
    assert [v.code for v in refusal(game, "fine din").violations] == ["money/too-few-credits"]
    play(game, "roll din 2")
    assert "jail/after-roll" in codes(game, "fine din")


def test_a_six_frees_the_prisoner_who_moves_six() -> None:
    """MA-JAIL-4: a 6 frees the prisoner at no cost, and that same 6 is the move (no other roll)."""
    game = jailed()
    play(game, "roll din 6")                             # 8 -> 14, a Signet space
    p = game.state.player("din")
    assert (p.position, p.in_jail, cash(game, "din")) == (14, False, 150)
    assert "turn/already-rolled" in codes(game, "roll din 3")


def test_after_three_misses_the_prisoner_is_out_on_just_visiting_and_the_turn_ends() -> None:
    """MA-JAIL-5: a prisoner has three turns to roll a 6; after the third miss they are out for free, on Just
    Visiting, and the turn is over. The next turn is a normal move."""
    game = jailed()
    for die, cara in ((5, 5), (1, 1)):
        play(game, f"roll din {die}", "end din")
        assert game.state.player("din").in_jail
        quiet_turn(game, "cara", cara)
    events = play(game, "roll din 2")
    p = game.state.player("din")
    assert (p.position, p.in_jail, cash(game, "din")) == (8, False, 150)
    assert any("Just Visiting" in getattr(e, "text", "") for e in events)
    assert codes(game, "roll din 3") == ["turn/already-rolled"]
    play(game, "end din")
    quiet_turn(game, "cara", 1)
    play(game, "roll din 1")
    assert game.state.player("din").position == 9


def test_a_prisoner_freed_onto_just_visiting_leaves_grogu_there() -> None:
    """MA-JAIL-5, MA-GROGU-1: Interpretation (the book does not say): a prisoner let out onto Just Visiting after
    the third miss was already on the Jail corner with Grogu and has not reached his space by a move, so Grogu
    stays alone there, also when the hero moves on."""
    game = jailed()
    for die in (5, 1):
        play(game, f"roll din {die}", "end din")
        quiet_turn(game, "cara", 2)                      # Cara: 1 -> 3 -> 5, short of Just Visiting
    play(game, "roll din 2")
    assert (game.state.player("din").position, grogu(game)) == (8, ("", 8))
    play(game, "end din")
    quiet_turn(game, "cara", 1)
    play(game, "roll din 1")
    assert (game.state.player("din").position, grogu(game)) == (9, ("", 8))


def test_a_prisoner_bids_at_auction() -> None:
    """MA-AUCTION-1, MA-JAIL-6: heroes in Jail still bid at auctions."""
    game = jailed()
    quiet_turn(game, "din", 1)                           # a miss; Din stays in Jail
    play(game, "roll cara 2", "decline cara", "bid din 10", "close")   # Cara: 1 -> 3
    assert game.state.owner(deed_id(3)) == "din"
    assert game.state.player("din").in_jail


def test_losing_to_moff_gideon_sends_the_hero_to_jail() -> None:
    """MA-BOSS-6: a hero who loses to Moff Gideon goes to Jail (no GO salary) and play goes on."""
    game = new_game(2)
    place_enemy(game, MOFF, 1)                           # TEST-ONLY
    play(game, "roll din 1", "decline din", "close", "roll din 6")   # 6 against 10
    p = game.state.player("din")
    assert (p.position, p.in_jail, cash(game, "din")) == (8, True, 150)
    assert not game.state.over
    assert codes(game, "end din") == []


def test_losing_to_moff_gideon_with_grogu_ends_the_game() -> None:
    """MA-BOSS-7, MA-END-1: losing to Moff Gideon while holding Grogu lets him capture Grogu: the game is over
    and every hero has lost; Din no longer holds Grogu, who was taken on hideout 1 (a script found the JSON
    still showing him with Din)."""
    game = new_game(2)
    hand_grogu(game, "din")                              # TEST-ONLY
    place_enemy(game, MOFF, 1)                           # TEST-ONLY
    events = play(game, "roll din 1", "decline din", "close", "roll din 6 3")   # 9 against 10
    assert [e.reason for e in events if isinstance(e, GameEnded)] == ["Grogu was captured"]
    assert game.state.over and game.state.ranking == []
    assert grogu(game) == ("", 1)
    assert pieces(game)[0].place == f"captured on {game.edition.spaces[1].name}"


def test_the_signet_that_finds_grogu_takes_him_from_his_holder_but_not_into_jail() -> None:
    """MA-GROGU-3, MA-GROGU-4, MA-GROGU-5: the card that finds Grogu takes him from whoever holds him; it cannot
    bring him into Jail, and a hero who already holds him has no use for it."""
    game = jailed()
    deal_signet(game, "din", "find-grogu")               # TEST-ONLY
    deal_signet(game, "cara", "find-grogu")              # TEST-ONLY
    hand_grogu(game, "cara")                             # TEST-ONLY
    assert codes(game, "signet din find-grogu") == ["signet/not-now"]
    assert codes(game, "signet cara find-grogu") == ["signet/not-now"]
    play(game, "fine din", "signet din find-grogu")
    assert grogu(game) == ("din", -1)


def test_grogu_taken_while_his_jailed_holder_is_choosing_ends_the_choice() -> None:
    """MA-JAIL-2, MA-GROGU-3 (a bug found by the random-play machine: the jailed holder could still choose a
    hideout for Grogu after another hero had taken him with a Signet card, so Grogu left that hero): once Grogu
    is taken, the hero on the way to Jail has nothing left to choose, and Grogu stays with the hero who took
    him."""
    game = new_game(2)
    hand_grogu(game, "din")                              # TEST-ONLY
    give_deeds(game, "din", deed_id(1))                  # TEST-ONLY
    deal_signet(game, "cara", "find-grogu")              # TEST-ONLY
    place_hero(game, "din", 21)                          # TEST-ONLY
    play(game, "roll din 3")
    assert [d["kind"] for d in game.describe()["decisions"]] == ["leave-grogu"]
    play(game, "signet cara find-grogu")
    assert game.describe()["decisions"] == []
    assert codes(game, f"grogu din {deed_id(1)}") == ["decision/no-leave-grogu"]
    assert grogu(game) == ("cara", -1)
