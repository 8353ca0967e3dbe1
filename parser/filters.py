"""Transformer for grammar/filters.lark: descriptions → :class:`Filter`, noun phrases → refs.

Object references (the terms an effect takes as its object or subject):

``self`` (~), ``it``, ``them``, ``you``, ``that(F)``, ``target(F, N)``, ``target_up_to(F, N)``,
``target_any_number(F)``, ``some(F, N)`` ("a creature", "two lands"), ``each(F)``,
``each_of(Ref)``, ``any_number(F)``, ``up_to(F, N)``, ``one_of(Ref)``, ``controller_of(Ref)``,
``owner_of(Ref)``, ``defending_player``, ``active_player``, ``enchanted_player``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Transformer

from .nodes import Filter, Fn, Str
from .vocabulary import COLOR_WORDS, SUBTYPE_INDEX

_TYPE_WORDS = {
    "artifact": "artifact", "battle": "battle", "creature": "creature",
    "enchantment": "enchantment", "instant": "instant", "land": "land",
    "planeswalker": "planeswalker", "sorcery": "sorcery", "sorceries": "sorcery",
    "kindred": "kindred", "tribal": "kindred", "dungeon": "dungeon", "plane": "plane",
    "scheme": "scheme", "conspiracy": "conspiracy", "vanguard": "vanguard",
    "phenomenon": "phenomenon",
}
#: nouns that are not card types; a list's last noun of this kind is shared by every item
_GENERIC = {
    "permanent": "permanent", "spell": "spell", "card": "card", "token": "token",
    "source": "source", "object": "object", "ability": "ability", "abilities": "ability",
    "emblem": "emblem", "commander": "commander",
}
_PLAYERS = {"player": "player", "opponent": "opponent"}

_STATUS = {
    "tapped": "tapped", "untapped": "untapped", "attacking": "attacking",
    "blocking": "blocking", "blocked": "blocked", "unblocked": "unblocked",
    "fortified": "fortified_by_self", "other": "other", "face-down": "face_down",
    "face-up": "face_up", "activated": "activated", "triggered": "triggered",
    "mana": "mana_ability", "loyalty": "loyalty_ability", "modified": "modified",
    "historic": "historic", "outlaw": "outlaw", "outlaws": "outlaw", "chosen": "chosen",
    "exiled": "exiled", "copied": "copied", "attached": "attached", "paired": "paired",
    "suspected": "suspected", "saddled": "saddled", "transformed": "transformed",
    "kicked": "kicked", "renowned": "renowned",
    "double-faced": "double_faced", "sacrificed": "sacrificed", "revealed": "revealed",
    "discarded": "discarded", "destroyed": "destroyed", "manifested": "manifested", "milled": "milled",
}


@dataclass(frozen=True, slots=True)
class Word:
    """One description word: its kind and the filter constraint it stands for."""

    kind: str  # type | generic | subtype | adj
    constraint: Any
    plural: bool = False


@dataclass(frozen=True, slots=True)
class Sep:
    kind: str  # or | and | comma


def _singular(word: str) -> tuple[str, bool]:
    low = word.lower()
    if low in _TYPE_WORDS or low in _GENERIC or low in _PLAYERS:
        return low, False
    if low.endswith("ies") and low[:-3] + "y" in _TYPE_WORDS:
        return low[:-3] + "y", True
    if low.endswith("s") and low[:-1] in _TYPE_WORDS | _GENERIC | _PLAYERS:
        return low[:-1], True
    return low, low.endswith("s")


def type_word_constraint(word: str) -> Word:
    base, plural = _singular(word)
    if base in _TYPE_WORDS:
        return Word("type", Fn("type", _TYPE_WORDS[base]), plural)
    if base in _PLAYERS:
        return Word("type", _PLAYERS[base], plural)
    return Word("generic", _GENERIC[base], plural)


def subtype_name(word: str) -> str:
    return SUBTYPE_INDEX.get(word.lower(), word)


def combine_words(items: list[Word | Sep]) -> Filter:
    """Turn a run of description words and separators into the branches of one filter.

    "white or blue creature" → {white, creature} | {blue, creature};
    "instant, sorcery, or Wizard spell" → {instant, spell} | {sorcery, spell} | {Wizard, spell};
    "noncreature, nonland permanent" (commas only) → one branch with all three.
    """
    groups: list[list[Word]] = [[]]
    disjunctive = False
    for it in items:
        if isinstance(it, Sep):
            if it.kind in ("or", "and"):
                disjunctive = True
            groups.append([])
        else:
            groups[-1].append(it)
    groups = [g for g in groups if g]
    if not disjunctive or len(groups) == 1:
        flat = [w for g in groups for w in g]
        return Filter([_constraints(flat)])
    last = groups[-1]
    core = [w for w in last if w.kind in ("type", "subtype")]
    tail: list[Word] = []
    for w in reversed(last):
        if w.kind == "generic":
            tail.insert(0, w)
        else:
            break
    first_prefix: list[Word] = []
    if any(w.kind in ("type", "subtype") for w in groups[0]):
        for w in groups[0]:
            if w.kind == "adj":
                first_prefix.append(w)
            else:
                break
    branches = []
    for i, g in enumerate(groups):
        words = list(g)
        has_type = any(w.kind in ("type", "subtype") for w in words)
        has_generic = any(w.kind == "generic" for w in words)
        if i < len(groups) - 1:
            if not has_type and not has_generic:
                words += core + tail
            elif not has_generic:
                words += tail
        if i > 0 and first_prefix and not any(w.kind == "adj" for w in g):
            words = first_prefix + words
        branches.append(_constraints(words))
    return Filter(branches)


def _constraints(words: list[Word]) -> list[Any]:
    out: list[Any] = []
    for w in words:
        c = w.constraint
        if c == "enchanted":
            c = "enchanted" if w.plural else "enchanted_by_self"
        if c == "equipped":
            c = "equipped" if w.plural else "equipped_by_self"
        if c not in out:
            out.append(c)
    return out


def ref_filter(ref: Any) -> Filter | None:
    """The filter inside an object reference term, if it has one."""
    if isinstance(ref, Filter):
        return ref
    if isinstance(ref, Fn) and ref.name in ("either", "both") and len(ref.args) == 2:
        # "~ or another creature": one filter with the branches of both
        return Filter(as_filter(ref.args[0]).branches + as_filter(ref.args[1]).branches)
    if isinstance(ref, Fn):
        for a in ref.args:
            if isinstance(a, Filter):
                return a
        for a in ref.args:
            f = ref_filter(a)
            if f is not None:
                return f
    return None


def as_filter(ref: Any) -> Filter:
    """A filter for any reference: ``self`` becomes a filter with the constraint self."""
    f = ref_filter(ref)
    if f is not None:
        return f
    if ref == "self":
        return Filter([["self"]])
    if ref == "you":
        return Filter([["you"]])
    return Filter([[Fn("ref", ref)]])


class FiltersTransformer(Transformer):
    """Methods are the aliases of grammar/filters.lark (namespace ``filters``)."""

    # --- noun phrases -------------------------------------------------------------------
    def self_ref(self, c: list) -> Any:
        return "self"

    def it_ref(self, c: list) -> Any:
        return "it"

    def them_ref(self, c: list) -> Any:
        return "them"

    def you_ref(self, c: list) -> Any:
        return "you"

    def that_ref(self, c: list) -> Any:
        return Fn("that", c[0])

    def target_ref(self, c: list) -> Any:
        return Fn("target", c[0], 1)

    def another_target_ref(self, c: list) -> Any:
        return Fn("target", c[0].add("other"), 1)

    def n_target_ref(self, c: list) -> Any:
        return Fn("target", c[1], c[0])

    def n_other_target_ref(self, c: list) -> Any:
        return Fn("target", c[1].add("other"), c[0])

    def upto_target_ref(self, c: list) -> Any:
        return Fn("target_up_to", c[1], c[0])

    def upto_other_target_ref(self, c: list) -> Any:
        return Fn("target_up_to", c[1].add("other"), c[0])

    def any_number_target_ref(self, c: list) -> Any:
        return Fn("target_any_number", c[0])

    def any_number_other_target_ref(self, c: list) -> Any:
        return Fn("target_any_number", c[0].add("other"))

    def any_target_ref(self, c: list) -> Any:
        return Fn("target", any_target_filter(), 1)

    def any_other_target_ref(self, c: list) -> Any:
        """"any other target": one not chosen for the ability's other targets."""
        f = any_target_filter()
        for b in f.branches:
            b.append("other")
        return Fn("target", f, 1)

    def n_ref(self, c: list) -> Any:
        return Fn("some", c[1], c[0])

    def ordinal_word(self, c: list) -> str:
        return str(c[0]).lower()

    def ordinal_ref(self, c: list) -> Any:
        """"your second spell each turn", "the first creature spell you cast each turn"."""
        owner, nth, f = c
        f.add(Fn("nth", nth))
        if owner == "you":  # "their first spell": the subject of the sentence, added by it
            f.add(Fn("controller", owner))
        return Fn("some", f, 1)

    def ordinal_ref_the(self, c: list) -> Any:
        nth, f = c
        return Fn("some", f.add(Fn("nth", nth)), 1)

    def this_ability_ref(self, c: list) -> Any:
        return "this_ability"

    def damage_ref(self, c: list) -> Any:
        return "damage"

    def no_ref(self, c: list) -> Any:
        return Fn("no", c[0])

    def range3_target_ref(self, c: list) -> Any:
        """"one, two, or three target creatures"."""
        return Fn("target_range", c[3], c[0], c[2])

    def upto_any_targets_ref(self, c: list) -> Any:
        """"each of up to three targets"."""
        return Fn("target_up_to", any_target_filter(), c[0])

    def another_any_target_ref(self, c: list) -> Any:
        """"deals 1 damage to another target" (a second any-target)."""
        f = any_target_filter()
        for b in f.branches:
            b.append("other")
        return Fn("target", f, 1)

    def range3_any_target_ref(self, c: list) -> Any:
        return Fn("target_range", any_target_filter(), c[0], c[2])

    def range_any_target_ref(self, c: list) -> Any:
        """"one or two targets" (any targets, CR 115.4)."""
        return Fn("target_range", any_target_filter(), c[0], c[1])

    def any_number_any_target_ref(self, c: list) -> Any:
        return Fn("target_any_number", any_target_filter())

    def range_target_ref(self, c: list) -> Any:
        return Fn("target_range", c[2], c[0], c[1])

    def n_or_fewer_ref(self, c: list) -> Any:
        return Fn("at_most", c[1], c[0])

    def n_or_more_ref(self, c: list) -> Any:
        return Fn("at_least", c[-1], c[-2])

    def n_or_more_counters_ref(self, c: list) -> Any:
        """"one or more +1/+1 counters" (being put on something): counters(Kind, at_least(N))."""
        kind = c[1] if len(c) > 1 else "any"
        return Fn("counters", kind, Fn("at_least", c[0]))

    def the_copy_ref(self, c: list) -> Any:
        """"You may cast the copy": the copy the ability made."""
        return "copy"

    def any_number_them_ref(self, c: list) -> Any:
        return Fn("any_number_of", "them")

    def upto_that_many_target_ref(self, c: list) -> Any:
        """"up to that many target permanents"."""
        return Fn("target_up_to", c[-1], "that_many")

    def both_paired_ref(self, c: list) -> Any:
        """"both creatures" (the paired creatures, CR 702.95)."""
        return "paired_creatures"

    def that_many_ref(self, c: list) -> Any:
        """"sacrifice that many creatures"."""
        return Fn("some", c[0], "that_many")

    def at_least_ref(self, c: list) -> Any:
        """"at least three other enchantments"."""
        return Fn("at_least", c[-1], c[-2])

    def milled_ref(self, c: list) -> Any:
        """"from among the milled cards"."""
        return Fn("each", c[0].add("milled"))

    def effect_ref(self, c: list) -> Any:
        """"If an effect would create ..." (Parallel Lives, Doubling Season)."""
        return "an_effect"

    def any_ref(self, c: list) -> Any:
        return Fn("some", c[0], 1)

    def another_ref(self, c: list) -> Any:
        return Fn("some", c[0].add("other"), 1)

    def each_ref(self, c: list) -> Any:
        return Fn("each", c[0])

    def each_of_ref(self, c: list) -> Any:
        return Fn("each_of", c[0])

    def any_number_ref(self, c: list) -> Any:
        return Fn("any_number", c[0])

    def upto_ref(self, c: list) -> Any:
        return Fn("up_to", c[1], c[0])

    def one_of_ref(self, c: list) -> Any:
        return Fn("one_of", c[-1])

    def bare_ref(self, c: list) -> Any:
        return Fn("each", c[0])

    def and_ref(self, c: list) -> Any:
        a, b = c[0], c[-1]
        if isinstance(a, Fn) and isinstance(b, Fn) and a.name == b.name == "each":
            return Fn("each", Filter(a.args[0].branches + b.args[0].branches))
        return Fn("both", a, b)

    def poss_desc_ref(self, c: list) -> Any:
        """"its activated abilities", "your creatures": the possessor's objects."""
        f: Filter = c[1]
        owner = c[0]
        f.add(Fn("controller", player_term(owner)) if owner in ("you", "them") else Fn("of", owner))
        return Fn("each", f)

    def or_ref(self, c: list) -> Any:
        a, b = c[0], c[-1]
        fa, fb = ref_filter(a), ref_filter(b)
        if isinstance(a, Fn) and isinstance(b, Fn) and a.name == b.name and fa is not None and fb is not None:
            return Fn(a.name, Filter(fa.branches + fb.branches), *a.args[1:])
        return Fn("either", a, b)

    def list_ref(self, c: list) -> Any:
        """"a God, a Demigod, or a legendary enchantment": the items of a comma list; with "and"
        before the last item ("an Urza's Mine, an Urza's Power-Plant, and an Urza's Tower") the
        rest of the list arrives as both(...) and the first item joins it."""
        b = c[-1]
        if isinstance(b, Fn) and b.name == "both":
            return Fn("both", c[0], b)
        return self.or_ref(c)

    def controller_of(self, c: list) -> Any:
        return Fn("controller_of", c[0])

    def owner_of(self, c: list) -> Any:
        return Fn("owner_of", c[0])

    def permanent_of_ref(self, c: list) -> Any:
        """"the permanent it becomes": the permanent the spell Ref becomes as it resolves."""
        return Fn("permanent_of", c[0])

    def duplicate_ref(self, c: list) -> Any:
        """"a duplicate of target creature card" (Alchemy conjure): a new card copying it."""
        return Fn("duplicate_of", c[0])

    def defending_player_ref(self, c: list) -> Any:
        return "defending_player"

    def active_player_ref(self, c: list) -> Any:
        return "active_player"

    def each_opponent_ref(self, c: list) -> Any:
        f = Filter([["opponent"]])
        return Fn("each", self.description([f, c[0]]) if c else f)

    def enchanted_player_ref(self, c: list) -> Any:
        return "enchanted_player"

    # --- possessors and counts ----------------------------------------------------------
    def poss_np(self, c: list) -> Any:
        return c[0]

    def poss_it(self, c: list) -> Any:
        return "it"

    def poss_them(self, c: list) -> Any:
        return "them"

    def poss_you(self, c: list) -> Any:
        return "you"

    def count_n(self, c: list) -> Any:
        return number_value(c[0])

    def count_x(self, c: list) -> Any:
        return "x"

    def count_one(self, c: list) -> Any:
        return 1

    # --- descriptions -------------------------------------------------------------------
    def description(self, c: list) -> Filter:
        f: Filter = c[0]
        for con in c[1] if len(c) > 1 else ():
            if isinstance(con, list):  # alternatives ("with flying or reach"): split branches
                f = Filter([b + [alt] for b in f.branches for alt in con])
            else:
                f.add(con)
        return f

    def desc_words(self, c: list) -> Filter:
        return combine_words(c)

    def posts(self, c: list) -> list:
        return [con for p in c for con in p]

    def w_type(self, c: list) -> Word:
        return c[0]

    def w_subtype(self, c: list) -> Word:
        tok = str(c[0])
        return Word("subtype", Fn("subtype", Str(subtype_name(tok))), tok.lower().endswith("s"))

    def w_color(self, c: list) -> Word:
        return c[0]

    def w_super(self, c: list) -> Word:
        return c[0]

    def w_status(self, c: list) -> Word:
        return c[0]

    def w_non(self, c: list) -> Word:
        w: Word = c[0]
        return Word("adj", Fn("non", w.constraint), w.plural)

    def w_type_word(self, c: list) -> Word:
        return type_word_constraint(str(c[0]))

    def w_color_word(self, c: list) -> Word:
        low = str(c[0]).lower()
        if low in COLOR_WORDS:
            return Word("adj", Fn("color", COLOR_WORDS[low]))
        if low == "colored":
            return Word("adj", Fn("non", "colorless"))
        return Word("adj", low)

    def w_super_word(self, c: list) -> Word:
        return Word("adj", Fn("supertype", str(c[0]).lower()))

    def w_status_word(self, c: list) -> Word:
        low = str(c[0]).lower()
        if low in ("enchanted", "equipped"):
            return Word("adj", low)
        if low == "nontoken":
            return Word("adj", Fn("non", "token"))
        if low == "nonbasic":
            return Word("adj", Fn("non", Fn("supertype", "basic")))
        return Word("adj", _STATUS[low])

    def sep_or(self, c: list) -> Sep:
        return Sep("or")

    def sep_and(self, c: list) -> Sep:
        return Sep("and")

    def sep_comma(self, c: list) -> Sep:
        return Sep("comma")

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

    def p_with(self, c: list) -> list:
        return c[0]

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

    def ck_pt(self, c: list) -> Str:
        return Str(str(c[0]))

    def ck_word(self, c: list) -> Str:
        return Str(str(c[0]).lower())

    # --- zones ------------------------------------------------------------------------
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
        vps = c[0] if isinstance(c[0], list) else [c[0]]
        return [Fn("who", *[Fn(v.name, *v.args) for v in vps])]


def _filter_as_constraints(f: Filter) -> list:
    if len(f.branches) == 1:
        return list(f.branches[0])
    return [[Fn("all", *b) if len(b) > 1 else b[0] for b in f.branches]]


def any_target_filter() -> Filter:
    """CR 115.4: "any target" is a creature, player, planeswalker or battle."""
    return Filter([[Fn("type", "creature")], ["player"], [Fn("type", "planeswalker")], [Fn("type", "battle")]])


def player_term(ref: Any) -> Any:
    """A player reference as a term: ``you``; ``opponent`` for "an opponent" / "your opponents"
    (docs/facts.md); else the reference itself (``some(PF, 1)``, ``target(PF, 1)``, ...)."""
    if ref in ("you", "it", "them"):
        return ref
    if isinstance(ref, Fn) and ref.name in ("some", "each") and isinstance(ref.args[0], Filter):
        if ref.args[0].branches == [["opponent"]]:
            return "opponent"
    return ref


def number_value(tok: Any) -> int:
    from .lexer import NUMBER_WORDS

    s = str(tok).lower()
    if s in NUMBER_WORDS:
        return NUMBER_WORDS[s]
    try:
        return int(s)
    except ValueError:
        return int(float(s))
