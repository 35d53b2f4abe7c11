"""Worth, the classic way: what ranks the players when the game ends before one is left."""

from __future__ import annotations

from companion.engine.state import GameState
from companion.rules.core import Rules


class Worth(Rules):
    """Cash, deeds at their printed prices (half for a mortgaged one) and buildings at cost."""

    def worth_parts(self, s: GameState, player: str) -> dict[str, int]:
        """End-of-game worth part by part: ``cash``; ``deeds`` at their printed prices (unmortgaged ones);
        ``mortgaged`` deeds at half their printed price, each rounded down to a whole credit; ``buildings`` at
        what they cost (a hotel with the houses it replaced); ``debts``, only while one is still open: what other
        players owe the player less what the player owes (credits owed are the creditor's, not the debtor's);
        and their sum, ``total``."""
        deeds = self.deeds_of(s, player)
        parts = {
            "cash": s.cash(player),
            "deeds": sum(d.price for d in deeds if d.id not in s.mortgaged),
            "mortgaged": sum(d.price // 2 for d in deeds if d.id in s.mortgaged),
            "buildings": sum(self.building_value(s, d) for d in deeds),
        }
        debts = sum(d.amount for d in s.debts if d.creditor == player) - sum(d.amount for d in s.debts_of(player))
        if debts:
            parts["debts"] = debts
        return {**parts, "total": sum(parts.values())}
