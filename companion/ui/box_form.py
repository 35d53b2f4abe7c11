"""The form for values read off the box: one control per :class:`~companion.box.fields.BoxField`, sized for
fingers, with every problem shown under the field it names.

A ``number`` is typed on the number pad; a ``numbers`` field (a rent table) is one number-pad entry per printed
amount; ``text`` opens a popup with an on-screen keyboard (a physical keyboard types into it too); a ``choice`` is
a row of tap buttons, or a list in a popup when it has many options. The form holds what the owner entered; the
checks (which decide what is wrong) live in the table layer and their answers are passed in. The look of the
form's parts, and of the lines and buttons the box screens and questions share, is ``box_form.kv``: the classes
here hold only their data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput
from kivy.uix.vkeyboard import VKeyboard
from kivy.uix.widget import Widget

from companion.box.fields import BoxField
from companion.edition import capital
from companion.table.box_play import BoxProblem
from companion.ui.widgets import Dialog, NumberPad, TapButton, amount_pad, load_layout

INLINE_CHOICES = 4
"""A choice with at most this many options is a row of buttons; one with more opens a list."""
NOT_ENTERED = "tap to enter"
KEYBOARD_MARGIN = (0.02, 0.02, 0.02, 0.02)
"""Thin margins (top, right, bottom, left) so each key of the 15-column keyboard is a finger wide at 800x480."""
LOOK_OVER_DEFAULTS = frozenset({"text", "size_hint_y", "height", "font_size"})
"""What :class:`TapButton` sets in Python when it is made, and a :class:`BoxButton`'s class rule sets instead."""


class BoxButton(TapButton):
    """A :class:`TapButton` whose look is its class rule in a ``.kv`` file: the rule's words, height and font size
    win over the defaults TapButton gives them in Python (Kivy keeps a value given in Python over a rule's
    constant). Made in Python with data only: its words when they vary, what a tap does, its style."""

    def apply_class_lang_rules(self, root: Any = None, ignored_consts: Any = frozenset(),
                               rule_children: Any = None) -> None:
        """Apply the class rules, their constants included where TapButton set a default."""
        super().apply_class_lang_rules(root=root, ignored_consts=set(ignored_consts) - LOOK_OVER_DEFAULTS,
                                       rule_children=rule_children)


class BoxText(Label):
    """Words that wrap to their width, as tall as their place (look: ``box_form.kv``)."""


class BoxWords(BoxText):
    """A line of words that wraps to its width and is as tall as its text (look: ``box_form.kv``; each kind of
    line of the box screens is a subclass with its own font and colour in a ``.kv`` file)."""

    role = StringProperty("")
    """What the line says, for whoever looks it up (``status``, ``face``, ``note``...)."""


class BoxHint(BoxWords):
    """A secondary line: what a screen or a question is about."""


class BoxProblemLine(BoxWords):
    """A problem or a caution, under the field it names."""

    field = StringProperty("")
    """The field's key (empty: the problem names no field and stands at the top)."""
    caution = BooleanProperty(False)
    """Whether it is only a caution (the box may really say so)."""


class BoxFieldLabel(BoxWords):
    """The name of a field whose options or amounts are buttons under it."""


class BoxChoiceGrid(GridLayout):
    """Buttons in rows, two to a row unless ``cols`` says otherwise, as tall as they are."""


class BoxChoiceButton(BoxButton):
    """An option of a choice in the list of every option."""

    choice = ObjectProperty(None)
    """The option's key."""


class BoxFieldButton(BoxButton):
    """A field's control: the field with what it holds (one amount of a rent table, one option of a choice row)."""

    field = StringProperty("")
    """The field's key."""
    part = ObjectProperty(None, allownone=True)
    """Which amount or option of the field (None: the field has one control)."""


class BoxSwatchRow(BoxLayout):
    """A choice's button with a swatch of its colour at its left."""

    colour = StringProperty("")
    """The colour (``#rrggbb``)."""


class BoxFieldRow(BoxLayout):
    """Fields side by side (numbers, words, a choice from a list)."""


class BoxFieldBlock(BoxLayout):
    """One field: its control(s), then the room for its problems."""


class BoxProblemBox(BoxLayout):
    """The room for a field's problems, as tall as they are."""


class BoxKeyboardInput(TextInput):
    """The one-line box of words over the on-screen keyboard."""


class TouchKeyboard(VKeyboard):
    """Kivy's on-screen keyboard laid out like any other widget (it does not float): its keys follow its size.
    Shift works with one finger: a tap on it raises the next letter typed (Kivy's keyboard only raises letters
    while Shift is held, which a single finger cannot do); Caps lock raises every letter until tapped again."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(size_hint=(1, 1), do_translation=False, do_rotation=False, do_scale=False,
                         margin_hint=KEYBOARD_MARGIN, **kwargs)
        self.shifted = False
        """Shift was tapped: the next letter is a capital."""
        self.bind(size=self._resize)

    def process_key_up(self, touch: Any) -> None:
        """A key let go: Shift stays down for the next letter (a second tap on it lets it go)."""
        key = touch.ud.get(self.uid, {}).get("key")
        super().process_key_up(touch)
        if key is not None and key[0][2] == "shift":
            self.shifted = not self.shifted
            self.have_shift = self.shifted

    def on_textinput(self, *_args: object) -> None:
        """A letter typed after a tap on Shift: the next one is small again."""
        if self.shifted:
            self.shifted = self.have_shift = False

    def _resize(self, *_args: object) -> None:
        if "U_HINT" in self.layout_geometry:  # the layout is loaded a frame after the keyboard is made
            self.refresh(False)


class KeyboardDialog(Dialog):
    """Type a few words: a one-line box over an on-screen keyboard; ``on_text`` gets the words when OK is tapped."""

    def __init__(self, title: str, words: str, on_text: Callable[[str], Any]) -> None:
        super().__init__(title, size_hint=(0.98, 0.98))
        self.on_text = on_text
        self.input = BoxKeyboardInput(text=words)
        self.input.do_cursor_movement("cursor_end")  # keys typed add to the words already there
        self.bind(on_open=lambda *_: setattr(self.input, "focus", True))  # a physical keyboard types here too
        self.input.bind(on_text_validate=lambda *_: self._ok())
        self.body.add_widget(self.input)
        self.body_scroller.size_hint_y = None
        self.body_scroller.height = self.input.height
        self.keyboard = TouchKeyboard()
        self.keyboard.bind(on_textinput=lambda _kb, typed: self.type_text(typed),
                           on_key_down=lambda _kb, key, _internal, _mods: self.press_key(key))
        self.box.add_widget(self.keyboard, index=1)
        self.add_button("Cancel")
        self.ok = TapButton("OK", self._ok, "primary")
        self.buttons.add_widget(self.ok)

    def type_text(self, typed: str) -> None:
        """A character key of the on-screen keyboard (tabs and line breaks are left out of a one-line answer)."""
        if typed.isprintable():
            self.input.insert_text(typed)

    def press_key(self, key: str | None) -> None:
        """A special key: backspace deletes, enter is OK, escape closes without a change; the others do nothing
        here."""
        if key == "backspace":
            self.input.do_backspace()
        elif key == "enter":
            self._ok()
        elif key == "escape":
            self.dismiss()

    def _ok(self) -> None:
        self.dismiss()
        self.on_text(" ".join(self.input.text.split()))


SWATCH = re.compile(r"#[0-9a-fA-F]{6}")
"""A choice that is a colour (a colour set's band), or has one (a mini board's colour space): shown with a swatch
of it beside its name."""


def swatch_of(f: BoxField, index: int) -> str:
    """The colour shown beside an option of a choice: the one the field gives it, else the option itself."""
    return f.swatches[index] if f.swatches else f.choices[index][0]


def with_swatch(colour: str, button: TapButton) -> Widget:
    """A choice's button, with a swatch of ``colour`` at its left when it is a colour (``#rrggbb``)."""
    if not SWATCH.fullmatch(colour):
        return button
    row = BoxSwatchRow(colour=colour)
    row.add_widget(button)
    return row


class ChoiceListDialog(Dialog):
    """Every option of a choice with many options, as buttons (a colour with its swatch); the chosen one is
    highlighted."""

    def __init__(self, title: str, choices: Sequence[tuple[str, str]], chosen: Any,
                 on_choose: Callable[[str], Any], swatches: Sequence[str] = ()) -> None:
        super().__init__(title, size_hint=(0.94, 0.96))
        grid = BoxChoiceGrid()
        for index, (key, words) in enumerate(choices):
            def choose(k: str = key) -> None:
                self.dismiss()
                on_choose(k)

            button = BoxChoiceButton(words, choose, "primary" if key == chosen else "normal", choice=key)
            grid.add_widget(with_swatch(swatches[index] if swatches else key, button))
        self.body.add_widget(grid)
        self.add_button("Cancel")


class BoxForm(BoxLayout):
    """The values of one thing in the box, field by field. ``values`` are what it holds now (a rent table as a
    list); ``on_change`` is called with a field's key whenever the owner changes it (look: ``box_form.kv``)."""

    def __init__(self, fields: Sequence[BoxField], values: Mapping[str, Any] | None = None,
                 on_change: Callable[[str], Any] | None = None, cols: int = 2, inline: int = INLINE_CHOICES,
                 chain: bool = False, on_complete: Callable[[], Any] | None = None, subject: str = "",
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fields = list(fields)
        self.cols = cols
        self.inline = inline
        """A choice with at most this many options is a row of buttons (one tap); one with more opens a list."""
        self.chain = chain
        """Once every choice is made, the number pad of the next number not entered yet opens by itself."""
        self.on_complete = on_complete
        """Called when OK on a number pad fills the last value the form needs (the question is answered then)."""
        self.subject = subject
        """What the values are printed on (``the red board, side 1``), named on the number pad: the pad covers the
        question's own title."""
        self._pad: NumberPad | None = None
        self.on_change = on_change
        self._values: dict[str, Any] = {}
        for key, value in (values or {}).items():
            self._values[key] = BoxField.typed(value) if isinstance(value, list | tuple) else value
        self.controls: dict[str, list[TapButton]] = {}
        self.problem_labels: list[BoxProblemLine] = []
        self._problem_boxes: dict[str, BoxProblemBox] = {}
        self._build()

    # ---------------------------------------------------------------- what the owner entered

    def values(self) -> dict[str, Any]:
        """The fields the owner has filled: a number, every amount of a rent table, words, a choice."""
        out: dict[str, Any] = {}
        for f in self.fields:
            value = self._values.get(f.key)
            if f.kind == "numbers":
                amounts = f.amounts(self._parts(f))
                if amounts is not None:
                    out[f.key] = amounts
            elif f.kind == "text":
                if value is not None and str(value).strip():
                    out[f.key] = " ".join(str(value).split())
            elif value is not None:
                out[f.key] = value
        return out

    def unfilled(self) -> list[BoxField]:
        """The fields not filled yet (a rent table counts only when every amount is there)."""
        filled = self.values()
        return [f for f in self.fields if f.key not in filled]

    def set_value(self, key: str, value: Any, part: int | None = None) -> None:
        """Enter a field's value (``part``: which amount of a rent table) and redraw its control."""
        if part is None:
            self._values[key] = value
        else:
            field = next(f for f in self.fields if f.key == key)
            parts = self._parts(field)
            parts[part] = value
            self._values[key] = parts
        self._label_controls(key)
        self._clear_problems(key)
        if self.on_change is not None:
            self.on_change(key)
        if self.chain:
            self.next_number()

    def next_number(self) -> None:
        """Open the number pad of the first number not entered yet, once every choice is made (nothing when all
        are entered): the table types the values in the card's order without tapping each field. A pad already
        open for that number stays as it is."""
        wanted = self._next_missing()
        if wanted is not None and self._pad is not None and self._pad.field == (wanted[0].key, wanted[1]):
            return
        self.put_away()  # a pad left open for a value entered some other way
        if wanted is not None:
            self._tap(*wanted)

    def _closed(self, pad: NumberPad) -> None:
        """A number pad closes (OK, Cancel, or put away): the form no longer has one open."""
        if pad is self._pad:
            self._pad = None

    def _next_missing(self) -> tuple[BoxField, int | None] | None:
        """The first number not entered yet (with its place in a rent table), once every choice is made."""
        filled = self.values()
        if any(f.kind == "choice" and f.key not in filled for f in self.fields):
            return None
        for f in self.fields:
            if f.kind == "number" and f.key not in filled:
                return f, None
            if f.kind == "numbers":
                missing = [i for i in f.needed_parts if self._parts(f)[i] is None]
                if missing:
                    return f, missing[0]
        return None

    def put_away(self) -> None:
        """Close a number pad the form opened (its question is closing)."""
        if self._pad is not None:
            self._pad.dismiss()
        self._pad = None

    def _typed(self, key: str, value: int, part: int | None = None) -> None:
        """A number typed and confirmed with OK: entered, and when it was the last one needed, the form is done."""
        self.set_value(key, value, part)
        if self.on_complete is not None and not self.unfilled():
            self.on_complete()

    def rebuild(self, fields: Sequence[BoxField]) -> None:
        """Show other fields (a card's values change with its effect), keeping what was entered for the fields
        that stay."""
        keys = {f.key for f in fields}
        self._values = {k: v for k, v in self._values.items() if k in keys}
        self.fields = list(fields)
        self._build()

    # ---------------------------------------------------------------- problems

    def show_problems(self, problems: Sequence[BoxProblem]) -> None:
        """Every problem and caution under the field it names (at the top when it names none of them), in the
        error colour; the values entered stay as they are."""
        for box in self._problem_boxes.values():
            box.clear_widgets()
        self.problem_labels = []
        for problem in problems:
            label = BoxProblemLine(text=problem.message, field=problem.field, caution=problem.caution)
            self._problem_boxes.get(problem.field, self._problem_boxes[""]).add_widget(label)
            self.problem_labels.append(label)

    def _clear_problems(self, key: str) -> None:
        """A field just changed: what was said under it no longer holds (the next Save checks it again)."""
        box = self._problem_boxes.get(key)
        if box is not None and box.children:
            box.clear_widgets()
            self.problem_labels = [label for label in self.problem_labels if label.field != key]

    # ---------------------------------------------------------------- drawing

    def _parts(self, f: BoxField) -> list[int | None]:
        stored = self._values.get(f.key)
        parts: list[int | None] = list(stored) if isinstance(stored, list) else []
        return (parts + [None] * f.length)[:f.length]

    def _build(self) -> None:
        self.clear_widgets()
        self.controls = {}
        self.problem_labels = []
        self._problem_boxes = {"": BoxProblemBox()}
        self.add_widget(self._problem_boxes[""])
        row: BoxLayout | None = None
        for f in self.fields:
            block = self._block(f)
            if f.kind in ("number", "text") or (f.kind == "choice" and len(f.choices) > self.inline):
                if row is None or len(row.children) >= self.cols:
                    row = BoxFieldRow()
                    self.add_widget(row)
                row.add_widget(block)
            else:
                row = None
                self.add_widget(block)
        for key in self.controls:
            self._label_controls(key)

    def _block(self, f: BoxField) -> BoxFieldBlock:
        """One field: its control(s), then the room for its problems."""
        block = BoxFieldBlock()
        buttons: list[TapButton] = []
        if f.kind == "numbers" or (f.kind == "choice" and len(f.choices) <= self.inline):
            block.add_widget(BoxFieldLabel(text=f.label))
            options = f.parts if f.kind == "numbers" else tuple(words for _, words in f.choices)
            per_row = 3 if len(options) <= 6 or f.kind == "numbers" else 5
            grid = BoxChoiceGrid(cols=min(per_row, max(len(options), 1)))
            for index in range(len(options)):
                button = BoxFieldButton("", partial(self._tap, f, index), field=f.key, part=index)
                grid.add_widget(with_swatch(swatch_of(f, index), button) if f.kind == "choice" else button)
                buttons.append(button)
            block.add_widget(grid)
        else:
            button = BoxFieldButton("", lambda: self._tap(f, None), field=f.key, part=None)
            block.add_widget(button)
            buttons.append(button)
        self.controls[f.key] = buttons
        self._problem_boxes[f.key] = BoxProblemBox()
        block.add_widget(self._problem_boxes[f.key])
        return block

    def _label_controls(self, key: str) -> None:
        """Each control says what it is and what it holds (``Rent, site only: 12``); a choice row highlights the
        chosen option."""
        f = next((f for f in self.fields if f.key == key), None)
        if f is None:
            return
        value = self._values.get(key)
        for button in self.controls.get(key, []):
            if f.kind == "numbers":
                part = self._parts(f)[button.part]
                empty = NOT_ENTERED if button.part in f.needed_parts else "not needed now"
                button.text = f"{f.parts[button.part]}: {empty if part is None else part}"
            elif f.kind == "choice" and button.part is not None:
                choice, words = f.choices[button.part]
                button.text = words
                button.set_style("primary" if choice == value else "normal")
            elif f.kind == "choice":
                words = dict(f.choices).get(value, "") if value is not None else ""
                button.text = f"{f.label}: {words or 'tap to choose'}"
            elif f.kind == "text":
                button.text = f"{f.label}: {value or 'tap to type'}"
            else:
                button.text = f"{f.label}: {NOT_ENTERED if value is None else value}"

    def about(self, label: str) -> str:
        """A number pad's title: the field, with what it is printed on when the form knows."""
        return f"{capital(self.subject)}: {label[:1].lower()}{label[1:]}" if self.subject else label

    def _tap(self, f: BoxField, part: int | None) -> None:
        """Open the number pad, the keyboard or the list a field is entered with (a choice row sets at once). A
        number pad the form opened by itself for another field is closed first."""
        self.put_away()
        if f.kind == "numbers" and part is not None:
            name = f.parts[part] if f.parts[part].startswith(f.label) else f"{f.label}: {f.parts[part]}"
            self._pad = NumberPad(self.about(name), lambda n: self._typed(f.key, n, part))
        elif f.kind == "number" and f.suggestions and all(words == str(n) for n, words in f.suggestions):
            self._pad = amount_pad(self.about(f.label), lambda n: self._typed(f.key, n),
                                   [n for n, _ in f.suggestions])  # bare amounts: a row of chips
        elif f.kind == "number":
            self._pad = NumberPad(self.about(f.label), lambda n: self._typed(f.key, n), quick=f.suggestions)
        if self._pad is not None:
            self._pad.field = (f.key, part)
            self._pad.bind(on_dismiss=self._closed)
            self._pad.open()
        elif f.kind == "text":
            KeyboardDialog(f.label, str(self._values.get(f.key) or ""), lambda words: self.set_value(f.key, words)
                           ).open()
        elif part is not None:
            self.set_value(f.key, f.choices[part][0])
        else:
            ChoiceListDialog(f.label, f.choices, self._values.get(f.key), lambda c: self.set_value(f.key, c),
                             f.swatches).open()


load_layout(__file__)
