"""Shared builders for the Original Trilogy rule tests.

Stable API (other rule-test files import it): :func:`edition`, :func:`new_game`, :func:`play`,
:func:`rejected`, :func:`codes`, :func:`dice_for`, :func:`roll_to`, :func:`roll_and_end` and the test-only
shortcuts :func:`give_deeds` and :func:`give_cash`.
Prefer real commands; the shortcuts exist only to reach a position quickly and are labelled as such.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from companion.edition import Edition, load_edition
from companion.engine.commands import parse_command
from companion.engine.errors import CommandRejected
from companion.engine.events import Event, Posted
from companion.engine.game import Game
from companion.engine.ledger import BANK, CREDITS, Transaction, deed_unit
from companion.engine.state import Setup
from companion.rules import new_game as open_game
from companion.rules.core import Emitter

REPO_ROOT = Path(__file__).resolve().parents[2]
EDITION_DIR = REPO_ROOT / "editions" / "original-trilogy"

# Seats in turn order: id, token id, side. The first four are the usual cast; the rest fill an 8-player table.
SEATS: tuple[tuple[str, str, str], ...] = (
    ("luke", "luke-skywalker", "rebel"),
    ("vader", "darth-vader", "empire"),
    ("han", "r2-d2", "rebel"),
    ("tarkin", "grand-moff-tarkin", "empire"),
    ("lando", "lando-calrissian", "rebel"),
    ("obiwan", "obi-wan-kenobi", "rebel"),
    ("pilot", "tie-fighter-pilot", "empire"),
    ("tusken", "tusken-raider", "empire"),
)


@cache
def edition() -> Edition:
    """The Original Trilogy edition, loaded once per test session."""
    return load_edition(EDITION_DIR)


def seat(index: int) -> dict[str, str]:
    """The set-up entry of seat ``index`` (0 = luke, 1 = vader, 2 = han, 3 = tarkin, ...)."""
    pid, token, side = SEATS[index]
    return {"id": pid, "name": pid.capitalize(), "token": token, "side": side}


def new_game(players: int = 2, variant: str = "standard", seed: int = 0) -> Game:
    """A fresh game with the first ``players`` seats of :data:`SEATS`; luke has the dice first."""
    setup = Setup(edition().id, variant, [seat(i) for i in range(players)], seed)
    return open_game(edition(), setup)


def play(game: Game, *lines: str) -> list[Event]:
    """Apply each command line in order; raises :class:`CommandRejected` on the first refusal.

    Returns every event of all the lines, in order.
    """
    events: list[Event] = []
    for line in lines:
        events += game.apply(parse_command(line))
    return events


def refusal(game: Game, line: str) -> CommandRejected:
    """Assert that ``line`` is refused and changes nothing (state and journal); return the refusal."""
    before = game.state.snapshot()
    entries = len(game.entries)
    try:
        game.apply(parse_command(line))
    except CommandRejected as exc:
        assert game.state.snapshot() == before, f"rejected {line!r} changed the state"
        assert len(game.entries) == entries, f"rejected {line!r} was journaled"
        return exc
    raise AssertionError(f"{line!r} was accepted but should have been refused")


def rejected(game: Game, line: str) -> list[str]:
    """Assert that ``line`` is refused and changes nothing; return the violation codes."""
    return [v.code for v in refusal(game, line).violations]


def codes(game: Game, line: str) -> list[str]:
    """The violation codes ``line`` would get now, without applying it (empty: it would be accepted)."""
    return [v.code for v in game.validate(parse_command(line))]


def dice_for(steps: int) -> str:
    """Two die faces (as ``"a b"``) that are NOT doubles and add up to ``steps`` (3 to 11)."""
    if not 3 <= steps <= 11:
        raise ValueError(f"{steps} cannot be rolled without doubles")
    low = max(1, steps - 6)
    high = steps - low
    if low == high:
        low, high = low - 1, high + 1
    return f"{low} {high}"


def roll_to(game: Game, player: str, position: int) -> list[Event]:
    """Roll non-double dice that take ``player`` from their square to board ``position`` (3 to 11 ahead)."""
    here = game.state.player(player).position
    steps = (position - here) % len(edition().spaces)
    return play(game, f"roll {player} {dice_for(steps)}")


def roll_and_end(game: Game, player: str, dice: str) -> list[Event]:
    """A quiet turn: roll ``dice`` (e.g. ``"4 6"``), decline any deed offered (no bids: it stays with the
    bank), then end the turn. Any other open item of the player (card, tax...) makes ``end`` fail loudly."""
    events = play(game, f"roll {player} {dice}")
    if any(d.kind == "offer" and d.player == player for d in game.state.decisions):
        events += play(game, f"decline {player}", "close")
    return events + play(game, f"end {player}")


def _post(game: Game, txn: Transaction) -> None:
    """TEST-ONLY: post a balanced transaction through a ``Posted`` event, outside any command.

    Not journaled: an ``undo`` (which rebuilds from the journal) forgets it. Use only to set up a position.
    """
    Emitter(game.state).add(Posted(txn))


def give_deeds(game: Game, player: str, *space_ids: str, paid: bool = False) -> None:
    """TEST-ONLY shortcut: hand deeds to ``player`` from whoever holds them (normally the bank).

    Posts one balanced ledger transaction via a ``Posted`` event; nothing is journaled. With ``paid`` the
    player pays the bank each deed's printed price (as if bought); by default the deeds are a gift.
    """
    s = game.state
    parts = []
    for space_id in space_ids:
        deed = edition().space(space_id)
        assert deed.is_deed, f"{space_id} has no deed"
        parts.append(Transaction.transfer("test set-up", s.owner(space_id), player, deed_unit(space_id), 1))
        if paid:
            parts.append(Transaction.transfer("test set-up", player, BANK, CREDITS, deed.price))
    _post(game, Transaction.combine("test set-up: give deeds", parts))


def give_cash(game: Game, player: str, amount: int) -> None:
    """TEST-ONLY shortcut: the bank hands ``player`` ``amount`` credits (negative: takes them back).

    Posts one balanced ledger transaction via a ``Posted`` event; nothing is journaled.
    """
    if amount >= 0:
        _post(game, Transaction.transfer("test set-up: cash", BANK, player, CREDITS, amount))
    else:
        _post(game, Transaction.transfer("test set-up: cash", player, BANK, CREDITS, -amount))
