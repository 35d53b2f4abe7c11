"""The box during play: start a game with the box the table chose, and enter a value the first time play needs it.

A game is always played with a box profile (the owner's values over the edition's data; an empty one when the
owner has entered nothing). When the engine refuses a command because a value is not entered yet, the answer
carries a :class:`~companion.engine.errors.Need`. If the box already holds that value (entered in another game
since this one started) it is used at once; otherwise the table reads it off the box. Either way it goes into the
journal as a ``box`` entry, and into the box profile for every later game.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any

from companion.box.checks import BoxProblem, check_values
from companion.box.fields import board_fields, card_fields, face_fields, group_fields, kind_words, space_fields
from companion.box.profile import BoxProfile, box_id, overlay
from companion.box.status import BoxStatus, box_status
from companion.box.store import BoxStore
from companion.box.values import BoxValueError, box_words, face_position, parse_values
from companion.edition import Edition, edition_from_data
from companion.engine.commands import Command, parse_command
from companion.engine.errors import Need
from companion.engine.game import Game
from companion.engine.state import Setup
from companion.paths import boxes_dir
from companion.rules import asked_during_play
from companion.space_kinds import BoxField
from companion.storage.journal import Journal
from companion.table.session import Answer, Session

log = logging.getLogger(__name__)


def box_store() -> BoxStore:
    """The box profiles kept on this device, in the app's data folder."""
    return BoxStore(boxes_dir())


def with_box(edition: Edition, profile: BoxProfile) -> Edition:
    """The edition as this box has it: the owner's values laid over the published ones."""
    return edition_from_data(overlay(edition.raw, profile))


def edition_status(edition: Edition, profile: BoxProfile) -> BoxStatus:
    """How complete the box is for playing this edition (what is missing, what play will ask for)."""
    return box_status(with_box(edition, profile), asked_during_play(edition))


def chosen_box(store: BoxStore, edition: Edition, box: str = "") -> BoxProfile:
    """The box a new game of ``edition`` would be played with: the stored box ``box``, else the last saved one,
    else a new empty "Our box" (stored, so it can be walked and exported). A box that cannot be read counts as
    absent."""
    found = next((p for p in store.profiles(edition.id) if p.id == box), None) if box else None
    return found or store.current(edition)


def first_playable(store: BoxStore, editions: dict[str, Edition]) -> str:
    """The edition a new-game form opens on: the first whose last saved box (or its published data, with no box
    saved) is complete, so that play asks nothing; else the first a game can start with; else simply the
    first."""
    statuses = {}
    for edition_id, edition in editions.items():
        boxes = store.profiles(edition_id)
        ready = with_box(edition, boxes[0]) if boxes else edition
        statuses[edition_id] = box_status(ready, asked_during_play(edition))
    return (next((e for e, status in statuses.items() if status.complete), "")
            or next((e for e, status in statuses.items() if status.can_start), "")
            or next(iter(editions), ""))


def start_with_box(journal: Journal, store: BoxStore, edition: Edition, setup: Setup, box: str = "") -> Session:
    """Start a game with the chosen box (the last saved one, or a new empty one, when ``box`` is empty); the
    journal keeps the edition data as this box has it. Raises CommandRejected or EditionError naming every
    problem (an unfinished box among them)."""
    profile = store.load(edition.id, box) if box else store.current(edition)
    return Session.start(journal, with_box(edition, profile), setup)


def stored_values(store: BoxStore, session: Session, need: Need) -> dict[str, Any]:
    """What the game's box profile already holds for a need (entered in another game): the fields asked for,
    or empty when the box does not hold them all."""
    box = session.edition.box
    if not box or new_card_deck(need):
        return {}
    try:
        values = store.load(session.edition.id, str(box["id"])).value(need.target)
    except (OSError, BoxValueError):
        return {}
    if not all(k in values for k in need.fields):
        return {}
    wanted = (*need.fields, *LEARNT_WITH_KIND) if "kind" in need.fields else need.fields
    return {k: values[k] for k in wanted if k in values}


@dataclass(frozen=True)
class Entered:
    """The engine's answer to values read off the box, and whether they were saved for later games."""

    answer: Answer
    saved: bool


def enter_values(store: BoxStore, session: Session, target: str, values: dict[str, Any]) -> Entered:
    """Enter values read off the box: the engine checks them and journals a ``box`` entry; once accepted they
    are saved to the game's box profile too. A failed save loses nothing in the game and is said plainly."""
    answer = session.submit(Command("box", box_words(target, values), source="screen"))
    if not answer.accepted:
        return Entered(answer, False)
    box = session.edition.box
    try:
        profile = store.load(session.edition.id, str(box["id"])) if box else store.current(session.edition)
        store.save(profile.with_values(target, values))
    except (OSError, BoxValueError, KeyError) as exc:
        log.warning("box values for %s kept in the game only: %s", target, exc)
        line = "These values are kept in this game, but the box profile could not be saved; enter them in box " \
               "setup later."
        return Entered(replace(answer, lines=(*answer.lines, line)), False)
    saved = "saved in the box for every later game"
    lines = (*answer.lines[:-1], f"{answer.lines[-1]} ({saved})") if answer.lines else (f"{saved.capitalize()}.",)
    return Entered(replace(answer, lines=lines), True)


def new_card_deck(need: Need) -> str:
    """The deck of a card drawn that nobody has listed yet (a need for ``card:<deck>``): the table enters the
    whole card, its title, effect and copies. Empty for any other need: the values printed on a card the deck
    lists (an Imperial enemy card's numbers, ``card:<deck>/<card>``) are read off it like a deed's."""
    kind, _, rest = need.target.partition(":")
    return rest if kind == "card" and "/" not in rest else ""


def new_card_id(edition: Edition, deck: str, title: str) -> str:
    """An id for a card the owner enters: from its title, different from every card of the deck."""
    return box_id(title, {c.id for c in edition.decks[deck].cards}, "card")


def not_played(command: Command) -> str:
    """What the table reads after cancelling a question about the box: nothing was played, and the way on is the
    same action again, which asks again while the value is missing; a roll keeps its dice (the token has moved
    by them on the board), so Roll plays the same faces."""
    if command.verb == "roll":
        faces = " + ".join(command.args[1:])
        return (f"Nothing changed yet: the roll of {faces} is kept. When the box is at hand, tap Roll: the same "
                "roll is played and the values printed in the box are asked for once more.")
    return "Nothing changed: the game waits where it was. When the box is at hand, do it again: the values " \
           "printed in it are asked for once more."


def card_command(player: str, card_id: str) -> str:
    """The command that says which card ``player`` drew."""
    return f"card {player} {card_id}"


def target_fields(edition: Edition, target: str) -> list[BoxField]:
    """Every field the owner can enter for a target: a space's (by its type), a group's, a mini board face's (what
    is on each of its spaces once its length is known), or a card's (by its effect; a card not entered yet,
    ``card:<deck>`` or an unknown id, gets the fields of a card without one)."""
    kind, _, rest = target.partition(":")
    item, _, sub = rest.partition("/")
    if kind == "face":
        return face_fields(edition, item)
    if kind == "space":
        return space_fields(edition, edition.space(item).kind, edition.space(item))
    if kind == "group":
        group = edition.groups[item]
        return group_fields("size" in group.unknown | group.owner)
    if kind == "board":
        return board_fields()
    card = edition.decks[item].card(sub) if item in edition.decks and sub else None
    return card_fields(edition, card.effect if card else "", item)


CORNERS = ("go", "jail", "free-parking", "go-to-jail")
"""Kinds of space a board has once: not offered for a space nobody has described when the board has one."""
LEARNT_WITH_KIND = ("group", "deck", "price", "amount")
"""What is asked with a space's type the first time a token stops there: its group (a deed) or deck (a card
space), and the one value play needs at once: a deed's price (the lander may buy it) or what a tax or bonus space
charges or pays. Its name is never asked: it is not needed to play (box setup takes it at leisure)."""


def need_fields(edition: Edition, need: Need, chosen: dict[str, Any] | None = None) -> list[BoxField]:
    """The fields a need asks the table to read off the box, in the order the box prints them (of a rent table,
    only the amount play needs now is required). A space nobody
    has described yet asks for its type first; ``chosen``: what the form holds so far, so that the type chosen
    brings the fields that type needs now (see :data:`LEARNT_WITH_KIND`)."""
    if "kind" not in need.fields:
        fields = [replace(f, required=(need.part,)) if need.part >= 0 and f.kind == "numbers" else f
                  for f in target_fields(edition, need.target) if f.key in need.fields]
        return with_suggestions(edition, need.target, without_second_jail(edition, need.target, fields), chosen)
    space = edition.space(need.target.partition(":")[2])
    kind = str((chosen or {}).get("kind", ""))
    fields = space_fields(edition, kind if kind in edition.space_kinds else space.kind, space)
    wanted = [f for f in fields if f.key == "kind" or (kind in edition.space_kinds and f.key in LEARNT_WITH_KIND)]
    placed = {s.kind for s in edition.spaces if s.kind in CORNERS}
    return with_suggestions(edition, need.target, [
        replace(f, choices=tuple(c for c in f.choices if c[0] not in placed)) if f.key == "kind" else f
        for f in wanted], chosen)


@dataclass(frozen=True)
class SpaceOption:
    """One button of "what is on this space?": a type of space, with its colour set or deck when the type has
    several (``values``: what the tap enters)."""

    key: str
    words: str
    values: dict[str, str]
    swatch: str = ""
    """The colour set's band (``#rrggbb``) when the box knows it."""


def space_options(edition: Edition, need: Need) -> list[SpaceOption]:
    """What a space nobody has described may be, one tap each, as the board shows it: each type of space it may
    still be, and a type whose spaces join one of several colour sets (or draw from one of several decks) once for
    each set or deck (a button says "Character" over "Colour set 1", "Card space" over "Bounty Hunter"); a type
    with one set or deck (the equipment) enters it with the type. Empty for any other need."""
    if "kind" not in need.fields:
        return []
    options = []
    kinds = next(f for f in need_fields(edition, need) if f.key == "kind")
    for kind, words in kinds.choices:
        if kind_complete(edition, kind, need.target.partition(":")[2]):
            continue
        picked = next((f for f in need_fields(edition, need, {"kind": kind})
                       if f.key in ("group", "deck") and f.kind == "choice" and f.choices), None)
        if picked is None or len(picked.choices) == 1:
            options.append(SpaceOption(kind, words, {"kind": kind, **({picked.key: picked.choices[0][0]}
                                                                       if picked else {})}))
            continue
        short = words.removesuffix(f" in a {edition.term('group')}")
        for item, item_words in picked.choices:
            group = edition.groups.get(item) if picked.key == "group" else None
            band = group.colour if group and "colour" not in group.unknown else ""
            options.append(SpaceOption(f"{kind}/{item}", f"{short}\n{item_words}", {"kind": kind, picked.key: item},
                                       band))
    return options


def kind_complete(edition: Edition, kind: str, space: str) -> bool:
    """Whether every space of ``kind`` the board has (where the edition's data says how many) is already placed
    elsewhere, so ``space`` cannot be one more."""
    count = edition.raw.get("board", {}).get("space_counts", {}).get(kind)
    return count is not None and sum(1 for s in edition.spaces if s.kind == kind and s.id != space) >= count


def without_second_jail(edition: Edition, target: str, fields: list[BoxField]) -> list[BoxField]:
    """A mini board's spaces, once its Jail is placed: Just Visiting is not offered again (a face has one)."""
    kind, _, item = target.partition(":")
    face = edition.mini_boards.faces.get(item) if kind == "face" and edition.mini_boards else None
    if face is None or face.jail is None:
        return fields
    return [replace(f, choices=tuple(c for c in f.choices if c[0] != "just-visiting"),
                    swatches=tuple(s for c, s in zip(f.choices, f.swatches, strict=True) if c[0] != "just-visiting"))
            if face_position(f.key) is not None else f for f in fields]


def with_suggestions(edition: Edition, target: str, fields: list[BoxField], chosen: dict[str, Any] | None
                     ) -> list[BoxField]:
    """A deed's price offered as the prices of the other deeds of its group already entered ("same as the last
    one": deeds of a group often share their price), one tap each; nothing is offered before any is known. What
    a tax or bonus space charges or pays is offered as the amounts of the spaces of its type already entered,
    then round amounts (:data:`ROUND_AMOUNTS`), one tap each."""
    kind, _, item = target.partition(":")
    if kind != "space" or not edition.has_space(item):
        return fields
    group = str((chosen or {}).get("group") or edition.space(item).group or "")
    mates = [s for s in edition.spaces if s.group == group and s.id != item and s.known("price")] if group else []
    seen = {int(s.known("price")): s.name for s in reversed(mates)}
    offer = tuple((price, f"{price}, as {name}") for price, name in seen.items())
    kind = str((chosen or {}).get("kind") or edition.space(item).kind)
    amounts = [int(s.known("amount")) for s in edition.spaces
               if s.kind == kind and s.id != item and isinstance(s.known("amount"), int)]
    likely = tuple((n, str(n)) for n in dict.fromkeys((*amounts, *ROUND_AMOUNTS)))[:AMOUNT_CHIPS]
    return [replace(f, suggestions=offer) if f.key == "price" and offer else
            replace(f, suggestions=likely) if f.key == "amount" and f.kind == "number" else f for f in fields]


def put_off(game: Game, command: Command) -> str | None:
    """What lets play go on when the value ``command`` waits for cannot be read now (the card is not at hand),
    or None when it cannot wait: a rent claimed in time stays owed until its amount is read (``defer``)."""
    if command.verb != "claim":
        return None
    later = f"defer {' '.join(command.args)}"
    return later if not game.validate(parse_command(later)) else None


def check_entry(edition: Edition, target: str, values: dict[str, Any], during_play: bool = True
                ) -> list[BoxProblem]:
    """Every problem and caution of entering ``values`` for ``target``, each naming the space, deed, group or card
    and the field; ``during_play`` (a game is running): the board's layout cannot change."""
    return check_values(edition, target, values, during_play)


def cards_to_enter(game: Game, player: str) -> tuple[str, int]:
    """The deck ``player`` is drawing from now and how many of its cards nobody has entered yet (``("", 0)``
    when they are not drawing)."""
    deck = next((str(d.data["deck"]) for d in game.state.decisions if d.kind == "card" and d.player == player), "")
    return (deck, game.edition.decks[deck].missing) if deck in game.edition.decks else ("", 0)


ROUND_AMOUNTS = (10, 20, 50, 100, 200)
"""Round amounts offered on the pad of a new card's amount after those of the cards already entered: a shortcut
the table taps only when the card prints that amount (nothing is entered without a tap)."""
AMOUNT_CHIPS = 5
"""How many amounts the pad offers, one tap each."""


def likely_amounts(edition: Edition, effect: str) -> tuple[int, ...]:
    """The amounts offered for a new card's amount, one tap each: those printed on the edition's cards already
    entered (of the same effect first, the commonest first), then round amounts, at most :data:`AMOUNT_CHIPS`."""
    known = [c for deck in edition.decks.values() for c in deck.cards
             if "amount" not in c.unknown and isinstance(c.params.get("amount"), int)]
    counted: dict[int, tuple[bool, int]] = {}
    for card in known:
        same, seen = counted.get(card.params["amount"], (False, 0))
        counted[card.params["amount"]] = (same or card.effect == effect, seen + card.count)
    ranked = sorted(counted, key=lambda amount: (not counted[amount][0], -counted[amount][1]))
    return tuple(dict.fromkeys((*ranked, *ROUND_AMOUNTS)))[:AMOUNT_CHIPS]


@dataclass(frozen=True)
class SpaceTold:
    """The last answer to "what is on this space?", while the table may still change it (until the next roll): a
    mis-tap on a type that needs nothing more is entered at once, so the way back costs nothing when it was
    right."""

    target: str
    values: dict[str, Any]
    command: Command
    """The command the answer served (the roll that reached the space), played again to ask once more."""
    count: int
    """The actions taken back with the answer: it and every one after it."""


def space_told(game: Game) -> SpaceTold | None:
    """The last space described during play (a ``box`` entry giving a space's type) whose answer may still be
    changed: the command it served came after it, and no roll since. None otherwise."""
    entries = game.in_effect
    rolls = 0
    for index in range(len(entries) - 1, 0, -1):
        command = entries[index].command
        assert command is not None
        if command.verb == "roll":
            rolls += 1
            if rolls > 1:
                return None
        if command.verb != "box" or not command.args[0].startswith("space:"):
            continue
        values = parse_values(command.args[1:])
        if "kind" not in values:
            continue
        served = next((e.command for e in entries[index + 1:] if e.command and e.command.verb != "box"), None)
        if served is None or rolls > (served.verb == "roll"):
            return None
        return SpaceTold(command.args[0], values, served, len(entries) - index)
    return None


def told_words(edition: Edition, told: SpaceTold) -> str:
    """What the space was said to be, as the question's button said it (``Card space, Bounty Hunter``)."""
    kind = str(told.values["kind"])
    words = kind_words(edition, kind).removesuffix(f" in a {edition.term('group')}")
    group, deck = str(told.values.get("group", "")), str(told.values.get("deck", ""))
    item = edition.groups[group].name if group in edition.groups else \
        edition.decks[deck].name if deck in edition.decks else ""
    return f"{words}, {item}" if item else words


def forget_told(store: BoxStore, session: Session, told: SpaceTold) -> bool:
    """The box profile no longer says what the space was said to be, so that the question is asked again rather
    than answered from the box; False (nothing changed) when the profile cannot be saved."""
    box = session.edition.box
    try:
        profile = store.load(session.edition.id, str(box["id"])) if box else store.current(session.edition)
        store.save(profile.without(told.target, told.values))
    except (OSError, BoxValueError, KeyError) as exc:
        log.warning("the box still says what %s is: %s", told.target, exc)
        return False
    return True
