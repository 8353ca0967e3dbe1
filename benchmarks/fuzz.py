"""The fuzzer of issue 13 as a command: hostile state files and card texts through the CLI.

    python benchmarks/fuzz.py --runs 5000 [--seed 13] [--bound 60] [--json out.json]

Prints the runs, exit statuses, tracebacks, internal errors, runs past their bound and every
failure with its command line; exits 1 if any run failed. The cases and the rules each run must
keep are in ``tests/fuzzing.py`` (the default test run uses a small budget of the same cases).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzzing  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=500)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--bound", type=float, default=fuzzing.RUN_BOUND, help="seconds a run may take")
    ap.add_argument("--cards-share", type=float, default=0.4, help="share of card-text cases")
    ap.add_argument("--json", help="write the summary here")
    args = ap.parse_args()
    outcomes = []
    t0 = time.perf_counter()
    for i, case in enumerate(fuzzing.cases(args.runs, args.seed, cards_share=args.cards_share)):
        o = fuzzing.run(case, args.bound)
        outcomes.append(o)
        if o.problem:
            print(f"FAIL {case.name}: {o.problem}\n     mtgasp {' '.join(case.argv)}", flush=True)
        if (i + 1) % 250 == 0:
            print(f"... {i + 1} runs, {time.perf_counter() - t0:.0f} s", flush=True)
            if args.json:  # the summary so far (a long run that is stopped keeps its figures)
                Path(args.json).write_text(json.dumps({**fuzzing.summary(outcomes), "seed": args.seed, "partial": True}, indent=2))
    s = fuzzing.summary(outcomes)
    s["seconds"] = time.perf_counter() - t0
    s["seed"] = args.seed
    print(json.dumps({k: v for k, v in s.items() if k != "failures"}, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(s, indent=2))
    return 1 if s["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
