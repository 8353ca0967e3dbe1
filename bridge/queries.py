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
import re
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import clingo

from .bounded import bounded
from .cards import CardDatabase
from .cr616_graph import GRAPH_SIGNATURES, ReplacementGraph
from .engine import Solution, dump_program, solve
from .errors import IllegalActionError, QueryTimeoutError
from .characteristics import CharacteristicsMixin
from .game import GameMixin
from .results import (
    AbilityReport,
    Application,
    CouldProduce,
    DistinctResult,
    Order,
    OrdersResult,
    Pool,
    PoolGroup,
    PoolsResult,
    TapOutcome,
    TapResult,
    Trigger,
    cr_key,
)
from .state import GameState
from .terms import AbilityRef, Mana, describe_choice, effect_text, spend_text, instance, label_text, obj_id, player_id, symbol_text

if TYPE_CHECKING:
    from .reads import UnreadFact

__all__ = [
    "AbilityReport",
    "CouldProduce",
    "Engine",
    "OrdersResult",
    "Pool",
    "PoolsResult",
    "TapOutcome",
    "TapResult",
    "Trigger",
]

log = logging.getLogger("mtgasp.queries")
# Unsupported text that may change a mana answer: it speaks of mana, of tapping, of land types.
_MANA_WORDS = re.compile(
    r"\bmana\b|\badds?\b|\btapped\b|\{[WUBRGCX]\}|\bland types?\b|\b(?:Plains|Islands?|Swamps?|Mountains?|Forests?)\b",
    re.IGNORECASE,
)
F = clingo.Function
S = clingo.String


def _obj(ident: str) -> clingo.Symbol:
    return F("obj", [S(ident)])


def _player(ident: str) -> clingo.Symbol:
    return F("player", [S(ident)])


class Engine(GameMixin, CharacteristicsMixin):
    """Answers questions about game states, with a card database (default: the embedded set)."""

    def __init__(self, db: CardDatabase | None = None, *, dump: str | None = None, timeout: float | None = None) -> None:
        self.db = db if db is not None else CardDatabase.default()
        self.dump = dump
        self._cards: dict[str, str] = {}
        """If set, every query's facts are written to this file first, with the clingo command."""
        if timeout is not None and not timeout > 0:
            raise ValueError(f"timeout: expected a positive number of seconds or None, got {timeout!r}")
        self.timeout = timeout
        """Seconds each public query may take (None: no limit). The search stops when the time
        is up; the answer then says it is incomplete (its notes, ``complete``, :attr:`incomplete`)."""
        self.incomplete: list[str] = []
        """Why the last query's answer is incomplete (empty when it is complete)."""
        self._deadline: float | None = None
        self._depth = 0
        self._unread_cache: tuple[GameState, CardDatabase, tuple[UnreadFact, ...]] | None = None
        self._state_facts: tuple[GameState, tuple[clingo.Symbol, ...]] | None = None

    # -- plumbing ------------------------------------------------------------------------

    def facts(self, state: GameState) -> list[clingo.Symbol]:
        """The state's facts and the card facts of every card it mentions."""
        own = state.facts(self.db)
        self._state_facts = (state, own)  # read again by unread(): not built twice
        return [*own, *state.card_facts(self.db)]

    def _solve(self, state: GameState, query: str, extra: Iterable[clingo.Symbol], **kw: Any) -> Solution:
        facts = [*self.facts(state), *extra]
        if self.dump:
            command = dump_program(self.dump, facts, query, project=bool(kw.get("project", True)))
            log.info("wrote %s; rerun with: %s", self.dump, command)
            print(f"mtgasp: wrote {self.dump}; rerun with: {command}", file=sys.stderr)
        first = self._deadline is None
        if self._deadline is None and self.timeout is not None:
            # The time limit bounds the searches (grounding and solving) of the whole query,
            # from its first one on; reading the cards and the state comes before.
            self._deadline = time.monotonic() + self.timeout
        left = None if self._deadline is None else max(0.0, self._deadline - time.monotonic())
        # A later search of the query that would start past the deadline is not started (its
        # grounding could not be stopped); the first one always grounds (its facts are an answer).
        late = left == 0.0 and not first
        sol = Solution(models=(), exhausted=False, timed_out=True) if late else solve(facts, query, timeout=left, **kw)
        if sol.timed_out:
            note = (
                f"incomplete: the time limit ({self.timeout:g} s) stopped the search of query '{query}' before it "
                "finished; the answer holds what was found before it (raise --timeout, or Engine(timeout=...))"
            )
            if note not in self.incomplete:
                self.incomplete.append(note)
        return sol

    def _notes(self, state: GameState, objects: Iterable[str] = ()) -> tuple[str, ...]:
        """What the answer leaves out: unsupported text of the named permanents, and unsupported
        text anywhere on the battlefield that speaks of mana (it might change the answer)."""
        every = self._note_map(state)
        named = set(objects)
        return tuple(n for perm_id, n, mana in every if mana or perm_id in named) + tuple(self.incomplete)

    def unread(self, state: GameState, objects: Iterable[str] | None = None) -> tuple[UnreadFact, ...]:
        """The facts of the state and its cards that no rule reads (``mtgasp.reads``) and that an
        answer about ``objects`` could depend on: theirs, and those that may act on any object
        (all of them when ``objects`` is None). Computed once per state and card database."""
        from .reads import unread_facts

        cached = self._unread_cache
        if cached is None or cached[0] is not state or cached[1] is not self.db:
            known = self._state_facts[1] if self._state_facts is not None and self._state_facts[0] is state else None
            cached = self._unread_cache = (state, self.db, unread_facts(state, self.db, state_facts=known))
        every = cached[2]
        if objects is None:
            return every
        named = set(objects)
        return tuple(u for u in every if u.scope == "any" or not u.object or u.object in named)

    def _note_map(self, state: GameState) -> list[tuple[str, str, bool]]:
        """Every unsupported ability on the battlefield as (permanent, note, speaks of mana), in
        battlefield order; each card is looked at once."""
        db = state.database(self.db)
        by_card: dict[str, list[tuple[str, bool]]] = {}
        every: list[tuple[str, str, bool]] = []
        for perm in state.battlefield:
            if perm.card not in by_card:
                by_card[perm.card] = [
                    (f"ability {ab.index} is not supported yet and is ignored: {ab.text!r}", bool(_MANA_WORDS.search(ab.text)))
                    for ab in db.parsed(perm.card).unsupported
                ]
            for text, mana in by_card[perm.card]:
                note = f"{perm.id} ({perm.card}): {text}"
                every.append((perm.id, note, mana))
        return every

    # -- the state itself ---------------------------------------------------------------

    @bounded()
    def check(self, state: GameState) -> tuple[tuple[str, str], ...]:
        """Rule violations of the state itself (CR number, subject), the state-based actions
        pending in it (``("pending", "CR 704.5g: obj")``, performed by the next ``settle``) and
        what the rules do not model about its permanents (``("unmodelled", "obj: what")``)."""
        sol = self._solve(
            state, "check", [], project=False,
            fact_signatures=(("invalid", 2), ("unmodelled", 3), ("sba", 2), ("sba_unknown", 2)),
        )
        if sol.timed_out and not sol.undecided:
            self.incomplete.clear()  # every finding is a fact of the grounding: the answer is whole
        elif sol.timed_out and not sol.models:
            raise QueryTimeoutError(self.incomplete[0])
        found: set[tuple[str, str]] = set()
        for s in (*sol.facts, *(sol.models[0] if sol.models else ())):
            if s.name == "invalid":
                found.add((s.arguments[0].string, obj_id(s.arguments[1])))
            elif s.name == "sba":
                found.add(("pending", f"CR {s.arguments[0].string}: {_subject_id(s.arguments[1])}"))
            elif s.name == "sba_unknown":
                found.add(("unmodelled", f"{_subject_id(s.arguments[0])}: CR {s.arguments[1].string} can't be decided"))
            elif s.name == "unmodelled":
                what = s.arguments[2]
                label = str(what)
                found.add(("unmodelled", f"{obj_id(s.arguments[0])}: {AbilityRef.from_symbol(s.arguments[1])}: {label}"))
        return tuple(sorted(found))

    # -- CR 106.7 ------------------------------------------------------------------------

    @bounded()
    def could_produce(self, state: GameState, obj: str) -> CouldProduce:
        """The types of mana permanent ``obj`` could produce (CR 106.7)."""
        return self.could_produce_all(state, [obj])[0]

    @bounded()
    def could_produce_all(self, state: GameState, objects: Iterable[str] | None = None) -> tuple[CouldProduce, ...]:
        """The types of mana each of ``objects`` (default: every permanent) could produce
        (CR 106.7), from one grounding of the rules, in the order asked."""
        ids = list(dict.fromkeys(objects)) if objects is not None else [p.id for p in state.battlefield]
        known = {p.id for p in state.battlefield}
        for o in ids:
            if o not in known:
                state.permanent(o)  # raises UnknownObjectError, with the ids the state has
        query = [F("__query", [F("could_produce", [_obj(o)])]) for o in ids]
        sol = self._solve(state, "could_produce", query, fact_signatures=(("could_produce", 2),))
        if sol.timed_out and "could_produce" not in sol.undecided:
            self.incomplete.clear()  # the grounder derived every type as a fact: the answer is whole
        found: dict[str, set[str]] = defaultdict(set)
        rules: dict[str, set[str]] = defaultdict(set)
        effects: dict[str, set[str]] = defaultdict(set)
        cards = {p.id: p.card for p in state.battlefield}
        for s in (*sol.named("could_produce"), *(sol.models[0] if sol.models else ())):
            if s.name == "could_produce":
                found[obj_id(s.arguments[0])].add(s.arguments[1].name.upper())
            elif s.name == "cites" and s.arguments[0].name == "cp":
                rules[obj_id(s.arguments[0].arguments[0])].add(s.arguments[1].string)
            elif s.name == "effect_applied" and s.arguments[0].name == "cp":
                effects[obj_id(s.arguments[0].arguments[0])].add(effect_text(s.arguments[1], cards))
        every = self._note_map(state)
        shared = tuple(n for _, n, mana in every if mana)  # one tuple for every object that adds none
        own_only = {pid for pid, _, mana in every if not mana}
        tail = tuple(self.incomplete)
        if self.incomplete and not sol.models:
            tail += ("the types listed are those the rules derived for sure before the time limit; others may be missing",)
        out = []
        for o in ids:
            notes = tuple(n for pid, n, mana in every if mana or pid == o) if o in own_only else shared
            types = sorted(found.get(o, ()), key="WUBRGC".index)
            out.append(
                CouldProduce(
                    o,
                    tuple(types),
                    rules=tuple(sorted(rules.get(o, ()), key=cr_key)),
                    notes=notes + tail,
                    effects=tuple(sorted(effects.get(o, ()))),
                    not_modelled=self.unread(state, [o]),
                )
            )
        return tuple(out)

    # -- CR 106.12 -----------------------------------------------------------------------

    @bounded()
    def tap(self, state: GameState, obj: str) -> TapResult:
        """Every legal outcome of tapping ``obj`` for mana (CR 106.12, 605, 614, 616)."""
        state.permanent(obj)
        self._cards = {p.id: p.card for p in state.battlefield}
        sol = self._solve(
            state, "tap", [F("__query", [F("tap", [_obj(obj)])])], fact_signatures=GRAPH_SIGNATURES
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
        self,
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

    # -- a player's mana abilities --------------------------------------------------------

    @bounded()
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
        texts = {f.arguments[0]: f.arguments[1].string for f in sol.named("ability_text")}
        cards = {p.id: p.card for p in state.battlefield}
        model = sol.models[0] if sol.models else frozenset()
        found: dict[tuple[clingo.Symbol, clingo.Symbol], dict[str, Any]] = {}

        def entry(o: clingo.Symbol, a: clingo.Symbol) -> dict[str, Any]:
            return found.setdefault((o, a), {"reasons": set(), "cost": [], "adds": set(), "rules": set(), "effects": set(), "restrictions": set()})

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
            elif s.name == "cites" and a[0].name == "ma":
                entry(*a[0].arguments)["rules"].add(a[1].string)
            elif s.name == "spend_restricted":
                entry(a[0], a[1])["restrictions"].add(spend_text(texts.get(a[1], ""), a[2]))
            elif s.name == "effect_applied" and a[0].name == "ma":
                entry(*a[0].arguments)["effects"].add(effect_text(a[1], cards))
            elif s.name == "not_modelled":
                entry(a[0], a[1])["unknown"] = True
        reports = [
            AbilityReport(
                object=obj_id(o),
                ability=AbilityRef.from_symbol(ab),
                text=texts.get(ab, ""),
                activatable=not e["reasons"],
                reasons=tuple(sorted(e["reasons"], key=cr_key)),
                mana_cost=tuple(sorted(e["cost"])),
                could_add=tuple(sorted(e["adds"])),
                rules=tuple(sorted(e["rules"] | e["reasons"], key=cr_key)),
                modelled=not e.get("unknown", False),
                effects=tuple(sorted(e["effects"])),
                restrictions=tuple(sorted(e["restrictions"])),
                not_modelled=self.unread(state, [obj_id(o)]),
            )
            for (o, ab), e in found.items()
        ]
        return tuple(sorted(reports, key=lambda r: (r.object, r.ability)))

    # -- a player's mana pools ------------------------------------------------------------

    @bounded()
    def pools(self, state: GameState, player: str, *, limit: int = 1000, maximal_limit: int = 5000) -> PoolsResult:
        """Every distinct mana pool ``player`` can have by activating any set of their mana
        abilities now, with the maximal ones marked; at most ``limit`` pools are listed, and the
        result says when there were more. The maximal pools are found among at most
        ``maximal_limit`` candidate pools (those where every free ability is used)."""
        state.player(player)
        query = F("__query", [F("pools", [_player(player)])])
        every, complete, groups, complex_, restricted = self._pool_set(state, [query], limit, space=True)
        candidates, maximal_complete, _, _, _ = self._pool_set(
            state, [query, F("__query", [F("saturated")])], max(limit, maximal_limit)
        )
        maximal = _skyline(sorted(candidates, key=lambda m: -m.total))
        ranked = sorted(every, key=lambda m: (-m.total, m))
        listed = set(ranked[:limit]) | maximal
        notes = []
        stopped = bool(self.incomplete)
        if len(every) > limit or (not complete and not stopped):
            more = f"{len(every)}" if complete else f"more than {limit}"
            notes.append(f"{more} distinct pools; listed {limit} (raise the limit to see more)")
        if not maximal_complete and not stopped:
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
            notes=tuple(notes) + restricted + self._notes(state),
            total=len(every) if complete else None,
            groups=groups,
            complex=complex_,
            not_modelled=self.unread(state, [p.id for p in state.battlefield if p.controller == player]),
        )

    def _pool_set(
        self, state: GameState, query: list[clingo.Symbol], limit: int, *, space: bool = False
    ) -> tuple[set[Mana], bool, tuple[PoolGroup, ...], tuple[str, ...], tuple[str, ...]]:
        """The pools of one pools-query call (at most ``limit``), whether they are all of them,
        and (with ``space``) the groups and complex abilities the rules found."""
        signatures = (
            (("pool_group_member", 2), ("pool_group_option", 2), ("complex_ability", 2), ("pool_restricted", 3), ("ability_text", 2),
             ("not_modelled", 2))
            if space
            else ()
        )
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
        restricted: list[str] = []
        texts = {f.arguments[0]: f.arguments[1].string for f in sol.named("ability_text")}
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
            elif f.name == "pool_restricted":
                restricted.append(
                    f"{obj_id(a[0])}: {AbilityRef.from_symbol(a[1])} adds restricted mana (CR 106.6: "
                    f"{spend_text(texts.get(a[1], ''), a[2])}); the pools count it by its type"
                )
            elif f.name == "not_modelled":
                restricted.append(
                    f"{obj_id(a[0])}: {AbilityRef.from_symbol(a[1])}: the rules cannot work out what it adds yet "
                    "(see 'mtgasp check'); the pools leave its mana out"
                )
        groups = tuple(
            sorted(
                (PoolGroup(tuple(sorted(members[g])), tuple(sorted(options[g]))) for g in members if options[g]),
                key=lambda g: (-len(g.members), g.members),
            )
        )
        complete = len(sol.models) <= limit and not sol.timed_out
        return {_pool_of(m) for m in sol.models[:limit]}, complete, groups, tuple(sorted(complex_)), tuple(sorted(restricted))

    # -- replacement effects on one activation (CR 614, 616) ----------------------------

    @bounded()
    def orders(self, state: GameState, obj: str, ability: int | None = None, *, limit: int = 100) -> OrdersResult:
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
        ev = F("ma", [_obj(obj), ab_sym])
        signatures = (*GRAPH_SIGNATURES, ("init", 3), ("result", 3), ("free", 2), ("chooser", 2), ("cand", 2))
        sol = self._solve(
            state,
            "orders",
            [F("__query", [F("orders", [_obj(obj), ab_sym])])],
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
        if s.name == "pool_part":  # the amount of a type is the sum of its binary parts
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


def _mana_text(printed: str) -> str:
    """ "mana(0,0,0,0,2,0)" → "{G}{G}"."""
    return str(Mana.from_symbol(clingo.parse_term(printed)))


def _subject_id(sym: clingo.Symbol) -> str:
    """obj("x") or player("alice") -> its id."""
    return player_id(sym) if sym.name == "player" else obj_id(sym)


def _class_card(printed: str, cards: Mapping[str, str]) -> str:
    """The card of an effect class named by its printed instance re(obj(..), ab(..))."""
    return instance(clingo.parse_term(printed), cards)[1]


def _ability_symbol(ref: AbilityRef) -> clingo.Symbol:
    if ref.intrinsic:
        return F("intrinsic", [S(ref.card)])
    return F("ab", [F("card", [S(ref.card)]), *(clingo.Number(i) for i in ref.index)])
