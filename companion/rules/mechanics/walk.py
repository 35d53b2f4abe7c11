"""The co-operative move (The Mandalorian): one die, no doubles, the token walks space by space and what it meets
on the way may stop it; a prisoner rolls for the edition's exit face and leaves after the last failed try."""

from __future__ import annotations

from companion.engine.events import DiceRolled, JailChanged, Noted, TokenMoved
from companion.rules.core import Emitter
from companion.rules.mechanics.heroes import Heroes
from companion.rules.mechanics.turns import Turns


class Walk(Turns, Heroes):
    """Moving space by space."""

    def move_roll(self, emit: Emitter, player: str, dice: tuple[int, ...]) -> None:
        """The die moves the hero its value; a hero in Jail leaves on the exit face (6) and walks, or after the
        last failed try goes to Just Visiting and the turn is over."""
        s = emit.state
        emit.add(DiceRolled(player, dice, 0, False))
        p = s.player(player)
        if p.in_jail:
            face = int(self.values.get("jail_exit_face", 6))
            if dice[0] != face:
                tries = p.jail_turns + 1
                emit.add(JailChanged(player, tries < self.jail_max_turns, 0 if tries >= self.jail_max_turns else tries))
                if tries >= self.jail_max_turns:
                    emit.add(Noted(f"{p.name} leaves {self.term('jail')} for Just Visiting; the turn is over"))
                return
            emit.add(JailChanged(player, False, 0))
        self.walk(emit, player, dice[0])
        self.land(emit, player)
        self.arrived(emit, player)

    def walk(self, emit: Emitter, player: str, steps: int) -> None:
        """Move space by space: GO pays when passed or landed on; what the hero meets on a space may stop them
        there (see :meth:`passing`)."""
        s = emit.state
        position = s.player(player).position
        for step in range(1, steps + 1):
            position = (s.player(player).position + step) % self.board_size
            if position == 0:
                self.collect_go(emit, player)
            if self.passing(emit, player, position, steps - step):
                break
        emit.add(TokenMoved(player, position, "dice"))

    def passing(self, emit: Emitter, player: str, position: int, left: int) -> bool:
        """What happens as the hero reaches ``position`` with ``left`` moves still to make; True stops them
        there (nothing, unless a mechanic says so)."""
        return False
