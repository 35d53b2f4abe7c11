"""The Imperial Advance, Moff Gideon's release and Grogu captured on the board (MA-ADVANCE-*, MA-BOSS-1..4,
MA-END-1).

Outposts 1 to 4 sit beside the advance spaces 4, 12, 20 and 28; leaving an outpost for its advance space is the
first space of a move. The enemies' cards are the test box's (TEST DATA): the Death Trooper's level 1 needs 5.
"""

from __future__ import annotations

from companion.engine.events import GameEnded
from companion.engine.ledger import BANK, CREDITS
from companion.rules.coop_events import BattleOpened, BossReleased, EnemyMoved

from .helpers import (
    DT,
    INC,
    MOFF,
    codes,
    give_deeds,
    grogu,
    hand_grogu,
    leave_grogu,
    place_enemy,
    place_hero,
    play,
    quiet_turn,
    where,
)
from .testbox import deed_id, mando, new_game, shipped


def moves(events: list) -> dict[str, str]:
    """What the table is told to do with each enemy piece, by enemy."""
    return {e.enemy: e.why for e in events if isinstance(e, EnemyMoved)}


def test_the_worked_example_bumps_the_incinerator_onto_go() -> None:
    """MA-ADVANCE-5, MA-ADVANCE-2: the rule book's example. The Incinerator Stormtrooper stands on the second
    green hideout (27), the Death Trooper waits in outpost 4; the advance roll is 4. Both would stop on the
    second blue hideout (31): the Death Trooper, which started in an outpost, keeps it, and the Incinerator
    Stormtrooper goes one space further, onto GO. The table is told which piece goes where, and why."""
    game = new_game(2)
    place_enemy(game, INC, 27)                           # TEST-ONLY
    play(game, "roll din 4")                             # Imperial Advance 1
    events = play(game, "roll din 4")
    assert where(game, DT) == (31, 0)                    # 28, 29, 30, 31
    assert where(game, INC) == (0, 0)                    # 28, 29, 30, 31 and one more
    words = moves(events)
    assert words[DT] == "Move the Death Trooper from Imperial outpost 4 to Hideout 8B (test) (4 spaces)"
    assert words[INC].startswith("Move the Incinerator Stormtrooper from Hideout 7B (test) to GO (5 spaces)")
    assert "only one enemy may stand on a space" in words[INC]


def test_the_silver_die_moves_both_troopers_and_leaving_an_outpost_counts_one() -> None:
    """MA-ADVANCE-1, MA-ADVANCE-2, MA-BOSS-1: a hero on an advance space rolls the silver die (with Grogu too);
    both troopers move that many spaces the heroes' way, the step out of an outpost onto its advance space
    counting as one; Moff Gideon stays in outpost 3."""
    game = new_game(2)
    play(game, "roll din 4")
    assert game.roll_need("din").kind == "enemies-move"
    assert codes(game, "end din") == ["turn/decision-open"]
    play(game, "roll din 1", "end din")
    assert [where(game, e) for e in (INC, DT, MOFF)] == [(12, 0), (28, 0), (-1, 3)]
    quiet_turn(game, "cara", 6)
    hand_grogu(game, "din")                              # TEST-ONLY
    play(game, "roll din 3", "decline din", "close", "end din")   # the green die: 4 -> 7
    place_hero(game, "cara", 0)                          # TEST-ONLY
    play(game, "roll cara 4")
    assert game.roll_need("cara").kind == "enemies-move"
    play(game, "roll cara 3")
    assert [where(game, e) for e in (INC, DT, MOFF)] == [(15, 0), (31, 0), (-1, 3)]


def test_enemies_do_nothing_on_the_spaces_they_stop_on() -> None:
    """MA-ADVANCE-3: an enemy that stops on Free Parking or GO takes no money and no Grogu."""
    game = new_game(2)
    hand_grogu(game, "cara")                             # TEST-ONLY
    play(game, "roll din 4", "roll din 5")
    assert [where(game, INC), where(game, DT)] == [(16, 0), (0, 0)]
    assert game.state.ledger.balance(BANK, CREDITS) == -2 * 150
    assert grogu(game) == ("cara", -1)


def test_no_battle_when_an_enemy_reaches_a_hero_during_an_advance() -> None:
    """MA-ADVANCE-4, MA-MOVE-2 (a bug found by this test: the advance opened a battle with the enemy that
    stopped on the hero who rolled): an enemy that stops on a hero's space during an advance does not fight.
    Interpretation: a hero who stops on an advance space where an enemy stands does what the space says first;
    the advance moves that enemy away, so there is no battle there either, and its card is not needed (a box
    whose enemy cards are not entered is not asked for it)."""
    game = new_game(2)
    quiet_turn(game, "din", 6)
    quiet_turn(game, "cara", 6)
    play(game, "roll din 6")                             # 6 -> 12, Imperial Advance 2 (Grogu taken on the way)
    events = play(game, "roll din 1")                    # the Incinerator leaves outpost 2 for space 12
    assert where(game, INC) == (12, 0)
    assert not [e for e in events if isinstance(e, BattleOpened)]
    assert game.describe()["battle"] is None
    play(game, "end din")
    events = play(game, "roll cara 6")                   # 6 -> 12: stopped by the Incinerator, on the advance
    assert not [e for e in events if isinstance(e, BattleOpened)]
    play(game, "roll cara 2")                            # the Incinerator moves on to 14
    assert where(game, INC) == (14, 0)
    assert game.describe()["battle"] is None
    assert codes(game, "end cara") == []


def test_a_hero_stopping_on_an_enemy_on_an_advance_space_is_not_asked_for_its_card() -> None:
    """MA-ADVANCE-4, MA-BATTLE-1: the same moves with a box whose enemy cards nobody has entered: Cara's roll onto
    the Incinerator on Imperial Advance 2 is played without asking for its card, as no battle follows."""
    game = new_game(2, edition=mando(enemies=False))
    quiet_turn(game, "din", 6)
    quiet_turn(game, "cara", 6)
    play(game, "roll din 6", "roll din 1", "end din")    # the Incinerator leaves outpost 2 for space 12
    play(game, "roll cara 6", "roll cara 2")             # no request for a card: the advance moves it on to 14
    assert where(game, INC) == (14, 0) and game.describe()["battle"] is None


def test_an_enemy_stopping_on_grogu_alone_captures_him() -> None:
    """MA-ADVANCE-6, MA-END-1: an enemy that stops where Grogu stands alone captures him; the game is over and
    every hero has lost (no ranking)."""
    game = new_game(2)
    place_enemy(game, INC, 5)                            # TEST-ONLY
    events = play(game, "roll din 4", "roll din 3")      # 5 -> 6, 7, 8: Grogu on Just Visiting
    assert [e.reason for e in events if isinstance(e, GameEnded)] == ["Grogu was captured"]
    assert game.state.over and game.state.ranking == []
    assert codes(game, "end din") == ["game/over"]


def test_an_enemy_passing_grogu_alone_captures_him() -> None:
    """MA-ADVANCE-6: passing over Grogu is enough; here Grogu was left on a hideout and the Death Trooper passes
    it on its way out of outpost 4."""
    game = new_game(2)
    give_deeds(game, "cara", deed_id(30))                # TEST-ONLY
    leave_grogu(game, 30)                                # TEST-ONLY
    play(game, "roll din 4", "roll din 4")               # 28, 29, 30, 31
    assert game.state.over and game.state.end_reason == "Grogu was captured"


def test_an_enemy_bumped_onto_grogu_alone_captures_him() -> None:
    """MA-ADVANCE-5, MA-ADVANCE-6, MA-END-1: the rule book's example of two enemies on one space, one roll shorter: the
    Incinerator Stormtrooper on 27 and the Death Trooper leaving outpost 4 would both stop on 29 with a 2, so the
    Incinerator goes on to 30, where Grogu was left alone: he is captured there."""
    game = new_game(2)
    place_enemy(game, INC, 27)                           # TEST-ONLY
    give_deeds(game, "cara", deed_id(30))                # TEST-ONLY
    leave_grogu(game, 30)                                # TEST-ONLY
    play(game, "roll din 4", "roll din 2")
    assert (where(game, INC), where(game, DT)) == ((30, 0), (29, 0))
    assert game.state.over and game.state.end_reason == "Grogu was captured"
    assert grogu(game) == ("", 30)


def test_grogu_with_a_hero_is_safe_from_an_advance() -> None:
    """MA-ADVANCE-6, MA-ADVANCE-4: an enemy that stops on the hero carrying Grogu neither fights nor captures."""
    game = new_game(2)
    place_enemy(game, INC, 5)                            # TEST-ONLY
    hand_grogu(game, "cara")                             # TEST-ONLY
    place_hero(game, "cara", 8)                          # TEST-ONLY
    play(game, "roll din 4", "roll din 3")
    assert where(game, INC) == (8, 0)
    assert not game.state.over and grogu(game) == ("cara", -1)


def test_moff_gideon_comes_out_once_every_hideout_is_owned() -> None:
    """MA-BOSS-2, MA-BOSS-4: the command that makes the last hideout owned releases Moff Gideon; from the next
    advance on he moves like the troopers, out of outpost 3 onto space 20 first."""
    game = new_game(2)
    give_deeds(game, "cara", *(d.id for d in game.edition.deeds if d.id != deed_id(1)))   # TEST-ONLY
    events = play(game, "roll din 1", "buy din")
    assert [e.why for e in events if isinstance(e, BossReleased)] == [
        "Moff Gideon leaves Imperial outpost 3: every hideout is owned"]
    play(game, "end din")
    hand_grogu(game, "cara")                             # TEST-ONLY
    play(game, "roll cara 3", "end cara")                # the green die: 0 -> 3, Cara's own hideout
    play(game, "roll din 3", "roll din 2")               # 1 -> 4, Imperial Advance 1
    assert [where(game, e) for e in (INC, MOFF, DT)] == [(13, 0), (21, 0), (29, 0)]


def test_owning_every_hideout_described_so_far_does_not_release_moff_gideon() -> None:
    """MA-BOSS-2 (a bug found by a table script played from an empty box: owning the two hideouts the shipped
    board knows, the second green and the second blue, released Moff Gideon): on a box still being learnt a space
    nobody has described may be a hideout the Bank holds, so he comes out only once 16 hideouts are owned
    (TEST DATA cards that send a hero to those two hideouts)."""
    game = new_game(2, edition=shipped())
    play(game, "box space:space-3 kind=card name=Signet", "box space:space-27 name=Green price=80 rent=16",
         "box space:space-31 name=Blue price=90 rent=18",
         "box card:signet/to-27 title=Green effect=advance target=space-27",
         "box card:signet/to-31 title=Blue effect=advance target=space-31")
    play(game, "roll din 3", "card din to-27", "buy din", "end din", "roll cara 3", "card cara to-31", "buy cara")
    assert (game.state.owner("space-27"), game.state.owner("space-31")) == ("din", "cara")
    assert game.describe()["boss_free"] is False


def test_moff_gideon_comes_out_once_a_trooper_is_down_to_its_last_card() -> None:
    """MA-BOSS-3, MA-BOSS-4, MA-BATTLE-4: with two heroes each trooper has two cards; winning the Death
    Trooper's first card leaves one, and Moff Gideon is released at once. The Death Trooper, beaten on space 1,
    goes to outpost 1; the next advance moves all three enemies."""
    game = new_game(2)
    play(game, "roll din 4", "roll din 6", "end din")    # the Incinerator to 17, the Death Trooper to 1
    play(game, "roll cara 2", "decline cara", "close")   # stopped on the Death Trooper at 1
    events = play(game, "roll cara 5")                   # level 1 needs 5
    assert [type(e) for e in events if isinstance(e, BossReleased)] == [BossReleased]
    assert where(game, DT) == (-1, 1)
    play(game, "end cara", "roll din 6", "decline din", "close", "end din")   # 4 -> 10, jump to 11
    play(game, "roll cara 3", "roll cara 2")             # 1 -> 4, Imperial Advance 1
    assert [where(game, e) for e in (INC, MOFF, DT)] == [(19, 0), (21, 0), (5, 0)]
