"""The journal: every action of the game in words, newest first, with what was taken back struck through, and
the undo of the last action(s) after a confirmation that says what will be reversed.

Undo never deletes: the engine adds an undo entry that names the entries it takes back, and both stay listed.
The fixed layout (the title, the summary, the scrolling panel, the footer) is ``journal.kv``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.table.actions import undo_action
from companion.table.views import JournalLine, journal_lines, table_view
from companion.ui import theme
from companion.ui.screens.base import CompanionScreen
from companion.ui.widgets import (
    Dialog,
    EngineActionButton,
    NumberPad,
    TapButton,
    confirm,
    load_layout,
    show_reasons,
)

# Why an action is taken back; the chosen words go into the journal with the undo.
UNDO_REASONS = ("taken back at the table", "wrong button tapped", "dice entered wrong")


class JournalScreen(CompanionScreen):
    """Every journal entry in words (newest first, a page at a time) and the undo buttons (layout:
    ``journal.kv``; the entries and the undo of the last action are made in :meth:`refresh`)."""

    PAGE = 80  # entries drawn at once; older ones on request, so a long game stays quick on the Pi

    over = BooleanProperty(False)
    """The game is over: the footer leads back to the results, not the table."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.shown = self.PAGE
        self.summary: Label = self.ids.summary
        self.scroller: ScrollView = self.ids.scroller
        self.lines: BoxLayout = self.ids.lines
        self.footer: BoxLayout = self.ids.footer
        # The footer's two contents, kept here as they leave the tree (ids hold only weak references; __self__ is
        # the widget): the game's buttons, or Home when no game is open.
        self.game_footer: BoxLayout = self.ids.game_footer.__self__
        self.home_button: TapButton = self.ids.home_button.__self__
        self.footer.remove_widget(self.home_button)
        self.undo_button: UndoButton | None = None

    def on_pre_enter(self, *args: object) -> None:
        """Start again from the newest page."""
        self.shown = self.PAGE
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        """Redraw the entries and the undo buttons from the journal."""
        self.lines.clear_widgets()
        session = self.app.session
        self._show_footer(self.game_footer if session is not None else self.home_button)
        if session is None:
            return
        entries = journal_lines(session.game, self.shown + 1)
        older = len(entries) > self.shown
        newest_first = list(reversed(entries[1:] if older else entries))
        undone = sum(1 for e in newest_first if e.undone)
        self.summary.text = (f"Newest first. {len(newest_first)} entr{'y' if len(newest_first) == 1 else 'ies'} "
                             f"shown" + (f", {undone} taken back." if undone else "."))
        if not newest_first:
            self.lines.add_widget(JournalNote(text="Nothing has happened yet."))
        for entry in newest_first:
            self.lines.add_widget(JournalRow(entry))
        if older:
            self.lines.add_widget(TapButton(f"Show {self.PAGE} older entries", self._older))
        if self.undo_button is not None:
            self.game_footer.remove_widget(self.undo_button)
        self.undo_button = UndoButton(undo_action(session.game), lambda _a: self.ask_undo(1))
        self.game_footer.add_widget(self.undo_button, index=len(self.game_footer.children))  # first, on the left
        self.over = table_view(session.game, journal_last=0).over

    def _show_footer(self, content: Widget) -> None:
        """The game's buttons along the foot, or Home when no game is open."""
        if content.parent is not self.footer:
            self.footer.clear_widgets()
            self.footer.add_widget(content)

    def _older(self) -> None:
        self.shown += self.PAGE
        self.refresh()

    def ask_count(self) -> None:
        """Ask on the keypad how many actions to take back."""
        NumberPad("How many actions to take back?", lambda n: self.ask_undo(n), limit=3).open()

    def ask_undo(self, count: int) -> Dialog | None:
        """Confirm an undo of the last ``count`` actions, saying in words what it reverses and asking why; the
        engine's reasons instead when it cannot be done."""
        session = self.app.session
        if session is None:
            return None
        action = undo_action(session.game, count)
        if not action.enabled:
            return show_reasons(action.reasons, f"{action.label}: not now")
        reason = [UNDO_REASONS[0]]
        lines = ["This reverses:", *(f"•  {line}" for line in session.undo_preview(count))]
        title = "Take back the last action?" if count == 1 else f"Take back the last {count} actions?"
        dialog = confirm(title, lines, lambda: self.app.undo(reason[0], count), yes="Undo", style="danger")
        dialog.body.add_widget(UndoHint(text="The journal keeps it, marked as taken back. Why (it goes in the "
                                             "journal):"))
        choices = ReasonRow()
        buttons: list[TapButton] = []

        def choose(words: str) -> None:
            reason[0] = words
            for b in buttons:
                b.set_style("primary" if b.reason == words else "normal")

        for words in UNDO_REASONS:
            button = TapButton(words[:1].upper() + words[1:], partial(choose, words),
                               "primary" if words == reason[0] else "normal", font_size=theme.FONT_SMALL)
            button.reason = words
            buttons.append(button)
            choices.add_widget(button)
        dialog.body.add_widget(choices)
        return dialog


class JournalRow(BoxLayout):
    """One entry: its number, its words (struck through and dimmed when taken back) and a mark. Only its data
    here; its look is ``<JournalRow>`` in ``journal.kv``."""

    entry = ObjectProperty(None)
    seq = NumericProperty(0)
    words = StringProperty("")
    """The entry's words (as typed: struck through as markup, escaped, once taken back)."""
    undone = BooleanProperty(False)
    """Taken back by a later undo."""
    undo = BooleanProperty(False)
    """The entry is itself an undo."""

    def __init__(self, entry: JournalLine, **kwargs: Any) -> None:
        super().__init__(entry=entry, seq=entry.seq, words=entry.text, undone=entry.undone,
                         undo=entry.undo, **kwargs)


class UndoButton(EngineActionButton):
    """Undo of the last action, at the left of the footer; look: ``<UndoButton>`` in ``journal.kv``."""


class JournalNote(Label):
    """A line in the journal's place when it has no entry; look: ``<JournalNote>`` in ``journal.kv``."""


class UndoHint(JournalNote):
    """The small line of the undo's confirmation over the reasons to choose from; look: ``<UndoHint>`` in
    ``journal.kv``."""


class ReasonRow(BoxLayout):
    """The reasons for an undo, side by side; look: ``<ReasonRow>`` in ``journal.kv``."""


load_layout(__file__)
