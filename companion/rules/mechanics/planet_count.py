"""The end of a Star Wars 2015 game: the moment every planet space holds a Base, the side with more Bases on the
board wins, and the player of that side with the most Bases is the ultimate winner. A draw (between the sides, or
between players of the winning side) goes to the owner of the highest-placed Base: the most valuable, as a lost
Base is chosen.

How many planet spaces the board has is asked once every planet space the box knows holds a Base (in a first game,
at the first purchase), unless the whole board is already known; the box remembers it."""

from __future__ import annotations

from functools import cmp_to_key
from typing import ClassVar

from companion.box.values import BOARD_TARGET
from companion.edition import Space, a_or_an, counted
from companion.engine.errors import Need, ValueNeeded
from companion.engine.events import GameEnded
from companion.engine.ledger import BANK
from companion.engine.state import GameState, Player
from companion.rules.core import Emitter
from companion.rules.mechanics.base_loss import BaseLoss


class PlanetCount(BaseLoss):
    """Counting the Bases when the galaxy is full."""

    asks: ClassVar[frozenset[str]] = frozenset({"planets"})

    def planet_spaces(self) -> int:
        """How many planet spaces the board has: known once every space is, else asked of the box."""
        e = self.edition
        if e.fully_known:
            return sum(1 for s in e.deeds if s.kind == "planet")
        count = e.raw.get("board", {}).get("planets")
        if not isinstance(count, int):
            raise ValueNeeded(Need(BOARD_TARGET, ("planets",), "How many planet spaces does the whole board have? "
                                                               "The game ends when every one holds a Base."))
        return count

    def after_command(self, emit: Emitter) -> None:
        """The game ends the moment every planet space holds a Base."""
        super().after_command(emit)
        s = emit.state
        planets = [d for d in self.edition.deeds if d.kind == "planet"]
        if s.over or not planets or any(s.owner(d.id) == BANK for d in planets):
            return
        if len(planets) >= self.planet_spaces():
            self.end_game(emit, f"every planet space holds {a_or_an(self.term('base'))}")

    def end_game(self, emit: Emitter, reason: str) -> None:
        """The sides' Bases counted; the winning side's players first, most Bases first (see the module's
        words)."""
        s = emit.state
        self.before_end(emit)
        held = {p.id: self.bases_of(s, p.id) for p in s.active}
        by_side = {side: sum(len(held[p.id]) for p in s.active if p.side == side) for side in self.edition.sides}
        winner = self.winning_side(s, held, by_side)

        def before(p: Player, q: Player) -> int:
            """The winning side first, then most Bases; only a draw compares the best Bases (rents read then)."""
            a, b = (p.side != winner, -len(held[p.id])), (q.side != winner, -len(held[q.id]))
            if a != b:
                return -1 if a < b else 1
            return self.higher(held[q.id], held[p.id])

        order = sorted(s.active, key=cmp_to_key(before))
        ranking = [{"player": p.id, "worth": len(held[p.id]), "place": place, "parts": {"bases": len(held[p.id])},
                    "side": p.side} for place, p in enumerate(order, start=1)]
        score = " to ".join(str(by_side[side]) for side in sorted(by_side, key=lambda side: side != winner))
        emit.add(GameEnded(f"{reason}: victory to the {self.side_name(winner)}, {score} in {self.term('bases')}"
                           f"{self.draw_words(s, held, by_side, order)}", tuple(ranking)))

    def draw_words(self, s: GameState, held: dict[str, list[Space]], by_side: dict[str, int], order: list[Player]
                   ) -> str:
        """The end of the end's words: the ultimate winner, and what settled a draw (between the sides, or between
        the winner and a player of their side level with them), so the table sees why the level one lost."""
        base, first = self.term("base"), order[0]
        words = ""
        if list(by_side.values()).count(by_side[first.side]) > 1:
            top = self.top([b for p in s.active for b in held[p.id]])
            words += f", a draw won by the highest-placed {base} ({top.name})"
        words += f"; {self.name_of(s, first.id)} is the ultimate winner"
        level = [p for p in order[1:] if p.side == first.side and len(held[p.id]) == len(held[first.id])]
        if level and held[first.id]:
            names = " and ".join(self.name_of(s, p.id) for p in level)
            bases = counted(len(held[first.id]), base, self.term("bases"))
            words += (f", level with {names} on {bases} but holding the highest-placed one "
                      f"({self.top(held[first.id]).name})")
        return words

    def winning_side(self, s: GameState, held: dict[str, list[Space]], by_side: dict[str, int]) -> str:
        """The side with more Bases; level: the side holding the highest-placed Base."""
        most = max(by_side.values())
        level = [side for side, n in by_side.items() if n == most]
        if len(level) == 1:
            return level[0]
        best = self.top([b for side in level for p in s.active if p.side == side for b in held[p.id]])
        return next(p.side for p in s.active if best in held[p.id])

    def higher(self, mine: list[Space], theirs: list[Space]) -> int:
        """Which of two players' Bases include the most valuable (see :meth:`top`): 1 mine, -1 theirs, 0 neither
        (no Base on either side)."""
        if not mine or not theirs:
            return (1 if mine else 0) - (1 if theirs else 0)
        return 1 if self.top([*mine, *theirs]) in mine else -1
