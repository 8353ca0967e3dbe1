"""Clauses of grammar/effects.lark: a verb phrase gets its subject.

A clause joins a subject (or none: an imperative, the controller acts) with its verb phrases
(:class:`~.effect_parts.VP`) and yields effects; the post-modifiers of a clause ("unless ...",
"if ...", "for each ...", "where X is ...", "instead") are applied here.
"""

from __future__ import annotations

from .lalr_shaping import child_when_alone, constant
from .effect_parts import (
    VP,
    _conditioned,
    _flatten,
    _times,
    generic_vp,
    make_effects,
    substitute_x,
    verb_phrases,
    with_duration,
)
from .filters import as_filter, player_term
from .nodes import ABIL, EIDX, Effect, Fn, Str


class ClauseRules:
    """Clauses: a part of :class:`~.effects.EffectsTransformer`."""

    def c_during_turn(self, c: list) -> list:
        for e in c[0]:
            e.facts.append(("effect_condition", (ABIL, EIDX, Fn("during_turn_of", player_term(c[1])))))
        return c[0]

    def c_instead_of_into(self, c: list) -> list:
        for e in c[0]:
            e.facts.append(("effect_instead_of", (ABIL, EIDX, Fn("put_into", "it", c[1]))))
        return c[0]

    def c_as_though_flash(self, c: list) -> list:
        """"You may cast spells this turn as though they had flash." (CR 702.8)"""
        for e in c[0]:
            e.facts.append(("effect_as_though", (ABIL, EIDX, Fn("has", Fn("keyword", Str("flash"))))))
        return c[0]

    def c_except_by(self, c: list) -> list:
        """"can't be blocked this turn except by creatures with haste"."""
        for e in c[0]:
            e.facts.append(("effect_except", (ABIL, EIDX, Fn("by", as_filter(c[1])))))
        return c[0]

    def c_during_others_untap(self, c: list) -> list:
        """"Untap all permanents you control during each other player's untap step" (Seedborn Muse)."""
        for e in c[0]:
            e.facts.append(("effect_condition", (ABIL, EIDX, Fn("during", "others_untap_step"))))
        return c[0]

    @child_when_alone  # one clause: its effects (a clause's value is a list)
    def clauses(self, c: list) -> list:
        if len(c) == 1 and c[0].__class__ is list:  # one clause: its effects
            return c[0]
        out: list = []
        for item in c:
            if isinstance(item, str) and item.startswith("sep_"):
                continue
            out.extend(item)
        return out

    sep_then = constant("sep_then")
    sep_and = constant("sep_and")
    sep_comma = constant("sep_comma")

    def c_imperative(self, c: list) -> list:
        vps = c[0]
        if vps.__class__ is VP:  # one verb phrase (most clauses): the vp_list's value
            return make_effects("you", vps)
        vps = verb_phrases(vps)
        if len(vps) == 1:
            return make_effects("you", vps[0])
        return [e for vp in vps for e in make_effects("you", vp)]

    def c_subject(self, c: list) -> list:
        vps = c[-1]
        if vps.__class__ is VP:  # one verb phrase: the vp_list's value
            return make_effects(c[0], vps)
        vps = verb_phrases(vps)
        if len(vps) == 1:
            return make_effects(c[0], vps[0])
        return [e for vp in vps for e in make_effects(c[0], vp)]

    def c_counters_put_plus(self, c: list) -> list:
        """"that many plus one +1/+1 counters are put on it instead" (Hardened Scales)."""
        return [Effect(Fn("put_counters", c[1], Fn("plus", "that_many", c[0]), c[2]))]

    def c_counters_put_times(self, c: list) -> list:
        """"twice that many +1/+1 counters are put on it instead" (Doubling Season); the factor
        is count_times's ("twice", "three times")."""
        return [Effect(Fn("put_counters", c[1], Fn("times", c[0], "that_many"), c[2]))]

    def c_tokens_created_times(self, c: list) -> list:
        """"twice that many of those tokens are created instead" (Parallel Lives), "three times
        that many ..." (Ojer Taq)."""
        return [Effect(Fn("create_those_tokens", Fn("times", c[0], "that_many")))]

    def c_tokens_created_plus(self, c: list) -> list:
        """"those tokens plus an additional Food token are created instead" (Peregrin Took): the
        additional token is described like any created token (tok(A, I), CR 111.4)."""
        e = Effect(Fn("create_those_tokens", Fn("plus_token", Fn("tok", ABIL, EIDX))))
        e.facts.extend(c[0])
        return [e]

    def c_its_type_with(self, c: list) -> list:
        """"It's a Treasure artifact with "{T}, Sacrifice this artifact: Add one mana of any color."" """
        return make_effects("it", generic_vp("is_type_with", c))

    def c_its_type_pt_equal(self, c: list) -> list:
        """"it's an artifact creature with power and toughness each equal to its mana value" """
        return make_effects("it", generic_vp("is_type_pt_equal", c))

    def c_any_type_spend(self, c: list) -> list:
        """"mana of any type can be spent to cast that spell" (CR 609.4b)."""
        return [Effect(Fn("spend_any_type", c[0]))]

    def c_you_may_have(self, c: list) -> list:
        for e in c[0]:
            e.optional = True
        return c[0]

    def c_have(self, c: list) -> list:
        return c[0]

    def sc_np(self, c: list) -> list:
        return [e for vp in verb_phrases(c[1]) for e in make_effects(c[0], vp)]

    def sc_base_pt_become(self, c: list) -> list:
        return self.c_base_pt_become(c)

    def c_base_pt_become(self, c: list) -> list:
        subj = c[0]
        pts, dur = c[1]
        effs = [Fn("set_base_pt", p, t) for p, t in pts]
        dur = dur or "permanent"
        if len(effs) == 1:
            return [Effect(Fn("apply", subj, effs[0], dur), continuous=(subj, effs[0]))]
        return [Effect("choice", options=[Fn("apply", subj, e, dur) for e in effs])]

    def c_unless(self, c: list) -> list:
        effs = c[0]
        unless = [e.kind for vp in verb_phrases(c[2]) for e in make_effects(c[1], vp)]
        for e in effs:
            for u in unless:
                e.facts.append(("effect_unless", (ABIL, EIDX, u)))
        return effs

    def c_if_post(self, c: list) -> list:
        return _conditioned(c[0], c[1])

    def c_for_each_post(self, c: list) -> list:
        for e in c[0]:
            if e.mana is not None:
                fe = c[1]
                amount = fe if isinstance(fe, Fn) and fe.name == "counters_removed" else Fn("count", as_filter(fe))
                e.mana = [[(_times(a, amount), w, o) for a, w, o in alt] for alt in e.mana]
            else:
                e.facts.append(("effect_for_each", (ABIL, EIDX, as_filter(c[1]))))
        return c[0]

    def c_where_x(self, c: list) -> list:
        value = c[-1]
        for e in c[0]:
            e.kind = substitute_x(e.kind, value)
            if e.mana is not None:
                e.mana = substitute_x(e.mana, value)
            e.facts = [(p, substitute_x(a, value)) for p, a in e.facts]
            e.options = substitute_x(e.options, value)
            if e.continuous is not None:  # a static ability's view: "where X is" applies too
                e.continuous = substitute_x(e.continuous, value)
        return c[0]

    def c_except(self, c: list) -> list:
        for e in c[0]:
            e.facts += [("copy_except", (ABIL, EIDX, x)) for x in c[-1]]
        return c[0]

    def c_duration(self, c: list) -> list:
        return [with_duration(e, c[1]) for e in c[0]]

    @child_when_alone  # one verb phrase (most clauses): the consumers read it (verb_phrases)
    def vps(self, c: list) -> Any:
        """A ``vp_list``: its verb phrases; one child alone is the value itself (a verb phrase,
        or what a verb that holds verb phrases gives: :func:`~.effect_parts.verb_phrases`)."""
        if len(c) == 1:
            return c[0]
        return [v for v in _flatten(c) if isinstance(v, VP)]

    def c_that_damage_dealt_to(self, c: list) -> list:
        """"..., that damage is dealt to ~ instead" (the effect of a "next time" replacement):
        redirect_that_damage(Ref)."""
        return [Effect(Fn("redirect_that_damage", c[0]))]

    def c_unless_opponents(self, c: list) -> list:
        """"enters tapped unless you have two or more opponents" → effect_condition(A, I,
        non(opponents_ge(2))) (the condition of "if you have two or more opponents")."""
        return _conditioned(c[0], Fn("non", Fn("opponents_ge", c[1])))

    def c_unless_symbol_spent(self, c: list) -> list:
        """"sacrifice it unless {U} was spent to cast it": the part happens when the mana was
        not spent → effect_condition(A, I, non(mana_symbol_spent(u, Ref)))."""
        return _conditioned(c[0], Fn("non", self.cond_symbol_spent(c[1:])))

    def c_during_untap_step(self, c: list) -> list:
        """"... during your untap step": the part applies during that player's untap step."""
        for e in c[0]:
            e.facts.append(("effect_condition", (ABIL, EIDX, Fn("during", Fn("untap_step", player_term(c[1]))))))
        return c[0]

    def c_instead_if(self, c: list) -> list:
        for e in c[0]:
            e.facts.append(("effect_instead_if", (ABIL, EIDX, c[-1])))
        return c[0]

    def c_alt_cost(self, c: list) -> list:
        for e in c[0]:
            e.facts.append(("alternative_cost", (ABIL, EIDX, c[1])))
        return c[0]

    def c_free(self, c: list) -> list:
        for e in c[0]:
            e.facts.append(("effect_without_paying", (ABIL, EIDX)))
        return c[0]

    def c_instead(self, c: list) -> list:
        for e in c[0]:
            e.facts.append(("effect_instead", (ABIL, EIDX)))
        return c[0]

    def c_toughness_equal(self, c: list) -> list:
        eff = Fn("set_base_toughness", c[1])
        return [Effect(Fn("apply", c[0], eff, "permanent"), continuous=(c[0], eff))]

    def c_pt_equal(self, c: list) -> list:
        """"~'s power and toughness are each equal to ..." (a characteristic-defining ability)."""
        eff = Fn("set_base_pt", c[1], c[1])
        return [Effect(Fn("apply", c[0], eff, "permanent"), continuous=(c[0], eff))]

    def c_power_equal(self, c: list) -> list:
        eff = Fn("set_base_power", c[1])
        return [Effect(Fn("apply", c[0], eff, "permanent"), continuous=(c[0], eff))]

    def c_ring_tempts(self, c: list) -> list:
        return [Effect(Fn("ring_tempts", "you"))]

    def c_instead_of_graveyard(self, c: list) -> list:
        """"<effect> instead of putting ~ into your graveyard as it resolves"."""
        for e in c[0]:
            e.facts.append(("effect_instead_of", (ABIL, EIDX, Fn("put_into", c[1], c[2]))))
        return c[0]

    def c_at(self, c: list) -> list:
        for e in c[0]:
            e.facts.append(("effect_delayed", (ABIL, EIDX, c[1])))
        return c[0]
