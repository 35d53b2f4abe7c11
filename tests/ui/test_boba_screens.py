"""The Boba Fett edition on the touchscreen, tapping the real widgets: the classic screens must speak this
edition's words (collect, payment, Depository, Sigil, Skull, inactive, reinstate, colour set) and show its colours.

The edition ships with nothing printed known; these tests play it with the made-up box of tests/boba/testbox.py
(TEST DATA), saved in the app's box store before the app starts, exactly as an owner's box would be. Values worked
out by hand from that box and the edition (start cash 1,500, opening bid 10):

- colour set 1 ("Test set 1", brown #8b5a2b) is spaces 1 and 3, each priced 100, inactive value 50, payments
  10 / 40 / 100 / 200 / 300 / 400, a Sigil 50 and a Skull 75 (the Sigil cost + 25);
- Equipment 1 (space 5): inactive value 100, reinstated for 100 + 10 % = 110;
- Imperial force 1 (space 12): 4 x a fresh roll with one owned;
- space 17 is a Bounty Hunter space; the test box enters 3 of that deck's 16 cards.

Screenshots (800x480): boba-new-game, boba-offer, boba-auction, boba-payment, boba-properties,
boba-pay-collect, boba-imperial-roll, boba-new-card, boba-box-walk.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from kivy.graphics import Color
from kivy.uix.label import Label

from companion.box.profile import BoxProfile
from companion.engine.state import Setup
from companion.table.box_play import box_store
from companion.ui import theme
from companion.ui.box_dialogs import NewCardDialog
from companion.ui.screens.auction import AuctionScreen
from companion.ui.screens.properties import DeedRow, GroupPanel
from companion.ui.screens.table import DeedTile, PlayerCard
from companion.ui.table_dialogs import CardListDialog, Choice, PayCollectDialog, PlayerDeedsDialog
from companion.ui.widgets import EngineActionButton, NumberPad, TapButton
from tests.boba import testbox
from tests.boba.helpers import give_deeds
from tests.ui.helpers import (
    action,
    cash,
    dialogs,
    exact,
    find,
    find_all,
    roll_typed,
    settle,
    shoot,
    tap,
    texts,
    type_name,
    wait_until,
)

pytestmark = pytest.mark.ui

EDITION = "Star Wars Boba Fett Edition"
SET_1 = theme.rgba("#8b5a2b")  # TEST DATA: the test box's colour of colour set 1 (brown)
CLASSIC_WORDS = re.compile(r"mortgag|\bbank|\brent|\bhouse|\bhotel|\bbuy", re.IGNORECASE)
"""Words of the classic game that this edition says otherwise (Depository, payment, Sigil, Skull, collect, make
inactive, out of the game)."""
TERM_KEYS = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""A word key shown as it is (``community_chest``): the edition has no word for it."""


@pytest.fixture
def saved_box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> BoxProfile:
    """TEST DATA: the made-up box saved for the Boba Fett edition in the data folder the ``app`` fixture uses."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    return box_store().save(testbox.box_profile())


@pytest.fixture
def boba(saved_box: BoxProfile, app: Any) -> Any:
    """The app, started after the test box was saved."""
    return app


# ---------------------------------------------------------------- helpers


def edition_words_only(where: str) -> list[str]:
    """Every text on the window (screen and popups); fails when one of them uses a classic word."""
    settle()
    shown = texts()
    classic = [t for t in shown if CLASSIC_WORDS.search(t) or TERM_KEYS.search(t)]
    assert not classic, f"{where}: classic words or word keys on screen: {classic}"
    return shown


def painted(widget: Any) -> tuple[float, ...]:
    """The colour a widget's background is painted in (:func:`companion.ui.widgets.paint`)."""
    colours = [i for i in widget.canvas.before.children if isinstance(i, Color)]
    assert colours, f"{widget} has no painted background"
    return tuple(colours[0].rgba)


def start(app: Any) -> None:
    """A two-player Boba Fett game (Din, then Fennec) on the test box, on the table screen (to reach a position
    quickly: the new-game screen is tapped in its own test)."""
    players = [{"id": p, "name": p.capitalize(), "token": f"boba-fett-{n}"}
               for n, p in enumerate(("din", "fennec"), start=1)]
    assert app.new_game(Setup("boba-fett", "standard", players, 0)).accepted
    settle()
    assert app.manager.current == "table"


def reach(app: Any, *commands: str) -> None:
    """Reach a position quickly through the engine (the flow under test is tapped)."""
    for command in commands:
        answer = app.submit(command)
        assert answer.accepted, (command, answer.reasons)
    settle()


def close_popup(label: str = "OK") -> None:
    """Tap a button of the newest popup and wait until it has gone."""
    popup = dialogs()[-1]
    tap(find(TapButton, label, root=popup))
    wait_until(lambda: popup not in dialogs())


def type_on_pad(digits: str) -> None:
    """Type a number on the open number pad and tap OK."""
    pad = dialogs()[-1]
    assert isinstance(pad, NumberPad)
    for digit in digits:
        tap(exact(digit, pad))
    tap(pad.ok)
    wait_until(lambda: pad not in dialogs())


def deed_button(deed_id: str, label: str) -> EngineActionButton:
    """The button starting with ``label`` in a deed's row on the properties screen."""
    return find(EngineActionButton, label, root=find(DeedRow, deed_id=deed_id))


def properties_cash(app: Any) -> str:
    return str(app.screen("properties").cash_label.text)


# ---------------------------------------------------------------- new game, offer, auction, payment


def test_a_boba_fett_game_set_up_and_played_by_taps(boba: Any, screenshot_dir: Path) -> None:
    """The new-game screen offers the Boba Fett box's four numbered tokens for 2 to 4 players; Din lands on
    Character 1B (test), is offered to collect it for 100 credits, lets it go to auction, where the opening bid is
    10 (a bid of 9 is refused, saying so) and wins it for 10; Fennec lands there and Din asks for the 10 credits
    payment: Din 1,500 - 10 + 10 = 1,500, Fennec 1,490. Pay / collect names the Depository."""
    app = boba
    tap(find(TapButton, "New game"))
    screen = app.screen("new-game")
    tap(find(TapButton, EDITION, root=screen))
    assert "Box: Test box (made-up values)" in texts(screen)
    assert "A game can start with this box." in texts(screen)
    tokens = [b.text.split("\n")[0] for b in sorted(find_all(TapButton, root=screen, role="token"),
                                                     key=lambda b: b.seat)]
    assert tokens == ["Boba Fett 1", "Boba Fett 2"]  # the smallest table: 2 players
    tap(find(TapButton, root=screen, seat=0, role="token"))
    picker = dialogs()[-1]
    assert sorted(b.text.split("\n")[0] for b in find_all(TapButton, root=picker) if hasattr(b, "token")) == \
        ["Boba Fett 1", "Boba Fett 2", "Boba Fett 3", "Boba Fett 4"]
    close_popup("Cancel")
    tap(find(TapButton, "Add player", root=screen))
    tap(find(TapButton, "Add player", root=screen))
    assert find(TapButton, "Table full", root=screen).text == "Table full (4 players)"
    tap(find(TapButton, "\u00d7", root=screen, seat=3, role="remove"))
    tap(find(TapButton, "\u00d7", root=screen, seat=2, role="remove"))
    for seat, name in enumerate(("Din", "Fennec")):
        type_name(screen, seat, name)
    edition_words_only("new game")
    shoot(screenshot_dir, "boba-new-game")
    tap(find(TapButton, "Start game"))
    settle()
    assert app.manager.current == "table"
    assert [cash("din"), cash("fennec")] == ["1,500 credits", "1,500 credits"]
    assert "Depository: 32 Sigils, 12 Skulls left" in texts()

    roll_typed(1, 2)  # GO -> 3: Character 1B (test)
    assert action("buy").text == "Din: collect Character 1B (test) for 100 credits"
    assert action("decline").text == "Don't collect: auction it"
    shown = edition_words_only("offer")
    assert "Owner: Depository" in shown
    assert any(t.startswith("[b]Price[/b]\nPayment\nWith 1 Sigil\n") and t.endswith("Each Sigil\nA Skull")
               for t in shown)
    assert any(t.endswith("\n50 credits\n50 credits\n75 credits") for t in shown)  # inactive value, Sigil, Skull
    assert painted(app.screen("table").space_name_label.parent) == SET_1  # the space card's colour band
    shoot(screenshot_dir, "boba-offer")

    tap(action("decline"))
    settle()
    assert app.manager.current == "auction"
    auction = app.screen("auction")
    assert isinstance(auction, AuctionScreen)
    tap(exact("Hold", auction))  # the countdown must not close the auction while the table reads the screen
    assert auction.lot.text == "Character 1B (test)"
    assert auction.lot_info.text == "Test set 1  ·  printed price 100 credits  ·  payment 10 credits"
    assert auction.high_bid.text == "No bid yet"
    assert painted(auction.band.children[0]) == SET_1
    too_low = exact("+1", auction.rows["din"])
    assert too_low.style == "off"
    tap(exact("Exact…", auction.rows["din"]))
    type_on_pad("9")
    refusal = dialogs()[-1]
    assert refusal.reasons == ["A bid must be at least 10 credits (the opening bid)."]
    assert "\u2022  A bid must be at least 10 credits (the opening bid)." in texts(refusal)
    close_popup()
    assert auction.high_bid.text == "No bid yet"
    tap(exact("+10", auction.rows["din"]))
    assert auction.high_bid.text == "10 credits  ·  Din"
    edition_words_only("auction")
    shoot(screenshot_dir, "boba-auction")
    tap(exact("Pass", auction.rows["fennec"]))
    settle()
    assert app.manager.current == "table"
    assert cash("din") == "1,490 credits"
    tap(action("end"))

    roll_typed(1, 2)  # Fennec: GO -> 3, Din's Character 1B (test)
    claim = action("claim:din:fennec")
    assert claim.text == "Din: claim 10 credits payment from Fennec"
    assert "Din may claim 10 credits payment from Fennec for Character 1B (test)" in texts()
    edition_words_only("payment")
    shoot(screenshot_dir, "boba-payment")
    tap(claim)
    assert (cash("din"), cash("fennec")) == ("1,500 credits", "1,490 credits")
    assert [tuple(tile.colour) for tile in find_all(DeedTile, deed_id="space-3")] == [SET_1]

    tap(find(TapButton, "Pay / collect"))
    pay = dialogs()[-1]
    assert isinstance(pay, PayCollectDialog)
    assert [c.text for c in find_all(Choice, root=pay, field="payer")][::-1] == ["Din", "Fennec", "Depository"]
    assert [c.text for c in find_all(Choice, root=pay, field="reason")][::-1] == [
        "GO salary", "Agreed at the table", "Bounty Hunter or Pursuit Craft card", "Fine or fee"]
    edition_words_only("pay / collect")
    shoot(screenshot_dir, "boba-pay-collect")
    close_popup("Cancel")

    tap(find(TapButton, "Journal"))
    assert "Payment for Character 1B (test): Fennec \u221210 credits, Din +10 credits" in texts()
    edition_words_only("journal")


# ---------------------------------------------------------------- properties


def test_properties_with_a_full_colour_set(boba: Any, screenshot_dir: Path) -> None:
    """Din holds colour set 1 (Character 1A and 1B, test) and Equipment 1: a Sigil costs 50 on either, four
    each (1,400 - 8 x 50 = 1,000), then a Skull costs its own 75 (925 left) and the Depository takes the four Sigils
    back (32 - 8 + 4 = 28 Sigils, 11 Skulls left). A character with armour symbols cannot be made inactive;
    Equipment 1 can (+100: 1,025), and is reinstated for its inactive value plus the 10 % fee (110: 915)."""
    app = boba
    start(app)
    reach(app, "roll din 1 2", "buy din")  # Din collects Character 1B: 1,400 left
    give_deeds(app.session.game, "din", "space-1", "space-5")  # TEST-ONLY shortcut: the rest of the set at once
    tap(find(TapButton, "Properties"))
    assert app.manager.current == "properties"
    assert properties_cash(app) == "1,400 credits"
    group = find(GroupPanel, group_id="colour-set-1")
    assert painted(group.children[-1].children[-1]) == SET_1  # the colour band beside the set's name
    group_texts = " ".join(texts(group))
    assert "Test set 1" in group_texts and "full colour set" in group_texts
    assert "Next armour symbol can go on: Character 1A (test), Character 1B (test)" in group_texts
    assert deed_button("space-1", "Build").text == "Build a Sigil (50 credits)"
    assert deed_button("space-3", "Build").text == "Build a Sigil (50 credits)"
    edition_words_only("properties, nothing built")

    for _ in range(4):
        for deed in ("space-1", "space-3"):
            tap(deed_button(deed, "Build a Sigil"))
    assert properties_cash(app) == "1,000 credits"
    assert all("4 Sigils" in " ".join(texts(find(DeedRow, deed_id=d))) for d in ("space-1", "space-3"))
    assert "Depository stock: 24 Sigils, 12 Skulls" in texts()
    assert deed_button("space-1", "Build").text == "Build a Skull (75 credits)"
    tap(deed_button("space-1", "Build a Skull"))
    assert properties_cash(app) == "925 credits"
    assert "1 Skull" in " ".join(texts(find(DeedRow, deed_id="space-1")))
    assert "Depository stock: 28 Sigils, 11 Skulls" in texts()
    assert deed_button("space-1", "Sell").text == "Sell a Skull (+37 credits)"  # half of 75, rounded down
    assert deed_button("space-3", "Sell").text == "Sell a Sigil (+25 credits)"

    refused = deed_button("space-3", "Make inactive")
    assert refused.text == "Make inactive (+50 credits)" and refused.style == "off"
    tap(refused)
    assert dialogs()[-1].reasons == ["Sell the armour symbols on the Test set 1 colour set first."]
    edition_words_only("properties, refused")
    close_popup()

    equipment = deed_button("space-5", "Make inactive")
    assert equipment.text == "Make inactive (+100 credits)"
    tap(equipment)
    assert properties_cash(app) == "1,025 credits"
    assert "inactive" in " ".join(texts(find(DeedRow, deed_id="space-5")))
    assert deed_button("space-5", "Reinstate").text == "Reinstate it (110 credits)"
    edition_words_only("properties")
    shoot(screenshot_dir, "boba-properties")

    tap(find(TapButton, "Back to table"))
    tap(find(TapButton, "Trade"))
    assert app.manager.current == "trade"
    edition_words_only("trade")
    tap(find(TapButton, "Back to table"))
    tap(find(PlayerCard, player_id="din"))
    assert isinstance(dialogs()[-1], PlayerDeedsDialog)
    shown = edition_words_only("a player's deeds")
    assert {"Test set 1 (full colour set)", "1 Skull", "4 Sigils", "inactive"} <= set(shown)
    close_popup("Properties")
    assert app.manager.current == "properties"
    tap(deed_button("space-5", "Reinstate"))
    assert properties_cash(app) == "915 credits"
    assert deed_button("space-5", "Make inactive").text == "Make inactive (+100 credits)"


# ---------------------------------------------------------------- Imperial force and a new card


def test_imperial_force_roll_and_a_bounty_hunter_card_not_entered(boba: Any, screenshot_dir: Path) -> None:
    """Fennec rolls 6 + 6 onto Din's Imperial force 1 (test): he is asked to roll for the payment; his 2 + 3 makes
    4 x 5 = 20 credits, which Din asks for (Fennec 1,480, Din 1,520). His doubles let him roll again: 1 + 4 takes
    him to the Bounty Hunter space 17; the test box enters only 3 of that deck's cards, so the card list offers
    one not entered yet, which opens the new-card window; Cancel leaves the card still to pick."""
    app = boba
    start(app)
    give_deeds(app.session.game, "din", "space-12")  # TEST-ONLY shortcut: Din holds Imperial force 1
    reach(app, "roll din 4 6", "end din")  # to reach a position quickly: Din just visits Jail
    roll_typed(6, 6)
    roll = action("utility-roll")
    assert roll.text == "Fennec: roll for Imperial force 1 (test)"
    assert "Fennec rolls the dice again for Imperial force 1 (test)" in texts()
    shown = edition_words_only("Imperial force")
    assert "Owner: Din" in shown
    assert any("1 owned\n2 owned" in t for t in shown)
    shoot(screenshot_dir, "boba-imperial-roll")

    roll_typed(2, 3, key="utility-roll")
    claim = action("claim:din:fennec")
    assert claim.text == "Din: claim 20 credits payment from Fennec"
    tap(claim)
    assert (cash("din"), cash("fennec")) == ("1,520 credits", "1,480 credits")

    roll_typed(1, 4)  # the second roll of his doubles turn: 12 -> 17
    pick = find(TapButton, "Fennec: pick the Bounty Hunter card drawn")
    tap(pick)
    cards = dialogs()[-1]
    assert isinstance(cards, CardListDialog)
    assert sorted(b.action.label for b in find_all(EngineActionButton, root=cards)) == \
        ["Collect 100 credits from the Depository", "Get Out of Jail Free (keep it)", "Move to GO"]
    tap(find(TapButton, "A card not entered yet", root=cards))
    new_card = dialogs()[-1]
    assert isinstance(new_card, NewCardDialog)
    assert new_card.title.text == "Bounty Hunter card not entered yet"
    assert any(t.startswith("Fennec drew a card of the Bounty Hunter deck") for t in texts(new_card))
    edition_words_only("new card")
    shoot(screenshot_dir, "boba-new-card")
    close_popup("Cancel")
    assert not dialogs()
    assert find(TapButton, "Fennec: pick the Bounty Hunter card drawn")
    assert app.session.game.state.player("fennec").position == 17


# ---------------------------------------------------------------- box setup


def test_box_setup_walks_the_shipped_edition_to_space_1(app: Any, screenshot_dir: Path) -> None:
    """With no box saved, only the shipped edition's four corners are known, and a game can start: play asks for
    the rest. The walk's board part opens on GO (known, from the rule book); "Next missing" goes to space 1, whose
    type, name, colour set and price are to be read off the box, or skipped (play asks when a token stops
    there)."""
    tap(find(TapButton, "Box setup"))
    tap(find(TapButton, edition="boba-fett"))
    assert find(Label, edition="boba-fett", role="headline").text == \
        "A game can start; play asks for the rest when it is first needed."
    tap(find(TapButton, "Check and fill in"))
    assert app.manager.current == "box-walk"
    walker = app.screen("box-walk")
    tap(find(TapButton, part="board"))
    assert (walker.step.title, walker.step.heading) == ("Space 0 after GO (1 of 40)", "GO")
    assert find(TapButton, part="board").text.endswith("4 of 40 spaces done[/size]")  # the four corners

    tap(find(TapButton, "Next missing", walker))
    assert (walker.step.title, walker.step.heading) == ("Space 1 after GO (2 of 40)", "Name not entered yet")
    assert sorted(b.text for b in find_all(TapButton, root=walker.form)) == [
        "Colour set: tap to choose", "Name: tap to type", "Price: tap to enter", "Type of space: tap to choose"]
    assert "Type of space, name, colour set and price: Not known yet: read it off your box." in texts(walker)
    assert find(TapButton, "Skip", walker).style != "off"
    edition_words_only("box walk")
    shoot(screenshot_dir, "boba-box-walk")
