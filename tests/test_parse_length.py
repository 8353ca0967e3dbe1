"""Issue 13, parse time linear in a card's text length: the noun-phrase joins that were
quadratic ("each A and each B and ...", "target A or target B or ...", "each A, each B, and
each C" are right-recursive, and each join made a new list of all the branches so far) now
join into the inner filter in place. These tests check what the joins must still produce:
one filter whose branches are the items in text order (the basis: the text itself), and no
filter shared between two parses. Timing is in benchmarks/bench_parse_length.py.
"""

from __future__ import annotations

import re

import pytest

import mtgasp.parser as P
from mtgasp.parser import parse_card
from mtgasp.parser.nodes import Filter

_TYPES = ["creature", "artifact", "enchantment", "land", "planeswalker"]
_FILTER = re.compile(r'^filter\(f\(ab\(card\("Test Card"\),1\),(\d+)\),(\d+),type\((\w+)\)\)\.$')


def _branches(text: str) -> tuple[list[str], list[str]]:
    """The effect facts and the type of each branch of each filter, in branch order."""
    P._UNIT_CACHE.clear()
    pc = parse_card("Test Card", text, type_line="Instant")
    assert [a.message for a in pc.abilities] == [""]
    lines = pc.to_asp().splitlines()
    rows = [m.groups() for m in map(_FILTER.match, lines) if m]
    assert len(rows) == sum(line.startswith("filter(") for line in lines)  # only type(...) here
    filters = sorted({int(f) for f, _, _ in rows})
    assert filters == [1]  # one filter: every item joined into it
    rows.sort(key=lambda r: int(r[1]))
    assert [int(b) for _, b, _ in rows] == list(range(1, len(rows) + 1))
    return [line for line in lines if line.startswith("effect(")], [t for _, _, t in rows]


def _items(n: int) -> list[str]:
    return [_TYPES[k % len(_TYPES)] for k in range(n)]


@pytest.mark.parametrize("n", [2, 3, 60])
def test_issue13_each_and_each_joins_in_text_order(n):
    items = _items(n)
    effect, types = _branches("Destroy " + " and ".join(f"each {t}" for t in items) + ".")
    assert effect == ['effect(ab(card("Test Card"),1),1,destroy(each(f(ab(card("Test Card"),1),1)))).']
    assert types == items


@pytest.mark.parametrize("n", [2, 3, 60])
def test_issue13_target_or_target_joins_in_text_order(n):
    items = _items(n)
    effect, types = _branches("Exile " + " or ".join(f"target {t}" for t in items) + ".")
    assert effect == ['effect(ab(card("Test Card"),1),1,exile(target(f(ab(card("Test Card"),1),1),1))).']
    assert types == items


@pytest.mark.parametrize("n", [3, 60])
def test_issue13_comma_list_with_and_joins_in_text_order(n):
    items = _items(n)
    text = "Exile " + ", ".join(f"each {t}" for t in items[:-1]) + f", and each {items[-1]}."
    effect, types = _branches(text)
    assert effect == ['effect(ab(card("Test Card"),1),1,exile(each(f(ab(card("Test Card"),1),1)))).']
    assert types == items


def test_issue13_a_join_in_place_leaves_other_parses_alone():
    # the same chain parsed twice, a shorter one between: each parse has its own filters
    long_text = "Destroy " + " and ".join(f"each {t}" for t in _items(40)) + "."
    first = _branches(long_text)
    assert _branches("Destroy each land and each artifact.")[1] == ["land", "artifact"]
    assert _branches(long_text) == first


@pytest.mark.parametrize("joiner", ["and each", "or target"])
def test_issue13_joining_n_noun_phrases_builds_filters_linear_in_n(monkeypatch, joiner):
    # Work units: the branches of every filter made while parsing a chain of n noun phrases.
    # A join that copies all the branches so far makes n^2/2 of them; in place, a constant per
    # item. Counted at n = 20, 40, 80: linear means equal increments per item (exactly).
    made = [0]
    init = Filter.__init__

    def counting_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made[0] += len(self.branches)

    monkeypatch.setattr(Filter, "__init__", counting_init)
    first, sep = joiner.split()[1], f" {joiner.split()[0]} "
    counts = []
    for n in (20, 40, 80):
        made[0] = 0
        _branches("Destroy " + sep.join(f"{first} {t}" for t in _items(n)) + ".")
        counts.append(made[0])
    assert counts[2] - counts[1] == 2 * (counts[1] - counts[0]), counts
