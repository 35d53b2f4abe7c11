"""The game: the one place where commands become events and the journal records them.

``Game.apply`` validates a command with the edition's ruleset, folds the resulting events into the state and
appends one journal entry; a rejected command changes nothing. Undo is itself an entry: it names the entries it
takes back, and the state is rebuilt from the entries still in effect, so history is never deleted.

A value the box owner has not entered yet stops the command that needs it (:class:`ValueNeeded`); the table
enters it with a ``box`` entry, and from that entry on the game plays with the edition data including it. So a
journal replays with exactly the values its game learnt, whatever the box profile holds later.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.box.checks import check_values
from companion.box.overlay import apply_values
from companion.box.status import box_status
from companion.box.values import BoxValueError, Value, parse_values
from companion.dice import RollNeed
from companion.edition import Edition, edition_from_data
from companion.engine.commands import Command, grammar_problem
from companion.engine.errors import CommandRejected, ValueNeeded, Violation
from companion.engine.events import BoxRead, Event, Noted
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
        self.first_edition = edition
        self.setup = setup
        self._use(edition)
        problems = self._box_problems() + self.rules.check_setup()
        if problems:
            raise CommandRejected(problems)
        self.sink = sink
        self.entries: list[Entry] = []
        self.state = self.rules.new_state()
        emit = Emitter(self.state)
        self.rules.start(emit)
        self._record(Entry(0, None, emit.events))

    def _use(self, edition: Edition) -> None:
        """Play on with ``edition`` (the data the game started with, plus every value read off the box since)."""
        self.edition = edition
        self.rules: Ruleset = find_ruleset(edition.ruleset)(edition, self.setup)

    def _box_problems(self) -> list[Violation]:
        """A game starts only when the box holds everything the ruleset cannot ask for during play."""
        status = box_status(self.edition, self.rules.asked_during_play)
        if status.can_start:
            return []
        return [Violation("box/incomplete", f"The box of {self.edition.name} is not ready: {line} "
                                            "Finish it in box setup.") for line in status.lines()[:1]]

    # ---------------------------------------------------------------- queries

    def validate(self, cmd: Command) -> list[Violation]:
        """Every reason ``cmd`` would be rejected now (empty: it would be accepted). A value the box still lacks
        is one such reason, carrying what to ask for."""
        if cmd.verb in ("undo", "box"):
            problem = grammar_problem(cmd)
            if problem:
                return [Violation("command/syntax", problem)]
            return self._check_undo(cmd) if cmd.verb == "undo" else self._check_box(cmd)
        try:
            return self.rules.validate(self.state, cmd)
        except ValueNeeded as exc:
            return [exc.violation()]

    def roll_need(self, player: str) -> RollNeed:
        """The dice ``player``'s next roll uses (the move, a battle, the enemies' advance...)."""
        return self.edition.dice.need(self.rules.roll_kind(self.state, player))

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
        if cmd.verb == "box":
            return self._read_box(cmd)
        try:
            events = self.rules.apply(self.state, cmd)
            self._record(Entry(len(self.entries), cmd, events))
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
        count, reason = int(cmd.args[0]), cmd.args[1].strip()
        problems = []
        if not reason:
            problems.append(Violation("undo/reason", "Say why the action is taken back (it goes in the log)."))
        if count < 1 or count > len(self.in_effect) - 1:
            problems.append(Violation("undo/nothing", f"There are only {len(self.in_effect) - 1} action(s) "
                                                      "that can be taken back."))
        return problems

    def _check_box(self, cmd: Command) -> list[Violation]:
        """Values read off the box: each field one the target prints, of the right shape, and nothing that a
        check of the box would call wrong. The board's layout cannot change during a game."""
        try:
            values = parse_values(cmd.args[1:])
        except BoxValueError as exc:
            return [Violation("box/syntax", str(exc))]
        return [Violation("box/value", p.message)
                for p in check_values(self.edition, cmd.args[0], values, during_play=True) if not p.caution]

    def _read_box(self, cmd: Command) -> list[Event]:
        """Play on with the values entered; the entry records them for replay."""
        values = self._learn(cmd)
        events: list[Event] = [BoxRead(cmd.args[0], values, " ".join(cmd.args[1:]))]
        self._record(Entry(len(self.entries), cmd, events))
        return events

    def _learn(self, cmd: Command) -> dict[str, Value]:
        """Switch to the edition data with a ``box`` command's values entered; returns the values."""
        values = parse_values(cmd.args[1:])
        self._use(edition_from_data(apply_values(self.edition.raw, cmd.args[0], values)))
        return values

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
        """Fold the entries in effect into a fresh state (after an undo, or to recover from a failed apply),
        switching to the values read off the box at the entry that read them."""
        self._use(self.first_edition)
        self.state = self.rules.new_state()
        self.rules.start(Emitter(self.state))
        for entry in self.in_effect[1:]:
            assert entry.command is not None
            if entry.command.verb == "box":
                self._learn(entry.command)
            else:
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
