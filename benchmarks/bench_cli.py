"""Benchmark 3 — cold start of the command line.

Each command runs as a fresh subprocess (median of 5): the interpreter alone, ``import mtgasp``,
``mtgasp --help`` and ``mtgasp tap examples/mana-basics.yaml forest``. Also the slowest imports
of ``python -X importtime -c "import mtgasp.cli"``.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from typing import Any

from common import ROOT, Timing, fmt_s, md_table

NAME = "cli"
TITLE = "Cold start of the command line"


def _commands() -> list[tuple[str, list[str]]]:
    exe = shutil.which("mtgasp")
    mtgasp = [exe] if exe else [sys.executable, "-c", "from mtgasp.cli import main; main()"]
    return [
        ("python -c pass (interpreter only)", [sys.executable, "-c", "pass"]),
        ("python -c 'import mtgasp'", [sys.executable, "-c", "import mtgasp"]),
        ("mtgasp --help", [*mtgasp, "--help"]),
        ("mtgasp tap examples/mana-basics.yaml forest", [*mtgasp, "tap", "examples/mana-basics.yaml", "forest"]),
    ]


def _parse_importtime(stderr: str) -> list[dict[str, Any]]:
    rows = []
    for line in stderr.splitlines():
        if not line.startswith("import time:"):
            continue
        parts = line[len("import time:") :].split("|")
        if len(parts) != 3 or not parts[0].strip().isdigit():
            continue
        name = parts[2].rstrip()
        depth = (len(name) - len(name.lstrip())) // 2
        rows.append({"module": name.strip(), "depth": depth, "self_us": int(parts[0]), "cumulative_us": int(parts[1])})
    return rows


def run(quick: bool = False, log: Any = print) -> dict[str, Any]:
    n = 3 if quick else 5
    rows = []
    env = dict(os.environ)
    for label, cmd in _commands():
        t = Timing()
        rc = 0
        for _ in range(n):
            t0 = time.perf_counter()
            proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env, timeout=300, check=False)
            t.samples.append(time.perf_counter() - t0)
            rc = proc.returncode
        rows.append({"command": label, "argv": cmd, "timing": t.to_json(), "exit_status": rc})
        log(f"  {label:<48} {fmt_s(t.median):>9} (min {fmt_s(t.best)}, exit {rc})")
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import mtgasp.cli"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    imports = _parse_importtime(proc.stderr)
    wanted = ("clingo", "lark", "yaml", "click")
    top = sorted(
        (r for r in imports if r["module"] in wanted or r["module"] == "mtgasp" or r["module"].startswith("mtgasp.")),
        key=lambda r: -r["cumulative_us"],
    )[:12]
    phases = _phases(n)
    for k, v in phases.items():
        log(f"  in-process phase {k:<40} {fmt_s(v)}")
    total = next((r["cumulative_us"] for r in imports if r["module"] == "mtgasp.cli"), None)
    return {
        "name": NAME,
        "title": TITLE,
        "quick": quick,
        "rows": rows,
        "repeats": n,
        "imports": top,
        "import_total_us": total,
        "phases": phases,
    }


_PHASES = r"""
import json, time
t0 = time.perf_counter()
import mtgasp
from mtgasp import Engine, load_state
t1 = time.perf_counter()
state = load_state("examples/mana-basics.yaml")
t2 = time.perf_counter()
engine = Engine()
engine.tap(state, "forest")
t3 = time.perf_counter()
engine.tap(state, "forest")
t4 = time.perf_counter()
print(json.dumps({"import mtgasp": t1 - t0, "load_state (YAML, validation)": t2 - t1,
                  "first tap (parses the cards)": t3 - t2, "second tap (warm)": t4 - t3}))
"""


def _phases(n: int) -> dict[str, float]:
    """Where the time of ``mtgasp tap`` goes, measured inside fresh processes (median of n)."""
    runs: list[dict[str, float]] = []
    for _ in range(n):
        proc = subprocess.run(
            [sys.executable, "-c", _PHASES], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
        )
        if proc.returncode == 0:
            runs.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    if not runs:
        return {}
    return {k: statistics.median(r[k] for r in runs) for k in runs[0]}


def markdown(res: dict[str, Any]) -> str:
    out = [
        f"Each command is a fresh subprocess (median of {res['repeats']}), run from the repository root.",
        "",
        md_table(
            ["command", "median", "min", "exit status"],
            [
                [
                    f"`{r['command']}`",
                    f"**{fmt_s(r['timing']['median'])}**",
                    fmt_s(r["timing"]["min"]),
                    r["exit_status"],
                ]
                for r in res["rows"]
            ],
            "lrrr",
        ),
    ]
    if res.get("phases"):
        out += [
            "",
            "Inside a fresh process (median of the same number of runs), what `mtgasp tap` spends its time on:",
            "",
            md_table(["phase", "median"], [[k, fmt_s(v)] for k, v in res["phases"].items()]),
        ]
    if res.get("imports"):
        total = res.get("import_total_us")
        out += [
            "",
            '`python -X importtime -c "import mtgasp.cli"`, mtgasp\'s modules and its dependencies (cumulative, one run'
            + (f"; `mtgasp.cli` in all: {fmt_s(total / 1e6)}" if total else "")
            + "):",
            "",
            md_table(
                ["module", "cumulative", "self"],
                [
                    [f"`{r['module']}`", fmt_s(r["cumulative_us"] / 1e6), fmt_s(r["self_us"] / 1e6)]
                    for r in res["imports"]
                ],
            ),
        ]
    return "\n".join(out)
