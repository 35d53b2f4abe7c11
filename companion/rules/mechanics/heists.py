"""Bank Heists (MONOPOLY GO!): the lander challenges one opponent, once every block of the round is placed.

Heists and Shut Downs take their turns clockwise from the round's roller. The lander may let the heist go or name
an opponent (one with no blocks too: nothing can then be stolen). Both turn a dial in secret to one of three
pictures (a diamond ring, a stack of money, a coin); the table is told only when both are set, and both are shown
at once. The same picture: the heist worked, and the lander takes any one block of that opponent's and places it
on their own board (a square that can take it), or returns it to the tray when none can (the marker does not move:
it was not a block from the tray). Different pictures: nothing happens. With the physical dials the lander enters
only whether the pictures matched.
"""

from __future__ import annotations

from typing import ClassVar

from companion.edition import a_or_an
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import Noted, Posted
from companion.engine.ledger import Transaction
from companion.engine.state import Decision, GameState
from companion.mini_boards import colour_name
from companion.rules.core import Emitter, Grammar
from companion.rules.go_events import DialTurned, HeistBegun, HeistRevealed
from companion.rules.go_state import TRAY, Act, block_unit, go, square_account
from companion.rules.mechanics.blocks import Blocks

V = Violation
PICTURES = ("ring", "money", "coin")
PICTURE_NAMES = {"ring": "diamond ring", "money": "stack of money", "coin": "coin"}


class Heists(Blocks):
    """The Bank Heist: the challenge, the secret dials, the reveal and the block stolen."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "heist": (("player", "player"), "challenge an opponent to a Bank Heist"),
        "dial": (("player", "word"), "turn your Bank Heist dial in secret: ring, money or coin"),
        "dials": (("player", "word"), "the physical dials were shown: match or miss"),
        "steal": (("player", "int", "rest"), "after a heist that worked: the opponent's Build square to take a "
                                             "block from [your square to put it on]"),
    }
    decision_kinds: ClassVar[tuple[str, ...]] = ("heist", "dial", "steal")
    landings: ClassVar[dict[str, str]] = {"bank-heist": "land_heist"}

    def land_heist(self, emit: Emitter, player: str, kind: str) -> None:
        """A Bank Heist waits until every block of the round is placed."""
        self.queue_act(emit, Act(player, "heist", "act"))

    def begin_act(self, emit: Emitter, act: Act) -> None:
        """A heist's turn: its lander names an opponent or lets it go."""
        super().begin_act(emit, act)
        if act.what == "heist":
            self.open_step_decision(emit, "heist", act.player, act.step, optional=True)

    def check_heist(self, s: GameState, cmd: Command) -> list[Violation]:
        """A lander whose heist's turn it is challenges an opponent."""
        player, target = cmd.args
        if self.decision(s, player, "heist") is None:
            return [V("decision/no-heist", f"{self.name_of(s, player)} has no Bank Heist to carry out now."
                                           + self.not_yet(s, player, "heist"))]
        return self.opponent_problems(s, player, target)

    def do_heist(self, emit: Emitter, cmd: Command) -> None:
        player, target = cmd.args
        self.close(emit, player, "heist")
        emit.add(HeistBegun(player, target))
        for who in (player, target):
            self.open_step_decision(emit, "dial", who, go(emit.state).step, attacker=player, target=target)

    def check_dial(self, s: GameState, cmd: Command) -> list[Violation]:
        """Each side of the heist turns their own dial once, to one of the three pictures."""
        player, picture = cmd.args
        heist = go(s).heist
        if heist is not None and player in heist.dials:
            return [V("heist/dial-set", f"{self.name_of(s, player)} has already turned their dial: it stays as "
                                        "it is until both are shown.")]
        problems = self.need_decision(s, player, "dial", "turn a Bank Heist dial for")
        if picture not in PICTURES:
            problems.append(V("heist/picture", f"A dial shows a {', a '.join(PICTURE_NAMES.values())}: "
                                               f"{', '.join(PICTURES)}."))
        return problems

    def do_dial(self, emit: Emitter, cmd: Command) -> None:
        player, picture = cmd.args
        self.close(emit, player, "dial")
        emit.add(DialTurned(player, picture))
        heist = go(emit.state).heist
        assert heist is not None
        if len(heist.dials) == 2:
            pictures = (heist.dials[heist.attacker], heist.dials[heist.target])
            self.reveal(emit, heist.attacker, heist.target, pictures, pictures[0] == pictures[1])

    def check_dials(self, s: GameState, cmd: Command) -> list[Violation]:
        """With the physical dials, the lander enters whether they matched, before either dial is entered here."""
        player, result = cmd.args
        heist = go(s).heist
        problems = []
        if heist is None or heist.attacker != player or heist.dials:
            problems.append(V("heist/no-dials", f"{self.name_of(s, player)} has no Bank Heist whose dials are "
                                                "waiting to be shown."))
        if result not in ("match", "miss"):
            problems.append(V("heist/result", "Say whether the dials showed the same picture: match or miss."))
        return problems

    def do_dials(self, emit: Emitter, cmd: Command) -> None:
        result = cmd.args[1]
        heist = go(emit.state).heist
        assert heist is not None
        for who in (heist.attacker, heist.target):
            self.close(emit, who, "dial")
        self.reveal(emit, heist.attacker, heist.target, (), result == "match")

    def reveal(self, emit: Emitter, attacker: str, target: str, pictures: tuple[str, ...], success: bool) -> None:
        """Both pictures shown: a match lets the lander take a block, if the opponent has one."""
        emit.add(HeistRevealed(attacker, target, pictures, success))
        if not success:
            return
        if self.blocks_on_board(emit.state, target):
            self.open_step_decision(emit, "steal", attacker, go(emit.state).step, target=target)
        else:
            emit.add(Noted(f"{self.name_of(emit.state, target)} has no block to steal"))

    def check_steal(self, s: GameState, cmd: Command) -> list[Violation]:
        """A block of the opponent's (from a square that holds one), onto a square of the lander's that can take
        it, or to the tray when none can."""
        player, source, square = cmd.args
        d = self.decision(s, player, "steal")
        if d is None:
            return [V("decision/no-steal", f"{self.name_of(s, player)} has no block to steal right now.")]
        target = str(d.data["target"])
        if int(source) not in self.squares():
            return [V("block/square", f"A Build square is a number from 1 to {self.boards.build_squares}.")]
        colour, height = self.stack(s, target, int(source))
        if not height:
            return [V("steal/empty", f"{self.name_of(s, target)} has no block on Build square {source}.")]
        fits = self.squares_for(s, player, colour)
        if not fits and square in ("", "tray"):
            return []
        if square == "tray":
            return [V("steal/fits", f"The {colour_name(colour)} block fits on {self.name_of(s, player)}'s Build "
                                    f"square{'s' if len(fits) > 1 else ''} {', '.join(map(str, fits))}: a stolen "
                                    "block goes back to the tray only when it fits nowhere.")]
        return self.square_problems(s, player, colour, square)

    def do_steal(self, emit: Emitter, cmd: Command) -> None:
        player, source, square = cmd.args
        s = emit.state
        target = str(self.close(emit, player, "steal")["target"])
        colour, _ = self.stack(s, target, int(source))
        fits = self.squares_for(s, player, colour)
        to = square_account(player, self.chosen_square(s, player, colour, square)) if fits else TRAY
        why = (f"{self.name_of(s, player)} steals {a_or_an(colour_name(colour))} block from {self.name_of(s, target)}"
               + ("" if fits else ": it fits nowhere and goes back to the tray"))
        emit.add(Posted(Transaction.transfer(why, square_account(target, int(source)), to, block_unit(colour), 1)))

    def decision_text(self, d: Decision) -> str:
        """The heist's decisions in the words of a refusal."""
        words = {"heist": "challenge an opponent to a Bank Heist or let it go", "dial": "turn a Bank Heist dial",
                 "steal": "take the stolen block"}
        return words.get(d.kind) or super().decision_text(d)
