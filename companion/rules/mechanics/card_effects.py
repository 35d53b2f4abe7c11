"""What a card does, by its effect: the vocabulary every deck shares (move, pay, collect, jail...). A deck's
mechanic (:mod:`.cards`, :mod:`.signets`) decides which of its cards act at once; this module carries them out."""

from __future__ import annotations

from typing import Any

from companion.edition import Card
from companion.engine.errors import ValueNeeded, Violation
from companion.engine.events import JailCardMoved, Posted, TokenMoved
from companion.engine.ledger import BANK, CREDITS, Transaction
from companion.engine.state import Decision, GameState
from companion.rules.core import Emitter, Rules

V = Violation


class CardEffects(Rules):
    """Card effects, one branch each."""

    def drawn_card(self, s: GameState, player: str, card_id: str) -> tuple[Card | None, list[Violation]]:
        """The card named from the deck the player draws from now, or why it cannot be drawn (no draw open, not
        in the deck's list). A deck the box has not finished asks for the card first."""
        decision = self.decision(s, player, "card")
        if decision is None:
            return None, [V("card/no-draw", f"{self.name_of(s, player)} has no card to draw.")]
        deck = self.edition.decks[decision.data["deck"]]
        card = deck.card(card_id)
        if card is None and deck.missing > 0:
            raise ValueNeeded(deck.need())
        if card is None:
            return None, [V("card/unknown", f"The {deck.name} deck has no card '{card_id}'; it has: "
                                            f"{', '.join(c.id for c in deck.cards)}.")]
        return card, []

    def drawn(self, s: GameState, player: str) -> Decision:
        """The open draw of a player whose card was accepted."""
        decision = self.decision(s, player, "card")
        assert decision is not None
        return decision

    def card_effect(self, emit: Emitter, player: str, deck: str, effect: str, params: dict[str, Any]) -> None:
        """Carry out a card's effect for ``player``."""
        s = emit.state
        others = [p.id for p in s.active if p.id != player]
        if effect == "advance":
            self.advance_to(emit, player, self.edition.space(params["target"]).position, "card")
            self.land(emit, player)
        elif effect == "back":
            pos = (s.player(player).position - int(params["spaces"])) % self.board_size
            emit(TokenMoved(player, pos, "back"))
            self.land(emit, player)
        elif effect == "nearest":
            here = s.player(player).position
            target = next(self.space_at(here + i) for i in range(1, self.board_size + 1)
                          if self.space_at(here + i).kind == params["kind"])
            self.advance_to(emit, player, target.position, "card")
            self.land(emit, player, forced="nearest")
        elif effect == "go-to-jail":
            self.to_jail(emit, player)
        elif effect == "jail-free":
            emit(JailCardMoved(deck, "", player))
        elif effect == "collect":
            emit(Posted(Transaction.transfer("card", BANK, player, CREDITS, int(params["amount"]))))
        elif effect == "pay":
            self.charge(emit, player, BANK, int(params["amount"]), "card")
        elif effect == "repairs":
            deeds = self.deeds_of(s, player)
            amount = (sum(s.houses(d.id) for d in deeds) * int(params["per_house"])
                      + sum(s.hotels(d.id) for d in deeds) * int(params["per_hotel"]))
            self.charge(emit, player, BANK, amount, "repairs card")
        elif effect == "pay-each-player":
            for other in others:
                self.charge(emit, player, other, int(params["amount"]), "card")
        elif effect == "collect-from-each-player":
            for other in others:
                self.charge(emit, other, player, int(params["amount"]), "card")
