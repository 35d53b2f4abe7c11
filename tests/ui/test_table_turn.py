"""The table screen through whole turns, tapping the real widgets: roll (typed and on screen), buy, rent claimed
and lapsed, jail exits, Docking Tax, a card picked from the deck list, a refusal, the correction, pay / collect,
bankruptcy with its confirmation, deeds with their marks, and the time-limit clock.

Values are worked out by hand from the rule book and editions/original-trilogy/*.toml: every player starts with
1,500 IC; Dagobah: Swamp is space 3 (price 60, rent 4); Docking Tax is space 4 (200 IC or 10 % of worth); the
Rebel deck's space is 2; Jail is space 10 and Go to Jail space 30; the fine is 50 IC.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from kivy.animation import Animation
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.uix.label import Label

from companion.engine.commands import parse_command
from companion.table.actions import correction_action, transfer_command
from companion.table.views import time_left
from companion.ui.dice import DiceDialog, DieFace, FaceToggle
from companion.ui.screens.table import DeedTile, PlayerCard, TableScreen
from companion.ui.table_dialogs import CardListDialog, Choice, CorrectionDialog, PayCollectDialog, PlayerDeedsDialog
from companion.ui.widgets import EngineActionButton, NumberPad, TapButton
from tests.clock import FakeClock
from tests.ui.helpers import (
    action,
    cash,
    dialogs,
    find,
    find_all,
    frames,
    png_size,
    resize,
    roll_typed,
    settle,
    setup_for,
    shoot,
    tap,
    texts,
    wait_until,
    walk,
)

pytestmark = pytest.mark.ui


# ---------------------------------------------------------------- helpers




def closed(dialog: Any) -> Callable[[], bool]:
    return lambda: dialog not in dialogs()


def table(app: Any) -> TableScreen:
    screen = app.screen("table")
    assert app.manager.current == "table"
    return screen






def action_keys() -> list[str]:
    return [b.action.key for b in find_all(EngineActionButton)]


def button(words: str) -> TapButton:
    """The one visible button whose label contains ``words``."""
    return find(TapButton, words)




def start(app: Any, **setup: Any) -> TableScreen:
    app.new_game(setup_for(2, **setup))
    screen = table(app)
    wait_until(lambda: screen.parent is app.manager and not app.manager.transition.is_active)
    return screen


def deed_rows(screen: TableScreen) -> list[tuple[str, str]]:
    """The lines of the deed card shown, as (what, amount) pairs, without their markup."""
    left, right = (re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", label.text).split("\n") for label in screen.deed_columns)
    return list(zip(left, right, strict=True))


def overflowing(root: Any) -> list[str]:
    """Labels whose text is drawn wider or taller than the label itself."""
    bad = []
    for w in walk(root):
        if isinstance(w, Label) and w.text and w.opacity and w.width > 1:
            tw, th = w.texture_size
            if tw > w.width + 2 or th > w.height + 2:
                bad.append(f"{w.text!r}: text {tw:.0f}x{th:.0f} in {w.width:.0f}x{w.height:.0f}")
    return bad


# ---------------------------------------------------------------- a turn


def test_set_up_roll_typed_dice_and_buy(app: Any, screenshot_dir: Path) -> None:
    """OT-TURN-3, OT-BUY-1: Luke types 1 + 2 on the dice dialog, lands on Dagobah: Swamp (price 60), buys it
    and his seat shows 1,500 − 60 = 1,440 IC; Vader keeps 1,500 IC."""
    screen = start(app)
    assert screen.turn_label.text == "Turn 1 · Luke"
    assert cash("luke") == cash("vader") == "1,500 IC"
    assert "32 fighters" in screen.stock_label.text and "12 freighters/destroyers" in screen.stock_label.text
    assert not overflowing(screen)
    shoot(screenshot_dir, "table-start")

    tap(find(TapButton, "Type dice", typed_for="roll"))
    dialog = dialogs()[-1]
    assert isinstance(dialog, DiceDialog) and dialog.title.text == "Luke: roll the dice"
    tap(find(FaceToggle, root=dialog, die=0, face=1))
    tap(find(FaceToggle, root=dialog, die=1, face=2))
    assert [f.value for f in dialog.faces] == [1, 2]
    shoot(screenshot_dir, "dice-dialog")
    tap(dialog.ok)
    wait_until(closed(dialog))

    assert screen.space_name_label.text == "Dagobah: Swamp"
    assert deed_rows(screen)[0] == ("Price", "60 IC")
    assert ("Rent", "4 IC") in deed_rows(screen)
    assert [f.value for f in screen.dice_faces] == [1, 2]
    assert "Luke rolls 1 + 2" in [label.text for label in screen.answer_labels]
    assert app.session.game.entries[-1].command.source == "typed"
    assert not overflowing(screen)
    shoot(screenshot_dir, "table-offer")

    tap(action("buy"))
    assert cash("luke") == "1,440 IC"
    red, green, _, _ = find(PlayerCard, player_id="luke").cash_label.color  # flashing red: credits went out
    assert red > green
    assert cash("vader") == "1,500 IC"
    assert [t.deed_id for t in find_all(DeedTile, root=find(PlayerCard, player_id="luke"))] == ["dagobah-swamp"]
    assert "Owner: Luke" in texts(screen)


def animated(widget: Any) -> bool:
    """Whether a running Kivy animation holds ``widget`` (Kivy keeps them in ``Animation._instances``)."""
    return any(widget.uid in animation._widgets for animation in Animation._instances)


def test_a_seat_rebuilt_while_its_cash_flashes_takes_the_flash_away(app: Any) -> None:
    """A seat rebuilt while its cash still flashes (the turn passes right after a purchase): the flash of the label
    taken away stops with it. An animation holds its label only weakly, and one left running on a label that is
    then collected would fail at its next frame and stop the app."""
    start(app)
    for command in ("roll luke 1 2", "buy luke"):
        assert app.submit(command).accepted
    settle()
    flashing = find(PlayerCard, player_id="luke").cash_label
    assert animated(flashing)  # 1,500 -> 1,440 IC: red, fading back
    assert app.submit("end luke").accepted
    settle()
    assert find(PlayerCard, player_id="luke").cash_label is not flashing and not animated(flashing)


def test_the_roll_button_rolls_on_screen_at_once(app: Any) -> None:
    """OT-TURN-3: one tap on Roll: the seeded generator (random.Random(4)) rolls 2 and 3, so Luke's token goes 5
    spaces to the TIE Fighter, offered for 200 IC; no window opens, and the roll is journalled as rolled on
    screen."""
    screen = start(app)
    tap(action("roll"))
    assert not dialogs()
    wait_until(lambda: app.session.game.state.turn.rolled)
    assert [f.value for f in screen.dice_faces] == [2, 3]
    assert screen.space_name_label.text == "TIE Fighter"
    assert "Luke: buy TIE Fighter for 200 IC" in action("buy").text
    assert app.session.game.entries[-1].command.source == "screen"


def test_refused_action_shows_the_reason(app: Any) -> None:
    """OT-BUY-1, OT-BUY-3: after landing on an unowned deed, "End turn" is dimmed and a tap explains that Luke
    must buy or decline first; nothing changes."""
    start(app)
    roll_typed(1, 2)
    end = action("end")
    assert end.style == "off"
    tap(end)
    popup = dialogs()[-1]
    assert "End turn" in popup.title.text
    assert "Luke must first buy or decline Dagobah: Swamp." in popup.reasons
    assert app.session.game.state.turn.number == 1


# ---------------------------------------------------------------- rent


def reach_vader_on_lukes_swamp(app: Any) -> TableScreen:
    """Luke owns Dagobah: Swamp, then Vader rolls 1 + 2 onto it (the roll tapped on the dice dialog)."""
    screen = start(app)
    for command in ("roll luke 1 2", "buy luke", "end luke"):  # to reach the position quickly
        assert app.submit(command).accepted
    roll_typed(1, 2)
    return screen


def test_rent_claimed(app: Any, screenshot_dir: Path) -> None:
    """OT-RENT-1, OT-RENT-6: Vader lands on Luke's Swamp; nothing is paid until Luke taps "claim 4 IC rent";
    then Luke shows 1,440 + 4 = 1,444 IC and Vader 1,500 − 4 = 1,496 IC."""
    reach_vader_on_lukes_swamp(app)
    claim = action("claim:luke:vader")
    assert claim.text == "Luke: claim 4 IC rent from Vader"
    assert (cash("luke"), cash("vader")) == ("1,440 IC", "1,500 IC")
    shoot(screenshot_dir, "table-rent-claim")
    tap(claim)
    assert (cash("luke"), cash("vader")) == ("1,444 IC", "1,496 IC")
    assert "claim:luke:vader" not in action_keys()


def test_rent_lapses_when_the_second_player_after_rolls(app: Any) -> None:
    """OT-RENT-7: Vader lands on Luke's Swamp in turn 2. The claim stays through Luke's roll in turn 3 and is
    gone once Vader (the second player after the lander, in a game of two) rolls in turn 4; no money moved."""
    reach_vader_on_lukes_swamp(app)
    assert "claim:luke:vader" in action_keys()
    for command in ("end vader", "roll luke 3 4"):  # turn 3: Luke from 3 to Jail, just visiting (10)
        assert app.submit(command).accepted
    assert "claim:luke:vader" in action_keys()
    tap(action("end"))
    roll_typed(3, 4)  # turn 4: Vader from 3 to 10
    assert "claim:luke:vader" not in action_keys()
    assert (cash("luke"), cash("vader")) == ("1,440 IC", "1,500 IC")
    assert "Rent that was not claimed in time has lapsed" in [label.text for label in table(app).answer_labels]


# ---------------------------------------------------------------- jail


def reach_luke_in_jail(app: Any) -> TableScreen:
    """Luke's token is on Go to Jail (space 30) in turn 1; Vader rolls 4 + 6 to Jail, just visiting; turn 3 is
    Luke's first turn in Jail."""
    screen = start(app)
    for command in ("roll luke 1 2", "correct luke go-to-jail", "end luke", "roll vader 4 6", "end vader"):
        assert app.submit(command).accepted  # to reach the position quickly
    return screen


def test_jail_exit_by_fine(app: Any, screenshot_dir: Path) -> None:
    """OT-JAIL-1, OT-JAIL-9: Luke in Jail pays the 50 IC fine before rolling (1,450 IC), then rolls 1 + 2 from
    space 10 to space 13, Tatooine: Spaceport."""
    screen = reach_luke_in_jail(app)
    seat = find(PlayerCard, player_id="luke")
    assert "In Jail" in seat.name_label.text
    assert action("jail-card").style == "off"  # Luke holds no Get Out of Jail Free card
    shoot(screenshot_dir, "table-jail")
    tap(action("fine"))
    assert cash("luke") == "1,450 IC"
    assert "In Jail" not in find(PlayerCard, player_id="luke").name_label.text
    roll_typed(1, 2)
    assert screen.space_name_label.text == "Tatooine: Spaceport"


def test_jail_exit_by_doubles(app: Any) -> None:
    """OT-JAIL-5, OT-JAIL-6: Luke rolls 2 + 2 in Jail, leaves without paying, moves 4 to space 14 (Tatooine: Lars
    Homestead) and gets no extra roll."""
    screen = reach_luke_in_jail(app)
    roll_typed(2, 2)
    assert screen.space_name_label.text == "Tatooine: Lars Homestead"
    assert cash("luke") == "1,500 IC"
    assert "In Jail" not in find(PlayerCard, player_id="luke").name_label.text
    assert "roll" not in action_keys()


# ---------------------------------------------------------------- taxes and cards


def test_docking_tax_choice(app: Any, screenshot_dir: Path) -> None:
    """OT-TAX-1, OT-TAX-3: Luke lands on Docking Tax (1 + 3) and picks before his worth is added up; 10 % of
    his worth (1,500 IC cash, nothing else) is 150 IC, leaving 1,350 IC."""
    screen = start(app)
    roll_typed(1, 3)
    assert screen.space_name_label.text == "Docking Tax"
    assert action("tax:flat").text == "Pay 200 IC"
    assert action("tax:worth").text == "Pay 10% of total worth"
    shoot(screenshot_dir, "table-docking-tax")
    tap(action("tax:worth"))
    assert cash("luke") == "1,350 IC"


def test_card_picked_from_the_deck_list(app: Any, screenshot_dir: Path) -> None:
    """OT-CARD-1: Luke rolls 1 + 1 onto the Rebel space; the table picks the card drawn by what it does, under
    its heading ("Collect 200 IC from the Bank"), and Luke shows 1,700 IC, then rolls again for the doubles
    (OT-TURN-8). The 16 cards are 14 choices: two pairs of cards do the same."""
    start(app)
    roll_typed(1, 1)
    tap(button("Luke: pick the Rebel card drawn"))
    dialog = dialogs()[-1]
    assert isinstance(dialog, CardListDialog)
    assert dialog.title.text == "Rebel card: which one did Luke draw?"
    choices = find_all(EngineActionButton, root=dialog)
    assert len(choices) == 14
    headings = sorted((-label.to_window(*label.pos)[1], label.text) for label in find_all(Label, root=dialog)
                      if label.text in ("Collect", "Pay", "Move", "Jail", "Keep"))
    assert [words for _, words in headings] == ["Collect", "Pay", "Move", "Jail"]  # top to bottom
    shoot(screenshot_dir, "table-card-choice")
    [collect] = [b for b in choices if b.action.label == "Collect 200 IC from the Bank"]
    tap(collect)
    wait_until(closed(dialog))
    assert cash("luke") == "1,700 IC"
    assert action("roll").text == "Roll again"


# ---------------------------------------------------------------- corrections and payments by hand


def test_correction_moves_the_token_and_offers_the_new_space(app: Any, screenshot_dir: Path) -> None:
    """The table says Luke's token is really on Dagobah: Yoda's Hut: the Swamp offer is withdrawn and Yoda's Hut
    (price 60) is offered instead."""
    screen = start(app)
    assert app.submit("roll luke 1 2").accepted  # to reach the position quickly
    tap(button("My token is on another space"))
    dialog = dialogs()[-1]
    assert isinstance(dialog, CorrectionDialog) and dialog.title.text == "Where is Luke's token really?"
    assert len(dialog.space_buttons) == 40
    frames(2)
    shoot(screenshot_dir, "correction-dialog")
    target = dialog.space_buttons["dagobah-yodas-hut"]
    dialog.body_scroller.scroll_to(target.parent, animate=False)
    frames(2)
    tap(target)
    wait_until(closed(dialog))
    assert screen.space_name_label.text == "Dagobah: Yoda's Hut"
    assert action("buy").text == "Luke: buy Dagobah: Yoda's Hut for 60 IC"


def test_pay_and_collect_by_hand(app: Any, screenshot_dir: Path) -> None:
    """A GO salary the table forgot: the Bank pays Luke 200 IC (steppers); then Luke pays Vader 25 IC agreed at
    the table (typed on the keypad): Luke 1,675 IC, Vader 1,525 IC."""
    start(app)
    tap(button("Pay / collect"))
    dialog = dialogs()[-1]
    assert isinstance(dialog, PayCollectDialog)
    tap(find(Choice, "Bank", root=dialog, field="payer"))
    tap(find(Choice, "Luke", root=dialog, field="payee"))
    tap(find(TapButton, "+100", root=dialog))
    tap(find(TapButton, "+100", root=dialog))
    tap(find(Choice, "GO salary", root=dialog, field="reason"))
    assert dialog.amount_label.text == "200 IC"
    shoot(screenshot_dir, "pay-collect-dialog")
    tap(dialog.ok)
    wait_until(closed(dialog))
    assert cash("luke") == "1,700 IC"

    tap(button("Pay / collect"))
    dialog = dialogs()[-1]
    tap(find(Choice, "Luke", root=dialog, field="payer"))
    tap(find(Choice, "Vader", root=dialog, field="payee"))
    tap(find(TapButton, "Type…", root=dialog))
    pad = dialogs()[-1]
    assert isinstance(pad, NumberPad)
    tap(find(TapButton, "2", root=pad))
    tap(find(TapButton, "5", root=pad))
    tap(pad.ok)
    wait_until(closed(pad))
    assert dialog.amount_label.text == "25 IC"
    tap(find(Choice, "Agreed at the table", root=dialog, field="reason"))
    tap(dialog.ok)
    wait_until(closed(dialog))
    assert (cash("luke"), cash("vader")) == ("1,675 IC", "1,525 IC")


def test_bankruptcy_asks_first(app: Any, screenshot_dir: Path) -> None:
    """OT-BANKRUPT-6, OT-BANKRUPT-9: Luke, with nothing left, owes the Bank the 200 IC Docking Tax; tapping
    "declare bankruptcy" asks first (Cancel keeps him in); confirmed, he leaves and Vader has won."""
    start(app)
    for command in ("transfer luke bank 1500 Agreed at the table", "roll luke 1 3", "tax luke flat"):
        assert app.submit(command).accepted  # to reach the position quickly
    assert action("pay:luke").text == "Luke: pay 200 IC to the Bank"
    tap(action("bankrupt:luke"))
    ask = dialogs()[-1]
    assert ask.title.text == "Luke: declare bankruptcy?"
    assert "Vader is the last player left: the game ends." in texts(ask)
    shoot(screenshot_dir, "table-bankruptcy-confirm")
    tap(find(TapButton, "Cancel", root=ask))
    wait_until(closed(ask))
    assert not app.session.game.state.player("luke").retired
    tap(action("bankrupt:luke"))
    ask = dialogs()[-1]
    tap(ask.yes_button)
    wait_until(lambda: app.manager.current == "end")
    assert app.session.game.state.player("luke").retired


# ---------------------------------------------------------------- deeds, marks and the clock


def test_deeds_by_colour_with_building_and_mortgage_marks(app: Any, screenshot_dir: Path) -> None:
    """Luke holds both Dagobah deeds (a full group, one fighter on the Swamp) and the mortgaged TIE Fighter:
    his seat shows a tile per deed with those marks, and a tap on the seat lists them in words.
    Cash: 1,500 − 60 − 60 − 50 − 200 + 100 (mortgage) = 1,230 IC."""
    start(app)
    for command in ("roll luke 1 2", "buy luke", "correct luke dagobah-yodas-hut", "buy luke",
                    "build luke dagobah-swamp", "correct luke tie-fighter", "buy luke",
                    "mortgage luke tie-fighter"):
        assert app.submit(command).accepted  # to reach the position quickly
    seat = find(PlayerCard, player_id="luke")
    assert seat.cash_label.text == "1,230 IC"
    tiles = {t.deed_id: t for t in find_all(DeedTile, root=seat)}
    assert set(tiles) == {"dagobah-yodas-hut", "dagobah-swamp", "tie-fighter"}
    assert (tiles["dagobah-swamp"].houses, tiles["tie-fighter"].mortgaged) == (1, True)
    assert table(app).space_name_label.text == "TIE Fighter"
    assert "Owner: Luke · mortgaged" in texts(table(app))
    shoot(screenshot_dir, "table-deeds")
    tap(seat)
    dialog = dialogs()[-1]
    assert isinstance(dialog, PlayerDeedsDialog)
    words = texts(dialog)
    assert "Dagobah (full colour group)" in words and "1 fighter" in words and "mortgaged" in words
    shoot(screenshot_dir, "player-deeds-dialog")


def test_time_limit_game_ends_when_its_time_has_come(app: Any) -> None:
    """OT-TIME-1, OT-TIME-2: a time-limit game whose agreed end time has passed ends on the next clock tick."""
    past = (app.now() - timedelta(minutes=1)).isoformat(timespec="seconds")
    # Not start(): the app's own clock may tick before the table screen is shown, and end the game at once.
    app.new_game(setup_for(2, variant="time-limit", ends_at=past))
    app.tick()
    wait_until(lambda: app.manager.current == "end" and not app.manager.transition.is_active)
    assert app.session.game.state.over


def test_countdown_shows_the_time_left(app: Any, screenshot_dir: Path, fake_clock: FakeClock) -> None:
    """OT-TIME-1: with the end agreed 1 h 30 min from now, the top bar says so, and a second later 1:29:59."""
    soon = (app.now() + timedelta(hours=1, minutes=30)).isoformat(timespec="seconds")
    screen = start(app, variant="time-limit", ends_at=soon)
    app.tick()
    assert screen.countdown_label is not None
    assert screen.countdown_label.text == "Ends in 1:30:00"
    fake_clock.advance(1)
    app.tick()
    assert screen.countdown_label.text == "Ends in 1:29:59"
    assert not overflowing(screen)
    shoot(screenshot_dir, "table-time-limit")


def test_top_bar_switches_and_leave(app: Any) -> None:
    """The top bar's sound switch mutes the feedback sounds and says which way it is set; Journal opens the
    journal; Leave goes home and the game stays saved."""
    screen = start(app)
    was = app.sounds.muted
    tap(screen.mute_button)
    assert app.sounds.muted is not was
    assert screen.mute_button.text == ("Unmute" if app.sounds.muted else "Mute")  # what a tap does
    tap(button("Journal"))
    assert app.manager.current == "journal"
    app.goto("table")
    wait_until(lambda: screen.parent is app.manager and not app.manager.transition.is_active)
    game_id = app.session.game_id
    tap(button("Leave"))
    assert app.manager.current == "home" and app.session is None
    assert game_id in [g.id for g in app.journal.games()]


def test_four_seats(app: Any, screenshot_dir: Path) -> None:
    """Four players: every seat shows its cash, the turn player's seat is marked, nothing overflows."""
    app.new_game(setup_for(4))
    screen = table(app)
    wait_until(lambda: screen.parent is app.manager and not app.manager.transition.is_active)
    assert [c.player_id for c in find_all(PlayerCard)][::-1] == ["luke", "vader", "leia", "tarkin"]
    assert all(cash(p) == "1,500 IC" for p in ("luke", "vader", "leia", "tarkin"))
    assert not overflowing(screen)
    shoot(screenshot_dir, "table-4-players")


def test_table_at_larger_windows(app: Any, window: Any, screenshot_dir: Path) -> None:
    """The table keeps its layout at 1024x600 and 1280x800: nothing drawn outside its place."""
    screen = start(app)
    assert app.submit("roll luke 1 2").accepted  # to reach the position quickly
    for size in ((1024, 600), (1280, 800)):
        resize(window, size)
        assert not overflowing(screen), size
        assert all(die.width >= 50 for die in find_all(DieFace, root=screen))
        assert png_size(shoot(screenshot_dir, f"table-{size[0]}x{size[1]}")) == size
    resize(window, (800, 480))


# ---------------------------------------------------------------- the table layer's helpers for this screen


def test_table_layer_helpers_for_the_table_screen(app: Any) -> None:
    """The countdown's format, a hand payment's command with a reason of several words, and the correction
    button dimmed with the engine's reason before the roll."""
    now = datetime(2026, 1, 1, 20, 0, 0)
    assert time_left(now + timedelta(hours=1, minutes=2, seconds=3), now) == "1:02:03"
    assert time_left(now - timedelta(seconds=5), now) == "0:00:00"
    command = parse_command(transfer_command("bank", "luke", 200, "GO salary the table's Banker forgot"))
    assert command.args == ("bank", "luke", "200", "GO salary the table's Banker forgot")
    start(app)
    correction = correction_action(app.session.game)
    assert not correction.enabled
    assert correction.reasons == ("Luke has not rolled yet, so the token has not moved this turn.",)
    assert button("My token is on another space").style == "off"


def test_a_double_tap_on_buy_buys_and_does_not_end_the_turn(app: Any) -> None:
    """A double tap never does two things: Luke double-taps Buy on Dagobah: Swamp; the first tap buys it, and the
    second does nothing: End turn has its own place at the foot of the actions, never where Buy stood, and a
    double tap on it is ignored too. The turn is still Luke's and he may build or trade."""
    from kivy.tests.common import UnitTestTouch

    start(app)
    roll_typed(1, 2)
    buy = action("buy")
    assert buy.height >= dp(60) > action("decline").height  # the next thing to do is the biggest button
    x, y = buy.to_window(*buy.center)
    end_before = action("end").to_window(*action("end").pos)
    tap(buy)
    assert cash("luke") == "1,440 IC"
    assert action("end").to_window(*action("end").pos) == end_before  # End turn did not move
    assert not [b for b in find_all(EngineActionButton) if b.collide_point(*b.to_widget(x, y))
                and b.action.key == "end"]
    for at in ((x, y), action("end").to_window(*action("end").center)):
        second = UnitTestTouch(*at)
        second.is_double_tap = True
        second.touch_down()
        second.touch_up()
        frames()
    assert app.session.game.state.turn.player == "luke" and app.session.game.state.turn.number == 1


def test_a_tap_in_the_first_moments_after_a_button_appears_is_ignored(app: Any) -> None:
    """Luke's roll brings Buy where Roll stood: a tap arriving at once (meant for Roll) buys nothing; a moment
    later the same tap buys."""
    from kivy.tests.common import UnitTestTouch

    start(app)
    roll_typed(1, 2)
    buy = action("buy")
    buy.drawn_at = Clock.frames  # as if it had just appeared
    assert buy.fresh
    touch = UnitTestTouch(*buy.to_window(*buy.center))
    touch.touch_down()
    touch.touch_up()
    frames()
    assert app.session.game.state.owner("dagobah-swamp") == "bank"
    tap(buy)  # waits as a player's eye would
    assert app.session.game.state.owner("dagobah-swamp") == "luke"


def test_the_devices_take_one_small_line_that_opens_their_details(app: Any, screenshot_dir: Path) -> None:
    """With no dice device and no buttons, the action column says so in one small line; a tap opens the details
    (why nothing was found) and Close goes back to the table with nothing changed."""
    screen = start(app)
    assert screen.device_button.text == "Dice: on screen  ·  details"
    assert not any(line in texts(screen) for line in screen.device_status)
    shoot(screenshot_dir, "table-device-indicator")
    tap(screen.device_button)
    details = dialogs()[-1]
    assert details.title.text == "Dice and buttons"
    assert any(t.startswith("No dice device or Roll button found") for t in texts(details))
    tap(find(TapButton, "Close", root=details))
    wait_until(closed(details))
    assert action("roll").action.enabled


def test_the_words_check_catches_internal_words() -> None:
    """The check every screenshot passes (issue 20): no '(s)' plural, entry number, file name, dashed id, box
    target or command in the journal's notation on a screen; game words pass."""
    from tests.ui.helpers import word_problems

    bad = ["1 turn(s) in Jail", "took back #26: end dad", "Published (boba-fett.txt), high confidence",
           "colour-set-1", "tatooine-mos-eisley", "Last action: box card:death-trooper/level-1 count=0", "end dad",
           "Last action: roll luke 1 2", "collect-10-rebel"]
    assert [bool(word_problems([line])) for line in bad] == [True] * len(bad)
    good = ["Luke buys Dagobah: Swamp for 60 IC", "Colour set 1, no. 2", "A made-up box", "Pay / collect",
            "Saved 2026-11-25 08:28", "Undo", "Roll"]
    assert word_problems(good) == []
