"""Force cards (Star Wars 2015): each card of the Rebel and Empire decks has a Rebel half and an Empire half, and a
player carries out the half in their own side's colour. The card list is not public: each half is entered by what it
does (the effects vocabulary) the first time a player of that side draws or plays it.

Every player is dealt three cards of their side's deck at the start (six for a player alone against two), unseen by
the table, which knows only how many each holds. A card drawn from a Rebel or Empire space acts at once, unless it
is one to keep (Get Out of Jail Free, Just say no!): kept cards join the hand. A card in hand is played at any time
by naming it (its half of the player's side), and acts then; a Get Out of Jail Free card frees its player before
the roll.

Not carried out yet (see docs/rules/star-wars-2015.md): Just say no! against another player's action, and the
decks made again from their discards."""

from __future__ import annotations

from typing import Any, ClassVar

from companion.edition import Card, Deck
from companion.engine.commands import Command
from companion.engine.errors import ValueNeeded, Violation
from companion.engine.events import JailChanged, Noted, Posted
from companion.engine.ledger import BANK, Ledger, Transaction
from companion.engine.state import GameState, Player
from companion.rules.core import Emitter, Grammar
from companion.rules.mechanics.cards import Cards
from companion.rules.mechanics.sides import Sides

V = Violation
DEALT, DEALT_ALONE = 3, 6


def hand_unit(deck: str) -> str:
    """The ledger unit of a card of ``deck`` held in a player's hand (the bank holds the rest of the deck)."""
    return f"hand:{deck}"


class ForceCards(Cards, Sides):
    """Force cards: the halves, the hands dealt and kept, and playing a card from the hand."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "play": (("player", "word"), "play a Force card from your hand: DECK/CARD, the half of your side"),
    }

    def unpacked(self) -> tuple[list[Player], Ledger]:
        """Every two-sided deck starts whole, with the bank."""
        players, ledger = super().unpacked()
        for deck in self.edition.decks.values():
            if deck.sides:
                ledger.open(BANK, hand_unit(deck.id), deck.size)
        return players, ledger

    def deal(self, emit: Emitter) -> None:
        """Three cards of their side's deck to each player, six to a player alone against two."""
        super().deal(emit)
        s = emit.state
        solo = self.solo(s)
        for p in s.players:
            deck = self.edition.decks.get(p.side)
            if deck is not None and deck.sides:
                n = DEALT_ALONE if p.id == solo else DEALT
                emit(Posted(Transaction.transfer(f"{p.name} is dealt {n} {deck.name} cards", BANK, p.id,
                                                 hand_unit(deck.id), n)))

    def held(self, s: GameState, player: str, deck: str) -> int:
        """How many cards of ``deck`` a player holds."""
        return s.ledger.balance(player, hand_unit(deck))

    def check_card(self, s: GameState, cmd: Command) -> list[Violation]:
        """The card drawn is named by its half of the drawer's side."""
        player, card_id = cmd.args
        card, problems = self.drawn_card(s, player, card_id)
        return problems or self.half_problems(s, player, card) or super().check_card(s, cmd)

    def half_problems(self, s: GameState, player: str, card: Card | None) -> list[Violation]:
        """A player names the half of their own side."""
        side = self.side_of(s, player)
        if card is not None and card.side and card.side != side:
            return [V("card/other-half", f"{self.name_of(s, player)} fights for the {self.side_name(side)}: they "
                                         f"carry out the {self.side_name(side)} half of the card.")]
        return []

    def effect_jail_free(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """A card to keep joins the drawer's hand."""
        self.keep(emit, player, deck)

    def effect_just_say_no(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """A card to keep joins the drawer's hand."""
        self.keep(emit, player, deck)

    def keep(self, emit: Emitter, player: str, deck: str) -> None:
        emit(Posted(Transaction.transfer(f"{self.name_of(emit.state, player)} keeps the card", BANK, player,
                                         hand_unit(deck), 1)))

    def played_card(self, s: GameState, player: str, named: str) -> tuple[Deck | None, Card | None,
                                                                          list[Violation]]:
        """The deck and card a ``play`` names (``DECK/CARD``), or why it cannot be played. A card nobody has
        entered yet is asked for (its half of the player's side)."""
        deck_id, _, card_id = named.partition("/")
        deck = self.edition.decks.get(deck_id)
        if deck is None or not deck.sides:
            return None, None, [V("play/deck", f"'{deck_id}' is not a deck of Force cards: name the card as "
                                               "DECK/CARD.")]
        if not self.held(s, player, deck.id):
            return deck, None, [V("play/none-held", f"{self.name_of(s, player)} holds no {deck.name} card.")]
        card = deck.card(card_id)
        if card is None and deck.missing_for(self.side_of(s, player)) > 0:
            raise ValueNeeded(deck.need())
        if card is None:
            return deck, None, [V("card/unknown", f"The {deck.name} deck has no card '{card_id}'.")]
        return deck, card, self.half_problems(s, player, card)

    def check_play(self, s: GameState, cmd: Command) -> list[Violation]:
        """A card held is played at any time and acts at once; a Get Out of Jail Free card only by a player in
        Jail, before the roll; Just say no! only against another player's action."""
        player, named = cmd.args
        _, card, problems = self.played_card(s, player, named)
        if problems or card is None:
            return problems
        if card.effect == "jail-free":
            return self.jail_exit_guard(s, player)
        if card.effect == "just-say-no":
            return [V("play/just-say-no", "Just say no! is played against another player's action.")]
        return self.blockers(s, player)

    def do_play(self, emit: Emitter, cmd: Command) -> None:
        s, (player, named) = emit.state, cmd.args
        deck, card, _ = self.played_card(s, player, named)
        assert deck is not None and card is not None
        emit(Posted(Transaction.transfer(f"{self.name_of(s, player)} plays a {deck.name} card", player, BANK,
                                         hand_unit(deck.id), 1)))
        emit(Noted(f"{self.name_of(s, player)} plays {deck.name}: {card.title}"))
        if card.effect == "jail-free":
            emit(JailChanged(player, False, 0))
        else:
            self.card_effect(emit, player, deck.id, card.effect, card.params)
