"""A table with a game in progress and its phone view on loopback, served straight from the test's thread.

The game is the Original Trilogy with Luke and Vader, played to this position by real commands (values from the
rule book and editions/original-trilogy): Luke owns both Dagobah deeds, 2 fighters on Dagobah: Swamp and 1 on
Dagobah: Yoda's Hut, and has 1,430 IC (1,500 - 60 - 60 for the deeds + 200 for passing GO - 3 x 50 for the
fighters). Vader landed on GO (+200), bought TIE Fighter (200) and mortgaged it (+100): 1,600 IC. It is Luke's
turn; he stands on Dagobah: Yoda's Hut.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.engine.state import Setup
from companion.storage.journal import Journal
from companion.table.session import Session
from companion.web.handoff import Direct
from companion.web.link import PhoneLink
from companion.web.server import Limits
from tests.rules.helpers import edition, seat

WALK = (
    "roll luke 1 2", "buy luke", "end luke",
    "roll vader 4 6", "end vader", "roll luke 3 4", "end luke",
    "roll vader 4 6", "end vader", "roll luke 4 6", "end luke",
    "roll vader 5 6", "decline vader", "close", "end vader",
    "roll luke 5 6", "decline luke", "close", "end luke",
    "roll vader 3 6", "end vader",
    "roll luke 4 6", "buy luke",
    "build luke dagobah-swamp", "build luke dagobah-yodas-hut", "build luke dagobah-swamp", "end luke",
    "roll vader 2 3", "buy vader", "mortgage vader tie-fighter", "end vader",
)
AUCTION = ("roll luke 2 3", "decline luke")
"""Luke moves 1 -> 6, Hoth: Frozen Plains (printed price 100), and declines it: it goes up for auction."""


@dataclass
class Table:
    """The table's journal, the game it has open (None: none) and its phone view."""

    journal: Journal
    session: Session | None
    link: PhoneLink = field(init=False)

    def play(self, *commands: str) -> None:
        """Reach a position through the engine (set-up, not the behaviour under test)."""
        assert self.session is not None
        for command in commands:
            answer = self.session.submit(command)
            assert answer.accepted, (command, answer.reasons)

    def url(self, seat: str, api: bool = True) -> str:
        """A seat's address (``""`` is the table view); by default the JSON behind the page."""
        self.link.sync()
        url = self.link.url(seat)
        assert url, f"no code for {seat!r}"
        return url.replace("/t/", "/api/t/").replace("/p/", "/api/p/") if api else url

    def new_game(self) -> None:
        """The table starts another game."""
        self.session = start(self.journal)

    def snapshot(self) -> tuple[object, int]:
        """The whole game state and the number of journal entries, to prove nothing changed."""
        assert self.session is not None
        return self.session.game.state.snapshot(), len(self.session.game.entries)


def start(journal: Journal) -> Session:
    """A new game of Luke and Vader, played through :data:`WALK`."""
    session = Session.start(journal, edition(), Setup("original-trilogy", "standard", [seat(0), seat(1)]))
    for command in WALK:
        answer = session.submit(command)
        assert answer.accepted, (command, answer.reasons)
    return session


def open_table(tmp_path: Path, limits: Limits | None = None) -> Table:
    """A table with the game of :data:`WALK` and its phone view on 127.0.0.1, any free port."""
    journal = Journal(tmp_path / "games.sqlite3")
    table = Table(journal, start(journal))
    table.link = PhoneLink(lambda: table.session, Direct(), limits=limits)
    assert table.link.start("127.0.0.1", 0) == ""
    table.link.sync()
    return table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """:func:`open_table`, stopped and closed afterwards."""
    opened = open_table(tmp_path)
    yield opened
    opened.link.stop()
    opened.journal.close()
