"""The phone view's parts on their own: the codes, the hand-off to the game's thread, the rate limit, the choice
of network address, and the QR picture (read back with a real decoder)."""

from __future__ import annotations

import base64
import queue
import threading
import time

import pytest
import zxingcpp
from PIL import Image

from companion.table.phone import QUIET_ZONE, qr_picture
from companion.web.address import LOOPBACK, choose_address
from companion.web.handoff import Direct, HandOff, TableBusy
from companion.web.link import PhoneLink
from companion.web.server import RateLimit
from companion.web.tokens import TABLE, TOKEN_LENGTH, Access, PhoneKeys
from tests.web.helpers import get


def test_each_code_carries_128_secure_random_bits_and_a_new_game_gets_new_codes() -> None:
    keys = PhoneKeys()
    assert keys.follow("game-1", ["luke", "vader"])
    first = {seat: keys.token(seat) for seat in keys.seats()}
    assert list(first) == [TABLE, "luke", "vader"]
    for token in first.values():
        assert token is not None and len(token) == TOKEN_LENGTH
        assert len(base64.urlsafe_b64decode(token + "==")) * 8 == 128
    assert len(set(first.values())) == 3
    assert not keys.follow("game-1", ["luke", "vader"])  # the same game keeps its codes
    assert keys.find(first["luke"] or "") == Access("game-1", "luke")
    assert keys.find(first[TABLE] or "") == Access("game-1", TABLE)
    assert keys.find(first[TABLE] or "").read_only  # type: ignore[union-attr]

    assert keys.follow("game-2", ["luke", "vader"])
    assert all(keys.find(token or "") is None for token in first.values())
    assert keys.token("luke") not in first.values()


def test_a_revoked_code_opens_nothing_until_a_new_one_is_issued() -> None:
    keys = PhoneKeys()
    keys.follow("game", ["luke"])
    old = keys.token("luke") or ""
    keys.revoke("luke")
    assert keys.token("luke") is None and keys.find(old) is None
    new = keys.reissue("luke") or ""
    assert new != old and keys.find(new) == Access("game", "luke") and keys.find(old) is None
    assert keys.reissue("nobody") is None


@pytest.mark.parametrize("guess", ["", "short", "x" * TOKEN_LENGTH, "a b" * 8, "é" * TOKEN_LENGTH, "a" * 500])
def test_a_guess_opens_nothing(guess: str) -> None:
    keys = PhoneKeys()
    keys.follow("game", ["luke"])
    assert keys.find(guess) is None


class MainLoop:
    """A stand-in for the UI thread: runs the work it is given, one piece at a time, unless it is held up."""

    def __init__(self) -> None:
        self.work: queue.Queue[object] = queue.Queue()
        self.free = threading.Event()
        self.free.set()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while (job := self.work.get()) is not None:
            self.free.wait()
            job()  # type: ignore[operator]

    def stop(self) -> None:
        self.free.set()
        self.work.put(None)
        self.thread.join()


def test_the_hand_off_runs_the_work_on_the_game_thread_and_returns_its_result() -> None:
    loop = MainLoop()
    try:
        ran_on: list[threading.Thread] = []
        handoff = HandOff(loop.work.put, timeout=2)
        assert handoff.run(lambda: ran_on.append(threading.current_thread()) or 42) == 42
        assert ran_on == [loop.thread]
        with pytest.raises(ZeroDivisionError):
            handoff.run(lambda: 1 // 0)
    finally:
        loop.stop()


def test_work_the_busy_table_did_not_start_in_time_is_cancelled_and_never_runs() -> None:
    loop = MainLoop()
    try:
        loop.free.clear()  # the UI thread is busy (a long redraw)
        done: list[str] = []
        with pytest.raises(TableBusy):
            HandOff(loop.work.put, timeout=0.1).run(lambda: done.append("bid"))
        loop.free.set()
        time.sleep(0.1)
        assert done == []  # the phone was told "busy": nothing happened, and nothing happens later
    finally:
        loop.stop()


def test_the_rate_limit_allows_a_burst_then_a_steady_pace() -> None:
    now = [0.0]
    limit = RateLimit(burst=3, per_second=2, clients=2, clock=lambda: now[0])
    assert [limit.allow("phone") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("other")  # each client has its own allowance
    now[0] += 1.0  # two more requests' worth, one of which pays the refused request's debt
    assert [limit.allow("phone") for _ in range(2)] == [True, False]
    limit.allow("third")  # only the two most recent clients are remembered
    assert len(limit._buckets) == 2


def test_a_client_deep_in_debt_is_flooding_until_it_slows_down() -> None:
    now = [0.0]
    limit = RateLimit(burst=3, per_second=2, clients=8, clock=lambda: now[0])
    assert not limit.flooding("phone")
    results = [limit.allow("phone") for _ in range(5)]
    assert results == [True, True, True, False, False] and not limit.flooding("phone")
    limit.allow("phone")  # three requests in debt: as deep as it goes
    assert limit.flooding("phone") and not limit.flooding("other")
    now[0] += 1.0
    assert not limit.flooding("phone")


def test_the_codes_point_at_the_wireless_or_wired_address() -> None:
    assert choose_address([("lo", "127.0.0.1"), ("docker0", "172.17.0.1"), ("wlan0", "192.168.1.23")]) \
        == "192.168.1.23"
    assert choose_address([("lo", "127.0.0.1"), ("eth0", "10.0.0.5")]) == "10.0.0.5"
    assert choose_address([("lo", "127.0.0.1"), ("tailscale0", "100.64.0.2")]) == "100.64.0.2"
    assert choose_address([("lo", "127.0.0.1")]) == LOOPBACK
    assert choose_address([]) == LOOPBACK


def test_the_qr_picture_decodes_to_its_address() -> None:
    url = "http://192.168.1.23:8765/p/Abcdefghijklmnopqrstuv"
    picture = qr_picture(url)
    image = Image.frombytes("RGBA", (picture.modules, picture.modules), picture.rgba)
    assert image.getpixel((QUIET_ZONE - 1, QUIET_ZONE - 1)) == (255, 255, 255, 255)  # the light margin
    assert image.getpixel((QUIET_ZONE, QUIET_ZONE)) == (0, 0, 0, 255)  # a finder pattern's corner
    big = image.convert("L").resize((picture.modules * 6,) * 2, Image.Resampling.NEAREST)
    assert [found.text for found in zxingcpp.read_barcodes(big)] == [url]


def test_the_server_follows_the_table_to_its_new_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Pi joined the network (or got another address) after the phone view started: the next look at the codes
    moves the server there, with the same codes."""
    monkeypatch.setenv("COMPANION_PHONE_ADDRESS", "127.0.0.1")
    monkeypatch.setenv("COMPANION_PHONE_PORT", "0")
    link = PhoneLink(lambda: None, Direct())
    assert link.start() == ""
    try:
        link.keys.follow("game", ["luke"])
        token = link.keys.token("luke")
        assert not link.follow_network()
        monkeypatch.setenv("COMPANION_PHONE_ADDRESS", "127.0.0.2")
        assert link.follow_network()
        assert link.base_url.startswith("http://127.0.0.2:") and link.keys.token("luke") == token
        assert get(link.url("luke").replace("/p/", "/api/p/")).status == 409  # no game open, but it answers
    finally:
        link.stop()
