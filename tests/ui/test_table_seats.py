"""Every seat in view at once: with 2, 4 or 8 players on the 800x480 table screen, each player's name and cash
are drawn whole inside the players' column, without scrolling, even when every player holds deeds (the short game
deals three to each) and one is in Jail. Checked by the widgets' geometry; screenshots table-seats-<n>.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from companion.engine.state import Setup
from companion.ui.screens.table import PlayerCard
from tests.ui.helpers import find_all, settle, shoot, wait_until

pytestmark = pytest.mark.ui

EIGHT = [{"id": pid, "name": name, "token": token, "side": side} for pid, name, token, side in (
    ("luke", "Luke", "luke-skywalker", "rebel"), ("vader", "Vader", "darth-vader", "empire"),
    ("leia", "Leia", "r2-d2", "rebel"), ("tarkin", "Tarkin", "grand-moff-tarkin", "empire"),
    ("han", "Han", "lando-calrissian", "rebel"), ("boba", "Boba", "tusken-raider", "empire"),
    ("ben", "Ben", "obi-wan-kenobi", "rebel"), ("pilot", "Pilot", "tie-fighter-pilot", "empire"))]


def inside(widget: Any, box: Any) -> bool:
    """Whether ``widget`` is drawn wholly inside ``box`` (both in window coordinates)."""
    x, y = widget.to_window(widget.x, widget.y)
    bx, by = box.to_window(box.x, box.y)
    return (bx - 1 <= x and by - 1 <= y and x + widget.width <= bx + box.width + 1
            and y + widget.height <= by + box.height + 1)


def whole(label: Any) -> bool:
    """Whether a label's whole text fits it, drawn unshortened (a label shortens what does not fit with "...")."""
    from kivy.core.text import Label as CoreLabel
    from kivy.core.text.markup import MarkupLabel

    probe = (MarkupLabel if label.markup else CoreLabel)(text=label.text, font_size=label.font_size,
                                                         bold=label.bold)
    probe.refresh()
    width, height = probe.texture.size
    return width <= label.width - 2 * label.padding_x + 1 and height <= label.height + 1


@pytest.mark.parametrize("players", [2, 4, 8])
def test_every_players_cash_is_on_the_table_screen(app: Any, screenshot_dir: Path, players: int) -> None:
    assert Window.size == (800, 480)
    assert app.new_game(Setup("original-trilogy", "short", [dict(s) for s in EIGHT[:players]], 0)).accepted
    for command in ("roll luke 1 2", "correct luke go-to-jail"):  # Luke ends in Jail
        assert app.submit(command).accepted
    screen = app.screen("table")
    assert app.manager.current == "table"
    wait_until(lambda: screen.parent is app.manager and not app.manager.transition.is_active)
    settle()
    seats = find_all(PlayerCard, root=screen)
    in_reading_order = sorted(seats, key=lambda s: (-round(s.to_window(s.x, s.top)[1]), s.to_window(s.x, s.y)[0]))
    assert [s.player_id for s in in_reading_order] == [p["id"] for p in EIGHT[:players]]
    column = screen.players_slot
    for seat in seats:
        assert seat.player.groups, "every player holds dealt deeds"
        assert inside(seat, column), seat.player_id
        for label in (seat.name_label, seat.cash_label):
            assert inside(label, seat) and whole(label), (seat.player_id, label.text, label.to_window(*label.pos),
                                                          label.size, seat.to_window(*seat.pos), seat.size)
        assert seat.cash_label.text == "1,500 IC" or seat.player_id == "luke"
    assert "In Jail" in find_all(PlayerCard, root=screen, player_id="luke")[0].name_label.text
    shoot(screenshot_dir, f"table-seats-{players}")
