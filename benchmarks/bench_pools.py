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
