"""Laying box values over an edition's data: each value replaces the published one (or fills an unknown one) and is
marked as the owner's; a whole profile also records which box it came from, so a journal replays with exactly
that box. The engine uses this for values entered during play, so it needs nothing beyond the standard library.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.box.values import SECTIONS, BoxValueError, face_position, joined, split_target
from companion.edition import kind_fields, own_group
from companion.mini_boards import UNKNOWN_SPACE
from companion.space_kinds import NOT_READ


def apply_values(raw: dict[str, Any], target: str, values: dict[str, Any]) -> dict[str, Any]:
    """Edition data with ``values`` entered for ``target``: published values replaced, unknown ones filled, and
    each marked as the owner's. A card not in its deck's list is added to it. A list of amounts read in part
    (``10,?,?,?,?,?``) adds to what was read of it before, and stays unknown until every amount is read."""
    kind, item, sub = split_target(target)
    out = copy.deepcopy(raw)
    plain = {k: list(v) if isinstance(v, tuple) else v for k, v in values.items()}
    if kind == "card":
        deck = _find(out.get("cards", {}).get("decks", []), item, "deck")
        cards = deck.setdefault("cards", [])
        card = next((c for c in cards if c.get("id") == sub), None)
        if card is None:
            card = {"id": sub}
            cards.append(card)
        for key in [k for k in card if k not in ("id", "count", "title") and "effect" in plain]:
            del card[key]          # a new effect replaces the old effect's values
        card.update(plain)
        card["owner"] = True
        if "unknown" in card:
            card["unknown"] = [f for f in card["unknown"] if f not in plain]
        return out
    board = out.setdefault("board", {})
    if kind == "board":
        lay_out(board, plain)
        return out
    if kind == "face":
        describe_face(_find(board.get("faces", []), item, "face"), plain)
        return out
    if kind == "tiles":
        count_tiles(out, plain)
        return out
    entry = _find(board.get(SECTIONS[kind], []), item, kind)
    plain = {k: joined(entry.get(k), v) for k, v in plain.items()}
    entry.update(plain)
    partial = {k for k, v in plain.items() if isinstance(v, list) and NOT_READ in v}
    unknown = [f for f in entry.get("unknown", []) if f not in plain or f in partial]
    unknown += [f for f in partial if f not in unknown]
    if kind == "space" and "kind" in plain:
        _join_own_group(out, entry)
        unknown += _values_of_kind(out, entry, unknown)
    entry["unknown"] = unknown
    entry["owner"] = sorted(set(entry.get("owner", [])) | set(plain))
    return out


def lay_out(board: dict[str, Any], values: dict[str, Any]) -> None:
    """The board as a whole read off the box: its ``length`` (every space after those the data lists is one
    nobody has described yet), the position of its ``jail``, the ``bases`` of each colour and the number of
    ``planets`` spaces."""
    if "length" in values:
        board["length"] = values["length"]
        spaces = board.setdefault("spaces", [])
        spaces += [{"id": f"space-{p}", "unknown": ["kind", "name"]} for p in range(len(spaces), values["length"])]
    for key in ("bases", "planets"):
        if key in values:
            board[key] = values[key]
    if "jail" in values:
        jail = board["spaces"][values["jail"]]
        jail.update(kind="jail", name=jail.get("name", "Jail / Just Visiting"),
                    unknown=[f for f in jail.get("unknown", []) if f not in ("kind", "name")])
    board["owner"] = sorted(set(board.get("owner", [])) | set(values))


def describe_face(face: dict[str, Any], values: dict[str, Any]) -> None:
    """A mini board's face read off the box: its ``length`` (GO first, then the spaces nobody has described yet),
    what is on a space (``space<n>``), the place of its ``jail`` (Just Visiting) and the steps of its
    ``tracker``."""
    for key in ("length", "tracker"):
        if key in values:
            face[key] = values[key]
    spaces = face.setdefault("spaces", [])
    if isinstance(face.get("length"), int):
        spaces[:] = (spaces + [UNKNOWN_SPACE] * face["length"])[:face["length"]]
        spaces[0] = "go"
    places = {p: v for k, v in values.items() if (p := face_position(k)) is not None}
    if "jail" in values:
        places[values["jail"]] = "just-visiting"
    for position, kind in places.items():
        if not 0 < position < len(spaces):
            raise BoxValueError(f"face {face['id']} has no space {position} (say how many spaces it has first)")
        spaces[position] = kind
    face["owner"] = sorted(set(face.get("owner", [])) | set(values))


def count_tiles(raw: dict[str, Any], values: dict[str, Any]) -> None:
    """How many Chance tiles of each kind the box holds (a game on mini boards), kept in ``[chance] counts``."""
    chance = raw.get("edition", {}).get("chance")
    if chance is None:
        raise BoxValueError("this edition has no Chance tiles")
    chance.setdefault("counts", {}).update(values)
    chance["owner"] = sorted(set(chance.get("owner", [])) | set(values))


def _join_own_group(raw: dict[str, Any], entry: dict[str, Any]) -> None:
    """A space given a type that has a group of its own (equipment, the Imperial forces) is in that group: there is
    nothing to choose, so nobody is asked."""
    group = own_group(raw, entry["kind"])
    if "group" not in entry and group is not None:
        entry["group"] = group["id"]


def _values_of_kind(raw: dict[str, Any], entry: dict[str, Any], unknown: list[str]) -> list[str]:
    """A space given a new type: the values a space of that type has that nobody has entered yet (a deed's
    group and printed values, a card space's deck), so the box asks for them."""
    separate = bool(raw.get("edition", {}).get("buildings", {}).get("hotel_cost_printed", False))
    shared = raw.get("board", {}).get("kinds", {}).get(entry["kind"], {})
    return [f for f in kind_fields(entry["kind"], separate)
            if f not in entry and f not in shared and f not in unknown and f != "name"]


def _find(items: list[dict[str, Any]], item: str, what: str) -> dict[str, Any]:
    """The entry of the edition data with that id (spaces without an id are ``space-<position>``)."""
    for position, entry in enumerate(items):
        if entry.get("id", f"space-{position}" if what == "space" else None) == item:
            entry.setdefault("id", item)
            return entry
    raise BoxValueError(f"this edition has no {what} {item!r}")
