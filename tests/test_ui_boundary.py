"""The screens decide no rule: the UI imports the engine's commands and state (through the table layer), never
the rulesets, the ledger or the events, and holds no rent, price, worth or legality arithmetic.

Architecture guard: a screen that needs a figure or a yes/no gets it from companion.table (worked out by the
engine), so every rule lives in exactly one place.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "companion" / "ui"

ALLOWED = ("kivy", "companion.table", "companion.ui", "companion.devices", "companion.engine.commands",
           "companion.engine.state", "companion.engine.errors", "companion.edition", "companion.paths",
           "companion.storage.journal", "companion.box.fields", "companion.memory")
# Attributes that hold rule figures or reach into the engine's machinery.
FORBIDDEN_ATTRIBUTES = {"validate", "rules", "ledger", "price", "rent", "mortgage", "build_cost", "dice_multiplier",
                        "interest", "sellback", "houses_before_hotel", "docking_flat", "docking_worth_percent",
                        "starting_cash", "go_salary", "jail_fine", "final_worth", "worth_parts", "raisable"}
# Arithmetic on a value whose name says it is money is a rule in disguise (bids, rent, worth, cash...).
MONEY_WORDS = ("cash", "bid", "worth", "price", "rent", "amount", "credit", "mortgage", "cost", "fine", "salary")
ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)


def problems_in(source: str, name: str) -> list[str]:
    """Every boundary breach in one module's source."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom | ast.Import):
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            for module in modules:
                top = module.split(".")[0]
                if top in sys.stdlib_module_names or top == "__future__":
                    continue
                if not any(module == a or module.startswith(a + ".") for a in ALLOWED):
                    found.append(f"{name}:{node.lineno} imports {module}")
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_ATTRIBUTES:
            found.append(f"{name}:{node.lineno} reads .{node.attr}")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ARITHMETIC):
            words = [n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node)
                     if isinstance(n, ast.Name | ast.Attribute)]
            money = [w for w in words if any(m in w.lower() for m in MONEY_WORDS)]
            if money:
                found.append(f"{name}:{node.lineno} does arithmetic on {', '.join(money)}")
    return found


def ui_modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def test_the_ui_decides_no_rule() -> None:
    assert len(ui_modules()) >= 10, "the UI package was not found"
    problems = [p for path in ui_modules()
                for p in problems_in(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert problems == []


def test_nothing_below_the_ui_imports_it() -> None:
    """The engine, rulesets, storage and table layer never import the screens (only the launcher does)."""
    for path in sorted((ROOT / "companion").rglob("*.py")):
        if UI in path.parents or path.name == "cli.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion.ui"):
                pytest.fail(f"{path.relative_to(ROOT)} imports {node.module}")


# Each hardware library is imported by its one adapter module only; Kivy by the UI only.
LIBRARY_HOMES = {"kivy": "companion/ui/", "gpiozero": "companion/devices/gpio.py",
                 "serial": "companion/devices/serial_dice.py"}


def test_hardware_libraries_stay_in_their_adapters() -> None:
    """The engine, rulesets, table layer and dice desk run without Kivy, gpiozero or pyserial installed."""
    found = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom | ast.Import):
                modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
                for module in modules:
                    home = LIBRARY_HOMES.get(module.split(".")[0])
                    if home and not where.startswith(home):
                        found.append(f"{where}:{node.lineno} imports {module}")
    assert found == []


@pytest.mark.parametrize("source, breach", [
    ("from companion.rules.classic import ClassicRules", "imports companion.rules.classic"),
    ("from companion.engine.ledger import BANK", "imports companion.engine.ledger"),
    ("x = deed.price", "reads .price"),
    ("ok = game.validate(cmd)", "reads .validate"),
    ("next_bid = view.high_bid + 10", "does arithmetic on high_bid"),
    ("left = player.cash - cost", "does arithmetic on cash, cost"),
])
def test_the_guard_catches_a_rule_in_a_screen(source: str, breach: str) -> None:
    assert [p.split(" ", 1)[1] for p in problems_in(source, "screen.py")] == [breach]


def test_layout_arithmetic_is_fine() -> None:
    assert problems_in("width = dp(48) * 2 + panel.width / 3", "screen.py") == []
