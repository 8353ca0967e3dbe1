"""What no rule reads among a parsed card's facts, for the corpus report (``mtgasp corpus``,
bridge/corpus.py): :func:`card_unread` judges each part of a card once per distinct value (an
ability by its printed template, the characteristic facts by each field's value) and
:func:`unread_kinds` judges facts one by one (``ParsedCard.texts``); both answer as
``mtgasp.reads``' read table does, each reason once.
"""

from __future__ import annotations

import functools
from typing import Any, Iterable

__all__ = ["card_unread", "unread_kinds"]


#: an ability's facts with placeholders (``ParsedAbility.template``) → what no rule reads of them
_BY_TEMPLATE: dict[str, tuple[str, ...]] = {}
#: a fact of a template (with its placeholders) → why no rule reads it (None: read)
_BY_TEMPLATE_FACT: dict[str, str | None] = {}
#: a characteristic field's value → what no rule reads of the facts it gives (one dict per field)
_BY_TYPE_LINE: dict[str, tuple[str, ...]] = {}
_BY_MANA_COST: dict[str, tuple[str, ...]] = {}
_BY_NUMBERS: dict[tuple, tuple[str, ...]] = {}
_BY_COLORS: dict[tuple, tuple[str, ...]] = {}
_MEMO_MAX = 100_000  # entries per dict (the values come from the user's file)


def card_unread(rec: dict[str, Any], pc: Any) -> tuple[str, ...]:
    """What no rule reads among the facts of the parsed card ``pc`` of record ``rec`` (as
    :func:`unread_kinds` finds it over ``pc.texts``), each part judged once per distinct value.

    A fact's verdict depends on its name and the kinds of its arguments, and neither changes
    with the card term (a ``card/1`` term whatever the name) or the ability's number (a number
    is no kind). So an ability's verdict is kept by its printed template
    (``ParsedAbility.template``: its facts with placeholders, the same for every card whose
    ability prints alike), and the characteristic facts' verdict is the union of those of the
    fields they come from (:func:`mtgasp.parser.typeline.characteristic_facts` prints each
    field's facts on their own), each kept by the field's value."""
    abilities = pc.abilities
    for a in abilities:
        if a.template is None:  # a placeholder character in the card's name or text
            from mtgasp.parser.facts import quote

            return unread_kinds(pc.texts, f"card({quote(rec['name'])})")
    out: set[str] | None = None
    for a in abilities:
        why = _BY_TEMPLATE.get(a.template)
        if why is None:
            why = _remember(_BY_TEMPLATE, a.template, _template_unread(a.template))
        if why:
            out = set(why) if out is None else out.union(why)
    type_line, mana_cost, colors = rec["type_line"], rec["mana_cost"], rec["color_indicator"]
    numbers = (rec["power"], rec["toughness"], rec["loyalty"], rec["defense"])
    head = [_BY_TYPE_LINE.get(type_line), _BY_MANA_COST.get(mana_cost), _BY_NUMBERS.get(numbers)]
    if head[0] is None:
        head[0] = _head_unread(_BY_TYPE_LINE, type_line, type_line=type_line)
    if head[1] is None:
        head[1] = _head_unread(_BY_MANA_COST, mana_cost, mana_cost=mana_cost)
    if head[2] is None:
        head[2] = _head_unread(_BY_NUMBERS, numbers, power=numbers[0], toughness=numbers[1],
                               loyalty=numbers[2], defense=numbers[3])
    if colors:
        why = _BY_COLORS.get(tuple(colors))
        head.append(why if why is not None else
                    _head_unread(_BY_COLORS, tuple(colors), color_indicator=list(colors)))
    for why in head:
        if why:
            out = set(why) if out is None else out.union(why)
    return () if out is None else tuple(sorted(out))


def _remember(memo: dict, key: Any, value: tuple[str, ...]) -> tuple[str, ...]:
    if len(memo) >= _MEMO_MAX:
        memo.clear()
    memo[key] = value
    return value


def _head_unread(memo: dict, key: Any, **field: Any) -> tuple[str, ...]:
    """What no rule reads of the characteristic facts one field gives (with the card term
    ``card(0)``; the fact ``card(card(0))`` that every card has comes with them), kept in
    ``memo`` by the field's value."""
    from mtgasp.parser.typeline import characteristic_facts

    return _remember(memo, key, unread_kinds((("", characteristic_facts("card(0)", **field)),)))


def _template_unread(template: str) -> tuple[str, ...]:
    """What no rule reads of an ability's facts printed with placeholders (\x01 the card term,
    \x02 the ability's number), each reason once: each fact is judged as
    :func:`unread_kinds` judges it, with the card term ``card(0)`` and the number 1."""
    table = _read_table()
    plain = table.plain_names
    out: set[str] = set()
    for fact in template.split("\n"):
        i = fact.find("(")
        if (fact[:i] if i >= 0 else fact) in plain:
            continue
        why = _BY_TEMPLATE_FACT.get(fact, False)
        if why is False:
            why = table.unread_text(fact.replace("\x01", "card(0)").replace("\x02", "1"))
            if len(_BY_TEMPLATE_FACT) >= _MEMO_MAX:
                _BY_TEMPLATE_FACT.clear()
            _BY_TEMPLATE_FACT[fact] = why
        if why is not None:
            out.add(why)
    return tuple(sorted(out))


#: fact text, its card term replaced by ``card(0)`` → why no rule reads it (None: read)
_UNREAD: dict[str, str | None] = {}


def unread_kinds(texts: Iterable[tuple[str, tuple[str, ...]]], card: str = "") -> tuple[str, ...]:
    """What no rule reads among a card's facts (``ParsedCard.texts``: (comment, fact texts) per
    block, as the parser prints them; mtgasp.reads), each reason once: empty when the rules read
    every fact of the card. A fact of a name the rules read whatever its arguments (the read
    table's plain names: two facts in three) passes at a glance; the verdict on any other
    depends on its predicate and the kinds of its arguments (``card/1`` whatever the card's
    name), so it is kept by the fact's text with the card term ``card`` replaced."""
    table = _read_table()
    plain = table.plain_names
    out: set[str] = set()
    for _comment, facts in texts:
        for fact in facts:
            i = fact.find("(")
            if (fact[:i] if i >= 0 else fact) in plain:
                continue
            key = fact.replace(card, "card(0)") if card else fact
            why = _UNREAD.get(key, False)
            if why is False:
                if len(_UNREAD) > 500_000:
                    _UNREAD.clear()
                why = _UNREAD[key] = table.unread_text(key)
            if why is not None:
                out.add(why)
    return tuple(sorted(out))


@functools.lru_cache(maxsize=None)
def _read_table():
    from .reads import read_table

    return read_table()
