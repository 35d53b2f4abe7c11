"""The dice: a drawn die face, and the dialog that takes a roll, rolled on screen or typed in as the table rolled.

Rolling on screen shows the faces tumbling for about half a second, then settles on faces from the app's dice
generator and submits ``<roll command> a b`` (source ``screen``). Typed-in dice are chosen face by face and
submitted with source ``typed``. The engine decides what the roll does; hardware dice come later.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from companion.table.actions import Action
from companion.table.words import party_name
from companion.ui import theme
from companion.ui.widgets import Dialog, TapButton, show_reasons, text

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp

# Where the pips of each face sit, on a 3x3 grid of (column, row) from the bottom left.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 2), (2, 0)),
    3: ((0, 2), (1, 1), (2, 0)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}
SPIN_STEP = 0.06   # seconds between tumbling faces
SPIN_STEPS = 8     # about half a second of tumbling
TUMBLE_FACES = random.Random()  # faces shown while tumbling only; the roll itself comes from the app's generator


class DieFace(Widget):
    """One die drawn with its pips; ``value`` 0 draws a blank, dimmed die (nothing rolled yet)."""

    value = NumericProperty(0)

    def __init__(self, value: int = 0, side: float = dp(64), **kwargs: Any) -> None:
        kwargs.setdefault("size_hint", (None, None))
        super().__init__(size=(side, side), **kwargs)
        self.value = value
        self.bind(pos=self._draw, size=self._draw, value=self._draw)
        self._draw()

    def _draw(self, *_args: object) -> None:
        self.canvas.clear()
        side = min(self.width, self.height)
        x0, y0 = self.center_x - side / 2, self.center_y - side / 2
        with self.canvas:
            Color(*(theme.TEXT if self.value else theme.DISABLED))
            RoundedRectangle(pos=(x0, y0), size=(side, side), radius=[side * 0.16])
            Color(*theme.ACCENT_TEXT)
            pip = side * 0.18
            for col, row in PIPS.get(int(self.value), ()):
                cx = x0 + side * (0.25 + 0.25 * col)
                cy = y0 + side * (0.25 + 0.25 * row)
                Ellipse(pos=(cx - pip / 2, cy - pip / 2), size=(pip, pip))


class FaceToggle(ToggleButton):
    """One face (1 to 6) of one die in the "enter the dice you rolled" rows."""

    def __init__(self, die: int, face: int, group: str, **kwargs: Any) -> None:
        super().__init__(text=str(face), group=group, font_size=theme.FONT_LARGE, bold=True,
                         background_normal="", background_down="", allow_no_selection=False, **kwargs)
        self.die, self.face = die, face
        self.bind(state=lambda *_: self._paint())
        self._paint()

    def _paint(self) -> None:
        down = self.state == "down"
        self.background_color = theme.ACCENT if down else theme.BUTTON
        self.color = theme.ACCENT_TEXT if down else theme.TEXT


class DiceDialog(Dialog):
    """Asks for a roll: on screen (animated) or the faces the table rolled, then submits the roll action."""

    def __init__(self, app: CompanionApp, action: Action) -> None:
        name = party_name(app.session.game, action.player) if app.session else action.player
        super().__init__(f"{name}: roll the dice", size_hint=(0.94, 0.96))
        self.app, self.action = app, action
        self.chosen: list[int] = [0, 0]
        self.final: tuple[int, int] | None = None
        self._spin: Any = None
        self._steps = 0

        content = BoxLayout(spacing=dp(16), size_hint_y=None, height=dp(250))
        screen = BoxLayout(orientation="vertical", spacing=dp(10), size_hint_x=0.42)
        dice_row = BoxLayout(spacing=dp(16), padding=(dp(8), 0))
        self.faces = (DieFace(0, dp(84)), DieFace(0, dp(84)))
        dice_row.add_widget(Widget())
        for face in self.faces:
            dice_row.add_widget(face)
        dice_row.add_widget(Widget())
        screen.add_widget(dice_row)
        self.roll_button = TapButton("Roll on screen", self.roll, "primary", height=dp(72),
                                     font_size=theme.FONT_LARGE)
        screen.add_widget(self.roll_button)
        content.add_widget(screen)

        typed = BoxLayout(orientation="vertical", spacing=dp(8))
        typed.add_widget(text("Or enter the dice you rolled:", theme.FONT, theme.MUTED))
        for die in range(2):
            row = BoxLayout(spacing=dp(6), size_hint_y=None, height=theme.TOUCH + dp(8))
            for face in range(1, 7):
                toggle = FaceToggle(die, face, f"die-{die}-{id(self)}")
                toggle.bind(state=self._typed)
                row.add_widget(toggle)
            typed.add_widget(row)
        self.ok = TapButton("OK", self.submit_typed, "off", height=dp(56), font_size=theme.FONT_LARGE)
        typed.add_widget(self.ok)
        content.add_widget(typed)
        self.body.add_widget(content)
        self.cancel = self.add_button("Cancel")

    # ---------------------------------------------------------------- typed dice

    def _typed(self, toggle: FaceToggle, state: str) -> None:
        if state == "down":
            self.chosen[toggle.die] = toggle.face
            self.faces[toggle.die].value = toggle.face
        self.ok.set_style("primary" if all(self.chosen) else "off")

    def submit_typed(self) -> None:
        """Submit the faces chosen in the two rows (source ``typed``)."""
        if not all(self.chosen):
            show_reasons(["Tap the face each die shows: one in each row."], "Enter both dice")
            return
        self._submit(tuple(self.chosen), "typed")

    # ---------------------------------------------------------------- on-screen dice

    def roll(self) -> None:
        """Draw the roll from the app's generator, tumble the faces for about half a second, then submit."""
        if self.final is not None:
            return
        self.final = (self.app.dice_rng.randint(1, 6), self.app.dice_rng.randint(1, 6))
        self.roll_button.disabled = self.ok.disabled = self.cancel.disabled = True
        self._steps = 0
        self._spin = Clock.schedule_interval(self._tumble, SPIN_STEP)

    def _tumble(self, _dt: float) -> bool:
        self._steps += 1
        if self._steps >= SPIN_STEPS:
            self.roll_now()
            return False
        for face in self.faces:
            face.value = TUMBLE_FACES.randint(1, 6)
        return True

    def roll_now(self) -> None:
        """End the tumbling at once and submit the on-screen roll (source ``screen``)."""
        if self._spin is not None:
            self._spin.cancel()
            self._spin = None
        if self.final is None:
            self.final = (self.app.dice_rng.randint(1, 6), self.app.dice_rng.randint(1, 6))
        for face, value in zip(self.faces, self.final, strict=True):
            face.value = value
        self._submit(self.final, "screen")

    def _submit(self, dice: tuple[int, ...], source: str) -> None:
        self.dismiss()
        self.app.submit(" ".join([self.action.command, *map(str, dice)]), source=source)
