"""MONOPOLY GO! on the phones, over real HTTP on loopback: each player's own board (no money) and their own
choices, and a Bank Heist decided on two phones, each dial set in secret from its own phone.

Board: tests/go/testbox.py (TEST-ONLY layout: 0 GO, 1 brown, 4 Bank Heist, each tracker 3 steps). Seats: ann
(red), ben (yellow), cat (green). Ann rolled first (6 against 1 and 1); in round 1 she rolls 4, 1, 1: Ann stops on
the Bank Heist, Ben and Cat on the brown space, each taking a brown block from the tray onto Build square 1 (tray:
5 - 2 = 3 brown). Once the blocks are placed, Ann's heist has its turn: she challenges Ben.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from companion.engine.state import Setup
from companion.rules.go_state import go
from companion.storage.journal import Journal
from companion.table.session import Session
from companion.web.handoff import Direct
from companion.web.link import PhoneLink
from tests.go.testbox import made_up_box, marker_at
from tests.web.conftest import Table
from tests.web.helpers import Response, get, post
from tests.web.test_browser import browse

SEATS = [{"id": "ann", "name": "Ann", "board": "red-1"}, {"id": "ben", "name": "Ben", "board": "yellow-1"},
         {"id": "cat", "name": "Cat", "board": "green-1"}]
FIRST = "roll ann 6 1 1"
ROUND_1 = "roll ann 4 1 1"
PLACED = ("place ben brown 1", "place cat brown 1")
PICTURES = {"ring": "Diamond ring", "money": "Stack of money", "coin": "Coin"}
PHONE = (390, 844)


def open_go_table(folder: Path) -> Table:
    """A game of MONOPOLY GO! on the made-up box, past Ann's first roll, with its phone view on 127.0.0.1."""
    folder.mkdir(parents=True, exist_ok=True)
    journal = Journal(folder / "games.sqlite3")
    table = Table(journal, Session.start(journal, made_up_box(), Setup("monopoly-go", "standard", SEATS)))
    table.play(FIRST)
    table.link = PhoneLink(lambda: table.session, Direct())
    assert table.link.start("127.0.0.1", 0) == ""
    table.link.sync()
    return table


def close(table: Table) -> None:
    table.link.stop()
    table.journal.close()


@pytest.fixture
def go_table(tmp_path: Path) -> Iterator[Table]:
    """:func:`open_go_table`, stopped and closed afterwards."""
    opened = open_go_table(tmp_path / "table")
    yield opened
    close(opened)


def tap(table: Table, phone: str, key: str, **extra: object) -> Response:
    """What a player's page sends when a button of their own choices is tapped (``extra``: what a forged request
    adds)."""
    return post(table.url(phone) + "/act", {"key": key, **extra})


def view(table: Table, seat: str) -> dict:
    return get(table.url(seat)).json()


def keys(player_view: dict) -> list[list[str]]:
    """The keys of the buttons of each open choice of a player's view."""
    return [[a["key"] for a in c["actions"]] for c in player_view["choices"]]


def to_the_dials(table: Table) -> None:
    """Round 1 to the dials, Ben's block and Ann's challenge sent from their phones."""
    table.play(ROUND_1)
    assert tap(table, "ben", "place:brown:1").json()["accepted"]
    table.play("place cat brown 1")  # Cat places hers at the table
    assert tap(table, "ann", "heist:ben").json()["lines"] == [
        "Ann challenges Ben to a Bank Heist", "Ann turns their Bank Heist dial in secret",
        "Ben turns their Bank Heist dial in secret"]


def test_a_go_phone_shows_the_players_own_board_and_choices_and_no_money(go_table: Table) -> None:
    """Ann's page after round 1's roll: her red board, the marker (put at step 2 of 3 for this test), the Bank
    Heist she stands on; Ben's page has his block to place, with the proposed square first; nobody has money."""
    assert go_table.session is not None
    marker_at(go_table.session.game, "ann", 2)  # TEST-ONLY set-up, before the roll's entry (views follow entries)
    go_table.play(ROUND_1)
    ann = view(go_table, "ann")
    assert ann["board"]["face"] == "The red board, side 1" and ann["board"]["space"] == "Bank Heist"
    assert ann["board"]["marker"] == "Tracker: step 2 of 3"
    assert [(q["square"], q["height"]) for q in ann["board"]["squares"]] == [(1, 0), (2, 0), (3, 0), (4, 0)]
    assert ann["board"]["tiles"] == [] and ann["player"]["cash"] == "" and ann["trade"] is None
    assert ann["headline"] == "Round 1 · Ann rolls · Ben and Cat place their blocks"
    assert ann["choices"] == [] and ann["secret"] is None  # her heist waits for the blocks
    assert ann["others"] == [{"name": "Ben", "blocks": "0 blocks", "turn": False, "out": False},
                             {"name": "Cat", "blocks": "0 blocks", "turn": False, "out": False}]

    (choice,) = view(go_table, "ben")["choices"]
    assert choice["line"] == "Ben takes a brown block from the tray (brown space)" and not choice["secret"]
    assert [(a["key"], a["label"], a["style"]) for a in choice["actions"]][:2] == [
        ("place:brown:1", "Ben: brown block on square 1", "primary"),
        ("place:brown:2", "Ben: brown block on square 2", "normal")]

    reply = tap(go_table, "ben", "place:brown:1")
    assert reply.status == 200 and reply.json()["lines"][0] == "Ben takes a brown block (brown space)"
    ben = view(go_table, "ben")
    assert (ben["board"]["squares"][0]["colour"], ben["board"]["squares"][0]["height"]) == ("brown", 1)
    assert ben["board"]["blocks"] == "1 block" and ben["choices"] == []
    assert ben["tray"].startswith("Tray: 4 brown, 5 light blue")

    table = view(go_table, "")
    assert [b["name"] for b in table["boards"]] == ["Ann", "Ben", "Cat"] and table["players"] == []
    assert table["waiting"] == ["Cat places a block"]
    assert "IC" not in str(table) and "cash" not in str(table["boards"])


@pytest.mark.parametrize("ann_picks, ben_picks, shown, outcome", [
    ("coin", "coin", "Ann shows the coin, Ben the coin: the heist works!", "The heist works!"),
    ("ring", "money", "Ann shows the diamond ring, Ben the stack of money: no match, the heist fails",
     "No match: the heist fails."),
])
def test_a_heist_decided_on_two_phones(go_table: Table, ann_picks: str, ben_picks: str, shown: str,
                                       outcome: str) -> None:
    """GO-HEIST: Ann and Ben each set their dial from their own phone; the table learns nothing but that a dial is
    set until both are, then both pictures are shown at once. Same picture: Ann takes Ben's brown block from
    square 1 onto her own square 1 (Ben 1 - 1 = 0 blocks, Ann 0 + 1 = 1). Different: nothing happens."""
    to_the_dials(go_table)
    for player in ("ann", "ben"):
        mine = view(go_table, player)
        assert mine["secret"]["stage"] == "choose" and mine["secret"]["title"] == "Bank Heist: Ann against Ben"
        (choice,) = mine["choices"]
        assert choice["secret"] and [(a["key"], a["label"], a["picture"]) for a in choice["actions"]] == [
            (f"picture:{k}", label, k) for k, label in PICTURES.items()]
    assert view(go_table, "cat")["choices"] == [] and view(go_table, "cat")["secret"] is None

    reply = tap(go_table, "ann", f"picture:{ann_picks}")
    (said,) = reply.json()["lines"]
    assert reply.status == 200 and said.startswith("Ann") and "set their dial" in said
    ann = view(go_table, "ann")
    assert (ann["secret"]["stage"], ann["secret"]["text"]) == ("set", "Dial set — wait for the reveal")
    assert ann["secret"]["mine"] == f"You chose the {ann_picks}".replace("ring", "diamond ring").replace(
        "money", "stack of money")
    assert ann["choices"] == []
    assert view(go_table, "")["journal"][-1]["text"] == f"{said} (sent from a phone)"

    reply = tap(go_table, "ben", f"picture:{ben_picks}")
    assert reply.status == 200 and shown in reply.json()["lines"]
    for player in ("ann", "ben"):
        secret = view(go_table, player)["secret"]
        assert (secret["stage"], secret["text"], secret["outcome"]) == ("revealed", "Both dials, shown at once:",
                                                                        outcome)
        assert [(p["who"], p["picture"]) for p in secret["pictures"]] == [("Ann", ann_picks), ("Ben", ben_picks)]
    assert shown in view(go_table, "")["journal"][-1]["text"]
    assert go_table.session is not None
    assert [e.command.source for e in go_table.session.game.entries[-2:] if e.command] == ["phone", "phone"]

    if ann_picks != ben_picks:
        assert view(go_table, "ann")["choices"] == []
        assert view(go_table, "ben")["board"]["blocks"] == "1 block"
        return
    assert keys(view(go_table, "ann")) == [["steal:1"]]
    reply = tap(go_table, "ann", "steal:1")
    assert reply.json()["lines"] == ["Ann steals a brown block from Ben", "Now the Mega Shut Downs",
                                     "Round 2: Ben rolls every die"]
    ann, ben = view(go_table, "ann"), view(go_table, "ben")
    assert (ann["board"]["squares"][0]["colour"], ann["board"]["squares"][0]["height"]) == ("brown", 1)
    assert ann["board"]["blocks"] == "1 block" and ben["board"]["blocks"] == "0 blocks"


def test_a_second_phone_cannot_read_the_first_phones_picture_before_the_reveal(tmp_path: Path) -> None:
    """GO-HEIST-6: Two tables play the same game to the dials; Ann sets the coin on one and the diamond ring on
    the other. Until Ben sets his, every view but Ann's own is the same byte for byte at both tables (Ben's, Cat's, the
    table view, with the same ETag): no phone and no table page can tell which picture Ann chose. Ann's own view
    tells her. Once Ben's dial is set, everyone sees both."""
    tables = {pick: open_go_table(tmp_path / pick) for pick in ("coin", "ring")}
    try:
        for pick, table in tables.items():
            to_the_dials(table)
            assert tap(table, "ann", f"picture:{pick}").status == 200
            assert table.session is not None
            heist = go(table.session.game.state).heist
            assert heist is not None and heist.dials == {"ann": pick}
        for seat in ("ben", "cat", ""):
            coin, ring = (get(t.url(seat)) for t in tables.values())
            assert (coin.status, ring.status) == (200, 200)
            assert coin.body == ring.body and coin.headers["etag"] == ring.headers["etag"], seat
            for words in (b"the coin", b"diamond ring", b"You chose", b"dial ann"):
                assert words not in coin.body and words not in ring.body, (seat, words)
        assert view(tables["coin"], "ann")["secret"]["mine"] == "You chose the coin"
        assert view(tables["ring"], "ann")["secret"]["mine"] == "You chose the diamond ring"

        for table in tables.values():
            assert tap(table, "ben", "picture:money").status == 200
        assert "Ann shows the coin, Ben the stack of money" in view(tables["coin"], "")["journal"][-1]["text"]
        assert "Ann shows the diamond ring, Ben the stack of money" in view(tables["ring"], "cat")["journal"][-1][
            "text"]
    finally:
        for table in tables.values():
            close(table)


def test_a_phone_cannot_set_another_players_dial(go_table: Table) -> None:
    """A phone acts only for its own player: Ben's phone naming Ann is refused, Cat (not in the heist) has no dial
    to set, the table's code sets nothing, a command written into the request is not taken, and a dial once set
    cannot be set again. None of it changes the game; Ann's coin is what is shown at the reveal."""
    to_the_dials(go_table)
    before = go_table.snapshot()
    reply = tap(go_table, "ben", "picture:coin", player="ann")
    assert (reply.status, reply.json()) == (403, {"error": "This is Ben's phone: it can only act for Ben, never "
                                                           "for Ann."})
    reply = tap(go_table, "cat", "picture:coin")
    assert (reply.status, reply.json()) == (409, {"error": "That is not one of Cat's choices now: the table may "
                                                           "have moved on."})
    table_code = go_table.url("").replace("/api/t/", "/api/p/")
    reply = post(table_code + "/act", {"key": "picture:coin"})
    assert (reply.status, reply.json()) == (403, {"error": "The table code only shows the table: use your own code "
                                                           "to bid or trade."})
    reply = post(go_table.url("ben") + "/act", {"command": "dial ann ring"})
    assert (reply.status, reply.json()) == (400, {"error": "Tap one of your own choices."})
    assert go_table.snapshot() == before

    assert tap(go_table, "ann", "picture:coin").status == 200
    again = tap(go_table, "ann", "picture:ring")
    assert (again.status, again.json()["error"]) == (409, "That is not one of Ann's choices now: the table may "
                                                          "have moved on.")
    assert tap(go_table, "ben", "picture:ring").status == 200
    assert view(go_table, "ann")["secret"]["pictures"][0] == {"who": "Ann", "picture": "coin", "name": "coin"}


def shoot(chromium: str, table: Table, seat: str, profile: Path, shot: Path, seen: list[str],
          unseen: tuple[str, ...] = ()) -> None:
    """A phone-size screenshot of a seat's page, and what the rendered page says."""
    url = table.url(seat, api=False)
    shot.unlink(missing_ok=True)
    browse(chromium, url, profile, f"--screenshot={shot}")
    with Image.open(shot) as picture:
        assert picture.size == PHONE
    page = browse(chromium, url, profile, "--dump-dom")
    for words in seen:
        assert words in page, words
    for words in unseen:
        assert words not in page, words


def test_the_heist_on_phone_pages_in_a_real_browser(go_table: Table, chromium: str, tmp_path: Path,
                                                    screenshot_dir: Path) -> None:
    """The pages at phone size: Ben's three big pictures; Ann's page once her dial is set (only she is told what
    she chose; Ben's page does not say); both pictures and the outcome at the reveal; the table page's boards."""
    to_the_dials(go_table)
    profile = tmp_path / "profile"
    shoot(chromium, go_table, "ben", profile, screenshot_dir / "phone-go-dials.png",
          ["Bank Heist: Ann against Ben", "Turn your dial in secret", 'data-key="picture:ring"',
           'data-key="picture:money"', 'data-key="picture:coin"', "Diamond ring", "Stack of money",
           "The yellow board, side 1", "Tracker: step 0 of 3"], ("IC",))
    assert tap(go_table, "ann", "picture:coin").status == 200
    shoot(chromium, go_table, "ann", profile, screenshot_dir / "phone-go-dial-set.png",
          ["Dial set — wait for the reveal", "You chose the coin", "set their dial"],
          ('data-key="picture:',))
    shoot(chromium, go_table, "ben", profile, tmp_path / "ben-waiting.png", ["set their dial"],
          ("You chose", "the coin"))
    assert tap(go_table, "ben", "picture:coin").status == 200
    shoot(chromium, go_table, "ann", profile, screenshot_dir / "phone-go-reveal.png",
          ["Ann: the coin", "Ben: the coin", "The heist works!", "Your choices", 'data-key="steal:1"'])
    assert tap(go_table, "ann", "steal:1").status == 200
    shoot(chromium, go_table, "", profile, screenshot_dir / "phone-go-table.png",
          ["Round 2 · Ben rolls", "The red board, side 1", "Ann steals a brown block from Ben",
           "Tray: 3 brown"], ("You chose",))
