"""The vocabulary of card effects every deck draws from, one entry each: the values a card of that effect prints,
how the table names it, the heading it is listed under when a family picks a drawn card by what it does, and
whether the drawer keeps it. Carrying an effect out belongs to the mechanics
(:mod:`companion.rules.mechanics.card_effects`, one method per effect)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class CardEffect:
    """One effect a card can have."""

    id: str
    params: tuple[str, ...]
    """The values a card of this effect prints (an amount, a target space...)."""
    heading: str
    """Where the card window lists it: ``move``, ``collect``, ``pay``, ``jail``, ``keep`` or ``enemy``."""
    words: str
    """How the table names it; ``{bank}``, ``{jail}``, ``{get_out_of_jail}``, ``{building}`` are the edition's
    terms."""
    kept: bool = False
    """Whether the drawer keeps the card until they choose to use it (every other card acts at once)."""

    def say(self, term: Callable[[str], str]) -> str:
        """The effect in the edition's words."""
        return self.words.format(bank=term("bank"), jail=term("jail"), get_out_of_jail=term("get_out_of_jail"),
                                 building=term("building"))


EFFECTS: dict[str, CardEffect] = {e.id: e for e in (
    CardEffect("advance", ("target",), "move", "Move to a space"),
    CardEffect("back", ("spaces",), "move", "Go back some spaces"),
    CardEffect("nearest", ("kind",), "move", "Move to the nearest of a kind"),
    CardEffect("go-to-jail", (), "jail", "Go to {jail}"),
    CardEffect("jail-free", (), "jail", "{get_out_of_jail} (kept)", kept=True),
    CardEffect("collect", ("amount",), "collect", "Collect from the {bank}"),
    CardEffect("pay", ("amount",), "pay", "Pay the {bank}"),
    CardEffect("repairs", ("per_house", "per_hotel"), "pay", "Pay per {building}"),
    CardEffect("pay-each-player", ("amount",), "pay", "Pay each player"),
    CardEffect("collect-from-each-player", ("amount",), "collect", "Collect from each player"),
    CardEffect("collect-from-a-player", ("amount",), "collect", "Collect from one player of your choice"),
    CardEffect("battle-bonus", ("amount",), "keep", "Add to a battle roll (kept)", kept=True),
    CardEffect("second-chance", (), "keep", "A second try in a lost battle (kept)", kept=True),
    CardEffect("take-grogu", (), "keep", "Bring Grogu to you", kept=True),
    CardEffect("just-say-no", (), "keep", "Just say no! (kept)", kept=True),
    CardEffect("enemy", ("number", "reward", "penalty"), "enemy", "An Imperial enemy card"),
    CardEffect("boss", ("number",), "enemy", "The boss's card"),
)}
"""Every card effect the rules know, by id."""

CLASSIC_EFFECTS = ("advance", "back", "nearest", "go-to-jail", "jail-free", "collect", "pay", "repairs",
                   "pay-each-player", "collect-from-each-player")
"""The effects a deck's cards may have unless the deck lists its own (``effects`` in cards.toml)."""
