"""Jump spaces (The Mandalorian): a hero who stops on one jumps ahead to the next hideout nobody owns, or, when all
are owned, to the other jump space; an enemy on the jump space is escaped, one on the space reached is fought."""

from __future__ import annotations

from typing import ClassVar

from companion.edition import UNKNOWN_KIND, Space
from companion.engine.events import Noted
from companion.engine.ledger import BANK
from companion.engine.state import GameState
from companion.rules.coop_state import coop
from companion.rules.core import Emitter
from companion.rules.mechanics.enemies import Enemies


class Jumps(Enemies):
    """The jump ahead."""

    landings: ClassVar[dict[str, str]] = {"jump": "land_jump"}

    def land_jump(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """Jump to the next hideout nobody owns (and buy or auction it), or, when all are owned, to the other
        jump space. An enemy on the jump space is escaped; one on the space reached must be fought."""
        s = coop(emit.state)
        enemy = s.enemy_at(space.position)
        if enemy:
            emit.add(Noted(f"{self.name_of(s, player)} escapes {self.enemy_words(enemy)} by jumping"))
        target = self.jump_target(s, space)
        if target is None:
            return
        self.advance_to(emit, player, target.position, "jump")
        if target.kind == "hideout":
            self.land(emit, player)

    def jump_target(self, s: GameState, space: Space) -> Space | None:
        """Where a jump from ``space`` goes: the first hideout ahead that the Bank holds, or, once 16 are owned,
        the other jump space. On a board still being learnt, a space ahead that nobody has described may be
        where the jump goes, so the jump asks what it is before going past it."""
        every_one_owned = self.every_hideout_owned(coop(s))
        goal = (f"the other {self.term('jump_space')}" if every_one_owned
                else f"the first {self.term('street')} nobody owns")
        for t in (self.space_at(space.position + i) for i in range(1, self.board_size)):
            if t.kind == UNKNOWN_KIND:
                raise self.layout_needed(t, f"and the jump from {space.name} goes on to {goal}")
            reached = t.kind == "jump" if every_one_owned else (t.kind == "hideout" and s.owner(t.id) == BANK)
            if reached:
                return t
        return None
