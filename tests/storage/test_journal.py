"""The SQLite journal: one durable transaction per accepted command, resume, undo, export, and edition drift.

The played commands are small hand-worked openings on the Original Trilogy board (board.toml): Dagobah
Swamp is space 3 (price 60), the TIE Fighter vessel space 5 (price 200), every player starts with 1,500
(OT-SETUP-4).
"""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.edition import Edition, load_edition
from companion.engine.commands import Command, parse_command
from companion.engine.errors import CommandRejected
from companion.engine.game import Entry, Game
from companion.engine.state import Setup
from companion.rules import RULES_VERSION, new_game, replay_game
from companion.storage.journal import Journal

REPO = Path(__file__).resolve().parents[2]
EDITION_DIR = REPO / "editions" / "original-trilogy"
PLAYERS = [
    {"id": "luke", "name": "Luke", "token": "luke-skywalker", "side": "rebel"},
    {"id": "vader", "name": "Vader", "token": "darth-vader", "side": "empire"},
]
# Luke buys Dagobah Swamp (GO + 1 + 2 = space 3, 60); Vader buys the TIE Fighter (GO + 2 + 3 = space 5, 200).
OPENING = ["roll luke 1 2", "buy luke", "end luke", "roll vader 2 3", "buy vader", "end vader"]


@pytest.fixture(scope="module")
def edition() -> Edition:
    return load_edition(EDITION_DIR)


@pytest.fixture
def setup() -> Setup:
    return Setup("original-trilogy", "standard", [dict(p) for p in PLAYERS])


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    j = Journal(tmp_path / "games.sqlite3")
    yield j
    j.close()


def play(game: Game, lines: list[str]) -> None:
    for line in lines:
        game.apply(parse_command(line))


def committed_rows(path: Path, game_id: str) -> int:
    """Entries another connection can see, i.e. committed ones."""
    with sqlite3.connect(path) as other:
        return other.execute("SELECT COUNT(*) FROM entries WHERE game_id = ?", (game_id,)).fetchone()[0]


def test_wal_mode_and_full_sync(journal: Journal) -> None:
    """Durability (no rule id): the journal runs in WAL mode with synchronous=FULL, so nothing the table saw
    accepted is lost in a power cut."""
    assert journal.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # 2 = FULL
    # WAL is a property of the file: a fresh connection sees it too.
    with sqlite3.connect(journal.path) as other:
        assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_one_committed_transaction_per_accepted_command(journal: Journal, edition: Edition,
                                                        setup: Setup) -> None:
    """OT-BUY-1, OT-TURN-4: each accepted command is one COMMIT, visible to another connection before apply()
    returns; a rejected command (Vader buying out of turn) writes nothing."""
    game = journal.new_game(edition, setup, "g1")
    path = Path(journal.path)
    assert committed_rows(path, "g1") == 1  # the start entry
    statements: list[str] = []
    journal.db.set_trace_callback(statements.append)
    for n, line in enumerate(OPENING, start=2):
        statements.clear()
        game.apply(parse_command(line))
        assert committed_rows(path, "g1") == n
        assert [s for s in statements if s in ("BEGIN IMMEDIATE", "COMMIT", "ROLLBACK")] == \
               ["BEGIN IMMEDIATE", "COMMIT"], line
    statements.clear()
    with pytest.raises(CommandRejected):
        game.apply(parse_command("buy vader"))
    assert statements == []
    assert committed_rows(path, "g1") == len(OPENING) + 1
    journal.db.set_trace_callback(None)


def test_reopen_and_resume_gives_the_identical_state(tmp_path: Path, edition: Edition, setup: Setup) -> None:
    """OT-BUY-1: after the opening Luke holds 1,440 (1500 - 60) and Vader 1,300 (1500 - 200); a new Journal on
    the same file resumes to exactly that state and keeps journalling."""
    path = tmp_path / "games.sqlite3"
    first = Journal(path)
    game = first.new_game(edition, setup, "g1")
    play(game, OPENING)
    snapshot = game.state.snapshot()
    first.close()

    second = Journal(path)
    resumed = second.resume("g1")
    assert resumed.state.snapshot() == snapshot
    assert resumed.state.cash("luke") == 1440
    assert resumed.state.cash("vader") == 1300
    assert [e.text for e in resumed.entries] == ["start", *OPENING]
    # The resumed game keeps writing to the same file, with the next sequence number.
    resumed.apply(parse_command("roll luke 3 3"))  # space 3 + 6 = 9, Hoth North Ridge (120): offer
    assert [seq for seq, *_ in second.commands("g1")][-1] == len(OPENING) + 1
    again = second.resume("g1")
    assert again.state.snapshot() == resumed.state.snapshot()
    second.close()


def test_dice_source_is_kept(journal: Journal, edition: Edition, setup: Setup) -> None:
    """OT-TURN-3: where the dice came from (typed, serial dice) is stored with the command for the audit."""
    game = journal.new_game(edition, setup, "g1")
    game.apply(Command("roll", ("luke", "1", "2"), source="serial"))
    (_, cmd, _), = journal.commands("g1")
    assert cmd == Command("roll", ("luke", "1", "2"))
    assert cmd.source == "serial"


def test_list_resume_and_delete_saved_games(journal: Journal, edition: Edition, setup: Setup) -> None:
    """Saved games (no rule id): listed most recent first with players, variant and last command; a deleted
    game and its entries are gone."""
    older = journal.new_game(edition, setup, "older")
    play(older, OPENING[:2])
    newer = journal.new_game(edition, Setup("original-trilogy", "short", [dict(p) for p in PLAYERS], seed=3),
                             "newer")
    play(newer, ["roll luke 1 1"])
    listed = journal.games()
    assert [g.id for g in listed] == ["newer", "older"]
    assert listed[1].players == ["Luke", "Vader"]
    assert listed[1].variant == "standard" and listed[0].variant == "short"
    assert listed[1].last_command == "buy luke"
    assert listed[1].entries == 3  # start, roll, buy
    assert journal.resume("older").state.snapshot() == older.state.snapshot()

    assert journal.delete("older") is True
    assert [g.id for g in journal.games()] == ["newer"]
    assert journal.commands("older") == []
    assert journal.db.execute("SELECT COUNT(*) FROM entries WHERE game_id = 'older'").fetchone()[0] == 0
    assert journal.delete("older") is False
    with pytest.raises(KeyError):
        journal.resume("older")


def test_undo_is_an_entry_and_the_audit_shows_it(journal: Journal, edition: Edition, setup: Setup) -> None:
    """OT-BUY-1 (taken back): Luke's purchase of the Swamp is undone. The undo is a new entry naming #2,
    the audit marks #2 as taken back by #3, and a resume gives the state before the purchase (1,500, offer
    open)."""
    game = journal.new_game(edition, setup, "g1")
    play(game, ["roll luke 1 2"])
    before_buy = game.state.snapshot()
    play(game, ["buy luke"])
    assert game.state.cash("luke") == 1440
    game.apply(parse_command("undo 1 'meant to decline'"))
    assert game.state.snapshot() == before_buy
    assert game.state.cash("luke") == 1500

    audit = list(journal.audit("g1"))
    assert audit == [
        (0, "start", [], None),
        (1, "roll luke 1 2", [], None),
        (2, "buy luke", [], 3),
        (3, "undo 1 'meant to decline'", [2], None),
    ]
    resumed = journal.resume("g1")
    assert resumed.state.snapshot() == before_buy
    assert resumed.entries[2].undone_by == 3
    # After the undo the table goes on: Luke declines instead, and that is entry #4.
    resumed.apply(parse_command("decline luke"))
    assert [seq for seq, *_ in journal.commands("g1")] == [1, 2, 3, 4]


def test_export_jsonl(journal: Journal, edition: Edition, setup: Setup) -> None:
    """OT-BUY-1: the export has a header with the edition id, version, hash, data and set-up, then one line
    per entry with its events; Luke's purchase shows the 60 credits and the deed moving."""
    game = journal.new_game(edition, setup, "g1")
    play(game, OPENING[:2])
    out = io.StringIO()
    assert journal.export_jsonl("g1", out) == 4  # header + start + roll + buy
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    header, entries = lines[0], lines[1:]
    assert header["type"] == "game" and header["id"] == "g1"
    assert header["edition_id"] == "original-trilogy"
    assert header["edition_version"] == edition.version
    assert header["edition_hash"] == edition.data_hash
    assert set(header["edition_data"]) >= {"edition", "board", "cards"}
    assert header["setup"]["players"] == PLAYERS
    assert header["setup"]["variant"] == "standard"
    assert [e["seq"] for e in entries] == [0, 1, 2]
    assert [e["command"] for e in entries] == ["start", "roll luke 1 2", "buy luke"]
    assert all(e["type"] == "entry" and e["events"] for e in entries)
    posted = [ev for ev in entries[2]["events"] if ev["kind"] == "posted"]
    postings = {(p["account"], p["unit"]): p["amount"] for ev in posted for p in ev["txn"]["postings"]}
    assert postings[("luke", "credits")] == -60
    assert postings[("luke", "deed:dagobah-swamp")] == 1
    with pytest.raises(KeyError):
        journal.export_jsonl("missing", io.StringIO())


def test_a_journal_replays_after_the_edition_files_change(tmp_path: Path, setup: Setup) -> None:
    """OT-EDITION-2: a game keeps the deed values it was played with. The Swamp (60) is bought, then its
    price is changed to 90 in the edition files: resume still gives Luke 1,440 (1500 - 60), while a replay
    with the new files would give 1,410 (1500 - 90)."""
    folder = tmp_path / "original-trilogy"
    shutil.copytree(EDITION_DIR, folder)
    original = load_edition(folder)
    path = tmp_path / "games.sqlite3"
    journal = Journal(path)
    game = journal.new_game(original, setup, "g1")
    play(game, ["roll luke 1 2", "buy luke"])
    snapshot = game.state.snapshot()
    journal.close()

    board = folder / "board.toml"
    text = board.read_text(encoding="utf-8")
    start = text.index('id = "dagobah-swamp"')
    price_at = text.index("price = 60", start)
    board.write_text(text[:price_at] + "price = 90" + text[price_at + len("price = 60"):], encoding="utf-8")
    changed = load_edition(folder)
    assert changed.space("dagobah-swamp").price == 90
    assert changed.data_hash != original.data_hash

    reopened = Journal(path)
    resumed = reopened.resume("g1")
    assert resumed.state.snapshot() == snapshot
    assert resumed.state.cash("luke") == 1440
    assert resumed.edition.space("dagobah-swamp").price == 60
    assert resumed.edition.data_hash == original.data_hash
    # The same commands against the changed files give another game: the stored data is what protects it.
    drifted = replay_game(changed, setup, [(c, at) for _, c, at in reopened.commands("g1")])
    assert drifted.state.cash("luke") == 1410
    reopened.close()


class FailingSink:
    """A journal that fails to write once ``fail`` is set (a full disk, a pulled card)."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.fail = False

    def append(self, entry: Entry) -> None:
        if self.fail:
            raise OSError("disk full")
        self.entries.append(entry)


def test_failing_sink_leaves_the_game_unchanged(edition: Edition, setup: Setup) -> None:
    """OT-BUY-1: when the journal cannot store Luke's purchase, the purchase did not happen: still 1,500
    and the offer still open; once the journal works again the same command goes through (1500 - 60 =
    1440)."""
    sink = FailingSink()
    game = new_game(edition, setup, sink=sink)
    play(game, ["roll luke 1 2"])
    before, entries = game.state.snapshot(), len(game.entries)
    sink.fail = True
    with pytest.raises(OSError, match="disk full"):
        game.apply(parse_command("buy luke"))
    assert game.state.snapshot() == before
    assert len(game.entries) == entries
    with pytest.raises(OSError):
        game.apply(parse_command("undo 1 'wrong dice'"))
    assert game.state.snapshot() == before
    assert all(e.undone_by is None for e in game.entries)
    sink.fail = False
    game.apply(parse_command("buy luke"))
    assert game.state.cash("luke") == 1440
    assert [e.text for e in sink.entries] == ["start", "roll luke 1 2", "buy luke"]


def test_failing_sqlite_write_leaves_game_and_file_unchanged(journal: Journal, edition: Edition,
                                                            setup: Setup) -> None:
    """OT-BUY-1: a write refused by SQLite itself (here a trigger standing in for a full disk) rolls back: the
    game and the file both stay as they were, and resume agrees."""
    game = journal.new_game(edition, setup, "g1")
    play(game, ["roll luke 1 2"])
    before = game.state.snapshot()
    journal.db.execute("CREATE TRIGGER refuse BEFORE INSERT ON entries "
                       "BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    with pytest.raises(sqlite3.DatabaseError, match="disk full"):
        game.apply(parse_command("buy luke"))
    assert game.state.snapshot() == before
    assert committed_rows(Path(journal.path), "g1") == 2
    assert journal.games()[0].last_command == "roll luke 1 2"
    journal.db.execute("DROP TRIGGER refuse")
    assert journal.resume("g1").state.snapshot() == before
    game.apply(parse_command("buy luke"))
    assert journal.resume("g1").state.cash("luke") == 1440


def test_new_game_commits_its_row_and_start_entry_together(journal: Journal, edition: Edition,
                                                           setup: Setup) -> None:
    """OT-SETUP-4: the start entry (1,500 to each player) is committed in the same transaction as the game
    row, so a crash can never leave a saved game without its start."""
    statements: list[str] = []
    journal.db.set_trace_callback(statements.append)
    journal.new_game(edition, setup, "g1")
    journal.db.set_trace_callback(None)
    assert [s for s in statements if s in ("BEGIN IMMEDIATE", "COMMIT")] == ["BEGIN IMMEDIATE", "COMMIT"]
    assert committed_rows(Path(journal.path), "g1") == 1
    out = io.StringIO()
    journal.export_jsonl("g1", out)
    start = json.loads(out.getvalue().splitlines()[1])
    paid = [p for ev in start["events"] if ev["kind"] == "posted" for p in ev["txn"]["postings"]
            if p["unit"] == "credits" and p["account"] != "bank"]
    assert sorted((p["account"], p["amount"]) for p in paid) == [("luke", 1500), ("vader", 1500)]


def test_refused_setup_leaves_no_saved_game(journal: Journal, edition: Edition) -> None:
    """OT-SETUP-3, OT-EDITION-5: a token that is not in the box is refused, and no half-made game is saved."""
    bad = Setup("original-trilogy", "standard",
                [{"id": "luke", "token": "millennium-falcon"}, {"id": "vader"}])
    with pytest.raises(CommandRejected) as exc:
        journal.new_game(edition, bad, "bad")
    assert [v.code for v in exc.value.violations] == ["setup/token"]
    assert journal.games() == []


def test_a_game_is_stamped_with_the_rules_version_it_is_played_with(journal: Journal, edition: Edition,
                                                                      setup: Setup) -> None:
    """A new game records the current rules version; a game saved before the stamp existed plays as version 1,
    the rules it was played with."""
    game = journal.new_game(edition, setup, "g1")
    assert game.setup.rules_version == RULES_VERSION
    stored = json.loads(journal.db.execute("SELECT setup FROM games WHERE id = 'g1'").fetchone()[0])
    assert stored["rules_version"] == RULES_VERSION
    del stored["rules_version"]
    journal.db.execute("UPDATE games SET setup = ? WHERE id = 'g1'", (json.dumps(stored),))
    assert journal.resume("g1").setup.rules_version == 1
