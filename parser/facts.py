"""Printing the AST as clingo symbols (the facts of docs/facts.md).

One :class:`AbilityPrinter` per ability: it numbers filters ``f(A, K)`` and quoted abilities
``ab(C, N, Q)`` in the order they are printed (text order), numbers effect parts, and turns
plain Python terms into :class:`clingo.Symbol` values.
"""

from __future__ import annotations

from typing import Any, Callable

import clingo
from clingo import Function, Number, String

from .ast import ABIL, EIDX, Ability, Effect, Filter, Fn, Quoted, Str
from .effects import AbFact

_CONSTANTS: dict[str, clingo.Symbol] = {}


def const(name: str) -> clingo.Symbol:
    sym = _CONSTANTS.get(name)
    if sym is None:
        sym = _CONSTANTS[name] = Function(name)
    return sym


#: Keyword abilities that are triggered or activated abilities (CR 702); the rest are static.
TRIGGERED_KEYWORDS = frozenset({
    "rampage", "cumulative upkeep", "flanking", "echo", "fading", "vanishing", "storm",
    "annihilator", "bushido", "soulshift", "haunt", "graft", "ripple", "gravestorm",
    "poisonous", "champion", "evoke", "hideaway", "conspire", "persist", "exalted",
    "cascade", "rebound", "undying", "soulbond", "extort", "evolve", "myriad", "prowess",
    "renown", "exploit", "ingest", "melee", "fabricate", "afflict", "afterlife", "mentor",
    "riot", "training", "enlist", "backup", "dethrone", "battle cry", "living weapon",
    "for mirrodin!", "mobilize", "firebending", "job select", "provoke", "recover",
    "modular", "epic", "miracle", "squad", "casualty", "offspring", "gift", "exert",
    "ravenous", "decayed", "visit", "space sculptor", "start your engines!", "impending",
    "daybound", "nightbound", "toxic",
})
ACTIVATED_KEYWORDS = frozenset({
    "equip", "cycling", "typecycling", "ninjutsu", "commander ninjutsu", "transmute",
    "unearth", "level up", "scavenge", "outlast", "fortify", "reconfigure", "embalm",
    "eternalize", "encore", "crew", "saddle", "station", "aura swap", "transfigure",
    "forecast", "boast", "exhaust", "adapt", "craft",
})


def keyword_class(name: str) -> str:
    if name in TRIGGERED_KEYWORDS:
        return "triggered"
    if name in ACTIVATED_KEYWORDS:
        return "activated"
    return "static"


class AbilityPrinter:
    """Prints one ability (and its quoted abilities) as a list of symbols."""

    def __init__(
        self,
        card: clingo.Symbol,
        ab_id: clingo.Symbol,
        is_spell: bool,
        text_of: Callable[[Quoted], str],
    ) -> None:
        self.card = card
        self.ab = ab_id
        self.is_spell = is_spell
        self.text_of = text_of
        self.out: list[clingo.Symbol] = []
        self._filters: dict[int, clingo.Symbol] = {}
        self._quoted: dict[int, clingo.Symbol] = {}
        self._eidx: int = 0

    # --- terms ----------------------------------------------------------------------------
    def term(self, t: Any) -> clingo.Symbol:
        if isinstance(t, clingo.Symbol):
            return t
        if t is ABIL:
            return self.ab
        if t is EIDX:
            return Number(self._eidx)
        if isinstance(t, bool):
            return const("true" if t else "false")
        if isinstance(t, int):
            return Number(t)
        if isinstance(t, Str):
            return String(str(t))
        if isinstance(t, str):
            return const(t)
        if isinstance(t, Fn):
            return Function(t.name, [self.term(a) for a in t.args])
        if isinstance(t, Filter):
            return self.filter(t)
        if isinstance(t, Quoted):
            return self.quoted(t)
        if isinstance(t, (tuple, list)):
            return Function("", [self.term(a) for a in t])
        raise TypeError(f"cannot print {t!r}")

    def filter(self, f: Filter) -> clingo.Symbol:
        key = id(f)
        sym = self._filters.get(key)
        if sym is not None:
            return sym
        sym = Function("f", [self.ab, Number(len(self._filters) + 1)])
        self._filters[key] = sym
        for b, branch in enumerate(f.branches, 1):
            if not branch:
                self.fact("filter", sym, Number(b), const("any"))
            for con in branch:
                self.fact("filter", sym, Number(b), self.term(con))
        return sym

    def quoted(self, q: Quoted) -> clingo.Symbol:
        key = id(q)
        sym = self._quoted.get(key)
        if sym is not None:
            return sym
        n = self.ab.arguments[1]
        sym = Function("ab", [self.card, n, Number(len(self._quoted) + 1)])
        self._quoted[key] = sym
        sub = AbilityPrinter(self.card, sym, False, self.text_of)
        sub.print_ability(q.ability)
        sub.fact("ability_text", sym, String(self.text_of(q)))
        self.out.extend(sub.out)
        return sym

    def fact(self, pred: str, *args: clingo.Symbol) -> None:
        self.out.append(Function(pred, list(args)))

    def template(self, pred: str, args: tuple) -> None:
        self.out.append(Function(pred, [self.term(a) for a in args]))

    # --- abilities ----------------------------------------------------------------------------
    def print_ability(self, ab: Ability) -> None:
        A = self.ab
        cls = ab.cls
        if cls == "plain":
            cls = "spell_effect" if self.is_spell else "static"
        if cls == "keyword":
            kw = ab.facts[0][1][1]
            cls = keyword_class(str(kw))
        self.fact(cls, A)
        for pred, args in ab.facts:
            self.template(pred, args)
        effects = [p for p in ab.effects if isinstance(p, Effect)]
        as_enters = any(isinstance(p, AbFact) and p.pred == "as_enters" for p in ab.effects)
        if cls == "static" and not as_enters:
            self._print_static(effects)
        else:
            self._print_effects(effects)
        for p in ab.effects:
            if isinstance(p, AbFact):
                self.template(p.pred, p.args)
        if cls == "triggered" and effects and effects[0].optional:
            self.fact("trigger_optional", A)

    def _print_effects(self, effects: list[Effect]) -> None:
        A = self.ab
        mana_parts: dict[int, int] = {}
        for i, e in enumerate(effects, 1):
            self._eidx = i
            if e.mana is not None:
                self.fact("effect", A, Number(i), const("add_mana"))
                for alt, parts in enumerate(e.mana, 1):
                    start = mana_parts.get(alt, 0)
                    for j, (amount, what, options) in enumerate(parts, start + 1):
                        self.fact("adds", A, Number(alt), Number(j), self.term(amount), self.term(what))
                        for m in options:
                            self.fact("adds_option", A, Number(alt), Number(j), const(m))
                    mana_parts[alt] = start + len(parts)
                if e.mana_to is not None:
                    self.fact("adds_to", A, self.term(e.mana_to))
            elif e.options:
                self.fact("effect", A, Number(i), const("choice"))
                for k, opt in enumerate(e.options, 1):
                    self.fact("effect_option", A, Number(i), Number(k), self.term(opt))
            else:
                self.fact("effect", A, Number(i), self.term(e.kind))
            if e.optional:
                self.fact("effect_optional", A, Number(i))
            for pred, args in e.facts:
                self.template(pred, args)

    def _print_static(self, effects: list[Effect]) -> None:
        from .filters import as_filter

        A = self.ab
        for k, e in enumerate(effects, 1):
            self._eidx = k
            if e.continuous is not None:
                subj, eff = e.continuous
                f = as_filter(subj)
                self.fact("continuous", A, Number(k), self.term(f), self.term(eff))
            elif e.mana is not None or e.options:
                # a mana ability or choice written as a static sentence: print it as effects
                self._print_effects([e])
                continue
            else:
                self.fact("continuous", A, Number(k), self.term(Filter([["you"]])), self.term(e.kind))
            if e.optional:
                self.fact("effect_optional", A, Number(k))
            for pred, args in e.facts:
                self.template(pred, args)
