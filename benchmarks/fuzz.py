"""The fuzzer of issue 13 as a command: hostile state files and card texts through the CLI.

    python benchmarks/fuzz.py --runs 5000 [--seed 13] [--mode fork|subprocess] [--json out.json]

Each run is one isolated ``mtgasp`` command (``tests/fuzz_run.py``): ``fork`` (default) forks it
from this process once mtgasp is loaded, ``subprocess`` starts the installed program (start-up
included; to confirm). Prints the runs per kind and command with their exit statuses, the
tracebacks, internal errors, runs past their bound and every failure with its command line;
exits 1 if any run failed. The cases and the rules each run must keep are in
``tests/fuzzing.py`` (the default test run uses a small budget of the same cases).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import fuzz_run  # noqa: E402
import fuzzing  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=500)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--mode", choices=["fork", "subprocess"], default=fuzz_run.default_mode())
    ap.add_argument("--bound", type=float, help="seconds a run may take (default: its --timeout, the grace, slack)")
    ap.add_argument("--cards-share", type=float, default=0.4, help="share of card-text cases")
    ap.add_argument("--json", help="write the summary here")
    args = ap.parse_args()
    outcomes = []
    t0 = time.perf_counter()

    def report(partial: bool) -> dict:
        s = fuzz_run.summary(outcomes)
        s.update(seconds=round(time.perf_counter() - t0, 1), seed=args.seed, mode=args.mode, partial=partial)
        if args.json:  # the summary so far: a long run that is stopped keeps its figures
            Path(args.json).write_text(json.dumps(s, indent=2))
        return s

    for i, case in enumerate(fuzzing.cases(args.runs, args.seed, cards_share=args.cards_share)):
        o = fuzz_run.run(case, args.bound, mode=args.mode)
        outcomes.append(o)
        if o.problem:
            print(f"FAIL {case.name}: {o.problem}\n     mtgasp {' '.join(case.argv)}", flush=True)
        if (i + 1) % 100 == 0:
            print(f"... {i + 1} runs, {time.perf_counter() - t0:.0f} s", flush=True)
            report(True)
    s = report(False)
    print(json.dumps({k: v for k, v in s.items() if k != "failures"}, indent=2))
    return 1 if s["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
