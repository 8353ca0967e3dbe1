"""The read table's argument splitter (mtgasp.read_analysis._split_args) scans a fact's text
by regular expression; it must split exactly as a reading one character at a time does
(quoted strings with escapes, nested terms, a string left open), on any text."""

from __future__ import annotations

import random

from mtgasp.read_analysis import _split_args, _split_args_by_char


def test_split_args_matches_the_character_by_character_reading_on_random_terms() -> None:
    rng = random.Random(12)
    alphabet = 'ab(),"\\ 1'
    for _ in range(20_000):
        text = "p(" + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14))) + ")"
        assert _split_args(text, 1) == _split_args_by_char(text, 1), text


def test_split_args_of_printed_facts() -> None:
    fact = 'effect(ab(card("Say \\"Hi, (there)\\""),1),2,draw(you,1))'
    assert _split_args(fact, fact.index("(")) == ['ab(card("Say \\"Hi, (there)\\""),1)', "2", "draw(you,1)"]
    assert _split_args('keyword(ab(card(0),1),"flying")', 7) == ["ab(card(0),1)", '"flying"']


def test_split_args_without_strings_matches_the_character_by_character_reading() -> None:
    """A text without a string is cut at its commas and joined back by the pieces' depth
    (parentheses unbalanced too, and the last character dropped as the closing one)."""
    rng = random.Random(13)
    alphabet = "ab(),1"
    for _ in range(20_000):
        text = "p(" + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16))) + rng.choice(")a")
        assert _split_args(text, 1) == _split_args_by_char(text, 1), text
