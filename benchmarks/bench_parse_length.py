#!/usr/bin/env python3
"""Parse time against the length of one card's text (issue 13: it must grow linearly):
``python3 benchmarks/bench_parse_length.py [--sizes 250,1000,4000]``.

Each family repeats one piece of Oracle text n times (a list of descriptions, a series of
verb phrases, mana symbols, modes, keywords); the CPU time of ``parse_card`` is printed for
each n, and the growth factor between consecutive sizes next to the size factor (linear: about
equal; quadratic: its square).
"""

from __future__ import annotations

import argparse
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
    "noun phrases": lambda n: "Each " + "creature and each " * n + "player.",
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="250,1000,4000")
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",")]
    import mtgasp.parser as P
    from mtgasp.parser.build import get_parser

    get_parser()
    print(f"{'family':18}" + "".join(f"{f'n={n}':>10}" for n in sizes) + "   growth (size x" +
          ",".join(f"{b / a:g}" for a, b in zip(sizes, sizes[1:])) + ")")
    for name, make in FAMILIES.items():
        times = []
        for n in sizes:
            P._UNIT_CACHE.clear()
            t0 = time.process_time()
            P.parse_card("Test Card", make(n), type_line="Artifact")
            times.append(time.process_time() - t0)
        growth = ",".join(f"{b / max(a, 1e-4):.1f}" for a, b in zip(times, times[1:]))
        print(f"{name:18}" + "".join(f"{t:10.3f}" for t in times) + f"   x{growth}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
