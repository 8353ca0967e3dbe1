"""Lexer pass: the candidate types of list separators ("," / "and" / "or"), and in the same walk
the markers of "on the battlefield", "this way", "from it", "exiled with", "attached to".

A separator gets extra candidate terminals, tried before its plain type, from the words that
follow it: a list of descriptions ("artifact, creature, or enchantment"), of mana symbols
("{W}, {U}, or {B}"), of noun phrases ("each creature and each player"), a new clause ("and you
gain 3 life"), a series of verb phrases. The parser state picks the reading that fits
(``Tables.parse`` in :mod:`.lalr`). Every look-ahead is bounded or one right-to-left pass, so a
sentence stays linear.
"""

from __future__ import annotations

from .lexer_words import END, LOW, START, TYPES, VALUE, PreToken, Vocabulary, _is_desc, _is_verb


_SEPARATORS = frozenset({",", "or", "and", "and/or"})

#: the words a marker of "on the battlefield", "this way", ... starts from (see below)
_ZONE_FIRST = frozenset({"this", "from", "exiled", "attached", "on", "with"})
#: the words a rule of _mark_separators starts from
_FIRST = _SEPARATORS | _ZONE_FIRST


def _mark_separators(toks: list[PreToken], vocab: Vocabulary, starts: list[int] | None = None) -> list[PreToken]:
    """Give "," / "or" / "and" extra candidate types, tried before their plain type:
    DESC_* when a list of description words follows ("artifact, creature, or enchantment"),
    SYM_* when a mana symbol follows ("Add {W}, {U}, or {B}"), NP_AND before a determiner
    ("each creature and each player"), CLAUSE_AND before a new subject and its verb ("and
    you gain 3 life"), AND_NUM before a number. The parser state picks the reading that fits.

    The same walk gives the markers of "on the battlefield" / "this way" / "from it" /
    "exiled with" / "attached to" (:func:`_zone_marker`): both only add candidates in front
    of a token's types, from the words and types of the tokens after it, which the other's
    markers do not change (no marker is a verb's, a description word's or a symbol's type)."""
    n = len(toks)
    lists: list = []  # _list_from's last answer
    # only the tokens a rule starts from (about one in six; ``starts``, ascending, may hold
    # others and repeats: the lexer's list, see lexer._chunk). A marker is put in place at
    # once: the rules read the types of later tokens and the words of earlier ones, which no
    # marker changes.
    if starts is None:
        starts = [i for i, t in enumerate(toks) if t[LOW] in _FIRST]
    last = -1
    for i in starts:
        if i <= last:
            continue
        last = i
        t = toks[i]
        v = t[LOW]
        if v in _FIRST:
            new = _separator_marker(toks, i, t, v, n, vocab, lists)
            if new is not None:
                toks[i] = new
    return toks


def _separator_marker(toks: list[PreToken], i: int, t: PreToken, v: str, n: int, vocab: Vocabulary,
                      lists: list) -> PreToken | None:
    """The token ``t`` (at ``i``, ``v`` its lower case, a word of ``_FIRST``) with the markers
    a rule of :func:`_mark_separators` gives it, or None. ``lists``: :func:`_list_from`'s memo."""
    if v in _ZONE_FIRST:
        z = _zone_marker(toks, i, v, n)
        if z is not None:
            return PreToken((z,) + t[TYPES], t[VALUE], t[START], t[END], v)
        return None
    if v not in _SEPARATORS or i + 1 >= n:
        return None
    desc = vocab.desc_words
    nxt = toks[i + 1]
    nv = nxt[LOW]
    nxt2 = toks[i + 2] if i + 2 < n else None
    extra: list[str] = []
    if v == ",":
        if nv in ("or", "and", "and/or") and nxt2 is not None and "MANA_SYM" in nxt2[TYPES]:
            extra.append("SYM_COMMA")
        elif "MANA_SYM" in nxt[TYPES]:
            extra.append("SYM_COMMA")
        elif nv == "non" or ((nv in _LIST_GOES_ON or nv in desc or "SUBTYPE" in nxt[TYPES])
                             and _list_from(toks, i + 1, vocab, lists)):
            extra.append("DESC_COMMA")
        elif nv == "except":
            extra.append("COMMA_EXCEPT")
        elif (nv == "and" and nxt2 is not None
              and (nxt2[LOW] in _SUBJECT_STARTS or nxt2[TYPES][0] == "SELF")
              and _clause_follows(toks, i + 2, vocab)):
            extra.append("CLAUSE_COMMA")  # ", and it loses ...": not a list's last comma
        elif (nv in _NP_DETERMINERS or (nv in ("or", "and") and nxt2 is not None
                                        and nxt2[LOW] in _NP_DETERMINERS)) \
                and _np_list_follows(toks, i, vocab):
            extra.append("NP_COMMA")
        elif nv == "where":
            extra.append("COMMA_WHERE")
    elif v in ("or", "and") and nv in ("graveyard", "hand", "library") and i > 0 \
            and toks[i - 1][LOW] in ("graveyard", "hand", "library"):
        extra.append("ZONE_SEP")  # "your hand or graveyard"
    elif v == "or" and "MANA_SYM" in nxt[TYPES]:
        extra.append("SYM_OR")
    elif v == "or" and i > 0 and "MANA_SYM" in toks[i - 1][TYPES] and "NUM" in nxt[TYPES]:
        extra.append("SYM_OR")
    else:
        if _is_desc(nxt, vocab):
            extra.append("DESC_OR" if v == "or" else "DESC_AND")
            if v in ("and", "or"):  # "spells you control and nonland cards you own"
                extra.append("NP_AND" if v == "and" else "NP_OR")
        if v == "and":
            if "NUM" in nxt[TYPES] or nv == "x":
                extra.append("AND_NUM")
            if nv in _NP_DETERMINERS or nxt[TYPES] == ("SELF",):
                extra.append("NP_AND")
            if _clause_follows(toks, i + 1, vocab):
                extra.append("CLAUSE_AND")
            if (_is_verb(nxt, vocab) and not (nxt2 is not None and nxt2[LOW] == "strike")
                    and nv not in ("control", "controls", "own", "owns")):
                extra.append("VP_AND")  # not "flying and double strike"
        elif v == "or" and nv in _NP_DETERMINERS:
            extra.append("NP_OR")
    if extra:
        return PreToken(tuple(extra) + t[TYPES], t[VALUE], t[START], t[END], v)
    return None


#: the words after a comma that may go on with a list of descriptions (:func:`_list_from`
#: looks further only from them or a description word)
_LIST_GOES_ON = frozenset((",", "or", "and", "and/or"))


def _zone_marker(toks: list[PreToken], i: int, v: str, n: int) -> str | None:
    """"on the battlefield" / "this way": marker tokens, so a description's post-modifier is
    not confused with "put it on top" / "this turn"."""
    nxt = toks[i + 1][LOW] if i + 1 < n else ""
    if v == "this":
        return "THIS_WAY" if nxt == "way" else None
    if v == "from":
        return "FROM_IT" if nxt == "it" and (i + 2 >= n or toks[i + 2][VALUE] != "'s") else None
    if v == "exiled":
        return "EXILED_WITH" if nxt == "with" else None
    if v == "attached":
        return "ATTACHED_TO" if nxt == "to" else None
    if v == "with":
        return "WITH_COUNTER_ON" if _counter_put_with(toks, i, n) else None
    if i + 2 < n and nxt == "the" and toks[i + 2][LOW] in ("battlefield", "stack"):
        return "ON_ZONE"
    return None


#: the tokens that may end an exile clause after "... counter(s) on it" (CR 122.1: the counter
#: is put on the exiled card)
_CLAUSE_END = frozenset({".", ",", ";", "instead", "and", "then", '"', ")"})
#: a word before "exile" that makes it the zone, not the verb ("cards in exile with ...")
_ZONE_BEFORE = frozenset({"from", "in", "into", "to", "of"})


def _counter_put_with(toks: list[PreToken], i: int, n: int) -> bool:
    """"with" of "exile <noun phrase> with a/an/N <kind> counter(s) on it/them" at the end of
    an exile clause (the verb earlier in the same sentence, not "from exile"): the counter is
    put on the exiled card (CR 122.1), where the LALR shift would read it as a constraint of
    the noun phrase ("a card with a silver counter on it"). Only a candidate: the grammar
    takes it only after an exile verb's object (grammar/verbs.lark, v_exile_with_counters)."""
    if i + 5 >= n:
        return False
    cnt = toks[i + 1]
    if not (cnt[LOW] in ("a", "an", "x") or "NUM" in cnt[TYPES]):
        return False
    if toks[i + 3][LOW] not in ("counter", "counters") or toks[i + 4][LOW] != "on" \
            or toks[i + 5][LOW] not in ("it", "them"):
        return False
    if i + 6 < n and toks[i + 6][LOW] not in _CLAUSE_END:
        return False
    for j in range(i - 1, -1, -1):
        w = toks[j]
        if w[VALUE] in (".", ";", ":", "•"):
            return False
        if w[LOW] == "exile" and (j == 0 or toks[j - 1][LOW] not in _ZONE_BEFORE):
            return True
    return False


#: words that start a noun phrase: "and" before them may join two noun phrases (NP_AND)
_NP_DETERMINERS = frozenset({"each", "target", "another", "all", "that", "those", "its", "their", "up", "a", "an"})

#: words that start the subject of a new clause after ", and"
_SUBJECT_STARTS = frozenset({"it", "they", "you", "that", "those", "each", "target", "its", "their", "this"})


#: verbs of spending-purpose series that the vocabulary does not know as verbs
_SERIES_VERBS = frozenset({"unlock", "turn", "foretell"})


def _series_verb(t: PreToken, vocab: Vocabulary) -> bool:
    return _is_verb(t, vocab) or t[LOW] in _SERIES_VERBS


def _series_from(toks: list[PreToken], j: int, vocab: Vocabulary, memo: list) -> bool:
    """Whether a ", or <verb>" / ", and <verb>" follows index ``j`` in the same sentence — a
    series of verb phrases ("to cast a spell, activate an ability, or pay a cost"). Read
    forward from ``j`` to the first such comma or sentence mark; every index passed on the
    way has the same answer, so the last stretch read is kept in ``memo`` (one list per token
    list: [first index, last index, the answer]); the commas of a sentence, asked about in
    order, read each token once."""
    if memo and memo[0] <= j <= memo[1]:
        return memo[2]
    n = len(toks)
    found = False
    marks = _SENTENCE_MARKS
    for k in range(j, n - 2):
        v = toks[k][VALUE]
        if v in marks:
            break
        if v == "," and toks[k + 1][LOW] in ("or", "and") and _series_verb(toks[k + 2], vocab):
            found = True
            break
    else:
        k = max(j, n - 2)
    memo[:] = (j, min(k, n - 2), found)
    return found


#: the tokens that end a sentence (or a quoted one) for the look-aheads above
_SENTENCE_MARKS = frozenset((".", ":", ";", '"', "•"))


def _np_list_follows(toks: list[PreToken], i: int, vocab: Vocabulary) -> bool:
    """A comma between the noun phrases of a list: "a God, a Demigod, or a legendary
    enchantment". Each item after the comma starts with a determiner and has no verb (other
    than "you control"/"you own"), and the list ends with "(,) or/and <determiner>"."""
    n = len(toks)
    k = i + 1
    if k < n and toks[k][LOW] in ("or", "and"):
        k += 1
    if k >= n or toks[k][LOW] not in _NP_DETERMINERS:
        return False
    final = k > i + 1
    length = 0
    for j in range(k + 1, n):
        t = toks[j]
        v = t[LOW]
        if v in (".", ":", ";", '"', "•"):
            return final
        if v == ",":
            if final:
                return True
            nxt = toks[j + 1][LOW] if j + 1 < n else ""
            nxt2 = toks[j + 2][LOW] if j + 2 < n else ""
            return nxt in _NP_DETERMINERS or (nxt in ("or", "and") and nxt2 in _NP_DETERMINERS)
        if v in ("or", "and") and not final:
            return j + 1 < n and toks[j + 1][LOW] in _NP_DETERMINERS
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
    if j >= n or _is_verb(toks[j], vocab) or "NUM" in toks[j][TYPES] or toks[j][VALUE] == '"':
        return False
    for k in range(j + 1, min(n, j + 6)):
        t = toks[k]
        if t[VALUE] in (",", ".", ":", '"', "•") or t[LOW] == "until":
            return False
        if _is_verb(t, vocab):
            if k == j + 1 and toks[j][LOW] == "you":
                return True  # "and you control a Mountain"
            return t[LOW] not in ("control", "own", "controls", "owns")
    return False


def _list_from(toks: list[PreToken], j: int, vocab: Vocabulary, memo: list) -> bool:
    """From ``j`` on, description words (and commas) up to "or"/"and" + a description word
    ("artifact, creature, or enchantment" after a comma). Read forward from ``j`` to the
    first other token; every index passed on the way has the same answer, so the last stretch
    read is kept in ``memo`` (as :func:`_series_from` keeps it), and a long list stays linear."""
    if memo and memo[0] <= j <= memo[1]:
        return memo[2]
    n = len(toks)
    found = False
    desc = vocab.desc_words
    for k in range(j, n):
        t = toks[k]
        v = t[LOW]
        if v in ("or", "and", "and/or"):
            found = k + 1 < n and _is_desc(toks[k + 1], vocab)
            break
        if v != "," and v not in desc and "SUBTYPE" not in t[TYPES]:  # (not _is_desc)
            break
    else:
        k = max(j, n)
    memo[:] = (j, min(k, n - 1), found)
    return found
