"""Structural guards of the Oracle grammar (STYLE §12-13).

The grammar runs under Lark LALR(1) with the word lexer of parser/lexer.py; no Earley parse
is used, so there is no ambiguity to guard at parse time. These tests keep the invariants
the lexer and the transformers rely on.
"""

from __future__ import annotations

import re
from pathlib import Path

from lark.lexer import PatternStr

from mtgasp.parser.build import GRAMMAR_DIR, get_parser, unhandled_aliases
from mtgasp.parser.lexer import NUMBER_WORDS
from mtgasp.parser.vocabulary import CREATURE_TYPES, MULTIWORD_SUBTYPES

CR_TEXT = Path(__file__).parent.parent.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules_20260116.txt"


def test_every_alias_has_a_transformer_method() -> None:
    assert unhandled_aliases() == []


def test_literals_are_single_words() -> None:
    """The lexer produces one token per word: a literal with a space could never match."""
    p = get_parser()
    bad = [t.pattern.value for t in p.lark.terminals
           if isinstance(t.pattern, PatternStr) and re.search(r"\s", t.pattern.value)]
    assert bad == []


def test_number_words_are_never_literals() -> None:
    """"one" is always a NUM token (docs/parser.md); a literal "one" would shadow it."""
    p = get_parser()
    assert sorted(set(p.vocab.literals) & set(NUMBER_WORDS)) == []


def test_grammar_files_are_split_by_concern() -> None:
    names = sorted(path.stem for path in GRAMMAR_DIR.glob("*.lark"))
    assert names == ["costs", "effects", "filters", "keywords", "mana", "oracle", "replacement", "triggers"]


def test_time_lord_is_the_only_multiword_creature_type() -> None:
    assert MULTIWORD_SUBTYPES == ("Time Lord",)
    assert [t for t in CREATURE_TYPES if " " in t] == ["Time Lord"]


def test_creature_types_match_the_cr() -> None:
    import pytest

    if not CR_TEXT.exists():
        pytest.skip("../shared/data (Comprehensive Rules text) is absent")
    text = CR_TEXT.read_text(encoding="utf-8-sig").replace("\r\n", "\n").replace("’", "'")
    line = next(ln for ln in text.split("\n") if ln.startswith("205.3m "))
    listed = line.split("All other creature types are one word long: ")[1].rstrip(".").replace(", and ", ", ")
    assert sorted(listed.split(", ") + ["Time Lord"]) == sorted(CREATURE_TYPES)


def test_no_literal_hides_a_non_word() -> None:
    """"nonland" is read as "non" + "land" only if "nonland" is not itself a literal."""
    lits = set(get_parser().vocab.literals)
    assert sorted(w for w in lits if w.startswith("non") and w[3:].lstrip("-") in lits) == []
