"""The dice box's own logic, with no hardware in it: serial dice protocol v1 (device side), dice, debouncing.

``main.py`` wires these functions to pins and to the USB serial port. Nothing here imports ``machine``, so the
same file runs on the Pico (MicroPython) and under CPython, where the app's tests check every line it builds
against the app's own parser. The protocol is described in ``hardware/serial-protocol.md``.

Written for both interpreters: %-formatting rather than f-strings with format specs, no dataclasses or
``typing`` imports, only string methods MicroPython has.
"""

VERSION = 1  # the protocol version this firmware speaks
MAX_LINE = 96  # bytes in a line before its newline, as the app counts them
MAX_DICE = 8
MAX_SEQ = 65535
ASK_HELLO = "HELLO?"  # the app asks the device to introduce itself
READY_ON = "READY 1"  # the app wants a roll now: light the ready lamp
READY_OFF = "READY 0"  # no roll is wanted now
HOST_COMMANDS = (ASK_HELLO, READY_ON, READY_OFF)
NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"
COLOUR_CHARS = "abcdefghijklmnopqrstuvwxyz"
TICKS_PERIOD = 1 << 30  # MicroPython's time.ticks_ms() wraps around at this value

# Which of a die's four pip groups are lit for each value. A die face has 7 pips that only ever light in these
# groups: the centre pip, one diagonal pair, the other diagonal pair, and the middle-row pair.
PIP_GROUPS = {
    1: (True, False, False, False),
    2: (False, True, False, False),
    3: (True, True, False, False),
    4: (False, True, True, False),
    5: (True, True, True, False),
    6: (False, True, True, True),
}
DARK = (False, False, False, False)


def checksum(body: str) -> str:
    """The XOR of every byte of ``body``, as two upper-case hex digits (the same rule as the app)."""
    value = 0
    for byte in body.encode("ascii"):
        value ^= byte
    return "%02X" % value


def frame(body: str) -> bytes:
    """The complete line for ``body``: ``BODY*HH`` and a newline."""
    return (body + "*" + checksum(body) + "\n").encode("ascii")


def _only(text: str, allowed: str) -> bool:
    return all(c in allowed for c in text)


def parse_dice(spec: str) -> list:
    """The dice of a spec such as ``1-6,1-6`` or ``silver:1-6,green:1-3`` as ``(colour, lo, hi)`` tuples.

    Follows the app's rule: 1 to 8 dice, each ``lo-hi`` with one or two digits and ``lo < hi``, optionally
    after a colour of 1 to 12 lower-case letters. Raises ValueError naming the bad part.
    """
    dice = []
    for item in spec.split(","):
        parts = item.split(":")
        colour, span = (parts[0], parts[1]) if len(parts) == 2 else ("", item)
        if len(parts) == 2 and not (1 <= len(colour) <= 12 and _only(colour, COLOUR_CHARS)):
            raise ValueError("die colour must be 1 to 12 lower-case letters: " + item)
        ends = span.split("-")
        if not (len(ends) == 2 and all(e.isdigit() and len(e) <= 2 for e in ends) and int(ends[0]) < int(ends[1])):
            raise ValueError("die must be lo-hi with lo < hi, at most two digits each: " + item)
        lo, hi = int(ends[0]), int(ends[1])
        dice.append((colour, lo, hi))
    if len(dice) > MAX_DICE:
        raise ValueError("at most %d dice" % MAX_DICE)
    return dice


def dice_spec(dice: list) -> str:
    """The hello's dice field for ``(colour, lo, hi)`` tuples (the inverse of :func:`parse_dice`)."""
    return ",".join((c + ":" if c else "") + "%d-%d" % (lo, hi) for c, lo, hi in dice)


def hello_line(name: str, dice: list) -> bytes:
    """``HELLO 1 <name> <dice>``; raises ValueError for a name the app would refuse or a line too long."""
    if not (1 <= len(name) <= 24 and _only(name, NAME_CHARS)):
        raise ValueError("name must be 1 to 24 letters, digits, '_', '.' or '-': " + name)
    line = frame("HELLO %d %s %s" % (VERSION, name, dice_spec(dice)))
    if len(line) - 1 > MAX_LINE:
        raise ValueError("the hello line is longer than %d bytes: use a shorter name or colours" % MAX_LINE)
    return line


def roll_line(seq: int, values: list) -> bytes:
    """``ROLL <seq> <values>``: one value per die in hello order, ``-`` for a die that was not thrown."""
    return frame("ROLL %d %s" % (seq, ",".join("-" if v is None else str(v) for v in values)))


def beat_line(seq: int) -> bytes:
    """``BEAT <seq>``: the seq of the last roll sent, 0 before the first."""
    return frame("BEAT %d" % seq)


def next_seq(seq: int) -> int:
    """The seq for the next roll: 1 after 0 (no roll yet), and 1 again after 65535 (0 is never a roll's)."""
    return 1 if seq >= MAX_SEQ else seq + 1


def parse_command(line: bytes):
    """The app's command in one line (without its newline): ``HELLO?``, ``READY 1`` or ``READY 0``.

    Returns None for anything else: a bad or missing checksum, a line that is not ASCII, an unknown command.
    A ``\\r`` before the newline is ignored and the checksum's hex digits may be either case, as in the app.
    """
    if line[-1:] == b"\r":
        line = line[:-1]
    try:
        text = line.decode("ascii")
    except UnicodeError:
        return None
    star = text.rfind("*")
    if star < 0 or len(text) - star != 3:
        return None
    body = text[:star]
    if text[star + 1:].upper() != checksum(body):
        return None
    return body if body in HOST_COMMANDS else None


class LineReader:
    """Cuts the bytes from the app into lines. A line longer than ``MAX_LINE`` is dropped whole, up to and
    including its newline, so the text after an overflow is never mistaken for a command."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overflow = False

    def feed(self, data: bytes) -> list:
        """Every complete line in ``data`` (with what came before), without newlines."""
        lines = []
        for byte in data:
            if byte == 10:
                if not self._overflow:
                    lines.append(bytes(self._buffer))
                self._buffer = bytearray()
                self._overflow = False
            elif len(self._buffer) >= MAX_LINE:
                self._overflow = True
            else:
                self._buffer.append(byte)
        return lines


def roll_die(lo: int, hi: int, random_byte) -> int:
    """A value from ``lo`` to ``hi``, each equally likely: random bytes are drawn until one falls below the
    largest multiple of the number of faces that fits in a byte (no bias towards low values)."""
    faces = hi - lo + 1
    limit = 256 - 256 % faces
    while True:
        byte = random_byte()
        if byte < limit:
            return lo + byte % faces


def pips(value) -> tuple:
    """The four pip groups (centre, diagonal, other diagonal, middle pair) lit for ``value``; all dark for a
    die not thrown or a value a six-pip face cannot show."""
    return PIP_GROUPS.get(value, DARK)


def ticks_diff(later: int, earlier: int) -> int:
    """``later - earlier`` for millisecond ticks that wrap at ``TICKS_PERIOD`` (as MicroPython's own)."""
    half = TICKS_PERIOD // 2
    return (later - earlier + half) % TICKS_PERIOD - half


class Debounce:
    """One button's presses from its raw level. A press counts when the contact closes after ``window_ms`` of
    quiet (no edge), so the first edge of a bounce train counts at once and the rest do not; a held button
    gives one press because only closing edges count."""

    def __init__(self, window_ms: int = 30) -> None:
        self.window_ms = window_ms
        self._down = False
        self._last_edge = None

    def update(self, down: bool, now_ms: int) -> bool:
        """Record the button's level at ``now_ms``; True when this is a press that counts."""
        if down == self._down:
            return False
        quiet = self._last_edge is None or ticks_diff(now_ms, self._last_edge) >= self.window_ms
        self._down = down
        self._last_edge = now_ms
        return down and quiet


class DiceBox:
    """The device's protocol state: its name and dice, and the seq of its last roll (0 before the first)."""

    def __init__(self, name: str, spec: str, random_byte) -> None:
        self.dice = parse_dice(spec)
        self.hello = hello_line(name, self.dice)
        self.seq = 0
        self._random_byte = random_byte

    def throw(self, which: list) -> tuple:
        """Throw the dice at the indexes in ``which``; returns the values (None for a die not thrown) and the
        ROLL line, which the caller sends twice. Each throw takes the next seq."""
        values = [roll_die(lo, hi, self._random_byte) if i in which else None
                  for i, (_, lo, hi) in enumerate(self.dice)]
        self.seq = next_seq(self.seq)
        return values, roll_line(self.seq, values)

    def beat(self) -> bytes:
        """The heartbeat line, naming the last roll sent."""
        return beat_line(self.seq)
