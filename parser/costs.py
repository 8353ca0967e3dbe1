"""Transformer for grammar/costs.lark: activation costs → ``cost(A, Cost)`` terms (CR 118, 602)."""

from __future__ import annotations

from typing import Any

from lark import Transformer

from .nodes import Fn, Str
from .filters import as_filter, number_value
from .mana import group_symbols


def _ref_count(ref: Any) -> tuple[Any, Any]:
    """(filter, number) for "a creature" / "two creatures" / "~"."""
    if isinstance(ref, Fn) and ref.name in ("some", "target", "up_to", "target_up_to"):
        return ref.args[0], ref.args[1]
    if isinstance(ref, Fn) and ref.name in ("each", "any_number"):
        return ref.args[0], "all" if ref.name == "each" else "any"
    return as_filter(ref), 1


def _counters(name: str, kind: Any, n: Any, ref: Any) -> Fn:
    """remove_counters(Kind, N) from ~ (docs/facts.md); from another object: ..._from(K, N, Ref)."""
    if ref == "self":
        return Fn(name, kind, n)
    return Fn(name + "_from", kind, n, ref)


class CostsTransformer(Transformer):
    """Methods are the aliases of grammar/costs.lark (namespace ``costs``)."""

    def cost_list(self, c: list) -> list[Any]:
        out: list[Any] = []
        for part in c:
            out.extend(part)
        return out

    def c_tap(self, c: list) -> list:
        return ["tap"]

    def c_untap(self, c: list) -> list:
        return ["untap"]

    def c_mana(self, c: list) -> list:
        return [Fn("mana", s, n) for s, n in group_symbols(c[0])]

    def c_energy(self, c: list) -> list:
        return [Fn("energy", len(c))]

    def c_energy_n(self, c: list) -> list:
        return [Fn("energy", c[0])]

    def c_sacrifice(self, c: list) -> list:
        if c[0] == "self":
            return ["sacrifice_self"]
        f, n = _ref_count(c[0])
        return [Fn("sacrifice", f, n)]

    def c_pay_life(self, c: list) -> list:
        return [Fn("pay_life", c[0])]

    def c_pay_life_for_each(self, c: list) -> list:
        """"Pay 1 life for each card in your hand": pay_life(count(F)), N life: times(N, count(F))."""
        per = Fn("count", as_filter(c[1]))
        return [Fn("pay_life", per if c[0] == 1 else Fn("times", c[0], per))]

    def c_pay_life_amount(self, c: list) -> list:
        """"Pay life equal to ~'s power": pay_life(power(self))."""
        return [Fn("pay_life", c[0])]

    def c_pay_mana_and_life(self, c: list) -> list:
        """"Pay {B} and 1 life": the mana and the life, two costs."""
        return [Fn("mana", s, n) for s, n in group_symbols(c[0])] + [Fn("pay_life", c[1])]

    def c_remove_counters(self, c: list) -> list:
        return [_counters("remove_counters", c[1], c[0], c[2])]

    def c_remove_any_counters(self, c: list) -> list:
        return [_counters("remove_counters", c[0], "any", c[1])]

    def c_remove_all_counters(self, c: list) -> list:
        return [_counters("remove_counters", c[0], "all", c[1])]

    def c_put_counters(self, c: list) -> list:
        return [_counters("put_counters", c[1], c[0], c[2])]

    def c_put_into_graveyard(self, c: list) -> list:
        """"Put a card an opponent owns from exile into that player's graveyard"."""
        f, n = _ref_count(c[0])
        return [Fn("put_into_graveyard", f, n)]

    def c_put_on_library_top(self, c: list) -> list:
        """"Put a card from your hand on top of your library": put_on_library(top, F, N, P)."""
        f, n = _ref_count(c[0])
        return [Fn("put_on_library", "top", f, n, c[1])]

    def c_put_on_library_bottom(self, c: list) -> list:
        """"Put three cards from your graveyard on the bottom of your library"."""
        f, n = _ref_count(c[0])
        return [Fn("put_on_library", "bottom", f, n, c[1])]

    def c_exile_top_library_n(self, c: list) -> list:
        """"Exile the top ten cards of your library": exile_top_library(P, N)."""
        return [Fn("exile_top_library", c[1], number_value(c[0]))]

    def c_tap_untapped(self, c: list) -> list:
        if c[0] == "self":
            return ["tap"]
        f, n = _ref_count(c[0])
        return [Fn("tap_untapped", f, n)]

    def c_untap_other(self, c: list) -> list:
        f, n = _ref_count(c[0])
        return [Fn("untap_tapped", f, n)]

    def c_exile_self_hand(self, c: list) -> list:
        return ["exile_self"]

    def c_exile_self_graveyard(self, c: list) -> list:
        return ["exile_self"]

    def c_exile(self, c: list) -> list:
        if c[0] == "self":
            return ["exile_self"]
        f, n = _ref_count(c[0])
        return [Fn("exile", f, n)]

    def c_discard(self, c: list) -> list:
        if c[0] == "self":
            return ["discard_self"]
        f, n = _ref_count(c[0])
        return [Fn("discard", f, n)]

    def c_discard_hand(self, c: list) -> list:
        return ["discard_hand"]

    def c_return(self, c: list) -> list:
        if c[0] == "self":
            return ["return_self"]
        f, n = _ref_count(c[0])
        return [Fn("return_to_hand", f, n)]

    def c_reveal_self(self, c: list) -> list:
        return ["reveal_self"]

    def c_reveal(self, c: list) -> list:
        f, n = _ref_count(c[0])
        return [Fn("reveal", f, n)]

    def c_mill(self, c: list) -> list:
        return [Fn("mill", c[0])]

    def c_mill_one(self, c: list) -> list:
        return [Fn("mill", 1)]

    def c_collect_evidence(self, c: list) -> list:
        return [Fn("collect_evidence", int(str(c[0])))]

    def c_forage(self, c: list) -> list:
        return ["forage"]

    def c_exert(self, c: list) -> list:
        return ["exert_self"]

    def c_behold(self, c: list) -> list:
        f, n = _ref_count(c[0])
        return [Fn("behold", f, n)]

    def cw_kind(self, c: list) -> Any:
        return c[0]

    def cw_any(self, c: list) -> Any:
        return "any"


__all__ = ["CostsTransformer", "Str"]
