"""The table-driven parser (parser/lalr.py) against Lark's own LALR parser, through Lark's public
API only: the same token streams give the same parse trees (or both fail).

parser/lalr.py stores the tables Lark computes and runs its own loop over them (for the start-up
time, docs/parser.md); this is the test that a Lark release that changed what those tables mean
would fail. The reference is ``Lark.parse_interactive``: ``choices()`` is the state's row,
``accepts()`` the terminals it can shift after its pending reductions — the lexer's rule for a
word with several candidates (docs/parser.md), written with them. Building Lark's parser takes
about 15 s of CPU: marked slow."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer

from mtgasp.cards import CardDatabase
from mtgasp.parser.build import get_parser
from mtgasp.parser.lalr import GRAMMAR_DIR, START, load_tables
from mtgasp.parser.lexer import tokenize
from mtgasp.parser.split import self_names

pytestmark = pytest.mark.slow

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "cards" / "cards.jsonl"


class _NoLexer(Lexer):  # the tokens come from parser/lexer.py
    def __init__(self, conf: object) -> None:
        pass

    def lex(self, *args: object):  # pragma: no cover - never called
        raise NotImplementedError


def _lark_parse(lk: Lark, toks: list, start: str = "line"):
    ip = lk.parse_interactive(None, start=start)
    for types, value, start, end, _ in toks:  # the lexer's pre-tokens
        row = ip.choices()
        accepted = [c for c in types if c in row]
        if not accepted:
            ttype = types[0]
        elif len(accepted) > 1:
            shiftable = ip.accepts()
            ttype = next((c for c in accepted if c in shiftable), accepted[0])
        else:
            ttype = accepted[0]
        ip.feed_token(Token(ttype, value, start, 1, start + 1, 1, end + 1, end))
    return ip.feed_eof()


def _texts() -> list[tuple[str, tuple[str, ...]]]:
    """The ability texts of the embedded cards, and of every 100th card of the corpus."""
    out = []
    db = CardDatabase.default()
    for name in db.names():
        names = self_names(name, "")
        out += [(a.text, names) for a in db.parsed(name).abilities]
    if CORPUS.exists():
        with CORPUS.open(encoding="utf-8") as fh:
            for k, line in enumerate(fh):
                if k % 100 == 0:
                    rec = json.loads(line)
                    names = self_names(rec["name"], rec.get("type_line") or "")
                    out += [(t, names) for t in (rec.get("oracle_text") or "").split("\n") if t]
    return out


def test_the_table_driver_and_larks_own_parser_give_the_same_trees():
    lk = Lark.open(str(GRAMMAR_DIR / "oracle.lark"), parser="lalr", lexer=_NoLexer, start=START,
                   maybe_placeholders=False)
    tables = load_tables()
    tables.bind(Transformer())  # build trees, as Lark does without a transformer
    vocab = get_parser().vocab
    compared = differ = 0
    for text, names in _texts():
        toks = tokenize(text, vocab, names)
        if not toks:
            continue
        try:
            ours = tables.parse(toks)
        except UnexpectedInput:
            ours = "error"
        try:
            theirs = _lark_parse(lk, toks)
        except UnexpectedInput:
            theirs = "error"
        compared += 1
        differ += ours != theirs
        assert ours == theirs, text
    assert compared > 400 and differ == 0
