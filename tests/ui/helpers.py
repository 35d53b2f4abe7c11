"""Driving the real app in tests: start it on the shared Window, find widgets, tap them, take screenshots.

Stable API for every UI test: :func:`find`, :func:`find_all`, :func:`exact`, :func:`tap`, :func:`frames`,
:func:`settle`, :func:`resize`, :func:`shoot`, :func:`shoot_larger`, :func:`dialogs`, :func:`texts`,
:data:`SEATS`, :func:`setup_for` and :func:`png_size`.
Taps go through real touch events at the widget's centre (Kivy's UnitTestTouch), so a widget that is hidden,
covered by a popup or disabled does not react, exactly as under a finger.
"""

from __future__ import annotations

import re
import struct
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from companion.engine.state import Setup
from companion.ui.dice import DiceDialog, FaceToggle
from companion.ui.screens.table import PlayerCard
from companion.ui.widgets import EngineActionButton, TapButton

SEATS = (
    {"id": "luke", "name": "Luke", "token": "luke-skywalker", "side": "rebel"},
    {"id": "vader", "name": "Vader", "token": "darth-vader", "side": "empire"},
    {"id": "leia", "name": "Leia", "token": "r2-d2", "side": "rebel"},
    {"id": "tarkin", "name": "Tarkin", "token": "grand-moff-tarkin", "side": "empire"},
)


PATIENCE = 120.0
"""How long a test waits for the screen at most: a safety net, never part of what a test checks. Fades and the
dice's tumble last a fixed real time, but on a CPU ten times slower (a Pi) each frame takes longer, so waits count
on the screen reaching its state, not on a short time limit."""

def setup_for(players: int = 2, variant: str = "standard", ends_at: str | None = None, seed: int = 0) -> Setup:
    """A set-up of the first ``players`` seats of :data:`SEATS` for the Original Trilogy edition."""
    return Setup("original-trilogy", variant, [dict(s) for s in SEATS[:players]], seed, ends_at)


def frames(count: int = 3) -> None:
    """Let Kivy run a few frames (layout, clock callbacks, drawing)."""
    from kivy.base import EventLoop

    for _ in range(count):
        EventLoop.idle()


def settle(timeout: float = PATIENCE) -> None:
    """Let screen fades and popups opening or closing finish, as a player would wait for them. While a screen
    fades the screen manager ignores touches, and a closing popup still takes them. Decoration (a cash flash,
    dice fading in, a scroll bar) is no reason to wait."""
    from kivy.animation import Animation
    from kivy.uix.screenmanager import ScreenManager

    def moving() -> bool:
        if any("_anim_alpha" in a.animated_properties for a in Animation._instances):
            return True
        return any(isinstance(w, ScreenManager) and w.transition.is_active for w in window_widgets())

    deadline = time.monotonic() + timeout
    frames(1)
    while moving() and time.monotonic() < deadline:
        frames(1)
    frames(1)


def resize(window: Any, size: tuple[int, int]) -> None:
    """Resize the window, give the X server real time to resize the drawable, then redraw: Kivy only redraws a
    changed canvas, and a frame drawn before the drawable grew leaves garbage for the screenshot."""
    window.size = size
    for _ in range(5):
        time.sleep(0.03)
        frames(1)
    window.canvas.ask_update()
    settle()


def walk(root: Any) -> Iterator[Any]:
    """Every widget under ``root``, depth first (``root`` included)."""
    yield root
    for child in list(getattr(root, "children", [])):
        yield from walk(child)


def window_widgets() -> Iterator[Any]:
    """Every widget on the Window, popups included."""
    from kivy.core.window import Window

    for child in list(Window.children):
        yield from walk(child)


def find_all(cls: type | None = None, text: str | None = None, root: Any = None, **attrs: Any) -> list[Any]:
    """Widgets of a class (any when None) whose ``text`` contains ``text`` and whose attributes match.

    Searches ``root``, else the whole Window including open popups. A widget on a screen that is not shown is
    not on the Window, so it is not found.
    """
    found = []
    for w in (walk(root) if root is not None else window_widgets()):
        if cls is not None and not isinstance(w, cls):
            continue
        if text is not None and text not in str(getattr(w, "text", "")):
            continue
        if all(getattr(w, k, None) == v for k, v in attrs.items()):
            found.append(w)
    return found


def find(cls: type | None = None, text: str | None = None, root: Any = None, **attrs: Any) -> Any:
    """The one widget that matches (see :func:`find_all`); fails the test when none or several do."""
    found = find_all(cls, text, root, **attrs)
    assert len(found) == 1, f"expected one {cls.__name__ if cls else 'widget'} with text {text!r} {attrs}, " \
                            f"found {len(found)}: {[getattr(w, 'text', w) for w in found][:8]}"
    return found[0]


def exact(label: str, root: Any = None) -> Any:
    """The one button whose text is exactly ``label`` ("+10" must not find "+100")."""
    from kivy.uix.button import Button

    found = [b for b in find_all(Button, label, root) if b.text == label]
    assert len(found) == 1, f"{label!r}: found {len(found)} among {[b.text for b in find_all(Button, root=root)]}"
    return found[0]


def tap(widget: Any) -> None:
    """Wait for the screen to settle (and an action button that just appeared to take taps), scroll the widget
    into view as a player would, touch down and up at its centre, and let the answer settle."""
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.scrollview import ScrollView

    settle()
    while getattr(widget, "fresh", False):  # a button that just appeared ignores taps for a moment: wait as a
        frames(1)                           # player's eye would
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            if not _shown_in(widget, parent):
                parent.scroll_to(widget, padding=0, animate=False)
                settle()
            break
        parent = parent.parent
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    settle()


def touch_now(widget: Any) -> None:
    """Touch down and up at the widget's centre at once, with no frame run before or after: a touch Kivy
    handles in the same frame as whatever the clock did just before."""
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    touch.touch_up()


def _shown_in(widget: Any, view: Any) -> bool:
    """Whether the widget's centre lies inside the scroll view's visible area (a player can tap it as it is)."""
    x, y = widget.to_window(*widget.center)
    left, bottom = view.to_window(view.x, view.y)
    return left <= x <= left + view.width and bottom <= y <= bottom + view.height


def dialogs() -> list[Any]:
    """Popups open on the Window, newest last."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    return [w for w in reversed(Window.children) if isinstance(w, ModalView)]


def texts(root: Any = None) -> list[str]:
    """The text of every label and button (on ``root`` or the whole Window)."""
    return [str(w.text) for w in (walk(root) if root is not None else window_widgets()) if getattr(w, "text", "")]


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


NOT_GAME_WORDS = (
    (re.compile(r"\(s\)"), "a '(s)' plural"),
    (re.compile(r"#\d+:"), "an entry number"),
    (re.compile(r"\b[\w-]+\.(?:txt|toml|json|py|sqlite3?|csv)\b"), "a file name"),
    (re.compile(r"\b(?:space|card|group|deck):[\w/-]+"), "a box target"),
    (re.compile(r"(?<![\w/-])(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*-\d+(?![\w-])"), "an id"),
    (re.compile(r"(?<![\w/-])(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+){2,}(?![\w-])"), "an id"),
)
"""What no line a player reads may contain (issue 20): internal words rather than the game's."""


MARKUP = re.compile(r"\[/?(?:b|i|u|s|size|color|font|ref|sub|sup)(?:=[^\]]*)?\]")
"""Kivy's text markup (sizes, colours), which is not words."""


def word_problems(lines: list[str]) -> list[str]:
    """Every line that shows internal words: a '(s)' plural, an entry number, a file name, a dashed id, or a
    command in the journal's notation."""
    from companion.engine.commands import parse_command
    from companion.engine.errors import CommandSyntaxError

    found = []
    for text in lines:
        for line in MARKUP.sub("", text).splitlines():
            for pattern, what in NOT_GAME_WORDS:
                if pattern.search(line):
                    found.append(f"{what}: {line!r}")
            for said in {line, line.rpartition(": ")[2]}:  # a whole line, or after a label ("Last action: ...")
                try:
                    cmd = parse_command(said)
                except (CommandSyntaxError, ValueError):
                    continue
                # After a label, a verb then a number is a game's words ("Medical bill: pay 50"), not notation.
                if cmd.args and said.split()[0] == cmd.verb and (said == line or not cmd.args[0].isdigit()):
                    found.append(f"a command in notation: {line!r}")
    return found


def shoot(folder: Path, name: str) -> Path:
    """Save what the Window shows as ``folder/name.png`` and return the path; what it shows must be in the game's
    words (see :func:`word_problems`)."""
    from kivy.core.window import Window

    settle()
    problems = word_problems(texts())
    assert not problems, f"{name} shows internal words: {problems}"
    target = folder / f"{name}.png"
    target.unlink(missing_ok=True)
    written = Window.screenshot(name=str(folder / f"{name}-.png"))  # Kivy adds a counter to the name
    Path(written).replace(target)
    return target


def shoot_larger(window: Any, folder: Path, name: str) -> None:
    """Screenshots ``name-1024x600`` and ``name-1280x800`` of what the window shows, then back to 800x480."""
    for size in ((1024, 600), (1280, 800)):
        resize(window, size)
        shoot(folder, f"{name}-{size[0]}x{size[1]}")
    resize(window, (800, 480))


def wait_until(condition: Callable[[], Any], seconds: float = PATIENCE) -> None:
    """Run frames until ``condition()`` holds (popups fade out, the dice tumble for half a second)."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out waiting for the screen"
        frames(1)


def action(key: str) -> EngineActionButton:
    """The action button for an engine action key (roll, buy, end, claim:..., fine ...)."""
    found = [b for b in find_all(EngineActionButton) if b.action.key == key]
    assert len(found) == 1, f"no single {key!r} button; actions: {[b.action.key for b in find_all(EngineActionButton)]}"
    return found[0]


def cash(pid: str) -> str:
    """The cash a player's seat shows."""
    return find(PlayerCard, player_id=pid).cash_label.text


def roll_typed(a: int, b: int, key: str = "roll") -> None:
    """Tap Roll (or the roll action ``key``, such as ``utility-roll``), then the two faces the table rolled, then
    OK."""
    roll_faces(key, a, b)


def roll_faces(key: str, *faces: int) -> None:
    """Tap "Type dice" beside the roll action ``key``, then the face each die shows (in the dialog's order), then
    OK, and let the answer settle."""
    tap(find(TapButton, typed_for=key))
    dialog = dialogs()[-1]
    assert isinstance(dialog, DiceDialog)
    for die, face in enumerate(faces):
        tap(find(FaceToggle, root=dialog, die=die, face=face))
    tap(dialog.ok)
    wait_until(lambda: dialog not in dialogs())
    settle()


class Taps:
    """Taps on the real widgets, counted: in all, and by the kind of action each serves."""

    def __init__(self) -> None:
        self.count = 0
        self.spent: dict[str, int] = {}

    def __call__(self, widget: Any, kind: str = "") -> None:
        self.count += 1
        self.spent[kind] = self.spent.get(kind, 0) + 1
        tap(widget)


def per_space(taps: list[int]) -> str:
    """The taps spent on what is on each space met for the first time, as every first-game test prints them."""
    return f"box taps per new space {sum(taps) / len(taps):.1f} on average, {max(taps)} at most ({len(taps)} spaces)"


def type_name(screen: Any, seat: int, name: str) -> None:
    """Tap a player's name on the new-game screen and type it in the keyboard window (as a physical keyboard
    does: its keys go to the window's box), then OK."""
    from companion.ui.box_form import KeyboardDialog

    tap(find(TapButton, root=screen, seat=seat, role="name"))
    keyboard = dialogs()[-1]
    assert isinstance(keyboard, KeyboardDialog) and keyboard.input.focus
    keyboard.input.text = ""
    keyboard.input.insert_text(name)
    tap(keyboard.ok)
    wait_until(lambda: keyboard not in dialogs())
    settle()


def question() -> Any:
    """The box question open now (the number pad it opened by itself may be above it)."""
    from companion.ui.box_dialogs import BoxValuesDialog
    from companion.ui.widgets import NumberPad

    dialog = next((d for d in reversed(dialogs()) if not isinstance(d, NumberPad)), None)
    assert isinstance(dialog, BoxValuesDialog), texts()
    return dialog


def put_pad_away() -> None:
    """Cancel the number pad open on top (a question opens the pad of its first number by itself)."""
    from companion.ui.widgets import NumberPad

    pad = dialogs()[-1]
    assert isinstance(pad, NumberPad)
    tap(exact("Cancel", root=pad))
    wait_until(lambda: pad not in dialogs())


def pad_in(button: Any, number: int, press: Callable[[Any], None] = tap, offered: bool = False) -> None:
    """Type a number into a form field: tap the field (unless its number pad opened by itself after the value
    before), each digit, then OK. ``press`` taps (a tap counter, say); ``offered``: a number the pad offers (the
    price of a deed of the same group) is one tap, as a family would take it."""
    from companion.ui.widgets import NumberPad

    pad = dialogs()[-1]
    if not (isinstance(pad, NumberPad) and getattr(pad, "field", None) == (button.field, button.part)):
        press(button)
        pad = dialogs()[-1]
    assert isinstance(pad, NumberPad)
    quick = [b for b in find_all(TapButton, root=pad) if getattr(b, "number", None) == number] if offered else []
    if quick:
        press(quick[0])
    else:
        for digit in str(number):
            press(exact(digit, root=pad))
        press(pad.ok)
    wait_until(lambda: pad not in dialogs())
