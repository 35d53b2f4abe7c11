"""Rent claims: rent raised by a landing is owed only once the owner asks for it, before the edition's deadline;
then it lapses."""

from __future__ import annotations

from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import RentClosed, RentDeferred
from companion.engine.state import GameState, RentClaim
from companion.rules.core import Emitter, Grammar
from companion.rules.mechanics.deeds import Deeds

V = Violation


class RentClaims(Deeds):
    """The owner's claim and its deadline."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "claim": (("player", "player"), "the owner asks a player for the rent they owe"),
        "defer": (("player", "player"), "the owner has asked for a rent whose amount is not at hand: it stays owed "
                                        "until read off the Title Deed"),
    }

    def check_claim(self, s: GameState, cmd: Command) -> list[Violation]:
        """The owner must ask for rent before the edition's deadline: before the next player rolls, or the
        second player after the lander (``[rent] claim_turns`` 1 or 2); then it lapses."""
        owner, payer = cmd.args
        claim = self.claim_on(s, owner, payer)
        if claim is None:
            return [V("rent/no-claim", f"{self.name_of(s, payer)} owes {self.name_of(s, owner)} no "
                                       f"{self.term('rent')} right now: {self.why_none_owed(s, owner, payer)}.")]
        self.claimed(claim)  # a rent not read off the Title Deed yet is asked now
        return []

    def why_none_owed(self, s: GameState, owner: str, payer: str) -> str:
        """Why the owner has no rent to claim from the payer: the rent on the utility the payer stands on waits for
        the payer's roll of the dice (its amount is not known before); else the last claim was paid, or not asked
        for in time, or its deed was mortgaged, sold or traded before the owner asked (told while that claim's time
        to ask would still run); else the deed the payer stands on earns the owner nothing now
        (mortgaged, or an owner in Jail where the edition says so) or earned nothing when the payer stopped there
        (the owner was in Jail then); else the payer has not stopped on any of the owner's deeds (nobody owes rent
        on their own)."""
        rent, payer_name, owner_name = self.term("rent"), self.name_of(s, payer), self.name_of(s, owner)
        if owner == payer:
            return f"nobody owes {rent} for their own {self.term('deed')}s"
        fresh = self.decision(s, payer, "utility-roll", owner=owner)
        if fresh is not None:
            return (f"the {rent} for {self.edition.space(fresh.data['space']).name} waits for {payer_name}'s roll: "
                    f"{payer_name} must first {self.decision_text(fresh)}")
        closed = s.closed_claims.get((owner, payer))
        if closed is not None and s.turn.number - closed.turn <= self.edition.rent_claim_turns:
            name = self.edition.space(closed.space).name
            if closed.how == "claimed":
                return f"the {rent} for {name} was paid already"
            if closed.how == "lapsed":
                now = (f"{self.name_of(s, s.turn.player)} has rolled" if self.edition.rent_claim_lapses_at == "roll"
                       else f"it is {self.name_of(s, s.turn.player)}'s turn now")
                return f"the time to ask for the {rent} for {name} has passed ({now})"
            if closed.how == "mortgaged":
                return f"{name} was {self.term('mortgaged')} before {owner_name} asked, so it earns no {rent}"
            if closed.how in ("sold", "traded"):
                return f"{name} changed hands before {owner_name} asked, so it earns them no {rent}"
        space = self.space_at(s.player(payer).position)
        if space.is_deed and s.owner(space.id) == owner:
            return self.rent_withheld(s, owner, space) or (
                f"{payer_name} stands on {space.name}, but no {rent} was due when they stopped there"
                f"{self.discount_words(self.rent_owed(s, space, owner, payer, sum(s.turn.dice)))}")
        return f"{payer_name} has not stopped on any of {owner_name}'s {self.term('deed')}s lately"

    @staticmethod
    def claim_on(s: GameState, owner: str, payer: str) -> RentClaim | None:
        """The owner's open rent claim on the payer (the oldest), if any."""
        for claim in s.rent_claims:
            if claim.owner == owner and claim.payer == payer:
                return claim
        return None

    def claimed(self, claim: RentClaim) -> int:
        """What a claim is worth: the amount worked out at the landing, or, while the deed's amount for that level
        was not entered, that amount read off the Title Deed now (it is asked for)."""
        if claim.unread is None:
            return claim.amount
        return self.read_rent(self.edition.space(claim.space), claim.unread)

    def do_claim(self, emit: Emitter, cmd: Command) -> None:
        """The rent is charged (unless the payer may answer the claim first: see :meth:`contested`)."""
        owner, payer = cmd.args
        claim = self.claim_on(emit.state, owner, payer)
        assert claim is not None
        emit.add(RentClosed(claim.id, "claimed"))
        space = self.edition.space(claim.space)
        amount, reason = self.claimed(claim), f"{self.term('rent')} for {space.name}"
        if not self.answerable or not self.contested(emit, owner, payer,
                                                     {"kind": "charge", "amount": amount, "reason": reason}):
            self.charge(emit, payer, owner, amount, reason)

    def check_defer(self, s: GameState, cmd: Command) -> list[Violation]:
        """A claim made in time whose amount the table cannot read now (the Title Deed is not at hand) may wait:
        it stays owed, past the deadline, until the amount is entered and the owner claims again."""
        owner, payer = cmd.args
        claim = self.claim_on(s, owner, payer)
        if claim is None:
            return self.check_claim(s, cmd)
        if claim.unread is None:
            return [V("rent/known", f"The {self.term('rent')} is known: {self.name_of(s, owner)} claims it now.")]
        return []

    def do_defer(self, emit: Emitter, cmd: Command) -> None:
        owner, payer = cmd.args
        claim = self.claim_on(emit.state, owner, payer)
        assert claim is not None
        emit.add(RentDeferred(claim.id))

    def lapse_claims(self, emit: Emitter, moment: str) -> None:
        """Rent the owner has not asked for in time is not owed. The edition says when the time runs out
        (``[rent] claim_lapses_at``): at the first roll (``roll``) or as soon as the turn passes (``turn``) of the
        ``claim_turns``-th turn after the one it was raised in. Games saved before the setting existed keep the
        first-roll reading, which their stored edition data implies."""
        s = emit.state
        if not s.rent_claims or moment != self.edition.rent_claim_lapses_at:
            return
        for claim in list(s.rent_claims):
            if not claim.deferred and s.turn.number >= claim.turn + self.edition.rent_claim_turns:
                emit.add(RentClosed(claim.id, "lapsed"))
