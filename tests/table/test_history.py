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
