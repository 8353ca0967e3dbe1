"""Generated hostile inputs through the command line (issue 13; cases in tests/fuzzing.py).

Every run ends with an answer (exit 0, or 4 when the time limit cut it short) or a
one-paragraph error (exit 2), never a traceback or an internal error (exit 3), never modifies
its input files and stays within its bound. The default run tries a small budget of cases; the
slow one (CI) many more; ``python benchmarks/fuzz.py --runs 5000`` runs the large budget.
"""

from __future__ import annotations

import pytest

import fuzz_run
import fuzzing


def _check(n: int, seed: int) -> None:
    outcomes = [fuzz_run.run(case) for case in fuzzing.cases(n, seed)]
    failures = [f"{o.case.name}: {o.problem}\n  mtgasp {' '.join(o.case.argv)}" for o in outcomes if o.problem]
    assert failures == []


def test_examples_are_accepted_as_they_are() -> None:
    # The seeds themselves (unmutated) must be answered: exit 0 (or 4 when cut short).
    for stem, text, _ in fuzzing._seed_states():
        case = fuzzing.Case(f"seed {stem}", ["--timeout", "30", "check", "state.yaml"], seed_input=True,
                            files={"state.yaml": text.encode()})
        o = fuzz_run.run(case)
        assert (stem, o.problem, o.status) == (stem, "", 0)


def test_hostile_inputs_small_budget() -> None:
    _check(25, seed=13)


@pytest.mark.slow
def test_hostile_inputs_large_budget() -> None:
    _check(600, seed=2026)
