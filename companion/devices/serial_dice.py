"""Rolls from an electronic dice device on a serial port (protocol v1, see :mod:`companion.devices.protocol`).

One daemon thread owns the port. It opens the configured port (a path, any pyserial URL such as ``loop://`` or
``socket://host:port``, or ``auto``: every USB serial port with one of the configured ids), asks ``HELLO?`` and
uses the port only if a version-1 hello comes back within ``hello_timeout``: a USB gadget that is not a dice
device is closed again, and in ``auto`` not opened again until it has been unplugged (opening an Arduino resets
it). It then hands every new roll to ``offer`` once, as a :class:`DiceRoll`
with the dice that were thrown. A read or write error, or ``silence_timeout`` seconds without a line, counts as an
unplugged device: the port is closed, the status says so, and the port (or any matching port, in ``auto``) is
tried again every ``retry_every`` seconds until the device is back. Nothing in the thread ever raises; every
event is logged on ``companion.devices.serial``.
"""

from __future__ import annotations

import errno
import logging
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

import serial
from serial.tools import list_ports

from companion.devices.config import SerialConfig
from companion.devices.protocol import DiceLink, Hello, LineAssembler, Roll, frame
from companion.devices.rolls import DiceRoll
from companion.devices.rolls import unable as dice_unable
from companion.dice import RollNeed

log = logging.getLogger("companion.devices.serial")

READ_TIMEOUT = 0.1  # how often the thread looks up from a quiet port (stop, silence)
WRITE_TIMEOUT = 0.5
STOP_WAIT = 2.0


class Port(Protocol):
    """What the thread uses of a pyserial port."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes, /) -> int | None: ...

    def close(self) -> None: ...


Opener = Callable[..., Any]  # called as opener(port, baudrate=..., timeout=..., write_timeout=...) -> Port


def usb_ports(usb_ids: tuple[str, ...]) -> list[str]:
    """The USB serial ports whose ``vvvv:pppp`` id is in ``usb_ids`` (every USB serial port when it is empty)."""
    return sorted(p.device for p in list_ports.comports() if p.vid is not None and p.pid is not None
                  and (not usb_ids or f"{p.vid:04x}:{p.pid:04x}" in usb_ids))


def describe(hello: Hello) -> str:
    """The device's dice in words: ``2 dice (1-6, 1-6)``, ``2 dice (silver 1-6, green 1-3)``."""
    dice = ", ".join(f"{d.colour} {d.lo}-{d.hi}" if d.colour else f"{d.lo}-{d.hi}" for d in hello.dice)
    return f"{len(hello.dice)} {'die' if len(hello.dice) == 1 else 'dice'} ({dice})"


class SerialDice:
    """A :class:`~companion.devices.rolls.DiceSource` reading a dice device; see the module docstring."""

    kind = "serial"

    def __init__(self, config: SerialConfig, opener: Opener = serial.serial_for_url,
                 ports: Callable[[], list[str]] | None = None,
                 on_status: Callable[[str], object] | None = None) -> None:
        self.config = config
        self._opener = opener
        self._ports = ports or (lambda: usb_ports(config.usb_ids))
        self._on_status = on_status
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._offer: Callable[[DiceRoll], object] = lambda roll: None
        self._port: Port | None = None
        self._port_name = ""
        self._wanted: bool | None = None
        self._last_failure = ""
        self._strangers: set[str] = set()  # auto: listed ports that did not say hello, left alone while listed
        self.link = DiceLink()  # the link of the device connected now (or last): its hello and counters
        self._hello: Hello | None = None  # set while a device that said hello is connected
        self._status = self._searching()

    # -- what the app reads -------------------------------------------------------------------------------------

    @property
    def status(self) -> str:
        """A short sentence for the players about the device."""
        return self._status

    @property
    def connected(self) -> bool:
        """A device has said hello on an open port."""
        return self._hello is not None

    @property
    def running(self) -> bool:
        """The reader thread is alive."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def label(self) -> str:
        """``dice device 'tower' on /dev/ttyACM0`` when connected, else the port it is looked for on."""
        hello = self._hello
        if hello is not None:
            return f"dice device '{hello.name}' on {self._port_name}"
        return "dice device on a USB port" if self.config.port == "auto" else f"dice device on {self.config.port}"

    def on_status(self, hook: Callable[[str], object] | None) -> None:
        """Call ``hook`` with the new status (from the reader thread) whenever it changes."""
        self._on_status = hook

    def unable(self, need: RollNeed) -> list[str]:
        """Every reason the connected device cannot roll ``need``; one reason when no device is connected."""
        hello = self._hello
        if hello is None:
            return [f"The {self.label} is not connected."]
        return dice_unable(need, hello.dice, self.label)

    # -- what the app tells it ----------------------------------------------------------------------------------

    def start(self, offer: Callable[[DiceRoll], object]) -> None:
        """Start the reader thread; ``offer`` is called from it with each new roll."""
        if self.running:
            raise RuntimeError("the serial dice reader is already running")
        self._offer = offer
        self._stopping = threading.Event()
        self._set_status(self._searching())
        self._thread = threading.Thread(target=self._run, name="serial-dice", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop the reader thread (it notices within :data:`READ_TIMEOUT`) and let go of the port."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(STOP_WAIT)
            if self._thread.is_alive():
                log.warning("the serial dice reader did not stop within %s s", STOP_WAIT)
        self._close()
        self._set_status("Dice device not in use")

    def ready(self, wanted: bool) -> None:
        """Tell the device whether a roll is wanted (``READY 1`` / ``READY 0``); remembered for a reconnect."""
        self._wanted = wanted
        self._send_ready()

    # -- the reader thread ----------------------------------------------------------------------------------------

    def _run(self) -> None:
        """Try every candidate port, serve the one that says hello until it is lost, wait, and again."""
        while not self._stopping.is_set():
            for name in self._candidates():
                if self._stopping.is_set():
                    break
                try:
                    self._attempt(name)
                except Exception:  # a bug must not end the thread: the table would silently lose its dice
                    log.exception("unexpected error with the dice device on %s", name)
                    self._close()
            self._stopping.wait(self.config.retry_every)
        log.info("serial dice reader stopped")

    def _candidates(self) -> list[str]:
        if self.config.port != "auto":
            return [self.config.port]
        try:
            listed = self._ports()
        except Exception:
            log.exception("could not list the serial ports")
            return []
        self._strangers &= set(listed)
        return [name for name in listed if name not in self._strangers]

    def _attempt(self, name: str) -> None:
        """Open ``name``, serve it while it answers, then close it and say what happened."""
        try:
            port = self._opener(name, baudrate=self.config.baudrate, timeout=READ_TIMEOUT,
                                write_timeout=WRITE_TIMEOUT)
        except (serial.SerialException, OSError, ValueError) as exc:
            self._failed(f"cannot open {name}: {exc}")
            if getattr(exc, "errno", None) == errno.EACCES:  # the usual first-day trouble on a Pi
                self._set_status(f"The app may not open {name}: add its user to the 'dialout' group")
            return
        with self._lock:
            self._port, self._port_name = port, name
        link = DiceLink()
        try:
            ending = self._serve(port, link)
        finally:
            was = self._hello
            self._close()
        self._last_failure = ""
        if ending == "no-hello":
            versions = " (it speaks another protocol version)" if link.malformed["bad-version"] else ""
            log.info("%s did not say hello within %s s%s: not used", name, self.config.hello_timeout, versions)
            if self.config.port == "auto":
                self._strangers.add(name)
                log.info("%s will not be opened again until it is unplugged", name)
            else:
                self._set_status(f"The device on {name} does not answer as a dice device{versions}: trying again…")
        elif was is not None and ending == "silent":
            log.warning("dice device '%s' on %s said nothing for %s s", was.name, name, self.config.silence_timeout)
            self._set_status("Dice device stopped answering: looking for it again")
        elif was is not None and ending == "lost":
            self._set_status("Dice device unplugged: looking for it again")

    def _serve(self, port: Port, link: DiceLink) -> str:
        """Read lines until the port fails (``lost``), no hello comes in time (``no-hello``), a connected device
        falls silent (``silent``) or the source is stopped (``stopped``)."""
        assembler = LineAssembler()
        opened = heard = time.monotonic()
        try:
            port.write(frame("HELLO?"))
            while not self._stopping.is_set():
                data = port.read(port.in_waiting or 1)
                now = time.monotonic()
                for line in assembler.feed(data):
                    heard = now
                    self._receive(link, line)
                if link.hello is None and now - opened > self.config.hello_timeout:
                    return "no-hello"
                if link.hello is not None and now - heard > self.config.silence_timeout:
                    return "silent"
        except (serial.SerialException, OSError) as exc:
            log.warning("dice device port %s failed: %s", self._port_name, exc)
            return "lost"
        return "stopped"

    def _receive(self, link: DiceLink, line: bytes) -> None:
        """One line: log what the link noted, announce a (new) hello, offer a new roll."""
        problems = sum(link.malformed.values()) + link.lost
        roll = link.receive(line)
        if sum(link.malformed.values()) + link.lost != problems:
            log.info("dice device on %s: %s", self._port_name, link.log[-1])
        if link.hello is not None and link.hello != self._hello:
            self._connected(link, link.hello)
        if roll is not None and link.hello is not None:
            self._deliver(link.hello, roll)

    def _connected(self, link: DiceLink, hello: Hello) -> None:
        """A device said hello (or a new hello): show it, and repeat the last READY it missed."""
        self.link, self._hello = link, hello
        log.info("dice device '%s' on %s: %s", hello.name, self._port_name, describe(hello))
        self._set_status(f"Dice device '{hello.name}' on {self._port_name}: {describe(hello)}")
        self._send_ready()

    def _deliver(self, hello: Hello, roll: Roll) -> None:
        thrown = [(die, value) for die, value in zip(hello.dice, roll.values, strict=True) if value is not None]
        offered = DiceRoll(values=tuple(v for _, v in thrown), source="serial", dice=tuple(d for d, _ in thrown),
                           detail=f"{hello.name} roll {roll.seq}")
        log.info("roll %s from '%s': %s", roll.seq, hello.name, ",".join(map(str, offered.values)))
        try:
            self._offer(offered)
        except Exception:
            log.exception("the app failed to take roll %s from the dice device", roll.seq)

    # -- helpers --------------------------------------------------------------------------------------------------

    def _send_ready(self) -> None:
        """Write the latest READY to a connected device. Read and written under the lock, so the last line sent
        is the latest wish even when the app and the reader send at once. A write error is only logged: the
        reader notices a lost device by itself."""
        with self._lock:
            port, wanted = self._port, self._wanted
            if port is None or self._hello is None or wanted is None:
                return
            try:
                port.write(frame(f"READY {int(wanted)}"))
            except (serial.SerialException, OSError) as exc:
                log.info("could not write to the dice device: %s", exc)

    def _close(self) -> None:
        with self._lock:
            port, self._port, self._hello = self._port, None, None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError) as exc:
                log.debug("closing the dice port: %s", exc)

    def _failed(self, why: str) -> None:
        """Log a failure to open once, not on every retry."""
        if why != self._last_failure:
            log.info("%s (retrying every %s s)", why, self.config.retry_every)
            self._last_failure = why

    def _searching(self) -> str:
        if self.config.port == "auto":
            return "Looking for a dice device on the USB ports…"
        return f"Looking for the dice device on {self.config.port}…"

    def _set_status(self, text: str) -> None:
        with self._lock:
            if text == self._status:
                return
            self._status = text
        hook = self._on_status
        if hook is not None:
            try:
                hook(text)
            except Exception:
                log.exception("the status hook failed")
