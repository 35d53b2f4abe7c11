"""Jail: sent there by a space, a card or three doubles; out by the fine before rolling, by doubles, or by the
fine after the last failed try."""

from __future__ import annotations

from typing import ClassVar

from companion.edition import Edition, Space, counted
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import JailChanged, Posted, rolled
from companion.engine.ledger import BANK, CREDITS, Transaction
from companion.engine.state import GameState, Setup
from companion.rules.core import Emitter, Grammar
from companion.rules.mechanics.turns import Turns

V = Violation


class Jail(Turns):
    """The jail's ways in and out (a jail-free card is the cards' own: see :mod:`.cards`)."""

    verbs: ClassVar[dict[str, Grammar]] = {"fine": (("player",), "pay the jail fine before rolling")}
    landings: ClassVar[dict[str, str]] = {"go-to-jail": "land_go_to_jail"}

    def __init__(self, edition: Edition, setup: Setup) -> None:
        super().__init__(edition, setup)
        self.fine_turns = min(edition.fine_before_roll_turns, self.jail_max_turns)

    def land_go_to_jail(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """Go To Jail sends the token straight there."""
        self.to_jail(emit, player)

    def check_fine(self, s: GameState, cmd: Command) -> list[Violation]:
        """The jail fine may be paid before rolling, on the first turns in jail the edition allows."""
        player = cmd.args[0]
        problems = self.jail_exit_guard(s, player)
        if not problems and s.player(player).jail_turns >= self.fine_turns:
            problems.append(V("jail/fine-too-late", "The fine can be paid before rolling only on the first "
                                                    f"{counted(self.fine_turns, 'turn')} in {self.term('jail')}; "
                                                    "roll now."))
        return problems + self.afford(s, player, self.edition.jail_fine, f"The {self.term('jail')} fine")

    def do_fine(self, emit: Emitter, cmd: Command) -> None:
        player = cmd.args[0]
        emit.add(Posted(Transaction.transfer(f"{self.term('jail')} fine", player, BANK, CREDITS,
                                             self.edition.jail_fine)))
        emit.add(JailChanged(player, False, 0))

    def roll_in_jail(self, emit: Emitter, player: str, dice: tuple[int, ...], double: bool) -> None:
        """Doubles free the player (move, no extra roll); the last allowed failure costs the fine, then move."""
        p = emit.state.player(player)
        emit.add(rolled(p.id, dice, 0, False))
        if double:
            emit.add(JailChanged(p.id, False, 0))
        elif p.jail_turns + 1 >= self.jail_max_turns:
            emit.add(JailChanged(p.id, False, 0))
            self.charge(emit, p.id, BANK, self.edition.jail_fine, f"{self.term('jail')} fine")
        else:
            emit.add(JailChanged(p.id, True, p.jail_turns + 1))
            return
        self.advance(emit, p.id, sum(dice), "dice")
        self.land(emit, p.id)
