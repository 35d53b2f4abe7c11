"""The home screen: start a new game, resume or delete a saved one, and the sound switch."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.factory import Factory
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.table.session import SavedGameLine, saved_games
from companion.table.setup_choices import saved_game_details, variant_names
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import TapButton, confirm, load_layout

if TYPE_CHECKING:
    from companion.ui.shell import Shell


class SavedGameCard(BoxLayout):
    """A saved game: its players in bold and its details beside Resume and Delete. Only its data and taps here;
    its look is ``<SavedGameCard>`` in ``home.kv``."""

    players = StringProperty("")
    """Who plays the game."""
    screen = ObjectProperty(None)
    """The home screen, which resumes or deletes the game."""

    def __init__(self, screen: HomeScreen, line: SavedGameLine, variant: str, **kwargs: Any) -> None:
        super().__init__(screen=screen, players=line.players, **kwargs)
        self.line, self.variant = line, variant
        for detail in saved_game_details(line, variant):
            self.ids.words.add_widget(Factory.SavedGameDetail(text=detail))

    def resume(self) -> None:
        """Take the game up where the players left it."""
        self.screen.app.resume_game(self.line.id)

    def delete(self) -> None:
        """Ask before deleting the game."""
        self.screen.ask_delete(self.line, self.variant)


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
            self.games.add_widget(Factory.NoSavedGames())
        variants = variant_names(editions)
        for line in lines:
            self.games.add_widget(SavedGameCard(self, line, variants.get((line.edition, line.variant), line.variant)))

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
