"""The home screen: start a new game, resume or delete a saved one, and the sound switch."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from companion.table.session import SavedGameLine, saved_games
from companion.table.setup_choices import saved_game_details, variant_names
from companion.ui import theme
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import Panel, TapButton, confirm, load_layout, text

if TYPE_CHECKING:
    from companion.ui.shell import Shell

class HomeScreen(CompanionScreen):
    """The app's title, a big "New game" button, the saved games (resume or delete) and the mute switch
    (layout: ``home.kv``)."""

    def __init__(self, app: Shell, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.mute_button: TapButton = self.ids.mute_button
        self.games: BoxLayout = self.ids.games

    def refresh(self) -> None:
        """Redraw the saved games (most recently played first) and the sound switch."""
        self.mute_button.text = "Sounds: off (tap to turn on)" if self.app.sounds.muted \
            else "Sounds: on (tap to mute)"
        self.games.clear_widgets()
        editions = self.app.editions.values()
        lines = saved_games(self.app.journal, {e.id: e.name for e in editions})
        if not lines:
            self.games.add_widget(text("No saved games yet. Tap \u201cNew game\u201d to set up the table; every "
                                       "game is saved as you play, so you can stop and come back later.",
                                       colour=theme.MUTED))
        variants = variant_names(editions)
        for line in lines:
            self.games.add_widget(self._game_card(line, variants.get((line.edition, line.variant), line.variant)))

    def _game_card(self, line: SavedGameLine, variant: str) -> Panel:
        card = Panel(size_hint_y=None, padding=dp(10), spacing=dp(10))
        words = BoxLayout(orientation="vertical", spacing=dp(2), size_hint_y=None, pos_hint={"center_y": 0.5})
        words.bind(minimum_height=words.setter("height"))
        words.add_widget(text(line.players, theme.FONT, bold=True))
        for detail in saved_game_details(line, variant):
            words.add_widget(text(detail, theme.FONT_SMALL, theme.MUTED))
        card.add_widget(words)
        buttons = BoxLayout(orientation="vertical", size_hint=(None, None), width=dp(116),
                            height=theme.TOUCH * 2 + dp(8), spacing=dp(8), pos_hint={"center_y": 0.5})
        buttons.add_widget(TapButton("Resume", lambda: self.app.resume_game(line.id), "primary"))
        buttons.add_widget(TapButton("Delete", lambda: self.ask_delete(line, variant), "danger"))
        card.add_widget(buttons)

        def fit(*_: object) -> None:
            card.height = max(words.height, buttons.height) + dp(20)

        words.bind(height=fit)
        fit()
        return card

    def ask_delete(self, line: SavedGameLine, variant: str) -> None:
        """Delete a saved game only after the players confirm; the question names the game."""
        def delete() -> None:
            self.app.delete_game(line.id)
            self.refresh()

        confirm("Delete this saved game?",
                [f"{line.players}", f"{variant}, {line.edition}", f"Last played {line.when}.",
                 "It is gone for good: it cannot be resumed afterwards."],
                delete, yes="Delete", style="danger")

    def toggle_sound(self) -> None:
        """Mute or unmute the feedback sounds (remembered for the next start)."""
        self.app.sounds.set_muted(not self.app.sounds.muted)
        self.refresh()


load_layout(__file__)
