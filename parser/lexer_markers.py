"""Lexer passes: marker tokens decided by the next word(s) and the ability's structure.

Two words read as one token ("mana value", "creature type"), markers before a phrase that an
LALR(1) parser could not tell apart by one token ("instead if", "at least"; "on the
battlefield" and "this way" are marked in the separators' walk, :mod:`.lexer_lists`), the
flavor names of Saga chapters and modes (CR 714.2, 207.2d), the periods that close a sentence
ending inside quotes, and the zero-width ``COST_START`` before an activated ability's costs.
"""

from __future__ import annotations

from .lexer_lists import (
    _SERIES_VERBS,
    _mark_separators,
    _separator_marker,
    _series_from,
    _series_verb,
)
from .lexer_words import END, LOW, START, TYPES, VALUE, PreToken, Vocabulary, _DOT_TYPES, _is_verb


#: two words read as one token: "creature type" is not a creature, "this ability" not "this"
_MERGED = {
    ("creature", "type"): "CREATURE_TYPE", ("creature", "types"): "CREATURE_TYPE",
    ("card", "type"): "CARD_TYPE", ("card", "types"): "CARD_TYPE",
    ("land", "type"): "LAND_TYPE", ("land", "types"): "LAND_TYPE",
    ("card", "name"): "CARD_NAME", ("this", "ability"): "THIS_ABILITY",
}


#: the words that a rule of :func:`_mark_phrases` starts from (besides a number, and a word
#: before "counter(s)"): any other token is kept as it is
_PHRASE_FIRST = frozenset({
    *(a for a, _ in _MERGED), "without", "at", "mana", "converted", "instead", ",", "that's",
    "that", "blocking", "put", "cast", "and", "attacking", "other", "each",
})


def mark_tokens(toks: list[PreToken], vocab: Vocabulary, starts: list[int] | None) -> list[PreToken]:
    """The markers of :func:`_mark_phrases` and of :func:`.lexer_lists._mark_separators` in one
    walk over the tokens a rule may start from (``starts``: ascending, may hold others and
    repeats, made while reading (see lexer._chunk); None: found here): at each, the phrase's
    marker, then the separator's in front of it, as the two passes one after the other give
    them. One walk suffices while no two words merge: the phrases' rules read the tokens as
    they came in, the separators' rules the phrases' results, and both read of the tokens
    around them only their words and whether they are a verb, a description word, a symbol, a
    number or the object itself, which no marker changes. When two words merge ("mana
    value", about one text in twenty: found at the second word), the tokens changed so far
    are put back and the two passes run one after the other.

    A rule is tried only when the next word is one it may take (``_PHRASE_NEXT``,
    ``_SEPARATOR_NEXT``): most visited tokens cost two set look-ups."""
    n = len(toks)
    if starts is None:
        starts = []
        for i, t in enumerate(toks):
            v = t[LOW]
            if v in WALK_FIRST or "NUM" in t[TYPES]:
                starts.append(i)
            elif v in _COUNTER and i:
                starts.append(i - 1)
    if not starts:  # (about one text in seven: no word a rule starts from)
        return toks
    series: list = []  # _series_from's last answer
    lists: list = []  # _list_from's last answer
    undo: list[tuple[int, PreToken]] = []  # (index, its token before this walk)
    phrase_next = _PHRASE_NEXT
    separator_next = _SEPARATOR_NEXT
    no = _NO_RULE
    last = -1
    for i in starts:
        if i <= last:
            continue
        last = i
        t = toks[i]
        v = t[LOW]
        if v in _MERGE_LAST and i and _merges_before(toks, i, v):
            for k, old in undo:
                toks[k] = old
            # the phrases' pass visits the starts and the first words of the merges (the
            # words before a last word of _MERGE_LAST): the others of _PHRASE_FIRST that no
            # start holds ("creature", "mana", ...) start no rule unless "counter(s)" follows
            # (then the start before "counter(s)" holds them)
            firsts = [k - d for k in starts if 0 <= k < n and toks[k][LOW] in _MERGE_LAST for d in (1, 2)]
            return _mark_separators(_mark_phrases(toks, vocab, sorted({*starts, *firsts})), vocab, None)
        nxt = toks[i + 1] if i + 1 < n else None
        nv = nxt[LOW] if nxt is not None else ""
        new = t
        rule = phrase_next.get(v, no)
        if (rule is not no and (rule is None or nv in rule)) or nv in _COUNTER or (
                (nv == "|" or nv == "—") and "NUM" in t[TYPES]):
            new = _phrase_marker(toks, i, t, v, nxt, nv, n, vocab, series)
        rule = separator_next.get(v, no)
        if rule is not no and (rule is None or nv in rule):
            sep = _separator_marker(toks, i, new, v, n, vocab, lists)
            if sep is not None:
                new = sep
        if new is not t:
            undo.append((i, t))
            toks[i] = new
    return toks


def _merges_before(toks: list[PreToken], i: int, v: str) -> bool:
    """Whether the word ``v`` at ``i`` ends words that :func:`_merge_at` reads as one."""
    prev = toks[i - 1][LOW]
    return (prev, v) in _MERGED or (prev == "mana" and (
        v == "value" or (v == "cost" and i > 1 and toks[i - 2][LOW] == "converted")))


#: no rule starts from this word (see _PHRASE_NEXT)
_NO_RULE = frozenset()

#: word -> the next words with which a rule of :func:`_phrase_marker` may start from it (None:
#: any); besides, a number before "|" or "—", and any word before "counter(s)"
_PHRASE_NEXT: dict[str, frozenset[str] | None] = {
    "without": frozenset({"paying"}), "at": frozenset({"random", "least"}), "instead": None,
    ",": None, "that's": frozenset({"tapped"}), "that": frozenset({"are"}),
    "blocking": frozenset({"it", "them", "~", "target", "that", "this", "a", "an", "you", "or"}),
    "put": frozenset({"into", "onto"}), "cast": frozenset({"this"}), "and": frozenset({"the"}),
    "attacking": frozenset({"you"}), "other": frozenset({"than"}), "each": None,
}

#: the same for :func:`.lexer_lists._separator_marker`
_SEPARATOR_NEXT: dict[str, frozenset[str] | None] = {
    ",": None, "or": None, "and": None, "and/or": None, "with": None,
    "this": frozenset({"way"}), "from": frozenset({"it"}), "exiled": frozenset({"with"}),
    "attached": frozenset({"to"}), "on": frozenset({"the"}),
}

#: the last words of the words that merge (_MERGED, "mana value", "converted mana cost")
_MERGE_LAST = frozenset({*(b for _, b in _MERGED), "value", "cost"})

#: the words :func:`mark_tokens` visits (besides a number and a word before "counter(s)")
WALK_FIRST = frozenset(_PHRASE_NEXT) | frozenset(_SEPARATOR_NEXT) | _MERGE_LAST


def _mark_phrases(toks: list[PreToken], vocab: Vocabulary, starts: list[int] | None = None) -> list[PreToken]:
    """Marker candidates decided by the next word(s): "mana value" and "converted mana cost"
    become one MANA_VALUE token; "instead if"/"instead." get INSTEAD_IF/INSTEAD_END; a comma or
    "each" before a verb VP_COMMA/EACH_V; a word before "counter(s)" is tried as WORD first
    (a counter kind: "a loyalty counter").

    Only the tokens a rule starts from are visited (a word of ``_PHRASE_FIRST``, a number, the
    word before "counter(s)": about one token in five): ``starts``, ascending, may hold others
    and repeats (the lexer's list, made while reading, see lexer._chunk); without it they are
    found here. The rules read the tokens as they came in; their results are put in place at
    the end (a new list when tokens are merged, else ``toks`` itself). Used when two words
    merge (else :func:`mark` does this pass and the separators' in one walk)."""
    n = len(toks)
    first = _PHRASE_FIRST
    if starts is None:
        lows = [t[LOW] for t in toks]
        lows.append("")
        starts = [i for i in range(n) if lows[i] in first or lows[i + 1] in _COUNTER or "NUM" in toks[i][TYPES]]
    if not starts:
        return toks
    series: list = []  # _series_from's last answer
    changed: list[tuple[int, PreToken]] = []  # (index, its new token)
    merges: list[tuple[int, int, PreToken]] = []  # (start, end, the token for toks[start:end])
    skip = -1  # the last index visited or taken by a merge
    for i in starts:
        if i <= skip:
            continue
        skip = i
        t = toks[i]
        v = t[LOW]
        nxt = toks[i + 1] if i + 1 < n else None
        nv = nxt[LOW] if nxt is not None else ""
        if v not in first and nv not in _COUNTER and "NUM" not in t[TYPES]:
            continue
        if v in _MERGE_FIRST:
            merge = _merge_at(toks, i, v, nv, n)
            if merge is not None:
                merges.append(merge)
                skip = merge[1] - 1
                continue
            if v in _MERGE_ONLY and nv not in _COUNTER:
                continue  # ("creature", "card", "land", "this": no other rule starts from them)
        new = _phrase_marker(toks, i, t, v, nxt, nv, n, vocab, series)
        if new is not t:
            changed.append((i, new))
    if not merges:
        for i, t in changed:
            toks[i] = t
        return toks
    out = list(toks)
    for i, t in changed:
        out[i] = t
    for i, j, t in reversed(merges):
        out[i:j] = [t]
    return out


def _merge_at(toks: list[PreToken], i: int, v: str, nv: str, n: int) -> tuple[int, int, PreToken] | None:
    """The words from ``i`` read as one token ("creature type", "mana value", "converted mana
    cost"): (start, end, the token), or None."""
    t = toks[i]
    merged = _MERGED.get((v, nv))
    if merged is not None:
        nxt = toks[i + 1]
        return i, i + 2, PreToken((merged,), f"{t[VALUE]} {nxt[VALUE]}", t[START], nxt[END])
    if v == "mana" and nv == "value":
        return i, i + 2, PreToken(("MANA_VALUE",), "mana value", t[START], toks[i + 1][END])
    if v == "converted" and nv == "mana" and i + 2 < n and toks[i + 2][LOW] == "cost":
        return i, i + 3, PreToken(("MANA_VALUE",), "mana value", t[START], toks[i + 2][END])
    return None


def _phrase_marker(toks: list[PreToken], i: int, t: PreToken, v: str, nxt: PreToken | None, nv: str,
                   n: int, vocab: Vocabulary, series: list) -> PreToken:
    """The token ``t`` (at ``i``; ``v`` its lower case, ``nxt``/``nv`` the next token and its
    lower case) with the marker a rule of :func:`_mark_phrases` gives it, or ``t`` itself.
    Reads the words and (verb, number) types of the tokens around it, which no marker changes."""
    if v == "without" and nv == "paying":
        return PreToken(("WITHOUT_PAYING",) + t[TYPES], t[VALUE], t[START], t[END])
    if v == "at" and nv == "random":
        return PreToken(("AT_RANDOM",) + t[TYPES], t[VALUE], t[START], t[END])
    if v == "instead" and i > 0 and toks[i - 1][VALUE] == ",":
        t = PreToken(("INSTEAD_START",) + t[TYPES], t[VALUE], t[START], t[END])
    elif v == "instead":
        if nv == "if":
            t = PreToken(("INSTEAD_IF",) + t[TYPES], t[VALUE], t[START], t[END])
        elif nv in ("", ".", ","):
            t = PreToken(("INSTEAD_END",) + t[TYPES], t[VALUE], t[START], t[END])
    elif v == "," and nxt is not None and (
        _is_verb(nxt, vocab) or (nv == "and" and i + 2 < n and _is_verb(toks[i + 2], vocab))
    ):
        pre = ("SERIES_COMMA", "VP_COMMA") if _series_from(toks, i + 1, vocab, series) else ("VP_COMMA",)
        t = PreToken(pre + t[TYPES], t[VALUE], t[START], t[END])
    elif v == "," and nv in _SERIES_VERBS and _series_from(toks, i + 1, vocab, series):
        t = PreToken(("SERIES_COMMA",) + t[TYPES], t[VALUE], t[START], t[END])
    elif v == "," and nv in ("or", "and") and i + 2 < n and _series_verb(toks[i + 2], vocab):
        t = PreToken(("SERIES_COMMA",) + t[TYPES], t[VALUE], t[START], t[END])
    elif "NUM" in t[TYPES] and (nv == "|" or (nv == "—" and i + 3 < n and toks[i + 3][VALUE] == "|")
                               or (nv == "—" and (i == 0 or toks[i - 1][VALUE] in (".", '"')))):
        t = PreToken(("ROLL_NUM",) + t[TYPES], t[VALUE], t[START], t[END])
    elif (v == "that's" and nv == "tapped") or (
            v == "that" and nv == "are" and i + 2 < n and toks[i + 2][LOW] == "tapped"):
        t = PreToken(("THATS_TAPPED",) + t[TYPES], t[VALUE], t[START], t[END])
    elif v == "blocking" and (nv in ("it", "them", "~", "target", "that", "this", "a", "an", "you") or (nv == "or" and i + 3 < n and toks[i + 2][LOW] == "blocked" and toks[i + 3][LOW] == "by")):
        t = PreToken(("BLOCKING_NP",) + t[TYPES], t[VALUE], t[START], t[END])
    elif t[VALUE] == "put" and nv in ("into", "onto") and i > 0 and toks[i - 1][LOW] not in (
            "you", "to", ",", ".", "and", "then", "may", "~", "it", "they", "them", "player", "opponent"):
        t = PreToken(("PUT_PP",) + t[TYPES], t[VALUE], t[START], t[END])  # "each creature card put into ..."
    elif v == "at" and nv == "least" and not any(
            x[LOW] in ("mana", "life", "than") for x in toks[i + 2:i + 6]):
        t = PreToken(("AT_LEAST",) + t[TYPES], t[VALUE], t[START], t[END])
    elif t[VALUE] == "cast" and nv == "this" and i + 2 < n and toks[i + 2][LOW] == "way":
        t = PreToken(("CAST_PP",) + t[TYPES], t[VALUE], t[START], t[END])  # "a spell cast this way"
    elif v == "and" and nv == "the" and i + 2 < n and toks[i + 2][LOW] == "rest":
        t = PreToken(("REST_AND",) + t[TYPES], t[VALUE], t[START], t[END])
    elif v == "attacking" and nv == "you" and i > 0 and toks[i - 1][LOW] not in ("and", "or"):
        t = PreToken(("ATTACKING_YOU",) + t[TYPES], t[VALUE], t[START], t[END])
    elif v == "other" and nv == "than" and not (i > 0 and toks[i - 1][LOW] == "anywhere"):
        t = PreToken(("OTHER_THAN",) + t[TYPES], t[VALUE], t[START], t[END])
    elif v == "each" and nxt is not None and _is_verb(nxt, vocab) and nv != "turn":
        t = PreToken(("EACH_V",) + t[TYPES], t[VALUE], t[START], t[END])
    elif (nv in ("counter", "counters") and "WORD" in t[TYPES] and t[TYPES][0] != "WORD"
          and v not in ("its", "their", "your", "his", "her", "all", "the", "those", "these", "each")):
        t = PreToken(("WORD",) + tuple(x for x in t[TYPES] if x != "WORD"), t[VALUE], t[START], t[END])
    return t


#: the first words of _MERGED that start no other rule of _mark_phrases
_MERGE_ONLY = frozenset(("creature", "card", "land", "this"))
#: the first words of the tokens that may merge with the next (:func:`_merge_at`)
_MERGE_FIRST = _MERGE_ONLY | {"mana", "converted"}

#: "counter(s)": the word before them may be a counter kind (the last rule of _mark_phrases)
_COUNTER = frozenset(("counter", "counters"))


def _merge_chapter_name(toks: list[PreToken]) -> list[PreToken]:
    """"II, III — Brimstone — Add ...": the name between a Saga chapter's numerals and the
    effect becomes one CHAPTER_NAME token (a flavor word, CR 714.2 and 207.2d)."""
    i = 0
    while i < len(toks) and "ROMAN" in toks[i][TYPES]:
        i += 1
        if i < len(toks) and toks[i][VALUE] == ",":
            i += 1
    if i == 0 or i >= len(toks) or toks[i][VALUE] != "—":
        return toks
    for j in range(i + 1, min(len(toks), i + 10)):
        v = toks[j][VALUE]
        if v in (".", ":", '"', ","):
            return toks
        if v == "—":
            if j == i + 1:
                return toks
            name = " ".join(t[VALUE] for t in toks[i + 1:j])
            merged = PreToken(("CHAPTER_NAME",), name, toks[i + 1][START], toks[j - 1][END])
            return toks[:i + 1] + [merged] + toks[j:]
    return toks


def _merge_mode_names(toks: list[PreToken]) -> list[PreToken]:
    """"• Take the Elevator — Create three ...": the name between a mode's bullet and a spaced
    " — " becomes one MODE_NAME token (a flavor word naming the mode, CR 207.2d; Tiered modes
    "• Fire — {0} — ..." too). Only words may stand in a name: a period, colon, comma, quote,
    symbol or a second bullet before the dash means there is no name. Returns ``toks`` itself
    when it names no mode."""
    if not any(t[VALUE] == "•" for t in toks):
        return toks
    out: list[PreToken] = []
    i = 0
    n = len(toks)
    changed = False
    while i < n:
        t = toks[i]
        out.append(t)
        i += 1
        if t[VALUE] != "•":
            continue
        for j in range(i, min(n, i + 9)):
            v = toks[j][VALUE]
            if v == "—":
                if j > i and toks[j][START] > toks[j - 1][END] and j + 1 < n \
                        and toks[j + 1][START] > toks[j][END]:
                    name = " ".join(x[VALUE] for x in toks[i:j])
                    out.append(PreToken(("MODE_NAME",), name, toks[i][START], toks[j - 1][END]))
                    i = j
                    changed = True
                break
            if v in (".", ":", ",", ";", '"', "•") or v.startswith("{") or "SELF" in toks[j][TYPES]:
                break
    return out if changed else toks


def _quote_opens(toks: list[PreToken], i: int) -> bool:
    """A quote mark opens a quotation when a space (or the start of the text) comes before it;
    one glued to the text before it closes one. Nested quotations ('... have "Lands you control
    have '{T}: Add {G}.'"') are told apart this way."""
    return i == 0 or toks[i - 1][END] < toks[i][START]


def _close_quotes(toks: list[PreToken]) -> list[PreToken]:
    """'... have "{T}: Add {C}."' ends the sentence inside the quotes: add the period that
    closes the outer sentence (zero width) when none follows the closing quote; and a quoted
    ability written without its final period ('gains "{T}: Add {R}" until ...') gets one.
    Returns ``toks`` itself when it adds or moves nothing."""
    out: list[PreToken] = []
    changed = False
    opened: list[int] = []
    granted = False  # the last quotation closed was an ability given by a verb ('have "..."')
    for i, t in enumerate(toks):
        if t[VALUE] == '"' and opened and not _quote_opens(toks, i):
            start = opened.pop()
            moved = None
            before = out[start - 1][LOW] if start > 0 else ""
            given = before in _GRANTING or (before in (",", "and") and granted)
            if out and out[-1][VALUE] == "," and (given or _is_ability_quote(out[start + 1:-1])):
                moved = out.pop()  # '"{T}: Add one mana of any color," and ...': the comma is outside
                changed = True
            ends_sentence = bool(out) and out[-1][VALUE] == "."
            granted = given and len(out) - start > 3
            if out and out[-1][VALUE] != "." and (granted or _is_ability_quote(out[start + 1:])):
                out.append(PreToken(_DOT_TYPES, ".", t[START], t[START]))
                changed = True
            out.append(t)
            nxt = toks[i + 1][VALUE] if i + 1 < len(toks) else None
            if ends_sentence and nxt not in (".", ",", "and", "or", ";"):
                out.append(PreToken(out[-2][TYPES], ".", t[END], t[END]))
                changed = True
            if moved is not None:
                out.append(PreToken(moved[TYPES], ",", t[END], t[END]))
            continue
        if t[VALUE] == '"':
            opened.append(len(out))
        out.append(t)
    return out if changed else toks


#: the words before a quotation that give the quoted ability to something ('have "This
#: creature can't block"', 'gains "..."', 'a token with "..."'); a quotation after one of them,
#: or after "and"/"," following such a quotation, is an ability even without its final period
_GRANTING = frozenset(("have", "has", "gain", "gains", "with"))


def _is_ability_quote(inner: list[PreToken]) -> bool:
    """A quoted text that is an ability: it has a cost colon or starts with a trigger word."""
    if len(inner) < 3:
        return False
    first = inner[0][LOW]
    return any(t[VALUE] == ":" for t in inner) or first in ("when", "whenever", "at")


def _insert_cost_start(toks: list[PreToken], quotes: bool = True) -> list[PreToken]:
    """Mark the start of an activated ability ("{T}: Add {G}.", also inside quotes) with a
    zero-width COST_START token: the costs before the colon and an imperative effect read
    alike ("Sacrifice a creature"), and LALR(1) cannot wait for the colon. ``quotes``: whether
    the text may hold a quotation (else only the ability's own start is looked at); the
    tokens are inserted into ``toks``."""
    starts = [0] if toks else []
    if quotes:
        for i, t in enumerate(toks):
            if t[VALUE] == '"' and _quote_opens(toks, i):
                starts.append(i + 1)
    marks: list[int] = []
    for s in starts:
        last_dash = None
        for k in range(s, len(toks)):
            t = toks[k]
            if t[VALUE] in (".", '"', "•"):
                break
            if t[VALUE] == "—":
                last_dash = k
            if t[VALUE] == ":":
                # "Boast — {1}{R}: ...", "Max speed — {T}: ...": the costs start after the dash
                marks.append(last_dash + 1 if last_dash is not None else s)
                break
    for m in reversed(marks):  # ascending: each insertion leaves the indices before it
        t = toks[m]
        toks.insert(m, PreToken(("COST_START",), "", t[START], t[START]))
    return toks
