"""The game: the one place where commands become events and the journal records them.

``Game.apply`` validates a command with the edition's ruleset, folds the resulting events into the state and
appends one journal entry; a rejected command changes nothing. Undo is itself an entry: it names the entries it
takes back, and the state is rebuilt from the entries still in effect, so history is never deleted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.edition import Edition
from companion.engine.commands import Command, grammar_problem
from companion.engine.errors import CommandRejected, Violation
from companion.engine.events import Event, Noted
from companion.engine.state import Setup
from companion.rulesets import find_ruleset
from companion.rulesets.base import Emitter, Ruleset


@dataclass
class Entry:
    """One accepted action in the journal: the command as entered and the events it caused."""

    seq: int
    command: Command | None
    events: list[Event]
    at: float = field(default_factory=time.time)
    undoes: tuple[int, ...] = ()
    undone_by: int | None = None

    @property
    def text(self) -> str:
        """The command in notation (``start`` for the set-up entry)."""
        return self.command.to_text() if self.command else "start"


class JournalSink(Protocol):
    """Where entries go before a command is acknowledged (see :mod:`companion.storage.journal`)."""

    def append(self, entry: Entry) -> None:
        """Store the entry durably, or raise and store nothing."""


class Game:
    """A game in progress: state, ruleset and the list of journal entries."""

    def __init__(self, edition: Edition, setup: Setup, sink: JournalSink | None = None) -> None:
        self.edition = edition
        self.setup = setup
        self.rules: Ruleset = find_ruleset(edition.ruleset)(edition, setup)
        problems = self.rules.check_setup()
        if problems:
            raise CommandRejected(problems)
        self.sink = sink
        self.entries: list[Entry] = []
        self.state = self.rules.new_state()
        emit = Emitter(self.state)
        self.rules.start(emit)
        self._record(Entry(0, None, emit.events))

    # ---------------------------------------------------------------- queries

    def validate(self, cmd: Command) -> list[Violation]:
        """Every reason ``cmd`` would be rejected now (empty: it would be accepted)."""
        if cmd.verb == "undo":
            problem = grammar_problem(cmd)
            return [Violation("command/syntax", problem)] if problem else self._check_undo(cmd)
        return self.rules.validate(self.state, cmd)

    def describe(self) -> dict[str, Any]:
        """What the table must settle next (decisions, auction, debts, claims, trade)."""
        return self.rules.describe(self.state)

    @property
    def in_effect(self) -> list[Entry]:
        """Entries whose commands shape the state now: not undone, and not undo entries themselves."""
        return [e for e in self.entries if e.undone_by is None and not e.undoes]

    # ---------------------------------------------------------------- changes

    def apply(self, cmd: Command) -> list[Event]:
        """Carry out a command and journal it, or raise :class:`CommandRejected` and change nothing."""
        problems = self.validate(cmd)
        if problems:
            raise CommandRejected(problems)
        if cmd.verb == "undo":
            return self._undo(cmd)
        try:
            events = self.rules.apply(self.state, cmd)
            self._record(Entry(len(self.entries), cmd, events))
        except Exception:
            self._rebuild()
            raise
        return events

    def _record(self, entry: Entry) -> None:
        if self.sink is not None:
            self.sink.append(entry)
        self.entries.append(entry)

    def _check_undo(self, cmd: Command) -> list[Violation]:
        count, reason = int(cmd.args[0]), cmd.args[1].strip()
        problems = []
        if not reason:
            problems.append(Violation("undo/reason", "Say why the action is taken back (it goes in the log)."))
        if count < 1 or count > len(self.in_effect) - 1:
            problems.append(Violation("undo/nothing", f"There are only {len(self.in_effect) - 1} action(s) "
                                                      "that can be taken back."))
        return problems

    def _undo(self, cmd: Command) -> list[Event]:
        """Take back the last ``count`` actions still in effect; the undo is journaled like any command."""
        count = int(cmd.args[0])
        targets = self.in_effect[-count:]
        events: list[Event] = [Noted(f"took back #{e.seq}: {e.text}") for e in reversed(targets)]
        entry = Entry(len(self.entries), cmd, events, undoes=tuple(e.seq for e in targets))
        self._record(entry)
        for e in targets:
            e.undone_by = entry.seq
        self._rebuild()
        return events

    def _rebuild(self) -> None:
        """Fold the entries in effect into a fresh state (after an undo, or to recover from a failed apply)."""
        self.state = self.rules.new_state()
        self.rules.start(Emitter(self.state))
        for entry in self.in_effect[1:]:
            assert entry.command is not None
            self.rules.apply(self.state, entry.command)

    # ---------------------------------------------------------------- replay

    @classmethod
    def replay(cls, edition: Edition, setup: Setup, commands: list[tuple[Command, float]],
               sink: JournalSink | None = None) -> Game:
        """Rebuild a game from its journalled commands (in order, undo entries included).

        Each command is checked again, so a journal that does not fit its edition data is refused rather than
        silently giving another game. The rebuilt game journals new commands to ``sink``.
        """
        game = cls(edition, setup)
        for cmd, at in commands:
            game.apply(cmd)
            game.entries[-1].at = at
        game.sink = sink
        return game
