"""Deals, debts and the end of the game (MA-TRADE-*, MA-DEBT-*, MA-BOSS-5, MA-END-*).

Test box (TEST DATA): set k costs 10 + 10k and pays 5k (set 1 = hideouts 1 and 3, set 2 = 5 and 7, set 3 = 9
and 11, set 8 = 30 and 31); the Incinerator Stormtrooper's level 1 needs 4 and pays 20, the Death Trooper's
needs 5 and pays 25, Moff Gideon needs 10. Signet ``payday`` pays 40.
"""

from __future__ import annotations

from companion.engine.events import GameEnded
from companion.engine.game import Game
from companion.script import state_json
from companion.table.history import chart_title, worth_history

from .helpers import (
    DT,
    INC,
    MOFF,
    cash,
    codes,
    deal_signet,
    give_deeds,
    grogu,
    hand_grogu,
    hideouts,
    leave_grogu,
    place_enemy,
    place_hero,
    play,
    refusal,
    set_cash,
    signets,
    trophies,
)
from .testbox import deed_id, new_game, shipped


def test_hideouts_credits_and_signet_cards_change_hands_at_any_time() -> None:
    """MA-TRADE-1, MA-DEBT-1: heroes deal in hideouts, credits and Signet cards for whatever they agree, on any
    hero's turn; only what a hero holds can be offered."""
    game = new_game(2)
    play(game, "roll din 1", "buy din", "end din")
    deal_signet(game, "cara", "bonus-2")                 # TEST-ONLY
    assert codes(game, "propose din cara give=cash:5 get=card:second-try") == ["trade/no-card"]
    play(game, f"propose din cara give={'deed:' + deed_id(1)} get=card:bonus-2,cash:30", "accept cara")
    assert game.state.owner(deed_id(1)) == "cara"
    assert (cash(game, "din"), cash(game, "cara")) == (150 - 20 + 30, 150 - 30)
    assert (signets(game, "din"), signets(game, "cara")) == (["bonus-2"], [])


def test_grogu_is_never_part_of_a_deal() -> None:
    """MA-TRADE-2, MA-GROGU-7: Grogu cannot be offered in a deal; the refusal names what may be (a Signet card by
    its card id)."""
    game = new_game(2)
    hand_grogu(game, "din")                              # TEST-ONLY
    assert [v.message for v in refusal(game, "propose din cara give=grogu get=cash:50").violations] == [
        "cannot read 'grogu': use deed:<id>, cash:<credits> or card:<card id>"]
    assert codes(game, "propose din cara give=card:grogu get=cash:50") == ["trade/no-card"]


def test_a_hero_short_of_rent_sells_hideouts_then_hands_over_signets_and_plays_on() -> None:
    """MA-DEBT-1, MA-DEBT-2, MA-DEBT-3, MA-GROGU-7: Din (with Grogu) owes Cara 80 - 30 = 50 rent and holds 10.
    He cannot be bankrupt while he has a hideout; he sells it to the Bank for 20, still falls short, and is
    bankrupt: his 30 and both his Signet cards go to Cara. He stays in the game and keeps Grogu."""
    game = new_game(2)
    give_deeds(game, "cara", *hideouts(8))               # TEST-ONLY
    give_deeds(game, "din", deed_id(1))                  # TEST-ONLY
    deal_signet(game, "din", "bonus-2")                  # TEST-ONLY
    deal_signet(game, "din", "second-try")               # TEST-ONLY
    hand_grogu(game, "din")                              # TEST-ONLY
    set_cash(game, "din", 10)                            # TEST-ONLY
    place_hero(game, "din", 28)                          # TEST-ONLY
    play(game, "roll din 2", "claim cara din")           # the green die: 28 -> 30
    assert [(d.creditor, d.amount) for d in game.state.debts] == [("cara", 50)]
    assert codes(game, "bankrupt din") == ["bankrupt/has-hideouts"]
    play(game, f"sell-deed din {deed_id(1)}")
    assert codes(game, "pay din") == ["money/too-few-credits"]
    play(game, "bankrupt din")
    assert (cash(game, "din"), cash(game, "cara")) == (0, 150 + 10 + 20)
    assert (signets(game, "din"), signets(game, "cara")) == ([], ["bonus-2", "second-try"])
    assert game.state.debts == [] and not game.state.player("din").retired
    assert grogu(game) == ("din", -1)
    play(game, "end din", "roll cara 6", "end cara", "roll din 1")
    assert game.state.player("din").position == 31


def test_a_hero_short_of_a_penalty_returns_signets_under_the_deck() -> None:
    """MA-DEBT-2, MA-DEBT-3: owing the Bank a penalty, a bankrupt hero pays what they hold and their Signet cards
    go under the deck (nobody holds them, and they can be drawn again)."""
    game = new_game(2)
    deal_signet(game, "din", "find-grogu")               # TEST-ONLY
    set_cash(game, "din", 5)                             # TEST-ONLY
    place_enemy(game, DT, 1)                             # TEST-ONLY
    play(game, "roll din 1", "decline din", "close", "roll din 2")   # 2 against 5: 15 owed
    assert codes(game, "bankrupt cara") == ["bankrupt/no-debt"]
    play(game, "bankrupt din", "end din")
    assert (cash(game, "din"), signets(game, "din"), signets(game, "cara")) == (0, [], [])
    place_hero(game, "cara", 12)                         # TEST-ONLY: past the Death Trooper
    play(game, "roll cara 2", "card cara find-grogu")
    assert signets(game, "cara") == ["find-grogu"]


def test_bankruptcy_is_refused_while_the_credits_cover_the_debt() -> None:
    """MA-DEBT-1: a hero who can pay pays; bankruptcy is only for a hero who cannot."""
    game = new_game(2)
    give_deeds(game, "cara", *hideouts(8))               # TEST-ONLY
    place_hero(game, "din", 28)                          # TEST-ONLY
    play(game, "roll din 2", "claim cara din")           # 80 - 10 = 70, and Din holds 150
    assert game.state.debts == []
    assert codes(game, "bankrupt din") == ["bankrupt/no-debt"]
    assert cash(game, "din") == 150 - 70


def final_game() -> Game:
    """A three-hero game to its end, real commands apart from the TEST-ONLY placements: Din beats the Death
    Trooper, Cara the Incinerator Stormtrooper, and IG-11, holding Grogu, beats Moff Gideon."""
    game = new_game(3)
    place_enemy(game, DT, 1)                             # TEST-ONLY
    play(game, "roll din 1", "buy din", "roll din 5", "end din")   # 150 - 20 + 25
    place_enemy(game, INC, 3)                            # TEST-ONLY
    play(game, "roll cara 3", "decline cara", "bid din 10", "close", "roll cara 4", "end cara")   # 150 + 20
    give_deeds(game, "din", deed_id(5))                  # TEST-ONLY
    give_deeds(game, "cara", *hideouts(8))               # TEST-ONLY
    give_deeds(game, "ig", deed_id(9))                   # TEST-ONLY
    hand_grogu(game, "ig")                               # TEST-ONLY
    place_enemy(game, MOFF, 2)                           # TEST-ONLY
    play(game, "roll ig 2", "card ig payday")            # the Signet space first (+40), then the battle
    assert game.describe()["battle"]["enemy"] == MOFF
    return game


def test_beating_moff_gideon_pays_100_and_ends_the_game_won_by_the_highest_score() -> None:
    """MA-BOSS-5, MA-END-2, MA-END-3, MA-END-4, MA-END-5, MA-END-6, MA-HERO-3: IG-11 with Grogu rolls 6 + 1,
    plus 3, against Moff Gideon's 10: the heroes win, IG-11 takes 100 and the card. Each score is the credits,
    100 to Grogu's holder, 50 to the most enemy cards (one each: the tie goes to Din, who has the most hideouts,
    3) and one rent for each hideout held (double for a full set); the highest score wins."""
    game = final_game()
    events = play(game, "roll ig 6 1")
    assert [e.reason for e in events if isinstance(e, GameEnded)] == ["Moff Gideon was defeated"]
    assert trophies(game, "ig") == [f"{MOFF}/moff-gideon"]
    ranking = {r["player"]: r["parts"] for r in game.state.ranking}
    assert ranking["din"] == {"cash": 150 - 20 + 25 - 10, "grogu": 0, "enemy_cards": 50,
                              "rent": 5 * 2 + 5 * 2 + 10, "total": 145 + 50 + 30}
    assert ranking["cara"] == {"cash": 150 + 20, "grogu": 0, "enemy_cards": 0, "rent": 40 * 2 + 40 * 2,
                               "total": 170 + 160}
    assert ranking["ig"] == {"cash": 150 + 40 + 100, "grogu": 100, "enemy_cards": 0, "rent": 15,
                             "total": 290 + 100 + 15}
    assert [r["player"] for r in game.state.ranking] == ["ig", "cara", "din"]
    assert state_json(game)["pending"]["battle"] is None   # the battle won is over with the game
    assert codes(game, "end ig") == ["game/over"]


def test_losing_to_moff_gideon_with_grogu_loses_the_game_for_everyone() -> None:
    """MA-BOSS-7, MA-END-1: the same battle lost (2 + 1 + 3 = 6 against 10) while IG-11 holds Grogu: Moff Gideon
    captures Grogu and every hero has lost, with no score."""
    game = final_game()
    play(game, "roll ig 2 1")
    assert game.state.over and game.state.end_reason == "Grogu was captured"
    assert game.state.ranking == [] and state_json(game)["pending"]["battle"] is None


def test_a_tie_on_cards_and_hideouts_gives_the_50_to_each() -> None:
    """MA-END-4: the most enemy cards wins 50; a tie goes to the tied hero with the most hideouts.
    Interpretation: a tie on hideouts too gives 50 to each of them."""
    game = new_game(3)
    place_enemy(game, DT, 1)                             # TEST-ONLY
    play(game, "roll din 1", "buy din", "roll din 5", "end din")
    place_enemy(game, INC, 3)                            # TEST-ONLY
    play(game, "roll cara 3", "buy cara", "roll cara 4", "end cara")
    deal_signet(game, "ig", "bonus-2")                   # TEST-ONLY
    deal_signet(game, "ig", "bonus-2")                   # TEST-ONLY
    place_enemy(game, MOFF, 5)                           # TEST-ONLY
    play(game, "roll ig 5", "decline ig", "close", "signet ig bonus-2", "signet ig bonus-2", "roll ig 6")
    assert game.state.end_reason == "Moff Gideon was defeated"
    bonus = {r["player"]: r["parts"]["enemy_cards"] for r in game.state.ranking}
    assert bonus == {"din": 50, "cara": 50, "ig": 0}
    totals = {r["player"]: r["worth"] for r in game.state.ranking}
    assert totals == {"din": 150 - 20 + 25 + 50 + 5, "cara": 150 - 20 + 20 + 50 + 5, "ig": 150 + 100}


def test_nobody_has_the_most_enemy_cards_before_one_is_won() -> None:
    """MA-END-4 (a bug found red-teaming: with no enemy card won, every hero tied for "the most" and the one with
    the most hideouts was counted the 50, which the chart of worth over the game showed from the first turn): the
    50 goes to nobody while no enemy card is won."""
    game = new_game(2)
    play(game, "roll din 1", "buy din")
    parts = {p: game.rules.worth_parts(game.state, p) for p in ("din", "cara")}
    assert parts["din"] == {"cash": 150 - 20, "grogu": 0, "enemy_cards": 0, "rent": 5, "total": 130 + 5}
    assert parts["cara"] == {"cash": 150, "grogu": 0, "enemy_cards": 0, "rent": 0, "total": 150}


def test_nobody_holding_grogu_gets_no_grogu_bonus() -> None:
    """MA-END-3: the 100 for Grogu goes only to a hero holding him at the end; left alone on the board, he
    scores for nobody."""
    game = new_game(2)
    place_enemy(game, MOFF, 1)                           # TEST-ONLY
    deal_signet(game, "din", "bonus-2")                  # TEST-ONLY
    deal_signet(game, "din", "bonus-2")                  # TEST-ONLY
    play(game, "roll din 1", "decline din", "close", "signet din bonus-2", "signet din bonus-2", "roll din 6")
    assert grogu(game) == ("", 8)
    assert {r["player"]: r["parts"]["grogu"] for r in game.state.ranking} == {"din": 0, "cara": 0}
    assert {r["player"]: r["worth"] for r in game.state.ranking} == {"din": 150 + 100 + 50, "cara": 150}


HUT = ("box space:space-1 kind=hideout name=Hut group=colour-set-3 price=20",)
"""TEST DATA: on the box as it ships, what a family has entered when a hero buys the hideout on space 1: its
price, not its rent (nobody has paid it yet)."""

TO_MOFF = (*HUT, "box space:space-3 kind=card name=SignetA", "box space:space-7 kind=card name=SignetB",
           "box space:space-21 kind=collect name=Credits",
           "box card:signet/to-advance title=Advance effect=advance target=imperial-advance-2",
           "box card:signet/to-21 title=Credits effect=advance target=space-21",
           "box card:death-trooper/level-1 number=5 reward=35 penalty=15", "box card:moff-gideon/moff-gideon number=5",
           "roll din 4", "roll din 6", "end din",        # the Death Trooper to 1, the Incinerator to 17
           "roll cara 2", "buy cara", "roll cara 5", "end cara",   # Hut, and the Death Trooper's first card
           "roll din 3", "card din to-advance", "roll din 2", "end din",   # Moff Gideon out of outpost 3 to 21
           "roll cara 2", "card cara to-21")             # Cara on 21 with Moff Gideon
"""TEST DATA: a game on the box as it ships, by real commands, up to Cara's battle against Moff Gideon; she
holds the Hut, whose rent nobody has entered, and 150 - 20 + 35 + 30 credits."""


def test_the_winning_roll_asks_for_a_rent_the_score_needs() -> None:
    """MA-END-5 (found by a table script from an empty box): the score counts one rent for each hideout held, so
    the roll that beats Moff Gideon asks first for a rent nobody has entered, saying why, and the game ends once
    it is entered."""
    game = new_game(2, edition=shipped())
    play(game, *TO_MOFF)
    [asked] = refusal(game, "roll cara 6").violations
    assert (asked.code, asked.need.target, asked.need.fields) == ("box/needed", "space:space-1", ("rent",))
    assert asked.message == ("Hut: the score counts one rent for each hideout held, and this one's is not entered "
                             "yet. Read it off the Title Deed.")
    play(game, "box space:space-1 rent=6", "roll cara 6")
    assert {r["player"]: r["worth"] for r in game.state.ranking} == {"cara": 195 + 100 + 50 + 6, "din": 150}


def test_a_game_lost_on_a_box_still_being_learnt_charts_without_asking() -> None:
    """MA-END-1 (a crash found red-teaming: the end screen's chart of worth over the game asked for the rent of a
    hideout nobody had paid, after Grogu was captured, and nothing could answer it): a game lost is not scored,
    and the chart counts a rent nobody has entered as nothing."""
    game = new_game(2, edition=shipped())
    play(game, *HUT, "roll din 1", "buy din", "end din")
    leave_grogu(game, 12)                                # TEST-ONLY
    play(game, "roll cara 4", "roll cara 1")             # the Incinerator Stormtrooper leaves outpost 2 for 12
    assert game.state.end_reason == "Grogu was captured"
    assert [series.points[-1][1] for series in worth_history(game, ("#000000", "#ffffff"))] == [150 - 20, 150]
    assert chart_title(game) == "Net worth over the game"
