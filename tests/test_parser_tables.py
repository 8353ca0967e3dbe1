"""The parser's LALR tables (parser/lalr.py): stored as data in a per-user cache that is safe
to read, verified before use, and never a pickle in a shared directory (issue 13)."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

import pytest
from lark import Transformer

from mtgasp.parser import parse_card
from mtgasp.parser import lalr
from mtgasp.parser.build import get_parser


def _blob() -> tuple[bytes, str]:
    t = get_parser().tables
    key = lalr.grammar_key()
    return lalr.dumps(t.header, t._offsets, t._keys, t._acts, key), key


def test_tables_round_trip_through_the_file_format() -> None:
    blob, key = _blob()
    header, offsets, keys, acts = lalr.loads(blob, key)
    t = get_parser().tables
    assert header == t.header and offsets == t._offsets and keys == t._keys and acts == t._acts


def test_the_file_format_holds_no_code() -> None:
    """JSON and integer arrays only: no pickle opcode stream, no marshal."""
    blob, _ = _blob()
    assert blob.startswith(lalr.MAGIC)
    assert b"__reduce__" not in blob and not blob.startswith(b"\x80")


def test_a_corrupted_table_file_is_refused() -> None:
    blob, key = _blob()
    bad = bytearray(blob)
    bad[-5] ^= 0xFF  # one bit pattern changed in the last action
    with pytest.raises(ValueError, match="sha256"):
        lalr.loads(bytes(bad), key)
    with pytest.raises(ValueError):
        lalr.loads(blob[: len(blob) // 2], key)  # truncated
    with pytest.raises(ValueError, match="another grammar"):
        lalr.loads(blob, "0" * 20)  # tables of another grammar


def test_the_cache_directory_is_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "c" / "mtgasp"
    monkeypatch.setenv("MTGASP_CACHE_DIR", str(target))
    got = lalr.cache_dir()
    assert got == target and stat.S_IMODE(os.lstat(target).st_mode) == 0o700
    target.chmod(0o777)  # ours but open: tightened before use
    assert lalr.cache_dir() == target and stat.S_IMODE(os.lstat(target).st_mode) == 0o700


def test_a_symlinked_cache_directory_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    link = tmp_path / "link"
    link.symlink_to(real)
    monkeypatch.setenv("MTGASP_CACHE_DIR", str(link))
    assert lalr.cache_dir() is None


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root to give a file away")
def test_files_of_another_user_are_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d = tmp_path / "other"
    d.mkdir(mode=0o700)
    os.chown(d, 65534, 65534)
    monkeypatch.setenv("MTGASP_CACHE_DIR", str(d))
    assert lalr.cache_dir() is None
    f = tmp_path / "t.tables"
    f.write_bytes(b"x")
    f.chmod(0o600)
    os.chown(f, 65534, 65534)
    assert lalr._read_safely(f) is None


def test_a_writable_or_linked_table_file_is_not_read(tmp_path: Path) -> None:
    f = tmp_path / "t.tables"
    f.write_bytes(b"data")
    f.chmod(0o600)
    assert lalr._read_safely(f) == b"data"
    f.chmod(0o666)  # anyone could have written it
    assert lalr._read_safely(f) is None
    f.chmod(0o620)
    assert lalr._read_safely(f) is None
    f.chmod(0o600)
    link = tmp_path / "l.tables"
    link.symlink_to(f)
    assert lalr._read_safely(link) is None


def test_no_parser_cache_in_the_shared_temporary_directory() -> None:
    """Issue 13: the old pickle at a predictable name in /tmp is neither written nor read."""
    get_parser()
    parse_card("Llanowar Elves", "{T}: Add {G}.", type_line="Creature — Elf Druid")
    tmp = Path(tempfile.gettempdir())
    import inspect

    src = inspect.getsource(lalr)
    assert "gettempdir" not in src and "import pickle" not in src and "import marshal" not in src
    assert not [p for p in tmp.glob("mtgasp_oracle_lalr_*") if p.stat().st_mtime > _START]


_START = __import__("time").time() - 1


# --- long texts (issue 13): read the same as short ones; the lexer's look-aheads and the
# parser's check of a candidate terminal do not rescan the text or copy the stack per token
# (timing is in benchmarks/bench_parse_length.py, not here)

@pytest.mark.parametrize("n", [3, 600])
def test_a_long_description_list_reads_as_one_filter_per_item(n: int) -> None:
    kinds = ["artifact", "creature", "land"]
    items = [kinds[k % 3] for k in range(n)]
    pc = parse_card("Test Card", "Destroy target " + ", ".join(items) + ", or enchantment.",
                    type_line="Instant")
    assert pc.fully_parsed
    branches = [f for f in pc.facts if f.name == "filter"]
    assert [str(f.arguments[2]) for f in sorted(branches, key=lambda f: f.arguments[1].number)] == \
        [f"type({k})" for k in items] + ["type(enchantment)"]


@pytest.mark.parametrize("n", [3, 600])
def test_a_long_series_of_verb_phrases_is_one_effect_each(n: int) -> None:
    pc = parse_card("Test Card", ", ".join(["Draw a card"] * n) + ".", type_line="Sorcery")
    assert pc.fully_parsed
    effects = sorted(f.arguments[1].number for f in pc.facts if f.name == "effect")
    assert effects == list(range(1, n + 1))
    assert {str(f.arguments[2]) for f in pc.facts if f.name == "effect"} == {"draw(you,1)"}


class _Recorder(Transformer):
    """Lark's tree-building transformer, recording every callback the parse runs."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def __default__(self, data: str, children: list, meta: object) -> object:
        self.calls.append(data)
        return super().__default__(data, children, meta)


def test_a_choice_point_runs_only_the_callbacks_of_the_candidate_shifted() -> None:
    """docs/parser.md, the lexer rule for several candidates: in "If you do, draw two cards." the
    comma is VP_COMMA or COMMA. VP_COMMA comes first and the state reduces on it, but after the
    reductions it is refused (LALR's merged look-ahead sets): the loop goes back and shifts COMMA.
    The result, and every callback run, is that of the text whose comma is COMMA alone."""
    from mtgasp.parser.lexer import PreToken, tokenize

    from lark.exceptions import UnexpectedInput

    vocab = get_parser().vocab
    toks = tokenize("You may discard a card. If you do, draw two cards.", vocab)
    k = next(i for i, t in enumerate(toks) if t[0] == ("VP_COMMA", "COMMA"))  # t: (types, value, ...)

    def run(types: tuple[str, ...]) -> tuple[object, list[str]]:
        tables = lalr.load_tables()
        rec = _Recorder()
        tables.bind(rec)
        alt = list(toks)
        alt[k] = PreToken(types, *toks[k][1:4])
        try:
            return tables.parse(alt), rec.calls
        except UnexpectedInput:
            return "refused", rec.calls

    both, calls = run(("VP_COMMA", "COMMA"))
    comma, comma_calls = run(("COMMA",))
    assert run(("VP_COMMA",))[0] == "refused"
    assert both == comma != "refused"
    assert calls == comma_calls


def test_a_choice_points_kept_decisions_read_as_a_fresh_parser_does() -> None:
    """docs/parser.md: a choice point keeps its decision keyed by the top states of the stack
    its candidates' reductions read. Texts whose commas meet choice points in different contexts,
    parsed one after the other (twice) by one parser, give each the result and the callbacks of
    a fresh parser that never decided anything before."""
    from mtgasp.parser.lexer import tokenize

    from lark.exceptions import UnexpectedInput

    vocab = get_parser().vocab
    texts = [
        "You may discard a card. If you do, draw two cards.",
        "If you control an artifact, draw a card.",
        "Target creature gets +2/+2 until end of turn. If it's an Elf, it gains trample.",
        "When this creature enters, you may sacrifice a land. If you do, draw two cards.",
        "Destroy target creature, then its controller draws a card.",
        "Tap target creature, untap target land, and draw a card.",
    ]

    def run(tables: object, text: str) -> tuple[object, list[str]]:
        rec = tables.rec  # type: ignore[attr-defined]
        rec.calls.clear()
        try:
            out = tables.parse(tokenize(text, vocab, ()))  # type: ignore[attr-defined]
        except UnexpectedInput:
            out = "refused"
        return out, list(rec.calls)

    def fresh() -> object:
        tables = lalr.load_tables()
        tables.rec = _Recorder()  # type: ignore[attr-defined]
        tables.bind(tables.rec)  # type: ignore[attr-defined]
        return tables

    shared = fresh()
    seen = [run(shared, t) for t in texts + texts]
    assert seen == [run(fresh(), t) for t in texts + texts]
    assert sum(out == "refused" for out, _ in seen) == 0
    decided = [v[1] for row in shared._rows for k, v in row.items()  # type: ignore[attr-defined]
               if type(k) is tuple and v[0] is None]
    assert decided and any(choice.seen for choice in decided)


def test_rows_hold_only_the_entries_met_and_read_as_the_arrays() -> None:
    """docs/parser.md: a state's row decodes an entry of the table's arrays the first time it
    is looked up. After a parse the rows hold a few dozen of the ~700,000 entries, each the
    arrays' action; a symbol the state has no action for is refused (KeyError, ``action`` None)
    and is not kept."""
    from mtgasp.parser.lexer import tokenize

    tables = lalr.load_tables()
    tables.bind(Transformer())
    tables.parse(tokenize("Destroy target creature an opponent controls.", get_parser().vocab, ()))
    decoded = [(s, k, v) for s, row in enumerate(tables._rows) for k, v in row.items()
               if type(k) is str]
    assert 10 < len(decoded) < len(tables._keys) // 1000
    for state, symbol, code in decoded:
        a, b = tables._offsets[state], tables._offsets[state + 1]
        whole = {tables.symbols[k]: act for k, act in zip(tables._keys[a:b], tables._acts[a:b])}
        assert whole[symbol] == code
    state = decoded[0][0]
    a, b = tables._offsets[state], tables._offsets[state + 1]
    absent = next(s for k, s in enumerate(tables.symbols) if k not in tables._keys[a:b])
    assert tables.action(state, absent) is None and absent not in tables.row(state)
    with pytest.raises(KeyError):
        tables.row(state)[absent]
