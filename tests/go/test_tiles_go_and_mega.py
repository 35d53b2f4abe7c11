"""MONOPOLY GO! Chance tiles, GO's choice and the Mega Shut Down (docs/rules/monopoly-go.md). Board:
tests/go/testbox.py (TEST-ONLY layout: 2 is Chance, 0 GO, 12 spaces round)."""

from __future__ import annotations

from companion.box.overlay import apply_values
from companion.edition import Edition, edition_from_data
from companion.engine.commands import GRAMMAR, parse_command
from companion.engine.events import Noted
from companion.engine.state import Setup
from companion.rules import new_game
from companion.rules.go_events import TileTaken
from companion.rules.go_state import go
from tests.go.testbox import SEATS, hand, heights, made_up_box, marker_at, open_kinds, play, stack_up, started, tray


def codes(game, line: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [v.code for v in game.validate(parse_command(line))]


def test_a_money_bag_gives_a_block_of_any_colour_and_other_tiles_are_kept() -> None:
    """GO-TILE-1, GO-TILE-2: both stop on Chance; ann turns over a Money Bag and places a green block; ben turns
    over a Shield and keeps it; 8 tiles stay face down."""
    game = play(started(2, "roll ann 6 1"), "roll ann 2 2", "chance ann money-bag")
    assert open_kinds(game) == [("ben", "chance"), ("ann", "place")]
    play(game, "place ann green", "chance ben shield")
    assert heights(game, "ann")[0] == ("green", 1) and go(game.state).held_tiles("ben") == ["shield"]
    assert game.describe()["chance"] == {"face_down": 8, "discarded": 1}


def test_a_money_bag_that_can_place_nothing_is_simply_discarded() -> None:
    """GO-TILE-2: ann's squares hold 3 brown, pink, orange and red each and the tray has none of those left; the
    Money Bag gives nothing, and her marker does not move (unlike a colour space)."""
    game = started(2, "roll ann 6 1")
    for square, colour in enumerate(("brown", "pink", "orange", "red"), start=1):
        stack_up(game, "ann", square, colour, 3)
        stack_up(game, "ben", square, colour, 2)
    play(game, "roll ann 2 6", "chance ann money-bag")
    assert not game.state.decisions and go(game.state).markers["ann"] == 0 and go(game.state).discards == ["money-bag"]


def test_with_no_tile_face_down_the_discards_are_turned_over_and_with_every_tile_held_nothing_is_taken() -> None:
    """GO-TILE-6 (I-GO-9): 9 tiles discarded and 1 held: the Chance space turns the 9 face down again, then ann
    takes one. With all 10 held, the space gives nothing."""
    game = started(2, "roll ann 6 1")
    hand(game, "ben", "shield")
    for _ in range(9):
        TileTaken("ben", "money-bag", False).apply(game.state)
    play(game, "roll ann 2 6")
    assert open_kinds(game) == [("ann", "chance")] and go(game.state).discards == []
    held = started(2, "roll ann 6 1")
    hand(held, "ben", *["shield"] * 10)
    play(held, "roll ann 2 6")
    assert not held.state.decisions


def test_stopping_on_go_gives_a_block_a_heist_or_a_shut_down() -> None:
    """GO-GO-1: both go 6 + 6 to GO; ann takes a block (red), ben a Bank Heist, which waits for ann's block."""
    game = play(started(2, "roll ann 6 1"), "roll ann 6 6", "roll ben 6 6")
    assert open_kinds(game) == [("ann", "go"), ("ben", "go")]
    play(game, "go ann block", "go ben heist")
    assert open_kinds(game) == [("ann", "place")]
    play(game, "place ann red")
    assert open_kinds(game) == [("ben", "heist")]


def test_gos_block_that_cannot_be_placed_moves_the_marker() -> None:
    """GO-GO-3 (I-GO-6): every square of ann's holds a landmark-high stack of 3 and the tray has none of their
    colours: GO's block fails like a colour space's, and her marker moves."""
    game = started(2, "roll ann 6 1")
    for square, colour in enumerate(("brown", "pink", "orange", "red"), start=1):
        stack_up(game, "ann", square, colour, 3)
        stack_up(game, "ben", square, colour, 2)
    play(game, "roll ann 6 6", "roll ben 6 1", "go ann block")
    assert go(game.state).markers["ann"] == 1


def test_a_go_button_gives_a_block_at_once_or_a_heist_in_its_turn() -> None:
    """GO-TILE-3: before the round's roll ann plays a GO Button for a block: the roll waits until she places it;
    a second one for a heist, played while ben's pink block is still to be placed, is queued for after the
    placements."""
    game = started(2, "roll ann 6 1")
    hand(game, "ann", "go-button", "go-button")
    play(game, "tile ann go-button block")
    assert "round/not-over" not in codes(game, "roll ann 6 6") and "turn/decision-open" in codes(game, "roll ann 6 6")
    play(game, "place ann red", "roll ann 6 3", "tile ann go-button heist")
    assert [a.player for a in go(game.state).acts] == ["ann"] and open_kinds(game) == [("ben", "place")]
    play(game, "place ben pink")
    assert open_kinds(game) == [("ann", "heist")]
    assert go(game.state).discards == ["go-button", "go-button"]


def test_a_go_button_heist_played_during_the_mega_shut_downs_comes_before_them() -> None:
    """GO-TILE-3, GO-ORDER-4 (I-GO-10): ann's full tracker is deciding her Mega Shut Down (ann pink 2, ben pink 1,
    tray 2 pink) when ben plays a GO Button for a heist: it goes first and ann's Mega waits behind it. The dials
    match; ben steals a pink from ann (ann 1, ben 2). Ann is then asked again and names pink: ben's 2 go back (tray
    4), ann keeps hers, her marker goes back to Start and the dice pass to ben."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 3)
    stack_up(game, "ann", 1, "pink", 2)
    stack_up(game, "ben", 1, "pink", 1)
    hand(game, "ben", "go-button")
    play(game, "roll ann 6 6")
    assert open_kinds(game) == [("ann", "mega")] and tray(game, "pink") == 2
    play(game, "tile ben go-button heist")
    assert open_kinds(game) == [("ben", "heist")]
    assert game.describe()["waiting"] == [{"player": "ann", "what": "mega", "step": "mega"}]
    assert codes(game, "mega ann pink") == ["decision/no-mega"]
    play(game, "heist ben ann", "dial ben coin", "dial ann coin", "steal ben 1")
    assert heights(game, "ann")[0] == ("pink", 1) and heights(game, "ben")[0] == ("pink", 2)
    assert open_kinds(game) == [("ann", "mega")]
    play(game, "mega ann pink")
    assert heights(game, "ben")[0] == ("", 0) and heights(game, "ann")[0] == ("pink", 1) and tray(game, "pink") == 4
    assert go(game.state).markers["ann"] == 0 and (game.state.turn.number, game.state.turn.player) == (2, "ben")


def test_a_go_button_block_played_during_a_mega_shut_down_is_placed_before_it() -> None:
    """GO-ORDER-4, GO-MEGA-3 (I-GO-10): ann's full tracker is deciding her Mega Shut Down when ben plays a GO
    Button for a block: ann's Mega waits until ben has placed it (a pink: tray pink 4), then she names pink and
    ben's new block goes back too (tray pink 5)."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 3)
    hand(game, "ben", "go-button")
    play(game, "roll ann 6 6", "tile ben go-button block")
    assert open_kinds(game) == [("ben", "place")] and codes(game, "mega ann pink") == ["decision/no-mega"]
    play(game, "place ben pink")
    assert open_kinds(game) == [("ann", "mega")] and tray(game, "pink") == 4
    play(game, "mega ann pink")
    assert heights(game, "ben")[0] == ("", 0) and tray(game, "pink") == 5


def test_a_block_stolen_by_a_go_button_heist_during_the_mega_shut_downs_that_builds_a_landmark_ends_the_game() -> None:
    """GO-ORDER-4, GO-END-4: ann's full tracker is deciding her Mega Shut Down; ben (pink 3 on square 1) plays a
    GO Button for a heist on ann (pink 1) and the dials match: the stolen pink makes his fourth, the landmark ends
    the game at once and ann's Mega Shut Down never comes (her marker stays at the end)."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 3)
    stack_up(game, "ben", 1, "pink", 3)
    stack_up(game, "ann", 1, "pink", 1)
    hand(game, "ben", "go-button")
    play(game, "roll ann 6 6", "tile ben go-button heist", "heist ben ann", "dials ben match", "steal ben 1")
    assert game.state.over and go(game.state).winners == ["ben"] and heights(game, "ben")[0] == ("pink", 4)
    assert not game.state.decisions and go(game.state).markers["ann"] == 3 and heights(game, "ann")[0] == ("", 0)


def test_a_go_button_shut_down_during_the_mega_shut_downs_goes_ahead_of_the_later_megas_and_meets_a_shield() -> None:
    """GO-ORDER-4, GO-SHUT-2 (I-GO-10): both trackers are full; ann (the roller) is asked first and lets hers go;
    while ben decides his, ann plays a GO Button for a Shut Down on ben's square 1: ben's Mega goes back to wait,
    ben stops the Shut Down with his Shield (his pink 2 stays), then he is asked again for his Mega."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 3)
    marker_at(game, "ben", 3)
    stack_up(game, "ben", 1, "pink", 2)
    hand(game, "ann", "go-button")
    hand(game, "ben", "shield")
    play(game, "roll ann 6 6", "pass ann")
    assert open_kinds(game) == [("ben", "mega")]
    play(game, "tile ann go-button shut-down")
    assert open_kinds(game) == [("ann", "shut-down")]
    play(game, "shut-down ann ben 1")
    assert open_kinds(game) == [("ben", "shield")]
    play(game, "shield ben")
    assert heights(game, "ben")[0] == ("pink", 2) and go(game.state).discards == ["go-button", "shield"]
    assert open_kinds(game) == [("ben", "mega")] and game.state.turn.number == 1


def test_mr_monopoly_moves_the_marker_one_step_but_not_past_the_end() -> None:
    """GO-TILE-4: ann's Mr. Monopoly tile moves her marker from 2 to 3; at the end a second one is refused."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 2)
    hand(game, "ann", "mr-monopoly", "mr-monopoly")
    play(game, "tile ann mr-monopoly")
    assert go(game.state).markers["ann"] == 3
    assert codes(game, "tile ann mr-monopoly") == ["tile/tracker-full"]


def test_a_mega_shut_down_comes_after_the_heists_and_returns_every_other_players_blocks_of_a_colour() -> None:
    """GO-ROUND-3, GO-MEGA-2, GO-MEGA-3, GO-MEGA-4, GO-TILE-5: ann's tracker is full; ben's heist comes first;
    then ann names pink: ben's three pink blocks go back to the tray (his Shield does not help), ann keeps her own
    pink, and her marker goes back to Start."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 3)
    stack_up(game, "ann", 1, "pink", 1)
    stack_up(game, "ben", 1, "pink", 2)
    stack_up(game, "ben", 2, "pink", 1)
    hand(game, "ben", "shield")
    play(game, "roll ann 6 4")
    assert open_kinds(game) == [("ben", "heist")]
    play(game, "pass ben")
    assert open_kinds(game) == [("ann", "mega")]
    play(game, "mega ann pink")
    assert heights(game, "ben")[:2] == [("", 0), ("", 0)] and heights(game, "ann")[0] == ("pink", 1)
    assert tray(game, "pink") == 4 and go(game.state).markers["ann"] == 0 and game.state.turn.player == "ben"


def test_a_full_tracker_may_wait_for_a_later_round() -> None:
    """GO-MEGA-5 (I-GO-2): ann lets her Mega Shut Down wait; the next round asks again."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 3)
    play(game, "roll ann 6 6", "pass ann", "roll ben 4 4")
    assert open_kinds(game) == [("ann", "mega")] and go(game.state).markers["ann"] == 3


def test_a_tracker_filled_by_mr_monopoly_during_the_mega_shut_downs_still_takes_its_turn() -> None:
    """GO-TILE-4, GO-MEGA-2: while ann decides her Mega Shut Down, ben plays Mr. Monopoly from step 2 to the end
    of his 3-step tracker: his own Mega Shut Down is offered after ann's, the same round."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 3)
    marker_at(game, "ben", 2)
    hand(game, "ben", "mr-monopoly")
    play(game, "roll ann 6 6", "tile ben mr-monopoly")
    assert open_kinds(game) == [("ann", "mega")]
    play(game, "pass ann")
    assert open_kinds(game) == [("ben", "mega")] and game.state.turn.number == 1


def test_several_landers_on_chance_never_take_more_tiles_than_lie_face_down() -> None:
    """GO-TILE-1, GO-TILE-6 (I-GO-9): 7 tiles are kept and 1 discarded, so 2 lie face down when all four stop on
    Chance: ann and ben each take one; for cat the discarded tile is turned face down again; dan finds none.
    Once each has said theirs, no tile lies face down and every one of the 10 is held."""
    game = started(4)
    hand(game, "ann", "shield", "shield", "shield", "go-button")
    hand(game, "ben", "mr-monopoly", "mr-monopoly", "go-button")
    TileTaken("dan", "money-bag", False).apply(game.state)
    play(game, "roll ann 2 2 2 2")
    assert [p for p, k in open_kinds(game) if k == "chance"] == ["ann", "ben", "cat"]
    play(game, "chance ann go-button", "chance ben shield", "chance cat mr-monopoly")
    assert game.describe()["chance"] == {"face_down": 0, "discarded": 0}
    assert sum(len(t) for t in go(game.state).tiles.values()) == 10


def test_once_every_tile_is_on_the_discard_pile_they_are_all_laid_face_down_again() -> None:
    """GO-TILE-6: 9 tiles are discarded and ann keeps the tenth, a Mr. Monopoly; when she plays it every tile
    lies on the discard pile, and all 10 are laid face down at once."""
    game = started(2, "roll ann 6 1")
    hand(game, "ann", "mr-monopoly")
    for _ in range(9):
        TileTaken("ben", "money-bag", False).apply(game.state)
    play(game, "tile ann mr-monopoly")
    assert game.describe()["chance"] == {"face_down": 10, "discarded": 0} and go(game.state).markers["ann"] == 1


def test_a_go_buttons_block_may_be_placed_before_the_colour_spaces_block_that_waits() -> None:
    """GO-TILE-3, GO-BLOCK-2: ann stops on brown and plays a GO Button for a block: she has two blocks to place
    and may place the GO Button's yellow first, then the brown."""
    game = started(2, "roll ann 6 1")
    hand(game, "ann", "go-button")
    play(game, "roll ann 1 6", "tile ann go-button block")
    assert open_kinds(game) == [("ann", "place"), ("ann", "place")]
    play(game, "place ann yellow")
    assert heights(game, "ann")[0] == ("yellow", 1) and open_kinds(game) == [("ann", "place")]
    play(game, "place ann brown")
    assert heights(game, "ann")[:2] == [("yellow", 1), ("brown", 1)] and game.state.turn.number == 2


def counted_box(**counts: int) -> Edition:
    """The made-up box whose Chance tiles are counted (TEST DATA): ``counts`` by kind."""
    return edition_from_data(apply_values(made_up_box().raw, "tiles:chance", {k.replace("_", "-"): n
                                                                               for k, n in counts.items()}))


def test_a_tile_the_box_holds_no_more_of_is_refused_once_the_box_says_how_many() -> None:
    """GO-TILE-7: the box holds 1 Mr. Monopoly (TEST DATA); ann keeps it, so ben cannot turn over another, even
    once ann has played hers (it lies on the discard pile). Without counts any kind is taken."""
    game = started(2, "roll ann 6 1", counted_box(mr_monopoly=1))
    hand(game, "ann", "mr-monopoly")
    play(game, "roll ann 6 2")
    assert codes(game, "chance ben mr-monopoly") == ["tile/none-left"]
    play(game, "tile ann mr-monopoly")
    assert codes(game, "chance ben mr-monopoly") == ["tile/none-left"] and codes(game, "chance ben shield") == []
    free = started(2, "roll ann 6 1")
    hand(free, "ann", "mr-monopoly")
    play(free, "roll ann 6 2", "chance ben mr-monopoly")
    assert go(free.state).held_tiles("ben") == ["mr-monopoly"]


def test_the_last_kind_counts_what_the_others_leave_and_the_box_cannot_say_fewer_than_are_out() -> None:
    """GO-TILE-7: 4 Money Bags, 3 GO Buttons and 2 Mr. Monopoly tiles leave 1 Shield (TEST DATA): with ann's
    Shield kept, ben cannot turn over a second. During a game the box cannot say 1 Shield once two are kept."""
    game = started(2, "roll ann 6 1", counted_box(money_bag=4, go_button=3, mr_monopoly=2))
    hand(game, "ann", "shield")
    play(game, "roll ann 6 2")
    assert codes(game, "chance ben shield") == ["tile/none-left"]
    game = started(2, "roll ann 6 1")
    hand(game, "ann", "shield")
    hand(game, "ben", "shield")
    assert codes(game, "box tiles:chance shield=1") == ["box/value"]
    assert codes(game, "box tiles:chance shield=2") == []


def test_the_box_commands_help_names_the_chance_tiles() -> None:
    """GO-TILE-7: the help line of ``box`` lists every target a script may give it, the Chance tiles' counts
    (``box tiles:chance shield=N ...``) among them."""
    targets = GRAMMAR["box"][1].split(": ", 1)[1].split()[0].split("|")
    assert targets == ["space:<id>", "group:<id>", "card:<deck>/<card>", "board:layout", "face:<id>", "tiles:chance"]


def test_a_tile_played_after_the_last_settling_action_of_a_round_counts_from_the_next_round() -> None:
    """GO-TILE-8: ann's brown block is the last thing round 1 settles, so the round is over and the dice are
    ben's. Ann then plays a GO Button for a heist and a Mr. Monopoly from step 2 to the end of her 3-step
    tracker. The heist is carried out at once, before the roll (nothing else is being settled): ben may not roll
    until it is; it takes ben's yellow block. The Mega Shut Down belongs to round 2: it is offered after round 2's
    placements."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 2)
    hand(game, "ann", "go-button", "mr-monopoly")
    stack_up(game, "ben", 1, "yellow", 1)
    play(game, "roll ann 1 6", "place ann brown")
    assert (game.state.turn.player, game.state.turn.number, go(game.state).step) == ("ben", 2, "roll")
    play(game, "tile ann go-button heist", "tile ann mr-monopoly")
    assert go(game.state).markers["ann"] == 3 and open_kinds(game) == [("ann", "heist")]
    assert codes(game, "roll ben 2 3") == ["turn/decision-open"]
    play(game, "heist ann ben", "dials ann match", "steal ann 1")
    assert heights(game, "ann")[:2] == [("brown", 1), ("yellow", 1)] and heights(game, "ben")[0] == ("", 0)
    assert (game.state.turn.player, game.state.turn.number, go(game.state).step) == ("ben", 2, "roll")
    play(game, "roll ben 2 3")
    assert sorted(open_kinds(game)) == [("ann", "place"), ("ben", "place")]
    play(game, "place ann pink", "place ben yellow")
    assert open_kinds(game) == [("ann", "mega")] and game.state.turn.number == 2


def test_a_go_button_played_between_rounds_while_another_is_settled_waits_its_turn() -> None:
    """GO-TILE-8: between rounds 1 and 2 ann plays a GO Button for a Shut Down, at once; ben plays his for a heist
    while ann's is being decided: it waits (its refusal says for whom) until ann has shut down ben's yellow block,
    then ben challenges ann and takes her pink block. Ben then rolls round 2."""
    game = started(2, "roll ann 6 1")
    hand(game, "ann", "go-button")
    hand(game, "ben", "go-button")
    stack_up(game, "ann", 2, "pink", 1)
    stack_up(game, "ben", 1, "yellow", 1)
    play(game, "roll ann 1 6", "place ann brown", "tile ann go-button shut-down", "tile ben go-button heist")
    assert open_kinds(game) == [("ann", "shut-down")]
    assert [v.message for v in game.validate(parse_command("heist ben ann"))] == [
        "Ben has no Bank Heist to carry out now. Their Bank Heist waits its turn, clockwise from Ben: Ann must "
        "first choose a block to shut down or let it go."]
    play(game, "shut-down ann ben 1")
    assert open_kinds(game) == [("ben", "heist")] and tray(game, "yellow") == 5
    play(game, "heist ben ann", "dials ben match", "steal ben 2")
    assert heights(game, "ann")[:2] == [("brown", 1), ("", 0)] and heights(game, "ben")[0] == ("pink", 1)
    assert not game.state.decisions and (game.state.turn.player, go(game.state).step) == ("ben", "roll")
    play(game, "roll ben 2 3")
    assert sorted(open_kinds(game)) == [("ann", "place"), ("ben", "place")]


def test_a_game_saved_before_rules_version_3_keeps_a_go_button_played_between_rounds_for_the_next_round() -> None:
    """GO-TILE-8, rules version 2: ann plays a GO Button for a heist after round 1 is settled: it waits for round
    2's two placements (a heist entered before the roll is refused in words that say so)."""
    seats = [{"id": pid, "name": pid.capitalize(), "board": board} for pid, board in SEATS[:2]]
    game = play(new_game(made_up_box(), Setup("monopoly-go", "standard", seats, rules_version=2)), "roll ann 6 1")
    hand(game, "ann", "go-button")
    play(game, "roll ann 1 6", "place ann brown", "tile ann go-button heist")
    assert not game.state.decisions and game.describe()["waiting"] == [
        {"player": "ann", "what": "heist", "step": "act"}]
    assert [v.message for v in game.validate(parse_command("heist ann ben"))] == [
        "Ann has no Bank Heist to carry out now. Their Bank Heist waits for round 2, after its placements: Ben "
        "rolls it first."]
    play(game, "roll ben 2 3")
    assert sorted(open_kinds(game)) == [("ann", "place"), ("ben", "place")]
    play(game, "place ann pink", "place ben yellow")
    assert open_kinds(game) == [("ann", "heist")]


def test_a_go_button_heist_played_late_still_goes_ahead_of_later_seats() -> None:
    """GO-ORDER-3: ann rolled; ben and cat stop on the Bank Heist, so ben's heist comes first, then cat's. While
    ben's is under way ann plays a GO Button for a heist: clockwise from the roller she comes before cat, so hers
    is next and cat's waits until it is over."""
    game = started(3, "roll ann 6 1 1")
    hand(game, "ann", "go-button")
    play(game, "roll ann 6 4 4")
    assert open_kinds(game) == [("ben", "heist")]
    play(game, "tile ann go-button heist")
    assert [(w["player"], w["what"]) for w in game.describe()["waiting"]] == [("ann", "heist"), ("cat", "heist")]
    play(game, "pass ben")
    assert open_kinds(game) == [("ann", "heist")]
    assert codes(game, "heist cat ann") == ["decision/no-heist"]
    play(game, "pass ann")
    assert open_kinds(game) == [("cat", "heist")]


def test_a_go_buttons_block_that_fills_the_tracker_during_the_mega_shut_downs_gets_its_turn() -> None:
    """GO-MEGA-2, GO-GO-3: ann's full tracker calls her Mega Shut Down. Meanwhile ben (marker on step 2 of 3,
    every square a stack of 3 whose colour the tray no longer holds) plays a GO Button for a block: none can be
    placed, his marker reaches the end, and his Mega Shut Down follows ann's in the same round. Ann, who let hers
    go, is not asked again when a failed block of hers finds her marker already at the end."""
    game = started(2, "roll ann 6 1")
    for square, colour in enumerate(("brown", "pink", "orange", "red"), start=1):
        stack_up(game, "ben", square, colour, 3)
        stack_up(game, "ann", square, colour, 2)
    marker_at(game, "ann", 3)
    marker_at(game, "ben", 2)
    hand(game, "ben", "go-button")
    hand(game, "ann", "go-button")
    play(game, "roll ann 6 6")
    assert open_kinds(game) == [("ann", "mega")]
    play(game, "tile ben go-button block")
    assert go(game.state).markers["ben"] == 3 and game.describe()["waiting"] == [
        {"player": "ben", "what": "mega", "step": "mega"}]
    play(game, "pass ann")
    assert open_kinds(game) == [("ben", "mega")]
    play(game, "tile ann go-button block")
    assert open_kinds(game) == [("ben", "mega")] and not game.describe()["waiting"]
    play(game, "pass ben")
    assert (game.state.turn.number, game.state.turn.player) == (2, "ben")


def test_a_mega_shut_down_out_of_its_time_is_refused_in_words_that_say_why() -> None:
    """GO-MEGA-2, GO-MEGA-3: ben's marker is on step 1 of 3; ann's is at the end but her Mega Shut Down comes
    only after ben's heist."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 3)
    marker_at(game, "ben", 1)
    play(game, "roll ann 6 4")
    refused = {line: [v.message for v in game.validate(parse_command(line))]
               for line in ("mega ben pink", "mega ann pink")}
    assert refused["mega ben pink"] == ["Ben's marker is not at the end of the tracker (step 1 of 3): no Mega Shut "
                                        "Down yet."]
    assert refused["mega ann pink"] == ["Ann has no Mega Shut Down to call now: it comes once the round's other "
                                        "actions are over, when the table asks for it."]


def test_a_prisoner_sitting_out_a_round_is_not_offered_their_mega_shut_down_until_the_next() -> None:
    """GO-JAIL-2 (I-GO-11): ann's tracker is full. Round 1 both stop on 6 and ann lets her Mega go. Round 2 (ben
    rolls 5 4) ann reaches 11, Go To Jail, and is sent to the Jail (6): she still plays that round and is offered
    her Mega. Round 3 (ann rolls 3 2) she sits out: ben goes 10 + 2 to GO and lets his heist go; no Mega is
    offered to ann (the log says why), a `mega` is refused saying why, and the dice pass to ben. Round 4 (1 3):
    ann 6 + 1 red, ben 0 + 3 pink; once both blocks are placed ann is offered her Mega again."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 3)
    play(game, "roll ann 6 6", "pass ann", "roll ben 5 4")
    assert game.state.player("ann").in_jail and open_kinds(game) == [("ann", "mega")]
    play(game, "pass ann", "roll ann 3 2", "go ben heist")
    assert open_kinds(game) == [("ben", "heist")]
    assert [v.message for v in game.validate(parse_command("mega ann pink"))] == [
        "Ann sits out this round in Jail, their Mega Shut Down with it: the full tracker waits for the next round."]
    play(game, "pass ben")
    assert (game.state.turn.number, game.state.turn.player, go(game.state).step) == (4, "ben", "roll")
    assert not game.state.decisions and go(game.state).markers["ann"] == 3
    assert "Ann sits out this round in Jail: their full tracker waits for the next round" in [
        e.text for e in game.entries[-1].events if isinstance(e, Noted)]
    play(game, "roll ben 1 3", "place ann red", "place ben pink")
    assert open_kinds(game) == [("ann", "mega")]


def test_a_game_saved_before_rules_version_2_still_offers_a_prisoner_their_mega_shut_down() -> None:
    """Old games replay as they were played: in a game stamped with rules version 1 (before GO-JAIL-2 was read
    from the book), ann, sitting round 3 out in Jail with a full tracker, is still asked for her Mega Shut Down
    once ben has let his heist go, and may call it."""
    seats = [{"id": pid, "name": pid.capitalize(), "board": board} for pid, board in SEATS[:2]]
    game = play(new_game(made_up_box(), Setup("monopoly-go", "standard", seats, rules_version=1)), "roll ann 6 1")
    marker_at(game, "ann", 3)
    play(game, "roll ann 6 6", "pass ann", "roll ben 5 4", "pass ann", "roll ann 3 2", "go ben heist", "pass ben")
    assert "ann" in go(game.state).sat_out and open_kinds(game) == [("ann", "mega")]
    play(game, "mega ann pink")
    assert go(game.state).markers["ann"] == 0


def test_a_tracker_a_prisoner_fills_while_sitting_out_waits_for_the_next_round() -> None:
    """GO-JAIL-2, GO-MEGA-2 (I-GO-11): ann sits out round 3 in Jail with her marker on step 2 of 3; during ben's
    Mega Shut Down she plays Mr. Monopoly (step 3, the end): she may use the tile, but her Mega is not queued this
    round; ben names brown and round 4 is ben's to roll."""
    game = started(2, "roll ann 6 1")
    marker_at(game, "ann", 2)
    marker_at(game, "ben", 3)
    hand(game, "ann", "mr-monopoly")
    play(game, "roll ann 6 6", "pass ben", "roll ben 5 4", "pass ben", "roll ann 3 2", "go ben block",
         "place ben brown")
    assert "ann" in go(game.state).sat_out and open_kinds(game) == [("ben", "mega")]
    play(game, "tile ann mr-monopoly")
    assert go(game.state).markers["ann"] == 3 and not game.describe()["waiting"]
    play(game, "mega ben brown")
    assert (game.state.turn.number, game.state.turn.player) == (4, "ben") and not game.state.decisions
