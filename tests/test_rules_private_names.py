"""STYLE.md: a `_name` predicate is private to one rule file. clingo has one namespace, so two
files that are grounded together and both define `_copy/3` silently merge their rules (a copy
effect's card name leaked into layer 1 this way). Every private predicate (name and arity) is
defined in one file of the files a question loads together: the rule base and the transitions,
plus any one query file."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from mtgasp.engine import rules_dir

HEAD = re.compile(r"^(?:\d+\s*)?\{?\s*(_[a-z][A-Za-z0-9_]*)(\(|\s*[.:])")


def _arity(text: str, start: int) -> int:
    """The number of arguments of the term whose '(' is at ``start`` (0 if there is none)."""
    if start >= len(text) or text[start] != "(":
        return 0
    depth, commas = 0, 0
    for ch in text[start:]:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth == 0:
                return commas + 1
        elif ch == "," and depth == 1:
            commas += 1
    return commas + 1


def _private_heads(path: Path) -> set[tuple[str, int]]:
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        m = HEAD.match(line)
        if m and not line.lstrip().startswith("%"):
            found.add((m.group(1), _arity(line, m.end(1))))
    return found


INCLUDE = re.compile(r'^#include\s+"([^"]+)"\s*\.', re.M)


def _loaded(path: Path, seen: set[Path]) -> set[Path]:
    """``path`` and every file it includes, recursively (as clingo resolves #include)."""
    path = path.resolve()
    if path in seen:
        return seen
    seen.add(path)
    for rel in INCLUDE.findall(path.read_text(encoding="utf-8")):
        _loaded(path.parent / rel, seen)
    return seen


def _groups() -> dict[str, list[Path]]:
    """For each query file, the files a question grounds together: engine.lp and the query's
    own includes (the bridge loads those two files)."""
    base = rules_dir()
    return {
        q.name: sorted(_loaded(base / "engine.lp", set()) | _loaded(q, set()))
        for q in sorted((base / "queries").glob("*.lp"))
    }


@pytest.mark.parametrize("query", sorted(_groups()))
def test_private_predicates_are_defined_in_one_file(query: str) -> None:
    where: dict[tuple[str, int], set[str]] = defaultdict(set)
    for path in _groups()[query]:
        for head in _private_heads(path):
            where[head].add(str(path.relative_to(rules_dir().resolve())))
    clashes = {f"{n}/{a}": sorted(files) for (n, a), files in where.items() if len(files) > 1}
    assert clashes == {}
