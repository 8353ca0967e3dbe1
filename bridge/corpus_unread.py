"""What no rule reads among a parsed card's facts, for the corpus report (``mtgasp corpus``,
bridge/corpus.py): :func:`card_unread` judges each part of a card once per distinct value (an
ability by its printed template, the characteristic facts by each field's value) and
:func:`unread_kinds` judges facts one by one (``ParsedCard.texts``); both answer as
``mtgasp.reads``' read table does, each reason once.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Iterable

__all__ = ["card_unread", "unread_kinds"]


#: an ability's facts with placeholders (``ParsedAbility.template``) → the bits of what no rule
#: reads of them (:func:`_mask`)
_BY_TEMPLATE: dict[str, int] = {}
#: a characteristic field's value → the bits of what no rule reads of the facts it gives (one
#: dict per field)
_BY_TYPE_LINE: dict[str, int] = {}
_BY_MANA_COST: dict[str, int] = {}
_BY_NUMBERS: dict[tuple, int] = {}
_BY_COLORS: dict[tuple, int] = {}
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
    field's facts on their own), each kept by the field's value.

    Each part's verdict is kept as a set of bits, one per reason (:func:`_mask`): a card's
    verdict is their union (an or of integers), spelled out once per distinct union."""
    generation = _GENERATION[0]
    mask = 0
    for a in pc.abilities:
        template = a.template
        if template is None:  # a placeholder character in the card's name or text
            from mtgasp.parser.facts import quote

            return unread_kinds(pc.texts, f"card({quote(rec['name'])})")
        m = _BY_TEMPLATE.get(template)
        if m is None:
            m = _remember(_BY_TEMPLATE, template, _template_mask(template))
        mask |= m
    type_line, mana_cost, colors = rec["type_line"], rec["mana_cost"], rec["color_indicator"]
    numbers = (rec["power"], rec["toughness"], rec["loyalty"], rec["defense"])
    m = _BY_TYPE_LINE.get(type_line)
    mask |= m if m is not None else _head_unread(_BY_TYPE_LINE, type_line, type_line=type_line)
    m = _BY_MANA_COST.get(mana_cost)
    mask |= m if m is not None else _head_unread(_BY_MANA_COST, mana_cost, mana_cost=mana_cost)
    m = _BY_NUMBERS.get(numbers)
    mask |= m if m is not None else _head_unread(_BY_NUMBERS, numbers, power=numbers[0], toughness=numbers[1],
                                                 loyalty=numbers[2], defense=numbers[3])
    if colors:
        m = _BY_COLORS.get(tuple(colors))
        mask |= m if m is not None else _head_unread(_BY_COLORS, tuple(colors), color_indicator=list(colors))
    if generation != _GENERATION[0]:  # the bits were forgotten meanwhile: the card judged fact by fact
        from mtgasp.parser.facts import quote

        return unread_kinds(pc.texts, f"card({quote(rec['name'])})")
    if not mask:
        return ()
    whys = _REASONS.get(mask)
    if whys is None:
        found = []
        rest = mask
        while rest:  # one step per bit set
            low = rest & -rest
            found.append(_WHY[low.bit_length() - 1])
            rest ^= low
        whys = _REASONS[mask] = tuple(sorted(found))
    return whys


#: each reason seen (a phrase of ``ReadTable.unread``) → its bit in the memos' masks
_BIT: dict[str, int] = {}
#: the reasons by their bit's position
_WHY: list[str] = []
#: a union of bits → its reasons, sorted (the tuple a card's verdict is)
_REASONS: dict[int, tuple[str, ...]] = {}
_MAX_REASONS = 4096  # bits before every mask is forgotten (the reasons come from the user's file)
#: how many times the bits were forgotten (a card judged meanwhile is judged again)
_GENERATION = [0]


def _mask(whys: tuple[str, ...]) -> int:
    """The bits of ``whys`` (a new reason gets the next bit)."""
    mask = 0
    for why in whys:
        bit = _BIT.get(why)
        if bit is None:
            if len(_BIT) >= _MAX_REASONS:
                _forget_masks()
            bit = _BIT[why] = 1 << len(_WHY)
            _WHY.append(why)
        mask |= bit
    return mask


def _forget_masks() -> None:
    """Forget every bit and every memo of masks (so that no mask means another reason)."""
    for memo in (_BIT, _WHY, _REASONS, _BY_TEMPLATE, _BY_LINE, _BY_TYPE_LINE, _BY_MANA_COST, _BY_NUMBERS, _BY_COLORS):
        memo.clear()
    _GENERATION[0] += 1


def _remember(memo: dict, key: Any, value: int) -> int:
    if len(memo) >= _MEMO_MAX:
        memo.clear()
    memo[key] = value
    return value


def _head_unread(memo: dict, key: Any, **field: Any) -> int:
    """The bits of what no rule reads of the characteristic facts one field gives (with the card
    term ``card(0)``; the fact ``card(card(0))`` that every card has comes with them), kept in
    ``memo`` by the field's value."""
    from mtgasp.parser.typeline import characteristic_facts

    return _remember(memo, key, _mask(unread_kinds((("", characteristic_facts("card(0)", **field)),))))


def _template_mask(template: str) -> int:
    """The bits of what no rule reads of an ability's facts printed with placeholders (\x01 the
    card term, \x02 the ability's number; ``ParsedAbility.template``), each fact judged as
    :func:`unread_kinds` judges it, with the card term ``card(0)`` and the number 1: the union
    of its facts' bits (:data:`_BY_LINE`, each distinct fact judged once).

    The facts are the printer's own texts (:func:`mtgasp.parser.fact_lines`: those after the
    head facts ``card_ability``, ``ability_text`` and ``ability_word``, which the rules read
    whatever their arguments), so nothing is split; a template the printer's memo does not know
    (a level condition added to it, or forgotten) is split into its lines, the head's too."""
    lines = _printed_lines()(template) if _head_is_read() else None
    if lines is None:
        lines = template.split("\n")
    by_line = _BY_LINE
    mask = 0
    for line in lines:
        mask |= by_line[line]
    return mask


class _LineMasks(dict):
    """A fact line of a template → the bits of why no rule reads it (0: read), judged when first
    looked up (:func:`_fact_unread`). A quoted ability's ``ability_text`` (one per text) is
    judged and not kept."""

    def __missing__(self, line: str) -> int:
        why = _fact_unread(line)
        mask = _mask((why,)) if why else 0
        if not line.startswith("ability_text("):
            if len(self) >= _MEMO_MAX:
                self.clear()
            self[line] = mask
        return mask


#: a template's fact line → the bits of what no rule reads of it (:class:`_LineMasks`)
_BY_LINE = _LineMasks()


@functools.lru_cache(maxsize=None)
def _head_is_read() -> bool:
    """Whether the rules read a template's head facts whatever their arguments."""
    plain = _read_table().plain_names
    return "card_ability" in plain and "ability_text" in plain and "ability_word" in plain


@functools.lru_cache(maxsize=None)
def _printed_lines() -> Any:
    """The parser's :func:`~mtgasp.parser.fact_lines`, imported once."""
    from mtgasp.parser import fact_lines

    return fact_lines


#: a fact line's shape (its numbers as 0) → why no rule reads it ("": read)
_BY_SHAPE: dict[str, str] = {}
#: a number outside a word (an identifier holds no number of its own: ``p1p1`` stays)
_NUMBER = re.compile(r"(?<!\w)\d+")


def _fact_unread(fact: str) -> str:
    """Why no rule reads one fact line of a template ("": read). A fact of a name the rules
    read whatever its arguments passes at a glance; any other is judged by its shape, its
    numbers written 0: a verdict depends on the fact's name, its arity and the kinds of its
    arguments, and no number is a kind or changes an arity (a fact holding a string, whose
    digits are its own, is judged as it stands)."""
    table = _read_table()
    i = fact.find("(")
    if (fact[:i] if i >= 0 else fact) in table.plain_names:
        return ""
    shape = fact if '"' in fact else _NUMBER.sub("0", fact)
    why = _BY_SHAPE.get(shape)
    if why is None:
        if len(_BY_SHAPE) >= _MEMO_MAX:
            _BY_SHAPE.clear()
        why = _BY_SHAPE[shape] = table.unread_text(shape.replace("\x01", "card(0)").replace("\x02", "1")) or ""
    return why


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
    from .reads_table import read_table

    return read_table()
