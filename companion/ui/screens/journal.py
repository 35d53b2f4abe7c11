"""The journal: every action of the game in words, newest first, with what was taken back struck through, and
the undo of the last action(s) after a confirmation that says what will be reversed.

Undo never deletes: the engine adds an undo entry that names the entries it takes back, and both stay listed.
The fixed layout (the title, the summary, the scrolling panel, the footer) is ``journal.kv``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

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
    text,
)

# Why an action is taken back; the chosen words go into the journal with the undo.
UNDO_REASONS = ("taken back at the table", "wrong button tapped", "dice entered wrong")


class JournalScreen(CompanionScreen):
    """Every journal entry in words (newest first, a page at a time) and the undo buttons (layout:
    ``journal.kv``; the entries and the footer's buttons are drawn in :meth:`refresh`)."""

    PAGE = 80  # entries drawn at once; older ones on request, so a long game stays quick on the Pi

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.shown = self.PAGE
        self.summary: Label = self.ids.summary
        self.scroller: ScrollView = self.ids.scroller
        self.lines: BoxLayout = self.ids.lines
        self.footer: BoxLayout = self.ids.footer

    def on_pre_enter(self, *args: object) -> None:
        """Start again from the newest page."""
        self.shown = self.PAGE
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        """Redraw the entries and the undo buttons from the journal."""
        self.lines.clear_widgets()
        self.footer.clear_widgets()
        session = self.app.session
        if session is None:
            self.footer.add_widget(TapButton("Home", lambda: self.app.goto("home"), "primary"))
            return
        entries = journal_lines(session.game, self.shown + 1)
        older = len(entries) > self.shown
        newest_first = list(reversed(entries[1:] if older else entries))
        undone = sum(1 for e in newest_first if e.undone)
        self.summary.text = (f"Newest first. {len(newest_first)} entr{'y' if len(newest_first) == 1 else 'ies'} "
                             f"shown" + (f", {undone} taken back." if undone else "."))
        if not newest_first:
            self.lines.add_widget(text("Nothing has happened yet.", theme.FONT, theme.MUTED))
        for entry in newest_first:
            self.lines.add_widget(journal_row(entry))
        if older:
            self.lines.add_widget(TapButton(f"Show {self.PAGE} older entries", self._older))
        self.undo_button = EngineActionButton(undo_action(session.game), lambda _a: self.ask_undo(1),
                                        size_hint_x=0.34)
        self.footer.add_widget(self.undo_button)
        self.footer.add_widget(TapButton("Undo several…", self._ask_count, size_hint_x=0.3))
        over = table_view(session.game, journal_last=0).over
        self.footer.add_widget(TapButton("Back to results" if over else "Back to table",
                                         lambda: self.app.goto("end" if over else "table"), "primary",
                                         size_hint_x=0.36))

    def _older(self) -> None:
        self.shown += self.PAGE
        self.refresh()

    def _ask_count(self) -> None:
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
        dialog.body.add_widget(text("The journal keeps it, marked as taken back. Why (it goes in the journal):",
                                    theme.FONT_SMALL, theme.MUTED))
        choices = BoxLayout(size_hint_y=None, height=theme.TOUCH, spacing=theme.GAP)
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


def journal_row(entry: JournalLine) -> Widget:
    """One entry: its number, its words (struck through and dimmed when taken back) and a mark."""
    row = BoxLayout(size_hint_y=None, spacing=theme.GAP)
    row.entry = entry
    row.add_widget(text(f"#{entry.seq}", theme.FONT_SMALL, theme.MUTED, fixed_height=False, size_hint_x=None,
                        width=dp(44), halign="right"))
    words = escape_markup(entry.text)
    if entry.undone:
        body = text(f"[s]{words}[/s]", theme.FONT, theme.MUTED, markup=True)
        mark = text("taken back", theme.FONT_SMALL, theme.DANGER, bold=True, fixed_height=False)
    elif entry.undo:
        body = text(words, theme.FONT, theme.ACCENT)
        mark = text("Undo", theme.FONT_SMALL, theme.ACCENT, bold=True, fixed_height=False)
    else:
        body = text(words, theme.FONT, theme.TEXT)
        mark = text("", theme.FONT_SMALL, fixed_height=False)
    mark.size_hint_x, mark.width = None, dp(90)
    row.add_widget(body)
    row.add_widget(mark)
    body.bind(height=lambda _b, h: setattr(row, "height", h))
    return row


load_layout(__file__)
