"""Ground only the rules a question can use: the rule base, parsed once, sliced by the facts.

The grounder's cost has a floor that grows with the number of rules it is given, even when
most of them can derive nothing for the state at hand (about 15 us a rule, more for
aggregates, and slightly more than linear in the number of rules). A rule whose body needs an
atom that no fact and no other usable rule can produce has no ground instance: leaving it out
changes no answer set. This module finds those rules before grounding, by a fixpoint over
*patterns* (the shape of the atoms each predicate can have):

- the facts give patterns (``zone(obj(_), battlefield)``: strings and numbers become
  wildcards, nesting stops at depth 3);
- a rule is *usable* when every positive literal of its body (outside aggregates and
  conditions) unifies with some pattern of its predicate; its head atoms (with variables,
  arithmetic, pools and intervals as wildcards) then give new patterns;
- the rest is left out, and the heads of the rules left out are declared ``#defined`` so that
  clingo reports nothing it would not report for the whole rule base.

It is an over-approximation of what can be derived, so the answer sets are exactly those of
the whole rule base; the default test suite checks every query through it. The parsed rule
files are cached per process (re-read when a file under ``rules_asp/`` changes), which also
saves parsing the rule text for each question, and what the analysis finds in them is kept in
the per-user cache (:func:`analysis`), so a new process does not walk the syntax again. Nothing here knows a rule or a predicate:
it reads the program's syntax only. ``MTGASP_GROUND_ALL=1`` turns the slicing off (every
rule is grounded, as ``dump_program``'s command line does), to compare.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

import clingo
from clingo import ast

__all__ = ["RuleBase", "rule_base", "Pattern"]

Pattern = Optional[tuple]
"""``None`` (anything), ``("c", value)`` (a number or string), or ``("f", name, (args...))``."""
Key = tuple[str, int]
"""A predicate: name (``-name`` for a classically negated one) and arity."""

_FACT_DEPTH = 3
_T = ast.ASTType


def _term_pattern(t: Any) -> Pattern:
    """The pattern of an AST term: variables, arithmetic, pools and intervals match anything."""
    k = t.ast_type
    if k == _T.Function:
        if t.external:
            return None
        return ("f", t.name, tuple(_term_pattern(a) for a in t.arguments))
    if k == _T.SymbolicTerm:
        return _symbol_pattern(t.symbol, depth=99)
    return None


def _symbol_pattern(s: clingo.Symbol, depth: int = _FACT_DEPTH) -> Pattern:
    """The pattern of a symbol (of a fact: strings and numbers are wildcards below the top)."""
    if s.type == clingo.SymbolType.Function:
        if depth <= 0:
            return None
        name = s.name if s.positive else f"-{s.name}"
        return ("f", name, tuple(_symbol_pattern(a, depth - 1) for a in s.arguments))
    if depth >= 99:
        if s.type == clingo.SymbolType.Number:
            return ("c", s.number)
        if s.type == clingo.SymbolType.String:
            return ("c", s.string)
    return None


def _unify(a: Pattern, b: Pattern) -> bool:
    if a is None or b is None:
        return True
    if a[0] != b[0]:
        return False
    if a[0] == "c":
        return a[1] == b[1]
    if a[1] != b[1] or len(a[2]) != len(b[2]):
        return False
    return all(_unify(x, y) for x, y in zip(a[2], b[2]))


def _atom(t: Any) -> tuple[Key, Pattern] | None:
    """The predicate and argument pattern of a symbolic atom's term (None: not an atom we read)."""
    neg = ""
    if t.ast_type == _T.UnaryOperation and t.operator_type == ast.UnaryOperator.Minus:
        neg, t = "-", t.argument
    if t.ast_type == _T.Function and not t.external:
        args = tuple(_term_pattern(a) for a in t.arguments)
        return (neg + t.name, len(args)), ("f", neg + t.name, args)
    if t.ast_type == _T.SymbolicTerm and t.symbol.type == clingo.SymbolType.Function:
        s = t.symbol
        return ((("" if s.positive else "-") + s.name, len(s.arguments)), _symbol_pattern(s, depth=99))
    return None


class _Unknown(Exception):
    """A head atom this module cannot read: the rule is then always grounded, with every atom
    of its predicate possible."""


def _visit(node: Any, visit: Callable[[Any], bool], skip: str = "") -> None:
    """Call ``visit`` on every AST node of ``node`` (a node, a list or an AST sequence), top
    down; the nodes below one for which it returns True are not visited, nor the field ``skip``."""
    if isinstance(node, ast.AST):
        if visit(node):
            return
        for key in node.child_keys:
            if key != skip:
                _visit(getattr(node, key), visit, skip)
    elif isinstance(node, (list, tuple)) or type(node).__name__ == "ASTSequence":
        for x in node:
            _visit(x, visit, skip)


def _defines(node: Any) -> set[Key]:
    """The predicates a head defines (its atoms outside conditions)."""
    out: set[Key] = set()

    def atom(n: Any) -> bool:
        if n.ast_type != _T.SymbolicAtom:
            return False
        out.update(k for k, _ in _head_atoms(n))
        return True

    _visit(node, atom, skip="condition")
    return out


def _head_atoms(node: Any) -> list[tuple[Key, Pattern]]:
    """Every symbolic atom anywhere in a head (conditions included: an over-approximation), or
    in a body."""
    out: list[tuple[Key, Pattern]] = []

    def atom(n: Any) -> bool:
        if n.ast_type == _T.TheoryAtom:
            raise _Unknown(str(n))
        if n.ast_type != _T.SymbolicAtom:
            return False
        terms = n.symbol.arguments if n.symbol.ast_type == _T.Pool else [n.symbol]
        for t in terms:  # p(a;b) is the pool of p(a) and p(b)
            a = _atom(t)
            if a:
                out.append(a)
            elif t.ast_type != _T.Function or t.external:
                raise _Unknown(str(n))
        return True

    _visit(node, atom)
    return out


def _needs(body: Iterable[Any]) -> list[tuple[Key, Pattern]]:
    """The positive body atoms a rule needs (outside aggregates and conditions, which an empty
    set can satisfy; a pool ``p(a;b)`` needs one of several atoms: not counted)."""
    out = []
    for lit in body:
        if lit.ast_type != _T.Literal or lit.sign != ast.Sign.NoSign:
            continue
        atom = lit.atom
        if atom.ast_type == _T.SymbolicAtom:
            a = _atom(atom.symbol)
            if a:
                out.append(a)
    return out


@dataclass
class _Rule:
    index: int
    needs: list[tuple[Key, Pattern]]
    heads: list[tuple[Key, Pattern]]
    reads: frozenset[Key] = frozenset()
    """Every predicate the rule mentions (body, aggregates and conditions included)."""
    defines: frozenset[Key] = frozenset()
    """The predicates of its head (outside conditions)."""


# --- the analysis of the statements, and its per-user cache -------------------------------------
#
# Walking the statements' syntax trees (through clingo's Python API, one call per node) costs
# about 0.5 s of CPU, half of a fresh process's first query; its result is plain data, a
# function of the statements' text and of this module, so it is kept in the per-user cache of
# the parser's tables (mtgasp.parser.lalr: a directory of the user's own, files written
# atomically and read only when nobody else can write them), as JSON, under a digest of the
# statements' text, this module and clingo's version. A stale, foreign or broken file is never
# used: its name carries the digest, its content repeats it, and anything unreadable is analysed
# again.

_FORMAT = 1


def analysis(statements: Sequence[Any]) -> tuple[list[_Rule], list[tuple[Key, Pattern]], set[Key], bool]:
    """:func:`_analyse` of ``statements``, from the per-user cache when it holds it (and stored
    there when it did not)."""
    from .parser.lalr import _read_safely, _write_atomically, cache_dir

    digest = hashlib.sha256(f"{_FORMAT}\0{clingo.__version__}\0".encode())
    digest.update(Path(__file__).read_bytes())
    for st in statements:
        digest.update(str(st).encode("utf-8") + b"\0")
    key = digest.hexdigest()[:32]
    where = cache_dir()
    path = where / f"relevance-{key}.json" if where is not None else None
    if path is not None:
        blob = _read_safely(path)
        if blob is not None:
            try:
                return _decode(json.loads(blob), key, len(statements))
            except (ValueError, KeyError, TypeError, IndexError):
                pass  # broken: analysed again and replaced below
    found = _analyse(statements)
    if path is not None:
        _write_atomically(path, json.dumps(_encode(found, key, len(statements))).encode("utf-8"))
    return found


def _encode(found: tuple[list[_Rule], list[tuple[Key, Pattern]], set[Key], bool], key: str, n: int) -> dict[str, Any]:
    rules, always, shown, sliceable = found
    return {
        "format": _FORMAT, "key": key, "statements": n, "sliceable": sliceable,
        "rules": [[r.index, r.needs, r.heads, sorted(r.reads), sorted(r.defines)] for r in rules],
        "always": always, "shown": sorted(shown),
    }


def _decode(data: dict[str, Any], key: str, n: int) -> tuple[list[_Rule], list[tuple[Key, Pattern]], set[Key], bool]:
    if data["format"] != _FORMAT or data["key"] != key or data["statements"] != n:
        raise ValueError("another analysis")

    def ref(x: list[Any]) -> Key:
        name, arity = x
        if not isinstance(name, str) or not isinstance(arity, int):
            raise TypeError("a predicate is a name and an arity")
        return name, arity

    def pattern(x: Any) -> Pattern:
        if x is None:
            return None
        if x[0] == "c" and len(x) == 2 and isinstance(x[1], (int, str)):
            return ("c", x[1])
        if x[0] == "f" and len(x) == 3 and isinstance(x[1], str):
            return ("f", x[1], tuple(pattern(a) for a in x[2]))
        raise TypeError(f"not a pattern: {x!r}")

    def atoms(xs: list[Any]) -> list[tuple[Key, Pattern]]:
        return [(ref(k), pattern(p)) for k, p in xs]

    rules = []
    for index, needs, heads, reads, defines in data["rules"]:
        if not isinstance(index, int) or not 0 <= index < n:
            raise ValueError("a rule's index is outside the statements")
        rules.append(_Rule(index, atoms(needs), atoms(heads), frozenset(map(ref, reads)), frozenset(map(ref, defines))))
    if not isinstance(data["sliceable"], bool):
        raise TypeError("sliceable is true or false")
    return rules, atoms(data["always"]), set(map(ref, data["shown"])), data["sliceable"]


def _analyse(statements: Sequence[Any]) -> tuple[list[_Rule], list[tuple[Key, Pattern]], set[Key], bool]:
    """What each statement needs and gives: (the rules of the base part, the atoms of #external
    statements, the predicates #show statements mention, whether every statement was read)."""
    rules: list[_Rule] = []
    always: list[tuple[Key, Pattern]] = []
    shown: set[Key] = set()
    sliceable = True
    part = "base"
    for i, st in enumerate(statements):
        k = st.ast_type
        if k == _T.Program:
            part = st.name
        elif k == _T.Rule and part == "base":
            try:
                heads = _head_atoms(st.head)
                reads = frozenset(k for k, _ in _head_atoms(st))
                defines = frozenset(_defines(st.head))
            except _Unknown:
                sliceable = False
                heads, reads, defines = [], frozenset(), frozenset()
            rules.append(_Rule(i, _needs(st.body), heads, reads, defines))
        elif k == _T.External:
            try:
                always.extend(_head_atoms(st.atom))
            except _Unknown:
                sliceable = False
        elif k == _T.ShowSignature:
            shown.add((st.name if st.positive else f"-{st.name}", st.arity))
        elif k in (_T.TheoryDefinition, _T.Script):
            sliceable = False
        elif k not in (_T.Defined, _T.Program, _T.Rule):  # #show terms, #project, ...: what they mention
            try:
                shown.update(key for key, _ in _head_atoms(st))
            except _Unknown:
                sliceable = False
    return rules, always, shown, sliceable


class _Store:
    """The patterns each predicate can have, so far."""

    def __init__(self) -> None:
        self.patterns: dict[Key, set[Pattern]] = {}
        self.any: set[Key] = set()

    def add(self, key: Key, pat: Pattern) -> bool:
        if key in self.any:
            return False
        if pat is None or all(a is None for a in pat[2]):
            self.any.add(key)
            self.patterns[key] = {pat}
            return True
        pats = self.patterns.setdefault(key, set())
        if pat in pats:
            return False
        pats.add(pat)
        return True

    def matches(self, key: Key, pat: Pattern) -> bool:
        if key in self.any:
            return True
        return any(_unify(pat, p) for p in self.patterns.get(key, ()))


class RuleBase:
    """The statements of one query's rule files, parsed once; :meth:`load` adds to a Control
    the statements a given set of facts can use."""

    def __init__(self, files: Sequence[str]) -> None:
        self.files = tuple(files)
        self.statements: list[Any] = []
        ast.parse_files(list(files), lambda st: st.ast_type == _T.Comment or self.statements.append(st))
        self.rules: list[_Rule]
        self.always: list[tuple[Key, Pattern]]
        """The atoms of #external statements."""
        self.shown: set[Key]
        """Predicates of #show name/arity statements (declared when no grounded rule has them)."""
        self.sliceable: bool
        """False when some statement is beyond this module's reading: every rule is grounded."""
        self.rules, self.always, self.shown, self.sliceable = analysis(self.statements)
        self.by_key: dict[Key, list[_Rule]] = {}
        """Rules by the predicate of their first need."""
        self.unconditional: list[_Rule] = []
        """Rules without a positive body literal: always grounded."""
        for rule in self.rules:
            if rule.needs:
                self.by_key.setdefault(rule.needs[0][0], []).append(rule)
            else:
                self.unconditional.append(rule)
        self.n_rules = len(self.rules)
        self.head_keys = set().union(*(r.defines for r in self.rules))
        ids = {r.index for r in self.rules}
        self.others = [i for i in range(len(self.statements)) if i not in ids]
        """The statements other than rules of the base part: always added."""

    def usable(self, text: str) -> list[_Rule]:
        """The rules whose bodies can hold given the facts ``text`` (a fixpoint over patterns)."""
        store = _Store()
        fresh: list[Key] = []
        patterns = _fact_patterns(text) if self.sliceable else None
        if patterns is None:
            return list(self.rules)
        for key, pat in patterns:
            if store.add(key, pat):
                fresh.append(key)
        for key, pat in self.always:
            if store.add(key, pat):
                fresh.append(key)
        # Each rule waits on one need that does not match yet (first its first one, statically
        # in by_key): it is looked at again only when that predicate gets a new pattern.
        live: dict[int, _Rule] = {}
        waiting: dict[Key, list[_Rule]] = {}
        todo = list(self.unconditional)
        while todo or fresh:
            while todo:
                r = todo.pop()
                if r.index in live:
                    continue
                blocked = next((k for k, p in r.needs if not store.matches(k, p)), None)
                if blocked is not None:
                    if blocked != r.needs[0][0]:
                        waiting.setdefault(blocked, []).append(r)
                    continue
                live[r.index] = r
                for key, pat in r.heads:
                    if store.add(key, pat):
                        fresh.append(key)
            while fresh:
                key = fresh.pop()
                todo.extend(self.by_key.get(key, ()))
                todo.extend(waiting.pop(key, ()))
        return list(live.values())

    def load(self, ctl: clingo.Control, text: str) -> tuple[int, int]:
        """Add the statements the facts ``text`` (one fact a line, as clingo prints them) can
        use to ``ctl``, and ``#defined`` for the heads of the rules left out; return (rules
        added, rules in the rule base)."""
        if os.environ.get("MTGASP_GROUND_ALL"):
            with ast.ProgramBuilder(ctl) as b:
                for st in self.statements:
                    b.add(st)
            return self.n_rules, self.n_rules
        used = self.usable(text)
        # Declared only where a grounded rule or a #show mentions them (else clingo would say
        # "undefined"): the heads of rules left out, none of whose rules is grounded.
        read = set(self.shown).union(*(r.reads for r in used))
        defined = set().union(*(r.defines for r in used))
        dropped = (read & self.head_keys) - defined
        with ast.ProgramBuilder(ctl) as b:
            for i in sorted([*self.others, *(r.index for r in used)]):
                b.add(self.statements[i])
        if dropped:
            ctl.add("base", [], "".join(f"#defined {name}/{n}.\n" for name, n in sorted(dropped) if not name.startswith("-")))
        return len(used), self.n_rules


_WILD = re.compile(r'"(?:[^"\\\n]|\\.)*"|(?<![\w])-?\d+\b')
_ANY = "zz__any"  # stands for a string or a number in a fact's shape
_UNREAD = object()  # a line that is not one plain fact
_SHAPES: dict[str, Any] = {}


def _fact_patterns(text: str) -> list[tuple[Key, Pattern]] | None:
    """The patterns of the facts in ``text``: strings and numbers become wildcards, and each
    distinct shape is read once (``zone(obj(_),battlefield)`` for a thousand objects). None
    when a line is not a plain fact (then every rule is grounded)."""
    out = []
    for line in set(_WILD.sub(_ANY, text).splitlines()):
        if line not in _SHAPES:
            if len(_SHAPES) > 50_000:
                _SHAPES.clear()
            _SHAPES[line] = _shape(line)
        got = _SHAPES[line]
        if got is _UNREAD:
            return None
        if got is not None:
            out.append(got)
    return out


def _shape(line: str) -> Any:
    body = line.strip()
    if not body:
        return None
    if not body.endswith(".") or "%" in body or ":-" in body:
        return _UNREAD
    try:
        sym = clingo.parse_term(body[:-1])
    except RuntimeError:
        return _UNREAD
    if sym.type != clingo.SymbolType.Function:
        return _UNREAD
    key = ((("" if sym.positive else "-") + sym.name), len(sym.arguments))
    return key, _wild(_symbol_pattern(sym, depth=99))


def _wild(p: Pattern) -> Pattern:
    if p is None or p[0] == "c":
        return p
    if p[1] == _ANY and not p[2]:
        return None
    return ("f", p[1], tuple(_wild(a) for a in p[2]))


_CACHE: dict[tuple[str, ...], tuple[float, RuleBase]] = {}


def _stamp(root: Path) -> float:
    """The newest modification time of the rule files (a changed file re-reads the rule base)."""
    return max((p.stat().st_mtime for p in root.rglob("*.lp")), default=0.0)


_CHECKED: dict[Path, tuple[float, float]] = {}
"""root -> (when its files were last looked at, their newest modification time)."""


def rule_base(files: Sequence[str | Path], root: Path) -> RuleBase:
    """The parsed rule base of ``files`` (cached per process; re-read when a file under ``root``
    changed: the files are looked at again after a second)."""
    key = tuple(str(f) for f in files)
    now = time.monotonic()
    seen = _CHECKED.get(root)
    if seen is None or now - seen[0] > 1.0:
        seen = _CHECKED[root] = (now, _stamp(root))
    stamp = seen[1]
    hit = _CACHE.get(key)
    if hit is None or hit[0] != stamp:
        hit = (stamp, RuleBase(key))
        _CACHE[key] = hit
    return hit[1]
