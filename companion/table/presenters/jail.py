"""The jail at the table: going in, staying, leaving, a jail card kept, handed on or used; the fine offered
before the roll."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.edition import counted
from companion.engine.events import JailCardMoved, JailChanged
from companion.table.offers import Action, offer
from companion.table.presenter import Presenter
from companion.table.words import credits, party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def jail_changed(game: Game, event: JailChanged) -> str:
    """In, still in (with the turns spent there), or out."""
    jail, who = game.edition.term("jail"), party_name(game, event.player)
    if not event.in_jail:
        return f"{who} leaves {jail}"
    if event.jail_turns == 0:
        return f"{who} goes to {jail}"
    return f"{who} stays in {jail} ({counted(event.jail_turns, 'turn')} there so far)"


def jail_card_moved(game: Game, event: JailCardMoved) -> str:
    """A jail card kept from the deck, handed to another player, or used."""
    e = game.edition
    card = f"{e.decks[event.deck].name} {e.term('get_out_of_jail')} card" if event.deck in e.decks else "card"
    if not event.source:
        return f"{party_name(game, event.target)} keeps the {card}"
    if event.target:
        return f"{party_name(game, event.source)} hands the {card} to {party_name(game, event.target)}"
    return f"{party_name(game, event.source)} uses the {card}"


def waiting_in_jail(game: Game, player: str) -> bool:
    """Whether the turn player is in jail and has not rolled yet (the moment to buy or use their way out)."""
    return game.state.player(player).in_jail and not game.state.turn.rolled


def fine(game: Game, player: str) -> list[Action]:
    """A player in jail who has not rolled yet may pay the fine."""
    if not waiting_in_jail(game, player):
        return []
    return [offer(game, "fine", f"Pay the {credits(game.edition, game.edition.jail_fine)} fine", f"fine {player}")]


PRESENTER = Presenter(events={JailChanged: jail_changed, JailCardMoved: jail_card_moved}, before_roll=(fine,))
