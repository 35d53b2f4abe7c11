"""The Bounty Hunter at the table: the planet spaces the free Base may go on, each a tap on the board map (a
button each elsewhere)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.engine.ledger import BANK
from companion.rules import mechanic
from companion.rules.mechanics.bounty_hunter import BountyHunter
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def bounty_line(game: Game, who: str, data: DecisionData) -> str:
    """The lander sets a free Base."""
    return f"{party_name(game, who)} sets a free {game.edition.term('base')} (Bounty Hunter)"


def bounty_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """One button per planet space, naming its space: an empty one, or another player's Base replaced."""
    s = game.state
    actions = []
    for t in mechanic(game, BountyHunter).bounty_targets(s, p):
        holder = s.owner(t.id)
        label = f"On {t.name}" if holder == BANK else f"On {t.name}, in place of {party_name(game, holder)}'s"
        actions.append(replace(offer(game, f"bounty:{t.id}", label, f"bounty {p} {t.id}"), space=t.id))
    return actions


def bounty_on_map(game: Game, who: str, data: DecisionData) -> str:
    """The button that opens the board map to choose where the free Base goes."""
    return f"{party_name(game, who)}: choose on the board where the free {game.edition.term('base')} goes"


PRESENTER = Presenter(decisions={"bounty": Decision(bounty_line, bounty_actions, on_map=bounty_on_map)})
