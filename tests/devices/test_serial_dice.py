"""SerialDice over pyserial's loop:// and over real pseudo-terminals, the test playing the dice device.

Every wait is on an event or a queue with a timeout of at most 2 s; the timeouts of the source are shortened.
"""

from __future__ import annotations

import errno
import logging
import os
import queue
import select
import threading
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import serial

from companion.devices.config import SerialConfig
from companion.devices.protocol import DeviceDie, LineAssembler, frame, unframe
from companion.devices.rolls import DiceRoll
from companion.devices.serial_dice import SerialDice
from companion.dice import load_dice
from companion.paths import editions_dir

WAIT = 2.0
D6 = DeviceDie(1, 6)
TOWER = "HELLO 1 tower 1-6,1-6"


def config(port: str, **timings: float) -> SerialConfig:
    """Short timeouts; silence far longer than any test unless the test is about silence."""
    return SerialConfig(port=port, **({"hello_timeout": 1.0, "silence_timeout": 30.0, "retry_every": 0.05} | timings))


class PtyDevice:
    """The device end of a pseudo-terminal pair: the app opens ``path``, the test reads and writes the master."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self._assembler = LineAssembler()
        self._pending: list[bytes] = []

    def send(self, *bodies: str) -> None:
        os.write(self.master, b"".join(frame(body) for body in bodies))

    def expect(self, body: str, timeout: float = WAIT) -> None:
        """Read framed lines from the app until ``body`` arrives."""
        deadline = time.monotonic() + timeout
        while True:
            while self._pending:
                if unframe(self._pending.pop(0)) == body:
                    return
            left = deadline - time.monotonic()
            assert left > 0, f"the app never sent {body!r}"
            if select.select([self.master], [], [], left)[0]:
                self._pending += self._assembler.feed(os.read(self.master, 4096))

    def unplug(self) -> None:
        os.close(self.master)
        os.close(self.slave)


class Watch:
    """Collects a source's statuses and offered rolls, and waits for them."""

    def __init__(self) -> None:
        self.statuses: queue.Queue[str] = queue.Queue()
        self.rolls: queue.Queue[DiceRoll] = queue.Queue()

    def status(self, wanted: str) -> str:
        """Wait for the status ``wanted``, skipping the ones before it."""
        deadline = time.monotonic() + WAIT
        seen = []
        while (left := deadline - time.monotonic()) > 0:
            try:
                text = self.statuses.get(timeout=left)
            except queue.Empty:
                break
            seen.append(text)
            if text == wanted:
                return text
        raise AssertionError(f"status {wanted!r} never came; saw {seen}")

    def roll(self) -> DiceRoll:
        return self.rolls.get(timeout=WAIT)


@pytest.fixture
def watch() -> Watch:
    return Watch()


@pytest.fixture
def sources() -> Iterator[list[SerialDice]]:
    """Every source a test makes is stopped at the end, whatever happened."""
    made: list[SerialDice] = []
    yield made
    for source in made:
        source.stop()


@pytest.fixture
def start(sources: list[SerialDice], watch: Watch) -> Callable[..., SerialDice]:
    def start(cfg: SerialConfig, **hooks: Any) -> SerialDice:
        source = SerialDice(cfg, on_status=watch.statuses.put, **hooks)
        sources.append(source)
        source.start(watch.rolls.put)
        return source
    return start


@pytest.fixture
def device() -> Iterator[PtyDevice]:
    dev = PtyDevice()
    yield dev
    for fd in (dev.master, dev.slave):
        try:
            os.close(fd)
        except OSError as exc:
            assert exc.errno == errno.EBADF


def connected(name: str, path: str, dice: str = "2 dice (1-6, 1-6)") -> str:
    return f"Dice device '{name}' on {path}: {dice}"


# -- loop:// ---------------------------------------------------------------------------------------------------------


class LoopOpener:
    """Opens loop:// whatever port is asked for, and hands the test the port object to write the device's lines."""

    def __init__(self) -> None:
        self.opened: queue.Queue[Any] = queue.Queue()

    def __call__(self, url: str, **settings: Any) -> Any:
        port = serial.serial_for_url("loop://", **settings)
        self.opened.put(port)
        return port


def test_over_loop_the_echoed_hello_question_is_a_harmless_unknown_line(
        start: Callable[..., SerialDice], watch: Watch, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="companion.devices.serial")
    opener = LoopOpener()
    source = start(config("loop://"), opener=opener)
    port = opener.opened.get(timeout=WAIT)
    port.write(frame(TOWER))
    watch.status(connected("tower", "loop://"))
    port.write(frame("ROLL 1 3,4") * 2 + b"\x00\xff\xfe garbage \x80\n" + frame("ROLL 2 6,-"))
    assert watch.roll() == DiceRoll((3, 4), "serial", (D6, D6), "tower roll 1")
    assert watch.roll() == DiceRoll((6,), "serial", (D6,), "tower roll 2")
    assert source.link.malformed == {"unknown-message": 1, "not-text": 1}  # HELLO? came back, then the garbage
    assert source.link.repeats == 1
    assert "ignored a not-text line" in caplog.text
    assert "roll 2 from 'tower': 6" in caplog.text
    assert source.connected
    source.stop()
    assert not source.running
    assert not port.is_open
    assert watch.rolls.empty()


def test_stop_is_prompt_while_waiting_to_retry_a_missing_port(start: Callable[..., SerialDice], watch: Watch,
                                                             tmp_path: Path) -> None:
    source = start(config(str(tmp_path / "ttyNONE"), retry_every=60))
    assert source.status == f"Looking for the dice device on {tmp_path / 'ttyNONE'}…"
    assert source.running
    source.stop()
    assert not source.running
    assert source.status == "Dice device not in use"
    assert not source.connected


def test_a_port_the_app_may_not_open_says_how_to_fix_it(start: Callable[..., SerialDice], watch: Watch) -> None:
    def opener(url: str, **settings: Any) -> Any:
        raise serial.SerialException(errno.EACCES, f"could not open port {url}: [Errno 13] Permission denied")

    source = start(config("/dev/ttyACM0"), opener=opener)
    watch.status("The app may not open /dev/ttyACM0: add its user to the 'dialout' group")
    assert not source.connected


def test_start_twice_is_refused(start: Callable[..., SerialDice], tmp_path: Path) -> None:
    source = start(config(str(tmp_path / "ttyNONE")))
    with pytest.raises(RuntimeError):
        source.start(lambda roll: None)


# -- a real pseudo-terminal ------------------------------------------------------------------------------------------


def test_hello_then_rolls_arrive_once_each_with_the_thrown_dice(start: Callable[..., SerialDice], watch: Watch,
                                                                device: PtyDevice) -> None:
    source = start(config(device.path))
    device.expect("HELLO?")
    device.send("HELLO 1 mando silver:1-6,green:1-3", "BEAT 0")
    watch.status(connected("mando", device.path, "2 dice (silver 1-6, green 1-3)"))
    device.send("ROLL 1 5,-", "ROLL 1 5,-", "BEAT 1", "ROLL 2 2,3", "ROLL 2 2,3", "BEAT 2")
    silver, green = DeviceDie(1, 6, "silver"), DeviceDie(1, 3, "green")
    assert watch.roll() == DiceRoll((5,), "serial", (silver,), "mando roll 1")
    assert watch.roll() == DiceRoll((2, 3), "serial", (silver, green), "mando roll 2")
    # roll 3 is lost; roll 4 shows 9, no face of these dice, so the beat after it counts it lost as well
    device.send("BEAT 3", "ROLL 4 9,9", "BEAT 4", "ROLL 5 6,1")
    assert watch.roll() == DiceRoll((6, 1), "serial", (silver, green), "mando roll 5")
    assert (source.link.repeats, source.link.lost, source.link.malformed) == (2, 2, {"bad-values": 1})
    assert source.label == f"dice device 'mando' on {device.path}"


def test_ready_is_sent_when_connected_and_again_after_a_reconnect(start: Callable[..., SerialDice], watch: Watch,
                                                                  device: PtyDevice) -> None:
    source = start(config(device.path, silence_timeout=0.3))
    source.ready(True)  # not connected yet: remembered
    device.expect("HELLO?")
    device.send(TOWER)
    device.expect("READY 1")
    source.ready(False)
    device.expect("READY 0")
    # silence: the source closes the port and opens it again; the device answers and hears READY 0 again
    watch.status("Dice device stopped answering: looking for it again")
    device.expect("HELLO?")
    device.send(TOWER)
    device.expect("READY 0")


def test_unable_names_every_die_the_device_lacks(start: Callable[..., SerialDice], watch: Watch,
                                                 device: PtyDevice) -> None:
    mandalorian = load_dice(editions_dir() / "mandalorian")
    classic = load_dice(editions_dir() / "original-trilogy")
    source = start(config(device.path))
    assert source.unable(classic.need()) == [f"The dice device on {device.path} is not connected."]
    device.expect("HELLO?")
    device.send("HELLO 1 solo 1-6")
    watch.status(connected("solo", device.path, "1 die (1-6)"))
    assert source.unable(classic.need()) == [f"The dice device 'solo' on {device.path} has no second die (1 to 6)."]
    assert source.unable(mandalorian.need()) == []
    assert source.unable(mandalorian.need("battle-with-grogu")) == [
        f"The dice device 'solo' on {device.path} has no green die (1 to 3)."]


def test_a_port_that_never_says_hello_is_not_used(start: Callable[..., SerialDice], watch: Watch,
                                                  device: PtyDevice) -> None:
    source = start(config(device.path, hello_timeout=0.2))
    device.expect("HELLO?")
    os.write(device.master, b"Marlin 2.1 ready\nok\n")
    device.send("ROLL 1 3,4")
    watch.status(f"The device on {device.path} does not answer as a dice device: trying again…")
    device.expect("HELLO?")  # the port was closed and is tried again
    assert not source.connected
    assert watch.rolls.empty()
    assert source.unable(load_dice(editions_dir() / "original-trilogy").need()) == [
        f"The dice device on {device.path} is not connected."]


def test_a_device_speaking_another_version_is_told_apart(start: Callable[..., SerialDice], watch: Watch,
                                                         device: PtyDevice) -> None:
    start(config(device.path, hello_timeout=0.2))
    device.expect("HELLO?")
    device.send("HELLO 2 tower 1-6,1-6")
    watch.status(f"The device on {device.path} does not answer as a dice device (it speaks another protocol "
                 "version): trying again…")


def test_in_auto_mode_a_stranger_is_set_aside_and_the_dice_device_found(
        start: Callable[..., SerialDice], watch: Watch, device: PtyDevice) -> None:
    stranger = PtyDevice()
    listed = [stranger.path]
    scans: queue.Queue[None] = queue.Queue()

    def ports() -> list[str]:
        scans.put(None)
        return list(listed)

    try:
        source = start(config("auto", hello_timeout=0.2), ports=ports)
        assert source.status == "Looking for a dice device on the USB ports…"
        assert source.label == "dice device on a USB port"
        stranger.expect("HELLO?")
        os.write(stranger.master, b"AT\r\nOK\r\n")
        scans.get(timeout=WAIT)
        scans.get(timeout=WAIT)  # the next scan comes after the stranger's hello timed out: it is set aside
        listed.append(device.path)
        device.expect("HELLO?")
        device.send(TOWER)
        watch.status(connected("tower", device.path))
        assert not select.select([stranger.master], [], [], 0)[0]  # listed first, yet never asked again
        assert source.connected
    finally:
        stranger.unplug()


def test_in_auto_mode_a_stranger_is_asked_again_once_it_was_unplugged(start: Callable[..., SerialDice]) -> None:
    stranger = PtyDevice()
    listed = [stranger.path]
    scans: queue.Queue[list[str]] = queue.Queue()

    def ports() -> list[str]:
        scans.put(list(listed))
        return list(listed)

    try:
        start(config("auto", hello_timeout=0.1), ports=ports)
        stranger.expect("HELLO?")
        scans.get(timeout=WAIT)
        scans.get(timeout=WAIT)  # set aside
        listed.clear()
        while scans.get(timeout=WAIT):  # until a scan has seen it gone
            pass
        listed.append(stranger.path)  # plugged in again (it may have become a dice device)
        stranger.expect("HELLO?")
    finally:
        stranger.unplug()


def test_unplug_and_replug_behind_the_same_link_recovers_by_itself(start: Callable[..., SerialDice], watch: Watch,
                                                                   tmp_path: Path) -> None:
    link = tmp_path / "usb-tower-if00"  # like /dev/serial/by-id/..., which udev moves to the new device
    first = PtyDevice()
    link.symlink_to(first.path)
    source = start(config(str(link)))
    first.expect("HELLO?")
    first.send(TOWER)
    watch.status(connected("tower", str(link)))
    first.send("ROLL 7 3,4")
    assert watch.roll().detail == "tower roll 7"

    first.unplug()
    watch.status("Dice device unplugged: looking for it again")
    assert not source.connected
    link.unlink()
    second = PtyDevice()
    try:
        link.symlink_to(second.path)
        second.expect("HELLO?")
        second.send(TOWER, "ROLL 1 6,6")  # restarted: counts from 1 again
        assert watch.roll() == DiceRoll((6, 6), "serial", (D6, D6), "tower roll 1")
        assert source.connected
        assert source.status == connected("tower", str(link))
    finally:
        second.unplug()


def test_silence_counts_as_gone_and_the_device_is_asked_again(start: Callable[..., SerialDice], watch: Watch,
                                                              device: PtyDevice) -> None:
    source = start(config(device.path, silence_timeout=0.3))
    device.expect("HELLO?")
    device.send(TOWER)
    watch.status(connected("tower", device.path))
    watch.status("Dice device stopped answering: looking for it again")
    device.expect("HELLO?")
    device.send(TOWER, "BEAT 0", "ROLL 1 1,2")
    assert watch.roll().values == (1, 2)
    assert source.connected


def test_a_failing_offer_is_logged_and_the_next_roll_still_arrives(sources: list[SerialDice], device: PtyDevice,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    taken: queue.Queue[DiceRoll] = queue.Queue()

    def offer(roll: DiceRoll) -> None:
        if roll.values == (1, 1):
            raise ValueError("the app broke")
        taken.put(roll)

    source = SerialDice(config(device.path))
    sources.append(source)
    source.start(offer)
    device.expect("HELLO?")
    device.send(TOWER, "ROLL 1 1,1", "ROLL 2 2,2")
    assert taken.get(timeout=WAIT).values == (2, 2)
    assert "the app failed to take roll 1" in caplog.text
    assert source.running


def test_write_errors_on_ready_are_ignored(start: Callable[..., SerialDice], watch: Watch) -> None:
    opener = LoopOpener()
    source = start(config("loop://"), opener=opener)
    port = opener.opened.get(timeout=WAIT)
    port.write(frame(TOWER))
    watch.status(connected("tower", "loop://"))
    tried = threading.Event()

    def write(data: bytes) -> int:
        tried.set()
        raise serial.SerialException("write failed: [Errno 5] Input/output error")

    port.write = write
    source.ready(True)
    assert tried.is_set()
    assert source.running
