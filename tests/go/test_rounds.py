"""MONOPOLY GO! rounds: the first roller, everyone moving at once on their own board, GO, Jail and the dice
passing left (docs/rules/monopoly-go.md). Board: tests/go/testbox.py (TEST-ONLY layout)."""

from __future__ import annotations

import pytest

from companion.engine.commands import parse_command
from companion.engine.errors import CommandRejected
from companion.rules import mechanic
from companion.rules.go_state import go
from companion.rules.mechanics.rounds import Rounds
from companion.script import state_json
from tests.go.testbox import open_kinds, play, published, stack_up, start, started


def codes(game, line: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [v.code for v in game.validate(parse_command(line))]


def test_the_highest_first_roll_begins_and_a_tie_for_highest_rolls_again() -> None:
    """GO-ROUND-1: each seated die is rolled once; ben's and cat's 5s tie for highest, so everyone rolls again;
    then ben's 6 is highest and ben rolls round 1."""
    game = play(start(), "roll ann 3 5 5 2")
    assert go(game.state).step == "first-roll" and game.describe()["roller"] == ""     # nobody is the roller yet
    play(game, "roll dan 2 6 1 1")
    assert (game.state.turn.player, game.state.turn.number, go(game.state).step) == ("ben", 1, "roll")
    assert game.describe()["roller"] == "ben"


def test_one_roll_moves_every_token_by_its_own_colours_die_on_its_own_board() -> None:
    """GO-ROUND-2: ann (red 1) to the brown space, ben (yellow 3) to pink, cat (green 5) to orange, dan (blue 2)
    to Chance, all from the one roll; only the roller may roll, and one value per seated die."""
    game = started()
    assert codes(game, "roll ben 1 3 5 2") == ["turn/not-your-turn"]
    assert codes(game, "roll ann 1 3 5") == ["dice/invalid"]
    play(game, "roll ann 1 3 5 2")
    assert [p.position for p in game.state.players] == [1, 3, 5, 2]
    assert open_kinds(game) == [("ann", "place"), ("ben", "place"), ("cat", "place"), ("dan", "chance")]


def test_with_two_players_only_their_two_dice_are_rolled() -> None:
    """GO-ROUND-2 (I-GO-12): ann (red) and cat (green) at the table: the roll is the red and green dice."""
    seats = start(2)
    assert [d.colour for d in seats.roll_need("ann").dice] == ["red", "yellow"]
    play(seats, "roll ann 6 1", "roll ann 6 4")
    assert [p.position for p in seats.state.players] == [6, 4]


def test_the_round_ends_by_itself_and_the_dice_pass_to_the_left() -> None:
    """GO-ROUND-4, GO-SPACE-1: ann and ben both stop on Just Visiting: nothing to settle, so round 2 begins at
    once with ben (the next seat) rolling; they go on to Free Parking, and the round after ann rolls again."""
    game = play(started(2, "roll ann 6 1"), "roll ann 6 6")
    assert (game.state.turn.player, game.state.turn.number, go(game.state).step) == ("ben", 2, "roll")
    play(game, "roll ben 4 4")
    assert (game.state.turn.player, game.state.turn.number) == ("ann", 3)


def test_passing_go_gives_nothing_and_stopping_on_it_gives_the_choice() -> None:
    """GO-GO-1, GO-GO-2: ann goes 6 + 4 = 10, then 2 more to GO exactly (a choice of three); ben goes 6 + 4 = 10,
    then 3 more past GO to the brown space (a brown block, no choice)."""
    game = play(started(2, "roll ann 6 1"), "roll ann 6 6", "roll ben 4 4", "roll ann 2 3")
    assert [p.position for p in game.state.players] == [0, 1]
    assert open_kinds(game) == [("ann", "go"), ("ben", "place")]


def test_go_to_jail_sits_out_the_next_round_then_moves_again() -> None:
    """GO-JAIL-1: ann goes 6, then 5 more onto Go To Jail and is sent to the Jail (space 6); in round 3 her die
    (3) is ignored; in round 4 she moves 1 from the Jail onto the red space."""
    game = play(started(2, "roll ann 6 1"), "roll ann 6 6", "roll ben 5 4")
    ann = game.state.player("ann")
    assert (ann.position, ann.in_jail) == (6, True) and mechanic(game, Rounds).where(game.state, "ann") == "In Jail"
    play(game, "roll ann 3 2")
    assert (ann.position, ann.in_jail, game.state.player("ben").position) == (6, False, 0)
    assert open_kinds(game) == [("ben", "go")]
    play(game, "go ben heist", "pass ben", "roll ben 1 4")
    assert ann.position == 7 and ("ann", "place") in open_kinds(game)


def test_the_script_json_shows_the_jail_until_the_token_moves_out() -> None:
    """GO-JAIL-3: as in the other editions, ``in_jail`` is true and ``space`` reads In Jail while the token stands
    in the Jail: from ann's Go To Jail landing in round 2 until round 4's roll moves her out; ``sits_out`` is true
    for round 3 only (before its roll, during it), not in round 2, when she still plays, nor once round 3 is
    over."""
    def ann_json() -> tuple[bool, str, bool]:
        ann = next(p for p in state_json(game)["players"] if p["id"] == "ann")
        return ann["in_jail"], ann["space"], ann["sits_out"]

    game = play(started(2, "roll ann 6 1"), "roll ann 6 6")
    assert ann_json() == (False, "Just Visiting", False)
    play(game, "roll ben 5 4")                              # round 2: ann 6 -> 11, Go To Jail, to the Jail (6)
    assert open_kinds(game) == [] and go(game.state).step == "roll"
    assert ann_json() == (True, "In Jail", True)           # round 3 is the one she sits out
    play(game, "roll ann 3 2")                              # round 3: her die is ignored
    assert game.state.player("ann").position == 6 and ann_json() == (True, "In Jail", True)
    play(game, "go ben heist", "pass ben")                  # round 3 over: round 4 is ben's to roll
    assert go(game.state).step == "roll" and ann_json() == (True, "In Jail", False)
    play(game, "roll ben 1 4")                              # round 4: ann 6 -> 7, red
    assert ann_json() == (False, "red space", False)


def test_a_face_nobody_has_described_asks_its_length_then_each_space_as_a_token_stops_there() -> None:
    """GO-BOX-1, GO-BOX-2: on the published edition the first round's roll asks how many spaces go round the red
    board's side 1; once entered, it asks what is on space 4 where ann stopped; then yellow's length, and so on.
    Nothing is asked before the first roll."""
    game = start(2, published())
    play(game, "roll ann 6 1")
    with pytest.raises(CommandRejected) as asked:
        play(game, "roll ann 4 2")
    need = asked.value.violations[0].need
    assert need is not None and (need.target, need.fields) == ("face:red-1", ("length",))
    play(game, "box face:red-1 length=12")
    with pytest.raises(CommandRejected) as asked:
        play(game, "roll ann 4 2")
    need = asked.value.violations[0].need
    assert need is not None and (need.target, need.fields) == ("face:red-1", ("space4",))
    play(game, "box face:red-1 space4=bank-heist", "box face:yellow-1 length=16", "box face:yellow-1 space2=pink",
         "roll ann 4 2")
    assert open_kinds(game) == [("ben", "place")]
    assert [a.player for a in go(game.state).acts] == ["ann"]


def test_two_to_four_players_each_on_a_board_of_their_own_colour() -> None:
    """GO-SETUP-1, GO-SETUP-2: five players, two red boards, or a seat with no board are refused; a game starts
    with every token on its GO, every marker at Start and no money."""
    from companion.engine.state import Setup
    from companion.rules import new_game

    edition = published()
    seats = [{"id": f"p{n}", "board": f"{c}-1"} for n, c in enumerate(("red", "yellow", "green", "blue", "red"))]
    for players, code in ((seats, "setup/players"), (seats[:1] + seats[4:], "setup/board"),
                          ([{"id": "ann"}, {"id": "ben", "board": "blue-2"}], "setup/board")):
        with pytest.raises(CommandRejected) as refused:
            new_game(edition, Setup("monopoly-go", "standard", players))
        assert code in [v.code for v in refused.value.violations]
    with pytest.raises(CommandRejected) as refused:
        new_game(edition, Setup("monopoly-go", "standard", [{"id": "ann", "board": "purple-1"},
                                                            {"id": "ben", "board": "blue-1", "token": "dog"}]))
    assert [v.message for v in refused.value.violations] == [
        "ann: 'purple-1' is not a mini board: one of red-1, red-2, yellow-1, yellow-2, green-1, green-2, blue-1, "
        "blue-2.", "ben: the tokens of this game are not told apart; leave the token out and name the board "
        "instead."]
    game = started()
    assert {p.position for p in game.state.players} == {0} and set(go(game.state).markers.values()) == {0}
    assert game.state.ledger.units() == sorted(f"block:{c}" for c in game.edition.mini_boards.colours)


def test_the_jail_and_the_tracker_are_asked_the_first_time_play_needs_them() -> None:
    """GO-BOX-3, GO-BOX-4: ann stops on Go To Jail on a face whose Jail nobody has placed: where it is is asked;
    ben stops on pink with no pink block left in the tray: his marker's first step asks how long his tracker is.
    Once both are entered the same roll plays. (A refused command folds the journal again, which drops the
    test's unjournalled pink stacks: they are set again each time.)"""
    game = start(2, published())
    play(game, "roll ann 6 1", "box face:red-1 length=12 space5=go-to-jail", "box face:yellow-1 length=12 space3=pink")
    for answer, need_of in (("box face:red-1 jail=3", ("face:red-1", ("jail",))),
                            ("box face:yellow-1 tracker=4", ("face:yellow-1", ("tracker",)))):
        stack_up(game, "ann", 1, "pink", 3)
        stack_up(game, "ann", 2, "pink", 2)
        with pytest.raises(CommandRejected) as asked:
            play(game, "roll ann 5 3")
        need = asked.value.violations[0].need
        assert need is not None and (need.target, need.fields) == need_of
        play(game, answer)
    stack_up(game, "ann", 1, "pink", 3)
    stack_up(game, "ann", 2, "pink", 2)
    play(game, "roll ann 5 3")
    ann = game.state.player("ann")
    assert (ann.position, ann.in_jail, go(game.state).markers["ben"]) == (3, True, 1)
