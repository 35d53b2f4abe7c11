"""Box setup, as the screens walk it: the colour groups, then the board space by space (type, name, group, price),
then the Title Deeds (rent table, costs), then the cards; one step per thing, with what is known of each field and
where it came from. Saving a step checks it first and keeps nothing half-done: a problem stops the save, a caution
is saved only once the owner confirms it. An edition played on mini boards has no walk: each face is listed with
what is known of it, and play learns the rest as the tokens go round.

Also the boxes kept on this device (:func:`box_store`) and copies on a USB stick: :func:`usb_sticks` finds the
mounted sticks, or the one folder named by ``$COMPANION_USB_DIR`` when that is set (tests; a machine that mounts
sticks somewhere else).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.box.checks import BoxProblem, check_values
from companion.box.fields import card_fields, effect_words, group_fields, space_fields
from companion.box.profile import BoxProfile, profile_from_toml
from companion.box.status import BoxStatus, cards_to_enter
from companion.box.store import BoxStore, box_file_problems, box_files, usb_folders
from companion.box.values import TILES_TARGET, BoxValueError
from companion.edition import DEED_KINDS, Edition, capital, counted
from companion.mini_boards import UNKNOWN_SPACE, Face, tile_name
from companion.space_kinds import BoxField
from companion.table.box_play import new_card_id, with_box

PARTS = ("groups", "board", "deeds", "cards")
PART_NAMES = {"groups": "Colour groups", "board": "The board", "deeds": "Title Deeds", "cards": "Cards"}
BOARD_KEYS = ("kind", "name", "group", "deck", "price", "amount")
DEED_KEYS = ("rent", "dice_multiplier", "build_cost", "hotel_cost", "mortgage")
NEW_CARD = ""
USB_ENV = "COMPANION_USB_DIR"


@dataclass(frozen=True)
class FieldView:
    """One field of a step: what the form edits, its value now (None: not known yet) and where it came from."""

    field: BoxField
    value: Any
    origin: str          # "yours", "published" or "unknown"
    note: str


@dataclass(frozen=True)
class StepView:
    """One thing to check or fill in: a group, a space, a Title Deed or a card."""

    part: str
    target: str
    index: int
    total: int
    title: str
    heading: str
    colour: str
    fields: tuple[FieldView, ...]
    uncertain: bool     # values shown come from published sources rated low or medium, not confirmed by the owner

    @property
    def values(self) -> dict[str, Any]:
        """The values known now, by field."""
        return {f.field.key: f.value for f in self.fields if f.value is not None}

    @property
    def missing(self) -> tuple[FieldView, ...]:
        """The fields nobody has entered yet."""
        return tuple(f for f in self.fields if f.origin == "unknown")

    @property
    def skippable(self) -> bool:
        """The step may be left for play: something is missing, and play can ask for all of it when it is first
        needed (nothing of the board's layout)."""
        return bool(self.missing) and all(f.field.during_play for f in self.missing)


@dataclass(frozen=True)
class CardLine:
    """A card of a deck as the cards step lists it."""

    id: str
    title: str
    effect: str
    count: int
    origin: str


@dataclass(frozen=True)
class DeckView:
    """A deck: how many cards it holds, how many are still to enter, and its cards."""

    id: str
    name: str
    size: int
    missing: int
    cards: tuple[CardLine, ...]


@dataclass(frozen=True)
class JumpLine:
    """A step as the "Jump to" list shows it."""

    index: int
    label: str
    colour: str
    done: bool


@dataclass(frozen=True)
class BoxLine:
    """A stored box as the box list shows it."""

    id: str
    name: str
    details: str


@dataclass(frozen=True)
class BoxFile:
    """A box file on a USB stick, with what it holds in words (or why it cannot be read)."""

    path: Path
    words: str


@dataclass(frozen=True)
class Exported:
    """Where a box was written, or why it could not be."""

    path: Path | None
    problem: str = ""


@dataclass(frozen=True)
class Imported:
    """The box stored from a file, or every problem that kept the file out (then nothing was stored)."""

    profile: BoxProfile | None
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class Saved:
    """What saving a step did: the box and edition after it, or the problems and cautions that stopped it."""

    saved: bool
    profile: BoxProfile
    edition: Edition
    problems: tuple[BoxProblem, ...] = ()
    cautions: tuple[BoxProblem, ...] = ()


def walk_targets(edition: Edition, part: str) -> list[str]:
    """The targets a part walks, in board order."""
    if part == "groups":
        return [f"group:{g}" for g in edition.groups]
    if part == "board":
        return [f"space:{s.id}" for s in edition.spaces]
    if part == "deeds":
        return [f"space:{s.id}" for s in edition.spaces if s.kind in DEED_KINDS]
    return [f"card:{d.id}/{c.id}" for d in edition.decks.values() for c in d.cards]


def part_progress(edition: Edition, part: str) -> tuple[int, int]:
    """(done, total) for a part: a thing is done when none of the part's fields is unknown (a card listed with
    values still to read, like an Imperial enemy card's number, is not done)."""
    if part == "cards":
        size = sum(d.size for d in edition.decks.values())
        unread = sum(c.count for d in edition.decks.values() for c in d.cards if c.unknown)
        return size - sum(cards_to_enter(d) for d in edition.decks.values()) - unread, size
    targets = walk_targets(edition, part)
    return sum(1 for t in targets if not _unknown(edition, part, t)), len(targets)


def step_view(edition: Edition, part: str, index: int, kind: str = "") -> StepView:
    """Step ``index`` of a part (groups, board or deeds), with the fields of a space of ``kind`` when the owner has
    just chosen its type (default: the type it has; a street's while nobody has entered one)."""
    targets = walk_targets(edition, part)
    target = targets[index]
    item = target.partition(":")[2]
    if part == "groups":
        g = edition.groups[item]
        fields = tuple(_field_view(f, None if f.key in g.unknown else getattr(g, f.key), g.unknown, g.owner,
                                   _raw_group(edition, item)) for f in group_fields("size" in g.unknown | g.owner))
        return StepView(part, target, index, len(targets), f"Group {index + 1} of {len(targets)}",
                        g.name if "name" not in g.unknown else "Name not entered yet",
                        g.colour if "colour" not in g.unknown else "", fields, _rated(_raw_group(edition, item)))
    s = edition.space(item)
    keys = BOARD_KEYS if part == "board" else DEED_KEYS
    raw = _raw_space(edition, s.position)
    kind = kind or (s.kind if s.kind in edition.space_kinds else edition.default_kind)
    fields = tuple(_field_view(f, _space_value(s, f.key), s.unknown, s.owner, raw)
                   for f in space_fields(edition, kind, s) if f.key in keys)
    word = f"Space {s.position} after GO" if part == "board" else "Title Deed"
    group = edition.groups.get(s.group or "")
    return StepView(part, target, index, len(targets), f"{word} ({index + 1} of {len(targets)})",
                    s.name if "name" not in s.unknown else "Name not entered yet",
                    group.colour if group and "colour" not in group.unknown else "", fields,
                    _rated(raw) and any(f.origin == "published" for f in fields))


def deck_views(edition: Edition) -> list[DeckView]:
    """Every deck with its cards, for the cards part."""
    return [DeckView(d.id, d.name, d.size, cards_to_enter(d),
                     tuple(CardLine(c.id, c.title, effect_words(edition).get(c.effect, c.effect), c.count,
                                    "yours" if c.owner else "not entered yet" if c.unknown else "published")
                           for c in d.cards))
            for d in edition.decks.values()]


def card_step(edition: Edition, deck: str, card: str, effect: str = "") -> StepView:
    """A card to enter (``card`` = NEW_CARD) or to check, with the fields of ``effect`` (default: its own)."""
    d = edition.decks[deck]
    found = d.card(card)
    effect = effect or (found.effect if found else "")
    current: dict[str, Any] = {"title": found.title, "effect": found.effect, "count": found.count,
                               **found.params} if found else {"count": 1}
    if effect != current.get("effect"):
        current = {k: v for k, v in current.items() if k in ("title", "count")} | {"effect": effect}
    origin = "yours" if found and found.owner else "published" if found else "unknown"
    fields = tuple(FieldView(f, current.get(f.key) if effect or f.key != "effect" else None,
                             origin if f.key in current else "unknown", _origin_note(origin, {}))
                   for f in card_fields(edition, effect, deck))
    title = f"{d.name} card" + (f" ({cards_to_enter(d)} not entered yet)" if cards_to_enter(d) else "")
    return StepView("cards", f"card:{deck}/{card}", 0, 1, title, found.title if found else "A new card", "", fields,
                    False)


def save_step(store: BoxStore, profile: BoxProfile, base: Edition, step: StepView, values: dict[str, Any],
              mine: bool = False, accept_cautions: bool = False) -> Saved:
    """Check and save what the owner entered on a step. Only values that differ from what the edition says are
    stored, unless ``mine``: the owner confirms the step matches their box, and every value shown becomes
    theirs. A card changed in any way is stored whole. A problem stops the save; cautions stop it until
    ``accept_cautions``. A new card (a step of :func:`card_step` with ``NEW_CARD``) gets an id from its title,
    different from every card of its deck."""
    edition = with_box(base, profile)
    entered = _entered(step, values, mine)
    if not entered:
        return Saved(True, profile, edition)
    target = step.target
    if target.endswith("/" + NEW_CARD):
        deck = target.partition(":")[2].partition("/")[0]
        target += new_card_id(edition, deck, str(entered.get("title", "")))
    found = check_values(edition, target, entered)
    problems = tuple(p for p in found if not p.caution)
    cautions = tuple(p for p in found if p.caution)
    if problems or (cautions and not accept_cautions):
        return Saved(False, profile, edition, problems, cautions)
    stored = store.save(profile.with_values(target, entered))
    return Saved(True, stored, with_box(base, stored), (), cautions)


def unsaved(step: StepView, values: dict[str, Any]) -> bool:
    """Whether the form holds anything other than what the step showed (leaving the step would lose it)."""
    shown = {k: _plain(v) for k, v in step.values.items()}
    return any(_plain(v) != shown.get(k) for k, v in values.items() if v is not None)


def step_notes(step: StepView) -> list[str]:
    """Where the step's values came from, one line per source: ``Type, name and group: Published (...).``"""
    notes: dict[str, list[str]] = {}
    for f in step.fields:
        notes.setdefault(f.note, []).append(f.field.label.lower())
    return [f"{_joined(labels).capitalize()}: {note}" for note, labels in notes.items()]


def _joined(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _entered(step: StepView, values: dict[str, Any], mine: bool) -> dict[str, Any]:
    """What saving would store: the values that differ from what the edition says (all shown ones when
    ``mine``); a card changed in any way, whole."""
    known = {f.field.key: _plain(f.value) for f in step.fields if f.value is not None and f.origin != "unknown"}
    typed = {k: _plain(v) for k, v in values.items() if v is not None}
    entered = {k: v for k, v in typed.items() if mine or known.get(k) != v}
    if mine:
        return {**known, **entered}
    if entered and step.part == "cards":
        return typed        # a card is the owner's as a whole: its effect and that effect's values together
    return entered


def _plain(value: Any) -> Any:
    """A value as the checks read it: a list of numbers (a rent table) as a tuple."""
    return tuple(value) if isinstance(value, list) else value


def _space_value(space: Any, key: str) -> Any:
    if key in space.unknown:
        return None
    if key in ("kind", "name", "group", "deck"):
        return getattr(space, key)
    return space.known(key)


def _unknown(edition: Edition, part: str, target: str) -> bool:
    item = target.partition(":")[2]
    if part == "groups":
        return bool(edition.groups[item].unknown)
    keys = BOARD_KEYS if part == "board" else DEED_KEYS
    return bool(set(keys) & edition.space(item).unknown)


def _field_view(f: BoxField, value: Any, unknown: frozenset[str], owner: frozenset[str], raw: dict[str, Any]
                ) -> FieldView:
    origin = "unknown" if f.key in unknown or value is None else "yours" if f.key in owner else "published"
    if isinstance(value, tuple):
        value = list(value)
    return FieldView(f, value, origin, _origin_note(origin, raw, f.key))


def _origin_note(origin: str, raw: dict[str, Any], key: str = "") -> str:
    """Where a value came from, in words: the owner, a published source (with how sure it is), or nobody yet."""
    if origin == "yours":
        return "Entered from your box."
    if origin == "unknown":
        return "Not known yet: read it off your box."
    numbers = key not in ("kind", "name", "group", "deck", "colour")
    sure = raw.get("value_confidence" if numbers and "value_confidence" in raw else "confidence", "")
    note = "Published" + (f", {sure} confidence" if sure else "") + "."  # its sources are in the edition's data
    if key == "name" and raw.get("alt_name"):
        note += f" Another source says '{raw['alt_name']}'."
    return note


def _rated(raw: dict[str, Any]) -> bool:
    return not raw.get("owner") and (raw.get("confidence") in ("low", "medium")
                                     or raw.get("value_confidence") in ("low", "medium"))


def _raw_space(edition: Edition, position: int) -> dict[str, Any]:
    return dict(edition.raw.get("board", {}).get("spaces", [])[position])


def _raw_group(edition: Edition, gid: str) -> dict[str, Any]:
    return next((dict(g) for g in edition.raw.get("board", {}).get("groups", []) if g.get("id") == gid), {})


# ---------------------------------------------------------------------------- moving through the walk


def next_missing(edition: Edition, part: str, index: int) -> tuple[str, int] | None:
    """The next step after ``index`` of ``part`` that still has an unknown value: the rest of the part, then the
    parts after it (the cards part while a deck has cards still to enter), then round from the first part. None
    when nothing is missing."""
    steps = [(p, i) for p in PARTS if p != "cards" for i in range(len(walk_targets(edition, p)))] + [("cards", 0)]
    here = steps.index((part, index)) if (part, index) in steps else len(steps) - 1
    for p, i in steps[here + 1:] + steps[:here + 1]:
        done, total = part_progress(edition, "cards") if p == "cards" else (0, 0)
        if done < total or (p != "cards" and _unknown(edition, p, walk_targets(edition, p)[i])):
            return p, i
    return None


def jump_lines(edition: Edition, part: str) -> list[JumpLine]:
    """Every step of a part for the "Jump to" list: the space's number and name (or group, or deed), its colour
    band, and whether nothing of it is missing."""
    lines = []
    for index, target in enumerate(walk_targets(edition, part)):
        item = target.partition(":")[2]
        if part == "groups":
            g = edition.groups[item]
            label = g.name if "name" not in g.unknown else "(name not entered yet)"
            colour = g.colour if "colour" not in g.unknown else ""
        else:
            s = edition.space(item)
            name = s.name if "name" not in s.unknown else "(name not entered yet)"
            label = f"{s.position}  {name}" if part == "board" else name
            group = edition.groups.get(s.group or "")
            colour = group.colour if group and "colour" not in group.unknown else ""
        lines.append(JumpLine(index, label, colour, not _unknown(edition, part, target)))
    return lines


MINI_BOARDS_NOTE = ("Nothing of a mini board's layout is published: the first time a game needs it, the app asks "
                    "how many spaces go round a face, what is on a space, where its Jail is and how many steps its "
                    "Mega Shut Down tracker has. What you answer is kept in this box for every later game.")


def face_lines(edition: Edition) -> list[str]:
    """Each face of the mini boards with what the box says of it so far (none for an edition played on one
    board)."""
    boards = edition.mini_boards
    return [face_words(f) for f in boards.faces.values()] if boards else []


def face_words(face: Face) -> str:
    """``The red board, side 1: 20 spaces, 12 of the 19 after GO described, Jail on space 5, tracker of 6
    steps.``"""
    if face.length is None and face.tracker is None:
        return f"{capital(face.name)}: not read yet."
    described = sum(k != UNKNOWN_SPACE for k in face.spaces[1:])
    known = [f"{face.length} spaces, {described} of the {face.length - 1} after GO described" if face.length
             else "spaces not counted yet"]
    if face.jail is not None:
        known.append(f"Jail on space {face.jail}")
    known.append(f"tracker of {face.tracker} steps" if face.tracker else "tracker not counted yet")
    return f"{capital(face.name)}: {', '.join(known)}."


TILES_NOTE = ("How many Chance tiles of each kind the box holds is not published, and play never needs it. "
              "Count them if you like: once the box says it, the app refuses a tile the pile can no longer "
              "hold. Leave a kind at '?' if you have not counted it.")


@dataclass(frozen=True)
class TileCounts:
    """The Chance tiles of a game on mini boards as box setup shows them: how many the box holds in all, the
    kinds (id and name) and what this box says of each (None: not counted)."""

    tiles: int
    kinds: tuple[tuple[str, str], ...]
    counts: dict[str, int | None]


def tile_counts(edition: Edition) -> TileCounts | None:
    """The Chance tiles and the counts this box gives (None for an edition without them)."""
    boards = edition.mini_boards
    if boards is None:
        return None
    return TileCounts(boards.tiles, tuple((k, tile_name(k)) for k in boards.tile_kinds),
                      {k: boards.tile_counts.get(k) for k in boards.tile_kinds})


def tile_total_words(tiles: TileCounts, counts: dict[str, int | None]) -> str:
    """How far a count of the tiles is, against the number the box holds in all: ``7 of the 10 tiles counted``,
    what one kind left uncounted must then be, or how many too many are counted."""
    counted = sum(n for n in counts.values() if n is not None)
    left = [name for kind, name in tiles.kinds if counts.get(kind) is None]
    if counted > tiles.tiles or (not left and counted != tiles.tiles):
        over = counted - tiles.tiles
        return (f"{counted} counted: {abs(over)} {'more' if over > 0 else 'fewer'} than the {tiles.tiles} tiles in "
                "the box.")
    if not left:
        return f"All {tiles.tiles} tiles counted."
    words = f"{counted} of the {tiles.tiles} tiles counted"
    if len(left) == 1:
        return f"{words}: the other {tiles.tiles - counted} must be {left[0]} tiles."
    return f"{words}; not counted: {', '.join(left)}."


def tile_summary(edition: Edition) -> str:
    """What the box says of its Chance tiles, in a line: ``Chance tiles: Shield 4; Money Bag, GO Button and Mr.
    Monopoly not counted.`` (empty for an edition without them)."""
    tiles = tile_counts(edition)
    if tiles is None:
        return ""
    said = [f"{name} {tiles.counts[kind]}" for kind, name in tiles.kinds if tiles.counts[kind] is not None]
    left = [name for kind, name in tiles.kinds if tiles.counts[kind] is None]
    if not said:
        return f"Chance tiles: {tiles.tiles} in the box, how many of each kind not counted."
    return f"Chance tiles: {', '.join(said)}" + (f"; {_joined(left)} not counted." if left else ".")


def save_tile_counts(store: BoxStore, profile: BoxProfile, base: Edition, counts: dict[str, int | None]) -> Saved:
    """Check and store the Chance tile counts the owner set: a kind set to a number is the box's count, a kind
    set back to None is not counted any more. Each kind at least once and all the tiles in all
    (:func:`~companion.mini_boards.tile_count_problems`); a problem stops the save and nothing is kept."""
    now = tile_counts(with_box(base, profile))
    assert now is not None, "only an edition with Chance tiles counts them"
    forgotten = [k for k, n in counts.items() if n is None and now.counts.get(k) is not None]
    entered: dict[str, Any] = {k: n for k, n in counts.items() if n is not None and n != now.counts.get(k)}
    if not forgotten and not entered:
        return Saved(True, profile, with_box(base, profile))
    kept = profile.without(TILES_TARGET, forgotten)
    edition = with_box(base, kept)
    problems = tuple(check_values(edition, TILES_TARGET, entered)) if entered else ()
    if problems:
        return Saved(False, profile, with_box(base, profile), problems)
    stored = store.save(kept.with_values(TILES_TARGET, entered) if entered else kept)
    return Saved(True, stored, with_box(base, stored))


def progress_words(edition: Edition, part: str) -> str:
    """``35 of 40 spaces done``: a part's progress in words."""
    done, total = part_progress(edition, part)
    noun = {"groups": "groups", "board": "spaces", "deeds": "Title Deeds", "cards": "cards"}[part]
    return f"{done} of {total} {noun} entered" if part == "cards" else f"{done} of {total} {noun} done"


def skip_words(edition: Edition, step: StepView) -> str:
    """What skipping a step leaves for play, or why it cannot be left."""
    later = [f.field.key for f in step.missing if f.field.during_play]
    now = [f.field.key for f in step.missing if not f.field.during_play]
    if now:
        return f"The {edition.field_words(now)} must be entered before a game can start."
    if not later:
        return "Nothing is missing here."
    return f"Play will ask for the {edition.field_words(later)} the first time it is needed."


# ---------------------------------------------------------------------------- boxes on this device and on USB






def new_box(store: BoxStore, edition: Edition, name: str) -> BoxProfile:
    """A new, empty box for an edition, stored at once under an id of its own."""
    return store.save(store.new(edition, name))


def box_lines(store: BoxStore, edition: Edition) -> list[BoxLine]:
    """The stored boxes of an edition, the most recently saved first."""
    return [BoxLine(p.id, p.name, f"version {p.version}, {counted(p.entered, 'value')} of your own"
                    + (f", saved {p.saved.replace('T', ' ')}" if p.saved else ""))
            for p in store.profiles(edition.id)]


def status_headline(status: BoxStatus) -> str:
    """Whether a game can start with this box, in one line."""
    if status.problems:
        return "A game cannot start: some values need correcting."
    if status.before_play:
        return "A game cannot start yet: part of the board is not entered."
    if status.complete:
        return "Ready: a game can start."
    return "A game can start; play asks for the rest when it is first needed."


def usb_sticks() -> list[Path]:
    """The mounted USB sticks; when ``$COMPANION_USB_DIR`` is set, that folder alone (none if it is missing)."""
    override = os.environ.get(USB_ENV)
    if override:
        return [Path(override)] if Path(override).is_dir() else []
    return usb_folders()


def usb_box_files(sticks: list[Path], editions: dict[str, Edition]) -> list[BoxFile]:
    """The box files on the sticks (top level of each), each with what it says it holds."""
    found = []
    for path in (path for stick in sticks for path in box_files(stick)):
        try:
            profile = profile_from_toml(path.read_text(encoding="utf-8"))
        except OSError as exc:
            found.append(BoxFile(path, f"cannot be read: {exc.strerror or exc}"))
            continue
        except BoxValueError as exc:
            found.append(BoxFile(path, str(exc)))
            continue
        edition = editions.get(profile.edition)
        found.append(BoxFile(path, f"{profile.name}, version {profile.version}, for "
                                   + (edition.name if edition else f"'{profile.edition}' (not on this device)")))
    return found


def export_box(store: BoxStore, profile: BoxProfile, folder: Path) -> Exported:
    """Write a copy of a box to a stick as ``<edition>--<box>.box.toml``."""
    try:
        return Exported(store.export(profile, folder))
    except OSError as exc:
        return Exported(None, f"The box could not be written to {folder}: {exc.strerror or exc}.")


def import_box(store: BoxStore, path: Path, editions: dict[str, Edition]) -> Imported:
    """Store the box in a file, checked against its edition first; a refused file names every problem and
    nothing is stored. A different box with the same id is never overwritten (see BoxStore.import_file)."""
    try:
        profile = profile_from_toml(path.read_text(encoding="utf-8"))
        edition = editions.get(profile.edition)
        problems = tuple(p.message for p in box_file_problems(profile, edition)) if edition else ()
        return Imported(None, problems) if problems else Imported(store.import_file(path, editions))
    except OSError as exc:
        return Imported(None, (f"{path.name} cannot be read: {exc.strerror or exc}.",))
    except BoxValueError as exc:
        return Imported(None, (f"{path.name}: {exc}",))
