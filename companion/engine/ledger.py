"""Double-entry ledger for credits, deeds and building pieces.

Every movement of anything of value is a :class:`Transaction` of :class:`Posting` s that sum to zero for each
unit. Units are ``credits``, ``deed:<space id>``, ``house`` and ``hotel``. Accounts are player ids, ``bank`` and
``site:<space id>`` (the pieces standing on a deed). Only the bank may hold a negative amount, and only of
credits: the bank never goes broke, while deeds and pieces can never be conjured up.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from types import MappingProxyType

from companion.engine.errors import LedgerError
from companion.engine.records import quick_init

BANK = "bank"
CREDITS = "credits"
HOUSE = "house"
HOTEL = "hotel"


_NONE: Mapping[str, int] = MappingProxyType({})
"""What an account or unit the ledger has never seen holds: nothing (read-only, shared)."""


@cache
def deed_unit(space_id: str) -> str:
    """The ledger unit of a Title Deed (made once for each deed: every landing asks who holds it)."""
    return f"deed:{space_id}"


@cache
def site_account(space_id: str) -> str:
    """The account holding the building pieces that stand on a deed (made once for each deed)."""
    return f"site:{space_id}"


@quick_init
@dataclass(frozen=True, slots=True)
class Posting:
    """``amount`` of ``unit`` added to ``account`` (negative: taken from it)."""

    account: str
    unit: str
    amount: int


@quick_init
@dataclass(frozen=True, slots=True)
class Transaction:
    """A balanced set of postings with the reason the table sees in the audit log."""

    reason: str
    postings: tuple[Posting, ...]

    @classmethod
    def transfer(cls, reason: str, source: str, target: str, unit: str, amount: int) -> Transaction:
        """Move ``amount`` of ``unit`` from ``source`` to ``target``. A transaction cannot change, so the same move
        for the same reason is one object, made once: a game repeats its rents, salaries and fines many times."""
        try:
            return _transfer(reason, source, target, unit, amount)
        except TypeError:  # an amount that cannot be remembered (the ledger refuses it anyway)
            return cls(reason, (Posting(source, unit, -amount), Posting(target, unit, amount)))

    @classmethod
    def combine(cls, reason: str, parts: Iterable[Transaction]) -> Transaction:
        """One transaction made of several, so they succeed or fail together."""
        return cls(reason, tuple(p for part in parts for p in part.postings))


@lru_cache(maxsize=4096, typed=True)
def _transfer(reason: str, source: str, target: str, unit: str, amount: int) -> Transaction:
    """:meth:`Transaction.transfer`, remembered."""
    return Transaction(reason, (Posting(source, unit, -amount), Posting(target, unit, amount)))


class Ledger:
    """Balances by unit and account; :meth:`post` is the only way to change them."""

    def __init__(self) -> None:
        self._by_unit: dict[str, dict[str, int]] = {}
        self._by_account: dict[str, dict[str, int]] = {}
        self._totals: dict[str, int] = {}

    def open(self, account: str, unit: str, amount: int) -> None:
        """Put the box contents in place before play (deeds and pieces start with the bank)."""
        if amount < 0:
            raise LedgerError(f"cannot open {account} with {amount} {unit}")
        holders = self._by_unit.setdefault(unit, {})
        holders[account] = holders.get(account, 0) + amount
        if holders[account]:
            self._by_account.setdefault(account, {})[unit] = holders[account]
        self._totals[unit] = self._totals.get(unit, 0) + amount

    def check(self, txn: Transaction) -> list[str]:
        """Every problem the transaction would cause; empty when it may be posted."""
        postings = txn.postings
        if len(postings) == 2:
            # Most transactions move one amount from one account to another: said fit at once when they are.
            give, take = postings
            unit, amount = give.unit, take.amount
            if (unit == take.unit and type(amount) is int and type(give.amount) is int and give.amount == -amount
                    and give.account != take.account):
                holders = self._by_unit.get(unit, _NONE)
                if ((amount >= 0 or holders.get(take.account, 0) + amount >= 0
                     or (take.account == BANK and unit == CREDITS))
                        and (amount <= 0 or holders.get(give.account, 0) - amount >= 0
                             or (give.account == BANK and unit == CREDITS))):
                    return []
        problems: list[str] = []
        sums: dict[str, int] = {}
        after: dict[tuple[str, str], int] = {}
        by_unit = self._by_unit
        for p in txn.postings:
            account, unit, amount = p.account, p.unit, p.amount
            if not isinstance(amount, int) or isinstance(amount, bool):
                problems.append(f"{unit} amount {amount!r} is not a whole number")
                continue
            sums[unit] = sums.get(unit, 0) + amount
            key = (account, unit)
            if key in after:
                after[key] += amount
            else:
                after[key] = by_unit.get(unit, _NONE).get(account, 0) + amount
        for unit, total in sums.items():
            if total:
                problems.append(f"{txn.reason}: {unit} do not balance ({total:+d})")
        for (account, unit), amount in after.items():
            if amount < 0 and not (account == BANK and unit == CREDITS):
                problems.append(f"{txn.reason}: {account} would hold {amount} {unit}")
        return problems

    def post(self, txn: Transaction) -> None:
        """Apply a transaction, or raise :class:`LedgerError` and change nothing."""
        postings = txn.postings
        if len(postings) == 2:
            # Most transactions move one amount from one account to another: when the giver holds enough (or is
            # the bank paying credits), it is applied at once, with the checks of :meth:`check` that such a move
            # needs.
            give, take = postings
            unit, amount, source, target = give.unit, take.amount, give.account, take.account
            if (unit == take.unit and type(amount) is int and type(give.amount) is int and give.amount == -amount
                    and amount > 0 and source != target):
                holders = self._by_unit.get(unit)
                if holders is not None:
                    left = holders.get(source, 0) - amount
                    if left >= 0 or (source == BANK and unit == CREDITS):
                        self._set_holding(holders, source, unit, left)
                        self._set_holding(holders, target, unit, holders.get(target, 0) + amount)
                        return
        problems = self.check(txn)
        if problems:
            raise LedgerError("; ".join(problems))
        by_unit = self._by_unit
        for p in txn.postings:
            try:
                holders = by_unit[p.unit]
            except KeyError:  # a unit the ledger has not seen yet
                holders = by_unit[p.unit] = {}
            self._set_holding(holders, p.account, p.unit, holders.get(p.account, 0) + p.amount)

    def _set_holding(self, holders: dict[str, int], account: str, unit: str, amount: int) -> None:
        """``account`` now holds ``amount`` of ``unit`` (``holders``: the unit's holders)."""
        try:
            held = self._by_account[account]
        except KeyError:  # an account the ledger has not seen yet
            held = self._by_account[account] = {}
        if amount:
            holders[account] = held[unit] = amount
        else:
            holders.pop(account, None)
            held.pop(unit, None)

    def balance(self, account: str, unit: str = CREDITS) -> int:
        """How much of ``unit`` the account holds."""
        return self._by_unit.get(unit, _NONE).get(account, 0)

    def holdings(self, account: str) -> Mapping[str, int]:
        """What an account holds, by unit (non-zero amounts only); a view, not to be changed."""
        return self._by_account.get(account, _NONE)

    def holding(self, unit: str) -> Mapping[str, int]:
        """The accounts holding a non-zero amount of ``unit``, with the amounts; a view, not to be changed."""
        return self._by_unit.get(unit, _NONE)

    def holders(self, unit: str) -> Iterator[tuple[str, int]]:
        """Accounts holding a non-zero amount of ``unit``."""
        return iter(self._by_unit.get(unit, {}).items())

    def total(self, unit: str) -> int:
        """Sum over all accounts: always equal to what was opened (zero for credits)."""
        return sum(self._by_unit.get(unit, {}).values())

    def opened(self, unit: str) -> int:
        """What was put in place for ``unit`` before play."""
        return self._totals.get(unit, 0)

    def units(self) -> list[str]:
        """Every unit the ledger has seen."""
        return sorted(self._by_unit)

    def snapshot(self) -> dict[str, dict[str, int]]:
        """Non-zero balances by unit and account, sorted, for comparing and printing states."""
        return {u: dict(sorted(h.items())) for u, h in sorted(self._by_unit.items()) if h}
