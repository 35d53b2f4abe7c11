"""The co-operative score (The Mandalorian): once Moff Gideon is beaten the richest hero wins, counting cash,
Grogu's bonus, the bonus for the most enemy cards and one rent for each hideout held."""

from __future__ import annotations

from dataclasses import replace

from companion.engine.errors import ValueNeeded
from companion.engine.state import GameState
from companion.rules.coop_state import CoopState, coop
from companion.rules.core import Emitter
from companion.rules.mechanics.heroes import Heroes


class CoopScore(Heroes):
    """The heroes' final score."""

    def score_parts(self, s: CoopState, player: str) -> dict[str, int]:
        """A hero's final score part by part: ``cash``; ``grogu``, the bonus for holding him; ``enemy_cards``,
        the bonus for the most enemy cards won (a tie goes to whoever of them holds the most hideouts, and a tie
        on that too to each of them; nobody has the most while no card is won); ``rent`` (see
        :meth:`score_rent`); and their sum, ``total``."""
        counts = {p.id: len(s.trophies.get(p.id, [])) for p in s.players}
        most = max(counts.values())
        tied = [p for p, n in counts.items() if n == most and n > 0]
        hideouts = {p: len(self.deeds_of(s, p)) for p in tied}
        leaders = [p for p in tied if hideouts[p] == max(hideouts.values())]
        parts = {
            "cash": s.cash(player),
            "grogu": int(self.values.get("grogu_bonus", 0)) if s.holds_grogu(player) else 0,
            "enemy_cards": int(self.values.get("most_enemy_cards_bonus", 0)) if player in leaders else 0,
            "rent": self.score_rent(s, player, ask=False),
        }
        return {**parts, "total": sum(parts.values())}

    def score_rent(self, s: CoopState, player: str, ask: bool) -> int:
        """One rent for each hideout the hero holds, double for a full colour set. A rent nobody has entered yet
        (no hero ever paid it) counts nothing, or with ``ask`` is asked for, saying that the score needs it."""
        total = 0
        for deed in self.deeds_of(s, player):
            try:
                total += self.rent(s, deed, player, 0)
            except ValueNeeded as exc:
                if ask:
                    raise ValueNeeded(replace(exc.need, what=(
                        f"{deed.name}: the score counts one {self.term('rent')} for each {self.term('street')} "
                        f"held, and this one's is not entered yet. Read it off the {self.term('deed')}."))) from exc
        return total

    def end_game(self, emit: Emitter, reason: str) -> None:
        """The heroes have won and are scored: the rent of every hideout held is needed, so one nobody has entered
        yet is asked for first (the roll that beat Moff Gideon waits for it)."""
        s = coop(emit.state)
        for p in s.active:
            self.score_rent(s, p.id, ask=True)
        super().end_game(emit, reason)

    def worth_parts(self, s: GameState, player: str) -> dict[str, int]:
        """What a hero would score if the game ended now (see :meth:`score_parts`); the chart of the game draws it
        without stopping play to ask for a rent (a game lost when Grogu is captured is never scored, so some rents
        may never have been read)."""
        return self.score_parts(coop(s), player)
