"""Transformer for grammar/effects.lark: sentences → effect parts.

A verb phrase becomes a :class:`VP`; a clause gives it its subject and yields
:class:`~.nodes.Effect` objects; a sentence adds its frame (condition, duration, "then") and
yields a list of parts: effects and ability-level facts (:class:`AbFact`, e.g.
``activation_restriction(A, sorcery_speed)``). The ability assembler (:mod:`.oracle`) numbers
the effects and prints them as ``effect(A, I, Kind)`` (one-shot) or
``continuous(A, K, F, Eff)`` (static abilities).

Verb phrases without a dedicated method are handled by :func:`generic_vp`: the alternative
``v_<name>`` becomes the term ``<name>(Args)``, with the acting player first for verbs that
have one (``draw(you, 2)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token, Transformer

from .nodes import ABIL, EIDX, Effect, Filter, Fn, Quoted, Str, clean_children
from .filters import as_filter, subtype_name
from .keywords import KW
from .mana import group_symbols

#: verbs whose effect term takes no acting player (the object is what matters)
_NO_ACTOR = frozenset({
    "destroy", "destroy_no_regen", "exile", "exile_face_down", "exile_until_leaves",
    "return_hand", "return_battlefield", "return_battlefield_tapped",
    "return_battlefield_control", "return_from_hand", "return_from_battlefield",
    "put_battlefield", "put_hand", "put_graveyard", "put_top", "put_bottom", "put_nth",
    "put_counters", "put_counter", "put_counters2", "put_that_many_counters",
    "put_counters_amount", "remove_counter", "remove_all_counters", "remove_any_counter",
    "tap", "untap", "tap_or_untap", "counter", "counter_unless_pay", "regenerate", "transform",
    "attach", "goad", "detain", "suspect", "exert", "airbend", "cloak",
    "return_battlefield_owner", "double_power", "double_counters", "switch_pt_np",
    "prevent_by", "prevent_to", "prevent_combat_by", "prevent_next", "fog", "prevent_damage",
    "prevent_that", "prevent_n_of_that", "flip",
})

#: verbs that describe (continuous) characteristics or rules of their subject
_CONTINUOUS = frozenset({
    "set_land_subtype", "set_subtype", "set_color", "set_type", "add_supertype", "is",
    "set_base_pt", "set_base_power", "add_types", "copy_of", "enters_as_copy", "gain_ability", "lose_ability",
    "modify_pt", "modify_pt_for_each", "modify_pt_gain", "modify_pt_have", "modify_pt_lose",
    "gain_ability", "have_ability", "lose_ability", "have_base_pt", "have_base_pt_amount",
    "have_base_pt_x", "become_creature", "become_creature_with", "become_type_add",
    "become_chosen_color", "become_copy", "become_copy_except", "enter_as_copy",
    "enter_as_copy_except", "is_type", "is_every_creature_type", "is_still", "is_chosen_color",
    "cant_block", "cant_attack", "cant_attack_or_block", "cant_attack_you", "cant_block_np",
    "unblockable", "blockable_only_by", "cant_be_blocked_by", "cant_be_countered", "cant_be_copied",
    "max_attackers", "max_blockers",
    "cant_be_target", "cant_be_sacrificed", "cant_be_regenerated", "cant_be_enchanted",
    "cant_transform", "cant_gain_life", "cant_lose_life", "cant_lose_game", "cant_win_game",
    "cant_cast", "cant_play", "cant_draw_more", "cant_untap", "cant_attack_block_alone",
    "cant_attack_alone", "cant_block_alone", "block_max_one", "cant_have_counters",
    "cant_activate", "cant_search", "cant_be_dealt_damage", "cant_cause", "can_block_only",
    "block_additional", "block_any", "attack_despite_defender", "block_shadow", "attack_haste",
    "menace_like", "must_attack", "must_block", "must_attack_block", "doesnt_untap",
    "doesnt_untap_next", "enters_tapped", "enters_with_counters",
    "enters_with_counters_amount", "enters_with_additional", "enters_with_x",
    "enters_tapped_attacking", "cost_less", "cost_more", "cost_less_for_each",
    "cost_more_for_each", "cost_less_activate", "cost_less_x", "toughness_damage",
    "spend_as_any_color", "spend_as_any_type", "spend_only_as_colorless", "cast_as_flash",
    "no_max_hand_size", "control", "look_top_any_time", "play_top_revealed",
    "activate_instant_speed",
    "is_indestructible", "remain_tapped", "extra_land", "phase_out",
    "assign_no_combat_damage", "assign_damage_as_unblocked", "must_be_blocked",
    "cant_untap_more", "is_type_pt_equal",
    "can_be_commander", "escapes_with_counters",
    "lose_all_abilities", "cant_be_activated",
})


class GrammarReject(ValueError):
    """A transformer's semantic check failed: the text is unsupported, not a parser bug."""


@dataclass
class VP:
    """A verb phrase before its subject is known."""

    name: str
    args: list[Any] = field(default_factory=list)
    effect: Effect | None = None  # prebuilt (add_mana)
    optional: bool = False
    facts: list[Any] = field(default_factory=list)
    options: list["VP"] = field(default_factory=list)
    #: a causative "have X do Y": the effects of the inner clause
    inner: list[Effect] | None = None
    #: a duration carried by the verb itself ("perpetually gets +1/+1")
    duration: Any = None


@dataclass
class AbFact:
    """A fact about the whole ability (restrictions, replacement effects, ...)."""

    pred: str
    args: tuple[Any, ...]


@dataclass
class Sentences:
    """The parts of an effect block, in text order."""

    parts: list[Any] = field(default_factory=list)


def _flatten(items: list) -> list:
    out: list = []
    for it in items:
        if isinstance(it, list):
            out.extend(_flatten(it))
        elif it is not None:
            out.append(it)
    return out


def _kw_term(kw: KW) -> Any:
    return Fn("keyword", Str(kw.name), *kw.params)


def generic_vp(name: str, children: list) -> VP:
    return VP(name, clean_children(children))


def generic_condition(name: str, children: list) -> Any:
    return Fn(name, *clean_children(children))


def substitute_x(term: Any, value: Any) -> Any:
    """Replace the amount x by the term of its "where X is ..." definition."""
    if term == "x":
        return value
    if isinstance(term, Fn):
        return Fn(term.name, *(substitute_x(a, value) for a in term.args))
    if isinstance(term, tuple):
        return tuple(substitute_x(a, value) for a in term)
    if isinstance(term, list):
        return [substitute_x(a, value) for a in term]
    return term


def make_effects(subject: Any, vp: VP) -> list[Effect]:
    """The effect(s) of one verb phrase with its subject."""
    effs = _make_effects(subject, vp)
    if vp.duration is not None:
        effs = [with_duration(e, vp.duration) for e in effs]
    return effs


def _make_effects(subject: Any, vp: VP) -> list[Effect]:
    if vp.inner is not None:
        for e in vp.inner:
            e.optional = e.optional or vp.optional
        return list(vp.inner)
    if vp.options:
        effs = [make_effects(subject, o)[0] for o in vp.options]
        e = Effect("choice", options=[x.kind for x in effs], optional=vp.optional)
        return [e]
    if vp.effect is not None:
        e = vp.effect
        if vp.name == "add_mana" and subject not in (None, "you"):
            e.mana_to = _mana_receiver(subject)
        e.optional = e.optional or vp.optional
        return [e]
    subj = subject if subject is not None else "you"
    if vp.name in _CONTINUOUS:
        eff = Fn(vp.name, *vp.args)
        e = Effect(Fn("apply", subj, eff, "permanent"), optional=vp.optional, continuous=(subj, eff))
    elif vp.name in _NO_ACTOR:
        e = Effect(Fn(vp.name, *vp.args), optional=vp.optional)
    else:
        e = Effect(Fn(vp.name, subj, *vp.args), optional=vp.optional)
    e.facts.extend(vp.facts)
    return [e]


def _mana_receiver(subject: Any) -> Any:
    """adds_to(A, Who): "its controller" → event_controller, "that player" → event_player."""
    if isinstance(subject, Fn) and subject.name == "controller_of" and subject.args[0] == "it":
        return "event_controller"
    if isinstance(subject, Fn) and subject.name == "that":
        return "event_player"
    return subject


def with_duration(e: Effect, dur: Any) -> Effect:
    if e.continuous is not None:
        subj, eff = e.continuous
        e.kind = Fn("apply", subj, eff, dur)
    elif e.kind == "choice" or (isinstance(e.kind, Fn) and e.kind.name == "choice"):
        e.options = [Fn("apply", o.args[0], o.args[1], dur) if isinstance(o, Fn) and o.name == "apply" else o for o in e.options]
    else:
        e.facts.append(("effect_duration", (ABIL, EIDX, dur)))
    return e


class EffectsTransformer(Transformer):
    """Methods are the aliases of grammar/effects.lark (namespace ``effects``)."""

    # --- blocks and sentences -----------------------------------------------------------
    def block(self, c: list) -> Sentences:
        return Sentences(_flatten(c))

    def rr_one(self, c: list) -> list:
        from .filters import number_value

        n = number_value(c[0])
        return _conditioned(list(c[-1].parts), Fn("rolled", n, n))

    rr_one_dash = rr_one

    def rr_range(self, c: list) -> list:
        from .filters import number_value

        return _conditioned(list(c[-1].parts), Fn("rolled", number_value(c[0]), number_value(c[1])))

    def s_plain(self, c: list) -> list:
        return c[0]

    def s_if(self, c: list) -> list:
        return _conditioned(c[1], c[0])

    def s_if_otherwise(self, c: list) -> list:
        return _conditioned(c[1], c[0]) + _conditioned(c[2], Fn("non", c[0]))

    def s_otherwise(self, c: list) -> list:
        return _conditioned(c[0], "otherwise")

    def s_as_long_as(self, c: list) -> list:
        return _conditioned(c[1], c[0])

    def s_as_long_as_post(self, c: list) -> list:
        return _conditioned(c[0], c[1])

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

    def s_trigger_twice(self, c: list) -> list:
        return [AbFact("trigger_restriction", (ABIL, Fn("times_per_turn", 2)))]

    def s_lure(self, c: list) -> list:
        """"All creatures able to block target creature this turn do so." (Lure effects)"""
        eff = Fn("must_be_blocked_by_all", c[0])
        return [Effect(eff)]

    def s_max_hand_size(self, c: list) -> list:
        """"Your maximum hand size is eight." (CR 402.2)"""
        from .filters import player_term

        eff = Fn("max_hand_size", c[1])
        return [Effect(Fn("apply", player_term(c[0]), eff, "permanent"), continuous=(player_term(c[0]), eff))]

    def v_prevent_to_and_by(self, c: list) -> VP:
        """"Prevent all combat damage that would be dealt to and dealt by target creature"."""
        return VP("prevent_damage", [c[0], Fn("to", c[1]), Fn("by", c[1]), *c[2:]])

    def c_during_turn(self, c: list) -> list:
        from .filters import player_term

        for e in c[0]:
            e.facts.append(("effect_condition", (ABIL, EIDX, Fn("during_turn_of", player_term(c[1])))))
        return c[0]

    def s_its_type(self, c: list) -> list:
        """"It's an enchantment." (after a return: the object's new card type)."""
        return [e for vp in self.v_is_type(c) for e in make_effects("it", vp)]

    def s_max_attackers(self, c: list) -> list:
        """"No more than one creature can attack [you] each combat": at most N objects matching
        F attack in each combat → max_attackers(N) / max_attackers(N, Ref) (attacking Ref)."""
        from .filters import number_value

        n = c[0] if not isinstance(c[0], Token) else number_value(c[0])
        args = [n] + ([c[2]] if len(c) > 2 else [])
        return make_effects(Fn("each", as_filter(c[1])), VP("max_attackers", args))

    def s_max_blockers(self, c: list) -> list:
        """"No more than one creature can block each combat" → max_blockers(N)."""
        from .filters import number_value

        n = c[0] if not isinstance(c[0], Token) else number_value(c[0])
        return make_effects(Fn("each", as_filter(c[1])), VP("max_blockers", [n]))

    def s_its_type_add(self, c: list) -> list:
        """"It's a Demon in addition to its other types." (after a return): add_types(F) on it,
        as "becomes a Demon in addition to its other types"."""
        return make_effects("it", VP("add_types", [c[0]]))

    def v_attach_it(self, c: list) -> VP:
        """"attach it to target creature you control": attach(it, Target), like "attach ~ to ..."."""
        return VP("attach", ["it", *c])

    def v_put_counters_amount_pre(self, c: list) -> VP:
        """"put a number of +1/+1 counters equal to that spell's mana value on up to one target creature"."""
        return VP("put_counters", [c[0], c[1], c[2]])

    def c_instead_of_into(self, c: list) -> list:
        for e in c[0]:
            e.facts.append(("effect_instead_of", (ABIL, EIDX, Fn("put_into", "it", c[1]))))
        return c[0]

    def fe_counter_kinds(self, c: list) -> Any:
        return Fn("counter_kinds_on", c[0])

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

    def s_deck_any_number(self, c: list) -> list:
        """"A deck can have any number of cards named ~." (CR 100.2a exceptions)"""
        return [AbFact("deck_limit", (ABIL, "any_number"))]

    def s_deck_up_to(self, c: list) -> list:
        from .filters import number_value

        return [AbFact("deck_limit", (ABIL, c[0] if isinstance(c[0], int) else number_value(c[0])))]

    def s_day_init(self, c: list) -> list:
        """"If it's neither day nor night, it becomes day as ~ enters." (CR 726.2)"""
        return [AbFact("as_enters", (ABIL, as_filter("self"), "enters")),
                Effect(Fn("become_day_if_neither", "game"))]

    def ex_name_self(self, c: list) -> Any:
        return Fn("name", "self")

    def s_trigger_once_ever(self, c: list) -> list:
        return [AbFact("trigger_restriction", (ABIL, "once"))]

    def s_counter_cap(self, c: list) -> list:
        kind = next(x for x in c if not isinstance(x, Token))
        return [AbFact("ability_limit", (ABIL, Fn("counter_cap", kind, int(str(c[-1])))))]

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

    def s_legend_rule_off(self, c: list) -> list:
        """"The legend rule doesn't apply." (Mirror Gallery): to every permanent."""
        return [Effect("legend_rule_exempt", continuous=(Filter([["permanent"]]), "legend_rule_exempt"))]

    def s_legend_rule_exempt(self, c: list) -> list:
        return [Effect("legend_rule_exempt", continuous=(c[-1], "legend_rule_exempt"))]

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

    # --- clauses ------------------------------------------------------------------------
    def clauses(self, c: list) -> list:
        out: list = []
        for item in c:
            if isinstance(item, str) and item.startswith("sep_"):
                continue
            out.extend(item)
        return out

    def sep_then(self, c: list) -> str:
        return "sep_then"

    def sep_and(self, c: list) -> str:
        return "sep_and"

    def sep_comma(self, c: list) -> str:
        return "sep_comma"

    def c_imperative(self, c: list) -> list:
        return [e for vp in c[0] for e in make_effects("you", vp)]

    def c_subject(self, c: list) -> list:
        return [e for vp in c[-1] for e in make_effects(c[0], vp)]

    def c_counters_put_plus(self, c: list) -> list:
        """"that many plus one +1/+1 counters are put on it instead" (Hardened Scales)."""
        return [Effect(Fn("put_counters", c[1], Fn("plus", "that_many", c[0]), c[2]))]

    def c_counters_put_twice(self, c: list) -> list:
        return [Effect(Fn("put_counters", c[0], Fn("times", 2, "that_many"), c[1]))]

    def c_tokens_created_twice(self, c: list) -> list:
        return [Effect(Fn("create_those_tokens", Fn("times", 2, "that_many")))]

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
        return [e for vp in c[1] for e in make_effects(c[0], vp)]

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
        unless = [e.kind for vp in c[2] for e in make_effects(c[1], vp)]
        for e in effs:
            for u in unless:
                e.facts.append(("effect_unless", (ABIL, EIDX, u)))
        return effs

    def c_unless_you(self, c: list) -> list:
        effs = c[0]
        unless = [e.kind for vp in c[1] for e in make_effects("you", vp)]
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

    def vps(self, c: list) -> list:
        return [v for v in _flatten(c) if isinstance(v, VP)]

    # --- verb phrases with their own shape ----------------------------------------------
    def v_add_mana(self, c: list) -> VP:
        return VP("add_mana", effect=c[0])

    def v_may(self, c: list) -> Any:
        vps = c[0] if isinstance(c[0], list) else [c[0]]
        for vp in vps:
            vp.optional = True
        return vps

    def v_perpetually(self, c: list) -> list:
        """"It perpetually gets +1/+1 and gains vigilance": every verb lasts perpetually
        (the effect follows the card across zones)."""
        vps = c[0] if isinstance(c[0], list) else [c[0]]
        for vp in vps:
            vp.duration = "perpetual"
        return vps

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
        from .filters import number_value

        if number_value(c[0]) != 1:
            raise GrammarReject("'put N ... and the other' with N other than one")
        return VP("put_some_rest", [Fn("one_of", "them"), c[1], "rest", c[2]])

    def v_put_one_battlefield_other(self, c: list) -> VP:
        """"put one onto the battlefield tapped and the other into your hand" (Cultivate) →
        put_battlefield_rest(P, one_of(them), Mods, Dest), as "put one of them onto the
        battlefield tapped and the rest into ..."."""
        from .filters import number_value

        if number_value(c[0]) != 1:
            raise GrammarReject("'put N ... and the other' with N other than one")
        return VP("put_battlefield_rest", [Fn("one_of", "them"), c[-1]])

    def v_put_one_battlefield_tapped_other(self, c: list) -> VP:
        vp = self.v_put_one_battlefield_other(c)
        vp.args.insert(1, ["tapped"])
        return vp

    def c_that_damage_dealt_to(self, c: list) -> list:
        """"..., that damage is dealt to ~ instead" (the effect of a "next time" replacement):
        redirect_that_damage(Ref)."""
        return [Effect(Fn("redirect_that_damage", c[0]))]

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

    def cond_symbol_spent(self, c: list) -> Any:
        """"{W} was spent to cast this spell" → mana_symbol_spent(w, Ref): mana of that
        symbol's kind ({S}: snow) was spent to cast it."""
        from .mana import mana_symbol

        return Fn("mana_symbol_spent", mana_symbol(str(c[0])), c[1])

    def c_unless_opponents(self, c: list) -> list:
        """"enters tapped unless you have two or more opponents" → effect_condition(A, I,
        non(opponents_ge(2))) (the condition of "if you have two or more opponents")."""
        return _conditioned(c[0], Fn("non", Fn("opponents_ge", c[1])))

    def c_unless_symbol_spent(self, c: list) -> list:
        """"sacrifice it unless {U} was spent to cast it": the part happens when the mana was
        not spent → effect_condition(A, I, non(mana_symbol_spent(u, Ref)))."""
        return _conditioned(c[0], Fn("non", self.cond_symbol_spent(c[1:])))

    def cond_nth_resolution(self, c: list) -> Any:
        """"If this is the third time this ability has resolved this turn" → resolved_times(3)."""
        return Fn("resolved_times", c[0])

    def ex_has_this_ability(self, c: list) -> list:
        """"..., except it has this ability" (the copy keeps the ability creating it)."""
        return [Fn("has", "this_ability")]

    def v_gain_flashback_bare(self, c: list) -> VP:
        """"gains flashback until end of turn" (its cost given by the next sentence, "The
        flashback cost is equal to its mana cost.")."""
        return VP("gain_ability", [Fn("keyword", Str("flashback"))], duration=c[0])

    def cond_you_dont_vp(self, c: list) -> Any:
        """"If you don't put the card into your hand, ...": non(did(Eff)); "If you don't control
        a Swamp" stays non(control(F))."""
        vp = c[0]
        if vp.name == "control" and len(vp.args) == 1:
            return Fn("non", Fn("control", as_filter(vp.args[0])))
        return Fn("non", Fn("did", Fn(vp.name, *vp.args)))

    def v_shuffle_it_into(self, c: list) -> VP:
        """"shuffles it into their library": shuffle_into(P, it, Owner)."""
        return VP("shuffle_into", ["it", c[0]])

    def v_lose_this_ability(self, c: list) -> VP:
        """"~ loses this ability" (Licids): lose_ability(this_ability)."""
        return VP("lose_ability", ["this_ability"])

    def v_must_be_blocked_this_turn(self, c: list) -> VP:
        return VP("must_be_blocked", duration="this_turn")

    def s_do_only_once(self, c: list) -> list:
        """"Do this only once each turn." (the optional action of the ability)."""
        return [AbFact("effect_limit", (ABIL, "once_per_turn"))]

    def s_effect_doesnt_remove(self, c: list) -> list:
        """"This effect doesn't remove ~." (a protection granted by an Aura, CR 702.16)."""
        return [AbFact("effect_doesnt_remove", (ABIL, c[0]))]

    def after_phase(self, c: list) -> str:
        words = [str(t).lower() for t in c]
        return {"phase": "this_phase", "main phase": "this_main_phase",
                "combat phase": "this_combat_phase", "combat": "this_combat"}[" ".join(words)]

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

    def v_choose_not(self, c: list) -> VP:
        """"You may choose not to untap ~ during your untap step": choose_not(you, untap(self))."""
        inner = c[0] if isinstance(c[0], list) else [c[0]]
        return VP("choose_not", [Fn(v.name, *v.args) for v in inner])

    def c_during_untap_step(self, c: list) -> list:
        """"... during your untap step": the part applies during that player's untap step."""
        from .filters import player_term

        for e in c[0]:
            e.facts.append(("effect_condition", (ABIL, EIDX, Fn("during", Fn("untap_step", player_term(c[1]))))))
        return c[0]

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

    def s_duration_first(self, c: list) -> list:
        return [with_duration(e, c[0]) if isinstance(e, Effect) else e for e in c[1]]

    def s_cast_only(self, c: list) -> list:
        return [AbFact("cast_restriction", (ABIL, r)) for r in c[1]]

    def cast_restrictions(self, c: list) -> list:
        return list(c)

    def cr_if(self, c: list) -> Any:
        return Fn("if", c[0])

    def s_modes_repeat(self, c: list) -> list:
        return [AbFact("modes_repeatable", (ABIL,))]

    def ac_optional(self, c: list) -> list:
        return [Fn("optional", x) for x in c[0]]

    def v_gain_life(self, c: list) -> VP:
        return VP("gain_life", [c[0]])

    def v_lose_life(self, c: list) -> VP:
        return VP("lose_life", [c[0]])

    def la_count(self, c: list) -> Any:
        return c[0]

    def la_that_much(self, c: list) -> Any:
        return "that_much"

    def la_that_much_plus(self, c: list) -> Any:
        return Fn("plus", "that_much", c[0])

    def la_twice_that_much(self, c: list) -> Any:
        return Fn("times", 2, "that_much")

    def v_new_targets_copy(self, c: list) -> VP:
        return VP("new_targets", ["copy"])

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
        from .filters import number_value

        return Fn("life_lost_this_way", number_value(c[0]))

    def fe_times_kicked(self, c: list) -> Any:
        return "times_kicked"

    def fe_damage_dealt(self, c: list) -> Any:
        """"for each 1 damage dealt to them"."""
        from .filters import number_value

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

    def s_flashback_cost_mana_cost(self, c: list) -> list:
        return [AbFact("keyword_cost_is", (ABIL, Str("flashback"), "mana_cost"))]

    def fe_life_gained(self, c: list) -> Any:
        from .filters import number_value

        return Fn("life_gained", number_value(c[0]))

    def fe_damage_prevented(self, c: list) -> Any:
        from .filters import number_value

        return Fn("damage_prevented_this_way", number_value(c[0]))

    def s_max_hand_size_reduced(self, c: list) -> list:
        from .filters import player_term

        eff = Fn("max_hand_size_minus", c[1])
        return [Effect(Fn("apply", player_term(c[0]), eff, "permanent"), continuous=(player_term(c[0]), eff))]

    def s_spend_only_color_on_x(self, c: list) -> list:
        return [AbFact("x_restriction", (ABIL, Fn("spend_only", c[0].constraint)))]

    def fe_symbol_spent(self, c: list) -> Any:
        """"for each {S} spent to cast this spell"."""
        from .mana import mana_symbol

        return Fn("symbols_spent", mana_symbol(str(c[0])), c[-1])

    def fe_different_stat(self, c: list) -> Any:
        """"for each different power among creatures you control"."""
        return Fn("different_values_among", c[0], as_filter(c[1]))

    def fe_counters_removed(self, c: list) -> Any:
        return Fn("counters_removed", c[0])

    def fe_any_counter_removed(self, c: list) -> Any:
        return Fn("counters_removed", "any")

    def c_instead_if(self, c: list) -> list:
        for e in c[0]:
            e.facts.append(("effect_instead_if", (ABIL, EIDX, c[-1])))
        return c[0]

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

    def sp_list(self, c: list) -> Any:
        c = [x for x in c if not isinstance(x, Token)]
        return c[0] if len(c) == 1 else Fn("any_of", *c)

    def s_if_instead(self, c: list) -> list:
        """"If <condition>, instead <effects>.": the effects replace the ones before."""
        out = _conditioned(c[-1], c[0])
        for e in out:
            if isinstance(e, Effect):
                e.facts.append(("effect_instead", (ABIL, EIDX)))
        return out

    def sa_costs_containing(self, c: list) -> Any:
        return Fn("pay_costs_containing", *[Fn("mana", s, n) for s, n in group_symbols(c[-1])])

    sp_costs_containing = sa_costs_containing

    def sa_generic_costs(self, c: list) -> Any:
        return "pay_generic_costs"

    def sa_cast(self, c: list) -> Any:
        return Fn("cast", as_filter(c[0]))

    def sa_activate(self, c: list) -> Any:
        return Fn("activate", as_filter(c[0]))

    def sa_activate_of(self, c: list) -> Any:
        return Fn("activate_abilities_of", as_filter(c[0]))

    def sa_pay(self, c: list) -> Any:
        return Fn("pay", as_filter(c[0]))

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

    def sa_class_level(self, c: list) -> Any:
        return "gain_class_level"

    def sa_cumulative_upkeep(self, c: list) -> Any:
        return "pay_cumulative_upkeep"

    def sa_unlock_door(self, c: list) -> Any:
        return "unlock_door"

    def sa_turn_face_up(self, c: list) -> Any:
        return Fn("turn_face_up", as_filter(c[0]))

    def sa_cast_with_keyword(self, c: list) -> Any:
        return Fn("cast", as_filter(c[0]), Fn("with", Str(c[1])), Fn("from", c[2]))

    def sa_pay_for(self, c: list) -> Any:
        return Fn("pay_for", as_filter(c[0]))

    def c_alt_cost(self, c: list) -> list:
        for e in c[0]:
            e.facts.append(("alternative_cost", (ABIL, EIDX, c[1])))
        return c[0]

    def rd_graveyard(self, c: list) -> Any:
        return Fn("graveyard", c[0])

    def rd_bottom(self, c: list) -> Any:
        return Fn("library_bottom", c[0])

    def s_x_not(self, c: list) -> list:
        from .filters import number_value

        return [AbFact("x_restriction", (ABIL, Fn("non", number_value(c[0]))))]

    def bf_attached_to(self, c: list) -> Any:
        return Fn("attached_to", c[-1])

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

    def v_become_bare(self, c: list) -> list:
        """"becomes black", "becomes colorless": type_phrase without an article."""
        return [VP(name, [arg]) for name, arg in type_setting(c[0])]

    def cond_pp_this_way(self, c: list) -> Any:
        """"If an instant or sorcery card was milled this way"."""
        return Fn(str(c[2][0]).lower() + "_this_way", c[0])

    def cond_pp_this_turn(self, c: list) -> Any:
        """"if a spell was warped this turn" → warped_this_turn(Ref)."""
        return Fn(str(c[2][0]).lower() + "_this_turn", c[0])

    def was_is(self, c: list) -> str:
        return str(c[0]).lower()

    def pp_word(self, c: list) -> list:
        return [str(t) for t in c]

    def c_pt_equal(self, c: list) -> list:
        """"~'s power and toughness are each equal to ..." (a characteristic-defining ability)."""
        eff = Fn("set_base_pt", c[1], c[1])
        return [Effect(Fn("apply", c[0], eff, "permanent"), continuous=(c[0], eff))]

    def c_power_equal(self, c: list) -> list:
        eff = Fn("set_base_power", c[1])
        return [Effect(Fn("apply", c[0], eff, "permanent"), continuous=(c[0], eff))]

    def c_ring_tempts(self, c: list) -> list:
        return [Effect(Fn("ring_tempts", "you"))]

    def v_choose_kind(self, c: list) -> VP:
        kind = c[1]
        if isinstance(kind, Fn):  # "choose a color of <np>": choose(color_of(1, NP))
            return VP("choose", [Fn(kind.name, c[0], *kind.args)])
        return VP("choose", [Fn(kind, c[0])])

    def s_next_time(self, c: list) -> list:
        """"The next time <event> would happen [this turn], <effects>": a one-shot replacement."""
        np_, vp = c[0], c[1]
        vps = vp if isinstance(vp, list) else [vp]
        events = [e.kind for v in vps for e in make_effects(np_, v)]
        dur = c[2] if len(c) == 4 else "permanent"
        out: list = [AbFact("next_time_replacement", (ABIL, ev, dur)) for ev in events]
        return out + c[-1]

    def tok_one_prefixed(self, c: list) -> list:
        """"a tapped 3/3 ... token": words before the P/T join the description."""
        pre, pt, words = c[0], c[1], c[2]
        merged = Filter([b + [x for x in pre.branches[0] if x not in b] for b in words.branches])
        return _token_facts([pt, merged] + c[3:])

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

    def ck_odd_even(self, c: list) -> str:
        return "odd_even"

    def c_instead_of(self, c: list) -> list:
        vps = c[1] if isinstance(c[1], list) else [c[1]]
        for e in c[0]:
            for v in vps:
                e.facts.append(("effect_instead_of", (ABIL, EIDX, Fn(v.name, *v.args))))
        return c[0]

    def c_instead_of_graveyard(self, c: list) -> list:
        """"<effect> instead of putting ~ into your graveyard as it resolves"."""
        for e in c[0]:
            e.facts.append(("effect_instead_of", (ABIL, EIDX, Fn("put_into", c[1], c[2]))))
        return c[0]

    def d_while_has_counter(self, c: list) -> Any:
        return Fn("while_has_counter", c[0], c[1])

    def d_while_exiled(self, c: list) -> Any:
        return Fn("while_exiled", c[0])

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

    def pw_all_but(self, c: list) -> Any:
        return Fn("all_but", c[0])

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

    def s_during(self, c: list) -> list:
        return _conditioned(c[1], Fn("during", c[0]))

    def s_its_still(self, c: list) -> list:
        return [Effect(Fn("apply", "it", Fn("is_still", c[0]), "permanent"), continuous=("it", Fn("is_still", c[0])))]

    def s_choose_among(self, c: list) -> list:
        """"Exile the top three cards of your library. Choose one." (of the cards just named)."""
        from .filters import number_value

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

    def ac_costs(self, c: list) -> list:
        return list(c[0])

    def ac_or(self, c: list) -> list:
        return [Fn("either", Fn("costs", *c[0]), Fn("costs", *c[1]))]

    def s_as_enters(self, c: list) -> list:
        return [AbFact("as_enters", (ABIL, as_filter(c[0]), c[1]))] + c[2]

    def ea_enters(self, c: list) -> Any:
        return "enters"

    def ea_turned_face_up(self, c: list) -> Any:
        return "turned_face_up"

    def ea_becomes_creature(self, c: list) -> Any:
        return "becomes_creature"

    def c_at(self, c: list) -> list:
        for e in c[0]:
            e.facts.append(("effect_delayed", (ABIL, EIDX, c[1])))
        return c[0]

    def v_modify_pt(self, c: list) -> VP:
        return VP("modify_pt", list(_pt_mod(c[0])))

    def v_have_base_power(self, c: list) -> VP:
        """"has base power 0 until end of turn" (layer 7b, the power only)."""
        from .filters import number_value

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

    def cond_had_counter_it(self, c: list) -> Any:
        """"if it had a +1/+1 counter on it" (last known information, CR 608.2h)."""
        return Fn("had_counter", "it", c[0])

    def cond_wasnt_cast(self, c: list) -> Any:
        """"if it wasn't cast" → non(was_cast(Ref))."""
        return Fn("non", Fn("was_cast", c[0]))

    def cond_wasnt_kicked(self, c: list) -> Any:
        """"if it wasn't kicked" → non(kicked(Ref)), the negation of "if it was kicked"."""
        return Fn("non", Fn("kicked", c[0]))

    def cond_wasnt_a(self, c: list) -> Any:
        """"if it wasn't a Demon" → non(was_a(Ref, F)), the negation of "if it was a Demon"."""
        return Fn("non", Fn("was_a", c[0], c[1]))

    def cond_none_on_battlefield(self, c: list) -> Any:
        """"if no creatures are on the battlefield" → non(there_is(F)) with F on the battlefield."""
        f = as_filter(c[0]).copy()
        f.add(Fn("in_zone", "battlefield"))
        return Fn("non", Fn("there_is", Fn("some", f, 1)))

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

    def sa_activate_equip(self, c: list) -> Any:
        return Fn("activate_keyword_ability", Str("equip"))

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

    # --- tokens ---------------------------------------------------------------------------
    def v_create(self, c: list) -> list:
        return [VP("create_token", [n, Fn("tok", ABIL, EIDX)], facts=facts) for n, facts in c[0]]

    def v_create_for_each(self, c: list) -> list:
        f = as_filter(c[1])
        return [VP("create_token", [Fn("times", n, Fn("count", f)), Fn("tok", ABIL, EIDX)], facts=facts) for n, facts in c[0]]

    def v_create_amount(self, c: list) -> list:
        return [VP("create_token", [c[1], Fn("tok", ABIL, EIDX)], facts=c[0])]

    def v_create_number(self, c: list) -> list:
        return [VP("create_token", ["a_number", Fn("tok", ABIL, EIDX)], facts=c[0])]

    def v_create_that_many(self, c: list) -> list:
        return [VP("create_token", ["that_much", Fn("tok", ABIL, EIDX)], facts=c[0])]

    def v_create_x(self, c: list) -> list:
        n, facts = c[0]
        return [VP("create_token", ["x", Fn("tok", ABIL, EIDX)], facts=facts)]

    def v_create_copy(self, c: list) -> list:
        out = []
        for n, facts in c[0]:
            out.append(VP("create_token", [n, Fn("tok", ABIL, EIDX)], facts=facts + [("token_copy_of", (Fn("tok", ABIL, EIDX), c[1]))]))
        return out

    def v_create_copy_except(self, c: list) -> list:
        out = self.v_create_copy(c[:2])
        for vp in out:
            vp.facts += [("copy_except", (ABIL, EIDX, x)) for x in c[2]]
        return out

    def v_create_copy_token(self, c: list) -> VP:
        n = c[0] if len(c) > 1 else 1
        ref = c[-1]
        t = Fn("tok", ABIL, EIDX)
        return VP("create_token", [n, t], facts=[("token_copy_of", (t, ref))])

    def v_create_copy_token_except(self, c: list) -> VP:
        vp = self.v_create_copy_token(c[:1])
        vp.facts += [("copy_except", (ABIL, EIDX, x)) for x in c[1]]
        return vp

    def token_list(self, c: list) -> list:
        return list(c)

    def tok_n(self, c: list) -> tuple:
        return (c[0], c[1])

    def tok_one(self, c: list) -> list:
        return _token_facts(c)

    def tok_one_tapped(self, c: list) -> list:
        return _token_facts(c) + [("token_tapped", (Fn("tok", ABIL, EIDX),))]

    def tok_words(self, c: list) -> Filter:
        return c[0]

    def tw_with(self, c: list) -> list:
        t = Fn("tok", ABIL, EIDX)
        out = []
        for g in c[0]:
            out.append(("token_ability", (t, g)))
        rest = c[1:]
        if rest and isinstance(rest[0], Token) and rest[0].type == "THATS_TAPPED":
            return out + self.tw_tapped_attacking([])
        if len(rest) == 3:
            out.append(("token_ability", (t, _quoted(rest[1], rest[0], rest[2]))))
        return out

    def tw_named(self, c: list) -> list:
        return [("token_name", (Fn("tok", ABIL, EIDX), Str(c[0])))]

    def tw_with_named(self, c: list) -> list:
        """"a 1/2 blue Bird creature token with flying named Storm Crow"."""
        return self.tw_with([c[0]]) + self.tw_named([c[1]])

    def tw_named_with(self, c: list) -> list:
        return self.tw_named(c[:1]) + self.tw_with(c[1:])

    def tw_tapped_attacking(self, c: list) -> list:
        t = Fn("tok", ABIL, EIDX)
        return [("token_tapped", (t,)), ("token_attacking", (t,))]

    def name_words_e(self, c: list) -> str:
        return " ".join(str(t) for t in c)

    # --- gained abilities, except clauses -------------------------------------------------
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

    def ex_name(self, c: list) -> Any:
        return Fn("name", Str(c[0]))

    def ex_not_legendary(self, c: list) -> Any:
        return "not_legendary"

    def ex_pt_each(self, c: list) -> Any:
        return Fn("set_base_pt", c[0], c[0])

    def ex_artifact(self, c: list) -> Any:
        return Fn("add_types", Filter([[Fn("type", "artifact")]]))

    def ex_type_add(self, c: list) -> Any:
        return Fn("add_types", c[0])

    def type_phrase(self, c: list) -> Any:
        return c[0]

    def tp_words(self, c: list) -> Any:
        return c[0]

    # --- P/T choices and durations -------------------------------------------------------
    def ptc_one(self, c: list) -> tuple:
        return ([_pt(c[0])], None)

    def ptc_two(self, c: list) -> tuple:
        return ([_pt(c[0]), _pt(c[1])], None)

    def ptc_one_dur(self, c: list) -> tuple:
        return ([_pt(c[0])], c[1])

    def ptc_two_dur(self, c: list) -> tuple:
        return ([_pt(c[0]), _pt(c[1])], c[2])

    def d_eot(self, c: list) -> str:
        return "until_end_of_turn"

    def d_this_turn(self, c: list) -> str:
        return "this_turn"

    def d_until_your_next_turn(self, c: list) -> str:
        return "until_your_next_turn"

    def d_until_end_of_your_next_turn(self, c: list) -> str:
        return "until_end_of_your_next_turn"

    def d_while_tapped(self, c: list) -> Any:
        return Fn("while_tapped", c[0])

    def d_while_control(self, c: list) -> Any:
        return Fn("while_you_control", c[0])

    def d_until_leaves(self, c: list) -> str:
        return "until_self_leaves"

    def d_until_cast_from_exile(self, c: list) -> Any:
        return Fn("until_cast_from_exile", c[0])

    def d_until_your_next_end_step(self, c: list) -> str:
        return "until_your_next_end_step"

    def d_rest_of_game(self, c: list) -> str:
        return "rest_of_game"

    def d_during_next_turn(self, c: list) -> Any:
        from .filters import player_term

        return Fn("during_next_turn_of", player_term(c[0]))

    def d_end_of_combat(self, c: list) -> str:
        return "until_end_of_combat"

    # --- restrictions, spending -------------------------------------------------------------
    def activation_restrictions(self, c: list) -> list:
        return list(c)

    def ar_sorcery(self, c: list) -> str:
        return "sorcery_speed"

    def ar_once_per_turn(self, c: list) -> str:
        return "once_per_turn"

    def ar_if(self, c: list) -> Any:
        """"Activate only if you control a Swamp" → if_control(F), "... three or more
        artifacts" → if_control(F, at_least(3)); F has ``controller(you)`` (the permanents
        counted are the ability's controller's, not anyone's)."""
        cond = c[0]
        if isinstance(cond, Fn) and cond.name == "control" and isinstance(cond.args[0], Filter):
            f = cond.args[0].copy()
            for branch in f.branches:
                if not any(isinstance(x, Fn) and x.name == "controller" for x in branch):
                    branch.append(Fn("controller", "you"))
            quantity = cond.args[1:]
            if quantity in ((), (Fn("at_least", 1),)):
                return Fn("if_control", f)
            return Fn("if_control", f, *quantity)
        return Fn("if", cond)

    def ct_once(self, c: list) -> int:
        return 1

    def ct_twice(self, c: list) -> int:
        return 2

    def ct_n(self, c: list) -> Any:
        return c[0]

    def sp_on(self, c: list) -> Any:
        return Fn("on", as_filter(c[0]))

    def md_any(self, c: list) -> Any:
        return "mana"

    def md_color(self, c: list) -> Any:
        return Fn("mana_of", c[0].constraint)

    def md_other(self, c: list) -> Any:
        return "other_mana"

    def md_from(self, c: list) -> Any:
        return Fn("mana_from", as_filter(c[0]))

    # --- conditions ---------------------------------------------------------------------------
    def cond_control(self, c: list) -> Any:
        """"you control a Swamp" → control(F); "seven or more lands" → control(F, at_least(7));
        "two or fewer" → control(F, at_most(2)); "no other creatures" → non(control(F));
        "an Urza's Mine and an Urza's Tower" → all_of(control(F1), control(F2))."""
        return self._control_condition(c[0])

    def _control_condition(self, ref: Any) -> Any:
        # "an Urza's Power-Plant and an Urza's Tower": all_of(control(F1), control(F2))
        if isinstance(ref, Fn) and ref.name in ("both", "either") and len(ref.args) == 2:
            parts = [self._control_condition(a) for a in ref.args]
            return Fn("all_of" if ref.name == "both" else "any_of", *parts)
        if isinstance(ref, Filter):
            return Fn("control", ref)
        if isinstance(ref, Fn) and ref.args and isinstance(ref.args[0], Filter):
            f, rest = ref.args[0], ref.args[1:]
            if ref.name == "some" and rest == (1,):
                return Fn("control", f)
            if ref.name == "some" and len(rest) == 1 and isinstance(rest[0], int):
                return Fn("control", f, Fn("at_least", rest[0]))
            if ref.name in ("at_least", "at_most") and len(rest) == 1:
                return Fn("control", f, Fn(ref.name, rest[0]))
            if ref.name == "no" and not rest:
                return Fn("non", Fn("control", f))
        if ref in ("self", "it"):
            return Fn("control", as_filter(ref))
        raise GrammarReject(f"'you control' with a quantity this parser does not read: {ref!r}")

    def cond_not_control(self, c: list) -> Any:
        return Fn("non", Fn("control", as_filter(c[0])))

    def cond_control_n(self, c: list) -> Any:
        return Fn("control_at_least", c[0], c[1])

    def cond_control_none(self, c: list) -> Any:
        return Fn("non", Fn("control", c[0]))

    def sot_words(self, c: list) -> Any:
        return c[0]

    def cmpe_ge(self, c: list) -> Any:
        return Fn("ge", c[0])

    def cmpe_le(self, c: list) -> Any:
        return Fn("le", c[0])

    def step_word(self, c: list) -> str:
        return "_".join(str(t).lower() for t in c)

    def zw_hand(self, c: list) -> str:
        return "hand"

    def zw_graveyard(self, c: list) -> str:
        return "graveyard"

    def zw_library(self, c: list) -> str:
        return "library"


def type_setting(f: Filter) -> list[tuple[str, Any]]:
    """"are Mountains", "is white", "is a Zombie": the characteristic-setting effects
    (CR 205.1a, 305.7; layer 4 and 5 of CR 613)."""
    from .vocabulary import LAND_TYPES

    out: list[tuple[str, Any]] = []
    for b in f.branches:
        for con in b:
            if isinstance(con, Fn) and con.name == "subtype":
                name = "set_land_subtype" if str(con.args[0]) in LAND_TYPES else "set_subtype"
                out.append((name, con.args[0]))
            elif isinstance(con, Fn) and con.name == "color":
                out.append(("set_color", con.args[0]))
            elif isinstance(con, Fn) and con.name == "type":
                out.append(("set_type", con.args[0]))
            elif isinstance(con, Fn) and con.name == "supertype":
                out.append(("add_supertype", con.args[0]))
            elif con == "colorless":
                out.append(("set_color", "colorless"))
            else:
                out.append(("is", con))
    return out


def _conditioned(parts: list, cond: Any) -> list:
    for e in parts:
        if isinstance(e, Effect):
            e.facts.append(("effect_condition", (ABIL, EIDX, cond)))
    return parts


def _times(n: Any, amount: Any) -> Any:
    return amount if n == 1 else Fn("times", n, amount)


def _num(s: str) -> Any:
    s = s.replace("−", "-")
    try:
        return int(s)
    except ValueError:
        low = s.lower().lstrip("+")
        if low in ("x", "-x"):
            return "x" if low == "x" else Fn("neg", "x")
        if low == "*":
            return "star"
        return Str(s)


def _pt(tok: Any) -> tuple[Any, Any]:
    p, t = str(tok).split("/")
    return _num(p), _num(t)


def _pt_mod(tok: Any) -> tuple[Any, Any]:
    p, t = str(tok).split("/")
    return _num(p), _num(t)


def _quoted(ability: Any, open_q: Any, close_q: Any) -> Any:
    """A quoted ability; its text span is between the quote tokens."""
    span = (open_q.end_pos, close_q.start_pos)
    if isinstance(ability, list):  # a keyword list inside quotes
        if len(ability) == 1:
            return Quoted(ability[0], span=span)
        return Fn("abilities", *[Fn("gain_ability", Quoted(a, span=span)) for a in ability])
    return Quoted(ability, span=span)


_PREDEFINED_ARTIFACT_TOKENS = {
    "Treasure", "Food", "Clue", "Blood", "Gold", "Powerstone", "Map", "Junk", "Incubator",
    "Shard", "Lander", "Stone",
}


def _predefined_token(word: str) -> list:
    """CR 111.10: predefined tokens ("a Treasure token")."""
    t = Fn("tok", ABIL, EIDX)
    sub = subtype_name(word)
    facts = [("token_subtype", (t, Str(sub)))]
    if sub in _PREDEFINED_ARTIFACT_TOKENS:
        facts.append(("token_type", (t, "artifact")))
    facts.append(("token_predefined", (t, Str(sub))))
    return facts


def _token_facts(c: list) -> list:
    """Facts of a token description; the words must name a token ("... creature token")."""
    t = Fn("tok", ABIL, EIDX)
    facts: list = []
    rest = list(c)
    pt = None
    if rest and not isinstance(rest[0], (Filter, list)):
        pt = _pt(rest.pop(0))
        facts.append(("token_pt", (t, *pt)))
    words: Filter = rest.pop(0)
    # "a red and green Spirit creature token": the colors of a token are all of them
    merged: list = []
    for b in words.branches:
        for x in b:
            if x not in merged:
                merged.append(x)
    if "token" not in merged:
        raise GrammarReject("not a token description (no 'token' word)")
    cons = [x for x in merged if x != "token"]
    subs = [x for x in cons if isinstance(x, Fn) and x.name == "subtype"]
    if pt is None and len(subs) == 1 and len(cons) <= 2:
        facts = _predefined_token(str(subs[0].args[0]))
        cons = [x for x in cons if x not in subs]
    for con in cons:
        if isinstance(con, Fn) and con.name == "color":
            facts.append(("token_color", (t, con.args[0])))
        elif isinstance(con, Fn) and con.name == "type":
            facts.append(("token_type", (t, con.args[0])))
        elif isinstance(con, Fn) and con.name == "subtype":
            facts.append(("token_subtype", (t, con.args[0])))
        elif isinstance(con, Fn) and con.name == "supertype":
            facts.append(("token_supertype", (t, con.args[0])))
        elif con == "colorless":
            facts.append(("token_colorless", (t,)))
        elif con == "tapped":
            facts.append(("token_tapped", (t,)))
        else:
            facts.append(("token_property", (t, con)))
    for extra in rest:
        facts.extend(extra)
    return facts
