"""What the corpus report judges of an ability's text (``mtgasp corpus``): whether it is a mana
line or a keyword line, its coarse class, its template when unsupported, and the verdict the
report counts per distinct ability (:func:`ability_verdict`) — from the text as printed and the
names of the ability's facts, once per distinct text where the card's names do not matter.
"""

from __future__ import annotations

import functools
import re
from typing import Any

#: entries per memo dict (the values come from the user's file)
MEMO_MAX = 100_000

_MANA_LINE = re.compile(r"\badds?\b", re.I)
#: "Add" (the verb of CR 106.4's mana abilities) or "adds", outside reminder text; not the
#: Un-cards' "Add or subtract 1 from ..." (a number, not mana)
_MANA_VERB = re.compile(r"\bAdd\b(?! or subtract\b)|\badds\b")
_REMINDER = re.compile(r"\([^)]*\)")


def is_mana_line(text: str) -> bool:
    """An ability that adds mana, by its text: "Add ..." or "... adds ..." outside reminder
    text ("{T}: Add {G}.", "that player adds one mana ..."); "Add or subtract 1 ..." is not."""
    return bool(_MANA_VERB.search(_REMINDER.sub("", text) if "(" in text else text))


def _bare(text: str) -> str:
    """The text without its reminder text (what the report's judgements of a text look at)."""
    return _REMINDER.sub("", text) if "(" in text else text


def is_keyword_line(text: str, names: tuple[str, ...] = ()) -> bool:
    """An ability that begins with a CR 702 keyword ("Flying, vigilance", "Kicker {2}",
    "Ward—Pay 3 life.", "Protection from wordy"), read as the parser reads it: reminder text
    removed, the card's own ``names`` (:func:`mtgasp.parser.split.self_names`) as "~", after
    any ability word. Not a keyword line: a line that begins with the card's name ("Storm
    Entity enters ..."), one about a keyword ("Equip abilities you activate cost {1} less",
    "Flashback costs you pay cost {2} less"), a flavor word ("Gift of Tiamat — When ...")."""
    return _parser_words().keyword_of_line(text, names) is not None


#: the report's verdicts on ability texts, kept by text: the same text recurs on many cards
_BY_TEXT: dict[tuple, Any] = {}


def _keyword_line(text: str, names: tuple[str, ...]) -> bool:
    """:func:`is_keyword_line`, kept by text when the text does not name its card (see
    :func:`_no_keyword_at_a_glance` for the texts that need no look at all)."""
    if names and any(n in text for n in names) and _parser_words().mark_names(text, names):
        return not _no_keyword_at_a_glance(text) and is_keyword_line(text, names)
    key = ("kw", text)
    hit = _BY_TEXT.get(key)
    if hit is None:
        hit = _BY_TEXT[key] = not _no_keyword_at_a_glance(text) and is_keyword_line(text, names)
    return hit


def _no_keyword_at_a_glance(text: str) -> bool:
    """No keyword line, whatever the card's names, seen from the text as printed. After any
    ability word, the text begins:

    * with a letter, has no doubled space or line break, and does not begin with a keyword as
      printed: normalising it (reminder text out, the card's names as "~") leaves its first
      words as they are or makes them "~";
    * with a character that is no word character, no "(" (reminder text, removed), no blank
      and none that a CR 702 keyword begins with ("∞" does) — "{T}: Add {G}.", "+1: ...",
      "• ...": normalising it leaves that character first or puts "~" there;
    * with nothing.

    An ability word needs a dash ("Landfall — ...", "Domain—..."), so a text without one has
    none to skip."""
    words = _parser_words()
    head = text.lstrip()
    if "—" in head:
        head = head[words.ability_word_prefix(head)[1]:]
    c = head[:1]
    if c.isalpha():
        return "  " not in head and "\n" not in head and words.keyword_head(head) is None
    return not c or not (c.isalnum() or c == "_" or c == "(" or c.isspace() or c in words.keyword_initials)


@functools.lru_cache(maxsize=None)
def _parser_words() -> Any:
    """The parser's functions on ability texts that the report uses, imported once."""
    from types import SimpleNamespace

    from mtgasp.parser.keywords import KEYWORD_INITIALS, keyword_head, keyword_of_line
    from mtgasp.parser.lexer import mark_names
    from mtgasp.parser.split import ability_word_prefix

    return SimpleNamespace(keyword_head=keyword_head, keyword_of_line=keyword_of_line,
                           mark_names=mark_names, ability_word_prefix=ability_word_prefix,
                           keyword_initials=KEYWORD_INITIALS)


_ADDS_MANA = re.compile(r"\badds?\b[^.]*(\{[WUBRGC\dX]|mana)", re.I)
_TRIGGER_START = re.compile(r"^(When|Whenever|At)\b")
_REPLACEMENT_START = re.compile(r"^(If|As)\b")
_SYMBOLS = re.compile(r"\{[WUBRGCSXYZ/P\d]+\}")
_NUMBERS = re.compile(r"[+\-−]?\b\d+\b")
_NUMBER_WORDS = re.compile(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|X)\b")
_SPACES = re.compile(r"\s+")


def ability_class_of_text(text: str, is_spell: bool) -> str:
    """A coarse class for any ability text (also unparsed ones), for the coverage table."""
    return _class_of_bare(_bare(text), is_spell)


def _class_of_bare(bare: str, is_spell: bool) -> str:
    """:func:`ability_class_of_text` of a text whose reminder text is removed."""
    t = bare.strip()
    head = t.partition(".")[0]
    # (a text without "add" in any case has no match of either: it is not searched)
    if "add" in t.lower() and _MANA_LINE.search(t) and _ADDS_MANA.search(t):
        return "mana"
    if _TRIGGER_START.match(t):
        return "triggered"
    if ":" in head and not t.startswith("•"):
        return "activated"
    if "instead" in t and _REPLACEMENT_START.match(t):
        return "replacement"
    if is_spell:
        return "spell"
    return "static"


def template_of(text: str) -> str:
    """An unsupported text as a template: symbols, numbers and names as placeholders."""
    return _template_of_bare(_bare(text))


def _template_of_bare(bare: str) -> str:
    """:func:`template_of` of a text whose reminder text is removed."""
    t = _SYMBOLS.sub("{M}", bare)
    t = _NUMBERS.sub("N", t)
    t = _NUMBER_WORDS.sub("N", t)
    t = _SPACES.sub(" ", t).strip()
    return t


#: an ability's class from the names of its facts, the first that it has
_CLASS_OF_FACT = (("keyword", "keyword"), ("adds", "mana"), ("activated", "activated"),
                  ("replacement", "replacement"), ("triggered", "triggered"),
                  ("static", "static"), ("spell_effect", "spell"))


#: the names of an ability's facts (one frozenset per printed ability) → its class from them
#: ("" for none)
_FACT_CLASS: dict[frozenset[str], str] = {}


def ability_verdict(text: str, supported: bool, kinds: frozenset[str], is_spell: bool) -> tuple:
    """What the report counts of one ability, from its text and the names of its facts:
    (its class — None when it depends on the card's names —, whether it is a keyword line —
    None when that depends on the card's names —, whether it is a mana line, whether it is one
    parsed into mana facts, whether its keyword is recognised, its template when unsupported,
    its class from its facts or None, its class from its text or None when its facts decide).

    An ability's class comes from its facts when they say keyword or mana (keyword first: the
    first of :data:`_CLASS_OF_FACT` it has), otherwise from its text, where a keyword line
    counts as keyword; the mana abilities parsed are those that add mana themselves or through
    an ability they grant."""
    fcls = _FACT_CLASS.get(kinds)
    if fcls is None:
        if len(_FACT_CLASS) >= MEMO_MAX:
            _FACT_CLASS.clear()
        fcls = _FACT_CLASS[kinds] = next((cls for name, cls in _CLASS_OF_FACT if name in kinds), "")
    fcls = fcls or None
    if fcls == "keyword" or "keyword_recognised" in kinds:
        kw_line: bool | None = True
    elif _no_keyword_at_a_glance(text):
        kw_line = False
    else:
        kw_line = None
    bare = _bare(text)
    tcls = None if fcls in ("mana", "keyword") else _class_of_bare(bare, is_spell)
    # mana and keyword abilities by their facts (or, unparsed, by their text); the other
    # classes by the text alone, so that parsed and unparsed abilities of a class are counted
    # alike
    cls = None if kw_line is None else fcls if tcls is None else "keyword" if tcls != "mana" and kw_line else tcls
    mana_line = ("Add" in bare or "adds" in bare) and _MANA_VERB.search(bare) is not None
    return (cls, kw_line, mana_line, supported and "adds" in kinds,
            "keyword" in kinds or "keyword_recognised" in kinds, None if supported else _template_of_bare(bare),
            fcls, tcls)
