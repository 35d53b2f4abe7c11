"""Checks that catch typing mistakes in a box, each naming the space, deed, group, card or mini board and the
field.

A *problem* makes the box unusable until it is fixed (a rent that does not rise with each building level, a price
of 0, a group with a deed too many). A *caution* is a value that is possible but looks like a slip of the finger
(a mortgage value that is not half the price); the owner confirms it or corrects it. The checks read the edition's
data as stored (TOML tables), so they work on a box that is only half entered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.box.fields import (
    LAYOUT_FIELDS,
    board_fields,
    card_fields,
    face_fields,
    face_kind_words,
    group_fields,
    space_fields,
    tile_fields,
)
from companion.box.overlay import apply_values
from companion.box.values import BOARD_TARGET, BoxValueError, Value, face_position, face_space, split_target
from companion.edition import (
    CARD_EFFECTS,
    CLASSIC_KINDS,
    CLASSIC_TERMS,
    DEED_KINDS,
    UNKNOWN_KIND,
    Edition,
    board_facts,
    capital,
    counted,
    edition_from_data,
    field_labels,
)
from companion.engine.errors import EditionError
from companion.mini_boards import (
    FACE_LENGTHS,
    TRACKER_STEPS,
    UNKNOWN_SPACE,
    Face,
    mini_board_problems,
    tile_count_problems,
)
from companion.space_kinds import KINDS, BoardFacts, BoxField

MAX_NAME = 40


@dataclass(frozen=True)
class BoxProblem:
    """One thing wrong (or, with ``caution``, suspicious) about a value of the box."""

    target: str
    field: str
    message: str
    caution: bool = False


def check_values(edition: Edition, target: str, values: dict[str, Value], during_play: bool = False
                 ) -> list[BoxProblem]:
    """Every problem and caution with entering ``values`` for ``target`` in ``edition``: unknown fields, values
    of the wrong type, and what the target would then get wrong. ``during_play``: a game is running, so the
    board's layout (every value of a mini board's face) cannot change."""
    try:
        kind, item, sub = split_target(target)
    except BoxValueError as exc:
        return [BoxProblem(target, "", str(exc))]
    raw_item = _raw_item(edition.raw, kind, item, sub)
    if raw_item is None and kind != "card":
        return [BoxProblem(target, "", f"This edition has no {kind} '{item}'.")]
    if kind == "card" and item not in edition.decks:
        return [BoxProblem(target, "", f"This edition has no deck '{item}'.")]
    if kind == "card" and raw_item is None and (full := _full_deck(edition.raw, item, sub, values.get("side"))):
        return [BoxProblem(target, "", full)]
    fields = _fields(edition, kind, item, {**(raw_item or {}), **values})
    problems = []
    for key, value in values.items():
        f = fields.get(key)
        if f is None:
            problems.append(BoxProblem(target, key, f"{_where(edition.raw, target)}: '{key}' is not something "
                                                    "printed on it."))
        elif during_play and (key in LAYOUT_FIELDS or kind == "face") and _settled(raw_item, key, kind):
            what = _face_words(key) if kind == "face" else f"the {_lower(f.label)}"
            problems.append(BoxProblem(target, key, f"{_where(edition.raw, target)}: {what} is part of the board's "
                                                    "layout and cannot change during a game."))
        else:
            problems += [BoxProblem(target, key, f"{_where(edition.raw, target)}, {_lower(f.label)}: {m}")
                         for m in _type_problems(f, value)]
    if kind == "board":
        problems += _layout_problems(edition.raw, values)
    elif kind == "face" and raw_item is not None and not problems:
        problems += _face_problems(target, raw_item, values)
    elif kind == "tiles" and raw_item is not None and not problems:
        counts = {**raw_item.get("counts", {}), **values}
        problems += [BoxProblem(target, "", f"The Chance tiles: {p}.")
                     for p in tile_count_problems(int(raw_item.get("tiles", 0)), tuple(raw_item.get("kinds", ())),
                                                  counts)]
    if problems:
        return problems
    merged = apply_values(edition.raw, target, values)
    related = {target, *(f"group:{g}" for g in (values.get("group"), (raw_item or {}).get("group")) if g)}
    if kind == "card":
        related.add(f"deck:{item}")
    problems = [p for p in check_raw(merged) if p.target in related]
    if not [p for p in problems if not p.caution]:
        try:
            edition_from_data(merged)
        except EditionError as exc:
            problems += [BoxProblem(target, "", p) for p in exc.problems]
    return problems


def _full_deck(raw: dict[str, Any], deck_id: str, card_id: str, side: Value | None) -> str:
    """Why a deck takes no new card ``card_id``: every card it holds is listed already (an Imperial enemy's deck
    lists one card per level from the start); empty when it may take one. On a deck whose cards have a half for
    each side (Star Wars 2015), each side's halves make up the deck's size on their own."""
    deck = _raw_item(raw, "deck", deck_id, "") or {}
    cards = [c for c in deck.get("cards", []) if not deck.get("sides") or c.get("side") == side]
    listed = sum(c.get("count", 1) for c in cards if isinstance(c.get("count", 1), int))
    if "size" not in deck or listed < int(deck["size"]):
        return ""
    ids = ", ".join(str(c.get("id")) for c in cards)
    if deck.get("sides"):
        sides = {str(x.get("id")): str(x.get("name", x.get("id"))) for x in raw.get("edition", {}).get("sides", [])}
        return (f"The {deck.get('name', deck_id)} deck has no card '{card_id}': the {deck['size']} halves for the "
                f"{sides.get(str(side), str(side))} are all entered already ({ids}).")
    return f"The {deck.get('name', deck_id)} deck has no card '{card_id}': its cards are {ids}."


def _settled(raw_item: dict[str, Any] | None, key: str, kind: str = "space") -> bool:
    """Whether a layout value is already known: the board learnt during a game only fills in what nobody has said
    (what a space is, its group, the board's length), it never changes what the box already says."""
    if raw_item is None:
        return False
    if kind == "face":
        return _face_settled(raw_item, key)
    if kind == "board":
        return any(s.get("kind") == "jail" for s in raw_item.get("spaces", [])) if key == "jail" else \
            isinstance(raw_item.get(key), int)
    unknown = raw_item.get("unknown", ())
    if key in unknown or (key != "kind" and "kind" in unknown):
        return False
    return key in raw_item


def _face_settled(face: dict[str, Any], key: str) -> bool:
    """Whether a mini board's face already says this: its length or tracker, its Jail placed, the space
    described."""
    spaces = face.get("spaces", [])
    position = face_position(key)
    if key == "jail":
        return "just-visiting" in spaces
    if position is not None:
        return position < len(spaces) and spaces[position] != UNKNOWN_SPACE
    return isinstance(face.get(key), int)


def _face_problems(target: str, face: dict[str, Any], values: dict[str, Value]) -> list[BoxProblem]:
    """A mini board's face: 4 to 80 spaces round it and 1 to 20 steps on its tracker; the Jail and each space
    described on a space after GO of a face whose length is known; the Jail on a space nobody has described as
    something else, and one Jail only."""
    where = _face_name(face)
    problems = []
    if isinstance(values.get("length"), int) and values["length"] not in FACE_LENGTHS:
        problems.append(BoxProblem(target, "length", f"{where}: count every space round it, GO included: between "
                                                     f"{FACE_LENGTHS[0]} and {FACE_LENGTHS[-1]}."))
    if isinstance(values.get("tracker"), int) and values["tracker"] not in TRACKER_STEPS:
        problems.append(BoxProblem(target, "tracker", f"{where}: count the steps of its Mega Shut Down tracker "
                                                      f"from Start to the end: between {TRACKER_STEPS[0]} and "
                                                      f"{TRACKER_STEPS[-1]}."))
    length = values["length"] if values.get("length") in FACE_LENGTHS else face.get("length")
    places = {k: p for k in values if (p := values[k] if k == "jail" else face_position(k)) is not None}
    for key, position in places.items():
        if not isinstance(length, int):
            problems.append(BoxProblem(target, key, f"{where}: first say how many spaces go round it."))
        elif isinstance(position, int) and not 0 < position < length:
            words = (f"Just Visiting / In Jail is 1 to {length - 1} spaces after GO" if key == "jail"
                     else f"its spaces after GO are 1 to {length - 1}; it has no space {position}")
            problems.append(BoxProblem(target, key, f"{where}: {words}."))
    return problems or _jail_problems(target, face, values)


def _jail_problems(target: str, face: dict[str, Any], values: dict[str, Value]) -> list[BoxProblem]:
    """The Jail (Just Visiting) of a face: on a space not described as something else, and only one."""
    spaces: list[str] = face.get("spaces", [])
    said = {p: str(v) for k, v in values.items() if (p := face_position(k)) is not None}
    jail = values.get("jail")
    placed = [jail] if isinstance(jail, int) else []
    was = [p for p, k in enumerate(spaces) if k == "just-visiting" and p not in said]
    now = sorted({*was, *placed, *(p for p, k in said.items() if k == "just-visiting")})
    for position in placed:
        there = said.get(position) or (spaces[position] if position < len(spaces) else UNKNOWN_SPACE)
        if there not in (UNKNOWN_SPACE, "just-visiting"):
            return [BoxProblem(target, "jail", f"{_face_name(face)}: the Jail is on the Just Visiting space, but "
                                               f"space {position} is described as something else "
                                               f"({face_kind_words(there)}). Give the number of the Just Visiting "
                                               "space for the Jail (jail=), or leave it out: a space described as "
                                               "Just Visiting / In Jail says where it is.")]
    if len(now) > 1:
        already = f" (it is space {was[0]})" if was else ""
        return [BoxProblem(target, "jail" if placed else face_space(now[-1]),
                           f"{_face_name(face)}: a board has one Just Visiting / In Jail space{already}.")]
    return []


def _face_words(key: str) -> str:
    """What a field of a mini board's face says, inside a sentence: ``what is on space 7``."""
    position = face_position(key)
    if position is not None:
        return f"what is on space {position}"
    return {"length": "how many spaces go round it", "tracker": "how many steps its Mega Shut Down tracker has",
            "jail": "where its Jail is"}.get(key, key)


def _face_name(face: dict[str, Any]) -> str:
    """A mini board's face as the owner finds it in the box: ``The red board, side 1``."""
    return capital(Face(str(face.get("id")), str(face.get("colour")), int(face.get("side", 0))).name)


def _lower(label: str) -> str:
    """A field's label inside a sentence: its first letter small (``GO`` keeps its capitals)."""
    return label[:1].lower() + label[1:]


def _layout_problems(raw: dict[str, Any], values: dict[str, Value]) -> list[BoxProblem]:
    """The board as a whole: more spaces than the data already lists, and the Jail on a space after GO whose
    type nobody has said yet (or already the Jail)."""
    board = raw.get("board", {})
    listed = len(board.get("spaces", []))
    length = values.get("length", board.get("length"))
    problems = []
    if "length" in values and (not isinstance(length, int) or not max(listed, 4) <= length <= 200):
        problems.append(BoxProblem(BOARD_TARGET, "length", f"The board: count every space round the board, GO "
                                                           f"included: between {max(listed, 4)} and 200."))
    for key, most in (("bases", 48), ("planets", 200)):
        count = values.get(key)
        if key in values and not (isinstance(count, int) and 1 <= count <= most):
            problems.append(BoxProblem(BOARD_TARGET, key, f"The board: a count from 1 to {most}, please."))
    planets = values.get("planets")
    described = sum(1 for s in board.get("spaces", []) if s.get("kind") == "planet"
                    and "kind" not in s.get("unknown", ()))
    if isinstance(planets, int) and 1 <= planets < described:
        problems.append(BoxProblem(BOARD_TARGET, "planets", f"The board: {described} planet spaces are already "
                                                            f"described, so it has at least {described}."))
    jail = values.get("jail")
    if jail is not None and isinstance(length, int) and isinstance(jail, int):
        spaces = board.get("spaces", [])
        known = spaces[jail] if jail < len(spaces) else {"kind": UNKNOWN_KIND}
        if not 1 <= jail < length:
            problems.append(BoxProblem(BOARD_TARGET, "jail", f"The board: the Jail is 1 to {length - 1} spaces "
                                                             "after GO."))
        elif "kind" not in known.get("unknown", ()) and known.get("kind") not in ("jail", UNKNOWN_KIND):
            problems.append(BoxProblem(BOARD_TARGET, "jail", f"The board: space {jail} is already known as "
                                                             "something else."))
    elif jail is not None:
        problems.append(BoxProblem(BOARD_TARGET, "jail", "The board: first say how many spaces go round it."))
    return problems


def check_edition(edition: Edition) -> list[BoxProblem]:
    """Every problem and caution in an edition with its box laid over it."""
    return check_raw(edition.raw)


def check_raw(raw: dict[str, Any]) -> list[BoxProblem]:
    """Every problem and caution in edition data (with a box laid over it), target by target (a mini board's
    faces as the edition loader checks them)."""
    board = raw.get("board", {})
    spaces = [dict(s, id=s.get("id", f"space-{i}"), position=i) for i, s in enumerate(board.get("spaces", []))]
    problems: list[BoxProblem] = []
    facts: dict[tuple[str, str | None], BoardFacts] = {}  # the same for every space of a kind and group
    for s in spaces:
        problems += _space_problems(raw, s, facts)
    problems += _group_problems(raw, board.get("groups", []), spaces)
    problems += _count_problems(raw, board.get("space_counts", {}), spaces)
    for deck in raw.get("cards", {}).get("decks", []):
        problems += _deck_problems(raw, deck, {s["id"] for s in spaces})
    return problems + [BoxProblem("", "", p) for p in mini_board_problems(raw)]


# ---------------------------------------------------------------------------- spaces


def _space_problems(raw: dict[str, Any], s: dict[str, Any], facts: dict[tuple[str, str | None], BoardFacts]
                    ) -> list[BoxProblem]:
    """A space's own values: a known type, a name of a sensible length, and what its kind checks (the same check
    the edition loader runs: :mod:`companion.space_kinds`)."""
    target = f"space:{s['id']}"
    where = _where(raw, target)
    unknown = frozenset(s.get("unknown", ()))
    if "kind" in unknown:
        return []
    kind = str(s.get("kind"))
    if kind not in raw.get("board", {}).get("space_kinds", CLASSIC_KINDS) or kind not in KINDS:
        return [BoxProblem(target, "kind", f"{where}, {_label(raw, 'kind')}: '{kind}' is not a type of space on "
                                           "this board.")]
    out = []
    name = str(s["name"]) if "name" in s and "name" not in unknown else None
    if name is not None and not name.strip():
        out.append(BoxProblem(target, "name", f"{where}, {_label(raw, 'name')}: the name is empty."))
    elif name is not None and len(name) > MAX_NAME:
        out.append(BoxProblem(target, "name", f"{where}, {_label(raw, 'name')}: at most {MAX_NAME} letters, please "
                                              f"(it has {len(name)})."))
    key = (kind, s.get("group"))
    if key not in facts:
        facts[key] = board_facts(raw, *key)
    return out + [BoxProblem(target, p.key, f"{where}, {_label(raw, p.key)}: {p.message}", p.caution)
                  for p in KINDS[kind].problems(s, unknown, facts[key])]


def _count_problems(raw: dict[str, Any], counts: dict[str, int], spaces: list[dict[str, Any]]) -> list[BoxProblem]:
    """No more spaces of a type than the board has, where the edition's data says how many (``space_counts`` in
    board.toml, e.g. The Mandalorian's two Hyperspace Jumps): each space said to be of that type is told, so the
    one just entered is."""
    out: list[BoxProblem] = []
    terms = _terms(raw)
    for kind, most in counts.items():
        placed = [s for s in spaces if s.get("kind") == kind and "kind" not in s.get("unknown", ())]
        if len(placed) <= most:
            continue
        words = KINDS[kind].words(lambda key: terms.get(key, key)) if kind in KINDS else kind
        listed = ", ".join(str(s["position"]) for s in placed)
        for target in (f"space:{s['id']}" for s in placed):
            out.append(BoxProblem(target, "kind", f"{_where(raw, target)}: the board has only {counted(most, 'space')} "
                                                  f"of this type ({words}), but {len(placed)} are said to be (spaces "
                                                  f"{listed})."))
    return out


# ---------------------------------------------------------------------------- groups and decks


def _group_problems(raw: dict[str, Any], groups: list[dict[str, Any]], spaces: list[dict[str, Any]]
                    ) -> list[BoxProblem]:
    """Each group complete, with exactly the number of deeds the edition's groups have; names told apart;
    a building cost that differs inside a group is a caution."""
    out: list[BoxProblem] = []
    names: dict[str, str] = {}
    for g in groups:
        gid = g.get("id", "?")
        target = f"group:{gid}"
        where = _where(raw, target)
        members = [s for s in spaces if s.get("group") == gid and "group" not in s.get("unknown", ())
                   and s.get("kind") in DEED_KINDS]
        size = int(g.get("size", len(members)))
        out += [_wrong_kind(raw, s, where, g["kind"]) for s in members if g.get("kind") and s.get("kind") != g["kind"]]
        undecided = any("group" in s.get("unknown", ()) or "kind" in s.get("unknown", ()) for s in spaces)
        if len(members) > size or (len(members) < size and not undecided):
            names_list = ", ".join(str(s.get("name", s["id"])) for s in members) or "none"
            out.append(BoxProblem(target, "size", f"{where}: this edition's group has {size} deeds, but "
                                                  f"{len(members)} are in it ({names_list})."))
        name = str(g.get("name", "")).strip().lower()
        if "name" not in g.get("unknown", ()) and name:
            if name in names:
                out.append(BoxProblem(target, "name", f"{where}: the name is also used by group {names[name]}."))
            names[name] = gid
        costs = {c for s in members if isinstance(c := s.get("build_cost"), int) and "build_cost" not in
                 s.get("unknown", ())}
        if len(costs) > 1:
            out.append(BoxProblem(target, "build_cost", f"{where}: its deeds have different building costs "
                                                        f"({', '.join(str(c) for c in sorted(costs))}). Check the "
                                                        "Title Deeds.", caution=True))
    return out


def _wrong_kind(raw: dict[str, Any], space: dict[str, Any], group: str, kind: str) -> BoxProblem:
    """A deed put in a group that holds another kind of deed (a character among the equipment)."""
    terms = _terms(raw)
    plural = {"street": terms["streets"], "vessel": terms["railroads"], "utility": terms["utilities"]}[kind]
    target = f"space:{space['id']}"
    return BoxProblem(target, "group", f"{_where(raw, target)}, group: {group} holds only {plural}.")


def _deck_problems(raw: dict[str, Any], deck: dict[str, Any], space_ids: set[str]) -> list[BoxProblem]:
    """Each card: an effect from the vocabulary with its values, at least one copy; never more cards than the
    deck holds."""
    out: list[BoxProblem] = []
    did = deck.get("id", "?")
    cards = deck.get("cards", [])
    for card in cards:
        target = f"card:{did}/{card.get('id', '?')}"
        where = _where(raw, target)
        effect = card.get("effect")
        if effect not in CARD_EFFECTS:
            out.append(BoxProblem(target, "effect", f"{where}: choose what the card does."))
            continue
        for key in CARD_EFFECTS[effect]:
            value = card.get(key)
            if key in card.get("unknown", ()):
                continue
            if value is None:
                out.append(BoxProblem(target, key, f"{where}, {_label(raw, key)}: missing."))
            elif key == "target" and value not in space_ids:
                out.append(BoxProblem(target, key, f"{where}, {_label(raw, key)}: '{value}' is not a space."))
            elif key not in ("target", "kind") and (not isinstance(value, int) or value <= 0):
                out.append(BoxProblem(target, key, f"{where}, {_label(raw, key)}: must be more than 0."))
        if not isinstance(card.get("count", 1), int) or card.get("count", 1) < 0:
            out.append(BoxProblem(target, "count", f"{where}, copies: must be a whole number."))
        if not str(card.get("title", card.get("id", ""))).strip():
            out.append(BoxProblem(target, "title", f"{where}, title: give the card a short title."))
    sides = deck.get("sides", [])
    for card in cards:
        target = f"card:{did}/{card.get('id', '?')}"
        if sides and card.get("side") not in sides:
            out.append(BoxProblem(target, "side", f"{_where(raw, target)}: say which side's half it is."))
    counted = [c for c in cards if isinstance(c.get("count", 1), int)]
    listed = max([sum(c.get("count", 1) for c in counted if c.get("side") == side) for side in sides]
                 or [sum(c.get("count", 1) for c in counted)])
    size = int(deck.get("size", listed))
    if listed > size:
        out.append(BoxProblem(f"deck:{did}", "count", f"The {deck.get('name', did)} deck holds {size} cards, "
                                                       f"but {listed} are entered."))
    return out


# ---------------------------------------------------------------------------- words


def _terms(raw: dict[str, Any]) -> dict[str, str]:
    """The edition's words, the classic game's where it names none of its own."""
    return {**CLASSIC_TERMS, **raw.get("edition", {}).get("terms", {})}


def _label(raw: dict[str, Any], key: str) -> str:
    """A field as the edition's players call it (``inactive value`` where the classic game says mortgage): the
    labels every box message uses, with the rent table named by its word alone and a card's fields added (the
    space a card moves to by the field as it is typed, ``target``, as the word space alone could be any)."""
    terms = _terms(raw)
    labels = {k: v for k, v in field_labels(terms).items() if k in ("build_cost", "hotel_cost", "mortgage",
                                                                     "dice_multiplier", "number")}
    return {**labels, "rent": terms["rent"], "per_house": f"per {terms['house']}",
            "per_hotel": f"per {terms['hotel']}", "target": "target (which space)"}.get(key, key)


def _where(raw: dict[str, Any], target: str) -> str:
    """A target as the owner finds it in the box: ``Space 14 (Tatooine: Jabba's Palace)``."""
    kind, _, rest = target.partition(":")
    item, _, sub = rest.partition("/")
    if kind == "board":
        return "The board"
    if kind == "tiles":
        return "The Chance tiles"
    if kind == "face":
        return _face_name(_raw_item(raw, kind, item, "") or {"id": item})
    if kind == "space":
        for i, s in enumerate(raw.get("board", {}).get("spaces", [])):
            if s.get("id", f"space-{i}") == item:
                name = s.get("name") if "name" not in s.get("unknown", ()) else None
                return f"Space {i}" + (f" ({name})" if name else "")
    if kind == "group":
        g = _raw_item(raw, "group", item, "") or {}
        name = g.get("name") if "name" not in g.get("unknown", ()) else None
        return f"Group {name or item}"
    if kind == "card":
        deck = _raw_item(raw, "deck", item, "") or {}
        card: dict[str, Any] = next((c for c in deck.get("cards", []) if c.get("id") == sub), {})
        return f"{deck.get('name', item)} card '{card.get('title', sub)}'"
    return target


def _raw_item(raw: dict[str, Any], kind: str, item: str, sub: str) -> dict[str, Any] | None:
    """The stored table of a space, group, deck or card, the board or a mini board's face (None when there is
    none)."""
    if kind == "board":
        return raw.get("board", {})
    if kind == "face":
        return next((f for f in raw.get("board", {}).get("faces", []) if f.get("id") == item), None)
    if kind == "tiles":
        has_tiles = item == "chance" and "faces" in raw.get("board", {})
        return raw.get("edition", {}).get("chance") if has_tiles else None
    if kind == "space":
        return next((s for i, s in enumerate(raw.get("board", {}).get("spaces", []))
                     if s.get("id", f"space-{i}") == item), None)
    if kind == "group":
        return next((g for g in raw.get("board", {}).get("groups", []) if g.get("id") == item), None)
    deck = next((d for d in raw.get("cards", {}).get("decks", []) if d.get("id") == item), None)
    if kind == "deck" or deck is None:
        return deck
    return next((c for c in deck.get("cards", []) if c.get("id") == sub), None)


def _fields(edition: Edition, kind: str, item_id: str, item: dict[str, Any]) -> dict[str, BoxField]:
    """The fields the owner can enter for a target, given what it holds (its type, a card's effect)."""
    if kind == "board":
        return {f.key: f for f in board_fields()}
    if kind == "face":  # every space a face may have: whether it has that many is checked with its length
        return {f.key: f for f in face_fields(edition, item_id, FACE_LENGTHS[-1])}
    if kind == "tiles":
        return {f.key: f for f in tile_fields(edition)}
    if kind == "space":
        space_kind = item.get("kind", "street")
        group = item.get("group")
        fields = space_fields(edition, space_kind if space_kind in edition.space_kinds else edition.default_kind,
                              edition.space(item_id) if edition.has_space(item_id) else None,
                              group if isinstance(group, str) else None)
    elif kind == "group":
        raw_group = _raw_item(edition.raw, "group", item_id, "") or {}
        fields = group_fields("size" in raw_group.get("unknown", ()) or "size" in raw_group.get("owner", ()))
    else:
        fields = card_fields(edition, str(item.get("effect", "")), item_id)
    return {f.key: f for f in fields}


def _type_problems(f: BoxField, value: Value) -> list[str]:
    """Whether a value has the field's shape: a whole number, so many whole numbers, words, a listed choice."""
    if f.kind == "number":
        if isinstance(value, int):
            return []
        return ["0 or more, please." if str(value).startswith("-") and str(value)[1:].isdigit()
                else "a whole number, please."]
    if f.kind == "numbers":
        if isinstance(value, int):
            value = (value,)
        if not isinstance(value, tuple):
            return [f"{f.length} whole numbers, please ({', '.join(f.parts)})."]
        return [] if len(value) == f.length else [f"{f.length} amounts are printed ({', '.join(f.parts)}), "
                                                  f"not {len(value)}."]
    if f.kind == "choice":
        allowed = [c for c, _ in f.choices]
        return [] if value in allowed else [f"'{value}' is not one of: "
                                            f"{', '.join(c if c == w else f'{c} ({w})' for c, w in f.choices)}."]
    return [] if str(value).strip() else ["it is empty."]

