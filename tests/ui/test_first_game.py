"""A family's first game with a box nobody has entered, tapped on the real widgets: the game starts at once, and
the board is learnt as the tokens stop on it.

Boba Fett (almost nothing of its board is public) and The Mandalorian start from the shipped edition data and an
empty box profile. A token stopping on a space nobody has described opens "what is on this space?": its type
with its colour set (one button), and with it only what play needs now (a character's price; a tax's amount).
The rest of a Title Deed is asked when play reads it: the one rent amount a claim needs when the owner claims.
Every value entered here is TEST DATA (made up, not read off a box). The taps spent on box questions are counted
and printed.

Screenshots (800x480): first-game-<edition>-<step>.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.engine.state import Setup
from companion.ui.box_dialogs import BoxValuesDialog
from companion.ui.box_form import ChoiceListDialog
from companion.ui.widgets import NumberPad, TapButton
from tests.ui import helpers
from tests.ui.helpers import (
    action,
    dialogs,
    exact,
    find,
    find_all,
    pad_in,
    question,
    roll_faces,
    settle,
    shoot,
    tap,
    wait_until,
)

pytestmark = pytest.mark.ui


class Taps(helpers.Taps):
    """Taps on box questions, counted."""

    def choose(self, dialog: BoxValuesDialog, field: str, words: str) -> None:
        """Tap the option of a choice by its words: a row of big buttons in the form, one tap."""
        assert not [d for d in dialogs() if isinstance(d, ChoiceListDialog)]
        (button,) = [b for b in find_all(TapButton, root=dialog.form) if getattr(b, "field", None) == field and
                     b.text == words]
        self(button)

    def number(self, dialog: BoxValuesDialog, field: str, value: int, part: int | None = None) -> None:
        """Its digits on the number pad, OK: the pad of the next number opens by itself once the choices are made
        and after each number; only a pad that is not open is opened by tapping its field (``part``: one amount
        of a table)."""
        pad_in(find(TapButton, root=dialog.form, field=field, part=part), value, press=self)

    def save(self, dialog: BoxValuesDialog) -> None:
        """OK on the last number answered the question: no Save tap."""
        wait_until(lambda: dialog not in dialogs())
        settle()


def fields(dialog: BoxValuesDialog) -> list[str]:
    return [f.key for f in dialog.form.fields]


def test_a_boba_fett_first_game_starts_at_once_and_learns_the_board_as_it_is_played(
        app: Any, screenshot_dir: Path) -> None:
    """An empty box: nothing is asked before the first roll. Din rolls 1 + 2 onto space 3: the table says it is a
    character of colour set 1 (one button) priced 60 (TEST DATA) and the offer follows; buying asks nothing more.
    Fennec stops there too; when Din claims, only the rent for the site alone is asked (TEST DATA 4). Din then
    rolls onto space 8, a tax of 100 (TEST DATA), paid at once. The next game of the same box asks nothing about
    space 3."""
    players = [{"id": "din", "name": "Din", "token": "boba-fett-1"},
               {"id": "fennec", "name": "Fennec", "token": "boba-fett-2"}]
    assert app.new_game(Setup("boba-fett", "standard", players, 0)).accepted
    settle()
    assert app.manager.current == "table"
    start = app.session.game.state.cash("din")
    taps = Taps()

    roll_faces("roll", 1, 2)
    dialog = question()
    assert fields(dialog) == ["kind"]
    shoot(screenshot_dir, "first-game-boba-what-is-this-space")
    taps.choose(dialog, "kind", "Character\nColour set 1")
    assert fields(dialog) == ["kind", "price"]
    taps.number(dialog, "price", 60)
    shoot(screenshot_dir, "first-game-boba-a-character")
    taps.save(dialog)
    new_space = taps.count

    tap(action("buy"))                                    # nothing more to enter: the price is all a sale needs
    assert not [d for d in dialogs() if isinstance(d, BoxValuesDialog)]
    game = app.session.game
    assert game.state.owner("space-3") == "din" and game.state.cash("din") == start - 60
    tap(action("end"))

    roll_faces("roll", 1, 2)                              # Fennec stops on Din's character: play goes on
    assert not [d for d in dialogs() if isinstance(d, BoxValuesDialog)]
    before = taps.count
    tap(action("claim:din:fennec"))                       # Din claims: the rent for the site alone is asked
    dialog = question()
    assert fields(dialog) == ["rent"] and dialog.form.fields[0].needed_parts == (0,)
    shoot(screenshot_dir, "first-game-boba-rent-when-claimed")
    taps.number(dialog, "rent", 4, 0)
    taps.save(dialog)
    rent = taps.count - before
    assert (game.state.cash("din"), game.state.cash("fennec")) == (start - 60 + 4, start - 4)
    tap(action("end"))

    before = taps.count
    roll_faces("roll", 2, 3)                              # Din: 3 + 5 = space 8
    dialog = question()
    taps.choose(dialog, "kind", "Tax to pay")
    assert fields(dialog) == ["kind", "amount"]
    taps.number(dialog, "amount", 100)
    taps.save(dialog)
    tax = taps.count - before
    assert app.session.game.state.cash("din") == start - 60 + 4 - 100
    assert not [d for d in dialogs() if isinstance(d, BoxValuesDialog)]
    tap(action("end"))

    before = taps.count
    roll_faces("roll", 2, 4)                              # Fennec: 3 + 6 = space 9, another of colour set 1
    dialog = question()
    taps.choose(dialog, "kind", "Character\nColour set 1")
    pad = dialogs()[-1]
    assert isinstance(pad, NumberPad) and [b.number for b in find_all(TapButton, root=pad) if hasattr(b, "number")] \
        == [60]                                           # the price of the set's other deed, one tap away
    shoot(screenshot_dir, "first-game-boba-same-price")
    taps(exact("60, as Colour set 1, no. 1", root=pad))
    taps.save(dialog)
    mate = taps.count - before
    assert app.session.game.describe()["decisions"][0]["kind"] == "offer"
    print(f"box taps: a character met {new_space}, its rent when claimed {rent}, a tax {tax}, "
          f"a second character of the same set {mate}")
    assert new_space == 4 and rent <= 2 and tax <= 5 and mate == 2

    app.leave_game()
    assert app.new_game(Setup("boba-fett", "standard", players, 1)).accepted
    settle()
    roll_faces("roll", 1, 2)  # space 3 again, in the next game: known from the box
    assert not [d for d in dialogs() if isinstance(d, BoxValuesDialog)]
    assert app.session.game.describe()["decisions"][0]["kind"] == "offer"
    shoot(screenshot_dir, "first-game-boba-next-game-knows-it")


@pytest.mark.parametrize("edition", ["mandalorian", "mandalorian-season-2"])
def test_a_mandalorian_first_game_starts_at_once_and_learns_the_board(app: Any, screenshot_dir: Path,
                                                                      edition: str) -> None:
    """An empty box, two heroes (Din Djarin, whose ability is a rent discount, and IG-11 or Bo-Katan): the first
    roll of 1 stops Din on space 1, which the table says is a hideout of colour set 3 (one button) priced 20
    (TEST DATA); the offer follows, and buying it asks nothing more (its rent is asked when someone owes it)."""
    second = "ig-11" if edition == "mandalorian" else "bo-katan-kryze"
    heroes = [{"id": "din", "name": "Din", "token": "din-djarin"}, {"id": "kid", "name": "Kid", "token": second}]
    assert app.new_game(Setup(edition, "standard", heroes, 0)).accepted
    settle()
    taps = Taps()
    roll_faces("roll", 1)
    dialog = question()
    assert fields(dialog) == ["kind"]
    taps.choose(dialog, "kind", "Hideout\nColour set 3")
    assert fields(dialog) == ["kind", "price"]
    taps.number(dialog, "price", 20)
    shoot(screenshot_dir, f"first-game-{edition}-a-hideout")
    taps.save(dialog)
    met = taps.count
    tap(action("buy"))
    assert not [d for d in dialogs() if isinstance(d, BoxValuesDialog)]
    game = app.session.game
    assert game.state.owner("space-1") == "din" and game.state.cash("din") == 150 - 20
    print(f"box taps ({edition}): a hideout met {met}")
    assert met == 4


def test_a_star_wars_2015_first_game_learns_the_board_length_and_the_bases_as_it_is_played(
        app: Any, screenshot_dir: Path) -> None:
    """SW-BOX-1, SW-BOX-2, SW-BOX-4, SW-BOX-5: an empty box of the 2015 game, whose board nobody has published.
    Luke's first roll asks how many spaces go round the board (24, TEST DATA), then what space 4 is: a planet
    space of Tatooine (one button) priced 100; then, as it is the first planet space for sale, how many Bases of
    each colour the box holds (12). Buying it asks how many planet spaces the board has (14): the game ends when
    all hold a Base. Each is one number on a pad or one tap of a choice; the taps are printed."""
    players = [{"id": "luke", "name": "Luke", "token": "luke-skywalker", "side": "rebel"},
               {"id": "vader", "name": "Vader", "token": "darth-vader", "side": "empire"}]
    assert app.new_game(Setup("star-wars-2015", "standard", players, 0)).accepted
    settle()
    taps = Taps()
    roll_faces("roll", 1, 3)
    dialog = question()
    assert fields(dialog) == ["length"]
    assert dialog.title.text == "Read it off the box: the board"
    shoot(screenshot_dir, "first-game-sw2015-board-length")
    taps.number(dialog, "length", 24)
    taps.save(dialog)
    length = taps.count

    dialog = question()
    assert fields(dialog) == ["kind"]
    taps.choose(dialog, "kind", "Planet space\nTatooine")
    assert fields(dialog) == ["kind", "price"]
    taps.number(dialog, "price", 100)
    shoot(screenshot_dir, "first-game-sw2015-a-planet-space")
    taps.save(dialog)
    met = taps.count - length

    before = taps.count
    dialog = question()
    assert fields(dialog) == ["bases"]
    taps.number(dialog, "bases", 12)
    taps.save(dialog)
    bases = taps.count - before
    tap(action("buy"))
    before = taps.count
    dialog = question()
    assert fields(dialog) == ["planets"]
    taps.number(dialog, "planets", 14)
    taps.save(dialog)
    planets = taps.count - before
    game = app.session.game
    assert game.state.owner("space-4") == "luke" and game.state.cash("luke") == 1500 - 100
    shoot(screenshot_dir, "first-game-sw2015-a-base-bought")
    print(f"box taps (star-wars-2015): the board's length {length}, a planet space met {met}, the Base stock "
          f"{bases}, the planet spaces {planets}")
    assert length <= 3 and met == 5 and bases <= 3 and planets <= 3
