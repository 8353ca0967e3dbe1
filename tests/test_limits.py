"""Every query is bounded in time, and says so when the bound cut its answer short.

A time limit far below the grounding time (1 microsecond) stops every search before it starts:
the answers must then be marked incomplete (notes, ``complete``, ``Engine.incomplete``, the
CLI's JSON ``incomplete`` list and exit status 4), never passed off as complete. What the
grounder derives as facts (CR 106.7 "could produce" is a least fixpoint, computed before any
search) stays whole whatever the limit. A generous limit changes no answer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp import Engine, load_state
from mtgasp.cli import EXIT_INCOMPLETE, main
from mtgasp.errors import QueryTimeoutError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TINY = 1e-6


def test_timeout_must_be_positive() -> None:
    with pytest.raises(ValueError, match="timeout"):
        Engine(timeout=0)


def test_cr106_7_could_produce_is_whole_under_any_limit() -> None:
    # The least fixpoint of CR 106.7 is derived while grounding: a search cut short loses none of it.
    state = load_state(EXAMPLES / "mana-basics.yaml")
    free = Engine().could_produce_all(state)
    bounded_engine = Engine(timeout=TINY)
    bounded = bounded_engine.could_produce_all(state)
    assert [(r.object, r.types) for r in bounded] == [(r.object, r.types) for r in free]
    assert bounded_engine.incomplete == []


def test_could_produce_all_equals_one_object_at_a_time() -> None:
    state = load_state(EXAMPLES / "replacement.yaml")
    engine = Engine()
    together = engine.could_produce_all(state)
    alone = [engine.could_produce(state, p.id) for p in state.battlefield]
    assert together == tuple(alone)


def test_pools_cut_short_are_marked_incomplete() -> None:
    state = load_state(EXAMPLES / "twenty-lands.yaml")
    engine = Engine(timeout=TINY)
    r = engine.pools(state, state.active)
    assert not r.complete and not r.maximal_complete and r.total is None
    assert engine.incomplete and any("time limit" in n for n in r.notes)


def test_tap_cut_short_is_incomplete_not_illegal() -> None:
    # No outcome found before the limit is not "no legal outcome" (an IllegalActionError).
    state = load_state(EXAMPLES / "replacement.yaml")
    engine = Engine(timeout=TINY)
    r = engine.tap(state, "forest")
    assert r.outcomes == () and any("time limit" in n for n in r.notes)


def test_orders_cut_short_say_so() -> None:
    state = load_state(EXAMPLES / "replacement.yaml")
    with pytest.raises(QueryTimeoutError, match="time limit"):
        Engine(timeout=TINY).orders(state, "forest")


def test_generous_limit_changes_no_answer() -> None:
    state = load_state(EXAMPLES / "replacement.yaml")
    free, bounded = Engine(), Engine(timeout=600)
    assert bounded.tap(state, "forest") == free.tap(state, "forest")
    assert bounded.pools(state, "alice") == free.pools(state, "alice")
    assert bounded.orders(state, "forest") == free.orders(state, "forest")
    assert bounded.incomplete == []


def test_cli_incomplete_answer_exit_status_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--timeout", "0.000001", "pools", str(EXAMPLES / "twenty-lands.yaml"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == EXIT_INCOMPLETE == 4
    assert out["complete"] is False and "time limit" in out["incomplete"][0]


def test_cli_incomplete_answer_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--timeout", "0.000001", "abilities", str(EXAMPLES / "mana-basics.yaml")])
    assert status == EXIT_INCOMPLETE
    assert "incomplete: the time limit" in capsys.readouterr().out


def test_cli_no_limit_with_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--timeout", "0", "could-produce", str(EXAMPLES / "mana-basics.yaml")]) == 0


def test_check_is_whole_under_any_limit() -> None:
    # The findings of 'check' are facts of the grounding: no search is needed for them.
    state = load_state(EXAMPLES / "mana-basics.yaml")
    assert Engine(timeout=TINY).check(state) == Engine().check(state)


def test_cli_orders_cut_short_exit_4(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--timeout", "0.000001", "orders", str(EXAMPLES / "replacement.yaml"), "forest"])
    assert status == EXIT_INCOMPLETE
    assert "time limit" in capsys.readouterr().err


def test_characteristics_cut_short_say_so() -> None:
    # An empty answer (no types, colorless, no abilities) would be a confident wrong one.
    state = load_state(EXAMPLES / "mana-basics.yaml")
    engine = Engine(timeout=TINY)
    with pytest.raises(QueryTimeoutError, match="time limit"):
        engine.characteristics(state, "forest")
    assert engine.incomplete and "'characteristics'" in engine.incomplete[0]


def test_characteristics_start_their_own_time_budget() -> None:
    # Like every other query, characteristics starts a fresh budget: a deadline an earlier query
    # used up does not cut it short.
    state = load_state(EXAMPLES / "mana-basics.yaml")
    engine = Engine(timeout=TINY)
    engine.pools(state, state.active)
    assert engine.incomplete
    engine.timeout = 600
    forest = engine.characteristics(state, "forest")
    assert engine.incomplete == []
    assert (forest.card, forest.types, forest.subtypes, forest.supertypes) == ("Forest", ("land",), ("Forest",), ("basic",))
    assert forest == Engine().characteristics(state, "forest")


def test_cli_characteristics_cut_short_exit_4(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--timeout", "0.000001", "characteristics", str(EXAMPLES / "mana-basics.yaml"), "forest"])
    assert status == EXIT_INCOMPLETE
    assert "time limit" in capsys.readouterr().err
