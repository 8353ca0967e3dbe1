"""The static pass that finds what the rules read: from the rule files' syntax (``clingo.ast``)
and the declarations of ``rules_asp/reads.lp`` to a :class:`ReadTable`.

``mtgasp.reads`` explains what "read" means and lists the facts of a question no rule reads;
``mtgasp.reads_table`` holds the table (:class:`ReadTable`) and keeps the table of the installed
rule files (:func:`~mtgasp.reads_table.read_table`); this module is the pass that builds it
(:func:`analyse`), imported only when that table's cache misses.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import clingo
import clingo.ast as ast
from clingo.ast import ASTType

# the table itself is in mtgasp.reads_table (no clingo there); its names stay importable from here
from .reads_table import Pos, ReadTable, Sig, _split_args, _split_args_by_char, kind_of, kind_of_text  # noqa: F401

__all__ = ["ReadTable", "analyse", "kind_of", "kind_of_text", "parse_rules"]

_INCLUDE = re.compile(r"^[ \t]*#include[^\n]*$", re.M)


# --- walking the syntax ------------------------------------------------------------------
# The syntax is turned into plain tuples once (reading clingo's AST objects is slow):
# a term is ("v", name) | ("f", name, (args...)) | ("s", kind or None) | ("p", (terms...)) | ("x",).


@dataclass
class _Rule:
    file: str
    heads: list[tuple]                                 # head atoms: ("f", name, args)
    body: list[tuple[tuple, bool]]                     # (atom, positive?) in the body
    comparisons: list[tuple[tuple, tuple]]             # (left, right) of each '=' in the body


def _term(t: Any) -> tuple:
    k = t.ast_type
    if k == ASTType.Variable:
        return ("v", t.name)
    if k == ASTType.Function:
        return ("f", t.name, tuple(_term(a) for a in t.arguments))
    if k == ASTType.SymbolicTerm:
        s = t.symbol
        if s.type == clingo.SymbolType.Function:
            return ("f", s.name, tuple(("s", kind_of(a)) for a in s.arguments))
        return ("s", kind_of(s))
    if k == ASTType.Pool:
        return ("p", tuple(_term(a) for a in t.arguments))
    return ("x",)


def _kinds(term: tuple) -> list[str]:
    """The kinds a term names (a pool names several); none for a variable or arithmetic."""
    if term[0] == "f":
        return [f"{term[1]}/{len(term[2])}" if term[2] else term[1]]
    if term[0] == "s":
        return [term[1]] if term[1] is not None else []
    if term[0] == "p":
        return [k for a in term[1] for k in _kinds(a)]
    return []


def _atoms(atom: Any) -> list[tuple]:
    """The function terms of a symbolic atom (classical negation dropped; a pooled atom
    ``p(a; b)`` is one term per element), or none."""
    if atom.ast_type != ASTType.SymbolicAtom:
        return []
    s = atom.symbol
    if s.ast_type == ASTType.UnaryOperation:
        s = s.argument
    t = _term(s)
    if t[0] == "p":
        return [x for x in t[1] if x[0] == "f"]
    return [t] if t[0] == "f" else []


def _body_literal(lit: Any, rule: _Rule) -> None:
    t = lit.ast_type
    if t == ASTType.ConditionalLiteral:
        _body_literal(lit.literal, rule)
        for c in lit.condition:
            _body_literal(c, rule)
        return
    if t != ASTType.Literal:
        return
    atom = lit.atom
    a = atom.ast_type
    if a == ASTType.SymbolicAtom:
        for term in _atoms(atom):
            rule.body.append((term, lit.sign == ast.Sign.NoSign))
    elif a == ASTType.Comparison:
        left = atom.term
        for g in atom.guards:
            if g.comparison == ast.ComparisonOperator.Equal:
                rule.comparisons.append((_term(left), _term(g.term)))
            left = g.term
    elif a == ASTType.BodyAggregate:
        for e in atom.elements:
            for c in e.condition:
                _body_literal(c, rule)


def _head(head: Any, rule: _Rule) -> None:
    t = head.ast_type
    if t == ASTType.Literal:
        rule.heads.extend(_atoms(head.atom))
    elif t in (ASTType.Disjunction, ASTType.Aggregate):
        for e in head.elements:
            _head(e.literal, rule)
            for c in e.condition:
                _body_literal(c, rule)
    elif t == ASTType.HeadAggregate:
        for e in head.elements:
            _head(e.condition.literal, rule)
            for c in e.condition.condition:
                _body_literal(c, rule)


def parse_rules(files: Iterable[tuple[str, str]]) -> tuple[list[_Rule], set[Sig]]:
    """The rules of each (name, text), and the ``#defined`` predicates. ``#include`` lines are
    left out: each file is read once, on its own."""
    rules: list[_Rule] = []
    defined: set[Sig] = set()
    for name, text in files:
        def add(stm: Any, name: str = name) -> None:
            k = stm.ast_type
            if k == ASTType.Rule:
                r = _Rule(name, [], [], [])
                _head(stm.head, r)
                for lit in stm.body:
                    _body_literal(lit, r)
                rules.append(r)
            elif k == ASTType.Defined:
                defined.add((stm.name, stm.arity))

        ast.parse_string(_INCLUDE.sub("", text), add)
    return rules, defined


def _parse_decls(text: str) -> dict[str, set[tuple[Any, ...]]]:
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    out: dict[str, set[tuple[Any, ...]]] = defaultdict(set)
    for a in ctl.symbolic_atoms:
        s = a.symbol
        out[s.name].add(tuple(x.name if x.type == clingo.SymbolType.Function else x.number for x in s.arguments))
    return out


# --- the analysis ------------------------------------------------------------------------


def analyse(files: Iterable[tuple[str, str]], declarations: str) -> ReadTable:
    """The read table of the rule files ``files`` (name, text) under ``declarations`` (the
    text of ``reads.lp``)."""
    decls = _parse_decls(declarations)
    roots: list[Pos] = [(p, n, i) for p, n, i in decls["kind_arg"]]
    skip = {(p, n) for p, n in decls["reports"]} | {(p, n) for p, n in decls["bookkeeping"]}
    rules, defined = parse_rules(files)
    derived = {_sig(h) for r in rules for h in r.heads}
    skip |= _report_only(rules, skip)
    acting = [r for r in rules if not any(_sig(h) in skip for h in r.heads)]

    # The arguments the values of each kind argument flow into (a variable of the body at a
    # carrying argument, passed on as an argument of the head).
    carries: dict[Pos, set[Pos]] = {root: {root} for root in roots}
    changed = True
    while changed:
        changed = False
        for r in acting:
            bound = _bound(r, carries, positive_only=True)
            if not bound:
                continue
            for h in r.heads:
                args = h[2]
                for j, a in enumerate(args, 1):
                    if a[0] == "v" and a[1] in bound:
                        pos = (h[1], len(args), j)
                        new = bound[a[1]] - carries.get(pos, set())
                        if new:
                            carries.setdefault(pos, set()).update(new)
                            changed = True

    kinds: dict[Pos, set[str]] = {root: set() for root in roots}
    where: dict[tuple[Pos, str], str] = {}

    def note(rts: Iterable[Pos], ks: Iterable[str], file: str) -> None:
        for root in rts:
            for k in ks:
                kinds[root].add(k)
                where.setdefault((root, k), file)

    joins: dict[Pos, set[Pos]] = defaultdict(set)
    for r in acting:
        bound = _bound(r, carries, positive_only=False)
        for term, positive in r.body:
            args = term[2]
            for j, a in enumerate(args, 1):
                pos = (term[1], len(args), j)
                if pos in carries:
                    note(carries[pos], _kinds(a), r.file)
                elif a[0] == "v" and a[1] in bound:
                    joins[pos] |= bound[a[1]]
        for left, right in r.comparisons:
            for var, other in ((left, right), (right, left)):
                if var[0] == "v" and var[1] in bound:
                    note(bound[var[1]], _kinds(other), r.file)
    # Tables joined with a kind: the kinds their heads hold there.
    for r in acting:
        for h in r.heads:
            args = h[2]
            for j, a in enumerate(args, 1):
                rts = joins.get((h[1], len(args), j))
                if rts:
                    note(rts, _kinds(a), r.file)

    read = {_sig(t) for r in acting for t, _ in r.body}
    return ReadTable(
        predicates=frozenset(read),
        derived=frozenset(derived),
        kinds={k: frozenset(v) for k, v in kinds.items()},
        descriptive=frozenset((p, n) for p, n in decls["descriptive"]),
        defined=frozenset(defined),
        unread_inputs=frozenset((p, n) for p, n in decls["unread_input"]),
        where=where,
    )


def _sig(term: tuple) -> Sig:
    return term[1], len(term[2])


#: the naming convention of the rule files for what reports the rules cannot work out
REPORT_NAME = re.compile(r"(?:^|_)unread$|not_modelled|unmodelled")


def _report_only(rules: list[_Rule], reports: set[Sig]) -> set[Sig]:
    """The reporting predicates: those named so (:data:`REPORT_NAME`), and the derived
    predicates that serve only them (every rule that uses one derives a report)."""
    heads = {_sig(h) for r in rules for h in r.heads}
    found = {p for p in heads if REPORT_NAME.search(p[0])}
    uses: dict[Sig, set[Sig | None]] = defaultdict(set)
    for r in rules:
        hs = {_sig(h) for h in r.heads} or {None}
        for t, _positive in r.body:
            uses[_sig(t)] |= hs
    candidates = {p for p in heads - reports - found if p in uses}
    changed = True
    while changed:
        changed = False
        for p in list(candidates):
            if any(h is None or (h not in reports and h not in found and h not in candidates) for h in uses[p]):
                candidates.discard(p)
                changed = True
    return found | candidates


def _bound(r: _Rule, carries: dict[Pos, set[Pos]], *, positive_only: bool) -> dict[str, set[Pos]]:
    """The variables of rule ``r`` that stand at a carrying argument of a body literal, with the
    kind arguments whose values they hold."""
    bound: dict[str, set[Pos]] = {}
    for term, positive in r.body:
        if positive_only and not positive:
            continue
        args = term[2]
        for j, a in enumerate(args, 1):
            rts = carries.get((term[1], len(args), j))
            if rts and a[0] == "v" and a[1] != "_":
                bound.setdefault(a[1], set()).update(rts)
    return bound
