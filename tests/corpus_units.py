"""Every unit body of the real corpus with its card's names, for the slow tests that compare two
readings of the same text unit by unit (the lexer's one marking walk against its two passes,
its chunk reading against the regular expression). The corpus is ``../shared/data`` beside the
project root; a test skips with that reason when it is absent."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "cards" / "cards.jsonl"


def corpus_unit_bodies() -> Iterator[tuple[str, tuple[str, ...]]]:
    """(body, the card's names) of every unit of every card in the corpus, in the file's order,
    repeats included; skips the calling test when the corpus is absent."""
    if not CORPUS.exists():
        pytest.skip(f"no corpus at {CORPUS}")
    from mtgasp.parser.split import self_names, split_units

    with CORPUS.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            text = rec.get("oracle_text") or ""
            names = self_names(rec["name"], rec.get("type_line") or "")
            for unit in split_units(text):
                yield text[unit.body:unit.end], names
