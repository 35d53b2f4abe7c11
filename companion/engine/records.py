"""Quick construction of the engine's frozen records (events, postings, transactions, commands).

Every command builds several records (its events, their postings), and a long game keeps them all in its
journal. They are declared ``@dataclass(frozen=True, slots=True)``: equal when their fields are equal, hashable,
and frozen for the type checker, so mypy (strict for the engine and the rules, run by the test command) refuses
any assignment to a field anywhere in the package.

A frozen dataclass also refuses assignment at run time, through a ``__setattr__`` that raises; its ``__init__``
then has to go round its own refusal, and Python cannot take its quick path for setting a slot on such a class.
That made building a record about twice the cost of a plain slotted object, several per command.
:func:`quick_init` keeps the declaration (and so the type checker's refusal, equality and hashing) but gives the
class a plain ``__init__`` with the same parameters and defaults, and takes the run-time refusal away. Nothing in
the package assigns a record's field; the engine's tests check that each record class stays declared frozen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from functools import lru_cache
from typing import Any, ParamSpec, TypeVar, cast

T = TypeVar("T")
P = ParamSpec("P")

_FACTORY = object()
"""Stands for "not given" where a field's default is made by a factory (a fresh ``dict`` for each record)."""


def quick_init(cls: type[T]) -> type[T]:
    """Give a frozen, slotted dataclass the quick ``__init__`` and take its run-time refusal of assignment away
    (see the module's words; apply it on top of ``@dataclass``). A class whose construction does more than fill its
    fields (``__post_init__``, keyword-only or non-init fields) is refused."""
    params = getattr(cls, "__dataclass_params__", None)
    if not is_dataclass(cls) or params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen, slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__: keep the dataclass's own __init__")
    env: dict[str, Any] = {"_FACTORY": _FACTORY}
    signature, body = ["self"], []
    for f in fields(cls):
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name} is not an ordinary field")
        if f.default is not MISSING:
            env[f"_default_{f.name}"] = f.default
            signature.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not MISSING:
            env[f"_factory_{f.name}"] = f.default_factory
            signature.append(f"{f.name}=_FACTORY")
            body.append(f"    if {f.name} is _FACTORY:\n        {f.name} = _factory_{f.name}()")
        else:
            signature.append(f.name)
        body.append(f"    self.{f.name} = {f.name}")
    source = f"def __init__({', '.join(signature)}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, env)  # the dataclasses module builds its __init__ the same way
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010  # mypy refuses assigning a method
    del cls.__setattr__, cls.__delattr__  # the frozen dataclass's run-time refusal (the declaration stays)
    return cls


def interned(make: Callable[P, T]) -> Callable[P, T]:
    """A constructor of frozen records that gives back the record it already made with the same values (of the
    same types), instead of a new one. For the records a game makes over and over (the same token moves, the same
    dice): they cost nothing to make again and are kept once, however many journal entries hold them."""
    return cast(Callable[P, T], lru_cache(maxsize=4096, typed=True)(make))
