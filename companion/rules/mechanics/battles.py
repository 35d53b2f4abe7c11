"""Battles (The Mandalorian): a hero who ends on an enemy's space fights its next card: dice, Signet bonuses and a
battle ability against the card's number; a win takes the reward and the card and sends the enemy to the next
free outpost (or out, with its last card); a loss pays the penalty, or, against the boss, goes to Jail."""

from __future__ import annotations

from typing import Any, ClassVar

from companion.edition import Card, capital
from companion.engine.commands import Command
from companion.engine.errors import Violation
from companion.engine.events import Noted, Posted
from companion.engine.ledger import BANK, CREDITS, Transaction
from companion.engine.state import GameState
from companion.rules.coop_events import BattleChanged, BattleClosed, BattleOpened, EnemyBeaten, EnemyMoved
from companion.rules.coop_state import Battle, CoopState, coop
from companion.rules.core import Emitter, Grammar
from companion.rules.imperial import next_free_outpost
from companion.rules.mechanics.enemies import Enemies

V = Violation

BOSS_BEATEN = "Moff Gideon was defeated"


class Battles(Enemies):
    """Opening, rolling, winning and losing a battle."""

    verbs: ClassVar[dict[str, Grammar]] = {
        "concede": (("player",), "take the loss of a battle roll instead of another try"),
    }
    asks: ClassVar[frozenset[str]] = frozenset({"number", "reward", "penalty"})

    def arrived(self, emit: Emitter, player: str) -> None:
        """After a hero's space is resolved: a battle whose enemy is no longer on the hero's space is off (a card
        sent the hero elsewhere, or the table said the token is really on another space); an enemy on the space
        the hero now stands on (not in jail) must be fought, against its next card, whose printed numbers are
        needed from then on. A hero who must first roll the Imperial advance fights nobody: the advance moves
        every enemy on the board, so the one on the hero's space leaves it."""
        super().arrived(emit, player)
        s = coop(emit.state)
        p = s.player(player)
        if s.battle and s.battle.player == player and s.enemies[s.battle.enemy].position != p.position:
            emit.add(BattleClosed("gone"))
        enemy = s.enemy_at(p.position)
        if not enemy or s.battle or p.in_jail or self.decision(s, player, "enemies-move"):
            return
        card = self.enemy_card(s, enemy)
        card.value("number")
        emit.add(BattleOpened(player, enemy, card.id))

    def blockers(self, s: GameState, player: str | None = None) -> list[Violation]:
        """A battle still to fight, or a lost roll still to follow with another try or the loss, holds up the
        turn."""
        problems = super().blockers(s, player)
        b = coop(s).battle
        if b and (player is None or b.player == player):
            if b.lost:
                again = ("roll again" if b.second_tries or self.can_reroll(coop(s), b)
                         else "play a second-chance Signet card for another try")
                problems.append(V("turn/battle-open", f"{self.name_of(s, b.player)} lost a roll against "
                                                      f"{self.enemy_words(b.enemy)}: first {again}, or take the "
                                                      "loss."))
            else:
                problems.append(V("turn/battle-open", f"{self.name_of(s, b.player)} must first fight "
                                                      f"{self.enemy_words(b.enemy)}."))
        return problems

    def roll_kind(self, state: GameState, player: str) -> str:
        """The battle dice (both while holding Grogu) for the hero fighting."""
        s = coop(state)
        if s.battle and s.battle.player == player:
            return "battle-with-grogu" if s.holds_grogu(player) else "battle"
        return super().roll_kind(state, player)

    def asked_roll_problems(self, s: GameState, player: str) -> list[Violation] | None:
        """A battle is rolled by the hero fighting once their space is settled: its decisions, an auction, and any
        payment someone could not make (rent, a card's), paid or given up by bankruptcy, as before any roll; after
        a lost roll only with a second try left (a second-chance Signet played, or a re-roll ability not yet
        used)."""
        c = coop(s)
        b = c.battle
        if b is None or b.player != player:
            return None
        problems = [V("turn/decision-open", f"{self.name_of(s, d.player)} must first {self.decision_text(d)}.")
                    for d in s.decisions_for(b.player)]
        problems += self.auction_open(s)
        problems += [V("turn/debt-open", f"{self.name_of(s, d.debtor)} still owes {self.money(d.amount)} "
                                         f"({d.reason}): pay it or {self.term('declare_bankruptcy')} first.")
                     for d in s.debts]
        if b.lost and not (b.second_tries or self.can_reroll(c, b)):
            problems.append(V("battle/no-second-try", f"{self.name_of(s, b.player)} lost the roll: play a second-"
                                                      "chance Signet card for another try, or take the loss."))
        return problems

    def asked_roll(self, emit: Emitter, player: str, dice: tuple[int, ...]) -> bool:
        b = coop(emit.state).battle
        if b is None or b.player != player:
            return False
        self.battle_roll(emit, b, dice)
        return True

    def can_reroll(self, s: CoopState, b: Battle) -> bool:
        """A re-roll ability (Ahsoka Tano) gives one more try after the first roll of a battle lost."""
        return self.has_ability(s, b.player, "reroll") and not b.rerolled and b.rolls == 1

    def second_chance_in_hand(self, s: CoopState, player: str) -> bool:
        """Whether the hero holds a card that gives another try (none, unless a mechanic deals such cards)."""
        return False

    def battle_total(self, s: CoopState, b: Battle, dice: tuple[int, ...]) -> int:
        """The dice, the Signet bonuses played in this battle and a battle ability (IG-11: 1, or 3 with Grogu)."""
        return sum(dice) + b.bonus + self.ability(s, b.player, "battle-bonus")

    def fought_card(self, b: Battle) -> Card:
        """The enemy card a battle is fought against."""
        card = self.edition.decks[self.enemies[b.enemy].deck].card(b.card)
        assert card is not None
        return card

    def battle_roll(self, emit: Emitter, b: Battle, dice: tuple[int, ...]) -> None:
        """A total at least the card's number wins; a lost roll with a second try left waits for it (or for the
        hero to take the loss); otherwise the loss applies. A try after a lost first roll spends the re-roll
        ability when the hero has it, and keeps a second-chance Signet card played for a later try."""
        s = coop(emit.state)
        card = self.fought_card(b)
        second, rerolled = b.second_tries, b.rerolled
        if b.lost:
            if self.can_reroll(s, b):
                rerolled = True
            else:
                second -= 1
        total = self.battle_total(s, b, dice)
        number = card.value("number")
        emit.add(Noted(f"{self.name_of(s, b.player)} rolls {'+'.join(map(str, dice))} for a total of {total} against "
                       f"{self.enemy_words(b.enemy)}'s {number}"))
        if total >= number:
            self.win(emit, b, card, total)
            return
        after = Battle(b.player, b.enemy, b.card, b.bonus, second, b.rolls + 1, rerolled, dice, True)
        if after.second_tries or self.can_reroll(s, after) or self.second_chance_in_hand(s, b.player):
            emit.add(BattleChanged(after.bonus, after.second_tries, after.rolls, after.rerolled, dice, True))
            return
        self.lose(emit, b, card, total)

    def win(self, emit: Emitter, b: Battle, card: Card, total: int) -> None:
        """The hero takes the reward and the card; the enemy goes to the next free outpost ahead, or out of the
        game with its last card. Beating the boss pays his reward and ends the game: everyone wins."""
        s = coop(emit.state)
        enemy = self.enemies[b.enemy]
        emit.add(BattleClosed("won", total))
        reward = int(self.values.get("boss_reward", 0)) if enemy.boss else card.value("reward")
        if reward:
            emit.add(Posted(Transaction.transfer(f"reward for beating {self.enemy_words(enemy.id)}", BANK, b.player,
                                                 CREDITS, reward)))
        out = enemy.boss or self.cards_left(s, enemy.id) == 1
        emit.add(EnemyBeaten(enemy.id, b.player, f"{enemy.deck}/{card.id}", out))
        if enemy.boss:
            self.end_game(emit, BOSS_BEATEN)
            return
        if not out:
            taken = {e.outpost for e in s.enemies.values() if e.position < 0 and not e.out}
            outpost = next_free_outpost(s.player(b.player).position, taken, self.outposts)
            emit.add(EnemyMoved(enemy.id, -1, outpost,
                                f"Put {self.enemy_words(enemy.id)} in {self.term('outpost')} {outpost}"))

    def lose(self, emit: Emitter, b: Battle, card: Card, total: int) -> None:
        """The hero pays the card's penalty and the enemy stays. Losing to the boss sends the hero to Jail, and
        if they hold Grogu the boss captures him: the game is lost."""
        s = coop(emit.state)
        enemy = self.enemies[b.enemy]
        emit.add(BattleClosed("lost", total))
        if enemy.boss:
            if s.holds_grogu(b.player):
                emit.add(Noted(f"{capital(self.enemy_words(enemy.id))} captures Grogu"))
                self.captured(emit, s.player(b.player).position)
                return
            self.to_jail(emit, b.player)
            return
        self.charge(emit, b.player, BANK, card.value("penalty"), f"penalty for losing to {self.enemy_words(enemy.id)}")

    def check_concede(self, s: GameState, cmd: Command) -> list[Violation]:
        """After a lost roll a hero may take the loss instead of another try."""
        b = coop(s).battle
        if b is None or b.player != cmd.args[0] or not b.lost:
            return [V("battle/none", f"{self.name_of(s, cmd.args[0])} has no lost battle roll to accept.")]
        return []

    def do_concede(self, emit: Emitter, cmd: Command) -> None:
        b = coop(emit.state).battle
        assert b is not None
        self.lose(emit, b, self.fought_card(b), self.battle_total(coop(emit.state), b, b.last))

    def player_json(self, state: GameState, player: str) -> dict[str, Any]:
        """The enemy cards a hero has won (``deck/card``), in the order got."""
        return {**super().player_json(state, player), "enemy_cards_won": list(coop(state).trophies.get(player, []))}

    def describe(self, state: GameState) -> dict[str, Any]:
        """The battle being fought."""
        b = coop(state).battle
        return {**super().describe(state),
                "battle": None if b is None else {"player": b.player, "enemy": b.enemy, "card": b.card,
                                                  "bonus": b.bonus, "lost": b.lost}}
