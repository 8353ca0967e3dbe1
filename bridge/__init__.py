"""mtgasp: a declarative Magic: The Gathering rules engine.

The Comprehensive Rules live in answer-set programs (``mtgasp.rules_asp``), card behaviour comes
from parsed Oracle text (``mtgasp.parser``), and this package is the thin bridge that loads
cards and game states, asks clingo for every legal outcome and explains each by CR number.

>>> from mtgasp import Engine, loads_state
>>> state = loads_state("players: [alice, bob]\\nbattlefield:\\n  - {id: pool, card: Reflecting Pool, controller: alice}\\n")
>>> Engine().could_produce(state, "pool").types   # CR 106.7: nothing to reflect
()

The names below are imported from their modules when first used (PEP 562), not when the package
is: a command line that needs none of them (``mtgasp corpus``, ``mtgasp --help``) does not pay
for the engine, the game-state models and pydantic (issue 12).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: each public name → the module (of this package) that defines it
_EXPORTS = {
    "Card": "cards",
    "CardDatabase": "cards",
    "EngineError": "errors",
    "IllegalActionError": "errors",
    "InvalidStateError": "errors",
    "QueryTooLargeError": "errors",
    "UnknownCardError": "errors",
    "UnknownObjectError": "errors",
    "AbilityReport": "queries",
    "CouldProduce": "queries",
    "Engine": "queries",
    "Pool": "queries",
    "PoolsResult": "queries",
    "TapOutcome": "queries",
    "TapResult": "queries",
    "GameState": "state",
    "load_state": "state",
    "loads_state": "state",
    "AbilityRef": "terms",
    "Mana": "terms",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # once: later uses find it without this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


if TYPE_CHECKING:  # for type checkers and editors: the same names, imported eagerly
    from .cards import Card, CardDatabase
    from .errors import (
        EngineError,
        IllegalActionError,
        InvalidStateError,
        QueryTooLargeError,
        UnknownCardError,
        UnknownObjectError,
    )
    from .queries import AbilityReport, CouldProduce, Engine, Pool, PoolsResult, TapOutcome, TapResult
    from .state import GameState, load_state, loads_state
    from .terms import AbilityRef, Mana
