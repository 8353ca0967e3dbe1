#!/usr/bin/env python3
"""The LALR driver alone over the corpus: ``python3 benchmarks/bench_driver.py record F | time F [--runs N] [--dump D | --compare D]``.

``record F`` parses every card of ``../shared/data/cards/cards.jsonl`` with
:func:`mtgasp.parser.parse_card` (as the corpus command does) and writes to ``F`` every call the
parser makes to its LALR driver (:meth:`mtgasp.parser.lalr_driver.Tables.parse`): the pre-token
list and the start rule, in order. ``time F`` replays those calls in a fresh process (the
driver's loop, its shaping callbacks and the transformer's methods: no lexer, no printer) and
reports the process CPU time (the garbage collector off): the first run with the driver's rows
and decisions empty, as the corpus command meets them, then ``--runs`` more; best of each.

For an A/B of two checkouts, run ``time`` with each one's interpreter, alternating
(``/work/wt/master/.venv/bin/python benchmarks/bench_driver.py time F``). ``--dump D`` writes
each call's result (its ``repr``, or the error's type and position) and ``--compare D`` checks
this checkout's against such a file: a driver change must leave them all the same.
"""

from __future__ import annotations

import argparse
import gc
import os
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("MTGASP_CORPUS", ROOT.parent / "shared" / "data" / "cards" / "cards.jsonl"))


def record(out: Path) -> int:
    from mtgasp.corpus import iter_card_records
    from mtgasp.parser import parse_card
    from mtgasp.parser.lalr_driver import Tables

    calls: list[tuple[list[tuple], str]] = []
    real = Tables.parse

    def spy(self, tokens, start="line"):
        calls.append(([tuple(t) for t in tokens], start))
        return real(self, tokens, start)

    Tables.parse = spy  # type: ignore[method-assign]
    try:
        for r in iter_card_records(CORPUS):
            parse_card(
                r["name"], r["oracle_text"], type_line=r["type_line"], mana_cost=r["mana_cost"],
                power=r["power"], toughness=r["toughness"], loyalty=r["loyalty"],
                defense=r["defense"], color_indicator=r["color_indicator"],
            )
    finally:
        Tables.parse = real  # type: ignore[method-assign]
    with out.open("wb") as fh:
        pickle.dump(calls, fh, protocol=pickle.HIGHEST_PROTOCOL)
    print(f"{len(calls)} calls, {sum(len(t) for t, _ in calls)} words -> {out}")
    return 0


def _result(parse, tokens, start) -> str:
    try:
        return repr(parse(tokens, start))
    except Exception as exc:  # noqa: BLE001 - the error is part of the result
        tok = getattr(exc, "token", None)
        return f"{type(exc).__name__} {getattr(tok, 'type', '')} {getattr(tok, 'start_pos', '')}"


def time_calls(path: Path, runs: int, dump: Path | None, compare: Path | None,
               every: int = 1) -> int:
    from mtgasp.parser.build import get_parser

    with path.open("rb") as fh:
        calls = pickle.load(fh)[::every] if every > 0 else []
    parser = get_parser()
    parse = parser.tables.parse
    gc.disable()
    times = []
    for _ in range(1 + max(runs, 0)):
        t = time.process_time()
        for tokens, start in calls:
            try:
                parse(tokens, start)
            except Exception:  # noqa: BLE001 - refused texts are part of the work
                pass
        times.append(time.process_time() - t)
    gc.enable()
    first, rest = times[0], times[1:]
    print(f"{len(calls)} calls: first run {first:.3f} s CPU"
          + (f", then best of {len(rest)}: {min(rest):.3f} s" if rest else ""), flush=True)
    if dump or compare:
        results = [_result(parse, tokens, start) for tokens, start in calls]
        if dump:
            with dump.open("wb") as fh:
                pickle.dump(results, fh)
        if compare:
            with compare.open("rb") as fh:
                old = pickle.load(fh)
            diff = [i for i, (a, b) in enumerate(zip(old, results)) if a != b]
            print(f"results differing: {len(diff)} of {len(results)}"
                  + (f" (first: call {diff[0]})" if diff else ""))
            return 1 if diff or len(old) != len(results) else 0
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=["record", "time"])
    ap.add_argument("file", type=Path)
    ap.add_argument("--runs", type=int, default=2, help="runs after the first (default 2)")
    ap.add_argument("--every", type=int, default=1,
                    help="replay every k-th call only (0: none, to count the set-up alone under "
                         "valgrind --tool=callgrind, whose instruction counts are steady under load)")
    ap.add_argument("--dump", type=Path, help="write each call's result to this file")
    ap.add_argument("--compare", type=Path, help="compare each call's result with this file")
    args = ap.parse_args(argv)
    if not CORPUS.exists():
        print(f"no corpus at {CORPUS} (set MTGASP_CORPUS)", file=sys.stderr)
        return 2
    if args.what == "record":
        return record(args.file)
    return time_calls(args.file, args.runs, args.dump, args.compare, args.every)


if __name__ == "__main__":
    sys.exit(main())
