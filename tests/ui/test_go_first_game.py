"""A family's first game of MONOPOLY GO! The Board Game with a box nobody has entered, tapped on the real widgets
from the new-game screen to the first landmark (issue 22): every mini board is learnt as the tokens stop on it, a
Bank Heist is decided on two phones through the app's own HTTP server, a Shut Down is stopped by a Shield, a full
tracker calls a Mega Shut Down, and Ann builds the first landmark.

Every value read off the box here is TEST DATA, made up (nothing of a mini board's layout is public): each face
played has 10 spaces; what the tokens stop on is

    red, side 1 (Ann):     1 brown, 2 brown, 4 Bank Heist
    yellow, side 1 (Ben):  2 Chance, 3 yellow, 7 Go To Jail; its Jail 5 spaces after GO
    green, side 1 (Cat):   3 pink, 5 Chance, 6 pink, 7 Free Parking; a tracker of 1 step
    blue, side 1 (Dan):    1 brown, 4 Shut Down, 6 Free Parking, 7 Just Visiting / In Jail

The dice are typed in through the dice window (red, yellow, green, blue: Ann's, Ben's, Cat's and Dan's die):

    first roll 6 1 1 1: Ann rolls round 1, then the dice pass left: Ben round 2, Cat round 3, Dan round 4
    round 1  1 2 3 1: Ann brown, Ben Chance (a Shield), Cat pink, Dan brown
    round 2  1 1 2 3: Ann brown, Ben yellow, Cat Chance (Mr. Monopoly: her one-step tracker is full), Dan Shut Down
                      on Ben's yellow block, stopped by Ben's Shield; Cat's Mega Shut Down on yellow
    round 3  2 4 1 2: Ann Bank Heist (against Dan, dials set on Ann's and Dan's phones), Ben Go To Jail, Cat pink,
                      Dan Free Parking
    round 4  6 3 1 1: Ann stops on GO and takes a brown block: four on square 1, the first landmark; Ben sits out

Screenshots (800x480): first-game-go-<step>; the phone pages at phone size (390x844, headless Chromium):
first-game-go-phone-<step>. The taps are counted and printed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from companion.rules.go_state import go
from companion.ui.dice import DiceDialog, FaceToggle
from companion.ui.heist_dialogs import RevealDialog
from companion.ui.widgets import EngineActionButton, NumberPad, TapButton
from tests.go.testbox import heights, tray
from tests.ui import helpers
from tests.ui.helpers import (
    dialogs,
    exact,
    find,
    find_all,
    frames,
    pad_in,
    per_space,
    question,
    settle,
    shoot,
    tap,
    type_name,
    wait_until,
)
from tests.ui.test_go_screens import boards, button, closed, on_screen
from tests.ui.test_phone_screen import api, decoded, phone
from tests.web.test_go_phone import PHONE, browse

pytestmark = pytest.mark.ui

PLAYERS = ("Ann", "Ben", "Cat", "Dan")
LENGTH = 10
"""How many spaces go round every face played (TEST DATA)."""


@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's phone view listens on 127.0.0.1, on any free port."""
    monkeypatch.setenv("COMPANION_PHONE_ADDRESS", "127.0.0.1")
    monkeypatch.setenv("COMPANION_PHONE_PORT", "0")


class Taps(helpers.Taps):
    """Taps on the real widgets, counted by what they serve; the box's questions answered by tapping."""

    def __init__(self) -> None:
        super().__init__()
        self.spaces: list[int] = []
        """The taps on what is on each space met for the first time."""

    def roll(self, *faces: int) -> None:
        """"Type dice" beside Roll, the face of each die in the window's order (red, yellow, green, blue), OK."""
        self(find(TapButton, typed_for="roll"), "dice")
        dice = dialogs()[-1]
        assert isinstance(dice, DiceDialog)
        for die, face in enumerate(faces):
            self(find(FaceToggle, root=dice, die=die, face=face), "dice")
        self(dice.ok, "dice")
        wait_until(closed(dice))
        settle()

    def number(self, title: str, field: str, value: int, screenshot: Path | None = None) -> None:
        """A number read off the box: its question is open with its number pad already up; the digits, OK."""
        asked = question()
        assert asked.title.text == title and [f.key for f in asked.form.fields] == [field]
        pad = dialogs()[-1]
        assert isinstance(pad, NumberPad), "the pad of the only number opens by itself"
        if screenshot:
            shoot(screenshot, f"first-game-go-{field}")
        pad_in(find(TapButton, root=asked.form, field=field), value, press=lambda w: self(w, "box"))
        wait_until(closed(asked))
        settle()

    def space(self, title: str, kind: str, screenshot: Path | None = None) -> None:
        """What is on a space: one tap on its kind among the big buttons, and the question is answered."""
        asked = question()
        assert asked.title.text == title, asked.title.text
        if screenshot:
            shoot(screenshot, "first-game-go-what-is-on-this-space")
        before = self.count
        self(exact(kind, root=asked.form), "box")
        self.spaces.append(self.count - before)
        wait_until(closed(asked))
        settle()


def tray_counts(screen: Any) -> dict[str, int]:
    """The tray's blocks as the strip at the top of the table shows them."""
    return {b.name: b.count for b in screen.tray_strip.blocks}


def stacks(pid: str) -> list[tuple[str, int]]:
    """A board's Build squares as drawn: (colour, height) of each tower, square 1 first."""
    card = next(c for c in boards() if c.player_id == pid)
    return [(t.stack.colour, t.stack.height) for t in card.towers]


def in_thread(work: Callable[[], str]) -> str:
    """Run ``work`` in a thread while the UI thread keeps drawing frames (the app answers a phone's request on
    its UI thread, as its own loop would); its result, or its exception raised here."""
    done: dict[str, Any] = {}

    def run() -> None:
        try:
            done["result"] = work()
        except Exception as exc:  # raised again on the test's thread
            done["error"] = exc

    worker = threading.Thread(target=run)
    worker.start()
    while worker.is_alive():
        frames(1)
    if "error" in done:
        raise done["error"]
    return str(done["result"])


def phone_page(chromium: str, url: str, profile: Path, shot: Path, seen: list[str],
               unseen: tuple[str, ...] = ()) -> None:
    """A player's page in headless Chromium at phone size, served by the app while it keeps running: a
    screenshot, then what the rendered page says."""
    shot.unlink(missing_ok=True)
    in_thread(lambda: browse(chromium, url, profile, f"--screenshot={shot}"))
    with Image.open(shot) as picture:
        assert picture.size == PHONE
    page = in_thread(lambda: browse(chromium, url, profile, "--dump-dom"))
    for words in seen:
        assert words in page, words
    for words in unseen:
        assert words not in page, words


def acting() -> list[str]:
    """The boards marked "Acts now", left to right (who acts now)."""
    return [c.player_id for c in boards() if c.status_label.text == "Acts now"]


def test_a_go_first_game_from_an_empty_box_to_the_first_landmark(app: Any, loopback: None, chromium: str,
                                                                 tmp_path: Path, screenshot_dir: Path) -> None:
    """GO-BOX-1..4, GO-SETUP-1, GO-ROUND-1..4, GO-ORDER-1, GO-TILE-1, GO-TILE-4, GO-TILE-5, GO-SHUT-2,
    GO-MEGA-2..4, GO-HEIST-1..3, GO-HEIST-6, GO-JAIL-1, GO-GO-1, GO-END-1 (issue 22): four players on an empty box,
    every question about the boards answered with taps as play first needs it, a Bank Heist whose dials are set on two
    phones through the app's HTTP server and revealed on the touchscreen, a Shut Down stopped by a Shield drawn
    from Chance, a Mega Shut Down of a tracker filled by a Mr. Monopoly tile, and the first landmark in round 4.
    Values in the comments are worked out by hand from the module's made-up box and dice."""
    taps = Taps()
    # ---------------------------------------------------------------- set-up: four players, the box empty
    tap(find(TapButton, "New game"))
    form = app.screen("new-game")
    taps(find(TapButton, "MONOPOLY GO! The Board Game", root=form), "set-up")
    assert "Asked for during play, the first time it is needed: the layout of 8 mini board faces." in on_screen()
    taps(find(TapButton, "Add player", root=form), "set-up")
    taps(find(TapButton, "Add player", root=form), "set-up")
    for n, name in enumerate(PLAYERS):
        type_name(form, n, name)  # the name's button, the keyboard's OK (not counted)
    assert [b.text for b in sorted(find_all(TapButton, root=form, role="board"), key=lambda b: b.seat)] == [
        "Red board", "Yellow board", "Green board", "Blue board"]
    shoot(screenshot_dir, "first-game-go-new-game")
    taps(find(TapButton, "Start game", root=form), "set-up")
    assert app.manager.current == "table"
    game = app.session.game
    assert [(p["name"], p["board"]) for p in game.setup.players] == [
        ("Ann", "red-1"), ("Ben", "yellow-1"), ("Cat", "green-1"), ("Dan", "blue-1")]
    assert all(face.length is None and face.tracker is None for face in game.edition.mini_boards.faces.values())
    screen = app.screen("table")
    assert [c.tracker.label.text for c in boards()] == ["Tracker: step 0 of ?"] * 4
    assert tray_counts(screen) == {colour: 5 for colour in (
        "brown", "light blue", "pink", "orange", "red", "yellow", "green", "dark blue")}

    # ---------------------------------------------------------------- Ann's and Dan's phones scan their codes
    taps(exact("Phones"), "phones")
    assert app.manager.current == "phone"
    taps(find(TapButton, "Phone view: off"), "phones")
    codes = {}
    for name in ("Ann", "Dan"):
        taps(exact(name), "phones")
        (codes[name],) = decoded(shoot(screenshot_dir, f"first-game-go-code-{name.lower()}"))  # read as a phone
        assert codes[name] == app.phones.url(name.lower()) and "/p/" in codes[name]
    taps(find(TapButton, "Back to table"), "phones")
    assert app.manager.current == "table"

    # ---------------------------------------------------------------- the first roll: Ann's 6 is highest
    taps.roll(6, 1, 1, 1)
    assert screen.turn_label.text == "Round 1 · Ann rolls"
    assert dialogs() == [], "no token moved: nothing asked"

    # ---------------------------------------------------------------- round 1: each board's length, then its space
    before = taps.count
    taps.roll(1, 2, 3, 1)  # Ann 0 -> 1, Ben 0 -> 2, Cat 0 -> 3, Dan 0 -> 1: asked board by board, clockwise
    taps.number("Read it off the box: the red board, side 1", "length", LENGTH, screenshot_dir)
    taps.space("What is on space 1 of the red board, side 1?", "Brown colour space", screenshot_dir)
    taps.number("Read it off the box: the yellow board, side 1", "length", LENGTH)
    taps.space("What is on space 2 of the yellow board, side 1?", "Chance")
    taps.number("Read it off the box: the green board, side 1", "length", LENGTH)
    taps.space("What is on space 3 of the green board, side 1?", "Pink colour space")
    taps.number("Read it off the box: the blue board, side 1", "length", LENGTH)
    taps.space("What is on space 1 of the blue board, side 1?", "Brown colour space")
    first_round = taps.count - before  # 6 for the dice, 4 x (3 for "10" and OK + 1 kind)
    assert dialogs() == []
    assert [c.space_label.text for c in boards()] == ["On brown space", "On Chance", "On pink space",
                                                      "On brown space"]
    assert "Ann, Cat and Dan place their blocks · Ben turns over a Chance tile" in screen.round_now.text
    assert acting() == ["ann", "ben", "cat", "dan"]
    shoot(screenshot_dir, "first-game-go-round-1")
    taps(button("place:brown:1", "ann"), "round")
    taps(button("chance:shield", "ben"), "round")
    taps(button("place:pink:1", "cat"), "round")
    taps(button("place:brown:1", "dan"), "round")
    # Tray: brown 5 - 1 (Ann) - 1 (Dan) = 3, pink 5 - 1 (Cat) = 4. Ben keeps the Shield: 10 - 1 = 9 face down.
    assert [stacks(p)[0] for p in ("ann", "ben", "cat", "dan")] == [("brown", 1), ("", 0), ("pink", 1),
                                                                    ("brown", 1)]
    assert (tray_counts(screen)["brown"], tray_counts(screen)["pink"]) == (3, 4)
    assert [c.tiles_label.text for c in boards()] == ["No tiles kept", "Shield", "No tiles kept", "No tiles kept"]
    assert "9 Chance tiles face down" in on_screen()
    assert screen.turn_label.text == "Round 2 · Ben rolls"

    # ---------------------------------------------------------------- round 2: a tracker, a Shield, a Mega Shut Down
    taps.roll(1, 1, 2, 3)  # Ann 1 -> 2, Ben 2 -> 3, Cat 3 -> 5, Dan 1 -> 4: known boards, only the spaces asked
    taps.space("What is on space 2 of the red board, side 1?", "Brown colour space")
    taps.space("What is on space 3 of the yellow board, side 1?", "Yellow colour space")
    taps.space("What is on space 5 of the green board, side 1?", "Chance")
    taps.space("What is on space 4 of the blue board, side 1?", "Shut Down")
    assert dialogs() == []
    taps(button("place:brown:1", "ann"), "round")
    taps(button("place:yellow:1", "ben"), "round")
    taps(button("chance:mr-monopoly", "cat"), "round")
    before = taps.count
    taps(button("mr-monopoly:cat"), "round")  # the first step of a green marker: how long is its tracker?
    taps.number("Read it off the box: the green board, side 1", "tracker", 1, screenshot_dir)
    tracker = taps.count - before  # the tile, "1", OK
    cat = next(c for c in boards() if c.player_id == "cat")
    assert (go(game.state).markers["cat"], cat.tracker.marker, cat.tracker.tracker) == (1, 1, 1)  # full
    # Every block placed (Ann brown 2 on square 1, Ben yellow 1): the Shut Downs, clockwise from Ben: Dan's.
    assert screen.round_now.text.endswith("Dan's Shut Down") and acting() == ["dan"]
    taps(button("shut-down:ben:1", "dan"), "shut down")
    assert "Ben: a Shield against Dan's Shut Down?" in screen.round_now.text and acting() == ["ben"]
    shoot(screenshot_dir, "first-game-go-shield")
    taps(button("shield", "ben"), "shut down")
    assert "Ben's Shield stops Dan's Shut Down" in on_screen()
    assert stacks("ben")[0] == ("yellow", 1), "the Shield kept Ben's block"
    assert next(c for c in boards() if c.player_id == "ben").tiles_label.text == "No tiles kept"
    # Then the Mega Shut Downs: Cat's tracker is full (1 step of 1); the colours are hers to name.
    assert screen.round_now.text.endswith("Cat's Mega Shut Down") and acting() == ["cat"]
    shoot(screenshot_dir, "first-game-go-mega-shut-down")
    taps(button("mega:yellow", "cat"), "mega")
    # Every other player's yellow blocks back to the tray (Ben's one: no Shield helps), yellow 4 + 1 = 5; Cat's
    # marker back to Start. Brown: 3 - 1 (Ann) = 2. Used tiles discarded: 10 - 2 = 8 face down.
    assert stacks("ben")[0] == ("", 0) and tray_counts(screen)["yellow"] == 5
    assert go(game.state).markers["cat"] == 0
    assert stacks("ann")[0] == ("brown", 2) and tray_counts(screen)["brown"] == 2
    assert "8 Chance tiles face down" in on_screen()
    assert screen.turn_label.text == "Round 3 · Cat rolls"

    # ---------------------------------------------------------------- round 3: Jail, and a heist on two phones
    taps.roll(2, 4, 1, 2)  # Ann 2 -> 4, Ben 3 -> 7, Cat 5 -> 6, Dan 4 -> 6
    taps.space("What is on space 4 of the red board, side 1?", "Bank Heist")
    taps.space("What is on space 7 of the yellow board, side 1?", "Go To Jail")
    taps.number("Read it off the box: the yellow board, side 1", "jail", 5, screenshot_dir)
    taps.space("What is on space 6 of the green board, side 1?", "Pink colour space")
    taps.space("What is on space 6 of the blue board, side 1?", "Free Parking")
    ben = next(c for c in boards() if c.player_id == "ben")
    assert (ben.space_label.text, ben.status_label.text) == ("In Jail", "Sits out a round")
    assert game.state.player("ben").position == 5
    taps(button("place:pink:1", "cat"), "round")
    assert stacks("cat")[0] == ("pink", 2)  # pink: 4 - 1 = 3 in the tray
    assert screen.round_now.text.endswith("Ann's Bank Heist") and acting() == ["ann"]
    taps(button("heist:dan", "ann"), "heist")
    assert "Ann and Dan set their dials in secret" in screen.round_now.text
    shoot(screenshot_dir, "first-game-go-dials-on-phones")
    status, answer = phone(api(codes["Ann"]) + "/act", {"key": "picture:coin"})  # what Ann's page sends
    assert (status, answer["accepted"]) == (200, True)
    settle()
    # The table learns only that Ann's dial is set: not her picture; Dan's dial is still to set.
    assert "Ann set their dial" in on_screen() and "coin" not in on_screen().lower()
    assert dialogs() == [] and [b.action.key for b in find_all(EngineActionButton)
                                if b.action.key.startswith("dial:")] == ["dial:dan"]
    profile = tmp_path / "chromium"
    phone_page(chromium, codes["Dan"], profile, screenshot_dir / "first-game-go-phone-dials.png",
               ["Bank Heist: Ann against Dan", 'data-key="picture:ring"', 'data-key="picture:money"',
                'data-key="picture:coin"', "The blue board, side 1", "Ann set their dial"],
               ("You chose", "the coin"))
    phone_page(chromium, codes["Ann"], profile, screenshot_dir / "first-game-go-phone-dial-set.png",
               ["Dial set — wait for the reveal", "You chose the coin"], ('data-key="picture:',))
    status, answer = phone(api(codes["Dan"]) + "/act", {"key": "picture:coin"})
    assert (status, answer["accepted"]) == (200, True)
    settle()
    reveal = dialogs()[-1]  # both dials set from the phones: the touchscreen shows both at once
    assert isinstance(reveal, RevealDialog) and reveal.title.text == "Bank Heist: Ann against Dan"
    assert reveal.reveal.pictures == (("coin", "coin"), ("coin", "coin"))
    assert reveal.outcome.text == "Same picture: the heist works!"
    shoot(screenshot_dir, "first-game-go-reveal")
    assert [e.command.source for e in game.entries[-2:] if e.command] == ["phone", "phone"]
    phone_page(chromium, codes["Ann"], profile, screenshot_dir / "first-game-go-phone-reveal.png",
               ["Ann: the coin", "Dan: the coin", "The heist works!", 'data-key="steal:1"'])
    taps(reveal.ok, "heist")
    wait_until(closed(reveal))
    taps(button("steal:1", "ann"), "heist")
    # Dan's brown block onto Ann's brown stack: Ann 2 + 1 = 3 on square 1, Dan 1 - 1 = 0; the tray keeps 2 brown.
    assert stacks("ann")[0] == ("brown", 3) and stacks("dan")[0] == ("", 0) and tray_counts(screen)["brown"] == 2
    assert screen.turn_label.text == "Round 4 · Dan rolls"

    # ---------------------------------------------------------------- round 4: Jail sat out, GO, the first landmark
    taps.roll(6, 3, 1, 1)  # Ann 4 -> 10 = 0 (GO), Ben's 3 is not played (Jail), Cat 6 -> 7, Dan 6 -> 7
    taps.space("What is on space 7 of the green board, side 1?", "Free Parking")
    taps.space("What is on space 7 of the blue board, side 1?", "Just Visiting / In Jail")
    assert "Ben sits out this round in Jail" in app.last_answer.lines
    assert game.state.player("ben").position == 5
    assert [c.space_label.text for c in boards()] == ["On GO", "On Just Visiting", "On Free Parking",
                                                      "On Just Visiting"]
    assert boards()[1].status_label.text == "Sat out this round"
    assert acting() == ["ann"]
    shoot(screenshot_dir, "first-game-go-round-4")
    taps(button("go:block", "ann"), "round")
    taps(button("place:brown", "ann"), "round")  # on her brown stack: 3 + 1 = 4, a landmark
    assert app.manager.current == "end"
    end = app.screen("end")
    settle()
    assert end.winner.text == "Ann wins!"
    assert "Ann built the first landmark" in end.reason.text and "round 4" in end.reason.text
    (winner,) = end.board_cards
    assert winner.seat.board.stacks[0].landmark and winner.seat.board.stacks[0].height == 4
    # Blocks on the boards: Ann 4, Cat 2, Ben 0, Dan 0; the tray 40 - 6 = 34 (brown 1, pink 3, the rest 5 each).
    assert [(r["player"], r["worth"], r["place"]) for r in game.state.ranking] == [
        ("ann", 4, 1), ("cat", 2, 2), ("ben", 0, 3), ("dan", 0, 3)]
    assert (tray(game, "brown"), tray(game, "pink"), tray(game, "yellow")) == (1, 3, 5)
    assert heights(game, "ann")[0] == ("brown", 4)
    shoot(screenshot_dir, "first-game-go-end")

    # ---------------------------------------------------------------- the box now knows what was read off it
    saved = app.boxes.current(game.edition)
    assert saved.value("face:red-1") == {"length": LENGTH, "space1": "brown", "space2": "brown",
                                         "space4": "bank-heist"}
    assert saved.value("face:green-1")["tracker"] == 1
    assert saved.value("face:yellow-1") == {"length": LENGTH, "space2": "chance", "space3": "yellow",
                                            "space7": "go-to-jail", "jail": 5}
    print(f"\ntaps: {taps.count} in all (names typed not counted), by kind {taps.spent}; round 1's dice with "
          f"four boards' lengths and spaces {first_round}; a tracker met {tracker}; {per_space(taps.spaces)}")
    assert sum(taps.spaces) / len(taps.spaces) <= 3  # issue 19: Ann's token went round her board (4 -> 10 = GO)
