"""Noun-like terms of grammar/effects.lark used inside effects.

"For each ..." amounts, references to spells and abilities ("spells you cast", "activated
abilities of ..."), additional costs, gained abilities and quoted abilities, "except ..." lists
of copy effects, choice kinds ("choose a color / creature type / card name"), and P/T choices.
"""

from __future__ import annotations

from typing import Any

from .effect_parts import _kw_term, _pt, _quoted
from .filters import as_filter, number_value
from .mana import group_symbols, mana_symbol
from .nodes import Filter, Fn, Str, literal_words
from .terms import SPEND_WORDS


class TermRules:
    """Noun-like terms: a part of :class:`~.effects.EffectsTransformer`."""

    def fe_counter_kinds(self, c: list) -> Any:
        return Fn("counter_kinds_on", c[0])

    def ex_name_self(self, c: list) -> Any:
        return Fn("name", "self")

    def ex_has_this_ability(self, c: list) -> list:
        """"..., except it has this ability" (the copy keeps the ability creating it)."""
        return [Fn("has", "this_ability")]

    def ac_optional(self, c: list) -> list:
        return [Fn("optional", x) for x in c[0]]

    def fe_np(self, c: list) -> Any:
        return c[0]

    def fe_basic_land_type(self, c: list) -> Any:
        return Fn("basic_land_type_among", c[-1])

    def fe_color(self, c: list) -> Any:
        return Fn("color_among", c[0])

    def fe_card_type(self, c: list) -> Any:
        return Fn("card_type_among", c[-1])

    def fe_counter(self, c: list) -> Any:
        return Fn("counter_on", c[0], c[1])

    def fe_any_counter(self, c: list) -> Any:
        return Fn("counter_on", "any", c[0])

    def fe_life_lost(self, c: list) -> Any:
        """"for each 1 life lost this way"."""
        return Fn("life_lost_this_way", number_value(c[0]))

    def fe_times_kicked(self, c: list) -> Any:
        return "times_kicked"

    def fe_damage_dealt(self, c: list) -> Any:
        """"for each 1 damage dealt to them"."""
        return Fn("damage_dealt_to", number_value(c[0]), c[-1])

    def fe_colors_spent(self, c: list) -> Any:
        return Fn("colors_spent_to_cast", c[-1])

    def fe_commander_casts(self, c: list) -> Any:
        return "commander_casts"

    def fe_player_counters(self, c: list) -> Any:
        """"for each experience counter you have"."""
        return Fn("player_counters", "you", c[0])

    def fe_opponents(self, c: list) -> Any:
        return Fn("each", Filter([["opponent"]]))

    def fe_life_gained(self, c: list) -> Any:
        return Fn("life_gained", number_value(c[0]))

    def fe_damage_prevented(self, c: list) -> Any:
        return Fn("damage_prevented_this_way", number_value(c[0]))

    def fe_symbol_spent(self, c: list) -> Any:
        """"for each {S} spent to cast this spell"."""
        return Fn("symbols_spent", mana_symbol(str(c[0])), c[-1])

    def fe_different_stat(self, c: list) -> Any:
        """"for each different power among creatures you control"."""
        return Fn("different_values_among", c[0], as_filter(c[1]))

    def fe_counters_removed(self, c: list) -> Any:
        return Fn("counters_removed", c[0])

    def fe_any_counter_removed(self, c: list) -> Any:
        return Fn("counters_removed", "any")

    def sa_costs_containing(self, c: list) -> Any:
        return Fn("pay_costs_containing", *[Fn("mana", s, n) for s, n in group_symbols(c[-1])])

    sp_costs_containing = sa_costs_containing

    def spend_phrase(self, c: list) -> str:
        return literal_words(c)

    def sa_phrase(self, c: list) -> Any:
        """"pay generic mana costs", "gain a class level", ...: terms.SPEND_WORDS."""
        return SPEND_WORDS[c[0]]

    def sa_cast(self, c: list) -> Any:
        return Fn("cast", as_filter(c[0]))

    def sa_activate(self, c: list) -> Any:
        return Fn("activate", as_filter(c[0]))

    def sa_activate_of(self, c: list) -> Any:
        return Fn("activate_abilities_of", as_filter(c[0]))

    def sa_foretell(self, c: list) -> Any:
        return Fn("foretell", as_filter(c[0]))

    def sa_activate_keyword(self, c: list) -> Any:
        """"activate an equip ability"."""
        return Fn("activate_keyword_ability", Str(c[-1]))

    sa_activate_keyword_any = sa_activate_keyword

    def sa_pay_keyword_cost(self, c: list) -> Any:
        """"pay a disturb cost", "pay a morph cost"."""
        return Fn("pay_keyword_cost", Str(c[-1]))

    sa_pay_keyword_cost_any = sa_pay_keyword_cost

    def sa_turn_face_up(self, c: list) -> Any:
        return Fn("turn_face_up", as_filter(c[0]))

    def ck_color(self, c: list) -> str:
        return "color"

    def ck_color_of(self, c: list) -> Any:
        return Fn("color_of", c[0])

    def ck_color_other_than(self, c: list) -> Any:
        return Fn("color_other_than", c[0].constraint)

    def ck_creature_type(self, c: list) -> str:
        return "creature_type"

    def ck_card_name(self, c: list) -> str:
        return "card_name"

    def ck_nonland_card_name(self, c: list) -> str:
        return "nonland_card_name"

    def ck_number(self, c: list) -> str:
        return "number"

    def ck_basic_land_type(self, c: list) -> str:
        return "basic_land_type"

    def ck_land_type(self, c: list) -> str:
        return "land_type"

    def ck_card_type(self, c: list) -> str:
        return "card_type"

    def ac_costs(self, c: list) -> list:
        return list(c[0])

    def ac_or(self, c: list) -> list:
        return [Fn("either", Fn("costs", *c[0]), Fn("costs", *c[1]))]

    def sa_activate_equip(self, c: list) -> Any:
        return Fn("activate_keyword_ability", Str("equip"))

    def gained_list(self, c: list) -> list:
        return list(c)

    def g_keyword(self, c: list) -> Any:
        return _kw_term(c[0])

    def g_quoted(self, c: list) -> Any:
        return c[0][0] if len(c[0]) == 1 else Fn("abilities", *c[0])

    def g_this_ability(self, c: list) -> Any:
        return "this_ability"

    def g_activated_of(self, c: list) -> Any:
        return Fn("activated_abilities_of", c[0])

    def g_indestructible_haste(self, c: list) -> Any:
        return Fn("keywords", Str("indestructible"), Str("haste"))

    def quoted_one(self, c: list) -> list:
        return [_quoted(c[1], c[0], c[2])]

    def quoted_two(self, c: list) -> list:
        return [_quoted(c[1], c[0], c[2]), _quoted(c[4], c[3], c[5])]

    def except_list(self, c: list) -> list:
        return [x for item in c for x in (item if isinstance(item, list) else [item])]

    def ex_has(self, c: list) -> list:
        return [Fn("has", g) for g in c[0]]

    def ex_is(self, c: list) -> Any:
        return Fn("is_type", c[0])

    def ex_is_pt(self, c: list) -> list:
        return [Fn("set_base_pt", *_pt(c[0])), Fn("is_type", c[1])]

    def ex_pt(self, c: list) -> Any:
        return Fn("set_base_pt", *_pt(c[0]))

    def ex_not_legendary(self, c: list) -> Any:
        return "not_legendary"

    def ex_artifact(self, c: list) -> Any:
        return Fn("add_types", Filter([[Fn("type", "artifact")]]))

    def ex_type_add(self, c: list) -> Any:
        return Fn("add_types", c[0])

    def type_phrase(self, c: list) -> Any:
        return c[0]

    def tp_words(self, c: list) -> Any:
        return c[0]

    def ptc_two(self, c: list) -> tuple:
        """"become 4/1 or 1/4 [until end of turn]": the two P/T choices and the duration, if any."""
        return ([_pt(c[0]), _pt(c[1])], c[2] if len(c) > 2 else None)
