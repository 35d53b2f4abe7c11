"""Force cards (Star Wars 2015), as far as the app carries them yet: a token that stops on a Rebel or Empire space
draws a card of that deck, and the player carries out the half of the card in their own side's colour at the
table (money by a payment by hand); the table then says the card is done. The card list is not public, and the
cards' halves are not yet entered or carried out by the app (see docs/rules/star-wars-2015.md)."""

from __future__ import annotations

from typing import ClassVar

from companion.edition import Space
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DecisionClosed, DecisionOpened
from companion.engine.state import Decision, GameState
from companion.rules.core import Emitter, Grammar, Rules


class ForceCards(Rules):
    """Drawing a Force card."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "drawn": (("player",), "the Force card drawn has been carried out at the table"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("force-card",)
    landing_decisions: ClassVar[tuple[str, ...]] = ("force-card",)
    landings: ClassVar[dict[str, str]] = {"card": "land_force"}
    asks: ClassVar[frozenset[str]] = frozenset({"cards"})
    """The cards are never needed before play (nor, yet, during it: the table carries them out)."""

    def land_force(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """The lander draws a card of the space's deck."""
        emit(DecisionOpened("force-card", player, {"space": space.id, "deck": space.deck or ""}))

    def check_drawn(self, s: GameState, cmd: Command) -> list[Violation]:
        """Only a player who has a Force card to draw says it is done."""
        return self.need_decision(s, cmd.args[0], "force-card", "draw")

    def do_drawn(self, emit: Emitter, cmd: Command) -> None:
        decision = self.decision(emit.state, cmd.args[0], "force-card")
        assert decision is not None
        emit(DecisionClosed(decision.id))

    def decision_text(self, d: Decision) -> str:
        if d.kind == "force-card":
            deck = self.edition.decks.get(str(d.data.get("deck")))
            return f"draw {'a ' + deck.name if deck else 'a Force'} card and carry out their side's half"
        return super().decision_text(d)
