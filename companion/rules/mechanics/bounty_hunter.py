"""Bounty Hunter spaces (Star Wars 2015): the lander takes one of their side's Bases from the bank, for free, and
sets it on an unowned planet space or in place of any Base on the board that is not their own (that Base goes
back to its side's stock). With no Base of their side left in the bank, nothing happens.

On a board still being learnt, a space nobody has described yet may be chosen too, while the board may still hide
a planet space there: what it is, is asked when the Base is set (games stamped before rules version 2 keep to the
planet spaces the box knows)."""

from __future__ import annotations

from typing import Any, ClassVar

from companion.edition import UNKNOWN_KIND, Space
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DecisionClosed, DecisionOpened, Noted, Posted
from companion.engine.ledger import BANK, Posting, Transaction, deed_unit, site_account
from companion.engine.state import Decision, GameState
from companion.rules.core import Emitter, Grammar
from companion.rules.mechanics.bases import Bases, base_unit, planets_undescribed

V = Violation


class BountyHunter(Bases):
    """A free Base."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "bounty": (("player", "word"), "set a free Base (Bounty Hunter) on a planet space"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("bounty",)
    landing_decisions: ClassVar[tuple[str, ...]] = ("bounty",)
    landings: ClassVar[dict[str, str]] = {"bounty-hunter": "land_bounty"}

    def bounty_targets(self, s: GameState, player: str) -> list[Space]:
        """Where the free Base may go: a planet space nobody owns, or one with another player's Base. On a board
        still being learnt, a space nobody has described yet too, while the board may still hide a planet space
        there (fewer planet spaces known than it has): what it is, is asked when the Base is set. Games stamped
        before rules version 2 keep to the planet spaces the box knows."""
        return [space for space in self.edition.spaces
                if (space.kind == "planet" and s.owner(space.id) != player)
                or (space.kind == UNKNOWN_KIND and self.setup.rules_version >= 2
                    and planets_undescribed(self.edition))]

    def land_bounty(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """The lander chooses where to set the free Base (nothing happens with no Base of their side left, or
        no space to set it on: see :meth:`bounty_targets`)."""
        s = emit.state
        if not self.in_stock(s, self.side_of(s, player)):
            emit.add(Noted(f"The {self.side_name(self.side_of(s, player))} have no {self.term('base')} left: "
                           f"{self.name_of(s, player)} gets nothing from the Bounty Hunter"))
        elif not self.bounty_targets(s, player):
            emit.add(Noted(f"No planet space known yet is free or another player's: {self.name_of(s, player)} gets "
                           "nothing from the Bounty Hunter"))
        else:
            emit.add(DecisionOpened("bounty", player, {"space": space.id}))

    def check_bounty(self, s: GameState, cmd: Command) -> list[Violation]:
        """The free Base goes on a planet space that is not already the player's own (the refusal says what the
        space named is instead)."""
        player, target = cmd.args
        problems = self.need_decision(s, player, "bounty", "set a free Base for")
        if problems:
            return problems
        if target not in {t.id for t in self.bounty_targets(s, player)}:
            return [V("bounty/target", f"{self.not_a_target(s, player, target)}: the free {self.term('base')} goes "
                                       f"on a planet space nobody owns or on another player's {self.term('base')}.")]
        space = self.edition.space(target)
        if space.kind == UNKNOWN_KIND:
            raise self.layout_needed(space, f"and {self.name_of(s, player)} sets a free {self.term('base')} there")
        return []

    def not_a_target(self, s: GameState, player: str, target: str) -> str:
        """Why the space named is no place for the free Base: no such space, not a planet space (nor one that may
        still be: every planet space of the board is known), or the player's own."""
        if not self.edition.has_space(target):
            return f"'{target}' is not a space on this board"
        space = self.edition.space(target)
        if space.kind == UNKNOWN_KIND:
            return f"{space.name} is not one of the planet spaces the box knows"
        if space.kind != "planet":
            return f"{space.name} is not a planet space"
        return f"{space.name} holds {self.name_of(s, player)}'s own {self.term('base')}"

    def do_bounty(self, emit: Emitter, cmd: Command) -> None:
        s, (player, target) = emit.state, cmd.args
        decision = self.decision(s, player, "bounty")
        assert decision is not None
        emit.add(DecisionClosed(decision.id))
        holder = s.owner(target)
        if holder == BANK or not self.contested(emit, player, holder, {"kind": "bounty", "space": target}):
            self.set_bounty(emit, player, target)

    def carry_out(self, emit: Emitter, actor: str, target: str, action: dict[str, Any]) -> None:
        """A free Base set in place of another player's, once it stands."""
        if action["kind"] == "bounty":
            self.set_bounty(emit, actor, str(action["space"]))
        else:
            super().carry_out(emit, actor, target, action)

    def set_bounty(self, emit: Emitter, player: str, target: str) -> None:
        """The free Base goes on the space, the Base there (if any) back to its side's stock."""
        s = emit.state
        space = self.edition.space(target)
        holder, deed, site = s.owner(target), deed_unit(target), site_account(target)
        placed = base_unit(self.side_of(s, player))
        reason = f"{self.name_of(s, player)} sets a free {self.term('base')} on {space.name} (Bounty Hunter)"
        postings = [Posting(holder, deed, -1), Posting(player, deed, 1), Posting(BANK, placed, -1),
                    Posting(site, placed, 1)]
        if holder != BANK:
            removed = base_unit(self.side_of(s, holder))
            postings += [Posting(site, removed, -1), Posting(BANK, removed, 1)]
        emit.add(Posted(Transaction(reason, tuple(postings))))

    def decision_text(self, d: Decision) -> str:
        if d.kind == "bounty":
            return f"choose where to set the free {self.term('base')} (Bounty Hunter)"
        return super().decision_text(d)
