"""Transformer for grammar/replacement.lark: replacement effects on mana production.

Facts (docs/facts.md): replacement(A), repl_case(A, K, F), repl_cond(A, K, Cond),
repl_does(A, K, Eff), repl_option(A, K, M).
"""

from __future__ import annotations

from typing import Any

from lark import Transformer

from .nodes import ABIL, Filter, Fn, Str
from .effects import AbFact
from .filters import as_filter, subtype_name
from .mana import mana_symbol
from .vocabulary import COLOR_LETTERS, COLOR_WORDS


def _case(k: int, f: Filter, does: list[Any], conds: list[Any] = ()) -> list[AbFact]:
    out = [AbFact("repl_case", (ABIL, k, f))]
    out += [AbFact("repl_cond", (ABIL, k, c)) for c in conds]
    for d in does:
        if isinstance(d, tuple) and d[0] == "option":
            out.append(AbFact("repl_option", (ABIL, k, d[1])))
        else:
            out.append(AbFact("repl_does", (ABIL, k, d)))
    return out


def _replacement(cases: list[list[AbFact]]) -> list[AbFact]:
    out = [AbFact("replacement", (ABIL,))]
    for c in cases:
        out.extend(c)
    return out


class ReplacementTransformer(Transformer):
    """Methods are the aliases of grammar/replacement.lark (namespace ``replacement``)."""

    def mr_tapped(self, c: list) -> list:
        """"If a land is tapped for [three or more] mana, it produces ... instead"."""
        if len(c) == 4:  # with min_mana
            return _replacement([_case(1, as_filter(c[0]).copy(), c[3], [c[1]])])
        return _replacement([_case(1, as_filter(c[0]).copy(), c[2])])

    def min_mana(self, c: list) -> Any:
        return Fn("min_amount", c[0])

    def mr_you_tap(self, c: list) -> list:
        f = as_filter(c[0]).copy().add(Fn("controller", "you"))
        return _replacement([_case(1, f, c[2])])

    def mr_cases(self, c: list) -> list:
        return _replacement([_case(k, f, [Fn("set_type", m)]) for k, (f, m) in enumerate(c[0], 1)])

    def mr_it(self, c: list) -> Any:
        return c[0]

    def repl_cases(self, c: list) -> list:
        return list(c)

    def rc_case(self, c: list) -> tuple:
        f = Filter([[Fn("subtype", Str(subtype_name(str(c[0]))))]])
        return (f, mana_symbol(str(c[1])))

    # --- what the permanent produces instead ----------------------------------------------
    def mana_one_type(self, c: list) -> Any:
        """"{B}" → b; "colorless mana" → c."""
        return mana_symbol(str(c[0])) if c else "c"

    def times(self, c: list) -> Any:
        """"twice" → 2; "three times" → 3."""
        return c[0] if c else 2

    def mrr_set_mana(self, c: list) -> list:
        return [Fn("set_mana", c[0], 1)]

    def mrr_set_type(self, c: list) -> list:
        return [Fn("set_type", c[0])]

    def mrr_colorless_instead_of(self, c: list) -> list:
        """"colorless mana instead of white mana" (Quarum Trench Gnomes)."""
        return [Fn("set_type_of", c[1], c[0])]

    def mrr_choice(self, c: list) -> list:
        return ["set_type_choice"] + [("option", m) for m in COLOR_LETTERS]

    def mrr_times(self, c: list) -> list:
        return [Fn("multiply", c[0])]

    def color_w(self, c: list) -> Any:
        return COLOR_WORDS[str(c[0]).lower()]
