"""A dice device in software, speaking protocol v1 (:mod:`companion.devices.protocol`) as the firmware does.

It says ``HELLO`` as soon as it is plugged in (an app connects) and whenever asked (``HELLO?``), sends ``BEAT``
every second with the ``seq`` of its last roll, sends every roll twice (the app counts it once), numbers rolls
1 to 65535 and then from 1 again, and notes ``READY 1`` / ``READY 0``. Lines from the app with a wrong checksum,
and anything else, are ignored. Random throws use :mod:`secrets`.

Tests plug it into a pty master, a socket or any pyserial port through a :class:`Wire`. As a program it serves
the app on a TCP port (``socket://`` URLs, one client at a time)::

    python -m companion.devices.simulator --listen 7777 --dice 1-6,1-6 --name sim
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import select
import socket
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from companion.devices.protocol import MAX_SEQ, NAME, VERSION, DeviceDie, LineAssembler, Roll, dice_spec, frame, unframe

POLL = 0.1  # how often a serving device looks up from a quiet wire


class Wire(Protocol):
    """A byte channel to the app. ``recv`` raises OSError once the other end has gone."""

    def recv(self, timeout: float) -> bytes:
        """Whatever arrives within ``timeout`` seconds (``b""`` if nothing)."""
        ...

    def send(self, data: bytes) -> None:
        """Send every byte of ``data``."""
        ...


class FdWire:
    """A file descriptor, such as the master side of a pseudo-terminal. A line that does not fit in the
    terminal's buffer (no app is reading) is dropped, as a real serial line drops it."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        os.set_blocking(fd, False)

    def recv(self, timeout: float) -> bytes:
        if not select.select([self.fd], [], [], timeout)[0]:
            return b""
        data = os.read(self.fd, 4096)
        if not data:
            raise ConnectionError("the other end closed")
        return data

    def send(self, data: bytes) -> None:
        with contextlib.suppress(BlockingIOError):
            os.write(self.fd, data)


class SocketWire:
    """A connected socket (the simulator's side of an app's ``socket://`` URL)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    def recv(self, timeout: float) -> bytes:
        if not select.select([self.sock], [], [], timeout)[0]:
            return b""
        data = self.sock.recv(4096)
        if not data:
            raise ConnectionError("the app closed the connection")
        return data

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)


class SerialWire:
    """Any open pyserial port (its errors are OSErrors)."""

    def __init__(self, port: Any) -> None:
        self.port = port

    def recv(self, timeout: float) -> bytes:
        if self.port.timeout != timeout:
            self.port.timeout = timeout
        return bytes(self.port.read(self.port.in_waiting or 1))

    def send(self, data: bytes) -> None:
        self.port.write(data)


class DiceDevice:
    """The device: its dice, name and roll counter, plugged into at most one wire at a time."""

    def __init__(self, dice: tuple[DeviceDie, ...], name: str = "sim", beat_every: float = 1.0, copies: int = 2,
                 report: Callable[[str], object] = lambda text: None) -> None:
        self.dice = dice
        self.name = name
        self.beat_every = beat_every
        self.copies = copies
        self.report = report
        self.seq = 0
        self.ready = False
        self._wire: Wire | None = None
        self._lock = threading.Lock()

    @property
    def connected(self) -> bool:
        """The device is plugged into a wire."""
        return self._wire is not None

    def hello(self) -> bytes:
        """The hello line, e.g. ``HELLO 1 sim 1-6,1-6*XX``."""
        return frame(f"HELLO {VERSION} {self.name} {','.join(map(str, self.dice))}")

    def throw(self, values: Sequence[int | None] | None = None) -> Roll:
        """Throw every die at random, or show ``values`` (``None`` for a die left out), and send the roll line
        ``copies`` times, back to back.

        Raises ValueError when ``values`` is not one value (or ``None``) per die, each one the die can show.
        """
        if values is None:
            values = [secrets.choice(die.values) for die in self.dice]
        if len(values) != len(self.dice) or all(v is None for v in values):
            raise ValueError(f"give one value per die ({len(self.dice)}), at least one of them thrown")
        for n, (die, value) in enumerate(zip(self.dice, values, strict=True), start=1):
            if value is not None and value not in die.values:
                raise ValueError(f"die {n} shows {die.lo} to {die.hi}, not {value}")
        with self._lock:  # no beat may name this roll before the roll itself is out
            self.seq = self.seq % MAX_SEQ + 1
            roll = Roll(self.seq, tuple(values))
            self._write(frame(f"ROLL {roll.seq} {','.join('-' if v is None else str(v) for v in values)}")
                        * self.copies)
        return roll

    def serve(self, wire: Wire, stop: threading.Event) -> None:
        """Be plugged into ``wire`` until it closes or ``stop`` is set: say hello, answer the app, beat."""
        with self._lock:
            self._wire = wire
        assembler = LineAssembler()
        next_beat = time.monotonic()
        try:
            self._send(self.hello())
            while not stop.is_set():
                now = time.monotonic()
                if now >= next_beat:
                    with self._lock:
                        self._write(frame(f"BEAT {self.seq}"))
                    next_beat = now + self.beat_every
                for line in assembler.feed(wire.recv(min(POLL, next_beat - now))):
                    self._answer(line)
        except OSError as exc:
            self.report(f"The app went away ({exc}).")
        finally:
            with self._lock:
                self._wire = None

    def _answer(self, line: bytes) -> None:
        body = unframe(line)
        if body == "HELLO?":
            self._send(self.hello())
        elif body in ("READY 1", "READY 0"):
            self.ready = body == "READY 1"
            self.report("The app wants a roll." if self.ready else "The app wants no roll now.")

    def _send(self, data: bytes) -> None:
        """Send whole lines: lines from different threads never mix."""
        with self._lock:
            self._write(data)

    def _write(self, data: bytes) -> None:
        """Send ``data`` if plugged in (the caller holds the lock); a failure is left to ``serve`` to notice."""
        with contextlib.suppress(OSError):
            if self._wire is not None:
                self._wire.send(data)


def command(device: DiceDevice, text: str) -> str:
    """Carry out one line typed at the simulator and say what happened.

    Empty: throw all dice. A number N: throw N times. ``=3,4``: show these values (``?`` random, ``-`` not thrown).
    """
    text = text.strip()
    try:
        if text.isdigit():
            rolls = [device.throw() for _ in range(int(text))]
        elif text.startswith("="):
            rolls = [device.throw(_values(text[1:], device.dice))]
        elif not text:
            rolls = [device.throw()]
        else:
            return "Type Enter, a number of rolls, or =values such as =3,4 (? random, - not thrown)."
    except ValueError as exc:
        return f"Not thrown: {exc}."
    heard = "" if device.connected else " (no app is connected: nobody saw it)"
    return "\n".join(f"Roll {r.seq}: {','.join('-' if v is None else str(v) for v in r.values)}{heard}"
                     for r in rolls)


def _values(spec: str, dice: tuple[DeviceDie, ...]) -> list[int | None]:
    """``3,?,-`` as values: a number as it is, ``?`` drawn at random, ``-`` for a die not thrown."""
    words = spec.split(",")
    if len(words) != len(dice):
        raise ValueError(f"give {len(dice)} values, one per die")
    if not all(w in ("?", "-") or w.isdigit() for w in words):
        raise ValueError("values are numbers, ? (random) or - (not thrown)")
    return [None if w == "-" else secrets.choice(d.values) if w == "?" else int(w)
            for w, d in zip(words, dice, strict=True)]


def main(argv: list[str] | None = None) -> int:
    """Run the simulator until Ctrl-C (or ``q``)."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        server = socket.create_server((args.host, args.listen))
    except OSError as exc:
        parser.error(f"cannot listen on {args.host}:{args.listen}: {exc}")
    device = DiceDevice(args.dice, args.name, report=lambda text: print(text, flush=True))
    stop = threading.Event()
    threading.Thread(target=_accept, args=(server, device, stop), daemon=True).start()
    print(f"Dice device '{args.name}' with dice {','.join(map(str, args.dice))} (protocol {VERSION}).\n"
          "Tell the app where it is, in the [serial] section of devices.toml: "
          f'port = "socket://{args.host}:{server.getsockname()[1]}"\n'
          "Enter: throw all dice · a number: throw that many times · =3,4: these values (? random, - not thrown)"
          " · q: quit", flush=True)
    if args.every:
        threading.Thread(target=_every, args=(device, args.every, stop), daemon=True).start()
    try:
        for line in sys.stdin:
            if line.strip() in ("q", "quit"):
                break
            print(command(device, line), flush=True)
        else:
            if args.every:
                stop.wait()
    except KeyboardInterrupt:
        pass
    stop.set()
    return 0


def _accept(server: socket.socket, device: DiceDevice, stop: threading.Event) -> None:
    """Serve one app at a time; the next one is accepted when the first goes away. Closes ``server`` on stop."""
    server.settimeout(POLL)
    with server:
        while not stop.is_set():
            try:
                conn, peer = server.accept()
            except TimeoutError:
                continue
            device.report(f"App connected from {peer[0]}:{peer[1]}.")
            with conn:
                device.serve(SocketWire(conn), stop)


def _every(device: DiceDevice, seconds: float, stop: threading.Event) -> None:
    while not stop.wait(seconds):
        device.report(command(device, ""))


def _parser() -> argparse.ArgumentParser:
    def dice(text: str) -> tuple[DeviceDie, ...]:
        found = dice_spec(text)
        if found is None:
            raise argparse.ArgumentTypeError("give dice like 1-6,1-6 or silver:1-6,green:1-3 (at most 8)")
        return found

    def name(text: str) -> str:
        if not NAME.fullmatch(text):
            raise argparse.ArgumentTypeError("use 1 to 24 letters, digits, '.', '_' or '-'")
        return text

    parser = argparse.ArgumentParser(
        prog="python -m companion.devices.simulator",
        description="A software dice device for the companion app: it speaks the serial dice protocol "
                    "(hardware/serial-protocol.md), sends each roll twice and a beat every second.")
    parser.add_argument("--listen", type=int, metavar="TCP_PORT", required=True,
                        help="serve the app on this TCP port (0: any free port); the app's port is then "
                             "socket://HOST:TCP_PORT")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: %(default)s)")
    parser.add_argument("--dice", type=dice, default="1-6,1-6",
                        help="the device's dice, e.g. 1-6,1-6 or silver:1-6,green:1-3 (default: %(default)s)")
    parser.add_argument("--name", type=name, default="sim", help="the device's name (default: %(default)s)")
    parser.add_argument("--every", type=float, metavar="SECONDS",
                        help="also throw all dice by itself every SECONDS seconds")
    return parser


if __name__ == "__main__":
    sys.exit(main())
