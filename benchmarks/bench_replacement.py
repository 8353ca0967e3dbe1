"""Benchmark 4 — replacement effects on one mana event (issue 3).

alice taps her Wastes for mana with k replacement effects on the battlefield (k = 1..20), in three
families (states.FAMILIES). The effect cards are defined in the state's ``cards:`` with their
Oracle text, so the parser reads them like any card:

* "Twice Over":  If you tap a permanent for mana, it produces twice as much of that mana instead.
* "Tint <Color>": If a land is tapped for mana, it produces {C} instead of any other type.

mtgasp (``Engine().tap`` — every distinct result with the number of orders leading to it — and
``Engine().orders(limit=10)``) runs side by side, in this process, with ``bruteforce.results``,
which walks every legal order in Python. The brute force stops growing k once a run exceeded
~20 s or is projected to take more than a minute. Every result of mtgasp is checked exactly
against the brute force where it ran, and against ``bruteforce.results_grouped`` (the same
answer, memoized on identical effects) for every k.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import bruteforce as bf
from common import Probe, fmt_ratio, fmt_s, loud, md_table, repeat_breakdown
from states import FAMILIES, family_effects, replacement_state

NAME = "replacement"
TITLE = "Replacement effects: k effects on one mana event"

START = (0, 0, 0, 0, 0, 1)  # Wastes: {C}


def _bf_effects(family: str, k: int) -> list[bf.Effect]:
    out = []
    for _card, spec in family_effects(family, k):
        out.append(bf.Effect("multiply", factor=2) if spec == "x2" else bf.Effect("set_type", spec))
    return out


def _key(counter: Counter[tuple[int, ...]]) -> dict[str, int]:
    """A JSON-friendly, comparable form: "W U B R G C" amounts → orders."""
    return {" ".join(map(str, m)): n for m, n in sorted(counter.items())}


def _mtgasp_counts(result: Any) -> Counter[tuple[int, ...]]:
    out: Counter[tuple[int, ...]] = Counter()
    for o in result.outcomes:
        out[o.replaced.as_tuple()] += o.orders
    return out


def _parser_check(state: Any) -> list[str]:
    """The custom effect cards the parser could not read (their text would be ignored)."""
    from mtgasp import Engine

    db = state.database(Engine().db)
    bad = []
    for card in state.cards:
        parsed = db.parsed(card.name)
        names = {f.name for f in parsed.facts}
        if getattr(parsed, "unsupported", ()) or "replacement" not in names:
            bad.append(card.name)
    return bad


def run(quick: bool = False, log: Any = print) -> dict[str, Any]:
    from mtgasp import Engine

    engine = Engine()
    ks = list(range(1, 11)) + [12, 15, 20] if quick else list(range(1, 21))
    bf_stop_after = 20.0  # a run longer than this stops the brute force for larger k
    bf_max_projected = 5.0 if quick else 60.0
    orders_max_k = 10 if quick else 20
    probe = Probe()
    families: list[dict[str, Any]] = []
    messages: list[str] = []
    with probe.active():
        engine.tap(replacement_state("interacting", 2), "land")  # warm: parse the effect cards' templates
        for family in FAMILIES:
            rows: list[dict[str, Any]] = []
            bf_last: float | None = None
            bf_stopped = ""
            unsupported = _parser_check(replacement_state(family, min(5, max(ks))))
            if unsupported:
                messages.append(
                    loud(
                        f"replacement/{family}: the parser does not read {', '.join(unsupported)} yet; mtgasp's answers below ignore them"
                    )
                )
            for k in ks:
                state = replacement_state(family, k)
                effects = _bf_effects(family, k)
                row: dict[str, Any] = {"k": k}
                # mtgasp: tap (distinct results with order counts)
                reps = (5 if k <= 10 else 1) if quick else (7 if k <= 10 else 3)
                b, samples, res = repeat_breakdown(
                    probe, lambda state=state: engine.tap(state, "land"), n=reps, budget=10.0
                )
                got = _mtgasp_counts(res)
                row["mtgasp"] = {"breakdown": b.to_json(), "samples": samples}
                row["distinct_results"] = len(got)
                row["total_orders"] = sum(got.values())
                row["results"] = _key(got)
                # mtgasp: orders(limit=10), which also lists ten orders
                if k <= orders_max_k:
                    t0 = time.perf_counter()
                    ores = engine.orders(state, "land", limit=10)
                    row["orders_call"] = time.perf_counter() - t0
                    ocounts: Counter[tuple[int, ...]] = Counter()
                    for d in ores.distinct:
                        ocounts[d.result.as_tuple()] += d.orders
                    row["orders_listed"] = len(ores.orders)
                    if ocounts != got:
                        row["orders_agree"] = False
                        messages.append(
                            loud(f"replacement/{family} k={k}: MISMATCH between Engine.tap and Engine.orders")
                        )
                    else:
                        row["orders_agree"] = True
                # the memoized oracle (every k)
                t0 = time.perf_counter()
                grouped = bf.results_grouped(START, effects)
                row["grouped_seconds"] = time.perf_counter() - t0
                row["agree_grouped"] = grouped == got
                if grouped != got:
                    messages.append(
                        loud(
                            f"replacement/{family} k={k}: MISMATCH mtgasp {_key(got)} vs oracle (grouped) {_key(grouped)}"
                        )
                    )
                # the brute force, while it can finish
                projected = bf_last * k if bf_last is not None else 0.0
                if not bf_stopped and projected > bf_max_projected:
                    bf_stopped = f"stopped before k={k}: projected {fmt_s(projected)} (k × the time at k−1)"
                if not bf_stopped:
                    t0 = time.perf_counter()
                    brute = bf.results(START, effects)
                    bf_last = time.perf_counter() - t0
                    row["bruteforce_seconds"] = bf_last
                    row["agree_bruteforce"] = brute == got
                    if brute != got:
                        messages.append(
                            loud(
                                f"replacement/{family} k={k}: MISMATCH mtgasp {_key(got)} vs brute force {_key(brute)}"
                            )
                        )
                    if bf_last > bf_stop_after:
                        bf_stopped = f"stopped after k={k}: one run took {fmt_s(bf_last)} (> {bf_stop_after:.0f} s)"
                rows.append(row)
                bft = row.get("bruteforce_seconds")
                log(
                    f"  {family:<13} k={k:>2}: mtgasp {fmt_s(b.total):>9}"
                    f"  brute force {fmt_s(bft) if bft is not None else '—':>9}"
                    f"  ratio {fmt_ratio(bft / b.total) if bft is not None else '—':>8}"
                    f"  {len(got)} results, {sum(got.values())} orders"
                    f"{'' if row['agree_grouped'] and row.get('agree_bruteforce', True) else '  MISMATCH'}"
                )
            families.append(
                {
                    "family": family,
                    "description": FAMILIES[family],
                    "rows": rows,
                    "bruteforce_stopped": bf_stopped,
                    "unsupported": unsupported,
                }
            )
    targets = []
    for fam in families:
        r10 = next((r for r in fam["rows"] if r["k"] == 10), None)
        if r10 is not None and "bruteforce_seconds" in r10:
            ratio = r10["bruteforce_seconds"] / r10["mtgasp"]["breakdown"]["total"]
            targets.append(
                {
                    "family": fam["family"],
                    "target": "k = 10: at least 100x faster than brute force",
                    "value": ratio,
                    "met": ratio >= 100,
                }
            )
        r20 = next((r for r in fam["rows"] if r["k"] == 20), None)
        if r20 is not None:
            t = r20["mtgasp"]["breakdown"]["total"]
            targets.append({"family": fam["family"], "target": "k = 20: under a second", "value": t, "met": t < 1.0})
    for t in targets:
        if not t["met"]:
            messages.append(loud(f"replacement/{t['family']}: target missed — {t['target']}"))
    return {
        "name": NAME,
        "title": TITLE,
        "quick": quick,
        "families": families,
        "targets": targets,
        "messages": messages,
    }


def _mana_text(key: str) -> str:
    amounts = [int(x) for x in key.split()]
    return "".join(f"{{{t}}}" + (f"x{n}" if n > 1 else "") for t, n in zip("WUBRGC", amounts) if n)


def markdown(res: dict[str, Any]) -> str:
    out = [
        (
            "alice taps a Wastes ({C}) with k replacement effects (effect cards defined in the state's "
            '`cards:` with their Oracle text). *mtgasp* = `Engine().tap(state, "land")` (median; every '
            "distinct result with its number of orders), split into ground / solve / Python (facts + "
            "decode, which counts the orders on the CR 616 graph); *orders()* = `Engine().orders(state, "
            '"land", limit=10)` once (it calls `tap` and then lists ten orders). *Brute force* = '
            "`bruteforce.results`, every legal order walked in Python, same process. *Check*: mtgasp's "
            "results and order counts equal the brute force's (✓) — or, where the brute force did not "
            "run, `bruteforce.results_grouped` (the same count memoized on identical effects; ✓ₒ)."
        ),
    ]
    for fam in res["families"]:
        out += ["", f"**{fam['family']}** — {fam['description']}.", ""]
        rows = []
        for r in fam["rows"]:
            b = r["mtgasp"]["breakdown"]
            bft = r.get("bruteforce_seconds")
            if "agree_bruteforce" in r:
                check = "✓" if r["agree_bruteforce"] and r["agree_grouped"] else "**MISMATCH**"
            else:
                check = "✓ₒ" if r["agree_grouped"] else "**MISMATCH**"
            if r.get("orders_agree") is False:
                check += " (orders() **MISMATCH**)"
            rows.append(
                [
                    r["k"],
                    f"**{fmt_s(b['total'])}**",
                    f"{fmt_s(b['ground'])} / {fmt_s(b['solve'])} / {fmt_s(b['python'])}",
                    fmt_s(r.get("orders_call")),
                    fmt_s(bft) if bft is not None else "—",
                    f"**{fmt_ratio(bft / b['total'])}**" if bft is not None else "—",
                    r["distinct_results"],
                    f"{r['total_orders']:,}",
                    check,
                ]
            )
        out.append(
            md_table(
                [
                    "k",
                    "mtgasp tap",
                    "ground / solve / Python",
                    "orders()",
                    "brute force",
                    "brute / mtgasp",
                    "distinct results",
                    "orders",
                    "check",
                ],
                rows,
            )
        )
        last = fam["rows"][-1]
        out += [
            "",
            f"Results at k = {last['k']}: "
            + ", ".join(f"{_mana_text(m)} ({n:,} orders)" for m, n in last["results"].items())
            + ".",
        ]
        if fam["bruteforce_stopped"]:
            out.append(f"Brute force {fam['bruteforce_stopped']}.")
        if fam.get("unsupported"):
            out.append(f"**The parser did not read {', '.join(fam['unsupported'])}: mtgasp's answers ignore them.**")
    if res["targets"]:
        out += [
            "",
            "Targets of issue 3:",
            "",
            md_table(
                ["family", "target", "measured", "met"],
                [
                    [
                        t["family"],
                        t["target"],
                        fmt_ratio(t["value"]) if "faster" in t["target"] else fmt_s(t["value"]),
                        "yes" if t["met"] else "**NO**",
                    ]
                    for t in res["targets"]
                ],
                "llrl",
            ),
        ]
    for m in res.get("messages", []):
        out += ["", m]
    return "\n".join(out)
