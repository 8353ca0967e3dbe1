"""Benchmark 2 — every mana pool of a 20-land board with any-color sources (issue 2).

alice controls 20 untapped lands, of which 0, 5, 10 or 20 are any-color (City of Brass / Mana
Confluence), the rest basic lands cycling W U B R G. ``Engine().pools(state, "alice", limit=L)``
against two plain-Python baselines (pools_baseline.py): the brute force over every subset ×
every color choice (stopped at its time budget), and the set of distinct pools land by land
(exact; used to check mtgasp's counts).
"""

from __future__ import annotations

from typing import Any

import pools_baseline as pb
from common import Probe, fmt_s, isolated, loud, md_table, repeat_breakdown
from states import land_options, twenty_lands, twenty_lands_dict

NAME = "pools"
TITLE = "Pools on a 20-land board with any-color sources"

ANY = (0, 5, 10, 20)


def _mtgasp(any_color: int, limit: int, reps: int) -> dict[str, Any]:
    from mtgasp import Engine

    engine = Engine()
    state = twenty_lands(any_color)
    probe = Probe()
    with probe.active():
        b, samples, res = repeat_breakdown(
            probe, lambda: engine.pools(state, "alice", limit=limit), n=reps, budget=20.0
        )
    return {
        "breakdown": b.to_json(),
        "samples": samples,
        "listed": len(res.pools),
        "complete": res.complete,
        "maximal": len(res.maximal),
        "maximal_complete": res.maximal_complete,
        "total": getattr(res, "total", None),
        "pool_set": sorted(p.mana.as_tuple() for p in res.pools),
        "maximal_set": sorted(p.mana.as_tuple() for p in res.maximal),
        "notes": list(res.notes),
    }


def run(quick: bool = False, log: Any = print) -> dict[str, Any]:
    limits = (1000,) if quick else (100, 1000)
    reps = 1 if quick else 3
    timeout = 10.0 if quick else 90.0
    bf_budget = 3.0 if quick else 30.0
    probe_budget = 1.0 if quick else 2.0
    rows: list[dict[str, Any]] = []
    messages: list[str] = []
    bf_gave_up = False
    for a in ANY:
        options = land_options(twenty_lands_dict(a))
        exact = pb.distinct_sets(options)
        exact_set = {pb.decode(p) for p in exact.pools}
        exact_max = {pb.decode(p) for p in exact.maximal}
        # The brute force: its full budget until one case does not finish, then a short probe
        # (for the projected time) of the larger cases.
        budget = probe_budget if bf_gave_up else bf_budget
        bf = pb.bruteforce(options, budget=budget)
        if not bf.finished:
            bf_gave_up = True
        elif {pb.decode(p) for p in bf.pools} != exact_set:
            messages.append(loud(f"pools: brute force and distinct-set baseline disagree for {a} any-color lands"))
        base = {
            "any_color": a,
            "combinations": exact.total_combinations,
            "distinct_pools": len(exact.pools),
            "maximal_pools": len(exact_max),
            "distinct_sets_seconds": exact.seconds,
            "bruteforce": {
                "finished": bf.finished,
                "seconds": bf.seconds,
                "combinations_visited": bf.combinations,
                "projected_seconds": bf.projected_seconds,
                "budget": budget,
            },
        }
        log(
            f"  {a:>2} any-color: {len(exact.pools)} distinct pools, {len(exact_max)} maximal; brute force "
            + (f"{fmt_s(bf.seconds)}" if bf.finished else f"did not finish (projected {fmt_s(bf.projected_seconds)})")
        )
        for limit in limits:
            status, value = isolated(_mtgasp, a, limit, reps, timeout=timeout)
            row = dict(base, limit=limit, status=status)
            if status == "ok":
                # Every listed pool must be reachable; a complete listing must be all of them; a
                # complete maximal search must find exactly the maximal pools. (When the search for
                # maximal pools was bounded, mtgasp marks the pools maximal among the candidates
                # it found, which need not all be maximal: counted, not a mismatch.)
                agree = True
                got = {tuple(m) for m in value.pop("pool_set")}
                got_max = {tuple(m) for m in value.pop("maximal_set")}
                if not got <= exact_set:
                    agree = False
                if value["complete"] and got != exact_set:
                    agree = False
                if value["maximal_complete"] and got_max != exact_max:
                    agree = False
                value["truly_maximal"] = len(got_max & exact_max)
                if not agree:
                    messages.append(
                        loud(
                            f"pools: MISMATCH for {a} any-color lands, limit {limit}: mtgasp listed {len(got)} "
                            f"pools ({len(got_max)} maximal), baseline has {len(exact_set)} ({len(exact_max)} maximal)"
                        )
                    )
                row.update(value, agree=agree)
                b = value["breakdown"]
                log(
                    f"     limit {limit:>5}: {fmt_s(b['total']):>9}  listed {value['listed']} "
                    f"({'complete' if value['complete'] else 'bounded by the limit'}), maximal {value['maximal']}"
                    f"{'' if value['maximal_complete'] else ' (search bounded by maximal_limit)'}"
                )
            elif status == "timeout":
                row["error"] = f"did not finish within {timeout:.0f} s"
                messages.append(
                    loud(f"pools: mtgasp did not finish within {timeout:.0f} s for {a} any-color lands, limit {limit}")
                )
            else:
                row["error"] = value
                messages.append(loud(f"pools: mtgasp failed for {a} any-color lands, limit {limit}"))
                log(value)
            rows.append(row)
    return {
        "name": NAME,
        "title": TITLE,
        "quick": quick,
        "rows": rows,
        "messages": messages,
        "bruteforce_budget": bf_budget,
    }


def markdown(res: dict[str, Any]) -> str:
    out = [
        (
            "alice controls 20 untapped lands; *a* of them are any-color (City of Brass and Mana Confluence "
            'alternately), the rest basic lands cycling W U B R G. `Engine().pools(state, "alice", limit=L)`: '
            "wall time (median of 3 in a child process), pools listed, whether the listing is complete or was "
            "bounded by the limit, maximal pools found. *Brute force*: every subset of lands × every color "
            f"choice, one by one, in Python (budget {res['bruteforce_budget']:.0f} s; after the first case that "
            "does not finish, larger cases get a 2 s probe to project the time). *Distinct sets*: the set of "
            "distinct pools after each land (exact counts; mtgasp's pools are checked against it: every listed "
            "pool reachable, a complete listing equal to it, a complete maximal search equal to its maximal pools)."
        ),
        "",
    ]
    rows = []
    for r in res["rows"]:
        bf = r["bruteforce"]
        bf_text = (
            fmt_s(bf["seconds"]) if bf["finished"] else f"did not finish (projected {fmt_s(bf['projected_seconds'])})"
        )
        if r["status"] == "ok":
            b = r["breakdown"]
            listed = f"{r['listed']}" + (" (all)" if r["complete"] else " (bounded)")
            maximal = f"{r['maximal']}" + (
                "" if r["maximal_complete"] else f" (bounded; {r['truly_maximal']} of them truly maximal)"
            )
            rows.append(
                [
                    r["any_color"],
                    f"{r['combinations']:.3g}",
                    r["distinct_pools"],
                    r["maximal_pools"],
                    r["limit"],
                    f"**{fmt_s(b['total'])}**",
                    f"{fmt_s(b['ground'])} / {fmt_s(b['solve'])} / {fmt_s(b['python'])}",
                    listed,
                    maximal,
                    "yes" if r["agree"] else "**MISMATCH**",
                    bf_text,
                    fmt_s(r["distinct_sets_seconds"]),
                ]
            )
        else:
            rows.append(
                [
                    r["any_color"],
                    f"{r['combinations']:.3g}",
                    r["distinct_pools"],
                    r["maximal_pools"],
                    r["limit"],
                    r.get("error", "").splitlines()[-1] if r.get("error") else r["status"],
                    "",
                    "",
                    "",
                    "",
                    bf_text,
                    fmt_s(r["distinct_sets_seconds"]),
                ]
            )
    out.append(
        md_table(
            [
                "any-color",
                "subsets × colors",
                "distinct pools",
                "maximal pools",
                "limit",
                "mtgasp wall",
                "ground / solve / Python",
                "pools listed",
                "maximal found",
                "agrees",
                "brute force",
                "distinct sets",
            ],
            rows,
        )
    )
    for m in res.get("messages", []):
        out.append("")
        out.append(m)
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------
# Growth: n Forests under k mana multipliers (issue 13)
# ---------------------------------------------------------------------------------------------

#: The replacement effects, added in this order: each multiplies what a Forest adds.
MULTIPLIERS = (("Mana Reflection", 2), ("Nyxbloom Ancient", 3), ("Mana Reflection", 2), ("Nyxbloom Ancient", 3))
GROWTH_SIZES = (10, 25, 50, 100, 200)


def forests_dict(n: int, k: int) -> dict[str, Any]:
    """alice's n untapped Forests and the first k effects of :data:`MULTIPLIERS`."""
    bf: list[dict[str, Any]] = [{"id": f"f{i}", "card": "Forest", "controller": "alice"} for i in range(n)]
    bf += [{"id": f"e{i}", "card": card, "controller": "alice"} for i, (card, _) in enumerate(MULTIPLIERS[:k])]
    return {"players": ["alice", "bob"], "battlefield": bf}


def _growth_case(n: int, k: int) -> dict[str, Any]:
    import time

    from mtgasp import Engine, queries
    from mtgasp.state import state_from_dict

    state = state_from_dict(forests_dict(n, k))
    engine = Engine()
    engine.could_produce(state, "f0")  # warm: the cards are read once
    ground = solve = 0.0
    orig = queries.solve

    def spy(*a: Any, **kw: Any) -> Any:
        nonlocal ground, solve
        sol = orig(*a, **kw)
        ground += sol.ground_seconds
        solve += sol.solve_seconds
        return sol

    queries.solve = spy
    try:
        c0, w0 = time.process_time(), time.perf_counter()
        res = engine.pools(state, "alice")
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    finally:
        queries.solve = orig
    return {"cpu": cpu, "wall": wall, "ground": ground, "solve": solve, "total": res.total,
            "maximal": [p.mana.as_tuple() for p in res.maximal], "complete": res.complete}


def growth(sizes: tuple[int, ...] = GROWTH_SIZES, timeout: float = 120.0, log: Any = print) -> list[dict[str, Any]]:
    """``Engine().pools`` on n Forests under k = 0..4 multipliers, each in a child process. The
    answer is known by hand: each Forest adds nothing or m = the product of the multipliers {G},
    so there are n + 1 distinct pools and one maximal pool, n·m {G}."""
    rows = []
    for k in range(len(MULTIPLIERS) + 1):
        m = 1
        for _, factor in MULTIPLIERS[:k]:
            m *= factor
        for n in sizes:
            status, value = isolated(_growth_case, n, k, timeout=timeout)
            row: dict[str, Any] = {"forests": n, "effects": k, "multiplier": m, "status": status}
            if status == "ok":
                right = value["total"] == n + 1 and value["maximal"] == [(0, 0, 0, 0, n * m, 0)]
                row.update(value, right=right)
                log(f"  k={k} n={n:>4}: {value['cpu']:6.2f} s CPU ({value['wall']:6.2f} wall; ground {value['ground']:.2f}, "
                    f"solve {value['solve']:.2f}), {value['total']} pools, {'right' if right else 'WRONG'}")
            else:
                log(f"  k={k} n={n:>4}: {status} (bound {timeout:g} s)")
            rows.append(row)
    return rows


def growth_markdown(rows: list[dict[str, Any]]) -> str:
    sizes = sorted({r["forests"] for r in rows})
    out = ["| effects (multiplier) | " + " | ".join(f"{n} Forests" for n in sizes) + " |",
           "|---|" + "---|" * len(sizes)]
    for k in sorted({r["effects"] for r in rows}):
        cells = []
        for n in sizes:
            r = next(r for r in rows if r["effects"] == k and r["forests"] == n)
            if r["status"] != "ok":
                cells.append(r["status"])
            else:
                cells.append(f"{r['cpu']:.2f} s ({r['ground']:.2f} + {r['solve']:.2f})" + ("" if r["right"] else " **WRONG**"))
        m = next(r["multiplier"] for r in rows if r["effects"] == k)
        out.append(f"| {k} (x{m}) | " + " | ".join(cells) + " |")
    return "\n".join(out)


if __name__ == "__main__":
    import argparse
    import json

    ap = argparse.ArgumentParser(description="pools growth: n Forests under 0..4 mana multipliers")
    ap.add_argument("--sizes", default=",".join(map(str, GROWTH_SIZES)))
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per case (a child process)")
    ap.add_argument("--json")
    args = ap.parse_args()
    found = growth(tuple(int(s) for s in args.sizes.split(",")), args.timeout)
    print(growth_markdown(found))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(found, fh, indent=2)
