"""Counting the orders of replacement effects on the graph the rules build (CR 616).

The rules (``rules_asp/cr6_spells_abilities_effects/cr616_replacement_interaction.lp``) build,
for each mana production event, a graph of states — how many effects of each class have
applied, and the mana so far — with the applications between them, and the end states with the
free effects applied after them. The number of legal orders that lead to a result is the
number of its paths, each edge counting once per unapplied copy of its class, times the ways
to place the free effects among the others. This module only counts; it decides nothing.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import clingo

__all__ = ["ReplacementGraph", "GRAPH_SIGNATURES", "TRANSITION_SIGNATURES", "count_on_transitions"]

#: The predicates the counting reads, as fact signatures for :func:`mtgasp.engine.solve`.
GRAPH_SIGNATURES = (("dp_edge", 8), ("dp_end", 7), ("class_size", 3), ("class_weight", 3), ("ability_text", 2))

#: What :func:`count_on_transitions` reads: an event of amounts of tokens or counters has no
#: dp_edge/8 (the rules leave its edges implicit in tr/5 and the classes).
TRANSITION_SIGNATURES = (("tr", 5), ("class_size", 3), ("class_weight", 3), ("free", 2))

# The rest of dp_edge(Ev, S0, U, S, C, L, U2, S2) as clingo prints it, from S0 on: the vectors
# are mana(N,...,N) and the counts are integers, which anchors the other fields.
_MANA = r"(mana\(\d+,\d+,\d+,\d+,\d+,\d+\)|n\(\d+\))"  # an amount: of mana, or of tokens or counters
_REST = re.compile(rf"{_MANA},(\d+),{_MANA},(re\(.*\)),(.*),(\d+),{_MANA}\)")


def _edge_fields(rest: str) -> tuple[str, ...] | None:
    m = _REST.fullmatch(rest)
    return m.groups() if m else None


@dataclass
class ReplacementGraph:
    """The grounded graph of replacement applications of one event (CR 616): for each initial
    mana, the edges between (applied counts, mana) states, the end states, and the number of
    free effects (see cr616_replacement_interaction.lp). States are keyed by their printed
    form, so the counting runs on Python strings and integers."""

    edges: dict[str, list[tuple[int, str, str, int, str, int]]] = field(default_factory=lambda: defaultdict(list))
    labels: dict[tuple[str, int, str, int, str], str] = field(default_factory=dict)
    ends: dict[str, list[tuple[int, str, int, int, str]]] = field(default_factory=lambda: defaultdict(list))
    _counts: dict[str, dict[str, int]] = field(default_factory=dict)

    @classmethod
    def from_solution(cls, sol: Any, event: clingo.Symbol) -> ReplacementGraph:
        """The graph of ``event`` from the facts a solve call derived (:class:`mtgasp.engine.Solution`
        with :data:`GRAPH_SIGNATURES`)."""
        g = cls()
        ev = str(event)
        size, weight = _class_sizes(sol, ev)
        for f in sol.named("dp_end"):
            a = f.arguments
            if str(a[0]) == ev:
                g.ends[str(a[1])].append((a[2].number, str(a[3]), a[4].number, a[5].number, str(a[6])))
        prefix = f"dp_edge({ev},"
        cut = len(prefix)
        for f in sol.named("dp_edge"):
            text = str(f)  # one call into clingo per edge; the fields are read from the text
            if not text.startswith(prefix):
                continue
            fields = _edge_fields(text[cut:])
            if fields is None:
                continue
            s0, u, s, c, label, u2, s2 = fields
            un, u2n, n, w = int(u), int(u2), size[c], weight[c]
            copies = n - (un // w) % (n + 1)  # unapplied copies of class c: each is one order
            g.edges[s0].append((un, s, c, u2n, s2, copies))
            g.labels[(s0, un, s, u2n, s2)] = label
        return g

    def counts(self, s0: clingo.Symbol | str) -> dict[str, int]:
        """For each result (printed form) reachable from initial mana ``s0``, how many legal
        orders lead to it."""
        key = str(s0)
        if key in self._counts:
            return self._counts[key]
        paths: dict[tuple[int, str], int] = defaultdict(int)
        paths[(0, key)] = 1
        # Every edge raises the applied counts, so increasing counts is a topological order.
        for u, s, _c, u2, s2, copies in sorted(self.edges.get(key, ()), key=lambda e: e[0]):
            if (u, s) in paths:
                paths[(u2, s2)] += paths[(u, s)] * copies
        out: dict[str, int] = defaultdict(int)
        for u, s, applied, free, final in self.ends.get(key, ()):
            # the free effects can be placed anywhere among the others, in any order
            out[final] += paths.get((u, s), 0) * math.perm(applied + free, free)
        self._counts[key] = dict(out)
        return self._counts[key]


def _class_sizes(sol: Any, ev: str) -> tuple[dict[str, int], dict[str, int]]:
    """Each class of interchangeable effects of event ``ev``: its size (copies) and its weight
    (the place value of its count in a state's number of applied effects)."""
    size: dict[str, int] = {}
    weight: dict[str, int] = {}
    for name, into in (("class_size", size), ("class_weight", weight)):
        for f in sol.named(name):
            a = f.arguments
            if str(a[0]) == ev:
                into[str(a[1])] = a[2].number
    return size, weight


def count_on_transitions(sol: Any, event: clingo.Symbol, s0: clingo.Symbol | str) -> dict[str, int]:
    """For each result (printed form) of an event of amounts of tokens or counters, how many
    legal orders lead to it: the same count as :meth:`ReplacementGraph.counts`, on the graph
    the rules leave implicit (``dp/4`` is grounded from ``tr/5`` of each class; see
    cr616_replacement_interaction.lp), so that tens of thousands of edges are not read one by one.

    The walk goes layer by layer (one more effect applied each time) through the states (how
    many of each class have applied, the amount), following the transitions ``tr/5`` the rules
    derived for the class's first member; an application counts once per unapplied copy of its
    class (copies are interchangeable). An end state then takes the free effects, in the fixed
    order of the rules (clingo's order of their names), each placed anywhere among the others.
    It decides nothing: a transition the rules did not derive is an effect that does not apply.
    """
    ev = str(event)
    size, weight = _class_sizes(sol, ev)
    free = sorted(f.arguments[1] for f in sol.named("free") if str(f.arguments[0]) == ev)
    free_keys = [str(r) for r in free]
    # tr(Ev, R, Op, S, S2) as clingo prints it: one call into clingo per atom (there can be
    # tens of thousands), the fields read from the text after the known "tr(Ev,R," prefix.
    prefixes = {f"tr({ev},{r},": r for r in set(size) | set(free_keys)}
    step: dict[str, dict[str, str]] = {r: {} for r in prefixes.values()}
    for f in sol.named("tr"):
        text = str(f)
        for prefix, r in prefixes.items():
            if text.startswith(prefix):
                m = _TWO_AMOUNTS.search(text)
                if m:
                    step[r][m.group(1)] = m.group(2)
                break
    classes = [(step[c], size[c], weight[c]) for c in sorted(size)]
    layer: dict[tuple[int, str], int] = {(0, str(s0)): 1}
    ends: dict[tuple[int, str], int] = defaultdict(int)
    while layer:
        nxt: dict[tuple[int, str], int] = defaultdict(int)
        for (u, s), paths in layer.items():
            moved = False
            for t, n, w in classes:
                done = (u // w) % (n + 1)
                if done < n:
                    s2 = t.get(s)
                    if s2 is not None:
                        nxt[(u + w, s2)] += paths * (n - done)
                        moved = True
            if not moved:
                ends[(u, s)] += paths
        layer = nxt
    out: dict[str, int] = defaultdict(int)
    nfree = len(free_keys)
    for (u, s), paths in ends.items():
        applied = sum((u // weight[c]) % (size[c] + 1) for c in size)
        final: str | None = s
        for r in free_keys:
            if final in _EMPTY:
                break
            final = step[r].get(final)
            if final is None:
                break
        if final is None:
            continue
        # with nothing left to apply to, no free effect applies (cr616_replacement_interaction.lp)
        f = nfree if s not in _EMPTY else 0
        out[final] += paths * math.perm(applied + f, f)
    return dict(out)


_EMPTY = frozenset({"n(0)", "mana(0,0,0,0,0,0)"})
# The last two arguments of a fact, two flat amounts ("...,n(3),n(6))").
_TWO_AMOUNTS = re.compile(r",(\w+\([^()]*\)),(\w+\([^()]*\))\)$")

