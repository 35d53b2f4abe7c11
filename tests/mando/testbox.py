"""TEST DATA: a made-up box of The Mandalorian Edition, for the tests of that edition.

Nothing here ships and nothing here is the real box: no hideout name, price or rent, no enemy card's number,
reward or penalty, no Signet card and no position of the Signet, Imperial Credits or Hyperspace Jump spaces is
public (editions-data.md, section 1). The shipped edition leaves them unknown; these tests lay this invented box
over it, as an owner's box profile is laid over it at the table. Numbers are chosen to be easy to work out:

- board (32 spaces): GO 0, Jail 8, Free Parking 16, Go To Jail 24 and Imperial Advances 4, 12, 20, 28 are the
  edition's; Signet spaces 2, 14, 18, 29; Imperial Credits 6, 22; Hyperspace Jumps 10, 26; every other space is
  a hideout;
- the hideouts in board order form the colour sets two by two (1+3, 5+7, 9+11, 13+15, 17+19, 21+23, 25+27,
  30+31); set k (1 to 8) costs 10 + 10k and pays rent 5k, e.g. set 1 (spaces 1 and 3) costs 20 and pays 5;
- Incinerator Stormtrooper level L: number 3 + L, reward 20L, penalty 10L; Death Trooper level L: number 4 + L,
  reward 25L, penalty 15L; Moff Gideon: number 10;
- Signet cards: see :data:`SIGNETS` (ten of the twenty; the rest are entered when drawn);
- the second season (:func:`season2`): the same layout and values, the Unexpected Allies where the jumps are
  (space 10 pays 40, space 26 brings Grogu), and the Stormtrooper's cards those of the Incinerator Stormtrooper.
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
MANDO = ROOT / "editions" / "mandalorian"

SIGNET_SPACES = (2, 14, 18, 29)
CREDITS_SPACES = (6, 22)
JUMPS = (10, 26)
FIXED = (0, 4, 8, 12, 16, 20, 24, 28)
HIDEOUTS = tuple(p for p in range(32) if p not in (*SIGNET_SPACES, *CREDITS_SPACES, *JUMPS, *FIXED))
GROUP_IDS = ("colour-set-3", "colour-set-4", "colour-set-5", "colour-set-6", "colour-set-7", "colour-set-8",
             "green", "blue")


def set_of(position: int) -> int:
    """The colour set (1 to 8) of the hideout at ``position`` (TEST DATA)."""
    return HIDEOUTS.index(position) // 2 + 1


def price(position: int) -> int:
    """TEST DATA: the price of the hideout at ``position``."""
    return 10 + 10 * set_of(position)


def rent(position: int) -> int:
    """TEST DATA: the rent of the hideout at ``position``."""
    return 5 * set_of(position)


def deed_id(position: int) -> str:
    """The id of the space at ``position`` in the shipped data."""
    return f"space-{position}"


def space_values(position: int) -> dict[str, Any]:
    """TEST DATA: the layout of one space and what is printed on it."""
    if position in HIDEOUTS:
        k = set_of(position)
        values = {"kind": "hideout", "name": f"Hideout {k}{'AB'[HIDEOUTS.index(position) % 2]} (test)",
                  "group": GROUP_IDS[k - 1], "price": price(position), "rent": rent(position)}
        return {key: v for key, v in values.items() if not (position in (27, 31) and key in ("kind", "group"))}
    if position in SIGNET_SPACES:
        return {"kind": "card", "name": "Signet"}
    if position in CREDITS_SPACES:
        return {"kind": "collect", "name": "Imperial Credits"}
    return {"kind": "jump", "name": "Hyperspace Jump"}


def enemy_card(deck: str, level: int) -> dict[str, Any]:
    """TEST DATA: the values printed on an enemy card."""
    if deck == "incinerator-stormtrooper":
        return {"number": 3 + level, "reward": 20 * level, "penalty": 10 * level}
    return {"number": 4 + level, "reward": 25 * level, "penalty": 15 * level}


SIGNETS: dict[str, dict[str, Any]] = {
    "bonus-2": {"title": "Test: +2 in battle", "effect": "battle-bonus", "amount": 2, "count": 3},
    "second-try": {"title": "Test: second try", "effect": "second-chance", "count": 2},
    "find-grogu": {"title": "Test: find Grogu", "effect": "take-grogu", "count": 1},
    "payday": {"title": "Test: collect 40", "effect": "collect", "amount": 40, "count": 1},
    "bribe": {"title": "Test: pay 20", "effect": "pay", "amount": 20, "count": 1},
    "to-go": {"title": "Test: advance to GO", "effect": "advance", "target": "go", "count": 1},
    "arrest": {"title": "Test: go to Jail", "effect": "go-to-jail", "count": 1},
}
"""TEST DATA: ten of the twenty Signet cards."""


def box_profile(cards: bool = True, enemies: bool = True) -> BoxProfile:
    """TEST DATA: the test box as a box profile: the layout and hideouts always, the enemy cards with
    ``enemies``, the Signet cards above with ``cards``."""
    spaces = {deed_id(p): space_values(p) for p in range(32) if p not in FIXED}
    groups = {g: {"name": f"Test set {k}", "colour": BAND_COLOURS[k - 1][0]}
              for k, g in enumerate(GROUP_IDS[:6], start=1)}
    decks: dict[str, dict[str, Any]] = {}
    if enemies:
        for deck in ("incinerator-stormtrooper", "death-trooper"):
            decks[deck] = {f"level-{n}": enemy_card(deck, n) for n in range(1, 5)}
        decks["moff-gideon"] = {"moff-gideon": {"number": 10}}
    if cards:
        decks["signet"] = SIGNETS
    values: dict[str, dict[str, Any]] = {"spaces": spaces, "groups": groups, "cards": decks}
    return BoxProfile("mandalorian", "test-box", "Test box (made-up values)", 1, "1", values=values)


@cache
def shipped() -> Edition:
    """The Mandalorian edition as it ships."""
    return load_edition(MANDO)


@cache
def mando(cards: bool = True, enemies: bool = True) -> Edition:
    """TEST DATA: the edition with the test box laid over it."""
    return with_box(shipped(), box_profile(cards, enemies))


MANDO2 = ROOT / "editions" / "mandalorian-season-2"
ALLIES = {10: {"title": "Test: an ally pays 40", "effect": "collect", "amount": 40},
          26: {"title": "Test: an ally brings Grogu", "effect": "take-grogu"}}
"""TEST DATA: what the Unexpected Allies on spaces 10 and 26 do in the test box of the second season."""


def season2_profile() -> BoxProfile:
    """TEST DATA: the test box laid out for the second season: Signet and ally spaces name their deck, and the
    Stormtrooper's cards are the Incinerator Stormtrooper's."""
    values = box_profile().values
    spaces = dict(values["spaces"])
    for p in SIGNET_SPACES:
        spaces[deed_id(p)] = {**spaces[deed_id(p)], "deck": "signet"}
    for p in JUMPS:
        spaces[deed_id(p)] = {"kind": "card", "name": "Unexpected Allies", "deck": "unexpected-allies"}
    cards = dict(values["cards"])
    cards["stormtrooper"] = cards.pop("incinerator-stormtrooper")
    cards["unexpected-allies"] = {f"ally-{p}": card for p, card in ALLIES.items()}
    return BoxProfile("mandalorian-season-2", "test-box", "Test box (made-up values)", 1, "1",
                      values={**values, "spaces": spaces, "cards": cards})


@cache
def season2() -> Edition:
    """TEST DATA: the second season's edition with its test box laid over it."""
    return with_box(load_edition(MANDO2), season2_profile())


SEATS = (("din", "din-djarin"), ("cara", "cara-dune"), ("ig", "ig-11"), ("kuiil", "kuiil"))
SEATS2 = (("din", "din-djarin"), ("bo", "bo-katan-kryze"), ("ahsoka", "ahsoka-tano"), ("boba", "boba-fett"))


def setup(players: int = 2, tokens: tuple[str, ...] = (), edition: str = "mandalorian") -> Setup:
    """Seats din (Din Djarin), cara (Cara Dune), ig (IG-11), kuiil (Kuiil) in that order (the second season:
    din, bo (Bo-Katan Kryze), ahsoka (Ahsoka Tano), boba (Boba Fett)); ``tokens`` gives other characters to the
    first seats."""
    cast = SEATS2 if edition == "mandalorian-season-2" else SEATS
    seats = []
    for i in range(players):
        pid, token = cast[i]
        seats.append({"id": pid, "name": pid.capitalize(), "token": tokens[i] if i < len(tokens) else token})
    return Setup(edition, "standard", seats)


def new_game(players: int = 2, tokens: tuple[str, ...] = (), edition: Edition | None = None) -> Game:
    """A fresh game on the test box (or on ``edition``); din has the silver die first."""
    edition = edition or mando()
    return open_game(edition, setup(players, tokens, edition.id))


def new_game2(players: int = 4, tokens: tuple[str, ...] = ()) -> Game:
    """A fresh game of the second season on its test box; din has the silver die first."""
    return new_game(players, tokens, season2())
