"""Benchmark — replacement effects on one event of creating tokens or putting counters (issue 9).

k replacement effects (k = 1..20) on one event, in two families:

* "token doublers": Doubling Season, Parallel Lives and Anointed Procession in turn; alice would
  create one token. One distinct result (2^k tokens), k! orders.
* "counters, one plus one": Hardened Scales and k-1 Doubling Seasons; one +1/+1 counter would
  be put on alice's Grizzly Bears. Where the "plus one" goes among the doublers matters: k
  distinct results.
* "counters, half plus one": Doubling Season and Hardened Scales in turn. Each "plus one"'s
  place among the doublers matters: the number of distinct results grows fast (6,134 at k =
  20), and so does CR 616's graph (52,053 states at k = 20). The rules build it from the two
  classes' operations and derive the transition relation once per class; the bridge counts the
  orders by walking it layer by layer (mtgasp.cr616_graph.count_on_transitions).

mtgasp (:func:`mtgasp.events.replacements` — every distinct result with the number of orders,
counted on CR 616's graph) runs side by side, in this process, with ``bruteforce.results``, which
walks every legal order in Python; the brute force runs for every k up to 10 (the target's ratio) and
past it while a run is projected to take at most a minute. Every answer of mtgasp is checked exactly against the brute force where
it ran, and against ``bruteforce.results_grouped`` (the same answer, memoized on identical
effects) for every k.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from typing import Any

import bruteforce as bf
from common import fmt_ratio, fmt_s, loud, md_table

NAME = "token_replacement"
TITLE = "Replacement effects: k effects on one event of creating tokens or putting counters"

FAMILIES = {
    "token doublers": (("Doubling Season", "Parallel Lives", "Anointed Procession"), "tokens"),
    "counters, one plus one": (("Hardened Scales",) + ("Doubling Season",) * 19, "counters"),
    "counters, half plus one": (("Doubling Season", "Hardened Scales"), "counters"),
}
#: The hard family stops growing k once one call took longer than this.
HARD_STOP = 30.0
_BF = {
    "Doubling Season": bf.Effect("multiply", factor=2),
    "Parallel Lives": bf.Effect("multiply", factor=2),
    "Anointed Procession": bf.Effect("multiply", factor=2),
    "Hardened Scales": bf.Effect("plus", amount=1),
}


def _state_text(cards: tuple[str, ...], k: int) -> tuple[str, list[str]]:
    chosen = [cards[i % len(cards)] for i in range(k)]
    lines = ["players: [alice, bob]", "battlefield:", "  - {id: bears, card: Grizzly Bears, controller: alice}"]
    lines += [f"  - {{id: e{i}, card: {c}, controller: alice}}" for i, c in enumerate(chosen)]
    return "\n".join(lines) + "\n", chosen


def run(quick: bool = False, log: Any = print) -> dict[str, Any]:
    from mtgasp import Engine, loads_state
    from mtgasp.events import CounterEvent, TokenEvent, replacements

    engine = Engine()
    ks = list(range(1, 11)) + [12, 15, 20] if quick else list(range(1, 21))
    messages: list[str] = []
    families = []
    for family, (cards, kind) in FAMILIES.items():
        rows = []
        bf_last: float | None = None
        for k in ks:
            if rows and rows[-1]["mtgasp_seconds"] > HARD_STOP:
                break
            text, chosen = _state_text(cards, k)
            state = loads_state(text)
            event = TokenEvent("alice", 1) if kind == "tokens" else CounterEvent("bears", "+1/+1", 1)
            replacements(engine, state, event)  # warm (parse the cards once)
            times, cpu = [], []
            for _ in range(3):  # the best of three (the machine is shared)
                t0, c0 = time.perf_counter(), time.process_time()
                res = replacements(engine, state, event)
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            got = Counter({d.amount: d.orders for d in res.distinct})
            row: dict[str, Any] = {
                "k": k,
                "mtgasp_seconds": min(times),
                "mtgasp_cpu_seconds": min(cpu),
                "distinct_results": len(got),
                "total_orders": sum(got.values()),
            }
            effects = [_BF[c] for c in chosen]
            t0 = time.perf_counter()
            grouped = bf.results_grouped((1,), effects)
            row["grouped_seconds"] = time.perf_counter() - t0
            want = Counter({m[0]: n for m, n in grouped.items()})
            row["agree_grouped"] = want == got
            if want != got:
                messages.append(loud(f"{family} k={k}: MISMATCH mtgasp {dict(got)} vs oracle {dict(want)}"))
            projected = bf_last * k if bf_last is not None else 0.0
            # up to k = 10 always (the target's ratio, every family); past it while a run is
            # projected to take at most a minute
            if (k <= 10 and not quick) or projected <= (5.0 if quick else 60.0):
                t0, c0 = time.perf_counter(), time.process_time()
                walked = bf.results((1,), effects)
                bf_last = time.perf_counter() - t0
                row["bruteforce_seconds"] = bf_last
                row["bruteforce_cpu_seconds"] = time.process_time() - c0
                row["agree_bruteforce"] = Counter({m[0]: n for m, n in walked.items()}) == got
                row["ratio"] = bf_last / row["mtgasp_seconds"] if row["mtgasp_seconds"] else None
                cpu_ratio = row["bruteforce_cpu_seconds"] / row["mtgasp_cpu_seconds"] if row["mtgasp_cpu_seconds"] else None
                row["cpu_ratio"] = cpu_ratio
            else:
                row["bruteforce_projected_seconds"] = projected
                bf_last = projected
            rows.append(row)
            log(
                f"  {family} k={k}: mtgasp {fmt_s(row['mtgasp_seconds'])}, {row['distinct_results']} distinct, "
                f"{row['total_orders']} orders; brute force {fmt_s(row.get('bruteforce_seconds'))}"
            )
        families.append({"family": family, "rows": rows})
    targets = []
    for fam in families:
        by_k = {r["k"]: r for r in fam["rows"]}
        if 10 in by_k and by_k[10].get("ratio") is not None:
            targets.append({"family": fam["family"], "target": "k = 10: at least 100x faster than brute force",
                            "value": by_k[10]["ratio"], "met": by_k[10]["ratio"] >= 100})
            if by_k[10].get("cpu_ratio") is not None:
                targets.append({"family": fam["family"], "target": "k = 10: at least 100x faster than brute force (CPU)",
                                "value": by_k[10]["cpu_ratio"], "met": by_k[10]["cpu_ratio"] >= 100})
        if 20 in by_k:
            t = by_k[20]["mtgasp_seconds"]
            targets.append({"family": fam["family"], "target": "k = 20: under a second", "value": t, "met": t < 1.0})
            c = by_k[20]["mtgasp_cpu_seconds"]
            targets.append({"family": fam["family"], "target": "k = 20: under a second (CPU)", "value": c, "met": c < 1.0})
    return {"families": families, "targets": targets, "messages": messages}


def markdown(res: dict[str, Any]) -> str:
    out = []
    for fam in res["families"]:
        rows = []
        for r in fam["rows"]:
            if "bruteforce_seconds" in r:
                check = "✓" if r["agree_bruteforce"] and r["agree_grouped"] else "**MISMATCH**"
                bf_text = fmt_s(r["bruteforce_seconds"])
                if r.get("bruteforce_cpu_seconds") is not None:
                    bf_text += f" ({fmt_s(r['bruteforce_cpu_seconds'])} CPU)"
            else:
                check = "✓ₒ" if r["agree_grouped"] else "**MISMATCH**"
                bf_text = f"(~{fmt_s(r['bruteforce_projected_seconds'])})"
            rows.append([r["k"], fmt_s(r["mtgasp_seconds"]), fmt_s(r.get("mtgasp_cpu_seconds")), bf_text, fmt_ratio(r.get("ratio")), fmt_ratio(r.get("cpu_ratio")), r["distinct_results"],
                         f"{r['total_orders']:,}" if r["total_orders"] < 10**6 else f"{r['total_orders']:.3g}", check])
        out.append(f"**{fam['family']}** (k! = {math.factorial(fam['rows'][-1]['k']):.3g} orders at the largest k)\n")
        out.append(md_table(["k", "mtgasp", "mtgasp CPU", "brute force", "ratio", "CPU ratio", "distinct", "orders", "agree"],
                            rows, "rrrrrrrrc"))
    out.append("\n✓: equal to the brute force and the memoized oracle; ✓ₒ: equal to the memoized oracle "
               "(the brute force was not run: projected time in parentheses).")
    for t in res["targets"]:
        val = fmt_ratio(t["value"]) if "faster" in t["target"] else fmt_s(t["value"])
        out.append(f"- {t['family']}: {t['target']}: {val} — {'met' if t['met'] else '**not met**'}")
    out += res["messages"]
    return "\n".join(out)


if __name__ == "__main__":
    import json
    import sys

    quick = "--quick" in sys.argv
    result = run(quick=quick)
    print(markdown(result))
    if "--json" in sys.argv:
        print(json.dumps(result, indent=2))
