"""The Mandalorian edition on the touchscreen, tapping the real widgets: the board map after an Imperial advance,
the battle screen, Grogu's holder and the green die on the table, and the end screen won and lost.

The edition ships with nothing printed known; these tests play it with the made-up box of tests/mando/testbox.py
(TEST DATA), saved in the app's box store before the app starts. Values worked out by hand from that box:

- 150 credits each; Din first, Cara second; Grogu on Jail / Just Visiting (8); the Incinerator Stormtrooper
  waits in outpost 2 (beside the advance space 12), Moff Gideon in outpost 3 (beside 20), the Death Trooper in
  outpost 4 (beside 28); with 2 players each trooper deck holds levels 1 and 2;
- Din rolls 4: Imperial Advance 1 (space 4). The advance roll of 6 moves the Incinerator Stormtrooper 12, 13 ...
  17 (Hideout 5A) and the Death Trooper 28, 29, 30, 31, 0, 1 (Hideout 1A);
- Cara rolls 1 and stops on Hideout 1A (set 1: price 20) where the Death Trooper stands: she buys it (130),
  then fights the Death Trooper level 1: number 4 + 1 = 5, reward 25, penalty 15. A 6 wins (155 credits) and
  the Death Trooper goes to the next free outpost ahead of space 1: outpost 1; its deck is down to its last card,
  so Moff Gideon is released. A 2 loses: 130 - 15 = 115 and the Death Trooper stays;
- Din rolls 4 more: 4 -> 8, Just Visiting: he takes Grogu and rolls the green die (1 to 3) from then on.

Screenshots (800x480): mando-new-game, mando-board-advance, mando-battle, mando-board-release, mando-table-grogu,
mando-battle-lost, mando-battle-boss, mando-end-won, mando-end-lost; the board and the battle also at 1024x600.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.box.profile import BoxProfile
from companion.engine.state import Setup
from companion.table.box_play import box_store
from companion.ui.screens.board import BoardScreen, MapCell, OutpostBox
from companion.ui.screens.end import EndScreen
from companion.ui.screens.table import PlayerCard
from companion.ui.widgets import TapButton
from tests.mando import testbox
from tests.ui.helpers import (
    action,
    cash,
    dialogs,
    find,
    find_all,
    resize,
    roll_faces,
    settle,
    shoot,
    tap,
    texts,
    type_name,
)

pytestmark = pytest.mark.ui

EDITION = "Star Wars The Mandalorian Edition"
OPENING = ("roll din 4", "roll din 6", "end din", "roll cara 1", "buy cara")
"""Din: advance with a 6 (the Death Trooper to Hideout 1A); Cara stops on it, buys it and must fight."""

WON = ("roll din 4", "roll din 6", "end din", "roll cara 1", "buy cara", "roll cara 6", "end cara", "roll din 4",
       "end din", "roll cara 4", "buy cara", "end cara", "roll din 3", "buy din", "end din", "roll cara 1",
       "end cara", "roll din 3", "card din payday", "end din", "roll cara 1", "buy cara", "end cara", "roll din 3",
       "buy din", "roll din 6 1", "end din", "roll cara 2", "buy cara", "end cara", "roll din 3", "roll din 2",
       "end din", "roll cara 5", "card cara second-try", "end cara", "roll din 2", "buy din")
"""A game (Din plays IG-11) up to Din, holding Grogu, standing on Moff Gideon's space with the battle to roll."""

LOST = ("roll din 4", "roll din 6", "end din", "roll cara 1", "buy cara", "roll cara 6", "end cara", "roll din 4",
        "end din", "roll cara 2", "buy cara", "end cara", "roll din 1", "buy din", "end din", "roll cara 6",
        "claim din cara", "end cara", "roll din 3", "roll din 6", "end din", "roll cara 2", "buy cara", "end cara",
        "roll din 2", "card din arrest", "end din", "roll cara 1")
"""A game (Din plays IG-11) up to Cara on an Imperial Advance with Grogu left alone ahead of the Death Trooper."""


@pytest.fixture
def mando(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, app: Any) -> Any:
    """The app with the made-up box (TEST DATA) saved for The Mandalorian Edition."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    saved: BoxProfile = box_store().save(testbox.box_profile())
    assert saved.edition == "mandalorian"
    app.boxes = box_store()
    return app


def start(app: Any, din: str = "din-djarin") -> None:
    """A two-player game, Din then Cara, on the test box (to reach a position quickly)."""
    seats = [{"id": "din", "name": "Din", "token": din}, {"id": "cara", "name": "Cara", "token": "cara-dune"}]
    assert app.new_game(Setup("mandalorian", "standard", seats, 0)).accepted
    settle()


def reach(app: Any, commands: tuple[str, ...]) -> None:
    """Reach a position quickly through the engine (the flow under test is tapped)."""
    for command in commands:
        answer = app.submit(command)
        assert answer.accepted, (command, answer.reasons)
    settle()




def cell(position: int) -> MapCell:
    return find(MapCell, position=position)


def marks(widget: Any) -> list[str]:
    """The pieces drawn on a map cell or outpost (their initials)."""
    return [c.text for c in widget.chips]


def shoot_both(window: Any, folder: Path, name: str) -> None:
    """Screenshots at 800x480 and 1024x600."""
    shoot(folder, name)
    resize(window, (1024, 600))
    shoot(folder, f"{name}-1024x600")
    resize(window, (800, 480))


def test_a_game_played_by_taps_board_map_battle_and_grogu(mando: Any, window: Any, screenshot_dir: Path) -> None:
    """The table picks each hero's character; the advance after Din's 4 shows on the map with each move in
    words; Cara's battle on Hideout 1A shows the Death Trooper's card (5 to win, reward 25, penalty 15) and a 6
    wins it (155 credits), after which the map says where the Death Trooper goes and that Moff Gideon is out;
    Din takes Grogu on Just Visiting: the green mark on his seat and the green die in the top bar."""
    app = mando
    tap(find(TapButton, "New game"))
    screen = app.screen("new-game")
    tap(next(b for b in find_all(TapButton, EDITION, root=screen) if b.text == EDITION))
    assert "A game can start with this box." in texts(screen)
    tap(find(TapButton, root=screen, seat=0, role="token"))
    picker = dialogs()[-1]
    assert sorted(b.text.split("\n")[0] for b in find_all(TapButton, root=picker) if hasattr(b, "token")) == \
        ["Cara Dune", "Din Djarin", "IG-11", "Kuiil"]
    tap(next(b for b in find_all(TapButton, root=picker) if getattr(b, "token", "") == "ig-11"))
    for seat, name in enumerate(("Din", "Cara")):
        type_name(screen, seat, name)
    assert find(TapButton, root=screen, seat=0, role="token").text.startswith("IG-11")
    shoot(screenshot_dir, "mando-new-game")
    tap(find(TapButton, "Start game"))
    assert app.manager.current == "table"
    assert [cash("din"), cash("cara")] == ["150 credits", "150 credits"]
    assert "Din rolls the silver die (1 to 6)" in texts()

    roll_faces("roll", 4)  # GO -> Imperial Advance 1
    roll_faces("enemies-move", 6)
    assert app.manager.current == "board"
    board = app.screen("board")
    assert isinstance(board, BoardScreen)
    moves = [label.text for label in board.move_labels]
    assert moves == ["•  Move the Incinerator Stormtrooper from Imperial outpost 2 to Hideout 5A (test) (6 spaces)",
                     "•  Move the Death Trooper from Imperial outpost 4 to Hideout 1A (test) (6 spaces)"]
    assert marks(cell(17)) == ["IS"] and marks(cell(1)) == ["DT"] and marks(cell(4)) == ["Di"]
    assert marks(cell(8)) == ["G"] and marks(cell(0)) == ["Ca"]
    outposts = {o.number: marks(o) for o in find_all(OutpostBox)}
    assert outposts == {1: [], 2: [], 3: ["MG"], 4: []}
    assert "Grogu: alone on Jail / Just Visiting" in texts(board)
    shoot_both(window, screenshot_dir, "mando-board-advance")
    tap(find(TapButton, "Back to table"))
    assert app.manager.current == "table"
    tap(action("end"))

    roll_faces("roll", 1)  # Cara: GO -> Hideout 1A, where the Death Trooper stands
    tap(action("buy"))
    assert app.manager.current == "battle"
    shown = texts(app.screen("battle"))
    assert "Battle: Cara against Death Trooper" in shown
    assert "Roll 5 or more to win" in shown
    assert {"25 credits", "15 credits", "the silver die (1 to 6)"} <= set(shown)
    shoot_both(window, screenshot_dir, "mando-battle")
    roll_faces("battle-roll", 6)
    assert app.manager.current == "board"  # the beaten Death Trooper goes to an outpost: the table moves it
    moves = [label.text for label in board.move_labels]
    assert moves == ["•  Put the Death Trooper in Imperial outpost 1",
                     "•  Moff Gideon leaves Imperial outpost 3: the Death Trooper is down to its last card"]
    assert {o.number: marks(o) for o in find_all(OutpostBox)}[1] == ["DT"]
    shoot(screenshot_dir, "mando-board-release")
    tap(find(TapButton, "Back to table"))
    assert cash("cara") == "155 credits"
    tap(action("end"))

    roll_faces("roll", 4)  # Din: 4 -> 8, Just Visiting: he takes Grogu
    assert app.manager.current == "table"
    din = find(PlayerCard, player_id="din")
    assert "Grogu" in din.grogu_mark.text
    assert not hasattr(find(PlayerCard, player_id="cara"), "grogu_mark")
    assert "Din rolls the green die (1 to 3)" in texts()
    assert "Signets 0 · Enemy cards 1" in texts(find(PlayerCard, player_id="cara"))
    shoot(screenshot_dir, "mando-table-grogu")
    tap(find(TapButton, "Board"))
    assert "Grogu: with Din" in texts(app.screen("board"))
    assert marks(cell(8)) == ["Di"] and cell(8).grogu_here


def test_a_lost_battle_roll_pays_the_penalty(mando: Any, screenshot_dir: Path) -> None:
    """Cara rolls a 2 against the Death Trooper's 5: she pays the 15 penalty (130 - 15 = 115), the enemy stays
    on Hideout 1A, and play goes back to the table, which says what happened."""
    app = mando
    start(app)
    reach(app, OPENING)
    assert app.manager.current == "battle"
    roll_faces("battle-roll", 2)
    assert app.manager.current == "table"
    assert cash("cara") == "115 credits"
    assert any("total of 2" in t and "5" in t for t in texts())
    shoot(screenshot_dir, "mando-battle-lost")
    tap(find(TapButton, "Board"))
    assert marks(cell(1)) == ["Ca", "DT"]


def test_moff_gideon_defeated_ends_the_game_won_with_the_score(mando: Any, screenshot_dir: Path) -> None:
    """IG-11 (Din) holding Grogu rolls the silver and the green die against Moff Gideon's 10: 6 + 2 + IG-11's 3
    with Grogu = 11 wins; the end screen names the winner and breaks the score down, with 100 credits for holding
    Grogu."""
    app = mando
    start(app, "ig-11")
    reach(app, WON)
    assert app.manager.current == "battle"
    shown = texts(app.screen("battle"))
    assert "Battle: Din against Moff Gideon" in shown
    assert "Roll 10 or more to win" in shown
    assert "100 credits and the game is won" in shown
    assert "•  IG-11: +3" in shown
    assert "the silver die and the green die" in " ".join(shown) or any("green" in t for t in shown)
    shoot(screenshot_dir, "mando-battle-boss")
    roll_faces("battle-roll", 6, 2)
    assert app.manager.current == "end"
    end = app.screen("end")
    assert isinstance(end, EndScreen)
    assert end.reason.text.startswith("The game is over: Moff Gideon was defeated")
    assert end.winner.text.endswith("wins!")
    shown = texts(end)
    assert "Holding Grogu" in shown and "Most Imperial enemy cards" in shown
    din_card = next(c for c in end.rank_list.children if c.player == "din")
    parts = texts(din_card)
    assert parts[parts.index("Holding Grogu") - 1] == "100 credits" or "100 credits" in parts
    shoot(screenshot_dir, "mando-end-won")


def test_grogu_captured_ends_the_game_lost_for_everyone(mando: Any, screenshot_dir: Path) -> None:
    """An advance that carries the Death Trooper over Grogu, left alone, loses the game: the end screen says
    Grogu was captured and everyone loses, with no ranking."""
    app = mando
    start(app, "ig-11")
    reach(app, LOST)
    roll_faces("enemies-move", 3)
    assert app.manager.current == "end"
    end = app.screen("end")
    assert end.winner.text == "Everyone loses"
    assert "Grogu was captured: nobody wins. The heroes played together, and Grogu is lost to the Empire." in \
        texts(end)
    assert not [c for c in end.rank_list.children if hasattr(c, "player")]
    shoot(screenshot_dir, "mando-end-lost")
