"""Box values asked for during play, tapping the real widgets: a deed's printed values the first time a token
lands on it (entered on the number pad, checked, saved in the box and used by the next game), a refused rent
table, a caution confirmed with a second tap, Cancel, a roll from a device kept while the table answers, the
Bounty amount, a card nobody has entered yet, and the new-game screen's box status.

The edition is the TEST DATA edition ``test-box`` (tests/box/testbox.py): the Original Trilogy with the printed
values of the Tatooine deeds (Mos Eisley is space 11), the Bounty amount (space 38) and six Imperial cards left
unknown. Every value entered here is made up (TEST DATA), never a value from the box.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from companion.devices.rolls import DiceRoll
from companion.engine.state import Setup
from companion.table.views import journal_lines
from companion.ui.box_dialogs import CONFIRM, BoxValuesDialog, NewCardDialog
from companion.ui.box_form import ChoiceListDialog, KeyboardDialog
from companion.ui.table_dialogs import CardListDialog, CorrectionDialog
from companion.ui.widgets import EngineActionButton, NumberPad, TapButton
from tests.box import testbox
from tests.ui.helpers import (
    SEATS,
    action,
    cash,
    dialogs,
    exact,
    find,
    find_all,
    frames,
    pad_in,
    put_pad_away,
    question,
    roll_typed,
    shoot,
    tap,
    texts,
    wait_until,
)

pytestmark = pytest.mark.ui

GAPPED = "test-box-gaps"
MOS_EISLEY = "tatooine-mos-eisley"
# TEST DATA: made-up values for Tatooine: Mos Eisley, not read off any box.
PRICE, RENT, BUILD, MORTGAGE = 140, (10, 50, 150, 450, 625, 750), 100, 70


@pytest.fixture(autouse=True)
def box_editions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """TEST DATA editions (autouse, so they are in place before the ``app`` fixture reads the editions): the
    Original Trilogy, ``test-box``, and ``test-box-gaps`` whose board layout is unfinished too."""
    root = testbox.write_editions(tmp_path / "editions")
    raw = testbox.gapped_raw(layout_gaps=True)
    raw["edition"].update(id=GAPPED, name="Layout gaps (test data)")
    (root / GAPPED).mkdir()
    for stem, data in raw.items():
        (root / GAPPED / f"{stem}.toml").write_bytes(tomli_w.dumps(data).encode())
    monkeypatch.setenv("COMPANION_EDITIONS_DIR", str(root))
    return root


# ---------------------------------------------------------------- helpers




def start(app: Any, edition: str = testbox.TEST_ID) -> None:
    """A two-player game of ``edition`` (Luke, then Vader) on the table screen."""
    assert app.new_game(Setup(edition, "standard", [dict(s) for s in SEATS[:2]], 0)).accepted
    assert app.manager.current == "table"
    wait_until(lambda: not app.manager.transition.is_active)








def rent_claimed(app: Any) -> None:
    """Reach the question about Mos Eisley's rent quickly: its price entered (TEST DATA), Luke buys it, Vader
    stops there and Luke claims, which asks for the rent for the site alone."""
    for line in (f"box space:{MOS_EISLEY} price={PRICE}", "roll luke 5 6", "buy luke", "end luke", "roll vader 5 6"):
        assert app.submit(line).accepted, line
    assert not app.submit("claim luke vader").accepted


def made_inactive(app: Any) -> None:
    """Reach the question about Mos Eisley's mortgage value: Luke owns it and mortgages it."""
    for line in (f"box space:{MOS_EISLEY} price={PRICE}", "roll luke 5 6", "buy luke"):
        assert app.submit(line).accepted, line
    assert not app.submit(f"mortgage luke {MOS_EISLEY}").accepted


def control(dialog: Any, field: str, part: int | None = None) -> TapButton:
    """The form's button for a field (``part``: one amount of a rent table)."""
    return find(TapButton, root=dialog.form, field=field, part=part)


def enter_deed(dialog: Any, price: int, rent: tuple[int, ...], build: int, mortgage: int) -> None:
    pad_in(control(dialog, "price"), price)
    for part, amount in enumerate(rent):
        pad_in(control(dialog, "rent", part), amount)
    pad_in(control(dialog, "build_cost"), build)
    pad_in(control(dialog, "mortgage"), mortgage)


def fill(dialog: Any, **values: Any) -> None:
    """Enter values straight into the form (to reach a state quickly; the number pad is tapped elsewhere)."""
    for key, value in values.items():
        dialog.form.set_value(key, list(value) if isinstance(value, tuple) else value)


def problems(dialog: Any, field: str) -> list[str]:
    """The problem lines shown under a field of the form."""
    return [label.text for label in dialog.form.problem_labels if label.field == field]


def rolls(app: Any) -> list[tuple[str, str]]:
    return [(e.command.to_text(), e.command.source) for e in app.session.game.entries
            if e.command and e.command.verb == "roll"]


def stored_box(tmp_path: Path) -> dict[str, Any]:
    """The box profile file the app keeps for the test edition."""
    return tomllib.loads((tmp_path / "data" / "boxes" / testbox.TEST_ID / "our-box.toml").read_text("utf-8"))


# ---------------------------------------------------------------- a deed's printed values


def test_landing_on_a_deed_not_entered_asks_once_and_the_next_game_uses_the_box(
        app: Any, tmp_path: Path, screenshot_dir: Path) -> None:
    """OT-BUY-1 with a box: Luke rolls 5 + 6 onto Tatooine: Mos Eisley (space 11), whose Title Deed nobody has
    entered: the popup asks for its price only (what Luke weighs now), on a number pad already open, and OK
    answers it: the roll goes on and the offer is to buy it for the entered 140 IC. Buying asks nothing more.
    Vader stops there; when Luke claims, only the rent for the site alone is asked (the rest of the table may be
    typed too, never required). The roll is journalled once, with its dice; the values are in the box file, and
    the next game of the edition does not ask again."""
    start(app)
    roll_typed(5, 6)
    dialog = question()
    assert dialog.title.text == "Read it off the box: Tatooine: Mos Eisley"
    assert any(t.startswith("Tatooine: Mos Eisley: the price printed in the box is not entered yet")
               for t in texts(dialog))
    assert [f.key for f in dialog.form.fields] == ["price"]
    assert isinstance(dialogs()[-1], NumberPad)  # the pad is open: digits and OK are all it takes
    assert app.session.game.state.player("luke").position == 0  # nothing played while the box is asked
    shoot(screenshot_dir, "box-ask")
    pad_in(control(dialog, "price"), PRICE)
    wait_until(lambda: dialog not in dialogs())

    assert action("buy").text == "Luke: buy Tatooine: Mos Eisley for 140 IC"
    lines = app.last_answer.lines
    assert lines[0] == "Luke rolls 5 + 6"  # what was played first, what was read off the box for it after
    assert lines[-1] == "Read off the box for Tatooine: Mos Eisley: price 140 (saved in the box for every later game)"
    assert rolls(app) == [("roll luke 5 6", "typed")]

    tap(action("buy"))
    assert not [d for d in dialogs() if isinstance(d, BoxValuesDialog)]
    assert cash("luke") == "1,360 IC"  # 1,500 - 140 (TEST DATA price)
    tap(action("end"))
    roll_typed(5, 6)                                 # Vader stops on Luke's deed: nothing asked yet
    assert not [d for d in dialogs() if isinstance(d, BoxValuesDialog)]
    assert action("claim:luke:vader").text == "Luke: claim rent from Vader"
    tap(action("claim:luke:vader"))
    dialog = question()
    assert control(dialog, "rent", 0).text == "Rent, site only: tap to enter"
    assert control(dialog, "rent", 5).text == "With a freighter/destroyer: not needed now"
    shoot(screenshot_dir, "box-ask-rent-when-claimed")
    pad_in(control(dialog, "rent", 0), RENT[0])
    wait_until(lambda: dialog not in dialogs())
    assert (cash("luke"), cash("vader")) == ("1,370 IC", "1,490 IC")
    journal = [line.text for line in journal_lines(app.session.game)]
    assert any(line.startswith("Read off the box for Tatooine: Mos Eisley: rent table 10/?/?/?/?/?")
               for line in journal), journal
    assert sum("Luke rolls 5 + 6" in line for line in journal) == 1
    assert stored_box(tmp_path)["spaces"][MOS_EISLEY] == {"price": 140, "rent": [10, 0, 0, 0, 0, 0]}

    app.leave_game()
    start(app)
    roll_typed(5, 6)
    assert not dialogs()
    assert action("buy").text == "Luke: buy Tatooine: Mos Eisley for 140 IC"
    tap(action("buy"))
    assert not dialogs()
    assert app.session.edition.box["id"] == "our-box"


def test_values_another_game_saved_in_the_box_are_used_without_asking(app: Any) -> None:
    """A game started before another game entered Mos Eisley's values (TEST DATA) finds them in the box when
    Luke lands there: no question, the values are journalled for this game and the roll goes on."""
    start(app)
    edition = app.editions[testbox.TEST_ID]
    box = app.boxes.current(edition)
    app.boxes.save(box.with_values(f"space:{MOS_EISLEY}", {"price": PRICE, "rent": RENT, "build_cost": BUILD,
                                                           "mortgage": MORTGAGE}))
    roll_typed(5, 6)
    assert not dialogs()
    assert action("buy").text == "Luke: buy Tatooine: Mos Eisley for 140 IC"
    assert app.last_answer.lines[-1].startswith("Read off the box for Tatooine: Mos Eisley: price 140")
    assert [e.command.verb for e in app.session.game.entries[1:]] == ["box", "roll"]


def test_a_rent_table_that_does_not_rise_is_refused_and_every_typed_amount_stays(
        app: Any, tmp_path: Path, screenshot_dir: Path) -> None:
    """A slip of the finger (the third rent amount, typed beside the one asked, lower than the second) is refused
    under the rent table, naming the space and the amount, and every typed value stays."""
    start(app)
    rent_claimed(app)
    dialog = question()
    fill(dialog, rent=[10, 50, None, None, None, None])
    pad_in(control(dialog, "rent", 2), 40)  # TEST DATA: a slip, less than the amount before it
    assert dialog in dialogs()
    assert problems(dialog, "rent") == ["Space 11 (Tatooine: Mos Eisley), rent: amount 3 (40) must be more than "
                                        "amount 2 (50); each level pays more than the one before."]
    assert control(dialog, "rent", 2).text == "With 2 fighters: 40"
    assert app.session.game.state.cash("vader") == 1500
    assert "rent" not in stored_box(tmp_path).get("spaces", {}).get(MOS_EISLEY, {})
    shoot(screenshot_dir, "box-refused-rent")
    fill(dialog, rent=[10, 50, None, None, None, None])  # the slip taken back: what was said under it goes
    assert problems(dialog, "rent") == []

    pad_in(control(dialog, "rent", 2), 150)
    wait_until(lambda: dialog not in dialogs())
    assert app.session.game.state.cash("vader") == 1500 - 10  # the claim went on
    assert stored_box(tmp_path)["spaces"][MOS_EISLEY]["rent"] == [10, 50, 150, 0, 0, 0]


def test_a_rent_whose_card_is_not_at_hand_waits_and_is_asked_again(app: Any, screenshot_dir: Path) -> None:
    """Luke claims but the Title Deed is not at hand: "Card not at hand: later" closes the question, the rent
    stays owed (past its deadline) and play goes on; the same claim button asks again, and the amount typed
    (TEST DATA 10) is collected."""
    start(app)
    rent_claimed(app)
    dialog = question()
    put_pad_away()
    shoot(screenshot_dir, "box-ask-later")
    tap(find(TapButton, "Card not at hand: later", root=dialog))
    wait_until(lambda: dialog not in dialogs())
    assert action("claim:luke:vader").text == "Luke: claim the rent Vader owes (read it off the Title Deed)"
    assert app.session.game.state.rent_claims[0].deferred
    tap(action("end"))
    assert action("roll").action.enabled  # play goes on
    tap(action("claim:luke:vader"))
    dialog = question()
    pad_in(control(dialog, "rent", 0), RENT[0])
    wait_until(lambda: dialog not in dialogs())
    assert (cash("luke"), cash("vader")) == ("1,370 IC", "1,490 IC")


def test_a_caution_needs_a_second_tap(app: Any, tmp_path: Path, screenshot_dir: Path) -> None:
    """A mortgage value that is not half the price is possible: asked when Luke mortgages the deed, it is shown
    as a caution, and only "Yes, that is what the box says" enters it."""
    start(app)
    made_inactive(app)
    dialog = question()
    assert [f.key for f in dialog.form.fields] == ["mortgage"]
    pad_in(control(dialog, "mortgage"), 60)  # TEST DATA: not half of 140
    assert dialog in dialogs()
    assert problems(dialog, "mortgage") == ["Space 11 (Tatooine: Mos Eisley), mortgage value: 60 is not half the "
                                            "price (70), which it usually is. Check the Title Deed."]
    assert dialog.save.text == CONFIRM
    assert MOS_EISLEY not in app.session.game.state.mortgaged
    shoot(screenshot_dir, "box-caution")

    tap(dialog.save)
    wait_until(lambda: dialog not in dialogs())
    assert MOS_EISLEY in app.session.game.state.mortgaged  # the mortgage went on
    assert cash("luke") == "1,420 IC"  # 1,500 - 140 + 60
    assert stored_box(tmp_path)["spaces"][MOS_EISLEY]["mortgage"] == 60


def test_a_new_value_after_a_caution_is_checked_again(app: Any) -> None:
    """A caution confirmed for one value does not carry over to another: changing the mortgage again shows the
    caution again before anything is entered."""
    start(app)
    made_inactive(app)
    dialog = question()
    pad_in(control(dialog, "mortgage"), 60)
    assert dialog.save.text == CONFIRM
    pad_in(control(dialog, "mortgage"), 50)
    assert dialog in dialogs() and dialog.save.text == CONFIRM
    assert problems(dialog, "mortgage")[0].startswith("Space 11 (Tatooine: Mos Eisley), mortgage value: 50 is not "
                                                      "half")


def test_cancel_changes_nothing_and_the_roll_is_kept_for_the_next_roll_tap(app: Any) -> None:
    """Cancel closes the question and says nothing was played yet (no roll in the journal, Luke still on GO);
    the roll of 5 + 6 is kept, since Luke's token already stands on Mos Eisley: Roll asks the price again, and
    once it is entered the same 5 + 6 is played, journalled once with its source."""
    start(app)
    roll_typed(5, 6)
    dialog = question()
    assert any(t.startswith("Cancel changes nothing") for t in texts(dialog))
    put_pad_away()                               # the number pad put away ...
    tap(find(TapButton, "Cancel", root=dialog))  # ... and the question
    wait_until(lambda: dialog not in dialogs())
    assert not dialogs()

    assert any(t.startswith("Nothing changed yet: the roll of 5 + 6 is kept") for t in texts())
    assert rolls(app) == []
    assert app.session.game.state.player("luke").position == 0
    assert action("roll").action.enabled

    tap(action("roll"))
    dialog = question()
    pad_in(control(dialog, "price"), PRICE)
    wait_until(lambda: dialog not in dialogs())
    assert rolls(app) == [("roll luke 5 6", "typed")]
    assert app.session.game.state.player("luke").position == 11


def test_a_roll_from_a_device_waits_for_the_box_and_is_recorded_once(app: Any) -> None:
    """The Roll button beside the board rolls 5 + 6: the question opens, another throw meanwhile does not count,
    and once the values are entered that same roll is journalled once, from the Roll button."""
    start(app)
    assert app.desk.offer(DiceRoll((5, 6), "gpio")).taken
    dialog = question()
    second = app.desk.offer(DiceRoll((1, 2), "gpio"))
    assert not second.taken
    assert second.reasons == ("First enter the values read off the box: the game waits for them.",)
    pad_in(control(dialog, "price"), PRICE)
    wait_until(lambda: dialog not in dialogs())

    assert rolls(app) == [("roll luke 5 6", "gpio")]
    journal = [line.text for line in journal_lines(app.session.game)]
    assert sum("Luke rolls 5 + 6" in line for line in journal) == 1
    assert app.session.game.state.player("luke").position == 11


# ---------------------------------------------------------------- a tax amount and a card


def test_landing_on_bounty_asks_its_amount(app: Any) -> None:
    """Luke's token is really on Bounty (space 38), whose amount nobody has entered: the popup asks for it, and
    Luke pays the entered 120 IC (TEST DATA): 1,500 - 120 = 1,380 IC."""
    start(app)
    assert app.submit("roll luke 1 2").accepted  # to reach a position quickly: Dagobah: Swamp
    tap(find(TapButton, "My token is on another space"))
    correction = dialogs()[-1]
    assert isinstance(correction, CorrectionDialog)
    bounty = correction.space_buttons["bounty"]
    correction.show("bounty")
    frames(2)
    tap(bounty)
    dialog = question()
    assert dialog.title.text == "Read it off the box: Bounty"
    assert [b.text for b in find_all(TapButton, root=dialog.form)] == ["Amount to pay: tap to enter"]
    put_pad_away()  # Save with nothing entered
    tap(dialog.save)
    assert problems(dialog, "amount") == ["Not entered yet: read it off the box."]
    pad_in(control(dialog, "amount"), 120)
    wait_until(lambda: dialog not in dialogs())
    assert cash("luke") == "1,380 IC"
    assert app.session.game.state.player("luke").position == 38


def test_a_card_not_entered_yet_is_entered_and_played(app: Any, tmp_path: Path, screenshot_dir: Path) -> None:
    """Luke rolls 3 + 4 onto the Imperial space (7). The deck lacks six cards, so the card list offers "A card not
    entered yet": its title is typed on the on-screen keyboard, its effect chosen ("Pay the Bank", 15 IC: TEST
    DATA) and the card is played at once: Luke pays 15 IC (1,485 IC left). It is saved in the box."""
    start(app)
    roll_typed(3, 4)
    tap(find(TapButton, "Luke: pick the Imperial card drawn"))
    cards = dialogs()[-1]
    assert isinstance(cards, CardListDialog)
    assert len(find_all(EngineActionButton, root=cards)) == 9  # the 9 kinds of the 10 cards entered
    tap(find(TapButton, "A card not entered yet", root=cards))
    dialog = dialogs()[-1]
    assert isinstance(dialog, NewCardDialog)
    assert dialog.title.text == "Imperial card not entered yet"
    assert "count" not in [f.key for f in dialog.form.fields]  # each card entered as drawn: no copies to count

    tap(control(dialog, "title"))
    keyboard = dialogs()[-1]
    assert isinstance(keyboard, KeyboardDialog)
    press_keys(keyboard, "finr\bw")  # a slip, taken back with the keyboard's backspace
    assert keyboard.input.text == "finw"
    press_keys(keyboard, "\be")
    assert keyboard.input.text == "fine"
    press_keys(keyboard, "\b\b\b\b\x0fspeed")  # one finger: Shift, then s: a capital S, the rest small again
    assert keyboard.input.text == "Speed"
    shoot(screenshot_dir, "box-keyboard")
    keyboard.input.text = "Fine for speeding"  # typing the rest, as a physical keyboard would
    tap(keyboard.ok)
    wait_until(lambda: keyboard not in dialogs())
    assert control(dialog, "title").text == "Short title (your own words): Fine for speeding"

    tap(control(dialog, "effect"))
    effects = dialogs()[-1]
    assert isinstance(effects, ChoiceListDialog)
    tap(find(TapButton, root=effects, choice="pay"))
    wait_until(lambda: effects not in dialogs())
    assert control(dialog, "effect").text == "What it does: Pay the Bank"
    shoot(screenshot_dir, "box-new-card")  # the amount's number pad opened by itself
    pad_in(control(dialog, "amount"), 15)  # OK on the amount enters the card: no Save tap
    wait_until(lambda: dialog not in dialogs())

    assert cash("luke") == "1,485 IC"
    assert app.session.game.entries[-1].command.to_text() == "card luke fine-for-speeding"
    card = stored_box(tmp_path)["cards"]["imperial"]["fine-for-speeding"]
    assert card == {"title": "Fine for speeding", "effect": "pay", "amount": 15}


def test_a_new_card_needs_only_what_it_does(app: Any, tmp_path: Path, screenshot_dir: Path) -> None:
    """No keyboard and no list: the card drawn is entered by its effect's big button, under its heading, and its
    amount, offered on the number pad that opens by itself: the amounts of the cards already entered, those of
    the same effect first and the commonest first (collect: 100 on three Rebel cards, 50 on an Imperial one and,
    as collect from each player, on a Rebel one, then 200, 45 and 20 once each). A card that collects 20 (TEST
    DATA) takes three taps: "A card not entered yet", "Collect from the Bank", 20. Its title is written from
    them; Luke collects 20 IC (1,520 IC)."""
    start(app)
    roll_typed(3, 4)
    tap(find(TapButton, "Luke: pick the Imperial card drawn"))
    tap(find(TapButton, "A card not entered yet", root=dialogs()[-1]))
    dialog = dialogs()[-1]
    assert isinstance(dialog, NewCardDialog)
    headings = ["Collect", "Pay", "Move", "Jail"]
    assert [t for t in texts(dialog) if t in headings][::-1] == headings  # children are listed last first
    tap(find(TapButton, "Collect from the Bank", root=dialog, effect="collect"))
    pad = dialogs()[-1]
    assert isinstance(pad, NumberPad)
    chips = [b.text for b in find_all(TapButton, root=pad) if hasattr(b, "number")][::-1]  # left to right
    assert chips == ["100", "50", "200", "45", "20"]
    shoot(screenshot_dir, "box-new-card-amount")
    tap(exact("20", root=pad))  # one tap enters the amount and the card: no OK, no Save
    wait_until(lambda: dialog not in dialogs())
    assert not dialogs()  # three taps: the card is entered and played
    assert cash("luke") == "1,520 IC"
    card = stored_box(tmp_path)["cards"]["imperial"]
    assert list(card.values()) == [{"title": "Collect 20 IC from the Bank", "effect": "collect", "amount": 20}]


def press_keys(keyboard: KeyboardDialog, letters: str) -> None:
    """Tap letters on the on-screen keyboard, where its keys are drawn (``\\b``: the backspace key, ``\\x0f``:
    Shift)."""
    from kivy.tests.common import UnitTestTouch

    board = keyboard.keyboard
    layout = board.available_layouts[board.layout]
    for letter in letters:
        line, index = next((n, i) for n in range(1, layout["rows"] + 1)
                           for i, key in enumerate(layout[f"normal_{n}"])
                           if key[1] == letter or (letter == "\b" and key[2] == "backspace")
                           or (letter == "\x0f" and key[2] == "shift"))
        (x, y), (w, h) = board.layout_geometry[f"LINE_{line}"][index]
        touch = UnitTestTouch(*board.to_window(*board.to_parent(x + w / 2, y + h / 2)))
        touch.touch_down()
        touch.touch_up()
        frames(1)


# ---------------------------------------------------------------- the new-game screen


def test_new_game_screen_shows_each_editions_box_and_starts_with_an_unfinished_layout(
        app: Any, screenshot_dir: Path) -> None:
    """The test box can start (play asks for the Tatooine deeds, the Bounty amount and 6 Imperial cards); so can
    the edition whose layout is unfinished: the screen says play asks for the rest, and Start starts."""
    tap(find(TapButton, "New game"))
    screen = app.screen("new-game")
    tap(find(TapButton, "Test box edition (test data)", root=screen))
    lines = [label.text for label in screen.box_lines]
    assert lines[0] == "A game can start with this box."
    assert ("Asked for during play, the first time it is needed: the price, mortgage value, cost of each fighter and "
            "rent table of 3 spaces; the amount of 1 space; 6 cards not yet entered.") in lines
    assert not any("compare them with your box" in line for line in lines)  # box setup's business, not play's
    shoot(screenshot_dir, "new-game-box-status")

    tap(find(TapButton, "Layout gaps (test data)", root=screen))
    lines = [label.text for label in screen.box_lines]
    assert lines[0] == "A game can start with this box."
    assert any(line.startswith("Asked for during play, the first time it is needed: the type and name of 1 space")
               for line in lines)
    shoot(screenshot_dir, "new-game-box-layout-learnt-in-play")
    tap(find(TapButton, "Start game"))
    assert app.session is not None and app.session.edition.id == GAPPED


def test_the_table_chooses_which_box_to_play_with(app: Any) -> None:
    """Two boxes of the test edition: the screen offers both, and the game is played with the one tapped (its
    Mos Eisley values, TEST DATA, are used without asking)."""
    edition = app.editions[testbox.TEST_ID]
    app.boxes.save(app.boxes.new(edition, "Our box"))
    second = app.boxes.new(edition, "Second printing").with_values(
        f"space:{MOS_EISLEY}", {"price": PRICE, "rent": RENT, "build_cost": BUILD, "mortgage": MORTGAGE})
    app.boxes.save(second)
    tap(find(TapButton, "New game"))
    screen = app.screen("new-game")
    tap(find(TapButton, "Test box edition (test data)", root=screen))
    assert sorted(b.box for b in find_all(TapButton, root=screen) if hasattr(b, "box")) == ["our-box",
                                                                                          "second-printing"]
    tap(find(TapButton, root=screen, box="second-printing"))
    assert any("rent table of 2 spaces" in label.text for label in screen.box_lines)
    tap(find(TapButton, "Start game"))
    assert app.manager.current == "table"
    assert app.session.edition.box["name"] == "Second printing"
    wait_until(lambda: not app.manager.transition.is_active)
    roll_typed(5, 6)
    assert not dialogs()
    assert action("buy").text.endswith("for 140 IC")
