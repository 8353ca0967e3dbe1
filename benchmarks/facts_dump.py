#!/usr/bin/env python3
"""Dump (or compare) the facts of every card of the corpus, to check that a refactoring of the
parser leaves them unchanged: ``python3 benchmarks/facts_dump.py dump OUT.gz`` then, after the
change, ``python3 benchmarks/facts_dump.py diff OLD.gz NEW.gz`` (cards whose facts or messages
changed, with a few examples)."""

from __future__ import annotations

import gzip
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("MTGASP_CORPUS", ROOT.parent / "shared" / "data" / "cards" / "cards.jsonl"))


def dump(out: str) -> None:
    from mtgasp.corpus import iter_card_records
    from mtgasp.parser import parse_card

    with gzip.open(out, "wt", encoding="utf-8") as fh:
        for r in iter_card_records(CORPUS):
            pc = parse_card(
                r["name"], r["oracle_text"], type_line=r["type_line"], mana_cost=r["mana_cost"],
                power=r["power"], toughness=r["toughness"], loyalty=r["loyalty"],
                defense=r["defense"], color_indicator=r["color_indicator"],
            )
            msgs = [a.message for a in pc.abilities]
            fh.write(json.dumps({"name": r["name"], "asp": pc.to_asp(), "messages": msgs}) + "\n")


def _load(path: str) -> dict[str, dict]:
    out: dict[str, dict] = {}
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for k, line in enumerate(fh):
            rec = json.loads(line)
            out[f"{k}:{rec['name']}"] = rec
    return out


def diff(old: str, new: str, show: int = 5) -> int:
    a, b = _load(old), _load(new)
    changed = [k for k in a if k not in b or a[k] != b[k]]
    facts_changed = [k for k in changed if k in b and a[k]["asp"] != b[k]["asp"]]
    print(f"{len(a)} cards before, {len(b)} after; {len(changed)} changed "
          f"({len(facts_changed)} in their facts, {len(changed) - len(facts_changed)} only in messages)")
    import difflib

    for k in changed[:show]:
        print(f"--- {k}")
        if k not in b:
            continue
        for line in difflib.unified_diff(a[k]["asp"].splitlines(), b[k]["asp"].splitlines(), lineterm="", n=0):
            print("  " + line)
        if a[k]["messages"] != b[k]["messages"]:
            print("  messages:", a[k]["messages"], "->", b[k]["messages"])
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "dump":
        dump(sys.argv[2])
    else:
        sys.exit(diff(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 5))
