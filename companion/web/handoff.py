"""Running the server's work on the thread that owns the game.

The game is not thread-safe: only one thread (the touchscreen's UI thread) may read or change it. The server's
threads hand it each piece of work through an :class:`Executor` and wait for the answer:

- :class:`HandOff` puts the work on the owner's queue with a function the app gives (in the app: Kivy's clock)
  and waits at most ``timeout`` seconds. Work still waiting by then is cancelled and never runs, so a phone that
  was told "busy" knows nothing happened; work that has started is waited for to the end.
- :class:`Direct` runs the work at once in the calling thread, one piece at a time (tests and tools without a UI).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol, TypeVar

T = TypeVar("T")

WAITING, RUNNING, DONE, CANCELLED = "waiting", "running", "done", "cancelled"


class TableBusy(Exception):
    """The thread that owns the game did not take the work in time; the work was cancelled and did nothing."""


class Executor(Protocol):
    """Runs a piece of work where the game may be touched, and returns its result (or raises its error)."""

    def run(self, work: Callable[[], T]) -> T:
        """Run ``work`` on the game's thread and wait for its result."""
        ...


class Direct:
    """Runs each piece of work in the calling thread, one at a time (a lock keeps two server threads apart)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def run(self, work: Callable[[], T]) -> T:
        """Run ``work`` now, after any other piece of work in progress."""
        with self._lock:
            return work()


class _Job:
    """One piece of work on its way to the owner's thread, and what became of it."""

    def __init__(self, work: Callable[[], object]) -> None:
        self.work = work
        self.state = WAITING
        self.result: object = None
        self.error: BaseException | None = None
        self.lock = threading.Lock()
        self.finished = threading.Event()

    def __call__(self) -> None:
        """Run on the owner's thread, unless the server stopped waiting first."""
        with self.lock:
            if self.state != WAITING:
                return
            self.state = RUNNING
        try:
            self.result = self.work()
        except Exception as exc:  # handed back to the waiting thread, which raises it there
            self.error = exc
        finally:
            with self.lock:
                self.state = DONE
            self.finished.set()

    def cancel(self) -> bool:
        """Stop the job from running; False when it has already started (then it is waited for)."""
        with self.lock:
            if self.state == WAITING:
                self.state = CANCELLED
                return True
            return False


class HandOff:
    """Hands work to the owner's thread with ``schedule`` (which must return at once and run the callable there
    soon) and waits for it at most ``timeout`` seconds."""

    def __init__(self, schedule: Callable[[Callable[[], None]], object], timeout: float = 3.0) -> None:
        self.schedule = schedule
        self.timeout = timeout

    def run(self, work: Callable[[], T]) -> T:
        """Run ``work`` on the owner's thread. Raises :class:`TableBusy` (and the work never runs) when the owner
        did not start it within the timeout; re-raises the work's own error in this thread."""
        job = _Job(work)
        self.schedule(job)
        if not job.finished.wait(self.timeout):
            if job.cancel():
                raise TableBusy("the table did not answer in time")
            job.finished.wait()
        if job.error is not None:
            raise job.error
        return job.result  # type: ignore[return-value]
