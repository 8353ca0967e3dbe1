"""A delayed triggered ability that triggered (CR 603.7) is part of a state file: waiting to be put
on the stack (CR 603.3), a pending trigger {delayed: WHAT, controller}; on the stack, a stack
object {id, delayed: WHAT, controller} (docs/state-format.md).

The state: a token and a delayed trigger "exile it at end of combat" (myriad's, CR 702.116a);
bob passes in the combat damage step, so the end of combat step begins (CR 511.1) and the delayed
trigger triggers (CR 603.7b): it leaves the state and waits as pending_trigger(tg(1),
delayed(exile(obj("tok"))), dt(1), player("alice")) — the raw step, before `settle` puts it on
the stack (CR 603.3b) as a stack object {id, delayed, controller}. Written and read back, each
state gives the very same facts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgasp import Engine, loads_state
from mtgasp.cli import cli
from mtgasp.errors import InvalidStateError
from mtgasp.state import PendingTrigger, StackObject, dumps_state, load_state, state_from_facts

STATE = """\
version: 2
players: [alice, bob]
active: alice
step: combat_damage
priority: bob
passed: [alice]
battlefield:
  - {id: tok, card: Grizzly Bears, controller: alice, token: true}
delayed_triggers:
  - {when: end_of_combat, what: 'exile(obj("tok"))', controller: alice}
"""
WAITING = 'pending_trigger(tg(1),delayed(exile(obj("tok"))),dt(1),player("alice"))'


def _saved(text: str) -> str:
    """A fact as the saved state names the stack object the rules call obj(tg(1)): by the id
    "tg(1)" (docs/engine-v2.md §1, state_from_facts)."""
    return text.replace("obj(tg(1))", 'obj("tg(1)")')


def _waiting() -> tuple[object, object]:
    start = loads_state(STATE)
    (successor,) = Engine().apply(start, "pass", settle=False).successors
    return start, successor


def test_cr603_7b_the_delayed_trigger_waits_as_a_pending_trigger_after_the_raw_step() -> None:
    _start, successor = _waiting()
    assert WAITING in successor.added
    assert 'delayed_trigger(dt(1),at(end_of_combat),exile(obj("tok")),player("alice"))' in successor.removed


def test_cr603_7_a_waiting_delayed_trigger_is_a_state_and_round_trips_exactly() -> None:
    start, successor = _waiting()
    state = state_from_facts(successor.position.facts, start)
    assert state.delayed_triggers == ()
    assert state.pending_triggers == (PendingTrigger("", 0, "", "alice", delayed='exile(obj("tok"))'),)
    assert set(state.facts()) == set(successor.position.facts)  # the successor's facts, to the letter
    again = loads_state(dumps_state(state))
    assert again == state
    assert Engine().position(again) == successor.position


def test_cr603_7_apply_no_settle_out_writes_the_waiting_delayed_trigger(tmp_path: Path) -> None:
    start = tmp_path / "s.yaml"
    start.write_text(STATE, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["apply", str(start), "pass", "--no-settle", "--out", str(out)])
    assert result.exit_code == 0, result.output
    (written,) = sorted(out.glob("*.yaml"))
    assert load_state(written).pending_triggers == (PendingTrigger("", 0, "", "alice", delayed='exile(obj("tok"))'),)


def test_cr603_7_a_delayed_trigger_on_the_stack_is_a_state_and_round_trips_exactly() -> None:
    # After `settle` it is on the stack (CR 603.3b): a stack object {id, delayed, controller}.
    start = loads_state(STATE)
    (successor,) = Engine().apply(start, "pass").successors
    assert 'stack_ability(obj(tg(1)),delayed(exile(obj("tok"))),dt(1))' in successor.added
    state = state_from_facts(successor.position.facts, start)
    assert state.stack == (StackObject("tg(1)", "alice", delayed='exile(obj("tok"))'),)
    # the successor's facts, to the letter but for the id the stack object is saved under
    assert {str(f) for f in state.facts()} == {_saved(str(f)) for f in successor.position.facts}
    assert loads_state(dumps_state(state)) == state


def test_cr603_7c_the_written_state_exiles_the_token_as_the_state_in_memory_does() -> None:
    # Both players pass: the delayed trigger resolves and exiles the token, which then ceases to
    # exist (CR 704.5d) — from the state read back as from the successor itself.
    start = loads_state(STATE)
    (successor,) = Engine().apply(start, "pass").successors
    again = loads_state(dumps_state(state_from_facts(successor.position.facts, start)))
    from_file = Engine().play(again, ["pass", "pass"])
    in_memory = Engine().play(successor.position, ["pass", "pass"])
    assert [(e.added, e.removed) for e in from_file.ends] == [
        (tuple(sorted(map(_saved, e.added))), tuple(sorted(map(_saved, e.removed)))) for e in in_memory.ends
    ]
    (end,) = from_file.ends
    assert not from_file.not_modelled
    assert not [f for f in end.position.facts if f.arguments and str(f.arguments[0]) == 'obj("tok")']


def test_cr603_7_apply_out_writes_the_delayed_trigger_on_the_stack(tmp_path: Path) -> None:
    start = tmp_path / "s.yaml"
    start.write_text(STATE, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["apply", str(start), "pass", "--out", str(out)])
    assert result.exit_code == 0, result.output
    (written,) = sorted(out.glob("*.yaml"))
    assert load_state(written).stack == (StackObject("tg(1)", "alice", delayed='exile(obj("tok"))'),)


def test_a_delayed_triggered_ability_on_the_stack_has_no_card_ability_or_source() -> None:
    text = ("version: 2\nplayers: [alice]\nbattlefield: [{id: tok, card: Grizzly Bears, controller: alice}]\n"
            "stack: [{id: d, delayed: 'exile(obj(\"tok\"))', source: tok, controller: alice}]\n")
    with pytest.raises(InvalidStateError) as info:
        loads_state(text)
    assert "'stack[0].source': a delayed triggered ability has no 'source'" in str(info.value)


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ("{controller: alice}", "'pending_triggers[0].ability': missing: a pending trigger needs 'ability' (or 'delayed')"),
        ("{ability: 1, controller: alice}", "'pending_triggers[0].source': missing: a pending trigger needs 'source' (or 'delayed')"),
        ("{delayed: 'exile(obj(\"tok\"))', source: tok, controller: alice}",
         "'pending_triggers[0].source': a delayed pending trigger has no 'source'"),
        ("{delayed: 'exile(', controller: alice}", "'pending_triggers[0].delayed': expected what it does, as an ASP effect term"),
    ],
)
def test_a_pending_trigger_is_a_card_ability_or_a_delayed_one(entry: str, problem: str) -> None:
    text = "version: 2\nplayers: [alice]\nbattlefield: [{id: tok, card: Grizzly Bears, controller: alice}]\n"
    with pytest.raises(InvalidStateError) as info:
        loads_state(text + f"pending_triggers: [{entry}]\n")
    assert problem in str(info.value)
