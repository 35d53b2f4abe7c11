"""Force cards at the table: the card to draw, carried out at the table by the side's half, then Done."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.edition import a_or_an
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.words import party_name

if TYPE_CHECKING:
    from companion.engine.game import Game


def deck_name(game: Game, data: DecisionData) -> str:
    """The deck of the space landed on (Rebel or Empire)."""
    deck = game.edition.decks.get(str(data.get("deck")))
    return deck.name if deck else "Force"


def draw_line(game: Game, who: str, data: DecisionData) -> str:
    """Who draws which card."""
    return f"{party_name(game, who)} draws {a_or_an(deck_name(game, data))} card"


def draw_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """Done, once the half of the card in the player's side's colour is carried out at the table."""
    side = game.state.player(p).side
    half = str(game.edition.sides.get(side, {}).get("name", side))
    return [offer(game, "drawn", f"{party_name(game, p)}: the {deck_name(game, data)} card's {half} half is done",
                  f"drawn {p}", "primary")]


PRESENTER = Presenter(decisions={"force-card": Decision(draw_line, draw_actions)})
