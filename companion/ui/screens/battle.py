"""The battle screen of a co-operative game (The Mandalorian): the hero against the enemy (in its colour), the
enemy's card (its title, the number needed, reward and penalty), the dice the hero rolls, the bonuses in play,
the Signet cards that can be played now, the roll button, the last roll with what it came to, and "take the
loss" after a lost roll that could be tried again.

The app shows it while a battle waits for its roll and goes back to the table once the battle is over. Every word
comes from :func:`companion.table.coop.battle_view` and the app's last answer. The fixed layout (the bar with Back
to table and the title, the body below) is ``battle.kv``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.graphics import Color, Line
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.table.coop import BattleView, battle_view
from companion.ui import theme
from companion.ui.dice import DieFace, roll_buttons
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import EngineActionButton, Panel, load_layout, paint, scroll_column, text

if TYPE_CHECKING:
    from companion.ui.shell import Shell

DIE = dp(50)


def card_row(label: str, value: str, colour: theme.Colour = theme.TEXT) -> BoxLayout:
    """One line of the enemy's card: what, and its value (wrapped when long)."""
    row = BoxLayout(size_hint_y=None, spacing=dp(6))
    row.add_widget(text(label, theme.FONT, theme.MUTED, size_hint_x=0.3, pos_hint={"top": 1}))
    shown = text(value, theme.FONT, colour, bold=True, size_hint_x=0.7)
    row.add_widget(shown)
    shown.bind(height=lambda _w, h: setattr(row, "height", h))
    return row


class BattleScreen(CompanionScreen):
    """Hero against enemy (see the module docstring); "Back to table" leaves the battle waiting (layout:
    ``battle.kv``; the enemy's card and the roll column are drawn for the battle in :meth:`refresh`)."""

    def __init__(self, app: Shell, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.view: BattleView | None = None
        self.result_labels: list[Label] = []
        self.dice_faces: list[DieFace] = []
        self.title_label: Label = self.ids.title_label
        self.body: BoxLayout = self.ids.body

    def refresh(self) -> None:
        """Redraw from the open battle (an empty screen with a note when there is none)."""
        session = self.app.session
        view = battle_view(session.game) if session else None
        self.view = view
        self.body.clear_widgets()
        self.result_labels, self.dice_faces = [], []
        if view is None:
            self.title_label.text = "No battle"
            self.body.add_widget(text("Nobody is fighting now.", theme.FONT))
            return
        self.title_label.text = f"Battle: {view.player_name} against {view.enemy}"
        self.body.add_widget(self._card(view))
        self.body.add_widget(self._roll(view))

    def _card(self, view: BattleView) -> Widget:
        """Left: the enemy in its colour and its card."""
        panel = Panel(orientation="vertical", size_hint_x=0.5, spacing=dp(4))
        head = BoxLayout(size_hint_y=None, height=dp(52), spacing=dp(8))
        swatch = Widget(size_hint_x=None, width=dp(14))
        paint(swatch, theme.rgba(view.enemy_colour), dp(3))
        with swatch.canvas.after:  # outlined, so a dark enemy's colour still shows on the dark panel
            Color(*theme.MUTED)
            edge = Line(width=dp(1))
        swatch.bind(pos=lambda w, _v: setattr(edge, "rectangle", (*w.pos, *w.size)),
                    size=lambda w, _v: setattr(edge, "rectangle", (*w.pos, *w.size)))
        head.add_widget(swatch)
        names = BoxLayout(orientation="vertical")
        self.enemy_label = text(view.enemy, theme.FONT_LARGE, theme.TEXT, bold=True, fixed_height=False,
                                shorten=True, shorten_from="right")
        names.add_widget(self.enemy_label)
        self.card_label = text(view.card, theme.FONT_SMALL, theme.MUTED, fixed_height=False, shorten=True,
                               shorten_from="right")
        names.add_widget(self.card_label)
        head.add_widget(names)
        panel.add_widget(head)
        self.number_label = text(f"Roll {view.number} or more to win", theme.FONT_LARGE, theme.ACCENT, bold=True)
        panel.add_widget(self.number_label)
        panel.add_widget(card_row("Reward", view.reward, theme.GOOD))
        panel.add_widget(card_row("Penalty", view.penalty, theme.DANGER))
        panel.add_widget(card_row("Dice", view.dice))
        panel.add_widget(text("Bonuses", theme.FONT_SMALL, theme.MUTED, bold=True))
        self.bonus_labels = [text(f"•  {b}", theme.FONT) for b in view.bonuses] or [text("none", theme.FONT,
                                                                                       theme.MUTED)]
        for label in self.bonus_labels:
            panel.add_widget(label)
        panel.add_widget(Widget())
        return panel

    def _roll(self, view: BattleView) -> Widget:
        """Right: the last roll and what it came to, then the buttons (roll, Signet cards, take the loss)."""
        column = BoxLayout(orientation="vertical", size_hint_x=0.5, spacing=theme.GAP)
        result = Panel(orientation="vertical", size_hint_y=None, spacing=dp(2))
        dice_row = BoxLayout(size_hint_y=None, height=DIE, spacing=dp(6))
        self.dice_faces = [DieFace(v, DIE) for v in view.last_roll]
        for face in self.dice_faces:
            dice_row.add_widget(face)
        state = ("Lost this roll" if view.lost else "Last roll") if view.last_roll else "Not rolled yet"
        dice_row.add_widget(text(state, theme.FONT_LARGE, theme.DANGER if view.lost else theme.TEXT, bold=True,
                                 fixed_height=False))
        result.add_widget(dice_row)
        answer = self.app.last_answer
        lines = answer.lines[-3:] if answer and answer.lines and view.last_roll else ()
        self.result_labels = [text(words, theme.FONT_SMALL, theme.MUTED) for words in lines]
        for label in self.result_labels:
            result.add_widget(label)
        result.bind(minimum_height=result.setter("height"))
        column.add_widget(result)
        scroller, buttons = scroll_column()
        for action in view.actions:
            big = {"height": dp(60), "font_size": theme.FONT_LARGE} if action.key == "battle-roll" else {}
            buttons.add_widget(roll_buttons(self.app, action, **big) if action.roll
                               else EngineActionButton(action, self.app.run_action))
        column.add_widget(scroller)
        return column


load_layout(__file__)
