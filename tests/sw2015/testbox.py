"""TEST DATA: a made-up box of Monopoly Star Wars (2015), for the tests of that edition.

Nothing here ships and nothing here is the real box: the board's length, the order of its spaces, every price
and rent, each planet's number of spaces and the Base stock are NOT FOUND (editions-data.md, section 5). The
shipped edition leaves them unknown; these tests enter this invented box with ``box`` commands, as a family does
when play asks. Numbers are chosen to be easy to work out:

- 24 spaces, the Jail at 6; 12 Bases of each colour;
- planet spaces (price / rent): Hoth 1 and 2 (60 / 6), Tatooine 4 and 7 (100 / 10), Endor 8 and 11 (120 / 12),
  Kamino 14 and 15 (140 / 14), Coruscant 17 and 19 (200 / 20), Dagobah 20 and 23 (220 / 22), Kashyyyk 21
  (240 / 24), Geonosis 22 (260 / 27): fourteen planet spaces;
- Rebel cards 3, Empire cards 13; Hyperdrive 5 and 16; Bounty Hunter 10; Trade Federation Tax 9 (200);
  Free Parking 12; Go To Jail 18;
- every half of every Force card collects 10 (``card P collect-10-rebel`` for a Rebel, ``-empire`` for the
  Empire), but two of each side's halves in each deck are a Just say no! (``no-rebel``, ``no-empire``): 16 + 2.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from companion.edition import Edition, load_edition
from companion.engine.game import Game
from companion.engine.state import Setup
from companion.rules import new_game as open_game
from tests.rules.helpers import play

ROOT = Path(__file__).resolve().parents[2]
LENGTH, JAIL, BASES = 24, 6, 12
PLANETS: dict[int, tuple[str, int, int]] = {
    1: ("hoth", 60, 6), 2: ("hoth", 60, 6), 4: ("tatooine", 100, 10), 7: ("tatooine", 100, 10),
    8: ("endor", 120, 12), 11: ("endor", 120, 12), 14: ("kamino", 140, 14), 15: ("kamino", 140, 14),
    17: ("coruscant", 200, 20), 19: ("coruscant", 200, 20), 20: ("dagobah", 220, 22), 23: ("dagobah", 220, 22),
    21: ("kashyyyk", 240, 24), 22: ("geonosis", 260, 27),
}
"""Planet spaces by position: planet, price, rent (TEST DATA)."""
OTHERS: dict[int, str] = {3: "kind=card deck=rebel", 13: "kind=card deck=empire", 5: "kind=hyperdrive",
                          16: "kind=hyperdrive", 10: "kind=bounty-hunter", 9: "kind=tax", 12: "kind=free-parking",
                          18: "kind=go-to-jail"}
SEATS = {"luke": ("Luke", "luke-skywalker", "rebel"), "vader": ("Vader", "darth-vader", "empire"),
         "finn": ("Finn", "finn", "rebel"), "kylo": ("Kylo", "kylo-ren", "empire")}


@cache
def edition() -> Edition:
    """The shipped edition, its box unknown."""
    return load_edition(ROOT / "editions" / "star-wars-2015")


def space(position: int) -> str:
    """The id of the space at a position (``space-5``)."""
    return f"space-{position}"


def layout_lines(bases: int = BASES) -> list[str]:
    """The box commands that describe the whole made-up board (TEST DATA)."""
    lines = [f"box board:layout length={LENGTH} jail={JAIL} bases={bases}"]
    for position, (planet, price, rent) in PLANETS.items():
        lines.append(f"box space:{space(position)} kind=planet group={planet} price={price} rent={rent}")
    lines += [f"box space:{space(p)} {words}" for p, words in OTHERS.items()]
    lines += [line for deck in ("rebel", "empire") for side in ("rebel", "empire") for line in (
        f"box card:{deck}/collect-10-{side} 'title=Collect 10' effect=collect amount=10 side={side} count=16",
        f"box card:{deck}/no-{side} 'title=Just say no!' effect=just-say-no side={side} count=2")]
    return lines


def seats(*players: str) -> list[dict[str, str]]:
    """The set-up's seats of the players (ids of :data:`SEATS`), in turn order."""
    return [{"id": p, "name": SEATS[p][0], "token": SEATS[p][1], "side": SEATS[p][2]} for p in players]


def new_game(*players: str, learnt: bool = True, bases: int = BASES) -> Game:
    """A game with the players (ids of :data:`SEATS`, in turn order); ``learnt``: the whole made-up board entered
    before the first roll (else the box is asked as play goes), with ``bases`` of each colour."""
    game = open_game(edition(), Setup("star-wars-2015", "standard", seats(*players)))
    if learnt:
        play(game, *layout_lines(bases))
    return game


def place_bases(game: Game, player: str, *positions: int) -> None:
    """TEST-ONLY shortcut: ``player`` holds the planet spaces at ``positions``, each with a Base of their side
    from the bank (as if bought; nothing is paid and nothing is journaled)."""
    from companion.engine.events import Posted
    from companion.engine.ledger import BANK, Transaction, deed_unit, site_account
    from companion.rules.core import Emitter
    from companion.rules.mechanics.bases import base_unit

    side = game.state.player(player).side
    parts = [t for p in positions for t in (
        Transaction.transfer("test set-up", BANK, player, deed_unit(space(p)), 1),
        Transaction.transfer("test set-up", BANK, site_account(space(p)), base_unit(side), 1))]
    Emitter(game.state).add(Posted(Transaction.combine("test set-up", parts)))
