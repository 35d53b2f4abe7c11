"""The dice desk: every roll, from whichever source, reaches the engine exactly once, and only when wanted.

The app tells the desk which roll the engine would accept now (:meth:`DiceDesk.expect`), or that none would.
Sources offer rolls from any thread (:meth:`DiceDesk.offer`). The first roll that fits the wanted dice is handed
on and closes the request; until the app has recorded it (:meth:`DiceDesk.recorded`), every other roll is
refused, so a bouncing button, a repeated serial line or two sources at once can never roll twice. A refused roll
is reported with its reasons so the table sees or hears that it did not count.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from companion.devices.rolls import DiceRoll, RollRequest, fit


@dataclass(frozen=True)
class Outcome:
    """What became of an offered roll: taken (with its values in the wanted order) or refused with reasons."""

    taken: bool
    values: tuple[int, ...] = ()
    reasons: tuple[str, ...] = ()


class DiceDesk:
    """Routes offered rolls to ``deliver`` (taken) or ``refuse`` (with reasons); safe to call from any thread."""

    def __init__(self, deliver: Callable[[RollRequest, DiceRoll, tuple[int, ...]], object],
                 refuse: Callable[[DiceRoll, tuple[str, ...]], object]) -> None:
        self._deliver = deliver
        self._refuse = refuse
        self._lock = threading.Lock()
        self._request: RollRequest | None = None
        self._in_flight = False
        self._idle_reason = "No roll is wanted now."

    @property
    def request(self) -> RollRequest | None:
        """The roll wanted now, if any (``None`` while a taken roll is still being recorded)."""
        with self._lock:
            return None if self._in_flight else self._request

    def expect(self, request: RollRequest | None, idle_reason: str = "No roll is wanted now.") -> None:
        """Say which roll the engine would accept now; ``idle_reason`` tells the table why none is wanted."""
        with self._lock:
            self._request = request
            self._idle_reason = idle_reason

    def recorded(self) -> None:
        """The taken roll has been submitted (accepted or not): the desk listens again."""
        with self._lock:
            self._in_flight = False

    def offer(self, roll: DiceRoll) -> Outcome:
        """Take the roll if one is wanted and it fits the wanted dice; otherwise refuse it with every reason."""
        with self._lock:
            request = self._request
            if self._in_flight:
                outcome = Outcome(False, reasons=("The last roll is still being recorded.",))
            elif request is None:
                outcome = Outcome(False, reasons=(self._idle_reason,))
            else:
                values, problems = fit(request.need, roll)
                outcome = Outcome(not problems, values, tuple(problems))
                if outcome.taken:
                    self._in_flight, self._request = True, None
        if outcome.taken and request is not None:
            self._deliver(request, roll, outcome.values)
        else:
            self._refuse(roll, outcome.reasons)
        return outcome
