"""Battles against the troopers (MA-BATTLE-*, MA-HERO-3, MA-HERO-7, MA-SIGNET-6, MA-GROGU-6).

Enemy cards of the test box (TEST DATA): Incinerator Stormtrooper level L needs 3 + L, rewards 20L and costs
10L; Death Trooper level L needs 4 + L, rewards 25L and costs 15L. So the Incinerator's level 1 needs 4 (20 /
10) and level 2 needs 5 (40 / 20); the Death Trooper's level 1 needs 5 (25 / 15). Signet cards: ``bonus-2`` adds
2, ``second-try`` gives another roll.
"""

from __future__ import annotations

from companion.engine.game import Game

from .helpers import (
    DT,
    INC,
    cash,
    codes,
    deal_signet,
    grogu,
    hand_grogu,
    open_battle,
    place_enemy,
    place_hero,
    play,
    quiet_turn,
    refusal,
    set_cash,
    signets,
    trophies,
    where,
)
from .testbox import deed_id, mando, new_game, new_game2


def facing(game: Game, hero: str, enemy: str) -> None:
    """TEST-ONLY set-up, then real commands: ``enemy`` stands on hideout 1 and ``hero`` (whose turn it is) on
    GO; the hero rolls a 1 onto the enemy and lets the hideout go unbid, so the battle is next."""
    place_enemy(game, enemy, 1)
    place_hero(game, hero, 0)
    play(game, f"roll {hero} 1", f"decline {hero}", "close")
    assert game.describe()["battle"]["enemy"] == enemy


def test_the_battle_roll_is_the_silver_die_or_both_dice_with_grogu() -> None:
    """MA-BATTLE-2, MA-GROGU-6: a hero fights with the silver die, or the silver and the green die together while
    holding Grogu."""
    game = new_game(2)
    facing(game, "din", INC)
    need = game.roll_need("din")
    assert (need.kind, [d.id for d in need.dice]) == ("battle", ["silver"])
    assert codes(game, "roll din 3 1") == ["dice/invalid"]
    play(game, "roll din 4", "end din")
    hand_grogu(game, "cara")                             # TEST-ONLY
    facing(game, "cara", DT)
    need = game.roll_need("cara")
    assert (need.kind, [d.id for d in need.dice]) == ("battle-with-grogu", ["silver", "green"])
    assert codes(game, "roll cara 5") == ["dice/invalid"]
    assert codes(game, "roll cara 1 4") == ["dice/invalid"]
    play(game, "roll cara 3 2")                          # 3 + 2 = 5: the Death Trooper's level 1 needs 5
    assert trophies(game, "cara") == [f"{DT}/level-1"]


def test_a_total_reaching_the_number_wins_the_reward_and_the_card() -> None:
    """MA-BATTLE-1, MA-BATTLE-3, MA-SETUP-6: the card fought is the enemy's lowest level left; a total equal to
    its number wins; the hero takes the reward and the card, and the next hero fights the next level."""
    game = new_game(3)
    facing(game, "din", INC)
    play(game, "roll din 4", "end din")                  # level 1 needs 4: a win, 20
    assert cash(game, "din") == 150 + 20
    assert trophies(game, "din") == [f"{INC}/level-1"]
    assert game.describe()["enemies"][INC]["cards_left"] == 3 - 1
    facing(game, "cara", INC)
    assert game.describe()["battle"]["card"] == "level-2"
    play(game, "roll cara 5")                            # level 2 needs 5: a win, 40
    assert cash(game, "cara") == 150 + 40


def test_ig11_adds_1_or_3_with_grogu() -> None:
    """MA-HERO-3: IG-11 adds 1 to a battle roll, 3 while holding Grogu."""
    game = new_game(3)
    quiet_turn(game, "din", 6)
    quiet_turn(game, "cara", 6)
    facing(game, "ig", INC)
    play(game, "roll ig 3", "end ig")                    # 3 + 1 = 4 against 4: a win
    assert cash(game, "ig") == 150 + 20
    quiet_turn(game, "din", 1)
    quiet_turn(game, "cara", 1)
    hand_grogu(game, "ig")                               # TEST-ONLY
    facing(game, "ig", DT)
    play(game, "roll ig 1 1")                            # 1 + 1 + 3 = 5 against 5: a win, 25
    assert cash(game, "ig") == 150 + 20 + 25


def test_ig11_without_grogu_may_still_lose() -> None:
    """MA-HERO-3, MA-BATTLE-6: IG-11's 1 is not always enough: 3 + 1 = 4 against the Death Trooper's 5 loses
    and costs 15."""
    game = new_game(3)
    quiet_turn(game, "din", 6)
    quiet_turn(game, "cara", 6)
    facing(game, "ig", DT)
    play(game, "roll ig 3")
    assert cash(game, "ig") == 150 - 15


def test_signet_bonuses_are_played_before_the_roll_and_add_up() -> None:
    """MA-BATTLE-2, MA-SIGNET-2, MA-SIGNET-6: any number of bonus cards may be played in a battle, before the
    roll; they add to it and go under the deck. A bonus is refused outside one's own battle and after a won
    roll."""
    game = new_game(2)
    deal_signet(game, "din", "bonus-2")                  # TEST-ONLY
    deal_signet(game, "din", "bonus-2")                  # TEST-ONLY
    assert codes(game, "signet din bonus-2") == ["signet/not-now"]
    facing(game, "din", DT)
    play(game, "signet din bonus-2", "signet din bonus-2")
    assert game.describe()["battle"]["bonus"] == 2 + 2
    play(game, "roll din 1")                             # 1 + 4 = 5 against 5
    assert trophies(game, "din") == [f"{DT}/level-1"]
    assert signets(game, "din") == []


def test_a_second_chance_card_gives_another_roll_after_a_loss() -> None:
    """MA-BATTLE-7, MA-SIGNET-5: after a lost roll a hero holding a second-chance card may play it and roll again
    (the bonuses already played still count); it cannot be played before losing."""
    game = new_game(2)
    deal_signet(game, "din", "second-try")               # TEST-ONLY
    deal_signet(game, "din", "bonus-2")                  # TEST-ONLY
    facing(game, "din", DT)
    assert codes(game, "signet din second-try") == ["signet/not-now"]
    play(game, "signet din bonus-2", "roll din 1")       # 1 + 2 = 3 against 5: lost, a second try is held
    assert game.describe()["battle"]["lost"] is True
    assert codes(game, "roll din 4") == ["battle/no-second-try"]
    assert codes(game, "end din") == ["turn/battle-open"]
    play(game, "signet din second-try", "roll din 3")    # 3 + 2 = 5: a win
    assert (cash(game, "din"), signets(game, "din")) == (150 + 25, [])


def test_ending_the_turn_after_a_lost_roll_says_how_the_battle_goes_on() -> None:
    """MA-BATTLE-7 (a confusing refusal found by a table script: after a lost roll, ending the turn said the hero
    "must first fight" an enemy they had just fought): the refusal says to try again or take the loss, and names
    the second-chance card while none is played yet."""
    game = new_game(2)
    deal_signet(game, "din", "second-try")               # TEST-ONLY
    facing(game, "din", DT)
    play(game, "roll din 2")                             # 2 against 5: lost, a second try is held
    [held] = refusal(game, "end din").violations
    assert held.message == ("Din lost a roll against the Death Trooper: first play a second-chance Signet card for "
                            "another try, or take the loss.")
    play(game, "signet din second-try")
    [played] = refusal(game, "end din").violations
    assert played.message == "Din lost a roll against the Death Trooper: first roll again, or take the loss."


def test_the_loss_may_be_taken_instead_of_a_second_try() -> None:
    """MA-BATTLE-7, MA-BATTLE-6: a hero who would rather keep the second-chance card takes the loss at once."""
    game = new_game(2)
    deal_signet(game, "din", "second-try")               # TEST-ONLY
    facing(game, "din", DT)
    assert codes(game, "concede din") == ["battle/none"]
    play(game, "roll din 2", "concede din")
    assert (cash(game, "din"), signets(game, "din")) == (150 - 15, ["second-try"])
    assert codes(game, "end din") == []


def test_a_loss_costs_the_penalty_and_the_enemy_stays() -> None:
    """MA-BATTLE-6: a lost roll with no second try costs the card's penalty; the enemy stays where it is and its
    card stays in its deck, so the next battle is against the same level."""
    game = new_game(2)
    facing(game, "din", DT)
    play(game, "roll din 4", "end din")                  # 4 against 5
    assert cash(game, "din") == 150 - 15
    assert where(game, DT) == (1, 0)
    assert game.describe()["enemies"][DT]["cards_left"] == 2
    assert game.state.player("din").position == 1
    play(game, "roll cara 1")                            # Cara stops on the Death Trooper too
    assert game.describe()["battle"]["card"] == "level-1"


def test_a_penalty_too_big_to_pay_is_a_debt() -> None:
    """MA-BATTLE-6, MA-DEBT-1: a hero who cannot pay the penalty owes it to the Bank; play waits until they sell
    a hideout and pay."""
    game = new_game(2)
    play(game, "roll din 3", "buy din", "end din")       # hideout 3: 20
    quiet_turn(game, "cara", 6)
    set_cash(game, "din", 5)                             # TEST-ONLY
    place_enemy(game, DT, 5)                             # TEST-ONLY
    play(game, "roll din 2", "decline din", "close", "roll din 1")   # 1 against 5: 15 owed
    assert [(d.creditor, d.amount) for d in game.state.debts] == [("bank", 15)]
    assert codes(game, "end din") == ["turn/debt-open"]
    play(game, f"sell-deed din {deed_id(3)}", "pay din", "end din")
    assert cash(game, "din") == 5 + 20 - 15


def test_a_rent_the_hero_cannot_pay_is_settled_before_the_battle() -> None:
    """MA-MOVE-2, MA-DEBT-3: Cara, with 5 credits, stops on Din's hideout 5 (rent 10) where the Death Trooper
    stands. The space comes first: the battle roll waits until the rent debt is settled. She has no hideout, so
    she declares bankruptcy (her 5 go to Din), then fights: 6 against 5 wins the reward of 25."""
    game = new_game(2)
    play(game, "roll din 5", "buy din", "end din")       # hideout 5: 30
    place_enemy(game, DT, 5)                             # TEST-ONLY
    set_cash(game, "cara", 5)                            # TEST-ONLY
    play(game, "roll cara 5", "claim din cara")
    assert codes(game, "roll cara 6") == ["turn/debt-open"]
    play(game, "bankrupt cara", "roll cara 6")
    assert (cash(game, "cara"), cash(game, "din")) == (0 + 25, 150 - 30 + 5)
    assert trophies(game, "cara") == [f"{DT}/level-1"]


def test_a_trooper_never_takes_grogu() -> None:
    """MA-BATTLE-9: a hero holding Grogu who loses to a trooper pays the penalty and keeps him."""
    game = new_game(2)
    hand_grogu(game, "din")                              # TEST-ONLY
    facing(game, "din", DT)
    play(game, "roll din 1 1")                           # 2 against 5
    assert grogu(game) == ("din", -1)
    assert cash(game, "din") == 150 - 15


def test_the_beaten_trooper_goes_to_the_next_free_outpost_and_its_last_card_takes_it_out() -> None:
    """MA-BATTLE-4, MA-BATTLE-5: a beaten trooper waits in the first free outpost ahead of its space (from space
    1: outpost 1); once its last card is won (two heroes: level 2) it leaves the game and moves no more."""
    game = new_game(2)
    facing(game, "din", INC)
    play(game, "roll din 4", "end din")
    assert where(game, INC) == (-1, 1)
    facing(game, "cara", INC)
    play(game, "roll cara 5", "end cara")
    assert game.describe()["enemies"][INC] == {"position": -1, "outpost": 0, "cards_left": 0, "out": True}
    assert trophies(game, "cara") == [f"{INC}/level-2"]
    play(game, "roll din 3", "roll din 2")               # 1 -> 4, Imperial Advance 1
    assert where(game, INC) == (-1, 0)
    assert INC not in game.rules.movers(game.state)


def test_ahsoka_tano_rolls_again_after_losing_her_first_roll() -> None:
    """MA-HERO-7: after Ahsoka Tano's first battle roll is lost she may roll the silver die once more; a second
    loss costs the penalty. TEST DATA: the second season on the test box."""
    game = new_game2(4)
    quiet_turn(game, "din", 6)
    quiet_turn(game, "bo", 6)
    facing(game, "ahsoka", DT)
    play(game, "roll ahsoka 2")                          # 2 against 5
    assert game.describe()["battle"]["lost"] is True
    play(game, "roll ahsoka 4")                          # 4 against 5: no third try
    assert game.describe()["battle"] is None
    assert cash(game, "ahsoka") == 150 - 15


def test_ahsoka_tano_rerolls_both_dice_with_grogu() -> None:
    """MA-HERO-7, MA-GROGU-6: with Grogu, Ahsoka Tano's second roll is of both dice, never one."""
    game = new_game2(4)
    quiet_turn(game, "din", 6)
    quiet_turn(game, "bo", 6)
    hand_grogu(game, "ahsoka")                           # TEST-ONLY
    facing(game, "ahsoka", DT)
    play(game, "roll ahsoka 1 1")
    assert codes(game, "roll ahsoka 4") == ["dice/invalid"]
    play(game, "roll ahsoka 3 2")                        # 5 against 5
    assert trophies(game, "ahsoka") == [f"{DT}/level-1"]


def test_ahsoka_tano_spends_her_reroll_before_a_second_chance_card() -> None:
    """MA-HERO-7, MA-BATTLE-7 (a bug found by this test: a second-chance card played after her first loss used up
    the card and lost her re-roll): the try after her first lost roll is her own re-roll, so a second-chance
    card she played still gives one more try."""
    game = new_game2(4)
    quiet_turn(game, "din", 6)
    quiet_turn(game, "bo", 6)
    deal_signet(game, "ahsoka", "second-try")            # TEST-ONLY
    facing(game, "ahsoka", DT)
    play(game, "roll ahsoka 1", "signet ahsoka second-try", "roll ahsoka 1")
    assert game.describe()["battle"]["lost"] is True
    play(game, "roll ahsoka 5")
    assert trophies(game, "ahsoka") == [f"{DT}/level-1"]


def test_other_heroes_have_no_reroll() -> None:
    """MA-HERO-7, MA-BATTLE-6: a hero without the re-roll and without a second-chance card loses at the first
    lost roll."""
    game = new_game2(4)
    facing(game, "din", DT)
    play(game, "roll din 2")
    assert game.describe()["battle"] is None and cash(game, "din") == 150 - 15


def test_an_enemy_card_nobody_has_entered_is_asked_for_when_the_first_battle_starts() -> None:
    """MA-BATTLE-1: the number, reward and penalty of an enemy card come from the box; the roll that starts the
    first battle against it is refused with a request for them, and once the table enters them the same roll
    plays on. Real commands only (TEST DATA values)."""
    game = new_game(2, edition=mando(enemies=False))
    play(game, "roll din 4", "roll din 6", "end din")    # the Death Trooper to 1
    asked = refusal(game, "roll cara 2").violations
    assert [(v.code, v.need.target, v.need.fields) for v in asked if v.need] == [
        ("box/needed", f"card:{DT}/level-1", ("number", "reward", "penalty"))]
    assert game.state.player("cara").position == 0
    play(game, f"box card:{DT}/level-1 number=5 reward=25 penalty=15", "roll cara 2", "decline cara", "close")
    play(game, "roll cara 5")
    assert cash(game, "cara") == 150 + 25
    assert game.rules.enemy_card(game.state, DT).id == "level-2"


def test_a_death_trooper_beaten_on_the_fourth_advance_goes_to_outpost_1() -> None:
    """MA-BATTLE-4: the rule book's first example. A battle on an advance space cannot come about in play (the
    advance moves the enemy away first, MA-ADVANCE-4), so it is set up TEST-ONLY: Din fights the Death Trooper on
    Imperial Advance 4 (28) and wins; the first outpost going round from there is outpost 1."""
    game = new_game(2)
    place_enemy(game, DT, 28)                            # TEST-ONLY
    place_hero(game, "din", 28)                          # TEST-ONLY
    open_battle(game, "din", DT)                         # TEST-ONLY
    play(game, "roll din 5")
    assert where(game, DT) == (-1, 1)
    assert [where(game, e)[1] for e in (INC, "moff-gideon")] == [2, 3]
