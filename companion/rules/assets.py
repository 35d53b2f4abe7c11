"""What one side of a trade hands over: deeds, credits and Get Out of Jail Free cards.

Notation: ``deed:<space id>``, ``cash:<credits>`` and ``card:<deck id>``, comma-separated, after ``give=`` or
``get=``; ``give=`` alone (nothing) is allowed, e.g. ``give=deed:hoth-echo-base,cash:50 get=card:rebel``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine.ledger import CREDITS, Transaction, deed_unit


@dataclass
class Assets:
    """Deeds, credits and jail cards one side of a trade hands over."""

    deeds: list[str] = field(default_factory=list)
    cash: int = 0
    cards: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """As plain data for the trade offer event."""
        return {"deeds": list(self.deeds), "cash": self.cash, "cards": list(self.cards)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Assets:
        """Back from plain data."""
        return cls(list(data.get("deeds", [])), int(data.get("cash", 0)), list(data.get("cards", [])))

    def transfers(self, reason: str, source: str, target: str) -> list[Transaction]:
        """The ledger movements of deeds and credits (cards are not in the ledger)."""
        moves = [Transaction.transfer(reason, source, target, deed_unit(d), 1) for d in self.deeds]
        if self.cash:
            moves.append(Transaction.transfer(reason, source, target, CREDITS, self.cash))
        return moves


def parse_assets(text: str, side: str, card: str = "card:<deck>") -> Assets:
    """Read ``give=...`` / ``get=...``; raises ValueError with the accepted notation. ``card``: how a card that
    may change hands is named in this edition (``card:<deck>``, ``card:<card id>``; empty where none may)."""
    prefix = f"{side}="
    items = ["deed:<id>", "cash:<credits>", *filter(None, (card,))]
    notation = f"{', '.join(items[:-1])} or {items[-1]}"
    if not text.startswith(prefix):
        raise ValueError(f"expected '{prefix}' followed by {notation}")
    assets = Assets()
    for item in filter(None, text.removeprefix(prefix).split(",")):
        kind, _, value = item.partition(":")
        if kind == "deed" and value:
            if value in assets.deeds:
                raise ValueError(f"{value} is named twice")
            assets.deeds.append(value)
        elif kind == "cash" and value.isascii() and value.isdigit():  # "²" and "٣" are digits to isdigit()
            assets.cash += int(value)
        elif kind == "card" and value:
            assets.cards.append(value)
        else:
            raise ValueError(f"cannot read '{item}': use {notation}")
    return assets
