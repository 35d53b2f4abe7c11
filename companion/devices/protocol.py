"""The serial dice protocol, version 1: a line-based text protocol between a dice device and the app.

The full description, with examples, is ``hardware/serial-protocol.md``. In short:

* Every line is printable ASCII, at most :data:`MAX_LINE` bytes before its ``\\n`` (counting a ``\\r``, which
  is ignored when it comes just before the ``\\n``) and carries a checksum: ``BODY*HH``, where ``HH`` is the XOR
  of every byte of ``BODY`` as two hex digits. Senders write them upper-case; lower-case digits are accepted too
  (``%02x`` in firmware is an easy slip, and the value is the same).
* The device says ``HELLO 1 <name> <dice>`` when it starts and whenever asked (``HELLO?``); ``<dice>`` lists its
  dice, comma-separated, each ``lo-hi`` or ``colour:lo-hi`` (``silver:1-6,green:1-3``).
* ``ROLL <seq> <values>``: one value per die of the hello, in that order, ``-`` for a die not thrown this time.
  ``seq`` runs from 1 to 65535 and then starts again at 1. A device may send a roll line twice; a repeated
  ``seq`` is ignored, so every roll counts once.
* ``BEAT <seq>`` at least once a second, with the ``seq`` of the device's last roll (0 before the first): the app
  knows the device is alive, and that a roll was lost when the beat names a roll it never received.
* The app sends ``HELLO?`` when it opens the port and ``READY 1`` / ``READY 0`` when a roll is wanted or not (a
  device may light a lamp; it need not).

Nothing here touches a port: :class:`LineAssembler` cuts bytes into lines, :func:`parse_line` reads one line, and
:class:`DiceLink` keeps the per-device state (the hello, the last roll, the counters). Bad input never raises.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

VERSION = 1
MAX_LINE = 96
MAX_DICE = 8
MAX_SEQ = 65535
KEEP = MAX_LINE + 1  # the longest line LineAssembler hands on: one byte more than a line may have
NAME = re.compile(r"[A-Za-z0-9_.-]{1,24}")
DIE = re.compile(r"(?:([a-z]{1,12}):)?(\d{1,2})-(\d{1,2})")


def checksum(body: str) -> str:
    """The XOR of every byte of ``body``, as two upper-case hex digits."""
    value = 0
    for byte in body.encode("ascii"):
        value ^= byte
    return f"{value:02X}"


def frame(body: str) -> bytes:
    """A complete line for ``body``: the body, ``*``, its checksum and a newline."""
    return f"{body}*{checksum(body)}\n".encode("ascii")


@dataclass(frozen=True)
class DeviceDie:
    """A die as a device reports it: the values ``lo`` to ``hi`` it can show, and its colour when it says one."""

    lo: int
    hi: int
    colour: str = ""

    @property
    def values(self) -> tuple[int, ...]:
        """Every value the die can show."""
        return tuple(range(self.lo, self.hi + 1))

    def __str__(self) -> str:
        return f"{self.colour}:{self.lo}-{self.hi}" if self.colour else f"{self.lo}-{self.hi}"


@dataclass(frozen=True)
class Hello:
    """The device introduces itself: protocol version, name and dice."""

    version: int
    name: str
    dice: tuple[DeviceDie, ...]


@dataclass(frozen=True)
class Roll:
    """One throw: ``values[i]`` is what die ``i`` of the hello shows, ``None`` when it was not thrown."""

    seq: int
    values: tuple[int | None, ...]


@dataclass(frozen=True)
class Beat:
    """The device is alive; ``seq`` is its last roll (0 before the first)."""

    seq: int


@dataclass(frozen=True)
class Malformed:
    """A line that is not a valid message, and why (the reasons are stable, for counting)."""

    reason: str
    line: str


Message = Hello | Roll | Beat


def unframe(raw: bytes) -> str | Malformed:
    """The body of one line (given without its ``\\n``) whose checksum is right, or why it is not such a line."""
    text = raw.decode("ascii", errors="replace")
    if len(raw) > MAX_LINE:
        return Malformed("too-long", text[:MAX_LINE])
    text = text.removesuffix("\r")
    if not text.isascii() or not text.isprintable():
        return Malformed("not-text", text)
    body, star, given = text.rpartition("*")
    if not star:
        return Malformed("no-checksum", text)
    if len(given) != 2 or given.upper() != checksum(body):
        return Malformed("bad-checksum", text)
    return body


def parse_line(raw: bytes) -> Message | Malformed:
    """Read one line (without its newline). Never raises: anything that is not a valid message is Malformed.

    A hello of another protocol version is ``bad-version`` whatever its other fields, since they may differ.
    """
    body = unframe(raw)
    if isinstance(body, Malformed):
        return body
    text = raw.decode("ascii").removesuffix("\r")
    words = body.split(" ")
    match words:
        case ["HELLO", version, *_] if version.isdigit() and int(version) != VERSION:
            return Malformed("bad-version", text)
        case ["HELLO", version, name, dice] if version.isdigit() and NAME.fullmatch(name):
            parsed = dice_spec(dice)
            if parsed is None:
                return Malformed("bad-dice", text)
            return Hello(int(version), name, parsed)
        case ["ROLL", seq, values] if _seq(seq, low=1) is not None:
            numbers = tuple(None if v == "-" else int(v) if v.isdigit() and len(v) <= 2 else -1
                            for v in values.split(","))
            if -1 in numbers or all(v is None for v in numbers) or len(numbers) > MAX_DICE:
                return Malformed("bad-values", text)
            return Roll(int(seq), numbers)
        case ["BEAT", seq] if _seq(seq, low=0) is not None:
            return Beat(int(seq))
        case [("HELLO" | "ROLL" | "BEAT"), *_]:
            return Malformed("bad-fields", text)
    return Malformed("unknown-message", text)


def _seq(word: str, low: int) -> int | None:
    if not word.isdigit() or len(word) > 5:
        return None
    value = int(word)
    return value if low <= value <= MAX_SEQ else None


def dice_spec(spec: str) -> tuple[DeviceDie, ...] | None:
    """The dice of a hello's ``<dice>`` field (``1-6,1-6``, ``silver:1-6,green:1-3``), or ``None`` when it is not
    a list of one to :data:`MAX_DICE` dice, each showing at least two values."""
    dice = []
    for item in spec.split(","):
        m = DIE.fullmatch(item)
        if not m or not 0 <= int(m[2]) < int(m[3]):
            return None
        dice.append(DeviceDie(int(m[2]), int(m[3]), m[1] or ""))
    return tuple(dice) if len(dice) <= MAX_DICE else None


class LineAssembler:
    """Cuts a byte stream into lines. A partial line waits for the rest; a line longer than ``MAX_LINE`` is kept
    only up to :data:`KEEP` bytes (so it still reads as too long) instead of growing without end."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        """Every line completed by ``data``, without its newline."""
        *complete, rest = data.split(b"\n")
        lines = []
        for chunk in complete:
            lines.append((bytes(self._buffer) + chunk[:KEEP])[:KEEP])
            self._buffer.clear()
        self._buffer += rest[:KEEP]
        del self._buffer[KEEP:]
        return lines


@dataclass
class DiceLink:
    """What the app knows about one connected device: its hello, its last roll, and the counts of bad lines.

    :meth:`receive` takes one line and returns the new :class:`Roll` it carries, or ``None`` (a hello, a beat,
    a repeated roll, a roll before any hello, or a malformed line, each counted and noted in ``log``).
    ``malformed`` counts by reason: the :class:`Malformed` reasons of :func:`parse_line`, ``roll-before-hello``,
    and ``bad-values`` for values the hello's dice cannot show. A hello starts the device afresh (it may have
    restarted, its ``seq`` from 1 again). Every note in ``log`` goes with one count in ``malformed`` or ``lost``.
    """

    hello: Hello | None = None
    last_seq: int | None = None
    malformed: Counter[str] = field(default_factory=Counter)
    repeats: int = 0
    lost: int = 0
    log: list[str] = field(default_factory=list)

    def receive(self, raw: bytes) -> Roll | None:
        """Handle one line from the device."""
        message = parse_line(raw)
        match message:
            case Malformed(reason=reason, line=line):
                self.malformed[reason] += 1
                self._note(f"ignored a {reason} line: {line[:40]!r}")
            case Hello():
                self.hello, self.last_seq = message, None
            case Beat(seq=seq) if self.hello is not None and self.last_seq is None:
                self.last_seq = seq  # the first beat after a hello tells which roll the device is at
            case Beat(seq=seq) if self.hello is not None and seq != self.last_seq:
                self.lost += 1
                self.last_seq = seq
                self._note(f"roll {seq} never arrived (the beat names it): roll again")
            case Roll(seq=seq, values=values):
                if self.hello is None:
                    self.malformed["roll-before-hello"] += 1
                    self._note("a roll came before the device said hello")
                elif len(values) != len(self.hello.dice) or any(
                        v is not None and v not in d.values for d, v in zip(self.hello.dice, values, strict=False)):
                    self.malformed["bad-values"] += 1
                    self._note(f"roll {seq} does not fit the device's dice {','.join(map(str, self.hello.dice))}")
                elif seq == self.last_seq:
                    self.repeats += 1
                else:
                    self.last_seq = seq
                    return message
        return None

    def _note(self, text: str) -> None:
        self.log.append(text)
        del self.log[:-50]
