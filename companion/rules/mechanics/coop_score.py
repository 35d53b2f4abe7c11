"""The co-operative score (The Mandalorian): once Moff Gideon is beaten the richest hero wins, counting cash,
Grogu's bonus, the bonus for the most enemy cards and one rent for each hideout held."""

from __future__ import annotations

from companion.engine.state import GameState
from companion.rules.coop_state import CoopState, coop
from companion.rules.mechanics.heroes import Heroes


class CoopScore(Heroes):
    """The heroes' final score."""

    def score_parts(self, s: CoopState, player: str) -> dict[str, int]:
        """A hero's final score part by part: ``cash``; ``grogu``, the bonus for holding him; ``enemy_cards``,
        the bonus for the most enemy cards won (a tie goes to whoever of them holds the most hideouts, and a tie
        on that too to each of them); ``rent``, one rent for each hideout held, double for a full colour set; and
        their sum, ``total``."""
        counts = {p.id: len(s.trophies.get(p.id, [])) for p in s.players}
        most = max(counts.values())
        tied = [p for p, n in counts.items() if n == most]
        hideouts = {p: len(self.deeds_of(s, p)) for p in tied}
        leaders = [p for p in tied if hideouts[p] == max(hideouts.values())]
        parts = {
            "cash": s.cash(player),
            "grogu": int(self.values.get("grogu_bonus", 0)) if s.holds_grogu(player) else 0,
            "enemy_cards": int(self.values.get("most_enemy_cards_bonus", 0)) if player in leaders else 0,
            "rent": sum(self.rent(s, d, player, 0) for d in self.deeds_of(s, player)),
        }
        return {**parts, "total": sum(parts.values())}

    def worth_parts(self, s: GameState, player: str) -> dict[str, int]:
        """What a hero would score if the game ended now (see :meth:`score_parts`)."""
        return self.score_parts(coop(s), player)
