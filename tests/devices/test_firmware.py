"""The reference dice box firmware speaks the app's protocol, and the hardware documents match the pin map.

``hardware/firmware/pico/dice_protocol.py`` is MicroPython that also runs under CPython: every line it builds is
read here by the app's own parser (``companion.devices.protocol``), and every command the app frames is read by
it. ``main.py`` is driven with fake pins and a fake serial link. The wiring table is checked against
``hardware/devices.toml`` and against the Raspberry Pi's 40-pin header.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import tomllib
import types
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.devices.protocol import Beat, DeviceDie, DiceLink, Hello, Roll, frame, parse_line

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"
PICO = HARDWARE / "firmware" / "pico"
D6 = DeviceDie(1, 6)

# The 40-pin header: BCM GPIO number -> physical pin (Raspberry Pi 2 and later, Zero included).
HEADER = {2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19, 9: 21, 25: 22,
          11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40}


def load(name: str, path: Path) -> types.ModuleType:
    """Import a firmware file by its path (the firmware folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


dp = load("dice_protocol", PICO / "dice_protocol.py")


def byte_source(*values: int) -> Callable[[], int]:
    """A stand-in for the hardware random source that hands out ``values`` in order."""
    pending = list(values)
    return lambda: pending.pop(0)


def read(line: bytes) -> object:
    """What the app makes of one line the firmware built (the newline is the app's line end)."""
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    return parse_line(line[:-1])


def test_hello_for_two_plain_dice() -> None:
    """The default box: two six-sided dice without colours. XOR of the body's 23 bytes, worked out by hand: 01."""
    box = dp.DiceBox("dicebox", "1-6,1-6", byte_source())
    assert box.hello == b"HELLO 1 dicebox 1-6,1-6*01\n"
    assert read(box.hello) == Hello(1, "dicebox", (D6, D6))


def test_hello_for_the_mandalorian_and_monopoly_go_dice() -> None:
    mando = dp.DiceBox("mando-box", "silver:1-6,green:1-3", byte_source())
    assert read(mando.hello) == Hello(1, "mando-box", (DeviceDie(1, 6, "silver"), DeviceDie(1, 3, "green")))
    go = dp.DiceBox("go", "red:1-6,yellow:1-6,green:1-6,blue:1-6", byte_source())
    assert read(go.hello) == Hello(1, "go", tuple(DeviceDie(1, 6, c) for c in ("red", "yellow", "green", "blue")))


@pytest.mark.parametrize(("name", "spec"), [
    ("dice box", "1-6"), ("", "1-6"), ("x" * 25, "1-6"),  # names the app would refuse
    ("box", "6-1"), ("box", "1-100"), ("box", "Silver:1-6"), ("box", "1-6," * 8 + "1-6"), ("box", "1-6,"),
    ("a-very-long-name-indeed", ",".join(["yellow:1-6"] * 7)),  # a hello over 96 bytes
])
def test_a_box_the_app_could_not_read_refuses_to_start(name: str, spec: str) -> None:
    with pytest.raises(ValueError):
        dp.DiceBox(name, spec, byte_source())


def test_rolls_with_every_die_or_only_some_parse_to_the_values_thrown() -> None:
    """Random bytes 2 and 4 give 1 + 2 % 6 = 3 and 1 + 4 % 6 = 5; a die not thrown is ``-``."""
    box = dp.DiceBox("dicebox", "1-6,1-6", byte_source(2, 4, 11))
    values, line = box.throw([0, 1])
    assert values == [3, 5] and line == b"ROLL 1 3,5*06\n"
    assert read(line) == Roll(1, (3, 5))
    values, line = box.throw([1])  # 1 + 11 % 6 = 6
    assert values == [None, 6] and read(line) == Roll(2, (None, 6))


def test_the_green_die_shows_one_to_three_without_bias() -> None:
    """Three faces: bytes 255 and up are redrawn (255 = 3 x 85), so 254 % 3 + 1 = 3 and then 7 % 3 + 1 = 2."""
    box = dp.DiceBox("mando", "silver:1-6,green:1-3", byte_source(254, 255, 7))
    assert read(box.throw([1])[1]) == Roll(1, (None, 3))
    assert read(box.throw([1])[1]) == Roll(2, (None, 2))
    assert dp.roll_die(1, 6, byte_source(252, 253, 254, 255, 0)) == 1  # 252 = 6 x 42: the four above redrawn


def test_beats_name_the_last_roll() -> None:
    box = dp.DiceBox("dicebox", "1-6,1-6", byte_source(0, 0, 0, 0))
    assert box.beat() == b"BEAT 0*02\n" and read(box.beat()) == Beat(0)
    box.throw([0, 1])
    box.throw([0, 1])
    assert read(box.beat()) == Beat(2)


def test_seq_runs_to_65535_then_starts_again_at_1() -> None:
    box = dp.DiceBox("dicebox", "1-6,1-6", byte_source(5, 5, 0, 0))
    box.seq = 65534
    assert read(box.throw([0, 1])[1]) == Roll(65535, (6, 6))
    assert read(box.throw([0, 1])[1]) == Roll(1, (1, 1))
    assert read(box.beat()) == Beat(1)
    assert [dp.next_seq(s) for s in (0, 1, 65534, 65535)] == [1, 2, 65535, 1]


def test_a_roll_sent_twice_counts_once_and_no_roll_is_reported_lost() -> None:
    """What the app's link makes of a session: hello, a roll and its copy, a beat naming it."""
    box = dp.DiceBox("dicebox", "1-6,1-6", byte_source(0, 5))
    _, roll = box.throw([0, 1])
    link = DiceLink()
    received = [link.receive(line[:-1]) for line in (box.hello, roll, roll, box.beat())]
    assert received == [None, Roll(1, (1, 6)), None, None]
    assert (link.repeats, link.lost, sum(link.malformed.values())) == (1, 0, 0)


@pytest.mark.parametrize(("line", "command"), [
    (frame("HELLO?"), "HELLO?"),
    (frame("READY 1"), "READY 1"),
    (frame("READY 0"), "READY 0"),
    (b"READY 1*5A\r\n", "READY 1"),  # a carriage return before the newline is ignored
    (b"HELLO?*7d\n", "HELLO?"),  # lower-case hex is accepted, as the app accepts it
])
def test_the_firmware_reads_the_apps_commands(line: bytes, command: str) -> None:
    assert dp.parse_command(line[:-1]) == command


@pytest.mark.parametrize("line", [
    b"HELLO?*7E", b"READY 1*5B", b"READY 1*5", b"READY 1*5AA", b"READY 1", b"READY 1 *5A",  # checksums
    frame("READY 2")[:-1], frame("HELLO")[:-1], frame("ROLL 1 3,5")[:-1], b"", b"*00",  # not host commands
    "HELLO?*7D".encode("utf-16"), b"\xff\xfe*01",  # not ASCII
])
def test_the_firmware_ignores_anything_else(line: bytes) -> None:
    assert dp.parse_command(line) is None


def test_lines_from_the_app_are_cut_at_newlines_and_an_overlong_line_is_dropped_whole() -> None:
    reader = dp.LineReader()
    assert reader.feed(b"HELLO?*7") == []
    assert reader.feed(b"D\nREADY 1*5A\nREA") == [b"HELLO?*7D", b"READY 1*5A"]
    assert reader.feed(b"DY 0*5B\n") == [b"READY 0*5B"]
    assert reader.feed(b"X" * 200 + b"HELLO?*7D\nHELLO?*7D\n") == [b"HELLO?*7D"]


def test_a_bouncing_press_counts_once_and_a_held_button_does_not_repeat() -> None:
    """Window 30 ms: edges at 0, 2, 4, 6 and 8 ms are one press; the next press after 30 quiet ms counts."""
    button = dp.Debounce(30)
    train = [button.update(down, ms) for ms, down in ((0, True), (2, False), (4, True), (6, False), (8, True))]
    assert train == [True, False, False, False, False]
    assert [button.update(True, ms) for ms in range(9, 2000, 50)] == [False] * 40  # held: no repeats
    assert button.update(False, 2000) is False
    assert button.update(True, 2020) is False  # 20 ms after the release: still bouncing
    assert button.update(False, 2030) is False
    assert button.update(True, 2061) is True  # 31 quiet ms


def test_debounce_survives_the_millisecond_clock_wrapping() -> None:
    button = dp.Debounce(30)
    assert button.update(True, dp.TICKS_PERIOD - 50)
    assert not button.update(False, dp.TICKS_PERIOD - 40)
    assert button.update(True, 5)  # 45 ms later, across the wrap
    assert dp.ticks_diff(5, dp.TICKS_PERIOD - 40) == 45


def test_each_face_lights_as_many_pips_as_its_value() -> None:
    """Pip groups hold 1, 2, 2 and 2 pips; a die not thrown is dark."""
    sizes = (1, 2, 2, 2)
    assert [sum(n for n, lit in zip(sizes, dp.pips(v), strict=True) if lit) for v in range(1, 7)] == [1, 2, 3, 4, 5, 6]
    assert dp.pips(None) == dp.pips(7) == (False, False, False, False)


class FakePin:
    """A pin: an input reads ``level`` (1 = released, with the pull-up); an output records what it was set to."""

    def __init__(self, level: int = 1) -> None:
        self.level = level

    def value(self, level: int | None = None) -> int:
        if level is not None:
            self.level = level
        return self.level


class FakeLink:
    """The serial link: what the app sent waits in ``incoming``; what the box wrote is in ``sent``."""

    def __init__(self) -> None:
        self.incoming = b""
        self.sent: list[bytes] = []

    def read(self) -> bytes:
        data, self.incoming = self.incoming, b""
        return data

    def write(self, line: bytes) -> None:
        self.sent.append(line)


@pytest.fixture
def firmware(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``main.py``'s Firmware for a two-dice box on fake pins (``machine`` exists only on the Pico)."""
    monkeypatch.setitem(sys.modules, "machine", types.ModuleType("machine"))
    monkeypatch.setitem(sys.modules, "dice_protocol", dp)
    main = load("pico_main", PICO / "main.py")
    box = dp.DiceBox("dicebox", "1-6,1-6", byte_source(3, 0))
    pips = [[FakePin(0) for _ in range(4)] for _ in range(2)]
    fw = main.Firmware(box, FakeLink(), [FakePin(), FakePin()], FakePin(), FakePin(0), FakePin(0), pips)
    fw.start(0)
    yield fw


def test_the_box_says_hello_at_start_and_when_asked(firmware: Any) -> None:
    assert firmware.link.sent == [b"HELLO 1 dicebox 1-6,1-6*01\n"]
    firmware.link.incoming = b"garbage\n" + frame("HELLO?")
    firmware.step(10)
    assert firmware.link.sent == [b"HELLO 1 dicebox 1-6,1-6*01\n"] * 2


def test_ready_lights_the_ready_lamp(firmware: Any) -> None:
    firmware.link.incoming = frame("READY 1")
    firmware.step(10)
    assert firmware.ready_lamp.level == 1
    firmware.link.incoming = frame("READY 0")
    firmware.step(20)
    assert firmware.ready_lamp.level == 0 and firmware.link.sent == [firmware.box.hello]


def test_throw_all_sends_the_roll_twice_shows_the_pips_and_the_beat_names_it(firmware: Any) -> None:
    """Random bytes 3 and 0 give 4 and 1: die 1 lights both diagonals, die 2 the centre pip."""
    firmware.throw_all_pin.level = 0
    firmware.step(100)
    firmware.throw_all_pin.level = 1
    firmware.step(300)
    assert firmware.link.sent[1:] == [b"ROLL 1 4,1*05\n", b"ROLL 1 4,1*05\n"]
    assert read(firmware.link.sent[1]) == Roll(1, (4, 1))
    assert [[p.level for p in die] for die in firmware.pip_lamps] == [[0, 1, 1, 0], [1, 0, 0, 0]]
    firmware.step(999)
    assert len(firmware.link.sent) == 3
    firmware.step(1000)
    assert read(firmware.link.sent[-1]) == Beat(1) and firmware.status_lamp.level == 1
    firmware.step(1040)
    assert firmware.status_lamp.level == 0


def test_one_die_button_throws_that_die_only(firmware: Any) -> None:
    firmware.throw_pins[1].level = 0
    firmware.step(100)
    assert read(firmware.link.sent[-1]) == Roll(1, (None, 4))
    assert [p.level for p in firmware.pip_lamps[0]] == [0, 0, 0, 0]


def test_wiring_svg_is_well_formed_xml() -> None:
    root = ET.parse(HARDWARE / "wiring.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert all(f"GPIO{n}" in texts for n in (17, 27, 22, 5, 6, 13, 19, 23, 24, 25, 12, 16, 20, 26))


def test_every_default_pin_is_in_the_wiring_table_at_its_physical_pin() -> None:
    """Each BCM number in devices.toml has a row in wiring.md's header table, with the right physical pin."""
    gpio = tomllib.loads((HARDWARE / "devices.toml").read_text(encoding="utf-8"))["gpio"]
    pins = [gpio[k] for k in ("roll", "confirm", "cancel", "accepted_lamp", "refused_lamp", "buzzer")]
    pins += gpio["seats"] + gpio["turn_lamps"]
    rows = re.findall(r"^\|\s*(\d+)\s*\|\s*GPIO(\d+)\s*\|", (HARDWARE / "wiring.md").read_text(encoding="utf-8"),
                      re.MULTILINE)
    table = {int(bcm): int(physical) for physical, bcm in rows}
    assert all(HEADER[bcm] == physical for bcm, physical in table.items())
    assert [pin for pin in pins if pin not in table] == []
