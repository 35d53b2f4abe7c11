"""The layers point one way and an edition is a list of mechanics: the engine imports nothing above it, no code
outside the rules asks which rules a game has, and every verb and decision kind a mechanic declares reaches the
table."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

import companion.rules as rules_package
from companion.edition import load_edition
from companion.engine.commands import GRAMMAR
from companion.engine.events import Event
from companion.paths import editions_dir
from companion.rules import MECHANICS, compose, mechanics_of
from companion.rules.core import Rules
from companion.table.presenters import PRESENTERS, composed

PACKAGE = Path(rules_package.__file__).resolve().parent.parent
ENGINE_MAY_IMPORT = ("companion.engine", "companion.edition", "companion.dice")
"""The engine folds events over a state; it may read edition data and dice, nothing else of the package."""
QUIET_SPACES = {"go", "jail", "free-parking", "unknown"}
"""Spaces where stopping does nothing in some edition (GO pays as it is passed, by the move itself), and a space
whose kind the box has not told yet (play asks for it when a token stops there)."""


def imports_of(path: Path) -> list[str]:
    """Every module a source file imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
    return found


def sources(*parts: str) -> list[Path]:
    return sorted(p for part in parts for p in (PACKAGE / part).rglob("*.py"))


def test_the_engine_imports_nothing_above_it() -> None:
    """The engine knows no ruleset, no box, no table, screen, storage or device code."""
    wrong = [(p.name, m) for p in sources("engine") for m in imports_of(p)
             if m.startswith("companion") and not m.startswith(ENGINE_MAY_IMPORT)]
    assert wrong == []


def test_the_rules_import_no_table_screen_storage_or_device_code() -> None:
    wrong = [(p.name, m) for p in sources("rules") for m in imports_of(p)
             if m.startswith(("companion.table", "companion.ui", "companion.web", "companion.storage",
                              "companion.devices", "companion.script", "companion.kiosk", "companion.cli"))]
    assert wrong == []


def test_no_code_outside_the_rules_asks_which_rules_a_game_has() -> None:
    """A screen asks the rules for figures (``rules_of``, ``mechanic``); it never tests a game's rules against a
    class, nor builds rules itself."""
    outside = [p for p in PACKAGE.rglob("*.py") if "rules" not in p.relative_to(PACKAGE).parts[:1]]
    pattern = re.compile(r"isinstance\([^)]*\brules\b|\bcompose\(|SAVED_RULESETS|\bMECHANICS\b")
    wrong = [(p.name, line.strip()) for p in outside for line in p.read_text(encoding="utf-8").splitlines()
             if pattern.search(line)]
    assert wrong == []


@pytest.mark.parametrize("name", sorted(MECHANICS))
def test_a_mechanic_carries_out_every_verb_it_declares(name: str) -> None:
    """Each verb a mechanic adds to the notation is checked and carried out by it (``check_`` and ``do_``)."""
    cls = MECHANICS[name]
    for verb in cls.__dict__.get("verbs", {}):
        method = verb.replace("-", "_")
        assert hasattr(cls, "check_" + method) and hasattr(cls, "do_" + method), verb


def test_every_verb_belongs_to_a_mechanic() -> None:
    """The notation's verbs are the journal's ``undo`` and the mechanics' own."""
    declared = {v for cls in (Rules, *MECHANICS.values()) for v in cls.verbs}
    assert set(GRAMMAR) == declared | {"undo"}


def issued_verbs() -> set[str]:
    """The verbs the table layer, the screens and the phones build commands with."""
    words: set[str] = set()
    for path in sources("table", "ui", "web"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            text = ""
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                text = str(node.values[0].value)
            first = text.split(" ", 1)[0]
            if first in GRAMMAR and (" " in text or isinstance(node, ast.JoinedStr) or GRAMMAR[first][0] == ()):
                words.add(first)
    return words


def test_every_verb_can_be_issued_at_the_table() -> None:
    """A verb with no button, form or dialog that builds it would be a rule the family cannot use."""
    assert set(GRAMMAR) - issued_verbs() == set()


def test_every_mechanic_has_a_presenter_for_exactly_its_decisions() -> None:
    """Each mechanic has its presenter in the table layer, under its name; the presenter shows (words and
    buttons) every decision kind the mechanic opens, and no other."""
    assert set(PRESENTERS) == set(MECHANICS)
    for name, cls in MECHANICS.items():
        assert set(PRESENTERS[name].decisions) == set(cls.__dict__.get("decision_kinds", ())), name


def emitted_events(path: Path) -> set[str]:
    """The event classes a rules module builds."""
    names = {cls.__name__ for cls in all_subclasses(Event)}
    return {node.func.id for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names}


def all_subclasses(cls: type) -> set[type]:
    return {c for sub in cls.__subclasses__() for c in (sub, *all_subclasses(sub))}


EDITIONS = sorted(p.name for p in editions_dir().iterdir() if (p / "edition.toml").exists())


@pytest.mark.parametrize("folder", EDITIONS)
def test_an_edition_is_its_list_of_mechanics(folder: str) -> None:
    """The edition's data names its mechanics; the composed rules know exactly their verbs and resolve every
    kind of space on the board (or leave it quiet)."""
    edition = load_edition(editions_dir() / folder)
    names = mechanics_of(edition)
    assert edition.mechanics == names
    cls = compose(names)
    mro = [c for c in cls.__mro__ if issubclass(c, Rules)]
    verbs = {v for c in mro for v in c.__dict__.get("verbs", {})}
    assert {v for v in GRAMMAR if hasattr(cls, "check_" + v.replace("-", "_"))} == verbs
    kinds = {"deed" if s.is_deed else s.kind for s in edition.spaces}
    assert kinds - set(cls.landing_table) <= QUIET_SPACES


def test_a_roll_asks_each_mechanic_that_asks_for_rolls_the_last_listed_first() -> None:
    """The rolls that are not the move are each mechanic's own (no ``super()`` chain): the composer lists them in
    the order a ``super()`` chain would call them, and refuses a mechanic that defines only half of the pair."""
    classic = compose(mechanics_of(load_edition(editions_dir() / "original-trilogy")))
    assert [f.__qualname__ for pair in classic.roll_askers for f in pair] == [
        "Deeds.asked_roll_problems", "Deeds.asked_roll"]
    mando = compose(mechanics_of(load_edition(editions_dir() / "mandalorian")))
    assert [problems.__qualname__.split(".")[0] for problems, _ in mando.roll_askers] == [
        "Battles", "Enemies", "Deeds"]


def test_a_mechanic_asking_for_rolls_defines_both_halves(monkeypatch: pytest.MonkeyPatch) -> None:
    class Half(Rules):
        def asked_roll_problems(self, s: object, player: str) -> None:
            return None

    monkeypatch.setitem(MECHANICS, "half", Half)
    with pytest.raises(TypeError, match="Half must define both"):
        compose.__wrapped__(("turns", "half"))


@pytest.mark.parametrize("folder", EDITIONS)
def test_every_event_and_decision_an_edition_can_make_has_words_at_its_table(folder: str) -> None:
    """Each decision kind the edition's mechanics open (those they bring along included) and each event they, or
    the rules every game shares, can make has its line in the presenter of that edition's table (an empty line
    for bookkeeping is a choice made there)."""
    names = mechanics_of(load_edition(editions_dir() / folder))
    decisions = {k for c in compose(names).__mro__ for k in c.__dict__.get("decision_kinds", ())}
    assert decisions <= set(composed(compose(names).every_mechanic).decisions)
    classes = [c for c in compose(names).__mro__[1:] if issubclass(c, Rules)]
    made = set().union(*(emitted_events(Path(inspect.getfile(c))) for c in classes))
    shown = {cls.__name__ for cls in composed(compose(names).every_mechanic).events} | {"DecisionOpened"}  # by kind
    assert made - shown == set()


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_two_modules_import_each_other() -> None:
    """No circle in the imports, counting those made only for type checking: each layer and each screen can be
    read (and loaded) on its own."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {name: {m for m in imports_of(path) if m in modules and m != name} for name, path in modules.items()}
    circles = []
    for start in sorted(graph):
        stack, seen = [(start, [start])], set()
        while stack:
            node, path = stack.pop()
            for nxt in graph[node]:
                if nxt == start:
                    circles.append(" -> ".join([*path, start]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    assert circles == []


def test_every_screen_lays_out_in_its_own_kv_file() -> None:
    """Each screen's layout is a rule ``<ClassName>:`` in the .kv file beside its module (Kivy's convention), which
    the module loads; the class keeps the behaviour."""
    screens = PACKAGE / "ui" / "screens"
    missing = []
    for module in sorted(screens.glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        classes = [node.name for node in tree.body if isinstance(node, ast.ClassDef)
                   and node.name.endswith("Screen") and node.name != "CompanionScreen"]
        kv = module.with_suffix(".kv")
        rules = kv.read_text(encoding="utf-8") if kv.exists() else ""
        missing += [f"{module.name}: {name}" for name in classes if f"<{name}>:" not in rules]
        if classes and "load_layout(__file__)" not in module.read_text(encoding="utf-8"):
            missing.append(f"{module.name} does not load its layout")
    assert missing == []
