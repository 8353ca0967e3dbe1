"""Benchmark 1 — query cost vs number of permanents (issue 2).

Boards of 10, 100 and 1000 permanents over four players (states.board). For each board:
``could_produce`` of alice's Reflecting Pool, ``tap`` of it, and ``mana_abilities`` of alice,
each timed end to end and split into facts / load / ground / solve / decode (common.Probe).
"""

from __future__ import annotations

import math
import time
from typing import Any

from common import Probe, fmt_pct, fmt_ratio, fmt_s, isolated, loud, md_table, repeat_breakdown
from states import board, board_dict

NAME = "permanents"
TITLE = "Query cost vs number of permanents"

QUERIES = ("could_produce", "tap", "mana_abilities")


def _call(engine: Any, state: Any, query: str) -> Any:
    if query == "could_produce":
        return engine.could_produce(state, "pool")
    if query == "tap":
        return engine.tap(state, "pool")
    return engine.mana_abilities(state, "alice")


def _summary(query: str, out: Any) -> str:
    if query == "could_produce":
        return "{" + ",".join(out.types) + "}"
    if query == "tap":
        return f"{len(out.outcomes)} outcomes"
    usable = sum(1 for r in out if r.activatable)
    return f"{len(out)} abilities ({usable} usable)"


def _case(n: int, query: str, reps: int, budget: float) -> dict[str, Any]:
    from mtgasp import Engine

    engine = Engine()
    state = board(n)
    probe = Probe()
    with probe.active():
        probe.measure(lambda: _call(engine, state, query))  # warm: parse any card not parsed yet
        b, samples, out = repeat_breakdown(probe, lambda: _call(engine, state, query), n=reps, budget=budget)
    count = len(out.types) if query == "could_produce" else len(out.outcomes) if query == "tap" else len(out)
    return {"breakdown": b.to_json(), "samples": samples, "result": _summary(query, out), "count": count}


def _board_info(n: int) -> dict[str, Any]:
    from mtgasp import Engine

    engine = Engine()
    t0 = time.perf_counter()
    state = board(n)
    build = time.perf_counter() - t0
    t0 = time.perf_counter()
    state_facts = state.facts(engine.db)
    t_state = time.perf_counter() - t0
    t0 = time.perf_counter()
    card_facts = state.card_facts(engine.db)
    t_cards = time.perf_counter() - t0
    db = state.database(engine.db)
    unsupported = sorted(
        {p["card"] for p in board_dict(n)["battlefield"] if getattr(db.parsed(p["card"]), "unsupported", ())}
    )
    per_player: dict[str, int] = {}
    for p in board_dict(n)["battlefield"]:
        per_player[p["controller"]] = per_player.get(p["controller"], 0) + 1
    return {
        "permanents": n,
        "players": len(state.players),
        "per_player": per_player,
        "distinct_cards": len(state.card_names()),
        "state_facts": len(state_facts),
        "card_facts": len(card_facts),
        "build_seconds": build,
        "state_facts_seconds": t_state,
        "card_facts_seconds": t_cards,
        "cards_with_unsupported_text": unsupported,
    }


def run(quick: bool = False, log: Any = print) -> dict[str, Any]:
    sizes = (10, 100) if quick else (10, 100, 1000)
    reps = {10: 5, 100: 3} if quick else {10: 15, 100: 7, 1000: 3}
    timeout = 60.0 if quick else 240.0
    boards = []
    messages: list[str] = []
    rows: list[dict[str, Any]] = []
    for n in sizes:
        info = _board_info(n)
        boards.append(info)
        log(f"  board of {n}: {info['state_facts']} state facts, {info['card_facts']} card facts")
        for q in QUERIES:
            status, value = isolated(_case, n, q, reps[n], 20.0, timeout=timeout)
            row: dict[str, Any] = {"permanents": n, "query": q, "status": status}
            if status == "ok":
                row.update(value)
                b = value["breakdown"]
                if value["count"] == 0:  # alice always has a Reflecting Pool, a Forest, Birds
                    messages.append(
                        loud(f"permanents: {q} on the board of {n} gave an empty answer ({value['result']})")
                    )
                log(
                    f"  {n:>5} {q:<15} {fmt_s(b['total']):>9}  ground {fmt_s(b['ground'])}  solve {fmt_s(b['solve'])}  → {value['result']}"
                )
            elif status == "timeout":
                row["error"] = f"did not finish within {timeout:.0f} s"
                log(f"  {n:>5} {q:<15} did not finish within {timeout:.0f} s")
            else:
                row["error"] = value
                log(f"  {n:>5} {q:<15} ERROR\n{value}")
            rows.append(row)
    growth = []
    for q in QUERIES:
        t = {r["permanents"]: r["breakdown"]["total"] for r in rows if r["query"] == q and r["status"] == "ok"}
        g: dict[str, Any] = {"query": q}
        for a, b in ((10, 100), (100, 1000)):
            if a in t and b in t:
                ratio = t[b] / t[a]
                g[f"{b}/{a}"] = ratio
                g[f"exponent {b}/{a}"] = math.log(ratio) / math.log(b / a)
        growth.append(g)
    return {
        "name": NAME,
        "title": TITLE,
        "quick": quick,
        "boards": boards,
        "rows": rows,
        "growth": growth,
        "messages": messages,
    }


def markdown(res: dict[str, Any]) -> str:
    out = []
    out.append(
        "Boards built in code (`benchmarks/states.py`): four players; basic lands, Reflecting Pool, "
        "Exotic Orchard, Fellwar Stone, City of Brass, Mana Confluence, Gaea's Cradle, "
        "Sol Ring, Azorius Signet, Llanowar Elves / Elvish Mystic / Birds of Paradise / Priest of Titania / "
        "Elvish Archdruid (30% summoning sick), Grizzly Bears, Serra Angel; 15% of permanents tapped. "
        'Queries: `could_produce(state, "pool")` and `tap(state, "pool")` (alice\'s Reflecting Pool), '
        '`mana_abilities(state, "alice")`. Median of N calls in a warm process.'
    )
    out.append("")
    out.append(
        md_table(
            [
                "board",
                "players",
                "alice's",
                "distinct cards",
                "state facts",
                "card facts",
                "build state",
                "state facts time",
                "card facts time",
            ],
            [
                [
                    f"{b['permanents']} permanents",
                    b["players"],
                    b["per_player"].get("alice", 0),
                    b["distinct_cards"],
                    b["state_facts"],
                    b["card_facts"],
                    fmt_s(b["build_seconds"]),
                    fmt_s(b["state_facts_seconds"]),
                    fmt_s(b["card_facts_seconds"]),
                ]
                for b in res["boards"]
            ],
        )
    )
    out.append("")
    table = []
    for r in res["rows"]:
        if r["status"] != "ok":
            table.append(
                [
                    r["permanents"],
                    f"`{r['query']}`",
                    r.get("error", r["status"]).splitlines()[-1],
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                ]
            )
            continue
        b = r["breakdown"]
        table.append(
            [
                r["permanents"],
                f"`{r['query']}`",
                f"**{fmt_s(b['total'])}**",
                f"{fmt_s(b['ground'])} ({fmt_pct(b['ground'], b['total'])})",
                f"{fmt_s(b['solve'])} ({fmt_pct(b['solve'], b['total'])})",
                f"{fmt_s(b['load'])} ({fmt_pct(b['load'], b['total'])})",
                f"{fmt_s(b['python'])} ({fmt_pct(b['python'], b['total'])})",
                len(r["samples"]),
                r["result"],
                b["solve_calls"],
            ]
        )
    out.append(
        md_table(
            [
                "permanents",
                "query",
                "wall (median)",
                "ground",
                "solve",
                "clingo load",
                "Python (facts + decode)",
                "N",
                "answer",
                "solve calls",
            ],
            table,
        )
    )
    out.append("")
    g_rows = []
    for g in res["growth"]:
        row = [f"`{g['query']}`"]
        for key in ("100/10", "1000/100"):
            if key in g:
                row.append(f"{fmt_ratio(g[key])} (n^{g['exponent ' + key]:.2f})")
            else:
                row.append("—")
        g_rows.append(row)
    out.append(md_table(["query", "time 100 / time 10", "time 1000 / time 100"], g_rows))
    unsupported = sorted({c for b in res["boards"] for c in b["cards_with_unsupported_text"]})
    if unsupported:
        out.append("")
        out.append(
            "Cards of the mix with text the parser does not support yet (those abilities are ignored, "
            "so the boards are a little easier than the real cards): " + ", ".join(unsupported) + "."
        )
    for m in res.get("messages", []):
        out += ["", m]
    return "\n".join(out)
