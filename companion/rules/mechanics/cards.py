"""Card decks of the classic kind: a card space draws one card, which acts at once, except a Get Out of Jail
Free card, kept until used (or traded) and then put back under its deck."""

from __future__ import annotations

from typing import ClassVar

from companion.edition import Space, a_or_an
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import DecisionClosed, DecisionOpened, JailCardMoved, JailChanged, Noted
from companion.engine.state import Decision, GameState
from companion.rules.core import Emitter, Grammar
from companion.rules.mechanics.card_effects import CardEffects

V = Violation


class Cards(CardEffects):
    """Drawing cards, and the jail-free card kept in hand."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "card": (("player", "word"), "the card drawn, by its id in the deck list"),
        "jail-card": (("player",), "leave jail with a jail-free card you hold"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("card",)
    landing_decisions: ClassVar[tuple[str, ...]] = ("card",)
    landings: ClassVar[dict[str, str]] = {"card": "land_card"}
    asks: ClassVar[frozenset[str]] = frozenset({"cards"})
    traded_card: ClassVar[str] = "card:<deck>"

    def land_card(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """A card space: the lander draws from its deck."""
        emit.add(DecisionOpened("card", player, {"deck": space.deck}))

    def check_card(self, s: GameState, cmd: Command) -> list[Violation]:
        """The card drawn is named from the deck's list; a Get Out of Jail Free card someone holds is not in it."""
        player, card_id = cmd.args
        card, problems = self.drawn_card(s, player, card_id)
        if card is None:
            return problems
        deck = self.edition.decks[card.deck]
        if card.effect == "jail-free" and any(deck.id in p.jail_cards for p in s.players):
            return [V("card/held", f"The {deck.name} {self.term('get_out_of_jail')} card is held by a player, "
                                   "so it cannot be drawn.")]
        return []

    def do_card(self, emit: Emitter, cmd: Command) -> None:
        s, (player, card_id) = emit.state, cmd.args
        decision = self.drawn(s, player)
        deck = self.edition.decks[decision.data["deck"]]
        card = self.deck_cards[deck.id].get(card_id)
        assert card is not None
        emit.add(DecisionClosed(decision.id))
        emit.add(Noted(f"{self.name_of(s, player)} draws {deck.name}: {card.title}"))
        self.card_effect(emit, player, deck.id, card.effect, card.params)

    def check_jail_card(self, s: GameState, cmd: Command) -> list[Violation]:
        """A Get Out of Jail Free card frees its holder before the roll; it goes back under its deck."""
        player = cmd.args[0]
        problems = self.jail_exit_guard(s, player)
        if not s.player(player).jail_cards:
            problems.append(V("jail/no-card", f"{self.name_of(s, player)} holds no "
                                              f"{self.term('get_out_of_jail')} card."))
        return problems

    def do_jail_card(self, emit: Emitter, cmd: Command) -> None:
        player = cmd.args[0]
        emit.add(JailCardMoved(emit.state.player(player).jail_cards[0], player, ""))
        emit.add(JailChanged(player, False, 0))

    def card_trade_problems(self, s: GameState, player: str, cards: tuple[str, ...]) -> list[Violation]:
        """A jail-free card changes hands only if the giver holds one of that deck (named as the table says it);
        a card is named by its deck's id."""
        decks = self.edition.decks
        unknown = [V("trade/no-card", f"'{deck}' is not a deck of this game; a card is named by its deck: "
                                      f"{', '.join(decks)}.") for deck in dict.fromkeys(cards) if deck not in decks]
        return unknown + [V("trade/no-card", f"{self.name_of(s, player)} holds no {decks[deck].name} "
                                             f"{self.term('get_out_of_jail')} card.")
                          for deck in cards
                          if deck in decks and s.player(player).jail_cards.count(deck) < cards.count(deck)]

    def card_changes_hands(self, emit: Emitter, card: str, source: str, target: str) -> None:
        """A card traded: a Get Out of Jail Free card of the deck ``card``."""
        emit.add(JailCardMoved(card, source, target))

    def decision_text(self, d: Decision) -> str:
        if d.kind == "card":
            return f"draw {a_or_an(self.edition.decks[d.data['deck']].name)} card"
        return super().decision_text(d)
