"""TEST DATA: a made-up Boba Fett box, for the tests of the Boba Fett edition.

Nothing here ships and nothing here is the real box: no name, price, payment table, armour cost, inactive value,
tax amount, space order or card of the Boba Fett edition is public (editions-data.md, section 3.3). The shipped
edition leaves all of them unknown; these tests lay this invented box over it, the way an owner's box profile is
laid over it at the table. The numbers are chosen to be easy to work out by hand:

- colour set k (1 to 8) has two characters, "Character <k>A" and "<k>B", each priced 100 x k with an
  inactive value of half that, payments 10k, 40k, 100k, 200k, 300k (with 0 to 4 Sigils) and 400k (a Skull), a
  Sigil cost of 50 x ceil(k / 2) and a Skull cost 25 more than the Sigil cost (so the two can be told apart);
- equipment costs 200 (inactive 100) and pays 25, 50, 100, 200 for 1 to 4 owned;
- Imperial forces cost 150 (inactive 75); their 4x / 10x the dice are the rule book's, not this box's;
- Sarlacc Pit (space 4) charges 200 and Sail Barge Escape (space 38) 100;
- card spaces alternate between the Bounty Hunter and Pursuit Craft decks.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from companion.box.fields import BAND_COLOURS
from companion.box.profile import BoxProfile
from companion.edition import Edition, load_edition
from companion.engine.game import Game
from companion.engine.state import Setup
from companion.rules import new_game as open_game
from companion.table.box_play import with_box

ROOT = Path(__file__).resolve().parents[2]
BOBA = ROOT / "editions" / "boba-fett"

# Board order of the test box: position -> (kind, group or deck or tax name).
STREETS = (1, 3, 6, 8, 11, 13, 16, 18, 21, 23, 26, 29, 31, 33, 37, 39)
EQUIPMENT = (5, 15, 25, 35)
IMPERIAL_FORCES = (12, 28)
TAXES = {4: ("Sarlacc Pit", 200), 38: ("Sail Barge Escape", 100)}
BOUNTY_SPACES = (2, 9, 17, 22, 27, 34)
PURSUIT_SPACES = (7, 14, 19, 24, 32, 36)


def set_of(position: int) -> int:
    """The colour set (1 to 8) of the character at ``position``."""
    return STREETS.index(position) // 2 + 1


def sigil_cost(k: int) -> int:
    """What a Sigil costs on a character of set ``k`` (TEST DATA)."""
    return 50 * ((k + 1) // 2)


def character(position: int) -> dict[str, Any]:
    """TEST DATA: everything printed for the character at ``position``."""
    k = set_of(position)
    return {"kind": "street", "name": f"Character {k}{'AB'[STREETS.index(position) % 2]} (test)",
            "group": f"colour-set-{k}", "price": 100 * k, "mortgage": 50 * k,
            "rent": [10 * k, 40 * k, 100 * k, 200 * k, 300 * k, 400 * k],
            "build_cost": sigil_cost(k), "hotel_cost": sigil_cost(k) + 25}


def space_values(position: int, printed: bool = True) -> dict[str, Any]:
    """TEST DATA: the layout of one space of the test box and, with ``printed``, what is printed on it."""
    if position in STREETS:
        values = character(position)
    elif position in EQUIPMENT:
        values = {"kind": "vessel", "name": f"Equipment {EQUIPMENT.index(position) + 1} (test)",
                  "group": "equipment", "price": 200, "mortgage": 100, "rent": [25, 50, 100, 200]}
    elif position in IMPERIAL_FORCES:
        values = {"kind": "utility", "name": f"Imperial force {IMPERIAL_FORCES.index(position) + 1} (test)",
                  "group": "imperial-forces", "price": 150, "mortgage": 75}
    elif position in TAXES:
        values = {"kind": "tax", "name": TAXES[position][0], "amount": TAXES[position][1]}
    else:
        deck = "bounty-hunter" if position in BOUNTY_SPACES else "pursuit-craft"
        values = {"kind": "card", "name": "Bounty Hunter" if position in BOUNTY_SPACES else "Pursuit Craft",
                  "deck": deck}
    layout = ("kind", "name", "group", "deck")
    return values if printed else {k: v for k, v in values.items() if k in layout}


CARDS: dict[str, dict[str, dict[str, Any]]] = {
    "bounty-hunter": {
        "jail-free": {"title": "Test: out of Jail free", "effect": "jail-free", "count": 1},
        "reward": {"title": "Test: collect 100", "effect": "collect", "amount": 100, "count": 1},
        "to-go": {"title": "Test: to GO", "effect": "advance", "target": "go", "count": 1},
    },
    "pursuit-craft": {
        "fine": {"title": "Test: pay 50", "effect": "pay", "amount": 50, "count": 1},
        "to-jail": {"title": "Test: to Jail", "effect": "go-to-jail", "count": 1},
        "nearest-force": {"title": "Test: nearest Imperial force", "effect": "nearest", "kind": "utility",
                          "count": 1},
    },
}
"""TEST DATA: six made-up cards; the other 26 of the 32 are entered when drawn."""


def box_profile(printed: bool = True, cards: bool = True) -> BoxProfile:
    """TEST DATA: the test box as a box profile: the layout always, the printed values with ``printed``, the six
    cards above with ``cards``."""
    spaces = {f"space-{p}": space_values(p, printed) for p in range(40) if p % 10}
    groups = {f"colour-set-{k}": {"name": f"Test set {k}", "colour": BAND_COLOURS[k - 1][0]} for k in range(1, 9)}
    values: dict[str, dict[str, Any]] = {"spaces": spaces, "groups": groups}
    if cards:
        values["cards"] = CARDS
    return BoxProfile("boba-fett", "test-box", "Test box (made-up values)", 1, "1", values=values)


@cache
def shipped() -> Edition:
    """The Boba Fett edition as it ships: nothing printed is known."""
    return load_edition(BOBA)


@cache
def boba(printed: bool = True, cards: bool = True) -> Edition:
    """TEST DATA: the Boba Fett edition with the test box laid over it."""
    return with_box(shipped(), box_profile(printed, cards))


SEATS = ("din", "fennec", "bossk", "cad")


def new_game(players: int = 2, printed: bool = True, cards: bool = True) -> Game:
    """A fresh Boba Fett game on the test box; the first seat (din) has the dice."""
    setup = Setup("boba-fett", "standard", [{"id": p, "name": p.capitalize()} for p in SEATS[:players]], 0)
    return open_game(boba(printed, cards), setup)


def deed_id(position: int) -> str:
    """The id of the space at ``position`` (``space-<position>``; the box gives no ids of its own)."""
    return f"space-{position}"
