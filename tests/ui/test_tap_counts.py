"""How many taps the common actions take on the 800x480 table, counted on the real widgets and printed:

* a plain turn with rent, dice rolled on screen: Roll, the owner's claim, End turn (3);
* a trade of one deed for credits between two players: Trade, the deed, +100 on the partner's side, Propose,
  Accept (5);
* undo of the last action: Journal, Undo last action, Undo (3).

The on-screen dice come from a fixed sequence (the app's generator is replaced), so every roll is known: TEST
DATA, not a rule-book value.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.ui.screens.trade import DeedToggle, SideColumn
from companion.ui.widgets import EngineActionButton, TapButton
from tests.ui.helpers import Taps, action, cash, dialogs, exact, find, setup_for, tap, wait_until

pytestmark = pytest.mark.ui


class Faces:
    """A dice generator that shows the faces given, in order (``choice`` is all the dice use)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def choice(self, values: Any) -> int:
        face = self.faces.pop(0)
        assert face in values
        return face


def start(app: Any, *faces: int) -> None:
    assert app.new_game(setup_for(2)).accepted
    app.dice_rng = Faces(*faces)
    wait_until(lambda: app.manager.current == "table" and not app.manager.transition.is_active)


def test_a_plain_turn_with_rent_takes_three_taps(app: Any) -> None:
    """Luke owns Dagobah: Swamp (rent 4 IC). Vader rolls 1 + 2 on screen onto it: Roll, Luke's claim, End turn."""
    start(app, 1, 2, 1, 2)
    for key in ("roll", "buy", "end"):
        tap(action(key))                       # Luke rolls 1 + 2 and buys the Swamp (not counted)
    taps = Taps()
    taps(action("roll"))
    taps(action("claim:luke:vader"))
    taps(action("end"))
    print(f"taps: a turn with rent {taps.count}")
    assert taps.count == 3
    assert (cash("luke"), cash("vader")) == ("1,444 IC", "1,496 IC")
    assert app.session.game.state.turn.player == "luke"


def test_a_one_deed_trade_takes_five_taps(app: Any) -> None:
    """Luke sells the Swamp to Vader for 100 IC: Trade, the Swamp, +100 on Vader's side, Propose, Accept."""
    start(app, 1, 2)
    for key in ("roll", "buy"):
        tap(action(key))
    taps = Taps()
    taps(find(TapButton, "Trade"))
    taps(find(DeedToggle, deed_id="dagobah-swamp").button)
    taps(exact("+100", find(SideColumn, player_id="vader")))
    taps(find(TapButton, "Propose"))
    taps(find(EngineActionButton, "Vader: Accept"))
    print(f"taps: a one-deed trade {taps.count}")
    assert taps.count == 5
    assert app.session.game.state.owner("dagobah-swamp") == "vader"
    assert app.session.game.state.cash("luke") == 1500 - 60 + 100


def test_undo_of_the_last_action_takes_three_taps(app: Any) -> None:
    """Luke bought the Swamp by mistake: Journal, Undo last action, Undo (the reason has a default)."""
    start(app, 1, 2)
    for key in ("roll", "buy"):
        tap(action(key))
    taps = Taps()
    taps(find(TapButton, "Journal"))
    taps(exact("Undo last action", app.screen("journal")))
    taps(dialogs()[-1].yes_button)
    print(f"taps: undo {taps.count}")
    assert taps.count == 3
    assert app.session.game.state.owner("dagobah-swamp") == "bank"
    assert app.session.game.state.cash("luke") == 1500
