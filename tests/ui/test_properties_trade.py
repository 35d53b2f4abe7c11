"""The properties and trade screens, driven by tapping their real widgets.

Figures come from editions/original-trilogy: start cash 1,500 IC, GO salary 200; Dagobah: Yoda's Hut and Swamp
cost 60 each, mortgage value 30, a fighter costs 50 on either; Hoth: Frozen Plains costs 100; the Docking Tax
is 200 flat or 10 % of worth; mortgages are lifted for the mortgage value plus 10 % interest rounded up.
Positions are reached quickly with ``app.submit`` (the table screen's job, tested elsewhere); the flows under
test are tapped.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.ui.screens.properties import DeedRow, GroupPanel
from companion.ui.screens.trade import DeedToggle, SideColumn
from companion.ui.widgets import EngineActionButton, TapButton
from tests.rules.helpers import give_deeds
from tests.ui.helpers import dialogs, exact, find, find_all, frames, resize, settle, setup_for, shoot, tap, texts

pytestmark = pytest.mark.ui

# Luke buys the Dagobah pair by rolling round the board (Vader keeps out of the way):
# Luke 0 -> 3 Swamp, buys it (1,440 left); Vader 0 -> 10 (just visiting); Luke 3 -> 10; Vader 10 -> 20 (free
# parking); Luke 10 -> 20; Vader 20 -> 31 Ewok Village, declines, nobody bids; Luke 20 -> 31, the same;
# Vader 31 -> 0 lands on GO (+200); Luke 31 -> 1 passes GO (+200) onto Yoda's Hut and buys it: 1,580 left.
DAGOBAH_WALK = (
    "roll luke 1 2", "buy luke", "end luke",
    "roll vader 4 6", "end vader", "roll luke 3 4", "end luke",
    "roll vader 4 6", "end vader", "roll luke 4 6", "end luke",
    "roll vader 5 6", "decline vader", "close", "end vader",
    "roll luke 5 6", "decline luke", "close", "end luke",
    "roll vader 3 6", "end vader",
    "roll luke 4 6", "buy luke",
)


def reach(app: Any, *commands: str) -> None:
    """Reach a position quickly through the engine (set-up for the flow under test, not the flow itself)."""
    for command in commands:
        answer = app.submit(command)
        assert answer.accepted, (command, answer.reasons)


def show(app: Any, name: str) -> None:
    """Go to a screen and let the fade finish (while it runs the screens are off the widget tree)."""
    app.goto(name)
    settle()


def deed_button(deed_id: str, label: str) -> Any:
    """The button starting with ``label`` in the row of a deed on the properties screen."""
    row = find(DeedRow, deed_id=deed_id)
    return find(EngineActionButton, label, root=row)


def cash_shown(app: Any) -> str:
    """The chosen player's cash, as the properties screen shows it large."""
    return app.screen("properties").cash_label.text


def stepper(player: str, step: str) -> Any:
    """A credits stepper (``+10``, ``−10``...) in one player's column of the trade builder."""
    return exact(step, find(SideColumn, player_id=player))


def close_popup(label: str = "OK") -> None:
    """Tap a button of the newest popup and let the popup fade away (it takes touches until it is gone)."""
    popup = dialogs()[-1]
    tap(find(TapButton, label, root=popup))
    for _ in range(500):
        if popup not in dialogs():
            break
        frames(1)


def test_build_evenly_and_a_refused_uneven_build(app: Any, screenshot_dir: Any) -> None:
    """Luke owns both Dagobah deeds: a fighter on the Swamp, a second one refused (uneven, reason shown),
    then one on Yoda's Hut; the cash shown drops by the 50 IC building cost each time (OT-FIGHTER-3/6)."""
    app.new_game(setup_for(2))
    reach(app, *DAGOBAH_WALK)
    show(app, "properties")
    assert cash_shown(app) == "1,580 IC"
    group = find(GroupPanel, group_id="dagobah")
    assert "full colour group" in " ".join(texts(group))
    assert "can go on: Yoda's Hut, Swamp" in " ".join(texts(group))

    tap(deed_button("dagobah-swamp", "Build a fighter"))
    assert cash_shown(app) == "1,530 IC"
    assert "1 fighter" in " ".join(texts(find(DeedRow, deed_id="dagobah-swamp")))
    assert "can go on: Yoda's Hut" in " ".join(texts(find(GroupPanel, group_id="dagobah")))

    refused = deed_button("dagobah-swamp", "Build a fighter")
    assert refused.style == "off"
    tap(refused)
    popup = dialogs()[-1]
    assert any(r.startswith("Build evenly:") for r in popup.reasons)
    assert any("Build evenly:" in t for t in texts(popup))
    shoot(screenshot_dir, "properties-refused")
    close_popup()
    assert cash_shown(app) == "1,530 IC"

    tap(deed_button("dagobah-yodas-hut", "Build a fighter"))
    assert cash_shown(app) == "1,480 IC"
    assert "1 fighter" in " ".join(texts(find(DeedRow, deed_id="dagobah-yodas-hut")))
    assert find_all(TapButton, "Back to table")


def test_the_list_of_deeds_stays_where_it_was_scrolled(app: Any) -> None:
    """A tap on a deed low in a long list leaves the list where it is: Luke, dealt three deeds in the short game
    and buying a fourth, scrolls down and mortgages the last one; the list does not jump back to the top."""
    app.new_game(setup_for(2, variant="short"))  # three deeds dealt to each
    reach(app, "roll luke 1 2", "buy luke")
    show(app, "properties")
    rows = find_all(DeedRow)
    assert len(rows) >= 4
    scroller = rows[0].parent.parent.parent
    assert scroller.height < scroller.children[0].height  # the list is longer than its place
    scroller.scroll_y = 0.0  # scrolled to the bottom
    frames(3)
    last = min(rows, key=lambda r: r.to_window(r.x, r.y)[1])
    tap(next(b for b in find_all(EngineActionButton, root=last) if b.text.startswith("Mortgage")))
    frames(3)
    assert last.deed_id in app.session.game.state.mortgaged
    again = find(DeedRow, deed_id=last.deed_id)
    assert again.parent.parent.parent.scroll_y < 0.5  # not back at the top (1)


def test_mortgage_and_lift(app: Any, screenshot_dir: Any) -> None:
    """Mortgaging the Swamp pays its 30 IC mortgage value and marks it; lifting costs 30 + 3 interest
    (OT-MORT-1/4)."""
    app.new_game(setup_for(2))
    reach(app, "roll luke 1 2", "buy luke")  # 1,500 - 60 = 1,440
    show(app, "properties")
    assert cash_shown(app) == "1,440 IC"

    tap(deed_button("dagobah-swamp", "Mortgage (+30 IC)"))
    assert cash_shown(app) == "1,470 IC"
    assert "mortgaged" in " ".join(texts(find(DeedRow, deed_id="dagobah-swamp")))
    shoot(screenshot_dir, "properties-mortgaged")

    tap(deed_button("dagobah-swamp", "Lift the mortgage on it (33 IC)"))
    assert cash_shown(app) == "1,437 IC"
    assert "mortgaged" not in " ".join(texts(find(DeedRow, deed_id="dagobah-swamp")))
    assert find(EngineActionButton, "Mortgage (+30 IC)", root=find(DeedRow, deed_id="dagobah-swamp"))


def build_trade(app: Any) -> None:
    """Luke puts the Swamp and 100 IC (+100, +10, −10 on his steppers) on his side and asks for Frozen Plains."""
    luke, vader = (find(TapButton, text=f"{name} (") for name in ("Luke", "Vader"))
    assert luke.text == "Luke (1,440 IC)" and vader.text == "Vader (1,400 IC)"
    tap(find(DeedToggle, deed_id="dagobah-swamp").button)
    for step in ("+100", "+10", "−10"):
        tap(stepper("luke", step))
    tap(find(DeedToggle, deed_id="hoth-frozen-plains").button)
    assert "Luke gives: Dagobah: Swamp, 100 IC" in texts()
    assert "Vader gives: Hoth: Frozen Plains" in texts()


def two_deeds(app: Any) -> None:
    """Luke buys the Swamp (1,440 left), Vader buys Frozen Plains (1,400 left); Luke's turn again."""
    app.new_game(setup_for(2))
    reach(app, "roll luke 1 2", "buy luke", "end luke", "roll vader 2 4", "buy vader", "end vader")


def test_trade_a_deed_and_credits_for_a_deed(app: Any, screenshot_dir: Any) -> None:
    """Luke offers the Swamp and 100 IC for Vader's Frozen Plains; Vader accepts: the deeds swap owners and
    100 IC moves from Luke (1,440 -> 1,340) to Vader (1,400 -> 1,500) (OT-TRADE-1)."""
    two_deeds(app)
    show(app, "trade")
    build_trade(app)
    shoot(screenshot_dir, "trade-builder")

    tap(find(TapButton, "Propose"))
    assert "Luke offers Vader a trade" in texts()
    assert "•  Dagobah: Swamp" in texts() and "•  100 IC" in texts() and "•  Hoth: Frozen Plains" in texts()
    shoot(screenshot_dir, "trade-offer-open")

    tap(find(EngineActionButton, "Vader: Accept"))
    assert app.manager.current == "trade"
    assert app.screen("trade").outcome.text == (  # the table is told how the offer ended
        "The trade is accepted. Trade between Luke and Vader: Luke −100 IC, Vader +100 IC, Vader gets Dagobah: "
        "Swamp, Luke gets Hoth: Frozen Plains")
    assert find(TapButton, "Luke (").text == "Luke (1,340 IC)"
    assert find(TapButton, "Vader (").text == "Vader (1,500 IC)"
    assert find(DeedToggle, deed_id="hoth-frozen-plains").button.text == "Frozen Plains"
    assert find_all(DeedToggle, deed_id="dagobah-swamp") and not find_all(TapButton, "Accept")

    show(app, "properties")  # Luke is the turn player: his new deed and cash
    assert cash_shown(app) == "1,340 IC"
    assert find_all(DeedRow, deed_id="hoth-frozen-plains") and not find_all(DeedRow, deed_id="dagobah-swamp")


def test_a_rejected_or_withdrawn_trade_changes_nothing(app: Any) -> None:
    """Vader rejects the offer, then Luke withdraws a second one: owners and cash stay as they were."""
    two_deeds(app)
    show(app, "trade")
    build_trade(app)
    tap(find(TapButton, "Propose"))
    tap(find(EngineActionButton, "Vader: Reject"))
    assert "Luke offers Vader a trade" not in texts()
    assert find(TapButton, "Luke (").text == "Luke (1,440 IC)"
    assert find(TapButton, "Vader (").text == "Vader (1,400 IC)"
    assert "Luke gives: nothing yet" in texts()

    build_trade(app)
    tap(find(TapButton, "Propose"))
    tap(find(EngineActionButton, "Luke: Withdraw"))
    assert find(TapButton, "Luke (").text == "Luke (1,440 IC)"
    assert find(TapButton, "Vader (").text == "Vader (1,400 IC)"
    assert find(DeedToggle, deed_id="dagobah-swamp") and find(DeedToggle, deed_id="hoth-frozen-plains")
    assert app.session.game.state.owner("dagobah-swamp") == "luke"


def type_on_pad(keys: str) -> None:
    """Type on the open keypad and tap OK."""
    pad = dialogs()[-1]
    for key in keys:
        tap(exact(key, pad))
    close_popup("OK")


def test_received_mortgaged_deed_is_lifted_or_kept_on_the_trade_screen(app: Any, screenshot_dir: Any) -> None:
    """Luke trades his mortgaged Swamp to Vader for 10 IC typed on the keypad (9999 is cut to the 1,400 IC
    Vader holds first): Vader then keeps it mortgaged from the trade screen, paying the 3 IC interest at once
    (1,400 - 10 - 3 = 1,387) (OT-TRADE-2/4)."""
    two_deeds(app)
    reach(app, "mortgage luke dagobah-swamp")  # 1,440 + 30 = 1,470
    show(app, "trade")
    swamp = find(DeedToggle, deed_id="dagobah-swamp")
    assert swamp.button.text == "Swamp (mortgaged)"
    tap(swamp.button)
    tap(stepper("vader", "Exact…"))
    type_on_pad("9999")
    assert "Vader gives: 1,400 IC" in texts()
    tap(stepper("vader", "Exact…"))
    type_on_pad("C10")
    assert "Vader gives: 10 IC" in texts()
    tap(find(TapButton, "Propose"))
    assert "•  Dagobah: Swamp (mortgaged)" in texts()
    tap(find(EngineActionButton, "Vader: Accept"))
    shoot(screenshot_dir, "trade-mortgage-choice")
    lift = find(EngineActionButton, "lift the mortgage on Dagobah: Swamp (33 IC)")
    keep = find(EngineActionButton, "keep Dagobah: Swamp mortgaged (interest 3 IC)")
    assert lift.style != "off"
    tap(keep)
    assert not find_all(EngineActionButton, "keep Dagobah")
    assert find(TapButton, "Vader (").text == "Vader (1,387 IC)"
    assert find(TapButton, "Luke (").text == "Luke (1,480 IC)"


def test_choosing_the_partner(app: Any) -> None:
    """With three players the partner is picked from a list; picking the proposer's seat swaps the two sides."""
    app.new_game(setup_for(3))
    show(app, "trade")
    assert find(SideColumn, player_id="luke") and find(SideColumn, player_id="vader")
    tap(find(TapButton, "Vader (1,500 IC)"))
    tap(find(TapButton, "Leia", root=dialogs()[-1]))
    frames(10)
    assert find(SideColumn, player_id="leia") and not find_all(SideColumn, player_id="vader")
    tap(find(TapButton, "Leia (1,500 IC)"))
    tap(find(TapButton, "Luke", root=dialogs()[-1]))
    frames(10)
    assert [c.player_id for c in reversed(find_all(SideColumn))] == ["leia", "luke"]


def test_a_deed_with_buildings_in_its_group_is_dimmed_in_the_trade_builder(app: Any) -> None:
    """A deed whose group has buildings cannot change hands: dimmed, and a tap shows why."""
    app.new_game(setup_for(2))
    reach(app, *DAGOBAH_WALK, "build luke dagobah-swamp")
    show(app, "trade")
    hut = find(DeedToggle, deed_id="dagobah-yodas-hut")
    assert hut.button.style == "off"
    tap(hut.button)
    assert any("cannot change hands while its colour group has starships" in r for r in dialogs()[-1].reasons)
    close_popup()
    tap(hut.button)  # still out of the offer
    assert "Luke gives: nothing yet" in texts()


def gift(app: Any, giver: str, taker: str, amount: int) -> None:
    """``giver`` hands ``taker`` credits in a trade with nothing in return (real, journalled commands: the end
    screen replays the journal, so a test-only cash shortcut would not survive to it)."""
    reach(app, f"propose {giver} {taker} give=cash:{amount} get=", f"accept {taker}")


def debt_of_200(app: Any, players: int, deeds: bool) -> None:
    """Luke owes the bank the 200 IC Docking Tax with 10 IC in hand, all through real commands.

    With ``deeds`` (two players) Luke first buys the Dagobah pair by rolling round the board (1,580 IC left) and
    Vader pays his own Docking Tax; Luke then stands on Yoda's Hut. Luke gives Vader all his credits but 10 IC in
    a trade, rolls onto the Docking Tax (1 + 2 from Yoda's Hut, 1 + 3 from GO) and chooses the flat 200 IC, which
    he cannot pay: a debt to the bank.
    """
    app.new_game(setup_for(players))
    if deeds:
        reach(app, *DAGOBAH_WALK, "end luke", "roll vader 1 3", "tax vader flat", "end vader")
    gift(app, "luke", "vader", 1570 if deeds else 1490)
    reach(app, "roll luke 1 2" if deeds else "roll luke 1 3", "tax luke flat")


def test_debtor_who_can_still_raise_sees_pay_and_bankruptcy_refused(app: Any, screenshot_dir: Any) -> None:
    """Luke owes 200 IC with 10 IC and the Dagobah pair (30 IC mortgage value each): the screen opens on him,
    shows the debt and that he could raise only 10 + 30 + 30 = 70 IC; Pay is dimmed with the engine's reason,
    Declare bankruptcy is open (OT-BANKRUPT-1)."""
    debt_of_200(app, 2, deeds=True)
    show(app, "properties")
    assert find(TapButton, "Luke\n10 IC").style == "primary"
    assert "Owes the Bank 200 IC (Docking Tax)" in texts()
    assert "Could raise 70 IC at most, cash included, with every starship sold and every deed mortgaged" \
        in texts()
    pay = find(EngineActionButton, "Pay 200 IC to the Bank")
    assert pay.style == "off"
    assert find(EngineActionButton, "Declare bankruptcy").style == "danger"
    shoot(screenshot_dir, "properties-debt")
    tap(pay)
    assert any("Luke has only 10 Imperial credits" in r for r in dialogs()[-1].reasons)
    close_popup()


def test_opens_on_the_player_who_owes(app: Any) -> None:
    """Vader gives Luke all but 2 IC in a trade, lands on Luke's Swamp, and Luke claims the 4 IC rent on his own
    turn: the properties screen opens on Vader, the debtor, not on Luke whose turn it is (Luke: 1,500 - 60 +
    1,498 = 2,938 IC)."""
    app.new_game(setup_for(2))
    reach(app, "roll luke 1 2", "buy luke", "end luke")
    gift(app, "vader", "luke", 1498)
    reach(app, "roll vader 1 2", "end vader", "claim luke vader")
    show(app, "properties")
    assert cash_shown(app) == "2 IC"
    assert find(TapButton, "Vader\n2 IC").style == "primary"
    assert find(TapButton, "Luke\n2,938 IC").style == "normal"
    assert "Owes Luke 4 IC (rent for Dagobah: Swamp)" in texts()
    tap(find(TapButton, "Luke\n"))
    assert cash_shown(app) == "2,938 IC"
    assert find(TapButton, "Vader\n2 IC").style == "danger"

    show(app, "table")  # coming back opens on the debtor again, unless another screen asks for a player
    show(app, "properties")
    assert cash_shown(app) == "2 IC"
    show(app, "table")
    app.screen("properties").open_for("luke")
    settle()
    assert cash_shown(app) == "2,938 IC"


def test_bankruptcy_with_two_players_ends_the_game(app: Any, screenshot_dir: Any) -> None:
    """Luke cannot raise the 200 IC he owes the bank: after the confirmation he is out, and with only Vader
    left the game ends on the end screen (OT-BANKRUPT-1/6/9)."""
    debt_of_200(app, 2, deeds=False)
    show(app, "properties")
    tap(find(EngineActionButton, "Declare bankruptcy"))
    popup = dialogs()[-1]
    words = " ".join(texts(popup))
    assert "Declare Luke bankrupt?" in words and "go to the Bank" in words
    assert "Vader is the last player left: the game ends." in words
    shoot(screenshot_dir, "bankruptcy-confirm")
    assert app.session.game.state.player("luke").retired is False
    close_popup("Declare bankruptcy")
    settle()
    assert app.manager.current == "end"
    assert app.session.game.state.over


def test_bankruptcy_with_three_players_leaves_the_player_out(app: Any) -> None:
    """With three players the game goes on: after a cancelled and a confirmed bankruptcy, Luke's tab shows
    him out (dimmed) and his page says so."""
    debt_of_200(app, 3, deeds=False)
    show(app, "properties")
    tap(find(EngineActionButton, "Declare bankruptcy"))
    close_popup("Cancel")
    assert not app.session.game.state.player("luke").retired
    tap(find(EngineActionButton, "Declare bankruptcy"))
    close_popup("Declare bankruptcy")
    assert app.manager.current == "properties"
    tab = find(TapButton, "Luke (out)")
    assert tab.style in ("primary", "off")
    assert "Luke has left the game." in texts()
    tap(find(TapButton, "Vader\n"))
    assert find(TapButton, "Luke (out)").style == "off"


def rich_position(app: Any) -> None:
    """Luke with four groups, some built, one deed mortgaged; Vader with two deeds and an Imperial Get Out of
    Jail Free card drawn on Imperial (3 + 4 from GO). The Dagobah pair is bought for real; the TEST-ONLY shortcut
    give_deeds hands out the others."""
    app.new_game(setup_for(2))
    reach(app, *DAGOBAH_WALK, "end luke", "roll vader 3 4", "card vader jail-free", "end vader")
    give_deeds(app.session.game, "luke", "hoth-frozen-plains", "hoth-echo-base", "hoth-north-ridge",
               "tie-fighter", "tatooine-mos-eisley")  # TEST-ONLY shortcut
    give_deeds(app.session.game, "vader", "cloud-city-reactor-control-room", "millennium-falcon")  # TEST-ONLY
    reach(app, "build luke dagobah-swamp", "build luke dagobah-yodas-hut", "build luke dagobah-swamp",
          "mortgage luke hoth-frozen-plains")


def test_screens_at_every_size(app: Any, window: Any, screenshot_dir: Any) -> None:
    """Screenshots of both screens at 800x480, 1024x600 and 1280x800; no button reaches beyond the window's
    sides (scrolled lists may run below it)."""
    rich_position(app)
    sizes = ((800, 480), (1024, 600), (1280, 800))
    for name in ("properties", "trade"):
        show(app, name)
        if name == "trade":
            tap(find(DeedToggle, deed_id="tie-fighter").button)
            tap(find(DeedToggle, deed_id="millennium-falcon").button)
            tap(find(TapButton, "Imperial Get Out of Jail Free"))
            tap(stepper("luke", "+50"))
        for size in sizes:
            resize(window, size)
            shoot(screenshot_dir, name if size == sizes[0] else f"{name}-{size[0]}x{size[1]}")
            for button in find_all(TapButton):
                x, _ = button.to_window(button.x, button.y)
                assert x >= 0 and x + button.width <= size[0] + 1, button.text
        resize(window, sizes[0])


def test_shortage_auction_is_offered_only_when_the_bank_runs_short() -> None:
    """Table layer, no window: the fighter auction is offered once the bank has fewer fighters (1 of 32) than
    the deeds of two players ready for one; the freighter auction is not (12 left, 7 deeds ready) (OT-SHORTAGE-2).
    Position: TEST-ONLY shortcuts give_deeds/give_cash, then real builds: Luke 4 fighters on each Dagobah and
    Hoth deed (20), Vader 4 on each Coruscant deed and 1 on each Endor deed (11): 31 of 32 fighters built."""
    from companion.table.actions import shortage_auctions
    from tests.rules.helpers import give_cash, new_game, play

    game = new_game(2)
    luke = ("dagobah-yodas-hut", "dagobah-swamp", "hoth-frozen-plains", "hoth-echo-base", "hoth-north-ridge",
            "tatooine-mos-eisley", "tatooine-spaceport", "tatooine-lars-homestead")
    vader = ("coruscant-monument-square", "coruscant-imperial-palace", "endor-ewok-village", "endor-forest",
             "endor-shield-generator")
    give_deeds(game, "luke", *luke)
    give_deeds(game, "vader", *vader)
    give_cash(game, "luke", 5000)
    give_cash(game, "vader", 5000)
    assert shortage_auctions(game) == []
    for _ in range(4):
        play(game, *(f"build luke {d}" for d in luke[:5]), *(f"build vader {d}" for d in vader[:2]))
    play(game, *(f"build vader {d}" for d in vader[2:]))
    assert [a.label for a in shortage_auctions(game)] == ["Auction a fighter"]
