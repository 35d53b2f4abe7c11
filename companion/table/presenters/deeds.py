"""Deeds at the table: an unowned deed landed on (buy it or let it go to auction) and the roll that sets a
utility's rent."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules import mechanic
from companion.rules.mechanics.deeds import Deeds
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.words import credits, party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def offer_line(game: Game, who: str, data: DecisionData) -> str:
    """The deed is for sale to its lander, or goes up for auction."""
    e = game.edition
    return (f"{e.space(str(data['space'])).name} is for sale: {party_name(game, who)} may {e.term('buy')} it, "
            "or it goes up for auction")


def offer_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """Buy at the price the rules work out, or let it go to auction."""
    e = game.edition
    space = e.space(str(data["space"]))
    buy = e.term("buy")
    price = mechanic(game, Deeds).buy_price(game.state, p, space)
    return [offer(game, "buy", f"{party_name(game, p)}: {buy} {space.name} for {credits(e, price)}", f"buy {p}",
                  "primary"),
            offer(game, "decline", f"Don't {buy}: auction it", f"decline {p}")]


def utility_line(game: Game, who: str, data: DecisionData) -> str:
    """The lander rolls again for the utility's rent."""
    return f"{party_name(game, who)} rolls the dice again for {game.edition.space(str(data['space'])).name}"


def utility_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """The roll that sets a utility's rent."""
    return [offer(game, "utility-roll", f"{party_name(game, p)}: roll for "
                                        f"{game.edition.space(str(data['space'])).name}", f"roll {p}", "primary")]


PRESENTER = Presenter(decisions={"offer": Decision(offer_line, offer_actions),
                                 "utility-roll": Decision(utility_line, utility_actions)})
