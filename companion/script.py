"""The headless table script: set-up lines, then one command per line, state printed as JSON.

This is how a table settles a rule dispute and how anyone reproduces a game (docs/table-script.md)::

    edition original-trilogy
    variant standard
    seed 7
    player luke name=Luke token=luke-skywalker side=rebel
    player vader name="Darth Vader" token=darth-vader side=empire
    roll luke 3 4
    buy luke

Among the set-up lines, ``box TARGET FIELD=VALUE ...`` lines and a ``box-profile FILE`` line give the game its box
(checked as box setup checks them), so a script carries a whole made-up box of its own.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.box.checks import check_values
from companion.box.overlay import apply_values
from companion.box.profile import overlay, profile_from_toml
from companion.box.store import box_file_problems
from companion.box.values import BoxValueError, parse_values
from companion.edition import Edition, edition_from_data, load_edition
from companion.engine.commands import Command, parse_command
from companion.engine.errors import CommandRejected, CommandSyntaxError, Need, Violation
from companion.engine.game import Game
from companion.engine.ledger import BANK, HOTEL, HOUSE
from companion.engine.state import Setup
from companion.paths import editions_dir
from companion.rules import new_game, rules_of
from companion.storage.journal import Journal

SETUP_WORDS = ("edition", "variant", "seed", "player", "ends-at", "box", "box-profile")


class ScriptError(ValueError):
    """A script line that is not a valid set-up line or command, with its line number."""


@dataclass
class Script:
    """A parsed script: the set-up and the commands with their line numbers."""

    setup: Setup
    commands: list[tuple[int, Command]] = field(default_factory=list)
    box_lines: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    """The set-up's ``box`` lines: line number, target and values, in order."""
    box_profile: Path | None = None
    """The set-up's ``box-profile`` file, laid over the edition before the ``box`` lines."""


def parse_script(text: str, folder: Path | None = None) -> Script:
    """Read a script; raises :class:`ScriptError` naming the line of the first unreadable one. A
    ``box-profile`` file is found from ``folder`` (the script's own folder; the working directory by default)."""
    edition, variant, seed, ends_at = "", "standard", 0, None
    players: list[dict[str, str]] = []
    commands: list[tuple[int, Command]] = []
    box_lines: list[tuple[int, str, dict[str, Any]]] = []
    box_profile: Path | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            words = shlex.split(raw, comments=True)
        except ValueError as exc:
            raise ScriptError(f"line {number}: {exc}") from None
        if not words:
            continue
        if words[0] in SETUP_WORDS and not commands:
            key, rest = words[0], words[1:]
            if key == "player":
                if not rest:
                    raise ScriptError(f"line {number}: player needs an id, e.g. player luke name=Luke")
                player = {"id": rest[0]}
                for item in rest[1:]:
                    name, sep, value = item.partition("=")
                    if not sep or name not in ("name", "token", "side", "board", "dealt"):
                        raise ScriptError(f"line {number}: '{item}' should be name=..., token=..., side=..., "
                                          "board=... or dealt=...")
                    player[name] = value
                players.append(player)
            elif key == "box":
                box_lines.append((number, *_box_line(number, rest)))
            elif len(rest) != 1:
                raise ScriptError(f"line {number}: {key} takes one value")
            elif key == "edition":
                edition = rest[0]
            elif key == "variant":
                variant = rest[0]
            elif key == "ends-at":
                ends_at = rest[0]
            elif key == "box-profile":
                box_profile = (folder or Path.cwd()) / rest[0]
            elif not (rest[0].isascii() and rest[0].isdigit()):  # "²" is a digit to isdigit(), not to int()
                raise ScriptError(f"line {number}: the seed is a whole number, 0 or more, in the digits 0 to 9")
            else:
                seed = int(rest[0])
            continue
        try:
            commands.append((number, parse_command(raw)))
        except CommandSyntaxError as exc:
            raise ScriptError(f"line {number}: {exc}") from None
    if not edition:
        raise ScriptError("the script must name its edition first, e.g. 'edition original-trilogy'")
    return Script(Setup(edition, variant, players, seed, ends_at), commands, box_lines, box_profile)


def _box_line(number: int, rest: list[str]) -> tuple[str, dict[str, Any]]:
    """A set-up ``box`` line's target and values (the ``box`` command's own syntax)."""
    if len(rest) < 2:
        raise ScriptError(f"line {number}: box needs a target and its values, e.g. box space:bounty amount=75")
    try:
        return rest[0], parse_values(rest[1:])
    except BoxValueError as exc:
        raise ScriptError(f"line {number}: {exc}") from None


def script_edition(script: Script, root: Path | None = None) -> Edition:
    """The edition a script's game is played with: the edition's data, then its ``box-profile`` file, then each
    set-up ``box`` line in order, every one checked as box setup checks it (any problem stops the script; a
    caution does not)."""
    edition = find_edition(script.setup.edition, root)
    if script.box_profile is not None:
        try:
            profile = profile_from_toml(script.box_profile.read_text(encoding="utf-8"))
        except (OSError, BoxValueError) as exc:
            raise ScriptError(f"box-profile {script.box_profile}: {exc}") from None
        if profile.edition != edition.id:
            raise ScriptError(f"box-profile {script.box_profile}: a box of {profile.edition}, not of {edition.id}")
        wrong = box_file_problems(profile, edition)
        if wrong:
            raise ScriptError(f"box-profile {script.box_profile}: " + "; ".join(p.message for p in wrong))
        edition = edition_from_data(overlay(edition.raw, profile))
    for number, target, values in script.box_lines:
        problems = [p.message for p in check_values(edition, target, values) if not p.caution]
        if problems:
            raise ScriptError(f"line {number}: " + "; ".join(problems))
        edition = edition_from_data(apply_values(edition.raw, target, values))
    return edition


def find_edition(edition_id: str, root: Path | None = None) -> Edition:
    """Load an edition by id from the editions folder."""
    folder = (root or editions_dir()) / edition_id
    if not (folder / "edition.toml").is_file():
        known = sorted(p.name for p in (root or editions_dir()).iterdir() if (p / "edition.toml").is_file())
        raise ScriptError(f"no edition '{edition_id}'; known: {', '.join(known)}")
    return load_edition(folder)


@dataclass
class Outcome:
    """What running a script gave: the game, and the rejected command if one stopped it."""

    game: Game
    rejected: tuple[int, Command, list[Violation]] | None = None


def run_script(script: Script, journal: Journal | None = None, game_id: str | None = None,
               on_ack: Callable[[int, Command], None] | None = None) -> Outcome:
    """Apply the commands in order, stopping at the first rejected one.

    With a journal, every command is committed before ``on_ack`` hears of it; when ``game_id`` is already in
    the journal the game is resumed and the commands it already holds are skipped (after checking they match).
    """
    edition = script_edition(script)
    done = 0
    if journal is None:
        game = new_game(edition, script.setup)
    elif game_id and any(g.id == game_id for g in journal.games()):
        game = journal.resume(game_id)
        held = [c for _, c, _ in journal.commands(game_id)]
        expected = [c for _, c in script.commands[: len(held)]]
        if held != expected or game.first_edition.data_hash != edition.data_hash:
            raise ScriptError(f"saved game {game_id} does not follow this script")
        done = len(held)
    else:
        game = journal.new_game(edition, script.setup, game_id)
    for number, cmd in script.commands[done:]:
        try:
            game.apply(cmd)
        except CommandRejected as exc:
            return Outcome(game, (number, cmd, exc.violations))
        if on_ack:
            on_ack(number, cmd)
    return Outcome(game, None)


def state_json(game: Game) -> dict[str, Any]:
    """The state as the table script prints it (see docs/table-script.md)."""
    s, e = game.state, game.edition
    rules = rules_of(game)
    deeds = {}
    for d in e.deeds:
        deeds[d.id] = {"name": d.name, "owner": s.owner(d.id), "houses": s.houses(d.id),
                       "hotel": bool(s.hotels(d.id)), "mortgaged": d.id in s.mortgaged}
    players = []
    for p in s.players:
        players.append({
            "id": p.id, "name": p.name, "token": p.token, "side": p.side, "cash": s.cash(p.id),
            "position": p.position, "space": rules.where(s, p.id), "in_jail": p.in_jail,
            "jail_turns": p.jail_turns, "jail_cards": list(p.jail_cards), "retired": p.retired,
            "deeds": [d for d, v in deeds.items() if v["owner"] == p.id],
            **rules.player_json(s, p.id),
        })
    return {
        "edition": e.id, "variant": game.setup.variant,
        "turn": {"number": s.turn.number, "player": s.turn.player, "rolled": s.turn.rolled,
                 "roll_again": s.turn.roll_again, "dice": list(s.turn.dice)},
        "players": players,
        "deeds": deeds,
        "bank": {"houses": s.ledger.balance(BANK, HOUSE), "hotels": s.ledger.balance(BANK, HOTEL),
                 "credits": s.ledger.balance(BANK)},
        "pending": rules.describe(s),
        "over": s.over, "end_reason": s.end_reason, "ranking": s.ranking,
        "entries": len(game.entries),
    }


def reason_json(violation: Violation) -> dict[str, Any]:
    """One reason a command was refused, as the script prints it: its code and words, and for ``box/needed`` the
    thing of the box to read (``target``), the values wanted (``fields``) and, in a row of amounts, the one play
    reads now (``part``, counted from 0)."""
    reason: dict[str, Any] = {"code": violation.code, "message": violation.message}
    need = violation.need
    if need is not None:
        reason["need"] = {"target": need.target, "fields": list(need.fields)}
        if need.part >= 0:
            reason["need"]["part"] = need.part
    return reason


def box_answer(need: Need, cmd: Command | None = None) -> str:
    """The ``box`` command that answers a need, its values left as ``?`` to be read off the box. A card drawn
    that its deck does not list yet (a need for the whole deck, ``card:<deck>``) is entered under the id the
    refused ``card`` command gave it, or the ``DECK/CARD`` a refused ``play`` named, as ``box`` names a card:
    ``card:<deck>/<card>``."""
    target = need.target
    if target.startswith("card:") and "/" not in target and cmd is not None and cmd.verb == "card":
        target = f"{target}/{cmd.args[-1]}"
    elif target.startswith("card:") and "/" not in target and cmd is not None and cmd.verb == "play":
        target = f"{target}/{cmd.args[-1].partition('/')[2]}"
    return " ".join(["box", target, *(f"{f}=?" for f in need.fields)])
