"""Sides (Star Wars 2015): every player fights for the Rebels or the Empire. Allies share a side; the sides are
even (one against one, two against two), or in a three-player game one player stands alone against two and sits
first. In an even game a player of the side the edition marks ``first`` (the Rebels) sits first: the youngest
Rebel starts (their age is the table's to judge)."""

from __future__ import annotations

from companion.engine.errors import Violation
from companion.engine.state import GameState
from companion.rules.core import Rules

V = Violation


class Sides(Rules):
    """Rebels against the Empire."""

    def check_setup(self) -> list[Violation]:
        """Each player names one of the edition's sides; the sides have as many players each, a player of the side
        that starts sitting first, or, with three players, the one without an ally sits first."""
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
        else:
            starts = next((side for side, data in self.edition.sides.items() if data.get("first")), None)
            if starts is not None and sides and sides[0] != starts:
                problems.append(V("setup/sides", f"A player of the {self.side_name(starts)} sits first: the "
                                                 f"youngest of the {self.side_name(starts)} starts."))
        return problems

    def side_of(self, s: GameState, player: str) -> str:
        """The side a player fights for."""
        return s.player(player).side

    def allies(self, s: GameState, player: str, other: str) -> bool:
        """Whether two different players fight for the same side."""
        return player != other and s.has_player(other) and self.side_of(s, player) == self.side_of(s, other)

    def solo(self, s: GameState) -> str:
        """The player who fights alone in a three-player game ("" in an even game)."""
        if len(s.players) != 3:
            return ""
        return next((p.id for p in s.players if sum(q.side == p.side for q in s.players) == 1), "")
