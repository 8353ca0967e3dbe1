"""mtgasp.relevance's per-user cache of the rule analysis: what is read back is what the
analysis of the same statements gives, and a stale, foreign or broken file is never used."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clingo import ast

from mtgasp.engine import rules_dir
from mtgasp.relevance import RuleBase, _analyse, analysis

QUERIES = sorted(p.stem for p in (rules_dir() / "queries").glob("*.lp"))


def _statements(*files: Path) -> list[object]:
    out: list[object] = []
    ast.parse_files([str(f) for f in files], lambda st: st.ast_type == ast.ASTType.Comment or out.append(st))
    return out


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTGASP_CACHE_DIR", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("query", QUERIES)
def test_the_cached_analysis_is_the_analysis_of_the_statements(query: str, cache: Path) -> None:
    statements = _statements(rules_dir() / "engine.lp", rules_dir() / "queries" / f"{query}.lp")
    fresh = _analyse(statements)
    assert analysis(statements) == fresh  # analysed, then stored
    (stored,) = cache.glob("relevance-*.json")
    assert analysis(statements) == fresh  # read back
    assert json.loads(stored.read_text(encoding="utf-8"))["statements"] == len(statements)


def test_a_broken_or_foreign_cache_file_is_not_used(cache: Path) -> None:
    statements = _statements(rules_dir() / "engine.lp", rules_dir() / "queries" / "tap.lp")
    fresh = _analyse(statements)
    analysis(statements)
    (stored,) = cache.glob("relevance-*.json")
    data = json.loads(stored.read_text(encoding="utf-8"))
    stored.write_text(stored.read_text(encoding="utf-8")[:1000], encoding="utf-8")  # truncated
    assert analysis(statements) == fresh
    assert json.loads(stored.read_text(encoding="utf-8")) == data  # replaced by a whole one
    stored.write_text(json.dumps({**data, "key": "0" * 32, "rules": []}), encoding="utf-8")  # another key
    assert analysis(statements) == fresh
    stored.write_text(json.dumps({**data, "rules": [[10**9, [], [], [], []]]}), encoding="utf-8")  # no such statement
    assert analysis(statements) == fresh
    stored.chmod(0o666)  # writable by others: not read (analysed again, and replaced)
    stored.write_text(json.dumps({**data, "rules": []}), encoding="utf-8")
    assert analysis(statements) == fresh


def test_a_changed_rule_file_is_analysed_anew(cache: Path, tmp_path: Path) -> None:
    extra = tmp_path / "extra.lp"
    extra.write_text("_zz_kept(X) :- __action(X).\n#show _zz_kept/1.\n", encoding="utf-8")
    files = [str(rules_dir() / "engine.lp"), str(rules_dir() / "queries" / "apply.lp"), str(extra)]
    before = RuleBase(files)
    extra.write_text("_zz_kept(X) :- __action(X), absent(X).\n#defined absent/1.\n#show _zz_kept/1.\n", encoding="utf-8")
    after = RuleBase(files)
    assert len(list(cache.glob("relevance-*.json"))) == 2

    def needs(rb: RuleBase) -> list[tuple[str, int]]:
        (rule,) = [r for r in rb.rules if ("_zz_kept", 1) in r.defines]
        return [key for key, _ in rule.needs]

    assert needs(before) == [("__action", 1)]
    assert needs(after) == [("__action", 1), ("absent", 1)]
