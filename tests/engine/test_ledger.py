"""The double-entry ledger: what it refuses, and that a refusal posts nothing.

The numbers are the box contents of the Original Trilogy edition: 1,500 starting credits per player
(OT-SETUP-4), 32 fighters and 12 freighters/destroyers shared by both sides (OT-EDITION-7).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.edition import load_edition
from companion.engine.commands import parse_command
from companion.engine.errors import CommandRejected, LedgerError
from companion.engine.ledger import (
    BANK,
    CREDITS,
    HOTEL,
    HOUSE,
    Ledger,
    Posting,
    Transaction,
    deed_unit,
    site_account,
)
from companion.engine.state import Setup
from companion.rules import new_game

REPO = Path(__file__).resolve().parents[2]
SWAMP = "dagobah-swamp"


@pytest.fixture
def ledger() -> Ledger:
    """A bank holding one deed and the whole building stock, and Luke holding his 1,500 starting credits."""
    book = Ledger()
    book.open(BANK, deed_unit(SWAMP), 1)
    book.open(BANK, HOUSE, 32)
    book.open(BANK, HOTEL, 12)
    book.post(Transaction.transfer("starting credits", BANK, "luke", CREDITS, 1500))
    return book


def test_unbalanced_transaction_is_refused(ledger: Ledger) -> None:
    """OT-SETUP-8: credits only move, they are never conjured up: 10 credits to Luke from nowhere is refused.
    """
    before = ledger.snapshot()
    with pytest.raises(LedgerError, match="do not balance"):
        ledger.post(Transaction("free money", (Posting("luke", CREDITS, 10),)))
    assert ledger.snapshot() == before
    assert ledger.balance("luke") == 1500


def test_unbalanced_deed_is_refused_even_when_credits_balance(ledger: Ledger) -> None:
    """OT-BUY-2: a sale hands over exactly one deed; a deed that appears twice is refused."""
    txn = Transaction("bad sale", (
        Posting("luke", CREDITS, -60), Posting(BANK, CREDITS, 60),
        Posting(BANK, deed_unit(SWAMP), -1), Posting("luke", deed_unit(SWAMP), 2),
    ))
    assert any("do not balance" in p for p in ledger.check(txn))
    with pytest.raises(LedgerError):
        ledger.post(txn)
    assert ledger.balance("luke", deed_unit(SWAMP)) == 0
    assert ledger.balance(BANK, deed_unit(SWAMP)) == 1


def test_player_cannot_go_below_zero(ledger: Ledger) -> None:
    """OT-LOAN-2: players cannot borrow, so Luke (1,500) cannot pay 1,501; nothing moves."""
    with pytest.raises(LedgerError, match="luke would hold -1 credits"):
        ledger.post(Transaction.transfer("too much", "luke", BANK, CREDITS, 1501))
    assert ledger.balance("luke") == 1500
    assert ledger.balance(BANK) == -1500
    # Exactly everything is fine: 1500 - 1500 = 0.
    ledger.post(Transaction.transfer("everything", "luke", BANK, CREDITS, 1500))
    assert ledger.balance("luke") == 0


def test_bank_credits_may_go_negative(ledger: Ledger) -> None:
    """OT-SETUP-8: the Bank never runs out of money; its credit balance simply goes further below zero."""
    ledger.post(Transaction.transfer("salary for passing GO", BANK, "luke", CREDITS, 200))
    # The bank issued 1500 + 200 = 1700 and holds -1700; the total over all accounts stays 0.
    assert ledger.balance(BANK) == -1700
    assert ledger.balance("luke") == 1700
    assert ledger.total(CREDITS) == 0


def test_bank_cannot_hand_out_a_deed_it_does_not_hold(ledger: Ledger) -> None:
    """OT-SETUP-5: every deed exists once; after the bank sold the Swamp it cannot sell it again."""
    sale = Transaction.combine("buys the Swamp", [
        Transaction.transfer("buys", "luke", BANK, CREDITS, 60),
        Transaction.transfer("buys", BANK, "luke", deed_unit(SWAMP), 1),
    ])
    ledger.post(sale)
    assert ledger.balance("luke") == 1440  # 1500 - 60 = 1440
    before = ledger.snapshot()
    with pytest.raises(LedgerError, match="bank would hold -1 deed:dagobah-swamp"):
        ledger.post(Transaction.transfer("second copy", BANK, "vader", deed_unit(SWAMP), 1))
    assert ledger.snapshot() == before


def test_bank_cannot_hand_out_more_pieces_than_the_box_holds(ledger: Ledger) -> None:
    """OT-EDITION-7, OT-SHORTAGE-1: at most 32 fighters and 12 freighters/destroyers; a 33rd is refused."""
    site = site_account(SWAMP)
    ledger.post(Transaction.transfer("fighters", BANK, site, HOUSE, 32))
    assert ledger.balance(BANK, HOUSE) == 0
    with pytest.raises(LedgerError, match="bank would hold -1 house"):
        ledger.post(Transaction.transfer("33rd fighter", BANK, site, HOUSE, 1))
    with pytest.raises(LedgerError, match="bank would hold -1 hotel"):
        ledger.post(Transaction.transfer("13th freighter", BANK, site, HOTEL, 13))
    assert ledger.balance(site, HOUSE) == 32
    assert ledger.balance(site, HOTEL) == 0
    assert ledger.total(HOUSE) == ledger.opened(HOUSE) == 32
    assert ledger.total(HOTEL) == ledger.opened(HOTEL) == 12


def test_site_cannot_give_back_pieces_it_does_not_have(ledger: Ledger) -> None:
    """OT-SELL-3: only starships standing on a deed can be sold back; an empty site has none to return."""
    with pytest.raises(LedgerError, match="site:dagobah-swamp would hold -1 house"):
        ledger.post(Transaction.transfer("phantom sale", site_account(SWAMP), BANK, HOUSE, 1))


def test_nothing_is_posted_when_one_part_of_a_combined_transaction_fails(ledger: Ledger) -> None:
    """OT-BUY-4: pay and take the deed together or not at all: Luke cannot take the deed while the payment of
    1,600 is more than his 1,500, so neither half is posted."""
    before = ledger.snapshot()
    sale = Transaction.combine("buys", [
        Transaction.transfer("buys", BANK, "luke", deed_unit(SWAMP), 1),
        Transaction.transfer("buys", "luke", BANK, CREDITS, 1600),
    ])
    problems = ledger.check(sale)
    assert problems == ["buys: luke would hold -100 credits"]
    with pytest.raises(LedgerError):
        ledger.post(sale)
    assert ledger.snapshot() == before
    assert ledger.balance(BANK, deed_unit(SWAMP)) == 1


def test_check_lists_every_problem_at_once(ledger: Ledger) -> None:
    """OT-LOAN-2 and OT-SETUP-5 together: an unbalanced deed and an overdraft are both reported."""
    txn = Transaction("two faults", (
        Posting("luke", CREDITS, -2000), Posting(BANK, CREDITS, 2000),
        Posting("vader", deed_unit(SWAMP), 1),
    ))
    problems = ledger.check(txn)
    assert len(problems) == 2
    assert any("deed:dagobah-swamp do not balance (+1)" in p for p in problems)
    assert any("luke would hold -500 credits" in p for p in problems)


@pytest.mark.parametrize("amount", [1.5, True, "10"])
def test_amounts_must_be_whole_numbers(ledger: Ledger, amount: object) -> None:
    """OT-EDITION-3: credits are counted in whole Imperial credits; 1.5, True or "10" are refused."""
    txn = Transaction("odd", (Posting("luke", CREDITS, amount), Posting(BANK, CREDITS, 0)))  # type: ignore[arg-type]
    with pytest.raises(LedgerError, match="not a whole number"):
        ledger.post(txn)
    assert ledger.balance("luke") == 1500


def test_opening_a_negative_stock_is_refused() -> None:
    """OT-SETUP-5: the box cannot hold a negative number of pieces."""
    with pytest.raises(LedgerError):
        Ledger().open(BANK, HOUSE, -1)


def test_a_refused_command_posts_nothing_in_a_game() -> None:
    """OT-BUY-5, OT-BUY-6: after paying 1,200 to Vader, Luke (300 left) bids 301 in the auction of the Swamp;
    the bid is refused for lack of credits and the ledger is untouched."""
    edition = load_edition(REPO / "editions" / "original-trilogy")
    players = [{"id": "luke", "name": "Luke", "token": "luke-skywalker", "side": "rebel"},
               {"id": "vader", "name": "Vader", "token": "darth-vader", "side": "empire"}]
    game = new_game(edition, Setup("original-trilogy", "standard", players))
    # 1500 - 1200 = 300 left after a trade payment to Vader.
    game.apply(parse_command("propose luke vader give=cash:1200 get="))
    game.apply(parse_command("accept vader"))
    assert game.state.cash("luke") == 300
    game.apply(parse_command("roll luke 1 2"))  # GO + 3 = Dagobah Swamp (60): decline it, auction opens
    game.apply(parse_command("decline luke"))
    before = game.state.ledger.snapshot()
    with pytest.raises(CommandRejected) as exc:
        game.apply(parse_command("bid luke 301"))
    assert [v.code for v in exc.value.violations] == ["auction/over-cash"]
    assert game.state.ledger.snapshot() == before
