"""Benchmark: `apply` against the number of objects (10, 100, 1000), grounding and solving apart.

States: two players, Alice's precombat main phase, N lands without abilities on the battlefield
(half each). Actions: `pass` with an empty stack (one raw step) and `settle` with a pending
state-based action (Bob at 0 life). Warm: the best of 3 runs after one unmeasured run.
Run: python benchmarks/bench_apply.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from mtgasp import Engine  # noqa: E402
from mtgasp.game import parse_action  # noqa: E402

from steps import TWO_PLAYERS, position  # noqa: E402

ENGINE = Engine()


def state(n: int, life_b: int = 20) -> object:
    facts = TWO_PLAYERS.replace('life(player("b"), 20)', f'life(player("b"), {life_b})')
    facts += 'step(precombat_main). priority(player("a")).\n'
    for i in range(n):
        p = 'player("a")' if i % 2 == 0 else 'player("b")'
        o = f'obj("l{i}")'
        facts += (f"object({o}). zone({o}, battlefield). permanent({o}). card_of({o}, card(\"Bench Land\")). "
                  f"controller({o}, {p}). owner({o}, {p}). timestamp({o}, {i + 1}).\n")
    return position(facts, {"Bench Land": ("Land", "")})


def measure(pos: object, action: str) -> tuple[float, float, float]:
    best = (9e9, 9e9, 9e9)
    ENGINE._raw(pos, parse_action(action, pos))  # type: ignore[arg-type]
    for _ in range(3):
        t = time.perf_counter()
        raw = ENGINE._raw(pos, parse_action(action, pos))  # type: ignore[arg-type]
        total = time.perf_counter() - t
        best = min(best, (total, raw.ground, raw.solve))
    return best


def main() -> None:
    print(f"{'objects':>8} {'action':>7} {'total ms':>9} {'ground ms':>10} {'solve ms':>9}")
    for n in (10, 100, 1000):
        for action, pos in (("pass", state(n)), ("settle", state(n, life_b=0))):
            total, ground, solve = measure(pos, action)
            print(f"{n:>8} {action:>7} {total * 1000:>9.1f} {ground * 1000:>10.1f} {solve * 1000:>9.1f}")


if __name__ == "__main__":
    main()
