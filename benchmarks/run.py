#!/usr/bin/env python3
"""Run the mtgasp benchmarks: ``python3 benchmarks/run.py [--quick] [--only NAME] [--json FILE]``.

Prints a table per benchmark and writes ``benchmarks/results/latest.json`` and
``benchmarks/results/latest.md`` (machine info, then one section per benchmark). With ``--only``
the named sections are rerun and merged into the existing ``latest.json``. Not part of the
tests; see docs/benchmarks.md for what each benchmark measures.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import bench_cli
import bench_parser
import bench_permanents
import bench_pools
import bench_replacement
import bench_token_replacement
from common import RESULTS, fmt_s, machine_info, md_table

SECTIONS = {m.NAME: m for m in (bench_permanents, bench_pools, bench_cli, bench_replacement, bench_token_replacement, bench_parser)}


def _warm_up() -> dict[str, float]:
    """The cost of the first query in a process (importing, building the Oracle parser, reading
    the embedded card set): paid once, so it is measured here and kept out of the other figures."""
    from mtgasp import Engine
    from states import board, replacement_state

    t1 = time.perf_counter()
    engine = Engine()
    engine.could_produce(board(10), "pool")
    t2 = time.perf_counter()
    engine.tap(replacement_state("interacting", 2), "land")
    t3 = time.perf_counter()
    return {"first query (parser build, card set)": t2 - t1, "first replacement query": t3 - t2}


def _dirty(info: dict[str, Any]) -> str:
    """ " + uncommitted changes in parser/ (3 files)": the working tree is shared with others."""
    paths = info.get("git_dirty_paths") or []
    tops = sorted({p.split("/", 1)[0] + "/" if "/" in p else p for p in paths})
    return " + uncommitted changes" + (f" in {', '.join(tops)} ({len(paths)} files)" if paths else "")


def render(doc: dict[str, Any]) -> str:
    info = doc["machine"]
    lines = [
        "# mtgasp benchmarks — results",
        "",
        f"Run `{doc.get('command', 'python3 benchmarks/run.py')}` on {info['date']}"
        + (" (**quick mode**: fewer sizes and repeats)" if doc.get("quick") else "")
        + f", {doc.get('seconds', 0):.0f} s in all.",
        "",
        md_table(
            ["machine", ""],
            [
                ["CPU", f"{info['cpu']} ({info['cpus_usable']} usable)"],
                ["memory", info.get("memory", "")],
                ["platform", info["platform"]],
                ["Python", f"{info['python']} ({info['python_implementation']})"],
                ["clingo", info["clingo"]],
                ["lark", info.get("lark", "")],
                [
                    "mtgasp",
                    f"{info['mtgasp']} at {info['git_commit']}" + (_dirty(info) if info.get("git_dirty") else ""),
                ],
                ["load average before / after", f"{info.get('load_average')} / {doc.get('load_average_after')}"],
            ],
            "ll",
        ),
    ]
    warm = doc.get("warm_up")
    if warm:
        lines += [
            "",
            "Paid once per process (kept out of the figures below): "
            + ", ".join(f"{k} {fmt_s(v)}" for k, v in warm.items())
            + ".",
        ]
    for name, mod in SECTIONS.items():
        sec = doc["sections"].get(name)
        if sec is None:
            continue
        head = f"## {sec['title']}"
        if sec.get("quick") != doc.get("quick") or sec.get("date") != info["date"]:
            head += f" ({'quick' if sec.get('quick') else 'full'} run of {sec.get('date', '?')}"
            m = sec.get("machine")
            if m:
                head += f" at {m['git_commit']}" + (_dirty(m) if m.get("git_dirty") else "")
                head += f", load average {m.get('load_average')}"
            head += ")"
        lines += ["", head, "", mod.markdown(sec)]
    return "\n".join(lines) + "\n"


DOCS = HERE.parent / "docs" / "benchmarks.md"
BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"


def update_docs(summary: str) -> str:
    """Put ``summary`` (latest.md, its title dropped and headings one level down) between the
    results markers of docs/benchmarks.md."""
    text = DOCS.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        return f"{DOCS.name}: no results markers, not updated"
    body = []
    for line in summary.splitlines():
        if line.startswith("# "):
            continue
        body.append("#" + line if line.startswith("##") else line)
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOCS.write_text(head + BEGIN + "\n" + "\n".join(body).strip() + "\n" + END + tail, encoding="utf-8")
    return f"updated {DOCS.relative_to(HERE.parent)}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Run the mtgasp benchmarks (see docs/benchmarks.md).")
    ap.add_argument("--quick", action="store_true", help="fewer sizes and repeats: under a minute")
    ap.add_argument(
        "--only",
        action="append",
        choices=sorted(SECTIONS),
        metavar="NAME",
        help=f"run only this benchmark (repeatable): {', '.join(SECTIONS)}",
    )
    ap.add_argument("--json", metavar="FILE", help="also write the results to FILE")
    ap.add_argument(
        "--update-docs",
        action="store_true",
        help="copy the markdown summary into docs/benchmarks.md (between its results markers)",
    )
    args = ap.parse_args(argv)

    json_path = Path(args.json).resolve() if args.json else None
    os.chdir(HERE.parent)  # the CLI benchmark runs examples/ paths from the repository root
    t_start = time.perf_counter()
    info = machine_info()
    print(
        f"mtgasp benchmarks — {info['cpu']}, Python {info['python']}, clingo {info['clingo']}, load {info['load_average']}"
    )
    warm = _warm_up()
    print("warm-up: " + ", ".join(f"{k} {fmt_s(v)}" for k, v in warm.items()))
    names = args.only or list(SECTIONS)
    sections: dict[str, Any] = {}
    for name in names:
        mod = SECTIONS[name]
        print(f"\n== {mod.TITLE} ({name}) ==")
        t0 = time.perf_counter()
        res = mod.run(quick=args.quick, log=print)
        res["seconds"] = time.perf_counter() - t0
        res["date"] = info["date"]
        res["machine"] = info
        sections[name] = res
        print()
        print(mod.markdown(res))
        print(f"({name}: {res['seconds']:.0f} s)")

    RESULTS.mkdir(parents=True, exist_ok=True)
    latest = RESULTS / "latest.json"
    if args.only and latest.exists():
        try:
            old = json.loads(latest.read_text(encoding="utf-8"))
            merged = dict(old.get("sections", {}))
            merged.update(sections)
            sections = merged
        except (OSError, ValueError):
            pass
    command = (
        "python3 benchmarks/run.py"
        + (" --quick" if args.quick else "")
        + "".join(f" --only {n}" for n in args.only or [])
    )
    doc = {
        "command": command,
        "quick": args.quick,
        "machine": info,
        "warm_up": warm,
        "seconds": time.perf_counter() - t_start,
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "sections": sections,
    }
    text = json.dumps(doc, indent=1, default=str)
    latest.write_text(text + "\n", encoding="utf-8")
    (RESULTS / "latest.md").write_text(render(doc), encoding="utf-8")
    if json_path:
        json_path.write_text(text + "\n", encoding="utf-8")
    print(
        f"\nwrote {latest.relative_to(HERE.parent)} and {(RESULTS / 'latest.md').relative_to(HERE.parent)}"
        + (f" and {args.json}" if args.json else "")
        + f" ({doc['seconds']:.0f} s)"
    )
    if args.update_docs:
        print(update_docs((RESULTS / "latest.md").read_text(encoding="utf-8")))
    mismatches = [m for s in doc["sections"].values() for m in s.get("messages", []) if "MISMATCH" in m]
    if mismatches:
        print(f"\n{len(mismatches)} MISMATCH(ES) — see above", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
