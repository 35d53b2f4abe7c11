"""The dice: a drawn die face, and the dialog that takes a roll, rolled on screen or typed in as the table rolled.

A roll action's Roll button rolls on screen at once (source ``screen``): the faces drawn tumble on the table's
space card. Beside it, "Type dice" opens the dialog for the dice the family rolled by hand.

The dialog shows the dice the engine wants now (two dice in the classic game; one die, or a die with faces 1 to
3, in others). Rolling on screen tumbles the faces for about half a second, then offers faces drawn from the
app's dice generator (source ``screen``); typed-in dice are chosen die by die (source ``typed``). Either way the
roll goes to the dice desk, like a press of the Roll button or a throw of the dice device, so whichever comes
first counts and the others are refused. The engine decides what the roll does.
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

from companion.devices.buttons import Press
from companion.devices.rolls import DiceRoll, RollRequest, draw
from companion.table.actions import Action
from companion.table.views import die_labels
from companion.ui import theme
from companion.ui.widgets import Dialog, EngineActionButton, TapButton, grow_to_text, paint, show_reasons, text

if TYPE_CHECKING:
    from companion.ui.shell import Shell

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
    """Asks for the wanted roll: on screen (animated) or the values the table rolled; also lists the devices
    that may roll instead (or says there are none)."""

    def __init__(self, app: Shell, request: RollRequest) -> None:
        dice = request.need.dice
        what = "the dice" if len(dice) > 1 else f"the {dice[0].name}"
        super().__init__(f"{request.player_name}: roll {what}", size_hint=(0.94, 0.96))
        self.app, self.request = app, request
        need = request.need
        self.chosen: list[int] = [0] * len(need.dice)
        self.final: tuple[int, ...] | None = None
        self._spin: Any = None
        self._steps = 0
        many = len(need.dice) > 2  # a round's roll of every seated player's die (up to four)
        side = dp(84) if not many else dp(56) if len(need.dice) == 3 else dp(44)
        row_height = theme.TOUCH + (0 if many else dp(8))
        rows_height = (row_height + dp(8)) * len(need.dice) + dp(30) + dp(64)
        labels = die_labels(app.session.game, need.dice) if app.session else tuple((d.name, "") for d in need.dice)

        content = BoxLayout(spacing=dp(16), size_hint_y=None, height=max(dp(250), rows_height))
        screen = BoxLayout(orientation="vertical", spacing=dp(10), size_hint_x=0.42)
        dice_row = BoxLayout(spacing=dp(6) if many else dp(12), padding=(dp(8), 0))
        self.faces = tuple(DieFace(0, side) for _ in need.dice)
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
        named = any(d.colour for d in need.dice)
        for n, die in enumerate(need.dice):
            row = BoxLayout(spacing=dp(6), size_hint_y=None, height=row_height)
            if named:  # the die's name, or the player who moves by it in their colour
                words, swatch = labels[n]
                label = text(words, theme.FONT_SMALL, theme.MUTED, fixed_height=False, size_hint_x=None, width=dp(72),
                             halign="center" if swatch else "left", bold=bool(swatch), shorten=True,
                             shorten_from="right")
                if swatch:
                    paint(label, theme.rgba(swatch), dp(4))
                    label.color = theme.text_on(theme.rgba(swatch))
                label.die_label = words
                row.add_widget(label)
            for value in die.values:
                toggle = FaceToggle(n, value, f"die-{n}-{id(self)}")
                toggle.bind(state=self._typed)
                row.add_widget(toggle)
            typed.add_widget(row)
        self.ok = TapButton("OK", self.submit_typed, "off", height=dp(56), font_size=theme.FONT_LARGE)
        typed.add_widget(self.ok)
        content.add_widget(typed)
        self.body.add_widget(content)
        self.devices_line = text(app.roll_hint(), theme.FONT_SMALL, theme.MUTED)
        self.body.add_widget(self.devices_line)
        self.cancel = self.add_button("Cancel")
        self.bind(on_dismiss=lambda *_: self._stop_spin())

    # ---------------------------------------------------------------- typed dice

    def _typed(self, toggle: FaceToggle, state: str) -> None:
        if state == "down":
            self.chosen[toggle.die] = toggle.face
            self.faces[toggle.die].value = toggle.face
        self.ok.set_style("primary" if all(self.chosen) else "off")

    def submit_typed(self) -> None:
        """Offer the values chosen row by row (source ``typed``)."""
        if not all(self.chosen):
            show_reasons(["Tap the value each die shows: one in each row."], "Enter every die")
            return
        self.app.offer_roll(DiceRoll(tuple(self.chosen), "typed"))

    def hardware_press(self, press: Press) -> bool:
        """Confirm enters the typed dice once every row has a value; Cancel closes the dialog."""
        if press.button == "confirm" and all(self.chosen):
            self.submit_typed()
            return True
        return press.button == "cancel" and super().hardware_press(press)

    # ---------------------------------------------------------------- on-screen dice

    def roll(self) -> None:
        """Draw the roll from the app's generator, tumble the faces for about half a second, then offer it."""
        if self.final is not None:
            return
        self.final = draw(self.request.need, self.app.dice_rng)
        self.roll_button.disabled = self.ok.disabled = self.cancel.disabled = True
        self._steps = 0
        self._spin = Clock.schedule_interval(self._tumble, SPIN_STEP)

    def _tumble(self, _dt: float) -> bool:
        self._steps += 1
        if self._steps >= SPIN_STEPS:
            self.roll_now()
            return False
        for face, die in zip(self.faces, self.request.need.dice, strict=True):
            face.value = TUMBLE_FACES.choice(die.values)
        return True

    def _stop_spin(self) -> None:
        if self._spin is not None:
            self._spin.cancel()
            self._spin = None

    def roll_now(self) -> None:
        """End the tumbling at once and offer the on-screen roll (source ``screen``)."""
        self._stop_spin()
        if self.final is None:
            self.final = draw(self.request.need, self.app.dice_rng)
        for face, value in zip(self.faces, self.final, strict=True):
            face.value = value
        self.app.offer_roll(DiceRoll(self.final, "screen"))


TYPE_DICE = "Type dice"


def roll_buttons(app: Shell, action: Action, **style: Any) -> Widget:
    """A roll action as the table offers it: Roll (rolls on screen at once) and, beside it, Type dice (the faces
    the family rolled by hand, one tap away)."""
    row = BoxLayout(spacing=theme.GAP, size_hint_y=None)
    roll = grow_to_text(EngineActionButton(action, app.run_action, guard=True, **style))
    typed = TapButton(TYPE_DICE, app.type_dice, font_size=theme.FONT_SMALL, size_hint_x=None, width=dp(96))
    typed.typed_for = action.key
    typed.disabled = not action.enabled
    row.add_widget(roll)
    row.add_widget(typed)
    roll.bind(height=lambda _b, h: setattr(row, "height", h))
    row.height = roll.height
    return row
