"""Words → candidate terminals: the pre-token, the vocabulary of grammar literals, lemmas.

A :class:`PreToken` is one word, symbol or punctuation mark with its candidate terminal types;
a :class:`Vocabulary` maps the words some grammar literal spells to their terminals (after
lemmatising verbs: "draws" → "draw"), capitalised subtypes to ``SUBTYPE`` and number words to
``NUM``. Used by the lexer (:mod:`.lexer`) and its marking passes.
"""

from __future__ import annotations


from .vocabulary import SUBTYPE_INDEX


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


#: A *pre-token* is one word, symbol or punctuation mark with its candidate terminal types: a
#: plain tuple ``(types, value, start, end, low)``, its fields at these indices. ``low`` is
#: ``value.lower()`` (the marking passes compare it many times per token). A tuple, not an
#: object with attributes: the lexer makes one per word of every ability (~700k over the
#: corpus) and building a tuple costs a quarter of an ``__init__`` call; tuples are immutable,
#: so a pass that changes a token puts a new one in its place.
TYPES, VALUE, START, END, LOW = range(5)


def PreToken(types: tuple[str, ...], value: str, start: int, end: int,
             low: str | None = None) -> tuple:
    """A pre-token (the tuple above); ``low`` is computed when not given. The lexer's hot loops
    write the tuple itself."""
    return (types, value, start, end, value.lower() if low is None else low)


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
        #: per value of "sentence start" (index 0: not at a sentence's start, 1: at one), word
        #: -> (its pieces, see lexer._word_pieces; whether it needs a check of the words around
        #: it) — filled by the lexer; one dict per flag, so a look-up builds no key tuple
        self.word_cache: tuple[dict[str, tuple], dict[str, tuple]] = ({}, {})
        #: the same for a chunk of text between spaces: chunk -> (its pieces, whether a
        #: sentence starts after it, the tokens the marking walk visits, its width, its one
        #: piece or None), or False when it is read with the text around it (lexer._chunk)
        self.chunk_cache: tuple[dict[str, tuple | bool], dict[str, tuple | bool]] = ({}, {})
        #: candidate types -> whether one of them starts a verb phrase (:func:`_is_verb`)
        self.verb_types: dict[tuple[str, ...], bool] = {}

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


def _is_desc(t: PreToken, vocab: Vocabulary) -> bool:
    return t[LOW] in vocab.desc_words or "SUBTYPE" in t[TYPES]


def _is_verb(t: PreToken, vocab: Vocabulary) -> bool:
    types = t[TYPES]
    hit = vocab.verb_types.get(types)
    if hit is None:
        hit = vocab.verb_types[types] = any(x in vocab.verb_terminals for x in types)
    return hit


_DOT_TYPES: tuple[str, ...] = ("DOT",)
