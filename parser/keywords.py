"""Transformer for grammar/keywords.lark: keyword abilities (CR 702) → :class:`KW`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Transformer

from .nodes import Filter, Fn, Str
from .filters import subtype_name
from .mana import group_symbols


@dataclass
class KW:
    """A keyword ability: its name (lower case, CR 702 spelling) and its parameters."""

    name: str
    params: list[Any] = field(default_factory=list)


def _words(c: list) -> str:
    return " ".join(str(t).lower() for t in c)


def _quality(q: Any) -> Any:
    """from(Quality): a single constraint inline ("from red" → color(r)), else the filter."""
    if isinstance(q, Filter) and len(q.branches) == 1 and len(q.branches[0]) == 1:
        return q.branches[0][0]
    return q


class KeywordsTransformer(Transformer):
    """Methods are the aliases of grammar/keywords.lark (namespace ``keywords``)."""

    def k_list(self, c: list) -> Any:
        from .oracle import KeywordLine, keyword_ability

        abilities = [keyword_ability(k) for k in c if isinstance(k, KW)]
        seps = [(t.start_pos, t.end_pos) for t in c if not isinstance(t, KW)]
        return KeywordLine(abilities, seps)

    def kw_sep(self, c: list) -> Any:
        return c[0]

    def kwn_plain(self, c: list) -> str:
        return _words(c)

    def kwn_numbered(self, c: list) -> str:
        return _words(c)

    def kwn_costed(self, c: list) -> str:
        return _words(c)

    def kname(self, c: list) -> str:
        return c[0]

    def k_plain(self, c: list) -> KW:
        name = c[0]
        if name.endswith("walk") and name != "landwalk":
            return KW("landwalk", [Fn("subtype", Str(subtype_name(name[:-4])))])
        return KW(name)

    def k_number(self, c: list) -> KW:
        from .filters import number_value

        return KW(c[0], [Fn("n", number_value(c[1]))])

    def k_number_bare(self, c: list) -> KW:
        return KW(c[0])

    def k_number_x(self, c: list) -> KW:
        return KW(c[0], [Fn("n", "x")])

    def k_cost(self, c: list) -> KW:
        return KW(c[0], c[1])

    def k_protection(self, c: list) -> KW:
        return KW("protection", [Fn("from", _quality(q)) for q in c[0]])

    def k_hexproof_from(self, c: list) -> KW:
        return KW("hexproof", [Fn("from", _quality(q)) for q in c[0]])

    def protection_list(self, c: list) -> list:
        return list(c)

    def k_enchant(self, c: list) -> KW:
        return KW("enchant", [c[0]])

    def k_equip(self, c: list) -> KW:
        return KW("equip", c[0])

    def k_equip_restricted(self, c: list) -> KW:
        return KW("equip", [c[0]] + c[1])

    def dwords_kw(self, c: list) -> Any:
        return c[0]

    def k_ward(self, c: list) -> KW:
        return KW("ward", c[0])

    def k_affinity(self, c: list) -> KW:
        return KW("affinity", [c[0]])

    def k_landwalk(self, c: list) -> KW:
        word = str(c[0])
        return KW("landwalk", [Fn("subtype", Str(subtype_name(word[:-4])))])

    def k_landwalk_nonbasic(self, c: list) -> KW:
        return KW("landwalk", [Fn("non", Fn("supertype", "basic"))])

    def k_landwalk_legendary(self, c: list) -> KW:
        return KW("landwalk", [Fn("supertype", "legendary")])

    def k_landwalk_artifact(self, c: list) -> KW:
        return KW("landwalk", [Fn("type", "artifact")])

    def k_landwalk_snow(self, c: list) -> KW:
        word = str(c[0])
        return KW("landwalk", [Fn("supertype", "snow"), Fn("subtype", Str(subtype_name(word[:-4])))])

    def k_landwalk_snow_any(self, c: list) -> KW:
        return KW("landwalk", [Fn("supertype", "snow")])

    def k_typecycling(self, c: list) -> KW:
        word = str(c[0])[: -len("cycling")]
        if word.lower() == "land":
            p: Any = Fn("type", "land")
        else:
            p = Fn("subtype", Str(subtype_name(word)))
        return KW("typecycling", [p] + c[1])

    def k_basic_landcycling(self, c: list) -> KW:
        return KW("typecycling", [Fn("supertype", "basic"), Fn("type", "land")] + c[0])

    def k_partner_with(self, c: list) -> KW:
        return KW("partner", [Fn("with", Str(c[0]))])

    def name_words_kw(self, c: list) -> str:
        return " ".join(str(t) for t in c).replace(" ,", ",")

    def k_splice(self, c: list) -> KW:
        return KW("splice", [Fn("onto", Fn("subtype", Str(subtype_name(str(c[0])))))] + c[1])

    def k_splice_instant_sorcery(self, c: list) -> KW:
        return KW("splice", [Fn("onto", Fn("type", "instant")), Fn("onto", Fn("type", "sorcery"))] + c[0])

    def _n_then_cost(self, name: str, c: list, x: bool = False) -> KW:
        from .filters import number_value

        n = "x" if x else number_value(c[0])
        cost = c[-1]
        return KW(name, [Fn("n", n)] + [Fn("mana", s, k) for s, k in group_symbols(cost)])

    def k_suspend(self, c: list) -> KW:
        return self._n_then_cost("suspend", c)

    def k_suspend_x(self, c: list) -> KW:
        return self._n_then_cost("suspend", c, x=True)

    def k_reinforce(self, c: list) -> KW:
        return self._n_then_cost("reinforce", c)

    def k_reinforce_x(self, c: list) -> KW:
        return self._n_then_cost("reinforce", c, x=True)

    def k_impending(self, c: list) -> KW:
        return self._n_then_cost("impending", c)

    def k_offering(self, c: list) -> KW:
        return KW("offering", [Fn("subtype", Str(subtype_name(str(c[0]))))])

    def k_champion(self, c: list) -> KW:
        return KW("champion", [c[0]])

    def k_bands_with_other(self, c: list) -> KW:
        return KW("banding", [Fn("bands_with_other", c[0])])

    def k_kicker_two(self, c: list) -> KW:
        params = [Fn("option", 1, Fn("mana", s, k)) for s, k in group_symbols(c[0])]
        params += [Fn("option", 2, Fn("mana", s, k)) for s, k in group_symbols(c[1])]
        return KW("kicker", params)

    def k_prototype(self, c: list) -> KW:
        p, t = str(c[1]).split("/")
        return KW("prototype", [Fn("mana", s, k) for s, k in group_symbols(c[0])] + [Fn("pt", _int(p), _int(t))])

    def k_craft(self, c: list) -> KW:
        return KW("craft", [Fn("with", c[0])] + [Fn("mana", s, k) for s, k in group_symbols(c[1])])

    def k_gift(self, c: list) -> KW:
        return KW("gift", [c[0]])

    def k_gift_extra_turn(self, c: list) -> KW:
        return KW("gift", ["extra_turn"])

    def k_modular_sunburst(self, c: list) -> KW:
        return KW("modular", ["sunburst"])

    def k_cumulative_upkeep(self, c: list) -> KW:
        return KW("cumulative upkeep", c[0])

    def k_firebending(self, c: list) -> KW:
        from .filters import number_value

        return KW("firebending", [Fn("n", number_value(c[0]))])

    def k_firebending_x(self, c: list) -> KW:
        return KW("firebending", [Fn("n", "x")])

    def k_level_up(self, c: list) -> KW:
        return KW("level up", c[0])

    def k_mtmte(self, c: list) -> KW:
        return KW("more than meets the eye", c[0])

    def k_aura_swap(self, c: list) -> KW:
        return KW("aura swap", c[0])

    def k_commander_ninjutsu(self, c: list) -> KW:
        return KW("commander ninjutsu", c[0])

    def k_umbra_armor(self, c: list) -> KW:
        return KW("umbra armor")

    # --- keyword costs: lists of cost terms (the same terms as cost/2) -----------------
    def kwc_mana(self, c: list) -> list:
        return [Fn("mana", s, k) for s, k in group_symbols(c[0])]

    def kwc_add_mana(self, c: list) -> list:
        """"Cumulative upkeep—Add {R}." (Braid of Fire): the cost is adding mana."""
        eff = c[0]
        parts = eff.mana[0] if eff.mana and len(eff.mana) == 1 else None
        if parts is None or any(opts for _, _, opts in parts):
            from .effects import GrammarReject

            raise GrammarReject("a mana-adding cost with options")
        return [Fn("add_mana", *[Fn("mana_part", amount, what) for amount, what, _ in parts])]

    def kwc_costs(self, c: list) -> list:
        return list(c[0])

    def kwc_mana_costs(self, c: list) -> list:
        return [Fn("mana", s, k) for s, k in group_symbols(c[0])] + list(c[1])

    def kwc_two(self, c: list) -> list:
        return [Fn("option", 1, Fn("mana", s, k)) for s, k in group_symbols(c[0])] + [
            Fn("option", 2, Fn("mana", s, k)) for s, k in group_symbols(c[1])]

    def k_awaken(self, c: list) -> KW:
        return self._n_then_cost("awaken", c)

    def k_choose_background(self, c: list) -> KW:
        return KW("partner", [Fn("choose", Fn("subtype", Str("Background")))])

    def k_doctors_companion(self, c: list) -> KW:
        return KW("partner", [Fn("companion", Fn("subtype", Str(subtype_name(str(c[0])))))])

    def kwc_or(self, c: list) -> list:
        return [Fn("either", Fn("costs", *[Fn("mana", s, k) for s, k in group_symbols(c[0])]),
                   Fn("costs", *[Fn("mana", s, k) for s, k in group_symbols(c[1])]))]

    def kwc_costs_or(self, c: list) -> list:
        return [Fn("either", Fn("costs", *c[0]), Fn("costs", *c[1]))]

    def k_enchant_zone(self, c: list) -> KW:
        return KW("enchant", [Fn(c[0], "you")])

    def zone_word_k(self, c: list) -> str:
        return str(c[0]).lower()

    def k_partner_variant(self, c: list) -> KW:
        return KW("partner", [Fn("variant", Str(" ".join(str(t) for t in c)))])

    def k_devour_typed(self, c: list) -> KW:
        from .filters import number_value

        return KW("devour", [c[0], Fn("n", number_value(c[1]))])

    def k_cumulative_upkeep_effect(self, c: list) -> KW:
        from .effects import Sentences

        parts = c[0].parts if isinstance(c[0], Sentences) else []
        return KW("cumulative upkeep", [Fn("effect", e.kind) for e in parts if hasattr(e, "kind")])

    def kwc_x(self, c: list) -> list:
        return [Fn("n", "x")]

    def kwc_number(self, c: list) -> list:
        from .filters import number_value

        return [Fn("n", number_value(c[0]))]


def _int(s: str) -> Any:
    try:
        return int(s)
    except ValueError:
        return "star" if s == "*" else Str(s)
