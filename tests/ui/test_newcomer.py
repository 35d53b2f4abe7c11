"""A newcomer's game: four players play 20 turns of the Original Trilogy through taps on the 800x480 screen only
(no command typed), meeting a jail, an auction, a trade, a build, a mortgage, a card and an undo. The dice come
from a fixed sequence (the app's on-screen dice generator is replaced), so each turn is known: TEST DATA, not
rule-book values. The taps spent on each kind of action are counted and printed.

Turns 1-6 are scripted (each figure below worked out by hand from the rule book's amounts); turns 7-20 are
played by a simple policy over whatever the table offers, as a family new to the app would: claim every rent,
buy what leaves at least 300 IC, decline otherwise (and everybody passes at the auction), take the first card
choice, pay the flat Docking Tax, pay the fine in jail.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.ui.screens.properties import DeedRow
from companion.ui.screens.trade import DeedToggle, SideColumn
from companion.ui.table_dialogs import CardListDialog
from companion.ui.widgets import EngineActionButton, TapButton
from tests.ui.helpers import (
    Taps,
    action,
    cash,
    dialogs,
    exact,
    find,
    find_all,
    settle,
    setup_for,
    shoot,
    wait_until,
)

pytestmark = pytest.mark.ui

TURNS = 20


class Faces:
    """The on-screen dice: the faces given, in order, then faces from a seeded generator."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.rest = random.Random(20)

    def choice(self, values: Any) -> int:
        return self.faces.pop(0) if self.faces else self.rest.choice(values)


def on(app: Any, screen: str) -> None:
    wait_until(lambda: app.manager.current == screen and not app.manager.transition.is_active)
    settle()


def state(app: Any) -> Any:
    return app.session.game.state


def pass_everyone(app: Any, taps: Taps) -> None:
    """At the auction every bidder who may pass does (the lot stays with the bank once all are out)."""
    while app.manager.current == "auction":
        screen = app.screen("auction")
        able = [exact("Pass", row) for row in screen.rows.values() if exact("Pass", row).style != "off"]
        if not able:
            break
        taps(able[0], "auction")
    on(app, "table")


def play_by_policy(app: Any, taps: Taps) -> None:
    """One turn as a newcomer plays it: whatever the table offers, by a simple policy (see the module text)."""
    turn = state(app).turn.number
    while state(app).turn.number == turn and not state(app).over:
        settle()
        if app.manager.current == "auction":
            pass_everyone(app, taps)
            continue
        offered = {b.action.key: b for b in find_all(EngineActionButton) if b.action.enabled}
        picks = find_all(TapButton, "pick the")
        me = state(app).turn.player
        if picks:
            taps(picks[0], "card")
            dialog = dialogs()[-1]
            assert isinstance(dialog, CardListDialog)
            taps(next(b for b in find_all(EngineActionButton, root=dialog) if b.action.enabled), "card")
        elif claims := [b for k, b in offered.items() if k.startswith("claim:")]:
            taps(claims[0], "rent")
        elif "buy" in offered:
            price = app.session.game.edition.space(state(app).decisions[0].data["space"]).price
            if state(app).cash(me) - price >= 300:
                taps(offered["buy"], "buy")
            else:
                taps(offered["decline"], "auction")
                pass_everyone(app, taps)
        elif "tax:flat" in offered:
            taps(offered["tax:flat"], "tax")
        elif "fine" in offered:
            taps(offered["fine"], "jail")
        elif "roll" in offered:
            taps(offered["roll"], "roll")
        elif "end" in offered:
            taps(offered["end"], "end")
        else:
            raise AssertionError(f"no way forward: {sorted(offered)}")


def test_a_newcomer_plays_twenty_turns_by_taps(app: Any, screenshot_dir: Path) -> None:
    assert app.new_game(setup_for(4)).accepted
    app.dice_rng = Faces(3, 3, 1, 1, 2, 2,   # Luke: Frozen Plains, Echo Base, then a third doubles: Jail
                         4, 5,               # Vader: North Ridge
                         3, 4,               # Leia: the Imperial card space
                         1, 2,               # Tarkin: Dagobah: Swamp, declined and auctioned
                         2, 5,               # Luke, out of Jail by the fine: the Rebel card space (17)
                         1, 3)               # Vader: Tatooine: Spaceport, bought by mistake and taken back
    on(app, "table")
    taps = Taps()

    # Turn 1, Luke: two deeds of Hoth bought, then the third doubles in a row sends him to Jail.
    for kind, key in (("roll", "roll"), ("buy", "buy"), ("roll", "roll"), ("buy", "buy"), ("jail", "roll")):
        taps(action(key), kind)
    assert state(app).player("luke").in_jail and cash("luke") == "1,300 IC"
    shoot(screenshot_dir, "newcomer-ot-jail")
    taps(action("end"), "end")

    # Turn 2, Vader buys Hoth: North Ridge (120 IC).
    taps(action("roll"), "roll")
    taps(action("buy"), "buy")
    taps(action("end"), "end")
    assert cash("vader") == "1,380 IC"

    # Turn 3, Leia draws an Imperial card, chosen by what it does.
    taps(action("roll"), "roll")
    taps(find(TapButton, "Leia: pick the Imperial card drawn"), "card")
    choice = next(b for b in find_all(EngineActionButton, root=dialogs()[-1]) if b.action.enabled)
    taps(choice, "card")
    assert state(app).turn.player == "leia" and not state(app).decisions
    taps(action("end"), "end")

    # Turn 4, Tarkin declines the Swamp: Luke wins it at auction for 10 IC, the others pass.
    taps(action("roll"), "roll")
    taps(action("decline"), "auction")
    on(app, "auction")
    taps(exact("+10", app.screen("auction").rows["luke"]), "auction")
    shoot(screenshot_dir, "newcomer-ot-auction")
    for who in ("vader", "leia", "tarkin"):
        taps(exact("Pass", app.screen("auction").rows[who]), "auction")  # the rows are drawn again each time
    on(app, "table")
    assert state(app).owner("dagobah-swamp") == "luke" and cash("luke") == "1,290 IC"
    taps(action("end"), "end")

    # Turn 5, Luke pays the 50 IC fine, rolls onto a Rebel card (collect 200), buys North Ridge from Vader for
    # 150 IC, builds a fighter on Frozen Plains (50) and mortgages the Swamp (+30).
    taps(action("fine"), "jail")
    taps(action("roll"), "roll")
    taps(find(TapButton, "Luke: pick the Rebel card drawn"), "card")
    taps(next(b for b in find_all(EngineActionButton, root=dialogs()[-1])
              if b.action.label == "Collect 200 IC from the Bank"), "card")
    assert cash("luke") == "1,440 IC"  # 1,290 - 50 + 200

    taps(find(TapButton, "Trade"), "trade")
    on(app, "trade")
    assert find(SideColumn, player_id="vader")  # the turn player offers to the next player
    taps(find(DeedToggle, deed_id="hoth-north-ridge").button, "trade")
    for step in ("+100", "+50"):
        taps(exact(step, find(SideColumn, player_id="luke")), "trade")
    taps(find(TapButton, "Propose"), "trade")
    taps(find(EngineActionButton, "Vader: Accept"), "trade")
    assert state(app).owner("hoth-north-ridge") == "luke"
    assert state(app).cash("luke") == 1290 and state(app).cash("vader") == 1380 + 150
    taps(find(TapButton, "Back to table"), "trade")
    on(app, "table")

    taps(find(TapButton, "Properties"), "build")
    on(app, "properties")
    taps(find(EngineActionButton, "Build a fighter", root=find(DeedRow, deed_id="hoth-frozen-plains")), "build")
    taps(find(EngineActionButton, "Mortgage (+30 IC)", root=find(DeedRow, deed_id="dagobah-swamp")), "mortgage")
    assert state(app).houses("hoth-frozen-plains") == 1 and "dagobah-swamp" in state(app).mortgaged
    assert state(app).cash("luke") == 1290 - 50 + 30
    shoot(screenshot_dir, "newcomer-ot-properties")
    taps(find(TapButton, "Back to table"), "build")
    on(app, "table")
    taps(action("end"), "end")

    # Turn 6, Vader buys Tatooine: Spaceport by mistake; the table takes it back from the journal, then he
    # declines it and everybody passes at the auction.
    taps(action("roll"), "roll")
    taps(action("buy"), "buy")
    taps(find(TapButton, "Journal"), "undo")
    on(app, "journal")
    taps(exact("Undo last action", app.screen("journal")), "undo")
    taps(dialogs()[-1].yes_button, "undo")
    assert state(app).owner("tatooine-spaceport") == "bank" and state(app).cash("vader") == 1530
    taps(find(TapButton, "Back to table"), "undo")
    on(app, "table")
    taps(action("decline"), "auction")
    on(app, "auction")
    pass_everyone(app, taps)
    assert state(app).owner("tatooine-spaceport") == "bank"
    taps(action("end"), "end")

    # Turns 7-20: the policy.
    while state(app).turn.number <= TURNS and not state(app).over:
        play_by_policy(app, taps)
    shoot(screenshot_dir, "newcomer-ot-turn-21")
    assert state(app).turn.number == TURNS + 1 and not state(app).over
    assert sum(state(app).cash(p.id) for p in state(app).players) > 0
    total = sum(taps.spent.values())
    print("taps per action:", ", ".join(f"{kind} {n}" for kind, n in sorted(taps.spent.items())),
          f"; {total} taps in {TURNS} turns")
    for kind in ("roll", "end", "buy", "auction", "trade", "build", "mortgage", "card", "jail", "undo"):
        assert taps.spent.get(kind), kind
