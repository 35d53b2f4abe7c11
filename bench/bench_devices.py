"""Benchmark: from a physical roll to the engine's answer on screen, for the GPIO Roll button and a serial dice
device, in the real app.

The companion app runs under Kivy with the interruptible clock it uses on the Pi. Rolls come from:

- **gpio**: a ``GpioPanel`` on gpiozero's mock pins. A driver thread pulls the Roll pin low, as lgpio's own
  thread does on a Pi; gpiozero calls back on that thread, the press is debounced and handed to the UI thread.
- **serial**: a ``SerialDice`` reading a real pseudo-terminal, with the simulated dice device writing each throw
  twice on the other end, as the firmware does.

For every roll three times are taken from the edge (or the write): the UI thread has the roll (the UI is told),
the engine has accepted it and the journal has committed it, and the screen has been rebuilt with the new
figures. After each roll the driver takes it back with an undo, so every roll starts from the same table;
``--pause`` leaves the table untouched for a while before each roll, as at a real table, so the screen is idle
when the roll comes. Target: p99 under one 60 Hz frame (16.7 ms).

    xvfb-run -a -s '-screen 0 800x480x24' .venv/bin/python bench/bench_devices.py [--rolls 1000] [--pause 0.2]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FRAME_MS = 1000 / 60


def percentiles(samples: list[float]) -> dict[str, float]:
    """p50, p99, mean and max of samples in milliseconds."""
    ms = sorted(s * 1000 for s in samples)
    return {"p50": round(statistics.median(ms), 3), "p99": round(statistics.quantiles(ms, n=100)[98], 3),
            "mean": round(statistics.fmean(ms), 3), "max": round(ms[-1], 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rolls", type=int, default=1000, help="rolls per source (default 1000)")
    parser.add_argument("--pause", type=float, default=0.0,
                        help="seconds the table stays untouched before each roll, so the screen is idle (default 0)")
    args = parser.parse_args()
    home, data = tempfile.mkdtemp(), tempfile.mkdtemp()
    os.environ.update(KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1", KIVY_HOME=home,
                      KIVY_WINDOW="sdl2", KIVY_CLOCK="interrupt", SDL_AUDIODRIVER="dummy",
                      GPIOZERO_PIN_FACTORY="mock", COMPANION_DATA_DIR=data)
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory
    from kivy.clock import Clock

    from companion.devices.config import SerialConfig, default_file, load_config
    from companion.devices.gpio import GpioPanel
    from companion.devices.hub import Devices
    from companion.devices.protocol import DeviceDie
    from companion.devices.rolls import DiceRoll, RollRequest
    from companion.devices.serial_dice import SerialDice
    from companion.devices.simulator import DiceDevice, FdWire
    from companion.engine.state import Setup
    from companion.ui.app import CompanionApp

    factory = MockFactory()
    Device.pin_factory = factory
    now = [100.0]
    gpio = load_config([default_file()])[0].gpio
    master, slave = os.openpty()
    device = DiceDevice((DeviceDie(1, 6), DeviceDie(1, 6)), name="bench")
    unplug = threading.Event()
    threading.Thread(target=device.serve, args=(FdWire(master), unplug), daemon=True).start()
    serial = SerialDice(SerialConfig(mode="on", port=os.ttyname(slave), silence_timeout=30, retry_every=0.05))
    devices = Devices(serial, GpioPanel(gpio, lambda: now[0], factory, flash=0.001))
    marks: dict[str, float] = {}
    done = threading.Event()

    class TimedApp(CompanionApp):
        """The real app, noting when the engine answered and when the screen was rebuilt."""

        def _roll_taken(self, request: RollRequest, roll: DiceRoll, values: tuple[int, ...]) -> None:
            marks["told"] = time.perf_counter()
            assert self.session is not None
            submit = self.session.submit

            def timed(command: Any) -> Any:
                answer = submit(command)
                marks["engine"] = time.perf_counter()
                return answer

            self.session.submit = timed  # type: ignore[method-assign]
            try:
                super()._roll_taken(request, roll, values)
            finally:
                self.session.submit = submit  # type: ignore[method-assign]
            marks["ui"] = time.perf_counter()
            done.set()

    app = TimedApp(journal_file=Path(data) / "games.sqlite3", devices=devices)
    results: dict[str, Any] = {"rolls_per_source": args.rolls, "pause_s": args.pause, "cpus": os.cpu_count(),
                               "clock": type(Clock).__name__,
                               "load_average": os.getloadavg()}

    def on_ui(work: Any) -> None:
        finished = threading.Event()
        Clock.schedule_once(lambda _dt: (work(), finished.set()), 0)
        finished.wait(5)

    def wait_for_roll_wanted() -> None:
        deadline = time.monotonic() + 5
        while app.desk.request is None:
            if time.monotonic() > deadline:
                raise RuntimeError("no roll became wanted")
            time.sleep(0.0005)

    def run(source: str, roll: Any) -> dict[str, Any]:
        told, engine, ui = [], [], []
        for _ in range(args.rolls):
            wait_for_roll_wanted()
            time.sleep(args.pause)
            done.clear()
            start = time.perf_counter()
            roll()
            if not done.wait(5):
                raise RuntimeError(f"a {source} roll never reached the engine")
            told.append(marks["told"] - start)
            engine.append(marks["engine"] - start)
            ui.append(marks["ui"] - start)
            if app.session is None or app.session.game.entries[-1].command.source != source:
                raise RuntimeError(f"the last roll was not from {source}")
            on_ui(lambda: app.undo("benchmark: take the roll back"))
        return {"ui_told_ms": percentiles(told), "engine_accepted_ms": percentiles(engine),
                "screen_rebuilt_ms": percentiles(ui)}

    def press_roll() -> None:
        pin = factory.pin(gpio.roll)
        pin.drive_low()
        pin.drive_high()
        now[0] += 1.0  # a second later the next press is no bounce

    def drive() -> None:
        try:
            on_ui(lambda: app.new_game(Setup("original-trilogy", "standard", [
                {"id": "luke", "name": "Luke", "token": "luke-skywalker", "side": "rebel"},
                {"id": "vader", "name": "Vader", "token": "darth-vader", "side": "empire"}], 0)))
            deadline = time.monotonic() + 5
            while not serial.connected and time.monotonic() < deadline:
                time.sleep(0.01)
            results["gpio"] = run("gpio", press_roll)
            results["serial"] = run("serial", device.throw)
        except Exception as exc:  # reported in the output: the app must still stop
            results["error"] = repr(exc)
        finally:
            Clock.schedule_once(lambda _dt: app.stop(), 0)

    Clock.schedule_once(lambda _dt: threading.Thread(target=drive, daemon=True).start(), 0.5)
    app.run()
    unplug.set()
    results["target_ms"] = round(FRAME_MS, 1)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
