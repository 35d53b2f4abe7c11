"""The phones screen on the touchscreen: the phone view is off until the table turns it on, the QR code on the
screen opens the right page, a player's code can be revoked and reissued, and a bid sent from a phone shows on the
table's auction screen.

The server listens on loopback here (``COMPANION_PHONE_ADDRESS``), and the codes are read back from screenshots
with a real QR decoder (zxing-cpp). While a phone's request waits for the UI thread, the test keeps drawing frames,
as the app's own loop would.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from PIL import Image

from companion.ui.widgets import TapButton
from tests.ui.helpers import dialogs, exact, find, frames, settle, setup_for, shoot, shoot_larger, tap, texts

pytestmark = pytest.mark.ui


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The phone view listens on 127.0.0.1, on any free port."""
    monkeypatch.setenv("COMPANION_PHONE_ADDRESS", "127.0.0.1")
    monkeypatch.setenv("COMPANION_PHONE_PORT", "0")


def decoded(png: Path) -> list[str]:
    """Every QR code a decoder finds in a screenshot."""
    with Image.open(png) as picture:
        return [found.text for found in zxingcpp.read_barcodes(picture.convert("L"))]


def phone(url: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    """A phone's request (GET, or POST of ``body`` as JSON), answered while the UI thread keeps drawing frames:
    the server hands its work to the UI thread and waits for it."""
    done: dict[str, Any] = {}

    def ask() -> None:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as reply:
                done["answer"] = (reply.status, reply.read())
        except urllib.error.HTTPError as exc:
            done["answer"] = (exc.code, exc.read())

    worker = threading.Thread(target=ask)
    worker.start()
    while worker.is_alive():
        frames(1)
    status, raw = done["answer"]
    return status, json.loads(raw) if raw.startswith(b"{") else raw


def api(url: str) -> str:
    """The JSON address behind a page's address."""
    return url.replace("/t/", "/api/t/").replace("/p/", "/api/p/")


def open_phones(app: Any) -> None:
    """From the table, through its Phones button."""
    settle()
    tap(exact("Phones"))
    assert app.manager.current == "phone"


def test_off_until_the_table_turns_it_on_then_the_code_on_screen_opens_the_table(
        app: Any, screenshot_dir: Path, window: Any) -> None:
    app.new_game(setup_for(2))
    open_phones(app)
    assert app.phones.running is None
    assert find(TapButton, "Phone view: off").style == "primary"
    assert "The phone view is off: nothing can be opened from a phone." in texts()
    shoot(screenshot_dir, "phone-off")

    tap(find(TapButton, "Phone view: off"))
    assert find(TapButton, "Phone view: on")
    settings = json.loads((Path(app.sounds.settings)).read_text(encoding="utf-8"))
    assert settings["phones"] is True  # remembered for the next start, beside the sound switch

    table_url = app.phones.url("")
    assert table_url.startswith("http://127.0.0.1:") and "/t/" in table_url
    assert decoded(shoot(screenshot_dir, "phone-table-code")) == [table_url]
    status, view = phone(api(table_url))
    assert status == 200
    assert [(p["name"], p["cash"]) for p in view["players"]] == [("Luke", "1,500 IC"), ("Vader", "1,500 IC")]
    shoot_larger(window, screenshot_dir, "phone-table-code")

    tap(exact("Luke"))
    luke_url = app.phones.url("luke")
    assert "/p/" in luke_url
    assert decoded(shoot(screenshot_dir, "phone-player-code")) == [luke_url]
    status, mine = phone(api(luke_url))
    assert (status, mine["player"]["name"], mine["player"]["cash"]) == (200, "Luke", "1,500 IC")

    tap(find(TapButton, "Phone view: on"))
    assert app.phones.running is None
    assert json.loads(Path(app.sounds.settings).read_text(encoding="utf-8"))["phones"] is False


def test_a_lost_phone_is_revoked_and_a_new_code_issued(app: Any, screenshot_dir: Path) -> None:
    app.new_game(setup_for(2))
    open_phones(app)
    tap(find(TapButton, "Phone view: off"))
    tap(exact("Vader"))
    old = app.phones.url("vader")
    assert phone(api(old))[0] == 200

    tap(find(TapButton, "Revoke"))
    assert "Revoke Vader's code?" in texts(dialogs()[-1])
    shoot(screenshot_dir, "phone-revoke-confirm")
    tap(exact("Revoke", dialogs()[-1]))
    assert exact("Vader (revoked)")
    assert "Revoked: Vader's code opens nothing. Tap New code to give them another." in texts()
    assert decoded(shoot(screenshot_dir, "phone-revoked")) == []
    status, answer = phone(api(old))
    assert status == 404 and "scan the code" in answer["error"]

    tap(exact("New code"))
    new = app.phones.url("vader")
    assert new != old and "/p/" in new
    assert exact("Vader")
    assert decoded(shoot(screenshot_dir, "phone-new-code")) == [new]
    assert phone(api(new))[0] == 200
    assert phone(api(old))[0] == 404


def test_a_bid_from_a_phone_shows_on_the_auction_screen(app: Any, screenshot_dir: Path) -> None:
    """Luke lands on Dagobah: Swamp (printed price 60) and declines it: the auction opens on the table. Vader
    bids 10 from his phone: the table's auction screen shows the bid; a bid below it from Luke's phone is refused
    on the phone only, with the engine's reason, and the table shows no popup."""
    app.new_game(setup_for(2))
    open_phones(app)
    tap(find(TapButton, "Phone view: off"))
    vader, luke = app.phones.url("vader"), app.phones.url("luke")
    for command in ("roll luke 1 2", "decline luke"):  # reach the auction quickly; the phone's part is tapped
        assert app.submit(command).accepted
    frames()
    assert app.manager.current == "auction"

    status, answer = phone(api(vader) + "/bid", {"amount": 10})
    assert (status, answer["accepted"], answer["lines"]) == (200, True, ["Vader bids 10 IC"])
    frames()
    assert app.screen("auction").high_bid.text == "10 IC  ·  Vader"
    assert app.session.game.entries[-1].command.source == "phone"

    status, answer = phone(api(luke) + "/bid", {"amount": 5})
    assert status == 409 and not answer["accepted"] and answer["reasons"]
    assert dialogs() == []
    assert app.screen("auction").high_bid.text == "10 IC  ·  Vader"
    shoot(screenshot_dir, "phone-bid-on-table")
