"""Transformer for grammar/mana.lark: mana symbols and "Add ..." (CR 106, 107.4, 605).

A mana-producing phrase becomes an :class:`~.nodes.Effect` with kind ``add_mana`` whose
``mana`` field lists the alternatives, each a list of parts ``(Amount, What, options)``;
the ability assembler numbers them into ``adds(A, Alt, I, Amount, What)`` and
``adds_option(A, Alt, I, M)`` facts (docs/facts.md).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from lark import Transformer

from .nodes import Effect, Filter, Fn, Str
from .filters import as_filter
from .vocabulary import COLOR_LETTERS, MANA_TYPES

_HYBRID = re.compile(r"^\{([WUBRG])/([WUBRG])\}$")
_PHYREXIAN_HYBRID = re.compile(r"^\{([WUBRG])/([WUBRG])/P\}$")
_MONO_HYBRID = re.compile(r"^\{(\d+)/([WUBRG])\}$")
_C_HYBRID = re.compile(r"^\{C/([WUBRG])\}$")
_PHYREXIAN = re.compile(r"^\{([WUBRGC])/P\}$")
# "the sacrificed land", "the returned land": what the cost did to the object it names (the
# binding to the cost says it already)
_COST_PARTICIPLES = ("sacrificed", "returned", "exiled", "discarded")


@functools.lru_cache(maxsize=4096)
def mana_symbol(text: str) -> Any:
    """The term of one mana symbol (docs/facts.md "Mana symbols"); an immutable value, worked
    out once per spelling."""
    t = text.upper()
    inner = t[1:-1]
    if inner in ("W", "U", "B", "R", "G", "C"):
        return inner.lower()
    if inner.isdigit():
        return Fn("generic", int(inner))
    if inner in ("X", "Y", "Z"):
        return inner.lower()
    if inner == "S":
        return "snow"
    m = _HYBRID.match(t)
    if m:
        return Fn("hybrid", m.group(1).lower(), m.group(2).lower())
    m = _PHYREXIAN_HYBRID.match(t)
    if m:
        return Fn("phyrexian_hybrid", m.group(1).lower(), m.group(2).lower())
    m = _MONO_HYBRID.match(t)
    if m:
        return Fn("mono_hybrid", int(m.group(1)), m.group(2).lower())
    m = _C_HYBRID.match(t)
    if m:
        return Fn("colorless_hybrid", m.group(1).lower())
    m = _PHYREXIAN.match(t)
    if m:
        return Fn("phyrexian", m.group(1).lower())
    if inner.startswith("H") and len(inner) == 2:
        return Fn("half", inner[1].lower())
    if inner == "½":
        return Fn("half", "generic")
    if inner == "∞":
        return "infinity"
    return Fn("symbol", inner.lower())


def symbol_colors(sym: Any) -> list[str]:
    """Colors a mana symbol contributes to a card's color (CR 105.2, 202.2)."""
    if isinstance(sym, str):
        return [sym] if sym in COLOR_LETTERS else []
    if sym.name in ("hybrid", "phyrexian_hybrid"):
        return [a for a in sym.args if a in COLOR_LETTERS]
    if sym.name in ("mono_hybrid",):
        return [sym.args[1]]
    if sym.name in ("colorless_hybrid", "phyrexian", "half"):
        return [a for a in sym.args if a in COLOR_LETTERS]
    return []


def group_symbols(syms: list[Any]) -> list[tuple[Any, int]]:
    """Symbols with their number of copies, in order of first appearance."""
    out: list[list[Any]] = []
    for s in syms:
        for entry in out:
            if entry[0] == s:
                entry[1] += 1
                break
        else:
            out.append([s, 1])
    return [(s, n) for s, n in out]


def produced_parts(syms: list[Any]) -> list[tuple[Any, Any, tuple[str, ...]]]:
    """The parts of one alternative of "Add {W}{U}" / "Add {C}{C}": one per mana type.

    {2} in an effect that adds mana means two colorless mana (CR 106.1b, 107.4c)."""
    parts: list[list[Any]] = []
    for s in syms:
        if isinstance(s, Fn) and s.name == "generic":
            m, n = "c", s.args[0]
        elif s in MANA_TYPES:
            m, n = s, 1
        elif s == "x":
            m, n = "c", "x"
        else:
            m, n = s, 1
        for p in parts:
            if p[1] == Fn("type", m) and isinstance(p[0], int) and isinstance(n, int):
                p[0] += n
                break
        else:
            parts.append([n, Fn("type", m), ()])
    return [(a, w, o) for a, w, o in parts]


def _times(n: Any, amount: Any) -> Any:
    if n == 1:
        return amount
    return Fn("times", n, amount)


_ANY_COLOR = tuple(COLOR_LETTERS)


class ManaTransformer(Transformer):
    """Methods are the aliases of grammar/mana.lark (namespace ``mana``)."""

    def mana_symbols(self, c: list) -> list[Any]:
        return [mana_symbol(t.value) for t in c]

    def add_mana(self, c: list) -> Effect:
        return Effect("add_mana", mana=c[-1])

    def add_mana_additional_one(self, c: list) -> Effect:
        what, options = c[-1]
        return Effect("add_mana", mana=[[(1, what, options)]])

    def mana_one_kind(self, c: list) -> Any:
        return c[0]

    # --- what is added ----------------------------------------------------------------
    def spec_alts(self, c: list) -> list:
        return c[0]

    def alt_symbols(self, c: list) -> list:
        return produced_parts(c[0])

    def alt_amount(self, c: list) -> list:
        what, options = c[1]
        return [(c[0], what, options)]

    def spec_that_much(self, c: list) -> list:
        return [[("that_much", w, o) for _, w, o in produced_parts(c[0])]]

    def spec_amount_of(self, c: list) -> list:
        parts = produced_parts(c[0])
        return [[(c[1], w, o) for _, w, o in parts]]

    def spec_kind_amount(self, c: list) -> list:
        """"an amount of mana of that color equal to ..." """
        what, options = c[0]
        return [[(c[1], what, options)]]

    def spec_and_other_color(self, c: list) -> list:
        """"two mana of any one color and two mana of any other color": part 2 is all of one
        color other than the one chosen for part 1 (choice(other_than_part(1)))."""
        what, options = c[1]
        return [[(c[0], what, options), (c[2], Fn("choice", Fn("other_than_part", 1)), _ANY_COLOR)]]

    def spec_counters_removed(self, c: list) -> list:
        parts = produced_parts([mana_symbol(str(c[0]))])
        return [[(Fn("counters_removed", c[1]), w, o) for _, w, o in parts]]

    def spec_n_symbol(self, c: list) -> list:
        parts = produced_parts([mana_symbol(str(c[1]))])
        return [[(c[0], w, o) for _, w, o in parts]]

    def mana_alts(self, c: list) -> list:
        return [g for g in c if isinstance(g, list)]

    def mana_all_alts(self, c: list) -> list:
        """"Add {W}{U}, {U}{B}, and {B}{R}": all of them, one alternative (equal kinds summed)."""
        merged: dict = {}
        for g in c:
            if isinstance(g, list):
                for amount, what, options in g:
                    key = (what, options)
                    if isinstance(amount, int) and isinstance(merged.get(key, 0), int):
                        merged[key] = merged.get(key, 0) + amount
                    else:
                        return [[p for g2 in c if isinstance(g2, list) for p in g2]]
        return [[(n, what, options) for (what, options), n in merged.items()]]

    def ck_ref(self, c: list) -> Any:
        return Str(str(c[0]).lower())

    def ck_ref_any(self, c: list) -> Any:
        return "any"

    # --- kinds: (What, options) -------------------------------------------------------
    def kind_any_color(self, c: list) -> tuple:
        return (Fn("choice", "same"), _ANY_COLOR)

    def kind_any_one_color(self, c: list) -> tuple:
        return (Fn("choice", "same"), _ANY_COLOR)

    def kind_combination_colors(self, c: list) -> tuple:
        return (Fn("choice", "each"), _ANY_COLOR)

    def kind_combination_syms(self, c: list) -> tuple:
        return (Fn("choice", "each"), tuple(c[0]))

    def sym_set(self, c: list) -> tuple:
        out: list[str] = []
        for t in c:
            s = mana_symbol(str(t))
            if isinstance(s, str) and s not in out:
                out.append(s)
        return tuple(out)

    def kind_could_produce_type(self, c: list) -> tuple:
        return (Fn("could_produce", as_filter(c[1]), "type"), ())

    def kind_could_produce_color(self, c: list) -> tuple:
        return (Fn("could_produce", as_filter(c[1]), "color"), ())

    def kind_could_produce_type_np(self, c: list) -> tuple:
        """"any type that land could produce", "any type the sacrificed land could produce": the
        object the ability speaks of (its cost's object, bound by the rules) is
        could_produce(that(F), type); "any type lands you control could produce" reads a filter."""
        ref = c[0]
        if isinstance(ref, Fn) and ref.name == "that" and isinstance(ref.args[0], Filter):
            f = Filter([[x for x in b if x not in _COST_PARTICIPLES] for b in ref.args[0].branches])
            return (Fn("could_produce", Fn("that", f), "type"), ())
        return (Fn("could_produce", as_filter(ref), "type"), ())

    def kind_different_colors(self, c: list) -> tuple:
        return (Fn("choice", "different"), _ANY_COLOR)

    def kind_produced_type(self, c: list) -> tuple:
        return ("produced_type", ())

    def kind_chosen_color(self, c: list) -> tuple:
        return ("chosen_color", ())

    def kind_that(self, c: list) -> tuple:
        """"of that color" → that_color; "of that type" → that_type."""
        return (f"that_{c[0]}", ())

    def that_what(self, c: list) -> str:
        return str(c[0]).lower()

    def kind_commander_identity(self, c: list) -> tuple:
        return ("commander_identity", ())

    def kind_colors_of(self, c: list) -> tuple:
        return (Fn("color_of", c[0]), ())

    def kind_color_among(self, c: list) -> tuple:
        return (Fn("color_among", as_filter(c[0])), ())
