"""Every keyword ability of CR 702 is recognised as keyword/2 (docs/facts.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mtgasp.parser import parse_card
from mtgasp.parser.vocabulary import KEYWORD_HEADINGS

HERE = Path(__file__).parent
SAMPLES = {k: v for k, v in json.loads((HERE / "parser_cases" / "keyword_samples.json").read_text()).items()
           if not k.startswith("_")}
CR_TEXT = HERE.parent.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules_20260116.txt"


def test_every_heading_has_a_sample() -> None:
    assert sorted(SAMPLES) == sorted(KEYWORD_HEADINGS)


@pytest.mark.skipif(not CR_TEXT.exists(), reason="../shared/data (Comprehensive Rules text) is absent")
def test_keyword_headings_are_those_of_the_cr() -> None:
    text = CR_TEXT.read_text(encoding="utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    headings = [m.group(1).strip() for m in re.finditer(r"^702\.(?:[2-9]|\d\d+)\. (.*)$", text, re.M)]
    assert tuple(headings) == KEYWORD_HEADINGS


@pytest.mark.parametrize("heading", sorted(SAMPLES))
def test_keyword_is_recognised(heading: str) -> None:
    line, name = SAMPLES[heading]
    pc = parse_card("Sample Card", line, type_line="Creature — Human")
    assert pc.fully_parsed, pc.unsupported
    assert [f.arguments[1].string for f in pc.facts if f.name == "keyword"] == [name]


def test_keyword_line_gives_one_ability_per_keyword() -> None:
    pc = parse_card("Serra Angel", "Flying, vigilance", type_line="Creature — Angel")
    assert [(a.index, a.text, a.span) for a in pc.abilities] == [(1, "Flying", (0, 6)), (2, "vigilance", (8, 17))]
    assert sorted(str(f) for f in pc.facts if f.name in ("keyword", "static")) == [
        'keyword(ab(card("Serra Angel"),1),"flying")',
        'keyword(ab(card("Serra Angel"),2),"vigilance")',
        'static(ab(card("Serra Angel"),1))',
        'static(ab(card("Serra Angel"),2))',
    ]


@pytest.mark.parametrize(("line", "facts"), [
    ("Ward {2}", ['keyword(A,"ward")', "keyword_param(A,mana(generic(2),1))", "static(A)"]),
    ("Protection from red", ['keyword(A,"protection")', "keyword_param(A,from(color(r)))", "static(A)"]),
    ("Bushido 2", ['keyword(A,"bushido")', "keyword_param(A,n(2))", "triggered(A)"]),
    ("Equip {1}{W}", ['keyword(A,"equip")', "keyword_param(A,mana(generic(1),1))",
                      "keyword_param(A,mana(w,1))", "activated(A)"]),
    ("Swampwalk", ['keyword(A,"landwalk")', 'keyword_param(A,subtype("Swamp"))', "static(A)"]),
])
def test_keyword_parameters(line: str, facts: list[str]) -> None:
    pc = parse_card("Sample Card", line, type_line="Creature — Human")
    a = 'ab(card("Sample Card"),1)'
    got = sorted(str(f).replace(a, "A") for f in pc.facts
                 if f.name in ("keyword", "keyword_param", "static", "triggered", "activated"))
    assert got == sorted(facts)
