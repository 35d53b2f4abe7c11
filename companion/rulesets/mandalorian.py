"""The Mandalorian edition's rules (first and second season): heroes together against the Imperial enemies.

What it shares with the classic game (buying or auctioning a deed, asking for rent, trades, debts) comes from
:class:`ClassicRules`; this module holds what differs: one die to move, the enemies who stop a hero and fight,
the advance that moves them, Grogu, the Signet cards, the jail's roll of a 6 and the score once Moff Gideon is
beaten. Every number comes from the edition's data (edition.toml ``[coop]``, ``[[tokens]]``, ``[[enemies]]``).
"""

from __future__ import annotations

from typing import Any

from companion.dice import MOVE
from companion.edition import PRINTED_FIELDS, Card, Edition, Space, capital
from companion.engine.commands import Command
from companion.engine.coop_events import (
    BattleChanged,
    BattleClosed,
    BattleOpened,
    BossReleased,
    EnemyBeaten,
    EnemyMoved,
    GroguMoved,
    SignetMoved,
    coop,
)
from companion.engine.coop_state import Battle, CoopState, EnemyPlace
from companion.engine.errors import Violation
from companion.engine.events import (
    DebtClosed,
    DecisionClosed,
    DecisionOpened,
    DiceRolled,
    Event,
    GameEnded,
    JailChanged,
    Noted,
    Posted,
    RentClosed,
    RentDue,
    TokenMoved,
)
from companion.engine.ledger import BANK, CREDITS, Transaction, deed_unit
from companion.engine.state import GameState, Setup
from companion.rulesets.assets import Assets
from companion.rulesets.base import Bankruptcy, Emitter
from companion.rulesets.classic import ClassicRules
from companion.rulesets.imperial import (
    Enemy,
    EnemyMove,
    advance,
    enemies_of,
    enemy_problems,
    next_free_outpost,
    outpost_spaces,
)

V = Violation

CAPTURED = "Grogu was captured"
BOSS_BEATEN = "Moff Gideon was defeated"


class MandalorianRules(ClassicRules):
    """Co-operative rules: hideouts, Grogu, Signet cards, Imperial enemies, battles and the final score."""

    name = "mandalorian"
    asked_during_play = frozenset({*PRINTED_FIELDS, "cards", "number", "reward", "penalty"})
    left_out = frozenset({"build", "sell", "sell-all", "piece-auction", "mortgage", "unmortgage", "lift", "keep",
                          "tax", "jail-card", "time-up"})

    def __init__(self, edition: Edition, setup: Setup) -> None:
        super().__init__(edition, setup)
        self.enemies = {e.id: e for e in enemies_of(edition)}
        self.outposts = outpost_spaces(edition)
        self.values: dict[str, int] = dict(edition.raw.get("edition", {}).get("coop", {}))
        self.boss = next((e for e in self.enemies.values() if e.boss), None)
        self.signet_deck = next((d.id for d in edition.decks.values() if d.role == "signet"), "")

    # ------------------------------------------------------------------ set-up

    def new_state(self) -> GameState:
        """The box unpacked: the Bank holds every hideout, each enemy waits in its outpost, Grogu sits on Just
        Visiting."""
        players, ledger = self.unpacked()
        return CoopState(players=players, ledger=ledger, grogu_position=self.jail_position,
                         enemies={e.id: EnemyPlace(e.id, -1, e.outpost) for e in self.enemies.values()})

    def check_setup(self) -> list[Violation]:
        """The classic set-up checks, every hero playing a character of the box (each has an ability), and
        enemies the board can hold."""
        problems = super().check_setup()
        problems += [V("setup/token", f"{p.get('name', p.get('id'))} must choose a character: "
                                      f"{', '.join(str(t['name']) for t in self.edition.tokens.values())}.")
                     for p in self.setup.players if not p.get("token")]
        problems += [V("setup/enemies", f"The edition data is wrong: {p}.") for p in enemy_problems(self.edition)]
        return problems

    def start(self, emit: Emitter) -> None:
        """The trooper decks hold as many levels as there are players; then the classic start (starting credits,
        the die to the first player)."""
        emit(Noted(f"Imperial enemy cards in play: levels 1 to {len(emit.state.players)} of each trooper, and "
                   f"{self.boss.name if self.boss else 'the boss'}'s card"))
        super().start(emit)

    # ------------------------------------------------------------------ queries

    def ability(self, s: GameState, player: str, kind: str) -> int:
        """The value of a hero's ability of ``kind`` (0 when their character has another): its own amount, or
        the larger one while the hero holds Grogu."""
        token = self.edition.tokens.get(s.player(player).token, {})
        if token.get("ability") != kind:
            return 0
        return int(token.get("with_grogu" if coop(s).holds_grogu(player) else "amount", 0))

    def has_ability(self, s: GameState, player: str, kind: str) -> bool:
        """Whether a hero's character has the ability ``kind``."""
        return self.edition.tokens.get(s.player(player).token, {}).get("ability") == kind

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

    def buy_price(self, s: GameState, player: str, deed: Space) -> int:
        """The printed price, less a purchase discount (Kuiil: 10, or 30 with Grogu), never below 0."""
        return max(0, deed.price - self.ability(s, player, "purchase-discount"))

    def rent_for(self, s: GameState, space: Space, owner: str, payer: str) -> int:
        """A hideout's rent (doubled for a full colour set), less a rent discount (Din Djarin: 10, or 30 with
        Grogu), never below 0."""
        return max(0, self.rent(s, space, owner, 0) - self.ability(s, payer, "rent-discount"))

    def roll_kind(self, state: GameState, player: str) -> str:
        """The silver die to move the enemies on an advance; the battle dice (both while holding Grogu) in a
        battle; otherwise the move: the silver die, or the green one alone while holding Grogu (a prisoner
        rolls the silver die for a 6)."""
        s = coop(state)
        grogu = s.holds_grogu(player) if s.has_player(player) else False
        if self._decision(s, player, "enemies-move"):
            return "enemies-move"
        if s.battle and s.battle.player == player:
            return "battle-with-grogu" if grogu else "battle"
        if s.has_player(player) and s.player(player).in_jail:
            return MOVE
        return "move-with-grogu" if grogu else MOVE

    def score_parts(self, s: CoopState, player: str) -> dict[str, int]:
        """A hero's final score part by part: ``cash``; ``grogu``, the bonus for holding him; ``enemy_cards``,
        the bonus for the most enemy cards won (a tie goes to whoever of them holds the most hideouts, and a tie
        on that too to each of them); ``rent``, one rent for each hideout held, double for a full colour set; and
        their sum, ``total``."""
        counts = {p.id: len(s.trophies.get(p.id, [])) for p in s.players}
        most = max(counts.values())
        tied = [p for p, n in counts.items() if n == most]
        hideouts = {p: len(self.deeds_of(s, p)) for p in tied}
        leaders = [p for p in tied if hideouts[p] == max(hideouts.values())]
        parts = {
            "cash": s.cash(player),
            "grogu": int(self.values.get("grogu_bonus", 0)) if s.holds_grogu(player) else 0,
            "enemy_cards": int(self.values.get("most_enemy_cards_bonus", 0)) if player in leaders else 0,
            "rent": sum(self.rent(s, d, player, 0) for d in self.deeds_of(s, player)),
        }
        return {**parts, "total": sum(parts.values())}

    def worth_parts(self, s: GameState, player: str) -> dict[str, int]:
        """What a hero would score if the game ended now (see :meth:`score_parts`)."""
        return self.score_parts(coop(s), player)

    def raisable(self, s: GameState, player: str) -> int:
        """Cash plus the price of every hideout held (the Bank buys them back at their price)."""
        return s.cash(player) + sum(d.price for d in self.deeds_of(s, player))

    # ------------------------------------------------------------------ guards

    def _blockers(self, s: GameState) -> list[Violation]:
        """The classic blockers, and a battle still to fight."""
        problems = super()._blockers(s)
        b = coop(s).battle
        if b:
            problems.append(V("turn/battle-open", f"{self.name_of(s, b.player)} must first fight "
                                                  f"{self.enemy_words(b.enemy)}."))
        return problems

    def check_end(self, s: GameState, cmd: Command) -> list[Violation]:
        """A turn ends once the roll is done, its space settled and any battle fought."""
        problems = super().check_end(s, cmd)
        b = coop(s).battle
        if b and b.player == cmd.args[0]:
            problems.append(V("turn/battle-open", f"{self.name_of(s, b.player)} must first fight "
                                                  f"{self.enemy_words(b.enemy)}."))
        return problems

    # ------------------------------------------------------------------ moving

    def _collect_go(self, emit: Emitter, player: str) -> None:
        """GO pays its salary, or a larger one to a hero with that ability (Cara Dune, Bo-Katan Kryze: 50, or
        70 with Grogu)."""
        amount = self.ability(emit.state, player, "go-salary") or self.edition.go_salary
        emit(Posted(Transaction.transfer("salary for reaching GO", BANK, player, CREDITS, amount)))

    def _walk(self, emit: Emitter, player: str, steps: int) -> None:
        """Move space by space: GO pays when passed or landed on; a hero who reaches unattended Grogu takes him
        along; the first space holding an enemy stops the hero, however many moves are left."""
        s = coop(emit.state)
        position = s.player(player).position
        for step in range(1, steps + 1):
            position = (s.player(player).position + step) % self.board_size
            if position == 0:
                self._collect_go(emit, player)
            if not s.grogu_holder and s.grogu_position == position:
                emit(GroguMoved(player, -1, f"{self.name_of(s, player)} takes Grogu along"))
            enemy = s.enemy_at(position)
            if enemy and step < steps:
                emit(Noted(f"{self.name_of(s, player)} stops at {self.enemy_words(enemy)} with "
                           f"{steps - step} move(s) left"))
                break
        emit(TokenMoved(player, position, "dice"))

    def _fly(self, emit: Emitter, player: str, position: int, how: str) -> None:
        """Move straight to a space (a jump, a card): GO pays if passed, but enemies and Grogu on the way are
        left where they are."""
        here = emit.state.player(player).position
        if position <= here or position == 0:
            self._collect_go(emit, player)
        emit(TokenMoved(player, position, how))

    def _land(self, emit: Emitter, player: str, forced: str = "") -> None:
        """Resolve the space the hero stands on; a battle with an enemy there comes after it (see :meth:`_meet`).
        A double-draw ability (Boba Fett) draws two cards on a Signet space only, and takes both with Grogu."""
        s = coop(emit.state)
        space = self.space_at(s.player(player).position)
        space.need_printed()
        if space.kind == "hideout":
            owner = s.owner(space.id)
            if owner == BANK:
                emit(DecisionOpened("offer", player, {"space": space.id}))
            elif owner != player:
                amount = self.rent_for(s, space, owner, player)
                if amount:
                    emit(RentDue(owner, player, space.id, amount))
                else:
                    emit(Noted(f"{self.name_of(s, player)} stays at {space.name} for free"))
        elif space.kind == "card":
            draws = 2 if self.has_ability(s, player, "double-draw") and space.deck == self.signet_deck else 1
            takes = 2 if draws == 2 and s.holds_grogu(player) else 1
            emit(DecisionOpened("card", player, {"deck": space.deck, "draws": draws, "takes": takes}))
        elif space.kind == "collect":
            emit(Posted(Transaction.transfer(space.name, BANK, player, CREDITS, space.amount)))
        elif space.kind == "jump":
            self._jump(emit, player, space)
        elif space.kind == "advance":
            emit(DecisionOpened("enemies-move", player, {}))
        elif space.kind == "free-parking" and not s.holds_grogu(player):
            self._take_grogu(emit, player, f"{self.name_of(s, player)} takes Grogu at {space.name}")
        elif space.kind == "go-to-jail":
            self._to_jail(emit, player)

    def _jump(self, emit: Emitter, player: str, space: Space) -> None:
        """Jump to the next hideout nobody owns (and buy or auction it), or, when all are owned, to the other
        jump space. An enemy on the jump space is escaped; one on the space reached must be fought."""
        s = coop(emit.state)
        enemy = s.enemy_at(space.position)
        if enemy:
            emit(Noted(f"{self.name_of(s, player)} escapes {self.enemy_words(enemy)} by jumping"))
        ahead = [self.space_at(space.position + i) for i in range(1, self.board_size)]
        target = next((t for t in ahead if t.kind == "hideout" and s.owner(t.id) == BANK), None)
        target = target or next((t for t in ahead if t.kind == "jump"), None)
        if target is None:
            return
        self._fly(emit, player, target.position, "jump")
        if target.kind == "hideout":
            self._land(emit, player)

    def _meet(self, emit: Emitter, player: str) -> None:
        """After a hero's space is resolved: a battle whose enemy is no longer on the hero's space is off (see
        :meth:`_drop_gone_battle`); an enemy on the space the hero now stands on (not in jail) must be fought,
        against its next card, whose printed numbers are needed from then on. A hero who must first roll the
        Imperial advance fights nobody: the advance moves every enemy on the board, so the one on the hero's
        space leaves it."""
        s = coop(emit.state)
        p = s.player(player)
        self._drop_gone_battle(emit, player)
        enemy = s.enemy_at(p.position)
        if not enemy or s.battle or p.in_jail or self._decision(s, player, "enemies-move"):
            return
        card = self.enemy_card(s, enemy)
        card.value("number")
        emit(BattleOpened(player, enemy, card.id))

    def _drop_gone_battle(self, emit: Emitter, player: str) -> None:
        """A battle is off once its enemy no longer stands on the hero's space (a card sent the hero elsewhere,
        or the table said the token is really on another space)."""
        s = coop(emit.state)
        if s.battle and s.battle.player == player and s.enemies[s.battle.enemy].position != s.player(player).position:
            emit(BattleClosed("gone"))

    def _to_jail(self, emit: Emitter, player: str) -> None:
        """Straight to Jail, without GO's salary. Grogu cannot go to Jail: a hero carrying him leaves him on one
        of their hideouts that has no enemy on it, or on the Go To Jail space (the only choice when they have no
        such hideout)."""
        s = coop(emit.state)
        emit(TokenMoved(player, self.jail_position, "jail"))
        emit(JailChanged(player, True, 0))
        if not s.holds_grogu(player):
            return
        choices = self.grogu_homes(s, player)
        if len(choices) == 1:
            self._leave_grogu(emit, player, choices[0])
        else:
            emit(DecisionOpened("leave-grogu", player, {"choices": choices}))

    def grogu_homes(self, s: CoopState, player: str) -> list[str]:
        """Where a hero going to Jail may leave Grogu: their hideouts with no enemy, then the Go To Jail space."""
        homes = [d.id for d in self.deeds_of(s, player) if not s.enemy_at(d.position)]
        return [*homes, self.edition.first("go-to-jail").id]

    def _take_grogu(self, emit: Emitter, player: str, why: str) -> None:
        """``player`` now carries Grogu, from whoever had him; a hero on the way to Jail who had still to choose
        where to leave him has nothing left to choose."""
        for decision in [d for d in emit.state.decisions if d.kind == "leave-grogu"]:
            emit(DecisionClosed(decision.id))
        emit(GroguMoved(player, -1, why))

    def _leave_grogu(self, emit: Emitter, player: str, space_id: str) -> None:
        space = self.edition.space(space_id)
        emit(GroguMoved("", space.position, f"{self.name_of(emit.state, player)} leaves Grogu on {space.name}"))

    # ------------------------------------------------------------------ roll

    def check_roll(self, s: GameState, cmd: Command) -> list[Violation]:
        """One value per die of the roll wanted now (see :meth:`roll_kind`). The enemies' advance is rolled by
        the hero who landed on the advance space; a battle roll by the hero fighting, once the space is settled,
        and again only for a second try; the move by the hero whose turn it is, once a turn (doubles mean
        nothing)."""
        c, player = coop(s), cmd.args[0]
        if self._decision(s, player, "enemies-move"):
            return self._dice_problems(s, cmd)
        b = c.battle
        if b and b.player == player:
            return self._dice_problems(s, cmd) + self._battle_roll_problems(c, b)
        return super().check_roll(s, cmd)

    def _battle_roll_problems(self, s: CoopState, b: Battle) -> list[Violation]:
        """A battle is rolled once the hero's space is settled; after a lost roll only with a second try left
        (a second-chance Signet played, or a re-roll ability not yet used)."""
        problems = [V("turn/decision-open", f"{self.name_of(s, d.player)} must first {self._decision_text(d)}.")
                    for d in s.decisions_for(b.player)]
        if s.auction:
            problems.append(V("turn/auction-open", "Finish the auction first."))
        if b.lost and not (b.second_tries or self._can_reroll(s, b)):
            problems.append(V("battle/no-second-try", f"{self.name_of(s, b.player)} lost the roll: play a second-"
                                                      "chance Signet card for another try, or take the loss."))
        return problems

    def _can_reroll(self, s: CoopState, b: Battle) -> bool:
        """A re-roll ability (Ahsoka Tano) gives one more try after the first roll of a battle lost."""
        return self.has_ability(s, b.player, "reroll") and not b.rerolled and b.rolls == 1

    def do_roll(self, emit: Emitter, cmd: Command) -> None:
        s, player, dice = coop(emit.state), cmd.args[0], tuple(cmd.ints(1))
        move = self._decision(s, player, "enemies-move")
        if move:
            emit(DecisionClosed(move.id))
            self._advance_enemies(emit, player, dice[0])
            return
        if s.battle and s.battle.player == player:
            self._battle_roll(emit, s.battle, dice)
            return
        self._lapse_claims(emit, "roll")
        emit(DiceRolled(player, dice, 0, False))
        p = s.player(player)
        if p.in_jail:
            face = int(self.values.get("jail_exit_face", 6))
            if dice[0] != face:
                tries = p.jail_turns + 1
                emit(JailChanged(player, tries < self.jail_max_turns, 0 if tries >= self.jail_max_turns else tries))
                if tries >= self.jail_max_turns:
                    emit(Noted(f"{p.name} leaves {self.term('jail')} for Just Visiting; the turn is over"))
                return
            emit(JailChanged(player, False, 0))
        self._walk(emit, player, dice[0])
        self._land(emit, player)
        self._meet(emit, player)

    def do_correct(self, emit: Emitter, cmd: Command) -> None:
        """The classic correction (what the wrong landing opened is withdrawn, the real space resolved), with an
        advance the wrong space asked for withdrawn too, and the battle following the token: a battle whose
        enemy is not on the real space is off, and an enemy standing there must be fought."""
        player = cmd.args[0]
        for decision in [d for d in emit.state.decisions_for(player) if d.kind == "enemies-move"]:
            emit(DecisionClosed(decision.id))
        super().do_correct(emit, cmd)
        self._meet(emit, player)

    # ------------------------------------------------------------------ the Imperial advance

    def movers(self, s: CoopState) -> list[str]:
        """The enemies an advance moves: every trooper still in the game, and the boss once released."""
        return [e.id for e in self.enemies.values()
                if not s.enemies[e.id].out and (not e.boss or s.boss_free)]

    def _advance_enemies(self, emit: Emitter, player: str, roll: int) -> None:
        """Move the enemies ``roll`` spaces (see :func:`advance`). Nobody fights during an advance: an enemy
        that stops on a hero's space does not start a battle. An enemy that passes or stops on unattended Grogu
        captures him, and the game is lost."""
        s = coop(emit.state)
        emit(Noted(f"{self.name_of(s, player)} rolls {roll} for the Imperial advance"))
        places = {k: (v.position, v.outpost) for k, v in s.enemies.items() if not v.out}
        moves = advance(places, self.movers(s), roll, self.outposts, self.board_size)
        for m in moves:
            emit(EnemyMoved(m.enemy, m.end, 0, self.move_words(m)))
        for m in moves:
            if not s.grogu_holder and s.grogu_position in m.path:
                emit(Noted(f"{capital(self.enemy_words(m.enemy))} captures Grogu"))
                self._lose_game(emit)
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

    def _release_boss(self, emit: Emitter) -> None:
        """The boss comes out with the next advance once every hideout is owned or a trooper's deck is down to
        its last card."""
        s = coop(emit.state)
        if s.boss_free or self.boss is None or s.over:
            return
        if all(s.owner(d.id) != BANK for d in self.edition.deeds):
            why = f"every {self.term('street')} is owned"
        else:
            low = next((e for e in self.enemies.values() if not e.boss and self.cards_left(s, e.id) == 1), None)
            if low is None:
                return
            why = f"{self.enemy_words(low.id)} is down to its last card"
        emit(BossReleased(f"{self.boss.name} leaves {self.term('outpost')} {self.boss.outpost}: {why}"))

    def apply(self, state: GameState, cmd: Command) -> list[Event]:
        """Carry out a command, then release the boss if it made the conditions true."""
        emit = Emitter(state)
        getattr(self, "do_" + cmd.verb.replace("-", "_"))(emit, cmd)
        self._release_boss(emit)
        return emit.events

    # ------------------------------------------------------------------ battles

    def battle_total(self, s: CoopState, b: Battle, dice: tuple[int, ...]) -> int:
        """The dice, the Signet bonuses played in this battle and a battle ability (IG-11: 1, or 3 with Grogu)."""
        return sum(dice) + b.bonus + self.ability(s, b.player, "battle-bonus")

    def _battle_roll(self, emit: Emitter, b: Battle, dice: tuple[int, ...]) -> None:
        """A total at least the card's number wins; a lost roll with a second try left waits for it (or for the
        hero to take the loss); otherwise the loss applies. A try after a lost first roll spends the re-roll
        ability when the hero has it, and keeps a second-chance Signet card played for a later try."""
        s = coop(emit.state)
        card = self.edition.decks[self.enemies[b.enemy].deck].card(b.card)
        assert card is not None
        second, rerolled = b.second_tries, b.rerolled
        if b.lost:
            if self._can_reroll(s, b):
                rerolled = True
            else:
                second -= 1
        total = self.battle_total(s, b, dice)
        number = card.value("number")
        emit(Noted(f"{self.name_of(s, b.player)} rolls {'+'.join(map(str, dice))} for a total of {total} against "
                   f"{self.enemy_words(b.enemy)}'s {number}"))
        if total >= number:
            self._win(emit, b, card, total)
            return
        after = Battle(b.player, b.enemy, b.card, b.bonus, second, b.rolls + 1, rerolled, dice, True)
        if after.second_tries or self._can_reroll(s, after) or self._holds_effect(s, b.player, "second-chance"):
            emit(BattleChanged(after.bonus, after.second_tries, after.rolls, after.rerolled, dice, True))
            return
        self._lose(emit, b, card, total)

    def _holds_effect(self, s: CoopState, player: str, effect: str) -> bool:
        return any(self._signet(c).effect == effect for c in s.signets.get(player, []))

    def _signet(self, card_id: str) -> Card:
        card = self.edition.decks[self.signet_deck].card(card_id)
        assert card is not None
        return card

    def _win(self, emit: Emitter, b: Battle, card: Card, total: int) -> None:
        """The hero takes the reward and the card; the enemy goes to the next free outpost ahead, or out of the
        game with its last card. Beating the boss pays his reward and ends the game: everyone wins."""
        s = coop(emit.state)
        enemy = self.enemies[b.enemy]
        emit(BattleClosed("won", total))
        reward = int(self.values.get("boss_reward", 0)) if enemy.boss else card.value("reward")
        if reward:
            emit(Posted(Transaction.transfer(f"reward for beating {self.enemy_words(enemy.id)}", BANK, b.player,
                                             CREDITS, reward)))
        out = enemy.boss or self.cards_left(s, enemy.id) == 1
        emit(EnemyBeaten(enemy.id, b.player, f"{enemy.deck}/{card.id}", out))
        if enemy.boss:
            self._end_game(emit, BOSS_BEATEN)
            return
        if not out:
            taken = {e.outpost for e in s.enemies.values() if e.position < 0 and not e.out}
            outpost = next_free_outpost(s.player(b.player).position, taken, self.outposts)
            emit(EnemyMoved(enemy.id, -1, outpost,
                            f"Put {self.enemy_words(enemy.id)} in {self.term('outpost')} {outpost}"))

    def _lose(self, emit: Emitter, b: Battle, card: Card, total: int) -> None:
        """The hero pays the card's penalty and the enemy stays. Losing to the boss sends the hero to Jail, and
        if they hold Grogu the boss captures him: the game is lost."""
        s = coop(emit.state)
        enemy = self.enemies[b.enemy]
        emit(BattleClosed("lost", total))
        if enemy.boss:
            if s.holds_grogu(b.player):
                emit(Noted(f"{capital(self.enemy_words(enemy.id))} captures Grogu"))
                self._lose_game(emit)
                return
            self._to_jail(emit, b.player)
            return
        self._charge(emit, b.player, BANK, card.value("penalty"), f"penalty for losing to {self.enemy_words(enemy.id)}")

    def check_concede(self, s: GameState, cmd: Command) -> list[Violation]:
        """After a lost roll a hero may take the loss instead of another try."""
        b = coop(s).battle
        if b is None or b.player != cmd.args[0] or not b.lost:
            return [V("battle/none", f"{self.name_of(s, cmd.args[0])} has no lost battle roll to accept.")]
        return []

    def do_concede(self, emit: Emitter, cmd: Command) -> None:
        b = coop(emit.state).battle
        assert b is not None
        card = self.edition.decks[self.enemies[b.enemy].deck].card(b.card)
        assert card is not None
        self._lose(emit, b, card, self.battle_total(coop(emit.state), b, b.last))

    # ------------------------------------------------------------------ Signet cards

    def check_card(self, s: GameState, cmd: Command) -> list[Violation]:
        """The card drawn, from the deck's list; a Signet card kept by players in all its copies cannot be drawn."""
        problems = super().check_card(s, cmd)
        decision = self._decision(s, cmd.args[0], "card")
        card = self.edition.decks[decision.data["deck"]].card(cmd.args[1]) if decision and not problems else None
        if card and card.kept and card.deck == self.signet_deck:
            held = sum(h.count(card.id) for h in coop(s).signets.values())
            if held >= card.count:
                problems.append(V("card/held", f"Every '{card.title}' card is held by a player, so it cannot be "
                                               "drawn."))
        return problems

    def do_card(self, emit: Emitter, cmd: Command) -> None:
        """A kept Signet card goes to the drawer's hand; any other card acts at once. A hero who draws two takes
        one or both (the other goes to the bottom of the deck, which the table does by hand)."""
        s, (player, card_id) = coop(emit.state), cmd.args
        decision = self._decision(s, player, "card")
        assert decision is not None
        deck = self.edition.decks[decision.data["deck"]]
        card = deck.card(card_id)
        assert card is not None
        emit(DecisionClosed(decision.id))
        taken = int(decision.data.get("taken", 0)) + 1
        if taken < int(decision.data.get("takes", 1)):
            emit(DecisionOpened("card", player, {**decision.data, "taken": taken}))
        emit(Noted(f"{self.name_of(s, player)} draws {deck.name}: {card.title}"))
        if card.kept and deck.id == self.signet_deck:
            emit(SignetMoved(card.id, "", player))
        elif card.effect == "take-grogu":
            self._take_grogu(emit, player, f"{self.name_of(s, player)} brings Grogu to them")
        else:
            self._signet_effect(emit, player, card)

    def _signet_effect(self, emit: Emitter, player: str, card: Card) -> None:
        """A card that acts at once: money as the classic cards, a move like a jump (GO pays; enemies and Grogu on
        the way stay), or Jail. A hero already in Jail (sent there by the first of Boba Fett's two cards) is not
        moved by the second."""
        s = emit.state
        if card.effect in ("advance", "back", "go-to-jail") and s.player(player).in_jail:
            emit(Noted(f"{self.name_of(s, player)} is in {self.term('jail')}, so the card moves nobody"))
        elif card.effect == "advance":
            self._fly(emit, player, self.edition.space(card.params["target"]).position, "card")
            self._land(emit, player)
            self._meet(emit, player)
        elif card.effect == "back":
            emit(TokenMoved(player, (s.player(player).position - int(card.params["spaces"])) % self.board_size,
                            "back"))
            self._land(emit, player)
            self._meet(emit, player)
        elif card.effect == "go-to-jail":
            self._to_jail(emit, player)
            self._meet(emit, player)
        else:
            self._card_effect(emit, player, card.deck, card.effect, card.params)

    def check_signet(self, s: GameState, cmd: Command) -> list[Violation]:
        """A kept Signet card is used by its holder: a battle bonus before a roll of their battle, a second
        chance after a lost battle roll, Grogu brought to a hero who does not hold him (not from Jail)."""
        c, (player, card_id) = coop(s), cmd.args
        if card_id not in c.signets.get(player, []):
            return [V("signet/not-held", f"{self.name_of(s, player)} holds no such Signet card.")]
        card = self._signet(card_id)
        b = c.battle if c.battle and c.battle.player == player else None
        if card.effect == "battle-bonus" and (b is None or (b.rolls and not b.lost)):
            return [V("signet/not-now", "A battle bonus is played before a roll of your own battle.")]
        if card.effect == "second-chance" and (b is None or not b.lost):
            return [V("signet/not-now", "A second chance is played after losing a battle roll.")]
        if card.effect == "take-grogu":
            if c.holds_grogu(player):
                return [V("signet/not-now", f"{self.name_of(s, player)} already holds Grogu.")]
            if s.player(player).in_jail:
                return [V("signet/not-now", f"Grogu cannot go to {self.term('jail')}.")]
        return []

    def do_signet(self, emit: Emitter, cmd: Command) -> None:
        s, (player, card_id) = coop(emit.state), cmd.args
        card = self._signet(card_id)
        emit(SignetMoved(card_id, player, ""))
        emit(Noted(f"{self.name_of(s, player)} uses the Signet card {card.title}"))
        b = s.battle
        if card.effect == "battle-bonus" and b:
            emit(BattleChanged(b.bonus + int(card.params["amount"]), b.second_tries, b.rolls, b.rerolled, b.last,
                               b.lost))
        elif card.effect == "second-chance" and b:
            emit(BattleChanged(b.bonus, b.second_tries + 1, b.rolls, b.rerolled, b.last, b.lost))
        elif card.effect == "take-grogu":
            self._take_grogu(emit, player, f"{self.name_of(s, player)} brings Grogu to them")

    # ------------------------------------------------------------------ Grogu and Jail

    def check_grogu(self, s: GameState, cmd: Command) -> list[Violation]:
        """A hero going to Jail with Grogu leaves him on one of their hideouts without an enemy, or on the Go To
        Jail space."""
        player, space = cmd.args
        decision = self._decision(s, player, "leave-grogu")
        if decision is None:
            return [V("decision/no-leave-grogu", f"{self.name_of(s, player)} has no Grogu to leave now.")]
        if space not in decision.data["choices"]:
            names = ", ".join(self.edition.space(c).name for c in decision.data["choices"])
            return [V("grogu/where", f"Grogu can stay only on: {names}.")]
        return []

    def do_grogu(self, emit: Emitter, cmd: Command) -> None:
        decision = self._decision(emit.state, cmd.args[0], "leave-grogu")
        assert decision is not None
        emit(DecisionClosed(decision.id))
        self._leave_grogu(emit, *cmd.args)

    # ------------------------------------------------------------------ money

    def check_sell_deed(self, s: GameState, cmd: Command) -> list[Violation]:
        """The owner of a hideout may return it to the Bank whenever they like and get its full price; nobody
        owns it then."""
        _, problems = self._own_deed(s, *cmd.args)
        return problems

    def do_sell_deed(self, emit: Emitter, cmd: Command) -> None:
        s, (player, space_id) = emit.state, cmd.args
        deed = self.edition.space(space_id)
        for claim in [c for c in s.rent_claims if c.space == deed.id]:
            emit(RentClosed(claim.id, "sold"))
        reason = f"{self.name_of(s, player)} sells {deed.name} to the {self.term('bank')}"
        emit(Posted(Transaction.combine(reason, [
            Transaction.transfer(reason, player, BANK, deed_unit(deed.id), 1),
            Transaction.transfer(reason, BANK, player, CREDITS, deed.price)])))

    def _trade_problems(self, s: GameState, player: str, assets: Assets) -> list[Violation]:
        """Hideouts, credits and Signet cards change hands (Grogu never does)."""
        problems: list[Violation] = []
        for space_id in assets.deeds:
            problems += self._own_deed(s, player, space_id)[1]
        if assets.cash > s.cash(player):
            problems.append(V("money/too-few-credits", f"{self.name_of(s, player)} has only "
                                                       f"{self.money(s.cash(player))}."))
        held = coop(s).signets.get(player, [])
        for card in dict.fromkeys(assets.cards):
            if held.count(card) < assets.cards.count(card):
                problems.append(V("trade/no-card", f"{self.name_of(s, player)} holds no Signet card '{card}'."))
        return problems

    def _card_changes_hands(self, emit: Emitter, card: str, source: str, target: str) -> None:
        """A card traded: a Signet card the giver keeps."""
        emit(SignetMoved(card, source, target))

    def check_bankrupt(self, s: GameState, cmd: Command) -> list[Violation]:
        """A hero who cannot pay is bankrupt only once every hideout is sold and the cash still falls short."""
        player = cmd.args[0]
        debts = s.debts_of(player)
        if not debts:
            return [V("bankrupt/no-debt", f"{self.name_of(s, player)} owes nothing, so is not "
                                          f"{self.term('bankrupt')}.")]
        problems = []
        if self.deeds_of(s, player):
            problems.append(V("bankrupt/has-hideouts", f"{self.name_of(s, player)} must first sell every "
                                                       f"{self.term('street')} to the {self.term('bank')}."))
        elif s.cash(player) >= debts[0].amount:
            problems.append(V("bankrupt/can-pay", f"{self.name_of(s, player)} has enough to pay."))
        return problems

    def bankruptcy(self, s: GameState, player: str) -> Bankruptcy | None:
        """A bankrupt hero hands over the credits they have and every Signet card, and plays on."""
        debts = s.debts_of(player)
        if not debts:
            return None
        return Bankruptcy(debts[0].creditor, leaves_game=False, hands_over=("credits", "signets"))

    def do_bankrupt(self, emit: Emitter, cmd: Command) -> None:
        """The hero hands over the credits they have and every Signet card (to the player owed, or to the bottom
        of the deck when the Bank is owed); the rest of the debt is forgiven. A bankrupt hero keeps playing, and
        keeps Grogu."""
        s, player = coop(emit.state), cmd.args[0]
        debts = s.debts_of(player)
        creditor = debts[0].creditor
        for debt in debts:
            emit(DebtClosed(debt.id))
        if s.cash(player):
            emit(Posted(Transaction.transfer(f"{self.name_of(s, player)} is {self.term('bankrupt')}", player,
                                             creditor, CREDITS, s.cash(player))))
        for card in list(s.signets.get(player, [])):
            emit(SignetMoved(card, player, "" if creditor == BANK else creditor))
        emit(Noted(f"{self.name_of(s, player)} is {self.term('bankrupt')} and plays on"))

    # ------------------------------------------------------------------ the end

    def _lose_game(self, emit: Emitter) -> None:
        """Grogu captured: the game is over and nobody wins."""
        emit(GameEnded(CAPTURED, ()))

    # ------------------------------------------------------------------ what next

    def _decision_text(self, d: Any) -> str:
        if d.kind == "enemies-move":
            return f"roll the silver die to move the {self.term('enemies')}"
        if d.kind == "leave-grogu":
            return "choose where Grogu stays"
        if d.kind == "card":
            deck = self.edition.decks[d.data["deck"]].name
            if int(d.data.get("taken", 0)):
                return f"take the other {deck} card drawn"
            if int(d.data.get("draws", 1)) == 2:
                return f"draw two {deck} cards and take {'both' if int(d.data.get('takes', 1)) == 2 else 'one'}"
            return f"draw the top {deck} card"
        return super()._decision_text(d)

    def player_json(self, state: GameState, player: str) -> dict[str, Any]:
        """A hero's Signet cards in hand and the enemy cards they have won (``deck/card``), in the order got."""
        s = coop(state)
        return {"signets": list(s.signets.get(player, [])), "enemy_cards_won": list(s.trophies.get(player, []))}

    def describe(self, state: GameState) -> dict[str, Any]:
        """The classic summary, with the enemies, Grogu and the battle."""
        s = coop(state)
        b = s.battle
        return {
            **super().describe(state),
            "grogu": {"holder": s.grogu_holder, "position": s.grogu_position},
            "enemies": {k: {"position": v.position, "outpost": v.outpost, "cards_left": self.cards_left(s, k),
                            "out": v.out} for k, v in s.enemies.items()},
            "battle": None if b is None else {"player": b.player, "enemy": b.enemy, "card": b.card,
                                              "bonus": b.bonus, "lost": b.lost},
            "boss_free": s.boss_free,
        }
