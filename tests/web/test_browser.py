"""Both pages in a real browser at phone size (390 x 844, an everyday phone): Debian's Chromium, headless, loads
each page from the server on loopback, runs its script against the JSON, and the screenshot is saved under
build/screenshots. The rendered page is also read back as HTML to check what a player sees on it.

Position: conftest.py, then Luke declined Hoth: Frozen Plains and Vader bid 10 IC from the table.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image

from tests.web.conftest import AUCTION, Table

PHONE = (390, 844)


def browse(chromium: str, url: str, profile: Path, *what: str) -> str:
    """Run headless Chromium on ``url`` with the page's timers given 3 s; returns what it printed."""
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--disable-extensions", "--hide-scrollbars", f"--user-data-dir={profile}",
               f"--window-size={PHONE[0]},{PHONE[1]}", "--virtual-time-budget=3000", *what, url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout


@pytest.mark.parametrize("seat, name, seen", [
    ("", "phone-web-table", ["Turn 11 · Luke", "1,430 IC", "1,600 IC", "Yoda's Hut", "2 fighters", "mortgaged",
                             "Auction: Hoth: Frozen Plains", "Highest bid: 10 IC · Vader",
                             "Bank: 29 fighters, 12 freighters/destroyers left", "#34 Vader bids 10 IC", "Live ·"]),
    ("luke", "phone-web-player", ["Luke", "1,430 IC", "your turn", "+10 → 20 IC", "+100 → 110 IC",
                                  "Highest bid: 10 IC · Vader", "Vader · 1,600 IC · highest bid",
                                  "TIE Fighter (mortgaged)", "Live ·"]),
])
def test_a_page_at_phone_size_in_a_real_browser(table: Table, chromium: str, tmp_path: Path, screenshot_dir: Path,
                                                seat: str, name: str, seen: list[str]) -> None:
    table.play(*AUCTION, "bid vader 10")
    url = table.url(seat, api=False)
    shot = screenshot_dir / f"{name}.png"
    shot.unlink(missing_ok=True)
    browse(chromium, url, tmp_path / "profile", f"--screenshot={shot}")
    with Image.open(shot) as picture:
        assert picture.size == PHONE
    page = browse(chromium, url, tmp_path / "profile", "--dump-dom")
    for words in seen:
        assert words in page, words
    assert 'class="gone"' not in page
