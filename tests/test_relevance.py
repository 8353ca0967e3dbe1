"""Grounding only the rules a question can use (mtgasp.relevance) changes no answer.

The independent basis is the whole rule base: every example state is asked the game commands
(its legal actions, every legal action applied) and the mana queries and `check` once with the
rules left out that cannot fire, and once with every rule grounded (MTGASP_GROUND_ALL=1); the
answers must be equal. The default test suite, which runs through the slicing, is the rest of
the oracle.
"""

from __future__ import annotations

from pathlib import Path

import clingo
import pytest

from mtgasp import Engine, load_state
from mtgasp.engine import rules_dir, solve
from mtgasp.relevance import RuleBase

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.yaml"))


def _answers(path: Path) -> list[object]:
    engine = Engine()
    state = load_state(path)
    out: list[object] = [engine.check(state), engine.could_produce_all(state)]
    actions = engine.actions(state)
    out.append(actions)
    for action in actions.actions:
        out.append(engine.apply(state, action))
    return out


#: The two examples whose every action, ground with all rules, takes a minute or more of CPU
#: (twenty-lands ~60 s, naked-singularity ~40 s): run with the slow tests (CI runs them too).
_HEAVY = {"twenty-lands", "naked-singularity"}


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, marks=pytest.mark.slow) if p.stem in _HEAVY else p for p in EXAMPLES],
    ids=lambda p: p.stem,
)
def test_the_rules_left_out_change_no_answer(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sliced = _answers(path)
    monkeypatch.setenv("MTGASP_GROUND_ALL", "1")
    assert _answers(path) == sliced


def test_a_rule_that_cannot_fire_is_left_out_and_one_that_can_is_kept(tmp_path: Path) -> None:
    extra = tmp_path / "extra.lp"
    extra.write_text(
        "#defined absent/1.\n"
        "_zz_never(X) :- absent(X).\n"  # nothing derives absent/1: left out
        "_zz_chain(X) :- _zz_never(X).\n"  # only from a rule left out: left out
        "_zz_other(X) :- __action(cast(X)).\n"  # __action(pass) does not match cast(_): left out
        "_zz_kept(X) :- __action(X).\n"  # kept
        "#show _zz_kept/1.\n",
        encoding="utf-8",
    )
    base = rules_dir()
    plain = RuleBase([str(base / "engine.lp"), str(base / "queries" / "apply.lp")])
    more = RuleBase([*plain.files, str(extra)])
    facts = 'player(player("a")).\nactive_player(player("a")).\n__action(pass).\n'
    used = {str(more.statements[r.index]) for r in more.usable(facts)}
    assert "_zz_kept(X) :- __action(X)." in used
    assert not any(u.startswith(("_zz_never", "_zz_chain", "_zz_other")) for u in used)
    assert len(used) == len(plain.usable(facts)) + 1
    # Text that is not one plain fact a line is not read: then every rule is kept (never fewer).
    assert len(more.usable(facts.replace("\n", " "))) == more.n_rules


def test_the_answer_is_the_same_as_clingo_on_every_file() -> None:
    # The clingo command line of --dump loads every file: a pass from a two-player state.
    facts = [clingo.parse_term(t) for t in (
        'player(player("a"))', 'player(player("b"))', 'turn_position(player("a"),1)', 'turn_position(player("b"),2)',
        'active_player(player("a"))', "step(precombat_main)", "__action(pass)")]
    sliced = solve(facts, "apply")
    ctl = clingo.Control(["0", "--project=show"])
    ctl.load(str(rules_dir() / "engine.lp"))
    ctl.load(str(rules_dir() / "queries" / "apply.lp"))
    ctl.add("base", [], "".join(f"{f}.\n" for f in facts))
    ctl.ground([("base", [])])
    models: list[frozenset[clingo.Symbol]] = []
    ctl.solve(on_model=lambda m: models.append(frozenset(m.symbols(shown=True))))
    assert sorted(map(sorted, sliced.models)) == sorted(map(sorted, models))
    assert sliced.rules[0] < sliced.rules[1]
