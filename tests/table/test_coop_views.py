"""The table layer of a co-operative game: what the screens read about who starts, where the pieces are, the
battle and Grogu. Figures from tests/mando/testbox.py (TEST DATA) and editions/mandalorian."""

from __future__ import annotations

from companion.table.actions import bankruptcy_lines
from companion.table.coop import battle_view, board_map
from companion.table.setup_choices import first_turn_note
from companion.table.views import journal_lines, pieces, player_views, table_view
from tests.mando.helpers import deal_signet, give_deeds, hideouts, place_hero, set_cash
from tests.mando.testbox import mando, new_game
from tests.rules.builders_assets import set_cash as set_classic_cash
from tests.rules.helpers import edition as original_trilogy
from tests.rules.helpers import give_deeds as give_classic_deeds
from tests.rules.helpers import new_game as rules_game
from tests.rules.helpers import play


def test_who_starts_is_rolled_with_the_edition_dice() -> None:
    """MA-SETUP-8 (who starts): the silver die alone in The Mandalorian, both dice in the classic game."""
    assert first_turn_note(mando()) == ("Player 1 takes the first turn. Everyone rolls the silver die (1 to 6), "
                                        "and the highest goes first: tap that player's number to move them to 1.")
    assert "Everyone rolls 2 dice, each 1 to 6, and the highest total goes first" in first_turn_note(
        original_trilogy())


def test_the_pieces_and_the_board_map_show_grogu_and_the_enemies_where_they_start() -> None:
    """Grogu on Just Visiting; the Incinerator Stormtrooper in outpost 2, Moff Gideon in 3, the Death Trooper
    in 4; a hero who passes Just Visiting carries Grogu, and his seat says so."""
    game = new_game(2)
    assert [(p.name, p.place) for p in pieces(game)] == [
        ("Grogu", "alone on Jail / Just Visiting"), ("Incinerator Stormtrooper", "Imperial outpost 2"),
        ("Moff Gideon", "Imperial outpost 3"), ("Death Trooper", "Imperial outpost 4")]
    board = board_map(game)
    assert board is not None
    assert [(o.number, o.beside, o.enemy) for o in board.outposts] == [
        (1, 4, ""), (2, 12, "Incinerator Stormtrooper"), (3, 20, "Moff Gideon"), (4, 28, "Death Trooper")]
    assert board.spaces[8].grogu and board.grogu == "alone on Jail / Just Visiting"
    play(game, "roll din 5", "buy din", "end din", "roll cara 3", "buy cara", "end cara", "roll din 3")
    assert [v.grogu for v in player_views(game)] == [True, False]
    assert pieces(game)[0].place == "with Din"
    assert battle_view(game) is None


def test_the_bankruptcy_confirmation_tells_a_hero_they_play_on() -> None:
    """MA-DEBT-3: the table's confirmation before a Mandalorian hero's bankruptcy says what that edition's rules
    do: Din (10 credits, a Signet card) owes Cara 50 rent and hands over his credits and Signet cards, then plays
    on; owing the Bank, the cards go under the deck. Nothing says he leaves the game."""
    game = new_game(2)
    give_deeds(game, "cara", *hideouts(8))               # TEST-ONLY
    deal_signet(game, "din", "bonus-2")                  # TEST-ONLY
    set_cash(game, "din", 10)                            # TEST-ONLY
    place_hero(game, "din", 28)                          # TEST-ONLY
    play(game, "roll din 2", "claim cara din")           # 28 -> 30: Cara's rent is more than Din's 10
    lines = bankruptcy_lines(game, "din")
    assert lines == ("Din plays on: the rest of the debt is forgiven.",
                     "Din's credits and Signet cards go to Cara.")
    assert not any("leaves" in line for line in lines)


def test_the_bankruptcy_confirmation_of_the_classic_game_says_the_player_leaves() -> None:
    """OT-BANKRUPT-9: Luke (5 credits) owes Vader the 6 rent of Hoth: Echo Base with nothing to raise: the
    confirmation says he leaves for good, his credits go to Vader, and Vader, the last player left, wins."""
    game = rules_game()
    give_classic_deeds(game, "vader", "hoth-echo-base")
    set_classic_cash(game, "luke", 5)
    play(game, "roll luke 2 6", "claim vader luke")
    assert bankruptcy_lines(game, "luke") == (
        "Luke leaves the game for good.",
        "Luke's credits, Title Deeds and Get Out of Jail Free cards go to Vader; the starships go back to the Bank, "
        "which pays Vader half what they cost.",
        "Vader is the last player left: the game ends.")


def test_the_journal_names_the_boss_by_his_name_and_the_cards_won() -> None:
    """The battle against Moff Gideon and the cards won, in words: "must fight Moff Gideon" (not "the Moff
    Gideon"), "wins an Incinerator Stormtrooper card". Moves of WON in tests/ui/test_mando_screens.py (TEST DATA
    box): Din (IG-11, holding Grogu) beats the Incinerator on Hideout 5A and then stops on Moff Gideon."""
    game = new_game(2, ("ig-11",))
    play(game, "roll din 4", "roll din 6", "end din", "roll cara 1", "buy cara", "roll cara 6", "end cara",
         "roll din 4", "end din", "roll cara 4", "buy cara", "end cara", "roll din 3", "buy din", "end din",
         "roll cara 1", "end cara", "roll din 3", "card din payday", "end din", "roll cara 1", "buy cara",
         "end cara", "roll din 3", "buy din")
    said = [line.text for line in journal_lines(game)]
    assert "Din must fight the Incinerator Stormtrooper" in said[-2]
    play(game, "roll din 6 1")
    assert "Din wins an Incinerator Stormtrooper card" in journal_lines(game)[-1].text
    play(game, "end din", "roll cara 2", "buy cara", "end cara", "roll din 3", "roll din 2", "end din",
         "roll cara 5", "card cara second-try", "end cara", "roll din 2")
    assert journal_lines(game)[-1].text.endswith("Din must fight Moff Gideon")
    play(game, "buy din", "roll din 6 2")
    assert "Din wins Moff Gideon's card" in journal_lines(game)[-1].text


def test_the_table_shows_the_last_roll_of_the_turn_whatever_it_was_for() -> None:
    """Din moves 4 onto Imperial Advance 1, then rolls 6 on the silver die: the table's dice show the 6 (not the
    4 of the move); once the turn has passed the dice are blank for the next hero."""
    game = new_game(2)
    play(game, "roll din 4")
    assert table_view(game).dice == (4,)
    play(game, "roll din 6")
    assert table_view(game).dice == (6,)
    play(game, "end din")
    assert table_view(game).dice == ()
