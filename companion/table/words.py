"""The table's words every presenter shares: amounts as the edition words them, players by the names the table
chose, deeds, lots, cards, enemies and box values by their names; and which sounds an answer deserves.

Each event's own line is its mechanic's presenter's (``companion/table/presenters``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from companion.box.fields import face_kind_words, kind_words
from companion.box.values import face_position
from companion.card_effects import EFFECTS
from companion.edition import ENEMY_EFFECTS, Card, a_or_an, counted, field_words
from companion.engine.events import (
    BidPlaced,
    DiceRolled,
    Event,
    GameEnded,
    JailChanged,
    PlayerRetired,
    Posted,
)
from companion.engine.ledger import BANK, CREDITS
from companion.mini_boards import tile_name
from companion.rules.imperial import Enemy, enemies_of
from companion.space_kinds import NOT_READ

if TYPE_CHECKING:
    from companion.edition import Card, Deck, Edition
    from companion.engine.errors import Need
    from companion.engine.game import Game

# Where a roll came from (the source the journal stores with it), as the table reads it.
ROLL_SOURCES = {
    "screen": "rolled on the screen",
    "typed": "typed in from the table's dice",
    "gpio": "rolled with the Roll button",
    "serial": "read from the dice device",
}
TRADE_ENDINGS = {"accepted": "The trade is accepted.", "rejected": "The trade offer is off."}


def trade_ending(edition: Edition, how: str) -> str:
    """How a trade offer closed, in the edition's words."""
    if how == "bankruptcy":
        return f"The trade offer ends: one of its players is {edition.term('bankrupt')}."
    return TRADE_ENDINGS.get(how, "The trade offer is closed.")


def credits(edition: Edition, amount: int) -> str:
    """An amount in the edition's short money word, e.g. ``1,500 IC`` (``1 credit`` where it has none)."""
    short = edition.terms.get("currency_short") or edition.currency(amount)
    return f"{amount:,} {short}"


def card_words(edition: Edition, card: Card) -> str:
    """What a card does, with its amounts, as the family reads it off the card in hand: ``Collect 200 IC from the
    Bank``, ``Move to Dagobah: Swamp``. A value nobody has entered yet is left out."""
    e, p = edition, card.params
    term = e.term
    signet = card.deck in e.decks and e.decks[card.deck].role == "signet"  # Grogu's card is kept there, not by an ally

    def money(key: str) -> str:
        return credits(e, int(p[key])) if key in p else "an amount"

    words = {
        "advance": lambda: f"Move to {e.space(str(p['target'])).name}" if "target" in p else "Move to a space",
        "back": lambda: f"Go back {counted(int(p['spaces']), 'space')}" if "spaces" in p else "Go back",
        "nearest": lambda: f"Move to the nearest {kind_words(e, str(p.get('kind', 'vessel'))).lower()}",
        "go-to-jail": lambda: f"Go to {term('jail')}",
        "jail-free": lambda: f"{term('get_out_of_jail')} (keep it)",
        "collect": lambda: f"Collect {money('amount')} from the {term('bank')}",
        "pay": lambda: f"Pay {money('amount')} to the {term('bank')}",
        "repairs": lambda: f"Pay {money('per_house')} per {term('house')}, {money('per_hotel')} per {term('hotel')}",
        "pay-each-player": lambda: f"Pay each player {money('amount')}",
        "collect-from-each-player": lambda: f"Collect {money('amount')} from each player",
        "collect-from-a-player": lambda: f"Collect {money('amount')} from one player of your choice",
        "battle-bonus": lambda: f"Add {p.get('amount', 'a number')} to a battle roll (keep it)",
        "second-chance": lambda: "A second try in a lost battle (keep it)",
        "take-grogu": lambda: "Bring Grogu to you" + (" (keep it)" if signet else ""),
    }
    return words[card.effect]() if card.effect in words else card.title


def party_name(game: Game, account: str) -> str:
    """A player's name, or the edition's word for the bank."""
    if account == BANK:
        return f"the {game.edition.term('bank')}"
    return game.state.player(account).name if game.state.has_player(account) else account


def lot_name(edition: Edition, lot: str) -> str:
    """What an auction sells: a deed's name, or the word for a building piece."""
    if lot.startswith("deed:"):
        return edition.space(lot.removeprefix("deed:")).name
    return a_or_an(edition.term(lot))


def box_target_name(edition: Edition, target: str) -> str:
    """What a box value is printed on, as the table names it: a space, a group, a deck's card or a mini board's
    face."""
    kind, _, rest = target.partition(":")
    item, _, card = rest.partition("/")
    if kind == "board":
        return "the board"
    if kind == "tiles":
        return "the Chance tiles"
    if kind == "face" and edition.mini_boards and item in edition.mini_boards.faces:
        return edition.mini_boards.faces[item].name
    if kind == "space" and edition.has_space(item):
        return edition.space(item).name
    if kind == "group" and item in edition.groups:
        return edition.groups[item].name
    if kind == "card" and item in edition.decks:
        deck = edition.decks[item]
        found = deck.card(card)
        if found and found.effect in ENEMY_EFFECTS:
            return enemy_card_name(deck, found)
        return f"the {deck.name} card {found.title if found else card}"
    return target


def enemy_card_name(deck: Deck, card: Card) -> str:
    """An Imperial enemy card as the table names it: its enemy and level ("Death Trooper, level 1"), or the
    boss's one card by his name ("Moff Gideon")."""
    return deck.name if card.effect == "boss" else f"{deck.name}, level {enemy_level(deck, card)}"


def enemy_level(deck: Deck, card: Card) -> int:
    """The level of a trooper's card: its place in the deck, which lists the levels from the lowest (the card
    on top, fought first)."""
    return deck.cards.index(card) + 1


def face_space_asked(need: Need) -> int | None:
    """The space of a mini board a need asks about (what is on it), else None."""
    positions = [p for f in need.fields if (p := face_position(f)) is not None]
    return positions[0] if need.target.startswith("face:") and positions else None


def need_title(edition: Edition, need: Need) -> str:
    """The title of the window that asks for a need: what is on a space (``What is on Dagobah?``, ``What is on
    space 7 of the red board, side 1?``), else what to read off the box."""
    name = box_target_name(edition, need.target)
    position = face_space_asked(need)
    if position is not None:
        return f"What is on space {position} of {name}?"
    return f"What is on {name}?" if "kind" in need.fields else f"Read it off the box: {name}"


def need_words(edition: Edition, need: Need) -> str:
    """What a read-it-off-the-box window says it wants. An Imperial enemy card: the card in play, found by its
    enemy and level, and the numbers printed on it; anything else: the engine's own words."""
    kind, _, rest = need.target.partition(":")
    deck_id, _, card_id = rest.partition("/")
    deck = edition.decks.get(deck_id) if kind == "card" else None
    found = deck.card(card_id) if deck else None
    if deck is None or found is None or found.effect not in ENEMY_EFFECTS:
        return need.what
    card = f"{deck.name}'s card" if found.effect == "boss" else \
        f"the {deck.name}'s level {enemy_level(deck, found)} card"
    one = len(need.fields) == 1
    return (f"The battle is against {card}. Take that card from the enemy cards and enter the "
            f"{field_words(need.fields)} printed on it. {'It is' if one else 'They are'} saved in the box for "
            "every later game.")


FACE_FIELD_WORDS = {"length": "number of spaces", "tracker": "steps of the Mega Shut Down tracker",
                    "jail": "Just Visiting / In Jail on space"}
"""A mini board face's values as the journal says them, before the number read."""


def box_values_words(e: Edition, target: str, values: Mapping[str, object]) -> str:
    """Values read off the box as the journal says them, each by the words of its field (``price 60``); of a mini
    board's face, what is on a space by its place (``space 7: Bank Heist``)."""
    if target.startswith("tiles:"):
        return ", ".join(f"{tile_name(k)} {v}" for k, v in values.items())
    if not target.startswith("face:"):
        return ", ".join(f"{single(e.field_words([k]), v)} {box_value_words(e, k, v)}" for k, v in values.items())
    return ", ".join(f"space {p}: {face_kind_words(str(v))}" if (p := face_position(k)) is not None
                     else f"{FACE_FIELD_WORDS.get(k, k)} {v}" for k, v in values.items())


def single(words: str, value: object) -> str:
    """A field's words for the value read: one amount of what is elsewhere a table is not a table (a planet's
    ``rent 40``)."""
    return words if isinstance(value, list | tuple) else words.removesuffix(" table")


def box_value_words(e: Edition, key: str, value: object) -> str:
    """A value read off the box as the table says it: a type, group, deck, card effect or side by its name, a
    table of amounts with slashes (``?`` for one not read yet)."""
    if key == "kind":
        return kind_words(e, str(value)).lower()
    if key == "group" and str(value) in e.groups:
        return e.groups[str(value)].name
    if key == "deck" and str(value) in e.decks:
        return e.decks[str(value)].name
    if key == "effect" and str(value) in EFFECTS:
        return EFFECTS[str(value)].say(e.term).lower()
    if key == "side" and str(value) in e.sides:
        return str(e.sides[str(value)].get("name", value))
    if isinstance(value, tuple | list):
        return "/".join("?" if v == NOT_READ else str(v) for v in value)
    return str(value)


def enemy_of(game: Game, enemy: str) -> Enemy:
    """An Imperial enemy as the edition describes it (name, colour, deck, boss)."""
    return next(e for e in enemies_of(game.edition) if e.id == enemy)


def enemy_name(game: Game, enemy: str) -> str:
    """An Imperial enemy by the name the edition gives it."""
    return enemy_of(game, enemy).name


def the_enemy(game: Game, enemy: str) -> str:
    """An Imperial enemy in a sentence: "the Death Trooper", but the boss by his name alone ("Moff Gideon")."""
    found = enemy_of(game, enemy)
    return found.name if found.boss else f"the {found.name}"


def signet_title(edition: Edition, card: str) -> str:
    """A Signet card's title as entered in the box."""
    found = next((c for d in edition.decks.values() if d.role == "signet" for c in d.cards if c.id == card), None)
    return f"'{found.title}'" if found else card


def feedback_kinds(events: list[Event]) -> frozenset[str]:
    """Which sounds and motions an answer deserves: dice, payment, purchase, jail, bid, bankrupt, end."""
    kinds: set[str] = set()
    for event in events:
        match event:
            case DiceRolled():
                kinds.add("dice")
            case Posted(txn=txn):
                units = {p.unit for p in txn.postings}
                if any(u.startswith("deed:") for u in units) and CREDITS in units:
                    kinds.add("purchase")
                elif CREDITS in units:
                    kinds.add("payment")
            case JailChanged(in_jail=True, jail_turns=0):
                kinds.add("jail")
            case BidPlaced(amount=amount) if amount:
                kinds.add("bid")
            case PlayerRetired():
                kinds.add("bankrupt")
            case GameEnded():
                kinds.add("end")
    return frozenset(kinds)
