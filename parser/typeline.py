"""Characteristics from a card's fields (CR 202-208): type line, mana cost, colors, P/T.

Facts: card_type/2, card_supertype/2, card_subtype/2 (``"Time Lord"`` is one subtype,
CR 205.3m), card_color_indicator/2, card_mana_cost/3, card_power/2, card_toughness/2,
card_loyalty/2, card_defense/2. A split card's halves ("Fire // Ice") are combined, as the
card has both halves' characteristics outside the stack (CR 709.4).
"""

from __future__ import annotations

import functools
import re
from typing import Iterable

from .facts import AbilityPrinter, InvalidTerm, quote
from .mana import group_symbols, mana_symbol
from .vocabulary import CARD_TYPE_ALIASES, CARD_TYPES, COLOR_WORDS, MULTIWORD_SUBTYPES, SUPERTYPES

_SYMBOL = re.compile(r"\{[^{}]+\}")
_COLOR_LETTERS = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g"}


@functools.lru_cache(maxsize=8192)
def split_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    """(supertypes, card types, subtypes) of a type line, all faces together."""
    supers: list[str] = []
    types: list[str] = []
    subs: list[str] = []
    for face in type_line.split("//"):
        left, _, right = face.replace("—", "\u2014").partition("\u2014")
        if not _:
            left, _, right = face.partition(" - ")
        is_plane = False
        for word in left.split():
            low = word.lower()
            low = CARD_TYPE_ALIASES.get(low, low)
            if low in SUPERTYPES:
                _add(supers, low)
            elif low in CARD_TYPES:
                _add(types, low)
                is_plane = is_plane or low == "plane"
        if is_plane and right.strip():
            _add(subs, right.strip())
            continue
        for sub in split_subtypes(right):
            _add(subs, sub)
    return supers, types, subs


def split_subtypes(text: str) -> list[str]:
    """Subtypes after the dash; multi-word subtypes ("Time Lord") stay one (CR 205.3b)."""
    words = text.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        for mw in MULTIWORD_SUBTYPES:
            parts = mw.split()
            if [w.lower() for w in words[i : i + len(parts)]] == [p.lower() for p in parts]:
                out.append(mw)
                i += len(parts)
                break
        else:
            out.append(words[i])
            i += 1
    return out


def _add(xs: list[str], x: str) -> None:
    if x not in xs:
        xs.append(x)


def pt_term(value: str | None) -> str | None:
    """An integer, ``star`` for "*", or the text itself for anything else ("1+*"), as ASP text."""
    if value is None or value == "":
        return None
    v = value.strip()
    if re.fullmatch(r"-?\d+", v) and -(2**31) <= int(v) < 2**31:  # clingo's integers
        return str(int(v))
    if v == "*":
        return "star"
    return quote(v)


def characteristic_facts(
    card: str,
    *,
    type_line: str = "",
    mana_cost: str = "",
    power: str | None = None,
    toughness: str | None = None,
    loyalty: str | None = None,
    defense: str | None = None,
    color_indicator: Iterable[str] | None = None,
) -> list[str]:
    """The characteristic facts of a card (``card`` is the card term as ASP text)."""
    parts = characteristic_parts(type_line=type_line, mana_cost=mana_cost, power=power, toughness=toughness,
                                 loyalty=loyalty, defense=defense, color_indicator=color_indicator)
    return [f"card({card})"] + [head + card + tail for head, tail in parts]


def characteristic_parts(
    *,
    type_line: str = "",
    mana_cost: str = "",
    power: str | None = None,
    toughness: str | None = None,
    loyalty: str | None = None,
    defense: str | None = None,
    color_indicator: Iterable[str] | None = None,
) -> tuple[tuple[str, str], ...]:
    """The characteristic facts after ``card(C)``, each as (its text before the card term, its
    text after it): the same for every card with these fields, so a caller writes the card term
    in only when it needs the texts."""
    return card_head(type_line or "", mana_cost, power, toughness, loyalty, defense, color_indicator)[0]


def _color_parts(color_indicator: Iterable[str]) -> tuple[tuple[str, str], ...]:
    # The colors themselves are derived by the rules (CR 202.2: from the mana cost, and the
    # color indicator, CR 204): rules_asp/cr6_spells_abilities_effects/cr613_layer1_copy.lp.
    colors: list[str] = []
    for c in color_indicator:
        for part in str(c).split():
            m = COLOR_WORDS.get(part.lower()) or _COLOR_LETTERS.get(part.upper())
            if m:
                _add(colors, m)
    return tuple(("card_color_indicator(", f",{m})") for m in colors)


def card_head(type_line: str, mana_cost: str, power: str | None, toughness: str | None, loyalty: str | None,
              defense: str | None, color_indicator: Iterable[str] | None
              ) -> tuple[tuple[tuple[str, str], ...], bool, bool]:
    """What :func:`mtgasp.parser.parse_card` needs of a card's fields, in one call: its
    :func:`characteristic_parts`, :func:`is_spell_type`, and whether it is legendary (its short
    name means it, :func:`.split.card_names`); each field's part made once per distinct value."""
    parts, is_spell, legendary = _type_info(type_line)
    parts = parts + _mana_cost_parts(mana_cost or "")
    if color_indicator:
        parts += _color_parts(color_indicator)
    return parts + _pt_parts(power, toughness, loyalty, defense), is_spell, legendary


def is_spell_type(type_line: str) -> bool:
    """An instant or sorcery that is no permanent type too: its abilities are its spell's
    effects (``spell_effect``), not static abilities."""
    return _type_info(type_line or "")[1]


# Type lines, mana costs and P/T repeat across cards ("Creature — Elf Druid", "{1}{G}", "1/1"):
# their facts but for the card term are made once per text, as (text before the card term,
# text after it) pairs (bounded caches: the text comes from the user).

@functools.lru_cache(maxsize=8192)
def _type_info(type_line: str) -> tuple[tuple[tuple[str, str], ...], bool, bool]:
    """The type line's fact parts, whether the card is a spell that is no permanent, and
    whether it is legendary."""
    low = type_line.lower()
    is_spell = ("instant" in low or "sorcery" in low) and not any(
        t in low for t in ("creature", "artifact", "enchantment", "land", "planeswalker", "battle"))
    parts = tuple((pred + "(", "," + arg + ")") for pred, arg in _type_facts(type_line))
    return parts, is_spell, "legendary" in low


@functools.lru_cache(maxsize=8192)
def _mana_cost_parts(mana_cost: str) -> tuple[tuple[str, str], ...]:
    return tuple(("card_mana_cost(", f",{term},{n})") for term, n in _mana_cost_facts(mana_cost))


@functools.lru_cache(maxsize=8192)
def _pt_parts(power: str | None, toughness: str | None, loyalty: str | None,
              defense: str | None) -> tuple[tuple[str, str], ...]:
    out = []
    for pred, value in (("card_power", power), ("card_toughness", toughness),
                        ("card_loyalty", loyalty), ("card_defense", defense)):
        t = pt_term(value)
        if t is not None:
            out.append((pred + "(", "," + t + ")"))
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def _type_facts(type_line: str) -> tuple[tuple[str, str], ...]:
    """(predicate, the argument after the card term) of the type line's facts."""
    supers, types, subs = split_type_line(type_line)
    return (tuple(("card_supertype", s) for s in supers) + tuple(("card_type", t) for t in types)
            + tuple(("card_subtype", quote(s)) for s in subs))


@functools.lru_cache(maxsize=8192)
def _mana_cost_facts(mana_cost: str) -> tuple[tuple[str, int], ...]:
    """(symbol term, count) of a mana cost's card_mana_cost facts."""
    syms = [mana_symbol(s) for s in _SYMBOL.findall(mana_cost)]
    printer = AbilityPrinter("card(0)", "ab(card(0),0)", False, lambda q: "")
    out = []
    for sym, n in group_symbols(syms):
        try:
            term = printer.term(sym)
        except InvalidTerm:  # "{4294967297}": past clingo's integers; kept as its text
            term = quote("{" + "".join(str(a) for a in getattr(sym, "args", ())) + "}")
        out.append((term, n))
    return tuple(out)
