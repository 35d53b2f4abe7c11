"""What every edition's rules share: the command dispatch, the guards, and the table's common services.

An edition's rules are a class composed of mechanics (see :mod:`companion.rules.compose`). Each mechanic is a
subclass of :class:`Rules` that owns one area of the rules: its verbs (``check_<verb>`` lists every reason a
command cannot be carried out now, ``do_<verb>`` turns an accepted one into events), its decision kinds, the
spaces it resolves and the values it may ask off the box. This module holds what they all build on: the set-up,
the board and money queries, moving a token, charging a payment, passing the turn, ending the game, and the one
query of what must be settled before play goes on (:meth:`Rules.blockers`), so each refusal is worded once.

A mechanic refines a shared service by overriding it and calling ``super()``; the composed class's method order
is the order of the edition's list, later mechanics first.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from companion.box.checks import check_values
from companion.box.overlay import apply_values
from companion.box.status import box_status
from companion.box.values import BOARD_TARGET, TILES_TARGET, BoxValueError, parse_values
from companion.dice import MOVE, RollNeed
from companion.edition import DEED_KINDS, Edition, Space, a_or_an, edition_from_data
from companion.engine.commands import ACTOR_VERBS, GRAMMAR, Command, other_players, register_verbs, words_problem
from companion.engine.errors import CommandRejected, Need, ValueNeeded, Violation
from companion.engine.events import (
    BoxRead,
    DebtOpened,
    Event,
    GameEnded,
    JailChanged,
    Posted,
    TurnPassed,
    Unpacked,
    moved,
    paid,
)
from companion.engine.ledger import BANK, CREDITS, HOTEL, HOUSE, Ledger, Posting, Transaction, deed_unit, site_account
from companion.engine.state import BoxReading, Decision, GameState, Player, Setup

V = Violation
Check = Callable[[GameState, Command], list[Violation]]
Grammar = tuple[tuple[str, ...], str]


_BOX_READY: dict[tuple[int, frozenset[str]], tuple[weakref.ref[Edition], tuple[Violation, ...]]] = {}
"""What :meth:`Rules._box_problems` found, by edition data (alive: the reference says it is the same object) and
the values the rules ask during play."""

LANDING_LAYOUT = ("kind", "group", "deck")
"""What a token stopping on a space needs to know of it: its type, and the group of a deed or the deck of a card
space."""


def ceil_percent(amount: int, percent: int) -> int:
    """``percent`` % of ``amount``, rounded up to a whole credit (the table cannot pay half a credit)."""
    return -(-amount * percent // 100)


class VerbPlan(NamedTuple):
    """How a rules class handles one verb: its check and the way it carries it out (None where it has none), and
    which of its words name players."""

    check: Callable[..., list[Violation]] | None
    carry_out: Callable[..., None] | None
    actor: bool
    """The first word is the acting player."""
    others: tuple[int, ...]
    """Where other players are named after the first word (see :func:`other_players`)."""


class Emitter:
    """Applies each event to the state as it is emitted, and remembers it for the journal."""

    __slots__ = ("events", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        """Fold ``event`` into the state and keep it for the journal. (A method, not ``__call__``: Python runs a
        method call in its own loop but an object's ``__call__`` through a slower C call, and every command adds
        two or three events.)"""
        event.apply(self.state)
        self.events.append(event)


@dataclass(frozen=True)
class Bankruptcy:
    """What declaring bankruptcy would do now, as the edition's rules carry it out (the table words it)."""

    creditor: str
    """Who receives what the bankrupt player hands over: a player, or the bank."""
    leaves_game: bool
    """Whether the player is out for good (classic) or plays on with the debt forgiven (co-op)."""
    hands_over: tuple[str, ...]
    """What goes to the creditor, in the order the table names them: ``credits``, ``deeds``, ``jail-cards``,
    ``signets``."""
    buildings_back: bool = False
    """The buildings go back to the bank (which pays a creditor player half their cost)."""
    mortgaged_choice: bool = False
    """The creditor then lifts or keeps each mortgaged deed received."""
    deeds_auctioned: bool = False
    """The bank auctions the deeds at once."""
    ends_game: str = ""
    """Why the game would end with it: ``last-player``, ``first-bankruptcy``, or empty."""


class Rules:
    """The shared base of every mechanic, and so of every edition's composed rules."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "box": (("word", "values"), "values read off the box the first time play needs them: "
                                    f"space:<id>|group:<id>|card:<deck>/<card>|{BOARD_TARGET}|face:<id>|"
                                    f"{TILES_TARGET} field=value ..."),
    }
    """The verbs a mechanic adds to the table's notation: their words and a line of help."""
    decision_kinds: ClassVar[tuple[str, ...]] = ()
    """The kinds of decision a mechanic opens (each needs words in the table layer)."""
    landings: ClassVar[dict[str, str]] = {}
    """Space kind -> the method resolving a token that stops there."""
    landing_decisions: ClassVar[tuple[str, ...]] = ()
    """The decision kinds a landing opens (a correction of the token withdraws them)."""
    asks: ClassVar[frozenset[str]] = frozenset({"kind", "name", "group", "deck", "colour"})
    """Values the box may still lack when a game starts: play asks for each the first time it needs it. Every
    edition learns its board's layout while it is played: what a space is, the first time a token stops there
    (moves only count spaces); names and colours are never needed to play."""
    go_reason: ClassVar[str] = "salary for passing GO"
    """How the log names GO's salary."""

    mechanics: ClassVar[tuple[str, ...]] = ()
    """The composed class's mechanics by name (set by the composer)."""
    every_mechanic: ClassVar[tuple[str, ...]] = ()
    """The listed mechanics and those they bring along (a mechanic another one extends), the extended one first
    (set by the composer)."""
    asked_during_play: ClassVar[frozenset[str]] = frozenset()
    """The union of the mechanics' :attr:`asks` (set by the composer)."""
    landing_table: ClassVar[dict[str, str]] = {}
    """The union of the mechanics' :attr:`landings` (set by the composer)."""
    landing_decision_kinds: ClassVar[frozenset[str]] = frozenset()
    """The union of the mechanics' :attr:`landing_decisions` (set by the composer)."""
    roll_askers: ClassVar[tuple[tuple[Callable[..., list[Violation] | None], Callable[..., bool]], ...]] = ()
    """Each mechanic's own :meth:`asked_roll_problems` and :meth:`asked_roll`, for the mechanics that ask for rolls
    other than the move (a utility's rent, the Imperial advance, a battle), the last listed first (set by the
    composer). A roll goes through them in turn rather than down a chain of ``super()`` calls: every roll asks,
    and a ``super()`` call costs as much as the check itself."""
    verb_methods: ClassVar[dict[str, VerbPlan]] = {}
    """How this class handles each verb (see :class:`VerbPlan`), worked out the first time the verb is entered
    (see :meth:`methods_for`). Every class has its own."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A mechanic's verbs join the table's notation as soon as the mechanic is defined."""
        super().__init_subclass__(**kwargs)
        register_verbs(cls.__dict__.get("verbs", {}))
        cls.verb_methods = {}

    def __init__(self, edition: Edition, setup: Setup) -> None:
        self.edition = edition
        self.setup = setup
        variant = edition.variants.get(setup.variant)
        self.variant = variant
        self.houses_before_hotel = (variant and variant.houses_before_hotel) or edition.houses_before_hotel
        self.jail_max_turns = (variant and variant.jail_max_turns) or edition.jail_max_turns
        self.board_size = len(edition.spaces)
        self.term: Callable[[str], str] = edition.words.__getitem__
        """A word the players see (see :meth:`Edition.term`)."""
        self.money = edition.money
        self.deed_units = tuple((deed_unit(d.id), d) for d in edition.deeds)
        """Every deed's ledger unit and space, in board order (the edition data of a Rules never changes)."""
        self.group_units = {gid: frozenset(deed_unit(m) for m in g.members) for gid, g in edition.groups.items()}
        """The ledger units of each group's deeds."""
        self.length_known = edition.length_known
        """Whether the board's length is known (see :attr:`Edition.length_known`)."""
        self.jail_at = next((s.position for s in edition.spaces if s.kind == "jail"), None)
        """Where the Jail is, when the board says (see :attr:`jail_position`)."""
        handlers = {kind: getattr(type(self), name) for kind, name in self.landing_table.items()}
        self.landing_plan: tuple[tuple[Space, Callable[..., None] | None], ...] = tuple(
            (s, handlers.get("deed" if s.is_deed else s.kind)) for s in edition.spaces)
        """Each board position's space and the function of the rules class resolving a token that stops there
        (None: nothing happens), looked up once (see :meth:`land`)."""
        self.emitter = Emitter(GameState([], Ledger()))
        """What carries out each command's events: one per rules, made ready for each command (filling its two
        fields costs less than building an object)."""
        self.follows_commands = type(self).after_command is not Rules.after_command
        """Whether a mechanic does something after every command (see :meth:`after_command`)."""
        self.answerable = type(self).contested is not Rules.contested
        """Whether a mechanic lets a player answer an action taken against them (see :meth:`contested`)."""
        self.own_blockers = type(self).blockers is not Rules.blockers
        """Whether a mechanic adds to what holds up play (see :meth:`blockers`): without one, nothing does while no
        decision, debt or auction is open, and a check need not ask."""
        self.roll_needs = edition.dice.rolls
        """Each kind of roll the edition makes and the dice it uses (see :meth:`EditionDice.need`)."""
        every_roll_moves = type(self).roll_need is Rules.roll_need and type(self).roll_kind is Rules.roll_kind
        self.move_need = self.roll_needs.get(MOVE) if every_roll_moves else None
        """The dice of every roll, when no mechanic rolls other dice for other things (see :meth:`roll_need`);
        None when one does."""

    # ------------------------------------------------------------------ dispatch

    @classmethod
    def methods_for(cls, verb: str) -> VerbPlan:
        """The class's ``check_<verb>`` and ``do_<verb>`` functions (None where it has none) and where the verb's
        words name players, worked out once per class and verb (once the verb is in the notation)."""
        plan = cls.verb_methods.get(verb)
        if plan is None:
            name = verb.replace("-", "_")
            plan = VerbPlan(getattr(cls, "check_" + name, None), getattr(cls, "do_" + name, None),
                            verb in ACTOR_VERBS, other_players(verb))
            if verb in GRAMMAR:
                cls.verb_methods[verb] = plan
        return plan

    def validate(self, state: GameState, cmd: Command) -> list[Violation]:
        """Every reason ``cmd`` cannot be carried out now; empty when it can (see :meth:`problems`)."""
        try:
            plan = self.verb_methods[cmd.verb]
        except KeyError:  # the first time this class meets the verb (or a verb it does not know)
            plan = self.methods_for(cmd.verb)
        return self.problems(plan, state, cmd)

    def problems(self, plan: VerbPlan, state: GameState, cmd: Command) -> list[Violation]:
        """Every reason ``cmd`` (whose verb this class handles as ``plan`` says) cannot be carried out now. The
        guards every verb shares come first: a verb this edition has, its words, the game not over, a known player
        still in the game; then the verb's own check."""
        check, _, actor, others = plan
        verb, args = cmd.verb, cmd.args
        if check is None:
            return [Violation("command/unknown", f"'{verb}' is not something this game knows how to do.")]
        problem = words_problem(verb, args)
        if problem:
            return [Violation("command/syntax", problem)]
        if verb == "box":
            return check(self, state, cmd)
        if state.over:
            return [Violation("game/over", "The game is over; nothing more can be played.")]
        seats = state.seats
        if actor and args:
            seated = seats.get(args[0])
            if seated is None:
                return [no_such_player(args[0])]
            if seated.retired:
                return [Violation("player/retired", f"{seated.name} has left the game.")]
        for i in others:
            if args[i] not in seats:
                return [no_such_player(args[j]) for j in others if args[j] not in seats]
        return check(self, state, cmd)

    def play(self, state: GameState, cmd: Command) -> list[Event]:
        """Check ``cmd`` and carry it out, looking its verb up once: raises :class:`CommandRejected` with every
        reason, and then nothing has changed (a value the box still lacks is one such reason); otherwise returns
        the events, folded into ``state``. An error while carrying it out leaves ``state`` part-way."""
        try:
            plan = self.verb_methods[cmd.verb]
        except KeyError:
            plan = self.methods_for(cmd.verb)
        check, carry_out, actor, others = plan
        verb, args = cmd.verb, cmd.args
        try:
            # The guards every verb shares, as problems() words them, first tested without their words: a command
            # that passes them all, as nearly every command does, goes straight to its verb's own check.
            if check is None or words_problem(verb, args) or verb == "box" or state.over:
                problems = self.problems(plan, state, cmd)
            else:
                seats = state.seats
                problems = None
                if actor and args:
                    seated = seats.get(args[0])
                    if seated is None or seated.retired:
                        problems = self.problems(plan, state, cmd)
                if problems is None:
                    for i in others:
                        if args[i] not in seats:
                            problems = self.problems(plan, state, cmd)
                            break
                    else:
                        problems = check(self, state, cmd)
        except ValueNeeded as exc:
            raise CommandRejected([exc.violation()]) from None
        if problems:
            raise CommandRejected(problems)
        emit = self.emitter
        emit.state, emit.events = state, []
        carry_out(self, emit, cmd)  # type: ignore[misc]  # a verb with a check has a way to carry it out
        if self.follows_commands:
            self.after_command(emit)
        return emit.events

    def apply(self, state: GameState, cmd: Command) -> list[Event]:
        """Carry out an accepted command; call only after :meth:`validate` returned no violations."""
        emit = self.emitter
        emit.state, emit.events = state, []
        try:
            carry_out = self.verb_methods[cmd.verb].carry_out
        except KeyError:
            carry_out = self.methods_for(cmd.verb).carry_out
        if carry_out is None:
            raise AttributeError(f"{type(self).__name__} cannot carry out {cmd.verb!r}")
        carry_out(self, emit, cmd)
        if self.follows_commands:
            self.after_command(emit)
        return emit.events

    def check_box(self, s: GameState, cmd: Command) -> list[Violation]:
        """Values read off the box: each field one the target prints, of the right shape, and nothing that a
        check of the box would call wrong. The board's layout cannot change during a game."""
        try:
            values = parse_values(cmd.args[1:])
        except BoxValueError as exc:
            return [Violation("box/syntax", str(exc))]
        return [Violation("box/value", p.message)
                for p in check_values(self.edition, cmd.args[0], values, during_play=True) if not p.caution]

    def do_box(self, emit: Emitter, cmd: Command) -> None:
        """The game plays on with the values entered (see :meth:`with_box`). A space said to be a deed has its
        Title Deed with the bank from now on."""
        target, values = cmd.args[0], parse_values(cmd.args[1:])
        emit.add(BoxRead(target, values, " ".join(cmd.args[1:])))
        kind, _, item = target.partition(":")
        unit = deed_unit(item)
        if kind == "space" and values.get("kind") in DEED_KINDS and not emit.state.ledger.opened(unit):
            emit.add(Unpacked(BANK, unit, 1))

    def with_box(self, reads: tuple[BoxReading, ...]) -> Rules:
        """The same rules played with the edition data these rules started with, plus the values read off the
        box since (in the order read)."""
        raw = self.edition.raw
        for target, values in reads:
            raw = apply_values(raw, target, values)
        return type(self)(edition_from_data(raw), self.setup)

    def after_command(self, emit: Emitter) -> None:
        """What follows any command once it is carried out (nothing, unless a mechanic says so)."""

    def knows(self, verb: str) -> bool:
        """Whether this edition has the rule a verb carries out (screens offer only those)."""
        return hasattr(self, "check_" + verb.replace("-", "_"))

    def begin(self) -> tuple[GameState, list[Event]]:
        """The state before the first command and the events that start the game."""
        state = self.new_state()
        emit = Emitter(state)
        self.start(emit)
        return state, emit.events

    # ------------------------------------------------------------------ set-up

    def unpacked(self) -> tuple[list[Player], Ledger]:
        """The players as they sat down, and a ledger where the bank holds every deed and the building stock
        (an edition without buildings has none)."""
        ledger = Ledger()
        for deed in self.edition.deeds:
            ledger.open(BANK, deed_unit(deed.id), 1)
        if self.edition.houses or self.edition.hotels:
            ledger.open(BANK, HOUSE, self.edition.houses)
            ledger.open(BANK, HOTEL, self.edition.hotels)
        players = [Player(p["id"], p.get("name", p["id"]), p.get("token", ""), p.get("side", ""))
                   for p in self.setup.players]
        return players, ledger

    def new_state(self) -> GameState:
        """The box unpacked: the bank holds every deed and the whole building stock."""
        players, ledger = self.unpacked()
        return GameState(players=players, ledger=ledger)

    def check_setup(self) -> list[Violation]:
        """The box holds what play cannot ask for; player count within the edition's range, unique ids and
        tokens, a known variant, and a token on its own side (a token the edition gives no side, such as Star Wars
        2015's Rey, plays for the side the player names)."""
        e, s = self.edition, self.setup
        problems = self._box_problems()
        if s.edition != e.id:
            problems.append(V("setup/edition", f"The set-up names edition '{s.edition}', not '{e.id}'."))
        if self.variant is None:
            problems.append(V("setup/variant", f"'{s.variant}' is not a way to play this edition; choose one "
                                               f"of: {', '.join(e.variants)}."))
        if not e.min_players <= len(s.players) <= e.max_players:
            problems.append(V("setup/players", f"This edition is for {e.min_players} to {e.max_players} "
                                               f"players, not {len(s.players)}."))
        ids = [p.get("id", "") for p in s.players]
        for pid in ids:
            if not pid or not pid.replace("-", "").replace("_", "").isalnum() or pid == BANK:
                problems.append(V("setup/player-id", f"'{pid}' cannot be a player id: use letters, digits "
                                                     "and dashes, and not 'bank'."))
        if len(set(ids)) != len(ids):
            problems.append(V("setup/player-id", "Two players have the same id."))
        tokens = [p.get("token") for p in s.players if p.get("token")]
        if len(set(tokens)) != len(tokens):
            problems.append(V("setup/token", "Two players chose the same token."))
        for p in s.players:
            token = p.get("token")
            if token and token not in e.tokens:
                problems.append(V("setup/token", f"'{token}' is not one of this edition's tokens: "
                                                 f"{', '.join(e.tokens)}."))
            elif token and p.get("side") and e.tokens[token].get("side") not in (None, p.get("side")):
                problems.append(V("setup/side", f"{e.tokens[token]['name']} fights for the "
                                                f"{self.side_name(e.tokens[token]['side'])}, not the "
                                                f"{self.side_name(p['side'])}."))
        return problems

    def _box_problems(self) -> list[Violation]:
        """A game starts only when the box holds everything the rules cannot ask for during play. Edition data
        never changes once read, so the answer is worked out once for the same data and rules (a table starts
        many games with the edition it loaded)."""
        edition, asked = self.edition, self.asked_during_play
        known = _BOX_READY.get((id(edition), asked))
        if known is not None and known[0]() is edition:
            return list(known[1])
        status = box_status(edition, asked)
        problems = [] if status.can_start else [
            Violation("box/incomplete", f"The box of {edition.name} is not ready: {line} Finish it in box setup.")
            for line in status.lines()[:1]]
        if len(_BOX_READY) >= 16:
            _BOX_READY.clear()
        _BOX_READY[id(edition), asked] = (weakref.ref(edition), tuple(problems))
        return problems

    def start(self, emit: Emitter) -> None:
        """Starting credits for everyone, then the dice to the first player."""
        for p in emit.state.players:
            emit.add(Posted(Transaction.transfer("starting credits", BANK, p.id, CREDITS, self.edition.starting_cash)))
        self.deal(emit)
        emit.add(TurnPassed(emit.state.players[0].id, 1))

    def deal(self, emit: Emitter) -> None:
        """What is handed out before the first roll besides the credits (nothing, unless a mechanic says so)."""

    # ------------------------------------------------------------------ queries

    def roll_kind(self, state: GameState, player: str) -> str:
        """Which roll of the edition's dice (dice.toml) the next ``roll`` by ``player`` is: the move, unless a
        mechanic rolls other dice for other things."""
        return MOVE

    def roll_need(self, state: GameState, player: str) -> RollNeed:
        """The dice ``player``'s next roll uses (the move, a battle, the enemies' advance...)."""
        return self.roll_needs[self.roll_kind(state, player)]

    def name_of(self, state: GameState, player_id: str) -> str:
        """A player's name as the table knows it, or the edition's word for the bank."""
        seated = state.seats.get(player_id)
        if seated is not None:
            return seated.name
        return f"the {self.edition.term('bank')}" if player_id == BANK else player_id

    @property
    def jail_position(self) -> int:
        """Where the Jail is; asked of the box (counted from GO) the first time a token is sent there on a board
        nobody has published."""
        jail = self.jail_at
        if jail is None:
            raise ValueNeeded(Need(BOARD_TARGET, ("jail",), "Where is the Jail? Count the spaces from GO to the "
                                                            "Jail (GO is 0)."))
        return jail

    def side_name(self, side: str) -> str:
        """A side as the edition names it (``Rebels``, ``Galactic Empire``); a word the edition does not know as
        typed."""
        return str(self.edition.sides.get(side, {}).get("name", side))

    def where(self, s: GameState, player: str) -> str:
        """The name of the space a player's token stands on."""
        return self.space_at(s.player(player).position).name

    def space_at(self, position: int) -> Space:
        """The space at a board position."""
        return self.edition.spaces[position % self.board_size]

    def level(self, s: GameState, space_id: str) -> int:
        """Buildings on a deed as one number: houses, or houses-before-hotel + 1 for a hotel."""
        return self.houses_before_hotel + 1 if s.hotels(space_id) else s.houses(space_id)

    def group_members(self, space: Space) -> tuple[str, ...]:
        """The deeds of a space's group."""
        return self.edition.groups[space.group].members if space.group else ()

    def owns_group(self, s: GameState, player: str, space: Space) -> bool:
        """Whether one player holds every deed of the space's group (all of them: a deed the box has not yet
        placed in the group is nobody's)."""
        if not space.group:
            return True  # a space in no group: there is no other deed to hold
        group = self.edition.groups[space.group]
        return len(group.members) >= group.size and self.owned_in_group(s, player, space) == len(group.members)

    def group_name(self, space: Space) -> str:
        """``Hoth colour group``: the group of a deed as the players say it; a set the box has not named yet is
        called by its number alone (``Colour set 1``, not ``Colour set 1 colour set``)."""
        name, word = self.edition.groups[space.group or ''].name, self.term('group')
        return name if name.lower().startswith(word.lower()) else f"{name} {word}"

    def owned_in_group(self, s: GameState, owner: str, space: Space) -> int:
        """How many deeds of the space's group one player holds (mortgaged ones count). The ledger opens each deed
        once, so exactly one account holds it: the player's own holdings say which are theirs (the bank, as
        :meth:`GameState.owner` says, also stands for a deed the ledger has not opened yet)."""
        if not space.group:
            return 0
        if owner == BANK:
            return sum(1 for m in self.group_members(space) if s.owner(m) == owner)
        return len(s.ledger.holdings(owner).keys() & self.group_units[space.group])

    def rent_withheld(self, s: GameState, owner: str, space: Space) -> str:
        """Why the owner's deed earns no rent now, as the table says it (empty when it does): a mortgaged deed
        earns none."""
        if space.id in s.mortgaged:
            return f"{space.name} is {self.term('mortgaged')} and earns no {self.term('rent')}"
        return ""

    def group_buildings(self, s: GameState, space: Space) -> int:
        """How many pieces stand on the whole group."""
        return sum(s.houses(m) + s.hotels(m) for m in self.group_members(space))

    def deeds_of(self, s: GameState, player: str) -> list[Space]:
        """A player's deeds in board order."""
        held = s.ledger.holdings(player)
        return [d for unit, d in self.deed_units if unit in held]

    def building_value(self, s: GameState, space: Space) -> int:
        """What the pieces on a deed cost to buy (a hotel counts with the houses it replaced)."""
        hotels = s.hotels(space.id)
        return ((s.houses(space.id) + hotels * self.houses_before_hotel) * space.build_cost
                + hotels * space.hotel_cost)

    def sellback(self, amount: int) -> int:
        """What the bank pays back for buildings that cost ``amount``."""
        return amount * self.edition.building_sellback_percent // 100

    def worth_parts(self, s: GameState, player: str) -> dict[str, int]:
        """End-of-game worth part by part, with their sum as ``total`` (cash alone, unless a scoring mechanic
        counts more)."""
        return {"cash": s.cash(player), "total": s.cash(player)}

    def final_worth(self, s: GameState, player: str) -> int:
        """End-of-game worth (see :meth:`worth_parts`)."""
        return self.worth_parts(s, player)["total"]

    def side_bases(self, s: GameState) -> dict[str, int]:
        """Each side's Bases on the board, where the sides count Bases (none here)."""
        return {}

    def raisable(self, s: GameState, player: str) -> int:
        """What a player in debt could raise: their cash, plus what the edition lets them sell or mortgage."""
        return s.cash(player)

    def bankruptcy(self, s: GameState, player: str) -> Bankruptcy | None:
        """What declaring ``player`` bankrupt would do now; None when they owe nothing or cannot."""
        return None

    def player_json(self, state: GameState, player: str) -> dict[str, Any]:
        """What the edition adds to a player's entry in the table script's JSON (nothing by default)."""
        return {}

    # ------------------------------------------------------------------ guards

    def turn_guard(self, s: GameState, player: str) -> list[Violation]:
        """Only the player whose turn it is may do this."""
        if s.turn.player != player:
            return [V("turn/not-your-turn", f"It is {self.name_of(s, s.turn.player)}'s turn, not "
                                            f"{self.name_of(s, player)}'s.")]
        return []

    def blockers(self, s: GameState, player: str | None = None) -> list[Violation]:
        """What must be settled before play goes on: open decisions, an auction, unpaid debts (and whatever a
        mechanic adds, such as a battle). With ``player``: only their own decisions and debts, and anything
        that holds up the whole table. Every check that waits on these shares this one wording."""
        if not s.decisions and not s.debts and s.auction is None:
            return []  # nothing is pending (the usual case: said at once)
        decisions = s.decisions if player is None else s.decisions_for(player)
        debts = s.debts if player is None else s.debts_of(player)
        problems = [V("turn/decision-open", f"{self.name_of(s, d.player)} must first {self.decision_text(d)}.")
                    for d in decisions]
        problems += self.auction_open(s)
        problems += [V("turn/debt-open", f"{self.name_of(s, d.debtor)} still owes {self.money(d.amount)} "
                                         f"({d.reason}): pay it or {self.term('declare_bankruptcy')} first.")
                     for d in debts]
        return problems

    def auction_open(self, s: GameState) -> list[Violation]:
        """Nothing else happens while an auction is open."""
        if s.auction is None:
            return []
        return [V("turn/auction-open", f"The auction of {self.lot_name(s.auction.lot)} is still open: finish "
                                       "it first.")]

    def lot_name(self, lot: str) -> str:
        """What is up for auction, as the table says it."""
        return self.edition.space(lot.removeprefix("deed:")).name if lot.startswith("deed:") else self.term(lot)

    def decision(self, s: GameState, player: str, kind: str, **match: Any) -> Decision | None:
        """The player's open decision of ``kind`` (whose data has the ``match`` values), if any."""
        for d in s.decisions:
            if d.player == player and d.kind == kind and (not match or all(d.data.get(k) == v
                                                                          for k, v in match.items())):
                return d
        return None

    def need_decision(self, s: GameState, player: str, kind: str, what: str, **match: Any) -> list[Violation]:
        """The command answers an open decision of ``kind``: refused when there is none."""
        if self.decision(s, player, kind, **match) is None:
            return [V(f"decision/no-{kind}", f"{self.name_of(s, player)} has nothing to {what} right now.")]
        return []

    def decision_text(self, d: Decision) -> str:
        """What settles a decision, in the words of a refusal ("... must first <text>"). Each mechanic words
        its own kinds."""
        return d.kind

    def deed(self, space_id: str) -> Space | None:
        """The deed with that id, or None when the board has no such deed."""
        if self.edition.has_space(space_id) and self.edition.space(space_id).is_deed:
            return self.edition.space(space_id)
        return None

    def own_deed(self, s: GameState, player: str, space_id: str) -> tuple[Space | None, list[Violation]]:
        """The deed, and why it is not the player's to act on (not a deed, or someone else's). A group's id where a
        deed's is expected is told which deeds the group holds."""
        deed = self.deed(space_id)
        if deed is None:
            return None, [V("deed/unknown", self.not_a_deed(space_id))]
        if s.owner(deed.id) != player:
            return deed, [V("deed/not-owner", f"{self.name_of(s, player)} does not own {deed.name}.")]
        return deed, []

    def not_a_deed(self, space_id: str) -> str:
        """Why ``space_id`` names no deed of this board; a group's id is told its deeds, to name one of them."""
        deed = self.term("deed")
        group = self.edition.groups.get(space_id)
        if group is None:
            return f"'{space_id}' is not {a_or_an(deed)} on this board."
        listed = f": name one of its {deed}s instead: {', '.join(group.members)}" if group.members else ""
        return f"'{space_id}' names the group {group.name}, not {a_or_an(deed)}{listed}."

    def jail_exit_guard(self, s: GameState, player: str) -> list[Violation]:
        """A way out of jail is taken by a prisoner, on their turn, before rolling."""
        if not s.player(player).in_jail:
            return [V("jail/not-in-jail", f"{self.name_of(s, player)} is not in {self.term('jail')}.")]
        problems = self.turn_guard(s, player)
        if not problems and s.turn.rolled:
            problems.append(V("jail/after-roll", "That has to be done before rolling."))
        return problems

    def not_bankrupt(self, s: GameState, player: str) -> list[Violation]:
        """Only a player who owes something can be declared bankrupt."""
        return [V("bankrupt/no-debt", f"{self.name_of(s, player)} owes nothing, so is not {self.term('bankrupt')}.")]

    def afford(self, s: GameState, player: str, amount: int, what: str) -> list[Violation]:
        """A player pays only with credits they hold."""
        if s.cash(player) < amount:
            return [V("money/too-few-credits", f"{what} costs {self.money(amount)}, but "
                                               f"{self.name_of(s, player)} has only {self.money(s.cash(player))}.")]
        return []

    # ------------------------------------------------------------------ money

    def charge(self, emit: Emitter, payer: str, payee: str, amount: int, reason: str) -> None:
        """Take a payment the rules demand: paid at once when the cash is there, else a debt that blocks play."""
        if amount <= 0:
            return
        if emit.state.ledger.balance(payer) >= amount:
            emit.add(paid(reason, payer, payee, CREDITS, amount))
        else:
            emit.add(DebtOpened(payer, payee, amount, reason))

    def sold(self, s: GameState, reason: str, buyer: str, deed: Space, price: int) -> Transaction:
        """A deed from the bank to ``buyer`` for ``price`` credits (none: paid apart), as one transaction (and
        whatever the edition places with it: a Base)."""
        parts = [Transaction.transfer(reason, BANK, buyer, deed_unit(deed.id), 1)]
        if price:
            parts.insert(0, Transaction.transfer(reason, buyer, BANK, CREDITS, price))
        return Transaction.combine(reason, parts)

    def contested(self, emit: Emitter, actor: str, target: str, action: dict[str, Any]) -> bool:
        """Whether ``target`` may first answer an action another player takes against them (Star Wars 2015's
        Just say no!): then the action waits for the answer and this returns True. ``action`` says what to carry
        out if it stands (see the mechanic that opens the answer). Here: never."""
        return False

    def carry_out(self, emit: Emitter, actor: str, target: str, action: dict[str, Any]) -> None:
        """Carry out an action that ``target`` answered and that stands: a payment they owe ``actor``
        (``charge``), or what the mechanic that took the action says."""
        if action["kind"] == "charge":
            self.charge(emit, target, actor, int(action["amount"]), str(action["reason"]))

    def go_salary(self, s: GameState, player: str) -> int:
        """What GO pays ``player``: the edition's salary."""
        return self.edition.go_salary

    def collect_go(self, emit: Emitter, player: str) -> None:
        """GO pays its salary."""
        emit.add(paid(self.go_reason, BANK, player, CREDITS, self.go_salary(emit.state, player)))

    def clear_sites(self, s: GameState, members: tuple[str, ...], payee: str, reason: str) -> Transaction:
        """Every piece on the deeds back to the bank, half their cost paid to ``payee`` (nobody if empty)."""
        postings: list[Posting] = []
        proceeds = 0
        for m in members:
            for kind in (HOUSE, HOTEL):
                n = s.ledger.balance(site_account(m), kind)
                if n:
                    postings += [Posting(site_account(m), kind, -n), Posting(BANK, kind, n)]
            proceeds += self.sellback(self.building_value(s, self.edition.space(m)))
        if payee and proceeds:
            postings += [Posting(BANK, CREDITS, -proceeds), Posting(payee, CREDITS, proceeds)]
        return Transaction(reason, tuple(postings))

    # ------------------------------------------------------------------ moving and landing

    def advance(self, emit: Emitter, player: str, steps: int, how: str) -> None:
        """Move forward; the GO salary is paid when the token passes or lands on GO. A board nobody has published
        says how many spaces go round it before the first move (moves only count spaces)."""
        if not self.length_known:
            raise ValueNeeded(Need(BOARD_TARGET, ("length",), "How many spaces go round the board? Count them all, "
                                                              "GO included."))
        target = emit.state.seats[player].position + steps
        if target >= self.board_size:
            self.collect_go(emit, player)
        emit.add(moved(player, target % self.board_size, how))

    def advance_to(self, emit: Emitter, player: str, position: int, how: str) -> None:
        """Move forward to a board position, passing GO if it lies behind."""
        p = emit.state.player(player)
        self.advance(emit, player, (position - p.position) % self.board_size or self.board_size, how)

    def to_jail(self, emit: Emitter, player: str) -> None:
        """Straight to jail: no GO salary, and the turn ends (no roll for doubles)."""
        emit.add(moved(player, self.jail_position, "jail"))
        emit.add(JailChanged(player, True, 0))

    def land(self, emit: Emitter, player: str, forced: str = "") -> None:
        """Resolve the space the token stands on with the mechanic that owns its kind (nothing happens on a
        space no mechanic resolves). ``forced``: a card sent it (``nearest``: vessel double, utility 10x)."""
        space, handler = self.landing_plan[emit.state.seats[player].position % self.board_size]
        if space.unknown:
            if any(f in space.unknown for f in LANDING_LAYOUT):
                raise self.layout_needed(space)
            if not space.is_deed:
                space.need_printed()  # a deed asks for its values when they are needed (see the deeds mechanic)
        if handler is not None:
            handler(self, emit, player, space, forced)

    def layout_needed(self, space: Space, reason: str = "") -> ValueNeeded:
        """What play asks the box when a token needs to know of ``space`` what nobody has said yet (see
        :data:`LANDING_LAYOUT`): its type; or, its type known, the group of a deed or the deck of a card space.
        ``reason`` (``and the card sends Luke on to ...``) says why it is needed now."""
        fields = tuple(f for f in LANDING_LAYOUT if f in space.unknown)
        why = f", {reason}" if reason else ""
        if "kind" in fields:
            text = f"nobody has said what this space is yet{why}. Choose its type"
        elif "group" in fields:
            text = f"nobody has said which {self.term('group')} this space belongs to yet{why}. Choose it"
        else:
            text = f"nobody has said which deck this card space draws from yet{why}. Choose it"
        return ValueNeeded(Need(f"space:{space.id}", fields, f"{space.name}: {text} as the board shows it."))

    def put_there(self, emit: Emitter, player: str) -> None:
        """What a token meets on the space the table says it really stands on (a correction), before that space
        is resolved (nothing, unless a mechanic says so)."""

    def arrived(self, emit: Emitter, player: str) -> None:
        """What happens once a moved token's space is resolved (nothing, unless a mechanic says so)."""

    def asked_roll_problems(self, s: GameState, player: str) -> list[Violation] | None:
        """When ``player``'s next roll is one this mechanic asked for rather than the move, the reasons it cannot be
        rolled now (empty: it can); None when it is not one. A mechanic that asks for rolls defines this and
        :meth:`asked_roll` without calling ``super()``: the roll asks each such mechanic in turn (see
        :attr:`roll_askers`)."""
        return None

    def asked_roll(self, emit: Emitter, player: str, dice: tuple[int, ...]) -> bool:
        """Carry out a roll this mechanic asked for; False when the roll is not one (see
        :meth:`asked_roll_problems`)."""
        return False

    # ------------------------------------------------------------------ what changes hands

    def received(self, emit: Emitter, player: str, deeds: list[str]) -> None:
        """What follows when deeds change hands between players (nothing, unless a mechanic says so)."""

    def deed_trade_problems(self, s: GameState, player: str, deed: Space) -> list[Violation]:
        """Why a deed its owner holds cannot change hands now (nothing, unless a mechanic says so)."""
        return []

    traded_card: ClassVar[str] = ""
    """How a trade names a card that may change hands (``card:<deck>``); empty: no deck lets players keep cards."""

    def card_trade_problems(self, s: GameState, player: str, cards: tuple[str, ...]) -> list[Violation]:
        """Why the cards named cannot change hands: with no deck that lets players keep cards, none can."""
        return [V("trade/no-card", f"{self.name_of(s, player)} holds no card '{card}'.")
                for card in dict.fromkeys(cards)]

    def card_changes_hands(self, emit: Emitter, card: str, source: str, target: str) -> None:
        """A kept card traded (the deck's mechanic moves it)."""

    # ------------------------------------------------------------------ turns and the end

    def pass_turn(self, emit: Emitter, current: str) -> None:
        """The dice go to the next player still in the game."""
        s = emit.state
        players = s.players
        i, count = s.places[current], len(players)
        for step in range(1, count + 1):
            nxt = players[(i + step) % count]
            if not nxt.retired:
                emit.add(TurnPassed(nxt.id, s.turn.number + 1))
                if s.rent_claims:
                    self.lapse_claims(emit, "turn")
                return

    def lapse_claims(self, emit: Emitter, moment: str) -> None:
        """Claims the table let pass run out at ``moment`` (``roll`` or ``turn``); none, unless a mechanic
        keeps claims. As the turn passes it is asked only while rent claims are open (at a roll, always)."""

    def before_end(self, emit: Emitter) -> None:
        """What is settled as the game ends, before the worth is counted (nothing, unless a mechanic says so)."""

    def end_game(self, emit: Emitter, reason: str) -> None:
        """The game ends: what is still due is settled, then the players are ranked by their worth."""
        s = emit.state
        self.before_end(emit)
        parts = {p.id: self.worth_parts(s, p.id) for p in s.active}
        ranking = [{"player": pid, "worth": worth["total"], "parts": worth}
                   for pid, worth in sorted(parts.items(), key=lambda item: -item[1]["total"])]
        emit.add(GameEnded(reason, tuple(ranking)))

    # ------------------------------------------------------------------ what next

    def describe(self, state: GameState) -> dict[str, Any]:
        """The pending decisions, auction, debts, rent claims and trade, in plain words. Once the game is over
        nothing can be played, so nothing is pending: what was left open is void, and an open debt shows in the
        ranking's worth instead."""
        s = state
        if s.over:
            return {"decisions": [], "auction": None, "debts": [], "rent_claims": [], "trade": None}
        return {
            "decisions": [{"player": d.player, "kind": d.kind, **d.data, "text": self.decision_text(d)}
                          for d in s.decisions],
            "auction": None if s.auction is None else {
                "lot": s.auction.lot, "name": self.lot_name(s.auction.lot),
                "high_bid": s.auction.high[1] if s.auction.high else 0,
                "high_bidder": s.auction.high[0] if s.auction.high else None,
                "passed": list(s.auction.passed), "queue": list(s.auction_queue)},
            "debts": [{"debtor": d.debtor, "creditor": d.creditor, "amount": d.amount, "reason": d.reason}
                      for d in s.debts],
            "rent_claims": [{"owner": c.owner, "payer": c.payer, "space": c.space, "amount": c.amount,
                             "lapses_at_turn": c.turn + self.edition.rent_claim_turns,
                             **({"to_read": True} if c.unread else {}),
                             **({"deferred": True} if c.deferred else {})} for c in s.rent_claims],
            "trade": None if s.trade is None else {"proposer": s.trade.proposer, "partner": s.trade.partner,
                                                   "give": s.trade.give, "get": s.trade.get},
        }


def no_such_player(name: str) -> Violation:
    """A command names someone who is not at the table."""
    return Violation("player/unknown", f"There is no player called '{name}' at this table.")


register_verbs(Rules.verbs)
