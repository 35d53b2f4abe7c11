"""Force cards (Star Wars 2015): each card of the Rebel and Empire decks has a Rebel half and an Empire half, and a
player carries out the half in their own side's colour. The card list is not public: each half is entered by what it
does (the effects vocabulary) the first time a player of that side draws or plays it.

Every player is dealt three cards of their side's deck at the start (six for a player alone against two), unseen by
the table, which knows only how many each holds. A card drawn from a Rebel or Empire space acts at once, unless it
is one to keep (Get Out of Jail Free, Just say no!): kept cards join the hand. A card in hand is played at any time
by naming it (its half of the player's side), and acts then; a Get Out of Jail Free card frees its player before
the roll.

Copies: the table sees a card when it is drawn (its drawer names it) or played from a hand (its player names it
then). A card's entry says how many copies of it the box holds; a copy seen stays counted while it is in a hand or
on the discard pile, so a card is neither drawn nor played once every copy is counted (a deck never gives out
more copies than the box has), and a player plays a card only if they hold it: a copy of it they drew and kept,
or one of the cards dealt to them unseen. Shuffled back into a new deck, the copies are unseen again.

Just say no!: when another player claims rent from a player, sets a Bounty Hunter's Base in place of theirs, or
makes them pay with a Force card (drawn or played: "collect from each player", "collect from one player"), a
player who could hold a Just say no! (one they drew and kept, or a card dealt to them unseen) may answer first:
they play a Just say no! (from their hand, unseen: the table trusts them) or let it stand. Each Just say no! may
itself be answered by the other player, in turn, until one lets it stand or could hold none. An even number of
them lets the action stand; an odd number cancels it (a cancelled rent is not paid; a cancelled Bounty Hunter's
Base is spent). A card that makes every other player pay is answered by each of them in turn, from its player's
left, each answer settling that player's part alone. Nobody rolls while the answers go on. A payment the target
could neither pay in cash nor make up for with a Base does nothing, so it is not put to them (rules version 3).

A rent claim the payer can pay in cash is not held up: the rent is paid to the owner at once, and until the next
roll the payer may still say no to it, which opens the same answers. A claim so cancelled is paid back: the owner
pays the rent back to the payer as any payment the rules demand, so an owner who has spent it since and cannot pay
loses their most valuable Base to the payer instead (nobody goes bankrupt). Letting it stand, the next roll or the
end of the game closes the window. A correction of the payer's token (the landing the rent was for did not happen)
closes it too, unless the payer has already said no to it: the rent stays paid, as in every edition, and the table
gives it back with a transfer if it was not owed.

A card used (one drawn that acts at once, one played from a hand, a Just say no!) lies face up on its deck's
discard pile. When a token stops on a card space whose deck has run out, that deck's discards are shuffled and
stacked face down as the new deck before the draw; with no discards either (every card of the deck is in a hand),
nothing is drawn.

A Force card that moves its player back onto GO pays GO's salary: GO pays whoever lands on it (only a Hyperdrive
jump pays nothing). A card that collects from one player: its player chooses which other player pays (the only
one, in a game of two). A card that makes its player pay each other player pays them from the player's left, one
after another; each one the player cannot pay costs them a Base (their most valuable) instead.

In the ledger, a card of a deck is one ``hand:<deck>`` unit: the bank holds the deck face down, each player their
hand, and ``discard:<deck>`` the deck's discard pile, so every card is always in exactly one place. The copies of
a card the table has seen are ``seen:<deck>/<card>`` units beside them (in a hand or on the discard pile; the
others wait in ``unseen:<deck>``). The window in which a payer may still say no to a rent they paid is a marker
of the rent's amount: the bank sets it aside in ``held-rent:<owner>:<payer>`` with the payment (the bank's
credits may go below nothing) and takes it back when the window closes; it is never anybody's money."""

from __future__ import annotations

from typing import Any, ClassVar

from companion.box.values import parse_values
from companion.card_effects import EFFECTS
from companion.edition import Card, Deck, Space, a_or_an, counted
from companion.engine.commands import Command
from companion.engine.errors import ValueNeeded, Violation
from companion.engine.events import DecisionClosed, DecisionOpened, JailChanged, Noted, Posted, Unpacked
from companion.engine.ledger import BANK, CREDITS, Ledger, Transaction
from companion.engine.state import Decision, GameState, Player
from companion.rules.core import Emitter, Grammar
from companion.rules.mechanics.cards import Cards
from companion.rules.mechanics.sides import Sides

V = Violation
DEALT, DEALT_ALONE = 3, 6
HELD_RENT = "held-rent:"


def hand_unit(deck: str) -> str:
    """The ledger unit of a card of ``deck``, wherever it is: in the deck (the bank), in a player's hand, or on
    the deck's discard pile (:func:`discard_account`)."""
    return f"hand:{deck}"


def discard_account(deck: str) -> str:
    """The ledger account of a deck's discard pile: the cards of ``deck`` used and laid face up."""
    return f"discard:{deck}"


def seen_unit(deck: str, card: str) -> str:
    """The ledger unit of the copies of one card of ``deck`` (one half, on a two-sided card) the table has seen:
    held by the player who drew and kept one, or on the deck's discard pile."""
    return f"seen:{deck}/{card}"


def unseen_account(deck: str) -> str:
    """Where the copies of a deck's cards the table has not seen wait: face down in the deck, or dealt unseen."""
    return f"unseen:{deck}"


def held_rent_account(owner: str, payer: str) -> str:
    """The marker of a rent paid to ``owner`` that ``payer`` may still say no to until the next roll."""
    return f"{HELD_RENT}{owner}:{payer}"


def held_rents(s: GameState) -> list[tuple[str, str, int]]:
    """Every rent paid that its payer may still say no to until the next roll: owner, payer, amount."""
    held = []
    for account, amount in s.ledger.holding(CREDITS).items():
        if account.startswith(HELD_RENT):
            owner, _, payer = account.removeprefix(HELD_RENT).partition(":")
            held.append((owner, payer, amount))
    return sorted(held)


class ForceCards(Cards, Sides):
    """Force cards: the halves, the hands dealt and kept, playing a card from the hand, and Just say no!."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "play": (("player", "word"), "play a Force card from your hand: DECK/CARD, the half of your side"),
        "say-no": (("player",), "answer an action against you with a Just say no! from your hand"),
        "let-stand": (("player",), "let the action against you stand (no Just say no!)"),
        "aim": (("player", "player"), "the other player your Force card collects from"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("just-say-no", "aim")

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
                emit.add(Posted(Transaction.transfer(f"{p.name} is dealt {n} {deck.name} cards", BANK, p.id,
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

    # ------------------------------------------------------------------ copies

    def copies_left(self, s: GameState, deck: Deck, card: Card) -> int:
        """How many copies of ``card`` may still be face down (in the deck, or among the cards dealt unseen): the
        copies the box holds, less those seen in a hand or on the discard pile."""
        unit = seen_unit(deck.id, card.id)
        seen = s.ledger.opened(unit) - s.ledger.balance(unseen_account(deck.id), unit)
        return max(0, card.count - seen)

    def seen_held(self, s: GameState, player: str, deck: Deck) -> dict[str, int]:
        """The cards of ``deck`` a player holds that the table has seen (drawn and kept), by card id."""
        prefix = seen_unit(deck.id, "")
        return {unit.removeprefix(prefix): n for unit, n in s.ledger.holdings(player).items()
                if unit.startswith(prefix)}

    def unseen_held(self, s: GameState, player: str, deck: Deck) -> int:
        """How many cards of ``deck`` a player holds that the table has not seen (dealt to them)."""
        return self.held(s, player, deck.id) - sum(self.seen_held(s, player, deck).values())

    def copy_problems(self, s: GameState, deck: Deck, card: Card, so: str) -> list[Violation]:
        """A card is drawn or first played only while the box has a copy of it the table has not seen (``so``:
        what follows for the command refused)."""
        if self.copies_left(s, deck, card):
            return []
        return [V("card/no-copy-left", f"The box holds {counted(card.count, 'copy', 'copies')} of '{card.title}' "
                                       f"({deck.name}) and every one is in a hand or on the discard pile: {so}.")]

    def move_card(self, emit: Emitter, reason: str, source: str, target: str, deck: Deck, card: Card | None
                  ) -> None:
        """One card of ``deck`` from ``source`` (the deck, or a hand) to ``target`` (a hand, or the discard pile),
        seen as ``card`` (None: a card nobody names). A copy of it the player holds seen goes; else one of the
        copies not seen yet (put in place as the box counts them the first time one is seen)."""
        s = emit.state
        parts = [Transaction.transfer(reason, source, target, hand_unit(deck.id), 1)]
        if card is not None:
            unit = seen_unit(deck.id, card.id)
            if not s.ledger.balance(source, unit):
                source = unseen_account(deck.id)
                if card.count > s.ledger.opened(unit):
                    emit.add(Unpacked(source, unit, card.count - s.ledger.opened(unit)))
            parts.append(Transaction.transfer(reason, source, target, unit, 1))
        emit.add(Posted(Transaction.combine(reason, parts)))

    def check_box(self, s: GameState, cmd: Command) -> list[Violation]:
        """A half of a Force card the table has seen (drawn or played: a copy in a hand or on the discard pile)
        keeps its side: the other side's half of the same card is entered under an id of its own, as a second
        ``box`` line with the same id would turn the half seen into the other side's (games stamped before rules
        version 3 took it)."""
        problems = super().check_box(s, cmd)
        kind, _, rest = cmd.args[0].partition(":")
        deck_id, _, card_id = rest.partition("/")
        deck = self.edition.decks.get(deck_id)
        if problems or kind != "card" or deck is None or not deck.sides or self.setup.rules_version < 3:
            return problems
        card = deck.card(card_id)
        side = str(parse_values(cmd.args[1:]).get("side", ""))
        if card is None or side in ("", card.side) or self.copies_left(s, deck, card) == card.count:
            return problems
        return [V("box/value", f"{deck.name} card '{card.title}' is the half of the {self.side_name(card.side)}, and "
                               f"the table has seen it: enter the half of the {self.side_name(side)} of that card "
                               f"under an id of its own (such as {card.id}-{side}).")]

    # ------------------------------------------------------------------ drawing

    def land_card(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """A Force deck that has run out is made again from its shuffled discards before the draw (the copies on
        the pile are unseen again); with no discards either (every card of it is in a hand), nothing is drawn."""
        deck = self.edition.decks.get(space.deck or "")
        s = emit.state
        if deck is not None and deck.sides and not self.in_deck(s, deck.id):
            used = self.discarded(s, deck.id)
            if not used:
                emit.add(Noted(f"Every {deck.name} card is in a hand: {self.name_of(s, player)} has nothing to draw"))
                return
            reason = f"the {deck.name} deck has run out: its {used} used cards are shuffled into a new deck"
            pile = discard_account(deck.id)
            parts = [Transaction.transfer(reason, pile, BANK, hand_unit(deck.id), used)]
            parts += [Transaction.transfer(reason, pile, unseen_account(deck.id), unit, n)
                      for unit, n in list(s.ledger.holdings(pile).items()) if unit.startswith("seen:")]
            emit.add(Posted(Transaction.combine(reason, parts)))
        super().land_card(emit, player, space, forced)

    def check_card(self, s: GameState, cmd: Command) -> list[Violation]:
        """The card drawn is named by its half of the drawer's side, while the box has a copy of it not seen."""
        player, card_id = cmd.args
        card, problems = self.drawn_card(s, player, card_id)
        if problems or card is None:
            return problems
        deck = self.edition.decks[card.deck]
        if not deck.sides:
            return super().check_card(s, cmd)
        so = "the card drawn is another one" + (": enter it as a card not entered yet"
                                                 if deck.missing_for(self.side_of(s, player)) > 0 else "")
        return self.half_problems(s, player, card) or self.copy_problems(s, deck, card, so)

    def half_problems(self, s: GameState, player: str, card: Card | None) -> list[Violation]:
        """A player names the half of their own side."""
        side = self.side_of(s, player)
        if card is not None and card.side and card.side != side:
            return [V("card/other-half", f"{self.name_of(s, player)} fights for the {self.side_name(side)}: they "
                                         "carry out the half of the card in their side's colour.")]
        return []

    def do_card(self, emit: Emitter, cmd: Command) -> None:
        """A Force card drawn leaves the deck: a card to keep for the drawer's hand, any other face up onto the
        discard pile, where it acts."""
        s, (player, card_id) = emit.state, cmd.args
        decision = self.drawn(s, player)
        deck = self.edition.decks[decision.data["deck"]]
        if not deck.sides:
            super().do_card(emit, cmd)
            return
        card = deck.card(card_id)
        assert card is not None
        emit.add(DecisionClosed(decision.id))
        emit.add(Noted(f"{self.name_of(s, player)} draws {deck.name}: {card.title}"))
        if EFFECTS[card.effect].kept:
            self.move_card(emit, f"{self.name_of(s, player)} keeps the card", BANK, player, deck, card)
            return
        self.move_card(emit, f"the {deck.name} card is used: face up on its discard pile", BANK,
                       discard_account(deck.id), deck, card)
        self.card_effect(emit, player, deck.id, card.effect, card.params)

    # ------------------------------------------------------------------ effects

    @staticmethod
    def from_left(s: GameState, player: str) -> list[str]:
        """The other players still in the game, in turn order from ``player``'s left."""
        seats = [p.id for p in s.players]
        at = seats.index(player)
        return [pid for pid in seats[at + 1:] + seats[:at] if not s.player(pid).retired]

    def effect_collect_from_each_player(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]
                                        ) -> None:
        """Every other player pays the card's amount to the player whose card it is; the card is an action against
        each of them, so each may first answer it (:meth:`collect_each`)."""
        self.collect_each(emit, player, self.from_left(emit.state, player), int(params["amount"]), deck)

    def effect_pay_each_player(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """The player whose card it is pays every other player the card's amount, one after another from their
        left: short of cash for one of them, they lose their most valuable Base to that player (and so on for each
        one after)."""
        reason = f"{a_or_an(self.edition.decks[deck].name)} Force card"
        for other in self.from_left(emit.state, player):
            self.charge(emit, player, other, int(params["amount"]), reason)

    def effect_collect_from_a_player(self, emit: Emitter, player: str, deck: str, params: dict[str, Any]) -> None:
        """The player whose card it is chooses another player, who pays them the card's amount: an action against
        that player, who may answer it first. With one other player in the game, nobody is asked."""
        others = [p.id for p in emit.state.active if p.id != player]
        amount = int(params["amount"])
        if len(others) == 1:
            self.collect_each(emit, player, others, amount, deck)
        else:
            emit.add(DecisionOpened("aim", player, {"amount": amount, "deck": deck}))

    def check_aim(self, s: GameState, cmd: Command) -> list[Violation]:
        """The card's player names another player still in the game (with two players, nobody is named: the card
        collects from the other one at once, so an ``aim`` says so)."""
        player, target = cmd.args
        problems = self.need_decision(s, player, "aim", "aim a Force card at")
        if problems and len(s.active) == 2:
            return [V(problems[0].code, f"{problems[0].message} With two players a Force card that collects from "
                                        "one player collects from the other one at once: nobody is named.")]
        if not problems and target == player:
            problems.append(V("aim/self", f"{self.name_of(s, player)}'s card collects from another player."))
        return problems

    def do_aim(self, emit: Emitter, cmd: Command) -> None:
        player, target = cmd.args
        decision = self.decision(emit.state, player, "aim")
        assert decision is not None
        emit.add(DecisionClosed(decision.id))
        self.collect_each(emit, player, [target], int(decision.data["amount"]), str(decision.data["deck"]))

    def collect_each(self, emit: Emitter, actor: str, payers: list[str], amount: int, deck: str) -> None:
        """The payers pay ``actor`` one after another, from ``actor``'s left, what a card of ``deck`` says; one
        who could hold a Just say no! may first answer, and the next payer's turn comes once that answer is
        settled (see :meth:`carry_on`)."""
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

    # ------------------------------------------------------------------ playing from the hand

    def played_card(self, s: GameState, player: str, named: str) -> tuple[Deck | None, Card | None,
                                                                          list[Violation]]:
        """The deck and card a ``play`` names (``DECK/CARD``), or why it cannot be played: the player holds it (a
        copy they drew and kept, or one of the cards dealt to them unseen while the box has a copy not seen). A
        card nobody has entered yet is asked for (its half of the player's side)."""
        deck_id, _, card_id = named.partition("/")
        deck = self.edition.decks.get(deck_id)
        if deck is None or not deck.sides:
            return None, None, [V("play/deck", f"'{deck_id}' is not a deck of Force cards: name the card as "
                                               "DECK/CARD.")]
        if not card_id:
            return deck, None, [V("play/card", f"Name the card after its deck: {deck.id}/CARD, the half of "
                                               f"{self.name_of(s, player)}'s side.")]
        who = self.name_of(s, player)
        if not self.held(s, player, deck.id):
            return deck, None, [V("play/none-held", f"{who} holds no {deck.name} card.")]
        card = deck.card(card_id)
        if card is None and deck.missing_for(self.side_of(s, player)) > 0:
            raise ValueNeeded(deck.need())
        if card is None:
            return deck, None, [V("card/unknown", f"The {deck.name} deck has no card '{card_id}'.")]
        problems = self.half_problems(s, player, card)
        if problems or self.seen_held(s, player, deck).get(card.id):
            return deck, card, problems
        if not self.unseen_held(s, player, deck):
            kept = ", ".join(f"'{c.title}'" for cid in self.seen_held(s, player, deck) if (c := deck.card(cid)))
            return deck, card, [V("play/not-held", f"{who} holds no '{card.title}': the {deck.name} cards they hold "
                                                   f"were seen when drawn ({kept}).")]
        return deck, card, self.copy_problems(s, deck, card, f"{who} cannot hold another")

    def check_play(self, s: GameState, cmd: Command) -> list[Violation]:
        """A card held is played at any time and acts at once, though not while the table is settling something
        else (anyone's decision, an auction, a Just say no! contest): a card that moves its player's token would
        otherwise open a second landing beside the first. A Get Out of Jail Free card is played only by a player
        in Jail, before the roll; Just say no! only against another player's action. A token in Jail leaves it
        only by the fine, a Get Out of Jail Free card or doubles, so a card that moves it waits until it is out."""
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
        if s.player(player).in_jail and (EFFECTS[card.effect].heading == "move" or card.effect == "go-to-jail"):
            return [V("play/in-jail", f"{self.name_of(s, player)} is in {self.term('jail')}: a card that moves "
                                      "the token is played once out (fine, card or doubles).")]
        return self.blockers(s)

    def do_play(self, emit: Emitter, cmd: Command) -> None:
        s, (player, named) = emit.state, cmd.args
        deck, card, _ = self.played_card(s, player, named)
        assert deck is not None and card is not None
        self.move_card(emit, f"{self.name_of(s, player)} plays {a_or_an(deck.name)} card", player,
                       discard_account(deck.id), deck, card)
        emit.add(Noted(f"{self.name_of(s, player)} plays {deck.name}: {card.title}"))
        if card.effect == "jail-free":
            emit.add(JailChanged(player, False, 0))
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
        """Each Force deck's cards face down and on its discard pile (the hands are in each player's count), and
        the rents paid (already in their owners' cash) that their payers may still say no to until the next
        roll."""
        decks = {d.id: {"face_down": self.in_deck(state, d.id), "discarded": self.discarded(state, d.id)}
                 for d in self.edition.decks.values() if d.sides}
        held = [{"owner": owner, "payer": payer, "amount": amount} for owner, payer, amount in held_rents(state)]
        return {**super().describe(state), "force_decks": decks, "rents_held": held}

    # ------------------------------------------------------------------ Just say no!

    def say_no_card(self, s: GameState, player: str) -> tuple[Deck, Card | None] | None:
        """The card a player's Just say no! is played with: a Just say no! they drew and kept; else one of the
        cards dealt to them unseen that may be one (seen as the deck's Just say no! of their side while the box
        has a copy not seen; unnamed while their side's halves are not all entered). None: they could hold no
        Just say no!."""
        side = self.side_of(s, player)
        decks = [d for d in self.edition.decks.values() if d.sides]
        for deck in decks:
            kept = self.seen_held(s, player, deck)
            card = next((c for c in deck.drawn_by(side) if c.effect == "just-say-no" and kept.get(c.id)), None)
            if card is not None:
                return deck, card
        for deck in decks:
            if not self.unseen_held(s, player, deck):
                continue
            card = next((c for c in deck.drawn_by(side)
                         if c.effect == "just-say-no" and self.copies_left(s, deck, c)), None)
            if card is not None or deck.missing_for(side) > 0:
                return deck, card
        return None

    def could_say_no(self, s: GameState, player: str) -> bool:
        """Whether a player could hold a Just say no! (see :meth:`say_no_card`)."""
        return self.say_no_card(s, player) is not None

    def held_against(self, s: GameState, payer: str) -> tuple[str, int] | None:
        """The owner and amount of a rent the payer paid and may still say no to until the next roll, if any."""
        return next(((owner, amount) for owner, who, amount in held_rents(s) if who == payer), None)

    def contested(self, emit: Emitter, actor: str, target: str, action: dict[str, Any]) -> bool:
        """A player who could hold a Just say no! may answer another player's action against them. A rent claim
        they can pay in cash is paid to the owner at once (they may say no to it until the next roll: the bank
        marks that window in the same transaction); any other action waits for their answer."""
        s = emit.state
        if (actor == target or not s.has_player(target) or not self.could_say_no(s, target)
                or self.nothing_to_take(s, target, action)):
            return super().contested(emit, actor, target, action)
        amount = int(action.get("amount", 0))
        if (action["kind"] == "charge" and "card" not in action and 0 < amount <= s.cash(target)
                and self.held_against(s, target) is None):
            payer, owner = self.name_of(s, target), self.name_of(s, actor)
            reason = (f"{payer} pays {owner} {self.money(amount)} ({action['reason']}; {payer} may still say no "
                      "until the next roll)")
            emit.add(Posted(Transaction.combine(reason, [
                    Transaction.transfer(reason, target, actor, CREDITS, amount),
                    Transaction.transfer(reason, BANK, held_rent_account(actor, target), CREDITS, amount)])))
            return True
        emit.add(DecisionOpened("just-say-no", target, {"actor": actor, "target": target, "action": action, "nos": 0}))
        return True

    def nothing_to_take(self, s: GameState, target: str, action: dict[str, Any]) -> bool:
        """A payment the target can neither pay in cash nor make up for with a Base (they have none) does nothing
        (the guide: no money and no Bases, do nothing), so nobody is asked to say no to it: it is carried out at
        once, as nothing. Games stamped before rules version 3 still asked."""
        return (self.setup.rules_version >= 3 and action["kind"] == "charge"
                and int(action.get("amount", 0)) > s.cash(target) and not self.deeds_of(s, target))

    def close_window(self, emit: Emitter, owner: str, payer: str, back: bool) -> None:
        """The payer's window to say no to a rent they paid closes: the bank takes its marker back. ``back``: a
        Just say no! cancelled the claim, so the owner pays the rent back to the payer as the rules demand any
        payment (:meth:`charge`): an owner who has spent it since and cannot pay loses their most valuable Base
        to the payer instead, as nobody goes bankrupt."""
        s = emit.state
        account = held_rent_account(owner, payer)
        amount = s.ledger.balance(account)
        emit.add(Posted(Transaction.transfer(f"{self.name_of(s, payer)} can no longer say no to the rent they paid",
                                             account, BANK, CREDITS, amount)))
        if back:
            self.charge(emit, owner, payer, amount, f"the rent {self.name_of(s, payer)} paid, given back")

    def lapse_claims(self, emit: Emitter, moment: str) -> None:
        """At a roll, nobody may say no any more to a rent paid before it."""
        super().lapse_claims(emit, moment)
        if moment == "roll":
            for owner, payer, _ in held_rents(emit.state):
                self.close_window(emit, owner, payer, back=False)

    def before_end(self, emit: Emitter) -> None:
        """Nobody may say no any more to a rent paid once the game ends."""
        super().before_end(emit)
        for owner, payer, _ in held_rents(emit.state):
            self.close_window(emit, owner, payer, back=False)

    def put_there(self, emit: Emitter, player: str) -> None:
        """A correction says the token stood elsewhere, so the landing a rent the player paid was for did not
        happen: the rent stays paid (as in every edition, the table gives it back with ``transfer`` if it was not
        owed) and the player may no longer say no to it. A Just say no! they have already played against it is
        answered to the end all the same (cancelled, the rent is paid back)."""
        super().put_there(emit, player)
        s = emit.state
        answering = {str(d.data["target"]) for d in s.decisions
                     if d.kind == "just-say-no" and d.data["action"]["kind"] == "held-rent"}
        for owner, payer, _ in held_rents(s):
            if payer == player and payer not in answering:
                self.close_window(emit, owner, payer, back=False)

    def answer(self, s: GameState, player: str) -> list[Violation]:
        """Only the player whose answer the table waits for answers; a payer answers a rent they paid until the
        next roll, once nothing else is being settled."""
        if self.decision(s, player, "just-say-no") is None and self.held_against(s, player) is not None:
            return self.blockers(s)
        problems = self.need_decision(s, player, "just-say-no", "answer")
        waiting = next((d.player for d in s.decisions if d.kind == "just-say-no"), None)
        if problems and waiting is not None:
            return [V(problems[0].code, f"{problems[0].message} The table waits for {self.name_of(s, waiting)}'s "
                                        "answer first.")]
        return problems

    def check_say_no(self, s: GameState, cmd: Command) -> list[Violation]:
        """A Just say no! is played from the hand of the player who answers (unseen: the table trusts them), if
        they could hold one."""
        player = cmd.args[0]
        return self.answer(s, player) or ([] if self.could_say_no(s, player) else [
            V("play/none-held", f"{self.name_of(s, player)} holds no card that could be a Just say no!.")])

    def do_say_no(self, emit: Emitter, cmd: Command) -> None:
        s, player = emit.state, cmd.args[0]
        decision = self.decision(s, player, "just-say-no")
        if decision is not None:
            emit.add(DecisionClosed(decision.id))
            data = decision.data
        else:
            held = self.held_against(s, player)
            assert held is not None
            data = {"actor": held[0], "target": player, "action": {"kind": "held-rent", "amount": held[1]},
                    "nos": 0}
        found = self.say_no_card(s, player)
        assert found is not None
        deck, card = found
        self.move_card(emit, f"{self.name_of(s, player)} says no", player, discard_account(deck.id), deck, card)
        other = data["actor"] if player == data["target"] else data["target"]
        nos = int(data["nos"]) + 1
        if self.could_say_no(s, other):
            emit.add(DecisionOpened("just-say-no", other, {**data, "nos": nos}))
        else:
            self.settle_answers(emit, data, nos)

    def check_let_stand(self, s: GameState, cmd: Command) -> list[Violation]:
        """The player who answers may let the action (or the last Just say no!) stand; a payer may let a rent
        they paid stand now, closing their window to say no to it."""
        return self.answer(s, cmd.args[0])

    def do_let_stand(self, emit: Emitter, cmd: Command) -> None:
        player = cmd.args[0]
        decision = self.decision(emit.state, player, "just-say-no")
        if decision is None:
            held = self.held_against(emit.state, player)
            assert held is not None
            self.close_window(emit, held[0], player, back=False)
            return
        emit.add(DecisionClosed(decision.id))
        self.settle_answers(emit, decision.data, int(decision.data["nos"]))

    def settle_answers(self, emit: Emitter, data: dict[str, Any], nos: int) -> None:
        """An even number of Just say no! lets the action stand; an odd number cancels it (a rent paid is paid
        back to its payer: see :meth:`close_window`)."""
        actor, target, action = str(data["actor"]), str(data["target"]), dict(data["action"])
        cancelled = bool(nos % 2)
        if cancelled:
            emit.add(Noted(f"Just say no!: {self.name_of(emit.state, actor)}'s action against "
                           f"{self.name_of(emit.state, target)} is cancelled"))
        if action["kind"] == "held-rent":
            self.close_window(emit, actor, target, back=cancelled)
        elif not cancelled:
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
        if d.kind == "aim":
            return (f"choose who pays {self.money(int(d.data['amount']))} "
                    f"({a_or_an(self.edition.decks[d.data['deck']].name)} Force card)")
        if d.kind == "card" and self.edition.decks[d.data["deck"]].sides:
            return f"draw {a_or_an(self.edition.decks[d.data['deck']].name)} card"
        return super().decision_text(d)
