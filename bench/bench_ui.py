"""Benchmark: the touchscreen app against a bare Kivy app, in the same run.

- cold start to the first interactive frame (a fresh process each time: interpreter start, imports, window,
  building the screens, first frame drawn), for a bare Kivy app (one Label and one Button) and for the companion
  app on its home screen;
- peak memory (RSS) of both processes;
- tap to updated screen: from a real touch on the table screen's Buy button (a purchase) and on the Claim rent
  button (a payment) to the next frame drawn with the new figures; each command is committed to the SQLite
  journal inside that time.

Needs a display: run it under Xvfb on a headless machine.

    xvfb-run -a -s '-screen 0 800x480x24' .venv/bin/python bench/bench_ui.py [--starts 5] [--taps 20]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bots import machine  # noqa: E402


def quiet_kivy(home: str) -> None:
    """Kivy settings for a benchmark child: no log output, its own config folder, an 800x480 window."""
    os.environ.update(KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1", KIVY_HOME=home,
                      KIVY_WINDOW="sdl2", SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(kind: str, started: float, data: str) -> None:
    """Run one app until its first frame is drawn, then print the timings as JSON and stop."""
    quiet_kivy(tempfile.mkdtemp())
    os.environ["COMPANION_DATA_DIR"] = data
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window

    if kind == "bare":
        from kivy.uix.boxlayout import BoxLayout
        from kivy.uix.button import Button
        from kivy.uix.label import Label

        class Bare(App):
            def build(self) -> BoxLayout:
                box = BoxLayout(orientation="vertical")
                box.add_widget(Label(text="Hello"))
                box.add_widget(Button(text="Tap"))
                return box

        app: App = Bare()
    else:
        from companion.ui.app import CompanionApp

        app = CompanionApp(journal_file=Path(data) / "games.sqlite3")
    result: dict[str, float] = {}

    def first_frame(*_: object) -> None:
        Window.unbind(on_flip=first_frame)
        result["first_frame_s"] = time.time() - started
        Clock.schedule_once(lambda _dt: app.stop(), 0)

    app.bind(on_start=lambda *_: Window.bind(on_flip=first_frame))
    app.run()
    result["peak_rss_mb"] = peak_rss_mb()
    print(json.dumps(result))


def cold_starts(kind: str, count: int) -> list[dict[str, float]]:
    """``count`` fresh processes of one kind, each timed from just before it was spawned."""
    runs = []
    for _ in range(count):
        with tempfile.TemporaryDirectory() as data:
            started = time.time()
            out = subprocess.run([sys.executable, __file__, "--child", kind, "--started", repr(started),
                                  "--data", data], check=True, capture_output=True, text=True).stdout
            runs.append(json.loads(out.strip().splitlines()[-1]))
    return runs


def tap_latency(taps: int) -> dict[str, list[float]]:
    """Milliseconds from a touch on Buy / Claim rent to the next frame, ``taps`` times each."""
    data = tempfile.mkdtemp()
    quiet_kivy(tempfile.mkdtemp())
    os.environ["COMPANION_DATA_DIR"] = data
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.tests.common import UnitTestTouch

    from companion.engine.state import Setup
    from companion.ui.app import CompanionApp
    from companion.ui.widgets import EngineActionButton

    app = CompanionApp(journal_file=Path(data) / "games.sqlite3")
    Window.add_widget(app.build())
    players = [{"id": "luke", "name": "Luke", "token": "luke-skywalker", "side": "rebel"},
               {"id": "vader", "name": "Vader", "token": "darth-vader", "side": "empire"}]
    app.new_game(Setup("original-trilogy", "standard", players))
    flips: list[float] = []
    Window.bind(on_flip=lambda *_: flips.append(time.perf_counter()))

    def frames(n: int = 3) -> None:
        for _ in range(n):
            EventLoop.idle()

    def tap_key(key: str) -> float:
        frames()
        button = next(w for root in Window.children for w in root.walk()
                      if isinstance(w, EngineActionButton) and w.action.key == key)
        x, y = button.to_window(*button.center)
        flips.clear()
        t0 = time.perf_counter()
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        while not flips:
            EventLoop.idle()
        return (flips[0] - t0) * 1000

    results: dict[str, list[float]] = {"purchase": [], "payment": []}
    for _ in range(taps):
        app.submit("roll luke 1 2")          # not timed: reach the offer
        results["purchase"].append(tap_key("buy"))
        app.submit("end luke")
        app.submit("roll vader 1 2")
        results["payment"].append(tap_key("claim:luke:vader"))
        app.undo("benchmark: back to the start", 5)
    app.journal.close()
    return results


def summary(values: list[float]) -> str:
    return (f"mean {statistics.mean(values):.3f}, median {statistics.median(values):.3f}, "
            f"min {min(values):.3f}, max {max(values):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--starts", type=int, default=5, help="fresh processes per app kind")
    parser.add_argument("--taps", type=int, default=20, help="timed taps per kind")
    parser.add_argument("--child", choices=["bare", "app"], help=argparse.SUPPRESS)
    parser.add_argument("--started", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.started, args.data)
        return
    print(machine())
    for kind in ("bare", "app"):
        runs = cold_starts(kind, args.starts)
        print(f"{kind:>5} cold start to first frame (s): {summary([r['first_frame_s'] for r in runs])}")
        print(f"{kind:>5} peak RSS (MB): {summary([r['peak_rss_mb'] for r in runs])}")
    for what, values in tap_latency(args.taps).items():
        print(f"tap to updated screen, {what} (ms): {summary(values)}")


if __name__ == "__main__":
    main()
