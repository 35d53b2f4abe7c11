"""Mini boards (MONOPOLY GO!): each player plays on a board of their own, one face of a double-sided board in their
colour, with its Build squares and its Mega Shut Down tracker; the landmark blocks wait in the tray.

Nothing of a face's layout is public, so a face starts as GO alone; the box says how many spaces go round it, what
each one is and how many steps its tracker has the first time play needs them (``box face:<id> ...``). How many
Chance tiles of each kind the box holds is not public either; play never needs it, but once the box says it
(``box tiles:chance <kind>=N ...``, kept in ``[chance] counts``) a tile the pile cannot hold any more is refused.
This module reads that data (``[[faces]]`` in board.toml, ``[blocks]`` and ``[chance]`` in edition.toml) and
checks it; it knows nothing of the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

UNKNOWN_SPACE = "?"
"""A space of a face nobody has described yet."""
SIDES = (1, 2)
FACE_LENGTHS = range(4, 81)
"""How many spaces a mini board's face may have, GO included."""
TRACKER_STEPS = range(1, 21)
"""How many steps a Mega Shut Down tracker may have, from Start to its end."""
COLOUR_WORDS = {"light-blue": "light blue", "dark-blue": "dark blue"}
SPACE_NAMES = {"go": "GO", "chance": "Chance", "bank-heist": "Bank Heist", "shut-down": "Shut Down",
               "just-visiting": "Just Visiting", "free-parking": "Free Parking", "go-to-jail": "Go To Jail"}
"""The spaces of a mini board that are not colour spaces, as the players call them."""
TILE_NAMES = {"money-bag": "Money Bag", "go-button": "GO Button", "mr-monopoly": "Mr. Monopoly", "shield": "Shield"}
"""The kinds of Chance tile, as the players call them."""


def colour_name(colour: str) -> str:
    """A block or board colour as the players say it (``light blue``)."""
    return COLOUR_WORDS.get(colour, colour)


def tile_name(kind: str) -> str:
    """A kind of Chance tile as the players say it (``GO Button``)."""
    return TILE_NAMES.get(kind, kind)


def space_name(kind: str) -> str:
    """A kind of space of a mini board as a token stands on it: ``Bank Heist``, ``light blue space``."""
    return SPACE_NAMES.get(kind) or f"{colour_name(kind)} space"


@dataclass(frozen=True)
class Face:
    """One face of a mini board: its colour (its owner's die and marker), its side, and what the box has said of
    its layout so far."""

    id: str
    colour: str
    side: int
    length: int | None = None
    """How many spaces go round it, GO included (None until the box says)."""
    tracker: int | None = None
    """How many steps the Mega Shut Down tracker has from Start to its end (None until the box says)."""
    spaces: tuple[str, ...] = ()
    """What each space is, by position from GO (:data:`UNKNOWN_SPACE` where nobody has said)."""

    @property
    def name(self) -> str:
        """``the red board, side 1``."""
        return f"the {colour_name(self.colour)} board, side {self.side}"

    def kind_at(self, position: int) -> str:
        """What the space at ``position`` is: GO at 0, else what the box said (:data:`UNKNOWN_SPACE` if nothing)."""
        if position == 0:
            return "go"
        return self.spaces[position] if position < len(self.spaces) else UNKNOWN_SPACE

    @property
    def jail(self) -> int | None:
        """Where the Jail (Just Visiting) is, once the box has said."""
        return next((i for i, k in enumerate(self.spaces) if k == "just-visiting"), None)


@dataclass(frozen=True)
class MiniBoards:
    """What an edition played on mini boards gives: the faces, the block colours and the tray, the Build squares,
    the landmark's height and the Chance tiles."""

    faces: dict[str, Face]
    face_kinds: tuple[str, ...]
    colours: tuple[str, ...]
    per_colour: int
    build_squares: int
    landmark: int
    tiles: int
    tile_kinds: tuple[str, ...]
    tile_counts: dict[str, int] = field(default_factory=dict)
    """How many Chance tiles of each kind the box holds, for the kinds the box has said (none is published)."""

    def tile_count(self, kind: str) -> int | None:
        """How many tiles of ``kind`` the box holds: as the box says, or what the other kinds leave of all the
        tiles once the box has said each of them; None while unknown."""
        if kind in self.tile_counts:
            return self.tile_counts[kind]
        others = [k for k in self.tile_kinds if k != kind]
        if all(k in self.tile_counts for k in others):
            return self.tiles - sum(self.tile_counts[k] for k in others)
        return None

    def face_of(self, colour: str, side: int) -> Face | None:
        """The face of that colour and side."""
        return next((f for f in self.faces.values() if f.colour == colour and f.side == side), None)

    @property
    def board_colours(self) -> tuple[str, ...]:
        """The colours of the boards, in data order (each a die's colour)."""
        return tuple(dict.fromkeys(f.colour for f in self.faces.values()))


def read_mini_boards(raw: dict[str, Any]) -> MiniBoards | None:
    """The mini boards an edition's data describes (None for an edition played on one board)."""
    board = raw.get("board", {})
    if "faces" not in board:
        return None
    meta = raw.get("edition", {})
    blocks, chance = meta.get("blocks", {}), meta.get("chance", {})
    faces = {}
    for item in board["faces"]:
        spaces = [str(k) for k in item.get("spaces", [])]
        length = item.get("length")
        if isinstance(length, int):
            spaces = (spaces + [UNKNOWN_SPACE] * length)[:length]
            spaces[0] = "go"
        faces[item["id"]] = Face(item["id"], item["colour"], int(item["side"]), length if isinstance(length, int)
                                 else None, item.get("tracker") if isinstance(item.get("tracker"), int) else None,
                                 tuple(spaces))
    counts = {str(k): n for k, n in chance.get("counts", {}).items() if isinstance(n, int)}
    return MiniBoards(faces, tuple(board.get("face_kinds", ())), tuple(blocks.get("colours", ())),
                      int(blocks.get("per_colour", 0)), int(blocks.get("build_squares", 0)),
                      int(blocks.get("landmark", 0)), int(chance.get("tiles", 0)), tuple(chance.get("kinds", ())),
                      counts)


def mini_board_problems(raw: dict[str, Any]) -> list[str]:
    """Every problem with the mini boards' data: each face with an id, a colour and side 1 or 2, one face per
    colour and side; every space one of the face kinds; a length from 4 to 80 with GO first and at most one Jail;
    a tracker of 1 to 20 steps; blocks, Build squares and tiles counted."""
    board = raw.get("board", {})
    if "faces" not in board:
        return []
    problems = []
    kinds = set(board.get("face_kinds", ()))
    seen: set[tuple[Any, Any]] = set()
    for n, item in enumerate(board["faces"], start=1):
        fid = item.get("id") or f"#{n}"
        if not item.get("id") or not item.get("colour") or item.get("side") not in SIDES:
            problems.append(f"board.toml: face {fid} needs an id, a colour and side 1 or 2")
        if (item.get("colour"), item.get("side")) in seen:
            problems.append(f"board.toml: two faces are the {item.get('colour')} board, side {item.get('side')}")
        seen.add((item.get("colour"), item.get("side")))
        length, spaces = item.get("length"), item.get("spaces", [])
        if length is not None and not (isinstance(length, int) and length in FACE_LENGTHS):
            problems.append(f"board.toml: face {fid} has {length!r} spaces; a mini board has {FACE_LENGTHS[0]} to "
                            f"{FACE_LENGTHS[-1]}")
        bad = [k for k in spaces if k not in kinds and k != UNKNOWN_SPACE]
        if bad:
            problems.append(f"board.toml: face {fid}: {', '.join(map(str, bad))} is not a kind of space of a mini "
                            f"board ({', '.join(sorted(kinds))})")
        if isinstance(length, int) and len(spaces) > length:
            problems.append(f"board.toml: face {fid} lists {len(spaces)} spaces but has {length}")
        if (spaces and spaces[0] not in ("go", UNKNOWN_SPACE)) or "go" in spaces[1:]:
            problems.append(f"board.toml: face {fid}: GO is its first space and only there")
        if spaces.count("just-visiting") > 1:
            problems.append(f"board.toml: face {fid} has more than one Jail")
        tracker = item.get("tracker")
        if tracker is not None and not (isinstance(tracker, int) and tracker in TRACKER_STEPS):
            problems.append(f"board.toml: face {fid}: a Mega Shut Down tracker has {TRACKER_STEPS[0]} to "
                            f"{TRACKER_STEPS[-1]} steps, not {tracker!r}")
    meta = raw.get("edition", {})
    for key in ("per_colour", "build_squares", "landmark"):
        if not isinstance(meta.get("blocks", {}).get(key), int) or meta["blocks"][key] < 1:
            problems.append(f"edition.toml [blocks]: '{key}' must be a whole number, at least 1")
    if not meta.get("blocks", {}).get("colours"):
        problems.append("edition.toml [blocks]: 'colours' lists the block colours")
    chance = meta.get("chance", {})
    if not isinstance(chance.get("tiles"), int) or not chance.get("kinds"):
        problems.append("edition.toml [chance]: 'tiles' (how many) and 'kinds' are needed")
    else:
        problems += [f"edition.toml [chance] counts: {p}" for p in
                     tile_count_problems(chance["tiles"], tuple(chance["kinds"]), chance.get("counts", {}))]
    return problems


def tile_count_problems(tiles: int, kinds: tuple[str, ...], counts: dict[str, Any]) -> list[str]:
    """The Chance tiles the box holds of each kind: kinds of tile, each in the box at least once (the rule book
    has four kinds), no more in all than the box holds, and all of them when every kind is counted."""
    problems = [f"{k!r} is not a kind of Chance tile ({', '.join(kinds)})" for k in counts if k not in kinds]
    problems += [f"{tile_name(k)} tiles: a count from 1 to {tiles}, not {n!r}" for k, n in counts.items()
                 if k in kinds and not (isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= tiles)]
    if problems:
        return problems
    total, uncounted = sum(counts.values()), len(kinds) - len(counts)
    if not uncounted and total != tiles:
        problems.append(f"the box holds {tiles} Chance tiles in all, but the {len(kinds)} kinds add up to {total}")
    elif total + uncounted > tiles:
        problems.append(f"the box holds {tiles} Chance tiles in all: {total} of these kinds leave too few for the "
                        f"other {uncounted} (at least one of each)")
    return problems
