"""The battle screen of a co-operative game (The Mandalorian): the hero against the enemy (in its colour), the
enemy's card (its title, the number needed, reward and penalty), the dice the hero rolls, the bonuses in play,
the Signet cards that can be played now, the roll button, the last roll with what it came to, and "take the
loss" after a lost roll that could be tried again.

The app shows it while a battle waits for its roll and goes back to the table once the battle is over. Every word
comes from :func:`companion.table.coop.battle_view` and the app's last answer. The layout (the bar with Back to
table and the title, the enemy's card and the roll column, the note when nobody fights) is ``battle.kv``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.table.coop import BattleView, battle_view
from companion.ui import theme
from companion.ui.dice import DieFace, roll_buttons
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import EngineActionButton, load_layout, text

if TYPE_CHECKING:
    from companion.ui.shell import Shell

DIE = dp(50)


class BattleScreen(CompanionScreen):
    """Hero against enemy (see the module docstring); "Back to table" leaves the battle waiting (layout:
    ``battle.kv``; :meth:`refresh` fills in the enemy's card, the roll and the buttons)."""

    def __init__(self, app: Shell, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.view: BattleView | None = None
        self.result_labels: list[Label] = []
        self.bonus_labels: list[Label] = []
        self.dice_faces: list[DieFace] = []
        ids = self.ids
        self.title_label: Label = ids.title_label
        self.body: BoxLayout = ids.body
        self.enemy_label: Label = ids.enemy_label
        self.card_label: Label = ids.card_label
        self.number_label: Label = ids.number_label
        self.roll_state: Label = ids.roll_state
        # The parts shown in turn: kept here as they leave the tree (ids hold only weak references).
        self.card: Widget = ids.card.__self__
        self.roll: Widget = ids.roll.__self__
        self.no_battle: Label = ids.no_battle.__self__

    def refresh(self) -> None:
        """Redraw from the open battle (an empty screen with a note when there is none)."""
        session = self.app.session
        view = battle_view(session.game) if session else None
        self.view = view
        self.body.clear_widgets()
        for face in self.dice_faces:
            self.ids.dice_row.remove_widget(face)
        for label in self.result_labels:
            self.ids.result_rows.remove_widget(label)
        self.result_labels, self.dice_faces = [], []
        if view is None:
            self.title_label.text = "No battle"
            self.body.add_widget(self.no_battle)
            return
        self.title_label.text = f"Battle: {view.player_name} against {view.enemy}"
        self._card(view)
        self._roll(view)
        self.body.add_widget(self.card)
        self.body.add_widget(self.roll)

    def _card(self, view: BattleView) -> None:
        """Left: the enemy in its colour and its card."""
        ids = self.ids
        ids.swatch.colour = theme.rgba(view.enemy_colour)
        self.enemy_label.text, self.card_label.text = view.enemy, view.card
        self.number_label.text = f"Roll {view.number} or more to win"
        ids.reward.value, ids.penalty.value, ids.dice.value = view.reward, view.penalty, view.dice
        self.bonus_labels = [text(f"•  {b}", theme.FONT) for b in view.bonuses] or [text("none", theme.FONT,
                                                                                       theme.MUTED)]
        ids.bonuses.clear_widgets()
        for label in self.bonus_labels:
            ids.bonuses.add_widget(label)

    def _roll(self, view: BattleView) -> None:
        """Right: the last roll and what it came to, then the buttons (roll, Signet cards, take the loss)."""
        ids = self.ids
        self.dice_faces = [DieFace(v, DIE) for v in view.last_roll]
        for face in self.dice_faces:  # before the words, in the order rolled
            ids.dice_row.add_widget(face, index=1)
        self.roll_state.text = ("Lost this roll" if view.lost else "Last roll") if view.last_roll \
            else "Not rolled yet"
        self.roll_state.color = theme.DANGER if view.lost else theme.TEXT
        answer = self.app.last_answer
        lines = answer.lines[-3:] if answer and answer.lines and view.last_roll else ()
        self.result_labels = [text(words, theme.FONT_SMALL, theme.MUTED) for words in lines]
        for label in self.result_labels:
            ids.result_rows.add_widget(label)
        ids.buttons.clear_widgets()
        for action in view.actions:
            big = {"height": dp(60), "font_size": theme.FONT_LARGE} if action.key == "battle-roll" else {}
            ids.buttons.add_widget(roll_buttons(self.app, action, **big) if action.roll
                                   else EngineActionButton(action, self.app.run_action))


load_layout(__file__)
