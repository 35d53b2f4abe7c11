"""MONOPOLY GO! at the table layer (issue 22): the new-game form's board colours and sides, the round's view (who
acts now, each board's die and mark), the round's buttons grouped by decision, a Bank Heist's reveal, and a dial's
picture kept out of every word the table reads before the reveal. Board: tests/go/testbox.py (TEST-ONLY layout)."""

from __future__ import annotations

from pathlib import Path

from companion.storage.journal import Journal
from companion.table.actions import round_actions, turn_actions
from companion.table.session import Session, command_words
from companion.table.setup_choices import (
    Seat,
    board_choices,
    build_setup,
    first_seats,
    first_turn_note,
    new_seat,
    table_full,
    take_board,
    turn_board,
    variant_choices,
)
from companion.table.views import heist_reveal, journal_lines, table_view
from tests.go.testbox import made_up_box, play, published, started


def test_the_form_gives_each_player_a_board_colour_and_side_and_no_token() -> None:
    """Two seats to start with (red and yellow, side 1); adding players gives the next free colours until the
    four colours are taken; choosing a colour another seat has swaps them (each keeps their side); a board turns
    over to side 2; the set-up names each player's face and no token or side."""
    e = published()
    assert [(c.colour, c.name, c.sides) for c in board_choices(e)] == [
        ("red", "Red", (1, 2)), ("yellow", "Yellow", (1, 2)), ("green", "Green", (1, 2)), ("blue", "Blue", (1, 2))]
    seats = first_seats(e)
    assert [s.board for s in seats] == ["red-1", "yellow-1"]
    seats += [new_seat(e, seats), new_seat(e, [*seats, Seat("", "", "green-1")])]
    assert [s.board for s in seats] == ["red-1", "yellow-1", "green-1", "blue-1"] and table_full(e, seats)
    seats = turn_board(e, seats, 0)
    seats = take_board(e, seats, 0, "blue")
    assert [s.board for s in seats] == ["blue-2", "yellow-1", "green-1", "red-1"]
    setup = build_setup(e, "standard", [Seat("Ann", "", seats[0].board), Seat("Ben", "", seats[1].board)], 0)
    assert setup.players == [{"id": "ann", "name": "Ann", "board": "blue-2"},
                             {"id": "ben", "name": "Ben", "board": "yellow-1"}]
    assert "The first roll of the game chooses who rolls first." in first_turn_note(e)
    assert variant_choices(e)[0].notes == ("The first landmark wins: 4 blocks of one colour on one Build square.",)


def test_the_round_view_names_the_step_who_acts_and_each_players_die() -> None:
    """Round 1, ann rolls 1 3 5 2: ann, ben and cat place a block, dan turns a Chance tile over; each board shows
    its own die; no money, deeds or correction at this table; no End turn."""
    game = play(started(), "roll ann 1 3 5 2")
    view = table_view(game)
    rounds = view.rounds
    assert rounds is not None
    assert (rounds.heading, rounds.step) == ("Round 1 · Ann rolls", "Blocks are placed")
    assert rounds.now == "Ann, Ben and Cat place their blocks · Dan turns over a Chance tile"
    assert [(b.board.name, b.die, b.where, b.mark) for b in rounds.boards] == [
        ("Ann", 1, "On brown space", "Acts now"), ("Ben", 3, "On pink space", "Acts now"),
        ("Cat", 5, "On orange space", "Acts now"), ("Dan", 2, "On Chance", "Acts now")]
    assert (view.deeds, view.payments, view.corrections, view.trades) == (False, False, False, False)
    assert "end" not in [a.key for a in turn_actions(game)]


def test_the_rounds_buttons_are_grouped_by_decision() -> None:
    """A block offers its proposed square with the others behind "Another square"; a Chance tile's kinds are
    listed under the decision's line; a Mega Shut Down's colours lose the words the line says and are painted in
    their colour."""
    game = play(started(), "roll ann 1 3 5 2")
    groups = round_actions(game)
    first = groups[0].rows[0]
    assert (first.action.key, [a.key for a in first.more], first.more_label) == (
        "place:brown:1", ["place:brown:2", "place:brown:3", "place:brown:4"], "Another square")
    chance = next(g for g in groups if g.line)
    assert chance.line == "Dan takes a Chance tile and says which it is"
    assert [r.words for r in chance.rows] == ["Money Bag", "GO Button", "Mr. Monopoly", "Shield"]
    game = play(started(2, "roll ann 6 1", edition=made_up_box(tracker=1)), "roll ann 2 3",
                "chance ann mr-monopoly", "tile ann mr-monopoly", "place ben pink")
    (mega,) = round_actions(game)
    assert mega.line.startswith("Ann's tracker is full")
    assert [(r.words, r.swatch != "") for r in mega.rows][:2] == [("Brown", True), ("Light blue", True)]
    assert (mega.rows[-1].words, mega.rows[-1].swatch) == ("Not this round", "")


def test_a_dial_is_never_worded_by_its_picture_before_the_reveal(tmp_path: Path) -> None:
    """Ben's dial: the journal and the saved game's last action say only that he set it; taking it back says so
    too; once both dials are set, the reveal shows both pictures at once."""
    session = Session(Journal(tmp_path / "games.sqlite3"), play(started(2, "roll ann 6 1"), "roll ann 4 3",
                                                                  "place ben pink", "heist ann ben"), "go")
    assert session.submit("dial ben coin").lines == ("Ben set their dial",)
    assert command_words("dial ben coin", {"ben": "Ben"}) == "Ben set their dial"
    undone = session.undo("wrong button")
    assert undone.lines == ("Taken back: Ben set their dial",)
    assert all("coin" not in line.text for line in journal_lines(session.game))
    assert heist_reveal(session.game) is None
    session.submit("dial ben ring")
    session.submit("dial ann ring")
    reveal = heist_reveal(session.game)
    assert reveal is not None
    assert (reveal.attacker, reveal.target, reveal.pictures, reveal.success) == (
        "Ann", "Ben", (("ring", "diamond ring"), ("ring", "diamond ring")), True)
