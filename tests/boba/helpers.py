"""Shared builders for the Boba Fett rule tests (BF-* in docs/rules/boba-fett.md).

The games play the Boba Fett edition with the made-up box of :mod:`tests.boba.testbox` laid over it. Prefer real
commands (:func:`play`, :func:`rejected`, :func:`codes`); :func:`give_deeds`, :func:`give_cash` and
:func:`set_cash` are TEST-ONLY shortcuts that reach a position quickly and are labelled as such.

Board of the test box (position: what is there; set k has a price of 100k, payments 10k / 40k / 100k / 200k /
300k / 400k, a Sigil cost of 50 x ceil(k / 2), a Skull cost 25 more and an inactive value of 50k):

- 0 GO, 10 Jail / Just Visiting, 20 Free Parking, 30 Go To Jail;
- characters: set 1 = 1, 3; set 2 = 6, 8; set 3 = 11, 13; set 4 = 16, 18; set 5 = 21, 23; set 6 = 26, 29;
  set 7 = 31, 33; set 8 = 37, 39;
- equipment 5, 15, 25, 35 (price 200, inactive 100, payments 25 / 50 / 100 / 200);
- Imperial forces 12, 28 (price 150, inactive 75);
- Sarlacc Pit 4 (200), Sail Barge Escape 38 (100);
- Bounty Hunter 2, 9, 17, 22, 27, 34; Pursuit Craft 7, 14, 19, 24, 32, 36.
"""

from __future__ import annotations

from companion.engine.events import Event, Posted
from companion.engine.game import Game
from companion.engine.ledger import BANK, CREDITS, HOTEL, HOUSE, Transaction, deed_unit
from companion.rules.core import Emitter
from tests.rules.helpers import codes as codes
from tests.rules.helpers import dice_for as dice_for
from tests.rules.helpers import play as play
from tests.rules.helpers import refusal as refusal
from tests.rules.helpers import rejected as rejected

from .testbox import STREETS, deed_id


def colour_set(k: int) -> tuple[str, str]:
    """The two characters of colour set ``k`` (1 to 8) of the test box, as space ids."""
    return deed_id(STREETS[2 * k - 2]), deed_id(STREETS[2 * k - 1])


def messages(game: Game, line: str) -> str:
    """Assert that ``line`` is refused and changes nothing; return what the players read, all messages joined."""
    return " ".join(v.message for v in refusal(game, line).violations)


def roll_to(game: Game, player: str, position: int) -> list[Event]:
    """Roll non-double dice that take ``player`` from their space to board ``position`` (3 to 11 ahead)."""
    here = game.state.player(player).position
    return play(game, f"roll {player} {dice_for((position - here) % len(game.edition.spaces))}")


def quiet_turn(game: Game, player: str, position: int) -> list[Event]:
    """A turn with nothing to settle: roll (no doubles) to ``position``, let a Title Deed on offer go unbid
    (it stays with the Depository), then end the turn. Any other open item makes ``end`` fail loudly."""
    events = roll_to(game, player, position)
    if any(d.kind == "offer" and d.player == player for d in game.state.decisions):
        events += play(game, f"decline {player}", "close")
    return events + play(game, f"end {player}")


def cash(game: Game, player: str) -> int:
    """A player's credits."""
    return game.state.cash(player)


def depository(game: Game, piece: str) -> int:
    """How many Sigils (``house``) or Skulls (``hotel``) the Depository holds."""
    assert piece in (HOUSE, HOTEL)
    return game.state.ledger.balance(BANK, piece)


def build_rows(game: Game, player: str, deeds: tuple[str, ...], rows: int) -> None:
    """Add ``rows`` rows of armour symbols on ``deeds`` with real ``build`` commands, one per character per row
    (the fifth row is the Skulls)."""
    for _ in range(rows):
        for deed in deeds:
            play(game, f"build {player} {deed}")


def _post(game: Game, txn: Transaction) -> None:
    """TEST-ONLY: post a balanced transaction through a ``Posted`` event, outside any command (not journaled)."""
    Emitter(game.state).add(Posted(txn))


def give_deeds(game: Game, player: str, *space_ids: str) -> None:
    """TEST-ONLY shortcut: hand Title Deeds to ``player`` (from whoever holds them, normally the Depository) as
    a gift. Posts one balanced ledger transaction; nothing is journaled."""
    s = game.state
    parts = []
    for space_id in space_ids:
        assert game.edition.space(space_id).is_deed, f"{space_id} has no Title Deed"
        parts.append(Transaction.transfer("test set-up", s.owner(space_id), player, deed_unit(space_id), 1))
    _post(game, Transaction.combine("test set-up: give Title Deeds", parts))


def give_cash(game: Game, player: str, amount: int) -> None:
    """TEST-ONLY shortcut: the Depository hands ``player`` ``amount`` credits (negative: takes them back).
    Nothing is journaled."""
    if amount >= 0:
        _post(game, Transaction.transfer("test set-up: cash", BANK, player, CREDITS, amount))
    else:
        _post(game, Transaction.transfer("test set-up: cash", player, BANK, CREDITS, -amount))


def set_cash(game: Game, player: str, amount: int) -> None:
    """TEST-ONLY shortcut: ``player`` holds exactly ``amount`` credits afterwards (the Depository evens it out)."""
    give_cash(game, player, amount - game.state.cash(player))

