"""A box profile: the owner's values laid over an edition, stored as TOML.

The file names its edition, the box (several printings of one edition can each have their own), a version that
rises with every save, and the edition version it was entered against. Values sit under the thing they are printed
on: ``[spaces.<id>]``, ``[groups.<id>]``, ``[cards.<deck>.<card>]``, ``[board.layout]`` and, for a game on mini
boards, ``[faces.<id>]`` and ``[tiles.chance]``. :func:`overlay` lays a profile over an edition's data: each value
it gives replaces the published one (or fills an unknown one) and is marked as the owner's, and the result records
which box it came from, so a journal replays with exactly that box.
"""

from __future__ import annotations

import copy
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import tomli_w

from companion.box.overlay import apply_values
from companion.box.values import SECTIONS, BoxValueError, joined, split_target

FORMAT = 1
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,47}")


@dataclass(frozen=True)
class BoxProfile:
    """The owner's values for one box of one edition."""

    edition: str
    id: str
    name: str
    version: int = 0
    edition_version: str = ""
    saved: str = ""
    values: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False)

    def value(self, target: str) -> dict[str, Any]:
        """What this box says about one target (empty when nothing)."""
        kind, item, sub = split_target(target)
        entry = self.values.get(SECTIONS[kind], {}).get(item, {})
        return dict(entry.get(sub, {}) if kind == "card" else entry)

    def with_values(self, target: str, values: dict[str, Any]) -> BoxProfile:
        """A copy with ``values`` entered for ``target`` (other fields of the target are kept)."""
        kind, item, sub = split_target(target)
        tree = copy.deepcopy(self.values)
        entry = tree.setdefault(SECTIONS[kind], {}).setdefault(item, {})
        if kind == "card":
            entry = entry.setdefault(sub, {})
        entry.update({k: joined(entry.get(k), v) for k, v in values.items()})
        return replace(self, values=tree)

    def without(self, target: str, keys: Iterable[str]) -> BoxProfile:
        """A copy in which the box no longer says ``keys`` of ``target`` (not a card's): a Chance tile count the
        owner takes back, so that kind is not counted any more."""
        kind, item, _ = split_target(target)
        tree = copy.deepcopy(self.values)
        section = tree.get(SECTIONS[kind], {})
        entry = section.get(item, {})
        for key in keys:
            entry.pop(key, None)
        if not entry:
            section.pop(item, None)
        return replace(self, values=tree)

    @property
    def entered(self) -> int:
        """How many values the owner has entered in this box."""
        cards = sum(len(c) for deck in self.values.get("cards", {}).values() for c in deck.values())
        return sum(len(v) for s in ("spaces", "groups", "faces", "tiles")
                   for v in self.values.get(s, {}).values()) + cards

    def meta(self) -> dict[str, Any]:
        """What a journal records about the box a game is played with."""
        return {"edition": self.edition, "id": self.id, "name": self.name, "version": self.version,
                "edition_version": self.edition_version}

    def to_toml(self) -> str:
        """The profile as the TOML file the app stores and exports."""
        head = {"format": FORMAT, "edition": self.edition, "id": self.id, "name": self.name,
                "version": self.version, "edition_version": self.edition_version, "saved": self.saved}
        return ("# A box profile of the Star Wars Monopoly companion: values read off one physical box.\n"
                + tomli_w.dumps({**head, **{k: v for k, v in self.values.items() if v}}))


def profile_from_toml(text: str) -> BoxProfile:
    """Read a profile file; raises :class:`BoxValueError` naming every problem of its header."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoxValueError(f"not a box file: {exc}") from None
    problems = []
    if data.get("format") != FORMAT:
        problems.append(f"format {data.get('format')!r} is not {FORMAT} (a box file of another app version?)")
    for key in ("edition", "id", "name"):
        if not isinstance(data.get(key), str) or not data.get(key):
            problems.append(f"'{key}' is missing")
    if data.get("id") and not _ID.fullmatch(str(data["id"])):
        problems.append(f"id {data['id']!r}: use lower-case letters, digits and dashes")
    if not isinstance(data.get("version", 0), int):
        problems.append("'version' must be a whole number")
    unknown = sorted(set(data) - {"format", "edition", "id", "name", "version", "edition_version", "saved",
                                  *SECTIONS.values()})
    if unknown:
        problems.append(f"unexpected entries: {', '.join(unknown)}")
    if problems:
        raise BoxValueError("; ".join(problems))
    return BoxProfile(data["edition"], data["id"], data["name"], int(data.get("version", 0)),
                      str(data.get("edition_version", "")), str(data.get("saved", "")),
                      {s: data[s] for s in SECTIONS.values() if s in data})


def box_id(name: str, taken: set[str], fallback: str = "box") -> str:
    """An id for a new box (or a card the owner enters) from its name: lower-case letters, digits and dashes,
    not one in ``taken``; ``fallback`` when the name has neither letters nor digits."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or fallback
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def overlay(raw: dict[str, Any], profile: BoxProfile) -> dict[str, Any]:
    """Edition data with every value of ``profile`` entered, recording the box it came from."""
    out = raw
    for kind, section in SECTIONS.items():
        for item, entry in profile.values.get(section, {}).items():
            if kind == "card":
                for sub, card in entry.items():
                    out = apply_values(out, f"card:{item}/{sub}", card)
            else:
                out = apply_values(out, f"{kind}:{item}", entry)
    out = copy.deepcopy(out) if out is raw else out
    out["box"] = profile.meta()
    return out
