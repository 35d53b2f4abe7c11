"""What every screen shares: a dark background, a link to the app, and :meth:`CompanionScreen.refresh`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kivy.uix.screenmanager import Screen

from companion.ui import theme
from companion.ui.widgets import paint

if TYPE_CHECKING:
    from companion.ui.shell import Shell


class CompanionScreen(Screen):
    """A screen that redraws itself from the session's views whenever the game changes."""

    def __init__(self, app: Shell, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.app = app
        paint(self, theme.BACKGROUND)

    def refresh(self) -> None:
        """Redraw from the current views (called after every accepted command and on entering the screen)."""

    def tick(self) -> None:
        """Once a second while the screen is shown (clocks and countdowns)."""

    def stop_timers(self) -> None:
        """The app is closing: cancel anything this screen has scheduled on the clock."""

    def on_pre_enter(self, *args: object) -> None:
        """Always show fresh views."""
        self.refresh()
