"""Turns, the one die, GO, Grogu on the move and the Hyperspace Jumps (MA-TURN-*, MA-MOVE-*, MA-GO-*, MA-GROGU-*,
MA-JUMP-*, MA-HERO-2).

Board of the test box (TEST DATA): hideouts 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 30, 31 (set k
costs 10 + 10k); Signet 2, 14, 18, 29; Imperial Credits 6 and 22; jumps 10 and 26; advances 4, 12, 20, 28.
"""

from __future__ import annotations

from dataclasses import replace

from companion.edition import load_edition
from companion.rules import new_game as open_game
from companion.rules.coop_events import BattleOpened, GroguMoved

from .helpers import (
    INC,
    cash,
    codes,
    give_deeds,
    grogu,
    hand_grogu,
    hideouts,
    leave_grogu,
    place_enemy,
    place_hero,
    play,
    quiet_turn,
    refusal,
    trophies,
    where,
)
from .testbox import MANDO2, deed_id, mando, new_game, new_game2, setup, shipped


def test_one_silver_die_moves_a_hero_without_grogu() -> None:
    """MA-TURN-1: without Grogu a hero moves by the silver die alone (1 to 6); two dice, or a 7, are refused."""
    game = new_game(2)
    need = game.roll_need("din")
    assert (need.kind, [d.id for d in need.dice]) == ("move", ["silver"])
    assert codes(game, "roll din 3 4") == ["dice/invalid"]
    assert codes(game, "roll din 7") == ["dice/invalid"]
    play(game, "roll din 5")
    assert game.state.player("din").position == 5


def test_the_green_die_alone_while_holding_grogu() -> None:
    """MA-TURN-1, MA-TURN-4: a hero holding Grogu moves by the green die alone (1 to 3), and Grogu goes along
    with them to the space they reach."""
    game = new_game(2)
    quiet_turn(game, "din", 6)                           # Imperial Credits
    quiet_turn(game, "cara", 1)
    quiet_turn(game, "din", 3)                           # 6 -> 9, past Just Visiting: Din takes Grogu
    quiet_turn(game, "cara", 5)
    need = game.roll_need("din")
    assert (need.kind, [d.id for d in need.dice]) == ("move-with-grogu", ["green"])
    assert codes(game, "roll din 4") == ["dice/invalid"]
    assert codes(game, "roll din 2 1") == ["dice/invalid"]
    play(game, "roll din 2")
    assert game.state.player("din").position == 11
    assert grogu(game) == ("din", -1)


def test_one_roll_a_turn_and_the_die_goes_left() -> None:
    """MA-TURN-2, MA-TURN-3: a hero rolls once, does what the space asks, and the turn passes to the next hero
    round the table; a second roll in the same turn is refused (doubles mean nothing with one die)."""
    game = new_game(3)
    play(game, "roll din 6")
    assert codes(game, "roll din 6") == ["turn/already-rolled"]
    assert codes(game, "end cara") == ["turn/not-your-turn"]
    play(game, "end din")
    quiet_turn(game, "cara", 6)
    quiet_turn(game, "ig", 6)
    assert game.state.turn.player == "din"


def test_a_six_with_an_enemy_four_spaces_ahead_moves_four() -> None:
    """MA-MOVE-1, MA-MOVE-2, MA-GROGU-2, MA-BATTLE-4: the rule book's example. The Incinerator Stormtrooper
    stands on Free Parking, four spaces ahead of Din, who rolls a 6: he stops there with 2 moves left, first does
    what the space says (Free Parking: he takes Grogu from Cara), then fights. He wins with Grogu's two dice, and
    the stormtrooper goes to outpost 4, the next free one ahead (Moff Gideon holds outpost 3): the book's second
    example of where a beaten enemy goes, played out with real commands."""
    game = new_game(2)
    quiet_turn(game, "din", 6)                           # Imperial Credits: 150 + 30
    quiet_turn(game, "cara", 6)                          # Imperial Credits: 150 + 30
    quiet_turn(game, "din", 1)                           # hideout 7, left with the Bank
    quiet_turn(game, "cara", 2)                          # Just Visiting: Cara takes Grogu
    play(game, "roll din 5", "roll din 5", "end din")    # Imperial Advance 2; the enemies move 5
    assert where(game, INC) == (16, 0)                   # outpost 2 -> 12, 13, 14, 15, 16
    assert where(game, "death-trooper") == (0, 0)        # outpost 4 -> 28, 29, 30, 31, 0
    quiet_turn(game, "cara", 1)                          # the green die: 8 -> 9
    events = play(game, "roll din 6")
    assert game.state.player("din").position == 16       # 12 + 4, not 12 + 6
    assert any("2 moves left" in getattr(e, "text", "") for e in events)
    kinds = [type(e) for e in events if isinstance(e, GroguMoved | BattleOpened)]
    assert kinds == [GroguMoved, BattleOpened]           # the space first, then the battle
    assert grogu(game) == ("din", -1)
    assert game.roll_need("din").kind == "battle-with-grogu"
    play(game, "roll din 3 1")                           # 3 + 1 = 4: the level 1 card needs 4
    assert cash(game, "din") == 150 + 30 + 20
    assert trophies(game, "din") == [f"{INC}/level-1"]
    assert where(game, INC) == (-1, 4)


def test_passing_or_landing_on_go_pays_20() -> None:
    """MA-GO-1: GO pays 20 when a hero passes it and when a hero stops on it, once per move."""
    game = new_game(2)
    place_hero(game, "din", 30)                          # TEST-ONLY: Din two spaces before GO
    play(game, "roll din 3", "decline din", "close", "end din")
    assert (game.state.player("din").position, cash(game, "din")) == (1, 150 + 20)
    quiet_turn(game, "cara", 6)
    place_hero(game, "din", 29)                          # TEST-ONLY
    play(game, "roll din 3")
    assert (game.state.player("din").position, cash(game, "din")) == (0, 150 + 20 + 20)


def test_cara_dune_collects_50_at_go_or_70_with_grogu() -> None:
    """MA-HERO-2: Cara Dune collects 50 at GO instead of 20, and 70 while she holds Grogu."""
    game = new_game(2)
    quiet_turn(game, "din", 6)
    place_hero(game, "cara", 30)                         # TEST-ONLY
    play(game, "roll cara 3", "decline cara", "close", "end cara")
    assert cash(game, "cara") == 150 + 50
    quiet_turn(game, "din", 1)
    place_hero(game, "cara", 30)                         # TEST-ONLY
    hand_grogu(game, "cara")                             # TEST-ONLY
    play(game, "roll cara 3")                            # the green die: 30 -> 1
    assert cash(game, "cara") == 150 + 50 + 70


def test_the_first_hero_to_pass_just_visiting_takes_grogu() -> None:
    """MA-GROGU-1: Grogu starts on Just Visiting; the first hero whose move passes or stops there takes him
    along. Interpretation: passing counts, as with any space where he stands alone, when the move is by the die.
    """
    game = new_game(2)
    quiet_turn(game, "din", 6)
    quiet_turn(game, "cara", 6)
    quiet_turn(game, "din", 3)                           # 6 -> 9 passes Just Visiting
    assert grogu(game) == ("din", -1)
    quiet_turn(game, "cara", 2)                          # Cara lands on Just Visiting: Grogu is not there
    assert grogu(game) == ("din", -1)


def test_free_parking_takes_grogu_from_the_board_or_nobody() -> None:
    """MA-GROGU-2: a hero without Grogu who stops on Free Parking takes him from wherever he is (here alone on
    Go To Jail); a hero who already holds him finds nothing to do there."""
    game = new_game(2)
    leave_grogu(game, 24)                                # TEST-ONLY: Grogu alone on Go To Jail
    place_hero(game, "din", 13)                          # TEST-ONLY
    play(game, "roll din 3", "end din")
    assert grogu(game) == ("din", -1)
    place_hero(game, "cara", 13)                         # TEST-ONLY
    hand_grogu(game, "cara")                             # TEST-ONLY
    events = play(game, "roll cara 3")
    assert not [e for e in events if isinstance(e, GroguMoved)]
    assert grogu(game) == ("cara", -1)


def test_a_jump_goes_to_the_next_hideout_nobody_owns() -> None:
    """MA-JUMP-1: a hero who stops on a Hyperspace Jump moves on to the next hideout the Bank still holds, and
    buys it or lets it go to auction there."""
    game = new_game(2)
    quiet_turn(game, "din", 6)
    quiet_turn(game, "cara", 6)
    play(game, "roll din 4")                             # 6 -> 10, the jump: on to hideout 11 (set 3, 40)
    assert game.state.player("din").position == 11
    play(game, "buy din", "end din")
    assert cash(game, "din") == 150 + 30 - 40
    play(game, "roll cara 4")                            # 6 -> 10: hideout 11 is Din's, so on to 13
    assert game.state.player("cara").position == 13
    assert game.describe()["decisions"][0]["space"] == deed_id(13)


def test_a_jump_goes_to_the_other_jump_once_every_hideout_is_owned() -> None:
    """MA-JUMP-2: once no hideout is left with the Bank, a jump takes the hero to the other jump space, and no
    further (it does not jump again there)."""
    game = new_game(2)
    give_deeds(game, "cara", *(x for k in range(1, 9) for x in hideouts(k)))   # TEST-ONLY
    quiet_turn(game, "din", 6)
    quiet_turn(game, "cara", 6)
    play(game, "roll din 4")
    assert game.state.player("din").position == 26
    assert game.describe()["decisions"] == []


def test_a_jump_passes_go_paying_but_not_enemies_or_grogu() -> None:
    """MA-JUMP-3, MA-JUMP-4, MA-JUMP-5: a jump that goes round the board pays GO (20; 50 for Cara Dune); the
    enemy it flies over is not fought, and Grogu standing alone on Just Visiting is not taken."""
    game = new_game(2)
    give_deeds(game, "cara", deed_id(27), deed_id(30), deed_id(31), *hideouts(1), *hideouts(2))   # TEST-ONLY
    place_enemy(game, INC, 30)                           # TEST-ONLY
    place_hero(game, "din", 23)                          # TEST-ONLY
    events = play(game, "roll din 3")                    # 23 -> 26, the jump: on to 9, the first unowned
    assert game.state.player("din").position == 9
    assert cash(game, "din") == 150 + 20
    assert grogu(game) == ("", 8)
    assert not [e for e in events if isinstance(e, BattleOpened)]
    play(game, "decline din", "close", "end din")
    place_hero(game, "cara", 23)                         # TEST-ONLY
    play(game, "roll cara 3")
    assert (game.state.player("cara").position, cash(game, "cara")) == (9, 150 + 50)


def test_a_jump_ending_on_grogus_hideout_leaves_him_there() -> None:
    """MA-JUMP-5: a hero who jumps never takes Grogu, not even on the hideout the jump ends on: from 7 a roll of 3
    reaches the jump on 10, which goes on to hideout 11, nobody's, where Grogu waits alone; he stays there."""
    game = new_game(2)
    leave_grogu(game, 11)                                # TEST-ONLY
    place_hero(game, "din", 7)                           # TEST-ONLY
    play(game, "roll din 3")
    assert (game.state.player("din").position, grogu(game)) == (11, ("", 11))


def test_a_jump_asks_what_an_undescribed_space_ahead_is() -> None:
    """MA-JUMP-1 (a bug found by a table script played from an empty box: the jump went past the spaces nobody had
    described and on to Green 1 on 27, the first hideout the box knew): on a board still being learnt, the jump
    asks what the first undescribed space ahead is, and goes on once the table has said (TEST DATA layout)."""
    game = new_game(2, edition=shipped())
    play(game, "box space:space-3 kind=jump name=Jump")
    asked = refusal(game, "roll din 3").violations      # 0 -> 3; 4 is an advance space, 5 is not described
    assert [(v.code, v.need.target, v.need.fields) for v in asked if v.need] == [
        ("box/needed", "space:space-5", ("kind",))]
    assert asked[0].message == ("Space 5: nobody has said what this space is yet, and the jump from Jump goes on to "
                                "the first hideout nobody owns. Choose its type as the board shows it.")
    play(game, "box space:space-5 kind=collect name=Credits",
         "box space:space-6 kind=hideout name=Hut group=colour-set-4 price=30 rent=8", "roll din 3")
    assert game.state.player("din").position == 6
    play(game, "buy din")
    assert cash(game, "din") == 150 - 30


def test_a_card_space_with_no_deck_asks_for_its_deck() -> None:
    """MA-SEASON-3 (a table script found the words vague): in the second season (two decks drawn from card spaces)
    the table said space 3 is a card space called Ally but not which deck it draws from; Din stopping there asks
    for its deck, and says so."""
    game = new_game(2, edition=load_edition(MANDO2))
    play(game, "box space:space-3 kind=card name=Ally")
    asked = refusal(game, "roll din 3").violations
    assert [(v.message, v.need.target, v.need.fields) for v in asked if v.need] == [
        ("Ally: nobody has said which deck this card space draws from yet. Choose it as the board shows it.",
         "space:space-3", ("deck",))]


def test_a_jump_escapes_the_enemy_on_the_jump_space() -> None:
    """MA-JUMP-6, MA-MOVE-1: a hero stopped by an enemy standing on a jump space jumps away without a battle."""
    game = new_game(2)
    quiet_turn(game, "din", 6)
    quiet_turn(game, "cara", 1)
    place_enemy(game, INC, 10)                           # TEST-ONLY
    events = play(game, "roll din 6")                    # stopped at 10 with 2 moves left, then the jump
    assert game.state.player("din").position == 11
    assert game.describe()["battle"] is None
    assert any("escapes" in getattr(e, "text", "") for e in events)


def test_a_jump_onto_an_enemy_means_a_battle() -> None:
    """MA-JUMP-7: a hero whose jump lands where an enemy stands buys or auctions the hideout, then fights."""
    game = new_game(2)
    quiet_turn(game, "din", 6)
    quiet_turn(game, "cara", 1)
    place_enemy(game, INC, 11)                           # TEST-ONLY
    play(game, "roll din 4")
    assert game.state.player("din").position == 11
    assert game.describe()["battle"]["enemy"] == INC
    assert [d["kind"] for d in game.describe()["decisions"]] == ["offer"]
    assert grogu(game) == ("din", -1)                    # taken on the way from 6 to 10
    assert codes(game, "roll din 4 1") == ["turn/decision-open"]


def test_a_correction_moves_the_battle_with_the_token() -> None:
    """MA-MOVE-2 (a bug found by the random-play machine: correcting the token left the battle open against an
    enemy elsewhere, and an advance the wrong space asked for stayed open): when the table says the token is
    really on another space, what the wrong space started (a battle, an advance) is called off, and an enemy on
    the real space is fought after that space is done."""
    game = new_game(2)
    place_enemy(game, INC, 3)                            # TEST-ONLY
    play(game, "roll din 5", "correct din imperial-advance-1")   # stopped at 3, but really on 4
    assert game.describe()["battle"] is None
    assert [d["kind"] for d in game.describe()["decisions"]] == ["enemies-move"]
    play(game, f"correct din {deed_id(3)}")
    assert game.describe()["decisions"][0]["kind"] == "offer"
    assert game.describe()["battle"]["enemy"] == INC


def test_a_correction_onto_grogus_space_takes_him_before_the_space() -> None:
    """MA-GROGU-1, MA-MOVE-2 (a table script found Grogu left alone when the token was corrected onto his space):
    the table says Kuiil's token is really on hideout 11, where Grogu waits alone: Kuiil has reached him and
    takes him before the hideout is offered, so he buys set 3's 40 for 30 less (it was 40 - 10, Grogu left
    behind on 11)."""
    game = new_game(4)
    for hero in ("din", "cara", "ig"):
        quiet_turn(game, hero, 6)
    leave_grogu(game, 11)                                # TEST-ONLY
    place_hero(game, "kuiil", 5)                         # TEST-ONLY
    play(game, "roll kuiil 3", f"correct kuiil {deed_id(11)}")   # the app has 8, the token is on 11
    assert grogu(game) == ("kuiil", -1)
    play(game, "buy kuiil")
    assert cash(game, "kuiil") == 150 - (40 - 30)


def test_a_correction_short_of_grogus_space_gives_him_back() -> None:
    """MA-GROGU-1, MA-MOVE-2 (a table script found the hero keeping Grogu after the token was corrected to a
    space before his): Kuiil's die move from 5 passed Just Visiting (8) and took Grogu, but the table says the
    token is really on hideout 7, so Kuiil never reached him and Grogu waits on 8 again; corrected to 9, the
    move did pass him, and Kuiil takes him again; back to 7, he waits on 8, and set 2's 30 costs Kuiil
    30 - 10 = 20. Corrected past 8 at once (hideout 11), Kuiil keeps him: set 3's 40 costs 40 - 30 = 10. A
    correction on a later turn does not undo a take of an earlier one."""
    game = new_game(4)
    for hero in ("din", "cara", "ig"):
        quiet_turn(game, hero, 6)
    place_hero(game, "kuiil", 5)                         # TEST-ONLY
    play(game, "roll kuiil 4")                           # 5 -> 9, passing Just Visiting
    assert grogu(game) == ("kuiil", -1)
    play(game, f"correct kuiil {deed_id(7)}")
    assert grogu(game) == ("", 8)
    play(game, f"correct kuiil {deed_id(9)}")           # on second thoughts, on 9 after all: he passed 8
    assert grogu(game) == ("kuiil", -1)
    play(game, f"correct kuiil {deed_id(7)}", "buy kuiil")
    assert grogu(game) == ("", 8)
    assert cash(game, "kuiil") == 150 - (30 - 10)
    game = new_game(4)
    for hero in ("din", "cara", "ig"):
        quiet_turn(game, hero, 6)
    place_hero(game, "kuiil", 5)                         # TEST-ONLY
    play(game, "roll kuiil 4", f"correct kuiil {deed_id(11)}", "buy kuiil", "end kuiil")
    assert grogu(game) == ("kuiil", -1)
    assert cash(game, "kuiil") == 150 - (40 - 30)
    for hero in ("din", "cara", "ig"):
        quiet_turn(game, hero, 1)
    play(game, "roll kuiil 1", f"correct kuiil {deed_id(9)}")   # 11 -> 12, really on 9: a miscount
    assert grogu(game) == ("kuiil", -1)


def test_a_correction_past_grogus_space_takes_him_as_the_move_would_have() -> None:
    """MA-GROGU-1, MA-MOVE-2 (a red-team script: a correction past Grogu's space after a move that stopped short
    of it left him alone): Kuiil rolls 2 from 5 to hideout 7, short of Just Visiting (8) where Grogu waits; the
    table says the token is really on hideout 9, so the move from 5 passed 8 and Kuiil takes Grogu before 9 is
    offered: set 3's 40 costs him 40 - 30 = 10. Corrected back to 7 he never reached him: Grogu waits on 8 again.
    A token put further than the silver die goes (Din's 3 from GO corrected to hideout 17, 17 spaces) got there
    some other way, a jump or a card, and takes nobody. A game stamped with rules version 2 keeps its old reading
    (not taken), so it replays as it was played."""
    game = new_game(4)
    for hero in ("din", "cara", "ig"):
        quiet_turn(game, hero, 6)
    place_hero(game, "kuiil", 5)                         # TEST-ONLY
    play(game, "roll kuiil 2")                           # 5 -> 7: Grogu still waits on 8
    assert grogu(game) == ("", 8)
    play(game, f"correct kuiil {deed_id(9)}")
    assert grogu(game) == ("kuiil", -1)
    play(game, f"correct kuiil {deed_id(7)}")
    assert grogu(game) == ("", 8)
    play(game, f"correct kuiil {deed_id(9)}", "buy kuiil")
    assert grogu(game) == ("kuiil", -1)
    assert cash(game, "kuiil") == 150 - (40 - 30)
    far = new_game(2)
    play(far, "roll din 3", f"correct din {deed_id(17)}")
    assert grogu(far) == ("", 8)
    old = open_game(mando(), replace(setup(4), rules_version=2))
    for hero in ("din", "cara", "ig"):
        quiet_turn(old, hero, 6)
    place_hero(old, "kuiil", 5)                          # TEST-ONLY
    play(old, "roll kuiil 2", f"correct kuiil {deed_id(9)}", "buy kuiil")
    assert grogu(old) == ("", 8)
    assert cash(old, "kuiil") == 150 - (40 - 10)


def test_a_correction_to_no_such_space_says_which_ids_there_are() -> None:
    """MA-MOVE-2 (a red-team script: ``correct din space-24`` was refused without saying what to give): a number
    is told the id of the space there (24 is Go To Jail), a near miss the id it is close to, any other word the
    32 ids from GO, a run of unnamed spaces shortened."""
    game = new_game(2)
    play(game, "roll din 1")
    assert refusal(game, "correct din space-24").violations[0].message == (
        "'space-24' is not a space id on this board: space 24 is 'go-to-jail' (Go To Jail).")
    assert refusal(game, "correct din go-to-jial").violations[0].message == (
        "'go-to-jial' is not a space on this board. Did you mean go-to-jail?")
    listed = refusal(game, "correct din cantina").violations[0].message
    assert listed.startswith("'cantina' is not a space on this board. Its 32 spaces, from GO: go, space-1 ... "
                             "space-3, imperial-advance-1, space-5 ... space-7, jail, ")
    assert listed.endswith(", imperial-advance-4, space-29 ... space-31.")


def test_a_correction_off_free_parking_gives_grogu_back_to_his_holder() -> None:
    """MA-GROGU-2, MA-MOVE-2: Cara stops on Free Parking and takes Grogu from Din, but the table says her token
    is really on hideout 15: she never stopped there, and Din has him again."""
    game = new_game(2)
    quiet_turn(game, "din", 6)
    hand_grogu(game, "din")                              # TEST-ONLY
    place_hero(game, "cara", 13)                         # TEST-ONLY
    play(game, "roll cara 3")                            # 13 -> 16, Free Parking
    assert grogu(game) == ("cara", -1)
    play(game, f"correct cara {deed_id(15)}")
    assert grogu(game) == ("din", -1)


def test_bo_katan_kryze_collects_like_cara_dune() -> None:
    """MA-HERO-6: in the second season Bo-Katan Kryze has Cara Dune's ability: 50 at GO, 70 with Grogu. TEST
    DATA: the second season on the test box."""
    game = new_game2(2)
    quiet_turn(game, "din", 6)
    place_hero(game, "bo", 30)                           # TEST-ONLY
    play(game, "roll bo 3", "decline bo", "close", "end bo")
    assert cash(game, "bo") == 150 + 50
    quiet_turn(game, "din", 1)
    place_hero(game, "bo", 30)                           # TEST-ONLY
    hand_grogu(game, "bo")                               # TEST-ONLY
    play(game, "roll bo 3")
    assert cash(game, "bo") == 150 + 50 + 70
