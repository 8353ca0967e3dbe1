"""Benchmark: `apply` against the number of objects (10, 100, 1000), grounding and solving apart.

States: two players, Alice's precombat main phase, N lands without abilities on the battlefield
(half each). Actions: `pass` with an empty stack and `settle` with a pending state-based action
(Bob at 0 life). Two figures per row:

* step: one call of the apply query (``Engine._raw``: ground + solve, and the Python around it),
  with the rules grounded out of the rule base (the rest cannot fire for the state:
  mtgasp.relevance) — the per-query floor;
  (cpu: the process time of the step, steadier than wall time on a busy machine);
* apply: the whole ``Engine.apply`` as a user calls it: the step, then each successor settled
  (one more call each: is it settled, and if not its settle step, CR 704.3).

Warm: the best of 5 runs after one unmeasured run (the rule base is parsed once per process).
The growth ratios (10 -> 100 -> 1000 objects) are of the step's total; linear growth would be 10.
Run: python benchmarks/bench_apply.py    (MTGASP_GROUND_ALL=1 grounds every rule, to compare)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import clingo  # noqa: E402

from mtgasp import Engine  # noqa: E402
from mtgasp.engine import solve  # noqa: E402
from mtgasp.game import parse_action  # noqa: E402

from steps import TWO_PLAYERS, position  # noqa: E402

ENGINE = Engine()
SIZES = (10, 100, 1000)


def state(n: int, life_b: int = 20) -> object:
    facts = TWO_PLAYERS.replace('life(player("b"), 20)', f'life(player("b"), {life_b})')
    facts += 'step(precombat_main). priority(player("a")).\n'
    for i in range(n):
        p = 'player("a")' if i % 2 == 0 else 'player("b")'
        o = f'obj("l{i}")'
        facts += (f"object({o}). zone({o}, battlefield). permanent({o}). card_of({o}, card(\"Bench Land\")). "
                  f"controller({o}, {p}). owner({o}, {p}). timestamp({o}, {i + 1}).\n")
    return position(facts, {"Bench Land": ("Land", "")})


def measure(pos: object, action: str, runs: int = 5) -> dict[str, float]:
    """Best of ``runs`` (after one warm-up) for one step and for the whole apply."""
    term = parse_action(action, pos)  # type: ignore[arg-type]
    ENGINE.apply(pos, action)  # warm-up
    best: dict[str, float] = {}
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        raw = ENGINE._raw(pos, term)  # type: ignore[arg-type]
        step, cpu = time.perf_counter() - t, time.process_time() - c
        t = time.perf_counter()
        r = ENGINE.apply(pos, action)  # type: ignore[arg-type]
        whole = time.perf_counter() - t
        if not best or step < best["step"]:
            best.update(step=step, ground=raw.ground, solve=raw.solve)
        best["cpu"] = min(best.get("cpu", cpu), cpu)
        if "apply" not in best or whole < best["apply"]:
            best.update(apply=whole, apply_ground=r.ground_seconds)
    sol = solve([*pos.program(), clingo.Function("__action", [term])], "apply")  # type: ignore[attr-defined]
    best["rules"], best["rule_base"] = sol.rules
    return best


def floor(extra: int, runs: int = 5) -> tuple[float, int]:
    """The per-query floor with ``extra`` more rules in the rule base (rules of the shape of the
    real ones, on predicates nothing derives for this state): process time of parsing nothing
    (the rule base is parsed once), choosing the rules, grounding and solving a 10-object pass."""
    import tempfile

    from mtgasp.engine import rules_dir
    from mtgasp.relevance import RuleBase

    pos = state(10)
    text = "".join(f"{f}.\n" for f in pos.program()) + "__action(pass).\n"  # type: ignore[attr-defined]
    base = rules_dir()
    with tempfile.TemporaryDirectory() as tmp:
        more = Path(tmp) / "more.lp"
        more.write_text("".join(
            f"_bench{i}(O, N) :- _bench_in{i % 50}(O), zone_of(O, battlefield), N = #count{{ P : controller(O, P) }}.\n"
            f"next(F) :- _bench{i}(F, _), not del(F).\n" for i in range(extra // 2)) + "#defined _bench_in0/1.\n"
            + "".join(f"#defined _bench_in{i}/1.\n" for i in range(1, 50)), encoding="utf-8")
        rb = RuleBase([str(base / "engine.lp"), str(base / "queries" / "apply.lp"), *([str(more)] if extra else [])])
        best = 9e9
        for _ in range(runs + 1):
            c = time.process_time()
            ctl = clingo.Control(["0", "--project=show"])
            used, _ = rb.load(ctl, text)
            ctl.add("base", [], text)
            ctl.ground([("base", [])])
            ctl.solve()
            best = min(best, time.process_time() - c)
        return best, rb.n_rules


def main() -> None:
    print(f"{'objects':>8} {'action':>7} {'step ms':>8} {'ground':>7} {'solve':>6} {'cpu':>6} {'rules':>10}   "
          f"{'apply ms':>9} {'(ground)':>9}")
    steps: dict[str, list[float]] = {}
    for n in SIZES:
        for action, pos in (("pass", state(n)), ("settle", state(n, life_b=0))):
            m = measure(pos, action)
            steps.setdefault(action, []).append(m["step"])
            print(f"{n:>8} {action:>7} {m['step'] * 1000:>8.1f} {m['ground'] * 1000:>7.1f} {m['solve'] * 1000:>6.1f} {m['cpu'] * 1000:>6.1f} "
                  f"{int(m['rules']):>5}/{int(m['rule_base']):<4}   {m['apply'] * 1000:>9.1f} {m['apply_ground'] * 1000:>9.1f}")
    for action, ts in steps.items():
        ratios = " -> ".join(f"x{b / a:.1f}" for a, b in zip(ts, ts[1:]))
        print(f"growth of one {action} step, 10 -> 100 -> 1000 objects: {ratios} (linear: x10)")
    for extra in (0, 1650, 3300):
        t, n = floor(extra)
        print(f"floor (10 objects, pass) with {n} rules in the rule base: {t * 1000:.1f} ms cpu")


if __name__ == "__main__":
    main()
