"""Replacement effects on creating tokens and putting counters (CR 614.1a, 616.1, 111, 122.6).

Every distinct number of tokens or counters, with how many legal orders give it, from the graph
the rules build — checked against hand counts (each order written out in a comment) and against
the brute-force walk of every order (benchmarks/bruteforce.py), which knows nothing of the rules.
"""

from __future__ import annotations

import importlib.util
import itertools
import sys
from collections import Counter
from pathlib import Path

import pytest

from mtgasp import Engine, loads_state
from mtgasp.errors import EngineError
from mtgasp.events import CounterEvent, TokenEvent, parse_event, replacements

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "bruteforce.py"
_spec = importlib.util.spec_from_file_location("mtgasp_benchmarks_bruteforce_tokens", _PATH)
assert _spec is not None and _spec.loader is not None
bf = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = bf
_spec.loader.exec_module(bf)

ENGINE = Engine()

# What each card's replacement effect does to "one or more" tokens or +1/+1 counters, as the
# brute force models it (from the cards' Oracle text, not from the rules).
DOUBLE = bf.Effect("multiply", factor=2)
PLUS_ONE = bf.Effect("plus", amount=1)


def _state(*permanents: tuple[str, str, str]) -> str:
    lines = ["players: [alice, bob]", "battlefield:"]
    lines += [f"  - {{id: {i}, card: {c}, controller: {p}}}" for i, c, p in permanents]
    return "\n".join(lines) + "\n"


def _distinct(state_text: str, event: TokenEvent | CounterEvent) -> dict[int, int]:
    result = replacements(ENGINE, loads_state(state_text), event)
    return {d.amount: d.orders for d in result.distinct}


BEARS = ("bears", "Grizzly Bears", "alice")


def test_cr616_1_two_token_doublers_give_one_result_in_both_orders() -> None:
    # Doubling Season then Parallel Lives: 1 -> 2 -> 4; the other order: 1 -> 2 -> 4.
    state = _state(("ds", "Doubling Season", "alice"), ("pl", "Parallel Lives", "alice"))
    assert _distinct(state, TokenEvent("alice", 1, card="Myr Propagator")) == {4: 2}


def test_cr616_1_hardened_scales_and_doubling_season_order_matters() -> None:
    # Hardened Scales first: 1 + 1 = 2, doubled = 4; Doubling Season first: 2, plus one = 3.
    state = _state(BEARS, ("hs", "Hardened Scales", "alice"), ("ds", "Doubling Season", "alice"))
    assert _distinct(state, CounterEvent("bears", "+1/+1", 1)) == {3: 1, 4: 1}


def test_cr616_1_two_doublers_and_a_plus_one_in_every_order() -> None:
    # The 3! = 6 orders of DS, DS', HS on one +1/+1 counter, by where Hardened Scales goes:
    # first: (1+1)*2*2 = 8; second: (1*2+1)*2 = 6; last: 1*2*2+1 = 5 — each with 2 orders of DS, DS'.
    state = _state(BEARS, ("hs", "Hardened Scales", "alice"), ("ds", "Doubling Season", "alice"),
                   ("ds2", "Doubling Season", "alice"))
    assert _distinct(state, CounterEvent("bears", "+1/+1", 1)) == {5: 2, 6: 2, 8: 2}


def test_cr614_1a_a_doubler_of_plus_one_counters_ignores_other_kinds() -> None:
    # Corpsejack Menace doubles +1/+1 counters only; Doubling Season doubles counters of any kind.
    state = _state(BEARS, ("cj", "Corpsejack Menace", "alice"), ("ds", "Doubling Season", "alice"))
    assert _distinct(state, CounterEvent("bears", "-1/-1", 3)) == {6: 1}
    assert _distinct(state, CounterEvent("bears", "+1/+1", 3)) == {12: 2}


def test_cr109_5_under_your_control_is_the_effects_controller() -> None:
    # bob's Doubling Season does not double the tokens alice creates; Primal Vigor doubles any
    # player's tokens (it says no "under your control").
    state = _state(("ds", "Doubling Season", "bob"))
    assert _distinct(state, TokenEvent("alice", 2)) == {2: 1}
    state = _state(("ds", "Doubling Season", "bob"), ("pv", "Primal Vigor", "bob"))
    assert _distinct(state, TokenEvent("alice", 2)) == {4: 1}
    assert _distinct(state, TokenEvent("bob", 2)) == {8: 2}


def test_cr109_5_counters_on_an_opponents_creature() -> None:
    # Hardened Scales: "a creature you control" — not bob's Grizzly Bears; Primal Vigor: any creature.
    state = _state(("bears", "Grizzly Bears", "bob"), ("hs", "Hardened Scales", "alice"), ("pv", "Primal Vigor", "alice"))
    assert _distinct(state, CounterEvent("bears", "+1/+1", 1)) == {2: 1}


def test_cr616_1_the_affected_objects_controller_chooses() -> None:
    state = _state(("bears", "Grizzly Bears", "bob"), ("pv", "Primal Vigor", "alice"), ("ds", "Doubling Season", "bob"))
    result = replacements(ENGINE, loads_state(state), CounterEvent("bears", "+1/+1", 1))
    assert result.chooser == "bob"
    assert result.effects == (("ds", "Doubling Season"), ("pv", "Primal Vigor"))
    assert {d.amount: d.orders for d in result.distinct} == {4: 2}


def test_cr614_1a_one_or_more_none_applies_to_zero() -> None:
    state = _state(("ds", "Doubling Season", "alice"))
    result = replacements(ENGINE, loads_state(state), TokenEvent("alice", 0))
    assert result.effects == ()
    assert [(d.amount, d.orders) for d in result.distinct] == [(0, 1)]


def test_cr111_10_predefined_tokens_match_a_subject_by_their_types() -> None:
    # A card of our own: its subject is "artifact tokens"; a Treasure (CR 111.10a) is an artifact
    # token, a copy of Grizzly Bears is not.
    state = (
        "players: [alice, bob]\nbattlefield:\n  - {id: x, card: Artifact Doubler, controller: alice}\n"
        "cards:\n  - {name: Artifact Doubler, type_line: Enchantment, oracle_text: 'If an effect would create one or "
        "more artifact tokens under your control, it creates twice that many of those tokens instead.'}\n"
    )
    assert _distinct(state, TokenEvent("alice", 1, predefined="Treasure")) == {2: 1}
    assert _distinct(state, TokenEvent("alice", 1, card="Grizzly Bears")) == {1: 1}


CARDS = {
    "Doubling Season": DOUBLE,
    "Parallel Lives": DOUBLE,
    "Primal Vigor": DOUBLE,
    "Corpsejack Menace": DOUBLE,
    "Hardened Scales": PLUS_ONE,
}


@pytest.mark.parametrize(
    "cards",
    [
        ("Hardened Scales", "Hardened Scales", "Doubling Season"),
        ("Hardened Scales", "Corpsejack Menace", "Primal Vigor", "Doubling Season"),
        ("Hardened Scales", "Hardened Scales", "Corpsejack Menace", "Doubling Season", "Primal Vigor"),
        ("Doubling Season", "Doubling Season", "Doubling Season", "Hardened Scales", "Hardened Scales", "Hardened Scales"),
    ],
    ids=lambda cards: "+".join(c.split()[0] for c in cards),
)
@pytest.mark.parametrize("start", [1, 2])
def test_cr616_1_counters_agree_with_every_order_walked(cards: tuple[str, ...], start: int) -> None:
    perms = [(f"e{i}", c, "alice") for i, c in enumerate(cards)]
    got = _distinct(_state(BEARS, *perms), CounterEvent("bears", "+1/+1", start))
    want = bf.results((start,), [CARDS[c] for c in cards])
    assert got == {m[0]: n for m, n in want.items()}
    assert sum(got.values()) == len(list(itertools.permutations(cards)))


@pytest.mark.parametrize("k", [1, 2, 3, 5])
def test_cr616_1_k_token_doublers_one_result_k_factorial_orders(k: int) -> None:
    perms = [(f"d{i}", ("Doubling Season", "Parallel Lives", "Anointed Procession")[i % 3], "alice") for i in range(k)]
    got = _distinct(_state(*perms), TokenEvent("alice", 3))
    assert got == {3 * 2**k: sum(Counter(itertools.permutations(range(k))).values())}


@pytest.mark.parametrize(
    "text",
    ["tokens:alice", "counters:bears:+1/+1", "tokens:alice:many", "bogus:1:2", "counters:bears:+1/+1:-"],
)
def test_a_malformed_event_is_a_clear_error(text: str) -> None:
    with pytest.raises(EngineError, match="is not one of"):
        parse_event(text)


def test_an_unknown_player_or_permanent_is_a_clear_error() -> None:
    state = loads_state(_state(BEARS))
    with pytest.raises(EngineError, match="carol"):
        replacements(ENGINE, state, TokenEvent("carol", 1))
    with pytest.raises(EngineError, match="wolf"):
        replacements(ENGINE, state, CounterEvent("wolf", "+1/+1", 1))
