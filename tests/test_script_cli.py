"""`companion script` and `companion games` as a table would run them: a real subprocess, exit codes, JSON.

Scripts are hand-worked openings on the Original Trilogy board (board.toml): Dagobah Swamp is space 3 (price
60), the TIE Fighter vessel space 5 (price 200), everyone starts with 1,500 (OT-SETUP-4).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

HEADER = """\
edition original-trilogy
variant standard
player luke name=Luke token=luke-skywalker side=rebel
player vader name="Darth Vader" token=darth-vader side=empire
"""
# Luke buys the Swamp (GO + 3), Vader declines the TIE Fighter (GO + 5) and Luke wins it at auction for 150.
OPENING = HEADER + """\
roll luke 1 2   # to Dagobah Swamp
buy luke
end luke
roll vader 2 3
decline vader
bid luke 150
pass vader
"""


def companion(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m companion.cli ARGS`` from the checkout."""
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], cwd=REPO, input=stdin,
                          capture_output=True, text=True, timeout=60)


@pytest.fixture
def write(tmp_path: Path) -> Callable[..., Path]:
    """Write a script file into the test's folder and return its path."""

    def _write(text: str, name: str = "game.txt") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return _write


def test_success_exits_0_and_prints_the_state(write: Callable[..., Path]) -> None:
    """OT-BUY-1, OT-BUY-3, OT-BUY-4: Luke pays 60 for the Swamp and 150 at auction for the TIE Fighter: 1500 -
    60 - 150 = 1290; Vader keeps his 1,500."""
    result = companion("script", str(write(OPENING)))
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    players = {p["id"]: p for p in state["players"]}
    assert players["luke"]["cash"] == 1290
    assert players["vader"]["cash"] == 1500
    assert players["vader"]["name"] == "Darth Vader"
    assert players["luke"]["deeds"] == ["dagobah-swamp", "tie-fighter"]
    assert state["deeds"]["tie-fighter"]["owner"] == "luke"
    assert state["turn"]["player"] == "vader"
    assert state["entries"] == 8  # start + 7 commands
    assert "rejected" not in state


def test_script_from_standard_input(write: Callable[..., Path]) -> None:
    """OT-BUY-1: '-' reads the script from standard input (1500 - 60 = 1440)."""
    result = companion("script", "-", stdin=HEADER + "roll luke 1 2\nbuy luke\n")
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert {p["id"]: p["cash"] for p in state["players"]} == {"luke": 1440, "vader": 1500}


def test_rejected_command_exits_2_with_the_reasons(write: Callable[..., Path]) -> None:
    """OT-TURN-4, OT-BUY-1: Vader cannot buy on Luke's turn: exit 2, the JSON names the line, the command and
    each reason (code and message), stderr says the same, and the state is the one before that line."""
    script = HEADER + "roll luke 1 2\nbuy vader\nbuy luke\n"
    result = companion("script", str(write(script)))
    assert result.returncode == 2
    state = json.loads(result.stdout)
    rejected = state["rejected"]
    assert rejected["line"] == 6  # 4 set-up lines, the roll, then 'buy vader'
    assert rejected["command"] == "buy vader"
    codes = [r["code"] for r in rejected["reasons"]]
    assert codes == ["buy/no-offer"]
    message = rejected["reasons"][0]["message"]
    assert "Darth Vader" in message
    assert "line 6" in result.stderr and "buy vader" in result.stderr
    assert "[buy/no-offer]" in result.stderr and message in result.stderr
    # Nothing after the refused line was played: Luke still has his 1,500 and the offer is open.
    assert {p["id"]: p["cash"] for p in state["players"]}["luke"] == 1500
    assert state["pending"]["decisions"][0]["kind"] == "offer"


@pytest.mark.parametrize(("script", "needle"), [
    (HEADER.replace("token=darth-vader", "token=millennium-falcon") + "roll luke 1 2\n", "setup/token"),
    ("variant standard\nplayer luke\nplayer vader\n", "must name its edition"),
    ("edition no-such-edition\nplayer luke\nplayer vader\n", "no edition 'no-such-edition'"),
    (HEADER.replace("variant standard", "variant marathon"), "setup/variant"),
    (HEADER + "roll luke 1 2\nfly luke\n", "line 6: unknown command 'fly'"),
    ("edition original-trilogy\nseed lots\n", "the seed is a whole number"),
    ("edition original-trilogy\nseed \u00b2\n", "the seed is a whole number"),  # a digit to isdigit(), not to int()
    (HEADER.replace("variant standard", "variant standard\nends-at 21:30"), "setup/ends-at"),  # OT-TIME-1
    ("edition original-trilogy\nplayer luke colour=red\n", "name=..., token=..., side=..., board=... or dealt=..."),
])
def test_bad_input_exits_1(write: Callable[..., Path], script: str, needle: str) -> None:
    """OT-SETUP-1, OT-SETUP-3, OT-EDITION-5, OT-TIME-1: a set-up the table cannot play (an unknown token,
    edition or variant, an unreadable line, an end time for a game that does not end on time) exits 1 with the
    problem on stderr and no JSON."""
    result = companion("script", str(write(script)))
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert needle in result.stderr
    assert result.stdout == ""


def test_missing_file_exits_1(tmp_path: Path) -> None:
    """OT-SETUP-1: a script that is not there is bad input, not a crash."""
    result = companion("script", str(tmp_path / "missing.txt"))
    assert result.returncode == 1
    assert "error:" in result.stderr


def test_journal_ack_and_games_commands(write: Callable[..., Path], tmp_path: Path) -> None:
    """OT-BUY-1, OT-BUY-3: with --journal and --ack each committed command prints 'ack LINE'; the saved game
    is listed, exported as JSON lines, audited, and deleted."""
    db = tmp_path / "games.sqlite3"
    result = companion("script", str(write(OPENING)), "--journal", str(db), "--game", "night1", "--ack")
    assert result.returncode == 0, result.stderr
    acks = [line for line in result.stdout.splitlines() if line.startswith("ack ")]
    assert acks == [f"ack {n}" for n in range(5, 12)]  # the 7 command lines are lines 5..11
    json.loads(result.stdout[result.stdout.index("{"):])

    listed = companion("games", "list", "--journal", str(db))
    assert listed.returncode == 0
    (line,) = listed.stdout.splitlines()
    assert line.startswith("night1") and "Luke, Darth Vader" in line and "8 entries" in line
    assert "last: pass vader" in line

    exported = companion("games", "export", "night1", "--journal", str(db))
    assert exported.returncode == 0
    rows = [json.loads(x) for x in exported.stdout.splitlines()]
    assert rows[0]["type"] == "game" and rows[0]["edition_id"] == "original-trilogy"
    assert [r["command"] for r in rows[1:]][:3] == ["start", "roll luke 1 2", "buy luke"]
    assert len(rows) == 9  # header + 8 entries

    # Running the same script again resumes the saved game: nothing is played twice.
    again = companion("script", str(write(OPENING)), "--journal", str(db), "--game", "night1", "--ack")
    assert again.returncode == 0
    assert not [x for x in again.stdout.splitlines() if x.startswith("ack ")]
    assert json.loads(again.stdout)["entries"] == 8

    undo = write(OPENING + "undo 1 'Vader did not pass'\n", "undo.txt")
    assert companion("script", str(undo), "--journal", str(db), "--game", "night1").returncode == 0
    audit = companion("games", "audit", "night1", "--journal", str(db))
    assert audit.returncode == 0
    lines = audit.stdout.splitlines()
    assert lines[0].split() == ["#0", "start"]
    assert "pass vader" in lines[7] and "[taken back by #8]" in lines[7]
    assert "Vader did not pass" in lines[8] and "(takes back #7)" in lines[8]

    assert companion("games", "delete", "night1", "--journal", str(db)).returncode == 0
    assert companion("games", "list", "--journal", str(db)).stdout == ""
    gone = companion("games", "delete", "night1", "--journal", str(db))
    assert gone.returncode == 1 and "no saved game 'night1'" in gone.stderr
    assert companion("games", "export", "night1", "--journal", str(db)).returncode == 1
    needs_id = companion("games", "audit", "--journal", str(db))
    assert needs_id.returncode == 1 and "needs a game id" in needs_id.stderr


def test_resuming_a_different_script_is_refused(write: Callable[..., Path], tmp_path: Path) -> None:
    """OT-TURN-3: a saved game only continues with the script it was played from."""
    db = tmp_path / "games.sqlite3"
    assert companion("script", str(write(OPENING)), "--journal", str(db), "--game", "g").returncode == 0
    other = write(HEADER + "roll luke 2 2\n", "other.txt")
    result = companion("script", str(other), "--journal", str(db), "--game", "g")
    assert result.returncode == 1
    assert "does not follow this script" in result.stderr
