"""Verb phrases of grammar/effects.lark with their own shape.

Each method returns a :class:`~.effect_parts.VP` (or a list of them): putting onto the
battlefield, counters, P/T changes, gaining and losing abilities, becoming a type or a copy,
prevention, life, costs that change. Verbs without a method here go through
:func:`~.effect_parts.generic_vp`.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .lalr_shaping import child
from .effect_parts import GrammarReject, VP, _pt, _pt_mod, generic_vp, type_setting, verb_phrases
from .filters import as_filter, number_value
from .mana import group_symbols
from .nodes import ABIL, EIDX, Filter, Fn, Str, literal_words
from .terms import VERB_WORDS


class VerbRules:
    """Verb phrases: a part of :class:`~.effects.EffectsTransformer`."""

    # --- one template, a few words: the effect term of each word is in terms.VERB_WORDS --
    def cant_phrase(self, c: list) -> str:
        return literal_words(c)

    mult_word = enter_state = is_state = cant_phrase

    def v_cant(self, c: list) -> VP:
        return generic_vp(VERB_WORDS["v_cant"][c[0]], c[1:])

    def v_enter_state(self, c: list) -> VP:
        return generic_vp(VERB_WORDS["v_enter_state"][c[0]], c[1:])

    def v_is_state(self, c: list) -> VP:
        return generic_vp(VERB_WORDS["v_is_state"][c[0]], c[1:])

    def v_damage_mult(self, c: list) -> VP:
        return generic_vp(VERB_WORDS["v_damage_mult"][c[0]], c[1:])

    def v_damage_mult_same(self, c: list) -> VP:
        return generic_vp(VERB_WORDS["v_damage_mult_same"][c[0]], c[1:])

    def v_prevent_to_and_by(self, c: list) -> VP:
        """"Prevent all combat damage that would be dealt to and dealt by target creature"."""
        return VP("prevent_damage", [c[0], Fn("to", c[1]), Fn("by", c[1]), *c[2:]])

    def v_attach_it(self, c: list) -> VP:
        """"attach it to target creature you control": attach(it, Target), like "attach ~ to ..."."""
        return VP("attach", ["it", *c])

    def v_put_counters_amount_pre(self, c: list) -> VP:
        """"put a number of +1/+1 counters equal to that spell's mana value on up to one target creature"."""
        return VP("put_counters", [c[0], c[1], c[2]])

    def v_add_mana(self, c: list) -> VP:
        return VP("add_mana", effect=c[0])

    def v_may(self, c: list) -> Any:
        vps = verb_phrases(c[0])
        for vp in vps:
            vp.optional = True
        return vps

    def v_perpetually(self, c: list) -> list:
        """"It perpetually gets +1/+1 and gains vigilance": every verb lasts perpetually
        (the effect follows the card across zones)."""
        vps = verb_phrases(c[0])
        for vp in vps:
            vp.duration = "perpetual"
        return vps

    def v_change_text(self, c: list) -> VP:
        """"Change the text of target spell or permanent by replacing all instances of one color
        word with another [or one basic land type with another]." (CR 612)"""
        return VP("change_text", [c[0], *c[1:]])

    def tc_color_word(self, c: list) -> str:
        return "color_word"

    def tc_basic_land_type(self, c: list) -> str:
        return "basic_land_type"

    def tc_creature_type(self, c: list) -> str:
        return "creature_type"

    def nth(self, c: list) -> int:
        return {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}[str(c[0]).lower()]

    def v_put_one_hand_other(self, c: list) -> VP:
        """"Put one into your hand and the other into your graveyard" (two cards): as "put one
        of them into your hand and the rest into ..." → put_some_rest(P, one_of(them), Owner,
        rest, Dest)."""
        if number_value(c[0]) != 1:
            raise GrammarReject("'put N ... and the other' with N other than one")
        return VP("put_some_rest", [Fn("one_of", "them"), c[1], "rest", c[2]])

    def v_put_one_battlefield_other(self, c: list) -> VP:
        """"put one onto the battlefield tapped and the other into your hand" (Cultivate) →
        put_battlefield_rest(P, one_of(them), Mods, Dest), as "put one of them onto the
        battlefield tapped and the rest into ..."."""
        if number_value(c[0]) != 1:
            raise GrammarReject("'put N ... and the other' with N other than one")
        return VP("put_battlefield_rest", [Fn("one_of", "them"), c[-1]])

    def v_put_one_battlefield_tapped_other(self, c: list) -> VP:
        vp = self.v_put_one_battlefield_other(c)
        vp.args.insert(1, ["tapped"])
        return vp

    def v_cant_block_or_be_blocked_by(self, c: list) -> list:
        """"can't block or be blocked by non-Spirit creatures": both halves take the np."""
        return [VP("cant_block_np", [c[0]]), VP("cant_be_blocked_by", [c[0]])]

    def v_add_type_base_pt(self, c: list) -> list:
        """"is a creature with base power and toughness 5/5 in addition to its other types"."""
        return [VP("add_type", [c[0]]), VP("set_base_pt", list(_pt(c[1])))]

    def v_every_basic_land_type(self, c: list) -> VP:
        """"are every basic land type in addition to their other types": add_type with one
        branch naming the five basic land types (an object with all five)."""
        return VP("add_type", [Filter([[Fn("subtype", Str(s)) for s in ("Plains", "Island", "Swamp", "Mountain", "Forest")]])])

    def v_gain_flashback_bare(self, c: list) -> VP:
        """"gains flashback until end of turn" (its cost given by the next sentence, "The
        flashback cost is equal to its mana cost.")."""
        return VP("gain_ability", [Fn("keyword", Str("flashback"))], duration=c[0])

    def v_shuffle_it_into(self, c: list) -> VP:
        """"shuffles it into their library": shuffle_into(P, it, Owner)."""
        return VP("shuffle_into", ["it", c[0]])

    def v_lose_this_ability(self, c: list) -> VP:
        """"~ loses this ability" (Licids): lose_ability(this_ability)."""
        return VP("lose_ability", ["this_ability"])

    def v_must_be_blocked_this_turn(self, c: list) -> VP:
        return VP("must_be_blocked", duration="this_turn")

    def v_choose_not(self, c: list) -> VP:
        """"You may choose not to untap ~ during your untap step": choose_not(you, untap(self))."""
        inner = c[0] if isinstance(c[0], list) else [c[0]]
        return VP("choose_not", [Fn(v.name, *v.args) for v in inner])

    def v_cant_cause(self, c: list) -> VP:
        inner = [Fn(v.name, *v.args) for v in (c[1] if isinstance(c[1], list) else [c[1]])]
        return VP("cant_cause", [c[0], *inner])

    def v_causative(self, c: list) -> VP:
        return VP("causative", inner=c[0])

    def _battlefield(self, name: str, ref: Any, mods: list) -> VP:
        return VP(name, [ref] + [Fn("mods", *mods)] if mods else [ref])

    def v_return_battlefield(self, c: list) -> VP:
        return self._battlefield("return_to_battlefield", c[0], c[1] if len(c) > 1 else [])

    def v_return_from_battlefield(self, c: list) -> VP:
        return VP("return_to_battlefield", [c[0], Fn("from", c[1])] + ([Fn("mods", *c[2])] if len(c) > 2 else []))

    def v_put_battlefield(self, c: list) -> VP:
        return self._battlefield("put_onto_battlefield", c[0], c[1] if len(c) > 1 else [])

    def bf_mods(self, c: list) -> list:
        return list(c)

    def bf_tapped(self, c: list) -> Any:
        return "tapped"

    def bf_transformed(self, c: list) -> Any:
        return "transformed"

    def bf_attacking(self, c: list) -> Any:
        return "attacking"

    def bf_face_down(self, c: list) -> Any:
        return "face_down"

    def bf_under_control(self, c: list) -> Any:
        return Fn("under_control_of", c[0])

    def bf_under_owner_control(self, c: list) -> Any:
        return Fn("under_control_of", Fn("owner_of", c[0]))

    def bf_with_counters(self, c: list) -> Any:
        return Fn("with_counters", c[1], c[0])

    def bf_with_counters_one(self, c: list) -> Any:
        return Fn("with_counters", c[0], 1)

    def v_gain_life(self, c: list) -> VP:
        return VP("gain_life", [c[0]])

    def v_lose_life(self, c: list) -> VP:
        return VP("lose_life", [c[0]])

    la_count = child(0)

    def la_that_much(self, c: list) -> Any:
        return "that_much"

    def la_twice_that_much(self, c: list) -> Any:
        return Fn("times", 2, "that_much")

    def v_new_targets_copy(self, c: list) -> VP:
        return VP("new_targets", ["copy"])

    def bf_attached_to(self, c: list) -> Any:
        return Fn("attached_to", c[-1])

    def v_become_bare(self, c: list) -> list:
        """"becomes black", "becomes colorless": type_phrase without an article."""
        return [VP(name, [arg]) for name, arg in type_setting(c[0])]

    def v_choose_kind(self, c: list) -> VP:
        kind = c[1]
        if isinstance(kind, Fn):  # "choose a color of <np>": choose(color_of(1, NP))
            return VP("choose", [Fn(kind.name, c[0], *kind.args)])
        return VP("choose", [Fn(kind, c[0])])

    def v_prevent(self, c: list) -> VP:
        """"Prevent all combat damage that would be dealt to ~ by creatures blocking it this turn"."""
        return VP("prevent_damage", [c[0], *c[1:]])

    def v_prevent_from(self, c: list) -> VP:
        return VP("prevent_damage", [c[0], Fn("by", c[1]), *c[2:]])

    def pw_all(self, c: list) -> Any:
        return "all"

    def pw_all_combat(self, c: list) -> Any:
        return "all_combat"

    def pw_all_noncombat(self, c: list) -> Any:
        return "all_noncombat"

    def pw_next(self, c: list) -> Any:
        return Fn("next", c[0])

    def pt_to(self, c: list) -> Any:
        return Fn("to", c[0])

    def pt_by(self, c: list) -> Any:
        return Fn("by", c[0])

    def pt_duration(self, c: list) -> Any:
        return Fn("during", c[0])

    def rn_np(self, c: list) -> Any:
        return c[0]

    def rn_rest(self, c: list) -> Any:
        return "rest"

    def rn_other(self, c: list) -> Any:
        return "the_other"

    def v_modify_pt(self, c: list) -> VP:
        return VP("modify_pt", list(_pt_mod(c[0])))

    def v_have_base_power(self, c: list) -> VP:
        """"has base power 0 until end of turn" (layer 7b, the power only)."""
        return VP("set_base_power", [number_value(c[0])])

    def v_is_creature_pt(self, c: list) -> list:
        """"Enchanted land is a 4/4 Elemental creature with reach and haste": the base P/T, the
        characteristic-setting effects of "is a <type>" and the abilities."""
        p, t = _pt(c[0])
        return [VP("set_base_pt", [p, t])] + self.v_is_type([c[1]]) + [
            VP("gain_ability", [g]) for g in (c[2] if len(c) > 2 else [])]

    def v_is_creature_pt_still(self, c: list) -> list:
        """"Enchanted land is a 5/6 green Treefolk creature that's still a land"."""
        return self.v_is_creature_pt(c[:-1]) + [VP("is_still", [c[-1]])]

    def v_become_creature_still(self, c: list) -> list:
        """"becomes a 3/3 Elemental creature with haste that's still a land" (as "becomes a
        3/3 ... creature. It's still a land.")."""
        vps = self.v_become_creature_with(c[:-1]) if len(c) == 4 else self.v_become_creature(c[:-1])
        return vps + [VP("is_still", [c[-1]])]

    def v_modify_pt_choice(self, c: list) -> VP:
        """"gets +1/-1 or -1/+1 until end of turn": a choice as the part resolves."""
        return VP("modify_pt", [], options=[VP("modify_pt", list(_pt_mod(x))) for x in c])

    def v_become_creature_add(self, c: list) -> list:
        """"becomes a 4/4 Illusion creature [with flying] in addition to its other types": the
        base P/T, the added types (add_types, as "becomes a ... in addition to its other
        types") and the abilities."""
        p, t = _pt(c[0])
        return [VP("set_base_pt", [p, t]), VP("add_types", [c[1]])] + [
            VP("gain_ability", [g]) for g in (c[2] if len(c) > 2 else [])]

    v_become_creature_with_add = v_become_creature_add

    def v_modify_pt_for_each(self, c: list) -> VP:
        p, t = _pt_mod(c[0])
        f = as_filter(c[1])
        return VP("modify_pt", [Fn("times", p, Fn("count", f)), Fn("times", t, Fn("count", f))])

    def v_modify_pt_gain(self, c: list) -> list:
        return [VP("modify_pt", list(_pt_mod(c[0])))] + [VP("gain_ability", [g]) for g in c[1]]

    v_modify_pt_have = v_modify_pt_gain

    def v_modify_pt_lose(self, c: list) -> list:
        return [VP("modify_pt", list(_pt_mod(c[0])))] + [VP("lose_ability", [g]) for g in c[1]]

    def v_gain_ability(self, c: list) -> list:
        return [VP("gain_ability", [g]) for g in c[0]]

    v_have_ability = v_gain_ability

    def v_lose_ability(self, c: list) -> list:
        return [VP("lose_ability", [g]) for g in c[0]]

    def v_have_base_pt(self, c: list) -> VP:
        return VP("set_base_pt", list(_pt(c[0])))

    def v_become_creature(self, c: list) -> list:
        p, t = _pt(c[0])
        return [VP("set_base_pt", [p, t]), VP("become_type", [c[1]])]

    def v_become_creature_with(self, c: list) -> list:
        return self.v_become_creature(c[:2]) + [VP("gain_ability", [g]) for g in c[2]]

    def v_become_type_with(self, c: list) -> list:
        """"becomes a Treasure artifact with "{T}, Sacrifice this artifact: Add ..."" """
        return [VP("become_type", [c[0]])] + [VP("gain_ability", [g]) for g in c[1]]

    def v_add_type(self, c: list) -> VP:
        """"is a Spirit in addition to its other (creature) types" (layer 4)."""
        return VP("add_type", [next(x for x in c if not isinstance(x, Token))])

    def v_gain_choice(self, c: list) -> VP:
        """"gains your choice of vigilance or lifelink until end of turn"."""
        return VP("gain_ability", [], options=[VP("gain_ability", [g]) for g in c])

    def v_become_type_add(self, c: list) -> VP:
        return VP("add_types", [c[0]])

    def v_is_type(self, c: list) -> list:
        return [VP(name, [arg]) for name, arg in type_setting(c[0])]

    def v_become_copy(self, c: list) -> VP:
        return VP("copy_of", [c[0]])

    def v_become_copy_except(self, c: list) -> VP:
        return VP("copy_of", [c[0]], facts=[("copy_except", (ABIL, EIDX, x)) for x in c[1]])

    def v_enter_as_copy(self, c: list) -> VP:
        return VP("enters_as_copy", [c[0]])

    def v_enter_as_copy_except(self, c: list) -> VP:
        return VP("enters_as_copy", [c[0]], facts=[("copy_except", (ABIL, EIDX, x)) for x in c[1]])

    def v_enters_with_counters(self, c: list) -> VP:
        return VP("enters_with_counters", [c[1], c[0]])

    def v_enters_with_counters_and(self, c: list) -> list:
        """"it enters with two +1/+1 counters on it and with flying"."""
        return [self.v_enters_with_counters(c[:2])] + [VP("gain_ability", [g]) for g in c[2]]

    def v_enters_tapped_with_counters(self, c: list) -> list:
        return [VP("enters_tapped", []), self.v_enters_with_counters(c[:2])]

    def v_put_counters(self, c: list) -> VP:
        return VP("put_counters", [c[1], c[0], c[2]])

    def v_put_counter(self, c: list) -> VP:
        return VP("put_counters", [c[0], 1, c[1]])

    def v_put_counters2(self, c: list) -> VP:
        if len(c) == 2:  # "put X +1/+1 counters on ..."
            return VP("put_counters", [c[0], "x", c[1]])
        return VP("put_counters", [c[1], c[0], c[2]])

    def v_put_that_many_counters(self, c: list) -> VP:
        return VP("put_counters", [c[0], "that_much", c[1]])

    def v_put_counters_amount(self, c: list) -> VP:
        return VP("put_counters", [c[0], c[2], c[1]])

    def v_remove_counter(self, c: list) -> VP:
        return VP("remove_counters", [c[1], c[0], c[2]])

    def v_pay_mana(self, c: list) -> VP:
        return VP("pay", [Fn("mana", s, n) for s, n in group_symbols(c[0])])

    def v_pay_to_end_effect(self, c: list) -> VP:
        """"You may pay {W} to end this effect." (Licids)"""
        return VP("pay_to_end_effect", [Fn("mana", s, n) for s, n in group_symbols(c[0])])

    def v_cost_less(self, c: list) -> VP:
        return VP("cost_less", [Fn("mana", s, n) for s, n in group_symbols(c[0])])

    def v_cost_more(self, c: list) -> VP:
        return VP("cost_more", [Fn("mana", s, n) for s, n in group_symbols(c[0])])
