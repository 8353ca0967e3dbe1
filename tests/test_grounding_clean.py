"""Every query on every example state grounds without a message from clingo (an undefined
operation or an atom no rule defines is a bug in the rules), and answers the same way twice."""

from __future__ import annotations

from pathlib import Path

import clingo
import pytest

from mtgasp import Engine, load_state
from mtgasp.engine import solve

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.yaml"))
ENGINE = Engine()
F, S = clingo.Function, clingo.String


def _queries(path: Path) -> list[tuple[str, list[clingo.Symbol]]]:
    state = load_state(path)
    obj = state.battlefield[0].id
    player = F("player", [S(state.active)])
    return [
        ("could_produce", [F("__query", [F("could_produce", [F("obj", [S(obj)])])])]),
        ("tap", [F("__query", [F("tap", [F("obj", [S(obj)])])])]),
        ("abilities", [F("__query", [F("abilities", [player])])]),
        ("pools", [F("__query", [F("pools", [player])])]),
        ("check", []),
    ]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_queries_ground_without_messages(path: Path) -> None:
    state = load_state(path)
    facts = ENGINE.facts(state)
    for query, extra in _queries(path):
        sol = solve([*facts, *extra], query, limit=50)
        assert (query, sol.messages) == (query, ())


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_answers_are_deterministic(path: Path) -> None:
    state = load_state(path)
    obj = state.battlefield[0].id
    assert ENGINE.tap(state, obj) == ENGINE.tap(state, obj)
    assert ENGINE.pools(state, state.active, limit=50) == ENGINE.pools(state, state.active, limit=50)
