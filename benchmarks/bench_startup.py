#!/usr/bin/env python3
"""The first query of a fresh process against ``mtgasp --help``, side by side (issue 12):
``python3 benchmarks/bench_startup.py [-n 5] [--cold]``.

Each command runs as a new process, ``-n`` times; the median wall time and the median CPU time
of the child (user + system, from ``getrusage``: other processes on a busy machine do not
count) are printed, and the ratio of the first query to ``--help``. The parser's tables come
from the per-user cache (parser/lalr.py); with ``--cold`` one more run uses an empty cache
directory, i.e. the one-time cost of building the tables on a new machine or after a grammar
change.

Every command runs in one process (``MTGASP_WATCHDOG=0``): under the watchdog the command's
work happens in a forked grandchild that is not always reaped before the command returns, so its
CPU time would be missing from the child's usage. The watchdog's fork adds a few milliseconds of
wall time that these figures leave out.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _mtgasp() -> list[str]:
    exe = shutil.which("mtgasp")
    return [exe] if exe else [sys.executable, "-c", "from mtgasp.cli import main; main()"]


def measure(cmd: list[str], n: int, env: dict[str, str] | None = None) -> tuple[float, float]:
    """Median (wall, CPU) seconds of ``n`` runs of ``cmd``, run in one process (the module's
    docstring says why)."""
    env = {**(os.environ if env is None else env), "MTGASP_WATCHDOG": "0"}
    walls, cpus = [], []
    for _ in range(n):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, capture_output=True, env=env, check=True, timeout=600)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=5)
    ap.add_argument("--cold", action="store_true", help="also one run with an empty table cache")
    args = ap.parse_args(argv)
    m = _mtgasp()
    query = [*m, "tap", "examples/replacement.yaml", "forest"]
    subprocess.run(query, cwd=ROOT, capture_output=True, check=True)  # the tables are cached
    help_w, help_c = measure([*m, "--help"], args.n)
    tap_w, tap_c = measure(query, args.n)
    print(f"{'command':55} {'wall':>8} {'CPU':>8}")
    print(f"{'mtgasp --help':55} {help_w:8.3f} {help_c:8.3f}")
    print(f"{'mtgasp tap examples/replacement.yaml forest':55} {tap_w:8.3f} {tap_c:8.3f}")
    print(f"ratio first query / --help: {tap_w / help_w:.2f} wall, {tap_c / help_c:.2f} CPU")
    if args.cold:
        with tempfile.TemporaryDirectory() as d:
            env = dict(os.environ, MTGASP_CACHE_DIR=d)
            cw, cc = measure(query, 1, env)
        print(f"{'  same, tables not cached yet (built once per user)':55} {cw:8.3f} {cc:8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
