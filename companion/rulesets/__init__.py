"""Edition mechanics. Each edition's data names its ruleset; :func:`find_ruleset` picks the class."""

from __future__ import annotations

from companion.rulesets.base import Ruleset
from companion.rulesets.classic import ClassicRules
from companion.rulesets.mandalorian import MandalorianRules

RULESETS: dict[str, type[Ruleset]] = {"classic": ClassicRules, "mandalorian": MandalorianRules}


def find_ruleset(name: str) -> type[Ruleset]:
    """The ruleset class an edition asks for."""
    try:
        return RULESETS[name]
    except KeyError:
        raise KeyError(f"no ruleset called {name!r}; known: {', '.join(RULESETS)}") from None
