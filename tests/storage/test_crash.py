"""The crash test: pull the plug on the Banker at random moments and check nothing acknowledged is lost.

A child process plays tests/scripts/full-game.txt into a journal (``companion script ... --journal DB --game
ID --ack``) and prints ``ack LINE`` after each committed command. The parent kills it with SIGKILL after a
random delay (seeded, uniform between 0 and the time one clean run takes), then checks the journal: it holds
every acknowledged command, and resuming it gives the same state as a clean in-memory replay of as many script
commands. The child is restarted (it resumes from the journal and goes on) until it finishes the script; then
a new game starts in the same file, until at least 50 kills have been made."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from companion.rules import new_game
from companion.script import find_edition, parse_script
from companion.storage.journal import Journal

REPO = Path(__file__).resolve().parents[2]
SCRIPT_PATH = REPO / "tests" / "scripts" / "full-game.txt"
SEED = 20_240_611
MIN_KILLS = 50
MAX_STARTS = 400  # a safety net: the loop below ends long before this
ACK = re.compile(r"ack (\d+)\n")


def start_child(db: Path, game_id: str, out: Path) -> subprocess.Popen[bytes]:
    """The Banker process, writing its acks (and final JSON) to ``out``."""
    with out.open("wb") as sink:
        return subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "script", str(SCRIPT_PATH), "--journal", str(db),
             "--game", game_id, "--ack"],
            cwd=REPO, stdout=sink, stderr=subprocess.STDOUT,
        )


def acked_lines(out: Path) -> list[int]:
    """Script line numbers the child acknowledged (only complete lines count)."""
    return [int(n) for n in ACK.findall(out.read_text(encoding="utf-8", errors="replace"))]


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_nothing_acknowledged(tmp_path: Path) -> None:
    """OT-TURN-3 and the whole scripted game (OT-BUY-1 ... OT-BANKRUPT-9): whatever moment the power goes, the
    journal holds every command the table saw acknowledged, and resuming gives the state of a clean replay of
    exactly the commands it holds."""
    script = parse_script(SCRIPT_PATH.read_text(encoding="utf-8"))
    texts = [cmd.to_text() for _, cmd in script.commands]
    count_after_line = {line: i + 1 for i, (line, _) in enumerate(script.commands)}
    edition = find_edition(script.setup.edition)

    # Reference states: a clean in-memory replay, snapshot after each number of commands.
    reference = new_game(edition, script.setup)
    snapshots: list[dict[str, Any]] = [reference.state.snapshot()]
    for _, cmd in script.commands:
        reference.apply(cmd)
        snapshots.append(reference.state.snapshot())

    db = tmp_path / "crash.sqlite3"
    out = tmp_path / "child.out"
    began = time.monotonic()

    # One clean run gives the typical run time (start-up, commands, final JSON).
    clean_start = time.monotonic()
    child = start_child(db, "clean", out)
    assert child.wait(timeout=120) == 0, out.read_text()
    typical = time.monotonic() - clean_start
    assert len(acked_lines(out)) == len(texts)

    rng = random.Random(SEED)
    kills = starts = rounds = mid_game_kills = 0
    while kills < MIN_KILLS:
        rounds += 1
        game_id = f"crash-{rounds}"
        acked = 0  # commands acknowledged so far in this game
        committed = 0  # commands the journal held at the last check
        while True:
            starts += 1
            assert starts <= MAX_STARTS, f"gave up after {starts} starts ({kills} kills)"
            delay = rng.uniform(0, typical)
            child = start_child(db, game_id, out)
            try:
                code = child.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                os.kill(child.pid, signal.SIGKILL)
                code = child.wait()
                kills += 1
            finished = code == 0
            assert finished or code == -signal.SIGKILL, f"child failed ({code}): {out.read_text()}"
            lines = acked_lines(out)
            assert lines == sorted(lines) and len(set(lines)) == len(lines), lines
            if lines:
                # A restarted child goes on right after what the journal holds (a command may have been
                # committed just before the kill without its ack being printed).
                assert count_after_line[lines[0]] == committed + 1, "the child skipped or repeated a command"
                acked = count_after_line[lines[-1]]
                mid_game_kills += not finished

            journal = Journal(db)
            try:
                if acked or any(g.id == game_id for g in journal.games()):
                    held = journal.commands(game_id)
                    rows = journal.db.execute("SELECT COUNT(*) FROM entries WHERE game_id = ?",
                                              (game_id,)).fetchone()[0]
                    assert len(held) >= acked, f"lost acknowledged commands: {len(held)} < {acked}"
                    committed = len(held)
                    assert rows == len(held) + 1, "a game row without its start entry"
                    assert [c.to_text() for _, c, _ in held] == texts[:len(held)]
                    resumed = journal.resume(game_id)
                    assert resumed.state.snapshot() == snapshots[len(held)], f"resume differs at {len(held)}"
                    if finished:
                        assert len(held) == len(texts) and resumed.state.over
            finally:
                journal.close()
            if finished:
                break

    elapsed = time.monotonic() - began
    print(f"\ncrash test: {kills} kills ({mid_game_kills} with commands acknowledged) in {rounds} games, "
          f"{starts} starts; one clean run {typical:.2f} s; total {elapsed:.1f} s")
    assert kills >= MIN_KILLS
    assert mid_game_kills >= 10, "too few kills landed while commands were being played"
