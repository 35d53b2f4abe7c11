"""MONOPOLY GO! landmark blocks: the tray, the Build squares, the marker when no block can be taken, and the race
to the first landmark (docs/rules/monopoly-go.md). Board: tests/go/testbox.py (TEST-ONLY layout)."""

from __future__ import annotations

from companion.engine.commands import parse_command
from companion.rules.go_state import go
from tests.go.testbox import heights, marker_at, open_kinds, play, stack_up, started, tray


def codes(game, line: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [v.code for v in game.validate(parse_command(line))]


def test_the_tray_starts_with_five_blocks_of_each_of_eight_colours() -> None:
    """GO-BLOCK-1: 40 blocks in the tray, none on any board, every marker at Start."""
    game = started()
    colours = ("brown", "light-blue", "pink", "orange", "red", "yellow", "green", "dark-blue")
    assert [tray(game, c) for c in colours] == [5] * 8
    assert heights(game, "ann") == [("", 0)] * 4 and set(go(game.state).markers.values()) == {0}


def test_a_colour_space_gives_its_block_on_the_tallest_stack_of_its_colour_unless_another_square_is_named() -> None:
    """GO-BLOCK-2, GO-BLOCK-3: ann has 1 brown on square 1 and 2 browns on square 3; her brown block goes on
    square 3 (3 high) unless she names square 1 or an empty square; square 2 (pink) cannot take it."""
    game = started()
    stack_up(game, "ann", 1, "brown", 1)
    stack_up(game, "ann", 2, "pink", 1)
    stack_up(game, "ann", 3, "brown", 2)
    play(game, "roll ann 1 6 6 6")
    assert codes(game, "place ann brown 2") == ["block/square-taken"]
    assert codes(game, "place ann pink") == ["block/colour"]
    play(game, "place ann brown")
    assert heights(game, "ann") == [("brown", 1), ("pink", 1), ("brown", 3), ("", 0)]
    assert tray(game, "brown") == 1


def test_no_block_of_that_colour_in_the_tray_moves_the_marker_instead() -> None:
    """GO-BLOCK-4: ben holds all five pink blocks; ann stops on pink: nothing to take, her marker moves to step 1
    and nothing waits for her."""
    game = started()
    stack_up(game, "ben", 1, "pink", 4)
    stack_up(game, "ben", 2, "pink", 1)
    play(game, "roll ann 3 6 6 6")
    assert go(game.state).markers["ann"] == 1 and ("ann", "place") not in open_kinds(game)


def test_no_build_square_for_the_colour_moves_the_marker_and_it_stays_at_the_end() -> None:
    """GO-BLOCK-4, GO-MEGA-1: ann's four squares hold pink, orange, red and yellow; a brown space gives her no
    block: the marker moves from step 2 to 3, the end of a 3-step tracker. Later the red space finds no red
    block in the tray (ben holds the other four): that failure leaves the marker at the end."""
    game = started(2, "roll ann 6 1")
    for square, colour in enumerate(("pink", "orange", "red", "yellow"), start=1):
        stack_up(game, "ann", square, colour, 1)
    stack_up(game, "ben", 1, "red", 3)
    stack_up(game, "ben", 2, "red", 1)
    marker_at(game, "ann", 2)
    play(game, "roll ann 1 6")
    assert go(game.state).markers["ann"] == 3
    play(game, "pass ann", "roll ben 5 4", "pass ann", "roll ann 1 4")
    assert game.state.player("ann").position == 7 and go(game.state).markers["ann"] == 3
    assert ("ann", "place") not in open_kinds(game)


def test_a_block_that_can_be_placed_must_be_placed() -> None:
    """GO-BLOCK-5: while ann's brown block waits to be placed the round cannot go on: the next roll is refused,
    and no command moves her marker instead."""
    game = started(2, "roll ann 6 1")
    play(game, "roll ann 1 6")
    assert ("ann", "place") in open_kinds(game)
    assert codes(game, "pass ann") == ["decision/not-optional"]
    assert "round/not-over" in codes(game, "roll ann 1 1")
    assert go(game.state).markers["ann"] == 0


def test_the_first_landmark_wins_once_every_block_of_the_round_is_placed() -> None:
    """GO-END-1, GO-END-2: ann's fourth brown makes a landmark, but the game waits until ben has placed his pink
    block too; ben has no landmark, so ann wins."""
    game = started(2, "roll ann 6 1")
    stack_up(game, "ann", 1, "brown", 3)
    play(game, "roll ann 1 3", "place ann brown")
    assert not game.state.over
    play(game, "place ben pink")
    assert game.state.over and go(game.state).winners == ["ann"]
    assert [(r["player"], r["place"], r["worth"]) for r in game.state.ranking] == [("ann", 1, 4), ("ben", 2, 1)]


def test_two_landmarks_in_one_round_go_to_the_most_blocks_or_are_shared() -> None:
    """GO-END-3: ann (3 brown + 1 red) and ben (3 pink) both complete a landmark in the same round: ann has 5
    blocks, ben 4: ann wins. With ben's extra orange block they have 5 each and share the win."""
    game = started(2, "roll ann 6 1")
    stack_up(game, "ann", 1, "brown", 3)
    stack_up(game, "ann", 2, "red", 1)
    stack_up(game, "ben", 1, "pink", 3)
    play(game, "roll ann 1 3", "place ann brown", "place ben pink")
    assert go(game.state).winners == ["ann"]
    shared = started(2, "roll ann 6 1")
    stack_up(shared, "ann", 1, "brown", 3)
    stack_up(shared, "ann", 2, "red", 1)
    stack_up(shared, "ben", 1, "pink", 3)
    stack_up(shared, "ben", 2, "orange", 1)
    play(shared, "roll ann 1 3", "place ann brown", "place ben pink")
    assert go(shared.state).winners == ["ann", "ben"]
    assert [r["place"] for r in shared.state.ranking] == [1, 1]


def test_three_landmarks_in_one_round_two_with_the_most_blocks_share_and_the_third_comes_last() -> None:
    """GO-END-3: ann (3 brown + 1 red), ben (3 pink) and cat (3 yellow + 1 green, her token on space 8: TEST-ONLY
    set-up) all complete a landmark in the same round (ann 1 to brown, ben 3 to pink, cat 1 to yellow): ann and
    cat have 5 blocks, ben 4. Ann and cat share the win, ben is third, and the reason says the two had the most
    blocks (not that all three had as many)."""
    game = started(3, "roll ann 6 1 1")
    game.state.player("cat").position = 8
    stack_up(game, "ann", 1, "brown", 3)
    stack_up(game, "ann", 2, "red", 1)
    stack_up(game, "ben", 1, "pink", 3)
    stack_up(game, "cat", 1, "yellow", 3)
    stack_up(game, "cat", 2, "green", 1)
    play(game, "roll ann 1 3 1", "place ann brown", "place ben pink", "place cat yellow")
    assert go(game.state).winners == ["ann", "cat"]
    assert [(r["player"], r["place"], r["worth"]) for r in game.state.ranking] == [("ann", 1, 5), ("cat", 1, 5),
                                                                                  ("ben", 3, 4)]
    assert game.state.end_reason == ("3 landmarks in the same round: Ann and Cat have the most blocks and share "
                                     "the win")


def test_two_players_wanting_the_last_block_the_first_to_take_it_gets_it() -> None:
    """GO-BLOCK-6: one orange block left in the tray; ann and ben both stop on orange; ann places first, so ben's
    placement fails as if the tray had none: his marker moves instead, and a late `place` says the tray is out."""
    game = started(2, "roll ann 6 1")
    stack_up(game, "ann", 1, "orange", 2)
    stack_up(game, "ben", 1, "orange", 2)
    play(game, "roll ann 5 5")
    assert open_kinds(game) == [("ann", "place"), ("ben", "place")]
    play(game, "place ann orange")
    assert heights(game, "ann")[0] == ("orange", 3) and go(game.state).markers == {"ann": 0, "ben": 1}
    assert not game.state.decisions
    assert [v.message for v in game.validate(parse_command("place ben orange"))] == [
        "Ben has no block to place right now (the tray has no orange block left)."]
