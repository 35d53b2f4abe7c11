"""MONOPOLY GO! Bank Heists and Shut Downs: their turn after the placements, clockwise from the roller, the
secret dials, the block stolen or shut down, and the Shield (docs/rules/monopoly-go.md). Board:
tests/go/testbox.py (TEST-ONLY layout: 4 is a Bank Heist, 8 a Shut Down)."""

from __future__ import annotations

import json

from companion.engine.commands import parse_command
from companion.engine.events import Posted
from companion.rules.go_state import go
from companion.script import state_json
from tests.go.testbox import hand, heights, open_kinds, play, stack_up, started, tray


def codes(game, line: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [v.code for v in game.validate(parse_command(line))]


def test_a_heist_waits_for_the_placements_then_a_match_steals_a_block() -> None:
    """GO-ROUND-3, GO-HEIST-1, GO-HEIST-2, GO-HEIST-3, GO-ORDER-2: ann stops on the Bank Heist and ben on pink;
    ann may not challenge before ben has placed his block; then both dials show the coin and ann takes ben's pink
    block onto her first square (not from his empty square 2, nor from a square 9 no board has)."""
    game = play(started(2, "roll ann 6 1"), "roll ann 4 3")
    assert open_kinds(game) == [("ben", "place")]
    assert codes(game, "heist ann ben") == ["decision/no-heist"]
    play(game, "place ben pink")
    assert open_kinds(game) == [("ann", "heist")]
    assert codes(game, "heist ann ann") == ["target/self"]
    play(game, "heist ann ben", "dial ann coin")
    assert "coin" not in json.dumps(game.describe())
    play(game, "dial ben coin")
    assert codes(game, "steal ann 2") == ["steal/empty"] and codes(game, "steal ann 9") == ["block/square"]
    play(game, "steal ann 1")
    assert heights(game, "ann")[0] == ("pink", 1) and heights(game, "ben")[0] == ("", 0)
    assert tray(game, "pink") == 4 and (game.state.turn.player, go(game.state).step) == ("ben", "roll")


def test_a_stolen_block_that_fits_must_be_placed_not_returned_to_the_tray() -> None:
    """GO-HEIST-3: ann steals ben's pink block; her four squares are empty, so it cannot be sent back to the tray:
    the refusal says where it fits."""
    game = play(started(2, "roll ann 6 1"), "roll ann 4 3", "place ben pink", "heist ann ben", "dials ann match")
    refused = game.validate(parse_command("steal ann 1 tray"))
    assert [(v.code, v.message) for v in refused] == [
        ("steal/fits", "The pink block fits on Ann's Build squares 1, 2, 3, 4: a stolen block goes back to the tray "
                       "only when it fits nowhere.")]


def test_different_pictures_make_the_heist_fail() -> None:
    """GO-HEIST-4: the ring against the coin: nothing changes hands and the round ends."""
    game = play(started(2, "roll ann 6 1"), "roll ann 4 3", "place ben pink", "heist ann ben", "dial ben ring",
                "dial ann coin")
    assert heights(game, "ben")[0] == ("pink", 1) and game.state.turn.player == "ben"


def test_the_paper_dials_can_be_used_and_the_table_enters_only_whether_they_matched() -> None:
    """GO-HEIST-5: with the physical dials ann enters a match, and steals as after matching dials here."""
    game = play(started(2, "roll ann 6 1"), "roll ann 4 3", "place ben pink", "heist ann ben", "dials ann match")
    assert open_kinds(game) == [("ann", "steal")]
    play(game, "steal ann 1")
    assert heights(game, "ann")[0] == ("pink", 1)


def test_a_stolen_block_that_fits_nowhere_goes_back_to_the_tray_and_the_marker_stays() -> None:
    """GO-HEIST-3 (I-GO-7): ann's squares hold orange, green, red and yellow; the pink block she steals fits none
    of them and goes back to the tray; her marker does not move."""
    game = started(2, "roll ann 6 1")
    for square, colour in enumerate(("orange", "green", "red", "yellow"), start=1):
        stack_up(game, "ann", square, colour, 1)
    play(game, "roll ann 4 3", "place ben pink", "heist ann ben", "dial ann money", "dial ben money")
    assert codes(game, "steal ann 1 2") == ["block/no-square"]
    play(game, "steal ann 1")
    assert heights(game, "ben")[0] == ("", 0) and tray(game, "pink") == 5 and go(game.state).markers["ann"] == 0


def test_heists_take_their_turns_clockwise_from_the_roller() -> None:
    """GO-ORDER-1: cat rolls round 1 and all three stop on the Bank Heist: cat acts first, then ann, then ben."""
    game = play(started(3, "roll ann 1 1 6"), "roll cat 4 4 4")
    assert open_kinds(game) == [("cat", "heist")]
    assert [a.player for a in go(game.state).acts] == ["ann", "ben"]
    play(game, "pass cat")
    assert open_kinds(game) == [("ann", "heist")]
    play(game, "pass ann")
    assert open_kinds(game) == [("ben", "heist")]


def test_a_shut_down_sends_an_opponents_block_back_to_the_tray() -> None:
    """GO-SHUT-1: ann stops on the Shut Down (6 + 2) after ben has placed his yellow block; she shuts it down."""
    game = play(started(2, "roll ann 6 1"), "roll ann 6 6", "roll ben 2 3", "place ben yellow")
    assert open_kinds(game) == [("ann", "shut-down")]
    assert codes(game, "shut-down ann ben 2") == ["shut-down/empty"]
    assert codes(game, "shut-down ann ben 5") == ["block/square"]
    play(game, "shut-down ann ben 1")
    assert heights(game, "ben")[0] == ("", 0) and tray(game, "yellow") == 5


def test_the_log_names_the_block_shut_down_with_its_article() -> None:
    """GO-SHUT-1: ben's second square holds an orange block; ann shuts it down: the log says "an orange block"."""
    game = play(started(2, "roll ann 6 1"), "roll ann 6 6", "roll ben 2 3", "place ben yellow")
    stack_up(game, "ben", 2, "orange", 1)
    events = game.apply(parse_command("shut-down ann ben 2"))
    assert [e.txn.reason for e in events if isinstance(e, Posted)] == ["Ann shuts down an orange block of Ben's"]


def test_a_shield_cancels_a_shut_down_or_is_kept() -> None:
    """GO-SHUT-2, GO-TILE-5: ben keeps a Shield: ann's Shut Down waits for his answer; played, it cancels the
    Shut Down and goes to the discards; kept, he loses the block and keeps the Shield. It cannot be played on its
    own."""
    shielded = play(started(2, "roll ann 6 1"), "roll ann 6 6", "roll ben 2 3", "place ben yellow")
    hand(shielded, "ben", "shield")
    assert codes(shielded, "tile ben shield") == ["tile/shield"]
    play(shielded, "shut-down ann ben 1")
    assert open_kinds(shielded) == [("ben", "shield")]
    play(shielded, "shield ben")
    assert heights(shielded, "ben")[0] == ("yellow", 1)
    assert go(shielded.state).held_tiles("ben") == [] and go(shielded.state).discards == ["shield"]
    kept = play(started(2, "roll ann 6 1"), "roll ann 6 6", "roll ben 2 3", "place ben yellow")
    hand(kept, "ben", "shield")
    play(kept, "shut-down ann ben 1", "no-shield ben")
    assert heights(kept, "ben")[0] == ("", 0) and go(kept.state).held_tiles("ben") == ["shield"]


def test_a_shield_does_nothing_against_a_heist() -> None:
    """GO-TILE-5: ben's Shield is not asked for when ann's heist on him works."""
    game = play(started(2, "roll ann 6 1"), "roll ann 4 3", "place ben pink")
    hand(game, "ben", "shield")
    play(game, "heist ann ben", "dial ann ring", "dial ben ring")
    assert open_kinds(game) == [("ann", "steal")]


def test_a_landmark_later_in_the_round_ends_the_game_before_the_actions_still_to_come() -> None:
    """GO-END-4: ann has three browns; both stop on the Bank Heist; ann (the roller) goes first and steals ben's
    brown block: her landmark ends the game at once, and ben's heist never happens."""
    game = started(2, "roll ann 6 1")
    stack_up(game, "ann", 1, "brown", 3)
    stack_up(game, "ben", 1, "brown", 1)
    play(game, "roll ann 4 4", "heist ann ben", "dial ann coin", "dial ben coin", "steal ann 1")
    assert game.state.over and go(game.state).winners == ["ann"]
    assert [a.player for a in go(game.state).acts] == ["ben"] and not game.state.decisions
    assert state_json(game)["pending"]["waiting"] == []   # the table script does not say ben's heist still waits


def messages(game, line: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [v.message for v in game.validate(parse_command(line))]


def test_an_action_out_of_its_turn_says_whose_turn_comes_first() -> None:
    """GO-ORDER-1: ben rolls; ann and ben both stop on the Bank Heist: ann's heist is refused while ben, the
    roller, decides his, and the refusal says so. A dial is turned once, and a Shield is never an answer to a
    heist."""
    game = started(2, "roll ann 1 6")
    hand(game, "ben", "shield")
    play(game, "roll ben 4 4")
    assert messages(game, "heist ann ben") == [
        "Ann has no Bank Heist to carry out now. Their Bank Heist waits its turn, clockwise from Ben, who rolled: "
        "Ben must first challenge an opponent to a Bank Heist or let it go."]
    play(game, "heist ben ann", "dial ben coin")
    assert codes(game, "dial ben ring") == ["heist/dial-set"]
    assert messages(game, "shield ben") == [
        "Ben has no Shut Down aimed at them to stop: a Shield cancels a Shut Down only, never a Bank Heist or a "
        "Mega Shut Down."]
