"""Errors and rule violations.

A rejected command carries every reason at once, each a :class:`Violation` with a stable code (for tests and
translations) and a plain-words message (for the table).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """One reason a command cannot be carried out: ``code`` is stable, ``message`` is for the players."""

    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} [{self.code}]"


class CompanionError(Exception):
    """Root of every error this package raises on purpose."""


class CommandRejected(CompanionError, ValueError):
    """The ruleset refused a command; nothing changed. ``violations`` lists every reason."""

    def __init__(self, violations: list[Violation]) -> None:
        self.violations = list(violations)
        super().__init__("; ".join(str(v) for v in self.violations))


class CommandSyntaxError(CompanionError, ValueError):
    """A command line could not be read (unknown verb, wrong number of words, a bad number)."""


class LedgerError(CompanionError):
    """A transaction would break a ledger invariant; raised before anything is posted."""


class EditionError(CompanionError, ValueError):
    """Edition data is incomplete or inconsistent. ``problems`` lists every one found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("edition data has problems:\n  " + "\n  ".join(self.problems))
