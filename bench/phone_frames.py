"""Benchmark: does the phone view slow the touchscreen down? The touchscreen's frames with and without phones
polling, the phones' request latency, the UI thread's time spent on phones, and memory.

The real app runs under Kivy with the interruptible clock it uses on the Pi, showing the table screen of a
four-player game that bots have played for a while (deeds, buildings, mortgages). The screen is redrawn at 60
frames a second throughout, as while the dice tumble or a cash amount flashes, so a late frame shows. Each
scenario runs ``--seconds``; "moving" ones have the table enter the bots' next command every 2 s through the app,
as a tap would (the screen is rebuilt and every phone's view changes):

- **off**: the phone view is off (no server), the table still, then moving;
- **5 phones**: the table view and the four players' views, each polled every 2 s as the pages do (with the ETag,
  so an unchanged view is a 304), the table still, then moving;
- **5 phones x20**: the same phones polling every 0.1 s, twenty times the pages' rate (the rate limit answers 429
  past its burst);
- **flood**: one client sending requests for a view as fast as it can.

The phones run in a process of their own (they are other devices: they must not share this process's
interpreter lock), on the same machine.

Per scenario: the interval between frames and each frame's work (the UI thread's time from the end of one wait of
Kivy's clock to the start of the next: input, clock events with the phones' jobs among them, drawing); frames
later than two 60 Hz frames (33 ms); the phones' request latency; the time each phone's job took on the UI thread.

    xvfb-run -a -s '-screen 0 800x480x24' .venv/bin/python bench/phone_frames.py [--seconds 10]
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bots import PLAYERS, TableBots, load, machine  # noqa: E402

FRAME_MS = 1000 / 60
WARM_COMMANDS = 400


def percentiles(ms: list[float]) -> dict[str, float]:
    """p50, p99, max and mean of millisecond samples."""
    if not ms:
        return {}
    ordered = sorted(ms)
    p99 = statistics.quantiles(ordered, n=100)[98] if len(ordered) > 1 else ordered[0]
    return {"p50": round(statistics.median(ordered), 2), "p99": round(p99, 2), "max": round(ordered[-1], 2),
            "mean": round(statistics.fmean(ordered), 2)}


def rss_mb() -> float:
    """This process's resident memory now, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Phone(threading.Thread):
    """A phone's page: asks for its view every ``every`` seconds, sending back the last ETag as a browser does."""

    def __init__(self, url: str, every: float, stop: threading.Event, start_after: float) -> None:
        super().__init__(daemon=True)
        self.url, self.every, self.stop, self.start_after = url, every, stop, start_after
        self.latencies: list[float] = []
        self.statuses: dict[int, int] = {}

    def run(self) -> None:
        parts = urlsplit(self.url)
        tag = ""
        time.sleep(self.start_after)
        while not self.stop.is_set():
            began = time.perf_counter()
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
            try:
                connection.request("GET", parts.path, headers={"If-None-Match": tag} if tag else {})
                reply = connection.getresponse()
                reply.read()
                tag = reply.getheader("ETag") or tag
                self.statuses[reply.status] = self.statuses.get(reply.status, 0) + 1
            except OSError:
                self.statuses[0] = self.statuses.get(0, 0) + 1
            finally:
                connection.close()
            self.latencies.append((time.perf_counter() - began) * 1000)
            self.stop.wait(self.every)


def phones_process(urls: list[str], every: float, seconds: float, flood: str) -> None:
    """The phones, in a process of their own: poll for ``seconds``, then print what they saw as JSON."""
    stop = threading.Event()
    clients = [Phone(url, every, stop, start_after=i * every / len(urls)) for i, url in enumerate(urls)]
    if flood:
        clients.append(Phone(flood, 0, stop, 0))
    for client in clients:
        client.start()
    time.sleep(seconds)
    stop.set()
    for client in clients:
        client.join(timeout=15)
    statuses: dict[str, int] = {}
    for client in clients:
        for status, count in client.statuses.items():
            statuses[str(status)] = statuses.get(str(status), 0) + count
    print(json.dumps({"statuses": statuses, "latencies": [ms for c in clients for ms in c.latencies]}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10, help="length of each scenario (default 10)")
    parser.add_argument("--only", default="", help="run only the scenarios whose name contains this")
    parser.add_argument("--child-seconds", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--every", type=float, default=2.0, help=argparse.SUPPRESS)
    parser.add_argument("--urls", nargs="*", default=[], help=argparse.SUPPRESS)
    parser.add_argument("--flood", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_seconds:
        phones_process(args.urls, args.every, args.child_seconds, args.flood)
        return
    home, data = tempfile.mkdtemp(), tempfile.mkdtemp()
    os.environ.update(KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1", KIVY_HOME=home,
                      KIVY_WINDOW="sdl2", KIVY_CLOCK="interrupt", SDL_AUDIODRIVER="dummy",
                      GPIOZERO_PIN_FACTORY="mock", COMPANION_DATA_DIR=data, COMPANION_PHONE_ADDRESS="127.0.0.1",
                      COMPANION_PHONE_PORT="0")
    from kivy.config import Config

    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    from kivy.clock import Clock
    from kivy.core.window import Window

    from companion.engine.state import Setup
    from companion.table.phone import HandOff
    from companion.ui.app import CompanionApp

    app = CompanionApp(journal_file=Path(data) / "games.sqlite3")
    edition = load()
    bots = TableBots(edition, 3)
    starts: list[float] = []  # when each frame's work began (the clock's wait ended)
    work: list[float] = []  # each frame's work, in ms
    phone_work: list[float] = []
    results: dict[str, Any] = {"machine": machine(), "seconds_per_scenario": args.seconds,
                               "clock": Clock.__class__.__name__}

    def timed_soon(job: Any) -> None:
        def run(_dt: float) -> None:
            began = time.perf_counter()
            job()
            phone_work.append((time.perf_counter() - began) * 1000)
        Clock.schedule_once(run, 0)

    app.phones.executor = HandOff(timed_soon)

    def on_ui(job: Any) -> Any:
        finished, box = threading.Event(), {}

        def run(_dt: float) -> None:
            box["result"] = job()
            finished.set()
        Clock.schedule_once(run, 0)
        finished.wait(30)
        return box.get("result")

    def table_move() -> None:
        """The table's next command, entered through the app as a tap would."""
        assert app.session is not None
        command = bots.next_command(app.session.game)
        if command is not None:
            app.submit(command.to_text())

    def warm_up() -> None:
        """Bots play the first part of the game straight into the session (no redraws), then the table shows."""
        app.new_game(Setup(edition.id, "standard", [dict(p) for p in PLAYERS], 3))
        assert app.session is not None
        for _ in range(WARM_COMMANDS):
            command = bots.next_command(app.session.game)
            if command is None:
                break
            app.session.submit(command)
        app.goto("table")

    def phone_urls() -> list[str]:
        """The JSON addresses of the table view and each player's view (the server's port changes when the
        phone view is turned on again)."""
        def read() -> list[str]:
            app.phones.sync()
            return [app.phones.url(seat) for seat in app.phones.keys.seats()]
        return [u.replace("/t/", "/api/t/").replace("/p/", "/api/p/") for u in on_ui(read)]

    def scenario(name: str, moving: bool, every: float = 2.0, phones: bool = False, flood: bool = False) -> None:
        if args.only not in name:
            return
        on_ui(lambda: app.phones.set_enabled(phones or flood))
        urls = phone_urls() if phones or flood else []
        child = None
        if urls:
            command = [sys.executable, __file__, "--child-seconds", str(args.seconds + 1), "--every", str(every),
                       *(["--flood", urls[1]] if flood else ["--urls", *urls])]
            child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        time.sleep(0.5)
        phone_work.clear()
        work.clear()
        first = len(starts)
        deadline = time.monotonic() + args.seconds
        while time.monotonic() < deadline:
            if moving:
                on_ui(table_move)
            time.sleep(2)
        frame_work, frame_starts, jobs = list(work), starts[first:], list(phone_work)
        asked: dict[str, Any] = json.loads(child.communicate(timeout=60)[0]) if child else {}
        intervals = [(b - a) * 1000 for a, b in itertools.pairwise(frame_starts)]
        results[name] = {
            "frames_per_s": round(len(intervals) / args.seconds, 1), "frame_interval_ms": percentiles(intervals),
            "frames_later_than_33ms": sum(1 for ms in intervals if ms > 2 * FRAME_MS),
            "frame_work_ms": percentiles(frame_work), "statuses": asked.get("statuses", {}),
            "poll_latency_ms": percentiles(asked.get("latencies", [])) if phones else {},
            "ui_thread_per_phone_job_ms": percentiles(jobs),
            "ui_thread_phone_ms_per_s": round(sum(jobs) / args.seconds, 2), "rss_mb": round(rss_mb(), 1)}

    def drive() -> None:
        try:
            on_ui(warm_up)
            results["rss_mb_start"] = round(rss_mb(), 1)
            for round_ in (1, 2):  # twice, so drift in the machine's other load shows
                scenario(f"off, table still ({round_})", moving=False)
                scenario(f"5 phones every 2 s, table still ({round_})", moving=False, phones=True)
                scenario(f"off, table moving ({round_})", moving=True)
                scenario(f"5 phones every 2 s, table moving ({round_})", moving=True, phones=True)
            scenario("5 phones every 0.1 s, table moving", moving=True, every=0.1, phones=True)
            scenario("flood from one client, table still", moving=False, flood=True)
        except Exception as exc:  # reported in the output: the app must still stop
            results["error"] = repr(exc)
        finally:
            Clock.schedule_once(lambda _dt: app.stop(), 0)

    waiting = Clock.idle

    def timed_idle() -> float:
        """Note when each frame's work begins and how long the previous one took."""
        began = time.perf_counter()
        if starts:
            work.append((began - starts[-1]) * 1000)
        current = waiting()
        starts.append(time.perf_counter())
        return current  # type: ignore[no-any-return]

    Clock.idle = timed_idle  # Kivy's Clock is a proxy: this replaces the running clock's wait
    # A steady 60 frames a second, each redrawn in full, as while something on the screen moves.
    Clock.schedule_interval(lambda _dt: Window.canvas.ask_update(), 1 / 60)
    Clock.schedule_once(lambda _dt: threading.Thread(target=drive, daemon=True).start(), 0.5)
    app.run()
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
