"""The engine's records stay what the journal needs: a quickly built event, posting or command equals one built
the slow way and hashes the same, the type checker refuses any change to one, and the same move or roll made twice
is one record."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from mypy import api as mypy_api

from companion.engine.commands import Command
from companion.engine.events import DiceRolled, RentDue, TokenMoved, moved, rolled
from companion.engine.ledger import BANK, CREDITS, Posting, Transaction
from companion.engine.records import quick_init
from companion.engine.state import ClosedClaim

ROOT = Path(__file__).resolve().parents[2]


def test_a_quickly_built_event_equals_its_copy() -> None:
    event = DiceRolled("luke", (3, 4), 0, False)
    assert (event.player, event.dice, event.doubles, event.roll_again) == ("luke", (3, 4), 0, False)
    assert event == dataclasses.replace(event) and hash(event) == hash(dataclasses.replace(event))
    assert Command("roll", ("luke", "3", "4")).to_text() == "roll luke 3 4"


@pytest.mark.parametrize("record", [DiceRolled, RentDue, Posting, Transaction, Command, ClosedClaim])
def test_every_quick_record_stays_declared_frozen(record: type) -> None:
    """The declaration is what the type checker reads: it must stay frozen (and slotted, so no stray field)."""
    assert record.__dataclass_params__.frozen and "__slots__" in record.__dict__  # type: ignore[attr-defined]


def test_the_type_checker_refuses_changing_a_record() -> None:
    """What keeps a journal's events as they were: mypy (run by the test command) refuses an assignment."""
    code = ("from companion.engine.events import DiceRolled\n"
            "event = DiceRolled('luke', (3, 4), 0, False)\n"
            "event.doubles = 2\n")
    out, _, status = mypy_api.run(["--no-error-summary", "--config-file", str(ROOT / "pyproject.toml"), "-c", code])
    assert status == 1 and 'Property "doubles" defined in "DiceRolled" is read-only' in out, out


def test_the_same_move_and_roll_are_one_record_and_another_is_another() -> None:
    assert moved("luke", 7, "move") is moved("luke", 7, "move") == TokenMoved("luke", 7, "move")
    assert moved("luke", 8, "move") != moved("luke", 7, "move")
    assert rolled("luke", (3, 4), 0, False) is rolled("luke", (3, 4), 0, False)


def test_the_same_transfer_is_one_transaction_that_balances() -> None:
    rent = Transaction.transfer("rent", "luke", "vader", CREDITS, 14)
    assert rent is Transaction.transfer("rent", "luke", "vader", CREDITS, 14)
    assert sum(p.amount for p in rent.postings) == 0
    assert Transaction.transfer("rent", "luke", BANK, CREDITS, 14) != rent


def test_defaults_are_kept_and_a_factory_default_is_fresh_each_time() -> None:
    @quick_init
    @dataclass(frozen=True, slots=True)
    class Note:
        text: str
        seen: int = 0
        tags: list[str] = field(default_factory=list)

    a, b = Note("x"), Note("y", 2)
    assert (a.seen, b.seen) == (0, 2) and a.tags == [] and a.tags is not b.tags


def test_a_class_that_does_more_than_fill_its_fields_is_refused() -> None:
    @dataclass(frozen=True, slots=True)
    class Checked:
        n: int

        def __post_init__(self) -> None:
            assert self.n >= 0

    with pytest.raises(TypeError, match="__post_init__"):
        quick_init(Checked)

    @dataclass
    class Loose:
        n: int

    with pytest.raises(TypeError, match="frozen"):
        quick_init(Loose)
