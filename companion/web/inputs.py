"""A player's inputs from the phone, turned into the same commands the touchscreen builds.

The acting player always comes from the player's code, never from the request. The request only says what they
want: an exact bid, dropping out of the auction, a trade offer, or one of the buttons of their own choices (a
decision of theirs, a Bank Heist dial's picture), by its key. A request that names another player is refused:
a phone acts for its own player only. Anything that does not name real things of this game (a partner at the
table, the edition's deeds and card decks, whole numbers, a button offered to this player now) is refused here
with a plain reason before it reaches the engine; the engine then checks the command exactly as if it had been
tapped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engine.commands import Command
from companion.table.actions import bid_command, propose_command
from companion.table.choices import own_action
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game

MAX_AMOUNT = 1_000_000_000
"""No bid or trade amount is larger (the engine refuses more than a player has long before)."""
VERBS = ("bid", "pass", "propose", "act")


class InputError(ValueError):
    """A request that does not describe an input of this game; nothing is submitted."""


class NotYours(InputError):
    """A request for another player than the phone's own; nothing is submitted."""


class NotOffered(InputError):
    """A button that is not one of the player's choices now (already answered, or never theirs)."""


def command_for(game: Game, player: str, verb: str, body: dict[str, Any]) -> str:
    """The command a player's input stands for, in the notation the touchscreen submits."""
    named = body.get("player", player)
    if named != player:
        other = party_name(game, named) if isinstance(named, str) and game.state.has_player(named) else "anyone else"
        raise NotYours(f"This is {party_name(game, player)}'s phone: it can only act for {party_name(game, player)}, "
                       f"never for {other}.")
    if verb == "act":
        return _own_choice(game, player, body.get("key"))
    if verb == "bid":
        return bid_command(player, _amount(body.get("amount"), "A bid is a whole number above nothing.", 1))
    if verb == "pass":
        return Command("pass", (player,)).to_text()
    if verb == "propose":
        return _proposal(game, player, body)
    raise InputError("The phone can bid, pass, offer a trade or answer its own player's choices.")


def _own_choice(game: Game, player: str, key: object) -> str:
    """The command of one of the player's own buttons now, by its key."""
    if not isinstance(key, str) or not key:
        raise InputError("Tap one of your own choices.")
    action = own_action(game, player, key)
    if action is None:
        raise NotOffered(f"That is not one of {party_name(game, player)}'s choices now: the table may have moved on.")
    return action.command


def _amount(value: object, reason: str, least: int = 0) -> int:
    # bool is an int in Python: true must not become a bid of 1.
    if type(value) is not int or not least <= value <= MAX_AMOUNT:
        raise InputError(reason)
    return value


def _proposal(game: Game, player: str, body: dict[str, Any]) -> str:
    """A trade offer: the partner is another player still in the game; each side lists deeds of the edition,
    credits and jail cards of its decks, each at most once."""
    partner = body.get("partner")
    if not isinstance(partner, str) or partner == player or partner not in {p.id for p in game.state.active}:
        raise InputError("Choose a partner who is still in the game.")
    give_deeds, give_cash, give_cards = _side(game, body.get("give", {}))
    get_deeds, get_cash, get_cards = _side(game, body.get("get", {}))
    return propose_command(player, partner, give_deeds, give_cash, give_cards, get_deeds, get_cash, get_cards)


def _side(game: Game, side: object) -> tuple[list[str], int, list[str]]:
    if not isinstance(side, dict):
        raise InputError("Each side of a trade lists deeds, credits and cards.")
    e = game.edition
    deeds = _ids(side.get("deeds", []), {d.id for d in e.deeds}, "That deed is not on this board.")
    cards = _ids(side.get("cards", []), set(e.decks), "That card is not in this game.")
    cash = _amount(side.get("cash", 0), "Credits in a trade are a whole number, nothing or more.")
    return deeds, cash, cards


def _ids(values: object, known: set[str], reason: str) -> list[str]:
    if not isinstance(values, list) or len(values) > len(known):
        raise InputError(reason)
    if any(not isinstance(v, str) or v not in known for v in values) or len(set(values)) != len(values):
        raise InputError(reason)
    return list(values)
