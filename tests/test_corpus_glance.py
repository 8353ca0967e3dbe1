"""The corpus report's keyword lines (bridge/corpus.py): a text judged "no keyword line" at a
glance, from its printed form alone (``_no_keyword_at_a_glance``), is no keyword line on any
card — whatever names it is read with (``is_keyword_line``: reminder text out, the names as
"~", after any ability word) — and a text the glance cannot judge is left to the full reading."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgasp.corpus import _no_keyword_at_a_glance, is_keyword_line, iter_card_records
from mtgasp.parser import parse_card
from mtgasp.parser.split import self_names

CORPUS = Path(__file__).parent.parent.parent / "shared" / "data" / "cards" / "cards.jsonl"


@pytest.mark.parametrize("text", ["{T}: Add {G}.", "+1: Draw a card.", "−3: Destroy target creature.",
                                  "• Destroy target artifact.", "Landfall — {T}: Add {G}.", "",
                                  "When this creature enters, draw a card."])
def test_no_keyword_line_at_a_glance(text: str) -> None:
    assert _no_keyword_at_a_glance(text)
    assert not is_keyword_line(text) and not is_keyword_line(text, (text[:4],))


@pytest.mark.parametrize("text, names", [
    ("(This is reminder text.) Flying", ()),      # reminder text first: removed, then a keyword
    ("∞ — Flying", ()),                            # CR 702.186: a keyword that begins with no letter
    (" Flying", ()),                               # a blank first
    ("Flying", ()),                                # a keyword as printed
])
def test_the_glance_leaves_a_keyword_line_to_the_full_reading(text: str, names: tuple[str, ...]) -> None:
    assert not _no_keyword_at_a_glance(text)
    assert is_keyword_line(text, names)


def _sample(step: int) -> list[dict]:
    if not CORPUS.exists():
        pytest.skip(f"the card corpus is not at {CORPUS}")
    return list(iter_card_records(CORPUS))[::step]


def _check(recs: list[dict]) -> None:
    wrong = []
    glanced = 0
    for rec in recs:
        names = self_names(rec["name"], rec["type_line"])
        pc = parse_card(rec["name"], rec["oracle_text"], type_line=rec["type_line"])
        for a in pc.abilities:
            if not _no_keyword_at_a_glance(a.text):
                continue
            glanced += 1
            words = a.text.split()
            # the card's own names, and names that make its first words "~"
            for ns in (names, tuple(" ".join(words[:k]) for k in (3, 2, 1) if len(words) >= k)):
                if is_keyword_line(a.text, ns):
                    wrong.append((rec["name"], a.text, ns))
    assert glanced > len(recs) // 2
    assert wrong == []


def test_corpus_sample_glance_agrees_with_the_full_reading() -> None:
    """Every 20th card of the corpus (~1,600 cards)."""
    _check(_sample(20))


@pytest.mark.slow
def test_corpus_glance_agrees_with_the_full_reading() -> None:
    _check(_sample(1))
