"""The Imperial enemies (The Mandalorian): each waits in its outpost; an advance space makes its lander roll the
silver die and every enemy in play moves that far; a hero walking into an enemy stops there; the boss comes out
once every hideout is owned or a trooper is down to its last card; an enemy passing unattended Grogu captures
him."""

from __future__ import annotations

from typing import Any, ClassVar

from companion.edition import Card, Edition, Space, capital, counted
from companion.engine.errors import Violation
from companion.engine.events import DecisionClosed, DecisionOpened, Noted
from companion.engine.ledger import BANK
from companion.engine.state import Decision, GameState, Setup
from companion.rules.coop_events import BossReleased, EnemyMoved
from companion.rules.coop_state import CoopState, EnemyPlace, coop
from companion.rules.core import Emitter
from companion.rules.imperial import Enemy, EnemyMove, advance, enemies_of, enemy_problems, outpost_spaces
from companion.rules.mechanics.grogu import Grogu

V = Violation


class Enemies(Grogu):
    """The enemies' places, their advance and the boss's release."""

    decision_kinds: ClassVar[tuple[str, ...]] = ("enemies-move",)
    landing_decisions: ClassVar[tuple[str, ...]] = ("enemies-move",)
    landings: ClassVar[dict[str, str]] = {"advance": "land_advance"}

    def __init__(self, edition: Edition, setup: Setup) -> None:
        super().__init__(edition, setup)
        self.enemies = {e.id: e for e in enemies_of(edition)}
        self.outposts = outpost_spaces(edition)
        self.boss = next((e for e in self.enemies.values() if e.boss), None)

    def new_state(self) -> GameState:
        """Each enemy waits in its outpost."""
        state = coop(super().new_state())
        state.enemies = {e.id: EnemyPlace(e.id, -1, e.outpost) for e in self.enemies.values()}
        return state

    def check_setup(self) -> list[Violation]:
        """Enemies the board can hold."""
        return super().check_setup() + [V("setup/enemies", f"The edition data is wrong: {p}.")
                                        for p in enemy_problems(self.edition)]

    def start(self, emit: Emitter) -> None:
        """The trooper decks hold as many levels as there are players."""
        emit.add(Noted(f"Imperial enemy cards in play: levels 1 to {len(emit.state.players)} of each trooper, and "
                       f"{self.boss.name if self.boss else 'the boss'}'s card"))
        super().start(emit)

    def enemy_words(self, enemy: str) -> str:
        """How the table names an enemy in a sentence: "the Death Trooper", but the boss by his name alone
        ("Moff Gideon")."""
        e = self.enemies[enemy]
        return e.name if e.boss else f"the {e.name}"

    def cards_in_play(self, enemy: Enemy) -> int:
        """How many of an enemy's cards the game uses: the boss's one, and as many trooper levels as there are
        players (2 players: levels 1-2; 3: 1-3; 4: 1-4)."""
        deck = self.edition.decks[enemy.deck]
        return 1 if enemy.boss else min(len(self.setup.players), len(deck.cards))

    def enemy_card(self, s: CoopState, enemy: str) -> Card:
        """The enemy's card a hero fights now: the lowest level not yet won."""
        return self.edition.decks[self.enemies[enemy].deck].cards[s.enemies[enemy].beaten]

    def cards_left(self, s: CoopState, enemy: str) -> int:
        """Cards still in an enemy's deck."""
        return self.cards_in_play(self.enemies[enemy]) - s.enemies[enemy].beaten

    def roll_kind(self, state: GameState, player: str) -> str:
        """The silver die to move the enemies on an advance."""
        if self.decision(state, player, "enemies-move"):
            return "enemies-move"
        return super().roll_kind(state, player)

    def passing(self, emit: Emitter, player: str, position: int, left: int) -> bool:
        """The first space holding an enemy stops the hero, however many moves are left."""
        stop = super().passing(emit, player, position, left)
        enemy = coop(emit.state).enemy_at(position)
        if enemy and left and not stop:
            emit.add(Noted(f"{self.name_of(emit.state, player)} stops at {self.enemy_words(enemy)} with "
                           f"{counted(left, 'move')} left"))
            return True
        return stop

    def land_advance(self, emit: Emitter, player: str, space: Space, forced: str) -> None:
        """An Imperial advance space: the lander rolls the silver die for the enemies."""
        emit.add(DecisionOpened("enemies-move", player, {}))

    def asked_roll_problems(self, s: GameState, player: str) -> list[Violation] | None:
        """The enemies' advance is rolled by the hero who landed on the advance space, with nothing else to wait
        for."""
        if self.decision(s, player, "enemies-move"):
            return []
        return None

    def asked_roll(self, emit: Emitter, player: str, dice: tuple[int, ...]) -> bool:
        move = self.decision(emit.state, player, "enemies-move")
        if move is None:
            return False
        emit.add(DecisionClosed(move.id))
        self.advance_enemies(emit, player, dice[0])
        return True

    def movers(self, s: CoopState) -> list[str]:
        """The enemies an advance moves: every trooper still in the game, and the boss once released."""
        return [e.id for e in self.enemies.values()
                if not s.enemies[e.id].out and (not e.boss or s.boss_free)]

    def advance_enemies(self, emit: Emitter, player: str, roll: int) -> None:
        """Move the enemies ``roll`` spaces (see :func:`advance`). Nobody fights during an advance: an enemy
        that stops on a hero's space does not start a battle. An enemy that passes or stops on unattended Grogu
        captures him, and the game is lost."""
        s = coop(emit.state)
        emit.add(Noted(f"{self.name_of(s, player)} rolls {roll} for the Imperial advance"))
        places = {k: (v.position, v.outpost) for k, v in s.enemies.items() if not v.out}
        moves = advance(places, self.movers(s), roll, self.outposts, self.board_size)
        for m in moves:
            emit.add(EnemyMoved(m.enemy, m.end, 0, self.move_words(m)))
        for m in moves:
            if not s.grogu_holder and s.grogu_position in m.path:
                emit.add(Noted(f"{capital(self.enemy_words(m.enemy))} captures Grogu"))
                self.captured(emit, s.grogu_position)
                return

    def move_words(self, m: EnemyMove) -> str:
        """Which piece to move where, and why it goes one further when it had to."""
        start = (f"{self.term('outpost')} {m.outpost}" if m.start < 0 else self.space_at(m.start).name)
        steps = f"{len(m.path)} space{'s' if len(m.path) > 1 else ''}"
        words = f"Move {self.enemy_words(m.enemy)} from {start} to {self.space_at(m.end).name} ({steps})"
        if m.bumped_by:
            words += (f": {self.space_at(m.path[-2]).name} is {self.enemy_words(m.bumped_by)}'s, and only "
                      "one enemy may stand on a space, so it goes one space further")
        return words

    def after_command(self, emit: Emitter) -> None:
        """The boss comes out with the next advance once every hideout is owned or a trooper's deck is down to
        its last card."""
        super().after_command(emit)
        s = coop(emit.state)
        if s.boss_free or self.boss is None or s.over:
            return
        if self.every_hideout_owned(s):
            why = f"every {self.term('street')} is owned"
        else:
            low = next((e for e in self.enemies.values() if not e.boss and self.cards_left(s, e.id) == 1), None)
            if low is None:
                return
            why = f"{self.enemy_words(low.id)} is down to its last card"
        emit.add(BossReleased(f"{self.boss.name} leaves {self.term('outpost')} {self.boss.outpost}: {why}"))

    def every_hideout_owned(self, s: CoopState) -> bool:
        """Whether heroes own every hideout of the board: as many as its colour sets hold (16), so on a box still
        being learnt, where a space nobody has described may be a hideout the Bank holds, owning every hideout
        described so far is not enough."""
        owned = sum(1 for d in self.edition.deeds if s.owner(d.id) != BANK)
        return owned == sum(g.size for g in self.edition.groups.values())

    def decision_text(self, d: Decision) -> str:
        if d.kind == "enemies-move":
            return f"roll the silver die to move the {self.term('enemies')}"
        return super().decision_text(d)

    def describe(self, state: GameState) -> dict[str, Any]:
        """Where each enemy is, its cards left, and whether the boss is out."""
        s = coop(state)
        return {**super().describe(state),
                "enemies": {k: {"position": v.position, "outpost": v.outpost, "cards_left": self.cards_left(s, k),
                                "out": v.out} for k, v in s.enemies.items()},
                "boss_free": s.boss_free}
