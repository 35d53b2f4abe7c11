"""Payout spaces: a space that pays whoever stops on it its printed amount."""

from __future__ import annotations

from typing import ClassVar

from companion.edition import Space
from companion.engine.events import Posted
from companion.engine.ledger import BANK, CREDITS, Transaction
from companion.rules.core import Emitter, Rules


class Payouts(Rules):
    """The bank pays the lander a space's printed amount."""

    landings: ClassVar[dict[str, str]] = {"collect": "land_collect"}

    def land_collect(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """Stopping on the space collects its amount from the bank."""
        emit.add(Posted(Transaction.transfer(space.name, BANK, player, CREDITS, space.amount)))
