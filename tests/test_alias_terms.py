"""Grammar alias → fact term (issue 12): the terms the generic builders make are written in one
table (parser/terms.py), so renaming a grammar alias can never change a fact silently."""

from __future__ import annotations

import re

import pytest

from mtgasp.parser import build
from mtgasp.parser.build import _GENERICS, build_transformer, grammar_aliases, namespace
from mtgasp.parser.terms import TERMS, term_of


def _generic_aliases() -> dict[str, set[str]]:
    """module → the aliases of its grammar with a generic prefix and no dedicated method."""
    from lark.visitors import merge_transformers

    from mtgasp.parser.oracle import OracleTransformer

    plain = merge_transformers(OracleTransformer(), **{ns: cls() for ns, cls in build._MODULES.items()})
    out: dict[str, set[str]] = {}
    for ns, names in grammar_aliases().items():
        for name in names:
            full = f"{namespace(ns)}__{name}"
            if any(name.startswith(p) for p in _GENERICS.get(ns, {})) and not hasattr(plain, full):
                out.setdefault(ns, set()).add(name)
    return out


def test_every_generic_alias_has_its_term_in_the_table():
    generic = _generic_aliases()
    missing = sorted(f"{ns}: {a}" for ns, names in generic.items() for a in names if term_of(ns, a) is None)
    assert missing == [], "aliases with no fact term: add a row to parser/terms.py"


def test_every_row_of_the_table_is_a_generic_alias_of_the_grammar():
    """A row whose alias no grammar defines (renamed or deleted), or whose alias has a dedicated
    method (the method builds the term, the row is dead), fails here."""
    generic = _generic_aliases()
    stale = sorted(f"{ns}: {a}" for ns, rows in TERMS.items() for a in rows if a not in generic.get(ns, set()))
    assert stale == []


def test_terms_are_asp_names():
    bad = [t for rows in TERMS.values() for t in rows.values() if not re.fullmatch(r"[a-z][a-z0-9_]*", t)]
    assert bad == []


def test_a_renamed_alias_gets_no_term(monkeypatch: pytest.MonkeyPatch):
    """Renaming ``v_destroy`` in verbs.lark does not make a ``destroy_all`` term: the renamed
    alias has no row, so no method (test_parser_grammar's unhandled-alias check then fails); the
    term of the alias with its row comes from the table, not from the alias."""
    monkeypatch.setattr(build, "grammar_aliases", lambda: {"verbs": {"v_destroy_all", "v_destroy"}})
    t = build_transformer()
    assert not hasattr(t, "effects__verbs__v_destroy_all")
    monkeypatch.setitem(TERMS["verbs"], "v_destroy", "destroy_renamed_in_the_table")
    t = build_transformer()
    assert t.effects__verbs__v_destroy([]).name == "destroy_renamed_in_the_table"


def test_the_generic_builders_use_the_table():
    """CR 701.8 destroy: 'Destroy target artifact.' is the effect term destroy(F) named by the
    table's row for v_destroy."""
    from mtgasp.parser import parse_card

    assert TERMS["verbs"]["v_destroy"] == "destroy"
    pc = parse_card("Shatter", "Destroy target artifact.", type_line="Instant", mana_cost="{1}{R}")
    assert re.search(r"effect\(ab\(card\(\"Shatter\"\),1\),1,destroy\(target\(f\(", pc.to_asp())
