"""Description words and references → :class:`~.nodes.Filter`: the helpers of the filter
transformers (:mod:`.filters`) that other transformers use too.

A description is a list of :class:`Word` (a card type, a subtype, a color, a status ...) and
:class:`Sep` (and / or / comma); :func:`combine_words` turns it into a filter's branches.
:func:`as_filter` gives the filter of any object reference (``target(F, 1)`` → F),
:func:`player_term` the term of a player reference, :func:`number_value` the value of a number
token.
"""

from __future__ import annotations

import functools

from dataclasses import dataclass
from typing import Any

from .nodes import Filter, Fn
from .vocabulary import SUBTYPE_INDEX

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


@dataclass(frozen=True, slots=True, eq=False)
class Word:
    """One description word: its kind and the filter constraint it stands for. Made once per
    spelling (the transformer's ``w_*`` methods keep them), so a Word is equal only to itself
    and hashed by identity: a run of words is the key of :func:`combine_words`'s cache."""

    kind: str  # type | generic | subtype | adj
    constraint: Any
    plural: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Sep:
    kind: str  # or | and | comma


#: the three separators (one object each: equal only to itself, like a Word)
SEP_OR, SEP_AND, SEP_COMMA = Sep("or"), Sep("and"), Sep("comma")


#: every singular noun of the three tables (built once, not per word)
_NOUNS = frozenset(_TYPE_WORDS) | frozenset(_GENERIC) | frozenset(_PLAYERS)


def _singular(word: str) -> tuple[str, bool]:
    low = word.lower()
    if low in _NOUNS:
        return low, False
    if low.endswith("ies") and low[:-3] + "y" in _TYPE_WORDS:
        return low[:-3] + "y", True
    if low.endswith("s") and low[:-1] in _NOUNS:
        return low[:-1], True
    return low, low.endswith("s")


@functools.lru_cache(maxsize=1024)
def type_word_constraint(word: str) -> Word:
    """The Word of a card-type or generic noun as spelled ("Creatures"); made once per spelling
    (Words and their terms are immutable, so one object serves every parse)."""
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

    The branches depend only on the run of words (each made once per spelling), so they are
    worked out once per distinct run; each call gets its own lists (a filter is mutable)."""
    key = items[0] if len(items) == 1 else tuple(items)  # a Word is equal only to itself
    branches = _COMBINED.get(key)
    if branches is None:
        if len(_COMBINED) >= _COMBINED_MAX:
            _COMBINED.clear()
        branches = _COMBINED[key] = tuple(tuple(b) for b in _combined(items))
    if len(branches) == 1:
        return Filter([list(branches[0])])
    return Filter([list(b) for b in branches])


#: run of words and separators → the branches of its filter; emptied past _COMBINED_MAX
#: entries (a long-lived process reading hostile text)
_COMBINED: dict[tuple, tuple[tuple[Any, ...], ...]] = {}
_COMBINED_MAX = 50_000


def _combined(items: list[Word | Sep]) -> list[list[Any]]:
    """The branches of :func:`combine_words`, worked out."""
    if not any(type(it) is Sep for it in items):  # no separator: one branch of all the words
        return [_constraints(items)]
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
        return [_constraints(flat)]
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
    return branches


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
    """The value of a number token ("three", "3", "X" is not one), looked up once per spelling."""
    text = str(tok)
    value = _NUMBER_VALUES.get(text)
    if value is None:
        from .lexer import NUMBER_WORDS

        s = text.lower()
        if s in NUMBER_WORDS:
            value = NUMBER_WORDS[s]
        else:
            try:
                value = int(s)
            except ValueError:
                value = int(float(s))
        if len(_NUMBER_VALUES) >= _COMBINED_MAX:
            _NUMBER_VALUES.clear()
        _NUMBER_VALUES[text] = value
    return value


#: a number token's spelling → its value
_NUMBER_VALUES: dict[str, int] = {}
