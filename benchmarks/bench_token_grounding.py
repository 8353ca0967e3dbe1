"""Benchmark — grounding of a token event through `apply` against the number of token doublers (issue 9).

Myr Propagator's ability ("Create a token that's a copy of Myr Propagator") is on the stack; both
players have passed once; alice passes again and it resolves, under k = 0..5 token doublers
(Doubling Season, Parallel Lives, Anointed Procession in turn). For the `apply` step that
resolves it: the ground rules clingo reports, the CPU time of grounding and of solving, and the
successors (one: 2^k tokens).

CR 616's results for the step's token events are worked out once per class known from the facts
(cr614_tokens_counters.lp, token_could/1); built inside the step's recursive component instead,
they were grounded for every set of effects that might apply. The default run grounds only the
rules the facts can use (mtgasp.relevance); ``--all-rules`` grounds every rule
(MTGASP_GROUND_ALL=1), where the step's component is largest; ``--rules DIR`` grounds the rule
files of DIR instead of the installed ones (to compare with an older version). The growth past
k = 3 is the 2^k tokens themselves (their objects, timestamps and facts).

``--control effect`` / ``--control aura``: the doublers are bob's, and alice controls them through
a resolved "gain control" effect each / an Aura "You control enchanted permanent" each (CR
613.1b): the classes read the controller after layer 2, which the grounder settles from the state
before the step (still one successor: 2^k tokens for alice).

Run: python benchmarks/bench_token_grounding.py [--all-rules] [--rules DIR] [--max-k 5] [--control none|effect|aura]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import clingo

DOUBLERS = ("Doubling Season", "Parallel Lives", "Anointed Procession")


AURA = ('cards:\n  - {name: Confiscate, type_line: Enchantment — Aura, mana_cost: "{4}{U}{U}", '
        'oracle_text: "Enchant permanent\\nYou control enchanted permanent."}\n')


def state_text(k: int, control: str = "none") -> str:
    owner = "alice" if control == "none" else "bob"
    lines = ["version: 2", "players: [alice, bob]", "active: alice", "step: precombat_main", "battlefield:",
             "  - {id: propagator, card: Myr Propagator, controller: alice, tapped: true}"]
    lines += [f'  - {{id: d{i}, card: "{DOUBLERS[i % len(DOUBLERS)]}", controller: {owner}}}' for i in range(k)]
    if control == "aura":
        lines += [f"  - {{id: c{i}, card: Confiscate, controller: alice, attached_to: d{i}}}" for i in range(k)]
    if control == "effect" and k:
        lines += ["effects:", *(f"  - {{kind: gain_control, object: d{i}, player: alice}}" for i in range(k))]
    lines += ["stack:", "  - {id: ab, ability: 1, source: propagator, controller: alice}"]
    return "\n".join(lines) + "\n" + (AURA if control == "aura" else "")


def measure(k: int, rules: Path | None, control: str = "none") -> dict[str, float | int | str]:
    from mtgasp import Engine, loads_state
    from mtgasp.engine import rule_base, rules_dir

    engine = Engine()
    pos = engine.apply(loads_state(state_text(k, control)), "pass").successors[0].position  # alice passes
    facts = [*pos.program(), clingo.Function("__action", [clingo.Function("pass", [])])]
    text = "".join(f"{f}.\n" for f in facts)
    base = rules or rules_dir()
    ctl = clingo.Control(["0", "--project=show"])
    c0 = time.process_time()
    rule_base([base / "engine.lp", base / "queries" / "apply.lp"], base).load(ctl, text)
    ctl.add("base", [], text)
    try:
        ctl.ground([("base", [])])
    except (MemoryError, RuntimeError) as e:  # past the address-space limit (ulimit -v)
        return {"k": k, "failed": f"{type(e).__name__} after {time.process_time() - c0:.1f} s CPU of grounding"}
    c1 = time.process_time()
    models = 0
    with ctl.solve(yield_=True) as handle:  # type: ignore[union-attr]
        for _ in handle:
            models += 1
    c2 = time.process_time()
    return {"k": k, "ground_rules": int(ctl.statistics["problem"]["lp"]["rules"]), "ground_cpu": c1 - c0,
            "solve_cpu": c2 - c1, "models": models}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all-rules", action="store_true", help="ground every rule (MTGASP_GROUND_ALL=1)")
    ap.add_argument("--rules", type=Path, help="the rules_asp directory to ground (default: the installed one)")
    ap.add_argument("--max-k", type=int, default=5)
    ap.add_argument("--control", choices=("none", "effect", "aura"), default="none",
                    help="the doublers are bob's and alice controls them through a gain-control effect / an Aura")
    args = ap.parse_args()
    if args.all_rules:
        os.environ["MTGASP_GROUND_ALL"] = "1"
    print(f"{'k':>3} {'ground rules':>13} {'ground CPU':>11} {'solve CPU':>10} {'models':>7}")
    for k in range(args.max_k + 1):
        m = measure(k, args.rules, args.control)
        if "failed" in m:
            print(f"{k:>3} {m['failed']}", flush=True)
            break
        print(f"{m['k']:>3} {m['ground_rules']:>13,} {m['ground_cpu']:>10.2f}s {m['solve_cpu']:>9.2f}s {m['models']:>7}",
              flush=True)


if __name__ == "__main__":
    main()
