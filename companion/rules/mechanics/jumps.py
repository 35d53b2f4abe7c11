"""Jump spaces (The Mandalorian): a hero who stops on one jumps ahead to the next hideout nobody owns, or, when all
are owned, to the other jump space; an enemy on the jump space is escaped, one on the space reached is fought."""

from __future__ import annotations

from typing import ClassVar

from companion.edition import Space
from companion.engine.events import Noted
from companion.engine.ledger import BANK
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
            emit(Noted(f"{self.name_of(s, player)} escapes {self.enemy_words(enemy)} by jumping"))
        ahead = [self.space_at(space.position + i) for i in range(1, self.board_size)]
        target = next((t for t in ahead if t.kind == "hideout" and s.owner(t.id) == BANK), None)
        target = target or next((t for t in ahead if t.kind == "jump"), None)
        if target is None:
            return
        self.advance_to(emit, player, target.position, "jump")
        if target.kind == "hideout":
            self.land(emit, player)
