"""The table screen, the hub of a game: whose turn, the space landed on with its deed, the dice, every player's
cash and deeds, the actions the engine allows now, and what just happened.

Laid out for 800x480 in three columns (players, the space, actions) under a top bar, with the last journal lines
along the bottom: that fixed layout (the bar and its buttons, the columns, the panels, End turn's place at the
foot of the actions) is ``table.kv``, and so is the look of a seat (:class:`PlayerCard` with its deed tiles) and
of the space card (:class:`SpaceCard` with its deed's lines): the classes here only set their data, and the
screen fills in the seats, the space card, the action buttons and the journal lines. Every word and amount comes
from :mod:`companion.table.views` and :mod:`companion.table.actions`; the screen only arranges them and hands the
chosen command to the app. A part whose view did not change is kept as it is, so a tap redraws only what it
changed.

A game played in rounds on mini boards (MONOPOLY GO!, the view's ``rounds``) has no money, deeds or space card:
the tray stands under the round, every board stands side by side under who acts now, and the actions are grouped
by decision (:func:`~companion.table.actions.round_actions`). A Bank Heist's dial is set in secret in its own
window, and both dials are shown at once when the heist is revealed (:mod:`companion.ui.heist_dialogs`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from functools import partial
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from kivy.animation import Animation
from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.stacklayout import StackLayout
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from companion.edition import Edition, capital
from companion.table.actions import (
    Action,
    ActionGroup,
    ChoiceRow,
    bankruptcy_lines,
    card_deck_name,
    correction_action,
    round_actions,
    turn_actions,
)
from companion.table.box_play import forget_told, space_told, told_words
from companion.table.coop import dice_words
from companion.table.presenters.force_cards import HAND_KEY, hand_choices, play_command, play_offers
from companion.table.presenters.heists import SECRET_DIAL
from companion.table.space_map import MAP_KEY, on_the_map, space_map
from companion.table.views import (
    GROGU_COLOUR,
    DeedView,
    JournalLine,
    PlayerView,
    RoundView,
    SpaceView,
    TableView,
    coop_state,
    deed_card_rows,
    heist_reveal,
    table_view,
    time_left,
)
from companion.table.words import party_name
from companion.ui import theme
from companion.ui.board_map import BoardMapDialog
from companion.ui.boards import BoardCard, TrayStrip
from companion.ui.dice import DieFace, roll_buttons
from companion.ui.heist_dialogs import RevealDialog, SecretDialDialog
from companion.ui.screens.base import CompanionScreen
from companion.ui.table_dialogs import CardListDialog, CorrectionDialog, PayCollectDialog, PlayerDeedsDialog
from companion.ui.widgets import (
    Dialog,
    EngineActionButton,
    TapButton,
    choose_one,
    confirm,
    grow_to_text,
    load_layout,
    show_reasons,
    text,
)

if TYPE_CHECKING:
    from companion.table.session import Answer
    from companion.ui.shell import Shell

TOP_BAR = dp(54)
"""The height of the top bar (the turn, the stock and the buttons to the other screens)."""
JOURNAL_LINES = 2
ANSWER_LINES = 6
FLASH_SECONDS = 1.4
ROW = dp(17)          # one line of the deed card's table
DIE = dp(54)
TILE = (dp(20), dp(28))
CHANGE_IT = "Not right? Change it"
"""Under the space just described: asks again what is on it."""
MAIN_ACTION = dp(60)
"""The height of the next thing to do (the first action the table must or may take) and of End turn."""


def line(words: str, size: float = theme.FONT, colour: theme.Colour = theme.TEXT, bold: bool = False,
         halign: str = "left", **kwargs: Any) -> Label:
    """A one-line label that is cut with an ellipsis rather than overflowing its place."""
    kwargs.setdefault("size_hint_y", None)
    kwargs.setdefault("height", size * 1.45)
    label = Label(text=words, font_size=size, color=colour, bold=bold, halign=halign, valign="middle",
                  shorten=True, shorten_from="right", **kwargs)
    label.bind(size=lambda lbl, size: setattr(lbl, "text_size", size))
    return label


def text_width(words: str, size: float, bold: bool = False) -> float:
    """How wide ``words`` are drawn at ``size`` (to size buttons and columns to their text)."""
    core = CoreLabel(text=words, font_size=size, bold=bold)
    core.refresh()
    return float(core.texture.size[0])


def stop_motion(widgets: Iterable[Widget]) -> None:
    """Stop the animations of widgets the screen stops showing. An animation holds its widget only weakly, so one
    that outlives its widget would fail at its next frame (and stop the app) once the widget is collected."""
    for widget in widgets:
        Animation.cancel_all(widget)


class DeedTile(Widget):
    """One deed a player holds, drawn as a small card in its colour: a pip per fighter, a bar for a
    freighter/destroyer, only an outline when it is mortgaged (like a deed turned face down). Only its data here;
    its look is ``<DeedTile>`` in ``table.kv``."""

    deed_id = StringProperty("")
    colour = ColorProperty(theme.PANEL)
    houses = NumericProperty(0)
    hotel = BooleanProperty(False)
    mortgaged = BooleanProperty(False)
    pip = NumericProperty(0)
    """A fighter's pip: four side by side fill the tile's width."""

    def __init__(self, deed: DeedView, size: tuple[float, float] = TILE, **kwargs: Any) -> None:
        super().__init__(size=size, deed_id=deed.id, colour=theme.rgba(deed.colour), houses=deed.houses,
                         hotel=deed.hotel, mortgaged=deed.mortgaged, **kwargs)


@dataclass(frozen=True)
class SeatStyle:
    """How roomy a seat is: the table uses the roomiest style in which every seat fits the column."""

    token: bool
    """The token's name beside the player's."""
    cash_apart: bool
    """The cash on a line of its own (else at the right of the name's line)."""
    name_size: float
    cash_size: float
    tile: tuple[float, float]
    columns: int = 1
    """Seats side by side (two columns of seats when there are many players)."""

    def line(self, size: float) -> float:
        """The height of a line of words of ``size``."""
        return size * 1.45

    def needed(self, player: PlayerView, width: float) -> float:
        """How tall a seat is in this style, ``width`` wide: its lines, then the tile rows (a colour group's
        tiles stay together; a row starts when the next group does not fit)."""
        lines = ([self.line(self.name_size), self.line(self.cash_size)] if self.cash_apart
                 else [self.line(max(self.name_size, self.cash_size))])
        lines += [self.line(theme.FONT_SMALL)] * (bool(player.grogu) + bool(player.signets or player.enemy_cards))
        room = width - dp(8) - dp(12)  # the side band, the spacing and the right padding
        rows, used = 0, 0.0
        for width_of_group in self.rows(player):
            if not rows or used + dp(4) + width_of_group > room:
                rows, used = rows + 1, width_of_group
            else:
                used += dp(4) + width_of_group
        tiles = rows * (self.tile[1] + dp(4)) + (dp(4) if rows else 0)
        return sum(lines) + dp(1) * len(lines) + tiles + dp(6)

    def rows(self, player: PlayerView) -> list[float]:
        """The width of each colour group's row of tiles."""
        return [len(g.deeds) * self.tile[0] + (len(g.deeds) - 1) * dp(2) for g in player.groups]


SEAT_STYLES = (
    SeatStyle(True, True, theme.FONT, theme.FONT_LARGE, (dp(20), dp(28))),
    SeatStyle(False, False, theme.FONT, theme.FONT_LARGE, (dp(14), dp(20))),
    SeatStyle(False, True, theme.FONT_SMALL, theme.FONT, (dp(10), dp(14)), columns=2),
)
"""The seat styles, roomiest first: two players see the token and big tiles; four see name and cash on one line;
more sit in two columns."""


class PlayerCard(ButtonBehavior, BoxLayout):
    """A seat at the table: side colour, name, cash (large), jail and other marks, and deed tiles by colour group.
    All seats show at once, in the roomiest :class:`SeatStyle` the column has room for. A tap opens the player's
    deeds in words. Only the seat's data here; its look is ``<PlayerCard>`` in ``table.kv``, the screen adding
    Grogu's mark, the Signets line and the rows of tiles when the player has them."""

    name = StringProperty("")
    """The player's name (in markup, like every word of the seat)."""
    token = StringProperty("")
    show_token = BooleanProperty(True)
    """The token's name beside the player's (in the roomiest style)."""
    jail = StringProperty("")
    """The jail's name while the player is in it."""
    marks = ListProperty()
    """The other marks: bankrupt, the Get Out of Jail Free cards held."""
    cash_text = StringProperty("")
    side = ColorProperty(theme.PANEL)
    """The side's colour, on the band at the left."""
    is_turn = BooleanProperty(False)
    retired = BooleanProperty(False)
    cash_apart = BooleanProperty(True)
    """The cash on a line of its own (else at the right of the name's line)."""
    name_size = NumericProperty(theme.FONT)
    cash_size = NumericProperty(theme.FONT_LARGE)

    def __init__(self, app: Shell, player: PlayerView, jail_word: str, card_word: str,
                 bankrupt_word: str, style: SeatStyle = SEAT_STYLES[0]) -> None:
        marks = ([escape_markup(bankrupt_word)] if player.retired else []) + (
            [f"{player.jail_cards} × {escape_markup(card_word)}"] if player.jail_cards else [])
        super().__init__(name=escape_markup(player.name), token=escape_markup(player.token), show_token=style.token,
                         jail=escape_markup(jail_word) if player.in_jail else "", marks=marks,
                         cash_text=player.cash_text, side=theme.rgba(player.side_colour), is_turn=player.is_turn,
                         retired=player.retired, cash_apart=style.cash_apart, name_size=style.name_size,
                         cash_size=style.cash_size)
        self.app, self.player, self.player_id, self.style = app, player, player.id, style
        self.name_label: Label = self.ids.name_label
        self.cash_label: Label = self.ids.cash_label
        content = self.ids.content
        under_head = len(content.children) - 1  # what the player has goes under the name and cash
        if player.grogu:
            self.grogu_mark = GroguMark()
            content.add_widget(self.grogu_mark, index=under_head)
        if player.signets or player.enemy_cards:
            content.add_widget(SeatLine(text=f"Signets {player.signets} · Enemy cards {player.enemy_cards}",
                                        font_size=theme.FONT_SMALL, color=theme.MUTED), index=under_head)
        if player.groups:
            tiles = DeedTiles()
            for group, width in zip(player.groups, style.rows(player), strict=True):
                row = TileRow(height=style.tile[1], width=width, complete=group.complete)
                for deed in group.deeds:
                    row.add_widget(DeedTile(deed, style.tile))
                tiles.add_widget(row)
            content.add_widget(tiles, index=under_head)

    def on_release(self) -> None:
        """Show this player's deeds in words."""
        PlayerDeedsDialog(self.app, self.player).open()


class SeatLine(Label):
    """A line of a seat, cut with an ellipsis rather than overflowing it; look: ``<SeatLine>`` in ``table.kv``."""


class GroguMark(SeatLine):
    """On the seat of the hero holding Grogu, in his green; look: ``<GroguMark>`` in ``table.kv``."""


class DeedTiles(StackLayout):
    """A seat's deed tiles, a row per colour group; look: ``<DeedTiles>`` in ``table.kv``."""


class TileRow(BoxLayout):
    """One colour group's tiles, underlined when the group is complete; look: ``<TileRow>`` in ``table.kv``."""

    complete = BooleanProperty(False)


class SpaceCard(BoxLayout):
    """The space landed on: only its data; its look (the name on a band in the space's colour, the deed or what the
    space does on the left, the dice on the right) is ``<SpaceCard>`` in ``table.kv``. The screen puts the deed's
    lines and the dice in ``ids.info`` and ``ids.dice_column``."""

    title = StringProperty("")
    band = ColorProperty(theme.PANEL_RAISED)
    """The space's colour, behind its name."""


class SpaceWords(Label):
    """A line of the space card (what the space does, its owner); look: ``<SpaceWords>`` in ``table.kv``."""


class DeedTable(BoxLayout):
    """The deed card's lines in two columns, what and amount (``names`` and ``amounts``, one line each, in markup);
    look: ``<DeedTable>`` in ``table.kv``."""

    lines = NumericProperty(0)
    names = StringProperty("")
    amounts = StringProperty("")
    amounts_width = NumericProperty(0)
    """How wide the widest amount is drawn."""


class ToldRow(BoxLayout):
    """Under the space just described: what the table said it is, and the one tap (``change``) that asks again;
    look: ``<ToldRow>`` in ``table.kv``."""

    said = StringProperty("")
    change = ObjectProperty(None, allownone=True)


class Slot(BoxLayout):
    """A place on the screen whose content is rebuilt only when the data it shows has changed."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.key: Hashable = None

    def fill(self, key: Hashable, build: Callable[[], Widget]) -> bool:
        """Show ``build()`` unless the shown content was built from an equal ``key``; True when rebuilt."""
        if self.children and key == self.key:
            return False
        self.clear_widgets()
        self.add_widget(build())
        self.key = key
        return True


def stock_words(edition: Edition, view: TableView) -> str:
    """The small line under the turn: each side's Bases on the board with the bank's left, or the bank's building
    pieces left."""
    if view.sides:
        bank = [str(count) for _, count in view.stock]
        left = f" (in the {edition.term('bank')}: {', '.join(bank)})" if bank else ""
        return f"{capital(edition.term('bases'))}: " + ", ".join(f"{n} {c}" for n, c in view.sides) + left
    stock = ", ".join(f"{count} {word}" for word, count in view.stock)
    return f"{edition.term('bank')}: {stock} left" if stock else ""


class TableScreen(CompanionScreen):
    """The hub of a game (see the module docstring; layout: ``table.kv``)."""

    def __init__(self, app: Shell, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.view: TableView | None = None
        self.cash_labels: dict[str, Label] = {}
        self.dice_faces: tuple[DieFace, ...] = ()
        self.answer_labels: list[Label] = []
        self.device_status: tuple[str, ...] = ()
        self.journal_labels: list[Label] = []
        self._game_id = ""
        self._cards: dict[str, tuple[PlayerView, PlayerCard]] = {}
        self._cash_seen: dict[str, int] = {}
        self._answer_seen: Answer | None = None
        self._happened_key: Hashable = None
        self._actions_key: Hashable = None
        self._correction_button: EngineActionButton | None = None
        ids = SimpleNamespace(**{name: ref.__self__ for name, ref in self.ids.items()})  # the widgets, not weak
        self.top_bar: BoxLayout = ids.top_bar
        self.turn_label: Label = ids.turn_label
        self.countdown_label: Label = ids.countdown_label
        self.stock_label: Label = ids.stock_label
        self.board_button: TapButton = ids.board_button
        self.trade_button: TapButton = ids.trade_button
        self.properties_button: TapButton = ids.properties_button
        self.mute_button: TapButton = ids.mute_button
        self.players_slot: BoxLayout = ids.players_slot
        self.player_column: BoxLayout = ids.player_column
        self.player_seats: GridLayout = ids.player_seats
        self.space_slot: Slot = ids.space_slot
        self.answer_scroller: ScrollView = ids.answer_scroller
        self.answer_rows: BoxLayout = ids.answer_rows
        self.dice_source_label: Label = ids.dice_source_label
        self.actions_column: BoxLayout = ids.actions_column
        self.action_scroller: ScrollView = ids.action_scroller
        self.action_rows: BoxLayout = ids.action_rows
        self.device_button: TapButton = ids.device_button
        self.extras: BoxLayout = ids.extras
        self.journal_slot: Slot = ids.journal_slot
        self.end_button: EngineActionButton | None = None
        # A game on mini boards: the parts swapped in for the seats, the space and the stock line.
        self.main_row: BoxLayout = ids.main_row
        self.middle_column: BoxLayout = ids.middle_column
        self.boards_panel: BoxLayout = ids.boards_panel
        self.round_now: Label = ids.round_now
        self.board_grid: GridLayout = ids.board_grid
        self.round_answer_scroller: ScrollView = ids.round_answer_scroller
        self.round_answer_rows: BoxLayout = ids.round_answer_rows
        self.tray_strip: TrayStrip = ids.tray_strip
        self.board_cards: dict[str, BoardCard] = {}
        self._boards_key: Hashable = None
        self._reveal_seen = -1
        self._on_boards = True
        self._show_boards(False)

    def _show_boards(self, on_boards: bool) -> None:
        """Swap in the parts of a game on mini boards (the boards, the tray, no Pay / collect nor correction), or
        those of a game on one board (the seats, the space card, the stock line, the extras)."""
        if on_boards == self._on_boards:
            return
        self._on_boards = on_boards
        row, bar_lines = self.main_row, self.stock_label.parent or self.tray_strip.parent
        shown, hidden = ((self.boards_panel,), (self.players_slot, self.middle_column)) if on_boards else \
            ((self.players_slot, self.middle_column), (self.boards_panel,))
        for part in hidden:
            if part.parent is not None:
                row.remove_widget(part)
        for part in reversed(shown):
            if part.parent is None:
                row.add_widget(part, index=len(row.children))
        line, strip = (self.tray_strip, self.stock_label) if on_boards else (self.stock_label, self.tray_strip)
        if strip.parent is not None:
            bar_lines.remove_widget(strip)
        if line.parent is None:
            bar_lines.add_widget(line)
        if on_boards and self.extras.parent is not None:
            self.actions_column.remove_widget(self.extras)
        elif not on_boards and self.extras.parent is None:
            self.actions_column.add_widget(self.extras)

    # ---------------------------------------------------------------- building the screen

    def refresh(self) -> None:
        """Redraw from the current views; parts whose views are unchanged stay as they are."""
        session = self.app.session
        if session is None:
            self.view = None
            return
        game_id, game = session.game_id, session.game
        last = game.entries[-1].seq
        if game_id != self._game_id:
            stop_motion(card.cash_label for _, card in self._cards.values())
            self._game_id, self._cash_seen, self._cards = game_id, {}, {}
            self._reveal_seen = last  # what happened before this screen saw the game is not shown again
        reveal = heist_reveal(game, self._reveal_seen)  # a heist revealed since (from here, or from a phone)
        self._reveal_seen = last
        self.view = view = table_view(game, journal_last=JOURNAL_LINES)
        self._show_boards(view.rounds is not None)
        self._update_top_bar(view)
        answer = self.app.last_answer
        status = (self.app.devices.summary(), *self.app.devices.status())
        if view.rounds is not None:
            self._update_boards(game_id, view.rounds)
            self._update_happened((game_id, answer.lines if answer else (), view.dice_source), answer,
                                  view.dice_source)
            groups = round_actions(game)
            self._update_round_actions((game_id, tuple(groups), status), groups, status)
        else:
            self._update_players(game_id, view)
            new_roll = answer is not self._answer_seen and answer is not None and "dice" in answer.feedback
            told = space_told(game)  # offered on the card of the space it describes, not on another one
            said = told_words(game.edition, told) if told and told.target == f"space:{view.space.id}" else ""
            if self.space_slot.fill((game_id, view.space, view.dice, said),
                                    lambda: self._space_card(view.space, view.dice, said)) or new_roll:
                self._tumble_in(new_roll)
            self._update_happened((game_id, answer.lines if answer else (), view.dice_source), answer,
                                  view.dice_source)
            actions, correction = on_the_map(game, turn_actions(game)), correction_action(game)
            self._update_actions((game_id, tuple(actions), correction, status), actions, correction, status)
        self._answer_seen = answer
        self.journal_slot.fill((game_id, view.journal), lambda: self._journal(view.journal))
        self.tick()
        if reveal is not None:
            RevealDialog(reveal).open()

    def _update_top_bar(self, view: TableView) -> None:
        """The turn (and a time-limit game's clock), the bank's stock or a co-operative game's die, and the Board
        button in a co-operative game."""
        assert self.app.session is not None
        rounds = view.rounds
        self.turn_label.text = rounds.heading if rounds else f"Turn {view.turn_number} · {view.turn_player_name}"
        timed = view.ends_at is not None
        self.countdown_label.width = text_width("Ends in 00:00:00", theme.FONT, True) if timed else 0
        if not timed:
            self.countdown_label.text = ""
        game = self.app.session.game
        coop = coop_state(game) is not None
        if rounds is not None:  # the tray and the Chance tiles, in place of the bank's stock
            self.tray_strip.show(rounds.tray, rounds.chance)
        elif coop:  # a co-operative game rolls one die: the silver one, or the green one while holding Grogu
            holding = any(p.grogu and p.is_turn for p in view.players)
            self.stock_label.text = f"{view.turn_player_name} rolls {dice_words(game)}"
            self.stock_label.color = theme.rgba(GROGU_COLOUR) if holding else theme.MUTED
            self.stock_label.bold = holding
        else:
            self.stock_label.text = stock_words(self.app.session.edition, view)
            self.stock_label.color, self.stock_label.bold = theme.MUTED, False
        first = self.top_bar.children[-1]  # the turn and the stock
        self._show_in_bar(self.properties_button, view.deeds, first)
        self._show_in_bar(self.trade_button, view.trades,
                          self.properties_button if self.properties_button.parent is not None else first)
        self._show_in_bar(self.board_button, coop, first)  # right after the turn and the stock
        self.mute_button.text = self._sound_label()

    def _show_in_bar(self, button: TapButton, shown: bool, after: Widget) -> None:
        """Show a top-bar button only where the game has what it opens (the board map of a co-operative game,
        trades), right after ``after``."""
        bar = self.top_bar
        if shown and button.parent is None:
            bar.add_widget(button, index=bar.children.index(after))
        elif not shown and button.parent is not None:
            bar.remove_widget(button)

    def _update_players(self, game_id: str, view: TableView) -> None:
        """Rebuild the seats whose view changed (and only those), in turn order, in the roomiest style in which
        every seat fits the column; a changed cash amount flashes."""
        assert self.app.session is not None
        edition = self.app.session.edition
        column = self.player_column

        def room(st: SeatStyle) -> tuple[float, float]:
            """A seat's width and its share of the column's height in a style."""
            rows = -(-len(view.players) // st.columns)
            return ((column.width - theme.GAP * (st.columns - 1)) / st.columns,
                    (column.height - theme.GAP * rows) / max(1, rows))

        style = next((st for st in SEAT_STYLES if all(st.needed(p, room(st)[0]) <= room(st)[1]
                                                       for p in view.players)), SEAT_STYLES[-1])
        width, share = room(style)
        cards = []
        for player in view.players:
            cached = self._cards.get(player.id)
            if cached is None or cached[0] != player or cached[1].style != style:
                if cached is not None:
                    stop_motion([cached[1].cash_label])
                card = PlayerCard(self.app, player, edition.term("jail"), edition.term("get_out_of_jail"),
                                  edition.term("bankrupt"), style)
                self._cards[player.id] = (player, card)
                self._flash_cash(player, card.cash_label)
            card = self._cards[player.id][1]
            card.height = min(style.needed(player, width), share)
            cards.append(card)
        seats = self.player_seats
        if seats.children[::-1] != cards or seats.cols != style.columns:
            seats.clear_widgets()
            seats.cols = style.columns
            for card in cards:
                seats.add_widget(card)
        self.cash_labels = {card.player_id: card.cash_label for card in cards}

    def refit_seats(self, *_args: object) -> None:
        """The column changed size: the seats are fitted again (nothing while no game is open, nor in a game on
        mini boards, which shows boards instead)."""
        if self.app.session is not None and self.view is not None and self.view.rounds is None:
            self._update_players(self._game_id, self.view)

    def _update_boards(self, game_id: str, rounds: RoundView) -> None:
        """Who acts now over the boards, and every board side by side (drawn again only when one changed)."""
        accent = "".join(f"{round(c * 255):02x}" for c in theme.ACCENT[:3])
        step, now = escape_markup(rounds.step), escape_markup(rounds.now)
        mark = "" if rounds.step.endswith(("?", "!", ".")) else ":"
        self.round_now.text = f"[b][color={accent}]{step}{mark}[/color][/b]" + (f"  {now}" if now else "")
        key = (game_id, rounds.boards, rounds.landmark)
        if key == self._boards_key:
            return
        self._boards_key = key
        self.board_grid.clear_widgets()
        self.board_cards = {}
        for seat in rounds.boards:
            card = BoardCard(seat, rounds.landmark)
            self.board_cards[seat.board.player] = card
            self.board_grid.add_widget(card)

    def _space_card(self, space: SpaceView, dice: tuple[int, ...], said: str = "") -> Widget:
        """The space landed on: its name in its colour, its deed or what it does, the dice; ``said``: what the
        table last said a space is (until the next roll), with the one tap that asks again."""
        card = SpaceCard(title=space.name, band=theme.rgba(space.colour))
        card.bind(minimum_height=self._fit_space)
        self.space_name_label = card.ids.name_label
        info = card.ids.info
        deed = space.deed
        if deed is None:
            info.add_widget(SpaceWords(text=space.text))
        else:
            assert self.app.session is not None
            info.add_widget(self._deed_table(deed_card_rows(self.app.session.edition, deed)))
            owner = f"Owner: {deed.owner_name}" + (f" · {deed.marks}" if deed.marks else "")
            info.add_widget(SpaceWords(text=owner, color=theme.DANGER if deed.mortgaged else theme.TEXT, bold=True))
        blank = (0,) * len(self.app.session.edition.dice.need().dice) if self.app.session else (0, 0)
        stop_motion(self.dice_faces)
        self.dice_faces = tuple(DieFace(value, DIE) for value in (dice or blank))
        for face in self.dice_faces:
            card.ids.dice_column.add_widget(face)
        if said:  # a mis-tap on a type that needs nothing more was entered at once: one tap takes it back
            card.add_widget(ToldRow(said=said, change=self.ask_space_again))
        return card

    def ask_space_again(self) -> None:
        """What the table said a space is was wrong (a mis-tap): the answer and every action since are taken back,
        the box forgets it, and the action it served (the roll, with its dice) asks again what is on the space."""
        session = self.app.session
        told = space_told(session.game) if session else None
        if session is None or told is None:
            return
        name = session.edition.space(told.target.partition(":")[2]).name
        if not forget_told(self.app.boxes, session, told):
            show_reasons([f"The box could not be changed, so {name} is not asked again."])
            return
        if self.app.undo(f"{name} is not what was entered", told.count).accepted:
            self.app.submit(told.command.to_text(), told.command.source or "screen")

    def _fit_space(self, card: Widget, height: float) -> None:
        """The space card's place is as tall as the card shown (a card replaced meanwhile is ignored)."""
        if card.parent is self.space_slot:
            self.space_slot.height = height

    def _deed_table(self, rows: tuple[tuple[str, str], ...]) -> Widget:
        """The deed card's lines as two columns (what, amount); the first line, the price, stands out."""
        accent = "".join(f"{round(c * 255):02x}" for c in theme.ACCENT[:3])
        labels = [escape_markup(label) for label, _ in rows]
        values = [escape_markup(value) for _, value in rows]
        labels[0], values[0] = f"[b]{labels[0]}[/b]", f"[b][color={accent}]{values[0]}[/color][/b]"
        table = DeedTable(lines=len(rows), names="\n".join(labels), amounts="\n".join(values),
                          amounts_width=max(text_width(value, theme.FONT_SMALL, bold=True) for _, value in rows))
        self.deed_columns = (table.ids.names, table.ids.amounts)
        return table

    def _update_happened(self, key: Hashable, answer: Answer | None, dice_source: str) -> None:
        """What the last command did, and where the dice of the roll in effect came from (drawn again only when
        they changed)."""
        if key == self._happened_key:
            return
        self._happened_key = key
        lines = answer.lines[-ANSWER_LINES:] if answer and answer.lines else ("Roll to start the turn.",)
        on_boards = self._on_boards  # a game on mini boards: smaller lines under the boards
        self.answer_labels = [text(words, theme.FONT_SMALL if on_boards else theme.FONT) for words in lines]
        rows, scroller = (self.round_answer_rows, self.round_answer_scroller) if on_boards else \
            (self.answer_rows, self.answer_scroller)
        rows.clear_widgets()
        for label in self.answer_labels:
            rows.add_widget(label)
        scroller.scroll_y = 1
        self.dice_source_label.text = f"The dice were {dice_source}." if dice_source else ""

    def _update_actions(self, key: Hashable, actions: list[Action], correction: Action,
                        status: tuple[str, ...]) -> None:
        """The engine's buttons (End turn in its place at the foot), the device status (dice device, buttons, or
        on-screen dice only) and the correction button, drawn again only when they changed."""
        if key == self._actions_key:
            return
        self._actions_key = key
        assert self.app.session is not None
        game = self.app.session.game
        column = self.action_rows
        column.clear_widgets()
        cards = [a for a in actions if a.key.startswith("card:")]
        ending = [a for a in actions if a.key == "end"]
        main = next((a for a in actions if a.enabled and a.style == "primary" and a not in ending), None)
        big = {"height": MAIN_ACTION, "font_size": theme.FONT_LARGE}
        for action in actions:
            if action in ending:
                continue  # End turn has its own place at the foot of the column, whatever is above it
            style = big if action is main else {}
            if action.key.startswith("card:"):
                if action is not cards[0]:
                    continue  # the whole deck goes into one list, opened by one button
                who, deck = party_name(game, action.player), card_deck_name(game, action.player)
                button: TapButton = TapButton(f"{who}: pick the {deck} card drawn",
                                              partial(self._card_list, deck, who, cards),
                                              "primary", **style)
            elif action.roll:
                column.add_widget(roll_buttons(self.app, action, **style))
                continue
            elif action.key.startswith(HAND_KEY):
                button = TapButton(action.label, partial(self._hand, action), **style)
            elif action.key.startswith(MAP_KEY):
                button = EngineActionButton(action, self._board_map, guard=True, **style)
            elif action.key.startswith("bankrupt:"):
                button = EngineActionButton(action, self._confirm_bankruptcy, guard=True, **style)
            else:
                button = EngineActionButton(action, self.app.run_action, guard=True, **style)
            column.add_widget(grow_to_text(button))
        self.action_scroller.scroll_y = 1
        for old in [w for w in self.actions_column.children if isinstance(w, EngineActionButton)]:
            self.actions_column.remove_widget(old)
        for action in ending:  # under the list, above the device line
            self.end_button = EngineActionButton(action, self.app.run_action, guard=True, height=MAIN_ACTION)
            self.actions_column.add_widget(self.end_button, index=len(self.actions_column.children) - 1)
        # The devices take one small line: a tap opens the details (what is connected, looked for, and why not).
        self.device_status = status[1:]
        self.device_button.text = f"{status[0]}  ·  details"
        if self._correction_button is not None:
            self.extras.remove_widget(self._correction_button)
        self._correction_button = EngineActionButton(correction, self._open_correction, font_size=theme.FONT_SMALL,
                                                     height=theme.TOUCH + dp(6))
        self.extras.add_widget(self._correction_button, index=len(self.extras.children))

    def _update_round_actions(self, key: Hashable, groups: list[ActionGroup], status: tuple[str, ...]) -> None:
        """A game played in rounds: the roll in the main action's place, then each decision's buttons under its
        line (two columns when it offers three or more), a block's other squares from a small button beside it, a
        kept tile's uses from one button; drawn again only when they changed."""
        if key == self._actions_key:
            return
        self._actions_key = key
        column = self.action_rows
        column.clear_widgets()
        rows = [row for group in groups if not group.listed for row in group.rows]
        main = next((r.action for r in rows if r.action.enabled and r.action.style == "primary"), None)
        for group in groups:
            if group.listed:
                button = EngineActionButton(Action(f"list:{group.line}", group.line, "", "", True), partial(
                    self._choose_from, group.line, [r.action for r in group.rows]), guard=True)
                column.add_widget(grow_to_text(button))
                continue
            if group.line:
                heading = text(group.line, theme.FONT_SMALL, theme.ACCENT, bold=True)
                heading.bind(width=lambda lbl, w: setattr(lbl, "text_size", (w - dp(12), None)))  # the scroll bar
                column.add_widget(heading)
            widgets = [self._choice_row(row, row.action is main) for row in group.rows]
            if len(widgets) >= 3:
                grid = GridLayout(cols=2, spacing=theme.GAP, size_hint_y=None)
                grid.bind(minimum_height=grid.setter("height"))
                for widget in widgets:
                    grid.add_widget(widget)
                column.add_widget(grid)
            else:
                for widget in widgets:
                    column.add_widget(widget)
        if not groups:
            column.add_widget(text("Nothing to do now.", theme.FONT, theme.MUTED))
        self.action_scroller.scroll_y = 1
        self.device_status = status[1:]
        self.device_button.text = f"{status[0]}  ·  details"

    def _choice_row(self, row: ChoiceRow, main: bool) -> Widget:
        """One action: the roll with Type dice beside it, a secret dial (asked in its own window), or a button;
        with ``more``, a small button beside it lists the other ways."""
        action = row.action
        # The next thing to do is the biggest button; its words stay large unless a button stands beside it.
        style = {"height": MAIN_ACTION, "font_size": theme.FONT if row.more else theme.FONT_LARGE} if main else {}
        if action.roll:
            return roll_buttons(self.app, action, **style)
        run = self._secret_dial if action.key.startswith(SECRET_DIAL) and not action.command else \
            self.app.run_action
        button = EngineActionButton(action, run, guard=True, **style)
        button.text = row.words
        if row.swatch and action.enabled:
            button.background_color = theme.rgba(row.swatch)
            button.color = theme.text_on(button.background_color)
        grow_to_text(button)
        if not row.more:
            return button
        line = BoxLayout(size_hint_y=None, spacing=theme.GAP, height=button.height)
        line.add_widget(button)
        other = EngineActionButton(Action(f"more:{action.key}", row.more_label, "", action.player, True),
                                   partial(self._choose_from, row.more_label, list(row.more)), guard=True,
                                   font_size=theme.FONT_SMALL, size_hint=(None, 1), width=dp(72))
        other.text_size = (other.width - dp(8), None)
        other.more_for = action.key
        line.add_widget(other)
        button.bind(height=lambda _b, h: setattr(line, "height", h))
        return line

    def _choose_from(self, title: str, actions: list[Action], _opener: Action | None = None) -> None:
        """A list of the engine's buttons in a window (guarded like the table's: a double tap that opened the
        window chooses nothing in it); one tap carries the choice out."""
        dialog = Dialog(title, size_hint=(0.8, 0.9))

        def chosen(action: Action) -> None:
            dialog.dismiss()
            self.app.run_action(action)

        for action in actions:
            dialog.body.add_widget(grow_to_text(EngineActionButton(action, chosen, guard=True)))
        dialog.add_button("Cancel")
        dialog.open()

    def _secret_dial(self, action: Action) -> None:
        """The dial is set in secret: the screen goes to its player alone."""
        SecretDialDialog(self.app, action.player).open()

    def show_device_details(self) -> None:
        """Every device's status line in a window."""
        dialog = Dialog("Dice and buttons", size_hint=(0.8, 0.7))
        for line in self.device_status:
            dialog.body.add_widget(text(line, theme.FONT_SMALL, theme.TEXT))
        dialog.add_button("Close")
        dialog.open()

    def _journal(self, journal: tuple[JournalLine, ...]) -> Widget:
        box = BoxLayout(orientation="vertical")
        self.journal_labels = [line(entry.text, theme.FONT_SMALL, theme.MUTED)
                               for entry in journal[-JOURNAL_LINES:]]
        for label in self.journal_labels:
            box.add_widget(label)
        return box

    # ---------------------------------------------------------------- motion

    def _flash_cash(self, player: PlayerView, label: Label) -> None:
        """Flash a cash amount that changed: green when it went up, red when it went down."""
        before = self._cash_seen.get(player.id)
        if before is not None and before != player.cash:
            label.color = theme.GOOD if player.cash > before else theme.DANGER
            Animation(color=theme.TEXT, duration=FLASH_SECONDS, t="in_quad").start(label)
        self._cash_seen[player.id] = player.cash

    def _tumble_in(self, new_roll: bool) -> None:
        """After a new roll, the dice drop in."""
        if not new_roll:
            return
        for face in self.dice_faces:
            face.opacity = 0
            Animation(opacity=1, duration=0.35, t="out_quad").start(face)

    # ---------------------------------------------------------------- taps

    def _confirm_bankruptcy(self, action: Action) -> None:
        assert self.app.session is not None
        game = self.app.session.game
        declare = game.edition.term("declare_bankruptcy")
        confirm(f"{party_name(game, action.player)}: {declare}?", bankruptcy_lines(game, action.player),
                lambda: self.app.run_action(action), yes=capital(declare), style="danger")

    def _hand(self, action: Action) -> None:
        """Who plays a Force card (skipped when only one player holds any), then the cards they may play."""
        assert self.app.session is not None
        choose_one("Who plays a Force card?", [(c.label, c) for c in hand_choices(self.app.session.game)],
                   self._play_from)

    def _board_map(self, action: Action) -> None:
        """The board map of a decision whose choice is a space of the board (a tap on a space chooses it)."""
        assert self.app.session is not None
        view = space_map(self.app.session.game, int(action.key.removeprefix(MAP_KEY)))
        if view is not None:
            BoardMapDialog(view, self.app.run_action).open()

    def _play_from(self, choice: Action) -> None:
        """The cards a player may play from one hand (those entered, and a way to enter the one played)."""
        assert self.app.session is not None
        game = self.app.session.game
        deck = choice.key.rpartition(":")[2]
        CardListDialog(self.app, game.edition.decks[deck].name, party_name(game, choice.player),
                       play_offers(game, choice.player, deck),
                       (choice.player, deck, partial(play_command, choice.player, deck))).open()

    def _card_list(self, deck: str, who: str, cards: list[Action]) -> None:
        """The list of the deck's cards, to say which one was drawn."""
        CardListDialog(self.app, deck, who, cards).open()

    def open_pay_collect(self) -> None:
        """A payment to or from the bank, or between players, that no button offers."""
        PayCollectDialog(self.app).open()

    def _open_correction(self, action: Action) -> None:
        assert self.app.session is not None and self.view is not None
        CorrectionDialog(self.app, action.player, party_name(self.app.session.game, action.player),
                         self.view.space).open()

    def _sound_label(self) -> str:
        """What a tap on the switch does: mute the sounds, or bring them back."""
        return "Unmute" if self.app.sounds.muted else "Mute"

    def toggle_sound(self) -> None:
        """Mute or unmute the feedback sounds (remembered for the next start)."""
        self.app.sounds.set_muted(not self.app.sounds.muted)
        self.mute_button.text = self._sound_label()

    # ---------------------------------------------------------------- clock

    def tick(self) -> None:
        """Count down the time a time-limit game has left."""
        if self.countdown_label is not None and self.view is not None and self.view.ends_at is not None:
            self.countdown_label.text = f"Ends in {time_left(self.view.ends_at, self.app.now())}"


load_layout(__file__)
