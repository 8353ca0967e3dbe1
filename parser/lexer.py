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
first one it can shift in its current state (``Tables.choose`` in parser/lalr.py: a contextual
lexer without regular expressions). Reminder text (in parentheses) produces no tokens.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .vocabulary import MULTIWORD_SUBTYPES, SUBTYPE_INDEX

#: Number words (CR uses words for small numbers in Oracle text).
NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100,
}

#: Contractions that stay one word (the "'s" is not a possessive).
CONTRACTIONS = frozenset({
    "it's", "that's", "there's", "what's", "who's", "he's", "she's", "here's", "let's",
})

#: Words that, after "this", make a reference to the object itself (2024+ templating, and
#: quoted abilities of every age): "this creature" = ~.
SELF_NOUNS = frozenset({
    "creature", "land", "artifact", "enchantment", "planeswalker", "permanent", "spell", "card",
    "token", "battle", "aura", "equipment", "vehicle", "saga", "class", "case", "room", "siege",
    "object", "source", "kindred", "tribal", "fortification", "attraction", "contraption",
    "dungeon", "plane", "scheme", "conspiracy", "sorcery", "instant", "background", "role",
    "curse", "shrine", "food", "treasure", "clue", "blood", "map", "spacecraft", "planet",
})

_PRE = re.compile(
    r"""
      (?P<sym>\{[^{}\s]{1,12}\})
    | (?P<loy>\[[+\-−]?(?:\d+|X)\])
    | (?P<ptmod>[+\-−](?:\d+|X|\*)/[+\-−](?:\d+|X|\*))
    | (?P<pt>(?:\d+|X|\*)(?:\+\*)?/(?:\d+|X|\*))
    | (?P<rdash>(?<=\d)-(?=\d+[ ]\|))
    | (?P<signed>[+\-−](?:\d+|X)(?![\w/]))
    | (?P<num>\d+(?:,\d{3})*(?:\.\d+)?)
    | (?P<poss>['’]s\b)
    | (?P<andor>and/or)
    | (?P<word>[A-Za-z\u00C0-\u024F][\w\u00C0-\u024F]*(?:[\-'’][\w\u00C0-\u024F]+)*['’]?)
    | (?P<self>~)
    | (?P<dash>—|–|\s-\s|--)
    | (?P<quote>["“”]|(?<![\w])'(?=[{A-Z])|(?<=[.}])'(?![\w]))
    | (?P<punct>[,.:;•!?%&/*+\[\]\-−∞|])
    | (?P<space>\s+)
    | (?P<other>.)
    """,
    re.VERBOSE,
)

_MANA_SYM = re.compile(
    r"\{(?:[WUBRGCSXYZ]|\d+|[WUBRG]/[WUBRG](?:/P)?|2/[WUBRG]|C/[WUBRG]|[WUBRGC]/P|H[WUBRG]|½|∞)\}"
)


@dataclass(frozen=True, slots=True)
class PreToken:
    """One word, symbol or punctuation mark, with its candidate terminal types."""

    types: tuple[str, ...]
    value: str
    start: int
    end: int


class Vocabulary:
    """Maps words to terminal names, from the literals of one Lark grammar."""

    def __init__(
        self,
        literal_terminals: dict[str, str],
        desc_words: frozenset[str] = frozenset(),
        verb_terminals: frozenset[str] = frozenset(),
    ) -> None:
        #: lower-case literal text -> terminal name
        self.literals = literal_terminals
        #: words that can start or continue a description ("creature", "white", "non")
        self.desc_words = desc_words
        #: terminals that can start a verb phrase ("draw", "gain", "can't")
        self.verb_terminals = verb_terminals
        #: (word, sentence start) -> its pieces (see _word_pieces)
        self.word_cache: dict[tuple[str, bool], tuple] = {}

    def word_types(self, word: str, capitalised: bool) -> tuple[str, ...]:
        low = word.lower()
        types: list[str] = []
        if low in _IRREGULAR:
            low = _IRREGULAR[low]
        lit = self.literals.get(low)
        if lit is not None:
            types.append(lit)
        base = self.literals.get(lemma(low, self.literals, force=True))
        if base is not None and base != lit:
            types.append(base)  # "costs": the noun's literal first, then the verb's
        if lit is not None or base is not None:
            pass
        elif low.endswith("walk") and len(low) > 4:
            types.append("LANDWALK_KW")
        elif low.endswith("cycling") and len(low) > 7:
            types.append("TYPECYCLING_KW")
        if capitalised or low in _LOWER_SUBTYPE_OK:
            if low in SUBTYPE_INDEX:
                types.append("SUBTYPE")
        if low in NUMBER_WORDS:
            types.append("NUM")
        types.append("WORD")
        return tuple(types)


#: Subtypes that Oracle text also writes in lower case in set phrases.
_LOWER_SUBTYPE_OK: frozenset[str] = frozenset()

#: Irregular verb forms → the base form the grammar spells (the lexer lemmatises verbs so one
#: rule serves "you draw" and "target player draws").
_IRREGULAR = {
    "has": "have", "does": "do", "doesn't": "don't", "cannot": "can't", "goes": "go",
    "aren't": "isn't",
}


def lemma(low: str, literals: dict[str, str], force: bool = False) -> str:
    """The base form of a verb ("draws" → "draw", "copies" → "copy") if the grammar spells it."""
    if low in literals and not force:
        return low
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low.endswith("ies") and low[:-3] + "y" in literals:
        return low[:-3] + "y"
    if low.endswith("es") and low[:-2] in literals:
        return low[:-2]
    if low.endswith("s") and low[:-1] in literals:
        return low[:-1]
    return low


def mark_names(text: str, names: tuple[str, ...]) -> list[tuple[int, int]]:
    """Spans of the card's own names in ``text`` (longest name first, whole words only)."""
    spans: list[tuple[int, int]] = []
    taken = bytearray(len(text))
    for name in names:
        if not name:
            continue
        start = 0
        while True:
            i = text.find(name, start)
            if i < 0:
                break
            j = i + len(name)
            start = i + 1
            if i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_"):
                continue
            if j < len(text) and (text[j].isalnum() or text[j] == "_"):
                continue
            if any(taken[i:j]):
                continue
            for k in range(i, j):
                taken[k] = 1
            spans.append((i, j))
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
    skip = reminder_spans(text) if "(" in text else []
    skip += [(a, b) for a, b in mark_names(text, names)] if names else []
    marks = sorted(skip)
    pos = 0
    segments: list[tuple[int, int, bool]] = []  # (start, end, is_self)
    for a, b in marks:
        if a < pos:
            continue
        if a > pos:
            segments.append((pos, a, False))
        if text[a] != "(":
            segments.append((a, b, True))
        pos = b
    if pos < len(text):
        segments.append((pos, len(text), False))

    sentence_start = True
    for a, b, is_self in segments:
        if is_self:
            out.append(PreToken(("SELF",), "~", offset + a, offset + b))
            sentence_start = False
            continue
        for m in _PRE.finditer(text, a, b):
            kind = m.lastgroup
            s, e = m.start(), m.end()
            val = m.group()
            if kind == "space":
                continue
            if kind == "poss":
                out.append(PreToken(("POSS",), "'s", s + offset, e + offset))
                continue
            if kind == "andor":
                out.append(PreToken((vocab.literals.get("and/or", "WORD"),), val, s + offset, e + offset))
                sentence_start = False
                continue
            if kind == "word":
                _add_word(out, val, s + offset, vocab, sentence_start)
                sentence_start = False
                continue
            sentence_start = False
            if kind == "sym":
                up = val.upper()
                if up == "{T}":
                    types: tuple[str, ...] = ("TAP_SYM",)
                elif up == "{Q}":
                    types = ("UNTAP_SYM",)
                elif up == "{E}":
                    types = ("ENERGY_SYM",)
                elif _MANA_SYM.fullmatch(up):
                    types = ("MANA_SYM",)
                else:
                    types = ("SYMBOL",)
                out.append(PreToken(types, up, s + offset, e + offset))
            elif kind == "loy":
                out.append(PreToken(("SIGNED",), val[1:-1].replace("−", "-"), s + offset, e + offset))
            elif kind == "ptmod":
                out.append(PreToken(("PT_MOD",), val.replace("−", "-"), s + offset, e + offset))
            elif kind == "pt":
                out.append(PreToken(("PT",), val, s + offset, e + offset))
            elif kind == "signed":
                out.append(PreToken(("SIGNED",), val.replace("−", "-"), s + offset, e + offset))
            elif kind == "num":
                out.append(PreToken(("NUM",), val.replace(",", ""), s + offset, e + offset))
            elif kind == "self":
                out.append(PreToken(("SELF",), "~", s + offset, e + offset))
            elif kind == "dash" or kind == "rdash":  # rdash: "1-9 | ..." (a die-result range)
                lit = vocab.literals.get("—", "DASH")
                st = s + (1 if val[0].isspace() else 0)
                en = e - (1 if val[-1].isspace() else 0)
                out.append(PreToken((lit,), "—", st + offset, en + offset))
                sentence_start = True
            elif kind == "quote":
                lit = "QUOTE"
                out.append(PreToken((lit,), '"', s + offset, e + offset))
                sentence_start = True
            else:
                ch = "-" if val == "−" else val
                lit = vocab.literals.get(ch)
                out.append(PreToken((lit,) if lit else ("PUNCT",), ch, s + offset, e + offset))
                if ch in ".:•;":
                    sentence_start = True
    toks = _merge_self_phrases(out, vocab)
    if toks and toks[-1].value.startswith("{") and any(t.value == ":" for t in toks):
        # "{T}: Add {B}" without its final period (a few Oracle texts)
        toks.append(PreToken(_DOT_TYPES, ".", toks[-1].end, toks[-1].end))
    toks = _close_quotes(_merge_mode_names(_merge_chapter_name(toks)))
    toks = _mark_on_zone(_mark_separators(_mark_phrases(toks, vocab), vocab))
    return _insert_cost_start(toks)


def _is_desc(t: PreToken, vocab: Vocabulary) -> bool:
    return "SUBTYPE" in t.types or t.value.lower() in vocab.desc_words


def _mark_separators(toks: list[PreToken], vocab: Vocabulary) -> list[PreToken]:
    """Give "," / "or" / "and" extra candidate types, tried before their plain type:
    DESC_* when a list of description words follows ("artifact, creature, or enchantment"),
    SYM_* when a mana symbol follows ("Add {W}, {U}, or {B}"), NP_AND before a determiner
    ("each creature and each player"), CLAUSE_AND before a new subject and its verb ("and
    you gain 3 life"), AND_NUM before a number. The parser state picks the reading that fits."""
    n = len(toks)
    lists = _list_table(toks, vocab)
    for i, t in enumerate(toks):
        v = t.value.lower()
        if v not in (",", "or", "and", "and/or") or i + 1 >= n:
            continue
        nxt = toks[i + 1]
        nxt2 = toks[i + 2] if i + 2 < n else None
        extra: list[str] = []
        if v == ",":
            if nxt.value.lower() in ("or", "and", "and/or") and nxt2 is not None and "MANA_SYM" in nxt2.types:
                extra.append("SYM_COMMA")
            elif "MANA_SYM" in nxt.types:
                extra.append("SYM_COMMA")
            elif nxt.value.lower() == "non" or lists[i + 1]:
                extra.append("DESC_COMMA")
            elif nxt.value.lower() == "except":
                extra.append("COMMA_EXCEPT")
            elif (nxt.value.lower() == "and" and nxt2 is not None
                  and (nxt2.value.lower() in _SUBJECT_STARTS or nxt2.types[0] == "SELF")
                  and _clause_follows(toks, i + 2, vocab)):
                extra.append("CLAUSE_COMMA")  # ", and it loses ...": not a list's last comma
            elif _np_list_follows(toks, i, vocab):
                extra.append("NP_COMMA")
            elif nxt.value.lower() == "where":
                extra.append("COMMA_WHERE")
        elif v in ("or", "and") and nxt.value.lower() in ("graveyard", "hand", "library") and i > 0 \
                and toks[i - 1].value.lower() in ("graveyard", "hand", "library"):
            extra.append("ZONE_SEP")  # "your hand or graveyard"
        elif v == "or" and "MANA_SYM" in nxt.types:
            extra.append("SYM_OR")
        elif v == "or" and i > 0 and "MANA_SYM" in toks[i - 1].types and "NUM" in nxt.types:
            extra.append("SYM_OR")
        else:
            if _is_desc(nxt, vocab):
                extra.append("DESC_OR" if v == "or" else "DESC_AND")
                if v in ("and", "or"):  # "spells you control and nonland cards you own"
                    extra.append("NP_AND" if v == "and" else "NP_OR")
            if v == "and":
                if "NUM" in nxt.types or nxt.value.lower() == "x":
                    extra.append("AND_NUM")
                if nxt.value.lower() in _NP_DETERMINERS or nxt.types == ("SELF",):
                    extra.append("NP_AND")
                if _clause_follows(toks, i + 1, vocab):
                    extra.append("CLAUSE_AND")
                if (_is_verb(nxt, vocab) and not (nxt2 is not None and nxt2.value.lower() == "strike")
                        and nxt.value.lower() not in ("control", "controls", "own", "owns")):
                    extra.append("VP_AND")  # not "flying and double strike"
            elif v == "or" and nxt.value.lower() in _NP_DETERMINERS:
                extra.append("NP_OR")
        if extra:
            toks[i] = PreToken(tuple(extra) + t.types, t.value, t.start, t.end)
    return toks


#: words that start a noun phrase: "and" before them may join two noun phrases (NP_AND)
_NP_DETERMINERS = frozenset({"each", "target", "another", "all", "that", "those", "its", "their", "up", "a", "an"})


#: words that start the subject of a new clause after ", and"
_SUBJECT_STARTS = frozenset({"it", "they", "you", "that", "those", "each", "target", "its", "their", "this"})

#: verbs of spending-purpose series that the vocabulary does not know as verbs
_SERIES_VERBS = frozenset({"unlock", "turn", "foretell"})


def _series_verb(t: PreToken, vocab: Vocabulary) -> bool:
    return _is_verb(t, vocab) or t.value.lower() in _SERIES_VERBS


def _series_table(toks: list[PreToken], vocab: Vocabulary) -> list[bool]:
    """``table[i + 1]``: a later ", or <verb>" / ", and <verb>" follows the comma at ``i`` in
    the same sentence — a series of verb phrases ("to cast a spell, activate an ability, or
    pay a cost"). One right-to-left pass, so a sentence with many commas stays linear."""
    n = len(toks)
    table = [False] * (n + 1)
    found = False
    for j in range(n - 3, -1, -1):
        v = toks[j].value
        if v in (".", ":", ";", '"', "•"):
            found = False
        elif v == "," and toks[j + 1].value.lower() in ("or", "and") and _series_verb(toks[j + 2], vocab):
            found = True
        table[j] = found
    return table


def _np_list_follows(toks: list[PreToken], i: int, vocab: Vocabulary) -> bool:
    """A comma between the noun phrases of a list: "a God, a Demigod, or a legendary
    enchantment". Each item after the comma starts with a determiner and has no verb (other
    than "you control"/"you own"), and the list ends with "(,) or/and <determiner>"."""
    n = len(toks)
    k = i + 1
    if k < n and toks[k].value.lower() in ("or", "and"):
        k += 1
    if k >= n or toks[k].value.lower() not in _NP_DETERMINERS:
        return False
    final = k > i + 1
    length = 0
    for j in range(k + 1, n):
        t = toks[j]
        v = t.value.lower()
        if v in (".", ":", ";", '"', "•"):
            return final
        if v == ",":
            if final:
                return True
            nxt = toks[j + 1].value.lower() if j + 1 < n else ""
            nxt2 = toks[j + 2].value.lower() if j + 2 < n else ""
            return nxt in _NP_DETERMINERS or (nxt in ("or", "and") and nxt2 in _NP_DETERMINERS)
        if v in ("or", "and") and not final:
            return j + 1 < n and toks[j + 1].value.lower() in _NP_DETERMINERS
        if _is_verb(t, vocab) and v not in ("control", "own", "controls", "owns"):
            return False
        length += 1
        if length > 8:
            return False
    return final


def _clause_follows(toks: list[PreToken], j: int, vocab: Vocabulary) -> bool:
    """After "and": a new subject and its verb ("and you gain 3 life", "and each opponent
    loses 1 life"), not a verb at once ("and untap it": the same subject)."""
    n = len(toks)
    if j >= n or _is_verb(toks[j], vocab) or "NUM" in toks[j].types or toks[j].value == '"':
        return False
    for k in range(j + 1, min(n, j + 6)):
        t = toks[k]
        if t.value in (",", ".", ":", '"', "•") or t.value.lower() == "until":
            return False
        if _is_verb(t, vocab):
            if k == j + 1 and toks[j].value.lower() == "you":
                return True  # "and you control a Mountain"
            return t.value.lower() not in ("control", "own", "controls", "owns")
    return False


def _is_verb(t: PreToken, vocab: Vocabulary) -> bool:
    return any(x in vocab.verb_terminals for x in t.types)


#: two words read as one token: "creature type" is not a creature, "this ability" not "this"
_MERGED = {
    ("creature", "type"): "CREATURE_TYPE", ("creature", "types"): "CREATURE_TYPE",
    ("card", "type"): "CARD_TYPE", ("card", "types"): "CARD_TYPE",
    ("land", "type"): "LAND_TYPE", ("land", "types"): "LAND_TYPE",
    ("card", "name"): "CARD_NAME", ("this", "ability"): "THIS_ABILITY",
}


def _mark_phrases(toks: list[PreToken], vocab: Vocabulary) -> list[PreToken]:
    """Marker candidates decided by the next word(s): "mana value" and "converted mana cost"
    become one MANA_VALUE token; "instead if"/"instead." get INSTEAD_IF/INSTEAD_END; a comma or
    "each" before a verb VP_COMMA/EACH_V; a word before "counter(s)" is tried as WORD first
    (a counter kind: "a loyalty counter")."""
    out: list[PreToken] = []
    n = len(toks)
    series = _series_table(toks, vocab)
    i = 0
    while i < n:
        t = toks[i]
        v = t.value.lower()
        nxt = toks[i + 1] if i + 1 < n else None
        nv = nxt.value.lower() if nxt is not None else ""
        merged = _MERGED.get((v, nv))
        if merged is not None:
            out.append(PreToken((merged,), f"{t.value} {nxt.value}", t.start, nxt.end))
            i += 2
            continue
        if v == "without" and nv == "paying":
            t = PreToken(("WITHOUT_PAYING",) + t.types, t.value, t.start, t.end)
        elif v == "at" and nv == "random":
            t = PreToken(("AT_RANDOM",) + t.types, t.value, t.start, t.end)
        if v == "mana" and nv == "value":
            out.append(PreToken(("MANA_VALUE",), "mana value", t.start, nxt.end))
            i += 2
            continue
        if v == "converted" and nv == "mana" and i + 2 < n and toks[i + 2].value.lower() == "cost":
            out.append(PreToken(("MANA_VALUE",), "mana value", t.start, toks[i + 2].end))
            i += 3
            continue
        if v == "instead" and i > 0 and toks[i - 1].value == ",":
            t = PreToken(("INSTEAD_START",) + t.types, t.value, t.start, t.end)
        elif v == "instead":
            if nv == "if":
                t = PreToken(("INSTEAD_IF",) + t.types, t.value, t.start, t.end)
            elif nv in ("", ".", ","):
                t = PreToken(("INSTEAD_END",) + t.types, t.value, t.start, t.end)
        elif v == "," and nxt is not None and (
            _is_verb(nxt, vocab) or (nv == "and" and i + 2 < n and _is_verb(toks[i + 2], vocab))
        ):
            pre = ("SERIES_COMMA", "VP_COMMA") if series[i + 1] else ("VP_COMMA",)
            t = PreToken(pre + t.types, t.value, t.start, t.end)
        elif v == "," and nv in _SERIES_VERBS and series[i + 1]:
            t = PreToken(("SERIES_COMMA",) + t.types, t.value, t.start, t.end)
        elif v == "," and nv in ("or", "and") and i + 2 < n and _series_verb(toks[i + 2], vocab):
            t = PreToken(("SERIES_COMMA",) + t.types, t.value, t.start, t.end)
        elif "NUM" in t.types and (nv == "|" or (nv == "—" and i + 3 < n and toks[i + 3].value == "|")
                                   or (nv == "—" and (i == 0 or toks[i - 1].value in (".", '"')))):
            t = PreToken(("ROLL_NUM",) + t.types, t.value, t.start, t.end)
        elif (v == "that's" and nv == "tapped") or (
                v == "that" and nv == "are" and i + 2 < n and toks[i + 2].value.lower() == "tapped"):
            t = PreToken(("THATS_TAPPED",) + t.types, t.value, t.start, t.end)
        elif v == "blocking" and (nv in ("it", "them", "~", "target", "that", "this", "a", "an", "you") or (nv == "or" and i + 3 < n and toks[i + 2].value.lower() == "blocked" and toks[i + 3].value.lower() == "by")):
            t = PreToken(("BLOCKING_NP",) + t.types, t.value, t.start, t.end)
        elif t.value == "put" and nv in ("into", "onto") and i > 0 and toks[i - 1].value.lower() not in (
                "you", "to", ",", ".", "and", "then", "may", "~", "it", "they", "them", "player", "opponent"):
            t = PreToken(("PUT_PP",) + t.types, t.value, t.start, t.end)  # "each creature card put into ..."
        elif v == "at" and nv == "least" and not any(
                x.value.lower() in ("mana", "life", "than") for x in toks[i + 2:i + 6]):
            t = PreToken(("AT_LEAST",) + t.types, t.value, t.start, t.end)
        elif t.value == "cast" and nv == "this" and i + 2 < n and toks[i + 2].value.lower() == "way":
            t = PreToken(("CAST_PP",) + t.types, t.value, t.start, t.end)  # "a spell cast this way"
        elif v == "and" and nv == "the" and i + 2 < n and toks[i + 2].value.lower() == "rest":
            t = PreToken(("REST_AND",) + t.types, t.value, t.start, t.end)
        elif v == "attacking" and nv == "you" and i > 0 and toks[i - 1].value.lower() not in ("and", "or"):
            t = PreToken(("ATTACKING_YOU",) + t.types, t.value, t.start, t.end)
        elif v == "other" and nv == "than" and not (i > 0 and toks[i - 1].value.lower() == "anywhere"):
            t = PreToken(("OTHER_THAN",) + t.types, t.value, t.start, t.end)
        elif v == "each" and nxt is not None and _is_verb(nxt, vocab) and nv != "turn":
            t = PreToken(("EACH_V",) + t.types, t.value, t.start, t.end)
        elif (nv in ("counter", "counters") and "WORD" in t.types and t.types[0] != "WORD"
              and v not in ("its", "their", "your", "his", "her", "all", "the", "those", "these", "each")):
            t = PreToken(("WORD",) + tuple(x for x in t.types if x != "WORD"), t.value, t.start, t.end)
        out.append(t)
        i += 1
    return out


def _mark_on_zone(toks: list[PreToken]) -> list[PreToken]:
    """"on the battlefield" / "this way": marker tokens, so a description's post-modifier is
    not confused with "put it on top" / "this turn"."""
    for i, t in enumerate(toks):
        v = t.value.lower()
        nxt = toks[i + 1].value.lower() if i + 1 < len(toks) else ""
        if v == "this" and nxt == "way":
            toks[i] = PreToken(("THIS_WAY",) + t.types, t.value, t.start, t.end)
            continue
        if v == "from" and nxt == "it" and (i + 2 >= len(toks) or toks[i + 2].value != "'s"):
            toks[i] = PreToken(("FROM_IT",) + t.types, t.value, t.start, t.end)
            continue
        if v == "exiled" and nxt == "with":
            toks[i] = PreToken(("EXILED_WITH",) + t.types, t.value, t.start, t.end)
            continue
        if v == "attached" and nxt == "to":
            toks[i] = PreToken(("ATTACHED_TO",) + t.types, t.value, t.start, t.end)
            continue
        if t.value.lower() == "on" and i + 2 < len(toks) and toks[i + 1].value.lower() == "the" \
                and toks[i + 2].value.lower() in ("battlefield", "stack"):
            toks[i] = PreToken(("ON_ZONE",) + t.types, t.value, t.start, t.end)
    return toks


def _merge_chapter_name(toks: list[PreToken]) -> list[PreToken]:
    """"II, III — Brimstone — Add ...": the name between a Saga chapter's numerals and the
    effect becomes one CHAPTER_NAME token (a flavor word, CR 714.2 and 207.2d)."""
    i = 0
    while i < len(toks) and "ROMAN" in toks[i].types:
        i += 1
        if i < len(toks) and toks[i].value == ",":
            i += 1
    if i == 0 or i >= len(toks) or toks[i].value != "—":
        return toks
    for j in range(i + 1, min(len(toks), i + 10)):
        v = toks[j].value
        if v in (".", ":", '"', ","):
            return toks
        if v == "—":
            if j == i + 1:
                return toks
            name = " ".join(t.value for t in toks[i + 1:j])
            merged = PreToken(("CHAPTER_NAME",), name, toks[i + 1].start, toks[j - 1].end)
            return toks[:i + 1] + [merged] + toks[j:]
    return toks


def _merge_mode_names(toks: list[PreToken]) -> list[PreToken]:
    """"• Take the Elevator — Create three ...": the name between a mode's bullet and a spaced
    " — " becomes one MODE_NAME token (a flavor word naming the mode, CR 207.2d; Tiered modes
    "• Fire — {0} — ..." too). Only words may stand in a name: a period, colon, comma, quote,
    symbol or a second bullet before the dash means there is no name."""
    if not any(t.value == "•" for t in toks):
        return toks
    out: list[PreToken] = []
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        out.append(t)
        i += 1
        if t.value != "•":
            continue
        for j in range(i, min(n, i + 9)):
            v = toks[j].value
            if v == "—":
                if j > i and toks[j].start > toks[j - 1].end and j + 1 < n \
                        and toks[j + 1].start > toks[j].end:
                    name = " ".join(x.value for x in toks[i:j])
                    out.append(PreToken(("MODE_NAME",), name, toks[i].start, toks[j - 1].end))
                    i = j
                break
            if v in (".", ":", ",", ";", '"', "•") or v.startswith("{") or "SELF" in toks[j].types:
                break
    return out


def _quote_opens(toks: list[PreToken], i: int) -> bool:
    """A quote mark opens a quotation when a space (or the start of the text) comes before it;
    one glued to the text before it closes one. Nested quotations ('... have "Lands you control
    have '{T}: Add {G}.'"') are told apart this way."""
    return i == 0 or toks[i - 1].end < toks[i].start


def _close_quotes(toks: list[PreToken]) -> list[PreToken]:
    """'... have "{T}: Add {C}."' ends the sentence inside the quotes: add the period that
    closes the outer sentence (zero width) when none follows the closing quote; and a quoted
    ability written without its final period ('gains "{T}: Add {R}" until ...') gets one."""
    out: list[PreToken] = []
    opened: list[int] = []
    granted = False  # the last quotation closed was an ability given by a verb ('have "..."')
    for i, t in enumerate(toks):
        if t.value == '"' and opened and not _quote_opens(toks, i):
            start = opened.pop()
            moved = None
            before = out[start - 1].value.lower() if start > 0 else ""
            given = before in _GRANTING or (before in (",", "and") and granted)
            if out and out[-1].value == "," and (given or _is_ability_quote(out[start + 1:-1])):
                moved = out.pop()  # '"{T}: Add one mana of any color," and ...': the comma is outside
            ends_sentence = bool(out) and out[-1].value == "."
            granted = given and len(out) - start > 3
            if out and out[-1].value != "." and (granted or _is_ability_quote(out[start + 1:])):
                out.append(PreToken(_DOT_TYPES, ".", t.start, t.start))
            out.append(t)
            nxt = toks[i + 1].value if i + 1 < len(toks) else None
            if ends_sentence and nxt not in (".", ",", "and", "or", ";"):
                out.append(PreToken(out[-2].types, ".", t.end, t.end))
            if moved is not None:
                out.append(PreToken(moved.types, ",", t.end, t.end))
            continue
        if t.value == '"':
            opened.append(len(out))
        out.append(t)
    return out


_DOT_TYPES: tuple[str, ...] = ("DOT",)
#: the words before a quotation that give the quoted ability to something ('have "This
#: creature can't block"', 'gains "..."', 'a token with "..."'); a quotation after one of them,
#: or after "and"/"," following such a quotation, is an ability even without its final period
_GRANTING = frozenset(("have", "has", "gain", "gains", "with"))


def _is_ability_quote(inner: list[PreToken]) -> bool:
    """A quoted text that is an ability: it has a cost colon or starts with a trigger word."""
    if len(inner) < 3:
        return False
    first = inner[0].value.lower()
    return any(t.value == ":" for t in inner) or first in ("when", "whenever", "at")


def _list_table(toks: list[PreToken], vocab: Vocabulary) -> list[bool]:
    """``table[j]``: from ``j`` on, description words (and commas) up to "or"/"and" + a
    description word ("artifact, creature, or enchantment" after a comma). One right-to-left
    pass, so a long list stays linear."""
    n = len(toks)
    table = [False] * (n + 1)
    for j in range(n - 1, -1, -1):
        t = toks[j]
        v = t.value.lower()
        if v in ("or", "and", "and/or"):
            table[j] = j + 1 < n and _is_desc(toks[j + 1], vocab)
        elif v == ",":
            table[j] = table[j + 1]
        else:
            table[j] = _is_desc(t, vocab) and table[j + 1]
    return table


def _insert_cost_start(toks: list[PreToken]) -> list[PreToken]:
    """Mark the start of an activated ability ("{T}: Add {G}.", also inside quotes) with a
    zero-width COST_START token: the costs before the colon and an imperative effect read
    alike ("Sacrifice a creature"), and LALR(1) cannot wait for the colon."""
    starts = [0] if toks else []
    for i, t in enumerate(toks):
        if t.value == '"' and _quote_opens(toks, i):
            starts.append(i + 1)
    marks: list[int] = []
    for s in starts:
        last_dash = None
        for k in range(s, len(toks)):
            t = toks[k]
            if t.value in (".", '"', "•"):
                break
            if t.value == "—":
                last_dash = k
            if t.value == ":":
                # "Boast — {1}{R}: ...", "Max speed — {T}: ...": the costs start after the dash
                marks.append(last_dash + 1 if last_dash is not None else s)
                break
    if not marks:
        return toks
    out: list[PreToken] = []
    mi = 0
    for i, t in enumerate(toks):
        while mi < len(marks) and marks[mi] == i:
            out.append(PreToken(("COST_START",), "", t.start, t.start))
            mi += 1
        out.append(t)
    return out


_MW_LAST = frozenset(w.split()[-1].lower() for w in MULTIWORD_SUBTYPES) | frozenset(
    w.split()[-1].lower() + "s" for w in MULTIWORD_SUBTYPES)


def _add_word(out: list[PreToken], val: str, start: int, vocab: Vocabulary, sentence_start: bool) -> None:
    low = val.lower()
    # Multi-word subtype ("Time Lord"): join with the previous word.
    if low in _MW_LAST and out:
        prev = out[-1]
        joined = f"{prev.value} {val}".lower()
        for mw in MULTIWORD_SUBTYPES:
            if joined == mw.lower() or joined == mw.lower() + "s":
                out[-1] = PreToken(("SUBTYPE",), mw, prev.start, start + len(val))
                return
    if val[0] in "IV" and val != "X" and re.fullmatch(r"[IVX]+", val) and (
            sentence_start or (out and out[-1].value == ",")):
        out.append(PreToken(("ROMAN", "WORD"), val, start, start + len(val)))
        return
    key = (val, sentence_start)
    pieces = vocab.word_cache.get(key)
    if pieces is None:
        pieces = vocab.word_cache[key] = _word_pieces(val, vocab, sentence_start)
    for types, value, a, b in pieces:
        out.append(PreToken(types, value, start + a, start + b))


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


def _merge_self_phrases(toks: list[PreToken], vocab: Vocabulary) -> list[PreToken]:
    """"this creature" (and "this land", ...) → one SELF token."""
    out: list[PreToken] = []
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if i + 1 < n and t.value.lower() == "this" and toks[i + 1].value.lower() in SELF_NOUNS:
            out.append(PreToken(("SELF",), "~", t.start, toks[i + 1].end))
            i += 2
            continue
        out.append(t)
        i += 1
    return out
