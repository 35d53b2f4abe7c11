"""Commands and their text notation.

Every action at the table is a :class:`Command`. Its text form is one line, the verb first::

    roll luke 3 4          buy luke            bid vader 120        close
    claim vader luke       tax luke worth      card luke advance-to-go
    build luke hoth-echo-base                  propose luke vader give=deed:x,cash:50 get=card:rebel
    correct luke hoth-echo-base                transfer bank luke 200 GO salary the table forgot

The same notation is stored in the journal and read by the table script, so a game can always be replayed by
hand. :data:`GRAMMAR` lists every verb with the words it takes.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from companion.engine.errors import CommandSyntaxError
from companion.engine.records import quick_init

# Each verb's words: "player" (a player id), "int" (a whole number), "word" (an id or choice),
# "dice" (one or more die faces), "values" (one or more field=value words),
# "rest" (the remainder of the line, e.g. a reason; always the last word),
# "?int" (optional number).
GRAMMAR: dict[str, tuple[tuple[str, ...], str]] = {
    "undo": (("?int", "rest"), "take back the last command(s), with the reason"),
}
"""The notation's verbs: ``undo`` is the journal's own; every other verb is declared by the mechanic that
carries it out (see :func:`register_verbs`)."""

ACTOR_VERBS: set[str] = set()
"""The verbs whose first word is the acting player (kept with :data:`GRAMMAR` by :func:`register_verbs`)."""


def register_verbs(verbs: Mapping[str, tuple[tuple[str, ...], str]]) -> None:
    """Add a mechanic's verbs to the notation. Two mechanics may carry out the same verb (each edition has one
    of them), but they must agree on its words."""
    for verb, grammar in verbs.items():
        known = GRAMMAR.setdefault(verb, grammar)
        if known[0] != grammar[0]:
            raise ValueError(f"the verb {verb!r} is declared twice with different words: {known[0]} and {grammar[0]}")
        if grammar[0][:1] == ("player",):
            ACTOR_VERBS.add(verb)
    words_problem.cache_clear()

# ASCII digits only: str.isdigit() also accepts "²", which int() refuses, and lstrip("-") let "--5" through.
_DIGITS = re.compile(r"[0-9]+")
_NOT_PLAIN = re.compile(r"['\"\\#]|[^\S \t\r\n]")
"""A quote, a backslash, a comment or a space other than those a shell splits on: the line needs :mod:`shlex`."""
_WHOLE = re.compile(r"-?[0-9]+")
_SIGNED = re.compile(r"[-+][0-9]+")
"""A signed number where only a count may stand (``undo -1 ...``): refused, never read as part of the reason."""


@quick_init
@dataclass(frozen=True, slots=True)
class Command:
    """One action: a verb and its words. ``source`` says where dice came from (screen, typed, serial...)."""

    verb: str
    args: tuple[str, ...] = ()
    source: str = field(default="", compare=False)

    @property
    def player(self) -> str | None:
        """The acting player, for verbs whose first word is one."""
        return self.args[0] if self.verb in ACTOR_VERBS and self.args else None

    def ints(self, start: int = 0) -> list[int]:
        """The words from ``start`` on, as whole numbers."""
        return list(map(int, self.args[start:]))

    def numbers(self, start: int = 0) -> tuple[int, ...]:
        """The words from ``start`` on, as whole numbers (read once for the same words: a roll's dice are read
        when it is checked and again when it is carried out)."""
        return whole_numbers(self.args[start:])

    def to_text(self) -> str:
        """The command in journal notation. An empty remainder of the line (a reason nobody gave) is left out, as
        it was typed: reading the line gives it back."""
        args = self.args
        if args and not args[-1] and GRAMMAR.get(self.verb, ((), ""))[0][-1:] == ("rest",):
            args = args[:-1]
        return " ".join([self.verb, *(shlex.quote(a) for a in args)])

    def __str__(self) -> str:
        return self.to_text()


@lru_cache(maxsize=1024)
def whole_numbers(words: tuple[str, ...]) -> tuple[int, ...]:
    """The words as whole numbers (ValueError when one is not)."""
    return tuple(map(int, words))


def parse_command(line: str) -> Command:
    """Read one line of notation (``#`` starts a comment); raises :class:`CommandSyntaxError`."""
    try:
        words = split_words(line)
    except ValueError as exc:
        raise CommandSyntaxError(f"cannot read {line!r}: {exc}") from None
    if not words:
        raise CommandSyntaxError("empty command")
    verb, args = words[0].lower(), words[1:]
    params = GRAMMAR.get(verb, ((), ""))[0]
    if params[:1] == ("?int",):
        if args and _SIGNED.fullmatch(args[0]):
            raise CommandSyntaxError(f"{verb}: {args[0]!r} is not a count: say how many of the last actions to "
                                     "take back (1 or more), then why")
        counted = bool(args) and _DIGITS.fullmatch(args[0]) is not None
        args = [args[0] if counted else "1", " ".join(args[1:] if counted else args)]
    elif "rest" in params:
        # "rest" is always the last word: everything from its place on is one reason.
        before = len(params) - 1
        args = [*args[:before], " ".join(args[before:])]
    cmd = Command(verb, tuple(args))
    problem = grammar_problem(cmd)
    if problem:
        raise CommandSyntaxError(problem)
    return cmd


def split_words(line: str) -> list[str]:
    """The words of a line as a shell splits them (quotes group words, ``#`` starts a comment). Most lines of a
    journal are plain words: they are split directly, which gives the same words much faster."""
    if _NOT_PLAIN.search(line) is None:
        return line.split()
    return shlex.split(line, comments=True)


@lru_cache(maxsize=256)
def other_players(verb: str) -> tuple[int, ...]:
    """Where, after its first word, a verb's words name a player (``claim OWNER PAYER``: the payer's place)."""
    params = GRAMMAR[verb][0] if verb in GRAMMAR else ()
    return tuple(i for i, kind in enumerate(params) if kind == "player" and i > 0)


def grammar_problem(cmd: Command) -> str | None:
    """Why a command does not fit its verb's words (None when it does): unknown verb, word count, numbers."""
    return words_problem(cmd.verb, cmd.args)


@lru_cache(maxsize=4096)
def words_problem(verb: str, args: tuple[str, ...]) -> str | None:
    """:func:`grammar_problem` of a verb and its words, remembered: a command read from a line is checked when
    it is read and again when the rules validate it, and the table checks the same offered commands on every
    refresh."""
    if verb not in GRAMMAR:
        return f"unknown command {verb!r}; known: {', '.join(sorted(GRAMMAR))}"
    params = GRAMMAR[verb][0]
    usage = " ".join([verb, *(p.strip("?") for p in params)])
    if "dice" in params:
        if len(args) < 2:
            return f"{verb} needs a player and the dice faces: {usage}"
        kinds: tuple[str, ...] = ("player",) + ("int",) * (len(args) - 1)
    elif "values" in params:
        if len(args) < 2:
            return f"{verb} needs what the values are printed on and at least one field=value: {usage}"
        kinds = ("word",) * len(args)
    elif len(args) != len(params):
        return f"{verb} takes {len(params)} word(s): {usage} ({GRAMMAR[verb][1]})"
    else:
        kinds = params
    for word, kind in zip(args, kinds, strict=True):
        if kind in ("int", "?int") and not _WHOLE.fullmatch(word):
            return f"{verb}: {word!r} is not a whole number"
    return None
