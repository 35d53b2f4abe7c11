"""An action the table is offered: a button whose command the engine has already checked.

A screen shows an :class:`Action` as a button: enabled when the engine would accept the command, otherwise
disabled with the engine's reasons. Nothing here decides a rule; every ``enabled`` comes from validation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.dice import RollNeed
from companion.engine.commands import parse_command

if TYPE_CHECKING:
    from companion.engine.game import Game


@dataclass(frozen=True)
class Action:
    """One button: its label, the command it submits, and whether the engine would accept it now.

    ``roll``: the dice the command needs; the command is ``roll PLAYER`` and the values rolled are appended.
    """

    key: str
    label: str
    command: str
    player: str
    enabled: bool
    reasons: tuple[str, ...] = ()
    roll: RollNeed | None = None
    style: str = "normal"
    heading: str = ""
    """Where a list of choices shows it (a card by what it does: ``Collect``, ``Pay``, ``Move``...)."""
    detail: str = ""
    """Secondary words under the label (a card's printed titles)."""
    space: str = ""
    """The board space the action chooses (a Hyperdrive's jump, a Bounty Hunter's Base): a board map can offer
    it as a tap on that space (:mod:`companion.table.space_map`)."""


def offer(game: Game, key: str, label: str, command: str, style: str = "normal") -> Action:
    """An action for ``command``, enabled only when the engine would accept it now. A value the box has not given
    yet is no reason to refuse: tapping the action asks for it, then carries the action out."""
    roll = game.roll_need(command.split()[1]) if command.startswith("roll ") else None
    # Whether rolling is allowed now is asked with any legal values; the real ones come from the dice.
    cmd = parse_command(" ".join([command, *map(str, roll.lowest())]) if roll else command)
    reasons = tuple(v.message for v in game.validate(cmd) if v.code != "box/needed")
    return Action(key, label, command, cmd.player or "", not reasons, reasons, roll, style)
