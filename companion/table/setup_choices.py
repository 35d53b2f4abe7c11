"""The choices of the new-game form, from an edition's data: ways to play, tokens with their side (or, for an
edition played on mini boards, a board colour and side each), end times, and the
:class:`~companion.engine.state.Setup` the form hands to the engine.

Nothing here decides whether a set-up is allowed: the engine checks the finished set-up and names every problem.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from companion.edition import a_or_an
from companion.engine.state import Setup
from companion.mini_boards import colour_name
from companion.table.boards import paint
from companion.table.session import SavedGameLine
from companion.table.words import credits

if TYPE_CHECKING:
    from companion.edition import Edition

END_AFTER_MINUTES = (60, 90, 120)
NO_COLOUR = "#5a6070"


@dataclass(frozen=True)
class VariantChoice:
    """A way to play: its id, its name from the data, whether it needs an end time, and what it changes."""

    id: str
    name: str
    needs_end_time: bool
    notes: tuple[str, ...]


@dataclass(frozen=True)
class TokenChoice:
    """A token from the box; its side (name and colour) follows from the token."""

    id: str
    name: str
    side: str
    side_name: str
    side_colour: str


@dataclass(frozen=True)
class EndChoice:
    """A quick choice of end time for a time-limit game: ``minutes`` from now, shown as a clock time."""

    minutes: int
    clock: str
    ends_at: str


@dataclass(frozen=True)
class BoardChoice:
    """A mini board's colour (its owner's die and marker too), painted as on the screen, with its sides."""

    colour: str
    name: str
    swatch: str
    sides: tuple[int, ...]


@dataclass(frozen=True)
class Seat:
    """One row of the form as the players filled it in: a token, or for an edition played on mini boards the
    ``board`` (a face of a mini board: its colour and side)."""

    name: str
    token: str
    board: str = ""
    side: str = ""
    """The side chosen with a token that has none of its own (Rey, in Star Wars 2015)."""


FIRST_ROLL = "first-player"


def first_turn_note(edition: Edition | None) -> str:
    """How the table finds who starts, with the dice the edition rolls for it (its ``first-player`` roll, else the
    move), and how to put that player first on the screen. On mini boards the game's first roll finds the roller:
    the list only has to go round the table."""
    if edition is None:
        return "Player 1 takes the first turn: tap a player's number to move them to 1."
    if edition.mini_boards is not None:
        return ("List the players in their places round the table, going left. The first roll of the game "
                "chooses who rolls first.")
    need = edition.dice.rolls.get(FIRST_ROLL) or edition.dice.need()
    total = "total " if len(need.dice) > 1 else ""
    return (f"Player 1 takes the first turn. Everyone rolls {need.describe()}, and the highest {total}goes "
            "first: tap that player's number to move them to 1.")


def variant_choices(edition: Edition) -> list[VariantChoice]:
    """The edition's ways to play, in the order of its data."""
    return [VariantChoice(v.id, v.name, v.ends_at_time, variant_notes(edition, v.id))
            for v in edition.variants.values()]


def variant_notes(edition: Edition, variant_id: str) -> tuple[str, ...]:
    """What a way to play changes, in short lines built from the edition's variant data and words."""
    v = edition.variants[variant_id]
    term = edition.term
    notes = []
    if v.deal_deeds:
        paid = "each paid at its printed price" if v.deal_paid else "free"
        notes.append(f"Everyone is dealt {v.deal_deeds} {term('deed')}s at the start, {paid}.")
    if v.houses_before_hotel:
        notes.append(f"{v.houses_before_hotel} {term('houses')} before {a_or_an(term('hotel'))}.")
    if v.jail_max_turns:
        turns = "turn" if v.jail_max_turns == 1 else "turns"
        notes.append(f"At most {v.jail_max_turns} {turns} in {term('jail')}.")
    if v.docking_tax_flat_only:
        notes.append(f"{term('income_tax')}: always {credits(edition, edition.docking_flat)}.")
    if v.ends_at_first_bankruptcy:
        notes.append(f"Ends as soon as one player is {term('bankrupt')}.")
    if v.ends_at_time:
        notes.append("Ends at the time chosen here.")
    boards = edition.mini_boards
    if boards is not None:
        notes.append(f"The first landmark wins: {boards.landmark} blocks of one colour on one Build square.")
    else:
        notes.append("The richest player wins." if v.winner == "worth" else "Play until one player is left.")
    return tuple(notes)


def token_choices(edition: Edition) -> list[TokenChoice]:
    """The edition's tokens, in the order of its data, each with its side's name and colour; a token with no side
    of its own in an edition of sides is offered once for each side."""
    choices = []
    for token_id, token in edition.tokens.items():
        own = str(token.get("side", ""))
        for side_id in [own] if own or not edition.sides else list(edition.sides):
            side = edition.sides.get(side_id, {})
            choices.append(TokenChoice(token_id, str(token.get("name", token_id)), side_id,
                                       str(side.get("name", "")), str(side.get("colour", NO_COLOUR))))
    return choices


def seat_token(edition: Edition, seat: Seat) -> TokenChoice | None:
    """The token a seat holds, with the side it plays for."""
    return next((t for t in token_choices(edition) if t.id == seat.token and t.side in (seat.side, own_side(
        edition, t.id))), None)


def own_side(edition: Edition, token: str) -> str:
    """The side a token fights for by itself ("" for one that may play for either)."""
    return str(edition.tokens.get(token, {}).get("side", ""))


def free_token(edition: Edition, taken: Iterable[str]) -> str:
    """The first token in the box that no seat holds yet (empty when every token is taken)."""
    held = set(taken)
    return next((t for t in edition.tokens if t not in held), "")


def first_seats(edition: Edition) -> list[Seat]:
    """A fresh form: as many empty seats as the edition's smallest table, each with a different token (a board
    of a different colour, on mini boards)."""
    seats: list[Seat] = []
    for _ in range(edition.min_players):
        seats.append(new_seat(edition, seats))
    return seats


def new_seat(edition: Edition, seats: Sequence[Seat], name: str = "") -> Seat:
    """One more seat: the first token nobody holds, or on mini boards side 1 of the first colour nobody has."""
    if edition.mini_boards is not None:
        return Seat(name, "", free_board(edition, (s.board for s in seats)))
    token = free_token(edition, (s.token for s in seats))
    return Seat(name, token, side=own_side(edition, token) or next(iter(edition.sides), ""))


def table_full(edition: Edition, seats: Sequence[Seat]) -> bool:
    """Whether no one else can sit down: the edition's largest table, or nothing left to give a new seat."""
    if len(seats) >= edition.max_players:
        return True
    if edition.mini_boards is not None:
        return not free_board(edition, (s.board for s in seats))
    return not free_token(edition, (s.token for s in seats))


def board_choices(edition: Edition) -> list[BoardChoice]:
    """The colours of the edition's mini boards, in the order of its data (empty for a game on one board)."""
    boards = edition.mini_boards
    if boards is None:
        return []
    return [BoardChoice(c, colour_name(c).capitalize(), paint(c),
                        tuple(sorted(f.side for f in boards.faces.values() if f.colour == c)))
            for c in boards.board_colours]


def board_colour(edition: Edition, face: str) -> str:
    """The colour of a mini board's face ("" when the edition has no such face)."""
    boards = edition.mini_boards
    found = boards.faces.get(face) if boards else None
    return found.colour if found else ""


def board_side(edition: Edition, face: str) -> int:
    """The side of a mini board's face (0 when the edition has no such face)."""
    boards = edition.mini_boards
    found = boards.faces.get(face) if boards else None
    return found.side if found else 0


def free_board(edition: Edition, taken: Iterable[str]) -> str:
    """Side 1 (else the first side) of the first board colour no seat has (empty when every colour is taken)."""
    boards = edition.mini_boards
    if boards is None:
        return ""
    held = {board_colour(edition, f) for f in taken}
    for choice in board_choices(edition):
        if choice.colour not in held:
            face = boards.face_of(choice.colour, 1) or boards.face_of(choice.colour, choice.sides[0])
            return face.id if face else ""
    return ""


def take_board(edition: Edition, seats: Sequence[Seat], index: int, colour: str) -> list[Seat]:
    """Seat ``index`` plays on the board of ``colour``, on the side it had; a seat that had that colour gets the
    colour ``index`` had (a swap, each keeping their side), so each colour stays with one seat."""
    boards = edition.mini_boards
    if boards is None or index >= len(seats):
        return list(seats)

    def face(colour: str, side: int) -> str:
        found = boards.face_of(colour, side) or next((f for f in boards.faces.values() if f.colour == colour), None)
        return found.id if found else ""

    mine = board_colour(edition, seats[index].board)
    out = []
    for i, s in enumerate(seats):
        if i == index:
            out.append(Seat(s.name, s.token, face(colour, board_side(edition, s.board) or 1)))
        elif board_colour(edition, s.board) == colour and mine:
            out.append(Seat(s.name, s.token, face(mine, board_side(edition, s.board) or 1)))
        else:
            out.append(s)
    return out


def turn_board(edition: Edition, seats: Sequence[Seat], index: int) -> list[Seat]:
    """Seat ``index`` turns their board over: the other side of the same colour (when it has one)."""
    boards = edition.mini_boards
    if boards is None or index >= len(seats):
        return list(seats)
    colour, side = board_colour(edition, seats[index].board), board_side(edition, seats[index].board)
    sides = [f.side for f in boards.faces.values() if f.colour == colour]
    other = next((x for x in sorted(sides) if x != side), side)
    face = boards.face_of(colour, other)
    return [Seat(s.name, s.token, face.id) if i == index and face else s for i, s in enumerate(seats)]


def take_token(seats: Sequence[Seat], index: int, token: str, side: str = "") -> list[Seat]:
    """Seat ``index`` takes ``token`` (playing for ``side``); a seat that held it gets the token ``index`` had
    (a swap), so each token stays with one seat."""
    mine = seats[index]
    return [Seat(s.name, token, side=side) if i == index else Seat(s.name, mine.token, side=mine.side)
            if s.token == token else s for i, s in enumerate(seats)]


def end_choices(now: datetime, minutes: Iterable[int] = END_AFTER_MINUTES) -> list[EndChoice]:
    """End times a quick tap away: ``now`` plus each number of minutes, to the minute, as the clock shows it and
    as the set-up stores it (ISO local date and time, ``YYYY-MM-DDTHH:MM``)."""
    choices = []
    for m in minutes:
        end = (now + timedelta(minutes=m)).replace(second=0, microsecond=0)
        choices.append(EndChoice(m, end.strftime("%H:%M"), end.strftime("%Y-%m-%dT%H:%M")))
    return choices


def seat_name(name: str, number: int) -> str:
    """The name a seat plays under: what was typed, or ``Player N`` when nothing was."""
    return " ".join(name.split()) or f"Player {number}"


def player_id(name: str, number: int, taken: Iterable[str] = ()) -> str:
    """A player id made from a name: lower-case ASCII letters, digits and dashes, different from every id in
    ``taken`` (``-2``, ``-3``... added) and never ``bank``; ``player-N`` when the name has no letters or digits."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    if not base or base == "bank":
        base = f"player-{number}"
    used = set(taken)
    candidate, suffix = base, 2
    while candidate in used:
        candidate, suffix = f"{base}-{suffix}", suffix + 1
    return candidate


def build_setup(edition: Edition, variant: str, seats: Sequence[Seat], seed: int,
                ends_at: str | None = None) -> Setup:
    """The set-up the form describes, in seat order (the first seat has the first turn). Each player's side is
    the side of the token they chose; on mini boards each player has the face of the board chosen instead. The
    engine checks the whole set-up when the game starts."""
    players: list[dict[str, str]] = []
    for number, seat in enumerate(seats, start=1):
        name = seat_name(seat.name, number)
        pid = player_id(name, number, (p["id"] for p in players))
        if edition.mini_boards is not None:  # a board of their colour: no token, no side
            players.append({"id": pid, "name": name, "board": seat.board})
            continue
        players.append({"id": pid, "name": name, "token": seat.token,
                        "side": own_side(edition, seat.token) or seat.side})
    return Setup(edition.id, variant, players, seed, ends_at)


def variant_names(editions: Iterable[Edition]) -> dict[tuple[str, str], str]:
    """Each way to play's name by (edition name, variant id): the saved-games list names the edition by name."""
    return {(e.name, v.id): v.name for e in editions for v in e.variants.values()}


def saved_game_details(line: SavedGameLine, variant: str) -> tuple[str, ...]:
    """The lines under a saved game's players: way to play and edition, when it was last played and how many
    actions it has (the start of the game is not one), and the last action."""
    played = line.entries - 1
    count = "no action yet" if played < 1 else "1 action" if played == 1 else f"{played} actions"
    details = [f"{variant} \u00b7 {line.edition}", f"{line.when} \u00b7 {count}"]
    if played >= 1:
        details.append(f"Last action: {line.last_action}")
    return tuple(details)
