"""Invariants the rules keep on any valid state, tested with Hypothesis over generated states.

The states are small battlefields of the embedded card set: basic lands, lands with several
abilities or riders, mana creatures (sick or not), permanents that reflect others (Reflecting
Pool, Exotic Orchard, Fellwar Stone), replacement effects (Naked Singularity, Reality Twist,
Contamination, Mana Reflection, Nyxbloom Ancient, Damping Sphere) and triggered mana abilities
(Mana Flare, Heartbeat of Spring, Zendikar Resurgent), for two players, tapped or not. Each
invariant names its basis (the CR rule, or why the two answers must agree).

The default run gives each invariant a small budget (the whole file in about 30 s on a quiet
machine); the tests marked slow run the same invariants with a larger one. A failing invariant
writes the shrunk state to a YAML file and names it in the failure.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

hypothesis = pytest.importorskip("hypothesis")
from click.testing import CliRunner  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from mtgasp import Engine, loads_state  # noqa: E402
from mtgasp.cli import cli  # noqa: E402
from mtgasp.state import GameState  # noqa: E402

ENGINE = Engine()
PLAYERS = ("alice", "bob")
LANDS = ("Forest", "Island", "Swamp", "Mountain", "Plains", "Wastes", "Snow-Covered Forest", "Ancient Tomb",
         "Boros Garrison", "Pillar of the Paruns", "Hall of the Bandit Lord", "Gaea's Cradle", "Tolarian Academy",
         "Command Tower", "City of Brass")
REFLECTING = ("Reflecting Pool", "Exotic Orchard", "Fellwar Stone")
CREATURES = ("Llanowar Elves", "Birds of Paradise", "Elvish Archdruid", "Priest of Titania", "Grizzly Bears")
ARTIFACTS = ("Sol Ring", "Lotus Petal")
REPLACEMENT = ("Naked Singularity", "Reality Twist", "Contamination", "Mana Reflection", "Nyxbloom Ancient",
               "Damping Sphere")
TRIGGERS = ("Mana Flare", "Heartbeat of Spring", "Zendikar Resurgent")
CREATURE_CARDS = {"Llanowar Elves", "Birds of Paradise", "Elvish Archdruid", "Priest of Titania", "Grizzly Bears",
                  "Nyxbloom Ancient"}


@st.composite
def states(draw: st.DrawFn, max_permanents: int = 5) -> dict[str, Any]:
    """A valid state document: 1..max_permanents permanents (at least one land), two players."""
    pool = st.sampled_from(LANDS + REFLECTING + CREATURES + ARTIFACTS + REPLACEMENT + TRIGGERS)
    cards = [draw(st.sampled_from(LANDS + REFLECTING))] + draw(st.lists(pool, max_size=max_permanents - 1))
    battlefield = []
    for i, card in enumerate(cards):
        perm: dict[str, Any] = {"id": f"p{i}", "card": card, "controller": draw(st.sampled_from(PLAYERS))}
        if draw(st.integers(0, 3)) == 0:
            perm["tapped"] = True
        if card in CREATURE_CARDS and draw(st.booleans()):
            perm["sick"] = True
        battlefield.append(perm)
    return {"players": list(PLAYERS), "active": draw(st.sampled_from(PLAYERS)), "battlefield": battlefield}


def load(doc: dict[str, Any]) -> GameState:
    return loads_state(json.dumps(doc), format="json")


def _shrunk_file(name: str, doc: dict[str, Any]) -> Path:
    folder = Path(os.environ.get("MTGASP_HYPOTHESIS_DIR") or Path(tempfile.gettempdir()) / "mtgasp-hypothesis")
    folder.mkdir(parents=True, exist_ok=True)
    text = yaml.safe_dump(doc, sort_keys=False, default_flow_style=None)
    path = folder / f"{name}.yaml"  # rewritten on each failure: Hypothesis runs the shrunk state last
    path.write_text(f"# a state on which the invariant {name} fails (tests/test_properties.py)\n{text}", encoding="utf-8")
    return path


FAST = settings(max_examples=6, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SLOW = settings(max_examples=150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def invariant(check: Callable[[dict[str, Any]], None]) -> tuple[Callable[[], None], Callable[[], None]]:
    """The invariant as two tests: the default budget, and a large one marked slow. On failure the
    state is written to a YAML file (the last one written is the shrunk state) and named."""

    def run(doc: dict[str, Any]) -> None:
        try:
            check(doc)
        except AssertionError as e:
            path = _shrunk_file(check.__name__, doc)
            raise AssertionError(f"{e}\nstate: {path}") from None

    fast = FAST(given(states())(run))
    slow = pytest.mark.slow(SLOW(given(states(max_permanents=7))(run)))
    return fast, slow


def _perms(state: GameState) -> list[str]:
    return [p.id for p in state.battlefield]


# 1. Every query on a valid state is satisfiable: an unsatisfiable program is a bug (the bridge
#    raises "no legal outcome" for a tap without any model).
def every_query_is_satisfiable(doc: dict[str, Any]) -> None:
    state = load(doc)
    for o in _perms(state):
        ENGINE.could_produce(state, o)
        ENGINE.tap(state, o)
    for p in PLAYERS:
        ENGINE.mana_abilities(state, p)
    r = ENGINE.pools(state, state.active, limit=200)
    assert r.pools, "no pool at all (not even the empty one)"


# 2. Determinism: a fresh engine gives the same answers again.
def answers_are_deterministic(doc: dict[str, Any]) -> None:
    state = load(doc)
    first = [ENGINE.tap(state, o).to_json() for o in _perms(state)]
    again = [Engine().tap(load(doc), o).to_json() for o in _perms(state)]
    assert first == again


# 3. CR 106.7: the mana a permanent's ability produces when it is tapped (after replacement
#    effects, before any triggered ability) is of types it could produce.
def tapping_produces_only_what_it_could_produce(doc: dict[str, Any]) -> None:
    state = load(doc)
    for o in _perms(state):
        could = set(ENGINE.could_produce(state, o).types)
        made = {t for out in ENGINE.tap(state, o).outcomes for t in out.replaced.types}
        assert made <= could, f"{o}: tapping gives {sorted(made)}, could produce {sorted(could)}"


# 4. CR 616.1: each distinct result of the replacement effects comes from at least one order, and
#    the orders counted on the graph are the orders enumerated (when all are listed).
def replacement_results_never_outnumber_orders(doc: dict[str, Any]) -> None:
    state = load(doc)
    for o in _perms(state):
        if not ENGINE.tap(state, o).outcomes:
            continue
        r = ENGINE.orders(state, o, limit=500)
        assert len(r.distinct) <= r.total_orders
        assert all(d.orders >= 1 for d in r.distinct)
        if r.complete:
            assert len(r.orders) == r.total_orders
            assert {(x.produced, x.result) for x in r.orders} == {(d.produced, d.result) for d in r.distinct}


# 5. CR 106.4, 605: a pool of the player holds what tapping any one of their permanents adds.
def pools_contain_each_single_tap(doc: dict[str, Any]) -> None:
    state = load(doc)
    for player in PLAYERS:
        r = ENGINE.pools(state, player, limit=5000)
        if not r.complete:
            continue
        pools = {p.mana for p in r.pools}
        for perm in state.battlefield:
            if perm.controller != player:
                continue
            for out in ENGINE.tap(state, perm.id).outcomes:
                assert out.adds_for(player) in pools, f"{perm.id}: {out.adds_for(player)} not among {player}'s pools"


# 6. A generated state is valid: 'check' reports no violation (CR 110.2, 701.3a).
def a_valid_state_has_no_violation(doc: dict[str, Any]) -> None:
    # A pending state-based action (two copies of one legendary land, CR 704.5j) is no violation:
    # the state is legal and the next `settle` performs it.
    violations = [f for f in ENGINE.check(load(doc)) if f[0] not in ("unmodelled", "pending")]
    assert violations == []


# 7. State round trip: dict -> state -> dict -> state gives the same facts.
def state_round_trip_keeps_the_facts(doc: dict[str, Any]) -> None:
    state = load(doc)
    again = loads_state(json.dumps(state.to_dict()), format="json")
    assert sorted(map(str, again.facts(ENGINE.db))) == sorted(map(str, state.facts(ENGINE.db)))


# 8. The command line: the JSON document parses and agrees with the text output's counts.
def json_output_matches_the_text_counts(doc: dict[str, Any]) -> None:
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "state.yaml"
        path.write_text(yaml.safe_dump(doc), encoding="utf-8")
        for o in _perms(load(doc)):
            text = runner.invoke(cli, ["tap", str(path), o])
            as_json = runner.invoke(cli, ["tap", str(path), o, "--json"])
            assert (text.exit_code, as_json.exit_code) == (0, 0), text.output + as_json.output
            data = json.loads(as_json.output)
            header = text.output.splitlines()[0]
            assert header.endswith(f": {len(data['outcomes'])} outcome(s), {len(data['distinct_results'])} distinct result(s)")


# 9. Two queries agree: every outcome of tapping a permanent is among what the 'abilities' report
#    says that ability could add (CR 605, 106.7).
def tap_outcomes_are_among_the_abilities_could_add(doc: dict[str, Any]) -> None:
    state = load(doc)
    for player in PLAYERS:
        could = {(r.object, r.ability): set(r.could_add) for r in ENGINE.mana_abilities(state, player)}
        for perm in state.battlefield:
            if perm.controller != player:
                continue
            for out in ENGINE.tap(state, perm.id).outcomes:
                assert out.adds_for(player) in could.get((perm.id, out.ability), set()), (perm.id, str(out.ability))


# 10. The order in which the state lists its permanents does not matter to what they could produce
#     (no layer effects among the generated cards, so timestamps decide nothing here).
def listing_order_does_not_matter(doc: dict[str, Any]) -> None:
    state = load(doc)
    flipped = load({**doc, "battlefield": list(reversed(doc["battlefield"]))})
    for o in _perms(state):
        assert ENGINE.could_produce(state, o).types == ENGINE.could_produce(flipped, o).types


test_every_query_is_satisfiable, test_every_query_is_satisfiable_slow = invariant(every_query_is_satisfiable)
test_answers_are_deterministic, test_answers_are_deterministic_slow = invariant(answers_are_deterministic)
test_cr106_7_tapping_produces_only_what_it_could_produce, test_cr106_7_tapping_produces_only_what_it_could_produce_slow = (
    invariant(tapping_produces_only_what_it_could_produce))
test_cr616_1_replacement_results_never_outnumber_orders, test_cr616_1_replacement_results_never_outnumber_orders_slow = (
    invariant(replacement_results_never_outnumber_orders))
test_pools_contain_each_single_tap, test_pools_contain_each_single_tap_slow = invariant(pools_contain_each_single_tap)
test_a_valid_state_has_no_violation, test_a_valid_state_has_no_violation_slow = invariant(a_valid_state_has_no_violation)
test_state_round_trip_keeps_the_facts, test_state_round_trip_keeps_the_facts_slow = invariant(state_round_trip_keeps_the_facts)
test_json_output_matches_the_text_counts, test_json_output_matches_the_text_counts_slow = (
    invariant(json_output_matches_the_text_counts))
test_tap_outcomes_are_among_the_abilities_could_add, test_tap_outcomes_are_among_the_abilities_could_add_slow = (
    invariant(tap_outcomes_are_among_the_abilities_could_add))
test_listing_order_does_not_matter, test_listing_order_does_not_matter_slow = invariant(listing_order_does_not_matter)


def test_a_failing_invariant_names_the_shrunk_state_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTGASP_HYPOTHESIS_DIR", str(tmp_path))

    def never(doc: dict[str, Any]) -> None:
        raise AssertionError("always fails")

    fast, _ = invariant(never)
    with pytest.raises(AssertionError, match=r"state: .*never\.yaml"):
        fast()
    [written] = tmp_path.glob("never*.yaml")
    shrunk = yaml.safe_load(written.read_text(encoding="utf-8"))
    assert len(shrunk["battlefield"]) == 1  # Hypothesis shrank it to the smallest state
    load(shrunk)
