"""The board map on which a Hyperdrive's jump or a Bounty Hunter's free Base is chosen (Star Wars 2015): the
spaces round a ring in board order, the decision's buttons as taps on their spaces, the others only shown with
the engine's reason, and a board still being learnt. Figures from the made-up box of tests/sw2015/testbox.py
(TEST DATA): Hyperdrive 5 and 16, Bounty Hunter 10, Tatooine 4 and 7, Endor 8 and 11, Kamino 14 and 15."""

from __future__ import annotations

import pytest

from companion.table.actions import turn_actions
from companion.table.space_map import MAP_KEY, on_the_map, ring_place, ring_shape, space_map
from tests.rules.helpers import play
from tests.sw2015.testbox import new_game


@pytest.mark.parametrize("count", [*range(4, 45), 60])
@pytest.mark.parametrize("aspect", [1.0, 1.66, 2.2])
def test_every_space_has_its_own_place_on_the_ring(count: int, aspect: float) -> None:
    """Each position is a different cell of the ring's edge, with at most one cell to spare; GO at the bottom
    right, the next space to its left, and the last one just above GO (one place on from it when one is to
spare), as tokens go round the board."""
    cols, rows = ring_shape(count, aspect)
    places = [ring_place(p, cols, rows) for p in range(count)]
    assert len(set(places)) == count
    assert all(col in (0, cols - 1) or row in (0, rows - 1) for col, row in places)
    spare = 2 * cols + 2 * rows - 4 - count
    assert spare in (0, 1)
    assert places[0] == (cols - 1, 0) and places[1] == (cols - 2, 0)
    above_go = (cols - 1, 1)
    before_it = (cols - 1, 2) if rows > 2 else (cols - 2, 1)  # the right side's next cell, or the top row's last
    assert places[-1] == (before_it if spare else above_go)


def test_a_wide_map_makes_the_ring_wider_than_tall() -> None:
    """On the 800x480 screen (5 : 3) a 40-space board is 14 spaces wide and 8 tall (cells about 57 by 60), 24
    spaces are 9 by 5 and 20 spaces 8 by 4."""
    assert ring_shape(40, 800 / 480) == (14, 8)
    assert ring_shape(24, 800 / 480) == (9, 5)
    assert ring_shape(20, 800 / 480) == (8, 4)


def test_the_hyperdrive_choices_are_one_button_and_taps_on_the_map() -> None:
    """SW-HYPER-1: Luke stops on Hyperdrive 5. The table shows one button for the choice; the map offers the
    unowned planet spaces up to Hyperdrive 16 (each the decision's own command), shows every other space with the
    engine's reason, and shows Luke on Hyperdrive 5 and Vader on GO."""
    game = new_game("luke", "vader")
    play(game, "roll luke 2 3")
    buttons = on_the_map(game, turn_actions(game))
    opener = buttons[0]
    assert (opener.key, opener.label, opener.command, opener.enabled, opener.style) == (
        f"{MAP_KEY}{game.state.decisions[0].id}", "Luke: choose on the board where to jump", "", True, "primary")
    assert not [b for b in buttons if b.key.startswith("hyperdrive:")]
    board = space_map(game, game.state.decisions[0].id)
    assert board is not None
    assert board.title == "Luke jumps by Hyperdrive to an unowned planet space ahead"
    assert board.hint == "Luke is on Hyperdrive. Tap a bright space to choose it."
    assert [(c.position, c.name, c.choice.command) for c in board.choices if c.choice] == [
        (7, "Tatooine 2", "hyperdrive luke space-7"), (8, "Endor 1", "hyperdrive luke space-8"),
        (11, "Endor 2", "hyperdrive luke space-11"), (14, "Kamino 1", "hyperdrive luke space-14"),
        (15, "Kamino 2", "hyperdrive luke space-15")]
    cells = {c.position: c for c in board.cells}
    assert len(cells) == board.length == 24 and board.length_known
    assert (cells[5].tokens, cells[5].chooser_here, cells[0].tokens) == (("Luke",), True, ("Vader",))
    assert (cells[8].planet, cells[8].words, cells[3].name, cells[9].name) == (
        "Endor", "no Base", "Rebel card", "Trade Federation Tax")
    assert cells[1].refused == ("The jump goes to an unowned planet space of the stretch ahead: Tatooine 2, "
                                "Endor 1, Endor 2, Kamino 1, Kamino 2.",)
    assert cells[8].refused == ()
    play(game, "hyperdrive luke space-8")
    assert space_map(game, board.decision) is None  # settled: no map


def test_the_bounty_hunter_map_says_whose_base_stands_where() -> None:
    """SW-BOUNTY-1: Vader holds Endor 1 (8); Luke stops on the Bounty Hunter: every planet space but his own is a
    choice, Endor 1 said to be Vader's Base on his side's stripe."""
    game = new_game("luke", "vader")
    play(game, "roll luke 1 2", "card luke collect-10-rebel", "end luke", "roll vader 3 5", "buy vader",
         "end vader", "roll luke 3 4")
    board = space_map(game, game.state.decisions[0].id)
    assert board is not None
    assert board.title == "Luke sets a free Base (Bounty Hunter)"
    endor = next(c for c in board.cells if c.position == 8)
    assert (endor.owner, endor.words, endor.side_colour, endor.choice is not None) == (
        "Vader", "Vader's Base", "#b22222", True)
    assert len(board.choices) == 14
    assert board.sides == (("Rebels' Bases", "#2a5caa"), ("Empire's Bases", "#b22222"))


def test_a_board_still_being_learnt_offers_the_spaces_nobody_has_described() -> None:
    """SW-HYPER-1 on a first game: only the board's length and the Hyperdrive are known. Every space nobody has
    described is a choice (what it is is asked once the token is there), shown as not described yet and counted
    from GO; the next Hyperdrive being unknown, the stretch goes round to the space before this one."""
    game = new_game("luke", "vader", learnt=False)
    play(game, "box board:layout length=24", "box space:space-5 kind=hyperdrive", "roll luke 2 3")
    board = space_map(game, game.state.decisions[0].id)
    assert board is not None
    assert [c.position for c in board.choices] == [1, 2, 3, 4, *range(6, 24)]
    unknown = next(c for c in board.cells if c.position == 8)
    assert (unknown.known, unknown.name, unknown.words) == (False, "Space 8", "not described yet")
    assert board.hint.endswith("A space marked ? is not described yet: count it from GO.")
    play(game, "box space:space-8 kind=planet group=endor price=120", "box board:layout bases=12",
         "hyperdrive luke space-8")
    assert game.state.player("luke").position == 8
