#!/usr/bin/env python3
"""The lexer alone over the corpus: ``python3 benchmarks/bench_lexer.py [--runs N] [--dump F | --compare F]``.

Splits every card of ``../shared/data/cards/cards.jsonl`` into units as ``parse_card`` does
(:func:`mtgasp.parser.split.split_units`, the card's names from
:func:`~mtgasp.parser.split.self_names`) and times :func:`mtgasp.parser.lexer.tokenize` over each
distinct unit body (process CPU time, the garbage collector off: other processes on the machine
do not count): the first run with the lexer's caches empty, as the corpus command meets them,
then ``--runs`` more with them filled; best of each.

For an A/B of two checkouts, run this file with each one's interpreter, alternating
(``/work/wt/master/.venv/bin/python benchmarks/bench_lexer.py``: the ``mtgasp`` package imported is
that venv's). ``--dump F`` writes the token streams (each pre-token as ``(types, value, start,
end, low)``, whatever the lexer's own representation) and ``--compare F`` checks this
checkout's streams against such a file: the gate of a lexer change is 0 streams differing.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("MTGASP_CORPUS", ROOT.parent / "shared" / "data" / "cards" / "cards.jsonl"))


def unit_bodies(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """(body, names) of each distinct unit body of the corpus, in the file's order (a body
    that holds none of its card's names once, as the corpus command's unit cache reads it)."""
    from mtgasp.parser.split import self_names, split_units

    seen: set[tuple[str, tuple[str, ...]]] = set()
    out = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            text = rec.get("oracle_text") or ""
            names = self_names(rec["name"], rec.get("type_line") or "")
            for unit in split_units(text):
                body = text[unit.body:unit.end]
                key = (body, names if any(n and n in body for n in names) else ())
                if body.strip() and key not in seen:
                    seen.add(key)
                    out.append((body, names))
    return out


def _plain(tok) -> tuple:
    """A pre-token as a tuple, whether the lexer makes tuples or objects with attributes."""
    if isinstance(tok, tuple):
        return tuple(tok)
    return (tok.types, tok.value, tok.start, tok.end, tok.low)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="runs with the caches filled (default 3)")
    ap.add_argument("--dump", type=Path, help="write the token streams to this file")
    ap.add_argument("--compare", type=Path, help="compare the token streams with this file")
    args = ap.parse_args(argv)
    if not CORPUS.exists():
        print(f"no corpus at {CORPUS} (set MTGASP_CORPUS)", file=sys.stderr)
        return 2
    import mtgasp.parser as parser_pkg
    from mtgasp.parser.build import get_parser
    from mtgasp.parser.lexer import tokenize

    bodies = unit_bodies(CORPUS)
    vocab = get_parser().vocab
    gc.disable()
    times = []
    for _ in range(1 + max(args.runs, 0)):
        t = time.process_time()
        for body, names in bodies:
            tokenize(body, vocab, names)
        times.append(time.process_time() - t)
    gc.enable()
    where = Path(parser_pkg.__file__).resolve().parent.parent
    ntok = sum(len(tokenize(b, vocab, n)) for b, n in bodies)
    warm = min(times[1:]) if len(times) > 1 else float("nan")
    print(f"{where}: {len(bodies)} unit bodies, {ntok} tokens; tokenize CPU first run {times[0]:.3f} s, "
          f"caches filled {warm:.3f} s (best of {len(times) - 1})")
    if args.dump or args.compare:
        streams = [[_plain(t) for t in tokenize(b, vocab, n)] for b, n in bodies]
        if args.dump:
            with args.dump.open("wb") as fh:
                pickle.dump((bodies, streams), fh)
        if args.compare:
            with args.compare.open("rb") as fh:
                old_bodies, old = pickle.load(fh)
            if old_bodies != bodies:
                print("the unit bodies differ from the dump's (split changed): streams not compared")
                return 1
            differ = [k for k, (a, b) in enumerate(zip(old, streams)) if a != b]
            print(f"token streams differing: {len(differ)} of {len(streams)}")
            for k in differ[:3]:
                print("  ", repr(bodies[k][0][:100]))
            return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
