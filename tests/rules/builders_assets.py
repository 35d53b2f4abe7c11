"""Extra builders for the building, mortgage, trade, bankruptcy and variant rule tests.

They sit on top of :mod:`tests.rules.helpers`. Building goes through real ``build`` commands; only
:func:`set_cash`, :func:`return_deeds` and :func:`give_jail_card` are test-only shortcuts (events applied
outside any command, so they are not journaled).
"""

from __future__ import annotations

from companion.engine.events import JailCardMoved
from companion.engine.game import Game
from companion.engine.ledger import BANK, HOTEL, HOUSE
from companion.rules.core import Emitter

from .helpers import edition, give_cash, give_deeds, play

HOTH = ("hoth-frozen-plains", "hoth-echo-base", "hoth-north-ridge")
DAGOBAH = ("dagobah-yodas-hut", "dagobah-swamp")
TATOOINE = ("tatooine-mos-eisley", "tatooine-spaceport", "tatooine-lars-homestead")
YAVIN = ("yavin-4-temple-throne-room", "yavin-4-war-room", "yavin-4-massassi-temple")
CLOUD_CITY = ("cloud-city-reactor-control-room", "cloud-city-landing-platform",
              "cloud-city-carbon-freezing-chamber")
ENDOR = ("endor-ewok-village", "endor-forest", "endor-shield-generator")
CORUSCANT = ("coruscant-monument-square", "coruscant-imperial-palace")


def members(group_id: str) -> tuple[str, ...]:
    """The deeds of a group, in board order, read from the edition data."""
    return edition().groups[group_id].members


def set_cash(game: Game, player: str, amount: int) -> None:
    """TEST-ONLY shortcut: ``player`` holds exactly ``amount`` credits afterwards (the bank evens it out)."""
    give_cash(game, player, amount - game.state.cash(player))


def return_deeds(game: Game, *space_ids: str) -> None:
    """TEST-ONLY shortcut: hand deeds back to the bank (e.g. to clear a short-game deal)."""
    give_deeds(game, BANK, *space_ids)


def give_jail_card(game: Game, player: str, deck: str) -> None:
    """TEST-ONLY shortcut: ``player`` takes the Get Out of Jail Free card of ``deck`` (as if drawn)."""
    Emitter(game.state).add(JailCardMoved(deck, "", player))


def dealt(game: Game, player: str) -> list[str]:
    """The deeds a player holds, in board order."""
    return [d.id for d in edition().deeds if game.state.owner(d.id) == player]


def build_evenly(game: Game, player: str, deeds: tuple[str, ...], rows: int) -> None:
    """Build ``rows`` rows on ``deeds`` with real ``build`` commands, one piece per deed per row.

    A row past the last fighter row is the freighter/destroyer row.
    """
    for _ in range(rows):
        for deed in deeds:
            play(game, f"build {player} {deed}")


def bank_houses(game: Game) -> int:
    """Fighters (houses) the bank still holds."""
    return game.state.ledger.balance(BANK, HOUSE)


def bank_hotels(game: Game) -> int:
    """Freighters/destroyers (hotels) the bank still holds."""
    return game.state.ledger.balance(BANK, HOTEL)
