"""Effect parts: the values the effect transformers build and how a verb phrase becomes effects.

A verb phrase becomes a :class:`VP`; :func:`make_effects` gives it its subject and yields
:class:`~.nodes.Effect` objects (continuous for the verbs of ``_CONTINUOUS``, without an acting
player for those of ``_NO_ACTOR``); ability-level facts are :class:`AbFact`. Small helpers
shared by the transformer parts (numbers, P/T, quoted abilities) are here too.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from .keywords import KW
from .nodes import ABIL, EIDX, Effect, Filter, Fn, Quoted, Str, clean_children
from .vocabulary import LAND_TYPES


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


@dataclass(slots=True)
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


@dataclass(slots=True)
class AbFact:
    """A fact about the whole ability (restrictions, replacement effects, ...)."""

    pred: str
    args: tuple[Any, ...]


@dataclass(slots=True)
class Sentences:
    """The parts of an effect block, in text order."""

    parts: list[Any] = field(default_factory=list)


def _flatten(items: list) -> list:
    """The items of nested lists, in order, without None (a flat list without None is itself).
    The grammar's values nest one level deep as a rule ("a block of sentences, each a list of
    parts"): that level is walked here, deeper ones by recursion."""
    for it in items:
        if it is None or isinstance(it, list):
            break
    else:
        return items
    out: list = []
    for it in items:
        if isinstance(it, list):
            for x in it:
                if isinstance(x, list):
                    out.extend(_flatten(x))
                elif x is not None:
                    out.append(x)
        elif it is not None:
            out.append(it)
    return out


def verb_phrases(value: Any) -> list[VP]:
    """The verb phrases of a ``vp_list`` (what :meth:`~.effect_clauses.ClauseRules.vps` gives
    for the list's children ``[value]``): a lone verb phrase is the list's value itself (the
    method is declared ``@child_when_alone``: the driver makes no call for it)."""
    if value.__class__ is VP:
        return [value]
    return [v for v in _flatten([value]) if isinstance(v, VP)]


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
    """The effect(s) of one verb phrase with its subject (a new list)."""
    if vp.inner is None and not vp.options and vp.effect is None:
        # the common case: one verb, one effect term
        subj = subject if subject is not None else "you"
        name = vp.name
        if name in _CONTINUOUS:
            eff = Fn(name, *vp.args)
            e = Effect(Fn("apply", subj, eff, "permanent"), optional=vp.optional, continuous=(subj, eff))
        elif name in _NO_ACTOR:
            e = Effect(Fn(name, *vp.args), optional=vp.optional)
        else:
            e = Effect(Fn(name, subj, *vp.args), optional=vp.optional)
        if vp.facts:
            e.facts.extend(vp.facts)
        if vp.duration is not None:
            with_duration(e, vp.duration)
        return [e]
    effs = _make_effects(subject, vp)
    if vp.duration is not None:
        effs = [with_duration(e, vp.duration) for e in effs]
    return effs


def _make_effects(subject: Any, vp: VP) -> list[Effect]:
    """:func:`make_effects` of a verb phrase with effects of its own (a causative, options, a
    prebuilt effect)."""
    if vp.inner is not None:
        for e in vp.inner:
            e.optional = e.optional or vp.optional
        return list(vp.inner)
    if vp.options:
        effs = [make_effects(subject, o)[0] for o in vp.options]
        e = Effect("choice", options=[x.kind for x in effs], optional=vp.optional)
        return [e]
    e = vp.effect
    if vp.name == "add_mana" and subject not in (None, "you"):
        e.mana_to = _mana_receiver(subject)
    e.optional = e.optional or vp.optional
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
    elif (e.kind == "choice") if isinstance(e.kind, str) else (isinstance(e.kind, Fn) and e.kind.name == "choice"):
        e.options = [Fn("apply", o.args[0], o.args[1], dur) if isinstance(o, Fn) and o.name == "apply" else o for o in e.options]
    else:
        e.facts.append(("effect_duration", (ABIL, EIDX, dur)))
    return e


def type_setting(f: Filter) -> list[tuple[str, Any]]:
    """"are Mountains", "is white", "is a Zombie": the characteristic-setting effects
    (CR 205.1a, 305.7; layer 4 and 5 of CR 613)."""
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


@functools.lru_cache(maxsize=4096)
def _num(s: str) -> Any:
    """The term of a number as printed ("3", "X", "-X", "*"); the same for every occurrence
    (an immutable value), so it is worked out once per spelling."""
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
    return _pt_text(str(tok))


_pt_mod = _pt


@functools.lru_cache(maxsize=4096)
def _pt_text(text: str) -> tuple[Any, Any]:
    """The terms of a P/T or a P/T change as printed ("2/2", "+1/-1"), once per spelling."""
    p, t = text.split("/")
    return _num(p), _num(t)


def _quoted(ability: Any, open_q: Any, close_q: Any) -> Any:
    """A quoted ability; its text span is between the quote tokens."""
    span = (open_q.end_pos, close_q.start_pos)
    if isinstance(ability, list):  # a keyword list inside quotes
        if len(ability) == 1:
            return Quoted(ability[0], span=span)
        return Fn("abilities", *[Fn("gain_ability", Quoted(a, span=span)) for a in ability])
    return Quoted(ability, span=span)
