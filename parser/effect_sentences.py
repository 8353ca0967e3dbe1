"""Sentence frames of grammar/effects.lark: a sentence adds its frame to its clauses.

"If ...", "As long as ...", "until end of turn", "Then ...", replacement sentences ("If ...
would ..., instead ..."), the one-sentence statics ("Activate only as a sorcery.", "Spend this
mana only ...", the legend rule, maximum hand size) and delayed or reflexive triggers. Each
method returns a list of parts: :class:`~.nodes.Effect` objects and ability-level
:class:`~.effect_parts.AbFact` facts.
"""

from __future__ import annotations

from typing import Any

from lark import Token

from .lalr_shaping import child
from .effect_parts import (
    AbFact,
    GrammarReject,
    Sentences,
    VP,
    _conditioned,
    _flatten,
    make_effects,
    with_duration,
)
from .filters import as_filter, number_value, player_term
from .nodes import ABIL, EIDX, Effect, Filter, Fn, Str


class SentenceRules:
    """Sentence frames: a part of :class:`~.effects.EffectsTransformer`."""

    def block(self, c: list) -> Sentences:
        return Sentences(_flatten(c))

    def rr_one(self, c: list) -> list:
        n = number_value(c[0])
        return _conditioned(list(c[-1].parts), Fn("rolled", n, n))

    rr_one_dash = rr_one

    def rr_range(self, c: list) -> list:
        return _conditioned(list(c[-1].parts), Fn("rolled", number_value(c[0]), number_value(c[1])))

    s_plain = child(0)

    def s_if(self, c: list) -> list:
        return _conditioned(c[1], c[0])

    def s_if_otherwise(self, c: list) -> list:
        return _conditioned(c[1], c[0]) + _conditioned(c[2], Fn("non", c[0]))

    def s_otherwise(self, c: list) -> list:
        return _conditioned(c[0], "otherwise")

    def s_as_long_as(self, c: list) -> list:
        return _conditioned(_it_is_self(c[1], c[0]), c[0])

    def s_as_long_as_post(self, c: list) -> list:
        return _conditioned(_it_is_self(c[0], c[1]), c[1])

    def s_until_eot(self, c: list) -> list:
        return [with_duration(e, "until_end_of_turn") if isinstance(e, Effect) else e for e in c[0]]

    def s_until_your_next_turn(self, c: list) -> list:
        return [with_duration(e, "until_your_next_turn") if isinstance(e, Effect) else e for e in c[0]]

    def s_this_turn(self, c: list) -> list:
        return [with_duration(e, "this_turn") if isinstance(e, Effect) else e for e in c[0]]

    def s_then(self, c: list) -> list:
        return c[0]

    def s_for_each(self, c: list) -> list:
        out = []
        for e in c[1]:
            if isinstance(e, Effect):
                e.facts.append(("effect_for_each", (ABIL, EIDX, as_filter(c[0]))))
            out.append(e)
        return out

    def s_activate_only(self, c: list) -> list:
        return [AbFact("activation_restriction", (ABIL, r)) for r in c[0]]

    def s_activate_n_times(self, c: list) -> list:
        return [AbFact("activation_restriction", (ABIL, Fn("times_per_turn", c[0])))]

    def s_spend_only(self, c: list) -> list:
        return [AbFact("mana_spend_restriction", (ABIL, c[0]))]

    def s_spend_not(self, c: list) -> list:
        return [AbFact("mana_spend_restriction", (ABIL, Fn("non", c[0])))]

    def s_trigger_once(self, c: list) -> list:
        return [AbFact("trigger_restriction", (ABIL, "once_per_turn"))]

    def s_lure(self, c: list) -> list:
        """"All creatures able to block target creature this turn do so." (Lure effects)"""
        eff = Fn("must_be_blocked_by_all", c[0])
        return [Effect(eff)]

    def s_max_hand_size(self, c: list) -> list:
        """"Your maximum hand size is eight." (CR 402.2)"""
        eff = Fn("max_hand_size", c[1])
        return [Effect(Fn("apply", player_term(c[0]), eff, "permanent"), continuous=(player_term(c[0]), eff))]

    def s_its_type(self, c: list) -> list:
        """"It's an enchantment." (after a return: the object's new card type)."""
        return [e for vp in self.v_is_type(c) for e in make_effects("it", vp)]

    def s_max_attackers(self, c: list) -> list:
        """"No more than one creature can attack [you] each combat": at most N objects matching
        F attack in each combat → max_attackers(N) / max_attackers(N, Ref) (attacking Ref)."""
        n = c[0] if not isinstance(c[0], Token) else number_value(c[0])
        args = [n] + ([c[2]] if len(c) > 2 else [])
        return make_effects(Fn("each", as_filter(c[1])), VP("max_attackers", args))

    def s_max_blockers(self, c: list) -> list:
        """"No more than one creature can block each combat" → max_blockers(N)."""
        n = c[0] if not isinstance(c[0], Token) else number_value(c[0])
        return make_effects(Fn("each", as_filter(c[1])), VP("max_blockers", [n]))

    def s_its_type_add(self, c: list) -> list:
        """"It's a Demon in addition to its other types." (after a return): add_types(F) on it,
        as "becomes a Demon in addition to its other types"."""
        return make_effects("it", VP("add_types", [c[0]]))

    def s_deck_any_number(self, c: list) -> list:
        """"A deck can have any number of cards named ~." (CR 100.2a exceptions)"""
        return [AbFact("deck_limit", (ABIL, "any_number"))]

    def s_deck_up_to(self, c: list) -> list:
        return [AbFact("deck_limit", (ABIL, c[0] if isinstance(c[0], int) else number_value(c[0])))]

    def s_day_init(self, c: list) -> list:
        """"If it's neither day nor night, it becomes day as ~ enters." (CR 726.2)"""
        return [AbFact("as_enters", (ABIL, as_filter("self"), "enters")),
                Effect(Fn("become_day_if_neither", "game"))]

    def s_trigger_once_ever(self, c: list) -> list:
        return [AbFact("trigger_restriction", (ABIL, "once"))]

    def s_cant_be_countered_it(self, c: list) -> list:
        return [AbFact("continuous_rule", (ABIL, "cant_be_countered"))]

    def s_flash_self(self, c: list) -> list:
        return [AbFact("continuous_rule", (ABIL, "flash"))]

    def s_activate_instant(self, c: list) -> list:
        return [AbFact("activation_restriction", (ABIL, "instant_speed"))]

    def r_mana(self, c: list) -> list:
        return c[0]

    def r_would(self, c: list) -> list:
        """"If <event> would happen, <effects> instead." (CR 614.1a)."""
        np_, vp, parts = c[0], c[1], c[-1]
        first = len(c) == 4  # ", instead <effects>"
        marked = False
        for e in parts:
            if isinstance(e, Effect):
                kept = [f for f in e.facts if f[0] != "effect_instead"]
                marked = marked or len(kept) != len(e.facts)
                e.facts = kept
        prevents = any(isinstance(e, Effect) and isinstance(e.kind, Fn)
                       and e.kind.name.startswith(("prevent", "regenerate")) for e in parts)
        if not (marked or first or prevents):
            raise GrammarReject("a replacement effect without 'instead'")
        vps = vp if isinstance(vp, list) else [vp]
        events = [e.kind for v in vps for e in make_effects(np_, v)]
        out: list = [AbFact("replacement", (ABIL,))]
        out += [AbFact("replaces", (ABIL, ev)) for ev in events]
        return out + parts

    r_would_instead_first = r_would

    def r_would_this_turn(self, c: list) -> list:
        """"If a card would be put into your graveyard from anywhere this turn, ... instead"."""
        return self.r_would(c) + [AbFact("replacement_duration", (ABIL, "this_turn"))]

    r_would_noif = r_would

    def s_replacement(self, c: list) -> list:
        return c[0] if isinstance(c[0], list) else [c[0]]

    def s_legend_rule_exempt(self, c: list) -> list:
        """"The legend rule doesn't apply [to tokens you control]." (CR 704.5j): to what the np
        names, or to every permanent (Mirror Gallery)."""
        subject = [x for x in c if not isinstance(x, Token)]
        what = subject[-1] if subject else Filter([["permanent"]])
        return [Effect("legend_rule_exempt", continuous=(what, "legend_rule_exempt"))]

    def s_spend_as_any_color(self, c: list) -> list:
        return [AbFact("spend_as", (ABIL, c[0], "any_color"))]

    def s_spend_as_any_type(self, c: list) -> list:
        return [AbFact("spend_as", (ABIL, c[0], "any_type"))]

    def s_spend_only_as_colorless(self, c: list) -> list:
        return [AbFact("spend_as", (ABIL, c[0], Fn("only", "c")))]

    def s_same_for(self, c: list) -> list:
        return [AbFact("same_effect_for", (ABIL, c[0]))]

    def s_it_has(self, c: list) -> list:
        return [Effect(Fn("apply", "it", Fn("gain_ability", q), "permanent"), continuous=("it", Fn("gain_ability", q))) for q in c[0]]

    def s_new_targets(self, c: list) -> list:
        return [AbFact("may_choose_new_targets", (ABIL,))]

    def s_flip_coin(self, c: list) -> list:
        return [Effect(Fn("flip_coin", "you"))]

    def s_redirect_next(self, c: list) -> list:
        """"The next 1 damage that would be dealt to target creature this turn is dealt to another
        target creature instead." (a redirection, CR 614.9): redirect_damage(N, From, To)."""
        return self._redirect(c[0], c[1:])

    def s_redirect_all(self, c: list) -> list:
        """"All damage that would be dealt to you is dealt to ~ instead." """
        return self._redirect("all", c)

    def _redirect(self, amount: Any, rest: list) -> list:
        dur = rest[1] if len(rest) == 3 else None
        e = Effect(Fn("redirect_damage", amount, rest[0], rest[-1]))
        return [with_duration(e, dur) if dur is not None else e]

    def s_once_each_turn(self, c: list) -> list:
        """"Once each turn, you may cast ...": the parts, done at most once each turn."""
        return [AbFact("effect_limit", (ABIL, "once_per_turn")), *c[0]]

    def s_once_each_your_turn(self, c: list) -> list:
        """"Once during each of your turns, you may ..." """
        return [AbFact("effect_limit", (ABIL, "once_during_your_turn")), *c[0]]

    def s_do_only_once(self, c: list) -> list:
        """"Do this only once each turn." (the optional action of the ability)."""
        return [AbFact("effect_limit", (ABIL, "once_per_turn"))]

    def s_effect_doesnt_remove(self, c: list) -> list:
        """"This effect doesn't remove ~." (a protection granted by an Aura, CR 702.16)."""
        return [AbFact("effect_doesnt_remove", (ABIL, c[0]))]

    def s_additional_combat(self, c: list) -> list:
        """"After this main phase, there is an additional combat phase." (CR 500.8)"""
        return [Effect(Fn("additional_combat", c[0]))]

    def s_additional_combat_main(self, c: list) -> list:
        """"... followed by an additional main phase." (CR 500.8)"""
        return [Effect(Fn("additional_combat_and_main", c[0]))]

    def s_theyre_still(self, c: list) -> list:
        """"They're still lands." (after an animation of several objects)."""
        return [Effect(Fn("apply", "them", Fn("is_still", c[0]), "permanent"), continuous=("them", Fn("is_still", c[0])))]

    def s_as_attacks(self, c: list) -> list:
        """"You may exert ~ as it attacks." (when it is declared as an attacker)."""
        for e in c[0]:
            e.facts.append(("effect_condition", (ABIL, EIDX, Fn("as_attacks", c[1]))))
        return c[0]

    def s_duration_first(self, c: list) -> list:
        return [with_duration(e, c[0]) if isinstance(e, Effect) else e for e in c[1]]

    def s_cast_only(self, c: list) -> list:
        return [AbFact("cast_restriction", (ABIL, r)) for r in c[1]]

    def s_modes_repeat(self, c: list) -> list:
        return [AbFact("modes_repeatable", (ABIL,))]

    def s_flashback_cost_mana_cost(self, c: list) -> list:
        return [AbFact("keyword_cost_is", (ABIL, Str("flashback"), "mana_cost"))]

    def s_max_hand_size_reduced(self, c: list) -> list:
        eff = Fn("max_hand_size_minus", c[1])
        return [Effect(Fn("apply", player_term(c[0]), eff, "permanent"), continuous=(player_term(c[0]), eff))]

    def s_spend_only_color_on_x(self, c: list) -> list:
        return [AbFact("x_restriction", (ABIL, Fn("spend_only", c[0].constraint)))]

    def s_if_mana_spent(self, c: list) -> list:
        purpose = c[-2] if len(c) == 3 else c[0]
        out = [AbFact("mana_spent_trigger", (ABIL, purpose))]
        for e in c[-1]:
            if isinstance(e, Effect):
                e.facts.append(("effect_condition", (ABIL, EIDX, Fn("mana_spent", purpose))))
            out.append(e)
        return out

    def s_spend_only_and(self, c: list) -> list:
        return [AbFact("mana_spend_restriction", (ABIL, c[0]))] + [
            _conditioned([e], Fn("mana_spent", c[0]))[0] if isinstance(e, Effect) else e for e in c[1]]

    def s_delayed_trigger(self, c: list) -> list:
        dur, trig, parts = c
        out = [AbFact("delayed_trigger", (ABIL, dur, e)) for e in trig.events]
        for e in parts:
            if isinstance(e, Effect):
                e.facts.append(("effect_delayed", (ABIL, EIDX, "on_trigger")))
            out.append(e)
        return out

    def s_if_instead(self, c: list) -> list:
        """"If <condition>, instead <effects>.": the effects replace the ones before."""
        out = _conditioned(c[-1], c[0])
        for e in out:
            if isinstance(e, Effect):
                e.facts.append(("effect_instead", (ABIL, EIDX)))
        return out

    def s_x_not(self, c: list) -> list:
        return [AbFact("x_restriction", (ABIL, Fn("non", number_value(c[0]))))]

    def s_next_time(self, c: list) -> list:
        """"The next time <event> would happen [this turn], <effects>": a one-shot replacement."""
        np_, vp = c[0], c[1]
        vps = vp if isinstance(vp, list) else [vp]
        events = [e.kind for v in vps for e in make_effects(np_, v)]
        dur = c[2] if len(c) == 4 else "permanent"
        out: list = [AbFact("next_time_replacement", (ABIL, ev, dur)) for ev in events]
        return out + c[-1]

    def s_during(self, c: list) -> list:
        return _conditioned(c[1], Fn("during", c[0]))

    def s_its_still(self, c: list) -> list:
        return [Effect(Fn("apply", "it", Fn("is_still", c[0]), "permanent"), continuous=("it", Fn("is_still", c[0])))]

    def s_choose_among(self, c: list) -> list:
        """"Exile the top three cards of your library. Choose one." (of the cards just named)."""
        return [Effect(Fn("choose_among_those", number_value(c[0])))]

    def s_then_if(self, c: list) -> list:
        return _conditioned(c[1], c[0])

    def s_reflexive_trigger(self, c: list) -> list:
        """"When you do, ...": a reflexive triggered ability created as the ability resolves."""
        trig, parts = c
        out: list = [AbFact("reflexive_trigger", (ABIL, e)) for e in trig.events]
        for e in parts:
            if isinstance(e, Effect):
                e.facts.append(("effect_delayed", (ABIL, EIDX, "reflexive")))
            out.append(e)
        return out

    def s_additional_cost(self, c: list) -> list:
        return [AbFact("additional_cost", (ABIL, x)) for x in c[1]]

    def s_as_enters(self, c: list) -> list:
        return [AbFact("as_enters", (ABIL, as_filter(c[0]), c[1]))] + c[2]


def _it_is_self(parts: list, cond: Any) -> list:
    """"As long as ~ is renowned, it has vigilance": "it" in the clause is the condition's
    subject, ~ (a static ability's subject "it" is otherwise a reference the rules can't read)."""
    if not (isinstance(cond, Fn) and cond.name == "is" and cond.args and cond.args[0] == "self"):
        return parts
    for e in parts:
        if isinstance(e, Effect) and e.continuous is not None and e.continuous[0] == "it":
            e.continuous = ("self", e.continuous[1])
            if isinstance(e.kind, Fn) and e.kind.name == "apply" and e.kind.args[0] == "it":
                e.kind = Fn("apply", "self", *e.kind.args[1:])
    return parts
