"""The fact contract in one table (parser/contract.py): every fact the parser can print is in it,
docs/facts.md shows exactly it, and the printer refuses a fact that is not in it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from mtgasp.cards import CardDatabase
from mtgasp.parser import parse_card
from mtgasp.parser.contract import (
    BEGIN, END, FACTS, IFACE_BEGIN, IFACE_END, SIGNATURES, UnknownFact, interface, markdown,
)
from mtgasp.parser.effects import AbFact
from mtgasp.parser.facts import AbilityPrinter, InvalidTerm
from mtgasp.parser.nodes import ABIL, Ability, Fn

ROOT = Path(__file__).resolve().parents[1]
PARSER = ROOT / "parser"


def test_docs_facts_md_holds_the_generated_table():
    text = (ROOT / "docs" / "facts.md").read_text(encoding="utf-8")
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    shown = text[text.index(BEGIN):text.index(END) + len(END)]
    assert shown == markdown(), "docs/facts.md: regenerate with python -m mtgasp.parser.contract"


def test_interface_lp_declares_exactly_the_contract():
    """The rules declare the parser's facts from the same table: rules_asp/interface.lp's parser
    section is the generated one, and it #defines every fact of the contract, nothing else."""
    text = (ROOT / "rules_asp" / "interface.lp").read_text(encoding="utf-8")
    assert text.count(IFACE_BEGIN) == 1 and text.count(IFACE_END) == 1
    shown = text[text.index(IFACE_BEGIN):text.index(IFACE_END) + len(IFACE_END)]
    assert shown == interface(), "rules_asp/interface.lp: regenerate with python -m mtgasp.parser.contract --write"
    declared = {(m[0], int(m[1])) for m in re.findall(r"#defined (\w+)/(\d+)\.", shown)}
    assert declared == SIGNATURES


def test_every_row_is_complete_and_its_example_has_its_arity():
    for name, f in FACTS.items():
        assert re.fullmatch(r"[a-z][a-z_]*", name) and f.meaning and f.example
        head, _, rest = f.example.partition("(")
        assert head == name, f.example
        depth, args = 0, 1 if rest.strip(")") else 0
        for ch in rest[:-1]:
            depth += ch == "("
            depth -= ch == ")"
            args += ch == "," and depth == 0
        assert args == f.arity, f"{f.example}: {args} arguments, the table says {f.arity}"


def _fact_names_in_source() -> set[str]:
    """Every fact name written in the parser's source: ``AbFact("name", ...)``, the fact
    templates ``("name", (args))``, ``self.fact("name", ...)`` and f-string facts
    ``f"name(...)"`` (the card-level ones)."""
    names: set[str] = set()
    for path in PARSER.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                fn = node.func
                called = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
                if called in ("AbFact", "fact", "template") and isinstance(node.args[0].value, str):
                    names.add(node.args[0].value)
            if (isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[0], ast.Constant)
                    and isinstance(node.elts[0].value, str) and isinstance(node.elts[1], ast.Tuple)
                    and node.elts[1].elts and _mentions_ability_or_token(node.elts[1].elts[0])):
                names.add(node.elts[0].value)
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                m = re.match(r"([a-z_]+)\($", str(node.values[0].value))
                if m and m.group(1) not in ("ab", "card", "f", "tok"):
                    names.add(m.group(1))
    return names


def _mentions_ability_or_token(node: ast.AST) -> bool:
    """The first argument of a fact template is the ability (ABIL) or a token tok(ABIL, EIDX)."""
    return any(isinstance(n, ast.Name) and n.id in ("ABIL", "t") for n in ast.walk(node))


def test_every_fact_name_in_the_parser_source_is_in_the_table():
    found = _fact_names_in_source()
    assert len(found) > 60  # the scan sees the printer, the transformers and the card-level facts
    assert sorted(found - set(FACTS)) == []


def test_every_fact_of_the_embedded_cards_is_in_the_table():
    db = CardDatabase.default()
    seen: set[tuple[str, int]] = set()
    for name in db.names():
        for s in db.parsed(name).facts:
            seen.add((s.name, len(s.arguments)))
    assert sorted(seen - SIGNATURES) == []
    assert len(seen) > 30


def test_the_printer_refuses_a_fact_that_is_not_in_the_contract():
    printer = AbilityPrinter('card("X")', 'ab(card("X"),1)', False, lambda q: "")
    with pytest.raises(UnknownFact):
        printer.template("v_destroy", (ABIL,))  # a grammar alias is no fact name
    with pytest.raises(UnknownFact):
        printer.template("effect", (ABIL, 1))  # effect/2: the arity is checked too
    with pytest.raises(InvalidTerm):
        printer.term(Fn("Destroy", "it"))  # an upper-case functor reads as a variable
    with pytest.raises(InvalidTerm):
        printer.term("not")  # an ASP keyword: filters say non(...)


def test_an_ability_whose_printing_fails_the_contract_is_unsupported_not_printed(monkeypatch):
    """A transformer that returned an unknown fact makes its ability unsupported (with the
    reason), never a card with a fact the rules do not know."""
    import mtgasp.parser as P

    real = P.AbilityPrinter.print_ability

    def with_alias_fact(self, ab: Ability) -> None:
        ab = Ability(ab.cls, list(ab.facts), [*ab.effects, AbFact("v_mystery", (ABIL,))])
        real(self, ab)

    monkeypatch.setattr(P.AbilityPrinter, "print_ability", with_alias_fact)
    P._UNIT_CACHE.clear()
    pc = parse_card("Llanowar Elves", "{T}: Add {G}.", type_line="Creature — Elf Druid")
    P._UNIT_CACHE.clear()
    (ab,) = pc.abilities
    assert not ab.supported and "v_mystery/1 is not in the fact contract" in ab.message
    assert not any("v_mystery" in str(f) for f in pc.facts)
    assert 'unsupported(card("Llanowar Elves"),1)' in {str(f) for f in pc.facts}


def test_a_number_past_clingos_integers_is_never_printed_wrapped_round():
    """clingo's integers are 32-bit: 99999999999 would be read back as 1215752191 (a confident
    wrong answer). The ability is unsupported instead; a printed power keeps its text."""
    pc = parse_card("Big", "Draw 99999999999 cards.", type_line="Sorcery")
    (ab,) = pc.abilities
    assert not ab.supported and "out of clingo's range" in ab.message
    assert pc.unsupported and not any("1215752191" in str(f) for f in pc.facts)
    pc = parse_card("Big", "", type_line="Creature — Elf", power="99999999999", toughness="2147483647",
                    mana_cost="{4294967297}{G}")
    facts = {str(f) for f in pc.facts}
    assert 'card_power(card("Big"),"99999999999")' in facts
    assert 'card_toughness(card("Big"),2147483647)' in facts
    assert 'card_mana_cost(card("Big"),"{4294967297}",1)' in facts and 'card_mana_cost(card("Big"),g,1)' in facts
