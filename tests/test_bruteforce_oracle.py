"""Exact tests of the brute-force baseline of benchmarks/bruteforce.py.

The baseline walks every legal order of the replacement effects on one mana event (CR 616.1e-f,
614.5) in Python. The benchmarks time it against mtgasp, and tests use it as an oracle, so its
own answers are pinned here on cases small enough to count by hand. ``results_grouped`` (the
same answer, memoized on identical effects) must agree with it everywhere.
"""

from __future__ import annotations

import importlib.util
import itertools
import math
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "bruteforce.py"
_spec = importlib.util.spec_from_file_location("mtgasp_benchmarks_bruteforce", _PATH)
assert _spec is not None and _spec.loader is not None
bf = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = bf
_spec.loader.exec_module(bf)

Effect = bf.Effect


def mana(**amounts: int) -> tuple[int, ...]:
    """mana(G=2) → (0, 0, 0, 0, 2, 0) in the order W U B R G C."""
    return tuple(amounts.get(t, 0) for t in "WUBRGC")


FOREST = mana(G=1)
DOUBLER = Effect("multiply", factor=2)  # Mana Reflection
CONTAMINATION = Effect("set_mana", "B", 1)  # {B} instead of any other type and amount


def both(start: tuple[int, ...], effects: list[Effect]) -> Counter[tuple[int, ...]]:
    """The brute force's answer, checked against the grouped one."""
    walked = bf.results(start, effects)
    assert bf.results_grouped(start, effects) == walked
    return walked


# -- no effect, one effect --------------------------------------------------------------------


def test_no_effect_keeps_the_mana_once() -> None:
    assert both(FOREST, []) == Counter({FOREST: 1})


def test_one_doubler() -> None:
    assert both(FOREST, [DOUBLER]) == Counter({mana(G=2): 1})


def test_set_type_keeps_the_amount() -> None:
    assert both(mana(G=2), [Effect("set_type", "R")]) == Counter({mana(R=2): 1})


def test_set_mana_replaces_type_and_amount() -> None:
    assert both(mana(G=3, C=1), [CONTAMINATION]) == Counter({mana(B=1): 1})


def test_no_mana_means_no_event_to_replace() -> None:
    """CR 106.12b: an ability that produces no mana is not replaced (no effect applies)."""
    assert both(mana(), [DOUBLER, CONTAMINATION]) == Counter({mana(): 1})


# -- the examples of the brief ----------------------------------------------------------------


def test_mana_reflection_and_contamination_give_b_and_bb_once_each() -> None:
    """examples/replacement.yaml: Contamination then Mana Reflection gives {B}{B}; Mana
    Reflection then Contamination gives {B}. One order each."""
    assert both(FOREST, [DOUBLER, CONTAMINATION]) == Counter({mana(B=2): 1, mana(B=1): 1})
    assert both(FOREST, [CONTAMINATION, DOUBLER]) == Counter({mana(B=2): 1, mana(B=1): 1})


def test_three_type_changers_give_each_color_with_two_orders() -> None:
    """The last type-changer applied decides the color; the other two can go in 2 orders."""
    effects = [Effect("set_type", "R"), Effect("set_type", "U"), Effect("set_type", "W")]
    assert both(FOREST, effects) == Counter({mana(R=1): 2, mana(U=1): 2, mana(W=1): 2})


def test_min_amount_effect_applies_only_after_a_doubler() -> None:
    """ "If it would produce two or more mana, it produces {R} instead of any other type":
    applicable to {G}{G} but not to {G}. Doubler first → {R}{R} (the second effect becomes
    applicable, CR 616.1f); the min_amount effect can't go first."""
    picky = Effect("set_type", "R", min_amount=2)
    assert both(FOREST, [DOUBLER, picky]) == Counter({mana(R=2): 1})
    assert both(FOREST, [picky, DOUBLER]) == Counter({mana(R=2): 1})


def test_min_amount_effect_that_never_becomes_applicable() -> None:
    """CR 616.1f ends when no applicable effect is left: the picky one never applied."""
    picky = Effect("set_type", "R", min_amount=3)
    assert both(FOREST, [DOUBLER, picky]) == Counter({mana(G=2): 1})


def test_min_amount_after_two_doublers_counts_the_orders() -> None:
    """Two doublers and a "four or more" effect: only after both doublers is it applicable, so
    it always goes last; the doublers go in 2 orders."""
    picky = Effect("set_type", "W", min_amount=4)
    assert both(FOREST, [DOUBLER, DOUBLER, picky]) == Counter({mana(W=4): 2})


def test_contamination_can_disable_a_min_amount_effect() -> None:
    """Contamination ({B}, one mana) after a doubler makes a "two or more" effect inapplicable
    again; applied before Contamination, the picky effect's type is then overwritten."""
    picky = Effect("set_type", "R", min_amount=2)
    got = both(FOREST, [DOUBLER, CONTAMINATION, picky])
    # orders: C,D -> {B}{B} then picky applies -> {R}{R}
    #         D,C -> {B}, picky not applicable -> {B}
    #         D,picky -> {R}{R}, then C -> {B}
    assert got == Counter({mana(R=2): 1, mana(B=1): 2})


# -- counts by formula ------------------------------------------------------------------------


@pytest.mark.parametrize("k", range(1, 8))
def test_k_doublers_have_k_factorial_orders(k: int) -> None:
    assert both(FOREST, [DOUBLER] * k) == Counter({mana(G=2**k): math.factorial(k)})


@pytest.mark.parametrize("k", range(1, 8))
def test_k_type_changers_every_color_last(k: int) -> None:
    """k type-changers cycling W U B R G: the result is the color of the last one applied; each
    effect is last in (k-1)! orders."""
    colors = "WUBRG"
    effects = [Effect("set_type", colors[i % 5]) for i in range(k)]
    expected: Counter[tuple[int, ...]] = Counter()
    for i in range(k):
        expected[mana(**{colors[i % 5]: 1})] += math.factorial(k - 1)
    assert both(FOREST, effects) == expected


def test_every_order_is_counted_once_by_permutation() -> None:
    """When every effect is always applicable, the orders are exactly the k! permutations."""
    effects = [DOUBLER, Effect("set_type", "U"), CONTAMINATION, Effect("set_type", "R")]
    expected: Counter[tuple[int, ...]] = Counter()
    for perm in itertools.permutations(effects):
        m = FOREST
        for e in perm:
            m = e.apply(m)
        expected[m] += 1
    assert both(FOREST, effects) == expected
    assert sum(expected.values()) == 24


def test_grouped_equals_walked_on_random_mixes() -> None:
    rng = random.Random(616)
    pool = [
        DOUBLER,
        Effect("multiply", factor=3),
        CONTAMINATION,
        Effect("set_mana", "U", 2),
        Effect("set_type", "R"),
        Effect("set_type", "W"),
        Effect("set_type", "G", min_amount=2),
        Effect("set_type", "B", min_amount=4),
    ]
    for _ in range(60):
        k = rng.randint(0, 6)
        effects = [rng.choice(pool) for _ in range(k)]
        start = mana(**{rng.choice("WUBRGC"): rng.randint(1, 2)})
        walked = bf.results(start, effects)
        assert bf.results_grouped(start, effects) == walked, (start, effects)
        assert sum(walked.values()) >= 1
