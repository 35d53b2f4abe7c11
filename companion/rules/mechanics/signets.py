"""Signet cards (The Mandalorian): a card space draws from its deck; some cards act at once (money, a move, Jail,
Grogu brought along), the others are kept and played later: a battle bonus, a second chance, Grogu. A hero
with the double-draw ability draws two on a Signet space and, with Grogu, takes both."""

from __future__ import annotations

from typing import Any, ClassVar

from companion.edition import Card, Edition, Space
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DecisionClosed, DecisionOpened, Noted, TokenMoved
from companion.engine.state import Decision, GameState, Setup
from companion.rules.coop_events import BattleChanged, SignetMoved
from companion.rules.coop_state import CoopState, coop
from companion.rules.core import Emitter, Grammar
from companion.rules.mechanics.battles import Battles
from companion.rules.mechanics.card_effects import CardEffects

V = Violation


class Signets(Battles, CardEffects):
    """Drawing, keeping, trading and playing Signet cards."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "card": (("player", "word"), "the card drawn, by its id in the deck list"),
        "signet": (("player", "word"), "use a Signet card you keep (The Mandalorian)"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("card",)
    landing_decisions: ClassVar[tuple[str, ...]] = ("card",)
    landings: ClassVar[dict[str, str]] = {"card": "land_card"}
    asks: ClassVar[frozenset[str]] = frozenset({"cards"})
    traded_card: ClassVar[str] = "card:<card id>"

    def __init__(self, edition: Edition, setup: Setup) -> None:
        super().__init__(edition, setup)
        self.signet_deck = next((d.id for d in edition.decks.values() if d.role == "signet"), "")

    def land_card(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """A card space: the lander draws one card, or two on a Signet space with the double-draw ability (Boba
        Fett), taking both with Grogu."""
        s = coop(emit.state)
        draws = 2 if self.has_ability(s, player, "double-draw") and space.deck == self.signet_deck else 1
        takes = 2 if draws == 2 and s.holds_grogu(player) else 1
        emit.add(DecisionOpened("card", player, {"deck": space.deck, "draws": draws, "takes": takes}))

    def signet(self, card_id: str) -> Card:
        """A card of the Signet deck."""
        card = self.edition.decks[self.signet_deck].card(card_id)
        assert card is not None
        return card

    def second_chance_in_hand(self, s: CoopState, player: str) -> bool:
        """A hero holding a second-chance Signet card may still play it after a lost roll."""
        return any(self.signet(c).effect == "second-chance" for c in s.signets.get(player, []))

    def drawn_card(self, s: GameState, player: str, card_id: str) -> tuple[Card | None, list[Violation]]:
        """The card named, from the deck of an open draw that lists it: a hero may have two draws open (Boba
        Fett's second Signet card, and the card space his first one moved him onto), and either may be
        taken first. A card that only another deck lists (an ally card named at a Signet draw) is a card of
        that deck, not a new one of the deck drawn from; any other card is looked for in the first draw's
        deck."""
        draw = self.draw_listing(s, player, card_id)
        if draw is not None:
            return self.deck_cards[draw.data["deck"]][card_id], []
        first = self.decision(s, player, "card")
        other = next((d for d in self.edition.decks.values() if card_id in self.deck_cards[d.id]), None)
        if first is None or other is None:
            return super().drawn_card(s, player, card_id)
        deck = self.edition.decks[first.data["deck"]]
        box = (f" If this {deck.name} card really has the same id, enter it first (box card:{deck.id}/{card_id})."
               if deck.missing > 0 else "")
        return None, [V("card/other-deck", f"'{card_id}' is a card of the {other.name} deck, but "
                                           f"{self.name_of(s, player)} draws from the {deck.name} deck: name the "
                                           f"{deck.name} card drawn.{box}")]

    def draw_listing(self, s: GameState, player: str, card_id: str) -> Decision | None:
        """The player's first open draw whose deck lists ``card_id``."""
        return next((d for d in s.decisions_for(player)
                     if d.kind == "card" and card_id in self.deck_cards[d.data["deck"]]), None)

    def check_card(self, s: GameState, cmd: Command) -> list[Violation]:
        """The card drawn, from the deck's list; a Signet card kept by players in all its copies cannot be drawn."""
        card, problems = self.drawn_card(s, *cmd.args)
        if card and card.kept and card.deck == self.signet_deck:
            held = sum(h.count(card.id) for h in coop(s).signets.values())
            if held >= card.count:
                problems.append(V("card/held", f"Every '{card.title}' card is held by a player, so it cannot be "
                                               "drawn."))
        return problems

    def do_card(self, emit: Emitter, cmd: Command) -> None:
        """A kept Signet card goes to the drawer's hand; any other card acts at once. A hero who draws two takes
        one or both (the other goes to the bottom of the deck, which the table does by hand)."""
        s, (player, card_id) = coop(emit.state), cmd.args
        decision = self.draw_listing(s, player, card_id) or self.drawn(s, player)
        deck = self.edition.decks[decision.data["deck"]]
        card = deck.card(card_id)
        assert card is not None
        emit.add(DecisionClosed(decision.id))
        taken = int(decision.data.get("taken", 0)) + 1
        if taken < int(decision.data.get("takes", 1)):
            emit.add(DecisionOpened("card", player, {**decision.data, "taken": taken}))
        emit.add(Noted(f"{self.name_of(s, player)} draws {deck.name}: {card.title}"))
        if card.kept and deck.id == self.signet_deck:
            emit.add(SignetMoved(card.id, "", player))
        elif card.effect == "take-grogu":
            self.take_grogu(emit, player, f"{self.name_of(s, player)} brings Grogu to them")
        else:
            self.signet_effect(emit, player, card)

    def signet_effect(self, emit: Emitter, player: str, card: Card) -> None:
        """A card that acts at once: money as the classic cards, a move like a jump (GO pays when passed, or when a
        move back stops on it; enemies and Grogu on the way stay), or Jail. A hero already in Jail (sent there by
        the first of Boba Fett's two cards) is not moved by the second."""
        s = emit.state
        if card.effect in ("advance", "back", "go-to-jail") and s.player(player).in_jail:
            emit.add(Noted(f"{self.name_of(s, player)} is in {self.term('jail')}, so the card moves nobody"))
            return
        if card.effect == "advance":
            self.advance_to(emit, player, self.edition.space(card.params["target"]).position, "card")
            self.land(emit, player)
        elif card.effect == "back":
            position = (s.player(player).position - int(card.params["spaces"])) % self.board_size
            emit.add(TokenMoved(player, position, "back"))
            if position == 0:
                self.collect_go(emit, player)
            self.land(emit, player)
        elif card.effect == "go-to-jail":
            self.to_jail(emit, player)
        else:
            self.card_effect(emit, player, card.deck, card.effect, card.params)
            return
        self.arrived(emit, player)

    def check_signet(self, s: GameState, cmd: Command) -> list[Violation]:
        """A kept Signet card is used by its holder: a battle bonus before a roll of their battle, a second
        chance after a lost battle roll, Grogu brought to a hero who does not hold him (not from Jail)."""
        c, (player, card_id) = coop(s), cmd.args
        if card_id not in c.signets.get(player, []):
            held = c.signets.get(player, [])
            return [V("signet/not-held", f"{self.name_of(s, player)} holds no Signet card '{card_id}'"
                                         + (f" (they hold {', '.join(held)})." if held else "."))]
        card = self.signet(card_id)
        b = c.battle if c.battle and c.battle.player == player else None
        if card.effect == "battle-bonus" and (b is None or (b.rolls and not b.lost)):
            return [V("signet/not-now", "A battle bonus is played before a roll of your own battle.")]
        if card.effect == "second-chance" and (b is None or not b.lost):
            return [V("signet/not-now", "A second chance is played after losing a battle roll.")]
        if card.effect == "take-grogu":
            if c.holds_grogu(player):
                return [V("signet/not-now", f"{self.name_of(s, player)} already holds Grogu.")]
            if s.player(player).in_jail:
                return [V("signet/not-now", f"Grogu cannot go to {self.term('jail')}.")]
        return []

    def do_signet(self, emit: Emitter, cmd: Command) -> None:
        s, (player, card_id) = coop(emit.state), cmd.args
        card = self.signet(card_id)
        emit.add(SignetMoved(card_id, player, ""))
        emit.add(Noted(f"{self.name_of(s, player)} uses the Signet card {card.title}"))
        b = s.battle
        if card.effect == "battle-bonus" and b:
            emit.add(BattleChanged(b.bonus + int(card.params["amount"]), b.second_tries, b.rolls, b.rerolled, b.last,
                                   b.lost))
        elif card.effect == "second-chance" and b:
            emit.add(BattleChanged(b.bonus, b.second_tries + 1, b.rolls, b.rerolled, b.last, b.lost))
        elif card.effect == "take-grogu":
            self.take_grogu(emit, player, f"{self.name_of(s, player)} brings Grogu to them")

    def card_trade_problems(self, s: GameState, player: str, cards: tuple[str, ...]) -> list[Violation]:
        """Signet cards change hands only if the giver keeps them."""
        held = coop(s).signets.get(player, [])
        return [V("trade/no-card", f"{self.name_of(s, player)} holds no Signet card '{card}'.")
                for card in dict.fromkeys(cards) if held.count(card) < cards.count(card)]

    def card_changes_hands(self, emit: Emitter, card: str, source: str, target: str) -> None:
        """A card traded: a Signet card the giver keeps."""
        emit.add(SignetMoved(card, source, target))

    def decision_text(self, d: Decision) -> str:
        if d.kind == "card":
            deck = self.edition.decks[d.data["deck"]].name
            if int(d.data.get("taken", 0)):
                return f"take the other {deck} card drawn"
            if int(d.data.get("draws", 1)) == 2:
                return f"draw two {deck} cards and take {'both' if int(d.data.get('takes', 1)) == 2 else 'one'}"
            return f"draw the top {deck} card"
        return super().decision_text(d)

    def player_json(self, state: GameState, player: str) -> dict[str, Any]:
        """A hero's Signet cards in hand."""
        return {"signets": list(coop(state).signets.get(player, [])), **super().player_json(state, player)}
