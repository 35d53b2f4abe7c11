"""The kinds of space a board can have, one class each: the values its square or Title Deed prints, how the box
owner enters them, and the one check of those values that the edition loader and the box setup share.

What a token stopping on a space does is not here: each mechanic names the kinds it resolves (``landings``), so
an edition's rules decide it. This module knows nothing of editions; the caller says what it needs of the board
around a space in a :class:`BoardFacts`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, ClassVar

NOT_READ = 0
"""An amount of a list (a rent table) nobody has read off the box yet: no printed amount is 0."""


@dataclass(frozen=True)
class BoxField:
    """One value the owner enters: ``kind`` is ``number`` (whole credits or a count), ``numbers`` (``length``
    whole numbers, each with its own label in ``parts``), ``text`` or ``choice`` (one of ``choices``)."""

    key: str
    label: str
    kind: str
    during_play: bool = False
    parts: tuple[str, ...] = ()
    choices: tuple[tuple[str, str], ...] = ()
    required: tuple[int, ...] = ()
    """For ``numbers``: the amounts play needs now (their places); the others may be left for later. Empty: all."""
    suggestions: tuple[tuple[int, str], ...] = ()
    """For ``number``: values read off cards like this one (the other deeds of its group), each with its words:
    one tap enters one."""
    swatches: tuple[str, ...] = ()
    """For ``choice``: the colour shown beside each option (``#rrggbb``; empty for an option without one), when
    the options are not colours themselves (a mini board's colour spaces)."""

    @property
    def length(self) -> int:
        """How many numbers a ``numbers`` field holds."""
        return len(self.parts)

    @property
    def needed_parts(self) -> tuple[int, ...]:
        """The places of the amounts that must be entered (every one unless :attr:`required` says fewer)."""
        return self.required or tuple(range(self.length))

    def amounts(self, parts: list[int | None]) -> tuple[int, ...] | None:
        """The value of a ``numbers`` field from the amounts typed (None: left for later), or None while one
        that play needs now is missing."""
        if any(parts[i] is None for i in self.needed_parts):
            return None
        return tuple(NOT_READ if p is None else p for p in parts)

    @staticmethod
    def typed(value: tuple[int, ...] | list[int]) -> list[int | None]:
        """The amounts of a stored list as a form shows them: None where nothing was read yet."""
        return [None if v == NOT_READ else v for v in value]


@dataclass(frozen=True)
class BoardFacts:
    """What the fields and the check of one space need to know of the board around it."""

    term: Callable[[str], str]
    """The edition's words (``house``, ``rent``, ``group``...)."""
    label: Callable[[str], str]
    """A field as the edition's players call it (``inactive value`` for the mortgage value...)."""
    houses_before_hotel: int = 4
    separate_hotel_cost: bool = False
    """Whether the deeds print a hotel cost of their own (else a hotel costs what a house does)."""
    groups: tuple[tuple[str, str], ...] = ()
    """The groups a space of this kind may join, as (id, name)."""
    group_ids: frozenset[str] = frozenset()
    """Every group of the board."""
    decks: tuple[tuple[str, str], ...] = ()
    """The card decks, as (id, name)."""
    owned: int = 0
    """How many deeds share this space's rent row: its group's size (or its kind's count)."""
    shared: Mapping[str, Any] | None = None
    """Values every space of this kind shares on this board (``[kinds.<kind>]``): never asked for."""


@dataclass(frozen=True)
class ValueProblem:
    """One value of a space that is missing, wrong, or (``caution``) possible but probably a slip of the finger."""

    key: str
    message: str
    caution: bool = False


class SpaceKind:
    """A kind of space with only a name (GO, the jail corner, Free Parking...)."""

    id: ClassVar[str] = ""
    deed: ClassVar[bool] = False
    """Whether a player can own it (it has a Title Deed)."""
    values: ClassVar[tuple[str, ...]] = ("name",)
    """The values a space of this kind has, in the order a Title Deed prints them."""
    word: ClassVar[str] = ""
    """The edition's term for the kind (see :meth:`words`)."""
    fixed: ClassVar[str] = ""
    """The kind's name where every edition says it the same way."""

    def words(self, term: Callable[[str], str]) -> str:
        """The kind as the edition's players call it, on a button."""
        return self.fixed or _cap(term(self.word))

    def value_keys(self, separate_hotel_cost: bool = False) -> tuple[str, ...]:
        """The values a space of this kind has on this board."""
        return self.values

    def fields(self, facts: BoardFacts) -> list[BoxField]:
        """What the owner enters for such a space beyond its type and name."""
        return []

    def problems(self, item: Mapping[str, Any], unknown: frozenset[str], facts: BoardFacts) -> list[ValueProblem]:
        """Everything wrong with the values of one such space, leaving alone those nobody has entered yet: a value
        the kind has that is neither given nor marked unknown is missing."""
        shared = facts.shared or {}
        return [ValueProblem(key, "missing.") for key in self.value_keys(facts.separate_hotel_cost)
                if key != "name" and key not in unknown and key not in item and key not in shared
                and not self.optional(item, key)]

    def optional(self, item: Mapping[str, Any], key: str) -> bool:
        """Whether a space may leave out one of its kind's values."""
        return False


def _cap(text: str) -> str:
    """Only the first letter raised, as on a button (``Title Deed`` stays as it is)."""
    return text[:1].upper() + text[1:]


def _positive(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def rising(key: str, values: Any, length: int, facts: BoardFacts, partial: bool = False) -> list[ValueProblem]:
    """A row of amounts by level or by number owned: ``length`` whole numbers, each more than 0 and more than the
    one before (every level pays more). In a ``partial`` row (still being read off the card) a 0 is an amount not
    read yet; those read must still rise."""
    if not isinstance(values, list | tuple) or not all(isinstance(v, int) for v in values):
        return [ValueProblem(key, "whole numbers only.")]
    if len(values) != length:
        what = facts.label(key) + (" table" if key == "rent" and not facts.label(key).endswith("table") else "")
        return [ValueProblem(key, f"the {what} has {length} amounts on this edition's cards, not {len(values)}.")]
    if any(v < 0 or (v == 0 and not partial) for v in values):
        return [ValueProblem(key, "every amount must be more than 0.")]
    read = [(n, v) for n, v in enumerate(values, start=1) if v]
    for (m, a), (n, b) in pairwise(read):
        if b <= a:
            return [ValueProblem(key, f"amount {n} ({b}) must be more than amount {m} ({a}); each level pays "
                                      "more than the one before.")]
    return []


class DeedKind(SpaceKind):
    """A space a player can own: it belongs to a group, has a price and (unless said otherwise) a mortgage value
    that is less than the price, usually half of it."""

    deed = True
    mortgaged: ClassVar[bool] = True

    def fields(self, facts: BoardFacts) -> list[BoxField]:
        """The group, the price, then what the Title Deed prints (:meth:`deed_fields`), then the mortgage value."""
        group = _cap(facts.term("group")) if self.id in ("street", "hideout") else "Group"
        out = [BoxField("group", group, "choice", True, choices=facts.groups),
               BoxField("price", "Price", "number", True), *self.deed_fields(facts)]
        if self.mortgaged:
            out.append(BoxField("mortgage", _cap(facts.term("mortgage_value")), "number", True))
        return out

    def deed_fields(self, facts: BoardFacts) -> list[BoxField]:
        """The kind's own printed values (its rent)."""
        return []

    def problems(self, item: Mapping[str, Any], unknown: frozenset[str], facts: BoardFacts) -> list[ValueProblem]:
        out = super().problems(item, unknown, facts)

        def given(key: str) -> bool:
            return key in item and key not in unknown

        price = item["price"] if given("price") else None
        if price is not None and not _positive(price):
            out.append(ValueProblem("price", "the price must be more than 0."))
            price = None
        mortgage = item["mortgage"] if given("mortgage") and self.mortgaged else None
        if mortgage is not None:
            if not _positive(mortgage):
                out.append(ValueProblem("mortgage", "the value must be more than 0."))
            elif price is not None and mortgage >= price:
                out.append(ValueProblem("mortgage", f"{mortgage} is not less than the price ({price}); it always "
                                                    "pays less than the deed cost."))
            elif price is not None and mortgage * 2 != price:
                out.append(ValueProblem("mortgage", f"{mortgage} is not half the price ({price // 2}), which it "
                                                    "usually is. Check the Title Deed.", caution=True))
        if given("group") and facts.group_ids and item["group"] not in facts.group_ids:
            out.append(ValueProblem("group", f"'{item['group']}' is not one of this edition's groups."))
        return out + self.deed_problems(item, unknown, price, facts)

    def deed_problems(self, item: Mapping[str, Any], unknown: frozenset[str], price: int | None,
                      facts: BoardFacts) -> list[ValueProblem]:
        """What is wrong with the kind's own printed values (``price`` is None when not given or wrong)."""
        return []

    @staticmethod
    def row(key: str, item: Mapping[str, Any], unknown: frozenset[str], length: int, facts: BoardFacts
            ) -> list[ValueProblem]:
        """The check of a row of amounts, entered in full or (while it is still unknown) in part."""
        if key not in item:
            return []
        return rising(key, item[key], length, facts, partial=key in unknown)


class Street(DeedKind):
    """A street of a colour group: a rent for each building level (site only, each house, the hotel) and the cost
    of each building (and of the hotel, where the deeds print one)."""

    id = "street"
    values = ("name", "group", "price", "mortgage", "build_cost", "hotel_cost", "rent")

    def words(self, term: Callable[[str], str]) -> str:
        return f"{_cap(term('street'))} in a {term('group')}"

    def value_keys(self, separate_hotel_cost: bool = False) -> tuple[str, ...]:
        return self.values if separate_hotel_cost else tuple(v for v in self.values if v != "hotel_cost")

    def deed_fields(self, facts: BoardFacts) -> list[BoxField]:
        term, levels = facts.term, facts.houses_before_hotel
        parts = (f"{_cap(term('rent'))}, site only",
                 *(f"With {n} {term('house' if n == 1 else 'houses')}" for n in range(1, levels + 1)),
                 f"With a {term('hotel')}")
        out = [BoxField("rent", _cap(term("rent")), "numbers", True, parts),
               BoxField("build_cost", f"Cost of each {term('house')}", "number", True)]
        if facts.separate_hotel_cost:
            out.append(BoxField("hotel_cost", f"Cost of a {term('hotel')}", "number", True))
        return out

    def deed_problems(self, item: Mapping[str, Any], unknown: frozenset[str], price: int | None,
                      facts: BoardFacts) -> list[ValueProblem]:
        out = self.row("rent", item, unknown, facts.houses_before_hotel + 2, facts)
        out += [ValueProblem(key, "the cost must be more than 0.") for key in ("build_cost", "hotel_cost")
                if key in item and key not in unknown and not _positive(item[key])]
        rent = item.get("rent") if "rent" in item and "rent" not in unknown else None
        if not out and rent and price and rent[0] >= price:
            out.append(ValueProblem("rent", f"the site-only rent ({rent[0]}) is not less than the price ({price}). "
                                            "Check the Title Deed.", caution=True))
        return out


class Vessel(DeedKind):
    """A railroad (a vessel): its rent grows with the number of them one player owns."""

    id = "vessel"
    values = ("name", "group", "price", "mortgage", "rent")

    word = "railroad"

    def deed_fields(self, facts: BoardFacts) -> list[BoxField]:
        return [BoxField("rent", _cap(facts.term("rent")), "numbers", True,
                         tuple(f"{n} owned" for n in range(1, facts.owned + 1)))]

    def deed_problems(self, item: Mapping[str, Any], unknown: frozenset[str], price: int | None,
                      facts: BoardFacts) -> list[ValueProblem]:
        return self.row("rent", item, unknown, facts.owned, facts)


class Utility(DeedKind):
    """A utility: its rent is the dice times a multiplier that grows with the number of them one player owns."""

    id = "utility"
    values = ("name", "group", "price", "mortgage", "dice_multiplier")

    word = "utility"

    def deed_fields(self, facts: BoardFacts) -> list[BoxField]:
        return [BoxField("dice_multiplier", "Times the dice", "numbers", True,
                         tuple(f"{n} owned" for n in range(1, facts.owned + 1)))]

    def deed_problems(self, item: Mapping[str, Any], unknown: frozenset[str], price: int | None,
                      facts: BoardFacts) -> list[ValueProblem]:
        return self.row("dice_multiplier", item, unknown, facts.owned, facts)


class Hideout(DeedKind):
    """A Mandalorian hideout: one rent, less than its price; no buildings and no mortgage."""

    id = "hideout"
    values = ("name", "group", "price", "rent")
    mortgaged = False

    def words(self, term: Callable[[str], str]) -> str:
        return f"{_cap(term('street'))} in a {term('group')}"

    def deed_fields(self, facts: BoardFacts) -> list[BoxField]:
        return [BoxField("rent", _cap(facts.term("rent")), "number", True)]

    def deed_problems(self, item: Mapping[str, Any], unknown: frozenset[str], price: int | None,
                      facts: BoardFacts) -> list[ValueProblem]:
        if "rent" not in item or "rent" in unknown:
            return []
        rent = item["rent"]
        if not _positive(rent):
            return [ValueProblem("rent", "the rent must be more than 0.")]
        if price and rent >= price:
            return [ValueProblem("rent", f"the rent ({rent}) is not less than the price ({price}). Check the Title "
                                         "Deed.", caution=True)]
        return []


class Planet(Hideout):
    """A planet space (Star Wars 2015): its price printed on the outer space, its one rent printed on the planet
    beside the hexagon it is linked to; no buildings and no mortgage (a Base marks its owner)."""

    id = "planet"

    def words(self, term: Callable[[str], str]) -> str:
        return _cap(term("street"))


class CardSpace(SpaceKind):
    """A space where the lander draws from one of the card decks."""

    id = "card"
    values = ("name", "deck")

    fixed = "Card space"

    def fields(self, facts: BoardFacts) -> list[BoxField]:
        return [BoxField("deck", "Deck", "choice", True, choices=facts.decks)]

    def problems(self, item: Mapping[str, Any], unknown: frozenset[str], facts: BoardFacts) -> list[ValueProblem]:
        out = super().problems(item, unknown, facts)
        deck = item.get("deck") if "deck" not in unknown else None
        if deck is not None and facts.decks and deck not in {d for d, _ in facts.decks}:
            out.append(ValueProblem("deck", f"'{deck}' is not one of this edition's decks."))
        return out


class AmountSpace(SpaceKind):
    """A space that moves a printed amount between the lander and the bank."""

    values = ("name", "amount")
    label: ClassVar[str] = ""

    def fields(self, facts: BoardFacts) -> list[BoxField]:
        return [BoxField("amount", self.label, "number", True)]

    def problems(self, item: Mapping[str, Any], unknown: frozenset[str], facts: BoardFacts) -> list[ValueProblem]:
        out = super().problems(item, unknown, facts)
        if "amount" in item and "amount" not in unknown and not self.optional(item, "amount") \
                and not _positive(item["amount"]):
            out.append(ValueProblem("amount", "the amount must be more than 0."))
        return out


class Tax(AmountSpace):
    """A tax square: the lander pays its printed amount to the bank (the Docking Tax instead lets the lander pay
    a flat amount or a share of their worth, set by the edition)."""

    id = "tax"
    label = "Amount to pay"

    fixed = "Tax to pay"

    def optional(self, item: Mapping[str, Any], key: str) -> bool:
        return key == "amount" and item.get("tax") == "docking"


class Collect(AmountSpace):
    """A space that pays its printed amount to whoever lands there."""

    id = "collect"
    label = "Amount to collect"

    fixed = "Collect credits"


class Go(SpaceKind):
    id, fixed = "go", "GO"


class Jail(SpaceKind):
    """The Jail corner, where a token that only stops there is just visiting."""

    id, word = "jail", "jail"

    def words(self, term: Callable[[str], str]) -> str:
        return f"{_cap(term(self.word))} / Just Visiting"


class FreeParking(SpaceKind):
    id, fixed = "free-parking", "Free Parking"


class GoToJail(SpaceKind):
    id = "go-to-jail"

    def words(self, term: Callable[[str], str]) -> str:
        return f"Go to {term('jail')}"


class Jump(SpaceKind):
    """A Mandalorian jump space: the token is sent on to the next jump space."""

    id, word = "jump", "jump_space"


class Advance(SpaceKind):
    """A Mandalorian advance space: the Imperial enemies move."""

    id, word = "advance", "advance_space"


class Hyperdrive(SpaceKind):
    """A Hyperdrive space (Star Wars 2015): the lander jumps to an unowned planet space ahead."""

    id, fixed = "hyperdrive", "Hyperdrive"


class BountyHunter(SpaceKind):
    """A Bounty Hunter space (Star Wars 2015): the lander places one of their side's Bases for free."""

    id, fixed = "bounty-hunter", "Bounty Hunter"


KINDS: dict[str, SpaceKind] = {k.id: k for k in (Street(), Vessel(), Utility(), Hideout(), Planet(), Go(), CardSpace(),
                                                 Tax(), Jail(), FreeParking(), GoToJail(), Collect(), Jump(), Advance(),
                                                 Hyperdrive(), BountyHunter())}
"""Every kind of space the rules know, by id."""
