"""Sides (Star Wars 2015): every player fights for the Rebels or the Empire. Allies share a side; the sides are
even (one against one, two against two), or in a three-player game one player stands alone against two and sits
first."""

from __future__ import annotations

from companion.engine.errors import Violation
from companion.engine.state import GameState
from companion.rules.core import Rules

V = Violation


class Sides(Rules):
    """Rebels against the Empire."""

    def check_setup(self) -> list[Violation]:
        """Each player names one of the edition's sides; the sides have as many players each, or, with three
        players, the one without an ally sits first."""
        problems = super().check_setup()
        sides = [p.get("side", "") for p in self.setup.players]
        names = ", ".join(self.edition.sides)
        problems += [V("setup/side", f"{p.get('name', p.get('id'))} must fight for a side: {names}.")
                     for p in self.setup.players if p.get("side") not in self.edition.sides]
        if problems:
            return problems
        counts = {side: sides.count(side) for side in self.edition.sides}
        if len(sides) == 3:
            solo = next((side for side, n in counts.items() if n == 1), None)
            if solo is None:
                problems.append(V("setup/sides", "With three players, one fights alone against the other two."))
            elif sides[0] != solo:
                problems.append(V("setup/sides", "With three players, the one fighting alone sits first."))
        elif len(set(counts.values())) != 1:
            problems.append(V("setup/sides", "Both sides need as many players: one against one, or two against "
                                             "two."))
        return problems

    def side_of(self, s: GameState, player: str) -> str:
        """The side a player fights for."""
        return s.player(player).side

    def allies(self, s: GameState, player: str, other: str) -> bool:
        """Whether two different players fight for the same side."""
        return player != other and s.has_player(other) and self.side_of(s, player) == self.side_of(s, other)

    def side_name(self, side: str) -> str:
        """A side as the edition names it (``Rebels``, ``Empire``)."""
        return str(self.edition.sides[side].get("name", side))

    def solo(self, s: GameState) -> str:
        """The player who fights alone in a three-player game ("" in an even game)."""
        if len(s.players) != 3:
            return ""
        return next((p.id for p in s.players if sum(q.side == p.side for q in s.players) == 1), "")
