"""How the app asks Python's garbage collector to treat a long game.

A game keeps every journal entry alive (its command and events), and the app keeps the editions, screens and
modules it loaded at start-up for as long as it runs. Python's collector looks for reference cycles among young
objects every 700 new ones by default, and from time to time goes through every object there is. Two settings
make that work smaller without changing what is kept:

- what was loaded before play starts is frozen (:func:`gc.freeze`): it lives as long as the app, so the full
  collections stop going through it;
- the young generation is collected every :data:`YOUNG_COLLECTION` new objects instead of 700, so the journal's
  new entries are looked at in fewer, larger passes (each still short: about 0.2 ms on the development
  VM of bench/README.md).

Nothing here frees or keeps anything else: objects no longer used are still freed at once, as always in Python.
"""

from __future__ import annotations

import gc

YOUNG_COLLECTION = 10_000
"""New objects between two collections of the youngest generation (Python's default is 700)."""


def settle_after_loading() -> None:
    """Freeze what is loaded so far and collect the young generation less often (see the module's words). Call
    it once, after start-up has loaded what the app keeps for its whole run."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION, middle, old)
