"""The LALR driver's rows (parser/lalr_driver.py): plain ``dict`` objects filled as the parses
meet their entries, each entry found in the table's arrays with a byte search. What a row says
must be what the arrays say — for entries found, for symbols a state has no action for, and for
a symbol's two-byte code that appears in the arrays' bytes across two entries (a byte search
that matched there would read a wrong action) — and a parse must not depend on which entries
earlier parses decoded: the same values, and for a refused text the same error (the word, its
terminal and position, and the expected terminals, which are the terminals of the state's
stretch of the arrays)."""

from __future__ import annotations

import sys
from array import array

import pytest
from lark import Transformer
from lark.exceptions import UnexpectedToken

from mtgasp.parser import lalr
from mtgasp.parser.build import build_transformer, get_parser
from mtgasp.parser.lalr_driver import Tables
from mtgasp.parser.lexer import tokenize


def _stretch(tables: Tables, state: int) -> dict[str, int]:
    """The state's entries decoded whole from the arrays (the reference)."""
    a, b = tables._offsets[state], tables._offsets[state + 1]
    return {tables.symbols[k]: act for k, act in zip(tables._keys[a:b], tables._acts[a:b])}


def test_a_code_split_across_two_entries_is_not_an_entry() -> None:
    """Keys 0x0102 and 0x0203 side by side: their bytes hold, from the second byte on, the code
    of a third symbol that the state has no action for (whatever the machine's byte order)."""
    keys = array("H", [0x0102, 0x0203])
    raw = keys.tobytes()
    across = int.from_bytes(raw[1:3], sys.byteorder)
    assert across not in (0x0102, 0x0203)
    symbols = [f"S{k}" for k in range(0x0400)]
    header = {"symbols": symbols, "rules": [], "start_states": {}, "end_states": {}}
    tables = Tables(header, array("I", [0, 2]), keys, array("i", [7, 9]))
    assert tables.action(0, f"S{across}") is None
    assert f"S{across}" not in tables.row(0)
    assert tables.action(0, "S258") == 7 and tables.action(0, "S515") == 9  # 0x0102, 0x0203
    assert tables.row(0) == {"S258": 7, "S515": 9}  # kept once found
    assert tables.action(0, "S1") is None and tables.action(0, "no such symbol") is None


def test_every_action_a_row_gives_is_the_arrays() -> None:
    """Every 40th state of the grammar's table: each symbol it has an entry for reads the
    arrays' action, every other symbol reads None and is not kept."""
    tables = lalr.load_tables()
    tables.bind(Transformer())
    checked = 0
    for state in range(0, len(tables._offsets) - 1, 40):
        whole = _stretch(tables, state)
        for symbol in tables.symbols:
            assert tables.action(state, symbol) == whole.get(symbol), (state, symbol)
        assert {k: v for k, v in tables.row(state).items() if type(k) is str} == whole
        checked += len(whole)
    assert checked > 10_000


TEXTS = [
    "Destroy target creature an opponent controls.",
    "When this creature enters, return target creature card from your graveyard to your hand.",
    "Whenever a Goblin or Elf you control attacks, it gets +1/+1 until end of turn.",
    "You may discard a card. If you do, draw two cards.",
    "{T}: Add {G}. Activate only if you control three or more Forests.",
    "Choose one —\n• Target player draws two cards.\n• Create a 2/2 black Zombie creature token.",
]
#: texts the grammar refuses: at a word (no candidate has an action, or one is refused after
#: reductions) or at the end of the text
REFUSED = [
    "Destroy target.",
    "Draw two cards until.",
    "Target creature gets +2/+2 until end of",
    "Whenever you attacks, destroy it it.",
    "Exile target creature with with flying.",
    "Return return target creature.",
]


def _outcome(tables: Tables, text: str) -> object:
    try:
        return repr(tables.parse(tokenize(text, get_parser().vocab, ())))
    except UnexpectedToken as exc:
        tok = exc.token
        return (tok.type, tok.start_pos, tok.value, exc.expected)


def _fresh() -> Tables:
    tables = lalr.load_tables()
    tables.bind(build_transformer())
    return tables


@pytest.mark.parametrize("text", REFUSED)
def test_a_refused_text_gives_the_same_error_whatever_the_rows_hold(text: str) -> None:
    """Once on tables that have decoded nothing, once after other texts filled their rows:
    the same error; its expected terminals are those of the refusing state's stretch."""
    fresh = _fresh()
    alone = _outcome(fresh, text)
    assert type(alone) is tuple, f"not refused: {text}"
    warm = _fresh()
    for t in TEXTS + REFUSED:
        _outcome(warm, t)
    assert _outcome(warm, text) == alone
    assert alone[3] in _terminal_sets(fresh), "the expected terminals are a state's terminals"


def _terminal_sets(tables: Tables) -> set[frozenset[str]]:
    """Each state's terminals (its symbols in upper case, ``$END`` among them) in the arrays."""
    return {frozenset(k for k in _stretch(tables, s) if k.isupper())
            for s in range(len(tables._offsets) - 1)}


def test_values_do_not_depend_on_the_rows_decoded_before() -> None:
    fresh = [_outcome(_fresh(), t) for t in TEXTS]
    warm = _fresh()
    for t in REFUSED + TEXTS:
        _outcome(warm, t)
    assert [_outcome(warm, t) for t in TEXTS] == fresh
    assert all(type(o) is str for o in fresh)
