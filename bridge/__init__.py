"""mtgasp: a declarative Magic: The Gathering rules engine.

The Comprehensive Rules live in answer-set programs (``mtgasp.rules_asp``), card behaviour comes
from parsed Oracle text (``mtgasp.parser``), and this package is the thin bridge that loads
cards and game states, asks clingo for every legal outcome and explains each by CR number.

>>> from mtgasp import Engine, loads_state
>>> state = loads_state("players: [alice, bob]\\nbattlefield:\\n  - {id: pool, card: Reflecting Pool, controller: alice}\\n")
>>> Engine().could_produce(state, "pool").types   # CR 106.7: nothing to reflect
()
"""

from __future__ import annotations

__version__ = "0.1.0"

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

__all__ = [
    "AbilityRef",
    "AbilityReport",
    "Card",
    "CardDatabase",
    "CouldProduce",
    "Engine",
    "EngineError",
    "GameState",
    "IllegalActionError",
    "InvalidStateError",
    "Mana",
    "Pool",
    "PoolsResult",
    "QueryTooLargeError",
    "TapOutcome",
    "TapResult",
    "UnknownCardError",
    "UnknownObjectError",
    "load_state",
    "loads_state",
]
