"""Battles at the table: a hero must fight an enemy, rolls (again after a lost roll), wins the enemy's card or
takes the loss."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.edition import a_or_an
from companion.rules.coop_events import BattleChanged, BattleClosed, BattleOpened, EnemyBeaten
from companion.rules.coop_state import CoopState
from companion.table.offers import Action, offer
from companion.table.presenter import Presenter
from companion.table.words import enemy_name, enemy_of, party_name, the_enemy

if TYPE_CHECKING:
    from companion.engine.game import Game


def enemy_beaten(game: Game, event: EnemyBeaten) -> str:
    """The winner takes the enemy's card; a beaten enemy with no card left is out of the game."""
    gone = f"; {the_enemy(game, event.enemy)} is out of the game" if event.out else ""
    card = f"{enemy_name(game, event.enemy)}'s card" if enemy_of(game, event.enemy).boss else \
        f"{a_or_an(enemy_name(game, event.enemy))} card"
    return f"{party_name(game, event.player)} wins {card}{gone}"


def battle_changed(game: Game, event: BattleChanged) -> str:
    """A lost roll that may be tried again."""
    return "The roll lost; another try is possible" if event.lost and event.rolls else ""


def battle_closed(game: Game, event: BattleClosed) -> str:
    """Won or lost with the total, or no battle after all."""
    if event.how == "gone":
        return "No battle after all: the enemy does not stand on that space"
    return f"Battle {event.how} with {event.total}" if event.how in ("won", "lost") else ""


def battle_roll(game: Game) -> list[Action]:
    """The battle roll (again after a lost roll), or take the loss."""
    s = game.state
    b = s.battle if isinstance(s, CoopState) else None
    if not b:
        return []
    who = party_name(game, b.player)
    actions = [offer(game, "battle-roll", f"{who}: {'try again' if b.lost else 'roll for the battle'}",
                     f"roll {b.player}", "primary")]
    if b.lost:
        actions.append(offer(game, "concede", f"{who}: take the loss", f"concede {b.player}", "danger"))
    return actions


PRESENTER = Presenter(events={
    BattleOpened: lambda game, ev: f"{party_name(game, ev.player)} must fight {the_enemy(game, ev.enemy)}",
    BattleChanged: battle_changed,
    BattleClosed: battle_closed,
    EnemyBeaten: enemy_beaten,
}, actions=(battle_roll,))
