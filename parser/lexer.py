"""The word lexer: Oracle text → Lark tokens, with offsets into the original text.

English Oracle text is a sequence of words, symbols and punctuation. Instead of Lark's regex
lexer (whose first-match alternation would read "island" as "is" + "land" in a state that only
expects "is"), the text is split once into *pre-tokens* by one regular expression and each
pre-token gets its candidate terminal types by table look-up:

* a word that some grammar literal spells (``"add"i``) → that literal's terminal;
* a capitalised word naming a subtype, singular or plural ("Elves") → ``SUBTYPE``;
  "Time Lord" (CR 205.3m) becomes one ``SUBTYPE`` token;
* a number word or numeral → ``NUMBER``; ``{..}`` symbols → ``TAP``/``UNTAP``/``MANA_SYM``/
  ``SYMBOL``; ``4/4`` → ``PT``; ``+1/+1`` → ``PT_MOD``; ``+1`` → ``SIGNED``;
* the card's own name, its short name and "this creature/land/..." → ``SELF`` (printed ``~``);
* anything else → ``WORD``.

When a word has several candidates (a literal and ``SUBTYPE``, say), the parser takes the
first one it can shift in its current state (``Tables.parse`` in parser/lalr.py: a contextual
lexer without regular expressions). Reminder text (in parentheses) produces no tokens.

The pieces: :mod:`.lexer_words` (the pre-token, the vocabulary, lemmas), this module (the
text → pre-tokens split, the card's names, reminder text), :mod:`.lexer_lists` (list
separators) and :mod:`.lexer_markers` (marker tokens, quotes, the costs' start).
"""

from __future__ import annotations

import re
from bisect import bisect_left

from .lexer_markers import (
    WALK_FIRST,
    _COUNTER,
    _close_quotes,
    _insert_cost_start,
    mark_tokens,
    _merge_chapter_name,
    _merge_mode_names,
)
from .lexer_words import (
    CONTRACTIONS,
    END,
    LOW,
    START,
    TYPES,
    VALUE,
    NUMBER_WORDS,
    PreToken,
    SELF_NOUNS,
    Vocabulary,
    _DOT_TYPES,
    lemma,
)
from .vocabulary import MULTIWORD_SUBTYPES, SUBTYPE_INDEX

# re-exported: the names other modules import from here
__all__ = [
    "NUMBER_WORDS", "PreToken", "Vocabulary", "lemma", "mark_names", "reminder_spans", "tokenize",
]


#: one pre-token, after any white space (skipped in the same match, so a space costs no turn of
#: the tokenizer's loop). A word, the most frequent, is tried first; it gives way to the two
#: readings that begin with a letter: "and/or" and a power/toughness "X/X". A hyphen between
#: two single spaces (" - ") is a dash: the tokenizer turns that ``punct`` match into one (see
#: :func:`tokenize`).
_PRE = re.compile(
    r"""
    \s*
    (?:
      (?P<word>(?!and/or|X(?:\+\*)?/(?:\d|X|\*))[A-Za-z\u00C0-\u024F][\w\u00C0-\u024F]*(?:[\-'’][\w\u00C0-\u024F]+)*['’]?)
    | (?P<sym>\{[^{}\s]{1,12}\})
    | (?P<loy>\[[+\-−]?(?:\d+|X)\])
    | (?P<ptmod>[+\-−](?:\d+|X|\*)/[+\-−](?:\d+|X|\*))
    | (?P<pt>(?:\d+|X|\*)(?:\+\*)?/(?:\d+|X|\*))
    | (?P<rdash>(?<=\d)-(?=\d+[ ]\|))
    | (?P<signed>[+\-−](?:\d+|X)(?![\w/]))
    | (?P<num>\d+(?:,\d{3})*(?:\.\d+)?)
    | (?P<poss>['’]s\b)
    | (?P<andor>and/or)
    | (?P<self>~)
    | (?P<dash>—|–|--)
    | (?P<quote>["“”]|(?<![\w])'(?=[{A-Z])|(?<=[.}])'(?![\w]))
    | (?P<punct>[,.:;•!?%&/*+\[\]\-−∞|])
    | (?P<other>\S)
    )
    """,
    re.VERBOSE,
)
#: the group numbers of _PRE (``Match.lastindex``: an integer, cheaper than ``lastgroup``)
(_SYM, _LOY, _PTMOD, _PT, _RDASH, _SIGNED, _NUM, _POSS, _ANDOR, _WORD, _SELF, _DASH, _QUOTE,
 _PUNCT, _OTHER) = (_PRE.groupindex[k] for k in (
    "sym", "loy", "ptmod", "pt", "rdash", "signed", "num", "poss", "andor", "word", "self", "dash",
    "quote", "punct", "other"))


_MANA_SYM = re.compile(
    r"\{(?:[WUBRGCSXYZ]|\d+|[WUBRG]/[WUBRG](?:/P)?|2/[WUBRG]|C/[WUBRG]|[WUBRGC]/P|H[WUBRG]|½|∞)\}"
)


def mark_names(text: str, names: tuple[str, ...]) -> list[tuple[int, int]]:
    """Spans of the card's own names in ``text`` (longest name first, whole words only)."""
    spans: list[tuple[int, int]] = []
    end = len(text)
    for name in names:
        if not name or name not in text:  # most texts hold none: one test of the text per name
            continue
        size = len(name)
        i = text.find(name)
        while i >= 0:
            j = i + size
            if (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")) and (
                    j == end or not (text[j].isalnum() or text[j] == "_")):
                for a, b in spans:
                    if a < j and i < b:  # a longer name took part of it
                        break
                else:
                    spans.append((i, j))
            i = text.find(name, i + 1)
    spans.sort()
    return spans


_PARENS = re.compile(r"[()]")


def reminder_spans(text: str) -> list[tuple[int, int]]:
    """Spans of parenthesised reminder text (parentheses included); nesting is respected."""
    spans: list[tuple[int, int]] = []
    if "(" not in text:
        return spans
    depth = 0
    start = 0
    for m in _PARENS.finditer(text):
        i = m.start()
        if text[i] == "(":
            if depth == 0:
                start = i
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                spans.append((start, i + 1))
    if depth:
        spans.append((start, len(text)))
    return spans


def tokenize(
    text: str,
    vocab: Vocabulary,
    names: tuple[str, ...] = (),
    offset: int = 0,
) -> list[PreToken]:
    """Split ``text`` (one ability) into pre-tokens; offsets are ``offset`` + index into text.

    ``names`` are the spellings that mean the object itself (full name, short name), longest
    first. Reminder text yields no tokens.
    """
    out: list[PreToken] = []
    # the indices of the tokens that the marking walk visits (see _chunk), ascending
    starts: list[int] = []
    marks = reminder_spans(text) if "(" in text else None
    for name in names:  # most texts hold none of the names
        if name and name in text:
            found = mark_names(text, names)
            if found:
                marks = sorted(marks + found) if marks else found
            break
    if not marks:  # most texts: no reminder text, no name
        _read(text, 0, len(text), True, out, starts, vocab, offset)
    else:
        pos = 0
        sentence_start = True
        for a, b in marks:
            if a < pos:
                continue
            if a > pos:
                sentence_start = _read(text, pos, a, sentence_start, out, starts, vocab, offset)
            if text[a] != "(":
                out.append((_SELF_TYPES, "~", offset + a, offset + b, "~"))
                sentence_start = False
            pos = b
        if pos < len(text):
            _read(text, pos, len(text), sentence_start, out, starts, vocab, offset)
    # the passes below that look for a word or mark skip a text without it (a test of the
    # text, which holds every token's spelling, instead of a walk over its tokens)
    toks = out
    if "this" in text.lower():
        toks, starts = _merge_self_phrases(out, starts)
    colon = ":" in text
    if colon and toks and toks[-1][VALUE].startswith("{") and any(t[VALUE] == ":" for t in toks):
        # "{T}: Add {B}" without its final period (a few Oracle texts)
        toks.append(PreToken(_DOT_TYPES, ".", toks[-1][END], toks[-1][END]))
    merged = toks
    if toks and "ROMAN" in toks[0][TYPES]:  # a Saga chapter's numerals first
        toks = _merge_chapter_name(toks)
    if "•" in text:
        toks = _merge_mode_names(toks)
    # (a double quote anywhere is one; an apostrophe is one only where _QUOTE_MARKS finds it)
    quotes = '"' in text or "“" in text or "”" in text or (
        "'" in text and _QUOTE_MARKS.search(text) is not None)
    if quotes:
        toks = _close_quotes(toks)
    # "mana value", list separators, "on the battlefield", ... (the visits are found anew
    # when a pass above merged or added tokens: the indices moved)
    toks = mark_tokens(toks, vocab, starts if toks is merged else None)
    return _insert_cost_start(toks, quotes) if colon else toks


def _read(text: str, a: int, b: int, sentence_start: bool, out: list[PreToken], starts: list[int],
          vocab: Vocabulary, offset: int) -> bool:
    """The pre-tokens of ``text[a:b]`` (no name or reminder text in it) appended to ``out``, the
    indices the marking walk visits to ``starts``: by chunks between spaces (:func:`_replay`),
    or, when the text holds a blank other than a space or a line break, or a chunk is read with
    the text around it, by the regular expression (:func:`_scan`). Returns whether a sentence
    starts after them.

    Every token of ``_PRE`` ends before a blank and its look-behinds read at most one character
    before it, so a chunk reads alike whatever blank comes before it (a space, several, a line
    break: none is a word character, a digit, "." or "}"), except a lone hyphen (" - " is a
    dash, see :func:`_chunk`); only the text's first chunk after a name or reminder text
    (``a`` > 0) may have other text right before it: when it begins with a hyphen or an
    apostrophe (``_AFTER_NAME``: "~'{T}", "5-9 |" after a name) the segment is scanned, unless
    it is the possessive "'s" (``_PRE`` tries ``poss`` before ``quote``: "~'s power")."""
    seg = text[a:b]
    mark = len(out)
    if "\n" in seg:  # (a line break reads as a space: the same positions, the same tokens)
        seg = seg.replace("\n", " ")
    if seg.isprintable() and not (a and seg[:1] in _AFTER_NAME and not _POSS_FIRST.match(seg)):
        smark = len(starts)
        ss = _replay(seg, offset + a, sentence_start, out, starts, vocab)
        if ss is not None:
            return ss
        del out[mark:]  # a chunk that depends on the text around it
        del starts[smark:]
    sentence_start = _scan(text, a, b, sentence_start, out, vocab, offset)[0]
    for k in range(mark, len(out)):  # the visits, as _chunk finds them
        t = out[k]
        if t[LOW] in _COUNTER and k:
            starts.append(k - 1)
        if t[LOW] in WALK_FIRST or "NUM" in t[TYPES]:
            starts.append(k)
    return sentence_start


def _scan(text: str, a: int, b: int, sentence_start: bool, out: list[PreToken], vocab: Vocabulary,
          offset: int) -> tuple[bool, bool]:
    """The pre-tokens of ``text[a:b]`` (no name or reminder text in it) appended to ``out``;
    returns whether a sentence starts after them, and whether a word among them is read
    with the tokens before it (a multi-word subtype's last word, a Roman numeral)."""
    by_start = vocab.word_cache
    literals = vocab.literals
    append = out.append
    special = False
    for m in _PRE.finditer(text, a, b):
        kind = m.lastindex
        val = m.group(kind)
        e = m.end()
        s = e - len(val)
        if kind == _WORD:  # most tokens: the word's pieces from the vocabulary's cache
            s += offset
            hit = by_start[sentence_start].get(val)
            if hit is None or hit[1]:
                _add_word(out, val, s, vocab, sentence_start)
                if not special:
                    hit = by_start[sentence_start].get(val)
                    # (a Roman numeral where a sentence starts is one whatever the token before)
                    special = (hit is None or hit[1]) and not (sentence_start and val.lower() not in _MW_LAST)
            else:
                for types, value, pa, pb, low in hit[0]:
                    append((types, value, s + pa, s + pb, low))
            sentence_start = False
            continue
        if kind == _POSS:
            append(PreToken(("POSS",), "'s", s + offset, e + offset, "'s"))
            continue
        if kind == _ANDOR:
            append(PreToken((literals.get("and/or", "WORD"),), val, s + offset, e + offset))
            sentence_start = False
            continue
        sentence_start = False
        if kind == _SYM:
            up = val.upper()
            types = _SYM_TYPES.get(up)
            if types is None:
                types = _SYM_TYPES[up] = _symbol_types(up)
            append(PreToken(types, up, s + offset, e + offset))
        elif kind == _PUNCT:
            if val == "-" and s - m.start() == 1 and e < b and text[e].isspace():
                # " - " (one space each side): a dash, as "—"
                append(PreToken((literals.get("—", "DASH"),), "—", s + offset, e + offset, "—"))
                sentence_start = True
                continue
            ch = "-" if val == "−" else val
            lit = literals.get(ch)
            append(PreToken((lit,) if lit else ("PUNCT",), ch, s + offset, e + offset, ch))
            if ch in ".:•;":
                sentence_start = True
        elif kind == _NUM:
            append(PreToken(("NUM",), val.replace(",", ""), s + offset, e + offset))
        elif kind == _QUOTE:
            append(PreToken(("QUOTE",), '"', s + offset, e + offset, '"'))
            sentence_start = True
        elif kind == _DASH or kind == _RDASH:  # rdash: "1-9 | ..." (a die-result range)
            append(PreToken((literals.get("—", "DASH"),), "—", s + offset, e + offset, "—"))
            sentence_start = True
        elif kind == _SELF:
            append(PreToken(("SELF",), "~", s + offset, e + offset, "~"))
        elif kind == _LOY:
            append(PreToken(("SIGNED",), val[1:-1].replace("−", "-"), s + offset, e + offset))
        elif kind == _PTMOD:
            append(PreToken(("PT_MOD",), val.replace("−", "-"), s + offset, e + offset))
        elif kind == _PT:
            append(PreToken(("PT",), val, s + offset, e + offset))
        elif kind == _SIGNED:
            append(PreToken(("SIGNED",), val.replace("−", "-"), s + offset, e + offset))
        else:
            lit = literals.get(val)
            append(PreToken((lit,) if lit else ("PUNCT",), val, s + offset, e + offset))
    return sentence_start, special


def _replay(seg: str, base: int, sentence_start: bool, out: list[PreToken], starts: list[int],
            vocab: Vocabulary) -> bool | None:
    """The pre-tokens of ``seg`` (a segment of text at offset ``base`` whose words are apart
    by single spaces), one chunk between spaces at a time: a chunk's pre-tokens depend only
    on its spelling and whether a sentence starts before it, and are kept per vocabulary
    (``Vocabulary.chunk_cache``), so a chunk seen before costs one look-up instead of the
    regular expression's matches. Returns whether a sentence starts after the segment, or
    None when a chunk depends on the text around it (see :func:`_chunk`): the caller then
    scans the segment with :func:`_scan`. The indices of the chunks' tokens that a marking
    pass starts from are added to ``starts``."""
    caches = vocab.chunk_cache
    cache = caches[sentence_start]
    append = out.append
    pos = base
    for chunk in seg.split(" "):  # ("" between two spaces, or at an end: no token)
        hit = cache.get(chunk)
        if hit is None:
            if len(cache) >= WORD_CACHE_MAX:  # bounded: a long-lived process reading
                cache.clear()                 # hostile text keeps no more than this
            hit = cache[chunk] = _chunk(chunk, sentence_start, vocab)
        if hit is False:
            return None
        pieces, ends, hot, width, one = hit
        if hot:
            n = len(out)
            for k in hot:
                starts.append(n + k)
        if one is not None:  # most chunks: one token
            types, value, s, e, low = one
            append((types, value, pos + s, pos + e, low))
        elif pieces:
            for types, value, s, e, low in pieces:
                append((types, value, pos + s, pos + e, low))
        if ends is not sentence_start:
            sentence_start = ends
            cache = caches[ends]
        pos += width
    return sentence_start


#: the most words (and chunks) a vocabulary's caches keep per value of "sentence start"
#: before they are emptied (the corpus has ~7,000 distinct chunks; hostile text can have any
#: number)
WORD_CACHE_MAX = 50_000

#: the first characters of a chunk that _PRE's look-behinds read with the character before it
#: (``rdash``, ``quote``): a segment after a name or reminder text that begins with one is scanned
_AFTER_NAME = ("-", "'")
#: the possessive at a text's start, read alike whatever comes before it (``poss`` of _PRE)
_POSS_FIRST = re.compile(r"['’]s\b")

#: a hyphen after a digit: "1-9 | ..." is read with the text after the chunk (``rdash``)
_DIGIT_HYPHEN = re.compile(r"\d-")


def _chunk(chunk: str, sentence_start: bool, vocab: Vocabulary) -> tuple | bool:
    """A chunk's pre-tokens as (types, value, start, end, low) relative to it, whether a
    sentence starts after it, and the indices (relative, -1 the token before the chunk) of
    the tokens that the marking walk visits: a word of ``lexer_markers.WALK_FIRST``, a number, the
    token before "counter(s)". False when its reading depends on the text around it: a lone
    hyphen (a spaced dash " - "), a hyphen after a digit (a die-result range), a word read
    with the token before it (see :func:`_read` for a chunk right after a name). Last, the
    chunk's width with the space after it (the empty chunk, between two spaces: no token), and
    its one pre-token when it has one (most chunks: the reading loop needs no count)."""
    if chunk == "-" or ("-" in chunk and _DIGIT_HYPHEN.search(chunk)):
        return False
    toks: list[PreToken] = []
    ends, special = _scan(chunk, 0, len(chunk), sentence_start, toks, vocab, 0)
    if special:
        return False
    hot = []
    for k, t in enumerate(toks):
        if t[LOW] in _COUNTER:
            hot.append(k - 1)
        if t[LOW] in WALK_FIRST or "NUM" in t[TYPES]:
            hot.append(k)
    return tuple(toks), ends, tuple(sorted(set(hot))), len(chunk) + 1, toks[0] if len(toks) == 1 else None


_SELF_TYPES = ("SELF",)

#: a {..} symbol's spelling (upper case) -> its types
_SYM_TYPES: dict[str, tuple[str, ...]] = {}


def _symbol_types(up: str) -> tuple[str, ...]:
    if up == "{T}":
        return ("TAP_SYM",)
    if up == "{Q}":
        return ("UNTAP_SYM",)
    if up == "{E}":
        return ("ENERGY_SYM",)
    if _MANA_SYM.fullmatch(up):
        return ("MANA_SYM",)
    return ("SYMBOL",)


#: where a quote token can be (the ``quote`` alternative of _PRE, without its look-ahead past
#: a period's quote, which a name after it would end; an apostrophe inside a word, "can't",
#: "opponent's", is none)
_QUOTE_MARKS = re.compile(r"[\"“”'](?:(?<=[\"“”])|(?<![\w]')(?=[{A-Z])|(?<=[.}]'))")


_ROMAN = re.compile(r"[IVX]+")
_MW_LAST = frozenset(w.split()[-1].lower() for w in MULTIWORD_SUBTYPES) | frozenset(
    w.split()[-1].lower() + "s" for w in MULTIWORD_SUBTYPES)


def _add_word(out: list[PreToken], val: str, start: int, vocab: Vocabulary, sentence_start: bool) -> None:
    low = val.lower()
    # Multi-word subtype ("Time Lord"): join with the previous word.
    if low in _MW_LAST and out:
        prev = out[-1]
        joined = f"{prev[VALUE]} {val}".lower()
        for mw in MULTIWORD_SUBTYPES:
            if joined == mw.lower() or joined == mw.lower() + "s":
                out[-1] = PreToken(("SUBTYPE",), mw, prev[START], start + len(val))
                return
    if val[0] in "IV" and val != "X" and _ROMAN.fullmatch(val) and (
            sentence_start or (out and out[-1][VALUE] == ",")):
        out.append(PreToken(("ROMAN", "WORD"), val, start, start + len(val)))
        return
    cache = vocab.word_cache[sentence_start]
    hit = cache.get(val)
    if hit is None:
        # (pieces, whether the word needs the checks above: a multi-word subtype's last word,
        # a Roman numeral); the tokenizer's loop takes the pieces of the others at once
        special = low in _MW_LAST or (val[0] in "IV" and val != "X" and bool(_ROMAN.fullmatch(val)))
        pieces = tuple((types, value, a, b, value.lower())
                       for types, value, a, b in _word_pieces(val, vocab, sentence_start))
        if len(cache) >= WORD_CACHE_MAX:  # bounded like the chunks' cache
            cache.clear()
        hit = cache[val] = (pieces, special)
    for types, value, a, b, piece_low in hit[0]:
        out.append((types, value, start + a, start + b, piece_low))


def _word_pieces(val: str, vocab: Vocabulary, sentence_start: bool) -> tuple:
    """How one word is tokenised (cached per vocabulary): (types, value, start, end) pieces."""
    word = val.replace("’", "'")
    end = len(val)
    low = word.lower()
    capitalised = word[:1].isupper() and not sentence_start
    cap_any = word[:1].isupper()
    if low in vocab.literals or low in CONTRACTIONS:
        return ((vocab.word_types(word, capitalised), word, 0, end),)
    if low.endswith("'s") and len(low) > 2:
        if low in SUBTYPE_INDEX and cap_any:  # "Urza's"
            return ((("SUBTYPE",), word, 0, end),)
        base = word[:-2]
        bl = base.lower()
        cap = base[:1].isupper() and (not sentence_start or (bl in SUBTYPE_INDEX and bl not in vocab.literals))
        return ((vocab.word_types(base, cap), base, 0, end - 2), (("POSS",), "'s", end - 2, end))
    if low.endswith("'") and len(low) > 1:
        base = word[:-1]
        return ((vocab.word_types(base, base[:1].isupper() and not sentence_start), base, 0, end - 1),
                (("POSS",), "'s", end - 1, end))
    if low.startswith("non") and len(low) > 3 and low not in vocab.literals:
        rest = word[3:]
        dash = 0
        if rest.startswith("-"):
            rest = rest[1:]
            dash = 1
        rlow = rest.lower()
        if rlow in vocab.literals or rlow in SUBTYPE_INDEX:
            non = vocab.literals.get("non", "NON")
            return (((non,), "non", 0, 3 + dash),
                    (vocab.word_types(rest, rest[:1].isupper()), rest, 3 + dash, end))
    cap = capitalised or (cap_any and low in SUBTYPE_INDEX and low not in vocab.literals)
    return ((vocab.word_types(word, cap), word, 0, end),)


def _merge_self_phrases(toks: list[PreToken], starts: list[int]) -> tuple[list[PreToken], list[int]]:
    """"this creature" (and "this land", ...) → one SELF token; ``toks`` and ``starts`` (the
    indices the marking walk visits, which hold every "this": see _chunk) themselves when there
    is none, else the new list and the visits' new indices."""
    n = len(toks) - 1
    at = [i for i in starts if 0 <= i < n and toks[i][LOW] == "this" and toks[i + 1][LOW] in SELF_NOUNS]
    if not at:
        return toks, starts
    at = sorted(set(at))  # (two never overlap: no noun of SELF_NOUNS is "this")
    out = toks[:at[0]]
    for k, i in enumerate(at):
        t = toks[i]
        out.append(PreToken(("SELF",), "~", t[START], toks[i + 1][END]))
        out += toks[i + 2:at[k + 1] if k + 1 < len(at) else len(toks)]
    # an index after k merges moves back by k ("this" and its noun: the SELF token)
    return out, [s - bisect_left(at, s) for s in starts]
