"""Hyperdrive spaces (Star Wars 2015): the lander jumps to an unowned planet space of their choice between here and
the next Hyperdrive space; if every one there is owned, to one in the stretch after, and so on. No GO salary is
paid on the way; the space reached is then resolved (bought or auctioned).

On a board still being learnt, a space nobody has described yet may be chosen too, while the box knows fewer planet
spaces than the board has: what it is is asked when the token gets there."""

from __future__ import annotations

from typing import ClassVar

from companion.edition import UNKNOWN_KIND, Space
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DecisionClosed, DecisionOpened, Noted, TokenMoved
from companion.engine.ledger import BANK
from companion.engine.state import Decision, GameState
from companion.rules.core import Emitter, Grammar, Rules
from companion.rules.mechanics.bases import planets_undescribed

V = Violation


class Hyperdrive(Rules):
    """The jump to a planet space ahead."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "hyperdrive": (("player", "word"), "jump by Hyperdrive to an unowned planet space ahead"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("hyperdrive",)
    landing_decisions: ClassVar[tuple[str, ...]] = ("hyperdrive",)
    landings: ClassVar[dict[str, str]] = {"hyperdrive": "land_hyperdrive"}

    def hyperdrive_targets(self, s: GameState, position: int) -> list[Space]:
        """The spaces a jump from ``position`` may reach: the unowned planet spaces (or spaces nobody has
        described, while one of them may be a planet space) of the first stretch ahead that has any, a stretch
        ending at each Hyperdrive space."""
        undescribed = planets_undescribed(self.edition)
        stretch: list[Space] = []
        for step in range(1, self.board_size):
            space = self.space_at(position + step)
            if space.kind == "hyperdrive":
                if stretch:
                    return stretch
                continue
            if (space.kind == "planet" and s.owner(space.id) == BANK) or (space.kind == UNKNOWN_KIND and undescribed):
                stretch.append(space)
        return stretch

    def land_hyperdrive(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """The lander chooses where to jump (nothing happens when no planet space is left unowned)."""
        if self.hyperdrive_targets(emit.state, space.position):
            emit.add(DecisionOpened("hyperdrive", player, {"space": space.id}))
        else:
            emit.add(Noted(f"Every planet space is owned: {self.name_of(emit.state, player)} stays on {space.name}"))

    def check_hyperdrive(self, s: GameState, cmd: Command) -> list[Violation]:
        """The jump goes to one of the spaces :meth:`hyperdrive_targets` allows."""
        player, target = cmd.args
        problems = self.need_decision(s, player, "hyperdrive", "jump to")
        if problems:
            return problems
        decision = self.decision(s, player, "hyperdrive")
        assert decision is not None
        allowed = self.hyperdrive_targets(s, self.edition.space(decision.data["space"]).position)
        if target not in {t.id for t in allowed}:
            names = ", ".join(t.name for t in allowed)
            return [V("hyperdrive/target", f"The jump goes to an unowned planet space of the stretch ahead: {names}.")]
        return []

    def do_hyperdrive(self, emit: Emitter, cmd: Command) -> None:
        player, target = cmd.args
        decision = self.decision(emit.state, player, "hyperdrive")
        assert decision is not None
        emit.add(DecisionClosed(decision.id))
        emit.add(TokenMoved(player, self.edition.space(target).position, "hyperdrive"))
        self.land(emit, player)

    def decision_text(self, d: Decision) -> str:
        if d.kind == "hyperdrive":
            return "choose where to jump by Hyperdrive"
        return super().decision_text(d)
