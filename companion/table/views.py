"""What the screens show, as plain data the engine worked out: players, deeds, the space landed on, the bank's
stock, the pending questions and the last journal lines; for a game played in rounds on mini boards (MONOPOLY GO!)
every board, the tray, the round's step and who acts now, and a Bank Heist's reveal. Screens display these values
and never compute them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from companion.edition import a_or_an, capital, counted
from companion.engine.ledger import HOTEL, HOUSE
from companion.rules import has_mechanic, mechanic, replay_game, rules_of
from companion.rules.coop_state import CoopState
from companion.rules.go_events import HeistRevealed
from companion.rules.go_state import go
from companion.rules.mechanics.bases import base_unit
from companion.rules.mechanics.chance_tiles import ChanceTiles
from companion.rules.mechanics.grogu import CAPTURED
from companion.rules.mechanics.heists import PICTURE_NAMES
from companion.rules.mechanics.rounds import Rounds
from companion.space_kinds import KINDS
from companion.table.boards import BoardView, board_views, paint, tray
from companion.table.presenters import event_line, presenter_of
from companion.table.presenters.force_cards import held
from companion.table.presenters.heists import revealed
from companion.table.presenters.rounds import STEP_HEADINGS
from companion.table.words import ROLL_SOURCES, credits, enemy_name, enemy_of, party_name

if TYPE_CHECKING:
    from companion.dice import Die
    from companion.edition import Edition, Space
    from companion.engine.events import Event
    from companion.engine.game import Entry, Game

NO_COLOUR = "#5a6070"


@dataclass(frozen=True)
class DeedView:
    """One deed as its card and its place at the table show it."""

    id: str
    name: str
    kind: str
    group: str
    group_name: str
    colour: str
    price: str
    mortgage_value: str
    build_cost: str
    hotel_cost: str
    rent_rows: tuple[tuple[str, str], ...]
    owner: str
    owner_name: str
    houses: int
    hotel: bool
    mortgaged: bool
    marks: str


@dataclass(frozen=True)
class SpaceView:
    """The space a token stands on: its name, its colour band and its deed when it has one."""

    position: int
    id: str
    name: str
    kind: str
    colour: str
    text: str
    deed: DeedView | None = None


@dataclass(frozen=True)
class HoldingGroup:
    """A player's deeds of one colour group."""

    id: str
    name: str
    colour: str
    deeds: tuple[DeedView, ...]
    complete: bool


@dataclass(frozen=True)
class PlayerView:
    """A player's seat: cash always visible, where the token is, jail, cards and deeds by colour."""

    id: str
    name: str
    token: str
    side: str
    side_colour: str
    cash: int
    cash_text: str
    space: str
    in_jail: bool
    jail_cards: int
    is_turn: bool
    retired: bool
    groups: tuple[HoldingGroup, ...]
    grogu: bool = False
    signets: int = 0
    enemy_cards: int = 0
    force_cards: int = 0
    """Force cards held (Star Wars 2015): only how many, the cards themselves are secret."""


@dataclass(frozen=True)
class JournalLine:
    """One journal entry in words; ``undone`` when a later undo took it back, ``undo`` for the undo itself."""

    seq: int
    text: str
    undone: bool = False
    undo: bool = False


@dataclass(frozen=True)
class PieceView:
    """A piece on the board that is not a player's token (Grogu, an Imperial enemy) and where it stands:
    ``place`` in words (a space, an outpost, a player who carries it), ``position`` on the board or -1 when
    it is off the track."""

    id: str
    name: str
    colour: str
    place: str
    position: int


@dataclass(frozen=True)
class TableView:
    """Everything the table screen shows at one moment."""

    edition: str
    variant: str
    turn_number: int
    turn_player: str
    turn_player_name: str
    dice: tuple[int, ...]
    space: SpaceView
    players: tuple[PlayerView, ...]
    stock: tuple[tuple[str, int], ...]
    journal: tuple[JournalLine, ...]
    over: bool
    end_reason: str
    ends_at: datetime | None = None
    dice_source: str = ""
    pieces: tuple[PieceView, ...] = ()
    trades: bool = True
    """Whether the edition has trades between players (the Trade button)."""
    sides: tuple[tuple[str, int], ...] = ()
    """Each side's Bases on the board, by the side's name, where the sides count Bases (Star Wars 2015)."""
    rounds: RoundView | None = None
    """The round on mini boards (MONOPOLY GO!): the boards, the tray, the step and who acts; None otherwise."""
    deeds: bool = True
    """Whether the edition has deeds (the Properties button)."""
    payments: bool = True
    """Whether money can be paid by hand (the Pay / collect button): an edition with money."""
    corrections: bool = True
    """Whether a token's place can be corrected ("My token is on another space")."""


@dataclass(frozen=True)
class RoundBoard:
    """One mini board at the table: the board itself (:class:`~companion.table.boards.BoardView`), the face of
    its owner's die in the last roll (0 before any), whether something is asked of its owner now, and whether they
    roll this round's dice (nobody before the first roll has chosen who does)."""

    board: BoardView
    die: int
    acting: bool
    rolls: bool = False
    where: str = ""
    """Where the token stands, in a few words (``On pink space``, ``In Jail``)."""
    mark: str = ""
    """What stands out about the player now, in two or three words: ``Acts now``, ``Rolls the dice``, ``Sits out
    a round`` (in Jail), ``Landmark! Wins``."""


@dataclass(frozen=True)
class RoundView:
    """A game played in rounds on mini boards, as the table screen shows it: the round and its roller, the step
    and who acts now, every board in seat order (clockwise), the tray's blocks and the Chance tiles."""

    heading: str
    """``Round 3 · Ann rolls``."""
    step: str
    """The step under way (``Blocks are placed``)."""
    now: str
    """Who acts now (``Ann and Ben place their blocks``, ``Cat's Bank Heist``)."""
    boards: tuple[RoundBoard, ...]
    tray: tuple[tuple[str, str, int], ...]
    """Each block colour of the tray: (its name, its paint, how many)."""
    chance: str
    """The Chance tiles face down, in words (empty where there are none to take)."""
    landmark: int
    """How many blocks of one colour make a landmark."""


def deed_view(game: Game, space: Space) -> DeedView:
    """A deed's printed values (from the edition data) and its place at the table now."""
    e, s = game.edition, game.state
    group = e.groups.get(space.group or "")
    owner = s.owner(space.id)
    houses, hotel, mortgaged = s.houses(space.id), bool(s.hotels(space.id)), space.id in s.mortgaged
    return DeedView(
        id=space.id, name=space.name, kind=space.kind, group=space.group or "",
        group_name=group.name if group else "", colour=group.colour if group else NO_COLOUR,
        price=printed(e, space, "price"), mortgage_value=printed(e, space, "mortgage"),
        build_cost=printed(e, space, "build_cost"),
        hotel_cost=printed(e, space, "hotel_cost") if e.separate_hotel_cost and space.kind == "street" else "",
        rent_rows=rent_rows(e, space), owner=owner,
        owner_name=s.player(owner).name if s.has_player(owner) else e.term("bank"),
        houses=houses, hotel=hotel, mortgaged=mortgaged, marks=marks(e, houses, hotel, mortgaged),
    )


def printed(e: Edition, space: Space, key: str) -> str:
    """A value printed on a deed, in credits; empty while the box has not given it (a deed nobody has bought
    yet may be known only by its price, or not at all)."""
    value = space.known(key)
    if key == "hotel_cost" and value is None and "hotel_cost" not in space.unknown:
        value = space.known("build_cost")
    return credits(e, int(value)) if value else ""


def marks(e: Edition, houses: int, hotel: bool, mortgaged: bool) -> str:
    """Buildings and mortgage as a short mark in the edition's words, e.g. ``3 fighters`` or ``mortgaged``."""
    parts = []
    if hotel:
        parts.append(f"1 {e.term('hotel')}")
    elif houses:
        parts.append(f"{houses} {e.term('house' if houses == 1 else 'houses')}")
    if mortgaged:
        parts.append(e.term("mortgaged"))
    return ", ".join(parts)


def rent_rows(e: Edition, space: Space) -> tuple[tuple[str, str], ...]:
    """The rent table printed on a deed: one row per line of the card (none while the box has not given it)."""
    if "rent" in space.unknown or "dice_multiplier" in space.unknown:
        return ()
    if space.kind == "street":
        labels = [capital(e.term("rent")),
                  *(f"With {n} {e.term('house' if n == 1 else 'houses')}" for n in range(1, 5)),
                  f"With {a_or_an(e.term('hotel'))}"]
        return tuple((label, credits(e, amount)) for label, amount in zip(labels, space.rent, strict=False))
    if space.kind == "vessel":
        return tuple((f"{n} {e.term('railroad' if n == 1 else 'railroads')} owned", credits(e, amount))
                     for n, amount in enumerate(space.rent, start=1))
    return tuple((f"{n} owned", f"{m} × the dice") for n, m in enumerate(space.dice_multiplier, start=1))


def space_view(game: Game, position: int) -> SpaceView:
    """The space at a board position, with its deed when it has one (a blank space for an edition played on mini
    boards, which has no board of spaces)."""
    e = game.edition
    if not e.spaces:
        return SpaceView(position, "", "", "", NO_COLOUR, "")
    space = e.spaces[position % len(e.spaces)]
    if space.is_deed:
        deed = deed_view(game, space)
        return SpaceView(space.position, space.id, space.name, space.kind, deed.colour, deed.group_name, deed)
    texts = {
        "go": f"Collect {credits(e, e.go_salary)} salary as you pass",
        "card": f"Draw {a_or_an(e.decks[space.deck].name)} card" if space.deck in e.decks else "",
        "tax": (f"Pay {credits(e, e.docking_flat)} or {e.docking_worth_percent}% of your worth"
                if space.tax == "docking" else f"Pay {printed(e, space, 'amount')}"),
        "jail": f"Just visiting, or in {e.term('jail')}",
        "go-to-jail": f"Go straight to {e.term('jail')}",
        "free-parking": "A rest: nothing happens",
    }
    return SpaceView(space.position, space.id, space.name, space.kind, NO_COLOUR, texts.get(space.kind, ""))


GROGU_COLOUR = "#7cc35a"


def coop_state(game: Game) -> CoopState | None:
    """The game's state when it is a co-operative game's, else None."""
    return game.state if isinstance(game.state, CoopState) else None


def enemy_colour(game: Game, enemy: str) -> str:
    """The colour the edition gives an enemy's piece."""
    return enemy_of(game, enemy).colour


def outpost_word(game: Game, number: int) -> str:
    """``Imperial outpost 3``."""
    return f"{game.edition.term('outpost')} {number}"


def grogu_place(game: Game, s: CoopState) -> str:
    """Where Grogu is, in words: carried by a hero, unattended on a space, or captured there."""
    if s.grogu_holder:
        return f"with {party_name(game, s.grogu_holder)}"
    return f"{'captured' if s.end_reason == CAPTURED else 'alone'} on {game.edition.spaces[s.grogu_position].name}"


def pieces(game: Game) -> tuple[PieceView, ...]:
    """Grogu and every enemy still in the game, with where each stands (empty for other editions)."""
    s = coop_state(game)
    if s is None:
        return ()
    e = game.edition
    out = [PieceView("grogu", "Grogu", GROGU_COLOUR, grogu_place(game, s),
                     s.player(s.grogu_holder).position if s.grogu_holder else s.grogu_position)]
    for enemy, place in s.enemies.items():
        if place.out:
            continue
        where = outpost_word(game, place.outpost) if place.position < 0 else e.spaces[place.position].name
        out.append(PieceView(enemy, enemy_name(game, enemy), enemy_colour(game, enemy), where, place.position))
    return tuple(out)


def player_views(game: Game) -> tuple[PlayerView, ...]:
    """Every seat in turn order, with deeds grouped by colour in board order."""
    e, s = game.edition, game.state
    views = []
    for p in s.players:
        groups = []
        for group in e.groups.values():
            owned = tuple(deed_view(game, e.space(m)) for m in group.members if s.owner(m) == p.id)
            if owned:  # whole only once the box has said how many deeds the group has
                groups.append(HoldingGroup(group.id, group.name, group.colour, owned,
                                           len(owned) == group.size and "size" not in group.unknown))
        token = e.tokens.get(p.token, {})
        side = e.sides.get(p.side or str(token.get("side", "")), {})
        views.append(PlayerView(
            id=p.id, name=p.name, token=str(token.get("name", p.token)), side=str(side.get("name", "")),
            side_colour=str(side.get("colour", NO_COLOUR)), cash=s.cash(p.id), cash_text=credits(e, s.cash(p.id)),
            space=e.spaces[p.position].name if e.spaces else "", in_jail=p.in_jail, jail_cards=len(p.jail_cards),
            is_turn=p.id == s.turn.player and not s.over, retired=p.retired, groups=tuple(groups),
            grogu=isinstance(s, CoopState) and s.holds_grogu(p.id),
            signets=len(s.signets.get(p.id, [])) if isinstance(s, CoopState) else 0,
            enemy_cards=len(s.trophies.get(p.id, [])) if isinstance(s, CoopState) else 0,
            force_cards=sum(held(game, p.id).values())))
    return tuple(views)


_WORDED: WeakKeyDictionary[Game, Game] = WeakKeyDictionary()


def events_of(game: Game, entry: Entry) -> list[Event]:
    """An entry's events. A game taken up from a checkpoint keeps only the recent ones in memory (the rest are in
    the journal file); the others are worked out once by playing the game's commands again."""
    if entry.events or entry.command is None or entry.undoes:
        return entry.events
    again = _WORDED.get(game)
    if again is None or len(again.entries) < len(game.entries):
        again = replay_game(game.first_edition, game.setup,
                            [(e.command, e.at) for e in game.entries[1:] if e.command is not None])
        _WORDED[game] = again
    return again.entries[entry.seq].events


def journal_lines(game: Game, last: int | None = None) -> tuple[JournalLine, ...]:
    """The journal in words, oldest first (only the ``last`` entries when given); undone entries marked."""
    entries = game.entries[1:] if last is None else game.entries[1:][-last:]
    lines = []
    for entry in entries:
        if entry.undoes:
            reason = entry.command.args[1] if entry.command else ""
            text = f"Taken back ({', '.join(f'#{n}' for n in entry.undoes)}): {reason}"
        else:
            words = [w for ev in events_of(game, entry) if (w := event_line(game, ev))]
            if words and entry.command and entry.command.verb == "roll" and entry.command.source in ROLL_SOURCES:
                words[0] += f" ({ROLL_SOURCES[entry.command.source]})"
            text = "; ".join(words) or entry.text
            if entry.command and entry.command.source == "phone":
                text += " (sent from a phone)"
        lines.append(JournalLine(entry.seq, text, entry.undone_by is not None, bool(entry.undoes)))
    return tuple(lines)


def stock(game: Game) -> tuple[tuple[str, int], ...]:
    """The bank's pieces left, by the edition's words: its building pieces, and each side's Bases once the box has
    said how many (none of either: nothing)."""
    e, s = game.edition, game.state
    pieces = [(e.term("houses"), s.ledger.balance("bank", HOUSE)), (e.term("hotels"), s.ledger.balance("bank", HOTEL))]
    pieces = pieces if e.houses or e.hotels else []
    pieces += [(f"{e.term('bases')} ({side.get('name', sid)})", s.ledger.balance("bank", base_unit(sid)))
               for sid, side in e.sides.items() if s.ledger.opened(base_unit(sid))]
    return tuple(pieces)


def end_time(ends_at: str | None, started: float) -> datetime | None:
    """When a time-limit game ends: an ISO date-time, or ``HH:MM`` meaning the next such time after the start."""
    if not ends_at:
        return None
    try:
        return datetime.fromisoformat(ends_at)
    except ValueError:
        pass
    try:
        clock = datetime.strptime(ends_at, "%H:%M").time()
    except ValueError:
        return None
    start = datetime.fromtimestamp(started)
    end = datetime.combine(start.date(), clock)
    return end if end > start else end + timedelta(days=1)


def game_end_time(game: Game) -> datetime | None:
    """When this game ends by the clock (time-limit game only)."""
    variant = game.edition.variants.get(game.setup.variant)
    if not (variant and variant.ends_at_time):
        return None
    return end_time(game.setup.ends_at, game.entries[0].at)


def table_view(game: Game, journal_last: int = 6) -> TableView:
    """The whole table at this moment."""
    e, s = game.edition, game.state
    rules = rules_of(game)
    turn_player = s.turn.player
    position = s.player(turn_player).position if s.has_player(turn_player) else 0
    variant = e.variants.get(game.setup.variant)
    dice, source = last_roll(game)
    return TableView(
        edition=e.name, variant=variant.name if variant else game.setup.variant,
        turn_number=s.turn.number, turn_player=turn_player,
        turn_player_name=s.player(turn_player).name if s.has_player(turn_player) else "",
        dice=dice, space=space_view(game, position), players=player_views(game), stock=stock(game),
        journal=journal_lines(game, journal_last), over=s.over, end_reason=s.end_reason,
        ends_at=game_end_time(game), dice_source=source, pieces=pieces(game), trades=rules.knows("propose"),
        sides=side_bases(game), rounds=round_view(game, dice), deeds=bool(e.deeds), payments=rules.knows("transfer"),
        corrections=rules.knows("correct"),
    )


def round_view(game: Game, dice: tuple[int, ...] = ()) -> RoundView | None:
    """The round on mini boards (None for a game played on one board); ``dice``: the last roll, one die per
    seated player in the dice's order."""
    boards = board_views(game)
    if not boards:
        return None
    s = go(game.state)
    acting = {d.player for d in s.decisions}
    dice_of = dice_by_player(game, dice)
    roller = party_name(game, s.turn.player) if s.has_player(s.turn.player) else ""
    if s.over:
        heading, step, now = f"Round {s.turn.number}", "The game is over", capital(s.end_reason)
    elif s.step == "first-roll":
        heading, step = "Before round 1", STEP_HEADINGS["first-roll"]
        now = "Every die is rolled once: the highest rolls first"
    else:
        heading, step = f"Round {s.turn.number} · {roller} rolls", STEP_HEADINGS.get(s.step, "")
        now = acting_words(game) or (f"{roller} rolls every die" if s.step == "roll" else "")
    face_down = mechanic(game, ChanceTiles).face_down(s) if has_mechanic(game, ChanceTiles) else 0
    blocks = game.edition.mini_boards
    return RoundView(heading, step, now,
                     tuple(board_line(game, b, 0 if b.player in s.sat_out else dice_of.get(b.player, 0),
                                      b.player in acting) for b in boards),
                     tray(game), f"{counted(face_down, 'Chance tile')} face down" if face_down else "",
                     blocks.landmark if blocks else 0)


def board_line(game: Game, board: BoardView, die: int, acting: bool) -> RoundBoard:
    """One board at the table: where its token stands and what stands out about its player now."""
    rolls = board.roller and go(game.state).step != "first-roll"
    where = f"In {game.edition.term('jail')}" if board.in_jail else f"On {board.space}"
    sat_out = board.player in go(game.state).sat_out
    mark = ("Landmark! Wins" if board.winner else "Acts now" if acting else "Sits out a round" if board.in_jail
            else "Sat out this round" if sat_out else "Rolls the dice" if rolls else "")
    return RoundBoard(board, die, acting, rolls, where, mark)


def acting_words(game: Game) -> str:
    """Who acts now, in a few words per kind of decision open (the presenters' words), in the order they
    opened; never what a secret choice was. Nothing once the game is over."""
    if game.state.over:
        return ""
    presenter = presenter_of(game)
    kinds: dict[str, list[str]] = {}
    first: dict[str, dict[str, object]] = {}
    for d in game.state.decisions:
        kinds.setdefault(d.kind, []).append(d.player)
        first.setdefault(d.kind, d.data)
    parts = []
    for kind, players in kinds.items():
        shown = presenter.decisions.get(kind)
        if shown is None:
            continue
        parts.append(shown.now(game, players, first[kind]) if shown.now else
                     shown.line(game, players[0], first[kind]))
    return " · ".join(parts)


def dice_by_player(game: Game, dice: tuple[int, ...]) -> dict[str, int]:
    """Each player's own die in a roll of every seated die (empty when the roll is not one)."""
    if not dice or not has_mechanic(game, Rounds):
        return {}
    try:
        return mechanic(game, Rounds).die_of(game.state, dice)
    except (KeyError, ValueError):
        return {}


def die_labels(game: Game, dice: tuple[Die, ...]) -> tuple[tuple[str, str], ...]:
    """Each die of a roll as the dice window names it, with the colour it is painted in: in a game played in
    rounds, the player who moves by it (``Ann``) in their board's colour; otherwise the die's own name and no
    colour."""
    owners: dict[str, tuple[str, str]] = {}
    if has_mechanic(game, Rounds):
        rules = mechanic(game, Rounds)
        owners = {rules.colour_of(game.state, p.id): (p.name, paint(rules.colour_of(game.state, p.id)))
                  for p in rules.seated(game.state)}
    return tuple(owners.get(d.colour, (d.name, "")) for d in dice)


@dataclass(frozen=True)
class HeistReveal:
    """A Bank Heist's dials shown at once: each side's name and picture (``pictures`` empty when the table read
    the paper dials and said only whether they matched), whether it worked, and the reveal in words."""

    seq: int
    attacker: str
    target: str
    pictures: tuple[tuple[str, str], ...]
    """(picture, its name) for the attacker, then the target."""
    success: bool
    words: str


def heist_reveal(game: Game, since: int = -1) -> HeistReveal | None:
    """The newest Bank Heist revealed by an action still in effect that came after the journal entry ``since``
    (by the last action alone when ``since`` is left out), if one was."""
    for entry in reversed(game.in_effect[1:]):
        if entry.seq <= since or (since < 0 and entry is not game.in_effect[-1]):
            break
        event = next((ev for ev in events_of(game, entry) if isinstance(ev, HeistRevealed)), None)
        if event is not None:
            return HeistReveal(entry.seq, party_name(game, event.attacker), party_name(game, event.target),
                               tuple((pic, PICTURE_NAMES.get(pic, pic)) for pic in event.pictures), event.success,
                               revealed(game, event))
    return None


def side_bases(game: Game) -> tuple[tuple[str, int], ...]:
    """Each side's Bases on the board, by the side's name, where the sides count Bases (none otherwise)."""
    sides = game.edition.sides
    return tuple((str(sides[sid].get("name", sid)), count)
                 for sid, count in rules_of(game).side_bases(game.state).items())


def last_roll(game: Game) -> tuple[tuple[int, ...], str]:
    """The faces of the last roll of this turn, whatever it was for (the move, the silver die of an Imperial
    advance, a battle, a utility's rent), and where it came from in words; none once the turn has passed."""
    for entry in reversed(game.in_effect):
        command = entry.command
        if command is None or command.verb == "end":
            break
        if command.verb == "roll":
            return tuple(int(face) for face in command.args[1:]), ROLL_SOURCES.get(command.source, "")
    return (), ""


@dataclass(frozen=True)
class AuctionLot:
    """What is under the hammer, beyond its name: its colour band, one line about it (a deed's group, printed
    price and base rent) and how many more lots from the bank wait after it."""

    colour: str
    info: str
    waiting: str


def auction_lot_details(game: Game) -> AuctionLot | None:
    """The open auction's lot details (None when no auction is open)."""
    a, e = game.state.auction, game.edition
    if a is None:
        return None
    queued = len(game.state.auction_queue)
    waiting = f"Then {queued} more lot{'s' if queued != 1 else ''} from the {e.term('bank')}" if queued else ""
    if not a.lot.startswith("deed:"):
        return AuctionLot(NO_COLOUR, f"{capital(a_or_an(e.term(a.lot)))} from the {e.term('bank')}'s stock", waiting)
    deed = deed_view(game, e.space(a.lot.removeprefix("deed:")))
    info = [deed.group_name, f"printed price {deed.price}"]
    if deed.kind == "street" and deed.rent_rows:
        info.append(f"{e.term('rent')} {deed.rent_rows[0][1]}")
    return AuctionLot(deed.colour, "  ·  ".join(i for i in info if i), waiting)


def time_left(ends_at: datetime, now: datetime) -> str:
    """What a time-limit game has left, as ``h:mm:ss`` (``0:00:00`` once the time has come)."""
    seconds = max(0, int((ends_at - now).total_seconds()))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def deed_card_rows(e: Edition, deed: DeedView) -> tuple[tuple[str, str], ...]:
    """The lines of a deed card as the table screen shows it: price, the rent table, mortgage value (a deed that
    can be mortgaged) and the cost of each building (streets only), labelled in the edition's words."""
    rows = [("Price", deed.price), *deed.rent_rows]
    if "mortgage" in KINDS[deed.kind].values:
        rows.append((capital(e.term("mortgage_value")), deed.mortgage_value))
    if deed.hotel_cost:
        rows += [(f"Each {e.term('house')}", deed.build_cost), (capital(a_or_an(e.term("hotel"))), deed.hotel_cost)]
    elif deed.build_cost:
        rows.append((f"Each {e.term('building')}", deed.build_cost))
    return tuple(rows)
