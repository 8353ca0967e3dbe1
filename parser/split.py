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
    units: list[Unit] = []
    lines = _lines(text)
    n = len(lines)
    face = 1
    i = 0
    while i < n:
        a, b = lines[i]
        i += 1
        line = text[a:b]
        stripped = line.strip()
        if not stripped:
            continue
        if stripped in ("//", "---"):  # "---": the separator of some data sources' split cards
            face += 1
            continue
        if stripped[0] == "(" and _only_reminder(stripped):
            continue
        start = a + len(line) - len(line.lstrip())
        end = start + len(stripped)
        # the "•" lines after an ability are its modes (CR 700.2); "+ {1} — ..." lines are the
        # modes of a spree spell (CR 702.172); "1—9 | ..." lines the results of a die roll
        if i < n and _continues(text[lines[i][0]:lines[i][1]].lstrip()):
            while i < n and _continues(text[lines[i][0]:lines[i][1]].lstrip()):
                i += 1
            end = start + len(text[start:lines[i - 1][1]].rstrip())
        body = text[start:end]
        word, skip = ability_word_prefix(body) if "—" in body else _NO_PREFIX
        units.append(Unit(start, end, start + skip, word, face))
    return units


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
    return bool(_CONTINUATION.match(line))


def _lines(text: str) -> list[tuple[int, int]]:
    """Line spans; a closing quote glued to a capital letter ('."Whenever') also ends a line.

    A lost line break needs two characters side by side that Oracle text otherwise separates
    (``_GLUED_PAIR``); a text without any such pair (most cards) is split at its line breaks
    alone, with one scan of the whole text instead of one per line."""
    if _GLUED_PAIR.search(text) is None and (" When" not in text or _WHEN.search(text) is None):
        out = []
        pos = 0
        while True:
            nl = text.find("\n", pos)
            if nl < 0:
                out.append((pos, len(text)))
                return out
            out.append((pos, nl))
            pos = nl + 1
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
#: position of a text. Most cards have no such pair at all.
_GLUED_PAIR = re.compile(
    r'[A-Z{+\-−\d\[](?:(?<=[.\d)][A-Z])|(?<=[.!]"[A-Z])|(?<=[a-z.\d]\{)|(?<=\d\}\{)(?=\d)'
    r'|(?<=[.)a-z][+\-−])(?=\d)|(?<=[.)][\d\[]))'
)
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
    spans = reminder_spans(s)
    covered = sum(e - b for b, e in spans)
    rest = "".join(ch for k, ch in enumerate(s) if not any(b <= k < e for b, e in spans))
    return covered > 0 and not rest.strip()


#: texts without the card's names -> their normal form (bounded)
_NORMALISED: dict[str, str] = {}


def normalise(text: str, names: tuple[str, ...]) -> str:
    """The ability's text with reminder text removed and the card's own names as ``~``."""
    spans = mark_names(text, names)
    if not spans:
        hit = _NORMALISED.get(text)
        if hit is None:
            if len(_NORMALISED) >= 50_000:
                _NORMALISED.clear()
            hit = _NORMALISED[text] = _normalise(text, ())
        return hit
    return _normalise(text, names)


_THIS_NOUN = re.compile(
    r"\bthis (creature|land|artifact|enchantment|planeswalker|permanent|spell|card|token|battle|Aura|"
    r"Equipment|Vehicle|Saga|Class|Case|Room)\b", re.I)
_BLANKS = re.compile(r"[ \t]+")
_LINE_BREAK = re.compile(r" *\n *")
_SPACE_BEFORE_MARK = re.compile(r" ([.,:])")


def _normalise(text: str, names: tuple[str, ...]) -> str:
    out = text
    if "(" in out:
        for a, b in reversed(reminder_spans(out)):
            out = out[:a] + out[b:]
    if names:
        for a, b in reversed(mark_names(out, names)):
            out = out[:a] + "~" + out[b:]
    if not out.isascii() or "this " in out.lower():  # (only ASCII letters spell "this" then)
        out = _THIS_NOUN.sub("~", out)
    if "  " in out or "\t" in out:
        out = _BLANKS.sub(" ", out)
    if "\n" in out:
        out = _LINE_BREAK.sub("\n", out)
    if " ." in out or " ," in out or " :" in out:
        out = _SPACE_BEFORE_MARK.sub(r"\1", out)
    return out.strip()


def _plain_name_word(word: str) -> bool:
    """A first word usable as a short self-name ("Rasputin" of Rasputin Dreamweaver), not a
    type or color word ("Sliver Queen" is not called "Sliver")."""
    low = word.lower()
    return (word not in ALL_SUBTYPES and low not in CARD_TYPES and low not in SUPERTYPES
            and low not in COLOR_WORDS)


#: "Sly Spy [A]", "A-Sepulcher Ghoul": the marks of a variant around a card's name
_VARIANT_NAME = re.compile(r"^A-(?=\S)| \[[A-Z0-9]+\]$")
#: "Fire (Fire/Ice)": a record for one half of a split card, with the whole card in parentheses
_HALF_NAME = re.compile(r"^(.+?) \(([^()]+/[^()]+)\)$")


#: (name, type line) -> self_names (a card's names are asked for by the parser and again by the
#: corpus report); bounded
_SELF_NAMES: dict[tuple[str, str], tuple[str, ...]] = {}


def self_names(name: str, type_line: str) -> tuple[str, ...]:
    """:func:`_self_names`, kept for the last few thousand cards asked about."""
    key = (name, type_line)
    hit = _SELF_NAMES.get(key)
    if hit is None:
        if len(_SELF_NAMES) >= 4096:
            _SELF_NAMES.clear()
        hit = _SELF_NAMES[key] = _self_names(name, type_line)
    return hit


def _self_names(name: str, type_line: str) -> tuple[str, ...]:
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
    if "legendary" in type_line.lower():
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
