"""Force cards (Star Wars 2015): each card of the Rebel and Empire decks has a Rebel half and an Empire half, and a
player carries out the half in their own side's colour. The card list is not public: each half is entered by what it
does (the effects vocabulary) the first time a player of that side draws or plays it.

Every player is dealt three cards of their side's deck at the start (six for a player alone against two), unseen by
the table, which knows only how many each holds. A card drawn from a Rebel or Empire space acts at once, unless it
is one to keep (Get Out of Jail Free, Just say no!): kept cards join the hand. A card in hand is played at any time
by naming it (its half of the player's side), and acts then; a Get Out of Jail Free card frees its player before
the roll.

Just say no!: when another player claims rent from a player, sets a Bounty Hunter's Base in place of theirs, or
makes them pay with a Force card (drawn or played: "collect from each player"), a player who holds a card may
answer first: they play a Just say no! (from their hand, unseen: the table trusts them) or let it stand. Each Just
say no! may itself be answered by the other player, in turn, until one lets it stand or holds no card. An even
number of them lets the action stand; an odd number cancels it (a cancelled rent is not paid; a cancelled Bounty
Hunter's Base is spent). A card that makes every other player pay is answered by each of them in turn, from its
player's left, each answer settling that player's part alone. Nobody rolls while the answers go on.

A card used (one drawn that acts at once, one played from a hand, a Just say no!) lies face up on its deck's
discard pile. When a token stops on a card space whose deck has run out, that deck's discards are shuffled and
stacked face down as the new deck before the draw; with no discards either (every card of the deck is in a hand),
nothing is drawn.

A Force card that moves its player back onto GO pays GO's salary: GO pays whoever lands on it (only a Hyperdrive
jump pays nothing).

In the ledger, a card of a deck is one ``hand:<deck>`` unit: the bank holds the deck face down, each player their
hand, and ``discard:<deck>`` the deck's discard pile, so every card is always in exactly one place."""

from __future__ import annotations

from typing import Any, ClassVar

from companion.card_effects import EFFECTS
from companion.edition import Card, Deck, Space, a_or_an
from companion.engine.commands import Command
from companion.engine.errors import ValueNeeded, Violation
from companion.engine.events import DecisionClosed, DecisionOpened, JailChanged, Noted, Posted
from companion.engine.ledger import BANK, Ledger, Transaction
from companion.engine.state import Decision, GameState, Player
from companion.rules.core import Emitter, Grammar
from companion.rules.mechanics.cards import Cards
from companion.rules.mechanics.sides import Sides

V = Violation
DEALT, DEALT_ALONE = 3, 6


def hand_unit(deck: str) -> str:
    """The ledger unit of a card of ``deck``, wherever it is: in the deck (the bank), in a player's hand, or on
    the deck's discard pile (:func:`discard_account`)."""
    return f"hand:{deck}"


def discard_account(deck: str) -> str:
    """The ledger account of a deck's discard pile: the cards of ``deck`` used and laid face up."""
    return f"discard:{deck}"


class ForceCards(Cards, Sides):
    """Force cards: the halves, the hands dealt and kept, and playing a card from the hand."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "play": (("player", "word"), "play a Force card from your hand: DECK/CARD, the half of your side"),
        "say-no": (("player",), "answer an action against you with a Just say no! from your hand"),
        "let-stand": (("player",), "let the action against you stand (no Just say no!)"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("just-say-no",)

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

    def in_deck(self, s: GameState, deck: str) -> int:
        """How many cards of ``deck`` are still face down in the deck."""
        return s.ledger.balance(BANK, hand_unit(deck))

    def discarded(self, s: GameState, deck: str) -> int:
        """How many cards of ``deck`` lie face up on its discard pile."""
        return s.ledger.balance(discard_account(deck), hand_unit(deck))

    def discard(self, emit: Emitter, source: str, deck: Deck, reason: str) -> None:
        """One card of ``deck`` from ``source`` (the deck itself, or a player's hand) face up onto the deck's
        discard pile."""
        emit(Posted(Transaction.transfer(reason, source, discard_account(deck.id), hand_unit(deck.id), 1)))

    def land_card(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """A Force deck that has run out is made again from its shuffled discards before the draw; with no
        discards either (every card of it is in a hand), nothing is drawn."""
        deck = self.edition.decks.get(space.deck or "")
        s = emit.state
        if deck is not None and deck.sides and not self.in_deck(s, deck.id):
            used = self.discarded(s, deck.id)
            if not used:
                emit(Noted(f"Every {deck.name} card is in a hand: {self.name_of(s, player)} has nothing to draw"))
                return
            emit(Posted(Transaction.transfer(f"the {deck.name} deck has run out: its {used} used cards are "
                                             "shuffled into a new deck", discard_account(deck.id), BANK,
                                             hand_unit(deck.id), used)))
        super().land_card(emit, player, space, forced)

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
                                         "carry out the half of the card in their side's colour.")]
        return []

    def do_card(self, emit: Emitter, cmd: Command) -> None:
        """A Force card drawn leaves the deck: a card to keep for the drawer's hand, any other face up onto the
        discard pile, then it acts."""
        s, (player, card_id) = emit.state, cmd.args
        decision = self.drawn(s, player)
        deck = self.edition.decks[decision.data["deck"]]
        if not deck.sides:
            super().do_card(emit, cmd)
            return
        card = deck.card(card_id)
        assert card is not None
        emit(DecisionClosed(decision.id))
        emit(Noted(f"{self.name_of(s, player)} draws {deck.name}: {card.title}"))
        if not EFFECTS[card.effect].kept:
            self.discard(emit, BANK, deck, f"the {deck.name} card is used: face up on its discard pile")
        self.card_effect(emit, player, deck.id, card.effect, card.params)

    def effect_jail_free(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """A card to keep joins the drawer's hand."""
        self.keep(emit, player, deck)

    def effect_just_say_no(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """A card to keep joins the drawer's hand."""
        self.keep(emit, player, deck)

    def effect_collect_from_each_player(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]
                                        ) -> None:
        """Every other player pays the card's amount to the player whose card it is; the card is an action against
        each of them, so each may first answer it (:meth:`collect_each`)."""
        s = emit.state
        seats = [p.id for p in s.players]
        at = seats.index(player)
        payers = [pid for pid in seats[at + 1:] + seats[:at] if not s.player(pid).retired]
        self.collect_each(emit, player, payers, int(params["amount"]), deck)

    def collect_each(self, emit: Emitter, actor: str, payers: list[str], amount: int, deck: str) -> None:
        """The payers pay ``actor`` one after another, from ``actor``'s left, what a card of ``deck`` says; one
        who holds a Force card may first answer with a Just say no!, and the next payer's turn comes once that
        answer is settled (see :meth:`carry_on`)."""
        reason = f"{a_or_an(self.edition.decks[deck].name)} Force card"
        for i, payer in enumerate(payers):
            rest = {"kind": "collect-each", "payers": payers[i + 1:], "amount": amount, "deck": deck}
            if self.contested(emit, actor, payer, {"kind": "charge", "amount": amount, "reason": reason,
                                                   "card": deck, "then": rest}):
                return
            self.charge(emit, payer, actor, amount, reason)

    def carry_on(self, emit: Emitter, actor: str, then: dict[str, Any]) -> None:
        """What an answered action leaves to do once it is settled, cancelled or not: the other players a card
        makes pay."""
        if then["kind"] == "collect-each":
            self.collect_each(emit, actor, [str(p) for p in then["payers"]], int(then["amount"]), str(then["deck"]))

    def effect_back(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """A token moved back onto GO collects GO's salary: GO pays every landing but a Hyperdrive jump."""
        if (emit.state.player(player).position - int(params["spaces"])) % self.board_size == 0:
            self.collect_go(emit, player)
        super().effect_back(emit, player, deck, params)

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
        """A card held is played at any time and acts at once, though not while the table is settling something
        else (anyone's decision, an auction, a Just say no! contest): a card that moves its player's token would
        otherwise open a second landing beside the first. A Get Out of Jail Free card is played only by a player
        in Jail, before the roll; Just say no! only against another player's action."""
        player, named = cmd.args
        _, card, problems = self.played_card(s, player, named)
        if problems or card is None:
            return problems
        if card.effect == "jail-free":
            return self.jail_exit_guard(s, player)
        if card.effect == "just-say-no":
            return [V("play/just-say-no", "Just say no! answers another player's action against you: when the table "
                                          f"waits for {self.name_of(s, player)}'s answer, it is played with "
                                          f"say-no {player}.")]
        return self.blockers(s)

    def do_play(self, emit: Emitter, cmd: Command) -> None:
        s, (player, named) = emit.state, cmd.args
        deck, card, _ = self.played_card(s, player, named)
        assert deck is not None and card is not None
        self.discard(emit, player, deck, f"{self.name_of(s, player)} plays {a_or_an(deck.name)} card")
        emit(Noted(f"{self.name_of(s, player)} plays {deck.name}: {card.title}"))
        if card.effect == "jail-free":
            emit(JailChanged(player, False, 0))
        else:
            self.card_effect(emit, player, deck.id, card.effect, card.params)

    def check_jail_card(self, s: GameState, cmd: Command) -> list[Violation]:
        """A Get Out of Jail Free card is a Force card in the hand: it is played by naming it."""
        player = cmd.args[0]
        return self.jail_exit_guard(s, player) or [V("jail/no-card", f"{self.term('get_out_of_jail')} is a Force "
                                                                     "card: play it from the hand with play "
                                                                     f"{player} DECK/CARD.")]

    def player_json(self, state: GameState, player: str) -> dict[str, Any]:
        """How many Force cards of each deck the player holds (the table knows the count, not the cards)."""
        decks = {d.id: self.held(state, player, d.id) for d in self.edition.decks.values() if d.sides}
        return {**super().player_json(state, player), "force_cards": decks}

    def describe(self, state: GameState) -> dict[str, Any]:
        """Each Force deck's cards face down and on its discard pile (the hands are in each player's count)."""
        decks = {d.id: {"face_down": self.in_deck(state, d.id), "discarded": self.discarded(state, d.id)}
                 for d in self.edition.decks.values() if d.sides}
        return {**super().describe(state), "force_decks": decks}

    # ------------------------------------------------------------------ Just say no!

    def hand_size(self, s: GameState, player: str) -> int:
        """How many Force cards a player holds, every deck together."""
        return sum(self.held(s, player, d.id) for d in self.edition.decks.values() if d.sides)

    def contested(self, emit: Emitter, actor: str, target: str, action: dict[str, Any]) -> bool:
        """A player who holds a Force card may answer another player's action against them first."""
        s = emit.state
        if actor == target or not s.has_player(target) or not self.hand_size(s, target):
            return super().contested(emit, actor, target, action)
        emit(DecisionOpened("just-say-no", target, {"actor": actor, "target": target, "action": action, "nos": 0}))
        return True

    def answer(self, s: GameState, player: str) -> list[Violation]:
        """Only the player whose answer the table waits for answers."""
        return self.need_decision(s, player, "just-say-no", "answer")

    def check_say_no(self, s: GameState, cmd: Command) -> list[Violation]:
        """A Just say no! is played from the hand of the player who answers (unseen: the table trusts them)."""
        player = cmd.args[0]
        return self.answer(s, player) or ([] if self.hand_size(s, player) else [
            V("play/none-held", f"{self.name_of(s, player)} holds no Force card.")])

    def do_say_no(self, emit: Emitter, cmd: Command) -> None:
        s, player = emit.state, cmd.args[0]
        decision = self.decision(s, player, "just-say-no")
        assert decision is not None
        emit(DecisionClosed(decision.id))
        deck = next(d for d in self.edition.decks.values() if d.sides and self.held(s, player, d.id))
        self.discard(emit, player, deck, f"{self.name_of(s, player)} says no")
        data = decision.data
        other = data["actor"] if player == data["target"] else data["target"]
        nos = int(data["nos"]) + 1
        if self.hand_size(s, other):
            emit(DecisionOpened("just-say-no", other, {**data, "nos": nos}))
        else:
            self.settle_answers(emit, data, nos)

    def check_let_stand(self, s: GameState, cmd: Command) -> list[Violation]:
        """The player who answers may let the action (or the last Just say no!) stand."""
        return self.answer(s, cmd.args[0])

    def do_let_stand(self, emit: Emitter, cmd: Command) -> None:
        decision = self.decision(emit.state, cmd.args[0], "just-say-no")
        assert decision is not None
        emit(DecisionClosed(decision.id))
        self.settle_answers(emit, decision.data, int(decision.data["nos"]))

    def settle_answers(self, emit: Emitter, data: dict[str, Any], nos: int) -> None:
        """An even number of Just say no! lets the action stand; an odd number cancels it."""
        actor, target, action = str(data["actor"]), str(data["target"]), dict(data["action"])
        if nos % 2:
            emit(Noted(f"Just say no!: {self.name_of(emit.state, actor)}'s action against "
                       f"{self.name_of(emit.state, target)} is cancelled"))
        else:
            self.carry_out(emit, actor, target, action)
        if "then" in action:
            self.carry_on(emit, actor, dict(action["then"]))

    def decision_text(self, d: Decision) -> str:
        if d.kind == "just-say-no":
            action = d.data["action"]
            what = "Bounty Hunter" if action["kind"] == "bounty" else "Force card" if "card" in action else "claim"
            if not d.data["nos"]:
                return f"answer the {what} against them: say no, or let it stand"
            return "answer the last Just say no!: say no again, or let it stand"
        if d.kind == "card" and self.edition.decks[d.data["deck"]].sides:
            return f"draw {a_or_an(self.edition.decks[d.data['deck']].name)} card"
        return super().decision_text(d)
