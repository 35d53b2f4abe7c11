"""The table screen's popups: the card drawn, "my token is really on ...", pay / collect by hand, and a player's
deeds. Each builds a command from the table layer's helpers and hands it to the app; the engine decides.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ColorProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.togglebutton import ToggleButton
from kivy.utils import escape_markup

from companion.table.actions import (
    Action,
    correct_command,
    correction_spaces,
    parties,
    stepped_amount,
    transfer_command,
    transfer_reasons,
)
from companion.table.box_play import card_command, cards_to_enter
from companion.table.presenters.cards import NEW_CARD_KEY
from companion.table.views import NO_COLOUR, PlayerView, SpaceView
from companion.table.words import credits
from companion.ui import theme
from companion.ui.box_dialogs import NewCardDialog
from companion.ui.widgets import (
    Dialog,
    EngineActionButton,
    NumberPad,
    TapButton,
    colour_band,
    load_layout,
    show_reasons,
    text,
)

if TYPE_CHECKING:
    from companion.ui.shell import Shell

AMOUNT_STEPS = (1, 10, 50, 100)


class CardListDialog(Dialog):
    """The cards of the deck being drawn from: the table taps the one printed on the card drawn. While the box
    still lacks some of the deck's cards, one more button enters the card drawn as a new one. With ``play``: the
    cards a player may play from their hand instead (``play``: the player, the deck, and what makes the command
    that plays a card entered new)."""

    def __init__(self, app: Shell, deck: str, who: str, actions: list[Action],
                 play: tuple[str, str, Callable[[str], str]] | None = None) -> None:
        title = f"{deck} card: which one did {who} play?" if play else f"{deck} card: which one did {who} draw?"
        super().__init__(title, size_hint=(0.9, 0.96))
        assert app.session is not None
        self.app = app
        self.player = actions[0].player if actions else ""
        if play is None:
            self.deck_id, missing = cards_to_enter(app.session.game, self.player)
            self.command: Callable[[str], str] = partial(card_command, self.player)
        else:
            self.player, self.deck_id, self.command = play
            side = app.session.game.state.player(self.player).side
            missing = app.session.edition.decks[self.deck_id].missing_for(side)
        # The cards by what they do, under headings (Collect, Pay, Move...); a card's printed titles in small
        # letters under what it does.
        grid = Factory.CardList()
        headings: dict[str, GridLayout] = {}
        for action in actions:
            if action.key == NEW_CARD_KEY:
                continue
            if action.heading not in headings:
                grid.add_widget(Factory.CardHeading(text=action.heading))
                headings[action.heading] = Factory.TwoColumns()
                grid.add_widget(headings[action.heading])
            small = int(theme.FONT_SMALL)
            label = f"{escape_markup(action.label)}\n[size={small}][color=a3adc4]{escape_markup(action.detail)}" \
                    "[/color][/size]" if action.detail else escape_markup(action.label)
            button = EngineActionButton(action, self._pick, height=dp(60), markup=True)
            button.text = label
            headings[action.heading].add_widget(button)
        if missing:
            grid.add_widget(TapButton("A card not entered yet", self._new_card, height=dp(56)))
        self.body.add_widget(grid)
        self.add_button("Cancel")

    def _pick(self, action: Action) -> None:
        self.dismiss()
        self.app.run_action(action)

    def _new_card(self) -> None:
        """Enter the card drawn or played (the box does not list it yet), then carry it out."""
        self.dismiss()
        player = self.player
        NewCardDialog(self.app, self.deck_id, player,
                      lambda card, done: self.app.submit(self.command(card), told=done.lines)).open()


class CorrectionDialog(Dialog):
    """Every space of the board with its colour band; a tap says the turn player's token really stands there."""

    def __init__(self, app: Shell, player: str, who: str, here: SpaceView) -> None:
        super().__init__(f"Where is {who}'s token really?", size_hint=(0.9, 0.96))
        self.app, self.player = app, player
        self.body.add_widget(text(f"The app has it on {here.name}. Tap the space it really stands on.",
                                  theme.FONT_SMALL, theme.MUTED))
        grid = Factory.TwoColumns()
        self.space_buttons: dict[str, TapButton] = {}
        assert app.session is not None
        for space_id, name, colour in correction_spaces(app.session.game):
            row = SpaceRow(colour=theme.rgba(colour or NO_COLOUR))
            button = TapButton(name, partial(self.choose, space_id), "off" if space_id == here.id else "normal")
            button.space_id = space_id
            self.space_buttons[space_id] = button
            row.add_widget(button)
            grid.add_widget(row)
        self.body.add_widget(grid)
        self.add_button("Cancel")
        Clock.schedule_once(lambda _dt: self.show(here.id), 0)

    def show(self, space_id: str) -> None:
        """Scroll the list so the space's button is in view."""
        button = self.space_buttons.get(space_id)
        if button is not None and button.parent is not None:
            self.body_scroller.scroll_to(button.parent, padding=dp(40), animate=False)

    def choose(self, space_id: str) -> None:
        """Submit the correction to ``space_id``."""
        self.dismiss()
        self.app.submit(correct_command(self.player, space_id))


class SpaceRow(BoxLayout):
    """A space of the board: its colour band, then its button (look: ``<SpaceRow>`` in ``table_dialogs.kv``)."""

    colour = ColorProperty(theme.TEXT)
    """The space's colour group (or the colour of a space without one)."""


class Choice(ToggleButton):
    """One option of a pick-one row (payer, payee, reason)."""

    def __init__(self, label: str, value: str, group: str, on_pick: Callable[[str], Any], **kwargs: Any) -> None:
        kwargs.setdefault("font_size", theme.FONT_SMALL)
        super().__init__(text=label, group=group, background_normal="", background_down="", halign="center",
                         valign="middle", size_hint_y=None, height=theme.TOUCH, **kwargs)
        self.value = value
        self.bind(size=lambda b, size: setattr(b, "text_size", (size[0] - dp(6), None)))
        self.bind(state=lambda b, state: self._changed(state, on_pick))
        self._paint()

    def _changed(self, state: str, on_pick: Callable[[str], Any]) -> None:
        self._paint()
        if state == "down":
            on_pick(self.value)

    def _paint(self) -> None:
        down = self.state == "down"
        self.background_color = theme.ACCENT if down else theme.BUTTON
        self.color = theme.ACCENT_TEXT if down else theme.TEXT


class PayCollectDialog(Dialog):
    """A payment the app does not work out itself: who pays, who gets it, how much and why."""

    def __init__(self, app: Shell) -> None:
        super().__init__("Pay / collect by hand", size_hint=(0.96, 0.98))
        assert app.session is not None
        self.app = app
        game = app.session.game
        self.edition = game.edition
        self.payer = self.payee = self.reason = ""
        self.amount = 0
        who = parties(game)
        self.names = dict(who)
        self.payers = self._row("Who pays", [(name, pid) for pid, name in who], "payer")
        self.payees = self._row("Who gets it", [(name, pid) for pid, name in who], "payee")

        amount_row = Factory.AmountRow()
        self.amount_label: Label = amount_row.ids.amount_label
        self.amount_label.text = credits(self.edition, 0)
        for step in AMOUNT_STEPS:
            amount_row.add_widget(TapButton(f"+{step}", partial(self.step_amount, step),
                                            font_size=theme.FONT_SMALL))
        amount_row.add_widget(TapButton("Type…", self._keypad, font_size=theme.FONT_SMALL))
        amount_row.add_widget(TapButton("Clear", lambda: self.set_amount(0), font_size=theme.FONT_SMALL))
        self.body.add_widget(amount_row)

        self.reasons = self._row("What for", [(r, r) for r in transfer_reasons(game)], "reason")
        self.summary = text("", theme.FONT, theme.TEXT, halign="center")
        self.body.add_widget(self.summary)
        self._summarise()
        self.add_button("Cancel")
        self.ok = TapButton("Pay", self.submit, "primary")
        self.buttons.add_widget(self.ok)

    def _caption(self, words: str) -> Any:
        return text(words, theme.FONT_SMALL, theme.MUTED, fixed_height=False, size_hint_x=None, width=dp(92))

    def _row(self, caption: str, options: list[tuple[str, str]], field: str) -> list[Choice]:
        cols = min(len(options), 5)
        row = BoxLayout(size_hint_y=None, spacing=dp(6))
        grid = GridLayout(cols=cols, spacing=dp(6), size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        grid.bind(height=row.setter("height"))
        row.add_widget(self._caption(caption))
        row.add_widget(grid)
        group = f"{field}-{id(self)}"
        choices = []
        for label, value in options:
            choice = Choice(label, value, group, partial(self.pick, field))
            choice.field = field
            grid.add_widget(choice)
            choices.append(choice)
        self.body.add_widget(row)
        return choices

    def pick(self, field: str, value: str) -> None:
        """Remember a choice: ``payer``, ``payee`` or ``reason``."""
        setattr(self, field, value)
        self._summarise()

    def step_amount(self, step: int) -> None:
        """A "+N" button: the amount goes up by ``step``."""
        self.set_amount(stepped_amount(self.amount, step))

    def set_amount(self, amount: int) -> None:
        """Show the amount to be paid."""
        self.amount = stepped_amount(amount, 0)
        self.amount_label.text = credits(self.edition, self.amount)
        self._summarise()

    def _summarise(self) -> None:
        payer, payee = self.names.get(self.payer, "…"), self.names.get(self.payee, "…")
        why = f" for {self.reason}" if self.reason else ""
        self.summary.text = f"{payer} pays {payee} {credits(self.edition, self.amount)}{why}"

    def _keypad(self) -> None:
        NumberPad("How much?", self.set_amount).open()

    def submit(self) -> None:
        """Hand the payment to the engine (which checks it); every missing choice is named first."""
        missing = [m for m, done in (("Choose who pays.", self.payer), ("Choose who gets it.", self.payee),
                                     ("Choose what it is for.", self.reason)) if not done]
        if missing:
            show_reasons(missing, "Not complete yet")
            return
        self.dismiss()
        self.app.submit(transfer_command(self.payer, self.payee, self.amount, self.reason))


class PlayerDeedsDialog(Dialog):
    """A player's deeds by colour group, with their buildings and mortgages in words."""

    def __init__(self, app: Shell, player: PlayerView) -> None:
        super().__init__(f"{player.name}'s deeds", size_hint=(0.8, 0.9))
        assert app.session is not None
        group_word = app.session.edition.term("group")
        if not player.groups:
            self.body.add_widget(text(f"{player.name} holds no deeds yet.", theme.FONT, theme.MUTED))
        for group in player.groups:
            heading = f"{group.name} (full {group_word})" if group.complete else group.name
            self.body.add_widget(text(heading, theme.FONT_SMALL, theme.MUTED, bold=True))
            for deed in group.deeds:
                row = BoxLayout(size_hint_y=None, height=dp(34), spacing=dp(8))
                row.add_widget(colour_band(deed.colour, dp(14)))
                row.add_widget(text(deed.name, theme.FONT, fixed_height=False))
                row.add_widget(text(deed.marks, theme.FONT_SMALL, theme.DANGER if deed.mortgaged else theme.ACCENT,
                                    halign="right", fixed_height=False, size_hint_x=0.7))
                self.body.add_widget(row)
        self.add_button("Properties", lambda: app.goto("properties"))
        self.add_button("Close", style="primary")


load_layout(__file__)
