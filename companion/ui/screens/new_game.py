"""The new-game screen: edition (with how complete its box is, and which box when there are several), way to play
(with the end time of a time-limit game) and the players, each with a name and a token (on mini boards: a board
colour, shown as its swatch, and the side of the board played); "Start" hands the set-up and the box to the
engine, which checks them and names every problem.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.table.box_play import box_store, chosen_box, edition_status, first_playable
from companion.table.setup_choices import (
    BoardChoice,
    EndChoice,
    Seat,
    TokenChoice,
    VariantChoice,
    board_choices,
    board_colour,
    board_side,
    build_setup,
    end_choices,
    first_seats,
    first_turn_note,
    new_seat,
    seat_name,
    seat_token,
    table_full,
    take_board,
    take_token,
    token_choices,
    turn_board,
    variant_choices,
)
from companion.ui import theme
from companion.ui.box_form import KeyboardDialog
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import STYLES, Dialog, TapButton, load_layout

if TYPE_CHECKING:
    from companion.edition import Edition
    from companion.ui.shell import Shell

ROW_HEIGHT = theme.TOUCH + dp(8)


def two_lines(first: str, second: str) -> str:
    """Button text: a main line and a smaller second line (markup); just the main line when there is no
    second (a token that fights for no side)."""
    return f"{first}\n[size={int(theme.FONT_SMALL)}]{second}[/size]" if second else first


class NewGameLine(Label):
    """A line of words on the new-game form, by ``kind``: ``heading``, ``note``, ``warning``, ``ready`` (a game can
    start with the box) or ``not_ready``; look: ``<NewGameLine>`` in ``new_game.kv``."""

    kind = StringProperty("note")


class VariantGrid(GridLayout):
    """The ways to play, up to three a row; look: ``<VariantGrid>`` in ``new_game.kv``."""


class PairGrid(GridLayout):
    """Choices two a row (the edition's stored boxes, the boards, the tokens); look: ``<PairGrid>`` in
    ``new_game.kv``."""


class EndTimes(BoxLayout):
    """The quick end times of a time-limit game, side by side; look: ``<EndTimes>`` in ``new_game.kv``."""


class EndButton(TapButton):
    """A quick end time, ``minutes`` from now (its clock time over them); look: ``<EndButton>`` in
    ``new_game.kv``."""

    minutes = NumericProperty(0)


class SeatButton(TapButton):
    """A button of a player's row: ``seat`` (the row's index) and ``role`` (``first``, ``name``, ``token``,
    ``board``, ``side`` or ``remove``) say which."""

    seat = NumericProperty(0)
    role = StringProperty("")


class NameButton(SeatButton):
    """A player's name (``typed``: empty until one is typed); a tap opens the keyboard. Until a name is typed its
    words ("Player 2 (tap to name)") are muted, so a name looks different from the hint."""

    typed = StringProperty("")

    def on_style(self, button: TapButton, style: str) -> None:
        super().on_style(button, style)
        self.on_typed(self, self.typed)

    def on_typed(self, _button: NameButton, typed: str) -> None:
        """The style's words colour for a name, muted for the hint."""
        self.color = STYLES[self.style][1] if typed else theme.MUTED


class SeatRow(BoxLayout):
    """A player's row: the number (first in the list takes the first turn), the name, the token or (on mini
    boards) the board's colour and side, and the button that takes the player off. Only its data here; its look
    is ``<SeatRow>`` in ``new_game.kv``, each button a :class:`SeatButton` in ``ids`` by its role."""

    seat = NumericProperty(0)
    typed = StringProperty("")
    """The name typed for the player (empty until one is)."""
    token_label = StringProperty("")
    """The token's button: its name and side (markup)."""
    board_name = StringProperty("")
    """The colour of the board played (empty until one is chosen)."""
    side = NumericProperty(0)
    """The side of the board played (0 until a board is chosen)."""
    swatch = ListProperty()
    """The colour behind the token (its side's) or the board (its own); empty for none."""
    can_remove = BooleanProperty(False)

    def __init__(self, on_boards: bool, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for unused in (self.ids.token,) if on_boards else (self.ids.board, self.ids.side):
            self.remove_widget(unused)


class NewGameScreen(CompanionScreen):
    """Set up the table: edition, variant, end time for a time-limit game, and 2 to 8 players (layout:
    ``new_game.kv``)."""

    def __init__(self, app: Shell, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.edition_id = ""
        self.box_id = ""
        self.variant_id = ""
        self.end_minutes = 0
        self.seats: list[Seat] = []
        self.end_buttons: list[TapButton] = []
        self.box_lines: list[Label] = []

        self.choices: BoxLayout = self.ids.choices
        self.first_turn: Label = self.ids.first_turn
        self.first_turn.text = first_turn_note(None)
        self.seat_scroller: ScrollView = self.ids.seat_scroller
        self.seat_list: BoxLayout = self.ids.seat_list
        self.add_button: TapButton = self.ids.add_button
        self.add_button.on_tap = self.add_seat  # not in the layout: a full table takes the handler away
        self.start_button: TapButton = self.ids.start_button

    # ---------------------------------------------------------------- the form

    @property
    def edition(self) -> Edition | None:
        """The chosen edition (None when the device has none)."""
        return self.app.editions.get(self.edition_id)

    @property
    def variant(self) -> VariantChoice | None:
        """The chosen way to play."""
        edition = self.edition
        if edition is None:
            return None
        return next((v for v in variant_choices(edition) if v.id == self.variant_id), None)

    def choose_edition(self, edition_id: str) -> None:
        """Pick an edition: its first way to play, and tokens from its box for the seats (names are kept)."""
        self.edition_id = edition_id
        self.box_id = ""
        edition = self.app.editions[edition_id]
        self.variant_id = next(iter(edition.variants), "")
        self.end_minutes = 0
        names = [s.name for s in self.seats][:edition.max_players]
        self.seats = first_seats(edition)
        for i, name in enumerate(names):
            if i < len(self.seats):
                self.seats[i] = replace(self.seats[i], name=name)
            else:
                self.seats.append(new_seat(edition, self.seats, name))
        self.refresh()

    def choose_box(self, box_id: str) -> None:
        """Play with one of the edition's stored boxes (a different printing of the same edition)."""
        self.box_id = box_id
        self.refresh()

    def choose_variant(self, variant_id: str) -> None:
        """Pick a way to play; a time-limit game starts with the first quick end time chosen."""
        self.variant_id = variant_id
        variant = self.variant
        self.end_minutes = end_choices(self.app.now())[0].minutes if variant and variant.needs_end_time else 0
        self.refresh()

    def choose_end(self, minutes: int) -> None:
        """Pick when a time-limit game ends (minutes from now)."""
        self.end_minutes = minutes
        self.refresh()

    def add_seat(self) -> None:
        """One more player, with the first free token (or board colour)."""
        edition = self.edition
        if edition is None:
            return
        self.seats.append(new_seat(edition, self.seats))
        self.refresh()
        Clock.schedule_once(lambda _dt: self._show_seats(last=True))

    def remove_seat(self, index: int) -> None:
        """Take a player off the list."""
        del self.seats[index]
        self.refresh()

    def move_first(self, index: int) -> None:
        """The player who rolled highest moves to the top of the list: they take the first turn."""
        self.seats.insert(0, self.seats.pop(index))
        self.refresh()

    def choose_token(self, index: int, token: str, side: str = "") -> None:
        """A player takes a token (for ``side``, a token with no side of its own); whoever had it gets theirs in
        exchange."""
        self.seats = take_token(self.seats, index, token, side)
        self.refresh()

    def choose_board(self, index: int, colour: str) -> None:
        """A player plays on the board of ``colour``; whoever had it gets theirs in exchange."""
        if self.edition is not None:
            self.seats = take_board(self.edition, self.seats, index, colour)
            self.refresh()

    def turn_board(self, index: int) -> None:
        """A player turns their board over: the other side of the same colour."""
        if self.edition is not None:
            self.seats = turn_board(self.edition, self.seats, index)
            self.refresh()

    def ask_name(self, index: int) -> None:
        """Type a player's name on the keyboard (on screen, or a physical one)."""
        if index < len(self.seats):
            KeyboardDialog(f"Player {index + 1}'s name", self.seats[index].name,
                           lambda name: self.set_name(index, name)).open()

    def set_name(self, index: int, name: str) -> None:
        """Remember a player's name, and show it."""
        if index < len(self.seats):
            self.seats[index] = replace(self.seats[index], name=name)
            self._draw_seats()

    def start(self) -> None:
        """Hand the set-up to the engine; the app shows every reason if it is refused, else the table."""
        edition = self.edition
        if edition is None:
            return
        variant = self.variant
        ends_at = None
        if variant and variant.needs_end_time:
            ends_at = end_choices(self.app.now(), (self.end_minutes,))[0].ends_at
        setup = build_setup(edition, self.variant_id, self.seats, secrets.randbelow(2**31), ends_at)
        if self.app.new_game(setup, self.box_id).accepted:
            self.seats = []  # the next visit starts from a fresh form

    # ---------------------------------------------------------------- drawing

    def on_pre_enter(self, *args: object) -> None:
        """A fresh form after a game has started from it (or on the first visit)."""
        editions = self.app.editions
        if editions and (not self.seats or self.edition_id not in editions):
            self.seats = []
            self.choose_edition(first_playable(box_store(), editions))
        else:
            self.refresh()

    def refresh(self) -> None:
        """Redraw the choices and the player rows from the form."""
        self._draw_choices()
        self._draw_seats()
        Clock.schedule_once(lambda _dt: self._show_seats(last=False))

    def _show_seats(self, last: bool) -> None:
        """Players from the top when they all fit; else keep the place, or show the last one just added."""
        if self.seat_list.height <= self.seat_scroller.height:
            self.seat_scroller.scroll_y = 1
        elif last:
            self.seat_scroller.scroll_y = 0

    def tick(self) -> None:
        """Keep the quick end times showing the clock time they stand for."""
        choices = end_choices(self.app.now(), [b.minutes for b in self.end_buttons])
        for button, choice in zip(self.end_buttons, choices, strict=True):
            button.text = self._end_label(choice)

    @staticmethod
    def _end_label(choice: EndChoice) -> str:
        return two_lines(choice.clock, f"in {choice.minutes} min")

    def _heading(self, words: str) -> None:
        self.choices.add_widget(NewGameLine(text=words, kind="heading"))

    def _draw_choices(self) -> None:
        self.first_turn.text = first_turn_note(self.edition)
        self.choices.clear_widgets()
        self.end_buttons = []
        editions = self.app.editions
        if not editions:
            self.choices.add_widget(NewGameLine(text="No edition data was found on this device, so no game can "
                                                     "start.", kind="warning"))
            return
        self._heading("Edition")
        for edition_id, listed in editions.items():
            self.choices.add_widget(TapButton(listed.name, partial(self.choose_edition, edition_id),
                                              "primary" if edition_id == self.edition_id else "normal"))
        edition = self.edition
        if edition is None:
            return
        self._draw_box(edition)
        self._heading("Way to play")
        variants = variant_choices(edition)
        grid = VariantGrid(cols=min(3, len(variants)) or 1)
        for variant in variants:
            grid.add_widget(TapButton(variant.name, partial(self.choose_variant, variant.id),
                                      "primary" if variant.id == self.variant_id else "normal", height=ROW_HEIGHT))
        self.choices.add_widget(grid)
        chosen = self.variant
        if chosen is None:
            return
        if chosen.needs_end_time:
            self._heading("The game ends at")
            row = EndTimes()
            for choice in end_choices(self.app.now()):
                button = EndButton(self._end_label(choice), partial(self.choose_end, choice.minutes),
                                   "primary" if choice.minutes == self.end_minutes else "normal",
                                   minutes=choice.minutes)
                self.end_buttons.append(button)
                row.add_widget(button)
            self.choices.add_widget(row)
        self.choices.add_widget(NewGameLine(text=" ".join(chosen.notes)))

    def _draw_box(self, edition: Edition) -> None:
        """Which box the game is played with (a choice when the edition has several) and how complete it is:
        whether a game can start, what is still missing and what play will ask for."""
        boxes = self.app.boxes.profiles(edition.id)
        box = chosen_box(self.app.boxes, edition, self.box_id)
        status = edition_status(edition, box)
        self._heading(f"Box: {box.name}")
        if len(boxes) > 1:
            grid = PairGrid()
            for stored in boxes:
                button = TapButton(stored.name, partial(self.choose_box, stored.id),
                                   "primary" if stored.id == box.id else "normal", font_size=theme.FONT_SMALL)
                button.box = stored.id
                grid.add_widget(button)
            self.choices.add_widget(grid)
        headline = "A game can start with this box." if status.can_start else "A game cannot start with this box yet."
        self.box_lines = [NewGameLine(text=headline, kind="ready" if status.can_start else "not_ready")]
        self.box_lines += [NewGameLine(text=line) for line in status.lines(uncertain=False)]
        for label in self.box_lines:
            self.choices.add_widget(label)

    def _draw_seats(self) -> None:
        self.seat_list.clear_widgets()
        edition = self.edition
        if edition is None:
            self.add_button.disabled = self.start_button.disabled = True
            return
        self.add_button.disabled = self.start_button.disabled = False
        boards = {b.colour: b for b in board_choices(edition)}
        for index, seat in enumerate(self.seats):
            row = self._seat_row(edition, index, seat, seat_token(edition, seat),
                                 boards.get(board_colour(edition, seat.board)), bool(boards))
            self.seat_list.add_widget(row)
        full = table_full(edition, self.seats)
        self.add_button.text = f"Table full ({len(self.seats)} players)" if full else "Add player"
        self.add_button.set_style("off" if full else "normal")
        self.add_button.on_tap = None if full else self.add_seat

    def _seat_row(self, edition: Edition, index: int, seat: Seat, token: TokenChoice | None,
                  board: BoardChoice | None, on_boards: bool) -> SeatRow:
        """A player's row: on mini boards the board (its swatch; a tap shows the four) and the side played (a
        tap turns it over), else the token (with its side's colour and name; a tap shows every token in the
        box)."""
        swatch = (board.swatch if board else None) if on_boards else (token.side_colour if token else None)
        can_remove = len(self.seats) > 1
        row = SeatRow(on_boards, seat=index, typed=seat.name,
                      token_label=two_lines(token.name, token.side_name) if token else "Choose a token",
                      board_name=board.name if board else "", side=board_side(edition, seat.board) if on_boards else 0,
                      swatch=[] if swatch is None else theme.rgba(swatch), can_remove=can_remove)
        ids = row.ids
        ids.first.on_tap = lambda: self.move_first(index)
        # The name is typed in the keyboard window: its on-screen keys work on a touchscreen and in a window
        # alike, and a physical keyboard types into it too.
        ids.name.on_tap = lambda: self.ask_name(index)
        ids.board.on_tap = lambda: self.pick_board(index)
        ids.side.on_tap = lambda: self.turn_board(index)
        ids.token.on_tap = lambda: self.pick_token(index)
        if can_remove:
            ids.remove_button.on_tap = lambda: self.remove_seat(index)
        return row

    def pick_board(self, index: int) -> None:
        """A popup of the boards' colours as big swatches; a colour another player has is swapped."""
        edition = self.edition
        if edition is None or index >= len(self.seats):
            return
        holders = {board_colour(edition, s.board): seat_name(s.name, n) for n, s in enumerate(self.seats, start=1)}
        who = seat_name(self.seats[index].name, index + 1)
        mine = board_colour(edition, self.seats[index].board)
        dialog = Dialog(f"Board for {who}", size_hint=(0.8, 0.8))
        grid = PairGrid()
        for choice in board_choices(edition):
            holder = holders.get(choice.colour)
            second = f"{who} has it" if choice.colour == mine else f"swap with {holder}" if holder else ""

            def choose(colour: str = choice.colour) -> None:
                dialog.dismiss()
                self.choose_board(index, colour)

            button = TapButton(two_lines(f"{choice.name} board", second), choose, height=ROW_HEIGHT * 1.4,
                               markup=True, bold=True)
            button.background_color = theme.rgba(choice.swatch)
            button.color = theme.text_on(button.background_color)
            button.colour = choice.colour
            grid.add_widget(button)
        dialog.body.add_widget(grid)
        dialog.add_button("Cancel")
        dialog.open()

    def pick_token(self, index: int) -> None:
        """A popup of every token in the box, with its side; one held by another player is swapped."""
        edition = self.edition
        if edition is None or index >= len(self.seats):
            return
        holders = {s.token: seat_name(s.name, n) for n, s in enumerate(self.seats, start=1)}
        who = seat_name(self.seats[index].name, index + 1)
        dialog = Dialog(f"Token for {who}", size_hint=(0.9, 0.95))
        grid = PairGrid()
        mine = seat_token(edition, self.seats[index])
        for token in token_choices(edition):
            holder = holders.get(token.id)
            if token == mine:
                second = f"{token.side_name} \u00b7 {who} has it"
            elif holder and token.id != self.seats[index].token:
                second = f"{token.side_name} \u00b7 swap with {holder}"
            else:
                second = token.side_name

            def choose(t: str = token.id, side: str = token.side) -> None:
                dialog.dismiss()
                self.choose_token(index, t, side)

            button = TapButton(two_lines(token.name, second), choose, height=ROW_HEIGHT, markup=True)
            free = holder is None or token.id == self.seats[index].token
            button.background_color = theme.rgba(token.side_colour, 1 if free else 0.45)
            button.color = theme.text_on(theme.rgba(token.side_colour))
            button.token = token.id
            grid.add_widget(button)
        dialog.body.add_widget(grid)
        dialog.add_button("Cancel")
        dialog.open()


load_layout(__file__)
