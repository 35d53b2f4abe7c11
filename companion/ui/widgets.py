"""The building blocks every screen uses: panels, labels that wrap, buttons sized for fingers, and the popups
that show the engine's reasons, ask for a confirmation or take a number.

An :class:`EngineActionButton` shows one engine-checked :class:`~companion.table.actions.Action`. A refused action
stays visible but dimmed; tapping it shows the engine's reasons instead of doing nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from kivy.clock import Clock
from kivy.graphics import Color, Rectangle, RoundedRectangle
from kivy.lang import Builder
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.devices.buttons import Press
from companion.table.actions import Action
from companion.ui import theme

T = TypeVar("T")


def paint(widget: Widget, colour: theme.Colour, radius: float = 0) -> None:
    """Give a widget a solid (optionally rounded) background that follows its size and position."""
    with widget.canvas.before:
        Color(*colour)
        shape = RoundedRectangle(radius=[radius]) if radius else Rectangle()
    shape.pos, shape.size = widget.pos, widget.size  # a widget sized at creation sends no size event
    widget.bind(pos=lambda w, pos: setattr(shape, "pos", pos), size=lambda w, size: setattr(shape, "size", size))


class Panel(BoxLayout):
    """A rounded box with a raised background."""

    def __init__(self, colour: theme.Colour = theme.PANEL, **kwargs: Any) -> None:
        kwargs.setdefault("padding", theme.PAD)
        kwargs.setdefault("spacing", theme.GAP)
        super().__init__(**kwargs)
        paint(self, colour, dp(8))


def load_layout(module_file: str) -> None:
    """Load the ``.kv`` layout file that sits beside a module (a screen's layout, or these widgets' shared
    shapes): Kivy's convention of one layout file per screen, the Python class keeping only behaviour."""
    path = str(Path(module_file).with_suffix(".kv"))
    Builder.unload_file(path)
    Builder.load_file(path)


def text(words: str, size: float = theme.FONT, colour: theme.Colour = theme.TEXT, bold: bool = False,
         halign: str = "left", fixed_height: bool = True, **kwargs: Any) -> Label:
    """A label that wraps to its width; with ``fixed_height`` it is exactly as tall as its text."""
    label = Label(text=words, font_size=size, color=colour, bold=bold, halign=halign, valign="middle",
                  markup=kwargs.pop("markup", False), **kwargs)
    label.bind(width=lambda lbl, width: setattr(lbl, "text_size", (width, None)))
    if fixed_height:
        label.size_hint_y = None
        label.bind(texture_size=lambda lbl, size: setattr(lbl, "height", max(size[1], lbl.font_size * 1.3)))
    return label


STYLES: dict[str, tuple[theme.Colour, theme.Colour]] = {
    "primary": (theme.ACCENT, theme.ACCENT_TEXT),
    "normal": (theme.BUTTON, theme.TEXT),
    "danger": (theme.DANGER, theme.TEXT),
    "good": (theme.GOOD, theme.TEXT),
    "off": (theme.DISABLED, theme.DISABLED_TEXT),
}


class TapButton(Button):
    """A flat button at least :data:`theme.TOUCH` high, in one of :data:`STYLES`. In a screen's ``.kv`` file:
    ``TapButton:`` with ``text``, ``style`` and ``on_release``."""

    style = StringProperty("normal")
    """How the button is coloured: ``primary``, ``normal``, ``danger``, ``good`` or ``off``."""

    def __init__(self, label: str = "", on_tap: Callable[[], Any] | None = None, style: str = "normal",
                 **kwargs: Any) -> None:
        kwargs.setdefault("size_hint_y", None)
        kwargs.setdefault("height", theme.TOUCH)
        kwargs.setdefault("font_size", theme.FONT)
        self.on_tap = on_tap
        super().__init__(text=label, background_normal="", background_down="", halign="center", valign="middle",
                         **kwargs)
        self.bind(size=lambda b, size: setattr(b, "text_size", (size[0] - dp(8), None)))
        self.set_style(style)
        self.on_style(self, self.style)

    def set_style(self, style: str) -> None:
        """Colour the button as ``primary``, ``normal``, ``danger``, ``good`` or ``off``."""
        self.style = style

    def on_style(self, _button: TapButton, style: str) -> None:
        """Take the colours of the style."""
        self.background_color, self.color = STYLES[style]

    def on_release(self) -> None:
        """Run the tap handler."""
        if self.on_tap is not None:
            self.on_tap()


FRESH_FRAMES = 15
"""Frames after an action button appears during which a tap on it is ignored (a quarter of a second at 60 frames
a second): counted in frames, not seconds, so a slow screen keeps the same guard."""


class FreshGuard:
    """A tap target that ignores the second tap of a double tap (the first one already acted, and what is now
    under the finger may be another action) and, from ``drawn_at`` (a frame count), a tap in its first moments
    on screen: it was meant for what stood there before. Mixed in before the widget class."""

    drawn_at: int = -FRESH_FRAMES

    @property
    def fresh(self) -> bool:
        """Whether the target appeared only a moment ago (see :data:`FRESH_FRAMES`)."""
        return Clock.frames - self.drawn_at < FRESH_FRAMES

    def on_touch_down(self, touch: Any) -> bool:
        """Swallow a double tap's second tap and a tap while fresh; anything else as the widget does."""
        if self.collide_point(*touch.pos) and (getattr(touch, "is_double_tap", False) or self.fresh):  # type: ignore[attr-defined]
            return True
        return bool(super().on_touch_down(touch))  # type: ignore[misc]


class EngineActionButton(FreshGuard, TapButton):
    """A button for an engine-checked action: ``run`` is called with the action when it is allowed; a refused
    action is dimmed and a tap shows why. (Not called ActionButton: Kivy's own style rules claim that name.)"""

    def __init__(self, action: Action, run: Callable[[Action], Any], guard: bool = False, **kwargs: Any) -> None:
        self.action = action
        super().__init__(action.label, self._tap, action.style if action.enabled else "off", **kwargs)
        self.run = run
        if guard:
            self.drawn_at = Clock.frames
        """``guard``: where the button stands another action may have stood a moment ago (the table's actions),
        so it ignores taps for its first moments."""

    def _tap(self) -> None:
        if self.action.enabled:
            self.run(self.action)
        else:
            show_reasons(self.action.reasons, f"{self.action.label}: not now")


def grow_to_text(button: TapButton) -> TapButton:
    """Let a button with a long (wrapped) label grow taller than its height (a finger's at least) when it needs
    to."""
    least = max(theme.TOUCH, button.height)
    button.bind(texture_size=lambda b, size: setattr(b, "height", max(least, size[1] + dp(12))))
    return button


BAR_GAP = dp(4)
"""The gap between a scroll bar and the content beside it."""


class Scroller(ScrollView):
    """A vertical scroller whose bar, wide enough for a finger, stands beside its content, never over its words
    or buttons: while the content is taller than its place (the bar shows), the content is narrower by the bar
    and :data:`BAR_GAP`, less the room its own right padding already leaves. In a ``.kv`` file: ``Scroller:`` with
    one child, usually ``Rows`` (style: ``widgets.kv``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fbind("size", self._make_room)

    def add_widget(self, widget: Widget, *args: Any, **kwargs: Any) -> None:
        """Take the content; its width is the scroller's from now on, less the bar's room while it scrolls."""
        super().add_widget(widget, *args, **kwargs)
        widget.size_hint_x = None
        widget.fbind("height", self._make_room)
        self._make_room()

    def remove_widget(self, widget: Widget, *args: Any, **kwargs: Any) -> None:
        """Let the content go."""
        widget.funbind("height", self._make_room)
        super().remove_widget(widget, *args, **kwargs)

    @property
    def bar_room(self) -> float:
        """How much narrower than the scroller its content is to be (0 while it fits and no bar shows)."""
        content = self._viewport
        if content is None or content.height - self.height < 1:
            return 0.0
        padding = getattr(content, "padding", (0, 0, 0, 0))
        right = padding[2] if isinstance(padding, (list, tuple)) and len(padding) == 4 else 0
        return max(0.0, self.bar_width + self.bar_margin + BAR_GAP - right)

    def _make_room(self, *_args: object) -> None:
        # Narrower content wraps taller and still scrolls, full-width content fits: either way it stays put.
        if self._viewport is not None:
            self._viewport.width = self.width - self.bar_room


def scroll_column(spacing: float = theme.GAP) -> tuple[Scroller, BoxLayout]:
    """A vertical list that scrolls when it is taller than its place; returns the scroller and the list."""
    column = BoxLayout(orientation="vertical", spacing=spacing, size_hint_y=None)
    column.bind(minimum_height=column.setter("height"))
    scroller = Scroller()
    scroller.add_widget(column)
    return scroller, column


class Dialog(ModalView):
    """A centred popup panel with a title, a body and a row of buttons."""

    def __init__(self, title: str, size_hint: tuple[float, float] = (0.8, 0.8), **kwargs: Any) -> None:
        super().__init__(size_hint=size_hint, auto_dismiss=False, background_color=(0, 0, 0, 0.6), **kwargs)
        self.box = Panel(theme.PANEL_RAISED, orientation="vertical", padding=dp(14), spacing=dp(10))
        self.title = text(title, theme.FONT_LARGE, theme.ACCENT, bold=True)
        self.box.add_widget(self.title)
        self.body_scroller, self.body = scroll_column()
        self.box.add_widget(self.body_scroller)
        self.buttons = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=dp(10))
        self.box.add_widget(self.buttons)
        self.add_widget(self.box)

    def add_button(self, label: str, on_tap: Callable[[], Any] | None = None, style: str = "normal") -> TapButton:
        """A button that closes the dialog and then runs ``on_tap``."""
        def tap() -> None:
            self.dismiss()
            if on_tap is not None:
                on_tap()

        button = TapButton(label, tap, style)
        self.buttons.add_widget(button)
        return button

    def hardware_press(self, press: Press) -> bool:
        """Confirm taps the dialog's main (yellow) button, Cancel its other one, or its only one; returns
        whether the press did anything. Seat buttons do nothing in a dialog."""
        buttons = [b for b in reversed(self.buttons.children) if isinstance(b, TapButton) and not b.disabled]
        main = [b for b in buttons if b.style == "primary"]
        others = [b for b in buttons if b.style != "primary"]
        target = (main or others) if press.button == "confirm" else (others or main) if press.button == "cancel" \
            else []
        if len(target) != 1:
            return False
        target[0].dispatch("on_release")
        return True


def toast(lines: Iterable[str], seconds: float = 3.0) -> Label:
    """A short message across the top of the screen that goes away by itself (for a button press that did
    nothing, so the table sees why without a popup to close)."""
    from kivy.core.window import Window

    label = text("  ".join(lines), theme.FONT, theme.ACCENT_TEXT, bold=True, halign="center",
                 size_hint=(0.96, None), pos_hint={"center_x": 0.5, "top": 0.98}, padding=(dp(10), dp(6)))
    paint(label, theme.ACCENT, dp(8))
    label.bind(texture_size=lambda lbl, size: setattr(lbl, "height", size[1] + dp(12)))
    label.x, label.top = Window.width * 0.02, Window.height - dp(8)
    for old in [w for w in Window.children if getattr(w, "is_toast", False)]:
        Window.remove_widget(old)
    label.is_toast = True
    Window.add_widget(label)
    Clock.schedule_once(lambda _dt: Window.remove_widget(label), seconds)
    return label


def show_reasons(reasons: Iterable[str], title: str = "Not allowed") -> Dialog:
    """The engine's refusal: every reason, in its own words, and an OK button."""
    dialog = Dialog(title, size_hint=(0.8, 0.7))
    dialog.reasons = list(reasons)
    for reason in dialog.reasons:
        dialog.body.add_widget(text(f"•  {reason}"))
    dialog.add_button("OK", style="primary")
    dialog.open()
    return dialog


def confirm(title: str, lines: Iterable[str], on_yes: Callable[[], Any], yes: str = "Yes",
            no: str = "Cancel", style: str = "primary") -> Dialog:
    """Ask before doing something; ``on_yes`` runs only after the player confirms."""
    dialog = Dialog(title, size_hint=(0.85, 0.75))
    for line in lines:
        dialog.body.add_widget(text(line))
    dialog.add_button(no)
    dialog.yes_button = dialog.add_button(yes, on_yes, style)
    dialog.open()
    return dialog


def choose_one(title: str, choices: Sequence[tuple[str, T]], then: Callable[[T], Any]) -> None:
    """One of several things, chosen by a tap in a list (each by its words); with only one, no question."""
    if len(choices) == 1:
        then(choices[0][1])
        return
    dialog = Dialog(title, size_hint=(0.8, 0.9))

    def chosen(value: T) -> None:
        dialog.dismiss()
        then(value)

    for words, value in choices:
        dialog.body.add_widget(TapButton(words, partial(chosen, value)))
    dialog.add_button("Cancel")
    dialog.open()


class NumberPad(Dialog):
    """A keypad for a whole number (an exact bid, an amount); ``on_number`` gets it when OK is tapped."""

    def __init__(self, title: str, on_number: Callable[[int], Any], limit: int = 6,
                 quick: Sequence[tuple[int, str]] = (), **kwargs: Any) -> None:
        super().__init__(title, size_hint=(0.6, 0.95), **kwargs)
        self.limit = limit
        self.on_number = on_number
        self.display = text("0", theme.FONT_HUGE, theme.ACCENT, bold=True, halign="center")
        self.body.add_widget(self.display)
        if quick:  # numbers seen on cards like this one: one tap enters one
            row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=dp(6))
            for number, words in quick[:3]:
                button = TapButton(words, partial(self._quick, number), "good", font_size=theme.FONT_SMALL)
                button.number = number
                row.add_widget(button)
            self.body.add_widget(row)
        keys = GridLayout(cols=3, spacing=dp(6), size_hint_y=None)
        keys.bind(minimum_height=keys.setter("height"))
        for key in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "Delete", "0", "C"):
            keys.add_widget(TapButton(key, partial(self.press, key), font_size=theme.FONT_LARGE))
        self.body.add_widget(keys)
        self.add_button("Cancel")
        self.ok = TapButton("OK", self._ok, "primary")
        self.buttons.add_widget(self.ok)

    @property
    def value(self) -> int:
        """The number typed so far."""
        return int(self.display.text or "0")

    def press(self, key: str) -> None:
        """A keypad key: a digit, ``Delete`` (the last digit) or ``C`` (clear)."""
        digits = "" if self.display.text == "0" else self.display.text
        if key == "C":
            digits = ""
        elif key == "Delete":
            digits = digits[:-1]
        elif len(digits) < self.limit:
            digits += key
        self.display.text = digits or "0"

    def _ok(self) -> None:
        self.dismiss()
        self.on_number(self.value)

    def _quick(self, number: int) -> None:
        """A number offered on the pad, entered as if typed and confirmed."""
        self.dismiss()
        self.on_number(number)


def amount_pad(title: str, on_number: Callable[[int], Any], chips: Sequence[int]) -> NumberPad:
    """A number pad with a row of likely amounts over its keys (a few: they share one row): one tap enters one,
    as if typed and confirmed."""
    pad = NumberPad(title, on_number)
    row = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=dp(6))
    for number in chips:
        button = TapButton(str(number), partial(pad._quick, number), "good")
        button.number = number
        row.add_widget(button)
    pad.body.add_widget(row, index=len(pad.body.children) - 1)  # under the number typed
    return pad


def colour_band(hex_colour: str, width: float = dp(10)) -> Widget:
    """A narrow strip in a colour group's colour (or a side's)."""
    band = Widget(size_hint_x=None, width=width)
    paint(band, theme.rgba(hex_colour))
    return band


load_layout(__file__)
