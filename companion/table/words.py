"""What happened, in plain words: one line per event for the table screen, the journal screen and undo.

Amounts are shown as the edition words them; player ids become the names the table chose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.box.fields import kind_words
from companion.edition import ENEMY_EFFECTS, Card, a_or_an, capital, counted, field_words
from companion.engine.events import (
    AuctionClosed,
    AuctionOpened,
    BidPlaced,
    BoxRead,
    DebtOpened,
    DecisionOpened,
    DiceRolled,
    Event,
    GameEnded,
    JailCardMoved,
    JailChanged,
    Noted,
    PlayerRetired,
    Posted,
    RentClosed,
    RentDeferred,
    RentDue,
    TokenMoved,
    TradeClosed,
    TradeProposed,
    TurnPassed,
)
from companion.engine.ledger import BANK, CREDITS
from companion.engine.state import Unread
from companion.rules.coop_events import (
    BattleChanged,
    BattleClosed,
    BattleOpened,
    BossReleased,
    EnemyBeaten,
    EnemyMoved,
    GroguMoved,
    SignetMoved,
)
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
    """An amount in the edition's short money word, e.g. ``1,500 IC``."""
    short = edition.terms.get("currency_short") or edition.term("currency")
    return f"{amount:,} {short}"


def card_words(edition: Edition, card: Card) -> str:
    """What a card does, with its amounts, as the family reads it off the card in hand: ``Collect 200 IC from the
    Bank``, ``Move to Dagobah: Swamp``. A value nobody has entered yet is left out."""
    e, p = edition, card.params
    term = e.term

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
        "battle-bonus": lambda: f"Add {p.get('amount', 'a number')} to a battle roll (keep it)",
        "second-chance": lambda: "A second try in a lost battle (keep it)",
        "take-grogu": lambda: "Bring Grogu to you (keep it)",
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
    """What a box value is printed on, as the table names it: a space, a group or a deck's card."""
    kind, _, rest = target.partition(":")
    item, _, card = rest.partition("/")
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


def event_line(game: Game, event: Event) -> str:
    """One event in words; empty for bookkeeping the table does not need to read."""
    e, name = game.edition, (lambda pid: party_name(game, pid))
    match event:
        case Posted(txn=txn):
            moves = [f"{name(p.account)} {'+' if p.amount > 0 else '−'}{credits(e, abs(p.amount))}"
                     for p in txn.postings if p.unit == CREDITS and p.account != BANK and p.amount]
            # A deed passed from one player to another (a trade) is named with who now holds it.
            given = {p.unit for p in txn.postings if p.unit.startswith("deed:") and p.amount < 0 and p.account != BANK}
            moves += [f"{name(p.account)} gets {e.space(p.unit.removeprefix('deed:')).name}" for p in txn.postings
                      if p.unit in given and p.amount > 0 and p.account != BANK]
            return capital(txn.reason) + (f": {', '.join(moves)}" if moves else "")
        case DiceRolled(player=p, dice=dice, doubles=doubles):
            double = " (doubles)" if len(dice) > 1 and len(set(dice)) == 1 else ""
            third = " for the third time" if doubles >= 3 else ""
            return f"{name(p)} rolls {' + '.join(map(str, dice))}{double}{third}"
        case TokenMoved(player=p, position=pos, how=how) if how != "jail":
            return f"{name(p)} {'is really on' if how == 'correction' else 'moves to'} {e.spaces[pos].name}"
        case JailChanged(player=p, in_jail=True, jail_turns=0):
            return f"{name(p)} goes to {e.term('jail')}"
        case JailChanged(player=p, in_jail=True, jail_turns=n):
            return f"{name(p)} stays in {e.term('jail')} ({counted(n, 'turn')} there so far)"
        case JailChanged(player=p, in_jail=False):
            return f"{name(p)} leaves {e.term('jail')}"
        case JailCardMoved(deck=deck, source=src, target=dst):
            card = f"{e.decks[deck].name} {e.term('get_out_of_jail')} card" if deck in e.decks else "card"
            if not src:
                return f"{name(dst)} keeps the {card}"
            return f"{name(src)} hands the {card} to {name(dst)}" if dst else f"{name(src)} uses the {card}"
        case DecisionOpened(decision_kind=kind, player=p, data=data):
            return _decision_line(game, kind, name(p), data)
        case RentDue(owner=owner, payer=payer, space=space, unread=Unread()):
            return (f"{name(owner)} may claim {e.term('rent')} from {name(payer)} for {e.space(space).name} (the "
                    f"amount is read off the {e.term('deed')} when claimed)")
        case RentDue(owner=owner, payer=payer, space=space, amount=amount):
            return (f"{name(owner)} may claim {credits(e, amount)} {e.term('rent')} from {name(payer)} "
                    f"for {e.space(space).name}")
        case RentDeferred(claim=_):
            return (f"The {e.term('rent')} stays owed until its amount is read off the {e.term('deed')}: claim it "
                    "again then")
        case RentClosed(how="lapsed"):
            return f"{capital(e.term('rent'))} that was not claimed in time has lapsed"
        case RentClosed(how="mortgaged"):
            return f"No {e.term('rent')} can be claimed on {a_or_an(e.term('mortgaged'))} property"
        case DebtOpened(debtor=debtor, creditor=creditor, amount=amount, reason=reason):
            return f"{name(debtor)} owes {name(creditor)} {credits(e, amount)} ({reason}) and must raise it"
        case AuctionOpened(lot=lot):
            return f"{capital(lot_name(e, lot))} goes up for auction"
        case BidPlaced(player=p, amount=0):
            return f"{name(p)} drops out of the auction"
        case BidPlaced(player=p, amount=amount):
            return f"{name(p)} bids {credits(e, amount)}"
        case AuctionClosed(lot=lot, winner="", amount=_):
            return f"No bids: {lot_name(e, lot)} stays with the {e.term('bank')}"
        case AuctionClosed(lot=lot, winner=winner, amount=amount):
            return f"{name(winner)} wins {lot_name(e, lot)} for {credits(e, amount)}"
        case TradeProposed(proposer=a, partner=b):
            return f"{name(a)} offers {name(b)} a trade"
        case TradeClosed(how=how):
            return trade_ending(e, how)
        case TurnPassed(player=p, number=n):
            return f"Turn {n}: {name(p)}"
        case PlayerRetired(player=p):
            return f"{name(p)} is {e.term('bankrupt')} and takes no more turns"
        case GameEnded(reason=reason):
            return f"The game is over: {reason}"
        case BoxRead(target=target, values=values):
            return f"Read off the box for {box_target_name(e, target)}: " + ", ".join(
                f"{e.field_words([k])} {box_value_words(e, k, v)}" for k, v in values.items())
        case Noted(text=text):
            return text
    return coop_line(game, event)


def box_value_words(e: Edition, key: str, value: object) -> str:
    """A value read off the box as the table says it: a type, group or deck by its name, a table of amounts
    with slashes (``?`` for one not read yet)."""
    if key == "kind":
        return kind_words(e, str(value)).lower()
    if key == "group" and str(value) in e.groups:
        return e.groups[str(value)].name
    if key == "deck" and str(value) in e.decks:
        return e.decks[str(value)].name
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


def coop_line(game: Game, event: Event) -> str:
    """A co-operative game's event in words (enemies, Grogu, Signet cards, battles); empty for any other."""
    e, name = game.edition, (lambda pid: party_name(game, pid))
    match event:
        case EnemyMoved(why=why) | BossReleased(why=why) | GroguMoved(why=why):
            return why
        case EnemyBeaten(enemy=enemy, player=p, out=out):
            gone = f"; {the_enemy(game, enemy)} is out of the game" if out else ""
            card = f"{enemy_name(game, enemy)}'s card" if enemy_of(game, enemy).boss else \
                f"{a_or_an(enemy_name(game, enemy))} card"
            return f"{name(p)} wins {card}{gone}"
        case SignetMoved(card=card, source="", target=p):
            return f"{name(p)} keeps the Signet card {signet_title(e, card)}"
        case SignetMoved(card=card, source=p, target="") if p:
            return f"The Signet card {signet_title(e, card)} goes to the bottom of the deck"
        case SignetMoved(card=card, source=a, target=b):
            return f"{name(a)} hands the Signet card {signet_title(e, card)} to {name(b)}"
        case BattleOpened(player=p, enemy=enemy):
            return f"{name(p)} must fight {the_enemy(game, enemy)}"
        case BattleChanged(lost=True, rolls=rolls) if rolls:
            return "The roll lost; another try is possible"
        case BattleClosed(how="won", total=total):
            return f"Battle won with {total}"
        case BattleClosed(how="lost", total=total):
            return f"Battle lost with {total}"
        case BattleClosed(how="gone"):
            return "No battle after all: the enemy does not stand on that space"
    return ""


def signet_title(edition: Edition, card: str) -> str:
    """A Signet card's title as entered in the box."""
    found = next((c for d in edition.decks.values() if d.role == "signet" for c in d.cards if c.id == card), None)
    return f"'{found.title}'" if found else card


def _decision_line(game: Game, kind: str, who: str, data: dict[str, object]) -> str:
    e = game.edition
    space = e.space(str(data["space"])).name if "space" in data else ""
    lines = {
        "offer": f"{space} is for sale: {who} may {e.term('buy')} it, or it goes up for auction",
        "card": f"{who} draws {a_or_an(e.decks[str(data['deck'])].name)} card" if data.get("deck") in e.decks else "",
        "tax": f"{who} chooses how to pay the {e.term('income_tax')}",
        "utility-roll": f"{who} rolls the dice again for {space}",
        "mortgage-transfer": f"{who} chooses to {e.term('unmortgage')} {space} or keep it {e.term('mortgaged')}",
        "place": f"{who} places the {e.term(str(data.get('piece', 'house')))} won at auction",
        "enemies-move": f"{who} rolls the silver die for the {e.term('advance_space')}",
        "leave-grogu": f"{who} chooses where Grogu stays",
    }
    return lines.get(kind, "")


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
