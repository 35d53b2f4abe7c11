"""Shared builders for The Mandalorian rule tests (MA-* in docs/rules/mandalorian.md).

The games play the shipped edition with the made-up box of :mod:`tests.mando.testbox` laid over it (TEST DATA).
Prefer real commands (:func:`play`, :func:`refusal`, :func:`codes`); the functions marked TEST-ONLY reach a
position quickly by posting events outside any command (nothing is journaled, so an undo or a replay forgets
them) and say so in their names' docstrings.

Board of the test box (position: what is there; hideout set k costs 10 + 10k and pays 5k):

- 0 GO, 8 Jail / Just Visiting, 16 Free Parking, 24 Go To Jail; Imperial Advances 4, 12, 20, 28 with outposts
  1 to 4 beside them;
- hideouts: set 1 = 1, 3; set 2 = 5, 7; set 3 = 9, 11; set 4 = 13, 15; set 5 = 17, 19; set 6 = 21, 23;
  set 7 (green) = 25, 27; set 8 (blue) = 30, 31;
- Signet 2, 14, 18, 29; Imperial Credits 6, 22; Hyperspace Jumps 10, 26.

Enemy cards: Incinerator Stormtrooper level L needs 3 + L, rewards 20L and costs 10L; Death Trooper level L needs
4 + L, rewards 25L and costs 15L; Moff Gideon needs 10.
"""

from __future__ import annotations

from companion.engine.events import Event, Posted, TokenMoved
from companion.engine.game import Game
from companion.engine.ledger import BANK, CREDITS, Transaction, deed_unit
from companion.rules.coop_events import BattleOpened, EnemyMoved, GroguMoved, SignetMoved
from companion.rules.coop_state import coop
from companion.rules.core import Emitter
from tests.rules.helpers import codes as codes
from tests.rules.helpers import play as play
from tests.rules.helpers import refusal as refusal
from tests.rules.helpers import rejected as rejected

from .testbox import HIDEOUTS, deed_id

INC = "incinerator-stormtrooper"
DT = "death-trooper"
MOFF = "moff-gideon"


def hideouts(k: int) -> tuple[str, str]:
    """The two hideouts of colour set ``k`` (1 to 8) of the test box, as space ids."""
    return deed_id(HIDEOUTS[2 * k - 2]), deed_id(HIDEOUTS[2 * k - 1])


def cash(game: Game, player: str) -> int:
    """A hero's credits."""
    return game.state.cash(player)


def where(game: Game, enemy: str) -> tuple[int, int]:
    """An enemy's (board position, outpost): (-1, k) while in outpost k."""
    e = coop(game.state).enemies[enemy]
    return e.position, e.outpost


def grogu(game: Game) -> tuple[str, int]:
    """Grogu's (holder, position): ("", p) while he stands alone on space p."""
    s = coop(game.state)
    return s.grogu_holder, s.grogu_position


def signets(game: Game, player: str) -> list[str]:
    """The Signet cards a hero keeps."""
    return list(coop(game.state).signets.get(player, []))


def trophies(game: Game, player: str) -> list[str]:
    """The enemy cards a hero has won."""
    return list(coop(game.state).trophies.get(player, []))


def offer_unbid(game: Game, player: str) -> list[Event]:
    """Let a hideout on offer go to an auction nobody bids in (it stays with the Bank)."""
    if any(d.kind == "offer" and d.player == player for d in game.state.decisions):
        return play(game, f"decline {player}", "close")
    return []


def quiet_turn(game: Game, player: str, die: int) -> list[Event]:
    """Roll ``die`` for the move, let a hideout on offer go unbid, then end the turn. Anything else left open
    (a card, an advance, a battle, a debt) makes ``end`` fail loudly."""
    events = play(game, f"roll {player} {die}")
    return events + offer_unbid(game, player) + play(game, f"end {player}")


def _emit(game: Game, *events: Event) -> None:
    """TEST-ONLY: fold events into the state outside any command (not journaled)."""
    emit = Emitter(game.state)
    for event in events:
        emit.add(event)


def give_deeds(game: Game, player: str, *space_ids: str) -> None:
    """TEST-ONLY shortcut: hand hideouts to ``player`` from whoever holds them (normally the Bank) as a gift, in
    one balanced ledger transaction."""
    s = game.state
    parts = [Transaction.transfer("test set-up", s.owner(x), player, deed_unit(x), 1) for x in space_ids]
    _emit(game, Posted(Transaction.combine("test set-up: give hideouts", parts)))


def set_cash(game: Game, player: str, amount: int) -> None:
    """TEST-ONLY shortcut: ``player`` holds exactly ``amount`` credits afterwards (the Bank evens it out)."""
    diff = amount - game.state.cash(player)
    if diff > 0:
        _emit(game, Posted(Transaction.transfer("test set-up: cash", BANK, player, CREDITS, diff)))
    elif diff < 0:
        _emit(game, Posted(Transaction.transfer("test set-up: cash", player, BANK, CREDITS, -diff)))


def place_enemy(game: Game, enemy: str, position: int = -1, outpost: int = 0) -> None:
    """TEST-ONLY shortcut: stand an enemy on a board space, or (position -1) in an outpost."""
    _emit(game, EnemyMoved(enemy, position, outpost, "test set-up"))


def place_hero(game: Game, player: str, position: int) -> None:
    """TEST-ONLY shortcut: stand a hero's token on a space without resolving it."""
    _emit(game, TokenMoved(player, position, "test set-up"))


def hand_grogu(game: Game, player: str) -> None:
    """TEST-ONLY shortcut: ``player`` carries Grogu."""
    _emit(game, GroguMoved(player, -1, "test set-up"))


def deal_signet(game: Game, player: str, card: str) -> None:
    """TEST-ONLY shortcut: ``player`` keeps the Signet card ``card``."""
    _emit(game, SignetMoved(card, "", player))


def leave_grogu(game: Game, position: int) -> None:
    """TEST-ONLY shortcut: Grogu stands alone on board space ``position``."""
    _emit(game, GroguMoved("", position, "test set-up"))


def open_battle(game: Game, player: str, enemy: str) -> None:
    """TEST-ONLY shortcut: ``player`` must fight ``enemy`` (standing on the hero's space) against its next card,
    whatever the space."""
    _emit(game, BattleOpened(player, enemy, game.rules.enemy_card(coop(game.state), enemy).id))
