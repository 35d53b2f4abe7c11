"""The phone view over real HTTP on loopback: what the table view and a player's own view show, and a player's
private inputs (a bid, dropping out, a trade offer) passing the engine exactly like a tap and landing in the
journal. Figures: see the position in conftest.py; Hoth: Frozen Plains is printed at 100 IC.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.table.actions import bid_command, propose_command
from companion.table.views import PieceView, journal_lines
from companion.web import payloads
from tests.web.conftest import AUCTION, Table
from tests.web.helpers import get, post


def deeds_of(seat: dict) -> list[tuple[str, str, bool]]:
    """A seat's deeds as the page lists them: name, buildings or mortgage in words, mortgaged or not."""
    return [(d["name"], d["marks"], d["mortgaged"]) for g in seat["groups"] for d in g["deeds"]]


def test_the_table_view_shows_every_seat_with_buildings_and_mortgages(table: Table) -> None:
    reply = get(table.url(""))
    assert reply.status == 200 and reply.headers["content-type"].startswith("application/json")
    view = reply.json()
    assert view["headline"] == "Turn 11 · Luke"
    luke, vader = view["players"]
    assert (luke["name"], luke["cash"], luke["turn"]) == ("Luke", "1,430 IC", True)
    assert deeds_of(luke) == [("Yoda's Hut", "1 fighter", False), ("Swamp", "2 fighters", False)]
    assert [(g["name"], g["complete"]) for g in luke["groups"]] == [("Dagobah", True)]
    assert (vader["name"], vader["cash"], vader["turn"]) == ("Vader", "1,600 IC", False)
    assert deeds_of(vader) == [("TIE Fighter", "mortgaged", True)]
    assert view["stock"] == "Bank: 29 fighters, 12 freighters/destroyers left"
    assert view["journal"][-1]["text"] == "Turn 11: Luke"
    assert view["pieces"] == [] and view["auction"] is None and view["trade"] is None
    assert view["words"] == {"deeds": "Title Deeds", "currency": "IC"}


def test_the_pages_are_self_contained_and_locked_down(table: Table) -> None:
    """Both pages load nothing from elsewhere (no internet at the table) and allow only their own script."""
    for seat in ("", "luke"):
        page = get(table.url(seat, api=False))
        assert page.status == 200 and page.headers["content-type"] == "text/html; charset=utf-8"
        assert b"://" not in page.body
        policy = page.headers["content-security-policy"]
        assert policy.startswith("default-src 'none'") and "script-src 'sha256-" in policy
        assert "connect-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert page.headers["referrer-policy"] == "no-referrer"
        assert page.headers["x-content-type-options"] == "nosniff"


def test_a_players_view_has_their_seat_and_what_they_could_trade(table: Table) -> None:
    """Luke's deeds cannot change hands while Dagobah has fighters: the engine's reason is on each of them; Vader's
    mortgaged TIE Fighter can."""
    view = get(table.url("luke")).json()
    assert (view["player"]["name"], view["player"]["cash"]) == ("Luke", "1,430 IC")
    assert view["cards"] == [] and view["auction"] is None
    assert view["others"] == [{"name": "Vader", "cash": "1,600 IC", "turn": False, "out": False}]
    mine = view["trade"]["mine"]
    assert mine["cash"] == 1430
    assert [(d["full_name"], d["reasons"]) for d in mine["deeds"]] == [
        ("Dagobah: Yoda's Hut", ["Dagobah: Yoda's Hut cannot change hands while its colour group has starships: "
                                 "sell them to the Bank first."]),
        ("Dagobah: Swamp", ["Dagobah: Swamp cannot change hands while its colour group has starships: sell them "
                            "to the Bank first."])]
    (vader,) = view["trade"]["partners"]
    assert (vader["id"], vader["cash_text"]) == ("vader", "1,600 IC")
    assert [(d["full_name"], d["marks"], d["reasons"]) for d in vader["deeds"]] == [("TIE Fighter", "mortgaged", [])]


def test_a_bid_and_a_pass_from_phones_pass_the_engine_and_reach_the_journal(table: Table) -> None:
    """Luke declines Hoth: Frozen Plains: it goes up for auction. Vader bids 10 from his phone, Luke drops out
    from his: Vader wins it for 10 IC (1,600 - 10 = 1,590)."""
    table.play(*AUCTION)
    vader = table.url("vader")
    auction = get(vader).json()["auction"]
    assert auction["lot"] == "Hoth: Frozen Plains" and auction["high"] == "no bid yet"
    assert [(r["label"], r["amount"], r["enabled"]) for r in auction["raises"]] == [
        ("+1", 1, True), ("+10", 10, True), ("+50", 50, True), ("+100", 100, True)]

    reply = post(vader + "/bid", {"amount": 10})
    assert reply.status == 200
    assert reply.json() == {"accepted": True, "command": bid_command("vader", 10), "lines": ["Vader bids 10 IC"],
                            "reasons": []}
    assert get(table.url("")).json()["auction"]["high"] == "10 IC · Vader"

    reply = post(table.url("luke") + "/pass", {})
    assert reply.status == 200 and reply.json()["lines"] == [
        "Luke drops out of the auction", "Vader wins Hoth: Frozen Plains for 10 IC",
        "Vader wins Hoth: Frozen Plains at auction: Vader −10 IC"]
    assert table.session is not None
    assert [(e.command.to_text(), e.command.source) for e in table.session.game.entries[-2:] if e.command] == [
        ("bid vader 10", "phone"), ("pass luke", "phone")]
    assert journal_lines(table.session.game, 2)[0].text == "Vader bids 10 IC (sent from a phone)"
    view = get(table.url("")).json()
    assert view["players"][1]["cash"] == "1,590 IC" and view["auction"] is None


def test_a_bid_the_engine_refuses_changes_nothing_and_says_why(table: Table) -> None:
    table.play(*AUCTION, "bid vader 10")
    before = table.snapshot()
    reply = post(table.url("luke") + "/bid", {"amount": 5})
    assert reply.status == 409
    assert reply.json() == {"accepted": False, "command": "bid luke 5", "lines": [], "reasons": [
        "A bid must be at least 11 Imperial credits: the highest bid, 10 Imperial credits, plus 1 or more."]}
    assert table.snapshot() == before


def test_a_trade_offer_from_a_phone_waits_for_the_partner_on_the_table(table: Table) -> None:
    """Vader offers his mortgaged TIE Fighter for 150 IC from his phone; the offer stands until Luke answers it at
    the table; once accepted Luke has 1,430 - 150 = 1,280 IC and Vader 1,600 + 150 = 1,750 IC."""
    reply = post(table.url("vader") + "/propose",
                 {"partner": "luke", "give": {"deeds": ["tie-fighter"]}, "get": {"cash": 150}})
    assert reply.status == 200 and reply.json()["lines"] == ["Vader offers Luke a trade"]
    assert reply.json()["command"] == propose_command("vader", "luke", ["tie-fighter"], 0, [], [], 150, [])
    offer = get(table.url("")).json()["trade"]
    assert (offer["proposer"], offer["partner"], offer["gives"], offer["gets"]) == (
        "Vader", "Luke", ["TIE Fighter (mortgaged)"], ["150 IC"])
    assert get(table.url("luke")).json()["trade"]["open"]["gives"] == ["TIE Fighter (mortgaged)"]

    table.play("accept luke")  # the partner's answer is given on the table
    luke, vader = get(table.url("")).json()["players"]
    assert (luke["cash"], vader["cash"]) == ("1,280 IC", "1,750 IC")
    assert deeds_of(luke)[-1] == ("TIE Fighter", "mortgaged", True)


def test_an_unchanged_view_costs_a_304_and_a_change_shows_at_once(table: Table) -> None:
    url = table.url("")
    first = get(url)
    tag = first.headers["etag"]
    again = get(url, {"If-None-Match": tag})
    assert (again.status, again.body) == (304, b"")
    table.play(*AUCTION)
    changed = get(url, {"If-None-Match": tag})
    assert changed.status == 200 and changed.headers["etag"] != tag
    assert changed.json()["auction"]["lot"] == "Hoth: Frozen Plains"


def test_with_no_game_open_a_phone_is_told_so(table: Table) -> None:
    url = table.url("luke")
    table.session = None
    reply = get(url)
    assert reply.status == 409 and reply.json() == {"error": "No game is open at the table."}


def test_pieces_that_are_not_players_tokens_are_listed_with_where_they_stand(table: Table,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The Mandalorian's Grogu and Imperial enemies reach the phones through the table view's pieces. The Original
    Trilogy has none, so this view is given two."""
    real = payloads.table_view

    def with_pieces(game: Any, journal_last: int = 6) -> Any:
        return replace(real(game, journal_last), pieces=(
            PieceView("grogu", "Grogu", "#6b8e23", "carried by Luke", -1),
            PieceView("enemy-1", "Stormtrooper", "#dddddd", "on Hoth: Echo Base", 8)))

    monkeypatch.setattr(payloads, "table_view", with_pieces)
    assert get(table.url("")).json()["pieces"] == [
        {"name": "Grogu", "colour": "#6b8e23", "place": "carried by Luke"},
        {"name": "Stormtrooper", "colour": "#dddddd", "place": "on Hoth: Echo Base"}]


def test_a_players_own_decision_is_answered_from_their_phone(table: Table) -> None:
    """Every edition's phones show the player's own open decisions with the table's buttons: Luke rolls 2 + 3
    onto Hoth: Frozen Plains (printed price 100); his phone offers to buy it or not, Vader's offers nothing. Luke
    declines from his phone: it goes up for auction, exactly as the same tap on the table."""
    table.play(AUCTION[0])
    (choice,) = get(table.url("luke")).json()["choices"]
    assert choice["line"] == "Hoth: Frozen Plains is for sale: Luke may buy it, or it goes up for auction"
    assert [(a["key"], a["label"], a["enabled"]) for a in choice["actions"]] == [
        ("buy", "Luke: buy Hoth: Frozen Plains for 100 IC", True), ("decline", "Don't buy: auction it", True)]
    assert get(table.url("vader")).json()["choices"] == []
    assert post(table.url("vader") + "/act", {"key": "decline"}).status == 409  # not Vader's to answer

    reply = post(table.url("luke") + "/act", {"key": "decline"})
    assert reply.status == 200 and reply.json()["command"] == "decline luke"
    assert get(table.url("")).json()["auction"]["lot"] == "Hoth: Frozen Plains"
    assert get(table.url("luke")).json()["choices"] == []
