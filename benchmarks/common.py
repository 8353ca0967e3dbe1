"""Shared helpers of the benchmarks: timing, instrumentation of the bridge, machine info.

Nothing here changes what mtgasp computes. :class:`Probe` wraps ``mtgasp.queries.solve`` and
``Engine.facts`` for the duration of a ``with`` block so that one API call can be split into

* ``facts``   — Python: the state facts and the card facts (parsing Oracle text when not cached);
* ``load``    — clingo: reading the rule files and the facts as program text (``solve()`` wall
  time minus grounding and solving);
* ``ground``  — clingo grounding (``Solution.ground_seconds``);
* ``solve``   — clingo solving (``Solution.solve_seconds``);
* ``decode``  — Python: the rest of the API call (turning models into result objects, counting
  orders on the CR 616 graph, the probing calls some queries make).
"""

from __future__ import annotations

import datetime as _dt
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"


# ---------------------------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------------------------


@dataclass
class Timing:
    """Repeated wall-clock measurements of one thing (seconds)."""

    samples: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.samples) if self.samples else float("nan")

    @property
    def best(self) -> float:
        return min(self.samples) if self.samples else float("nan")

    def to_json(self) -> dict[str, Any]:
        return {"median": self.median, "min": self.best, "n": len(self.samples), "samples": self.samples}


def repeat(fn: Callable[[], Any], *, n: int, budget: float = float("inf")) -> tuple[Timing, Any]:
    """Call ``fn`` up to ``n`` times (at least once; stop early once ``budget`` seconds were spent)
    and return the timings and the last result."""
    t = Timing()
    result = None
    spent = 0.0
    for _ in range(max(1, n)):
        t0 = time.perf_counter()
        result = fn()
        dt = time.perf_counter() - t0
        t.samples.append(dt)
        spent += dt
        if spent >= budget:
            break
    return t, result


def fmt_s(seconds: float | None) -> str:
    """A duration for a table: 0.8 ms, 12.3 ms, 1.24 s."""
    if seconds is None or math.isnan(seconds):
        return "—"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1.0:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def fmt_ratio(x: float | None) -> str:
    if x is None or math.isnan(x):
        return "—"
    if x >= 100:
        return f"{x:,.0f}x"
    if x >= 1:
        return f"{x:.1f}x"
    return f"{x:.2g}x"


def fmt_pct(part: float, whole: float) -> str:
    return f"{100.0 * part / whole:.0f}%" if whole > 0 else "—"


# ---------------------------------------------------------------------------------------------
# Instrumenting one API call
# ---------------------------------------------------------------------------------------------


@dataclass
class Breakdown:
    """Where the time of an API call went (seconds, summed over the solve calls it made)."""

    total: float = 0.0
    facts: float = 0.0
    load: float = 0.0
    ground: float = 0.0
    solve: float = 0.0
    solve_calls: int = 0

    @property
    def decode(self) -> float:
        return max(0.0, self.total - self.facts - self.load - self.ground - self.solve)

    @property
    def python(self) -> float:
        """Python overhead: facts + decode."""
        return self.facts + self.decode

    def to_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "facts": self.facts,
            "load": self.load,
            "ground": self.ground,
            "solve": self.solve,
            "decode": self.decode,
            "python": self.python,
            "solve_calls": self.solve_calls,
        }


class Probe:
    """Records the time spent in ``Engine.facts`` and in each ``solve`` call while active."""

    def __init__(self) -> None:
        self.current: Breakdown | None = None

    @contextmanager
    def active(self) -> Iterator[Probe]:
        from mtgasp import queries

        real_solve = queries.solve
        real_facts = queries.Engine.facts
        probe = self

        def solve(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            sol = real_solve(*args, **kwargs)
            wall = time.perf_counter() - t0
            b = probe.current
            if b is not None:
                b.ground += sol.ground_seconds
                b.solve += sol.solve_seconds
                b.load += max(0.0, wall - sol.ground_seconds - sol.solve_seconds)
                b.solve_calls += 1
            return sol

        def facts(engine: Any, state: Any) -> Any:
            t0 = time.perf_counter()
            out = real_facts(engine, state)
            if probe.current is not None:
                probe.current.facts += time.perf_counter() - t0
            return out

        queries.solve = solve  # type: ignore[assignment]
        queries.Engine.facts = facts  # type: ignore[method-assign]
        try:
            yield self
        finally:
            queries.solve = real_solve  # type: ignore[assignment]
            queries.Engine.facts = real_facts  # type: ignore[method-assign]

    def measure(self, fn: Callable[[], Any]) -> tuple[Breakdown, Any]:
        b = Breakdown()
        self.current = b
        try:
            t0 = time.perf_counter()
            out = fn()
            b.total = time.perf_counter() - t0
        finally:
            self.current = None
        return b, out


def median_breakdown(items: list[Breakdown]) -> Breakdown:
    """The breakdown of the run whose total is the median one (keeps the parts consistent)."""
    ordered = sorted(items, key=lambda b: b.total)
    return ordered[(len(ordered) - 1) // 2]


def repeat_breakdown(
    probe: Probe, fn: Callable[[], Any], *, n: int, budget: float = float("inf")
) -> tuple[Breakdown, list[float], Any]:
    runs: list[Breakdown] = []
    out = None
    spent = 0.0
    for _ in range(max(1, n)):
        b, out = probe.measure(fn)
        runs.append(b)
        spent += b.total
        if spent >= budget:
            break
    return median_breakdown(runs), [b.total for b in runs], out


# ---------------------------------------------------------------------------------------------
# Machine info
# ---------------------------------------------------------------------------------------------


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _git(*args: str) -> str:
    try:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=10, check=False
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def machine_info() -> dict[str, Any]:
    import clingo

    try:
        import mtgasp

        mtgasp_version = mtgasp.__version__
    except (ImportError, AttributeError):  # pragma: no cover - reported, not fatal
        mtgasp_version = "?"
    try:
        import lark

        lark_version = lark.__version__
    except (ImportError, AttributeError):  # pragma: no cover
        lark_version = "?"
    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        affinity = os.cpu_count() or 0
    mem = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    return {
        "date": _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat(),
        "cpu": _cpu_model(),
        "cpus_usable": affinity,
        "memory": mem,
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "python_implementation": platform.python_implementation(),
        "clingo": clingo.__version__,
        "lark": lark_version,
        "mtgasp": mtgasp_version,
        "git_commit": _git("rev-parse", "--short", "HEAD"),
        "git_dirty": bool(_git("status", "--porcelain", "--untracked-files=no")),
        "git_dirty_paths": _git("diff", "--name-only", "HEAD").splitlines()[:40],
        "load_average": _loadavg(),
    }


def _loadavg() -> list[float]:
    """1, 5 and 15-minute load averages: other processes competing for the CPUs."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:  # pragma: no cover
        return []


# ---------------------------------------------------------------------------------------------
# Running a case in a child process with a time limit
# ---------------------------------------------------------------------------------------------


def _child(conn: Any, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    import traceback

    try:
        conn.send(("ok", fn(*args)))
    except BaseException:  # noqa: BLE001 - reported to the parent
        conn.send(("error", traceback.format_exc()))
    finally:
        conn.close()


def isolated(fn: Callable[..., Any], *args: Any, timeout: float) -> tuple[str, Any]:
    """Run ``fn(*args)`` in a forked child (it inherits the warm caches of this process) and
    return ``("ok", value)``, ``("error", traceback)`` or ``("timeout", None)``; a child still
    running after ``timeout`` seconds is killed (by its pid). ``value`` must be picklable."""
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(send, fn, args), daemon=True)
    proc.start()
    send.close()
    try:
        if recv.poll(timeout):
            try:
                status, value = recv.recv()
            except EOFError:
                status, value = "error", f"the child process died (exit code {proc.exitcode})"
            proc.join(5)
            return status, value
        return "timeout", None
    finally:
        if proc.is_alive():
            proc.kill()
            proc.join(5)
        recv.close()


def loud(message: str) -> str:
    """A line that stands out in the console and in the markdown."""
    bar = "!" * 78
    print(f"\n{bar}\n!!! {message}\n{bar}\n", file=sys.stderr, flush=True)
    return f"**!!! {message}**"


def md_table(headers: list[str], rows: list[list[Any]], align: str = "") -> str:
    """A GitHub markdown table; ``align`` is one letter per column (l or r, default r but the
    first column l)."""
    if not align:
        align = "l" + "r" * (len(headers) - 1)
    sep = ["---:" if a == "r" else ":---" for a in align]
    lines = ["| " + " | ".join(headers) + " |", "| " + " | ".join(sep) + " |"]
    for r in rows:
        lines.append("| " + " | ".join(str(c) for c in r) + " |")
    return "\n".join(lines)
