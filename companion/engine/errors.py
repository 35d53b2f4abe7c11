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
    need: Need | None = None

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


@dataclass(frozen=True)
class Need:
    """A value printed in the box that play has reached but nobody has entered yet.

    ``target`` names the thing it is printed on (``space:bounty``, ``card:imperial``); ``fields`` are the values
    to read off it (``price``, ``rent``...); ``what`` says it in words for the table.
    """

    target: str
    fields: tuple[str, ...]
    what: str
    part: int = -1
    """For a list of amounts (a rent table), the one amount play needs now (its place in the list); -1: the whole
    list. The others may be entered in the same window but are never required."""


class ValueNeeded(CompanionError):
    """Raised where the rules read a value the box owner has not entered yet; the command changes nothing and
    the table is asked for the value (see :mod:`companion.box`)."""

    def __init__(self, need: Need) -> None:
        self.need = need
        super().__init__(need.what)

    def violation(self) -> Violation:
        """The refusal the table sees until the value is entered."""
        return Violation("box/needed", self.need.what, self.need)
