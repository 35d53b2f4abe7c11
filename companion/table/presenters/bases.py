"""Bases at the table (Star Wars 2015): a planet space offered to a lander whose side has no Base left in the bank
says so, since they cannot buy it, and its one button sends it to auction."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules import mechanic
from companion.rules.mechanics.bases import Bases
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.presenters.deeds import offer_actions, offer_line
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def base_offer_line(game: Game, who: str, data: DecisionData) -> str:
    """The planet space is for sale to its lander; one whose side had no Base left in the bank when they stopped
    there (``no_base``) cannot take it, so it goes up for auction when they decline."""
    if not data.get("no_base"):
        return offer_line(game, who, data)
    e = game.edition
    side = mechanic(game, Bases).side_name(game.state.player(who).side)
    return (f"{e.space(str(data['space'])).name} is for sale, but the {side} have no {e.term('base')} left in the "
            f"{e.term('bank')}: {party_name(game, who)} cannot {e.term('buy')} it, and it goes up for auction")


def base_offer_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """Buy or let it go to auction; with no Base left, only the auction (the price need not be known)."""
    if not data.get("no_base"):
        return offer_actions(game, p, data)
    e = game.edition
    return [offer(game, "decline", f"{party_name(game, p)}: no {e.term('base')} left, auction "
                                   f"{e.space(str(data['space'])).name}", f"decline {p}", "primary")]


PRESENTER = Presenter(decisions={"offer": Decision(base_offer_line, base_offer_actions)})
