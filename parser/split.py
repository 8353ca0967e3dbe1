"""Splitting a card's Oracle text into ability units, and the normalised text of each.

* one unit per line; a line "... choose one —" and the "•" lines after it form one unit;
* the "//" line between the halves of a split card starts the next face (no unit); so does a
  "---" line, the same separator in some card data ("Bedeck // Bedazzle");
* a line that is only reminder text produces no unit: a basic land's "({T}: Add {G}.)" is
  the intrinsic mana ability of its land type (CR 305.6), not printed text;
* an ability word or flavor word before " — " ("Landfall — Whenever ...", CR 207.2c-d) is
  kept in the unit's text and span but not parsed (``prefix_end``);
* a lost line break in some card data starts a new unit where no Oracle text could read
  otherwise: a closing quote glued to the next ability ('..."Whenever ...'), a cost, keyword,
  trigger or ability word glued to the sentence before it ("+1/+1.{1}{B}, {T}: ...",
  "scry 2.Whenever ..."), a keyword glued to
  a cost or a loyalty ability, a number or P/T glued to the next word ("toxic 1Whenever"), a
  keyword followed by " When", two generic mana symbols in a row ("Ward {2}{1}{R}{G}, ...").
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .lexer import mark_names, reminder_spans
from .vocabulary import ABILITY_WORDS, ALL_SUBTYPES, CARD_TYPES, COLOR_WORDS, SUPERTYPES

_ABILITY_WORDS = frozenset(ABILITY_WORDS)
_SUBTYPES = frozenset(ALL_SUBTYPES)

#: prefixes before " — " that the grammar reads itself (keywords, modal headers, chapters)
_KEYWORD_WITH_DASH = (
    "suspend|reinforce|impending|awaken|prototype|modular|ward|equip|cumulative upkeep|escape|"
    "flashback|kicker|morph|ninjutsu|cycling|echo|madness|buyback|craft|level up|disguise|plot|"
    "warp|harmonize|mayhem|offspring|gift|squad|blitz|dash|spectacle|foretell|encore|disturb|"
    "cleave|replicate|entwine|recover|transmute|overload|unearth|evoke|bestow|emerge|embalm|"
    "eternalize|surge|outlast|scavenge|prowl|miracle|mutate|reconfigure|freerunning|"
    "web-slinging|sneak|\\w+cycling|casualty|aura swap|fortify|splice|partner"
)
#: prefixes before " — " that the grammar reads itself (keywords with a cost or number,
#: modal headers, Saga chapters, keyword abilities written "Keyword — ..."); anything else
#: is an ability word or a flavor word (CR 207.2c-d)
_GRAMMAR_PREFIX = re.compile(
    r"^(?:choose\b.*|[IVX]+(?:, [IVX]+)*|max speed|companion|forecast|boast|exhaust|visit|"
    r"solved|to solve|\+.*|(?:" + _KEYWORD_WITH_DASH + r")(?: (?:\d+|X|\{.*))?)$",
    re.I,
)
_PREFIX = re.compile(r"^([A-Z][^—•:.()\"{}]{0,60}?) — ")
#: an ability word glued to its dash ("Domain—When ..."); keywords written so ("Ward—Pay 3
#: life.") are read by the grammar, so only a known ability word is a prefix here
_GLUED_PREFIX = re.compile(r"^([A-Z][a-z']+(?: [a-z']+)?)—(?=[A-Z~{])")


class Unit(NamedTuple):
    """One ability's text: ``start``/``end`` are offsets into the card's Oracle text. A named
    tuple: a card makes one per ability, and a frozen dataclass's ``__init__`` cost more than
    the rest of the split."""

    start: int
    end: int
    #: where parsing starts (after an ability word or flavor word), an offset like start
    body: int
    ability_word: str = ""
    face: int = 1


def split_units(text: str) -> list[Unit]:
    return [Unit(start, end, body, word, face) for start, end, body, word, face, _ in split_lines(text)[0]]


def split_lines(text: str) -> tuple[list[tuple[int, int, int, str, int, str]], bool]:
    """The units of ``text``, each as the fields of its :class:`Unit` and its text (``text``
    from its start to its end: what the split has in hand), and whether a line break
    separates every two of them (no lost line break split a line: then a name's whole-word
    occurrences in the text are those in its units, and no occurrence straddles two units;
    :func:`mtgasp.parser.parse_card` looks for the card's names once in the whole text). One
    pass over the lines: each line is stripped once, and its continuation lines are told apart
    by their first character before the pattern is tried."""
    if (_GLUED_PAIR_ASCII.search(text) is None
            and (text.isascii() or _OTHER_DIGIT.search(text) is None or _GLUED_PAIR.search(text) is None)
            and (" When" not in text or _WHEN.search(text) is None)):
        lines = text.split("\n")
        by_lines = True
    else:
        spans = _glued_lines(text)
        lines = [text[a:b] for a, b in spans]
        by_lines = len(spans) == text.count("\n") + 1
    units: list[tuple[int, int, int, str, int, str]] = []
    n = len(lines)
    face = 1
    # the offset of the line at hand: one past the line break after the line before it, or
    # where its span starts when lost line breaks split a line
    starts = None if by_lines else [x for x, _ in spans]
    a = 0
    i = 0
    while i < n:
        line = lines[i]
        if starts is not None:
            a = starts[i]
        i += 1
        body = line.strip()
        if not body or body == "//" or body == "---" or (body[0] == "(" and _only_reminder(body)):
            if body and body[0] != "(":  # "---": the separator of some data sources' split cards
                face += 1
            a += len(line) + 1
            continue
        start = a if body is line else a + len(line) - len(line.lstrip())
        a += len(line) + 1
        # the "•" lines after an ability are its modes (CR 700.2); "+ {1} — ..." lines are the
        # modes of a spree spell (CR 702.172); "1—9 | ..." lines the results of a die roll
        if i < n:
            c = lines[i][:1]  # (most lines are told apart by their first character)
            if (c == "•" or c == "+" or c.isdigit() or c.isspace()) and _continues(lines[i].lstrip()):
                last = i
                while last + 1 < n and _continues(lines[last + 1].lstrip()):
                    last += 1
                last_end = (starts[last] if starts is not None else
                            a + sum(len(x) + 1 for x in lines[i:last])) + len(lines[last])
                body = text[start:last_end].rstrip()
                if starts is None:
                    a = last_end + 1
                i = last + 1
        word, skip = ability_word_prefix(body) if "—" in body else _NO_PREFIX
        units.append((start, start + len(body), start + skip, word, face, body))
    return units, by_lines


#: no ability word: :func:`ability_word_prefix` of a text without a dash (both of its forms
#: need one)
_NO_PREFIX = ("", 0)


def ability_word_prefix(text: str) -> tuple[str, int]:
    """The ability word or flavor word that ``text`` begins with ("Landfall — ...", CR
    207.2c-d) and the offset where the ability's own text starts; ("", 0) when there is none
    (a keyword written "Boast — ...", a modal header and a Saga chapter are no such prefix)."""
    m = _PREFIX.match(text)
    if m and not _GRAMMAR_PREFIX.match(m.group(1)):
        return m.group(1).strip(), m.end()
    m = _GLUED_PREFIX.match(text)
    if m and m.group(1).lower() in _ABILITY_WORDS:
        return m.group(1), m.end()  # "Domain—When ~ enters, ..." (a CR 207.2c ability word)
    return "", 0


_CONTINUATION = re.compile(r"^(?:•|\+ \{|\d+(?:[—–-]\d+)? \||\d+(?:[—–]\d+)? — )")


def _continues(line: str) -> bool:
    # every continuation begins with "•", "+" or a digit (``\d``: a decimal digit, which
    # ``isdigit`` includes)
    return _CONTINUATION.match(line) is not None


def _glued_lines(text: str) -> list[tuple[int, int]]:
    """Line spans of a text holding a ``_GLUED_PAIR`` or " When": a closing quote glued to a
    capital letter ('."Whenever') and the other lost line breaks of ``_GLUED`` also end a line.

    A lost line break needs two characters side by side that Oracle text otherwise separates
    (``_GLUED_PAIR``); a text without any such pair (most cards) is split at its line breaks
    alone (:func:`split_lines`)."""
    out = []
    pos = 0
    while True:
        nl = text.find("\n", pos)
        if nl < 0:
            break
        out.extend(_glued(text, pos, nl))
        pos = nl + 1
    out.extend(_glued(text, pos, len(text)))
    return out


_GLUED = re.compile(
    # every alternative below is followed by one of these characters: tested first, so most
    # positions (lower-case letters) fail at once
    r'(?=[A-Z{+\-−\d\[ ])(?:'
    r'(?<=[.!]")(?=[A-Z])'                     # '...spell."Whenever'
    r'|(?<=[a-z])(?=\{)'                        # 'Flash{T}: ...'
    r'|(?<=[.)])(?=[+−-]?\d+:|\[[+−-]?\d+\]:)'   # '...card.+1: ...'
    r'|(?<=[a-z])(?=[+−-]\d+:)'                 # 'Hexproof+2: ...' (a loyalty ability)
    r'|(?<=[a-z0-9]\.)(?=\{[TQ]\}|\{[^{}]+\}[^.]*:|Equip\b)'  # '...turn.{T}: ...', '+1/+1.{1}{B}, {T}: ...', '+1/-1.Equip {1}'
    r'|(?<=[a-z0-9]\.)(?=(?:When|Whenever|At)\b|[A-Z][a-z]+ \{|[A-Z][^.:"]*:|[A-Z][a-z]+(?: [a-z]+)? — )'
    #   '...scry 2.Whenever ...', '+1/+0.Cycling {1}{W}', '+1/+1.Sacrifice a Merfolk: ...',
    #   '+1/+1.Corrupted — ...' (a trigger, keyword cost, activation cost or ability word)
    r'|(?<=[A-Za-z] \d)(?=[A-Z][a-z]|\{)'       # 'toxic 1Whenever', 'Modular 3{X}, {T}: ...'
    r'|(?<=\d/\d)(?=[A-Z][a-z])'                # 'Prototype {2}{B} — 3/2At the beginning'
    r'|(?<=[a-z]) (?=(?:When|Whenever)\b)'      # 'Flying When ~ enters'
    r'|(?<=\.\))(?=[IVX]+ ?—)'                   # '...(reminder.)I—Scry 4'
    r'|(?<=\{\d\})(?=\{\d+\})'                   # 'Ward {2}{1}{R}{G}, Exile ~: ...' (no cost has
    r')'                                       # two generic symbols, CR 107.4)
)
_GLUED_KEYWORD = re.compile(r"[A-Z][a-z]{2,14}(?=\{)")

#: the characters around every position where ``_GLUED`` can match (the character after the
#: break is consumed, those before it looked back at; " When" is tested apart): a period, digit
#: or ")" before a capital, '."' or '!"' before one; a letter, period or digit before "{", a
#: digit's "}" before one and a digit; a period, ")" or letter before a sign and a digit; a period or ")"
#: before a digit or "[". It starts with one character class, so the regex engine skips the
#: other characters in its own loop; ``_GLUED`` starts with lookbehinds and is tried at every
#: position of a text. Most cards have no such pair at all. The character before the break is
#: looked at once first, in the union of the pairs' first characters ``[.\d)"a-z}]``: most
#: candidates (a capital or a digit after a blank) fail there, before the six pairs are tried
#: (the search over the corpus's texts: 53 -> 38 ms).
_GLUED_PAIR = re.compile(
    r'[A-Z{+\-−\d\[](?<=[.\d)"a-z}].)'
    r'(?:(?<=[.\d)][A-Z])|(?<=[.!]"[A-Z])|(?<=[a-z.\d]\{)|(?<=\d\}\{)(?=\d)'
    r'|(?<=[.)a-z][+\-−])(?=\d)|(?<=[.)][\d\[]))'
)
#: ``_GLUED_PAIR`` with ``\d`` read as [0-9] (the only part of it that re.ASCII changes): a
#: character set without a Unicode category is tested per character by a table look-up, about
#: twice as fast over a text. Without a digit past ASCII (``_OTHER_DIGIT``) a text reads the
#: same with both; one with such a digit is read with ``_GLUED_PAIR`` too.
_GLUED_PAIR_ASCII = re.compile(_GLUED_PAIR.pattern, re.ASCII)
_OTHER_DIGIT = re.compile(r"[^\x00-\x7f](?<=\d)")
_WHEN = re.compile(r"(?<=[a-z]) (?=When)")


def _breaks(text: str, a: int, b: int):
    """The positions in ``text[a:b]`` where ``_GLUED`` matches, in order: only the positions
    of a ``_GLUED_PAIR`` or " When" are tried."""
    found = [m.start() for m in _GLUED_PAIR.finditer(text, a, b)]
    if " When" in text:  # (a test of the text: cheaper than the regex's search)
        found += [m.start() for m in _WHEN.finditer(text, a, b)]
        found.sort()
    return [p for p in found if _GLUED.match(text, p, b)]


def _glued(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """Lost line breaks: '...spell."Whenever' and a keyword glued to a cost ('Flash{T}, ...')."""
    spans = []
    pos = a
    m = _GLUED_KEYWORD.match(text, a, b)
    if m:
        spans.append((a, m.end()))
        pos = m.end()
    for p in _breaks(text, a, b):
        if _quote_balance(text[pos:p]) == 0:
            spans.append((pos, p))
            pos = p
    spans.append((pos, b))
    return spans


def _quote_balance(s: str) -> int:
    return s.count('"') % 2


def _only_reminder(line: str) -> bool:
    s = line.strip()
    if not s.startswith("("):
        return False
    spans = reminder_spans(s)  # in order, none inside another
    at = 0
    for b, e in spans:
        if s[at:b].strip():  # text outside the parentheses
            return False
        at = e
    return bool(spans) and not s[at:].strip()


#: texts without the card's names -> their normal form (bounded)
_NORMALISED: dict[str, str] = {}


def normalise(text: str, names: tuple[str, ...]) -> str:
    """The ability's text with reminder text removed and the card's own names as ``~``."""
    if not names or not mark_names(text, names):
        hit = _NORMALISED.get(text)
        if hit is None:
            if len(_NORMALISED) >= 50_000:
                _NORMALISED.clear()
            hit = _NORMALISED[text] = _normalise(text, ())
        return hit
    return _normalise(text, names)


#: "this creature" and the like (CR 201.5: the object itself), any case: the same as
#: ``\bthis (...)\b`` with re.I, but begun with a character class (the only characters that
#: match "t" ignoring case) and the word boundary before it looked back at, so that the regex
#: engine skips the other characters in its own loop instead of trying the pattern at each one
_THIS_NOUN = re.compile(
    r"[Tt](?<!\w[Tt])(?i:his (creature|land|artifact|enchantment|planeswalker|permanent|spell|card|token|"
    r"battle|Aura|Equipment|Vehicle|Saga|Class|Case|Room))\b")
_BLANKS = re.compile(r"[ \t]+")
_LINE_BREAK = re.compile(r" *\n *")
_SPACE_BEFORE_MARK = re.compile(r" ([.,:])")


def _normalise(text: str, names: tuple[str, ...]) -> str:
    out = text
    if "(" in out:
        spans = reminder_spans(out)
        if spans:
            out = _cut(out, spans, "")
    if names:
        spans = mark_names(out, names)
        if spans:
            out = _cut(out, spans, "~")
    if not out.isascii() or "this " in out.lower():  # (only ASCII letters spell "this" then)
        out = _THIS_NOUN.sub("~", out)
    if "  " in out or "\t" in out:
        out = _BLANKS.sub(" ", out)
    if "\n" in out:
        out = _LINE_BREAK.sub("\n", out)
    if " ." in out or " ," in out or " :" in out:
        out = _SPACE_BEFORE_MARK.sub(r"\1", out)
    return out.strip()


def _cut(text: str, spans: list[tuple[int, int]], by: str) -> str:
    """``text`` with each of ``spans`` (in order, none inside another) replaced by ``by``."""
    parts = []
    at = 0
    for a, b in spans:
        parts.append(text[at:a])
        at = b
    parts.append(text[at:])
    return by.join(parts)


def _plain_name_word(word: str) -> bool:
    """A first word usable as a short self-name ("Rasputin" of Rasputin Dreamweaver), not a
    type or color word ("Sliver Queen" is not called "Sliver")."""
    low = word.lower()
    return (word not in _SUBTYPES and low not in CARD_TYPES and low not in SUPERTYPES
            and low not in COLOR_WORDS)


#: "Sly Spy [A]", "A-Sepulcher Ghoul": the marks of a variant around a card's name
_VARIANT_NAME = re.compile(r"^A-(?=\S)| \[[A-Z0-9]+\]$")
#: "Fire (Fire/Ice)": a record for one half of a split card, with the whole card in parentheses
_HALF_NAME = re.compile(r"^(.+?) \(([^()]+/[^()]+)\)$")


#: (name, legendary or not) -> self_names (a card's names are asked for by the parser and again by the
#: corpus report); bounded
_SELF_NAMES: dict[tuple[str, str], tuple[str, ...]] = {}


def self_names(name: str, type_line: str) -> tuple[str, ...]:
    """:func:`card_names` of a card with this type line."""
    return card_names(name, "legendary" in type_line.lower())


def card_names(name: str, legendary: bool) -> tuple[str, ...]:
    """:func:`_self_names`: at once for a name that is its only spelling (no face "//", half
    "Fire (Fire/Ice)", variant mark '"Iceberg Titan"', "Sly Spy [A]", "A-Sepulcher Ghoul" or
    legendary short name: most cards), else kept for the last few thousand cards asked about."""
    if not (legendary or '"' in name or "[" in name or "/" in name or "(" in name or name[:2] == "A-") and name:
        return (name,)
    key = (name, legendary)
    hit = _SELF_NAMES.get(key)
    if hit is None:
        if len(_SELF_NAMES) >= 4096:
            _SELF_NAMES.clear()
        hit = _SELF_NAMES[key] = _self_names(name, legendary)
    return hit


def _self_names(name: str, legendary: bool) -> tuple[str, ...]:
    """The spellings that mean the card itself, longest first: the full name, each face of a
    split or double-faced name ("Fire // Ice"), the half a record names before the whole card
    in parentheses ("Fire" for "Fire (Fire/Ice)"), the name without the marks of a variant
    ('"Iceberg Titan"', "Sly Spy [A]", "A-Sepulcher Ghoul"), and for a legendary card the
    short name before the comma ("Jace" for "Jace, the Mind Sculptor")."""
    names: list[str] = [name]
    # how some card data mark a variant of the name: '"Iceberg Titan"' (Un-cards' quoted
    # names), "Sly Spy [A]" (one of several versions), "A-Sepulcher Ghoul" (an Alchemy rebalance)
    base = _VARIANT_NAME.sub("", name.strip('"')) if ('"' in name or "[" in name or name[:2] == "A-") else name
    if base != name and base:
        names.append(base)
        name = base
    faces = [f.strip() for f in name.split("//")] if "//" in name else [name]
    m = _HALF_NAME.match(name)
    if m and m.group(1) in (p.strip() for p in m.group(2).split("/")):
        faces.append(m.group(1))  # "Fire (Fire/Ice)": one half of a split card, named "Fire"
    names += [f for f in faces if f]
    if legendary:
        for f in faces:
            if "," in f:
                short = f.split(",")[0].strip()
                if len(short) > 2:
                    names.append(short)
            elif " " in f and not f.lower().startswith("the ") and _plain_name_word(f.split(" ")[0]):
                first = f.split(" ")[0]
                if len(first) > 2 and first[0].isupper():
                    names.append(first)  # "Rasputin" for Rasputin Dreamweaver
    seen: list[str] = []
    for n in names:
        if n and n not in seen:
            seen.append(n)
    return tuple(sorted(seen, key=len, reverse=True))
