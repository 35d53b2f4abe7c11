"""The game: the one place where commands become events and the journal records them.

``Game.apply`` validates a command with the game's rules, folds the resulting events into the state and appends
one journal entry; a rejected command changes nothing. Undo is itself an entry: it names the entries it takes
back, and the state is folded again from the entries still in effect, so history is never deleted.

The game is given its rules (an edition's mechanics composed, see :mod:`companion.rules`); the engine knows
nothing of any edition. A value read off the box is an event like any other: the state keeps the values read,
and the game plays on with the rules for its edition data plus those values (:meth:`Rules.with_box`). So a
journal replays with exactly the values its game learnt, whatever the box profile holds later.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from companion.dice import RollNeed
from companion.edition import Edition
from companion.engine.commands import Command, grammar_problem, parse_command
from companion.engine.errors import CommandRejected, ValueNeeded, Violation
from companion.engine.events import Event, Noted
from companion.engine.state import BoxReading, GameState, Setup


class Rules(Protocol):
    """What the engine needs of an edition's rules."""

    edition: Edition
    setup: Setup

    def check_setup(self) -> list[Violation]:
        """Every problem with the set-up the table chose (and the box it plays with)."""

    def begin(self) -> tuple[GameState, list[Event]]:
        """The state before the first command and the events that start the game."""

    def validate(self, state: GameState, cmd: Command) -> list[Violation]:
        """Every reason ``cmd`` cannot be carried out now; may raise :class:`ValueNeeded`."""

    def apply(self, state: GameState, cmd: Command) -> list[Event]:
        """Carry out an accepted command, folding its events into ``state``."""

    def play(self, state: GameState, cmd: Command) -> list[Event]:
        """Check ``cmd`` and carry it out: raise :class:`CommandRejected` with every reason and change nothing, or
        fold its events into ``state`` and return them."""

    def describe(self, state: GameState) -> dict[str, Any]:
        """What the table must settle next, in plain words."""

    def roll_need(self, state: GameState, player: str) -> RollNeed:
        """The dice ``player``'s next roll uses."""

    def with_box(self, reads: tuple[BoxReading, ...]) -> Rules:
        """These rules played with the values read off the box added to their edition data."""


class Entry:
    """One accepted action in the journal: the command as entered and the events it caused.

    An entry read back from a saved journal before a checkpoint (see :meth:`Game.restore`) keeps its line of
    notation and reads the command from it only when asked; its events stay in the journal."""

    __slots__ = ("_command", "_line", "at", "events", "seq", "undoes", "undone_by")

    def __init__(self, seq: int, command: Command | None, events: list[Event], at: float | None = None,
                 undoes: tuple[int, ...] = (), undone_by: int | None = None) -> None:
        self.seq = seq
        self._command = command
        self._line: tuple[str, str] | None = None
        self.events = events
        self.at = time.time() if at is None else at
        self.undoes = undoes
        self.undone_by = undone_by

    @classmethod
    def stored(cls, seq: int, text: str, source: str, at: float, undoes: tuple[int, ...]) -> Entry:
        """An entry as the journal keeps it: its notation, read into a command on first use."""
        entry = cls(seq, None, [], at, undoes)
        entry._line = (text, source)
        return entry

    @property
    def command(self) -> Command | None:
        """The command (None for the set-up entry)."""
        if self._command is None and self._line is not None:
            cmd = parse_command(self._line[0])
            self._command = Command(cmd.verb, cmd.args, self._line[1])
        return self._command

    @property
    def text(self) -> str:
        """The command in notation (``start`` for the set-up entry)."""
        if self._line is not None:
            return self._line[0]
        return self._command.to_text() if self._command else "start"


_blank_entry = object.__new__
_now = time.time


class JournalSink(Protocol):
    """Where entries go before a command is acknowledged (see :mod:`companion.storage.journal`)."""

    def append(self, entry: Entry) -> None:
        """Store the entry durably, or raise and store nothing."""


class Game:
    """A game in progress: its rules, state and the list of journal entries."""

    def __init__(self, rules: Rules, sink: JournalSink | None = None) -> None:
        problems = rules.check_setup()
        if problems:
            raise CommandRejected(problems)
        self.first_rules = rules
        self.setup = rules.setup
        self.sink = sink
        self.entries: list[Entry] = []
        self._rules = rules
        self._reads: tuple[BoxReading, ...] = ()
        self.state, events = rules.begin()
        self._record(Entry(0, None, events))

    @property
    def rules(self) -> Rules:
        """The rules the game plays with now: its edition data, plus every value read off the box so far."""
        reads = self.state.box_reads
        if reads is not self._reads:
            self._rules = self.first_rules.with_box(reads) if reads else self.first_rules
            self._reads = reads
        return self._rules

    @property
    def edition(self) -> Edition:
        """The edition data the game plays with now."""
        return self.rules.edition

    @property
    def first_edition(self) -> Edition:
        """The edition data the game started with."""
        return self.first_rules.edition

    # ---------------------------------------------------------------- queries

    def validate(self, cmd: Command) -> list[Violation]:
        """Every reason ``cmd`` would be rejected now (empty: it would be accepted). A value the box still lacks
        is one such reason, carrying what to ask for."""
        if cmd.verb == "undo":
            problem = grammar_problem(cmd)
            return [Violation("command/syntax", problem)] if problem else self._check_undo(cmd)
        try:
            return self.rules.validate(self.state, cmd)
        except ValueNeeded as exc:
            return [exc.violation()]

    def roll_need(self, player: str) -> RollNeed:
        """The dice ``player``'s next roll uses (the move, a battle, the enemies' advance...)."""
        return self.rules.roll_need(self.state, player)

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
        if cmd.verb == "undo":
            problems = self.validate(cmd)
            if problems:
                raise CommandRejected(problems)
            return self._undo(cmd)
        rules = self._rules if self.state.box_reads is self._reads else self.rules
        try:
            events = rules.play(self.state, cmd)
            entries = self.entries
            entry = _blank_entry(Entry)  # Entry(len(entries), cmd, events) without its call: every command's path
            entry.seq, entry._command, entry._line, entry.events, entry.at, entry.undoes, entry.undone_by = (
                len(entries), cmd, None, events, _now(), (), None)
            if self.sink is not None:
                self.sink.append(entry)
            entries.append(entry)  # as _record does, without the call
        except CommandRejected:
            raise  # refused before anything changed
        except ValueNeeded as exc:
            self._rebuild()
            raise CommandRejected([exc.violation()]) from None
        except Exception:
            self._rebuild()
            raise
        return events

    def _record(self, entry: Entry) -> None:
        if self.sink is not None:
            self.sink.append(entry)
        self.entries.append(entry)

    def _check_undo(self, cmd: Command) -> list[Violation]:
        """An undo gives its reason and takes back 1 action or more, no more than are still in effect (the
        start of the game is never taken back); a refusal says how many can be."""
        count, reason = int(cmd.args[0]), cmd.args[1].strip()
        problems = []
        if not reason:
            problems.append(Violation("undo/reason", "Say why the action is taken back (it goes in the log)."))
        available = len(self.in_effect) - 1
        if count < 1:
            problems.append(Violation("undo/nothing", "Say how many actions to take back: 1 or more."))
        elif count > available:
            problems.append(Violation("undo/nothing", "There is nothing to take back." if available == 0 else
                                      "There is only 1 action that can be taken back." if available == 1 else
                                      f"There are only {available} actions that can be taken back."))
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
        self.state, _ = self.first_rules.begin()
        for entry in self.in_effect[1:]:
            assert entry.command is not None
            self.rules.apply(self.state, entry.command)

    # ---------------------------------------------------------------- replay

    @classmethod
    def restore(cls, rules: Rules, entries: list[Entry], state: GameState, sink: JournalSink | None = None) -> Game:
        """A saved game taken up from a checkpoint: ``state`` is the fold of ``entries`` (as the same code folded
        it when the checkpoint was written), so nothing is replayed. Play, undo and replay go on from there."""
        game = cls.__new__(cls)
        game.first_rules = rules
        game.setup = rules.setup
        game.sink = sink
        game.entries = entries
        game._rules = rules
        game._reads = ()
        game.state = state
        return game

    @classmethod
    def replay(cls, rules: Rules, commands: list[tuple[Command, float]], sink: JournalSink | None = None) -> Game:
        """Rebuild a game from its journalled commands (in order, undo entries included).

        Each command is checked again, so a journal that does not fit its edition data is refused rather than
        silently giving another game. The rebuilt game journals new commands to ``sink``.
        """
        game = cls(rules)
        for cmd, at in commands:
            game.apply(cmd)
            game.entries[-1].at = at
        game.sink = sink
        return game
