"""Transformer methods declared to the LALR driver (parser/lalr_shaping.py): ``child(i)``,
``constant(v)`` and ``@by_text`` change how a rule's value is computed (no call, or one call per
distinct text), never the value. Checked against the same tables bound with the declarations
ignored, on texts that use every kind of declaration, each parsed twice (the second time from
the values kept by text)."""

from __future__ import annotations

import pytest

from mtgasp.parser import lalr, lalr_shaping
from mtgasp.parser.build import build_transformer, get_parser
from mtgasp.parser.filter_words import Sep, Word
from mtgasp.parser.lexer import tokenize
from mtgasp.parser.nodes import Fn, Str

TEXTS = [
    "Destroy target creature an opponent controls.",
    "Flying, first strike",
    "When this creature enters, return target creature card from your graveyard to your hand.",
    "Whenever a Goblin or Elf you control attacks, it gets +1/+1 until end of turn.",
    "At the beginning of your upkeep, draw a card, then discard a card.",
    "{T}: Add {G}. Activate only if you control three or more Forests.",
    "Each opponent loses 2 life and you gain 2 life.",
    "Exile target tapped artifact or enchantment with mana value 3 or less.",
    "Choose one —\n• Target player draws two cards.\n• Create a 2/2 black Zombie creature token.",
    "+1: Put a +1/+1 counter on up to one target legendary creature.",
    "Target creature you control gets +2/+0 and gains trample until end of turn.",
]


def _tables(declared: bool, monkeypatch: pytest.MonkeyPatch) -> lalr.Tables:
    tables = lalr.load_tables()
    with monkeypatch.context() as m:
        if not declared:
            m.setattr(lalr_shaping, "_declared", lambda *args: False)
        tables.bind(build_transformer())
    return tables


def _results(tables: lalr.Tables) -> list[str]:
    vocab = get_parser().vocab
    out = []
    for text in TEXTS + TEXTS:  # twice: the second time the values by text are reused
        try:
            out.append(repr(tables.parse(tokenize(text, vocab, ()))))
        except Exception as exc:  # noqa: BLE001 - a refusal is a result too
            out.append(f"{type(exc).__name__}")
    return out


def test_declared_methods_give_the_values_of_their_ordinary_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    declared = _tables(True, monkeypatch)
    plain = _tables(False, monkeypatch)
    kinds = {getattr(cb, "__name__", type(cb).__name__) for _, _, cb in declared._plain}
    assert {"by_one", "<lambda>", "itemgetter", "NoneType"} <= kinds  # every kind is in use
    got = _results(declared)
    assert got == _results(plain)
    assert sum(r.startswith("Unexpected") for r in got) == 0


def _immutable(v: object) -> bool:
    if v is None or type(v) in (str, int, Str, Word, Sep):
        return type(v) is not Word or _immutable(v.constraint)  # type: ignore[union-attr]
    if type(v) is Fn:
        return all(_immutable(a) for a in v.args)  # type: ignore[union-attr]
    if type(v) is tuple:
        return all(_immutable(a) for a in v)
    return False


def test_values_kept_by_text_are_immutable(monkeypatch: pytest.MonkeyPatch) -> None:
    """A value reused by every later parse must be one no parse can change."""
    tables = _tables(True, monkeypatch)
    _results(tables)
    kept = [v for _, _, cb in tables._plain for v in getattr(cb, "memo", {}).values()]
    assert len(kept) > 20
    assert [v for v in kept if not _immutable(v)] == []


def test_the_alias_trace_records_declared_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The corpus report counts the aliases a card reads: a rule with no call, a constant or a
    value by text is recorded like any other."""
    tables = _tables(True, monkeypatch)
    trace: set[int] = set()
    tables.trace = trace
    vocab = get_parser().vocab
    tables.parse(tokenize("Destroy target creature an opponent controls.", vocab, ()))
    names = {tables.rules[r]["name"] for r in trace}
    # w_type: child(0), no call; w_type_word: by text; the target: an ordinary method
    assert {"filters__w_type", "filters__w_type_word", "filters__target_ref"} <= names
    kinds = {getattr(tables._plain[r][2], "__name__", "NoneType") for r in trace}
    assert {"NoneType", "by_one"} <= kinds


def test_the_table_of_values_by_text_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lalr_shaping, "TEXT_MEMO_MAX", 2)
    tables = _tables(True, monkeypatch)
    plain = _tables(False, monkeypatch)
    assert _results(tables) == _results(plain)
    assert max(len(getattr(cb, "memo", ())) for _, _, cb in tables._plain) <= 2
