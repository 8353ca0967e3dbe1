"""parser/split.py ``_GLUED_PAIR``: the characters around a lost line break (a period, digit or
")" before a capital, '."' or '!"' before one, ...). The pattern looks at the character before
the break first (the union of the pairs' first characters) and then tries the six pairs; it must
match exactly where one of the six pairs, tried alone, matches, on any text."""

from __future__ import annotations

import random
import re

from mtgasp.parser.split import _GLUED_PAIR, _GLUED_PAIR_ASCII, split_lines

#: the six pairs as docs in split.py list them, each tried alone at every position
_PAIRS = [
    r"(?<=[.\d)])[A-Z]", r'(?<=[.!]")[A-Z]', r"(?<=[a-z.\d])\{", r"(?<=\d\})\{(?=\d)",
    r"(?<=[.)a-z])[+\-−](?=\d)", r"(?<=[.)])[\d\[]",
]


def _by_pairs(text: str, flags: int = 0) -> list[int]:
    return sorted({m.start() for p in _PAIRS for m in re.finditer(p, text, flags)})


def test_glued_pair_matches_where_one_of_the_six_pairs_does_on_random_texts() -> None:
    rng = random.Random(7)
    alphabet = 'aZ.1)"!{}+-−[ ~٣'  # ("٣": a digit past ASCII, which only _GLUED_PAIR reads as one)
    for _ in range(30_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        assert [m.start() for m in _GLUED_PAIR.finditer(text)] == _by_pairs(text), text
        assert [m.start() for m in _GLUED_PAIR_ASCII.finditer(text)] == _by_pairs(text, re.ASCII), text


def test_lost_line_breaks_still_split_units() -> None:
    # '...spell."Whenever', '+1/+1.{1}{B}, {T}: ...' and 'toxic 1Whenever' (split.py's examples)
    text = 'Flying\nOther creatures you control get -1/-1.{1}{B}{B}, {T}: Draw a card.'
    units, by_lines = split_lines(text)
    assert [u[5] for u in units] == ["Flying", "Other creatures you control get -1/-1.", "{1}{B}{B}, {T}: Draw a card."]
    assert not by_lines
    units, by_lines = split_lines("Flying\nWhenever a creature dies, draw a card.")
    assert [u[5] for u in units] == ["Flying", "Whenever a creature dies, draw a card."] and by_lines
