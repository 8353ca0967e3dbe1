#!/usr/bin/env python3
"""Parse time against the length of one card's text (issue 13: it must grow linearly):
``python3 benchmarks/bench_parse_length.py [--sizes 1000,4000,16000,32000] [--repeat 3]``.

Each family repeats one piece of Oracle text n times (a list of descriptions, a series of
verb phrases, mana symbols, modes, keywords, joined noun phrases); the CPU time of
``parse_card`` is printed for each n (the best of ``--repeat`` runs, after a garbage
collection, so one run's collector pause or a busy machine does not read as growth), then the
growth factor between consecutive sizes next to the size factor (linear: about equal;
quadratic: its square) and the exponent k of time ~ n^k between the first and the last size
(linear: about 1, a little less when the smallest size is dominated by fixed costs).
``parse_card`` pauses Python's cyclic garbage collector while it parses (its full collections
walk every live object, a parse's grow with the text, and they added about 0.1 to k);
``--gc`` parses with the collector running, as before, for comparison.
"""

from __future__ import annotations

import argparse
import gc
import math
import sys
import time
from typing import Callable

FAMILIES: dict[str, Callable[[int], str]] = {
    "description list": lambda n: "Destroy target " + "artifact, " * n + "or enchantment.",
    "verb series": lambda n: "Draw a card" + ", draw a card" * n + ".",
    "and-joined": lambda n: "Draw a card" + " and draw a card" * n + ".",
    "mana symbols": lambda n: "{T}: Add " + "{G}" * n + ".",
    "cost symbols": lambda n: "{G}" * n + ", {T}: Add {G}.",
    "modes": lambda n: "Choose one —" + "\n• Draw a card." * n,
    "keywords": lambda n: "Flying, " * n + "trample",
    # right-recursive noun phrases: and_ref / or_ref / list_ref join their filters
    "noun phrases": lambda n: "Each " + "creature and each " * n + "player.",
    "or-joined targets": lambda n: "Destroy " + "target artifact or " * n + "target enchantment.",
    "noun-phrase list": lambda n: "Exile " + "each artifact, " * n + "and each enchantment.",
    "both targets": lambda n: "Destroy " + "target artifact and " * n + "target enchantment.",
}


def cpu_time(text: str, repeat: int, collector: bool = False) -> float:
    """The best CPU time of ``repeat`` parses of one card with this text (no unit cache);
    ``collector=True``: with Python's cyclic garbage collector running during the parse."""
    import mtgasp.parser as P

    parse = P.parse_card.__wrapped__ if collector else P.parse_card
    best = math.inf
    for _ in range(repeat):
        P._UNIT_CACHE.clear()
        gc.collect()
        t0 = time.process_time()
        parse("Test Card", text, type_line="Artifact")
        best = min(best, time.process_time() - t0)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,4000,16000,32000")
    ap.add_argument("--repeat", type=int, default=3, help="runs per size; the best is printed")
    ap.add_argument("--families", default="", help="comma-separated names (default: all)")
    ap.add_argument("--gc", action="store_true",
                    help="the garbage collector running while parsing (parse_card pauses it): its full "
                    "passes over a parse's live objects, for comparison")
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",")]
    names = [x.strip() for x in args.families.split(",") if x.strip()] or list(FAMILIES)
    unknown = [x for x in names if x not in FAMILIES]
    if len(sizes) < 1 or min(sizes) < 1 or args.repeat < 1 or unknown:
        ap.error(f"--sizes: positive integers; --repeat: at least 1; --families: some of {', '.join(FAMILIES)}")
    from mtgasp.parser.build import get_parser

    get_parser()
    print(f"{'family':18}" + "".join(f"{f'n={n}':>10}" for n in sizes) + "   growth (size x" +
          ",".join(f"{b / a:g}" for a, b in zip(sizes, sizes[1:])) + ")   exponent")
    for name in names:
        times = [cpu_time(FAMILIES[name](n), args.repeat, args.gc) for n in sizes]
        growth = ",".join(f"{b / max(a, 1e-4):.1f}" for a, b in zip(times, times[1:]))
        k = (math.log(times[-1] / max(times[0], 1e-6)) / math.log(sizes[-1] / sizes[0])
             if len(sizes) > 1 and sizes[-1] != sizes[0] else float("nan"))
        print(f"{name:18}" + "".join(f"{t:10.3f}" for t in times) + f"   x{growth:14}   {k:.2f}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
