"""How complete a box is: what is still missing before a game can start, what play will ask for when it first
needs it, and which published values are uncertain enough that the owner should compare them with their box.
A mini board's face is never needed before a game starts: play learns its layout as the tokens go round it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.box.checks import BoxProblem, check_edition
from companion.edition import PRINTED_FIELDS, Deck, Edition, capital, counted, field_words
from companion.mini_boards import UNKNOWN_SPACE

UNCERTAIN = ("low", "medium")
PRINTED_CARD_FIELDS = ("number", "reward", "penalty")
"""The numbers printed on a card that box data may leave unknown (an Imperial enemy card's)."""
FIELD_ORDER = ("kind", "name", "group", "deck", "colour", "size", *PRINTED_FIELDS, "cards", *PRINTED_CARD_FIELDS)


@dataclass(frozen=True)
class Missing:
    """Values of one space, group or deck that nobody has entered yet."""

    target: str
    where: str
    fields: tuple[str, ...]
    during_play: bool
    count: int = 1
    kind: str = ""
    """The kind of space, for its words (a hideout prints one rent, a street a rent table)."""


@dataclass(frozen=True)
class BoxStatus:
    """The state of an edition's box, for the set-up screen and for the engine's start check."""

    edition: str
    box_name: str
    before_play: tuple[Missing, ...]
    during_play: tuple[Missing, ...]
    uncertain: tuple[str, ...]
    problems: tuple[BoxProblem, ...]
    terms: Mapping[str, str] = field(default_factory=dict, compare=False)

    @property
    def complete(self) -> bool:
        """Every value entered and nothing wrong."""
        return not (self.before_play or self.during_play or self.problems)

    @property
    def can_start(self) -> bool:
        """A game can start: the layout is complete and correct; the rest is asked for during play."""
        return not (self.before_play or self.problems)

    def lines(self, uncertain: bool = True) -> list[str]:
        """The status in a few plain lines, most important first; ``uncertain``: with the line about published
        values to compare with the box (box setup's business, not the new-game screen's)."""
        lines: list[str] = []
        if self.problems:
            lines.append(f"{counted(len(self.problems), 'value')} to correct in box setup: {self.problems[0].message}")
        if self.before_play:
            lines.append("Needed before a game can start: " + _summary(self.before_play, self.terms) + ".")
        if self.during_play:
            lines.append("Asked for during play, the first time it is needed: " + _summary(self.during_play, self.terms)
                         + ".")
        if self.complete:
            lines.append("Complete: every value is entered.")
        if self.uncertain and uncertain:
            lines.append(f"{counted(len(self.uncertain), 'published value')} may differ from your box (their sources "
                         "disagree or are unsure): compare them with your box.")
        return lines


def box_status(edition: Edition, asked_during_play: frozenset[str]) -> BoxStatus:
    """What the box still lacks. ``asked_during_play``: the fields the edition's ruleset can ask for the first
    time play needs them (the rest must be entered before the game starts)."""
    before: list[Missing] = []
    during: list[Missing] = []
    for s in edition.spaces:
        where = f"Space {s.position}" + (f" ({s.name})" if "name" not in s.unknown else "")
        later = tuple(f for f in sorted(s.unknown, key=FIELD_ORDER.index) if f in asked_during_play)
        now = tuple(f for f in sorted(s.unknown, key=FIELD_ORDER.index) if f not in asked_during_play)
        if now:
            before.append(Missing(f"space:{s.id}", where, now, False, kind=s.kind))
        if later:
            during.append(Missing(f"space:{s.id}", where, later, True, kind=s.kind))
    for g in edition.groups.values():
        if g.unknown:
            fields = tuple(sorted(g.unknown, key=FIELD_ORDER.index))
            later_too = set(fields) <= asked_during_play
            (during if later_too else before).append(Missing(f"group:{g.id}", f"Group {g.name}", fields, later_too))
    for d in edition.decks.values():
        for c in d.cards:
            if c.unknown:
                fields = tuple(f for f in PRINTED_CARD_FIELDS if f in c.unknown)
                (during if set(fields) <= asked_during_play else before).append(
                    Missing(f"card:{d.id}/{c.id}", f"{d.name} card '{c.title}'", fields,
                            set(fields) <= asked_during_play))
        if d.missing > 0:
            cards = cards_to_enter(d)
            (during if "cards" in asked_during_play else before).append(
                Missing(f"card:{d.id}", f"{d.name} deck ({cards} of {d.size} cards{_halves(d)})",
                        ("cards",), "cards" in asked_during_play, cards))
    during += _faces_to_learn(edition)
    problems = tuple(p for p in check_edition(edition) if not p.caution)
    return BoxStatus(edition.id, str(edition.box.get("name", "")), tuple(before), tuple(during),
                     _uncertain(edition), problems, edition.terms)


def cards_to_enter(deck: Deck) -> int:
    """How many of a deck's cards still have something nobody has entered, in cards the family can count: on a
    deck of two-sided cards (Star Wars 2015's Force cards), whose halves are entered each on its own, the side
    with more halves left says how many cards at least are not entered in full (18 for an untouched deck of 18,
    not its 36 halves)."""
    if not deck.sides:
        return deck.missing
    return max(0, *(deck.missing_for(side) for side in deck.sides))


def _halves(deck: Deck) -> str:
    """For a deck of two-sided cards, how many halves of each side are left to enter (``: 18 Rebel halves and 12
    Empire halves to enter``); nothing for any other deck."""
    left = [f"{deck.missing_for(side)} {capital(side.replace('-', ' '))} halves" for side in deck.sides
            if deck.missing_for(side) > 0]
    return f": {' and '.join(left)} to enter" if left else ""


def _faces_to_learn(edition: Edition) -> list[Missing]:
    """The faces of the mini boards whose layout is not all known: its length, its tracker or a space."""
    faces = edition.mini_boards.faces.values() if edition.mini_boards else ()
    return [Missing(f"face:{f.id}", capital(f.name), ("layout",), True) for f in faces
            if f.length is None or f.tracker is None or UNKNOWN_SPACE in f.spaces]


def _uncertain(edition: Edition) -> tuple[str, ...]:
    """Published spaces, groups and cards rated low or medium that the owner has not confirmed or corrected."""
    out = []
    board = edition.raw.get("board", {})
    for i, s in enumerate(board.get("spaces", [])):
        rated = s.get("confidence") in UNCERTAIN or s.get("value_confidence") in UNCERTAIN
        if rated and not s.get("owner"):
            out.append(f"space:{s.get('id', f'space-{i}')}")
    for d in edition.raw.get("cards", {}).get("decks", []):
        out += [f"card:{d['id']}/{c['id']}" for c in d.get("cards", [])
                if c.get("confidence") in UNCERTAIN and not c.get("owner")]
    return tuple(out)


def _summary(missing: tuple[Missing, ...], terms: Mapping[str, str]) -> str:
    """``the type and name of 36 spaces; the cards of 2 decks`` — grouped by which fields are missing."""
    counts: dict[tuple[str, tuple[str, ...], str], int] = {}
    for m in missing:
        key = (m.target.partition(":")[0], m.fields, m.kind if m.kind == "hideout" else "")
        counts[key] = counts.get(key, 0) + m.count
    nouns = {"space": ("space", "spaces"), "group": ("group", "groups"), "card": ("card", "cards"),
             "face": ("mini board face", "mini board faces")}
    parts = []
    for (kind, fields, space_kind), n in counts.items():
        noun = nouns[kind][0 if n == 1 else 1]
        parts.append(f"{n} {noun} not yet entered" if fields == ("cards",)
                     else f"the {field_words(fields, terms, space_kind)} of {n} {noun}")
    return "; ".join(parts)
