"""What the screens show of a co-operative game (The Mandalorian): the board map with heroes, Grogu, the enemies
and the outposts; which physical piece to move where after an Imperial advance; the battle; the Signet cards each
hero keeps. Plain data the engine worked out; the screens only display it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.engine.ledger import BANK
from companion.rules import mechanic
from companion.rules.coop_events import BossReleased, EnemyMoved
from companion.rules.mechanics.heroes import Heroes
from companion.table.offers import Action
from companion.table.presenters.battles import battle_roll
from companion.table.presenters.signets import use_signets
from companion.table.views import NO_COLOUR, coop_state, enemy_colour, grogu_place
from companion.table.words import credits, enemy_name, enemy_of, party_name, signet_title

if TYPE_CHECKING:
    from companion.engine.game import Game

@dataclass(frozen=True)
class MapSpace:
    """One space of the board map: its name and colour, its owner, and who stands on it."""

    position: int
    name: str
    kind: str
    colour: str
    owner: str
    heroes: tuple[str, ...]
    enemy: str
    enemy_colour: str
    grogu: bool


@dataclass(frozen=True)
class Outpost:
    """An Imperial outpost: its number, the advance space beside it and the enemy in it ("" when empty)."""

    number: int
    beside: int
    enemy: str
    colour: str


@dataclass(frozen=True)
class BoardMap:
    """The whole board for the map screen, Grogu's place in words, and the moves of the last advance."""

    spaces: tuple[MapSpace, ...]
    outposts: tuple[Outpost, ...]
    grogu: str
    grogu_holder: str
    moves: tuple[str, ...]
    boss_free: bool


def board_map(game: Game) -> BoardMap | None:
    """The board with every piece on it (None when the game is not a co-operative one)."""
    s = coop_state(game)
    if s is None:
        return None
    e = game.edition
    spaces = []
    for space in e.spaces:
        group = e.groups.get(space.group or "")
        owner = s.owner(space.id) if space.is_deed else BANK
        enemy = s.enemy_at(space.position)
        spaces.append(MapSpace(
            space.position, space.name or f"Space {space.position}", space.kind,
            group.colour if group else NO_COLOUR, party_name(game, owner) if owner != BANK else "",
            tuple(p.name for p in s.players if p.position == space.position),
            enemy_name(game, enemy) if enemy else "", enemy_colour(game, enemy) if enemy else "",
            not s.grogu_holder and s.grogu_position == space.position))
    advances = [sp.position for sp in e.spaces if sp.kind == "advance"]
    outposts = []
    for n, beside in enumerate(advances, start=1):
        inside = next((k for k, v in s.enemies.items() if v.outpost == n and v.position < 0 and not v.out), "")
        outposts.append(Outpost(n, beside, enemy_name(game, inside) if inside else "",
                                enemy_colour(game, inside) if inside else ""))
    return BoardMap(tuple(spaces), tuple(outposts), grogu_place(game, s),
                    party_name(game, s.grogu_holder) if s.grogu_holder else "", last_moves(game), s.boss_free)


def last_moves(game: Game) -> tuple[str, ...]:
    """What the table must do with the physical pieces after the last action that moved enemies: each enemy
    moved, where to, and why one went a space further; and the boss's release."""
    for entry in reversed(game.in_effect):
        lines = [ev.why for ev in entry.events if isinstance(ev, EnemyMoved | BossReleased)]
        if lines:
            return tuple(lines)
        if entry.command and entry.command.verb == "end":
            return ()
    return ()


@dataclass(frozen=True)
class BattleView:
    """The battle being fought, as the battle screen shows it."""

    player: str
    player_name: str
    enemy: str
    enemy_colour: str
    card: str
    number: str
    reward: str
    penalty: str
    dice: str
    bonuses: tuple[str, ...]
    last_roll: tuple[int, ...]
    lost: bool
    actions: tuple[Action, ...]


def battle_view(game: Game) -> BattleView | None:
    """The open battle with its card, bonuses, last roll and buttons (None when nobody is fighting)."""
    s = coop_state(game)
    if s is None or s.battle is None:
        return None
    b, e = s.battle, game.edition
    enemy = enemy_of(game, b.enemy)
    card = e.decks[enemy.deck].card(b.card)
    assert card is not None

    def printed(key: str) -> str:
        if key in card.unknown:
            return "not entered yet"
        return str(card.params[key]) if key == "number" else credits(e, int(card.params[key]))

    boss = enemy.boss
    bonuses = [f"Signet cards: +{b.bonus}"] if b.bonus else []
    bonus = mechanic(game, Heroes).ability(s, b.player, "battle-bonus")
    if bonus:
        bonuses.append(f"{e.tokens[s.player(b.player).token]['name']}: +{bonus}")
    if b.second_tries:
        bonuses.append(f"{b.second_tries} second tr{'y' if b.second_tries == 1 else 'ies'} ready")
    coop = e.raw["edition"].get("coop", {})
    return BattleView(
        b.player, party_name(game, b.player), enemy.name, enemy.colour, card.title,
        printed("number"),
        f"{credits(e, int(coop.get('boss_reward', 0)))} and the game is won" if boss else printed("reward"),
        f"{e.term('jail')}, and Grogu is captured if {party_name(game, b.player)} holds him" if boss
        else printed("penalty"),
        game.roll_need(b.player).describe(), tuple(bonuses), b.last, b.lost,
        (*battle_roll(game), *(a for a in use_signets(game) if a.key.startswith(f"signet:{b.player}:"))))


@dataclass(frozen=True)
class SignetView:
    """A Signet card a hero keeps, and its use button."""

    card: str
    title: str
    use: Action | None


def hand(game: Game, player: str) -> tuple[SignetView, ...]:
    """The Signet cards ``player`` keeps, each with its button when the engine allows using it now."""
    s = coop_state(game)
    if s is None:
        return ()
    usable = {a.command.split()[-1]: a for a in use_signets(game) if a.key.startswith(f"signet:{player}:")}
    return tuple(SignetView(c, signet_title(game.edition, c), usable.get(c)) for c in s.signets.get(player, []))


def trophies(game: Game, player: str) -> int:
    """How many Imperial enemy cards ``player`` has won."""
    s = coop_state(game)
    return len(s.trophies.get(player, [])) if s else 0


def dice_words(game: Game) -> str:
    """Which dice the hero whose turn it is rolls next, e.g. ``the green die (1 to 3)`` while holding Grogu."""
    p = game.state.turn.player
    return game.roll_need(p).describe() if game.state.has_player(p) else ""


def battle_due(game: Game) -> bool:
    """A battle is open and its hero has nothing else to settle first (the space landed on, an auction): the
    battle screen is where play goes on."""
    s = coop_state(game)
    if s is None or s.battle is None or s.over:
        return False
    return s.auction is None and not s.decisions_for(s.battle.player)


def moved_enemies(game: Game) -> bool:
    """The last action moved an enemy (an advance, a beaten enemy sent to an outpost) or released the boss: the
    table must move physical pieces, so the board map shows which."""
    entries = game.in_effect
    return len(entries) > 1 and any(isinstance(ev, EnemyMoved | BossReleased) for ev in entries[-1].events)


def initials(name: str) -> str:
    """A piece's mark on the board map: the initials of a name of several words (``Death Trooper`` -> ``DT``),
    else its first two letters (``Din`` -> ``Di``)."""
    words = [w for w in name.split() if w[:1].isalnum()]
    if len(words) > 1:
        return "".join(w[0] for w in words[:2]).upper()
    return words[0][:2].capitalize() if words else "?"


def boss_words(game: Game) -> str:
    """Whether the boss moves with the advances yet, in words (empty when the edition has no boss)."""
    s = coop_state(game)
    boss = next((i for i in game.edition.raw["edition"].get("enemies", []) if i.get("boss")), None) if s else None
    if s is None or boss is None:
        return ""
    if s.enemies[boss["id"]].out:
        return f"{boss['name']} is beaten"
    if s.boss_free:
        return f"{boss['name']} is out: he moves with every advance"
    return f"{boss['name']} waits in {game.edition.term('outpost')} {boss['outpost']} until he is released"
