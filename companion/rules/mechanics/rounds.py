"""Rounds on mini boards (MONOPOLY GO!): everyone moves at once, then the landings are resolved in order.

Each player plays on a face of a mini board in their colour, and moves by the die of that colour. Before the first
round every seated die is rolled once: the highest begins (a tie for highest: roll again). In a round the roller
throws every seated die, each token moves clockwise on its own board by its own die (passing GO gives nothing),
and each space is resolved. Then the round walks through its steps: every block placement first (the ``place``
step: any order), then the Bank Heists and Shut Downs one at a time clockwise from the roller (``act``), then the
Mega Shut Downs in the same order (``mega``). When nothing is left the dice pass to the next seat on the left;
a GO Button's heist or Shut Down played from then until the next roll is carried out at once (rules version 3).

Go To Jail sends the token to the Jail at once; that player sits out the next round (their token stays put) and
moves again the round after. Just Visiting and Free Parking do nothing.

The layout of a face is read off the box as play needs it: its length before its first move, what a space is the
first time a token stops there, and where its Jail is the first time a token is sent there.
"""

from __future__ import annotations

from typing import Any, ClassVar

from companion.dice import MOVE, RollNeed
from companion.engine.commands import Command
from companion.engine.errors import Need, ValueNeeded, Violation
from companion.engine.events import (
    DecisionClosed,
    DecisionOpened,
    DiceRolled,
    JailChanged,
    Noted,
    TokenMoved,
    TurnPassed,
)
from companion.engine.ledger import Ledger
from companion.engine.state import Decision, GameState, Player
from companion.mini_boards import UNKNOWN_SPACE, Face, MiniBoards, colour_name, space_name
from companion.rules.core import Emitter, Grammar, Rules, no_such_player
from companion.rules.go_events import ActBegun, ActQueued, SatOut, StepBegun
from companion.rules.go_state import STEPS, Act, GoState, go

V = Violation
ACT_NAMES = {"heist": "Bank Heist", "shut-down": "Shut Down", "mega": "Mega Shut Down"}


class Rounds(Rules):
    """The round: the roll that moves everyone, the landings, the resolution steps and the dice passing on."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "roll": (("player", "dice"), "roll every seated die (one value per die, in the dice's order)"),
        "pass": (("player",), "let an action the rules offer you go by (a Bank Heist, a Shut Down, a Mega Shut "
                              "Down)"),
    }
    landings: ClassVar[dict[str, str]] = {"go-to-jail": "land_go_to_jail"}

    @property
    def boards(self) -> MiniBoards:
        """The edition's mini boards."""
        boards = self.edition.mini_boards
        assert boards is not None, "an edition played in rounds lists its mini boards' faces"
        return boards

    # ------------------------------------------------------------------ set-up

    def new_state(self) -> GameState:
        """Everyone on their own face's GO, markers at Start, no tiles; the blocks in the tray."""
        players, ledger = self.unpacked()
        boards = {p["id"]: p.get("board", "") for p in self.setup.players}
        return GoState(players=players, ledger=ledger, boards=boards, markers={p.id: 0 for p in players})

    def unpacked(self) -> tuple[list[Player], Ledger]:
        """The players as they sat down (no money, no deeds)."""
        players = [Player(p["id"], p.get("name", p["id"]), p.get("token", ""), "") for p in self.setup.players]
        return players, Ledger()

    def check_setup(self) -> list[Violation]:
        """Besides the usual: each player plays on a face of this edition's mini boards, one board colour each
        (the colour is their die)."""
        problems = [v for v in super().check_setup() if v.code != "setup/token"]
        colours = []
        for p in self.setup.players:
            face = self.boards.faces.get(p.get("board", ""))
            if p.get("token"):
                problems.append(V("setup/token", f"{p.get('name', p.get('id'))}: the tokens of this game are not "
                                                 "told apart; leave the token out and name the board instead."))
            if face is None:
                name = p.get("name", p.get("id"))
                said = f"{name}: '{p['board']}' is not a mini board" if p.get("board") else f"{name} needs a mini board"
                problems.append(V("setup/board", f"{said}: one of {', '.join(self.boards.faces)}."))
            else:
                colours.append(face.colour)
        if len(set(colours)) != len(colours):
            problems.append(V("setup/board", "Two players chose boards of the same colour: each colour is one "
                                             "player's die."))
        return problems

    def start(self, emit: Emitter) -> None:
        """No money is handed out: the first roll chooses who rolls first."""
        self.deal(emit)
        emit.add(TurnPassed(emit.state.players[0].id, 0))

    # ------------------------------------------------------------------ queries

    def face(self, s: GameState, player: str) -> Face:
        """The face a player plays on."""
        return self.boards.faces[go(s).boards[player]]

    def colour_of(self, s: GameState, player: str) -> str:
        """A player's colour (their board's, their die's)."""
        return self.face(s, player).colour

    def seated(self, s: GameState) -> list[Player]:
        """The players in seat order, clockwise."""
        return s.active

    def where(self, s: GameState, player: str) -> str:
        """The space a token stands on, as its board's layout says it so far (a token sent to Jail stands In
        Jail)."""
        if s.player(player).in_jail:
            return "In Jail"
        return self.space_words(s, player, s.player(player).position)

    def space_words(self, s: GameState, player: str, position: int) -> str:
        """A space of a player's board, as its layout says it so far (``space 7`` for one nobody has described)."""
        kind = self.face(s, player).kind_at(position)
        return f"space {position}" if kind == UNKNOWN_SPACE else space_name(kind)

    def clockwise_from_roller(self, s: GameState) -> list[str]:
        """Player ids clockwise from the round's roller (the roller first)."""
        ids = [p.id for p in self.seated(s)]
        i = ids.index(s.turn.player) if s.turn.player in ids else 0
        return ids[i:] + ids[:i]

    def roll_need(self, state: GameState, player: str) -> RollNeed:
        """Every seated player's die, in the order the edition lists its dice; the other colours' dice, thrown
        with them from the tray, count for nothing."""
        need = self.edition.dice.need(MOVE)
        colours = {self.colour_of(state, p.id) for p in self.seated(state)}
        return RollNeed(MOVE, need.name, tuple(d for d in need.dice if d.colour in colours),
                        tuple(d.colour for d in need.dice if d.colour not in colours))

    def die_of(self, s: GameState, dice: tuple[int, ...]) -> dict[str, int]:
        """Each player's own die in a roll."""
        need = self.roll_need(s, s.turn.player)
        by_colour = {d.colour: v for d, v in zip(need.dice, dice, strict=True)}
        return {p.id: by_colour[self.colour_of(s, p.id)] for p in self.seated(s)}

    def opponent_problems(self, s: GameState, player: str, target: str) -> list[Violation]:
        """An action aimed at another player names an opponent at this table."""
        if not s.has_player(target):
            return [no_such_player(target)]
        if target == player:
            return [V("target/self", "Choose an opponent, not yourself.")]
        return []

    def step_decisions(self, s: GameState, step: str) -> list[Decision]:
        """The open decisions of one step."""
        return [d for d in s.decisions if d.data.get("step") == step]

    # ------------------------------------------------------------------ the roll

    def check_roll(self, s: GameState, cmd: Command) -> list[Violation]:
        """The first roll may be entered by anyone; a round's roll only by its roller, once everything of the
        last round is settled. One value per seated die."""
        player = cmd.args[0]
        need = self.roll_need(s, player)
        try:
            problems = [V("dice/invalid", p) for p in need.problems(cmd.ints(1))]
        except ValueError:
            problems = [V("dice/invalid", f"{need.name} is {need.describe()}, given as whole numbers.")]
        step = go(s).step
        if step == "first-roll":
            return problems
        if step != "roll":
            return [*problems, V("round/not-over", "The round is not over yet: " + self.waiting_for(s))]
        if player != s.turn.player:
            problems.append(V("turn/not-your-turn", f"{self.name_of(s, s.turn.player)} rolls the dice this round, "
                                                    f"not {self.name_of(s, player)}."))
        return problems + self.blockers(s)

    def waiting_for(self, s: GameState) -> str:
        """What the round waits for, in words."""
        if s.decisions:
            d = s.decisions[0]
            return f"{self.name_of(s, d.player)} must first {self.decision_text(d)}."
        return "finish the round's actions first."

    def do_roll(self, emit: Emitter, cmd: Command) -> None:
        s = emit.state
        dice = tuple(cmd.ints(1))
        if go(s).step == "first-roll":
            self.first_roll(emit, cmd.args[0], dice)
            return
        emit.add(DiceRolled(s.turn.player, dice, 0, False))
        emit.add(StepBegun("place"))
        prisoners = tuple(p.id for p in self.seated(s) if p.in_jail)
        emit.add(SatOut(prisoners))
        for player, die in self.die_of(s, dice).items():
            if player in prisoners:
                emit.add(JailChanged(player, False, 0))
            else:
                self.move_on_board(emit, player, die)

    def first_roll(self, emit: Emitter, entered_by: str, dice: tuple[int, ...]) -> None:
        """The highest die rolls first; a tie for the highest rolls again."""
        s = emit.state
        rolled = self.die_of(s, dice)
        best = max(rolled.values())
        top = [p for p, v in rolled.items() if v == best]
        emit.add(DiceRolled(entered_by, dice, 0, False))
        if len(top) > 1:
            names = " and ".join(self.name_of(s, p) for p in top)
            emit.add(Noted(f"{names} tie with {best}: roll again to see who rolls first"))
            return
        emit.add(Noted(f"{self.name_of(s, top[0])} rolled highest ({best}) and rolls first"))
        emit.add(TurnPassed(top[0], 1))
        emit.add(StepBegun("roll"))

    def move_on_board(self, emit: Emitter, player: str, die: int) -> None:
        """A token moves clockwise round its own board (GO passed gives nothing) and its space is resolved."""
        face = self.face(emit.state, player)
        if face.length is None:
            raise ValueNeeded(Need(f"face:{face.id}", ("length",), f"{capital_name(face)}: how many spaces go "
                                                                   "round it? Count them all, GO included."))
        position = (emit.state.player(player).position + die) % face.length
        emit.add(TokenMoved(player, position, "dice"))
        self.land_on_board(emit, player)

    def land_on_board(self, emit: Emitter, player: str) -> None:
        """Resolve the space a token stopped on with the mechanic that owns its kind."""
        face = self.face(emit.state, player)
        position = emit.state.player(player).position
        kind = face.kind_at(position)
        if kind == UNKNOWN_SPACE:
            raise ValueNeeded(Need(f"face:{face.id}", (f"space{position}",),
                                   f"{capital_name(face)}, space {position} after GO: nobody has said what it is "
                                   "yet. Choose what the board shows."))
        handler = self.landing_table.get("colour" if kind in self.boards.colours else kind)
        if handler is not None:
            getattr(self, handler)(emit, player, kind)

    def land_go_to_jail(self, emit: Emitter, player: str, kind: str) -> None:
        """Go To Jail: the token goes to the Jail at once and sits out the next round."""
        face = self.face(emit.state, player)
        if face.jail is None:
            raise ValueNeeded(Need(f"face:{face.id}", ("jail",), f"{capital_name(face)}: where is its Jail? Count "
                                                                 "the spaces from GO to the Jail (GO is 0)."))
        emit.add(TokenMoved(player, face.jail, "jail"))
        emit.add(JailChanged(player, True, 0))

    # ------------------------------------------------------------------ the steps

    def queue_act(self, emit: Emitter, act: Act) -> None:
        """An action waits for its step, clockwise from the roller after those already queued before it; within
        the Mega Shut Downs' step a heist or Shut Down (a GO Button's) goes before every Mega Shut Down."""
        s = go(emit.state)
        order = self.clockwise_from_roller(s)

        def rank(a: Act) -> tuple[int, bool, int]:
            return STEPS.index(a.step), a.what == "mega", order.index(a.player)

        at = sum(1 for a in s.acts if rank(a) <= rank(act))
        emit.add(ActQueued(act, at))

    def open_step_decision(self, emit: Emitter, kind: str, player: str, step: str, **data: Any) -> None:
        """A decision that belongs to one of the round's steps."""
        emit.add(DecisionOpened(kind, player, {"step": step, **data}))

    def close(self, emit: Emitter, player: str, kind: str) -> dict[str, Any]:
        """Close a player's open decision of ``kind``; its data."""
        d = self.decision(emit.state, player, kind)
        assert d is not None
        emit.add(DecisionClosed(d.id))
        return d.data

    def check_pass(self, s: GameState, cmd: Command) -> list[Violation]:
        """Only an action the player may take or leave can be let go (a block that can be placed must be)."""
        player = cmd.args[0]
        if any(d.data.get("optional") for d in s.decisions_for(player)):
            return []
        must = s.decisions_for(player)
        if must:
            return [V("decision/not-optional", f"{self.name_of(s, player)} must {self.decision_text(must[0])}: "
                                               "that cannot be let go.")]
        return [V("decision/nothing-to-pass", f"{self.name_of(s, player)} has no action to let go right now."
                  + self.not_yet(s, player))]

    def not_yet(self, s: GameState, player: str, what: str = "") -> str:
        """When a player's action (``what``; any, when empty) waits in the queue: whose turn comes first, in
        words (a sentence to add to a refusal); else nothing."""
        waiting = next((a for a in go(s).acts if a.player == player and what in ("", a.what)), None)
        if waiting is None:
            return ""
        roller = self.name_of(s, s.turn.player)
        if waiting.step == "roll":
            return f" Their {ACT_NAMES[waiting.what]} waits its turn, clockwise from {roller}: {self.waiting_for(s)}"
        if go(s).step == "roll":
            return (f" Their {ACT_NAMES[waiting.what]} waits for round {s.turn.number}, after its placements: "
                    f"{roller} rolls it first.")
        return (f" Their {ACT_NAMES[waiting.what]} waits its turn, clockwise from {roller}, who rolled: "
                f"{self.waiting_for(s)}")

    def do_pass(self, emit: Emitter, cmd: Command) -> None:
        player = cmd.args[0]
        d = next(d for d in emit.state.decisions_for(player) if d.data.get("optional"))
        emit.add(DecisionClosed(d.id))
        emit.add(Noted(f"{self.name_of(emit.state, player)} lets it go"))

    def after_command(self, emit: Emitter) -> None:
        """The round moves on by itself: a step is over when none of its decisions is open and none of its
        actions waits; then the next begins, and after the last the dice pass to the left. Between two rounds an
        action played then is carried out at once (:meth:`between_rounds`)."""
        super().after_command(emit)
        s = go(emit.state)
        if s.step == STEPS[0]:
            self.between_rounds(emit)
            return
        while not s.over and s.step in STEPS[1:] and not self.step_decisions(s, s.step):
            waiting = [a for a in s.acts if a.step == s.step]
            if waiting:
                emit.add(ActBegun(waiting[0]))
                self.begin_act(emit, waiting[0])
                continue
            self.step_over(emit, s.step)
            if s.over:
                return
            if s.step == STEPS[-1]:
                self.end_round(emit)
                return
            emit.add(StepBegun(STEPS[STEPS.index(s.step) + 1]))
            self.step_begun(emit, s.step)

    def between_rounds(self, emit: Emitter) -> None:
        """Between two rounds (once the last is settled, before the next roll) an action played then (a GO
        Button's heist or Shut Down) is carried out at once, one at a time, clockwise from the next roller."""
        s = go(emit.state)
        while not s.over and not s.decisions:
            waiting = [a for a in s.acts if a.step == STEPS[0]]
            if not waiting:
                return
            emit.add(ActBegun(waiting[0]))
            self.begin_act(emit, waiting[0])

    def begin_act(self, emit: Emitter, act: Act) -> None:
        """Carry out a queued action now (each mechanic opens the decision its own actions need)."""

    def step_over(self, emit: Emitter, step: str) -> None:
        """What follows once a step is done (nothing, unless a mechanic says so: the landmarks are judged after
        the placements)."""

    def step_begun(self, emit: Emitter, step: str) -> None:
        """What a step brings when it begins (nothing, unless a mechanic says so: the full trackers)."""

    def end_round(self, emit: Emitter) -> None:
        """The round is over: the dice go to the next seat on the left."""
        s = emit.state
        order = self.clockwise_from_roller(s)
        nxt = order[1 % len(order)]
        emit.add(TurnPassed(nxt, s.turn.number + 1))
        emit.add(StepBegun("roll"))

    def describe(self, state: GameState) -> dict[str, Any]:
        """The round, its step, the roller (nobody before the first roll has chosen one) and what waits, besides
        the open decisions."""
        s = go(state)
        roller = "" if s.step == "first-roll" else s.turn.player
        return {**super().describe(state), "round": s.turn.number, "step": s.step, "roller": roller,
                "waiting": [] if s.over else [{"player": a.player, "what": a.what, "step": a.step}
                                          for a in s.acts]}

    def jailed(self, s: GameState, player: str) -> bool:
        """Whether a token stands In Jail: from its Go To Jail landing until the roll that moves it out again, the
        round it sits out included (the engine frees it at that round's roll, when its die is ignored)."""
        return s.player(player).in_jail or player in go(s).sat_out

    def sits_out(self, s: GameState, player: str) -> bool:
        """Whether a player sits out the round ``turn.number`` in Jail: before its roll, because Go To Jail sent
        them there in the round before; from its roll to its end, because their token stayed in Jail."""
        step = go(s).step
        if step == "roll":
            return s.player(player).in_jail
        return step != "first-roll" and player in go(s).sat_out

    def player_json(self, state: GameState, player: str) -> dict[str, Any]:
        """A player's board face and colour; ``in_jail`` and ``space`` tell the Jail, as for the other editions,
        until the token moves out of it, and ``sits_out`` whether the player sits out this round."""
        jailed = self.jailed(state, player)
        return {**super().player_json(state, player), "board": go(state).boards[player],
                "colour": self.colour_of(state, player), "in_jail": jailed,
                "space": "In Jail" if jailed else self.where(state, player),
                "sits_out": self.sits_out(state, player)}


def capital_name(face: Face) -> str:
    """``The red board, side 1``."""
    return f"The {colour_name(face.colour)} board, side {face.side}"
