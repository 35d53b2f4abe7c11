"""What a card does, by its effect: the vocabulary every deck shares (move, pay, collect, jail...). A deck's
mechanic (:mod:`.cards`, :mod:`.signets`) decides which of its cards act at once; this module carries them out."""

from __future__ import annotations

from typing import Any

from companion.edition import UNKNOWN_KIND, Card, Edition
from companion.engine.errors import ValueNeeded, Violation
from companion.engine.events import JailCardMoved, Posted, TokenMoved
from companion.engine.ledger import BANK, CREDITS, Transaction
from companion.engine.state import Decision, GameState, Setup
from companion.rules.core import Emitter, Rules
from companion.space_kinds import KINDS

V = Violation


class CardEffects(Rules):
    """Card effects, one method each."""

    def __init__(self, edition: Edition, setup: Setup) -> None:
        super().__init__(edition, setup)
        self.deck_cards: dict[str, dict[str, Card]] = {}
        """Each deck's cards by id (the first card listed with an id, as :meth:`Deck.card` finds it)."""
        for deck in edition.decks.values():
            cards = self.deck_cards[deck.id] = {}
            for card in deck.cards:
                cards.setdefault(card.id, card)

    def drawn_card(self, s: GameState, player: str, card_id: str) -> tuple[Card | None, list[Violation]]:
        """The card named from the deck the player draws from now, or why it cannot be drawn (no draw open, not
        in the deck's list). A deck the box has not finished asks for the card first."""
        decision = self.decision(s, player, "card")
        if decision is None:
            return None, [V("card/no-draw", f"{self.name_of(s, player)} has no card to draw.")]
        deck = self.edition.decks[decision.data["deck"]]
        card = self.deck_cards[deck.id].get(card_id)
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
        """Carry out a card's effect for ``player``: its ``effect_<effect>`` method. Every effect a card acts on
        when drawn has one here; the cards a hero keeps are played by the mechanic that keeps them (Signets)."""
        getattr(self, "effect_" + effect.replace("-", "_"))(emit, player, deck, params)

    def effect_advance(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """The token moves forward to the card's space (collecting GO's salary on the way) and lands there."""
        self.advance_to(emit, player, self.edition.space(params["target"]).position, "card")
        self.land(emit, player)

    def effect_back(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """The token moves back the card's number of spaces (no salary) and lands there."""
        pos = (emit.state.player(player).position - int(params["spaces"])) % self.board_size
        emit.add(TokenMoved(player, pos, "back"))
        self.land(emit, player)

    def effect_nearest(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """The token moves forward to the next space of the card's kind; its owner's rent is the card's."""
        here = emit.state.player(player).position
        kind = params["kind"]
        for target in (self.space_at(here + i) for i in range(1, self.board_size + 1)):
            if target.kind == UNKNOWN_KIND:
                raise self.layout_needed(target, f"and the card sends {self.name_of(emit.state, player)} on to the "
                                                 f"nearest {KINDS[kind].words(self.term)}")
            if target.kind == kind:
                self.advance_to(emit, player, target.position, "card")
                self.land(emit, player, forced="nearest")
                return

    def effect_go_to_jail(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """Straight to jail, without passing GO."""
        self.to_jail(emit, player)

    def effect_jail_free(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """The drawer keeps the card until they use it or sell it."""
        emit.add(JailCardMoved(deck, "", player))

    def effect_collect(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """The bank pays the drawer the card's amount."""
        emit.add(Posted(Transaction.transfer("card", BANK, player, CREDITS, int(params["amount"]))))

    def effect_pay(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """The drawer pays the bank the card's amount."""
        self.charge(emit, player, BANK, int(params["amount"]), "card")

    def effect_repairs(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """The drawer pays the bank so much for each house and each hotel they own."""
        s = emit.state
        deeds = self.deeds_of(s, player)
        amount = (sum(s.houses(d.id) for d in deeds) * int(params["per_house"])
                  + sum(s.hotels(d.id) for d in deeds) * int(params["per_hotel"]))
        self.charge(emit, player, BANK, amount, "repairs card")

    def effect_pay_each_player(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """The drawer pays every other player still in the game the card's amount."""
        for other in [p.id for p in emit.state.active if p.id != player]:
            self.charge(emit, player, other, int(params["amount"]), "card")

    def effect_collect_from_each_player(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]
                                        ) -> None:
        """Every other player still in the game pays the drawer the card's amount."""
        for other in [p.id for p in emit.state.active if p.id != player]:
            self.charge(emit, other, player, int(params["amount"]), "card")
