"""Turns and the dice: the player whose turn it is rolls, moves and lands, again after doubles, three doubles in a
row send them to jail, and the turn ends once what they opened is settled."""

from __future__ import annotations

from typing import ClassVar

from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import Noted, rolled
from companion.engine.state import GameState
from companion.rules.core import Emitter, Grammar, Rules

V = Violation


class Turns(Rules):
    """The classic turn: two dice, doubles roll again, the third doubles in a row goes to jail."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "roll": (("player", "dice"), "roll the dice (the faces as rolled)"),
        "end": (("player",), "end your turn"),
    }

    def check_roll(self, s: GameState, cmd: Command) -> list[Violation]:
        """Dice: one value per die of the roll wanted now (see :meth:`roll_kind`), each a value that die shows.
        The player whose turn it is rolls once, again after doubles, never while a decision, auction or debt is
        open. A roll some mechanic asked for (a utility's rent, a battle, the enemies' advance) has that
        mechanic's own conditions instead."""
        player = cmd.args[0]
        need = self.move_need or self.roll_need(s, player)
        problems = [] if cmd.args[1:] in need.entered else self.dice_problems(s, cmd)
        for asked_problems, _ in self.roll_askers:
            asked = asked_problems(self, s, player)
            if asked is not None:
                return problems + asked
        turn = s.turn
        if turn.player != player:
            problems += self.turn_guard(s, player)
        elif turn.rolled and not turn.roll_again:
            problems.append(V("turn/already-rolled", f"{self.name_of(s, player)} has already rolled this turn."))
        if s.decisions or s.debts or s.auction is not None or self.own_blockers:
            problems += self.blockers(s)
        return problems

    def dice_problems(self, s: GameState, cmd: Command) -> list[Violation]:
        """One value per die of the roll wanted now, each a value that die shows."""
        need = self.roll_need(s, cmd.args[0])
        try:
            dice = cmd.numbers(1)
        except ValueError:
            return [V("dice/invalid", f"{need.name} is {need.describe()}, given as whole numbers.")]
        problems = need.problems(dice)
        return [V("dice/invalid", p) for p in problems] if problems else []

    def do_roll(self, emit: Emitter, cmd: Command) -> None:
        player, dice = cmd.args[0], cmd.numbers(1)
        for _, asked_roll in self.roll_askers:
            if asked_roll(self, emit, player, dice):
                return
        self.lapse_claims(emit, "roll")
        self.move_roll(emit, player, dice)

    def move_roll(self, emit: Emitter, player: str, dice: tuple[int, ...]) -> None:
        """The move: a prisoner's roll is the jail's to settle; three doubles in a row go straight to jail;
        otherwise the token moves the total and the space is resolved."""
        s = emit.state
        p = s.seats[player]
        double = len(set(dice)) == 1
        if p.in_jail:
            self.roll_in_jail(emit, player, dice, double)
            return
        in_row = s.turn.doubles + 1 if double else 0
        if in_row >= 3:
            emit.add(rolled(player, dice, in_row, False))
            emit.add(Noted(f"{p.name} rolled doubles three times in a row"))
            self.to_jail(emit, player)
            return
        emit.add(rolled(player, dice, in_row, double))
        self.advance(emit, player, sum(dice), "dice")
        self.land(emit, player)

    def roll_in_jail(self, emit: Emitter, player: str, dice: tuple[int, ...], double: bool) -> None:
        """A prisoner's roll, with no jail rules: the move as usual."""
        emit.add(rolled(player, dice, 0, False))
        self.advance(emit, player, sum(dice), "dice")
        self.land(emit, player)

    def check_end(self, s: GameState, cmd: Command) -> list[Violation]:
        """A turn ends after the roll(s) are done and the player's own decisions and debts are settled (and
        anything else holding up the table, such as an auction)."""
        player = cmd.args[0]
        if s.turn.player != player:
            return self.turn_guard(s, player)
        problems: list[Violation] = []
        if not s.turn.rolled:
            problems.append(V("turn/not-rolled", f"{self.name_of(s, player)} has not rolled yet."))
        elif s.turn.roll_again:
            problems.append(V("turn/roll-again", f"{self.name_of(s, player)} rolled doubles and rolls again."))
        if s.decisions or s.debts or s.auction is not None or self.own_blockers:
            problems += self.blockers(s, player)
        return problems

    def do_end(self, emit: Emitter, cmd: Command) -> None:
        self.pass_turn(emit, cmd.args[0])
