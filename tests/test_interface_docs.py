"""docs/engine-v2.md section 7 (the interface table) lists exactly the predicates shared between
files: every predicate a rule file defines (a rule head) and another rule file reads (a rule body,
an aggregate, a condition), with its arity and the files that define it; and every predicate a
rule file defines that the bridge asks for by signature (a ``("name", arity)`` pair in bridge/).
A shared predicate missing from the table, a row naming the wrong files, or a row for a predicate
no longer shared fails here. The rule files are read with clingo's own parser (clingo.ast), not
with patterns; ``_private`` and ``__injected`` names are not part of the contract (STYLE.md).
Two query files are never loaded together (each question loads one), so a predicate that two
query files each define for themselves is not shared."""

from __future__ import annotations

import ast as pyast
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from clingo import ast

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules_asp"
DOC = ROOT / "docs" / "engine-v2.md"
TABLE_BEGIN = "<!-- interface table: begin -->"
TABLE_END = "<!-- interface table: end -->"
ANY_FILE = "any rule file"
"""The defined-in cell of the frame and trace vocabulary (add/1, fired/2, ...) that every rule
file may derive: its defining files are not listed (nor checked)."""

Key = tuple[str, int]
_T = ast.ASTType


def _key(term: Any) -> Key | None:
    if term.ast_type == _T.Function and not term.external:
        return term.name, len(term.arguments)
    if term.ast_type == _T.SymbolicTerm and term.symbol.type.name == "Function":
        return term.symbol.name, len(term.symbol.arguments)
    if term.ast_type == _T.UnaryOperation:  # -p(X): classical negation
        return _key(term.argument)
    return None


def _atoms(node: Any, out: set[Key], skip: str = "") -> None:
    """The predicates of every symbolic atom in ``node`` (not below the field ``skip``)."""
    if isinstance(node, ast.AST):
        if node.ast_type == _T.SymbolicAtom:
            terms = node.symbol.arguments if node.symbol.ast_type == _T.Pool else [node.symbol]
            out.update(k for k in map(_key, terms) if k)
            return
        for field in node.child_keys:
            if field != skip:
                _atoms(getattr(node, field), out, skip)
    elif isinstance(node, (list, tuple)) or type(node).__name__ == "ASTSequence":
        for x in node:
            _atoms(x, out, skip)


def _public(k: Key) -> bool:
    return not k[0].startswith("_")


def program_predicates(text: str) -> tuple[set[Key], set[Key]]:
    """(defined, read): the public predicates of a program's rule heads (outside conditions), and
    those its bodies, aggregates and conditions read (#include lines are skipped)."""
    defined: set[Key] = set()
    read: set[Key] = set()
    statements: list[Any] = []
    ast.parse_string(re.sub(r"(?m)^\s*#include\b.*$", "", text), statements.append)
    for s in statements:
        heads: set[Key] = set()
        used: set[Key] = set()
        if s.ast_type == _T.Rule:
            _atoms(s.head, heads, skip="condition")
            _atoms(s.head, used)
            used -= heads
            _atoms(s.body, used)
        elif s.ast_type in (_T.Minimize, _T.External, _T.Edge, _T.Heuristic, _T.ProjectAtom, _T.ShowTerm):
            _atoms(s, used)
        defined.update(filter(_public, heads))
        read.update(filter(_public, used))
    return defined, read


def rule_predicates() -> tuple[dict[Key, set[str]], dict[Key, set[str]]]:
    """(defined, read): for each public predicate, the rule files (paths under rules_asp/) that
    define it and those that read it."""
    defined: dict[Key, set[str]] = defaultdict(set)
    read: dict[Key, set[str]] = defaultdict(set)
    for path in sorted(RULES.rglob("*.lp")):
        rel = path.relative_to(RULES).as_posix()
        heads, used = program_predicates(path.read_text(encoding="utf-8"))
        for k in heads:
            defined[k].add(rel)
        for k in used:
            read[k].add(rel)
    return defined, read


def _together(a: str, b: str) -> bool:
    """Whether rule files ``a`` and ``b`` can be grounded together (only one query file is)."""
    return not (a.startswith("queries/") and b.startswith("queries/") and a != b)


def bridge_signatures() -> dict[Key, set[str]]:
    """Every ``("name", arity)`` pair of string and integer literals in bridge/*.py, with the files."""
    found: dict[Key, set[str]] = defaultdict(set)
    for path in sorted((ROOT / "bridge").rglob("*.py")):
        for n in pyast.walk(pyast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, pyast.Tuple) and len(n.elts) == 2 and all(isinstance(e, pyast.Constant) for e in n.elts):
                name, arity = (e.value for e in n.elts)  # type: ignore[attr-defined]
                if isinstance(name, str) and type(arity) is int:
                    found[(name, arity)].add(path.name)
    return found


def shared_predicates() -> dict[Key, set[str]]:
    """Each shared predicate with the files (names only) that define it."""
    defined, read = rule_predicates()
    signatures = bridge_signatures()
    shared = {}
    for k, files in defined.items():
        by_rules = any(x != y and _together(x, y) for x in files for y in read.get(k, ()))
        if by_rules or k in signatures:
            shared[k] = {Path(f).name for f in files}
    return shared


ROW = re.compile(r"^\|\s*`([a-z][A-Za-z0-9_]*)/(\d+)`\s*\|([^|]*)\|([^|]*)\|\s*$")


def documented() -> dict[Key, tuple[str, str]]:
    """The rows of the interface table: predicate -> (defined-in cell, meaning)."""
    text = DOC.read_text(encoding="utf-8")
    assert text.count(TABLE_BEGIN) == 1 and text.count(TABLE_END) == 1, f"{DOC}: the interface table markers"
    rows: dict[Key, tuple[str, str]] = {}
    for line in text[text.index(TABLE_BEGIN):text.index(TABLE_END)].splitlines():
        m = ROW.match(line)
        if m:
            k = (m.group(1), int(m.group(2)))
            assert k not in rows, f"{k[0]}/{k[1]} has two rows"
            rows[k] = (m.group(3).strip(), m.group(4).strip())
    return rows


def _files(cell: str) -> set[str] | None:
    return None if cell.startswith(ANY_FILE) else set(re.findall(r"`([^`]+\.lp)`", cell))


def test_every_shared_predicate_has_a_row() -> None:
    rows = documented()
    missing = sorted(f"| `{n}/{a}` | {', '.join(f'`{f}`' for f in sorted(files))} | <meaning> |"
                     for (n, a), files in shared_predicates().items() if (n, a) not in rows)
    assert missing == [], "add these rows to the interface table of docs/engine-v2.md (section 7)"


def test_every_row_is_a_shared_predicate() -> None:
    shared = shared_predicates()
    stale = sorted(f"{n}/{a}" for n, a in documented() if (n, a) not in shared)
    assert stale == [], "no rule file defines these for another file or the bridge any more: remove their rows"


def test_each_row_names_the_files_that_define_it() -> None:
    shared = shared_predicates()
    wrong = {f"{n}/{a}": (sorted(listed), sorted(shared[(n, a)]))
             for (n, a), (cell, _) in documented().items()
             if (n, a) in shared and (listed := _files(cell)) is not None and listed != shared[(n, a)]}
    assert wrong == {}, "defined in: (the row says, the rules say)"


def test_each_row_says_what_the_predicate_means() -> None:
    assert [f"{n}/{a}" for (n, a), (_, meaning) in documented().items() if len(meaning) < 12] == []


def test_heads_and_reads_are_told_apart() -> None:
    # By hand: a choice head defines a/1 (its condition reads b/1); the body reads c/1, d/1 (negated)
    # and e/1 (in an aggregate); the pool p(1;2) defines p/1; -q(1) is q/1; _x is private.
    text = """
    { a(X) : b(X) } 1 :- c(X), not d(X), #count{ Y : e(Y) } > 0, _x(X).
    p(1;2). -q(1) :- p(1).
    #include "elsewhere.lp".
    """
    assert program_predicates(text) == ({("a", 1), ("p", 1), ("q", 1)}, {("b", 1), ("c", 1), ("d", 1), ("e", 1), ("p", 1)})


def test_every_state_predicate_is_documented() -> None:
    """The state facts the frame carries into a successor (one ``state_fact(name(..))`` rule per
    state predicate, transitions/frame.lp) are the other half of the contract: each is written
    out, with its arguments, in engine-v2.md (sections 1, 3) or facts.md (the v1 state facts)."""
    defined, _ = rule_predicates()
    frame = (RULES / "transitions" / "frame.lp").read_text(encoding="utf-8")
    state = set(re.findall(r"^state_fact\(([a-z]\w*)\(", frame, flags=re.M))
    assert len(state) > 40 and ("state_fact", 1) in defined  # the frame is read, not an empty file
    docs = DOC.read_text(encoding="utf-8") + (ROOT / "docs" / "facts.md").read_text(encoding="utf-8")
    assert sorted(p for p in state if not re.search(rf"(?:^|[`\s]){p}\(", docs, flags=re.M)) == []
