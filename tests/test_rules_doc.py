"""The rule catalogue docs/rules/original-trilogy.md against the test suite.

Documentation guard (no rule): every ``file::function`` the catalogue names exists, the ``status`` column
agrees with the ``tests`` column, rule ids are unique, every rule id a test docstring names is in the
catalogue, and the coverage line at the top matches the tables.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
DOC = ROOT / "docs" / "rules" / "original-trilogy.md"

HEADER = ("id", "rule (our words)", "tests", "status")
NO_TESTS = "—"
STATUSES = ("tested", "open")
RULE_ID = re.compile(r"^OT-[A-Z]+-[1-9]\d*$")
# "OT-BUY-1", and the shorthands "OT-RENT-6/7" (6 and 7) and "OT-SHORT-1..8" (1 to 8).
MENTION = re.compile(r"\bOT-([A-Z]+)-(\d+)((?:/\d+)*)(?:\.\.(\d+))?")
REFERENCE = re.compile(r"`([^`\s]+\.py(?:::\w+)+)`")
REFERENCES = re.compile(rf"{REFERENCE.pattern}(?:, {REFERENCE.pattern})*")
COVERAGE = re.compile(r"^\*\*Coverage:\*\* (\d+) rules tested, (\d+) open\.$", re.MULTILINE)


@dataclass(frozen=True)
class Row:
    line: int
    id: str
    rule: str
    tests: tuple[str, ...]
    status: str


def cells(line: str) -> list[str]:
    """The cells of one Markdown table line."""
    return [c.strip() for c in line.strip().strip("|").split("|")]


@cache
def rows() -> tuple[Row, ...]:
    """Every row of every rule table (the tables whose header is ``HEADER``)."""
    found: list[Row] = []
    in_table = False
    for number, line in enumerate(DOC.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.startswith("|"):
            in_table = False
            continue
        row = cells(line)
        if tuple(row) == HEADER:
            in_table = True
            continue
        if not in_table or set(line) <= set("|- "):
            continue
        assert len(row) == len(HEADER), f"line {number}: {len(row)} cells, not {len(HEADER)}: {line}"
        rid, rule, tests, status = row
        if tests == NO_TESTS:
            refs: tuple[str, ...] = ()
        else:
            assert REFERENCES.fullmatch(tests), (
                f"line {number} ({rid}): the tests cell must be {NO_TESTS} or `file::function` references "
                f"separated by ', ', not: {tests}")
            refs = tuple(REFERENCE.findall(tests))
        found.append(Row(number, rid, rule, refs, status))
    return tuple(found)


@cache
def definitions(path: Path) -> dict[tuple[str, ...], str]:
    """Every function and class in a test file, by its ``::`` path, with its docstring."""
    found: dict[tuple[str, ...], str] = {}

    def walk(nodes: list[ast.stmt], prefix: tuple[str, ...]) -> None:
        for node in nodes:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found[(*prefix, node.name)] = ast.get_docstring(node) or ""
                if isinstance(node, ast.ClassDef):
                    walk(node.body, (*prefix, node.name))

    walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)).body, ())
    return found


def mentioned_ids(text: str) -> set[str]:
    """The rule ids a piece of text names, with the shorthands spelt out."""
    ids: set[str] = set()
    for section, first, more, last in MENTION.findall(text):
        numbers = [int(first), *(int(n) for n in more.split("/") if n)]
        if last:
            numbers += range(int(first), int(last) + 1)
        ids |= {f"OT-{section}-{n}" for n in numbers}
    return ids


def docstrings() -> list[tuple[str, str]]:
    """Every docstring under tests/ (modules, classes and functions), with where it is."""
    found: list[tuple[str, str]] = []
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = path.relative_to(TESTS).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node)
                if doc:
                    found.append((f"{where}::{getattr(node, 'name', '<module>')}", doc))
    return found


def test_the_catalogue_has_rule_tables() -> None:
    """Documentation guard (no rule): the rule tables are found and every id looks like a rule id."""
    assert len(rows()) > 100
    bad = [f"line {r.line}: {r.id!r}" for r in rows() if not RULE_ID.match(r.id)]
    assert bad == []


def test_rule_ids_are_unique() -> None:
    """Documentation guard (no rule): no rule id appears in two rows."""
    seen: dict[str, int] = {}
    twice = []
    for r in rows():
        if r.id in seen:
            twice.append(f"{r.id} on lines {seen[r.id]} and {r.line}")
        seen.setdefault(r.id, r.line)
    assert twice == []


def test_every_reference_is_an_existing_test() -> None:
    """Documentation guard (no rule): each ``file::function`` is a file under tests/ defining that test."""
    missing = []
    for r in rows():
        for ref in r.tests:
            file, *names = ref.split("::")
            path = TESTS / file
            if not path.is_file():
                missing.append(f"{r.id}: {ref} (no file tests/{file})")
            elif tuple(names) not in definitions(path) or not names[-1].startswith("test"):
                missing.append(f"{r.id}: {ref} (no test function {'::'.join(names)} in tests/{file})")
    assert missing == []


def test_each_referenced_test_names_its_rule() -> None:
    """Documentation guard (no rule): a test listed for a rule names that rule's id in its docstring."""
    unnamed = []
    for r in rows():
        for ref in r.tests:
            file, *names = ref.split("::")
            path = TESTS / file
            doc = definitions(path).get(tuple(names)) if path.is_file() else None
            if doc is not None and r.id not in mentioned_ids(doc):
                unnamed.append(f"{r.id}: the docstring of {ref} does not name it")
    assert unnamed == []


def test_status_agrees_with_the_tests_column() -> None:
    """Documentation guard (no rule): ``tested`` rows name a test; rows naming a test are ``tested``."""
    wrong = []
    for r in rows():
        if r.status not in STATUSES:
            wrong.append(f"{r.id}: status {r.status!r} is not one of {STATUSES}")
        elif r.status == "tested" and not r.tests:
            wrong.append(f"{r.id}: 'tested' but no test is named")
        elif r.status == "open" and r.tests:
            wrong.append(f"{r.id}: tests are named but the status is 'open'")
    assert wrong == []


def test_every_rule_id_in_a_test_docstring_is_in_the_catalogue() -> None:
    """Documentation guard (no rule): a docstring under tests/ never names a rule id the catalogue lacks."""
    known = {r.id for r in rows()}
    unknown = sorted(f"{where}: {rid}" for where, doc in docstrings() for rid in mentioned_ids(doc) - known)
    assert unknown == []


def test_the_coverage_line_matches_the_tables() -> None:
    """Documentation guard (no rule): the coverage line at the top counts the tested and open rows right."""
    lines = COVERAGE.findall(DOC.read_text(encoding="utf-8"))
    assert len(lines) == 1, "the catalogue needs exactly one '**Coverage:** N rules tested, M open.' line"
    tested, open_ = (int(n) for n in lines[0])
    statuses = [r.status for r in rows()]
    assert (tested, open_) == (statuses.count("tested"), statuses.count("open"))


@pytest.mark.parametrize(("text", "ids"), [
    ("OT-BUY-1", {"OT-BUY-1"}),
    ("OT-RENT-6/7, OT-JAIL-1/5/7", {"OT-RENT-6", "OT-RENT-7", "OT-JAIL-1", "OT-JAIL-5", "OT-JAIL-7"}),
    ("(OT-SHORT-1..3)", {"OT-SHORT-1", "OT-SHORT-2", "OT-SHORT-3"}),
    ("OT-TURN-10 is not OT-TURN-1", {"OT-TURN-10", "OT-TURN-1"}),
    ("OT-JAIL-* and no id", set()),
])
def test_mentions_are_read_with_their_shorthands(text: str, ids: set[str]) -> None:
    """The id reader spells out ``/`` and ``..`` shorthands and does not cut a longer number short."""
    assert mentioned_ids(text) == ids
