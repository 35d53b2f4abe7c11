"""The durable journal: every saved game and every accepted command, in SQLite.

One committed transaction per accepted command, in WAL mode with ``synchronous=FULL``, so a power cut loses
nothing that the table saw accepted. A game row keeps the edition data it was played with (and its hash) and
the set-up, so the game replays to the identical state even after the edition files change.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import secrets
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import IO, Any

from companion.edition import Edition, edition_from_data
from companion.engine.commands import Command, parse_command
from companion.engine.game import Entry, Game
from companion.engine.state import GameState, Setup
from companion.rules import new_game, replay_game, rules_for
from companion.rules.core import Rules

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    edition_id TEXT NOT NULL,
    edition_version TEXT NOT NULL,
    edition_hash TEXT NOT NULL,
    edition_data TEXT NOT NULL,
    setup TEXT NOT NULL,
    last_command TEXT NOT NULL DEFAULT '',
    entries INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS entries (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    at REAL NOT NULL,
    command TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT '',
    undoes TEXT NOT NULL DEFAULT '[]',
    events TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS checkpoints (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    code TEXT NOT NULL,
    state BLOB NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""

CHECKPOINT_EVERY = 256
"""A checkpoint of the state is written with every entry whose number is a multiple of this."""
CHECKPOINTS_KEPT = 2
RECENT = 16
"""Resuming replays at least this many of the last entries, so the screens have their events to word."""


@dataclass(frozen=True)
class SavedGame:
    """A line of the saved-games list."""

    id: str
    created: float
    updated: float
    edition_id: str
    players: list[str]
    variant: str
    last_command: str
    entries: int
    names: dict[str, str]
    """Each player's name by the id the commands use."""


class Journal:
    """A SQLite file holding any number of games."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the file (everything is already committed)."""
        self.db.close()

    # -------------------------------------------------------------- games

    def new_game(self, edition: Edition, setup: Setup, game_id: str | None = None) -> Game:
        """Start a game whose every accepted command is committed here before it is acknowledged."""
        gid = game_id or secrets.token_hex(6)
        now = time.time()
        # The set-up is checked first (a refused one leaves no saved game), and the game row and its start
        # entry are committed together, so a crash never leaves a game without its start.
        game = new_game(edition, setup)
        with self._transaction():
            self.db.execute(
                "INSERT INTO games (id, created, updated, edition_id, edition_version, edition_hash, edition_data,"
                " setup) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (gid, now, now, edition.id, edition.version, edition.data_hash,
                 json.dumps(edition.raw, sort_keys=True, default=str), json.dumps(game.setup.to_json())),
            )
            self._insert(gid, game.entries[0])
        game.sink = sink = GameSink(self, gid)
        sink.game = game
        return game

    def resume(self, game_id: str) -> Game:
        """Take up a saved game with the edition data it was played with: from its latest checkpoint written by
        this very code (see :func:`code_version`), replaying only the entries after it; with none, by replaying
        every command (each checked again)."""
        row = self.db.execute("SELECT edition_data, setup FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"no saved game {game_id!r}")
        edition = edition_from_data(json.loads(row[0]))
        setup = Setup(**{"rules_version": 1, **json.loads(row[1])})  # saved before the stamp: version 1
        sink = GameSink(self, game_id)
        rows = self.db.execute("SELECT seq, command, source, at, undoes FROM entries WHERE game_id = ? ORDER BY seq",
                               (game_id,)).fetchall()
        latest = len(rows) - 1 - RECENT
        point = self.db.execute("SELECT seq, state FROM checkpoints WHERE game_id = ? AND code = ? AND seq <= ? "
                                "ORDER BY seq DESC LIMIT 1", (game_id, code_version(), latest)).fetchone()
        if point is None:
            game = replay_game(edition, setup, [(_command(text, source), at) for _, text, source, at, _ in rows[1:]])
            game.entries[0].at = rows[0][3]
        else:
            game = self._restore(rules_for(edition, setup), rows, point[0], pickle.loads(point[1]))
        game.sink = sink
        sink.game = game
        return game

    @staticmethod
    def _restore(rules: Rules, rows: list[tuple[int, str, str, float, str]], upto: int, state: GameState) -> Game:
        """The game as its checkpoint at entry ``upto`` left it, then the entries after it played again (``rows``:
        every entry, the start first)."""
        entries = [Entry(0, None, [], rows[0][3])]
        for seq, text, source, at, undoes in rows[1:upto + 1]:
            entry = Entry.stored(seq, text, source, at, tuple(json.loads(undoes)))
            for target in entry.undoes:
                entries[target].undone_by = seq
            entries.append(entry)
        game = Game.restore(rules, entries, state)
        for _, text, source, at, _ in rows[upto + 1:]:
            game.apply(_command(text, source))
            game.entries[-1].at = at
        return game

    def commands(self, game_id: str) -> list[tuple[int, Command, float]]:
        """The journalled commands of a game (after the start entry), in order."""
        rows = self.db.execute("SELECT seq, command, source, at FROM entries WHERE game_id = ? AND seq > 0 "
                               "ORDER BY seq", (game_id,)).fetchall()
        return [(seq, _command(text, source), at) for seq, text, source, at in rows]

    def games(self) -> list[SavedGame]:
        """Saved games, the most recently played first."""
        rows = self.db.execute("SELECT id, created, updated, edition_id, setup, last_command, entries FROM games "
                               "ORDER BY updated DESC").fetchall()
        out = []
        for gid, created, updated, edition_id, setup, last, entries in rows:
            s = json.loads(setup)
            names = {p["id"]: p.get("name", p["id"]) for p in s["players"]}
            out.append(SavedGame(gid, created, updated, edition_id, list(names.values()), s["variant"], last, entries,
                                 names))
        return out

    def delete(self, game_id: str) -> bool:
        """Remove a saved game and its entries; False when there was none."""
        with self._transaction():
            self.db.execute("DELETE FROM checkpoints WHERE game_id = ?", (game_id,))
            self.db.execute("DELETE FROM entries WHERE game_id = ?", (game_id,))
            cur = self.db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        return cur.rowcount > 0

    def export_jsonl(self, game_id: str, out: IO[str]) -> int:
        """Write a game as JSON lines: a header with edition data and set-up, then one line per entry."""
        row = self.db.execute("SELECT id, created, edition_id, edition_version, edition_hash, edition_data, setup "
                              "FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"no saved game {game_id!r}")
        keys = ("id", "created", "edition_id", "edition_version", "edition_hash")
        header: dict[str, Any] = {"type": "game", **dict(zip(keys, row[:5], strict=True)),
                                  "edition_data": json.loads(row[5]), "setup": json.loads(row[6])}
        out.write(json.dumps(header, sort_keys=True) + "\n")
        lines = 1
        for seq, at, command, source, undoes, events in self.db.execute(
                "SELECT seq, at, command, source, undoes, events FROM entries WHERE game_id = ? ORDER BY seq",
                (game_id,)):
            out.write(json.dumps({"type": "entry", "seq": seq, "at": at, "command": command, "source": source,
                                  "undoes": json.loads(undoes), "events": json.loads(events)}, sort_keys=True) + "\n")
            lines += 1
        return lines

    def audit(self, game_id: str) -> Iterator[tuple[int, str, list[int], int | None]]:
        """Every entry with what it undid and which later entry undid it: the audit log."""
        rows = self.db.execute("SELECT seq, command, undoes FROM entries WHERE game_id = ? ORDER BY seq",
                               (game_id,)).fetchall()
        undone_by = {s: seq for seq, _, u in rows for s in json.loads(u)}
        for seq, command, undoes in rows:
            yield seq, command, json.loads(undoes), undone_by.get(seq)

    # -------------------------------------------------------------- writing

    def append(self, game_id: str, entry: Entry, state: GameState | None = None) -> None:
        """Commit one entry (and the game's summary) in a single transaction; with ``state``, the state after it
        as a checkpoint too (only the latest few are kept)."""
        with self._transaction():
            self._insert(game_id, entry)
            if state is not None:
                self.db.execute("INSERT OR REPLACE INTO checkpoints (game_id, seq, code, state) VALUES (?, ?, ?, ?)",
                                (game_id, entry.seq, code_version(), pickle.dumps(state, pickle.HIGHEST_PROTOCOL)))
                self.db.execute("DELETE FROM checkpoints WHERE game_id = ? AND seq NOT IN (SELECT seq FROM "
                                "checkpoints WHERE game_id = ? ORDER BY seq DESC LIMIT ?)",
                                (game_id, game_id, CHECKPOINTS_KEPT))

    def _insert(self, game_id: str, entry: Entry) -> None:
        """Write one entry and the game's summary (inside the caller's transaction)."""
        events = json.dumps([e.to_json() for e in entry.events], default=_plain, separators=(",", ":"))
        self.db.execute("INSERT INTO entries (game_id, seq, at, command, source, undoes, events) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (game_id, entry.seq, entry.at, entry.text,
                         entry.command.source if entry.command else "",
                         json.dumps(list(entry.undoes)), events))
        self.db.execute("UPDATE games SET updated = ?, last_command = ?, entries = ? WHERE id = ?",
                        (entry.at, entry.text, entry.seq + 1, game_id))

    def _transaction(self) -> _Tx:
        return _Tx(self.db)


class _Tx:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on any error."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, *_: object) -> None:
        self.db.execute("ROLLBACK" if exc_type else "COMMIT")


class GameSink:
    """Binds a game to its rows in the journal."""

    def __init__(self, journal: Journal, game_id: str) -> None:
        self.journal = journal
        self.game_id = game_id
        self.game: Game | None = None
        """The game whose state is checkpointed now and then."""

    def append(self, entry: Entry) -> None:
        """Commit the entry before the command is acknowledged, with a checkpoint of the state every
        :data:`CHECKPOINT_EVERY` entries (never on an undo: its state is folded again after it is recorded)."""
        due = self.game is not None and entry.seq and entry.seq % CHECKPOINT_EVERY == 0 and not entry.undoes
        self.journal.append(self.game_id, entry, self.game.state if due and self.game else None)


def _command(text: str, source: str) -> Command:
    """A journalled line of notation as the command it was, with where its dice came from."""
    cmd = parse_command(text)
    return Command(cmd.verb, cmd.args, source)


@cache
def code_version() -> str:
    """A fingerprint of the code that folds a game (engine, rules, edition and box data handling): a checkpoint
    is only taken up by the code that wrote it; any other replays the game's commands instead."""
    root = Path(__file__).resolve().parent.parent
    files = [root / "edition.py", root / "dice.py", *sorted((root / "engine").glob("*.py")),
             *sorted((root / "rules").rglob("*.py")), *sorted((root / "box").glob("*.py"))]
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes())
    return digest.hexdigest()


def _plain(value: object) -> object:
    if isinstance(value, set | frozenset):
        return sorted(value)
    raise TypeError(f"cannot store {type(value).__name__} in the journal")
