"""The software dice device: what it says on the wire, and SerialDice reading it over a socket and a pty."""

from __future__ import annotations

import contextlib
import io
import os
import queue
import select
import socket
import threading
import time
import tty
from collections.abc import Callable, Iterator

import pytest
import serial

from companion.devices.config import SerialConfig
from companion.devices.protocol import DeviceDie, LineAssembler, Roll, frame
from companion.devices.rolls import DiceRoll
from companion.devices.serial_dice import SerialDice
from companion.devices.simulator import DiceDevice, FdWire, SerialWire, SocketWire, Wire, command, main

WAIT = 2.0
D6 = DeviceDie(1, 6)


class ScriptWire:
    """Hands ``serve`` the given chunks one by one (calling a callable instead, as if a player acted while
    nothing arrived), then reports the app gone; keeps what was sent."""

    def __init__(self, *chunks: bytes | Callable[[], object]) -> None:
        self.chunks = list(chunks)
        self.sent: list[bytes] = []

    def recv(self, timeout: float) -> bytes:
        if not self.chunks:
            raise ConnectionError("unplugged")
        chunk = self.chunks.pop(0)
        if callable(chunk):
            chunk()
            return b""
        return chunk

    def send(self, data: bytes) -> None:
        self.sent.append(data)


def test_serve_says_hello_beats_and_answers_only_well_framed_hello_questions() -> None:
    notes: list[str] = []
    device = DiceDevice((D6, D6), "sim", beat_every=60, report=notes.append)
    asked = frame("HELLO?")
    wire = ScriptWire(asked[:4], asked[4:] + b"HELLO?*00\n" + b"garbage\n" + frame("READY 1"), frame("READY 0"))
    device.serve(wire, threading.Event())
    hello = b"HELLO 1 sim 1-6,1-6*" + frame("HELLO 1 sim 1-6,1-6")[-3:]
    assert wire.sent == [hello, b"BEAT 0*02\n", hello]
    assert notes == ["The app wants a roll.", "The app wants no roll now.", "The app went away (unplugged)."]
    assert not device.ready
    assert not device.connected


def test_a_throw_is_sent_twice_back_to_back_and_the_next_beat_names_it() -> None:
    device = DiceDevice((D6, DeviceDie(1, 3, "green")), "mando", beat_every=0)  # a beat on every look-up
    thrown: list[Roll] = []
    wire = ScriptWire(lambda: thrown.append(device.throw((6, None))))
    device.serve(wire, threading.Event())
    assert thrown == [Roll(1, (6, None))]
    # the two copies go out together: nothing (a beat) can come between them
    assert wire.sent[1:] == [frame("BEAT 0"), frame("ROLL 1 6,-") * 2, frame("BEAT 1")]


def test_rolls_are_numbered_up_to_65535_then_from_1() -> None:
    device = DiceDevice((D6,))
    device.seq = 65534
    assert [device.throw((1,)).seq for _ in range(3)] == [65535, 1, 2]


def test_random_throws_show_faces_of_the_dice() -> None:
    device = DiceDevice((D6, DeviceDie(1, 3, "green")))
    rolls = [device.throw() for _ in range(200)]
    assert {r.values[0] for r in rolls} <= set(range(1, 7))
    assert {r.values[1] for r in rolls} <= {1, 2, 3}
    assert [r.seq for r in rolls] == list(range(1, 201))


@pytest.mark.parametrize("values", [(7, 1), (1,), (None, None), (1, 1, 1)])
def test_a_throw_that_the_dice_cannot_show_is_refused(values: tuple[int | None, ...]) -> None:
    device = DiceDevice((D6, D6))
    with pytest.raises(ValueError):
        device.throw(values)
    assert device.seq == 0


def test_typed_commands() -> None:
    device = DiceDevice((D6, DeviceDie(1, 3, "green")))
    assert command(device, "=6,-") == "Roll 1: 6,- (no app is connected: nobody saw it)"
    assert command(device, "\n").startswith("Roll 2: ")
    assert command(device, "3").count("Roll ") == 3
    assert command(device, "=-,?").startswith("Roll 6: -,")
    assert command(device, "=9,1") == "Not thrown: die 1 shows 1 to 6, not 9."
    assert command(device, "=1") == "Not thrown: give 2 values, one per die."
    assert command(device, "=1,x") == "Not thrown: values are numbers, ? (random) or - (not thrown)."
    assert command(device, "roll") == "Type Enter, a number of rolls, or =values such as =3,4 (? random, - not thrown)."
    assert device.seq == 6


def test_the_program_prints_where_it_listens_and_throws_on_enter(monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n=3,4\nq\n=1,1\n"))
    assert main(["--listen", "0", "--dice", "1-6,1-6", "--name", "table"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Dice device 'table' with dice 1-6,1-6 (protocol 1)."
    assert out[1].startswith('Tell the app where it is, in the [serial] section of devices.toml: '
                             'port = "socket://127.0.0.1:')
    assert out[3].startswith("Roll 1: ")
    assert out[4] == "Roll 2: 3,4 (no app is connected: nobody saw it)"
    assert len(out) == 5  # q ended it


@pytest.mark.parametrize("argv", [["--dice", "6-1", "--listen", "0"], ["--name", "a b", "--listen", "0"], []])
def test_the_program_refuses_bad_arguments(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "usage: python -m companion.devices.simulator" in capsys.readouterr().err


# -- SerialDice reading the simulator -------------------------------------------------------------------------------


@contextlib.contextmanager
def serving(device: DiceDevice, wire: Wire) -> Iterator[None]:
    """The device plugged into ``wire`` in a thread, unplugged (and the thread gone) before the wire is closed."""
    stop = threading.Event()
    thread = threading.Thread(target=device.serve, args=(wire, stop), daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(WAIT)


@contextlib.contextmanager
def reading(port: str) -> Iterator[tuple[SerialDice, queue.Queue[str], queue.Queue[DiceRoll]]]:
    """A started SerialDice on ``port`` with its statuses and rolls, stopped at the end."""
    statuses: queue.Queue[str] = queue.Queue()
    rolls: queue.Queue[DiceRoll] = queue.Queue()
    source = SerialDice(SerialConfig(port=port, hello_timeout=WAIT, silence_timeout=30, retry_every=0.05),
                        on_status=statuses.put)
    source.start(rolls.put)
    try:
        yield source, statuses, rolls
    finally:
        source.stop()


def test_over_a_socket_each_roll_is_sent_twice_and_offered_once() -> None:
    notes: queue.Queue[str] = queue.Queue()
    device = DiceDevice((DeviceDie(1, 6, "silver"), DeviceDie(1, 3, "green")), "sim", beat_every=0.1,
                        report=notes.put)
    silver, green = device.dice
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.settimeout(WAIT)
        url = f"socket://127.0.0.1:{server.getsockname()[1]}"
        with reading(url) as (source, statuses, rolls):
            conn, _ = server.accept()
            with conn, serving(device, SocketWire(conn)):
                assert statuses.get(timeout=WAIT) == f"Dice device 'sim' on {url}: 2 dice (silver 1-6, green 1-3)"
                source.ready(True)
                assert notes.get(timeout=WAIT) == "The app wants a roll."
                device.throw((4, None))
                device.throw((2, 3))
            # the simulator is gone: the app reads what was sent before it noticed, then says so
            assert statuses.get(timeout=WAIT) == "Dice device unplugged: looking for it again"
            assert rolls.get_nowait() == DiceRoll((4,), "serial", (silver,), "sim roll 1")
            assert rolls.get_nowait() == DiceRoll((2, 3), "serial", (silver, green), "sim roll 2")
            assert rolls.empty()
            assert (source.link.repeats, source.link.lost, source.link.malformed) == (2, 0, {})


def test_over_a_pty_rolls_arrive_once() -> None:
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    device = DiceDevice((D6, D6), "sim", beat_every=0.1)
    try:
        with reading(path) as (source, statuses, rolls), serving(device, FdWire(master)):
            assert statuses.get(timeout=WAIT) == f"Dice device 'sim' on {path}: 2 dice (1-6, 1-6)"
            device.throw((6, 6))
            device.throw((1, 2))
            device.copies = 1  # the last roll once: when it arrives, every line before it has been read
            device.throw((3, 3))
            assert [rolls.get(timeout=WAIT).values for _ in range(3)] == [(6, 6), (1, 2), (3, 3)]
            assert source.link.repeats == 2
    finally:
        os.close(slave)
        os.close(master)


def test_over_a_pyserial_port_the_simulator_answers_hello() -> None:
    """The device side opened with pyserial (here the slave of a pty); the test plays the app on the master."""
    master, slave = os.openpty()
    tty.setraw(slave)
    port = serial.Serial(os.ttyname(slave), 115200, timeout=0.1)
    device = DiceDevice((D6,), "solo", beat_every=60)
    assembler = LineAssembler()
    heard: list[bytes] = []

    def hear(count: int) -> None:
        deadline = time.monotonic() + WAIT
        while len(heard) < count:
            assert select.select([master], [], [], max(0.0, deadline - time.monotonic()))[0], f"heard only {heard}"
            heard.extend(assembler.feed(os.read(master, 4096)))

    try:
        with serving(device, SerialWire(port)):
            hear(2)  # the greeting and the first beat
            os.write(master, frame("HELLO?") + frame("READY 1"))
            hear(3)
            os.write(master, frame("ROLL 1 1") + b"\n")  # noise for the device: ignored
            device.throw((4,))
            hear(5)
        assert heard == [frame(line)[:-1] for line in ("HELLO 1 solo 1-6", "BEAT 0", "HELLO 1 solo 1-6",
                                                        "ROLL 1 4", "ROLL 1 4")]
        assert device.ready
    finally:
        port.close()
        os.close(slave)
        os.close(master)
