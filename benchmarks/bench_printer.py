#!/usr/bin/env python3
"""Printing facts alone over the corpus: ``python3 benchmarks/bench_printer.py [--runs N] [--dump F | --compare F]``.

Parses every card of ``../shared/data/cards/cards.jsonl`` as the corpus command does and keeps
what each distinct unit's parse gave (the arguments of ``parser._print_unit``: one call per
distinct unit, as the unit cache makes them), then times printing them all again (process CPU
time, the garbage collector off: other processes on the machine do not count): the first run
with the printer's memos emptied, as the corpus command meets them, then ``--runs`` more with
them filled; best of each. Printing must not change the nodes, so each run prints the same
trees.

For an A/B of two checkouts, run this file with each one's interpreter, alternating
(``/work/wt/master/.venv/bin/python benchmarks/bench_printer.py``: the ``mtgasp`` package
imported is that venv's). ``--dump F`` writes what was printed (per unit, each ability's
offsets, support, message, kinds, fact texts, comment and level) and ``--compare F`` checks this
checkout's printing against such a file: the gate of a printer change is 0 units differing.
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


def _clear_memos() -> None:
    """Empty what the printer remembers between units (what a fresh process starts with)."""
    import mtgasp.parser.facts as facts
    import mtgasp.parser.split as split

    for memo in ("_ATOMS", "_STRINGS"):  # (those a checkout has)
        getattr(facts, memo, set()).clear()
    split._NORMALISED.clear()


def _plain(printed: list, length: int) -> tuple:
    """What was printed, per ability (offsets from the unit's start, ``length``: the unit's):
    the same form whether ``_print_unit`` gives named tuples (before 2026-12-02) or the cached
    piece tuples (start and end None for the whole unit), so dumps compare across checkouts."""
    out = []
    for p in printed:
        start, end, supported, message, kinds, facts, comment, level = p[:8]
        if start is None:
            start, end = 0, length
        out.append((start, end, supported, message, tuple(sorted(kinds)), facts, comment, level))
    return tuple(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="runs with the memos filled (default 3)")
    ap.add_argument("--dump", type=Path, help="write what was printed to this file")
    ap.add_argument("--compare", type=Path, help="compare what was printed with this file")
    args = ap.parse_args(argv)
    if not CORPUS.exists():
        print(f"no corpus at {CORPUS} (set MTGASP_CORPUS)", file=sys.stderr)
        return 2
    import mtgasp.parser as P
    from mtgasp.corpus import iter_card_records

    real = P._print_unit
    calls: list[tuple] = []

    def recording(*a):
        calls.append(a)
        return real(*a)

    P._print_unit = recording
    try:
        for r in iter_card_records(CORPUS):
            P.parse_card(r["name"], r["oracle_text"], type_line=r["type_line"], mana_cost=r["mana_cost"],
                         power=r["power"], toughness=r["toughness"], loyalty=r["loyalty"],
                         defense=r["defense"], color_indicator=r["color_indicator"])
    finally:
        P._print_unit = real
    nab = sum(len(c[5]) for c in calls)
    gc.disable()
    times = []
    for k in range(1 + max(args.runs, 0)):
        if k == 0:
            _clear_memos()
        t = time.process_time()
        for c in calls:
            real(*c)
        times.append(time.process_time() - t)
    gc.enable()
    where = Path(P.__file__).resolve().parent.parent
    warm = min(times[1:]) if len(times) > 1 else float("nan")
    print(f"{where}: {len(calls)} unit prints, {nab} abilities; printing CPU first run {times[0]:.3f} s, "
          f"memos filled {warm:.3f} s (best of {len(times) - 1})")
    if args.dump or args.compare:
        keys = [(c[1][c[2].start:c[2].end], c[2].body - c[2].start, c[3], c[4]) for c in calls]
        printed = [_plain(real(*c), c[2].end - c[2].start) for c in calls]
        if args.dump:
            with args.dump.open("wb") as fh:
                pickle.dump((keys, printed), fh)
        if args.compare:
            with args.compare.open("rb") as fh:
                old_keys, old = pickle.load(fh)
            if old_keys != keys:
                print("the units differ from the dump's: printing not compared")
                return 1
            differ = [k for k, (a, b) in enumerate(zip(old, printed)) if a != b]
            print(f"units printed differently: {len(differ)} of {len(printed)}")
            for k in differ[:3]:
                print("  ", repr(keys[k][0][:100]))
                for x, y in zip(old[k], printed[k]):
                    if x != y:
                        print("     before", x)
                        print("     after ", y)
            return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
