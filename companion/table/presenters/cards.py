"""The card decks at the table: a card to draw, chosen by what it does; a jail card to use before the roll."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.card_effects import EFFECTS
from companion.edition import Card, a_or_an
from companion.table.offers import Action, offer
from companion.table.presenter import Decision, DecisionData, Presenter
from companion.table.presenters.jail import waiting_in_jail
from companion.table.words import card_words, party_name

if TYPE_CHECKING:
    from companion.engine.game import Game

NEW_CARD_KEY = "card:+"
"""The card action of a deck the box does not fully list: the card drawn is entered first (no command)."""
CARD_HEADINGS = ("collect", "pay", "move", "jail", "keep")
"""The order the card window lists its headings in."""


def effects_by_heading(effects: tuple[str, ...]) -> dict[str, list[str]]:
    """A deck's effects grouped under the card window's headings, in their order (an effect under none last)."""
    def place(effect: str) -> int:
        heading = EFFECTS[effect].heading
        return CARD_HEADINGS.index(heading) if heading in CARD_HEADINGS else len(CARD_HEADINGS)

    grouped: dict[str, list[str]] = {}
    for effect in sorted(effects, key=place):
        grouped.setdefault(EFFECTS[effect].heading, []).append(effect)
    return grouped


def draw_line(game: Game, who: str, data: DecisionData) -> str:
    """Who draws from which deck."""
    decks = game.edition.decks
    deck = str(data.get("deck"))
    return f"{party_name(game, who)} draws {a_or_an(decks[deck].name)} card" if deck in decks else ""


def draw_actions(game: Game, p: str, data: DecisionData) -> list[Action]:
    """A card to draw, chosen by what it does: one button per effect and amount of the deck (cards that do the
    same are one choice, their titles under it), grouped by heading; and one for a card the box does not list
    yet. Of two-sided cards, the halves of the drawer's side."""
    e = game.edition
    deck = e.decks[str(data["deck"])]
    side = game.state.player(p).side
    alike: dict[str, list[Card]] = {}
    for c in deck.drawn_by(side):
        alike.setdefault(card_words(e, c) if not c.unknown else f"{c.title} (its values are asked)", []).append(c)
    listed = [replace(offer(game, f"card:{cards[0].id}", words, f"card {p} {cards[0].id}"),
                      heading=EFFECTS[cards[0].effect].heading.capitalize(),
                      detail=" · ".join(dict.fromkeys(c.title for c in cards)))
              for words, cards in alike.items()]
    listed.sort(key=lambda a: CARD_HEADINGS.index(a.heading.lower()) if a.heading.lower() in CARD_HEADINGS else 99)
    # A card the box does not list yet is entered when drawn; this marker opens the deck's list even when the
    # box lists none of its cards.
    return listed + ([Action(NEW_CARD_KEY, "A card not entered yet", "", p, True)] if deck.missing_for(side) > 0
                     else [])


DRAW = Decision(draw_line, draw_actions)
"""A card to draw (any deck: the Signet cards are drawn the same way)."""


def use_jail_card(game: Game, player: str) -> list[Action]:
    """A player in jail who has not rolled yet may use a jail card."""
    if not waiting_in_jail(game, player):
        return []
    return [offer(game, "jail-card", f"Use {a_or_an(game.edition.term('get_out_of_jail'))} card",
                  f"jail-card {player}")]


PRESENTER = Presenter(decisions={"card": DRAW}, before_roll=(use_jail_card,))
