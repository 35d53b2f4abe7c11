"""A player's inputs from the phone, turned into the same commands the touchscreen builds.

The acting player always comes from the player's code, never from the request. The request only says what they
want: an exact bid, dropping out of the auction, or a trade offer. Anything that does not name real things of
this game (a partner at the table, the edition's deeds and card decks, whole numbers) is refused here with a
plain reason before it reaches the engine; the engine then checks the command exactly as if it had been tapped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.engine.commands import Command
from companion.table.actions import bid_command, propose_command

if TYPE_CHECKING:
    from companion.engine.game import Game

MAX_AMOUNT = 1_000_000_000
"""No bid or trade amount is larger (the engine refuses more than a player has long before)."""
VERBS = ("bid", "pass", "propose")


class InputError(ValueError):
    """A request that does not describe an input of this game; nothing is submitted."""


def command_for(game: Game, player: str, verb: str, body: dict[str, Any]) -> str:
    """The command a player's input stands for, in the notation the touchscreen submits."""
    if verb == "bid":
        return bid_command(player, _amount(body.get("amount"), "A bid is a whole number above nothing.", 1))
    if verb == "pass":
        return Command("pass", (player,)).to_text()
    if verb == "propose":
        return _proposal(game, player, body)
    raise InputError("The phone can bid, pass or offer a trade.")


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
