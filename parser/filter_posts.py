"""Post-modifiers of grammar/filters.lark: the constraints written after a noun ("you control",
"with flying", "with mana value 3 or less", "in your graveyard", "that attacked this turn"),
zones, amounts ("the number of ...") and qualities ("protection from ..."), a part of
:class:`~.filters.FiltersTransformer`. Each post-modifier returns a list of constraints.
"""

from __future__ import annotations

from typing import Any

from .lalr_shaping import by_text, child, child_when_alone
from .filter_words import _filter_as_constraints, as_filter, player_term
from .nodes import Filter, Fn, Str, literal_words
from .terms import FILTER_WORDS


class PostRules:
    """Post-modifiers, "with ...", zones, amounts and qualities."""

    # --- post-modifiers (each returns a list of constraints) ---------------------------
    def p_you_control(self, c: list) -> list:
        return [Fn("controller", "you")]

    def p_you_dont_control(self, c: list) -> list:
        return [Fn("non", Fn("controller", "you"))]

    def p_you_own(self, c: list) -> list:
        return [Fn("owner", "you")]

    def p_you_dont_own(self, c: list) -> list:
        return [Fn("non", Fn("owner", "you"))]

    def p_you_own_control(self, c: list) -> list:
        return [Fn("owner", "you"), Fn("controller", "you")]

    def p_you_control_not_own(self, c: list) -> list:
        return [Fn("controller", "you"), Fn("non", Fn("owner", "you"))]

    def p_controlled_by(self, c: list) -> list:
        return [Fn("controller", player_term(c[0]))]



    def p_owned_by(self, c: list) -> list:
        return [Fn("owner", player_term(c[0]))]

    p_with = child(0)

    def p_without(self, c: list) -> list:
        return [Fn("non", x) for x in c[0]]

    def p_in_zone(self, c: list) -> list:
        return [Fn("in_zone", c[0])]

    def p_from_zone(self, c: list) -> list:
        return [Fn("in_zone", c[0])]

    def p_on_battlefield(self, c: list) -> list:
        return [Fn("in_zone", "battlefield")]

    def p_on_stack(self, c: list) -> list:
        return [Fn("in_zone", "stack")]

    def p_exiled_with_self(self, c: list) -> list:
        return ["exiled_with_self"]

    def p_chosen_color(self, c: list) -> list:
        return ["chosen_color"]

    def p_chosen_type(self, c: list) -> list:
        return ["chosen_type"]

    def p_that_type(self, c: list) -> list:
        return ["that_type"]

    def p_that_color(self, c: list) -> list:
        return ["that_color"]

    def p_your_choice(self, c: list) -> list:
        return ["your_choice"]

    def p_each_turn(self, c: list) -> list:
        """"your second spell each turn": counted within each turn."""
        return ["each_turn"]

    def p_shares_color(self, c: list) -> list:
        return [Fn("shares_color_with", c[-1])]

    def p_shares_card_type(self, c: list) -> list:
        return [Fn("shares_card_type_with", c[-1])]

    def p_targets_only(self, c: list) -> list:
        return [Fn("targets_only", c[-1])]

    def p_their_choice(self, c: list) -> list:
        return ["controller_choice"]

    def p_opponent_choice(self, c: list) -> list:
        return ["opponent_choice"]

    def p_other_than(self, c: list) -> list:
        return [Fn("non", Fn("ref", c[-1]))]

    def p_attacking_you(self, c: list) -> list:
        return [Fn("attacking", "you")]

    def p_blocking(self, c: list) -> list:
        return [Fn("blocking", c[-1])]

    def p_blocked_by(self, c: list) -> list:
        return [Fn("blocked_by", c[0])]

    def stat_of(self, c: list) -> str:
        return literal_words(c)

    def amount_stat_of(self, c: list) -> Any:
        """"the power / toughness / mana value of ~" → power_of(R), toughness_of(R), ..."""
        return Fn(FILTER_WORDS["amount_stat_of"][c[0]], c[-1])

    def p_its_attacking(self, c: list) -> list:
        """"the player or planeswalker it's attacking": attacked by the creature "it"."""
        return [Fn("attacked_by", "it")]

    def p_blocking_or_blocked_by(self, c: list) -> list:
        """"creatures blocking or blocked by ~": two branches, blocking(Ref) or blocked_by(Ref)."""
        ref = c[-1]
        return [[Fn("blocking", ref), Fn("blocked_by", ref)]]

    def p_attached_to(self, c: list) -> list:
        return [Fn("attached_to", c[0])]

    def p_thats(self, c: list) -> list:
        return _filter_as_constraints(c[0])

    def p_thats_a(self, c: list) -> list:
        return _filter_as_constraints(c[0])

    def p_that_isnt_a(self, c: list) -> list:
        return [Fn("non", x) for x in _filter_as_constraints(c[0])]

    def p_that_isnt(self, c: list) -> list:
        return [Fn("non", x) for x in _filter_as_constraints(c[0])]

    def p_entered_this_turn(self, c: list) -> list:
        return ["entered_this_turn"]

    def p_attacked_this_turn(self, c: list) -> list:
        return ["attacked_this_turn"]

    def p_dealt_damage_this_turn(self, c: list) -> list:
        return ["dealt_damage_this_turn"]

    def p_was_dealt_damage_this_turn(self, c: list) -> list:
        return ["was_dealt_damage_this_turn"]

    def p_named(self, c: list) -> list:
        return [Fn("name", Str(c[0]))]

    def p_chosen_name(self, c: list) -> list:
        return ["chosen_name"]

    def p_that_name(self, c: list) -> list:
        return ["that_name"]

    def p_among(self, c: list) -> list:
        return [Fn("among", c[0])]

    def p_you_cast(self, c: list) -> list:
        return [Fn("controller", "you")]

    def p_opp_casts(self, c: list) -> list:
        return [Fn("controller", "opponent")]

    def p_you_control_thats(self, c: list) -> list:
        return [Fn("controller", "you")] + _filter_as_constraints(c[0])

    p_you_control_thats_a = p_you_control_thats

    def thats_alt(self, c: list) -> Any:
        return c[0]

    def p_thats_alts(self, c: list) -> list:
        """"that's a Wolf or a Werewolf": the alternatives as one branch per description."""
        alts = [x for x in c if isinstance(x, Filter)]
        return _filter_as_constraints(Filter([b for f in alts for b in f.branches]))

    def p_you_control_thats_alts(self, c: list) -> list:
        return [Fn("controller", "you")] + self.p_thats_alts(c)

    def p_cast_this_turn(self, c: list) -> list:
        return ["cast_this_turn"]

    def p_searched_library_this_way(self, c: list) -> list:
        """"each player who searched their library this way" (a player filter)."""
        return ["searched_library_this_way"]

    def p_this_way(self, c: list) -> list:
        return ["this_way"]

    def name_words(self, c: list) -> str:
        return " ".join(str(t) for t in c)

    # --- "with ..." -------------------------------------------------------------------
    @child_when_alone
    def with_list(self, c: list) -> list:
        if len(c) == 1:
            return c[0]
        # "with flying or reach": one constraint from the list, as alternatives
        return [[x for item in c for x in item]]

    def with_keyword(self, c: list) -> list:
        return [Fn("has_keyword", Str(c[0]))]

    def with_stat(self, c: list) -> list:
        op, n = c[1]
        return [Fn("stat", c[0], op, n)]

    def with_counter(self, c: list) -> list:
        return [Fn("has_counter", c[-1])]

    def with_pt_counters(self, c: list) -> list:
        """"with +1/+1 counters on them"."""
        return [Fn("has_counter", Str(str(c[0])))]

    def with_any_counter(self, c: list) -> list:
        return [Fn("has_counter", "any")]

    def with_same_name(self, c: list) -> list:
        return [Fn("same_name", c[0])]

    def with_different_name(self, c: list) -> list:
        return ["different_names"]

    def with_stat_equal(self, c: list) -> list:
        return [Fn("stat", c[0], "eq", c[1])]

    def with_toughness_gt_power(self, c: list) -> list:
        return ["toughness_greater_than_power"]

    def with_greatest(self, c: list) -> list:
        return [Fn("greatest", c[0], c[1])]

    def with_least(self, c: list) -> list:
        return [Fn("least", c[0], c[1])]

    def with_mana_abilities(self, c: list) -> list:
        return ["has_mana_ability"]

    def with_activated_ability(self, c: list) -> list:
        return ["has_activated_ability"]

    def with_power_or_toughness(self, c: list) -> list:
        op, n = c[0]
        return [[Fn("stat", "power", op, n), Fn("stat", "toughness", op, n)]]

    @by_text
    def stat_name(self, c: list) -> str:
        words = " ".join(str(t).lower() for t in c)
        return {
            "power": "power", "toughness": "toughness", "mana value": "mana_value",
            "converted mana cost": "mana_value", "total power": "total_power",
            "base power": "base_power", "loyalty": "loyalty", "defense": "defense",
            "total mana value": "total_mana_value",
        }[words]

    def cmp_eq(self, c: list) -> tuple:
        return ("eq", c[0])

    def cmp_le(self, c: list) -> tuple:
        return ("le", c[0])

    def cmp_ge(self, c: list) -> tuple:
        return ("ge", c[0])

    def cmp_lt(self, c: list) -> tuple:
        return ("lt", c[0])

    def cmp_gt(self, c: list) -> tuple:
        return ("gt", c[0])

    @by_text
    def ck_pt(self, c: list) -> Str:
        return Str(str(c[0]))

    @by_text
    def ck_word(self, c: list) -> Str:
        return Str(str(c[0]).lower())

    # --- zones ------------------------------------------------------------------------
    @by_text
    def zone_word(self, c: list) -> str:
        low = str(c[0]).lower()
        return {"graveyards": "graveyard", "hands": "hand", "libraries": "library"}.get(low, low)

    def zone_of(self, c: list) -> Any:
        return Fn(c[1], player_term(c[0]))

    def zone_any(self, c: list) -> Any:
        return Fn(c[0], "any")

    def zone_all(self, c: list) -> Any:
        return Fn(c[0], "any")

    def zone_exile(self, c: list) -> Any:
        return "exile"

    def zone_battlefield(self, c: list) -> Any:
        return "battlefield"

    def zone_library_top(self, c: list) -> Any:
        return Fn("library_top", player_term(c[0]))

    def zone_command(self, c: list) -> Any:
        return "command"

    def zone_hand_graveyard(self, c: list) -> Any:
        p = player_term(c[0])
        return Fn("either", Fn("hand", p), Fn("graveyard", p))

    # --- amounts ----------------------------------------------------------------------
    def amount_count(self, c: list) -> Any:
        return c[0]

    def amount_number_of(self, c: list) -> Any:
        return Fn("count", as_filter(c[0]))

    def amount_counters_on(self, c: list) -> Any:
        return Fn("counters_on", c[0], c[1])

    def amount_all_counters_on(self, c: list) -> Any:
        return Fn("counters_on", "any", c[0])

    def amount_stat(self, c: list) -> Any:
        return Fn(c[1], c[0])

    def amount_life_total(self, c: list) -> Any:
        return Fn("life_total", player_term(c[0]))

    def amount_life_gained(self, c: list) -> Any:
        return "life_gained_this_turn"

    def amount_greatest(self, c: list) -> Any:
        return Fn("greatest", c[0], as_filter(c[1]))

    def amount_total(self, c: list) -> Any:
        return Fn("total", c[0], as_filter(c[1]))

    def amount_that_much(self, c: list) -> Any:
        return "that_much"

    def amount_devotion(self, c: list) -> Any:
        return Fn("devotion", player_term(c[0]), c[1].constraint)

    def amount_twice(self, c: list) -> Any:
        return Fn("times", 2, c[0])

    def amount_hand_size(self, c: list) -> Any:
        return Fn("hand_size", player_term(c[0]))

    def amount_card_types(self, c: list) -> Any:
        return Fn("card_types_among", as_filter(c[-1]))

    def amount_basic_land_types(self, c: list) -> Any:
        return Fn("basic_land_types_among", as_filter(c[-1]))

    def amount_colors(self, c: list) -> Any:
        return Fn("colors_among", as_filter(c[0]))

    def amount_different_names(self, c: list) -> Any:
        return Fn("different_names", as_filter(c[0]))

    def amount_opponents(self, c: list) -> Any:
        return "opponents"

    def amount_plus(self, c: list) -> Any:
        return Fn("plus", c[0], c[1])

    def amount_minus(self, c: list) -> Any:
        return Fn("minus", c[0], c[1])

    def amount_life_lost_this_way(self, c: list) -> Any:
        """"the life lost this way" (the THIS_WAY marker is no argument)."""
        return "life_lost_this_way"

    def amount_damage_prevented_this_way(self, c: list) -> Any:
        """"the damage prevented this way" """
        return "damage_prevented_this_way"

    def amount_result(self, c: list) -> Any:
        return "result"

    # --- qualities (protection from ...) ----------------------------------------------
    def q_everything(self, c: list) -> Any:
        return "everything"

    def q_desc(self, c: list) -> Any:
        return c[0]

    def q_chosen_color(self, c: list) -> Any:
        return "chosen_color"

    def q_chosen_player(self, c: list) -> Any:
        return "chosen_player"

    def q_each_color(self, c: list) -> Any:
        return "each_color"

    def q_each_opponent(self, c: list) -> Any:
        return "each_opponent"

    def q_mana_value(self, c: list) -> Any:
        op, n = c[-1]
        return Fn("stat", "mana_value", op, n)

    def p_who(self, c: list) -> list:
        from .effect_parts import verb_phrases  # (effect_parts imports the filters' modules)

        vps = verb_phrases(c[0])
        return [Fn("who", *[Fn(v.name, *v.args) for v in vps])]
