"""A family's first lap of the board from an empty box (issue 19), tapped on the real widgets: Boba Fett and The
Mandalorian (both seasons). Two players start a game with an empty box profile and play, the dice rolled on
screen (one tap on Roll) showing the faces given, until the first player's token has gone all the way round the
board and back past GO. Every question about the box is answered by taps as it comes: what is on a space nobody
has described (every kind of space the edition has: one button gives its type with its colour set or deck), a
card drawn that nobody has entered (by what it does), an Imperial enemy card by its level and the numbers
printed on it, a rent when it is claimed. Each turn is played through the table's own buttons: buy, claim the
rent, fight the battle, end the turn.

The taps on the box's questions are counted apart from play and printed per edition: the spaces met, the taps
per newly met space (on average and at most; all of them, digits and OK included, and those besides typing
numbers), the number pads opened against the values asked (each value asked takes one number), and the keyboard
uses (none: no keyboard window opens). Targets: at most 3 taps per newly met space on average, one number per
value, no keyboard.

Every value below is TEST DATA, made up: nothing of these boards is public (editions-data.md, sections 1 and 3),
and none of these numbers is the real box's.

Boba Fett (40 spaces; the corners GO 0, Jail 10, Free Parking 20 and Go To Jail 30 are the edition's):

    characters   1, 3 colour set 1 (price 60, rent 4)   6, 8 colour set 2 (100, 120)   11, 13 colour set 3 (140)
                 16, 18 colour set 4 (180, 200)   21, 23 colour set 5 (220)   26, 27 colour set 6 (260)
                 31, 32 colour set 7 (300)   37, 39 colour set 8 (350, 400)
    equipment    5, 15, 25, 35 (200, rent 25 with one)     Imperial forces 12, 28 (150)
    taxes        4 (200), 38 (100)
    card spaces  Pursuit Craft 2, 9, 17, 22, 33, 36; Bounty Hunter 7, 14, 19, 24, 29, 34

The Mandalorian (32 spaces; GO 0, Jail 8, Free Parking 16, Go To Jail 24 and the Imperial Advances 4, 12, 20,
28 are the edition's, as are the green hideout 27 and the blue one 31, whose prices are not):

    hideouts     in board order, two to a colour set: 1, 3 colour set 3 (price 20, rent 5); 5, 7 colour set 4
                 (30, 10); 9, 11 colour set 5 (40, 15); 13, 15 colour set 6 (50, 20); 17, 19 colour set 7 (60,
                 25); 21, 23 colour set 8 (70, 30); 25, 27 green (80, 35); 30, 31 blue (90, 40)
    card spaces  Signet 2, 14, 18, 29 (the second season: Unexpected Allies 10 and 26)
    others       Imperial Credits 6, 22; Hyperspace Jumps 10, 26 (first season)
    enemy cards  a trooper's level L needs 3 + L, rewards 20 L and costs 10 L; the Death Trooper's needs 4 + L,
                 rewards 25 L and costs 15 L; Moff Gideon needs 10

Each edition's turns, the cards drawn and the credits after the lap, worked out by hand, are under its data.
Screenshots (800x480): first-lap-<edition>-<step>.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.engine.commands import parse_command
from companion.engine.game import Game
from companion.engine.state import Setup
from companion.ui.box_dialogs import BoxValuesDialog, NewCardDialog
from companion.ui.box_form import KeyboardDialog
from companion.ui.screens.table import CHANGE_IT
from companion.ui.table_dialogs import CardListDialog
from companion.ui.widgets import EngineActionButton, NumberPad, TapButton
from tests.ui import helpers
from tests.ui.helpers import dialogs, exact, find, find_all, per_space, settle, shoot, texts
from tests.ui.test_tap_counts import Faces

pytestmark = pytest.mark.ui


@dataclass(frozen=True)
class Square:
    """A space of the made-up box as the family reads it off the board (TEST DATA): the button of its type (with
    its colour set or deck), the price or amount printed on it, and its rent."""

    kind: str
    price: int = 0
    rent: int = 0


@dataclass(frozen=True)
class Lap:
    """One edition's first lap: the seats, the made-up box (TEST DATA), each turn's dice faces in the order the
    table rolls them (the move, then an advance, a rent or a battle roll the turn asks for), and what the lap
    comes to, worked out by hand."""

    edition: str
    seats: tuple[tuple[str, str], ...]
    """Each player's (id, token), in turn order."""
    board: dict[int, Square]
    cards: dict[str, tuple[tuple[str, int], ...]]
    """Each deck's cards as they are drawn: (effect, amount)."""
    enemies: dict[str, tuple[int, ...]]
    """What an enemy card prints, by ``deck/card``: the number to win, the reward, the penalty."""
    turns: tuple[tuple[int, ...], ...]
    kinds: frozenset[str]
    """The types of space met for the first time (a button's first line)."""
    card_spaces: tuple[str, ...]
    """The card spaces "what is on this space?" offers: one for each deck drawn from a space."""
    cash: dict[str, int]
    """Each player's credits after the lap."""
    new_cards: tuple[int, ...]
    """The taps entering each card nobody had entered, in the order drawn: "A card not entered yet", its effect (a
    big button), then its amount: one tap when the pad offers it (an amount of a card already entered, or a round
    one: 10, 20, 50, 100, 200), else its digits and OK."""
    won: dict[str, list[str]] = field(default_factory=dict)
    """The enemy cards won in the lap."""


@dataclass
class Tally:
    """What the box's questions cost."""

    spaces: dict[int, tuple[str, int, int]] = field(default_factory=dict)
    """Each space nobody had described, by position: its type, the taps spent, and how many of them typed a
    number (digits and OK, or one number offered)."""
    values: list[tuple[str, str]] = field(default_factory=list)
    """Every value asked: (what it is printed on, which value)."""
    numbers: int = 0
    """Numbers typed (on a pad, or one offered number tapped)."""
    typed: int = 0
    """Taps typing them."""
    rents: list[int] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)
    enemies: list[int] = field(default_factory=list)
    battles: int = 0


class Family:
    """The family at the table: taps on the real widgets, counted by what they serve (play, or the box's
    questions by what they ask: ``space``, ``rent``, ``card``, ``enemy``), every question answered from the
    made-up box by taps as it comes."""

    def __init__(self, app: Any, lap: Lap, shots: Path) -> None:
        self.app = app
        self.lap = lap
        self.shots = shots
        self.shot: set[str] = set()
        self.cards = {deck: list(drawn) for deck, drawn in lap.cards.items()}
        self.taps = helpers.Taps()
        self.tally = Tally()
        self.stopped: set[int] = set()
        self.offered: list[str] = []
        """The options of the first "what is on this space?"."""
        self.laps = 0
        """How often the first player's token went past GO."""

    @property
    def game(self) -> Any:
        return self.app.session.game

    def tap(self, widget: Any, kind: str = "play") -> None:
        self.taps(widget, kind)

    def shoot(self, step: str) -> None:
        """A screenshot of the first time a step is seen."""
        if step not in self.shot:
            self.shot.add(step)
            shoot(self.shots, f"first-lap-{self.lap.edition}-{step}")

    def actions(self) -> dict[str, EngineActionButton]:
        """The table's enabled buttons, by action."""
        return {b.action.key: b for b in find_all(EngineActionButton) if b.action.enabled}

    def press(self, key: str) -> None:
        """Tap the button of an action (``buy``, ``claim:din:kid``, ``battle-roll``...), then answer what the box
        is asked for."""
        self.tap(self.actions()[key])
        self.answer()

    # ---------------------------------------------------------------- the box's questions

    def number(self, form: Any, key: str, value: int, kind: str, part: int | None = None) -> None:
        """A value read off the box: one offered number tapped, else its digits and OK on the pad (opened by
        itself, or by a tap on its field)."""
        pad = dialogs()[-1]
        if not (isinstance(pad, NumberPad) and getattr(pad, "field", None) == (key, part)):
            self.tap(find(TapButton, root=form, field=key, part=part), kind)
            pad = dialogs()[-1]
        assert isinstance(pad, NumberPad)
        before = self.taps.count
        offered = [b for b in find_all(TapButton, root=pad) if getattr(b, "number", None) == value]
        if offered:
            self.tap(offered[0], kind)
        else:
            for digit in str(value):
                self.tap(exact(digit, root=pad), kind)
            self.tap(pad.ok, kind)
        self.tally.numbers += 1
        self.tally.typed += self.taps.count - before
        assert pad not in dialogs()

    def option(self, form: Any, key: str, words: str, kind: str) -> None:
        """One tap on an option of a choice shown as a row of buttons."""
        (button,) = [b for b in find_all(TapButton, root=form) if getattr(b, "field", None) == key and
                     b.text == words]
        self.tap(button, kind)

    def answer(self) -> None:
        """Answer every box question open now, by taps, from the made-up box; the last tap answers it (no Save)."""
        while (box := next((d for d in reversed(dialogs()) if isinstance(d, BoxValuesDialog)), None)) is not None:
            target = box.need.target
            kind, _, item = target.partition(":")
            before, typed = self.taps.count, self.tally.typed
            if kind == "space" and "rent" not in box.need.fields:  # a space met for the first time
                position = int(item.rpartition("-")[2])
                square = self.lap.board[position]
                if "kind" in box.need.fields:
                    self.shoot("what-is-this-space")
                    self.offered = self.offered or [words for _, words in box.form.fields[0].choices]
                    self.option(box.form, "kind", square.kind, "space")
                for key in ("price", "amount"):
                    if box in dialogs() and key in [f.key for f in box.form.fields]:
                        self.tally.values.append((target, key))
                        self.number(box.form, key, square.price, "space")
                self.tally.spaces[position] = (square.kind, self.taps.count - before, self.tally.typed - typed)
            elif kind == "space":  # a rent claimed: the one amount the claim needs
                assert box.need.fields == ("rent",), box.need
                self.tally.values.append((target, f"rent {box.need.part}"))
                table = box.form.fields[0].kind == "numbers"
                self.number(box.form, "rent", self.lap.board[int(item.rpartition("-")[2])].rent, "rent",
                            box.need.part if table else None)
                self.tally.rents.append(self.taps.count - before)
            else:  # an Imperial enemy card, by its level: the numbers printed on it
                assert kind == "card", box.need
                self.shoot("enemy-card")
                printed = dict(zip(("number", "reward", "penalty"), self.lap.enemies[item], strict=False))
                for key in box.need.fields:
                    self.tally.values.append((target, key))
                    self.number(box.form, key, printed[key], "enemy")
                self.tally.enemies.append(self.taps.count - before)
            assert box not in dialogs(), texts(box)
            settle()

    def draw(self) -> None:
        """Say which card was drawn: one already entered is picked from the deck's list; a new one is entered by
        what it does (its effect from the list, and its amount: OK enters it)."""
        self.tap(find(TapButton, "card drawn"))
        listing = dialogs()[-1]
        assert isinstance(listing, CardListDialog)
        deck = listing.deck_id
        effect, amount = self.cards[deck].pop(0)
        known = [b for b in find_all(EngineActionButton, root=listing)
                 if (card := self.game.edition.decks[deck].card(b.action.key.partition(":")[2])) is not None
                 and card.effect == effect and card.params.get("amount", 0) == amount]
        if known:
            self.tap(known[0])
            return
        before = self.taps.count
        self.tap(find(TapButton, "A card not entered yet", root=listing), "card")
        entry = dialogs()[-1]
        assert isinstance(entry, NewCardDialog)
        self.shoot("new-card")
        self.tap(find(TapButton, root=entry, effect=effect), "card")  # the effects: big buttons, by heading
        if amount:
            self.shoot("new-card-amount")  # the likely amounts on the pad, one tap each
            self.tally.values.append((f"card:{deck}/{len(self.tally.cards) + 1}", "amount"))
            self.number(entry.form, "amount", amount, "card")
        assert entry not in dialogs(), texts(entry)
        settle()
        self.tally.cards.append(self.taps.count - before)
        self.answer()

    # ---------------------------------------------------------------- play

    def turn(self, *faces: int) -> None:
        """One turn of the player whose turn it is: every roll it asks for shows the faces given, in order; the
        table buys what is offered, claims the rent owed, fights the battle, and ends the turn."""
        player = self.game.state.turn.player
        before = self.game.state.player(player).position
        dice = Faces(*faces)
        self.app.dice_rng = dice
        self.press("roll")
        while True:
            self.stopped.add(self.game.state.player(player).position)
            screen = self.app.manager.current
            acts = self.actions()
            claims = [k for k in acts if k.startswith("claim:")]
            if screen == "battle":
                self.shoot("battle")
                self.tally.battles += 1
                self.press("battle-roll")
            elif screen == "board":  # where the enemies went, or where a beaten one goes
                self.tap(find(TapButton, "Back to table"))
            elif claims:
                self.press(claims[0])
            elif "buy" in acts:
                self.press("buy")
            elif find_all(TapButton, "card drawn"):
                self.draw()
            elif "enemies-move" in acts or "utility-roll" in acts:
                self.press("enemies-move" if "enemies-move" in acts else "utility-roll")
            else:
                assert "end" in acts, f"nothing to do on {screen}: {sorted(acts)}; {texts()[:12]}"
                self.press("end")
                break
        assert dice.faces == [], f"faces not rolled: {dice.faces}"
        state = self.game.state
        assert not state.player(player).in_jail
        if player == self.lap.seats[0][0] and state.player(player).position < before:
            self.laps += 1


def character(group: int, price: int, rent: int) -> Square:
    """A Boba Fett character of colour set ``group`` (TEST DATA)."""
    return Square(f"Character\nColour set {group}", price, rent)


def hideout(group: str, price: int, rent: int) -> Square:
    """A Mandalorian hideout of colour set ``group`` (TEST DATA)."""
    return Square(f"Hideout\n{group}", price, rent)


BOBA_FETT = Lap(
    "boba-fett", (("din", "boba-fett-1"), ("fennec", "boba-fett-2")),
    board={1: character(1, 60, 4), 3: character(1, 60, 4), 6: character(2, 100, 6), 8: character(2, 120, 8),
           11: character(3, 140, 10), 13: character(3, 140, 10), 16: character(4, 180, 14),
           18: character(4, 200, 16), 21: character(5, 220, 18), 23: character(5, 220, 18),
           26: character(6, 260, 22), 27: character(6, 260, 22), 31: character(7, 300, 26),
           32: character(7, 300, 26), 37: character(8, 350, 35), 39: character(8, 400, 50),
           **{p: Square("Equipment", 200, 25) for p in (5, 15, 25, 35)},
           **{p: Square("Imperial force", 150) for p in (12, 28)},
           4: Square("Tax to pay", 200), 38: Square("Tax to pay", 100),
           **{p: Square("Card space\nPursuit Craft") for p in (2, 9, 17, 22, 33, 36)},
           **{p: Square("Card space\nBounty Hunter") for p in (7, 14, 19, 24, 29, 34)}},
    cards={"pursuit-craft": (("collect", 50), ("pay", 20), ("collect", 50)),
           "bounty-hunter": (("collect", 100), ("pay", 50), ("collect", 100))},
    enemies={},
    turns=((1, 2), (1, 2), (1, 3), (1, 3), (2, 3), (2, 3, 3, 4), (1, 4), (2, 6), (1, 4), (2, 3), (1, 2), (1, 2),
           (2, 4), (1, 4), (1, 2), (1, 3), (1, 3), (2, 4), (1, 2)),
    kinds=frozenset({"Character", "Card space", "Equipment", "Imperial force", "Tax to pay"}),
    card_spaces=("Card space\nBounty Hunter", "Card space\nPursuit Craft"),
    cash={"din": 1500 - 60 + 4 + 100 - 150 + 28 + 50 - 20 - 25 - 300 + 100 - 100 + 4 + 200 - 60,
          "fennec": 1500 - 4 - 50 - 28 - 200 + 25 - 150 + 50 - 350 + 200 - 4},
    new_cards=(3, 3, 3, 3))
"""Din: 3 (colour set 1, bought), 7 (Bounty Hunter: collect 100), 12 (Imperial force, bought), 17 (Pursuit
Craft: collect 50), 22 (Pursuit Craft: pay 20), 25 (Fennec's equipment: rent 25), 31 (colour set 7, bought), 34
(Bounty Hunter: collect 100 again, picked from the list), 38 (tax 100), past GO (200) to 1 (colour set 1 again:
its price one tap, bought). Fennec: 3 (Din's: rent 4), 7 (Bounty Hunter: pay 50), 12 (Din's Imperial force: 4
times a fresh 3 + 4 = 28), Free Parking, 25 (equipment, bought), 28 (the other Imperial force: its price one
tap, bought), 33 (Pursuit Craft: collect 50 again), 37 (colour set 8, bought), past GO (200) to 3 (Din's: rent
4, known)."""

MANDO_BOARD = {
    1: hideout("Colour set 3", 20, 5), 3: hideout("Colour set 3", 20, 5), 5: hideout("Colour set 4", 30, 10),
    7: hideout("Colour set 4", 30, 10), 9: hideout("Colour set 5", 40, 15), 11: hideout("Colour set 5", 40, 15),
    13: hideout("Colour set 6", 50, 20), 15: hideout("Colour set 6", 50, 20), 17: hideout("Colour set 7", 60, 25),
    19: hideout("Colour set 7", 60, 25), 21: hideout("Colour set 8", 70, 30), 23: hideout("Colour set 8", 70, 30),
    25: hideout("Green", 80, 35), 27: hideout("Green", 80, 35), 30: hideout("Blue", 90, 40),
    31: hideout("Blue", 90, 40),
    **{p: Square("Card space") for p in (2, 14, 18, 29)},
    **{p: Square("Collect credits") for p in (6, 22)},
    **{p: Square("Hyperspace Jump") for p in (10, 26)},
}
MANDO_ENEMIES = {
    **{f"{deck}/level-{n}": (3 + n, 20 * n, 10 * n) for deck in ("incinerator-stormtrooper", "stormtrooper")
       for n in (1, 2)},
    **{f"death-trooper/level-{n}": (4 + n, 25 * n, 15 * n) for n in (1, 2)},
    "moff-gideon/moff-gideon": (10,)}
SIGNETS = (("collect", 40), ("battle-bonus", 2), ("collect", 40), ("collect", 40))
MANDO_KINDS = frozenset({"Hideout", "Card space", "Collect credits"})
MANDALORIAN = Lap(
    "mandalorian", (("din", "din-djarin"), ("kid", "ig-11")), MANDO_BOARD, {"signet": SIGNETS}, MANDO_ENEMIES,
    turns=((2,), (4, 6), (3,), (6,), (1,), (2,), (1,), (1,), (6,), (2,), (6, 6), (1,), (1,), (1,), (4,), (1,), (4,),
           (3,), (5,)),
    kinds=MANDO_KINDS | {"Hyperspace Jump"}, card_spaces=("Card space",),
    cash={"din": 150 + 40 - 30 + 30 - 30 - 10 - 60 + 20 + 25 + 40 + 30 - 80 + 20,
          "kid": 150 - 40 - 50 + 10 - 25 + 40 - 60 + 30},
    new_cards=(5, 4), won={"din": ["incinerator-stormtrooper/level-1"]})
"""Din (Din Djarin: 10 less rent): 2 (Signet: collect 40), 5 (colour set 4, bought), 6 (Imperial Credits: 30),
7 (colour set 4 again: its price one tap, bought), 13 (Kid's: rent 20, 10 less), stopped at 17 by the
Incinerator Stormtrooper the advance put there (colour set 7, bought; the battle asks its level 1 card, and a 6
beats its 4: reward 20), 18 (Signet: collect 40 again, picked from the list), 22 (Imperial Credits: 30), 26
(Hyperspace Jump to the green hideout 27, whose price alone is asked; bought), GO (20). Kid (IG-11): 4 (Imperial
Advance: a 6 moves the Incinerator Stormtrooper from outpost 2 to 17 and the Death Trooper from outpost 4 to 1),
past Grogu (Kid takes him, and the green die) to 10 (Hyperspace Jump to 11, colour set 5, bought), 13 (colour
set 6, bought), 14 (Signet: a battle bonus of 2, kept), Free Parking, 17 (Din's: rent 25), 18 (Signet: collect
40), 19 (colour set 7 again, bought), 22 (Imperial Credits: 30)."""
SEASON_2 = Lap(
    "mandalorian-season-2", (("din", "din-djarin"), ("kid", "bo-katan-kryze")),
    {**MANDO_BOARD, **{p: Square("Card space\nSignet") for p in (2, 14, 18, 29)},
     **{p: Square("Card space\nUnexpected Allies") for p in (10, 26)}},
    {"signet": SIGNETS, "unexpected-allies": (("collect", 40), ("pay", 20))}, MANDO_ENEMIES,
    turns=((2,), (4, 6), (3,), (6,), (1,), (1,), (1,), (2,), (6,), (1,), (6, 6), (3,), (1,), (1,), (4,), (1,), (4,),
           (3,), (6,)),
    kinds=MANDO_KINDS, card_spaces=("Card space\nSignet", "Card space\nUnexpected Allies"),  # no enemy's deck
    cash={"din": 150 + 40 - 30 + 30 - 30 - 10 - 60 + 20 + 25 + 40 + 30 - 20 + 20,
          "kid": 150 + 40 - 40 - 50 + 10 - 25 + 40 - 60 + 30},
    new_cards=(5, 3, 4, 3), won={"din": ["stormtrooper/level-1"]})
"""As the first season, with the Stormtrooper in place of the Incinerator Stormtrooper and Bo-Katan Kryze for
Kid; a card space asks its deck with its type. Kid's 6 stops on the Unexpected Allies of space 10 (an ally: collect
40), and the green die takes Kid to 11 and 13 (bought) and 14; Din's 4 from 22 stops on the Unexpected Allies of
26 (pay 20), and his 6 from there reaches GO."""

LAPS = {lap.edition: lap for lap in (BOBA_FETT, MANDALORIAN, SEASON_2)}


@pytest.fixture
def unseen(window: Any, app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nobody looks at the test window, so nothing is drawn for the eye alone: its buffers are not swapped after
    each frame (screenshots read the frame drawn), screens change and windows open and close without fading, and
    a seat's cash does not flash. What is on the screen and what a tap does are the same."""
    from kivy.uix.modalview import ModalView
    from kivy.uix.screenmanager import NoTransition

    from companion.ui.screens import table

    monkeypatch.setattr(type(window), "flip", lambda self: None)
    app.manager.transition = NoTransition()
    for name in ("open", "dismiss"):
        real = getattr(ModalView, name)
        monkeypatch.setattr(ModalView, name, lambda self, *args, _real=real, **kwargs:
                            _real(self, *args, **{**kwargs, "animation": False}))
    monkeypatch.setattr(table, "FLASH_SECONDS", 0.0)


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """How many number pads and keyboard windows were opened."""
    count = {"pads": 0, "keyboards": 0}
    for cls, key in ((NumberPad, "pads"), (KeyboardDialog, "keyboards")):
        real = cls.open

        def counted(self: Any, *args: Any, _real: Any = real, _key: str = key, **kwargs: Any) -> None:
            count[_key] += 1
            _real(self, *args, **kwargs)

        monkeypatch.setattr(cls, "open", counted)
    yield count


def average(counts: list[int]) -> str:
    """Taps spent, on average and at most."""
    return f"{sum(counts) / len(counts):.1f} on average, {max(counts)} at most" if counts else "none"


@pytest.mark.parametrize("edition", LAPS)
def test_a_first_lap_from_an_empty_box_takes_few_taps_per_new_space(
        app: Any, unseen: None, opened: dict[str, int], screenshot_dir: Path, edition: str) -> None:
    """Issue 19: an empty box, two players, and a full lap of the first player's token with real taps; every
    question about the box answered by taps from the made-up box (TEST DATA, see the module's words). Every type of
    space the edition has is met; the Mandalorian's first enemy card is asked for, its battle fought and play goes
    on. The credits after the lap are the sums worked out by hand under each edition's data. Targets: at most 3
    taps per newly met space on average (digits and OK included), one number pad for each value asked, no
    keyboard."""
    lap = LAPS[edition]
    began = time.monotonic()
    players = [{"id": pid, "name": pid.capitalize(), "token": token} for pid, token in lap.seats]
    assert app.new_game(Setup(edition, "standard", players, 0)).accepted
    settle()
    assert not any(app.boxes.current(app.session.edition).values.values())  # an empty box
    family = Family(app, lap, screenshot_dir)
    for faces in lap.turns:
        family.turn(*faces)
    state = family.game.state
    assert family.laps == 1 and state.turn.player == lap.seats[1][0] and "roll" in family.actions()  # play goes on
    shoot(screenshot_dir, f"first-lap-{edition}-round")
    assert {pid: state.cash(pid) for pid, _ in lap.seats} == lap.cash
    won = {pid: list(cards) for pid, cards in getattr(state, "trophies", {}).items() if cards}  # a co-op game's
    assert won == lap.won and family.tally.battles == len(family.tally.enemies) == len(lap.won)

    tally = family.tally
    spaces = [taps for _, taps, _ in tally.spaces.values()]
    besides = [taps - typed for _, taps, typed in tally.spaces.values()]
    by_kind: dict[str, list[int]] = {}
    for kind, taps, _ in tally.spaces.values():
        by_kind.setdefault(kind.partition("\n")[0], []).append(taps)
    print(f"\n{edition}: {len(family.stopped)} spaces stopped on, {len(tally.spaces)} met for the first time; "
          f"{per_space(spaces)}; besides typing numbers {average(besides)}; by type "
          f"{dict(sorted(by_kind.items()))}; number pads {opened['pads']} for {len(tally.values)} values asked, "
          f"{tally.numbers} numbers typed; rents claimed {average(tally.rents)} taps; new cards "
          f"{average(tally.cards)}; enemy cards {average(tally.enemies)}; battles {tally.battles}; keyboard uses "
          f"{opened['keyboards']}; taps by kind {family.taps.spent}; {time.monotonic() - began:.0f} s")
    assert set(by_kind) == lap.kinds
    assert tuple(words for words in family.offered if words.startswith("Card space")) == lap.card_spaces
    assert sum(spaces) / len(spaces) <= 3
    assert opened["pads"] == tally.numbers == len(tally.values) == len(set(tally.values))
    assert opened["keyboards"] == 0
    assert tuple(tally.cards) == lap.new_cards


def test_a_mis_tap_on_what_is_on_a_space_is_changed_with_one_tap(app: Any, unseen: None, screenshot_dir: Path) -> None:
    """Issue 19: a type that needs nothing more is entered by its one tap, so a mis-tap has no Save to stop it.
    Din rolls 1 + 2 onto space 3 (TEST DATA: a character of colour set 1, price 60) and the family taps "Card
    space, Bounty Hunter" by mistake: it is entered at once and a Bounty Hunter card is to be drawn. Under the
    space, "Not right? Change it": one tap takes back that answer and the roll, and the same roll (1 + 2) asks
    again; the right type and price offer the deed. The game is then the one in which the right answer came
    first (the same state as those two commands alone, and as the journal replayed), the box says only the right
    answer, and once the card shows another space the way back is gone. A right answer costs nothing: nothing
    waits for it."""
    lap = BOBA_FETT
    players = [{"id": pid, "name": pid.capitalize(), "token": token} for pid, token in lap.seats]
    assert app.new_game(Setup(lap.edition, "standard", players, 0)).accepted
    settle()
    family = Family(app, lap, screenshot_dir)
    first = app.session.game.state.cash("din")

    app.dice_rng = Faces(1, 2)
    family.tap(family.actions()["roll"])
    box = dialogs()[-1]
    assert isinstance(box, BoxValuesDialog) and [f.key for f in box.form.fields] == ["kind"]
    family.option(box.form, "kind", "Card space\nBounty Hunter", "space")  # the mis-tap: entered at once
    settle()
    assert box not in dialogs() and not dialogs()
    assert find(TapButton, "card drawn") and "Entered as Card space, Bounty Hunter." in texts()
    shoot(screenshot_dir, "first-lap-boba-fett-change-it")

    app.dice_rng = Faces()  # no face is rolled again: the roll kept is played once more
    family.tap(exact(CHANGE_IT), "space")
    box = dialogs()[-1]
    assert isinstance(box, BoxValuesDialog) and [f.key for f in box.form.fields] == ["kind"]
    assert app.session.game.state.player("din").position == 0  # nothing of the roll is in effect while asked
    family.option(box.form, "kind", "Character\nColour set 1", "space")
    family.number(box.form, "price", 60, "space")
    settle()
    assert not dialogs() and "buy" in family.actions() and "Entered as Character, Colour set 1." in texts()
    assert family.taps.spent == {"play": 1, "space": 6}  # the mis-tap, the way back, the right type, 6, 0, OK

    game = app.session.game
    said = [e.command.to_text() for e in game.in_effect[1:]]
    assert said == ["box space:space-3 kind=street price=60 group=colour-set-1", "roll din 1 2"]
    right_first = Game.replay(game.first_rules, [(parse_command(line), 0.0) for line in said])
    for replayed in (right_first, app.journal.resume(app.session.game_id)):
        assert replayed.state.snapshot() == game.state.snapshot()
        assert replayed.state.box_reads == game.state.box_reads
    assert app.boxes.current(game.edition).value("space:space-3") == \
        {"kind": "street", "group": "colour-set-1", "price": 60}
    assert game.state.cash("din") == first

    family.press("buy")
    assert CHANGE_IT in texts()  # while the card shows the space, until the next roll
    family.press("end")
    assert CHANGE_IT not in texts()  # the card now shows Fennec's space: Din's answer is not offered on it
    family.turn(2, 5)  # Fennec: 7, a Bounty Hunter space nobody has described (a new card: collect 100)
    assert CHANGE_IT not in texts()  # the turn passed to Din: Fennec's answer is not offered on Din's space
    family.turn(1, 3)  # Din: 3 + 4 = 7 again, known now: nothing asked
    assert CHANGE_IT not in texts()
