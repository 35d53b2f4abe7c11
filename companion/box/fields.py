"""What the owner can enter for each thing in the box: the fields of a space, a colour group and a card, their
type, the label the form shows (in the edition's own words) and whether play may ask for it when first needed.

The board's layout (each space's type, name, group, deck) must be known before a game starts: movement, nearest-
space cards and groups depend on it. What is printed on a Title Deed, a tax square or a card can be asked for the
first time play reaches it.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.edition import CARD_EFFECTS, CLASSIC_EFFECTS, DEED_KINDS, Edition, Space, capital

LAYOUT_FIELDS = frozenset({"kind", "name", "group", "deck", "tax", "colour"})
"""Fields that shape the board: learnt when play first reaches them, never changed during a game."""

def effect_words(edition: Edition) -> dict[str, str]:
    """The card effects of the vocabulary as the edition's players would say them."""
    term = edition.term
    bank = term("bank")
    return {
        "advance": "Move to a space", "back": "Go back some spaces", "nearest": "Move to the nearest of a kind",
        "go-to-jail": f"Go to {term('jail')}", "jail-free": f"{term('get_out_of_jail')} (kept)",
        "collect": f"Collect from the {bank}", "pay": f"Pay the {bank}",
        "repairs": f"Pay per {term('building')}", "pay-each-player": "Pay each player",
        "collect-from-each-player": "Collect from each player",
        "battle-bonus": "Add to a battle roll (kept)", "second-chance": "A second try in a lost battle (kept)",
        "take-grogu": "Bring Grogu to you (kept)", "enemy": "An Imperial enemy card", "boss": "The boss's card",
    }


PARAM_WORDS = {"target": "Which space", "spaces": "How many spaces", "kind": "Nearest what", "amount": "Amount",
               "per_house": "Per {house}", "per_hotel": "Per {hotel}", "number": "Number needed to win",
               "reward": "Reward (credits)", "penalty": "Penalty (credits)"}
BAND_COLOURS = (("#8b5a2b", "brown"), ("#aae0fa", "light blue"), ("#d93a96", "pink"), ("#f7941d", "orange"),
                ("#ed1b24", "red"), ("#fef200", "yellow"), ("#1fb25a", "green"), ("#0072bb", "dark blue"),
                ("#7b3fa0", "purple"), ("#4d4d4d", "grey"), ("#9e9e9e", "silver"), ("#ffffff", "white"))


def kind_words(edition: Edition, kind: str) -> str:
    """A type of space as the edition's players call it."""
    term = edition.term
    return {"go": "GO", "street": f"{capital(term('street'))} in a {term('group')}",
            "vessel": capital(term("railroad")), "utility": capital(term("utility")), "card": "Card space",
            "tax": "Tax to pay", "jail": term("jail"), "free-parking": "Free Parking",
            "go-to-jail": f"Go to {term('jail')}", "hideout": f"{capital(term('street'))} in a {term('group')}",
            "collect": "Collect credits", "jump": term("jump_space"), "advance": term("advance_space")}[kind]


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

    @property
    def length(self) -> int:
        """How many numbers a ``numbers`` field holds."""
        return len(self.parts)


def space_fields(edition: Edition, kind: str, space: Space | None = None) -> list[BoxField]:
    """The fields of a space of ``kind``: its layout, then what its deed or square prints (a value every space
    of that kind shares on this board is not asked for)."""
    term = edition.term
    kinds = tuple((k, kind_words(edition, k)) for k in edition.space_kinds)
    fields = [BoxField("kind", "Type of space", "choice", True, choices=kinds), BoxField("name", "Name", "text", True)]
    groups = tuple((g.id, g.name) for g in edition.groups.values()
                   if g.kind == kind or (not g.kind and (any(edition.space(m).kind == kind for m in g.members)
                                                        or not g.members)))
    shared = edition.kind_values(kind)
    owned = (edition.groups[space.group].size if space and space.group in edition.groups
             else sum(1 for s in edition.spaces if s.kind == kind))
    if kind in DEED_KINDS:
        fields += [BoxField("group", capital(term("group")) if kind in ("street", "hideout") else "Group",
                            "choice", True, choices=groups),
                   BoxField("price", "Price", "number", True)]
    if kind == "hideout":
        fields.append(BoxField("rent", capital(term("rent")), "number", True))
    if kind == "street":
        levels = edition.houses_before_hotel
        parts = (f"{capital(term('rent'))}, site only",
                 *(f"With {n} {term('house' if n == 1 else 'houses')}" for n in range(1, levels + 1)),
                 f"With a {term('hotel')}")
        fields += [BoxField("rent", capital(term("rent")), "numbers", True, parts),
                   BoxField("build_cost", f"Cost of each {term('house')}", "number", True)]
        if edition.separate_hotel_cost:
            fields.append(BoxField("hotel_cost", f"Cost of a {term('hotel')}", "number", True))
    if kind == "vessel":
        fields.append(BoxField("rent", capital(term("rent")), "numbers", True,
                               tuple(f"{n} owned" for n in range(1, owned + 1))))
    if kind == "utility":
        fields.append(BoxField("dice_multiplier", "Times the dice", "numbers", True,
                               tuple(f"{n} owned" for n in range(1, owned + 1))))
    if kind in DEED_KINDS and kind != "hideout":
        fields.append(BoxField("mortgage", capital(term("mortgage_value")), "number", True))
    if kind == "card":
        fields.append(BoxField("deck", "Deck", "choice", True,
                               choices=tuple((d.id, d.name) for d in edition.decks.values())))
    if kind == "tax":
        fields.append(BoxField("amount", "Amount to pay", "number", True))
    if kind == "collect":
        fields.append(BoxField("amount", "Amount to collect", "number", True))
    return [f for f in fields if f.key not in shared]


def group_fields() -> list[BoxField]:
    """A colour group's name and band colour."""
    return [BoxField("name", "Name", "text", True), BoxField("colour", "Colour", "choice", True, choices=BAND_COLOURS)]


def card_fields(edition: Edition, effect: str, deck: str = "") -> list[BoxField]:
    """A card: a short title of the owner's own, its effect from the deck's vocabulary, that effect's values and
    how many copies of it the deck holds."""
    words = effect_words(edition)
    effects = edition.decks[deck].effects if deck in edition.decks else CLASSIC_EFFECTS
    fields = [BoxField("title", "Short title (your own words)", "text", True),
              BoxField("effect", "What it does", "choice", True, choices=tuple((e, words[e]) for e in effects))]
    for key in CARD_EFFECTS.get(effect, ()):
        label = PARAM_WORDS[key].format(house=edition.term("house"), hotel=edition.term("hotel"))
        if key == "target":
            fields.append(BoxField(key, label, "choice", True, choices=tuple((s.id, s.name) for s in edition.spaces)))
        elif key == "kind":
            fields.append(BoxField(key, label, "choice", True,
                                   choices=tuple((k, kind_words(edition, k)) for k in ("vessel", "utility"))))
        else:
            fields.append(BoxField(key, label, "number", True))
    fields.append(BoxField("count", "Copies in the deck", "number", True))
    return fields
