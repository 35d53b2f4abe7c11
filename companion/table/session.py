"""A game at the table: the journal it is saved in, the commands the screens submit and the answers they get.

Every change goes through :meth:`Session.submit`: the engine validates the command, and either rejects it with
every reason in plain words or journals it (one committed SQLite transaction) before the answer comes back.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from datetime import datetime

from companion.edition import Edition
from companion.engine.commands import GRAMMAR, Command, parse_command
from companion.engine.errors import CommandRejected, CommandSyntaxError, EditionError, Need
from companion.engine.events import Event
from companion.engine.game import Game
from companion.engine.state import Setup
from companion.storage.journal import Journal
from companion.table.presenters import event_line
from companion.table.views import events_of
from companion.table.words import feedback_kinds


@dataclass(frozen=True)
class Answer:
    """The engine's answer to one command: accepted with what happened, or rejected with every reason."""

    accepted: bool
    command: str
    reasons: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    feedback: frozenset[str] = frozenset()
    needs: tuple[Need, ...] = ()

    @classmethod
    def rejected(cls, command: str, reasons: list[str] | tuple[str, ...], needs: tuple[Need, ...] = ()) -> Answer:
        """A refusal that names every reason (and the box values to ask for, when that is the reason)."""
        return cls(False, command, tuple(reasons), needs=needs)


@dataclass(frozen=True)
class SavedGameLine:
    """A saved game as the resume list shows it."""

    id: str
    when: str
    edition: str
    variant: str
    players: str
    last_action: str
    entries: int


class Session:
    """One game in progress, saved in a journal."""

    def __init__(self, journal: Journal, game: Game, game_id: str) -> None:
        self.journal = journal
        self.game = game
        self.game_id = game_id

    @classmethod
    def start(cls, journal: Journal, edition: Edition, setup: Setup) -> Session:
        """Start and save a new game; raises :class:`CommandRejected` with every problem of the set-up."""
        game_id = secrets.token_hex(6)
        return cls(journal, journal.new_game(edition, setup, game_id), game_id)

    @classmethod
    def resume(cls, journal: Journal, game_id: str) -> Session:
        """Replay a saved game to exactly the state it had."""
        return cls(journal, journal.resume(game_id), game_id)

    @property
    def edition(self) -> Edition:
        """The edition this game is played with (the data saved with it)."""
        return self.game.edition

    def check(self, command: Command | str) -> tuple[str, ...]:
        """Every reason the command would be refused now (empty: it would be accepted)."""
        try:
            cmd = parse_command(command) if isinstance(command, str) else command
        except CommandSyntaxError as exc:
            return (str(exc),)
        return tuple(v.message for v in self.game.validate(cmd))

    def submit(self, command: Command | str) -> Answer:
        """Carry out a command: the answer comes back only after the journal has committed it."""
        try:
            cmd = parse_command(command) if isinstance(command, str) else command
        except CommandSyntaxError as exc:
            return Answer.rejected(str(command), [str(exc)])
        try:
            events = self.game.apply(cmd)
        except CommandRejected as exc:
            return Answer.rejected(cmd.to_text(), [v.message for v in exc.violations],
                                   tuple(v.need for v in exc.violations if v.need))
        return Answer(True, cmd.to_text(), (), self._lines(events), feedback_kinds(events))

    def undo_preview(self, count: int = 1) -> tuple[str, ...]:
        """What taking back the last ``count`` actions would reverse, in words, newest first."""
        targets = self.game.in_effect[1:][-count:] if count > 0 else []
        lines: list[str] = []
        for entry in reversed(targets):
            words = self._lines(events_of(self.game, entry))
            lines.append("; ".join(words) if words else entry.text)
        return tuple(lines)

    def undo(self, reason: str, count: int = 1) -> Answer:
        """Take back the last ``count`` actions; the undo is itself a journal entry with its reason. The answer
        says in words what was taken back (never the journal's notation, which may hold a secret choice)."""
        reason = " ".join(reason.split())
        taken = self.undo_preview(count)
        answer = self.submit(Command("undo", (str(count), reason), source="screen"))
        if not answer.accepted:
            return answer
        return replace(answer, lines=tuple(f"Taken back: {line}" for line in taken))

    def _lines(self, events: list[Event]) -> tuple[str, ...]:
        return tuple(line for e in events if (line := event_line(self.game, e)))


def saved_games(journal: Journal, edition_names: dict[str, str]) -> list[SavedGameLine]:
    """Saved games, the most recently played first, as the resume list shows them."""
    return [SavedGameLine(g.id, datetime.fromtimestamp(g.updated).strftime("%a %d %b %Y, %H:%M"),
                          edition_names.get(g.edition_id, g.edition_id), g.variant, ", ".join(g.players),
                          command_words(g.last_command, g.names), g.entries)
            for g in journal.games()]


SECRET_WORDS = {"dial": "{who} set their dial"}
"""Commands that carry a secret choice (a Bank Heist dial's picture), as they are said: who acted, never what
they chose."""


def command_words(line: str, names: dict[str, str]) -> str:
    """A saved command as the resume list says it: who acted, then what the command does in its verb's own
    words ("roll the dice (Vader)": the help line up to its notation), never the journal's notation; a secret
    choice only as made ("Ben set their dial")."""
    words = line.split()
    if not words:
        return ""
    who = next((names[w] for w in words[1:] if w in names), "")
    if words[0] in SECRET_WORDS:
        return SECRET_WORDS[words[0]].format(who=who or "A player")
    what = GRAMMAR[words[0]][1].split(" (")[0].split(": ")[0] if words[0] in GRAMMAR else "a correction"
    return f"{what} ({who})" if who else what


def start_problems(exc: CommandRejected | EditionError) -> tuple[str, ...]:
    """The reasons a new game could not start, in plain words."""
    if isinstance(exc, CommandRejected):
        return tuple(v.message for v in exc.violations)
    return tuple(exc.problems)
