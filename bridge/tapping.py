"""Tapping a permanent for mana: every legal outcome (``Engine.tap``, CR 106.12, 605, 614, 616) and
every order of the replacement effects on one activation, counted on the graph the rules build
(``Engine.orders``, CR 616).

The rules decide (``rules_asp/queries/tap.lp``, ``orders.lp``); this module only decodes the
shown symbols into the frozen results of ``mtgasp.results``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import clingo

from .bounded import bounded
from .cr616_graph import GRAPH_SIGNATURES, ReplacementGraph
from .engine import Solution
from .errors import IllegalActionError, QueryTimeoutError
from .results import Application, DistinctResult, Order, OrdersResult, TapOutcome, TapResult, Trigger, cr_key
from .state import GameState
from .terms import AbilityRef, Mana, describe_choice, effect_text, instance, label_text, obj_id, obj_term, player_id, spend_text

if TYPE_CHECKING:
    from .queries import Engine

__all__ = ["TappingMixin"]

F = clingo.Function
S = clingo.String


class TappingMixin:
    """The ``tap`` and ``orders`` methods of :class:`mtgasp.Engine`."""

    # -- CR 106.12 -----------------------------------------------------------------------

    @bounded()
    def tap(self: Engine, state: GameState, obj: str) -> TapResult:
        """Every legal outcome of tapping ``obj`` for mana (CR 106.12, 605, 614, 616)."""
        state.permanent(obj)
        self._cards = {p.id: p.card for p in state.battlefield}
        sol = self._solve(
            state, "tap", [F("__query", [F("tap", [obj_term(obj)])])], fact_signatures=GRAPH_SIGNATURES
        )
        if not sol.models and not sol.timed_out:
            raise IllegalActionError(f"tapping {obj!r} for mana has no legal outcome")
        graphs: dict[clingo.Symbol, ReplacementGraph] = {}
        texts = {f.arguments[0]: f.arguments[1].string for f in sol.named("ability_text")}
        outcomes: set[TapOutcome] = set()
        cannot: set[tuple[AbilityRef, str]] = set()
        riders: set[str] = set()
        for model in sol.models:
            for s in model:
                if s.name == "cannot_use":
                    cannot.add((AbilityRef.from_symbol(s.arguments[1]), s.arguments[2].string))
                    if s.arguments[2].string == "601.2h":
                        riders.add(
                            f"{AbilityRef.from_symbol(s.arguments[1])}: the mana in the pool can't pay its mana cost; "
                            "activating other mana abilities first could (CR 601.2g): see 'mtgasp pools'"
                        )
                elif s.name == "not_modelled":
                    ref = AbilityRef.from_symbol(s.arguments[1])
                    riders.add(f"{ref}: the rules cannot work out what it adds yet (see 'mtgasp check'); left out")
                elif s.name == "rider":
                    ref = AbilityRef.from_symbol(s.arguments[1])
                    riders.add(f"{ref}: also {_term_text(s.arguments[2])} (not applied: the rules do not model it yet)")
            outcome = self._tap_outcome(model, sol, graphs, texts)
            if outcome is not None:
                outcomes.add(outcome)
        return TapResult(
            obj, tuple(sorted(outcomes)), tuple(sorted(cannot)), tuple(sorted(riders)) + self._notes(state, [obj]),
            not_modelled=self.unread(state, [obj]),
        )

    def _tap_outcome(
        self: Engine,
        model: frozenset[clingo.Symbol],
        sol: Solution,
        graphs: dict[clingo.Symbol, ReplacementGraph],
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
        effects: list[str] = []
        paid, after, paying = Mana(), Mana(), False
        restrictions: list[str] = []
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
            elif s.name == "cites":
                rules.append(a[1].string)
            elif s.name == "effect_applied":
                effects.append(effect_text(a[1], self._cards))
            elif s.name == "paid":
                paid, paying = paid + Mana.one(a[2].name, a[3].number), True
            elif s.name == "pool_after":
                after = after + Mana.one(a[1].name, a[2].number)
            elif s.name == "spend_restricted":
                restrictions.append(spend_text(texts.get(a[1], ""), a[2]))
        orders = 1
        if s0_sym is not None and s_sym is not None:
            if ev not in graphs:
                graphs[ev] = ReplacementGraph.from_solution(sol, ev)
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
            rules=tuple(sorted(set(rules), key=cr_key)),
            text=texts.get(use.arguments[1], ""),
            effects=tuple(sorted(set(effects))),
            paid=paid,
            pool_after=after if paying else None,
            restrictions=tuple(sorted(set(restrictions))),
        )

    # -- replacement effects on one activation (CR 614, 616) ----------------------------

    @bounded()
    def orders(self: Engine, state: GameState, obj: str, ability: int | None = None, *, limit: int = 100) -> OrdersResult:
        """Every legal order (up to ``limit``) of the replacement effects that apply when ``obj`` is
        tapped for mana, each with its result, and every distinct result with the number of orders
        leading to it — counted on the graph the rules build, not by walking the orders."""
        perm = state.permanent(obj)
        probe = self.tap(state, obj)
        usable = sorted({o.ability for o in probe.outcomes})
        if not usable and self.incomplete:
            raise QueryTimeoutError(self.incomplete[0])
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
        ev = F("ma", [obj_term(obj), ab_sym])
        signatures = (*GRAPH_SIGNATURES, ("init", 3), ("result", 3), ("free", 2), ("chooser", 2), ("cand", 2))
        sol = self._solve(
            state,
            "orders",
            [F("__query", [F("orders", [obj_term(obj), ab_sym])])],
            project=False,
            limit=limit + 1,
            fact_signatures=signatures,
        )
        cards = {p.id: p.card for p in state.battlefield}
        graph = ReplacementGraph.from_solution(sol, ev)
        inits = {(f.arguments[2], describe_choice(f.arguments[1])) for f in sol.named("init") if f.arguments[0] == ev}
        choice_of = {s0: text for s0, text in sorted(inits, key=lambda x: (str(x[0]), x[1]))}
        distinct = []
        for s0, text in choice_of.items():
            counted = graph.counts(s0) if graph.ends.get(str(s0)) else {}
            for f in sol.named("result"):
                if f.arguments[0] == ev and f.arguments[1] == s0:
                    final = f.arguments[2]
                    distinct.append(
                        DistinctResult(text, Mana.from_symbol(s0), Mana.from_symbol(final), counted.get(str(final), 1))
                    )
        distinct.sort()
        effects = sorted(
            Application(*instance(f.arguments[1], cards), "") for f in sol.named("cand") if f.arguments[0] == ev
        )
        chooser = next((player_id(f.arguments[1]) for f in sol.named("chooser") if f.arguments[0] == ev), perm.controller)
        orders = []
        rules: set[str] = set()
        for model in sol.models:
            rules.update(s.arguments[1].string for s in model if s.name == "cites")
        for model in sol.models[:limit]:
            steps: dict[int, Application] = {}
            choice, produced, final = "", Mana(), Mana()
            for s in model:
                a = s.arguments
                if s.name == "applies":
                    steps[a[3].number] = Application(*instance(a[1], cards), label_text(a[2]))
                elif s.name == "pick_init":
                    choice, produced = describe_choice(a[1]), Mana.from_symbol(a[2])
                elif s.name == "final":
                    final = Mana.from_symbol(a[1])
            orders.append(Order(choice, produced, tuple(steps[k] for k in sorted(steps)), final))
        free = sorted(instance(f.arguments[1], cards)[1] for f in sol.named("free") if f.arguments[0] == ev)
        edges = []
        shown = {str(s0) for s0 in choice_of}
        for s0, outs in graph.edges.items():
            if s0 not in shown:
                continue
            for u, s, c, u2, s2, copies in outs:
                label = graph.labels.get((s0, u, s, u2, s2), "")
                label = label_text(clingo.parse_term(label)) if label else ""
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
            complete=len(sol.models) <= limit and not sol.timed_out,
            limit=limit,
            graph=tuple(sorted(edges)),
            rules=tuple(sorted(rules, key=cr_key)),
        )



def _term_text(sym: clingo.Symbol) -> str:
    """An effect term as a short phrase: damage(self, 2, you) → "damage(self, 2, you)"."""
    return str(sym).replace(",", ", ")



def _mana_text(printed: str) -> str:
    """ "mana(0,0,0,0,2,0)" → "{G}{G}"."""
    return str(Mana.from_symbol(clingo.parse_term(printed)))



def _class_card(printed: str, cards: Mapping[str, str]) -> str:
    """The card of an effect class named by its printed instance re(obj(..), ab(..))."""
    return instance(clingo.parse_term(printed), cards)[1]



def _ability_symbol(ref: AbilityRef) -> clingo.Symbol:
    if ref.intrinsic:
        return F("intrinsic", [S(ref.card)])
    return F("ab", [F("card", [S(ref.card)]), *(clingo.Number(i) for i in ref.index)])
