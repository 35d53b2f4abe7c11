"""Minimal Kivy window: title, a notice, and the editions found on disk.

The real touchscreen screens arrive in a later release. This module must not create the Window at import
time: :func:`run_app` sets the window size through :mod:`kivy.config` first.
"""

from __future__ import annotations

import logging
import tomllib
from pathlib import Path

from kivy.app import App
from kivy.config import Config
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.paths import editions_dir

log = logging.getLogger(__name__)

TITLE = "Star Wars Monopoly companion"
NOTICE = (
    "The touchscreen screens arrive in the next release. "
    "Until then, “companion script FILE” plays a game headless."
)
WINDOW_SIZE = (800, 480)

BACKGROUND = (0.04, 0.05, 0.09, 1)  # near-black blue
TITLE_COLOUR = (1.0, 0.91, 0.12, 1)  # Star Wars crawl yellow
TEXT_COLOUR = (0.92, 0.93, 0.96, 1)
MUTED_COLOUR = (0.66, 0.70, 0.78, 1)


def find_editions(directory: Path | None = None) -> list[str]:
    """Return the display names of the editions in ``directory`` (default: :func:`editions_dir`).

    Each sub-folder with an ``edition.toml`` counts; its ``name`` is used, or the folder name when the file
    has none. Folders without ``edition.toml`` are skipped, and so (with a warning) are unreadable files.
    A missing editions folder gives an empty list.
    """
    try:
        root = directory if directory is not None else editions_dir()
    except FileNotFoundError as exc:
        log.warning("%s", exc)
        return []
    names: list[str] = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        toml_file = folder / "edition.toml"
        if not toml_file.is_file():
            continue
        try:
            data = tomllib.loads(toml_file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            log.warning("skipping edition %s: %s", folder.name, exc)
            continue
        name = data.get("name")
        names.append(name.strip() if isinstance(name, str) and name.strip() else folder.name)
    return names


def _wrapped_label(text: str, font_size: float, colour: tuple[float, ...], **kwargs: object) -> Label:
    """A left-aligned label that wraps to its width and is exactly as tall as its text."""
    label = Label(
        text=text,
        font_size=font_size,
        color=colour,
        halign="left",
        valign="middle",
        size_hint_y=None,
        **kwargs,
    )
    label.bind(width=lambda lbl, width: setattr(lbl, "text_size", (width, None)))
    label.bind(texture_size=lambda lbl, size: setattr(lbl, "height", size[1]))
    return label


class CompanionApp(App):
    """The companion app. For now one screen listing the editions that were found."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.title = TITLE  # a Kivy property: set per instance, never as a class attribute
        self.title_label: Label | None = None
        self.edition_labels: list[Label] = []

    def build(self) -> Widget:
        """Lay out the screen for 800x480: title, notice, then the list of editions."""
        root = BoxLayout(orientation="vertical", padding=dp(28), spacing=dp(14))
        with root.canvas.before:
            Color(*BACKGROUND)
            background = Rectangle(pos=root.pos, size=root.size)
        root.bind(
            pos=lambda widget, pos: setattr(background, "pos", pos),
            size=lambda widget, size: setattr(background, "size", size),
        )

        self.title_label = _wrapped_label(TITLE, sp(40), TITLE_COLOUR, bold=True)
        root.add_widget(self.title_label)
        root.add_widget(_wrapped_label(NOTICE, sp(22), MUTED_COLOUR))

        names = find_editions()
        header = f"Editions found ({len(names)}):" if names else "No editions found."
        root.add_widget(_wrapped_label(header, sp(24), TEXT_COLOUR, bold=True))

        column = BoxLayout(orientation="vertical", spacing=dp(6), size_hint_y=None)
        column.bind(minimum_height=column.setter("height"))
        self.edition_labels = [_wrapped_label(f"•  {name}", sp(26), TEXT_COLOUR) for name in names]
        for label in self.edition_labels:
            column.add_widget(label)
        scroller = ScrollView(do_scroll_x=False, bar_width=dp(6))
        scroller.add_widget(column)
        root.add_widget(scroller)
        return root


def run_app(fullscreen: bool = False) -> None:
    """Open the window and run until it is closed.

    ``fullscreen=False`` gives an 800x480 window (the Pi touchscreen's size) on a desktop.
    """
    if fullscreen:
        Config.set("graphics", "fullscreen", "auto")
    else:
        Config.set("graphics", "fullscreen", "0")
        Config.set("graphics", "width", str(WINDOW_SIZE[0]))
        Config.set("graphics", "height", str(WINDOW_SIZE[1]))
    CompanionApp().run()


if __name__ == "__main__":
    run_app()
