"""No dialog of the app leaves the table with no way forward: each popup the table can open during play is opened by
taps, closed with its own Cancel (or Close, or OK), and then the roll or the decision pending can still be made by
a tap. A guard fails when a dialog class of the app is not covered here, so a new dialog cannot slip past.

Played on the TEST DATA editions of tests/ui/test_box_in_play.py: ``test-box`` lacks Tatooine: Mos Eisley's
printed values (5 + 6 from GO) and six Imperial cards (3 + 4 from GO onto the Imperial space).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest

import companion.ui
from companion.ui.box_dialogs import BoxEntryDialog, BoxValuesDialog, NewCardDialog
from companion.ui.box_form import ChoiceListDialog, KeyboardDialog
from companion.ui.dice import DiceDialog
from companion.ui.screens.table import PlayerCard
from companion.ui.table_dialogs import CardListDialog, CorrectionDialog, PayCollectDialog, PlayerDeedsDialog
from companion.ui.widgets import Dialog, EngineActionButton, NumberPad, TapButton
from tests.ui.helpers import action, dialogs, find, roll_typed, settle, tap, wait_until
from tests.ui.test_box_in_play import box_editions, control, start
from tests.ui.test_go_screens import GO_DIALOGS
from tests.ui.test_go_tile_counts import BOX_SETUP_DIALOGS

__all__ = ["box_editions"]  # the TEST DATA editions, in place before the app fixture reads them

pytestmark = pytest.mark.ui

WAYS_OUT = ("Cancel", "Close", "OK", "Back")


def open_dice(app: Any) -> str:
    tap(find(TapButton, typed_for="roll"))
    return "roll"


def open_refusal(app: Any) -> str:
    tap(action("end"))  # dimmed before the roll: the popup says why
    return "roll"


def open_pay_collect(app: Any) -> str:
    tap(find(TapButton, "Pay / collect"))
    return "roll"


def open_player_deeds(app: Any) -> str:
    tap(find(PlayerCard, player_id="vader"))
    return "roll"


def open_box_values(app: Any) -> str:
    roll_typed(5, 6)  # onto Mos Eisley, whose price nobody has entered: the question opens its number pad
    return "roll"


def open_card_list(app: Any) -> str:
    roll_typed(3, 4)  # onto the Imperial space
    tap(find(TapButton, "Luke: pick the Imperial card drawn"))
    return "card"


def open_new_card(app: Any) -> str:
    open_card_list(app)
    tap(find(TapButton, "A card not entered yet", root=dialogs()[-1]))
    return "card"


def open_new_card_keyboard(app: Any) -> str:
    open_new_card(app)
    tap(control(dialogs()[-1], "title"))
    return "card"


def open_new_card_choice(app: Any) -> str:
    open_new_card(app)
    tap(control(dialogs()[-1], "effect"))
    return "card"


def open_correction(app: Any) -> str:
    roll_typed(1, 2)  # onto Dagobah: Swamp, offered to Luke
    tap(next(b for b in find_all_engine_buttons() if b.action.key == "correct"))
    return "buy"


def open_bankruptcy_confirmation(app: Any) -> str:
    # Reached with app.submit: Luke keeps 10 credits and owes the 200 of the Docking Tax (1 + 3).
    for command in ("transfer luke bank 1490 spent at the cantina", "roll luke 1 3", "tax luke flat"):
        assert app.submit(command).accepted, command
    settle()
    tap(next(b for b in find_all_engine_buttons() if b.action.key.startswith("bankrupt:")))
    return "bankrupt"


def find_all_engine_buttons() -> list[EngineActionButton]:
    from tests.ui.helpers import find_all

    return find_all(EngineActionButton)


CASES: dict[str, tuple[Callable[[Any], str], tuple[type, ...]]] = {
    "dice": (open_dice, (DiceDialog,)),
    "refusal": (open_refusal, (Dialog,)),
    "pay-collect": (open_pay_collect, (PayCollectDialog,)),
    "player-deeds": (open_player_deeds, (PlayerDeedsDialog,)),
    "box-values": (open_box_values, (BoxValuesDialog, NumberPad)),
    "card-list": (open_card_list, (CardListDialog,)),
    "new-card": (open_new_card, (NewCardDialog,)),
    "new-card-keyboard": (open_new_card_keyboard, (NewCardDialog, KeyboardDialog)),
    "new-card-choice": (open_new_card_choice, (NewCardDialog, ChoiceListDialog)),
    "correction": (open_correction, (CorrectionDialog,)),
    "bankruptcy": (open_bankruptcy_confirmation, (Dialog,)),
}
"""Each popup the table opens during play: how to open it by taps, and the dialogs then open, bottom to top."""


def dialog_classes() -> set[type]:
    """Every dialog class the app defines (a popup with a title, a body and buttons)."""
    for module in pkgutil.walk_packages(companion.ui.__path__, "companion.ui."):
        importlib.import_module(module.name)
    found: set[type] = set()
    todo: list[type] = [Dialog]
    while todo:
        cls = todo.pop()
        found.add(cls)
        todo += cls.__subclasses__()
    return {c for c in found if c.__module__.startswith("companion.")}


def test_every_dialog_class_is_covered() -> None:
    """Guard: a dialog class the app gains must get its case above. The box setup screen's own dialogs are
    opened from box setup, not during play; BoxEntryDialog is the base of the two box windows; a Bank Heist's
    windows (MONOPOLY GO!) are closed back to a way forward in test_go_screens.py, and the Chance tile counts
    of box setup back to the mini boards list in test_go_tile_counts.py."""
    covered = ({cls for _, classes in CASES.values() for cls in classes} | {BoxEntryDialog} | set(GO_DIALOGS)
               | set(BOX_SETUP_DIALOGS))
    assert dialog_classes() - covered == set()


def way_forward(app: Any, key: str) -> None:
    """The table's way on after every popup closed: the roll (or the pending decision) is offered, enabled, and
    a tap on it does something (a popup to pick or roll, or the game moves)."""
    assert dialogs() == []
    assert app.manager.current == "table"
    before = len(app.session.game.entries)
    if key == "card":
        button: Any = find(TapButton, "Luke: pick the Imperial card drawn")
    elif key == "bankrupt":
        button = next(b for b in find_all_engine_buttons() if b.action.key.startswith("bankrupt:"))
    else:
        button = action(key)
        assert button.action.enabled, button.action.reasons
    tap(button)
    assert dialogs() or len(app.session.game.entries) > before, f"a tap on {key!r} did nothing"


def close(dialog: Any) -> None:
    """Tap the dialog's own way out (Cancel, else Close, else OK)."""
    buttons = [b for b in reversed(dialog.buttons.children) if isinstance(b, TapButton)]
    by_name = {b.text: b for b in buttons}
    way_out = next((by_name[name] for name in WAYS_OUT if name in by_name), None)
    assert way_out is not None, f"{type(dialog).__name__} '{dialog.title.text}' has no way out: {list(by_name)}"
    tap(way_out)
    wait_until(lambda: dialog not in dialogs())


@pytest.mark.parametrize("case", CASES)
def test_every_dialog_closes_back_to_a_way_forward(app: Any, case: str) -> None:
    """Open the popup(s) by taps, close each with its own Cancel (Close, OK), top first; the table then offers
    the roll or the pending decision, and a tap on it works."""
    start(app)
    opener, classes = CASES[case]
    key = opener(app)
    opened = dialogs()
    assert [type(d) for d in opened] == list(classes), [type(d).__name__ for d in opened]
    for dialog in reversed(opened):
        close(dialog)
    settle()
    way_forward(app, key)
