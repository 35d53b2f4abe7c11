"""The home and new-game screens, driven by taps: set up a table, a refused set-up, a time-limit game, resume
(in the same app and in a new one), delete, the sound switch; screenshots at 800x480, 1024x600 and 1280x800."""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion.edition import load_edition
from companion.paths import editions_dir
from companion.table.setup_choices import Seat, build_setup, end_choices, player_id, seat_name
from companion.table.views import game_end_time, player_views
from companion.ui import theme
from companion.ui.widgets import TapButton
from tests.ui.helpers import (
    dialogs,
    find,
    find_all,
    frames,
    png_size,
    resize,
    settle,
    setup_for,
    shoot,
    tap,
    texts,
    type_name,
)

pytestmark = pytest.mark.ui


def new_game_screen(app: Any) -> Any:
    """Tap "New game" on the home screen; the set-up form is shown."""
    tap(find(TapButton, "New game"))
    assert app.manager.current == "new-game"
    return app.screen("new-game")


def pick_token(screen: Any, seat: int, token: str) -> None:
    """Tap a player's token button and the token in the popup."""
    tap(find(TapButton, root=screen, seat=seat, role="token"))
    tap(find(TapButton, root=dialogs()[-1], token=token))
    assert not dialogs()


def seat_rows(screen: Any) -> list[tuple[str, str]]:
    """Each row's typed name and token button text, top to bottom."""
    names = sorted(find_all(TapButton, root=screen, role="name"), key=lambda w: w.seat)
    tokens = sorted(find_all(TapButton, root=screen, role="token"), key=lambda w: w.seat)
    return [(n.typed, t.text.split("\n")[0]) for n, t in zip(names, tokens, strict=True)]


def test_set_up_a_table_by_taps(app: Any, screenshot_dir: Path) -> None:
    """OT-SETUP-3/4: two players type their names and pick a token each (taking a token another player holds
    swaps them, so no token is used twice); the game starts on the table screen, each player with their token,
    its side, and 1,500 credits."""
    screen = new_game_screen(app)
    assert screen.variant_id == "standard"
    assert "Star Wars Original Trilogy Edition" in texts(screen)
    type_name(screen, 0, "Mara")
    type_name(screen, 1, "Ben")
    assert seat_rows(screen) == [("Mara", "R2-D2"), ("Ben", "Lando Calrissian")]

    tap(find(TapButton, root=screen, seat=0, role="token"))
    popup = dialogs()[-1]
    assert popup.title.text == "Token for Mara"
    held = find(TapButton, root=popup, token="lando-calrissian")
    assert held.text.startswith("Lando Calrissian\n") and "Rebel Alliance \u00b7 swap with Ben" in held.text
    shoot(screenshot_dir, "new-game-token-picker")
    tap(held)
    assert not dialogs()
    assert seat_rows(screen) == [("Mara", "Lando Calrissian"), ("Ben", "R2-D2")]
    pick_token(screen, 1, "darth-vader")
    assert seat_rows(screen) == [("Mara", "Lando Calrissian"), ("Ben", "Darth Vader")]
    assert any(t.startswith("Darth Vader\n") and "Galactic Empire" in t for t in texts(screen))
    shoot(screenshot_dir, "new-game")
    tap(find(TapButton, "Start game"))

    assert app.manager.current == "table"
    players = player_views(app.session.game)
    assert [(p.id, p.name, p.token, p.side, p.cash_text) for p in players] == [
        ("mara", "Mara", "Lando Calrissian", "Rebel Alliance", "1,500 IC"),
        ("ben", "Ben", "Darth Vader", "Galactic Empire", "1,500 IC"),
    ]
    assert [p.cash for p in players] == [1500, 1500]
    assert app.session.game.setup.variant == "standard"
    assert app.session.game.setup.ends_at is None
    assert len(app.journal.games()) == 1


def test_empty_names_and_the_first_turn(app: Any) -> None:
    """OT-TURN-1: the player at the top of the list has the first turn; tapping a player's number moves them
    to the top. A name left empty plays as "Player N"."""
    screen = new_game_screen(app)
    tap(find(TapButton, "Add player"))
    type_name(screen, 0, "Mara")
    type_name(screen, 2, "Ben")
    assert any("Player 1 takes the first turn" in t for t in texts(screen))
    tap(find(TapButton, "3", root=screen, seat=2, role="first"))  # Ben rolled highest
    assert [name for name, _ in seat_rows(screen)] == ["Ben", "Mara", ""]
    tap(find(TapButton, "Start game"))

    state = app.session.game.state
    assert [(p.id, p.name) for p in state.players] == [("ben", "Ben"), ("mara", "Mara"), ("player-3", "Player 3")]
    assert state.turn.player == "ben"


def test_a_refused_set_up_shows_the_engines_reason(app: Any, screenshot_dir: Path) -> None:
    """OT-SETUP-1: one player alone cannot start; the popup names the reason and nothing is saved."""
    screen = new_game_screen(app)
    type_name(screen, 0, "Mara")
    tap(find(TapButton, "\u00d7", root=screen, seat=1, role="remove"))
    assert seat_rows(screen)[0][0] == "Mara"
    assert len(seat_rows(screen)) == 1
    tap(find(TapButton, "Start game"))

    assert dialogs()[-1].reasons == ["This edition is for 2 to 8 players, not 1."]
    assert "\u2022  This edition is for 2 to 8 players, not 1." in texts(dialogs()[-1])
    shoot(screenshot_dir, "new-game-refused")
    assert app.journal.games() == []
    assert app.session is None
    tap(find(TapButton, "OK"))
    assert app.manager.current == "new-game"
    assert seat_rows(screen)[0][0] == "Mara"  # the form is kept to fix it


def test_time_limit_game_stores_its_end_time(app: Any, screenshot_dir: Path) -> None:
    """OT-TIME-1: the players agree the end time when they set up a time-limit game; it is saved with the
    variant, as a local date and time."""
    screen = new_game_screen(app)
    type_name(screen, 0, "Mara")
    type_name(screen, 1, "Ben")
    assert not find_all(TapButton, root=screen, minutes=90)
    tap(find(TapButton, "Time-limit game"))
    in_90 = find(TapButton, root=screen, minutes=90)
    before = app.now()
    assert in_90.text.startswith(end_choices(before, (90,))[0].clock)
    assert any("Ends at the time chosen here." in t for t in texts(screen))
    tap(in_90)
    assert find(TapButton, root=screen, minutes=90).style == "primary"
    shoot(screenshot_dir, "new-game-time-limit")
    tap(find(TapButton, "Start game"))
    after = app.now()

    setup = app.session.game.setup
    assert setup.variant == "time-limit"
    ends = datetime.strptime(setup.ends_at, "%Y-%m-%dT%H:%M")
    earliest = (before + timedelta(minutes=90)).replace(second=0, microsecond=0)
    assert earliest <= ends <= after + timedelta(minutes=90)
    assert game_end_time(app.session.game) == ends
    saved = app.journal.games()
    assert [(g.variant, g.players) for g in saved] == [("time-limit", ["Mara", "Ben"])]


def test_eight_players_fill_the_table(app: Any, screenshot_dir: Path) -> None:
    """OT-SETUP-1/3: up to eight players, each with a different token; then the table is full."""
    screen = new_game_screen(app)
    for _ in range(6):
        tap(find(TapButton, "Add player"))
    assert len(seat_rows(screen)) == 8
    assert find(TapButton, "Table full (8 players)").style == "off"
    targets = find_all(TapButton, root=screen)
    assert all(min(w.size) >= theme.TOUCH for w in targets), "every button and name box is finger-sized"
    shoot(screenshot_dir, "new-game-8-players")
    tap(find(TapButton, "Start game"))

    state = app.session.game.state
    assert [p.name for p in state.players] == [f"Player {n}" for n in range(1, 9)]
    assert len({p.token for p in state.players}) == 8
    assert all(state.cash(p.id) == 1500 for p in state.players)


def test_resume_a_saved_game(app: Any, screenshot_dir: Path) -> None:
    """A game left for the home screen is listed with its players and last action; Resume brings it back
    exactly as it was."""
    app.new_game(setup_for(2))
    # Shortcut: reach a position with a few commands instead of tapping through the table screen.
    for command in ("roll luke 2 4", "buy luke", "end luke", "roll vader 3 5"):
        assert app.submit(command).accepted
    before = app.session.game.state.snapshot()
    app.leave_game()
    settle()

    assert app.manager.current == "home"
    shown = texts(app.screen("home"))
    assert "Luke, Vader" in shown
    assert "Last action: roll the dice (Vader)" in shown
    assert any(t.endswith(" \u00b7 4 actions") for t in shown)
    assert "Standard game \u00b7 Star Wars Original Trilogy Edition" in shown
    shoot(screenshot_dir, "home-one-saved-game")
    tap(find(TapButton, "Resume"))

    assert app.manager.current == "table"
    assert app.session.game.state.snapshot() == before


def test_quit_and_resume_in_a_new_app(app: Any, window: Any, tmp_path: Path) -> None:
    """The journal keeps the game when the app stops; a new app on the same file resumes it identically."""
    from companion.ui.app import CompanionApp

    app.new_game(setup_for(3))
    # Shortcut: a few commands instead of tapping through the table screen.
    for command in ("roll luke 2 4", "buy luke", "end luke", "roll vader 3 5", "buy vader"):
        assert app.submit(command).accepted
    before = app.session.game.state.snapshot()
    app.leave_game()
    app.on_stop()
    window.remove_widget(app.manager)

    second = CompanionApp(journal_file=tmp_path / "games.sqlite3", dice_rng=random.Random(4))
    window.add_widget(second.build())
    frames()
    try:
        assert second.manager.current == "home"
        assert "Luke, Vader, Leia" in texts(second.screen("home"))
        tap(find(TapButton, "Resume"))
        assert second.manager.current == "table"
        assert second.session.game.state.snapshot() == before
    finally:
        second.journal.close()


def test_delete_asks_first_and_names_the_game(app: Any, screenshot_dir: Path) -> None:
    """Delete shows a confirmation naming the game; Cancel keeps it, Delete removes it from list and journal."""
    app.new_game(setup_for(2))
    app.leave_game()
    settle()
    assert any(t.endswith(" \u00b7 no action yet") for t in texts(app.screen("home")))
    tap(find(TapButton, "Delete"))
    question = dialogs()[-1]
    assert question.title.text == "Delete this saved game?"
    assert "Luke, Vader" in texts(question)
    shoot(screenshot_dir, "home-delete-confirm")
    tap(find(TapButton, "Cancel", root=question))
    assert not dialogs()
    assert len(app.journal.games()) == 1
    assert "Luke, Vader" in texts(app.screen("home"))

    tap(find(TapButton, "Delete"))
    tap(find(TapButton, "Delete", root=dialogs()[-1]))
    assert app.journal.games() == []
    assert not find_all(TapButton, "Resume")
    assert any(t.startswith("No saved games yet.") for t in texts(app.screen("home")))


def test_sound_switch(app: Any) -> None:
    """The mute switch on the home screen turns the sounds off and on, and says which."""
    button = find(TapButton, "Sounds: on")
    tap(button)
    assert app.sounds.muted
    assert button.text.startswith("Sounds: off")
    tap(button)
    assert not app.sounds.muted


def test_home_and_new_game_screenshots(app: Any, window: Any, screenshot_dir: Path) -> None:
    """Screenshots of the home screen (empty, several saved games) and the form at the three screen sizes."""
    assert any(t.startswith("No saved games yet.") for t in texts(app.screen("home")))
    assert png_size(shoot(screenshot_dir, "home-empty")) == (800, 480)
    for players, variant, ends_at in ((2, "standard", None), (4, "short", None), (3, "time-limit", "23:30")):
        app.new_game(setup_for(players, variant, ends_at))
        app.submit("roll luke 1 2")
        app.leave_game()
    settle()
    assert len(find_all(TapButton, "Resume")) == 3
    assert "Short game \u00b7 Star Wars Original Trilogy Edition" in texts(app.screen("home"))
    shoot(screenshot_dir, "home-saved-games")
    for size in ((1024, 600), (1280, 800)):
        resize(window, size)
        app.goto("home")
        assert png_size(shoot(screenshot_dir, f"home-{size[0]}x{size[1]}")) == size
        new_game_screen(app)
        tap(find(TapButton, "Time-limit game"))
        tap(find(TapButton, "Add player"))
        shoot(screenshot_dir, f"new-game-{size[0]}x{size[1]}")
    resize(window, (800, 480))


def test_form_choices_from_the_edition_data() -> None:
    """Player ids are slugs of the names, unique and never 'bank'; sides follow tokens; end times to the minute."""
    assert player_id("Mara Jade", 1) == "mara-jade"
    assert player_id("Léa", 1) == "lea"
    assert player_id("Ben", 2, ["ben"]) == "ben-2"
    assert player_id("!!", 3) == "player-3"
    assert player_id("Bank", 4) == "player-4"
    assert seat_name("  ", 5) == "Player 5"
    edition = load_edition(editions_dir() / "original-trilogy")
    setup = build_setup(edition, "short", [Seat("Ben", "tusken-raider"), Seat("ben", "r2-d2")], 7)
    assert setup.players == [{"id": "ben", "name": "Ben", "token": "tusken-raider", "side": "empire"},
                             {"id": "ben-2", "name": "ben", "token": "r2-d2", "side": "rebel"}]
    choice = end_choices(datetime(2025, 3, 1, 23, 10, 42), (90,))[0]
    assert (choice.clock, choice.ends_at) == ("00:40", "2025-03-02T00:40")


def test_rey_plays_for_the_side_chosen_with_her(app: Any, screenshot_dir: Path) -> None:
    """SW-SIDE-4: which side's colour the Rey token has is not known (NOT FOUND), so the token list offers her
    for each side; Ben takes Rey for the Empire, Mara keeps her Rebel token, and the game starts with Ben on the
    Empire's side."""
    screen = new_game_screen(app)
    tap(find(TapButton, "Monopoly Star Wars (Rebels against the Empire)"))
    type_name(screen, 0, "Mara")
    type_name(screen, 1, "Ben")
    tap(find(TapButton, root=screen, seat=1, role="token"))
    popup = dialogs()[-1]
    reys = {re.sub(r"\[/?size[^\]]*\]", "", b.text.split("\n")[-1]): b
            for b in find_all(TapButton, root=popup) if getattr(b, "token", "") == "rey"}
    assert sorted(reys) == ["Empire", "Rebels"]
    shoot(screenshot_dir, "new-game-rey-for-either-side")
    tap(reys["Empire"])
    assert not dialogs()
    assert seat_rows(screen)[1] == ("Ben", "Rey")
    assert any(t.startswith("Rey\n") and "Empire" in t for t in texts(screen))
    tap(find(TapButton, "Start game"))
    assert app.manager.current == "table"
    assert [(p["name"], p["token"], p["side"]) for p in app.session.game.setup.players][1] == ("Ben", "rey", "empire")
