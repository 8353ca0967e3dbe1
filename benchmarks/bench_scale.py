"""Benchmark — could-produce on every permanent of boards up to 10,000 permanents (issue 13).

    python benchmarks/bench_scale.py [--sizes 100,1000,2000,5000,10000] [--boards forests,lands,board] [--cli]

Boards: ``forests`` (N Forests, one player), ``lands`` (reflecting lands and sources over four
players: Reflecting Pool, Exotic Orchard, Fellwar Stone, Forest, Island, City of Brass, Llanowar
Elves, Birds of Paradise, Mana Confluence, Sol Ring, Gaea's Cradle) and ``board`` (the mix of
benchmarks/states.py, with lords such as Elvish Archdruid). For each: CPU seconds of
``Engine().could_produce_all(state)`` (one grounding for every permanent; what
``mtgasp could-produce STATE`` runs), split into ground / solve, in a warm process (the parser's
tables and the cards already loaded); with ``--cli`` also the whole command line
``mtgasp --timeout 0 could-produce FILE --json`` in a new process (start-up and reading the
state included). CPU time, not wall time: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

LANDS = ("Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Forest", "Island", "City of Brass", "Llanowar Elves",
         "Birds of Paradise", "Mana Confluence", "Sol Ring", "Gaea's Cradle")
PLAYERS = ("alice", "bob", "carol", "dave")


def state_dict(kind: str, n: int) -> dict[str, Any]:
    if kind == "forests":
        return {"players": ["alice", "bob"], "battlefield": [{"id": f"f{i}", "card": "Forest", "controller": "alice"} for i in range(n)]}
    if kind == "lands":
        rng = random.Random(n)
        bf = [{"id": f"p{i}", "card": rng.choice(LANDS), "controller": PLAYERS[i % 4]} for i in range(n)]
        return {"players": list(PLAYERS), "battlefield": bf}
    from states import board_dict

    return board_dict(n)


def measure(kind: str, n: int) -> dict[str, Any]:
    from mtgasp import Engine
    from mtgasp import queries
    from mtgasp.state import state_from_dict

    state = state_from_dict(state_dict(kind, n))
    engine = Engine()
    engine.could_produce(state, state.battlefield[0].id)  # warm: parse the cards once
    seen: dict[str, float] = {}
    orig = queries.solve

    def spy(*a: Any, **k: Any) -> Any:
        sol = orig(*a, **k)
        seen["ground"], seen["solve"] = sol.ground_seconds, sol.solve_seconds
        return sol

    queries.solve = spy
    try:
        c0, w0 = time.process_time(), time.perf_counter()
        out = engine.could_produce_all(state)
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    finally:
        queries.solve = orig
    return {"board": kind, "permanents": n, "cpu": cpu, "wall": wall, "ground_wall": seen.get("ground"),
            "solve_wall": seen.get("solve"), "answers": len(out), "with_types": sum(1 for r in out if r.types)}


def measure_cli(kind: str, n: int) -> dict[str, Any]:
    """The whole command ``mtgasp --timeout 0 could-produce FILE`` in a new process: start-up,
    reading the state, parsing the cards, grounding, solving and printing; CPU of the process and
    its children (the watchdog's)."""
    import resource
    import shutil
    import subprocess
    import tempfile

    exe = shutil.which("mtgasp", path=str(Path(sys.executable).parent)) or "mtgasp"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "state.json"
        path.write_text(json.dumps(state_dict(kind, n)))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        w0 = time.perf_counter()
        done = subprocess.run([exe, "--timeout", "0", "could-produce", str(path), "--json"], capture_output=True)
        wall = time.perf_counter() - w0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    answers = json.loads(done.stdout)["could_produce"] if done.returncode == 0 else []
    return {"board": kind, "permanents": n, "cli_cpu": cpu, "cli_wall": wall, "status": done.returncode,
            "answers": len(answers), "with_types": sum(1 for r in answers if r["types"])}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="100,1000,2000,5000,10000")
    ap.add_argument("--boards", default="forests,lands,board")
    ap.add_argument("--cli", action="store_true", help="also time the whole command line in a new process")
    ap.add_argument("--json")
    args = ap.parse_args()
    rows = []
    for kind in args.boards.split(","):
        for n in map(int, args.sizes.split(",")):
            if args.cli:
                c = measure_cli(kind, n)
                rows.append(c)
                print(f"{kind:>8} {n:>6}: mtgasp could-produce: {c['cli_cpu']:7.2f} s CPU ({c['cli_wall']:.2f} s wall, "
                      f"exit {c['status']}, {c['with_types']}/{c['answers']} produce mana)", flush=True)
            r = measure(kind, n)
            rows.append(r)
            print(f"{kind:>8} {n:>6}: {r['cpu']:7.2f} s CPU  ({r['wall']:.2f} s wall, ground {r['ground_wall']:.2f} s, "
                  f"solve {r['solve_wall']:.2f} s)  {r['with_types']}/{r['answers']} permanents produce mana", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
