"""What every screen shares: a dark background, a link to the app, and :meth:`CompanionScreen.refresh`.

Each screen's layout is its ``.kv`` file beside its module (``home.kv`` for ``home.py``), loaded when the module
is imported; the rule ``<HomeScreen>:`` builds the screen's fixed parts and names them with ids, and the class
keeps the behaviour: it fills the rows that depend on the game in :meth:`CompanionScreen.refresh`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kivy.uix.screenmanager import Screen

import companion.ui.widgets  # noqa: F401  (loads the shapes every screen's layout uses)

if TYPE_CHECKING:
    from companion.ui.shell import Shell


class CompanionScreen(Screen):
    """A screen that redraws itself from the session's views whenever the game changes."""

    def __init__(self, app: Shell, **kwargs: object) -> None:
        self.app = app  # before the layout is applied: its rules may name root.app
        super().__init__(**kwargs)

    def refresh(self) -> None:
        """Redraw from the current views (called after every accepted command and on entering the screen)."""

    def tick(self) -> None:
        """Once a second while the screen is shown (clocks and countdowns)."""

    def stop_timers(self) -> None:
        """The app is closing: cancel anything this screen has scheduled on the clock."""

    def on_pre_enter(self, *args: object) -> None:
        """Always show fresh views."""
        self.refresh()
