"""Oracle text → ASP facts (docs/facts.md, docs/parser.md).

>>> pc = parse_card("Llanowar Elves", "{T}: Add {G}.", type_line="Creature — Elf Druid")
>>> pc.fully_parsed
True
>>> print(next(f for f in pc.to_asp().splitlines() if f.startswith("adds(")))
adds(ab(card("Llanowar Elves"),1),1,1,1,type(g)).

:func:`parse_card` never raises on card text: a line (or a keyword of a keyword line) that the
grammar cannot read becomes an unsupported ability with its span and Lark's message, and the
fact ``unsupported(C, N)``; it is never guessed.
"""

from __future__ import annotations

import functools
import gc
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lark.exceptions import UnexpectedInput, UnexpectedToken

from .nodes import Ability
from .build import get_parser
from .effects import GrammarReject
from .facts import AbilityPrinter, fact_lines, quote, remember_fact_lines
from .keywords import keyword_of_line
from .lexer import mark_names, tokenize
from .oracle import KeywordLine
from .split import Unit, _cut, card_names, normalise, split_lines
from .typeline import card_head

if TYPE_CHECKING:  # clingo is imported when symbols are first asked for (_symbols): a corpus
    import clingo  # scan reads the facts' text and never loads it

__all__ = ["ParsedAbility", "ParsedCard", "fact_lines", "parse_card"]


@dataclass(frozen=True, init=False)
class ParsedAbility:
    """One ability of a card, in text order."""

    #: N in ab(C, N), 1-based
    index: int
    #: the ability's text as printed (a slice of the Oracle text)
    text: str
    #: (start, end) offsets of ``text`` in the original Oracle text
    span: tuple[int, int]
    supported: bool
    #: why it is unsupported ("" when supported): what the grammar expected, at which column
    message: str = ""
    #: the names of the facts printed about this ability itself (``keyword``, ``activated``,
    #: ``triggered``, ``static``, ``replacement``, ``spell_effect``, ``adds``, ...); ``adds`` also
    #: when a quoted ability it grants adds mana; for an unsupported ability that begins with a
    #: CR 702 keyword, ``keyword_recognised``. Lets a caller classify abilities without
    #: walking the symbols.
    kinds: frozenset[str] = frozenset()
    #: the ability's fact texts as one string with placeholders, \x01 for the card term and
    #: \x02 for the ability's number (the same string, often the same object, for every card
    #: whose ability prints alike): what a caller that judges facts needs to judge once per
    #: distinct ability. None when the card's name or text holds a placeholder character.
    template: str | None = field(default=None, repr=False, compare=False)

    def __init__(self, index: int, text: str, span: tuple[int, int], supported: bool, message: str = "",
                 kinds: frozenset[str] = frozenset(), template: str | None = None) -> None:
        # the fields set at once (a frozen dataclass's own __init__ sets them one by one through
        # object.__setattr__; one ParsedAbility is made per ability of every card parsed)
        object.__setattr__(self, "__dict__", {
            "index": index, "text": text, "span": span, "supported": supported, "message": message,
            "kinds": kinds, "template": template})


@dataclass(frozen=True, init=False)
class ParsedCard:
    """The facts of one card (docs/facts.md) and its abilities."""

    name: str
    abilities: tuple[ParsedAbility, ...]
    #: the facts before the card term and the abilities' numbers are written in (what
    #: :attr:`texts` is made from, when first asked): the card term as ASP text, the
    #: characteristic facts after ``card(C)`` as (text before the card term, text after it), and
    #: per ability, in order, its facts (:attr:`ParsedAbility.template`, kept here also when the
    #: card holds a placeholder character) and its comment, with the placeholders \x01 (the card
    #: term) and \x02 (its number)
    printed: tuple[str, tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]] = \
        field(repr=False, default=("", (), ()))

    def __init__(self, name: str, abilities: tuple[ParsedAbility, ...],
                 printed: tuple[str, tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]] = ("", (), ())
                 ) -> None:
        # the fields set at once, as ParsedAbility's (one ParsedCard per card parsed)
        object.__setattr__(self, "__dict__", {"name": name, "abilities": abilities, "printed": printed})

    @functools.cached_property
    def texts(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The facts as ASP text, grouped: card-level facts first, then one block per ability,
        each with its ``% N: text`` comment. Every text is valid by construction (the printer
        checks each fact name against parser/contract.py and each atom it prints), so nothing
        is read back through clingo until a caller asks for symbols."""
        card, head, abilities = self.printed
        blocks: list[tuple[str, tuple[str, ...]]] = [
            ("", (f"card({card})", *[before + card + after for before, after in head]))]
        for n, (facts, comment) in enumerate(abilities, 1):
            ns = str(n)
            blocks.append((comment.replace("\x02", ns, 1),
                           tuple(facts.replace("\x01", card).replace("\x02", ns).split("\n"))))
        return tuple(blocks)

    @functools.cached_property
    def blocks(self) -> tuple[tuple[str, tuple[clingo.Symbol, ...]], ...]:
        """:attr:`texts` as clingo symbols (one call into clingo for the whole card)."""
        flat = [t for _, ts in self.texts for t in ts]
        symbols = _symbols(flat)
        out = []
        k = 0
        for comment, ts in self.texts:
            out.append((comment, tuple(symbols[k:k + len(ts)])))
            k += len(ts)
        return tuple(out)

    @functools.cached_property
    def facts(self) -> tuple[clingo.Symbol, ...]:
        """All facts, sorted (computed when first asked: a corpus scan never needs them)."""
        return tuple(sorted(set().union(*(fs for _, fs in self.blocks))))

    @property
    def unsupported(self) -> tuple[ParsedAbility, ...]:
        return tuple(a for a in self.abilities if not a.supported)

    @property
    def fully_parsed(self) -> bool:
        return all(a.supported for a in self.abilities)

    def to_asp(self) -> str:
        """The facts as ASP text, sorted, one per line; each ability's block is preceded by a
        ``% N: text`` comment."""
        lines: list[str] = []
        for comment, facts in self.blocks:
            if comment:
                lines.append(comment)
            lines.extend(f"{s}." for s in sorted(set(facts)))
        return "\n".join(lines) + "\n"


def parse_card(
    name: str,
    oracle_text: str,
    *,
    type_line: str = "",
    mana_cost: str = "",
    power: str | None = None,
    toughness: str | None = None,
    loyalty: str | None = None,
    defense: str | None = None,
    color_indicator: list[str] | None = None,
) -> ParsedCard:
    """Parse one card into the facts of docs/facts.md, with Python's cyclic garbage collector
    paused meanwhile (unless the caller paused it). Its full collections walk every live
    object, and the objects a parse keeps grow with the text, so with it running a long text's
    parse grew faster than its length (exponent 1.05-1.15 from 1k to 64k repetitions,
    0.96-1.04 paused; benchmarks/bench_parse_length.py, which calls ``__wrapped__``, the parse
    without the pause, to compare). What a parse leaves in reference cycles (a parse error's
    traceback) is collected once the collector runs again."""
    if not gc.isenabled():
        return _parse_card(name, oracle_text, type_line, mana_cost, power, toughness, loyalty, defense,
                           color_indicator)
    gc.disable()
    try:
        return _parse_card(name, oracle_text, type_line, mana_cost, power, toughness, loyalty, defense,
                           color_indicator)
    finally:
        gc.enable()


def _parse_card(name: str, oracle_text: str, type_line: str = "", mana_cost: str = "", power: str | None = None,
                toughness: str | None = None, loyalty: str | None = None, defense: str | None = None,
                color_indicator: list[str] | None = None) -> ParsedCard:
    """:func:`parse_card`, the collector left as it is. The work per card, apart from parsing
    a unit the first time: one look-up per field of the characteristic facts, one pass over the
    lines (:func:`.split.split_lines`), one search for the card's names over the whole text, and
    per unit a look-up of its printed abilities (:data:`_UNIT_CACHE`) and one object per
    ability."""
    oracle_text = oracle_text or ""
    type_line = type_line or ""
    card = f"card({quote(name)})"
    head, is_spell, legendary = card_head(type_line, mana_cost, power, toughness, loyalty, defense,
                                          color_indicator)
    names = card_names(name, legendary)
    parser = get_parser()
    # placeholders in the memo's fact texts: \x01 the card term, \x02 the ability's number
    safe = "\x01" not in name and "\x02" not in name and "\x01" not in oracle_text and "\x02" not in oracle_text
    units, by_lines = split_lines(oracle_text)
    # a text that names its card nowhere names it in no unit: no unit needs looking for names
    if names[0] in oracle_text if len(names) == 1 else any(n in oracle_text for n in names if n):
        marks = _unit_marks(oracle_text, units, names, by_lines)
        shown = names  # the names to write as "~" in the abilities' texts
    else:
        marks = None
        shown = ()
    abilities: list[ParsedAbility] = []
    printed: list[tuple[str, str]] = []
    level = None  # the level/station range that the abilities after a level symbol need, its
    # placeholder \x02 replaced by the level symbol's number
    n = 0
    for k, (us, ue, ub, word, face, whole) in enumerate(units):
        named = marks[k] if marks is not None else None
        if named is not None and safe:
            pieces = _named_unit(parser, oracle_text, (us, ue, ub, word, face), names, is_spell, whole, *named)
        elif not safe:
            pieces = _print_unit(parser, oracle_text, Unit(us, ue, ub, word, face), shown, is_spell,
                                 _parse_body(parser, oracle_text[ub:ue], ub - us, names))
        else:
            key = (whole, ub - us, is_spell)
            pieces = _UNIT_CACHE.get(key)
            if pieces is None:
                pieces = _remember(key, _print_unit(parser, oracle_text, Unit(us, ue, ub, word, face), shown,
                                                    is_spell, _parse_body(parser, oracle_text[ub:ue], ub - us, names)))
        for start, end, supported, message, kinds, facts, comment, header, pair in pieces:
            n += 1
            if start is None:  # the whole unit
                start, end, text = us, ue, whole
            else:
                start += us
                end += us
                text = oracle_text[start:end]
            if supported and (header is not None or level is not None):
                if header is not None:
                    level = header.replace("\x02", str(n))
                else:
                    facts = f"{facts}\nability_condition({_AB},{level})"
                    pair = (facts, comment)
            printed.append(pair)
            abilities.append(ParsedAbility(n, text, (start, end), supported, message, kinds,
                                           facts if safe else None))
    return ParsedCard(name, tuple(abilities), (card, head, tuple(printed)))


parse_card.__wrapped__ = _parse_card  # type: ignore[attr-defined]


def _unit_marks(text: str, units: list[tuple], names: tuple[str, ...],
                by_lines: bool) -> list[tuple[list[tuple[int, int]], str] | None]:
    """Per unit, None when its text holds none of the card's names, else the spans of the names
    in it (offsets from the unit's start) and its text with each as "~". The names are found
    with one search over the whole text when a line break separates every two units (no name
    holds one, so none straddles two units, and a unit's first and last characters sit next to
    a blank or the text's end, as they do in the unit's own text); else unit by unit."""
    if not by_lines or ("\n" in names[0] if len(names) == 1 else any("\n" in n for n in names)):
        out = []
        for u in units:
            spans = mark_names(u[5], names)
            out.append((spans, _cut(u[5], spans, "~")) if spans else None)
        return out
    found = mark_names(text, names)
    out = []
    j = 0
    last = len(found)
    for start, end, _body, _word, _face, whole in units:
        while j < last and found[j][1] <= start:  # (a name in a line that is no unit: reminder text)
            j += 1
        if j == last or found[j][0] >= end:
            out.append(None)
            continue
        spans = []
        parts = []
        at = 0
        while j < last and found[j][0] < end:
            a, b = found[j]
            a -= start
            spans.append((a, b - start))
            parts.append(whole[at:a])
            at = b - start
            j += 1
        parts.append(whole[at:])
        out.append((spans, "~".join(parts)))
    return out


#: One printed ability of a unit as :func:`parse_card` reads it, made by :func:`_print_unit`
#: once per ability of every distinct unit: (start, end, supported, message, kinds, facts,
#: comment, level, (facts, comment)), where
#:
#: - start, end: offsets from the unit's start, both None when the ability is the whole unit;
#: - message: why it is unsupported ("" when supported);
#: - kinds: the names of the facts printed about the ability itself (ParsedAbility.kinds);
#: - facts: its fact texts joined by line breaks (no fact text holds one: :func:`.facts.quote`
#:   escapes them), with the placeholders \x01 (the card term) and \x02 (the ability's
#:   number), the same for every card whose unit reads alike, so that a card's placeholders are
#:   replaced in one pass per ability;
#: - comment: "% N: text" with N as \x02;
#: - level: the printed level/station range when the ability is a level symbol's header;
#: - the last pair is what :attr:`ParsedCard.printed` holds for it (shared by every card whose
#:   ability prints alike, unless a level condition is added to its facts).
#:
#: (A plain tuple, built in one step: parse_card unpacks it per ability of every card.)
_Piece = tuple

#: Printed units by (text, length of the ability-word prefix, spell or not), as the
#: :data:`_Piece` tuples of their abilities: the same ability text gives the same facts on
#: every card, but for the card term and the ability's number (placeholders). A unit whose text
#: names its card is kept by its text with the names as "~" and parsed as that text (the lexer
#: reads "~" as it reads a name: ``SELF``), so its result is the same for every card by
#: construction; its offsets (spans, a message's column) are then offsets into the "~" text,
#: which :func:`_named_unit` moves back onto the card's own text.
_UNIT_CACHE: dict[tuple[str, int, bool], tuple[_Piece, ...]] = {}
_UNIT_CACHE_MAX = 100_000


def _named_unit(parser, text: str, fields: tuple[int, int, int, str, int], names: tuple[str, ...], is_spell: bool,
                whole: str, spans: list[tuple[int, int]], marked: str) -> tuple[_Piece, ...]:
    """A unit (``fields``: its :class:`Unit`'s) whose text ``whole`` names its card (``spans``:
    where; ``marked``: the text with each as "~"): printed from ``marked`` (once per such
    text), its offsets moved back onto ``whole`` (an ability that is the whole unit and reads:
    nothing to move, the cached piece as it is). A name inside the ability word (printed as it
    stands in ``ability_word``) is parsed per card."""
    start, end, body, word, face = fields
    prefix = body - start
    if spans[0][0] < prefix:
        return _print_unit(parser, text, Unit(*fields), names, is_spell,
                           _parse_body(parser, text[body:end], prefix, names))
    key = (marked, prefix, is_spell)
    hit = _UNIT_CACHE.get(key)
    if hit is None:
        own = Unit(0, len(marked), prefix, word, face)
        hit = _remember(key, _print_unit(parser, marked, own, (), is_spell,
                                         _parse_body(parser, marked[prefix:], prefix, ())))
    for piece in hit:
        if piece[0] is not None or not (piece[2] or not piece[3]):
            break
    else:
        return hit  # every ability the whole unit, and read: no offset to move
    # an offset of the "~" text moves by what the names before it add: each "~" stands for
    # len(name) characters (an offset at a "~" is the name's start, one after it the name's end)
    tildes = []  # (offset of a "~" in the "~" text, what the names before it add)
    grown = 0
    for a, b in spans:
        tildes.append((a - grown, grown))
        grown += b - a - 1

    def back(p: int) -> int:
        for at, before in tildes:
            if p <= at:
                return p + before
        return p + grown

    out = []
    for piece in hit:
        start, end, supported, message = piece[:4]
        old = 0 if start is None else start
        if start is not None:
            start, end = back(start), back(end)
        if message and not supported:
            message = _moved_column(message, old, 0 if start is None else start, back)
        out.append((start, end, supported, message, *piece[4:]))
    return tuple(out)


#: a parse error's column (parser/__init__.py ``_message``): counted from the piece's start
_COLUMN = re.compile(r"^(unexpected .*?) at column (\d+); expected ")


def _moved_column(message: str, old_start: int, new_start: int, back) -> str:
    m = _COLUMN.match(message)
    if m is None:
        return message
    col = int(m.group(2))
    moved = back(old_start + col - 1) - new_start + 1
    return f"{m.group(1)} at column {moved}; expected {message[m.end():]}"


def _remember(key: tuple[str, int, bool], pieces: tuple[_Piece, ...]) -> tuple[_Piece, ...]:
    """Keep a unit's printed abilities by its key; return them."""
    if len(_UNIT_CACHE) >= _UNIT_CACHE_MAX:
        _UNIT_CACHE.clear()
    _UNIT_CACHE[key] = pieces
    return pieces


#: the ability's id and its first fact, with the placeholders (\x01 the card, \x02 its number)
_AB = "ab(\x01,\x02)"
_CARD_ABILITY = f"card_ability(\x01,{_AB})"
#: the facts every ability begins with, up to its text's string
_HEAD = f"{_CARD_ABILITY}\nability_text({_AB},"


def _print_unit(parser, text: str, unit: Unit, names: tuple[str, ...], is_spell: bool,
                parsed: list) -> tuple[_Piece, ...]:
    """Print the abilities that :func:`_parse_body` read from a unit, with the placeholders, as
    the :data:`_Piece` tuples that :func:`parse_card` reads (made here in one step, once per
    distinct unit). ``names`` are the card's names for the ability texts (empty when the card's
    text holds none of them: nothing to replace by "~"). Each ability's facts are one text,
    built once: its head facts, then the printer's facts."""
    word = unit.ability_word
    # what follows the ability's text in its head facts
    tail = f")\nability_word({_AB},{quote(word.lower())})" if word else ")"
    base = unit.body
    off = base - unit.start  # a parsed span's offsets from the body -> from the unit's start
    length = unit.end - unit.start

    def text_of(q: Any) -> str:
        # a quoted ability's text; "...any color," has its sentence's comma inside the quotes
        return normalise(text[base + q.span[0]:base + q.span[1]].rstrip(","), names)

    out = []
    for rs, re_, ability, message in parsed:
        raw = text[base + rs:base + re_]
        norm = normalise(raw, names)
        head = f"{_HEAD}{quote(norm)}{tail}"
        kinds: frozenset[str] = _NO_KINDS
        level = None
        supported = False
        if ability is not None:
            printer = AbilityPrinter("\x01", _AB, is_spell, text_of)
            printer.out.append(head)  # the facts' text begins with the head facts
            try:
                printer.print_ability(ability)
                facts = "\n".join(printer.out)
                kinds = frozenset(printer.kinds)
                if ability.header is not None:
                    level = printer.term(ability.header)
                supported = True
            except Exception as exc:  # a transformer/printer bug must not crash a card load
                message = f"internal error while printing facts: {type(exc).__name__}: {exc}"
                kinds = _NO_KINDS
                level = None
        if not supported:
            facts = f"{head}\n{_UNSUPPORTED}"
            body: tuple[str, ...] = (_UNSUPPORTED,)
            # a line that begins with a CR 702 keyword is recognised as that keyword even when
            # the rest of it cannot be read (docs/facts.md: keyword_recognised/2)
            kw = keyword_of_line(raw, names, norm)
            if kw is not None:
                recognised = f"keyword_recognised({_AB},{quote(kw)})"
                facts = f"{facts}\n{recognised}"
                body = (_UNSUPPORTED, recognised)
                kinds = _RECOGNISED
        else:
            body = tuple(printer.out[1:])
        remember_fact_lines(facts, body)
        # the comment shows the text on one line, its blanks as single spaces (a stripped text
        # that is printable and has no double space is that already)
        shown = norm if norm.isprintable() and "  " not in norm else " ".join(norm.split())
        comment = f"% \x02: {shown}"
        start = off + rs
        end = off + re_
        if start == 0 and end == length:  # the whole unit
            start = end = None
        out.append((start, end, supported, "" if supported else message, kinds, facts, comment, level,
                    (facts, comment)))
    return tuple(out)


_UNSUPPORTED = "unsupported(\x01,\x02)"
_NO_KINDS: frozenset[str] = frozenset()
_RECOGNISED = frozenset(("keyword_recognised",))


def _symbols(texts: list[str]) -> list[clingo.Symbol]:
    """Fact texts → symbols, read as one tuple term (one call into clingo per block)."""
    if not texts:
        return []
    import clingo

    return clingo.parse_term("(" + ",".join(texts) + ",)").arguments


def _parse_body(parser, body: str, prefix: int, names: tuple[str, ...]) -> list:
    whole = (-prefix, len(body))
    try:
        toks = tokenize(body, parser.vocab, names)
    except Exception as exc:  # pragma: no cover - the lexer accepts any text
        return [(*whole, None, f"lexer error: {exc}")]
    if not toks:
        return []
    try:
        result = parser.parse(toks)
    except UnexpectedInput as exc:
        salvaged = _salvage_keywords(parser, body, prefix, names, toks)
        if salvaged is not None:
            return salvaged
        action = _keyword_action(parser, toks)
        if action is not None:
            return [(*whole, action, "")]
        return [(*whole, None, _message(parser, exc, -prefix, len(body) + prefix))]
    except GrammarReject as exc:
        return [(*whole, None, f"rejected: {exc}")]
    except Exception as exc:
        return [(*whole, None, f"internal error: {type(exc).__name__}: {exc}")]
    if isinstance(result, KeywordLine):
        return _keyword_pieces(body, prefix, result)
    if isinstance(result, list):
        return [(*whole, ab, "") for ab in result]
    return [(*whole, result, "")]


def _keyword_pieces(body: str, prefix: int, line: KeywordLine) -> list:
    bounds = [0] + [x for sep in line.separators for x in sep] + [len(body)]
    out = []
    for k, ab in enumerate(line):
        a, b = _strip_span(body, bounds[2 * k], bounds[2 * k + 1])
        out.append((a, b, ab, ""))
    return out


def _strip_span(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


def _keyword_action(parser, toks: list) -> Ability | None:
    """"Cumulative upkeep—Draw a card.": a keyword whose cost is an action, read with the start
    symbol ``keyword_action_line`` (costs and imperative effects read alike, so the ``line``
    grammar cannot hold both after the dash)."""
    if not any(t in parser.keyword_first for t in toks[0][0]) or not any(t[1] == "—" for t in toks):
        return None
    try:
        return parser.parse(toks, start="keyword_action_line")[0]
    except (UnexpectedInput, GrammarReject):
        return None


def _salvage_keywords(parser, body: str, prefix: int, names: tuple[str, ...], toks: list) -> list | None:
    """A keyword line with one unreadable keyword: parse each comma-separated part alone."""
    if not any(t in parser.keyword_first for t in toks[0][0]):
        return None  # does not start with a keyword: not a keyword line
    parts: list[tuple[int, int]] = []
    depth = 0
    pos = 0
    for i, ch in enumerate(body):
        if ch in "({":
            depth += 1
        elif ch in ")}":
            depth -= 1
        elif ch in ",;" and depth == 0:
            parts.append((pos, i))
            pos = i + 1
    parts.append((pos, len(body)))
    if len(parts) < 2:
        return None
    results = []
    for k, (a, b) in enumerate(parts):
        sa, sb = _strip_span(body, a, b)
        sub = tokenize(body[sa:sb], parser.vocab, names, offset=sa)
        if not sub:
            continue
        try:
            abilities = parser.parse(sub, start="keyword_only")
            results.append((sa, sb, abilities[0], ""))
        except UnexpectedInput as exc:
            if k == 0:
                return None  # not a keyword line
            results.append((sa, sb, None, _message(parser, exc, sa, sb - sa)))
        except Exception as exc:
            results.append((sa, sb, None, f"internal error: {type(exc).__name__}: {exc}"))
    return results


def _message(parser, exc: UnexpectedInput, start: int, length: int) -> str:
    """Lark's UnexpectedInput as one line: what came, at which column (1-based, counted from
    ``start``, an offset like the tokens' positions), what was expected."""
    got = "end of text"
    col = length + 1
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type != "$END":
            got = repr(str(tok)) if str(tok) else tok.type
            col = tok.start_pos - start + 1
        key = frozenset(exc.expected)
        shown = _EXPECTED_TEXT.get(key)
        if shown is None:
            names = sorted({parser.display.get(t, t) for t in exc.expected if t != "$END"})
            shown = ", ".join(names[:10]) + (f", ... ({len(names)} in all)" if len(names) > 10 else "")
            _EXPECTED_TEXT[key] = shown
        return f"unexpected {got} at column {col}; expected {shown or 'end of text'}"
    return f"unexpected {got} at column {col}; expected end of text"


#: expected-terminal sets (they repeat: one per parser state) → their text in messages
_EXPECTED_TEXT: dict[frozenset, str] = {}
