"""Mortgages: a deed whose group has no buildings is mortgaged for its printed value and lifted for that plus
interest; no rent on it meanwhile; a mortgaged deed received from another player is lifted at once or kept
mortgaged for the interest now."""

from __future__ import annotations

from typing import ClassVar

from companion.edition import Space, a_or_an, capital
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DecisionClosed, DecisionOpened, MortgageChanged, Noted, Posted, RentClosed
from companion.engine.ledger import BANK, CREDITS, Transaction
from companion.engine.state import Decision, GameState
from companion.rules.core import Emitter, Grammar, Rules, ceil_percent

V = Violation


class Mortgages(Rules):
    """Mortgaging, lifting, and the choice on a mortgaged deed received."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "mortgage": (("player", "word"), "mortgage a deed"),
        "unmortgage": (("player", "word"), "lift a mortgage (mortgage plus interest)"),
        "lift": (("player", "word"), "lift the mortgage of a deed just received"),
        "keep": (("player", "word"), "keep a deed just received mortgaged (pay the interest now)"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("mortgage-transfer",)

    def interest(self, space: Space) -> int:
        """The interest due on a deed's mortgage."""
        return ceil_percent(space.mortgage, self.edition.mortgage_interest_percent)

    def lift_cost(self, space: Space) -> int:
        """What lifting a deed's mortgage costs: the mortgage value plus the interest."""
        return space.mortgage + self.interest(space)

    def raisable(self, s: GameState, player: str) -> int:
        """What a player in debt could raise, and the mortgage value of each deed not yet mortgaged."""
        return super().raisable(s, player) + sum(d.mortgage for d in self.deeds_of(s, player)
                                                 if d.id not in s.mortgaged)

    def check_mortgage(self, s: GameState, cmd: Command) -> list[Violation]:
        """A deed may be mortgaged for its printed mortgage value once its group has no buildings."""
        player = cmd.args[0]
        deed, problems = self.own_deed(s, player, cmd.args[1])
        if deed is None or problems:
            return problems
        if deed.id in s.mortgaged:
            problems.append(V("mortgage/already", f"{deed.name} is already {self.term('mortgaged')}."))
        if deed.kind == "street" and self.group_buildings(s, deed):
            problems.append(V("mortgage/buildings", f"Sell the {self.term('buildings')} on the "
                                                    f"{self.group_name(deed)} first."))
        return problems

    def do_mortgage(self, emit: Emitter, cmd: Command) -> None:
        player, deed = cmd.args[0], self.edition.space(cmd.args[1])
        for claim in [c for c in emit.state.rent_claims if c.space == deed.id and not c.deferred]:
            emit.add(RentClosed(claim.id, "mortgaged"))
        self.void_payment_rolls(emit, deed)
        emit.add(MortgageChanged(deed.id, True))
        emit.add(Posted(Transaction.transfer(f"{self.name_of(emit.state, player)} gets the "
                                             f"{self.term('mortgage_value')} of {deed.name}",
                                             BANK, player, CREDITS, deed.mortgage)))

    def void_payment_rolls(self, emit: Emitter, deed: Space) -> None:
        """Nothing is collected on a mortgaged deed: a roll still owed to set its payment (a utility paid by a
        fresh roll) is called off, and the player who landed there owes nothing."""
        s = emit.state
        for decision in [d for d in s.decisions if d.kind == "utility-roll" and d.data["space"] == deed.id]:
            emit.add(DecisionClosed(decision.id))
            emit.add(Noted(f"No {self.term('rent')} can be claimed on {a_or_an(self.term('mortgaged'))} property: "
                           f"{self.name_of(s, decision.player)} has no roll to make for {deed.name}"))

    def check_unmortgage(self, s: GameState, cmd: Command) -> list[Violation]:
        """Lifting a mortgage costs the mortgage value plus interest."""
        player = cmd.args[0]
        deed, problems = self.own_deed(s, player, cmd.args[1])
        if deed is None or problems:
            return problems
        if deed.id not in s.mortgaged:
            return [V("mortgage/not-mortgaged", f"{deed.name} is not {self.term('mortgaged')}.")]
        if self.decision(s, player, "mortgage-transfer", space=deed.id):
            return [V("mortgage/decide-first", f"{deed.name} has just changed hands while "
                                               f"{self.term('mortgaged')}: first choose to "
                                               f"{self.term('unmortgage')} it now or keep it "
                                               f"{self.term('mortgaged')} ('lift' or 'keep').")]
        return self.afford(s, player, self.lift_cost(deed), capital(f"{self.term('unmortgage')} {deed.name}"))

    def do_unmortgage(self, emit: Emitter, cmd: Command) -> None:
        player, deed = cmd.args[0], self.edition.space(cmd.args[1])
        emit.add(MortgageChanged(deed.id, False))
        reason = f"{self.name_of(emit.state, player)}: {self.term('unmortgage')} {deed.name}"
        emit.add(Posted(Transaction.transfer(reason, player, BANK, CREDITS, self.lift_cost(deed))))

    def check_lift(self, s: GameState, cmd: Command) -> list[Violation]:
        """A mortgaged deed just received may be freed at once for the mortgage plus interest."""
        player, space = cmd.args
        problems = self.need_received(s, player, space)
        if problems:
            return problems
        deed = self.edition.space(space)
        return self.afford(s, player, self.lift_cost(deed), capital(f"{self.term('unmortgage')} {deed.name}"))

    def do_lift(self, emit: Emitter, cmd: Command) -> None:
        decision = self.decision(emit.state, cmd.args[0], "mortgage-transfer", space=cmd.args[1])
        assert decision is not None
        emit.add(DecisionClosed(decision.id))
        self.do_unmortgage(emit, cmd)

    def check_keep(self, s: GameState, cmd: Command) -> list[Violation]:
        """Keeping a received deed mortgaged costs the interest now (and again when it is lifted later)."""
        player, space = cmd.args
        return self.need_received(s, player, space)

    def need_received(self, s: GameState, player: str, space: str) -> list[Violation]:
        """``lift`` and ``keep`` answer a mortgaged deed the player has just received: refused, naming the deed,
        when there is none such (its interest is then not due); a mortgaged deed of the player's own is lifted
        the usual way (``unmortgage``), and the refusal says so."""
        if self.decision(s, player, "mortgage-transfer", space=space) is not None:
            return []
        name = self.edition.space(space).name if self.edition.has_space(space) else space
        own = (f"; {self.term('unmortgage')} it at the usual cost instead"
               if space in s.mortgaged and s.owner(space) == player else "")
        return [V("decision/no-mortgage-transfer", f"{self.name_of(s, player)} has not just received {name} "
                  f"{self.term('mortgaged')}: there is no {self.term('interest')} to settle on it{own}.")]

    def do_keep(self, emit: Emitter, cmd: Command) -> None:
        player, space = cmd.args
        decision = self.decision(emit.state, player, "mortgage-transfer", space=space)
        assert decision is not None
        deed = self.edition.space(space)
        emit.add(DecisionClosed(decision.id))
        self.charge(emit, player, BANK, self.interest(deed), f"{self.term('interest')} on {deed.name}")

    def received(self, emit: Emitter, player: str, deeds: list[str]) -> None:
        """Each mortgaged deed received asks its new owner to lift it or keep it mortgaged."""
        super().received(emit, player, deeds)
        for d in deeds:
            if d in emit.state.mortgaged:
                emit.add(DecisionOpened("mortgage-transfer", player, {"space": d}))

    def deed_trade_problems(self, s: GameState, player: str, deed: Space) -> list[Violation]:
        """A deed received mortgaged is lifted or kept before it changes hands again."""
        problems = super().deed_trade_problems(s, player, deed)
        if self.decision(s, player, "mortgage-transfer", space=deed.id):
            problems.append(V("mortgage/decide-first", f"{self.name_of(s, player)} must first "
                                                       f"{self.term('unmortgage')} {deed.name} or keep it "
                                                       f"{self.term('mortgaged')}."))
        return problems

    def before_end(self, emit: Emitter) -> None:
        """The interest on a mortgaged deed received is due at once (lift or keep both include it)."""
        super().before_end(emit)
        s = emit.state
        for d in [d for d in s.decisions if d.kind == "mortgage-transfer"]:
            deed = self.edition.space(d.data["space"])
            emit.add(DecisionClosed(d.id))
            self.charge(emit, d.player, BANK, self.interest(deed), f"{self.term('interest')} on {deed.name}")

    def decision_text(self, d: Decision) -> str:
        """A mortgaged deed received: lifted for the mortgage value plus interest, or kept mortgaged for the
        interest now; the figures are said once the deed's mortgage value is read off the box."""
        if d.kind == "mortgage-transfer":
            deed = self.edition.space(d.data['space'])
            lift, keep = (("", "") if deed.known("mortgage") is None else
                          (f" for {self.lift_cost(deed)}", f" of {self.interest(deed)}"))
            return (f"{self.term('unmortgage')} {deed.name}{lift} or keep it {self.term('mortgaged')}, paying the "
                    f"{self.term('interest')}{keep} now")
        return super().decision_text(d)
