"""The auction, journal and end screens, driven by tapping their real widgets.

Positions are reached quickly with ``app.submit`` (said so at each place); the flow under test is tapped. Values
are worked out by hand from the rule book and editions/original-trilogy/*.toml: start cash 1,500 IC; Dagobah:
Swamp (space 3, reached from GO with a 1 and a 2) costs 60 and rents for 4; Hoth: Frozen Plains rents for 6.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from companion.table.actions import turn_actions
from companion.table.views import journal_lines, player_views, space_view
from companion.ui.screens.auction import AuctionScreen
from companion.ui.screens.journal import JournalScreen
from companion.ui.widgets import EngineActionButton, NumberPad, TapButton
from tests.clock import FakeClock
from tests.ui.helpers import (
    PATIENCE,
    dialogs,
    exact,
    find,
    find_all,
    frames,
    settle,
    setup_for,
    shoot,
    shoot_larger,
    tap,
    texts,
    touch_now,
)

pytestmark = pytest.mark.ui

SWAMP = 3  # board position of Dagobah: Swamp
FAR_FUTURE = "2999-01-01T00:00"  # a time-limit game that the clock never ends during a test


def cash(app: Any, player: str) -> str:
    """A player's cash as the table words it."""
    return next(p.cash_text for p in player_views(app.session.game) if p.id == player)


def swamp_owner(app: Any) -> str:
    deed = space_view(app.session.game, SWAMP).deed
    assert deed is not None
    return deed.owner_name


def run_out(clock: FakeClock, screen: AuctionScreen, stages: int = 3) -> None:
    """Let ``stages`` countdown stages run out on the fake clock, one tick each; after the last stage the sale
    follows on the next tick."""
    for _ in range(stages):
        clock.advance(AuctionScreen.STAGE_SECONDS)
        screen.tick()
    if stages == len(AuctionScreen.STAGES):
        screen.tick()
        settle()


def open_swamp_auction(app: Any, players: int = 3) -> AuctionScreen:
    # Reached with app.submit: Luke rolls 1 + 2 onto Dagobah: Swamp and declines it.
    app.new_game(setup_for(players))
    app.submit("roll luke 1 2")
    app.submit("decline luke")
    settle()
    assert app.manager.current == "auction"
    screen = app.screen("auction")
    assert isinstance(screen, AuctionScreen)
    return screen


# ---------------------------------------------------------------- auction


def test_decline_then_auction_with_several_bidders(app, screenshot_dir, window) -> None:
    """OT-BUY-3, OT-BUY-4, OT-BUY-5: the declined Swamp is auctioned; three players bid by tapping +10, +50 and an
    exact 75 on the keypad; the high bidder cannot pass; when the other two pass the auction closes by itself and
    Vader pays 75: 1,500 - 75 = 1,425 IC."""
    screen = open_swamp_auction(app)
    assert screen.lot.text == "Dagobah: Swamp"
    assert "printed price 60 IC" in screen.lot_info.text
    assert screen.high_bid.text == "No bid yet"
    assert screen.stage_label.text == "Going once…"

    tap(exact("+10", screen.rows["vader"]))
    assert screen.high_bid.text == "10 IC  ·  Vader"
    tap(exact("+50", screen.rows["leia"]))
    assert screen.high_bid.text == "60 IC  ·  Leia"
    assert "1,500 IC  ·  highest" in texts(screen.rows["leia"])
    tap(exact("Exact…", screen.rows["vader"]))
    pad = dialogs()[-1]
    assert isinstance(pad, NumberPad) and "Vader" in pad.title.text
    tap(exact("7", pad))
    tap(exact("5", pad))
    tap(pad.ok)
    assert no_dialogs_left()
    assert screen.high_bid.text == "75 IC  ·  Vader"
    assert [b.text for b in find_all(TapButton, root=screen.rows["luke"])][::-1] == \
        ["+1", "+10", "+50", "+100", "Exact…", "Pass"]
    shoot(screenshot_dir, "auction-open")
    shoot_larger(window, screenshot_dir, "auction-open")

    # The high bidder's Pass is dimmed; a tap says why.
    vader_pass = exact("Pass", screen.rows["vader"])
    assert vader_pass.style == "off"
    tap(vader_pass)
    assert dialogs()[-1].reasons == ["Vader holds the highest bid."]
    tap(exact("OK", dialogs()[-1]))
    assert no_dialogs_left()

    tap(exact("Pass", screen.rows["leia"]))
    assert screen.rows["leia"].opacity < 1 and "1,500 IC  ·  out" in texts(screen.rows["leia"])
    assert app.manager.current == "auction"
    tap(exact("Pass", screen.rows["luke"]))
    settle()
    assert app.manager.current == "table"
    assert swamp_owner(app) == "Vader"
    assert (cash(app, "vader"), cash(app, "luke"), cash(app, "leia")) == ("1,425 IC", "1,500 IC", "1,500 IC")
    assert "1,425 IC" in texts(app.screen("table"))


def test_closing_the_app_stops_the_countdown(app: Any) -> None:
    """Closing the app mid-auction leaves no countdown that could sell the lot into a closed journal."""
    screen = open_swamp_auction(app)
    assert screen._clock is not None
    app.on_stop()
    assert screen._clock is None


def test_countdown_sells_to_the_single_bidder(app: Any, fake_clock: FakeClock) -> None:
    """OT-BUY-3, OT-BUY-4: one bid of 10, then nobody raises: the countdown runs out, the auction closes and Leia
    pays 10 (1,490 IC left)."""
    screen = open_swamp_auction(app)
    tap(exact("+10", screen.rows["leia"]))
    run_out(fake_clock, screen)
    assert app.manager.current == "table"
    assert swamp_owner(app) == "Leia"
    assert cash(app, "leia") == "1,490 IC"
    assert screen._clock is None  # nothing ticks behind the table


def test_a_bid_restarts_the_countdown(app: Any, screenshot_dir: Path, fake_clock: FakeClock) -> None:
    """OT-BUY-3: the countdown reaches "going twice", a new bid sends it back to "going once", and when it runs
    out the new highest bidder, Vader, pays 60 (1,440 IC left)."""
    screen = open_swamp_auction(app)
    tap(exact("+10", screen.rows["leia"]))
    fake_clock.advance(AuctionScreen.STAGE_SECONDS / 2)
    screen.tick()
    assert screen.stage_label.text == "Going once…"
    run_out(fake_clock, screen, stages=1)
    assert screen.stage_label.text == "Going twice…" and app.manager.current == "auction"
    shoot(screenshot_dir, "auction-going-twice")
    tap(exact("+50", screen.rows["vader"]))
    assert screen.high_bid.text == "60 IC  ·  Vader"
    assert screen.stage_label.text == "Going once…"
    run_out(fake_clock, screen)
    assert swamp_owner(app) == "Vader"
    assert cash(app, "vader") == "1,440 IC"
    assert cash(app, "leia") == "1,500 IC"


def test_no_bid_leaves_the_deed_with_the_bank(app: Any, fake_clock: FakeClock) -> None:
    """OT-BUY-3: nobody bids before the countdown runs out: the Swamp stays with the Bank and nobody pays."""
    screen = open_swamp_auction(app)
    assert exact("No bids: close", screen.close_box)
    run_out(fake_clock, screen)
    assert app.manager.current == "table"
    assert swamp_owner(app) == "Bank"
    assert [p.cash_text for p in player_views(app.session.game)] == ["1,500 IC"] * 3


def test_hold_stops_the_countdown_and_sold_closes_by_hand(app: Any, fake_clock: FakeClock) -> None:
    """OT-BUY-3: "Hold" stops the countdown while the table thinks; the Banker's "Sold!" closes the auction for
    the highest bid (Luke, 1: 1,499 IC left)."""
    screen = open_swamp_auction(app, players=2)
    tap(exact("+1", screen.rows["luke"]))
    tap(exact("Hold", screen))
    held = screen.stage_label.text
    assert held.endswith("(held)") and exact("Go on", screen)
    run_out(fake_clock, screen, stages=5)  # longer than all three stages
    frames(3)
    assert app.manager.current == "auction" and screen.stage_label.text == held
    tap(exact("Sold!", screen.close_box))
    settle()
    assert app.manager.current == "table"
    assert swamp_owner(app) == "Luke" and cash(app, "luke") == "1,499 IC"


def test_a_bid_from_a_phone_as_the_countdown_runs_out_is_not_lost(app: Any, fake_clock: FakeClock) -> None:
    """OT-BUY-3: Leia bids 10; "last call" runs out, and before the sale Vader's phone bid of 60 is counted (a
    phone's bid reaches the screen through the clock, like the countdown): the sale is called off, the
    countdown starts again for Vader's bid, and Vader wins the Swamp for 60."""
    screen = open_swamp_auction(app)
    tap(exact("+10", screen.rows["leia"]))
    for _ in AuctionScreen.STAGES:
        fake_clock.advance(AuctionScreen.STAGE_SECONDS)
        screen.tick()
    assert screen._expiring is not None  # the countdown has run out; the sale waits for the next tick
    assert app.phone_submit("bid vader 60").accepted
    screen.tick()
    assert app.manager.current == "auction" and screen.stage_label.text == "Going once…"
    assert screen.high_bid.text == "60 IC  ·  Vader"
    run_out(fake_clock, screen)
    assert swamp_owner(app) == "Vader" and cash(app, "vader") == "1,440 IC" and cash(app, "leia") == "1,500 IC"


def test_a_tap_in_the_frame_the_countdown_runs_out_is_not_lost(app: Any, fake_clock: FakeClock) -> None:
    """OT-BUY-3: Kivy handles a frame's touches after its clock has ticked. Leia bids 10 and "last call" runs
    out on a tick; Vader's touch on "+50" handled in that same frame is counted before the sale, which is called
    off: Vader wins for 60, not Leia for 10."""
    screen = open_swamp_auction(app)
    tap(exact("+10", screen.rows["leia"]))
    for _ in AuctionScreen.STAGES:
        fake_clock.advance(AuctionScreen.STAGE_SECONDS)
        screen.tick()
    touch_now(exact("+50", screen.rows["vader"]))  # no frame runs in between
    screen.tick()
    assert app.manager.current == "auction" and screen.high_bid.text == "60 IC  ·  Vader"
    run_out(fake_clock, screen)
    assert swamp_owner(app) == "Vader" and cash(app, "vader") == "1,440 IC"


def test_a_countdown_armed_without_a_bid_since_sells_on_the_next_tick(app: Any, fake_clock: FakeClock) -> None:
    """OT-BUY-3: once "last call" has run out, the very next tick sells the lot, whatever time the clock shows
    (a stalled slow CPU ticks late; it never skips the sale or sells twice)."""
    screen = open_swamp_auction(app)
    tap(exact("+10", screen.rows["leia"]))
    for _ in AuctionScreen.STAGES:
        fake_clock.advance(AuctionScreen.STAGE_SECONDS)
        screen.tick()
    assert app.manager.current == "auction"
    screen.tick()
    screen.tick()
    settle()
    assert swamp_owner(app) == "Leia" and cash(app, "leia") == "1,490 IC"
    assert [e.command.verb for e in app.session.game.entries[1:] if e.command].count("close") == 1


def test_deeds_of_a_bankruptcy_to_the_bank_queue_for_auction(app, screenshot_dir) -> None:
    """OT-BANKRUPT-6, OT-BANKRUPT-7: Luke cannot pay the Docking Tax and goes bankrupt to the bank; his two deeds
    are auctioned one after the other and the screen says how many lots still wait.

    Seed 0 of the time-limit game deals Luke Hoth: Frozen Plains (100) and the X-wing Fighter (200), Vader
    1,160 IC of cash and Leia 1,240 IC. Luke hands 1,160 of his 1,200 to the bank, so 40 plus mortgages of
    50 + 100 cannot raise the 200 flat tax.
    """
    app.new_game(setup_for(3, "time-limit", ends_at=FAR_FUTURE))
    # Reached with app.submit: Luke's cash drops, he lands on the Docking Tax (1 + 3), owes 200 and goes bankrupt.
    for command in ("transfer luke bank 1160 spent at the cantina", "roll luke 1 3", "tax luke flat",
                    "bankrupt luke"):
        assert app.submit(command).accepted, command
    settle()
    assert app.manager.current == "auction"
    screen = app.screen("auction")
    assert screen.lot.text == "Hoth: Frozen Plains"
    assert screen.queue.text == "Then 1 more lot from the Bank"
    assert sorted(screen.rows) == ["leia", "vader"]
    tap(exact("+100", screen.rows["vader"]))
    shoot(screenshot_dir, "auction-queue")
    tap(exact("Pass", screen.rows["leia"]))
    settle()
    assert app.manager.current == "auction"
    assert screen.lot.text == "X-wing Fighter" and screen.queue.text == ""
    assert screen.high_bid.text == "No bid yet" and screen.stage_label.text == "Going once…"
    tap(exact("+10", screen.rows["leia"]))
    tap(exact("Pass", screen.rows["vader"]))
    settle()
    assert app.manager.current == "table"
    assert (cash(app, "vader"), cash(app, "leia")) == ("1,060 IC", "1,230 IC")


# ---------------------------------------------------------------- journal and undo


def buy_the_swamp(app: Any) -> None:
    # Reached with app.submit: Luke rolls 1 + 2 onto Dagobah: Swamp and buys it for 60 (1,440 IC left).
    app.new_game(setup_for(2))
    app.submit("roll luke 1 2")
    app.submit("buy luke")
    assert cash(app, "luke") == "1,440 IC"
    app.goto("journal")  # the table's Journal button belongs to the table screen's tests
    settle()


def journal_rows(app: Any) -> list[Any]:
    """The journal screen's entry rows, top to bottom."""
    return [w for w in reversed(app.screen("journal").lines.children) if hasattr(w, "entry")]


def no_dialogs_left() -> bool:
    """Let a closing popup finish its fade, then say whether none is open."""
    deadline = time.monotonic() + PATIENCE
    while dialogs() and time.monotonic() < deadline:
        frames(1)
    return dialogs() == []


def test_undo_a_purchase_from_the_journal(app, screenshot_dir) -> None:
    """Undo: the confirmation says in words that the purchase is reversed; confirmed, Luke has 1,500 IC again, the
    purchase is struck through and marked "taken back", and the undo is listed with its reason."""
    buy_the_swamp(app)
    screen = app.screen("journal")
    rows = journal_rows(app)
    assert [r.entry.seq for r in rows] == [2, 1]  # newest first
    assert "Luke buys Dagobah: Swamp" in rows[0].entry.text

    tap(exact("Undo last action", screen))
    dialog = dialogs()[-1]
    assert dialog.title.text == "Take back the last action?"
    assert "•  Luke buys Dagobah: Swamp: Luke −60 IC" in texts(dialog.body)
    tap(exact("Wrong button tapped", dialog))
    assert exact("Wrong button tapped", dialog).style == "primary"
    assert exact("Taken back at the table", dialog).style == "normal"
    shoot(screenshot_dir, "undo-confirm")
    tap(dialog.yes_button)
    settle()

    assert app.manager.current == "journal"
    assert cash(app, "luke") == "1,500 IC"
    assert swamp_owner(app) == "Bank"
    rows = journal_rows(app)
    assert [r.entry.seq for r in rows] == [3, 2, 1]
    undo_row, bought_row, rolled_row = rows
    assert "Taken back (#2): wrong button tapped" in texts(undo_row)
    assert "Undo" in texts(undo_row)
    assert "taken back" in texts(bought_row)
    assert any(t.startswith("[s]Luke buys Dagobah: Swamp") for t in texts(bought_row))
    assert "taken back" not in texts(rolled_row)
    assert "1 taken back" in screen.summary.text
    shoot(screenshot_dir, "journal")

    tap(exact("Back to table", screen))
    settle()
    assert app.manager.current == "table"


def test_cancelled_undo_changes_nothing(app) -> None:
    """Undo: cancelling the confirmation leaves the purchase, the cash and the journal as they were."""
    buy_the_swamp(app)
    tap(exact("Undo last action", app.screen("journal")))
    tap(exact("Cancel", dialogs()[-1]))
    assert no_dialogs_left()
    assert cash(app, "luke") == "1,440 IC"
    assert swamp_owner(app) == "Luke"
    assert [(r.entry.seq, r.entry.undone) for r in journal_rows(app)] == [(2, False), (1, False)]


def test_undo_several_actions(app) -> None:
    """Undo: "Undo several…" takes a count on the keypad, lists every action it reverses (newest first) and takes
    them all back: Luke is back on GO with 1,500 IC."""
    buy_the_swamp(app)
    tap(exact("Undo several…", app.screen("journal")))
    pad = dialogs()[-1]
    tap(exact("2", pad))
    tap(pad.ok)
    dialog = dialogs()[-1]
    assert dialog.title.text == "Take back the last 2 actions?"
    listed = [t for t in reversed(texts(dialog.body)) if t.startswith("•  ")]
    assert len(listed) == 2 and listed[0].startswith("•  Luke buys Dagobah: Swamp")  # newest first
    assert "Luke rolls 1 + 2" in listed[1]
    tap(dialog.yes_button)
    settle()
    assert cash(app, "luke") == "1,500 IC"
    assert next(p.space for p in player_views(app.session.game) if p.id == "luke") == "GO"
    assert [(r.entry.seq, r.entry.undone, r.entry.undo) for r in journal_rows(app)] == \
        [(3, False, True), (2, True, False), (1, True, False)]


def test_undo_with_nothing_to_take_back_says_why(app) -> None:
    """Undo: at the start of a game the dimmed undo button shows the engine's reason instead of a confirmation."""
    app.new_game(setup_for(2))
    app.goto("journal")  # reached directly: the table's Journal button is the table screen's
    settle()
    undo = find(EngineActionButton, "Undo last action")
    assert undo.style == "off"
    tap(undo)
    assert dialogs()[-1].reasons == ["There is nothing to take back."]


# ---------------------------------------------------------------- end of game


def test_end_of_a_time_limit_game(app, screenshot_dir) -> None:
    """OT-TIME-2, OT-SHORT-9: time is up after two turns; the ranking breaks each worth into its parts and the
    chart has one line per player with a point for the start and after each of the 2 turns.

    Seed 0 deals (each player pays the printed prices): Luke Hoth: Frozen Plains 100 + X-wing fighter 200
    (cash 1,200); Vader Hoth: North Ridge 120 + Cloud City: Reactor Control Room 220 (1,160); Leia Dagobah:
    Yoda's Hut 60 + Millennium Falcon 200 (1,240). Luke buys the Swamp (60): 1,140. Vader lands on Luke's Frozen
    Plains and pays 6 rent: Luke 1,146, Vader 1,154; Vader mortgages the Reactor Control Room for 110: 1,264.
    Worths: Luke 1,146 + 100 + 200 + 60 = 1,506; Leia 1,240 + 60 + 200 = 1,500; Vader 1,264 + 120 deeds +
    110 mortgaged at half = 1,494.
    """
    app.new_game(setup_for(3, "time-limit", ends_at=FAR_FUTURE))
    # Reached with app.submit: the two turns, then the agreed time comes.
    for command in ("roll luke 1 2", "buy luke", "end luke", "roll vader 2 4", "claim luke vader",
                    "mortgage vader cloud-city-reactor-control-room", "time-up"):
        assert app.submit(command).accepted, command
    settle()
    assert app.manager.current == "end"
    screen = app.screen("end")
    assert screen.winner.text == "Luke wins!"
    assert screen.reason.text.startswith("The game is over: time is up")
    cards = list(reversed(screen.rank_list.children))
    assert [c.player for c in cards] == ["luke", "leia", "vader"]
    assert texts(cards[0])[::-1][:3] == ["1.", "Luke", "1,506 IC"]
    assert texts(cards[0])[::-1][3:] == ["Cash", "1,146 IC", "Deeds", "360 IC", "Mortgaged deeds (half)", "0 IC",
                                         "Starships", "0 IC"]
    assert texts(cards[1])[::-1] == ["2.", "Leia", "1,500 IC", "Cash", "1,240 IC", "Deeds", "260 IC",
                                     "Mortgaged deeds (half)", "0 IC", "Starships", "0 IC"]
    assert texts(cards[2])[::-1] == ["3.", "Vader", "1,494 IC", "Cash", "1,264 IC", "Deeds", "120 IC",
                                     "Mortgaged deeds (half)", "110 IC", "Starships", "0 IC"]
    frames(3)
    lines = screen.chart.lines
    assert sorted(lines) == ["leia", "luke", "vader"]
    assert {player: len(line.points) // 2 for player, line in lines.items()} == {"luke": 3, "vader": 3, "leia": 3}
    assert [t for t in texts(screen.legend)][::-1] == ["Luke", "Vader", "Leia"]

    tap(exact("Journal", screen))
    settle()
    assert app.manager.current == "journal"
    tap(exact("Back to results", app.screen("journal")))
    settle()
    assert app.manager.current == "end"
    tap(exact("Home", screen))
    settle()
    assert app.manager.current == "home" and app.session is None


def test_a_shared_first_place(app) -> None:
    """OT-TIME-2: time is up before anyone moved: each player paid the bank exactly what their two deeds are
    worth, so all three are worth 1,500 IC and share first place."""
    app.new_game(setup_for(3, "time-limit", ends_at=FAR_FUTURE))
    app.submit("time-up")  # reached with app.submit: the agreed time has come
    settle()
    screen = app.screen("end")
    assert screen.winner.text == "Luke, Vader and Leia share first place"
    assert [texts(c)[::-1][2] for c in reversed(screen.rank_list.children)] == ["1,500 IC"] * 3
    assert {len(line.points) // 2 for line in screen.chart.lines.values()} == {2}


def play_turns(app: Any, turns: int, rng: random.Random) -> None:
    """Play whole turns through app.submit: roll, buy what is offered when allowed (else auction it and sell it
    to the turn player's neighbour), claim rent, pay debts, take the first card or the flat tax, end the turn."""
    game = app.session.game
    while game.state.turn.number <= turns and not game.state.over:
        actions = {a.key: a for a in turn_actions(game) if a.enabled}
        if "buy" in actions and rng.random() < 0.8:
            app.submit(actions["buy"].command)
        elif "decline" in actions:
            app.submit(actions["decline"].command)
            bidder = next(p.id for p in game.state.active if p.id != game.state.turn.player)
            app.submit(f"bid {bidder} {rng.randrange(10, 120)}")
            app.submit("close")
        elif claims := [a for k, a in actions.items() if k.startswith(("claim:", "pay:", "card:", "tax:flat"))]:
            app.submit(claims[0].command)
        elif "roll" in actions or "utility-roll" in actions:
            action = actions.get("roll") or actions["utility-roll"]
            app.submit(f"{action.command} {rng.randint(1, 6)} {rng.randint(1, 6)}")
        elif "fine" in actions:
            app.submit(actions["fine"].command)
        else:
            app.submit(actions["end"].command)
        for d in dialogs():
            d.dismiss(animation=False)


def test_end_screen_after_a_longer_game(app, screenshot_dir, window, monkeypatch) -> None:
    """OT-TIME-2: after ten turns of four players the end screen ranks everyone and charts a line per player with
    a point for the start and one after each of the 11 turns counted (ten played and the one time ran out in).
    The journal of the game shows a page of entries at a time, newest first."""
    monkeypatch.setattr(JournalScreen, "PAGE", 12)
    app.new_game(setup_for(4, "time-limit", ends_at=FAR_FUTURE))
    play_turns(app, 10, random.Random(7))  # reached with app.submit: ten turns of rolls, buys, rent and ends
    app.submit("time-up")
    settle()
    screen = app.screen("end")
    assert app.manager.current == "end"
    assert len(screen.rank_list.children) == 4
    frames(3)
    assert {len(line.points) // 2 for line in screen.chart.lines.values()} == {12}
    shoot(screenshot_dir, "end-of-game")
    shoot_larger(window, screenshot_dir, "end-of-game")

    tap(exact("Journal", screen))
    settle()
    rows = journal_rows(app)
    newest = journal_lines(app.session.game)[-1]
    assert len(rows) == 12 and rows[0].entry == newest and "time is up" in newest.text
    app.screen("journal").scroller.scroll_y = 0  # scrolled to the bottom of the list, where older ones are offered
    frames(2)
    tap(exact("Show 12 older entries", app.screen("journal")))
    assert len(journal_rows(app)) == 24
    shoot(screenshot_dir, "journal-long-game")
