"""Taxes: a tax space charges its printed amount; the Docking Tax lets the lander choose the flat amount or a
share of their worth, before the worth is added up (the flat amount only, in a variant that says so)."""

from __future__ import annotations

from typing import ClassVar

from companion.edition import Space
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DecisionClosed, DecisionOpened, Noted
from companion.engine.ledger import BANK
from companion.engine.state import Decision, GameState
from companion.rules.core import Emitter, Grammar, Rules, ceil_percent

V = Violation


class Taxes(Rules):
    """Tax spaces and the Docking Tax choice."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "tax": (("player", "word"), "choose how to pay the Docking Tax: flat or worth"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("tax",)
    landing_decisions: ClassVar[tuple[str, ...]] = ("tax",)
    landings: ClassVar[dict[str, str]] = {"tax": "land_tax"}

    def land_tax(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """A tax space charges its amount; the Docking Tax first asks how to pay it."""
        if space.tax != "docking":
            self.charge(emit, player, BANK, space.amount, space.name)
        elif self.variant and self.variant.docking_tax_flat_only:
            self.charge(emit, player, BANK, self.edition.docking_flat, space.name)
        else:
            emit.add(DecisionOpened("tax", player, {"space": space.id}))

    def docking_worth(self, s: GameState, player: str) -> int:
        """Docking Tax worth: cash, the printed price of every deed (mortgaged or not), and buildings at cost."""
        return s.cash(player) + sum(d.price + self.building_value(s, d) for d in self.deeds_of(s, player))

    def check_tax(self, s: GameState, cmd: Command) -> list[Violation]:
        """Docking Tax: choose the flat amount or a share of total worth, before the worth is added up."""
        player, choice = cmd.args
        problems = self.need_decision(s, player, "tax", "choose a tax for")
        if choice not in ("flat", "worth"):
            problems.append(V("tax/choice", "Choose 'flat' or 'worth'."))
        return problems

    def do_tax(self, emit: Emitter, cmd: Command) -> None:
        s, (player, choice) = emit.state, cmd.args
        decision = self.decision(s, player, "tax")
        assert decision is not None
        space = self.edition.space(decision.data["space"])
        emit.add(DecisionClosed(decision.id))
        if choice == "flat":
            amount = self.edition.docking_flat
        else:
            worth = self.docking_worth(s, player)
            amount = ceil_percent(worth, self.edition.docking_worth_percent)
            emit.add(Noted(f"{self.name_of(s, player)} is worth {self.money(worth)}"))
        self.charge(emit, player, BANK, amount, space.name)

    def decision_text(self, d: Decision) -> str:
        if d.kind == "tax":
            return "choose how to pay the Docking Tax (flat or worth)"
        return super().decision_text(d)
