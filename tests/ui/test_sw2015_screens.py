"""Star Wars 2015 at the table, tapped on the real widgets, four players on the 800x480 screen: both sides' Bases
in view, a rent claim that says "half: ally", the Hyperdrive's choices on the board map, and Force cards played.
(Whole games to the end: test_sw2015_games.py.) The board is the made-up box of tests/sw2015/testbox.py (TEST
DATA), entered by the shortcut of its box commands; screenshots sw2015-<step>.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.devices.buttons import Press
from companion.engine.state import Setup
from companion.ui.board_map import BoardMapDialog
from companion.ui.box_dialogs import NewCardDialog
from companion.ui.box_form import ChoiceListDialog
from companion.ui.screens.table import MAIN_ACTION
from companion.ui.table_dialogs import CardListDialog
from companion.ui.widgets import EngineActionButton, TapButton
from tests.sw2015.testbox import layout_lines, seats
from tests.ui.helpers import (
    Taps,
    action,
    dialogs,
    find,
    find_all,
    pad_in,
    roll_faces,
    settle,
    shoot,
    tap,
    texts,
    wait_until,
)

pytestmark = pytest.mark.ui


def start(app: Any, *players: str, cards: bool = True, first: tuple[str, ...] = ()) -> None:
    """A game of the players (ids of the test box's seats), its whole made-up board entered (a shortcut), and
    with ``cards`` its Force cards too, but for the Just say no! halves: the cards dealt unseen may still be
    one, as in a box whose cards are not all entered. ``first``: box lines entered before the board's."""
    assert app.new_game(Setup("star-wars-2015", "standard", seats(*players), 0)).accepted
    for line in [*first, *layout_lines()]:
        if (cards or not line.startswith("box card:")) and "just-say-no" not in line:
            assert app.submit(line).accepted, line
    settle()


def test_the_sides_bases_are_in_view_and_an_ally_pays_half(app: Any, screenshot_dir: Path) -> None:
    """SW-RENT-1, SW-RENT-2, SW-FORCE-6: Luke buys Tatooine 1 (100, TEST DATA); the line under the turn counts
    each side's Bases on the board (Rebels 1, Empire 0) and the bank's left. Vader stops there and the claim says
    it is the full 10: Vader pays Luke at once (Luke 1410 on screen), and a button lets Vader say no to it until
    the next roll. Finn, Luke's ally, stops there and the claim says half: ally, 5 (Luke 1415). After Vader's
    roll his turn with rent takes 2 taps (the claim, End turn), not 3: nobody taps to let it stand."""
    start(app, "luke", "vader", "finn", "kylo")
    roll_faces("roll", 1, 3)
    tap(action("buy"))
    assert "Bases: Rebels 1, Empire 0 (in the Bank: 11, 12)" in texts()
    tap(action("end"))
    roll_faces("roll", 1, 3)
    taps = Taps()
    assert action("claim:luke:vader").text == "Luke: claim 10 credits rent from Vader (full)"
    taps(action("claim:luke:vader"))
    assert action("say-no-held:vader").text == ("Vader: Just say no! to Luke's rent (10 credits, paid; until the "
                                                "next roll)")
    assert "1,410 credits" in texts()
    shoot(screenshot_dir, "sw2015-rent-held")
    taps(action("end"))
    print(f"taps: a Star Wars 2015 turn with rent, after the roll {taps.count} (3 when it was let stand by a tap)")
    assert taps.count == 2
    roll_faces("roll", 1, 3)
    assert action("claim:luke:finn").text == "Luke: claim 5 credits rent from Finn (half: ally)"
    shoot(screenshot_dir, "sw2015-ally-rent")
    tap(action("claim:luke:finn"))
    state = app.session.game.state
    assert (state.cash("luke"), state.cash("finn"), state.cash("vader")) == (1415, 1495, 1490)


def test_hyperdrive_offers_each_reachable_planet_space_on_the_board_map(app: Any, screenshot_dir: Path) -> None:
    """SW-HYPER-1: Luke stops on Hyperdrive 5: one big button opens the board map, where the unowned planet spaces
    up to Hyperdrive 16 (Tatooine 2, Endor 1 and 2, Kamino 1 and 2) are bright and every other space is dimmed;
    a tap on Hoth 1 (behind him) only says why; the Cancel button of the button panel closes the map; opened
    again, a tap on Endor 1 jumps there, and he buys it. Two taps: one opens, one chooses."""
    start(app, "luke", "vader")
    roll_faces("roll", 2, 3)
    opener = action("map:1")
    assert opener.text == "Luke: choose on the board where to jump" and opener.height >= MAIN_ACTION
    assert not [b for b in find_all(EngineActionButton) if b.action.key.startswith("hyperdrive:")]
    tap(opener)
    board = dialogs()[-1]
    assert isinstance(board, BoardMapDialog)
    assert [(c.position, c.title) for c in board.cells if c.choice] == [
        (7, "Tatooine 2"), (8, "Endor 1"), (11, "Endor 2"), (14, "Kamino 1"), (15, "Kamino 2")]
    assert board.cell(5).tokens == ["Luke"] and board.cell(0).tokens == ["Vader"]
    assert board.cell(1).opacity < 1 and board.cell(8).opacity == 1
    shoot(screenshot_dir, "sw2015-hyperdrive-map")
    tap(board.cell(1))
    assert board in dialogs() and any("stretch ahead" in t for t in texts())
    app.hardware_press(Press("cancel"))                  # the Cancel button beside the board closes the map too
    wait_until(lambda: board not in dialogs())
    tap(opener)
    board = dialogs()[-1]
    assert isinstance(board, BoardMapDialog)
    tap(board.cell(8))
    wait_until(lambda: board not in dialogs())
    tap(action("buy"))
    assert app.session.game.state.owner("space-8") == "luke"


def test_a_force_card_is_entered_by_its_sides_half_and_played(app: Any, screenshot_dir: Path) -> None:
    """SW-FORCE-1, SW-FORCE-2: no Force card is known yet. Luke (Rebel) stops on the Rebel cards (3): the card
    list offers only "A card not entered yet"; he enters what its Rebel half does (collect 25, TEST DATA) with
    the effect and the amount, nothing about sides, and collects 25 at once. The half is kept as a Rebel half."""
    start(app, "luke", "vader", cards=False)
    roll_faces("roll", 1, 2)
    tap(find(TapButton, "Luke: pick the Rebel card drawn"))
    cards = dialogs()[-1]
    assert isinstance(cards, CardListDialog)
    tap(find(TapButton, "A card not entered yet", root=cards))
    dialog = dialogs()[-1]
    assert isinstance(dialog, NewCardDialog)
    assert "side" not in [f.key for f in dialog.form.fields]
    tap(find(TapButton, root=dialog.form, field="effect"))
    effects = dialogs()[-1]
    assert isinstance(effects, ChoiceListDialog)
    tap(find(TapButton, root=effects, choice="collect"))
    wait_until(lambda: effects not in dialogs())
    shoot(screenshot_dir, "sw2015-new-force-card")
    pad_in(find(TapButton, root=dialog.form, field="amount"), 25)  # OK enters the card: no Save tap
    wait_until(lambda: dialog not in dialogs())
    game = app.session.game
    assert game.state.cash("luke") == 1525
    assert [c.side for c in game.edition.decks["rebel"].cards] == ["rebel"]


def test_a_force_card_in_hand_is_played_from_its_button(app: Any, screenshot_dir: Path) -> None:
    """SW-SETUP-2, SW-FORCE-3: one button plays a Force card: it asks who plays (each player's hand says how many
    they hold), then which card, by what its half of the player's side does (collect 10, TEST DATA). Luke
    collects 10 and holds 2 now."""
    start(app, "luke", "vader")
    tap(find(TapButton, "Play a Force card"))
    hands = dialogs()[-1]
    assert sorted(b.text for b in find_all(TapButton, root=hands.body)) == ["Luke: a Rebel card (3 held)",
                                                                            "Vader: an Empire card (3 held)"]
    tap(find(TapButton, "Luke: a Rebel card (3 held)", root=hands))
    cards = dialogs()[-1]
    assert isinstance(cards, CardListDialog)
    assert cards.title.text == "Rebel card: which one did Luke play?"
    shoot(screenshot_dir, "sw2015-play-a-force-card")
    (card,) = [b for b in find_all(EngineActionButton, root=cards) if b.action.key.startswith("play:rebel/")]
    assert card.action.label == "Collect 10 credits from the Bank"
    tap(card)
    wait_until(lambda: cards not in dialogs())
    assert app.session.game.state.cash("luke") == 1510
    tap(find(TapButton, "Play a Force card"))
    assert find(TapButton, "Luke: a Rebel card (2 held)", root=dialogs()[-1])


def test_a_force_card_collecting_from_one_player_is_aimed_by_a_tap(app: Any, screenshot_dir: Path) -> None:
    """SW-FORCE-8: Luke plays a card from his hand whose Rebel half collects 30 from one player of his choice
    (TEST DATA, entered up front): the table offers one button per other player, nothing to type. He taps Kylo,
    who may answer with a Just say no! and lets it stand: Luke 1530, Kylo 1470, Vader and Finn 1500."""
    start(app, "luke", "vader", "finn", "kylo", first=("box card:rebel/one 'title=Collect 30 from one player' "
                                                        "effect=collect-from-a-player amount=30 side=rebel",))
    tap(find(TapButton, "Play a Force card"))
    tap(find(TapButton, "Luke: a Rebel card (3 held)", root=dialogs()[-1]))
    cards = dialogs()[-1]
    (card,) = [b for b in find_all(EngineActionButton, root=cards) if b.action.key == "play:rebel/one"]
    tap(card)
    wait_until(lambda: cards not in dialogs())
    assert [action(f"aim:{p}").text for p in ("vader", "finn", "kylo")] == ["Vader pays", "Finn pays", "Kylo pays"]
    assert any("Luke's Rebel Force card: choose who pays 30 credits" in t for t in texts())
    shoot(screenshot_dir, "sw2015-aim-a-force-card")
    tap(action("aim:kylo"))
    assert action("say-no").text == "Kylo: Just say no! (3 held)"
    tap(action("let-stand"))
    state = app.session.game.state
    assert [state.cash(p) for p in ("luke", "vader", "finn", "kylo")] == [1530, 1500, 1500, 1470]
