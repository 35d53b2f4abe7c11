"""MONOPOLY GO! at the table, tapped on the real widgets, four players on the 800x480 screen (issue 22): the
new-game form with board colours and sides, every board side by side, a round of placements, a Bank Heist whose
dials are set in secret on the touchscreen and revealed at once, a Shut Down stopped by a Shield, Jail, a Mega Shut
Down, the first landmark and the end screen; the journal never shows a dial's picture.

The mini boards' layout is the made-up one of tests/go/testbox.py (TEST-ONLY: no public source gives it), saved as
the box every face is played with. Screenshots go-<step>.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.rules.go_state import go
from companion.table.session import command_words
from companion.ui.boards import BoardCard
from companion.ui.dice import DiceDialog, FaceToggle
from companion.ui.heist_dialogs import PictureButton, RevealDialog, SecretDialDialog
from companion.ui.widgets import EngineActionButton, TapButton
from tests.go.testbox import LAYOUT, TRACKER, heights
from tests.ui.helpers import (
    Taps,
    dialogs,
    find,
    find_all,
    roll_faces,
    settle,
    shoot,
    shoot_larger,
    tap,
    texts,
    type_name,
    wait_until,
)

pytestmark = pytest.mark.ui

GO_DIALOGS = (SecretDialDialog, RevealDialog)
"""The popups a game on mini boards opens during play (closed back to a way forward below)."""
PLAYERS = ("Ann", "Ben", "Cat", "Dan")
"""Round the table: Ann on the red board, Ben yellow, Cat green, Dan blue (the dice in that order)."""


def made_up_box(app: Any) -> None:
    """Every face of the boards laid out as the made-up box (TEST-ONLY), saved as the box games are played with."""
    edition = app.editions["monopoly-go"]
    profile = app.boxes.current(edition)
    spaces = {f"space{n}": kind for n, kind in enumerate(LAYOUT) if n}
    for face in edition.mini_boards.faces:
        profile = profile.with_values(f"face:{face}", {"length": len(LAYOUT), "tracker": TRACKER, **spaces})
    app.boxes.save(profile)


def button(key: str, player: str | None = None) -> EngineActionButton:
    """The one engine button of ``key`` (for ``player``, when several players have the same choice)."""
    found = [b for b in find_all(EngineActionButton) if b.action.key == key
             and (player is None or b.action.player == player)]
    shown = [(b.action.key, b.action.player) for b in find_all(EngineActionButton)]
    assert len(found) == 1, f"{key} ({player}): {shown}"
    return found[0]


def closed(dialog: Any) -> Any:
    return lambda: dialog not in dialogs()


def set_dial(player: str, picture: str, taps: Taps, screenshot_dir: Path | None = None) -> None:
    """Tap a side's "set my dial in secret", pass the screen, "I'm ..., show me", then the picture."""
    taps(button(f"dial:{player}"), "dial")
    dialog = dialogs()[-1]
    assert isinstance(dialog, SecretDialDialog)
    name = player.capitalize()
    assert dialog.title.text == f"Pass the screen to {name}"
    assert not find_all(PictureButton, root=dialog), "no picture before the player says it is them"
    if screenshot_dir:
        shoot(screenshot_dir, "go-dial-pass-the-screen")
    taps(dialog.show_me, "dial")
    assert [b.picture for b in dialog.pictures] == ["ring", "money", "coin"]
    if screenshot_dir:
        shoot(screenshot_dir, "go-dial-pictures")
    taps(find(PictureButton, root=dialog, picture=picture), "dial")
    wait_until(closed(dialog))
    settle()


def boards() -> list[BoardCard]:
    """The boards on the table, left to right."""
    return sorted(find_all(BoardCard), key=lambda c: c.to_window(*c.pos)[0])


def on_screen() -> str:
    """Every word on the Window, in one string."""
    return "\n".join(texts())


def test_a_four_player_game_from_the_new_game_screen_to_the_first_landmark(app: Any, window: Any,
                                                                         screenshot_dir: Path) -> None:
    """GO-SETUP, GO-ROUND, GO-HEIST, GO-HEIST-6, GO-SHUT, GO-MEGA, GO-END (issue 22): four players set up on the
    new-game screen (a board colour and side each, no token); six rounds tapped on the table, all four boards in
    view with their stacks, marker and tiles, and no money anywhere; the end screen shows Ann's landmark."""
    made_up_box(app)
    taps = Taps()
    # ---------------------------------------------------------------- set-up: board colours and sides
    tap(find(TapButton, "New game"))
    form = app.screen("new-game")
    taps(find(TapButton, "MONOPOLY GO! The Board Game", root=form), "set-up")
    assert "List the players in their places round the table" in on_screen()
    assert [b.text for b in sorted(find_all(TapButton, root=form, role="board"), key=lambda b: b.seat)] == \
        ["Red board", "Yellow board"]
    taps(find(TapButton, "Add player", root=form), "set-up")
    taps(find(TapButton, "Add player", root=form), "set-up")
    assert find(TapButton, root=form, text="Table full (4 players)")
    for n, name in enumerate(PLAYERS):
        type_name(form, n, name)
    taps(find(TapButton, root=form, seat=1, role="board"), "set-up")  # Ben would rather be green...
    picker = dialogs()[-1]
    assert sorted(b.colour for b in find_all(TapButton, root=picker) if hasattr(b, "colour")) == \
        ["blue", "green", "red", "yellow"]
    assert "Green board\n[size=14]swap with Cat[/size]" in [b.text for b in find_all(TapButton, root=picker)]
    shoot(screenshot_dir, "go-new-game-board-colours")
    taps(find(TapButton, root=picker, colour="green"), "set-up")
    wait_until(closed(picker))
    taps(find(TapButton, root=form, seat=1, role="board"), "set-up")  # ...no, yellow after all: swapped back
    taps(find(TapButton, root=dialogs()[-1], colour="yellow"), "set-up")
    taps(find(TapButton, root=form, seat=3, role="side"), "set-up")  # Dan plays side 2 of the blue board
    assert find(TapButton, root=form, seat=3, role="side").text == "Side 2"
    shoot(screenshot_dir, "go-new-game")
    taps(find(TapButton, "Start game", root=form), "set-up")
    assert app.manager.current == "table"
    game = app.session.game
    assert [(p["name"], p["board"]) for p in game.setup.players] == [
        ("Ann", "red-1"), ("Ben", "yellow-1"), ("Cat", "green-1"), ("Dan", "blue-2")]
    assert all("token" not in p for p in game.setup.players)
    screen = app.screen("table")

    # ---------------------------------------------------------------- the table before the first roll
    cards = boards()
    assert [c.player_id for c in cards] == ["ann", "ben", "cat", "dan"]
    tops = {round(c.to_window(*c.pos)[1]) for c in cards}
    assert len(tops) == 1, "the four boards stand side by side"
    assert all(c.right <= screen.actions_column.x and c.width > 100 for c in cards)
    assert [(b.name, b.count) for b in screen.tray_strip.blocks] == [
        (n, 5) for n in ("brown", "light blue", "pink", "orange", "red", "yellow", "green", "dark blue")]
    assert screen.turn_label.text == "Before round 1"
    for money in ("Pay / collect", "Properties", "Trade", "End turn", "credits", "Cash"):
        assert money not in on_screen()
    shoot(screenshot_dir, "go-table-first-roll")
    roll_faces("roll", 6, 1, 1, 1)  # Ann's 6 is highest: she rolls round 1
    assert screen.turn_label.text == "Round 1 · Ann rolls"

    # ---------------------------------------------------------------- round 1: a round of placements
    before = taps.count
    tap(find(TapButton, typed_for="roll"))
    dice = dialogs()[-1]
    assert isinstance(dice, DiceDialog) and [d.name for d in dice.request.need.dice] == [
        "red die", "yellow die", "green die", "blue die"]
    shoot(screenshot_dir, "go-dice-typed")
    for die, face in enumerate((1, 2, 3, 2)):
        tap(find(FaceToggle, root=dice, die=die, face=face))
    tap(dice.ok)
    wait_until(closed(dice))
    settle()
    assert "Blocks are placed" in screen.round_now.text
    assert "Ann and Cat place their blocks · Ben and Dan turn over Chance tiles" in screen.round_now.text
    assert [c.space_label.text for c in boards()] == ["On brown space", "On Chance", "On pink space",
                                                               "On Chance"]
    main = button("place:brown:1", "ann")
    assert main.text == "Ann: brown block on square 1" and main.height >= 60
    shoot(screenshot_dir, "go-round-placements")
    taps(main, "round")
    taps(button("chance:shield", "ben"), "round")
    taps(button("place:pink:1", "cat"), "round")
    taps(button("chance:mr-monopoly", "dan"), "round")
    round_taps = taps.count - before
    taps(button("mr-monopoly:dan"), "tile")
    assert go(game.state).markers["dan"] == 1
    assert heights(game, "ann")[0] == ("brown", 1) and heights(game, "cat")[0] == ("pink", 1)
    assert "Shield" in find(BoardCard, player_id="ben").tiles_label.text
    assert screen.turn_label.text == "Round 2 · Ben rolls"

    # ---------------------------------------------------------------- round 2: a Money Bag, a heist, a Shield
    roll_faces("roll", 1, 2, 2, 6)
    taps(button("chance:money-bag", "ann"), "round")
    assert "Ann takes a block of any colour from the tray (Money Bag)" in on_screen()
    taps(button("place:brown", "ann"), "round")
    taps(button("place:orange:2", "cat"), "round")
    assert screen.round_now.text.endswith("Ben's Bank Heist")
    taps(button("heist:cat", "ben"), "heist")
    assert "Ben and Cat set their dials in secret" in screen.round_now.text
    set_dial("ben", "coin", taps, screenshot_dir)
    assert "coin" not in on_screen().lower() and "Ben set their dial" in on_screen()
    set_dial("cat", "coin", taps)
    reveal = dialogs()[-1]
    assert isinstance(reveal, RevealDialog)
    assert reveal.title.text == "Bank Heist: Ben against Cat"
    assert reveal.reveal.pictures == (("coin", "coin"), ("coin", "coin"))
    assert reveal.outcome.text == "Same picture: the heist works!"
    shoot(screenshot_dir, "go-heist-reveal")
    taps(reveal.ok, "heist")
    wait_until(closed(reveal))
    assert "Ben takes one of Cat's blocks" in screen.round_now.text
    taps(button("steal:1", "ben"), "heist")
    assert heights(game, "ben")[0] == ("pink", 1) and heights(game, "cat")[0] == ("", 0)
    assert screen.round_now.text.endswith("Dan's Shut Down")
    taps(button("shut-down:ben:1", "dan"), "shut down")
    assert "Ben: a Shield against Dan's Shut Down?" in screen.round_now.text
    shoot(screenshot_dir, "go-shield")
    shoot_larger(window, screenshot_dir, "go-shield")
    taps(button("shield", "ben"), "shut down")
    assert heights(game, "ben")[0] == ("pink", 1)
    assert "Ben's Shield stops Dan's Shut Down" in on_screen()

    # ---------------------------------------------------------------- round 3: another square, Mr. Monopoly
    roll_faces("roll", 4, 5, 2, 6)
    taps(button("chance:mr-monopoly", "dan"), "round")
    taps(button("mr-monopoly:dan"), "tile")
    other = find(EngineActionButton, more_for="place:yellow:2")
    assert other.text == "Another square"
    taps(other, "round")
    squares = dialogs()[-1]
    assert squares.title.text == "Another square"
    shoot(screenshot_dir, "go-another-square")
    taps(find(EngineActionButton, root=squares, text="Ben: yellow block on square 3"), "round")
    wait_until(closed(squares))
    taps(button("place:red:1", "cat"), "round")
    assert heights(game, "ben")[2] == ("yellow", 1)

    # ---------------------------------------------------------------- round 4: GO, Jail, a Shut Down let go
    roll_faces("roll", 6, 2, 3, 6)
    jailed = find(BoardCard, player_id="ben")
    assert (jailed.space_label.text, jailed.status_label.text) == ("In Jail", "Sits out a round")
    taps(button("go:block", "ann"), "round")
    taps(button("place:brown", "ann"), "round")
    assert heights(game, "ann")[0] == ("brown", 3)
    shoot(screenshot_dir, "go-go-and-jail")
    taps(button("pass", "dan"), "round")

    # ---------------------------------------------------------------- round 5: a full tracker's Mega Shut Down
    roll_faces("roll", 6, 1, 4, 6)
    taps(button("chance:mr-monopoly", "dan"), "round")
    taps(button("mr-monopoly:dan"), "tile")
    taps(button("chance:go-button", "cat"), "round")
    assert screen.round_now.text.endswith("Dan's Mega Shut Down")
    assert find(EngineActionButton, text="Cat: play a GO Button")
    shoot(screenshot_dir, "go-mega-shut-down")
    taps(button("mega:orange", "dan"), "mega")
    assert heights(game, "cat")[1] == ("", 0) and go(game.state).markers["dan"] == 0

    # ---------------------------------------------------------------- round 6: the first landmark
    roll_faces("roll", 6, 1, 1, 1)
    taps(button("go:block", "ann"), "round")
    taps(button("place:brown", "ann"), "round")
    for player, colour, square in (("ben", "red", 2), ("cat", "pink", 2), ("dan", "pink", 1)):
        taps(button(f"place:{colour}:{square}", player), "round")
    assert app.manager.current == "end"
    end = app.screen("end")
    settle()
    assert end.winner.text == "Ann wins!"
    assert "Ann built the first landmark" in end.reason.text and "round 6" in end.reason.text
    assert end.chart_title.text == "Ann's board"
    (winner,) = end.board_cards
    assert winner.seat.board.stacks[0].landmark and winner.seat.board.stacks[0].height == 4
    shown = on_screen()
    assert "Landmark" in shown and "built it" in shown and "4 blocks" in shown
    for money in ("credits", "Cash", "Net worth"):
        assert money not in shown
    shoot(screenshot_dir, "go-end")

    # ---------------------------------------------------------------- the journal: no dial's picture
    tap(find(TapButton, "Journal", root=end))
    journal = "\n".join(texts(app.screen("journal")))
    assert "Ben set their dial" in journal and "Cat set their dial" in journal
    assert journal.index("Cat set their dial") < journal.index("Ben shows the coin, Cat the coin")
    shoot(screenshot_dir, "go-journal")
    assert command_words("dial ben coin", {"ben": "Ben"}) == "Ben set their dial"
    print(f"\ntaps: a round of four placements {round_taps} (+1 for Roll on screen, or +6 with typed dice); "
          f"by kind {taps.spent}")


def test_two_players_on_an_empty_box_see_their_boards_wide_and_the_tracker_unknown(
        app: Any, screenshot_dir: Path) -> None:
    """GO-BOX (issue 22): with nothing read off the box yet, two boards share the width; each tracker says its
    marker's step of "?" (the box has not said how long it is); the first roll is a tap away."""
    from companion.engine.state import Setup

    seats = [{"id": "mum", "name": "Mum", "board": "green-2"}, {"id": "kim", "name": "Kim", "board": "red-1"}]
    assert app.new_game(Setup("monopoly-go", "standard", seats, 0)).accepted
    settle()
    cards = boards()
    assert [c.player_id for c in cards] == ["mum", "kim"] and all(c.width > 250 for c in cards)
    assert [c.tracker.label.text for c in cards] == ["Tracker: step 0 of ?"] * 2
    assert button("roll").text == "Roll: who starts?"
    shoot(screenshot_dir, "go-table-two-players")


def test_the_heist_windows_close_back_to_a_way_forward(app: Any) -> None:
    """The secret dial's window closes with Cancel and the dial can be set again; the reveal closes with OK onto
    the block to steal (issue 20's no-dead-end rule for the heist windows; the game reached by its commands)."""
    from companion.engine.state import Setup

    made_up_box(app)
    seats = [{"id": "ann", "name": "Ann", "board": "red-1"}, {"id": "ben", "name": "Ben", "board": "yellow-1"}]
    assert app.new_game(Setup("monopoly-go", "standard", seats, 0)).accepted
    for line in ("roll ann 6 1", "roll ann 4 3", "place ben pink", "heist ann ben"):
        assert app.submit(line).accepted, line
    settle()
    tap(button("dial:ann"))
    secret = dialogs()[-1]
    assert isinstance(secret, SecretDialDialog)
    tap(secret.cancel)
    wait_until(closed(secret))
    assert dialogs() == [] and "ann" not in go(app.session.game.state).heist.dials
    set_dial("ann", "money", Taps())
    set_dial("ben", "ring", Taps())
    reveal = dialogs()[-1]
    assert isinstance(reveal, RevealDialog) and reveal.outcome.text == "Different pictures: the heist fails."
    tap(reveal.ok)
    wait_until(closed(reveal))
    assert dialogs() == [] and button("roll").action.enabled
