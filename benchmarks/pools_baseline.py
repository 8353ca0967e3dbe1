"""Baselines in plain Python for "every mana pool a player can make" (issue 2).

Independent of the rules in rules_asp/. The input is, per untapped land, the list of mana types
one activation of its mana ability can add (each land adds exactly one mana): ``[["W"], ["U"],
list("WUBRG"), ...]``.

* :func:`bruteforce` — what a naive engine does (XMage's way of listing mana options):
  enumerate every subset of lands × every color choice, one combination at a time, and collect
  the distinct pools. 2^n·6^a-ish combinations for n lands of which a are any-color; it stops
  when its time budget runs out and says how far it got.
* :func:`distinct_sets` — a sensible plain-Python reference: the set of distinct pools after
  each land (a Minkowski sum with duplicates removed). Used to check mtgasp's counts exactly.

A pool is an int holding six 8-bit counters (W U B R G C) so adding mana is one addition.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

TYPES = "WUBRGC"
_SHIFT = {t: 8 * i for i, t in enumerate(TYPES)}
_UNIT = {t: 1 << _SHIFT[t] for t in TYPES}


def decode(pool: int) -> tuple[int, ...]:
    """The packed int as a 6-tuple (W, U, B, R, G, C)."""
    return tuple((pool >> (8 * i)) & 0xFF for i in range(6))


def maximal(pools: set[int]) -> set[int]:
    """The pools no other pool covers with more of some type. Each land adds exactly one mana, so
    the set of pools is closed downwards (drop the lands that added the excess), and a pool is
    covered by another iff adding one mana of some type gives a pool of the set."""
    return {p for p in pools if not any((p + u) in pools for u in _UNIT.values())}


@dataclass
class BaselineResult:
    pools: set[int] = field(default_factory=set)
    finished: bool = False
    seconds: float = 0.0
    combinations: int = 0
    """Combinations (leaves) visited."""
    total_combinations: int = 0
    """Combinations there are in all."""

    @property
    def projected_seconds(self) -> float:
        """How long the whole enumeration would take at the rate seen (its own time if it finished)."""
        if self.finished or not self.combinations:
            return self.seconds
        return self.seconds * self.total_combinations / self.combinations

    @property
    def maximal(self) -> set[int]:
        return maximal(self.pools)


def total_combinations(options: Sequence[Sequence[str]]) -> int:
    n = 1
    for opts in options:
        n *= len(opts) + 1  # leave it untapped, or tap it for one of its types
    return n


def bruteforce(options: Sequence[Sequence[str]], *, budget: float = 30.0) -> BaselineResult:
    """Every subset of lands × every color choice, one by one (depth first, running sums)."""
    units = [[_UNIT[t] for t in opts] for opts in options]
    n = len(units)
    res = BaselineResult(total_combinations=total_combinations(options))
    seen = res.pools
    deadline = time.perf_counter() + budget
    visited = 0

    class _OutOfTime(Exception):
        pass

    def walk(i: int, pool: int) -> None:
        nonlocal visited
        if i == n:
            seen.add(pool)
            visited += 1
            if not visited & 0xFFFF and time.perf_counter() > deadline:
                raise _OutOfTime
            return
        walk(i + 1, pool)  # untapped
        for u in units[i]:
            walk(i + 1, pool + u)

    t0 = time.perf_counter()
    try:
        walk(0, 0)
        res.finished = True
    except _OutOfTime:
        res.finished = False
    res.seconds = time.perf_counter() - t0
    res.combinations = visited
    return res


def distinct_sets(options: Sequence[Sequence[str]]) -> BaselineResult:
    """The distinct pools, land by land: pools ← {p, p + one mana of a type the land adds}."""
    t0 = time.perf_counter()
    pools = {0}
    for opts in options:
        us = [_UNIT[t] for t in opts]
        pools = pools | {p + u for p in pools for u in us}
    res = BaselineResult(pools=pools, finished=True, total_combinations=total_combinations(options))
    res.seconds = time.perf_counter() - t0
    res.combinations = res.total_combinations
    return res
