"""The brute-force baseline for replacement effects on one mana production event (CR 616).

Independent of the rules in rules_asp/: it walks every legal order one by one, in Python. At each
step the chooser picks any effect that has not applied yet and applies now (CR 616.1e, 614.5);
the process repeats until none is left (CR 616.1f). The benchmarks time it side by side with
mtgasp, and the tests use it as an oracle for small k.

Effects: ``Effect("set_type", "R")`` — "produces {R} instead of any other type";
``Effect("set_mana", "B", 1)`` — "{B} instead of any other type and amount";
``Effect("multiply", factor=2)`` — "twice as much of that mana"; ``min_amount`` — "tapped for N
or more mana". Mana is a 6-tuple in the order W U B R G C. The same walk counts the orders of
effects on creating tokens or putting counters, on a 1-tuple amount (N,): ``multiply`` is
"twice that many", ``Effect("plus", amount=1)`` is "that many plus one".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

TYPES = "WUBRGC"
Mana = tuple[int, ...]


@dataclass(frozen=True)
class Effect:
    kind: str
    type: str = ""
    amount: int = 0
    factor: int = 1
    min_amount: int = 0

    def applicable(self, mana: Mana) -> bool:
        total = sum(mana)
        return total > 0 and total >= self.min_amount  # CR 106.12b: the event produces mana

    def apply(self, mana: Mana) -> Mana:
        if self.kind == "multiply":
            return tuple(x * self.factor for x in mana)
        if self.kind == "plus":  # "that many plus N" (tokens or counters: a 1-tuple amount)
            return (mana[0] + self.amount, *mana[1:])
        out = [0] * 6
        out[TYPES.index(self.type)] = sum(mana) if self.kind == "set_type" else self.amount
        return tuple(out)


def results(start: Mana, effects: Sequence[Effect]) -> Counter[Mana]:
    """Every legal order's result, with how many orders give it."""
    counts: Counter[Mana] = Counter()

    def walk(mana: Mana, left: tuple[int, ...]) -> None:
        options = [i for i in left if effects[i].applicable(mana)]
        if not options:
            counts[mana] += 1
            return
        for i in options:
            walk(effects[i].apply(mana), tuple(j for j in left if j != i))

    walk(start, tuple(range(len(effects))))
    return counts


def results_grouped(start: Mana, effects: Sequence[Effect]) -> Counter[Mana]:
    """The same answer as :func:`results`, without walking the orders one by one (an extension
    used to check mtgasp where :func:`results` would take too long).

    Equal effects (same ``Effect`` value) behave identically, so the state of the walk is the
    mana so far and how many copies of each distinct effect are left; applying one of n unused
    copies stands for n different orders. Memoized on that state.
    """
    kinds = sorted(set(effects), key=repr)
    start_left = tuple(sum(1 for e in effects if e == k) for k in kinds)
    memo: dict[tuple[Mana, tuple[int, ...]], Counter[Mana]] = {}

    def walk(mana: Mana, left: tuple[int, ...]) -> Counter[Mana]:
        key = (mana, left)
        if key in memo:
            return memo[key]
        out: Counter[Mana] = Counter()
        moved = False
        for i, n in enumerate(left):
            if n and kinds[i].applicable(mana):
                moved = True
                sub = walk(kinds[i].apply(mana), left[:i] + (n - 1,) + left[i + 1 :])
                for m, c in sub.items():
                    out[m] += n * c
        if not moved:
            out[mana] += 1
        memo[key] = out
        return out

    return walk(tuple(start), start_left)
