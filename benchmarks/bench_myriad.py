"""Benchmark — myriad in an n-player game (issue 10).

The Master, Multiplied attacks the second player; its myriad trigger is on the stack and resolves
(`Engine().apply(state, "pass")`). Each other opponent controls w planeswalkers (w = 0..4):
alice may create a token for each of them, attacking that player or one of their planeswalkers
(CR 702.116a, 508.4). The number of distinct successors is counted by mtgasp and, side by side,
by a brute-force enumeration in Python that knows nothing of the rules: every combination of
"no token" or "a token attacking one of the 1 + w targets" for each other opponent.

Sizes: `--quick` n = 2..5, w = 0..2; the default run n = 2..8, w = 0..4 up to LIMIT successors,
each successor settled (state-based actions, triggers: `apply` as a user runs it); `--full`
(`python3 benchmarks/bench_myriad.py --full`, or `run.py --only myriad --full`) the whole grid:
boards past LIMIT are counted on the trigger's step alone (`apply(..., settle=False)`: The
Master's tokens are exempt from the legend rule and trigger nothing, so settling changes no
count — the settled column says which way each row was counted).
"""

from __future__ import annotations

import itertools
import time
from typing import Any

from common import fmt_s, loud, md_table

NAME = "myriad"
TITLE = "Myriad: every way the trigger can resolve, n players, w planeswalkers per opponent"
#: Boards with more successors than this are not settled (each successor is settled in turn):
#: skipped, or with --full counted on the trigger's step alone.
LIMIT = 2000
NAMES = ["alice", "bob", "carol", "dave", "erin", "fran", "gus", "hal"]


def state_text(players: int, walkers: int) -> str:
    names = NAMES[:players]
    lines = ["version: 2", f"players: [{', '.join(names)}]", "active: alice", "step: declare_attackers",
             f"priority: {names[-1]}", "passed: [" + ", ".join(names[:-1]) + "]", "battlefield:",
             '  - {id: m, card: "The Master, Multiplied", controller: alice, tapped: true, attacking: bob}']
    for owner in names[2:]:
        for i in range(walkers):
            lines.append(f"  - {{id: pw_{owner}_{i}, card: Walker {i}, controller: {owner}, counters: {{loyalty: 3}}}}")
    lines += ["stack:", "  - {id: trig, ability: 1, source: m, controller: alice}", "cards:"]
    # planeswalkers of different names (two of one name would be a legend-rule choice first)
    lines += [f"  - {{name: Walker {i}, type_line: Legendary Planeswalker — Testwalker, oracle_text: '', loyalty: 3}}"
              for i in range(max(walkers, 1))]
    return "\n".join(lines) + "\n"


def bruteforce(players: int, walkers: int) -> int:
    """Every combination of choices, one by one: per other opponent, no token or one of 1 + w targets."""
    per = [[None, *range(1 + walkers)] for _ in range(max(players - 2, 0))]
    return sum(1 for _ in itertools.product(*per))


def run(quick: bool = False, log: Any = print, full: bool | None = None) -> dict[str, Any]:
    import sys

    from mtgasp import Engine, loads_state

    full = ("--full" in sys.argv) if full is None else full
    engine = Engine()
    rows = []
    messages = []
    for players in range(2, 9):
        for walkers in range(0, 5):
            if quick and (players > 5 or walkers > 2):
                continue
            t0 = time.perf_counter()
            want = bruteforce(players, walkers)
            tb = time.perf_counter() - t0
            settle = want <= LIMIT
            if not settle and not full:
                rows.append({"players": players, "walkers": walkers, "skipped": want})
                continue
            state = loads_state(state_text(players, walkers))
            t0 = time.perf_counter()
            result = engine.apply(state, "pass", settle=settle)
            t = time.perf_counter() - t0
            got = len(result.successors)
            sequences = sum(s.count for s in result.successors)
            rows.append({"players": players, "walkers": walkers, "mtgasp_seconds": t, "successors": got,
                         "sequences": sequences, "settled": settle,
                         "bruteforce": want, "bruteforce_seconds": tb, "agree": got == want == sequences,
                         "ground": result.ground_seconds, "solve": result.solve_seconds})
            if not (got == want == sequences) or result.not_modelled:
                messages.append(loud(f"myriad n={players} w={walkers}: mtgasp {got} ({sequences} sequences) vs brute "
                                     f"force {want}; not modelled: {result.not_modelled}"))
            log(f"  myriad n={players} w={walkers}: {got} successors in {fmt_s(t)} (brute force {want} in {fmt_s(tb)}"
                f"{'' if settle else ', not settled'})")
    return {"rows": rows, "messages": messages}


def markdown(res: dict[str, Any]) -> str:
    rows = [[r["players"], r["walkers"], r["successors"], r["bruteforce"], fmt_s(r["mtgasp_seconds"]),
             fmt_s(r["bruteforce_seconds"]), fmt_s(r["ground"]), fmt_s(r["solve"]), "yes" if r["settled"] else "no",
             "✓" if r["agree"] else "**MISMATCH**"] if "skipped" not in r else
            [r["players"], r["walkers"], "—", r["skipped"], f"not run (> {LIMIT}; --full)", "", "", "", "", ""]
            for r in res["rows"]]
    out = [md_table(["players", "planeswalkers each", "successors", "brute force", "mtgasp", "brute force time",
                     "ground", "solve", "settled", "agree"], rows, "rrrrrrrrcc")]
    out += res["messages"]
    return "\n".join(out)


if __name__ == "__main__":
    import sys

    print(markdown(run(quick="--quick" in sys.argv)))
