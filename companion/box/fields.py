"""What the owner can enter for each thing in the box: the fields of a space, a colour group, a card and a mini
board's face, their type, the label the form shows (in the edition's own words) and whether play may ask for it
when first needed.

Every value can be asked the first time play needs it: what a space is when a token first stops there, what a
Title Deed, a tax square or a card prints when the family holds it. What each kind of space holds is said once, in
:mod:`companion.space_kinds`.
"""

from __future__ import annotations

from dataclasses import replace

from companion.box.values import face_space
from companion.card_effects import CLASSIC_EFFECTS, EFFECTS
from companion.edition import CARD_EFFECTS, ENEMY_EFFECTS, Edition, Space, board_facts
from companion.mini_boards import SPACE_NAMES, colour_name, tile_name
from companion.space_kinds import KINDS, BoxField

LAYOUT_FIELDS = frozenset({"kind", "name", "group", "deck", "tax", "colour", "length", "jail", "bases", "planets",
                           "size"})
"""Fields that shape the board: learnt when play first reaches them, never changed during a game (as is every
field of a mini board's face)."""


def effect_words(edition: Edition) -> dict[str, str]:
    """The card effects of the vocabulary as the edition's players would say them."""
    return {e.id: e.say(edition.term) for e in EFFECTS.values()}


PARAM_WORDS = {"target": "Which space", "spaces": "How many spaces", "kind": "Nearest what", "amount": "Amount",
               "per_house": "Per {house}", "per_hotel": "Per {hotel}", "number": "Number needed to win",
               "reward": "Reward (credits)", "penalty": "Penalty (credits)"}
BAND_COLOURS = (("#8b5a2b", "brown"), ("#aae0fa", "light blue"), ("#d93a96", "pink"), ("#f7941d", "orange"),
                ("#ed1b24", "red"), ("#fef200", "yellow"), ("#1fb25a", "green"), ("#0072bb", "dark blue"),
                ("#7b3fa0", "purple"), ("#4d4d4d", "grey"), ("#9e9e9e", "silver"), ("#ffffff", "white"))


FACE_KIND_WORDS = {**SPACE_NAMES, "just-visiting": "Just Visiting / In Jail"}
"""The spaces of a mini board that are not colour spaces, as the box asks for them (the Jail corner by both its
names)."""


def kind_words(edition: Edition, kind: str) -> str:
    """A type of space as the edition's players call it."""
    return KINDS[kind].words(edition.term)


def space_fields(edition: Edition, kind: str, space: Space | None = None, group: str | None = None
                 ) -> list[BoxField]:
    """The fields of a space of ``kind`` in ``group`` (else the group the box already gives it): its layout, then
    what its deed or square prints (a value every space of that kind shares on this board is not asked for)."""
    kinds = tuple((k, kind_words(edition, k)) for k in edition.space_kinds)
    facts = board_facts(edition.raw, kind, group or (space.group if space else None))
    fields = [BoxField("kind", "Type of space", "choice", True, choices=kinds), BoxField("name", "Name", "text", True),
              *(KINDS[kind].fields(facts) if kind in KINDS else ())]
    return [replace(f, choices=drawn_decks(edition, f.choices)) if f.key == "deck" else f
            for f in fields if f.key not in (facts.shared or {})]


def drawn_decks(edition: Edition, decks: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The decks a card space may draw from: not an Imperial enemy's, whose cards nobody draws (a hero fights the
    one on top)."""
    return tuple((d, words) for d, words in decks
                 if d not in edition.decks or not set(edition.decks[d].effects) <= set(ENEMY_EFFECTS))


def board_fields() -> list[BoxField]:
    """The board as a whole, for a board nobody has published: how many spaces go round it, where the Jail is
    (counted from GO), how many Bases of each side's colour the box holds and how many planet spaces the board
    has (Star Wars 2015)."""
    return [BoxField("length", "Spaces round the board, GO included", "number", True),
            BoxField("jail", "The Jail: how many spaces after GO", "number", True),
            BoxField("bases", "Bases of each colour in the box", "number", True),
            BoxField("planets", "Planet spaces on the whole board", "number", True)]


def face_kind_words(kind: str) -> str:
    """A kind of space of a mini board as the players call it: ``Light blue colour space``, ``Bank Heist``."""
    return FACE_KIND_WORDS.get(kind) or f"{colour_name(kind).capitalize()} colour space"


def face_fields(edition: Edition, face_id: str, length: int | None = None) -> list[BoxField]:
    """A mini board's face: how many spaces go round it, how many steps its Mega Shut Down tracker has, where its
    Jail is (counted from GO) and, once its length is known (``length``: the face's own by default), what is on
    each space after GO: one of the kinds of space a mini board has (GO is always the first), the colour spaces
    with their colour."""
    boards = edition.mini_boards
    face = boards.faces.get(face_id) if boards else None
    fields = [BoxField("length", "Spaces round this board, GO included", "number", True),
              BoxField("tracker", "Steps of the Mega Shut Down tracker", "number", True),
              BoxField("jail", "Just Visiting / In Jail: how many spaces after GO", "number", True)]
    if boards is None or face is None:
        return fields
    bands = {words: colour for colour, words in BAND_COLOURS}
    kinds = [k for k in boards.face_kinds if k != "go"]
    kind_field = BoxField("", "", "choice", True, choices=tuple((k, face_kind_words(k)) for k in kinds),
                          swatches=tuple(bands.get(colour_name(k), "") if k in boards.colours else "" for k in kinds))
    return fields + [replace(kind_field, key=face_space(n), label=f"Space {n} after GO")
                     for n in range(1, length or face.length or 1)]


def tile_fields(edition: Edition) -> list[BoxField]:
    """The Chance tiles of a game on mini boards: how many of each kind the box holds (never asked by play: a tile
    the pile can no longer hold is refused once the box says them)."""
    kinds = edition.mini_boards.tile_kinds if edition.mini_boards else ()
    return [BoxField(k, f"{tile_name(k)} tiles in the box", "number", True) for k in kinds]


def group_fields(sized: bool = False) -> list[BoxField]:
    """A colour group's name and band colour; ``sized``: a group whose number of deeds nobody has published (a
    planet's hexagons), which the owner counts on the board."""
    fields = [BoxField("name", "Name", "text", True),
              BoxField("colour", "Colour", "choice", True, choices=BAND_COLOURS)]
    return [*fields, BoxField("size", "How many spaces it has", "number", True)] if sized else fields


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
    if deck in edition.decks and edition.decks[deck].sides:
        fields.append(BoxField("side", "Whose half of the card", "choice", True,
                               choices=tuple((s, str(edition.sides.get(s, {}).get("name", s)))
                                             for s in edition.decks[deck].sides)))
    fields.append(BoxField("count", "Copies in the deck", "number", True))
    return fields
