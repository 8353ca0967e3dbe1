"""The questions mtgasp answers about a game state, as a Python API.

Each query adds its facts, asks :func:`mtgasp.engine.solve` with one file of
``rules_asp/queries/``, and turns the shown symbols into frozen result objects that sort
deterministically and print as JSON (``to_json``). The rules decide everything; this module only
decodes, groups identical results, and counts the orders of replacement effects along the graph
the rules built (CR 616, see ``rules_asp/cr6_spells_abilities_effects/cr616_*.lp``).

>>> from mtgasp import Engine, loads_state
>>> state = loads_state("players: [alice, bob]\\nbattlefield:\\n  - {id: f, card: Forest, controller: alice}\\n")
>>> [str(o.adds_for("alice")) for o in Engine().tap(state, "f").outcomes]
['{G}']
"""

from __future__ import annotations

import logging
import math
import re
import sys
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import clingo

from .cards import CardDatabase
from .engine import Solution, dump_program, solve
from .errors import IllegalActionError, UnknownObjectError
from .explain import summary
from .state import GameState
from .terms import AbilityRef, Mana, obj_id, player_id, symbol_text

__all__ = [
    "Engine",
    "Trigger",
    "TapOutcome",
    "TapResult",
    "CouldProduce",
    "AbilityReport",
    "PoolsResult",
    "Pool",
]

log = logging.getLogger("mtgasp.queries")
# dp_edge(Ev, S0, U, S, C, L, U2, S2) as clingo prints it: the vectors are mana(N,...,N) and the
# counts are integers, which anchors the other fields.
_MANA = r"(mana\(\d+,\d+,\d+,\d+,\d+,\d+\))"
_DP_EDGE = re.compile(rf"^dp_edge\((.*),{_MANA},(\d+),{_MANA},(re\(.*\)),(.*),(\d+),{_MANA}\)$")
_MANA_WORDS = re.compile(r"\bmana\b|\badds?\b|\btapped\b|\{[WUBRGCX]\}", re.IGNORECASE)
F = clingo.Function
S = clingo.String


def _obj(ident: str) -> clingo.Symbol:
    return F("obj", [S(ident)])


def _player(ident: str) -> clingo.Symbol:
    return F("player", [S(ident)])


def _rules_json(rules: Iterable[str]) -> list[dict[str, str]]:
    return [{"rule": r, "summary": summary(r)} for r in rules]


def _cr_key(rule: str) -> tuple[Any, ...]:
    """Sort CR numbers numerically: 106.5 < 106.12 < 106.12a."""
    out: list[Any] = []
    for part in rule.replace(".", " ").split():
        digits = "".join(ch for ch in part if ch.isdigit())
        out.append((int(digits) if digits else 0, part))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Trigger:
    """A triggered mana ability that resolved right after the mana ability (CR 605.4a)."""

    object: str
    ability: AbilityRef
    choice: str
    adds: Mana
    recipient: str

    def to_json(self) -> dict[str, Any]:
        return {
            "object": self.object,
            "ability": str(self.ability),
            "choice": self.choice,
            "adds": self.adds.as_dict(),
            "recipient": self.recipient,
        }


@dataclass(frozen=True, order=True)
class TapOutcome:
    """One legal way a mana ability can resolve: the choices made and the mana that results."""

    object: str
    ability: AbilityRef
    choice: str
    """The choices made as the ability resolved ("chose {R}"), or "" if there were none."""
    produced: Mana
    """The mana the ability would produce, before replacement effects."""
    replaced: Mana
    """The mana after the replacement effects, applied in some legal order (CR 616)."""
    orders: int
    """How many orders of the applicable replacement effects turn ``produced`` into ``replaced``
    (1 when none applies)."""
    triggers: tuple[Trigger, ...]
    adds: tuple[tuple[str, Mana], ...]
    """The mana each player adds in all, by player id."""
    rules: tuple[str, ...]
    """The CR rules that produced this outcome."""
    text: str = ""
    """The ability's text."""

    def adds_for(self, player: str) -> Mana:
        return dict(self.adds).get(player, Mana())

    def to_json(self) -> dict[str, Any]:
        return {
            "object": self.object,
            "ability": str(self.ability),
            "text": self.text,
            "choice": self.choice,
            "produced": self.produced.as_dict(),
            "after_replacement": self.replaced.as_dict(),
            "orders": self.orders,
            "triggers": [t.to_json() for t in self.triggers],
            "adds": {p: m.as_dict() for p, m in self.adds},
            "rules": _rules_json(self.rules),
        }


@dataclass(frozen=True)
class TapResult:
    """Every legal outcome of tapping one permanent for mana (CR 106.12)."""

    object: str
    outcomes: tuple[TapOutcome, ...]
    cannot: tuple[tuple[AbilityRef, str], ...]
    """Its {T} mana abilities that can't be activated now, with the CR rule that forbids it."""
    notes: tuple[str, ...] = ()
    """What the rules do not model about this permanent (unsupported text, riders)."""

    def distinct(self) -> dict[tuple[tuple[str, Mana], ...], tuple[TapOutcome, ...]]:
        """Outcomes grouped by their result (the mana each player adds)."""
        groups: dict[tuple[tuple[str, Mana], ...], list[TapOutcome]] = defaultdict(list)
        for o in self.outcomes:
            groups[o.adds].append(o)
        return {k: tuple(v) for k, v in sorted(groups.items())}

    def to_json(self) -> dict[str, Any]:
        return {
            "object": self.object,
            "outcomes": [o.to_json() for o in self.outcomes],
            "distinct_results": [
                {
                    "adds": {p: m.as_dict() for p, m in adds},
                    "outcomes": len(group),
                    "orders": sum(o.orders for o in group),
                }
                for adds, group in self.distinct().items()
            ],
            "cannot_activate": [
                {"ability": str(a), "rule": r, "summary": summary(r)} for a, r in self.cannot
            ],
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class CouldProduce:
    """The types of mana a permanent could produce (CR 106.7)."""

    object: str
    types: tuple[str, ...]
    rules: tuple[str, ...] = ("106.7",)
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"object": self.object, "types": list(self.types), "rules": _rules_json(self.rules), "notes": list(self.notes)}


@dataclass(frozen=True)
class AbilityReport:
    """A mana ability of one of a player's permanents: can it be activated now, what could it add."""

    object: str
    ability: AbilityRef
    text: str
    activatable: bool
    reasons: tuple[str, ...]
    """CR rules that forbid activating it now (empty when it can be activated)."""
    mana_cost: tuple[str, ...]
    """Mana symbols of its cost that must still be paid ("{1}")."""
    could_add: tuple[Mana, ...]
    """Every distinct amount of mana its controller could add by activating it now."""
    rules: tuple[str, ...] = ()
    """The CR rules behind the answer."""
    modelled: bool = True
    """False when the rules cannot work out what it adds yet (``could_add`` is then empty)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "object": self.object,
            "ability": str(self.ability),
            "text": self.text,
            "modelled": self.modelled,
            "activatable": self.activatable,
            "reasons": _rules_json(self.reasons),
            "mana_cost": list(self.mana_cost),
            "could_add": [str(m) for m in self.could_add],
            "rules": _rules_json(self.rules),
        }


@dataclass(frozen=True, order=True)
class Pool:
    """A mana pool a player can have by activating some set of their mana abilities now."""

    mana: Mana
    maximal: bool = False
    """No other reachable pool has at least as much of every type and more of one."""

    def to_json(self) -> dict[str, Any]:
        return {"mana": self.mana.as_dict(), "text": str(self.mana), "maximal": self.maximal}


@dataclass(frozen=True)
class PoolGroup:
    """Interchangeable permanents: each may add one of the same amounts (or nothing)."""

    members: tuple[str, ...]
    options: tuple[Mana, ...]

    def to_json(self) -> dict[str, Any]:
        return {"members": list(self.members), "options": [m.as_dict() for m in self.options]}

    def __str__(self) -> str:
        return f"up to {len(self.members)} of " + " | ".join(str(m) for m in self.options)


@dataclass(frozen=True)
class PoolsResult:
    """Every distinct mana pool a player can have now (bounded by ``limit``)."""

    player: str
    pools: tuple[Pool, ...]
    complete: bool
    """False when more pools exist than the limit allowed listing."""
    limit: int
    maximal_complete: bool = True
    notes: tuple[str, ...] = ()
    total: int | None = None
    """How many distinct pools there are, when known."""
    groups: tuple[PoolGroup, ...] = ()
    """The space of pools at a glance, exact: each group's permanents add one of its options
    each (or nothing), on top of the mana already in the pool; ``complex`` abilities may add
    more, paying their costs."""
    complex: tuple[str, ...] = ()

    @property
    def maximal(self) -> tuple[Pool, ...]:
        return tuple(p for p in self.pools if p.maximal)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "complete": self.complete,
            "total": self.total,
            "limit": self.limit,
            "maximal_complete": self.maximal_complete,
            "groups": [g.to_json() for g in self.groups],
            "complex_abilities": list(self.complex),
            "pools": [p.to_json() for p in self.pools],
            "notes": list(self.notes),
        }


# ---------------------------------------------------------------------------------------------
# Decoding helpers
# ---------------------------------------------------------------------------------------------


def describe_choice(label: clingo.Symbol) -> str:
    """``choice(Alt, ((nil, fixed), pick(r)))`` → ``"chose {R}"``."""
    alt = label.arguments[0].number
    parts: list[str] = []
    node = label.arguments[1]
    while node.type == clingo.SymbolType.Function and node.name == "" and len(node.arguments) == 2:
        node, ch = node.arguments
        if ch.name in ("pick", "produced"):
            parts.append(f"chose {Mana.one(ch.arguments[0].name)}")
        elif ch.name == "combination":
            parts.append("chose a combination")
        elif ch.name == "undefined":
            parts.append("undefined type: no mana (CR 106.5)")
    parts.reverse()
    text = ", ".join(parts)
    return f"option {alt}" + (f": {text}" if text else "") if alt > 1 else text


@dataclass
class _Graph:
    """The grounded graph of replacement applications of one event (CR 616): for each initial
    mana, the edges between (applied counts, mana) states, the end states, and the number of
    free effects (see cr616_replacement_interaction.lp). States are keyed by their printed
    form, so the counting runs on Python strings and integers."""

    edges: dict[str, list[tuple[int, str, str, int, str, int]]] = field(default_factory=lambda: defaultdict(list))
    labels: dict[tuple[str, int, str, int, str], str] = field(default_factory=dict)
    ends: dict[str, list[tuple[int, str, int, int, str]]] = field(default_factory=lambda: defaultdict(list))
    _counts: dict[str, dict[str, int]] = field(default_factory=dict)

    @classmethod
    def from_facts(cls, facts: Iterable[clingo.Symbol], event: clingo.Symbol) -> _Graph:
        g = cls()
        ev = str(event)
        size: dict[str, int] = {}
        weight: dict[str, int] = {}
        raw: list[tuple[str, ...]] = []
        for f in facts:
            text = str(f)  # one call into clingo per fact; the fields are read from the text
            if text.startswith("dp_edge("):
                m = _DP_EDGE.match(text)
                if m and m.group(1) == ev:
                    raw.append(m.groups())
            elif text.startswith(("class_size(", "class_weight(", "dp_end(")):
                a = f.arguments
                if str(a[0]) != ev:
                    continue
                if f.name == "class_size":
                    size[str(a[1])] = a[2].number
                elif f.name == "class_weight":
                    weight[str(a[1])] = a[2].number
                else:
                    g.ends[str(a[1])].append((a[2].number, str(a[3]), a[4].number, a[5].number, str(a[6])))
        for _ev, s0, u, s, c, label, u2, s2 in raw:
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


# ---------------------------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------------------------


_GRAPH_SIGNATURES = (
    ("dp_edge", 8), ("dp_end", 7), ("class_size", 3), ("class_weight", 3), ("ability_text", 2),
)


class Engine:
    """Answers questions about game states, with a card database (default: the embedded set)."""

    def __init__(self, db: CardDatabase | None = None, *, dump: str | None = None) -> None:
        self.db = db if db is not None else CardDatabase.default()
        self.dump = dump
        """If set, every query's facts are written to this file first, with the clingo command."""

    # -- plumbing ------------------------------------------------------------------------

    def facts(self, state: GameState) -> list[clingo.Symbol]:
        """The state's facts and the card facts of every card it mentions."""
        return [*state.facts(self.db), *state.card_facts(self.db)]

    def _solve(self, state: GameState, query: str, extra: Iterable[clingo.Symbol], **kw: Any) -> Solution:
        facts = [*self.facts(state), *extra]
        if self.dump:
            command = dump_program(self.dump, facts, query, project=bool(kw.get("project", True)))
            log.info("wrote %s; rerun with: %s", self.dump, command)
            print(f"mtgasp: wrote {self.dump}; rerun with: {command}", file=sys.stderr)
        return solve(facts, query, **kw)

    def _notes(self, state: GameState, objects: Iterable[str] = ()) -> tuple[str, ...]:
        """What the answer leaves out: unsupported text of the named permanents, and unsupported
        text anywhere on the battlefield that speaks of mana (it might change the answer)."""
        db = state.database(self.db)
        named = set(objects)
        notes: list[str] = []
        for perm in state.battlefield:
            for ab in db.parsed(perm.card).unsupported:
                if perm.id in named or _MANA_WORDS.search(ab.text):
                    notes.append(
                        f"{perm.id} ({perm.card}): ability {ab.index} is not supported yet and is ignored: {ab.text!r}"
                    )
        return tuple(notes)

    # -- the state itself ---------------------------------------------------------------

    def check(self, state: GameState) -> tuple[tuple[str, str], ...]:
        """Rule violations of the state itself (CR number, subject) and what the rules do not
        model about its permanents (``unmodelled``, as ``("unmodelled", "obj: what")``)."""
        sol = self._solve(state, "check", [], project=False)
        found: set[tuple[str, str]] = set()
        for s in sol.models[0] if sol.models else ():
            if s.name == "invalid":
                found.add((s.arguments[0].string, obj_id(s.arguments[1])))
            elif s.name == "unmodelled":
                what = s.arguments[2]
                label = str(what)
                found.add(("unmodelled", f"{obj_id(s.arguments[0])}: {AbilityRef.from_symbol(s.arguments[1])}: {label}"))
        return tuple(sorted(found))

    # -- CR 106.7 ------------------------------------------------------------------------

    def could_produce(self, state: GameState, obj: str) -> CouldProduce:
        """The types of mana permanent ``obj`` could produce (CR 106.7)."""
        state.permanent(obj)
        sol = self._solve(state, "could_produce", [F("__query", [F("could_produce", [_obj(obj)])])])
        types = sorted(
            {s.arguments[1].name.upper() for s in sol.models[0] if s.name == "could_produce" and obj_id(s.arguments[0]) == obj},
            key="WUBRGC".index,
        )
        return CouldProduce(obj, tuple(types), notes=self._notes(state, [obj]))

    # -- CR 106.12 -----------------------------------------------------------------------

    def tap(self, state: GameState, obj: str) -> TapResult:
        """Every legal outcome of tapping ``obj`` for mana (CR 106.12, 605, 614, 616)."""
        state.permanent(obj)
        sol = self._solve(
            state, "tap", [F("__query", [F("tap", [_obj(obj)])])], fact_signatures=_GRAPH_SIGNATURES
        )
        if not sol.models:
            raise IllegalActionError(f"tapping {obj!r} for mana has no legal outcome")
        graphs: dict[clingo.Symbol, _Graph] = {}
        texts = {f.arguments[0]: f.arguments[1].string for f in sol.facts if f.name == "ability_text"}
        outcomes: set[TapOutcome] = set()
        cannot: set[tuple[AbilityRef, str]] = set()
        riders: set[str] = set()
        for model in sol.models:
            for s in model:
                if s.name == "cannot_use":
                    cannot.add((AbilityRef.from_symbol(s.arguments[1]), s.arguments[2].string))
                elif s.name == "not_modelled":
                    ref = AbilityRef.from_symbol(s.arguments[1])
                    riders.add(f"{ref}: the rules cannot work out what it adds yet (see 'mtgasp check'); left out")
                elif s.name == "rider":
                    ref = AbilityRef.from_symbol(s.arguments[1])
                    riders.add(f"{ref}: also {_term_text(s.arguments[2])} (not applied: the rules do not model it yet)")
            outcome = self._tap_outcome(model, sol.facts, graphs, texts)
            if outcome is not None:
                outcomes.add(outcome)
        return TapResult(obj, tuple(sorted(outcomes)), tuple(sorted(cannot)), tuple(sorted(riders)) + self._notes(state, [obj]))

    def _tap_outcome(
        self,
        model: frozenset[clingo.Symbol],
        facts: tuple[clingo.Symbol, ...],
        graphs: dict[clingo.Symbol, _Graph],
        texts: Mapping[clingo.Symbol, str],
    ) -> TapOutcome | None:
        use = next((s for s in model if s.name == "use"), None)
        if use is None:
            return None
        ev = F("ma", list(use.arguments))
        choice, produced, replaced = "", Mana(), Mana()
        s0_sym = s_sym = None
        triggers: list[Trigger] = []
        adds: dict[str, Mana] = {}
        rules: list[str] = []
        for s in model:
            a = s.arguments
            if s.name == "pick_init" and a[0] == ev:
                choice, s0_sym, produced = describe_choice(a[1]), a[2], Mana.from_symbol(a[2])
            elif s.name == "pick_result" and a[0] == ev:
                s_sym, replaced = a[2], Mana.from_symbol(a[2])
            elif s.name == "trigger":
                ot, t, ch, v, p = a
                triggers.append(Trigger(obj_id(ot), AbilityRef.from_symbol(t), describe_choice(ch), Mana.from_symbol(v), player_id(p)))
            elif s.name == "adds_total":
                p = player_id(a[0])
                adds[p] = adds.get(p, Mana()) + Mana.one(a[1].name, a[2].number)
            elif s.name == "cite":
                rules.append(a[0].string)
        orders = 1
        if s0_sym is not None and s_sym is not None:
            if ev not in graphs:
                graphs[ev] = _Graph.from_facts(facts, ev)
            if graphs[ev].ends.get(str(s0_sym)):
                orders = graphs[ev].counts(s0_sym).get(str(s_sym), 1)
        return TapOutcome(
            object=obj_id(use.arguments[0]),
            ability=AbilityRef.from_symbol(use.arguments[1]),
            choice=choice,
            produced=produced,
            replaced=replaced,
            orders=orders,
            triggers=tuple(sorted(triggers)),
            adds=tuple(sorted(adds.items())),
            rules=tuple(sorted(set(rules), key=_cr_key)),
            text=texts.get(use.arguments[1], ""),
        )

    # -- a player's mana abilities --------------------------------------------------------

    def mana_abilities(self, state: GameState, player: str) -> tuple[AbilityReport, ...]:
        """Every activated mana ability of ``player``'s permanents: can it be activated now, and
        every distinct amount of mana it could add (CR 605, 106.7, 614, 616)."""
        state.player(player)
        sol = self._solve(
            state,
            "abilities",
            [F("__query", [F("abilities", [_player(player)])])],
            project=False,
            enum_mode="brave",
            fact_signatures=(("ability_text", 2),),
        )
        texts = {f.arguments[0]: f.arguments[1].string for f in sol.facts if f.name == "ability_text"}
        model = sol.models[0] if sol.models else frozenset()
        found: dict[tuple[clingo.Symbol, clingo.Symbol], dict[str, Any]] = {}

        def entry(o: clingo.Symbol, a: clingo.Symbol) -> dict[str, Any]:
            return found.setdefault((o, a), {"reasons": set(), "cost": [], "adds": set(), "rules": set()})

        for s in model:
            a = s.arguments
            if s.name == "mana_ability_of":
                entry(a[0], a[1])
            elif s.name == "cannot_use":
                entry(a[0], a[1])["reasons"].add(a[2].string)
            elif s.name == "mana_cost_of":
                entry(a[0], a[1])["cost"].extend([_symbol_text(a[2])] * a[3].number)
            elif s.name == "could_add":
                entry(a[0], a[1])["adds"].add(Mana.from_symbol(a[2]))
            elif s.name == "cite":
                entry(a[0], a[1])["rules"].add(a[2].string)
            elif s.name == "not_modelled":
                entry(a[0], a[1])["unknown"] = True
        reports = [
            AbilityReport(
                object=obj_id(o),
                ability=AbilityRef.from_symbol(ab),
                text=texts.get(ab, ""),
                activatable=not e["reasons"],
                reasons=tuple(sorted(e["reasons"], key=_cr_key)),
                mana_cost=tuple(sorted(e["cost"])),
                could_add=tuple(sorted(e["adds"])),
                rules=tuple(sorted(e["rules"] | e["reasons"], key=_cr_key)),
                modelled=not e.get("unknown", False),
            )
            for (o, ab), e in found.items()
        ]
        return tuple(sorted(reports, key=lambda r: (r.object, r.ability)))

    # -- a player's mana pools ------------------------------------------------------------

    def pools(self, state: GameState, player: str, *, limit: int = 1000, maximal_limit: int = 5000) -> PoolsResult:
        """Every distinct mana pool ``player`` can have by activating any set of their mana
        abilities now, with the maximal ones marked; at most ``limit`` pools are listed, and the
        result says when there were more. The maximal pools are found among at most
        ``maximal_limit`` candidate pools (those where every free ability is used)."""
        state.player(player)
        query = F("__query", [F("pools", [_player(player)])])
        every, complete, groups, complex_ = self._pool_set(state, [query], limit, space=True)
        candidates, maximal_complete, _, _ = self._pool_set(
            state, [query, F("__query", [F("saturated")])], max(limit, maximal_limit)
        )
        maximal = _skyline(sorted(candidates, key=lambda m: -m.total))
        ranked = sorted(every, key=lambda m: (-m.total, m))
        listed = set(ranked[:limit]) | maximal
        notes = []
        if len(every) > limit or not complete:
            more = f"{len(every)}" if complete else f"more than {limit}"
            notes.append(f"{more} distinct pools; listed {limit} (raise the limit to see more)")
        if not maximal_complete:
            notes.append(
                f"more than {max(limit, maximal_limit)} candidates for maximal pools; the maximal marks cover "
                "the candidates found (raise --maximal-limit for all; the groups above describe every pool exactly)"
            )
        return PoolsResult(
            player=player,
            pools=tuple(sorted((Pool(m, m in maximal) for m in listed), key=lambda p: (-p.mana.total, p.mana))),
            complete=complete and len(every) <= limit,
            limit=limit,
            maximal_complete=maximal_complete,
            notes=tuple(notes) + self._notes(state),
            total=len(every) if complete else None,
            groups=groups,
            complex=complex_,
        )

    def _pool_set(
        self, state: GameState, query: list[clingo.Symbol], limit: int, *, space: bool = False
    ) -> tuple[set[Mana], bool, tuple[PoolGroup, ...], tuple[str, ...]]:
        """The pools of one pools-query call (at most ``limit``), whether they are all of them,
        and (with ``space``) the groups and complex abilities the rules found."""
        signatures = (("pool_group_member", 2), ("pool_group_option", 2), ("complex_ability", 2)) if space else ()
        sol = self._solve(
            state,
            "pools",
            query,
            limit=limit + 1,
            project="project",
            options=("--configuration=jumpy",),
            fact_signatures=signatures,
        )
        members: dict[str, list[str]] = defaultdict(list)
        options: dict[str, list[Mana]] = defaultdict(list)
        complex_: list[str] = []
        for f in sol.facts:
            a = f.arguments
            if f.name == "pool_group_member":
                members[str(a[0])].append(obj_id(a[1]))
            elif f.name == "pool_group_option":
                m = Mana.from_symbol(a[1])
                if m.total:
                    options[str(a[0])].append(m)
            elif f.name == "complex_ability":
                complex_.append(f"{obj_id(a[0])}: {AbilityRef.from_symbol(a[1])}")
        groups = tuple(
            sorted(
                (PoolGroup(tuple(sorted(members[g])), tuple(sorted(options[g]))) for g in members if options[g]),
                key=lambda g: (-len(g.members), g.members),
            )
        )
        return {_pool_of(m) for m in sol.models[:limit]}, len(sol.models) <= limit, groups, tuple(sorted(complex_))

    # -- replacement effects on one activation (CR 614, 616) ----------------------------

    def orders(self, state: GameState, obj: str, ability: int | None = None, *, limit: int = 100) -> OrdersResult:
        """Every legal order (up to ``limit``) of the replacement effects that apply when ``obj`` is
        tapped for mana, each with its result, and every distinct result with the number of orders
        leading to it — counted on the graph the rules build, not by walking the orders."""
        perm = state.permanent(obj)
        probe = self.tap(state, obj)
        usable = sorted({o.ability for o in probe.outcomes})
        if not usable:
            raise IllegalActionError(f"{obj!r} has no mana ability that can be activated now")
        if ability is not None:
            chosen = [a for a in usable if a.index and a.index[0] == ability]
            if not chosen:
                raise IllegalActionError(f"{obj!r} has no usable mana ability number {ability}; usable: " + ", ".join(map(str, usable)))
            ab_ref = chosen[0]
        else:
            ab_ref = usable[0]
        ab_sym = _ability_symbol(ab_ref)
        ev = F("ma", [_obj(obj), ab_sym])
        signatures = (*_GRAPH_SIGNATURES, ("init", 3), ("result", 3), ("free", 2), ("chooser", 2), ("cand", 2))
        sol = self._solve(
            state,
            "orders",
            [F("__query", [F("orders", [_obj(obj), ab_sym])])],
            project=False,
            limit=limit + 1,
            fact_signatures=signatures,
        )
        cards = {p.id: p.card for p in state.battlefield}
        graph = _Graph.from_facts(sol.facts, ev)
        inits = {(f.arguments[2], describe_choice(f.arguments[1])) for f in sol.facts if f.name == "init" and f.arguments[0] == ev}
        choice_of = {s0: text for s0, text in sorted(inits, key=lambda x: (str(x[0]), x[1]))}
        distinct = []
        for s0, text in choice_of.items():
            counted = graph.counts(s0) if graph.ends.get(str(s0)) else {}
            for f in sol.facts:
                if f.name == "result" and f.arguments[0] == ev and f.arguments[1] == s0:
                    final = f.arguments[2]
                    distinct.append(
                        DistinctResult(text, Mana.from_symbol(s0), Mana.from_symbol(final), counted.get(str(final), 1))
                    )
        distinct.sort()
        effects = sorted(
            Application(*_instance(f.arguments[1], cards), "") for f in sol.facts if f.name == "cand" and f.arguments[0] == ev
        )
        chooser = next((player_id(f.arguments[1]) for f in sol.facts if f.name == "chooser" and f.arguments[0] == ev), perm.controller)
        orders = []
        for model in sol.models[:limit]:
            steps: dict[int, Application] = {}
            choice, produced, final = "", Mana(), Mana()
            for s in model:
                a = s.arguments
                if s.name == "applies":
                    steps[a[3].number] = Application(*_instance(a[1], cards), _label_text(a[2]))
                elif s.name == "pick_init":
                    choice, produced = describe_choice(a[1]), Mana.from_symbol(a[2])
                elif s.name == "final":
                    final = Mana.from_symbol(a[1])
            orders.append(Order(choice, produced, tuple(steps[k] for k in sorted(steps)), final))
        free = sorted(_instance(f.arguments[1], cards)[1] for f in sol.facts if f.name == "free" and f.arguments[0] == ev)
        edges = []
        shown = {str(s0) for s0 in choice_of}
        for s0, outs in graph.edges.items():
            if s0 not in shown:
                continue
            for u, s, c, u2, s2, copies in outs:
                label = graph.labels.get((s0, u, s, u2, s2), "")
                label = _label_text(clingo.parse_term(label)) if label else ""
                card = _class_card(c, cards)
                edges.append((f"{_mana_text(s)} [{u}]", f"{_mana_text(s2)} [{u2}]", f"{card}: {label}" if label else card, copies))
        if free:
            # the free effects apply after the others (in any order, with the same result)
            label = "then " + ", ".join(f"{n} x{free.count(n)}" if free.count(n) > 1 else n for n in sorted(set(free)))
            for s0, ends in graph.ends.items():
                if s0 in shown:
                    for u, s, _n, _f, final in ends:
                        edges.append((f"{_mana_text(s)} [{u}]", f"result {_mana_text(final)}", label, 1))
        return OrdersResult(
            object=obj,
            ability=ab_ref,
            chooser=chooser,
            effects=tuple(effects),
            distinct=tuple(distinct),
            orders=tuple(sorted(orders)),
            complete=len(sol.models) <= limit,
            limit=limit,
            graph=tuple(sorted(edges)),
        )


def _term_text(sym: clingo.Symbol) -> str:
    """An effect term as a short phrase: damage(self, 2, you) → "damage(self, 2, you)"."""
    return str(sym).replace(",", ", ")


def _symbol_text(sym: clingo.Symbol) -> str:
    """A mana symbol of a cost as printed: generic(2) → {2}, w → {W}, hybrid(w,u) → {W/U}."""
    if sym.type == clingo.SymbolType.Function and sym.arguments:
        if sym.name == "generic":
            return f"{{{sym.arguments[0].number}}}"
        inner = "/".join(symbol_text(a).upper() for a in sym.arguments)
        if sym.name in ("phyrexian", "phyrexian_hybrid"):
            inner += "/P"
        return f"{{{inner}}}"
    return f"{{{symbol_text(sym).upper()}}}"


def _pool_of(model: frozenset[clingo.Symbol]) -> Mana:
    mana = Mana()
    for s in model:
        if s.name == "pool":
            mana = mana + Mana.one(s.arguments[0].name, s.arguments[1].number)
    return mana


def _skyline(candidates: list[Mana]) -> set[Mana]:
    """The pools no other candidate covers with more in all.

    Only a pool with a larger total can cover another, so candidates are taken largest first and
    each is compared with the kept ones. Each comparison is one subtraction: the six amounts are
    packed in fields one bit wider than the largest amount; a field's top bit survives the
    subtraction only where it does not borrow.
    """
    width = max((m.total for m in candidates), default=0).bit_length() + 1
    guard = sum(1 << (width * i + width - 1) for i in range(6))

    def pack(m: Mana) -> int:
        return sum(n << (width * i) for i, n in enumerate(m.as_tuple()))

    kept: list[tuple[int, int, Mana]] = []
    for m in sorted(candidates, key=lambda m: -m.total):
        pm, total = pack(m), m.total
        if not any(t > total and ((pk | guard) - pm) & guard == guard for t, pk, _ in kept):
            kept.append((total, pm, m))
    return {m for _, _, m in kept}


# ---------------------------------------------------------------------------------------------
# Replacement effects on one activation: every order, every distinct result (CR 614, 616)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Application:
    """One replacement effect applied to the event: whose effect, and with which choice."""

    object: str
    card: str
    label: str

    def __str__(self) -> str:
        return f"{self.card} ({self.object}){': ' + self.label if self.label else ''}"


@dataclass(frozen=True, order=True)
class Order:
    """One legal order of the replacement effects and the mana it gives."""

    choice: str
    produced: Mana
    steps: tuple[Application, ...]
    result: Mana

    def to_json(self) -> dict[str, Any]:
        return {
            "choice": self.choice,
            "produced": self.produced.as_dict(),
            "steps": [str(s) for s in self.steps],
            "result": self.result.as_dict(),
        }


@dataclass(frozen=True, order=True)
class DistinctResult:
    """A result of the replacement process and how many orders lead to it from one choice."""

    choice: str
    produced: Mana
    result: Mana
    orders: int

    def to_json(self) -> dict[str, Any]:
        return {
            "choice": self.choice,
            "produced": self.produced.as_dict(),
            "result": self.result.as_dict(),
            "orders": self.orders,
        }


@dataclass(frozen=True)
class OrdersResult:
    """The replacement effects that apply when ``object`` is tapped for mana with ``ability``."""

    object: str
    ability: AbilityRef
    chooser: str
    effects: tuple[Application, ...]
    distinct: tuple[DistinctResult, ...]
    orders: tuple[Order, ...]
    complete: bool
    limit: int
    graph: tuple[tuple[str, str, str, int], ...] = ()
    """Edges (from node, to node, effect, copies) of the graph of CR 616 applications, for DOT."""

    @property
    def total_orders(self) -> int:
        return sum(d.orders for d in self.distinct)

    def to_json(self) -> dict[str, Any]:
        return {
            "object": self.object,
            "ability": str(self.ability),
            "chooser": self.chooser,
            "effects": [str(e) for e in self.effects],
            "distinct_results": [d.to_json() for d in self.distinct],
            "total_orders": self.total_orders,
            "orders": [o.to_json() for o in self.orders],
            "complete": self.complete,
            "limit": self.limit,
            "rules": _rules_json(("614.1a", "614.5", "616.1", "616.1e", "616.1f", "106.12b")),
        }

    def to_dot(self) -> str:
        """The graph of choices for Graphviz: each node is the mana so far (and which effects
        have applied), each edge one effect applying; the end nodes are the results."""
        lines = ["digraph replacement_orders {", "  rankdir=LR;", '  node [shape=box, fontname="Helvetica"];']
        nodes: dict[str, str] = {}

        def node(key: str) -> str:
            if key not in nodes:
                nodes[key] = f"n{len(nodes)}"
            return nodes[key]

        ends = {e[1] for e in self.graph} - {e[0] for e in self.graph}
        for a, b, label, copies in self.graph:
            mult = f" (x{copies})" if copies > 1 else ""
            lines.append(f'  {node(a)} -> {node(b)} [label="{_dot_escape(label + mult)}"];')
        for key, name in nodes.items():
            shape = ", peripheries=2" if key in ends else ""
            lines.append(f'  {name} [label="{_dot_escape(key)}"{shape}];')
        lines.append("}")
        return "\n".join(lines) + "\n"


def _mana_text(printed: str) -> str:
    """ "mana(0,0,0,0,2,0)" → "{G}{G}"."""
    return str(Mana.from_symbol(clingo.parse_term(printed)))


def _class_card(printed: str, cards: Mapping[str, str]) -> str:
    """The card of an effect class named by its printed instance re(obj(..), ab(..))."""
    return _instance(clingo.parse_term(printed), cards)[1]


def _dot_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _label_text(label: clingo.Symbol) -> str:
    """case(K, M) → "{R}", case(K, times(2)) → "x2"."""
    if label.name == "case" and len(label.arguments) == 2:
        what = label.arguments[1]
        if what.name == "times":
            return f"x{what.arguments[0].number}"
        if what.type == clingo.SymbolType.Function and not what.arguments:
            return str(Mana.one(what.name))
    return str(label)


def _instance(sym: clingo.Symbol, cards: Mapping[str, str]) -> tuple[str, str]:
    """re(obj("mr"), ab(card("Mana Reflection"), 1)) → ("mr", "Mana Reflection")."""
    o = obj_id(sym.arguments[0])
    return o, cards.get(o, AbilityRef.from_symbol(sym.arguments[1]).card)


def _ability_symbol(ref: AbilityRef) -> clingo.Symbol:
    if ref.intrinsic:
        return F("intrinsic", [S(ref.card)])
    return F("ab", [F("card", [S(ref.card)]), *(clingo.Number(i) for i in ref.index)])

