"""Dice box firmware for a Raspberry Pi Pico (MicroPython): throw buttons, pip lamps, serial dice protocol v1.

Copy this file and ``dice_protocol.py`` to the Pico (``mpremote cp main.py dice_protocol.py :``) and plug it
into the Raspberry Pi with a USB cable. Each throw button throws its die, the "throw all" button throws every
die; the box sends each roll twice to the app, a heartbeat every second, its HELLO at start and whenever the
app asks, and lights the ready lamp while the app wants a roll. Wiring: ``hardware/wiring.md`` (dice box).

Ctrl-C from a serial terminal stops the firmware and gives the MicroPython prompt; Ctrl-D starts it again.
The app never sends Ctrl-C.
"""

import os
import select
import sys
import time

import machine
from dice_protocol import (
    ASK_HELLO,
    READY_OFF,
    READY_ON,
    Debounce,
    DiceBox,
    LineReader,
    parse_command,
    pips,
    ticks_diff,
)

# ---- Settings: change these for your box ------------------------------------------------------------------
NAME = "dicebox"  # shown by the app; 1 to 24 letters, digits, '_', '.' or '-'
DICE = "1-6,1-6"  # two ordinary six-sided dice (the classic editions)
# DICE = "silver:1-6,green:1-3"  # The Mandalorian: the silver die and the green die (1 to 3)
# DICE = "red:1-6,yellow:1-6,green:1-6,blue:1-6"  # MONOPOLY GO!: one die per player colour
THROW_PINS = (2, 3, 4, 5)  # GP numbers of the throw buttons, one per die in the order of DICE
THROW_ALL_PIN = 6  # the "throw all" button
READY_PIN = 7  # the ready lamp: lit while the app wants a roll
SHOW_PIPS = True  # False when no pip lamps are fitted (the values still go to the app)
# Pip lamps per die: centre, diagonal pair, other diagonal pair, middle pair (see PIP_GROUPS in dice_protocol)
PIP_PINS = ((10, 11, 12, 13), (14, 15, 16, 17), (18, 19, 20, 21), (22, 26, 27, 28))
LINK = "usb"  # "usb": USB serial to the Pi; "uart": UART0 on GP0 (TX) and GP1 (RX) to the Pi's header
BAUDRATE = 115200  # for LINK = "uart" (USB serial ignores it)
BEAT_MS = 1000  # a heartbeat at least this often
STATUS_BLINK_MS = 40  # the on-board lamp flashes this long with each heartbeat
DEBOUNCE_MS = 30
# -----------------------------------------------------------------------------------------------------------


class UsbLink:
    """The Pico's USB serial port (what MicroPython's sys.stdin and sys.stdout are connected to)."""

    def __init__(self) -> None:
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._in = getattr(sys.stdin, "buffer", sys.stdin)
        self._out = getattr(sys.stdout, "buffer", sys.stdout)

    def read(self) -> bytes:
        """The bytes waiting now (at most 64, so the buttons are never kept waiting)."""
        data = b""
        while len(data) < 64 and self._poll.poll(0):
            data += self._in.read(1)
        return data

    def write(self, line: bytes) -> None:
        """Send one complete line."""
        self._out.write(line)


class UartLink:
    """UART0 on GP0 (TX) and GP1 (RX): for a box wired to the Pi's header pins instead of USB."""

    def __init__(self) -> None:
        self._uart = machine.UART(0, baudrate=BAUDRATE, tx=machine.Pin(0), rx=machine.Pin(1))

    def read(self) -> bytes:
        """The bytes waiting now."""
        if not self._uart.any():
            return b""
        return self._uart.read() or b""

    def write(self, line: bytes) -> None:
        """Send one complete line."""
        self._uart.write(line)


class Firmware:
    """One pass of :meth:`step` reads the app's commands, the buttons and the clock, and answers."""

    def __init__(self, box: DiceBox, link, throw_pins: list, throw_all_pin, ready_lamp, status_lamp,
                 pip_lamps: list) -> None:
        self.box = box
        self.link = link
        self.throw_pins = throw_pins
        self.throw_all_pin = throw_all_pin
        self.ready_lamp = ready_lamp
        self.status_lamp = status_lamp
        self.pip_lamps = pip_lamps
        self.reader = LineReader()
        self.debounce = [Debounce(DEBOUNCE_MS) for _ in range(len(throw_pins) + 1)]
        self.last_beat = None

    def start(self, now_ms: int) -> None:
        """Say hello (lost if the app has not opened the port yet; it asks again when it does)."""
        self.link.write(self.box.hello)
        self.last_beat = now_ms

    def step(self, now_ms: int) -> None:
        """Answer the app's commands, throw for each counted press (the line twice), and beat once a second."""
        for line in self.reader.feed(self.link.read()):
            command = parse_command(line)
            if command == ASK_HELLO:
                self.link.write(self.box.hello)
            elif command in (READY_ON, READY_OFF):
                self.ready_lamp.value(1 if command == READY_ON else 0)
        buttons = list(self.throw_pins) + [self.throw_all_pin]
        pressed = [n for n, pin in enumerate(buttons) if self.debounce[n].update(pin.value() == 0, now_ms)]
        which = list(range(len(self.throw_pins))) if len(self.throw_pins) in pressed else pressed
        if which:
            values, line = self.box.throw(which)
            self.link.write(line)
            self.link.write(line)  # the copy: a repeated seq is ignored by the app, a lost line is covered
            self.show(values)
        since = ticks_diff(now_ms, self.last_beat)
        if since >= BEAT_MS:
            self.link.write(self.box.beat())
            self.last_beat = now_ms
            self.status_lamp.value(1)
        elif since >= STATUS_BLINK_MS:
            self.status_lamp.value(0)

    def show(self, values: list) -> None:
        """Light each die's pips; a die not thrown this time goes dark."""
        for lamps, value in zip(self.pip_lamps, values):  # MicroPython's zip() takes no strict=; extra dice stay dark
            for lamp, lit in zip(lamps, pips(value)):
                lamp.value(1 if lit else 0)


def random_byte() -> int:
    """A byte from the chip's hardware random source (the RP2040's ring oscillator)."""
    return os.urandom(1)[0]


def build() -> Firmware:
    """The firmware on the real pins, as set at the top of this file."""
    box = DiceBox(NAME, DICE, random_byte)
    count = len(box.dice)
    if count > len(THROW_PINS):
        raise ValueError("DICE has %d dice but THROW_PINS only %d pins" % (count, len(THROW_PINS)))
    pull_up = machine.Pin.PULL_UP
    throw_pins = [machine.Pin(n, machine.Pin.IN, pull_up) for n in THROW_PINS[:count]]
    throw_all_pin = machine.Pin(THROW_ALL_PIN, machine.Pin.IN, pull_up)
    ready_lamp = machine.Pin(READY_PIN, machine.Pin.OUT, value=0)
    try:
        status_lamp = machine.Pin("LED", machine.Pin.OUT, value=0)  # Pico and Pico W alike
    except (TypeError, ValueError):
        status_lamp = machine.Pin(25, machine.Pin.OUT, value=0)  # older MicroPython on a plain Pico
    pip_lamps = []
    if SHOW_PIPS:
        pip_lamps = [[machine.Pin(n, machine.Pin.OUT, value=0) for n in group] for group in PIP_PINS[:count]]
    link = UartLink() if LINK == "uart" else UsbLink()
    return Firmware(box, link, throw_pins, throw_all_pin, ready_lamp, status_lamp, pip_lamps)


def main() -> None:
    """Run the box: hello, then a pass of the loop every millisecond or so, for ever."""
    firmware = build()
    firmware.start(time.ticks_ms())
    while True:
        firmware.step(time.ticks_ms())
        time.sleep_ms(1)


if __name__ == "__main__":
    main()
