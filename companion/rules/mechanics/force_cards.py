"""Force cards (Star Wars 2015): each card of the Rebel and Empire decks has a Rebel half and an Empire half. A
token that stops on a Rebel or Empire space draws a card of that deck, and the player carries out the half in their
own side's colour: the app carries it out like any card of the effects vocabulary (collect, pay, move, go to Jail,
a Get Out of Jail Free card kept). The card list is not public: each half is entered by what it does the first time
a player of that side draws it.

Not carried out yet (see docs/rules/star-wars-2015.md): the cards dealt at the start and kept in secret, and Just
say no!."""

from __future__ import annotations

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.state import GameState
from companion.rules.mechanics.cards import Cards
from companion.rules.mechanics.sides import Sides

V = Violation


class ForceCards(Cards, Sides):
    """Drawing a Force card and carrying out one's side's half."""

    def check_card(self, s: GameState, cmd: Command) -> list[Violation]:
        """The card named is a half of the drawer's side."""
        player, card_id = cmd.args
        card, problems = self.drawn_card(s, player, card_id)
        side = self.side_of(s, player)
        if card is not None and card.side and card.side != side:
            return [V("card/other-half", f"{self.name_of(s, player)} fights for the {self.side_name(side)}: they "
                                         f"carry out the {self.side_name(side)} half of the card.")]
        return problems or super().check_card(s, cmd)
