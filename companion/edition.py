"""Edition data: loading and checking the TOML files under ``editions/<id>/``.

The files are the specification of an edition's board, deeds, decks and words (see docs/edition-format.md).
:func:`load_edition` reports every problem at once. A journal keeps the raw data it was played with, so
:func:`edition_from_data` rebuilds exactly that edition when a game is replayed after the files change.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from pathlib import Path
from typing import Any

from companion.card_effects import CLASSIC_EFFECTS, EFFECTS
from companion.dice import EditionDice, classic_dice, parse_dice
from companion.engine.errors import EditionError, Need, ValueNeeded
from companion.mini_boards import MiniBoards, mini_board_problems, read_mini_boards
from companion.space_kinds import KINDS, BoardFacts

DEED_KINDS = tuple(k for k, kind in KINDS.items() if kind.deed)
CLASSIC_KINDS = ("street", "vessel", "utility", "go", "card", "tax", "jail", "free-parking", "go-to-jail")
"""The kinds of space a board has unless its data lists its own (``space_kinds`` in board.toml)."""
SPACE_KINDS = tuple(KINDS)
"""Every kind of space the rules know (:mod:`companion.space_kinds` says what each holds)."""
CARD_EFFECTS: dict[str, tuple[str, ...]] = {e.id: e.params for e in EFFECTS.values()}
"""Each card effect and the values its cards print (:mod:`companion.card_effects`)."""
KEPT_EFFECTS = tuple(e.id for e in EFFECTS.values() if e.kept)
"""Cards the drawer keeps until they choose to use them; every other card acts at once."""
ENEMY_EFFECTS = tuple(e.id for e in EFFECTS.values() if e.heading == "enemy")
"""An Imperial enemy's cards: a hero fights the one on top of its deck; nobody draws them."""


PRINTED_FIELDS = ("price", "mortgage", "build_cost", "hotel_cost", "rent", "dice_multiplier", "amount")
"""The values printed on a Title Deed or a space, as opposed to what the board's layout says (kind, group)."""
FIELD_WORDS = {"kind": "type", "name": "name", "group": "group", "deck": "deck", "price": "price",
               "dice_multiplier": "dice multipliers", "amount": "amount", "colour": "colour", "cards": "cards",
               "number": "number needed to win", "reward": "reward", "penalty": "penalty",
               "length": "number of spaces", "jail": "place of the Jail", "bases": "Bases of each colour",
               "planets": "planet spaces on the board", "size": "number of spaces"}
UNKNOWN_KIND = "unknown"
UNKNOWN_LENGTH = "unknown"
"""``length`` of a board nobody has published: asked once, before the first move."""
UTILITY_DICE = ("move", "fresh")
"""Utility rent times the dice: the roll that moved the token there, or a fresh roll by the player who owes."""

CLASSIC_TERMS: dict[str, str] = {
    "currency": "credits", "bank": "Bank", "banker": "Banker", "deed": "Title Deed", "jail": "Jail",
    "get_out_of_jail": "Get Out of Jail Free",
    "house": "house", "houses": "houses", "hotel": "hotel", "hotels": "hotels",
    "building": "building", "buildings": "buildings",
    "street": "street", "streets": "streets", "railroad": "railroad", "railroads": "railroads",
    "utility": "utility", "utilities": "utilities", "group": "colour group",
    "buy": "buy", "buys": "buys", "build": "build", "builds": "builds", "rent": "rent",
    "mortgage": "mortgage", "mortgaged": "mortgaged", "mortgage_value": "mortgage value",
    "unmortgage": "lift the mortgage on", "interest": "interest",
    "bankrupt": "bankrupt", "declare_bankruptcy": "declare bankruptcy",
    "jump_space": "jump space", "advance_space": "enemy advance space", "outpost": "outpost", "enemy": "enemy",
    "enemies": "enemies",
}
"""The classic game's words, used wherever an edition's ``[terms]`` does not name its own (docs/edition-format.md
lists what each key means). ``mortgage``, ``buy`` and ``build`` are verbs; ``unmortgage`` comes before a deed's name."""


def kind_fields(kind: str, separate_hotel_cost: bool = False) -> tuple[str, ...]:
    """The values a space of ``kind`` has. A hotel costs the same as a house unless the edition prints a
    separate hotel cost on its deeds (``[buildings] hotel_cost_printed``)."""
    return KINDS[kind].value_keys(separate_hotel_cost) if kind in KINDS else ("name",)


def counted(n: int, noun: str, plural: str = "") -> str:
    """``1 turn``, ``3 turns``: a number with its noun, singular or plural (``plural`` when not noun + s)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def capital(text: str) -> str:
    """A term at the start of a sentence or on a button: only the first letter raised (``Title Deed`` stays)."""
    return text[:1].upper() + text[1:]


def a_or_an(words: str) -> str:
    """``words`` after the indefinite article their first letter calls for: ``a Sigil``, ``an armour symbol``,
    ``an Imperial card``; a ``u`` takes ``a`` (``a utility``) except in ``un-`` words (``an Unexpected Allies
    card``)."""
    start = words[:3].lower()
    vowel = start[:1] in ("a", "e", "i", "o") or (start[:2] == "un" and start != "uni")
    return f"{'an' if vowel else 'a'} {words}"


def field_labels(terms: Mapping[str, str], kind: str = "") -> dict[str, str]:
    """Each field as an edition's players call it (``inactive value`` where the classic game says mortgage
    value), from the edition's terms; a hideout (``kind``) prints one rent, not a table."""
    t = {**CLASSIC_TERMS, **terms}
    return {**FIELD_WORDS, "mortgage": t["mortgage_value"], "build_cost": f"cost of each {t['house']}",
            "hotel_cost": f"cost of {a_or_an(t['hotel'])}",
            "rent": t["rent"] if kind == "hideout" else f"{t['rent']} table"}


def field_words(fields: tuple[str, ...] | list[str], terms: Mapping[str, str] = CLASSIC_TERMS, kind: str = "") -> str:
    """Field keys as the table says them: ``price, rent table and mortgage value`` (of a space of ``kind``)."""
    labels = field_labels(terms, kind)
    return and_list([labels.get(f, f) for f in fields])


def and_list(words: list[str]) -> str:
    """Words as a sentence lists them: ``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


@dataclass(frozen=True)
class Space:
    """One board space; deeds (street, vessel, utility) carry their Title Deed values in ``printed``.

    A value nobody has entered yet is listed in ``unknown``; reading it raises :class:`ValueNeeded`, so a rule
    can never use a guessed number. ``owner`` lists the values the box owner entered or corrected.
    """

    position: int
    id: str
    name: str
    kind: str
    group: str | None = None
    deck: str | None = None
    tax: str | None = None
    printed: dict[str, Any] = field(default_factory=dict, compare=False)
    unknown: frozenset[str] = frozenset()
    owner: frozenset[str] = frozenset()
    terms: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def is_deed(self) -> bool:
        """Whether a player can own this space."""
        return self.kind in DEED_KINDS

    @property
    def price(self) -> int:
        """The printed price."""
        return int(self._printed("price", 0))

    @property
    def mortgage(self) -> int:
        """The mortgage value."""
        return int(self._printed("mortgage", 0))

    @property
    def build_cost(self) -> int:
        """What each house (and the hotel) costs on this deed."""
        return int(self._printed("build_cost", 0))

    @property
    def hotel_cost(self) -> int:
        """What the hotel costs on this deed: its own printed cost where the edition prints one, else the
        building cost."""
        if "hotel_cost" in self.printed or "hotel_cost" in self.unknown:
            return int(self._printed("hotel_cost", 0))
        return self.build_cost

    @property
    def rent(self) -> tuple[int, ...]:
        """The rent table: unimproved, 1-4 houses, hotel (streets); by number owned (vessels); the one rent of a
        hideout."""
        rent = self._printed("rent", ())
        return (rent,) if isinstance(rent, int) else tuple(rent)

    @property
    def dice_multiplier(self) -> tuple[int, ...]:
        """Rent as a multiple of the dice, by number owned (utilities)."""
        return tuple(self._printed("dice_multiplier", ()))

    @property
    def amount(self) -> int:
        """What a tax space charges."""
        return int(self._printed("amount", 0))

    def known(self, key: str) -> Any:
        """A printed value, or None while nobody has entered it (for screens that show what is known)."""
        return None if key in self.unknown else self.printed.get(key)

    @property
    def missing_printed(self) -> tuple[str, ...]:
        """The printed values of this space that nobody has entered yet, in deed order."""
        return tuple(f for f in PRINTED_FIELDS if f in self.unknown)

    def need_printed(self) -> None:
        """Everything printed on a Title Deed is asked for at once, the first time play reaches it: the family
        holds the card then. Raises :class:`ValueNeeded` while any of it is missing."""
        if self.missing_printed:
            raise ValueNeeded(self.need(self.missing_printed))

    def need(self, fields: tuple[str, ...]) -> Need:
        """The request to read ``fields`` off this space's deed or board square."""
        one = len(fields) == 1
        words = field_words(fields, self.terms, self.kind)
        return Need(f"space:{self.id}", fields,
                    f"{self.name}: the {words} printed in the box {'is' if one else 'are'} not entered yet. Read "
                    f"{'it' if one else 'them'} off the board or the Title Deed.")

    def amount_at(self, key: str, index: int, level: Callable[[], str]) -> int:
        """One amount of a printed list (``rent`` by building level or by number owned, ``dice_multiplier``):
        while the list is not entered, only this amount is asked (``level()`` says which, in the table's words:
        ``with 2 houses``), and the others stay optional."""
        row = self.printed.get(key, ())
        row = (row,) if isinstance(row, int) else row
        if key in self.unknown and not (index < len(row) and row[index]):
            label = " ".join(w for w in (field_labels(self.terms, self.kind).get(key, key).removesuffix(" table"),
                                          level()) if w)
            raise ValueNeeded(Need(f"space:{self.id}", (key,), f"{self.name}: the {label} is not entered yet. Read "
                                                               "it off the Title Deed.", index))
        return int(row[index])

    def _printed(self, key: str, default: Any) -> Any:
        if key in self.unknown:
            raise ValueNeeded(self.need((key,)))
        return self.printed.get(key, default)


@dataclass(frozen=True)
class Group:
    """A colour group (or the vessels, or the utilities)."""

    id: str
    name: str
    colour: str
    size: int
    members: tuple[str, ...]
    unknown: frozenset[str] = frozenset()
    owner: frozenset[str] = frozenset()
    kind: str = ""
    """The kind of deed the group holds, where the data says (street, vessel, utility)."""


@dataclass(frozen=True)
class Card:
    """A physical card as the table picks it: its effect and that effect's fields."""

    id: str
    title: str
    effect: str
    params: dict[str, Any]
    count: int
    owner: bool = False
    unknown: frozenset[str] = frozenset()
    deck: str = ""
    deck_name: str = ""
    side: str = ""
    """In a deck of two-sided cards (Star Wars 2015's Force cards), the side whose half this entry is."""

    @property
    def kept(self) -> bool:
        """Whether the drawer keeps the card until they choose to use it (else it acts at once)."""
        return self.effect in KEPT_EFFECTS

    def value(self, key: str) -> int:
        """A number printed on the card; raises :class:`ValueNeeded` (asking for every value of the card nobody
        has entered yet) while it is unknown."""
        if self.unknown:
            fields = tuple(f for f in CARD_EFFECTS[self.effect] if f in self.unknown)
            raise ValueNeeded(Need(f"card:{self.deck}/{self.id}", fields,
                                   f"{self.deck_name} card '{self.title}': the {field_words(fields)} printed on it "
                                   f"{'is' if len(fields) == 1 else 'are'} not entered yet. Read "
                                   f"{'it' if len(fields) == 1 else 'them'} off the card."))
        return int(self.params[key])


@dataclass(frozen=True)
class Deck:
    """One card deck (the Imperial deck plays the Chance role, the Rebel deck Community Chest)."""

    id: str
    name: str
    role: str
    size: int
    cards: tuple[Card, ...]
    partial: bool = False
    effects: tuple[str, ...] = CLASSIC_EFFECTS
    """The effects this deck's cards may have (the vocabulary the box form offers)."""
    sides: tuple[str, ...] = ()
    """A deck of two-sided cards (Star Wars 2015's Force cards): the sides, each with its half on every card.
    Each half is entered on its own, for the side whose player draws it; a player carries out their side's."""

    @property
    def missing(self) -> int:
        """How many cards of the deck (halves, on two-sided cards) nobody has entered yet (asked for when drawn)."""
        return self.size * max(1, len(self.sides)) - sum(c.count for c in self.cards)

    def missing_for(self, side: str) -> int:
        """How many halves of ``side`` nobody has entered yet (every card missing, on a deck of one-sided cards)."""
        if not self.sides:
            return self.missing
        return self.size - sum(c.count for c in self.cards if c.side == side)

    def drawn_by(self, side: str) -> tuple[Card, ...]:
        """The cards a player of ``side`` picks from when drawing: their side's halves, or every card."""
        return tuple(c for c in self.cards if c.side == side) if self.sides else self.cards

    def need(self) -> Need:
        """The request to enter a card of this deck that is not listed yet (on a deck of two-sided cards, the half
        of one side: which one is entered with it)."""
        return Need(f"card:{self.id}", ("effect", "side") if self.sides else ("effect",),
                    f"{capital(a_or_an(self.name))} card that is not entered yet: choose what it does from the list "
                    "of effects.")

    def card(self, card_id: str) -> Card | None:
        """The card with that id, if the deck has one."""
        return next((c for c in self.cards if c.id == card_id), None)


@dataclass(frozen=True)
class Variant:
    """The set-up and rule changes of one way to play (standard, short, time-limit)."""

    id: str
    name: str
    deal_deeds: int = 0
    deal_paid: bool = False
    houses_before_hotel: int | None = None
    jail_max_turns: int | None = None
    docking_tax_flat_only: bool = False
    ends_at_first_bankruptcy: bool = False
    ends_at_time: bool = False
    winner: str = "last-player"


@dataclass(frozen=True)
class Edition:
    """Everything an edition's data says, checked and indexed."""

    id: str
    name: str
    mechanics: tuple[str, ...]
    """The mechanics the edition's rules are composed of (``[edition] mechanics``; a game saved before editions
    named them has ``ruleset`` instead, which stands for the list it played with then)."""
    ruleset: str
    version: str
    data_hash: str
    raw: dict[str, Any] = field(repr=False, compare=False)
    spaces: tuple[Space, ...] = ()
    groups: dict[str, Group] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)
    variants: dict[str, Variant] = field(default_factory=dict)
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)
    sides: dict[str, dict[str, Any]] = field(default_factory=dict)
    terms: dict[str, str] = field(default_factory=dict)
    min_players: int = 2
    max_players: int = 8
    dice: EditionDice = field(default_factory=lambda: classic_dice(2))
    starting_cash: int = 0
    go_salary: int = 0
    jail_fine: int = 0
    mortgage_interest_percent: int = 10
    building_sellback_percent: int = 50
    raise_all_before_bankruptcy: bool = False
    houses: int = 0
    hotels: int = 0
    houses_before_hotel: int = 4
    jail_max_turns: int = 3
    fine_before_roll_turns: int = 2
    docking_flat: int = 0
    docking_worth_percent: int = 0
    separate_hotel_cost: bool = False
    opening_bid: int = 1
    min_raise: int = 1
    rent_claim_turns: int = 2
    rent_claim_lapses_at: str = "roll"
    utility_dice: str = "move"
    box: dict[str, Any] = field(default_factory=dict, compare=False)

    def space(self, space_id: str) -> Space:
        """The space with that id (KeyError when there is none)."""
        return self._space_index[space_id]

    def has_space(self, space_id: str) -> bool:
        """Whether the board has a space with that id."""
        return space_id in self._space_index

    @cached_property
    def _space_index(self) -> dict[str, Space]:
        """The spaces by id (made the first time one is looked up)."""
        return {s.id: s for s in self.spaces}

    @property
    def deeds(self) -> tuple[Space, ...]:
        """Every space a player can own, in board order."""
        return tuple(s for s in self.spaces if s.is_deed)

    @property
    def mini_boards(self) -> MiniBoards | None:
        """The players' own boards, for an edition played on mini boards (MONOPOLY GO!); None otherwise."""
        if "_mini_boards" not in self.__dict__:
            object.__setattr__(self, "_mini_boards", read_mini_boards(self.raw))
        boards: MiniBoards | None = self.__dict__["_mini_boards"]
        return boards

    def first(self, kind: str) -> Space:
        """The first space of a kind (the jail corner, GO)."""
        return next(s for s in self.spaces if s.kind == kind)

    @property
    def fully_known(self) -> bool:
        """Whether the box has said what every space of the board is (its length included)."""
        return self.length_known and not any(s.kind == UNKNOWN_KIND for s in self.spaces)

    @property
    def length_known(self) -> bool:
        """Whether the board's length is known: a board nobody has published (``length = "unknown"`` in
        board.toml) lists only GO until the box says how many spaces go round it."""
        return self.raw.get("board", {}).get("length") != UNKNOWN_LENGTH

    @cached_property
    def words(self) -> Words:
        """Every word the players see by key, looked up in one table (see :func:`term_in`)."""
        table = Words(CLASSIC_TERMS)
        table.update((key, word) for key, word in self.terms.items() if word)
        return table

    def term(self, key: str) -> str:
        """A word the players see: the edition's own from ``[terms]``, else the classic game's (else the key)."""
        return self.words[key]

    @property
    def space_kinds(self) -> tuple[str, ...]:
        """The kinds of space this board has (``space_kinds`` in board.toml; the classic board's by default)."""
        return tuple(self.raw.get("board", {}).get("space_kinds", CLASSIC_KINDS))

    @property
    def default_kind(self) -> str:
        """The kind a space is taken to be while its own is unknown: the board's first kind of deed."""
        return next((k for k in self.space_kinds if k in DEED_KINDS), "street")

    def kind_values(self, kind: str) -> dict[str, Any]:
        """The values every space of ``kind`` shares on this board (``[kinds.<kind>]`` in board.toml)."""
        return dict(self.raw.get("board", {}).get("kinds", {}).get(kind, {}))

    def field_words(self, fields: tuple[str, ...] | list[str]) -> str:
        """Field keys in this edition's words: ``price, inactive value and payment table``."""
        return field_words(fields, self.terms)

    def currency(self, amount: int) -> str:
        """The money word for ``amount``: ``Imperial credits``, but ``Imperial credit`` for 1."""
        plural = self.term("currency")
        return plural.removesuffix("s") if amount == 1 else plural

    def money(self, amount: int) -> str:
        """An amount as the players say it, e.g. ``200 Imperial credits``, ``1 Imperial credit``."""
        return f"{amount} {self.currency(amount)}"


def load_edition(folder: Path) -> Edition:
    """Read and check every TOML file of an edition folder."""
    raw: dict[str, Any] = {}
    problems: list[str] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            raw[path.stem] = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            problems.append(f"{path.name}: {exc}")
    if not raw:
        problems.append(f"{folder}: no edition files (*.toml) found")
    if problems:
        raise EditionError(problems)
    return edition_from_data(raw)


def edition_from_data(raw: dict[str, Any]) -> Edition:
    """Build an :class:`Edition` from the parsed files (keyed by file stem), reporting every problem."""
    problems: list[str] = []
    meta: dict[str, Any] = raw.get("edition", {})
    board: dict[str, Any] = raw.get("board", {})
    for name in ("edition", "board"):
        if name not in raw:
            problems.append(f"{name}.toml is missing")
    buildings = meta.get("buildings", {})
    separate_hotel_cost = bool(buildings.get("hotel_cost_printed", False))
    kinds_here = tuple(board.get("space_kinds", CLASSIC_KINDS))
    problems += [f"board.toml: space kind {k!r} is not one of {', '.join(SPACE_KINDS)}" for k in kinds_here
                 if k not in SPACE_KINDS]
    problems += [f"board.toml [space_counts]: {k!r} must be a kind of space of this board, with a whole number of "
                 "spaces, at least 1" for k, n in board.get("space_counts", {}).items()
                 if k not in kinds_here or not isinstance(n, int) or n < 1]
    spaces = _spaces(raw, kinds_here, problems)
    spaces = [replace(s, terms=meta.get("terms", {})) for s in spaces]
    groups = _groups(board.get("groups", []), spaces, problems)
    spaces = _named(spaces, groups)
    decks = _decks(raw.get("cards", {}).get("decks", []), spaces, problems)
    # Games saved before dice.toml existed said only how many six-sided dice: ``dice = 2`` in edition.toml.
    dice = parse_dice(raw["dice"], problems) if "dice" in raw else classic_dice(int(meta.get("dice", 2)))
    money = meta.get("money", {})
    jail = meta.get("jail", {})
    docking = meta.get("docking_tax", {})
    auction = meta.get("auction", {})
    rent = meta.get("rent", {})
    if rent.get("utility_dice", "move") not in UTILITY_DICE:
        problems.append(f"edition.toml [rent]: utility_dice must be one of {', '.join(UTILITY_DICE)}")
    for key in ("opening_bid", "min_raise"):
        if not isinstance(auction.get(key, 1), int) or auction.get(key, 1) < 1:
            problems.append(f"edition.toml [auction]: '{key}' must be a whole number of credits, at least 1")
    for key in ("id", "name", "version"):
        if key not in meta:
            problems.append(f"edition.toml: '{key}' is missing")
    mechanics = meta.get("mechanics", [])
    if not (isinstance(mechanics, list) and all(isinstance(m, str) for m in mechanics)):
        problems.append("edition.toml: 'mechanics' must be a list of mechanic names")
    elif not mechanics and "ruleset" not in meta:
        problems.append("edition.toml: 'mechanics' is missing (the list of mechanics the edition is played with)")
    for key in ("starting_cash", "go_salary", "jail_fine"):
        if not isinstance(money.get(key), int) or money[key] < 0:
            problems.append(f"edition.toml [money]: '{key}' must be a whole number of credits")
    jails = sum(1 for s in spaces if s.kind == "jail")
    learning = board.get("length") == UNKNOWN_LENGTH or any(s.kind == UNKNOWN_KIND for s in spaces)
    if spaces and (jails > 1 or (jails == 0 and not learning)):
        problems.append("board.toml: the board needs exactly one jail space (none yet while the box is still "
                        "learning where it is)")
    if isinstance(board.get("length"), int) and board["length"] != len(spaces):
        problems.append(f"board.toml: the board has {board['length']} spaces, but {len(spaces)} are listed")
    problems += mini_board_problems(raw)
    variants = {
        vid: Variant(id=vid, **{k: v for k, v in vdata.items() if k in Variant.__dataclass_fields__})
        for vid, vdata in meta.get("variants", {"standard": {"name": "Standard game"}}).items()
    }
    if problems:
        raise EditionError(problems)
    canonical = json.dumps(raw, sort_keys=True, separators=(",", ":"), default=str)
    max_turns = int(jail.get("max_turns", 3))
    return Edition(
        id=meta["id"],
        name=meta["name"],
        mechanics=tuple(mechanics),
        ruleset=str(meta.get("ruleset", "")),
        version=str(meta["version"]),
        data_hash=hashlib.sha256(canonical.encode()).hexdigest(),
        raw=raw,
        spaces=tuple(spaces),
        groups=groups,
        decks=decks,
        variants=variants,
        tokens={t["id"]: t for t in meta.get("tokens", [])},
        sides={s["id"]: s for s in meta.get("sides", [])},
        terms=dict(meta.get("terms", {})),
        min_players=int(meta.get("min_players", 2)),
        max_players=int(meta.get("max_players", 8)),
        dice=dice,
        starting_cash=money["starting_cash"],
        go_salary=money["go_salary"],
        jail_fine=money["jail_fine"],
        mortgage_interest_percent=int(money.get("mortgage_interest_percent", 10)),
        building_sellback_percent=int(money.get("building_sellback_percent", 50)),
        raise_all_before_bankruptcy=bool(money.get("raise_all_before_bankruptcy", False)),
        houses=int(buildings.get("houses", 0)),
        hotels=int(buildings.get("hotels", 0)),
        houses_before_hotel=int(buildings.get("houses_before_hotel", 4)),
        jail_max_turns=max_turns,
        fine_before_roll_turns=int(jail.get("fine_before_roll_turns", max_turns - 1)),
        docking_flat=int(docking.get("flat", 0)),
        docking_worth_percent=int(docking.get("worth_percent", 0)),
        separate_hotel_cost=separate_hotel_cost,
        opening_bid=int(auction.get("opening_bid", 1)),
        min_raise=int(auction.get("min_raise", 1)),
        rent_claim_turns=int(rent.get("claim_turns", 2)),
        rent_claim_lapses_at=str(rent.get("claim_lapses_at", "roll")),
        utility_dice=str(rent.get("utility_dice", "move")),
        box=dict(raw.get("box", {})),
    )


def space_item(item: dict[str, Any], kinds: dict[str, dict[str, Any]], separate_hotel_cost: bool
               ) -> tuple[str, dict[str, Any], frozenset[str]]:
    """A space as the data gives it, completed: its kind (``unknown`` until entered), its values with the ones
    every space of that kind shares (``[kinds.<kind>]`` in board.toml, e.g. the dice multipliers a rule book
    states for all utilities) filled in, and those of its ``unknown`` list that a space of that kind has (a
    space whose kind is unknown has only its kind and name to enter)."""
    declared = frozenset(item.get("unknown", ()))
    if "kind" in declared:
        return UNKNOWN_KIND, dict(item), declared & {"kind", "name"}
    kind = item.get("kind", "")
    return kind, {**kinds.get(kind, {}), **item}, declared & set(kind_fields(kind, separate_hotel_cost))


def _spaces(raw: dict[str, Any], kinds_here: tuple[str, ...], problems: list[str]) -> list[Space]:
    """Every space in board order. A value listed in the item's ``unknown`` may be absent (the box owner enters
    it); any other value a kind needs must be there and make sense (the kind's own check, as box setup runs it)."""
    board = raw.get("board", {})
    kinds = board.get("kinds", {})
    separate_hotel_cost = bool(raw.get("edition", {}).get("buildings", {}).get("hotel_cost_printed", False))
    spaces: list[Space] = []
    seen: set[str] = set()
    facts: dict[tuple[str, str | None], BoardFacts] = {}
    for position, raw_item in enumerate(board.get("spaces", [])):
        sid = raw_item.get("id", f"space-{position}")
        where = f"space {sid} (position {position})"
        kind, item, unknown = space_item(raw_item, kinds, separate_hotel_cost)
        if kind not in (*kinds_here, UNKNOWN_KIND):
            problems.append(f"{where}: kind {kind!r} is not one of {', '.join(kinds_here)}")
            continue
        if sid in seen:
            problems.append(f"{where}: the id is used twice")
        seen.add(sid)
        if kind in KINDS:
            key = (kind, item.get("group"))
            if key not in facts:
                facts[key] = board_facts(raw, *key)
            problems.extend(f"{where}, {p.key}: {p.message}" for p in KINDS[kind].problems(item, unknown, facts[key])
                            if not p.caution)
        spaces.append(
            Space(
                position=position,
                id=sid,
                name=item.get("name", f"Space {position}") if "name" in unknown else item.get("name", sid),
                kind=kind,
                group=item.get("group"),
                deck=item.get("deck"),
                tax=item.get("tax"),
                printed={k: tuple(v) if isinstance(v, list) else v for k, v in item.items()
                         if k in PRINTED_FIELDS and (k not in unknown or (isinstance(v, list) and any(v)))},
                unknown=unknown,
                owner=frozenset(item.get("owner", ())),
            )
        )
    return spaces


def board_facts(raw: dict[str, Any], kind: str, group: str | None) -> BoardFacts:
    """What a space of ``kind`` in ``group`` needs to know of the board in edition data ``raw`` (as stored, with
    any box laid over it) for its fields and its check: the edition's words, the building levels, the groups it
    may join, the decks, and how many deeds share its rent row."""
    meta, board = raw.get("edition", {}), raw.get("board", {})
    terms = {**CLASSIC_TERMS, **meta.get("terms", {})}
    labels = field_labels(terms, kind)
    spaces = [s for s in board.get("spaces", []) if "kind" not in s.get("unknown", ())]
    groups = board.get("groups", [])
    held: dict[str, list[dict[str, Any]]] = {}  # each group's deeds, in one pass over the board
    for s in spaces:
        if s.get("kind") in DEED_KINDS:
            held.setdefault(str(s.get("group")), []).append(s)

    def members(gid: str) -> list[dict[str, Any]]:
        return held.get(gid, [])

    entry = next((g for g in groups if g.get("id") == group), None) if group else None
    if entry is None and not group:  # a kind with a group of its own (equipment, Imperial forces) is in that one
        entry = own_group(raw, kind)
    owned = (int(entry.get("size", len(members(str(group))))) if entry is not None
             else sum(1 for s in spaces if s.get("kind") == kind))
    def joins(g: dict[str, Any]) -> bool:
        held = members(str(g.get("id")))
        return g.get("kind") == kind or (not g.get("kind") and (not held or any(s.get("kind") == kind for s in held)))

    joinable = tuple((str(g.get("id")), group_name(g)) for g in groups if joins(g))
    buildings = meta.get("buildings", {})
    return BoardFacts(
        term=lambda key: terms.get(key, key), label=lambda key: labels.get(key, key),
        houses_before_hotel=int(buildings.get("houses_before_hotel", 4)),
        separate_hotel_cost=bool(buildings.get("hotel_cost_printed", False)),
        groups=joinable, group_ids=frozenset(str(g.get("id")) for g in groups),
        decks=tuple((str(d.get("id")), str(d.get("name", d.get("id")))) for d in raw.get("cards", {}).get("decks", [])),
        owned=owned, shared=board.get("kinds", {}).get(kind, {}))


def own_group(raw: dict[str, Any], kind: str) -> dict[str, Any] | None:
    """The group a kind of space has to itself in edition data ``raw`` (the equipment, the Imperial forces): the
    one group marked with that kind; None when there is none, or several to choose from."""
    of_kind = [g for g in raw.get("board", {}).get("groups", []) if g.get("kind") == kind]
    return of_kind[0] if len(of_kind) == 1 else None


def group_name(item: dict[str, Any]) -> str:
    """A group's name, or "Colour set 1" (from its id) until the box says it."""
    return str(item.get("name", str(item.get("id", "?")).replace("-", " ").capitalize()))


class Words(dict[str, str]):
    """The words the players see by key (an edition's own, else the classic game's); a key neither has stands for
    itself, as :func:`term_in` says."""

    def __missing__(self, key: str) -> str:
        return key


def term_in(terms: Mapping[str, str], key: str) -> str:
    """A word the players see: the edition's own from ``terms``, else the classic game's (else the key)."""
    return terms.get(key) or CLASSIC_TERMS.get(key, key)


NAMED_BY_KIND = ("go", "jail", "free-parking", "go-to-jail", "hyperdrive", "bounty-hunter")
"""Kinds of space a board has only one or two of, each called by its kind while nobody has entered its name."""


def _named(spaces: list[Space], groups: dict[str, Group]) -> list[Space]:
    """A space whose name nobody has entered is called by its group and its place in it ("Colour set 1, 2"), by its
    kind where that says it ("Hyperdrive", "Free Parking"), or by its position ("Space 7") until the box says what
    it is: the name is never needed to play."""
    out = []
    for s in spaces:
        if "name" in s.unknown and s.name == f"Space {s.position}" and s.group in groups:
            members = groups[s.group].members
            group = groups[s.group]
            place = members.index(s.id) + 1
            name = f"{group.name} {place}" if "name" not in group.unknown else f"{group.name}, no. {place}"
            s = replace(s, name=name)
        elif "name" in s.unknown and s.name == f"Space {s.position}" and s.kind in NAMED_BY_KIND:
            s = replace(s, name=KINDS[s.kind].words(partial(term_in, s.terms)))
        out.append(s)
    return out


def _groups(items: list[dict[str, Any]], spaces: list[Space], problems: list[str]) -> dict[str, Group]:
    groups: dict[str, Group] = {}
    for item in items:
        gid = item.get("id", "?")
        members = tuple(s.id for s in spaces if s.is_deed and s.group == gid)
        size = int(item.get("size", len(members)))
        # While the box owner has not yet said which group every space belongs to, a group may be short.
        undecided = any({"kind", "group"} & s.unknown for s in spaces)
        if len(members) > size or (len(members) < size and not undecided):
            problems.append(f"group {gid}: size is {size} but {len(members)} deeds name it")
        kind = item.get("kind", "")
        if kind and kind not in DEED_KINDS:
            problems.append(f"group {gid}: kind {kind!r} is not one of {', '.join(DEED_KINDS)}")
        problems += [f"space {s.id}: {a_or_an(s.kind)} cannot be in group {gid}, which holds {kind}s" for s in spaces
                     if s.group == gid and s.is_deed and kind and s.kind != kind]
        groups[gid] = Group(gid, group_name(item), item.get("colour", "#888888"), size, members,
                            frozenset(item.get("unknown", ())), frozenset(item.get("owner", ())), kind)
    for s in spaces:
        if s.is_deed and s.group not in groups and "group" not in s.unknown:
            problems.append(f"space {s.id}: group {s.group!r} is not listed in [[groups]]")
    return groups


def _decks(items: list[dict[str, Any]], spaces: list[Space], problems: list[str]) -> dict[str, Deck]:
    ids = {s.id for s in spaces}
    decks: dict[str, Deck] = {}
    for item in items:
        did = item.get("id", "?")
        name = item.get("name", did)
        effects = tuple(item.get("effects", CLASSIC_EFFECTS))
        problems += [f"deck {did}: effect {e!r} is not in the vocabulary" for e in effects if e not in CARD_EFFECTS]
        cards: list[Card] = []
        for card in item.get("cards", []):
            cid = card.get("id", "?")
            effect = card.get("effect")
            if effect not in effects:
                problems.append(f"deck {did}, card {cid}: effect {effect!r} is not one this deck's cards have")
                continue
            unknown = frozenset(card.get("unknown", ())) & set(CARD_EFFECTS[effect])
            params = {k: card[k] for k in CARD_EFFECTS[effect] if k in card and k not in unknown}
            missing = [k for k in CARD_EFFECTS[effect] if k not in card and k not in unknown]
            if missing:
                problems.append(f"deck {did}, card {cid}: {', '.join(missing)} missing for {effect}")
            if effect == "advance" and params.get("target") not in ids:
                problems.append(f"deck {did}, card {cid}: target {params.get('target')!r} is not a space")
            sides = tuple(item.get("sides", ()))
            if sides and card.get("side") not in sides:
                problems.append(f"deck {did}, card {cid}: which side's half it is must be one of {', '.join(sides)}")
            cards.append(Card(cid, card.get("title", cid), effect, params, int(card.get("count", 1)),
                              bool(card.get("owner", False)), unknown, did, name, str(card.get("side", ""))))
        sides = tuple(item.get("sides", ()))
        size = int(item.get("size", sum(c.count for c in cards)))
        partial = "cards" in item.get("unknown", ())
        for side in sides or ("",):
            listed = sum(c.count for c in cards if c.side == side)
            if listed > size or (listed < size and not partial):
                problems.append(f"deck {did}: cards {f'(the {side} halves) ' if side else ''}add up to {listed}, "
                                f"not {size}")
        decks[did] = Deck(did, name, item.get("role", ""), size, tuple(cards), partial, effects, sides)
    return decks


def available_editions(root: Path) -> dict[str, Path]:
    """Edition folders under ``root`` by id (folders with an edition.toml)."""
    return {p.name: p for p in sorted(root.iterdir()) if (p / "edition.toml").is_file()}
