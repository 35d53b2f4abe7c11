"""The end screen's figures: the ranking with worth broken down, and every player's worth turn by turn."""

from __future__ import annotations

from companion.table.history import ranking, worth_history
from companion.table.words import credits
from tests.rules.helpers import edition, new_game, play

PALETTE = ("#111111", "#222222")


def test_worth_history_has_a_point_per_turn_counted_like_the_final_worth() -> None:
    game = new_game()
    play(game, "roll luke 1 2", "buy luke", "end luke",        # worth 1440 cash + 60 deed = 1500
         "roll vader 1 2", "claim luke vader", "end vader",     # rent 4: Luke 1504, Vader 1496
         "roll luke 3 4")
    series = worth_history(game, PALETTE)
    assert [(s.name, s.colour) for s in series] == [("Luke", "#111111"), ("Vader", "#222222")]
    assert series[0].points == ((0, 1500), (1, 1500), (2, 1504))
    assert series[1].points == ((0, 1500), (1, 1500), (2, 1496))


def test_worth_history_ignores_what_was_taken_back() -> None:
    game = new_game()
    play(game, "roll luke 1 2", "buy luke", "end luke", "roll vader 1 2", "claim luke vader",
         "undo 1 rent was waived", "end vader")
    assert worth_history(game, PALETTE)[0].points == ((0, 1500), (1, 1500), (2, 1500))


def test_ranking_shows_the_worth_and_what_it_is_made_of() -> None:
    """Time-limit game: each player is dealt two deeds and pays their printed prices, so at once each worth is
    still 1500 (cash plus printed prices), and the parts shown add up to it."""
    game = new_game(variant="time-limit", seed=3)
    play(game, "time-up")
    rows = ranking(game)
    assert [r.place for r in rows] == [1, 2]
    for row in rows:
        values = dict(row.parts)
        assert set(values) == {"Cash", "Deeds", "Mortgaged deeds (half)", "Starships"}  # OT building: starship
        assert row.worth_text == credits(edition(), row.worth)
        total = sum(int(v.split()[0].replace(",", "")) for v in values.values())
        assert total == row.worth
        assert row.worth == 1500


def test_star_wars_2015_bases_over_a_game_learnt_from_an_empty_box() -> None:
    """SW-END-1: the chart of a Star Wars 2015 game counts each player's Bases, not money, and replays a game
    whose board was read off the box during play (its ``box`` entries are in the journal: replayed on the edition
    data the game started with, not on the board as known at the end, which refused them). Made-up box of
    tests/sw2015/testbox.py (TEST DATA): Luke buys Tatooine 1 (4) on turn 1, Vader Endor 1 (8) on turn 2; Luke's
    line is 0, 1, 1 and Vader's 0, 0, 1; Luke's is a tint of the Rebels' blue, Vader's of the Empire's red."""
    from companion.table.history import chart_title, side_victory
    from tests.sw2015.testbox import layout_lines
    from tests.sw2015.testbox import new_game as sw_game

    game = sw_game("luke", "vader", learnt=False)
    play(game, *[line for line in layout_lines() if not line.startswith("box card:")],
         "roll luke 1 3", "buy luke", "end luke", "roll vader 3 5", "buy vader", "end vader")
    series = worth_history(game, PALETTE)
    assert [(s.name, s.points) for s in series] == [("Luke", ((0, 0), (1, 1), (2, 1))),
                                                    ("Vader", ((0, 0), (1, 0), (2, 1)))]
    assert [s.colour for s in series] == ["#7595c8", "#cd6f6f"]
    assert chart_title(game) == "Bases over the game"
    assert side_victory(game) is None  # not over yet


def test_star_wars_2015_the_end_names_the_winning_side_and_the_ultimate_winner() -> None:
    """SW-END-2: every planet space taken, the Rebels 7 to the Empire's 7, the highest-placed Base (Geonosis) the
    Empire's: victory to the Empire, Vader (4 Bases) the ultimate winner; the ranking is grouped by side."""
    from companion.table.history import side_victory
    from tests.sw2015.testbox import new_game as sw_game
    from tests.sw2015.testbox import place_bases

    game = sw_game("luke", "vader", "finn", "kylo")
    place_bases(game, "luke", 1, 2, 4, 7)                                       # TEST-ONLY
    place_bases(game, "finn", 8, 11, 14)
    place_bases(game, "kylo", 15, 17, 19)
    place_bases(game, "vader", 20, 21, 23)
    play(game, "roll luke 1 2", "card luke collect-10-rebel", "end luke", "roll vader 1 4",
         "hyperdrive vader space-22", "buy vader")
    victory = side_victory(game)
    assert victory is not None
    assert victory.headline == "Victory to the Empire!"
    assert [s.words("Base") for s in victory.scores] == ["Empire: 7 Bases, victory", "Rebels: 7 Bases"]
    assert victory.line("Bases") == "Vader is the ultimate winner  ·  Bases: Empire 7, Rebels 7"
    assert [(r.name, r.side, r.worth_text) for r in ranking(game)] == [
        ("Vader", "empire", "4 Bases"), ("Kylo", "empire", "3 Bases"), ("Luke", "rebel", "4 Bases"),
        ("Finn", "rebel", "3 Bases")]
