"""The rule catalogues docs/rules/*.md against the test suite.

Documentation guard (no rule): for each catalogue, every ``file::function`` it names exists, the ``status``
column agrees with the ``tests`` column, rule ids are unique and carry the catalogue's prefix, every rule id of
that prefix a test docstring names is in the catalogue, and the coverage line at the top matches the tables.
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
RULES = ROOT / "docs" / "rules"

# Each catalogue under docs/rules: its rule-id prefix, and the fewest rules its book has (a guard against tables
# that are no longer read).
CATALOGUES: dict[str, tuple[str, int]] = {
    "original-trilogy.md": ("OT", 100),
    "boba-fett.md": ("BF", 80),
    "mandalorian.md": ("MA", 60),
    "star-wars-2015.md": ("SW", 45),
    "monopoly-go.md": ("GO", 40),
}
HEADER = ("id", "rule (our words)", "tests", "status")
NO_TESTS = "—"
STATUSES = ("tested", "open")
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


def prefix(doc: str) -> str:
    """The rule-id prefix of a catalogue (``OT`` for original-trilogy.md)."""
    return CATALOGUES[doc][0]


def rule_id(doc: str) -> re.Pattern[str]:
    """A whole rule id of the catalogue, e.g. ``OT-BUY-1``."""
    return re.compile(rf"^{prefix(doc)}-[A-Z]+-[1-9]\d*$")


def mention(pfx: str) -> re.Pattern[str]:
    """Rule ids with a prefix in running text: "OT-BUY-1", and the shorthands "OT-RENT-6/7" (6 and 7) and
    "OT-SHORT-1..8" (1 to 8)."""
    return re.compile(rf"\b{pfx}-([A-Z]+)-(\d+)((?:/\d+)*)(?:\.\.(\d+))?")


def text_of(doc: str) -> str:
    """The Markdown of a catalogue."""
    return (RULES / doc).read_text(encoding="utf-8")


@cache
def rows(doc: str) -> tuple[Row, ...]:
    """Every row of every rule table of a catalogue (the tables whose header is ``HEADER``)."""
    found: list[Row] = []
    in_table = False
    for number, line in enumerate(text_of(doc).splitlines(), start=1):
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


def mentioned_ids(text: str, pfx: str) -> set[str]:
    """The rule ids with prefix ``pfx`` a piece of text names, with the shorthands spelt out."""
    ids: set[str] = set()
    for section, first, more, last in mention(pfx).findall(text):
        numbers = [int(first), *(int(n) for n in more.split("/") if n)]
        if last:
            numbers += range(int(first), int(last) + 1)
        ids |= {f"{pfx}-{section}-{n}" for n in numbers}
    return ids


@cache
def docstrings() -> tuple[tuple[str, str], ...]:
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
    return tuple(found)


EACH = pytest.mark.parametrize("doc", sorted(CATALOGUES))


def test_every_catalogue_has_a_prefix() -> None:
    """Documentation guard (no rule): each Markdown file under docs/rules is a catalogue with its own prefix."""
    assert sorted(p.name for p in RULES.glob("*.md")) == sorted(CATALOGUES)
    prefixes = [pfx for pfx, _ in CATALOGUES.values()]
    assert len(set(prefixes)) == len(prefixes)


@EACH
def test_the_catalogue_has_rule_tables(doc: str) -> None:
    """Documentation guard (no rule): the rule tables are found and every id looks like a rule id of the
    catalogue."""
    assert len(rows(doc)) >= CATALOGUES[doc][1]
    bad = [f"line {r.line}: {r.id!r}" for r in rows(doc) if not rule_id(doc).match(r.id)]
    assert bad == []


@EACH
def test_rule_ids_are_unique(doc: str) -> None:
    """Documentation guard (no rule): no rule id appears in two rows."""
    seen: dict[str, int] = {}
    twice = []
    for r in rows(doc):
        if r.id in seen:
            twice.append(f"{r.id} on lines {seen[r.id]} and {r.line}")
        seen.setdefault(r.id, r.line)
    assert twice == []


@EACH
def test_every_reference_is_an_existing_test(doc: str) -> None:
    """Documentation guard (no rule): each ``file::function`` is a file under tests/ defining that test."""
    missing = []
    for r in rows(doc):
        for ref in r.tests:
            file, *names = ref.split("::")
            path = TESTS / file
            if not path.is_file():
                missing.append(f"{r.id}: {ref} (no file tests/{file})")
            elif tuple(names) not in definitions(path) or not names[-1].startswith("test"):
                missing.append(f"{r.id}: {ref} (no test function {'::'.join(names)} in tests/{file})")
    assert missing == []


@EACH
def test_each_referenced_test_names_its_rule(doc: str) -> None:
    """Documentation guard (no rule): a test listed for a rule names that rule's id in its docstring."""
    unnamed = []
    for r in rows(doc):
        for ref in r.tests:
            file, *names = ref.split("::")
            path = TESTS / file
            found = definitions(path).get(tuple(names)) if path.is_file() else None
            if found is not None and r.id not in mentioned_ids(found, prefix(doc)):
                unnamed.append(f"{r.id}: the docstring of {ref} does not name it")
    assert unnamed == []


@EACH
def test_status_agrees_with_the_tests_column(doc: str) -> None:
    """Documentation guard (no rule): ``tested`` rows name a test; rows naming a test are ``tested``."""
    wrong = []
    for r in rows(doc):
        if r.status not in STATUSES:
            wrong.append(f"{r.id}: status {r.status!r} is not one of {STATUSES}")
        elif r.status == "tested" and not r.tests:
            wrong.append(f"{r.id}: 'tested' but no test is named")
        elif r.status == "open" and r.tests:
            wrong.append(f"{r.id}: tests are named but the status is 'open'")
    assert wrong == []


@EACH
def test_every_rule_id_in_a_test_docstring_is_in_the_catalogue(doc: str) -> None:
    """Documentation guard (no rule): a docstring under tests/ never names a rule id of the catalogue's prefix
    that the catalogue lacks."""
    known = {r.id for r in rows(doc)}
    unknown = sorted(f"{where}: {rid}" for where, text in docstrings()
                     for rid in mentioned_ids(text, prefix(doc)) - known)
    assert unknown == []


@EACH
def test_the_coverage_line_matches_the_tables(doc: str) -> None:
    """Documentation guard (no rule): the coverage line at the top counts the tested and open rows right."""
    lines = COVERAGE.findall(text_of(doc))
    assert len(lines) == 1, "the catalogue needs exactly one '**Coverage:** N rules tested, M open.' line"
    tested, open_ = (int(n) for n in lines[0])
    statuses = [r.status for r in rows(doc)]
    assert (tested, open_) == (statuses.count("tested"), statuses.count("open"))


@pytest.mark.parametrize(("text", "pfx", "ids"), [
    ("OT-BUY-1", "OT", {"OT-BUY-1"}),
    ("OT-RENT-6/7, OT-JAIL-1/5/7", "OT", {"OT-RENT-6", "OT-RENT-7", "OT-JAIL-1", "OT-JAIL-5", "OT-JAIL-7"}),
    ("(OT-SHORT-1..3)", "OT", {"OT-SHORT-1", "OT-SHORT-2", "OT-SHORT-3"}),
    ("OT-TURN-10 is not OT-TURN-1", "OT", {"OT-TURN-10", "OT-TURN-1"}),
    ("OT-JAIL-* and no id", "OT", set()),
    ("BF-SIGIL-1..2, BF-RENT-4/5 and OT-BUY-1", "BF", {"BF-SIGIL-1", "BF-SIGIL-2", "BF-RENT-4", "BF-RENT-5"}),
    ("BF-SIGIL-1 and OT-BUY-1", "OT", {"OT-BUY-1"}),
    ("XBF-SIGIL-1", "BF", set()),
])
def test_mentions_are_read_with_their_shorthands(text: str, pfx: str, ids: set[str]) -> None:
    """The id reader keeps to one prefix, spells out ``/`` and ``..`` shorthands and does not cut a longer
    number short."""
    assert mentioned_ids(text, pfx) == ids
