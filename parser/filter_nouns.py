"""Noun phrases of grammar/filters.lark: object and player references ("target creature",
"each opponent", "up to two other target lands"), possessives, counts and descriptions (a part
of :class:`~.filters.FiltersTransformer`).

The references are the terms an effect takes as its object or subject (docs/facts.md):
``self`` (~), ``it``, ``them``, ``you``, ``that(F)``, ``target(F, N)``, ``target_up_to(F, N)``,
``target_any_number(F)``, ``some(F, N)`` ("a creature", "two lands"), ``each(F)``,
``each_of(Ref)``, ``any_number(F)``, ``up_to(F, N)``, ``one_of(Ref)``, ``controller_of(Ref)``,
``owner_of(Ref)``, ``defending_player``, ``active_player``, ``enchanted_player``.
"""

from __future__ import annotations

import functools

import weakref
from typing import Any

from .lalr_shaping import by_text, child, child_when_alone, constant
from .filter_words import (
    _STATUS,
    SEP_AND,
    SEP_COMMA,
    SEP_OR,
    Sep,
    Word,
    any_target_filter,
    combine_words,
    number_value,
    player_term,
    ref_filter,
    subtype_name,
    type_word_constraint,
)
from .nodes import Filter, Fn, Str
from .vocabulary import COLOR_WORDS


#: The filters :meth:`NounRules.and_ref` and :meth:`NounRules.or_ref` made (values of a parse,
#: consumed once): "each A and each B and each C ..." is right-recursive, and a new list of all
#: the branches at each "and" made n items cost O(n^2) (issue 13); the inner filter takes the
#: earlier branches instead.
_JOINED: "weakref.WeakSet[Filter]" = weakref.WeakSet()


class NounRules:
    """References, possessives, counts and descriptions."""

    # --- noun phrases -------------------------------------------------------------------
    self_ref = constant("self")
    it_ref = constant("it")
    them_ref = constant("them")
    you_ref = constant("you")

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

    @by_text
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
            fb = b.args[0]
            if fb in _JOINED:  # "each A and <each B and each C ...>": joined here, in place
                fb.branches[:0] = a.args[0].branches
                return b
            f = Filter(a.args[0].branches + fb.branches)
            _JOINED.add(f)
            return Fn("each", f)
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
            if fb in _JOINED:  # "A or <B or C ...>": joined in place, as in and_ref
                fb.branches[:0] = fa.branches
                return Fn(a.name, fb, *a.args[1:])
            f = Filter(fa.branches + fb.branches)
            _JOINED.add(f)
            return Fn(a.name, f, *a.args[1:])
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
    poss_np = child(0)
    poss_it = constant("it")
    poss_them = constant("them")
    poss_you = constant("you")

    @by_text
    def count_n(self, c: list) -> Any:
        return number_value(c[0])

    count_x = constant("x")
    count_one = constant(1)

    # --- descriptions -------------------------------------------------------------------
    @child_when_alone  # a description without post-modifiers is the filter of its words
    def description(self, c: list) -> Filter:
        f: Filter = c[0]
        for con in c[1] if len(c) > 1 else ():
            if isinstance(con, list):  # alternatives ("with flying or reach"): split branches
                f = Filter([b + [alt] for b in f.branches for alt in con])
            else:
                f.add(con)
        return f

    desc_words = staticmethod(combine_words)

    def posts(self, c: list) -> list:
        return [con for p in c for con in p]

    w_type = child(0)

    @by_text
    def w_subtype(self, c: list) -> Word:
        return _subtype_word(c[0].value)

    w_color = child(0)
    w_super = child(0)
    w_status = child(0)

    def w_non(self, c: list) -> Word:
        return _non_word(c[0])

    @by_text
    def w_type_word(self, c: list) -> Word:
        return type_word_constraint(c[0].value)

    @by_text
    def w_color_word(self, c: list) -> Word:
        return _color_word(c[0].value.lower())

    @by_text
    def w_super_word(self, c: list) -> Word:
        return _super_word(c[0].value.lower())

    @by_text
    def w_status_word(self, c: list) -> Word:
        return _status_word(c[0].value.lower())

    sep_or = constant(SEP_OR)
    sep_and = constant(SEP_AND)
    sep_comma = constant(SEP_COMMA)


# Each description word is made once per spelling (Words are immutable and equal only to
# themselves: a run of them is the key of combine_words's cache). The spellings are the
# grammar's literals, so these caches stay small.

@functools.lru_cache(maxsize=1024)
def _non_word(w: Word) -> Word:
    """"non" + a word ("noncreature", "nonbasic"): the word's constraint negated."""
    return Word("adj", Fn("non", w.constraint), w.plural)


@functools.lru_cache(maxsize=256)
def _color_word(low: str) -> Word:
    if low in COLOR_WORDS:
        return Word("adj", Fn("color", COLOR_WORDS[low]))
    if low == "colored":
        return Word("adj", Fn("non", "colorless"))
    return Word("adj", low)


@functools.lru_cache(maxsize=256)
def _super_word(low: str) -> Word:
    return Word("adj", Fn("supertype", low))


@functools.lru_cache(maxsize=256)
def _status_word(low: str) -> Word:
    if low in ("enchanted", "equipped"):
        return Word("adj", low)
    if low == "nontoken":
        return Word("adj", Fn("non", "token"))
    if low == "nonbasic":
        return Word("adj", Fn("non", Fn("supertype", "basic")))
    return Word("adj", _STATUS[low])


@functools.lru_cache(maxsize=4096)
def _subtype_word(tok: str) -> Word:
    """The Word of a subtype as spelled ("Elves"), made once per spelling (immutable)."""
    return Word("subtype", Fn("subtype", Str(subtype_name(tok))), tok.lower().endswith("s"))
