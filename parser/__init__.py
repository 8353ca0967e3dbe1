"""Oracle text → ASP facts (docs/facts.md, docs/parser.md).

>>> pc = parse_card("Llanowar Elves", "{T}: Add {G}.", type_line="Creature — Elf Druid")
>>> pc.fully_parsed
True
>>> print(pc.to_asp().splitlines()[-1])
effect(ab(card("Llanowar Elves"),1),1,add_mana).

:func:`parse_card` never raises on card text: a line (or a keyword of a keyword line) that the
grammar cannot read becomes an unsupported ability with its span and Lark's message, and the
fact ``unsupported(C, N)``; it is never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import clingo
from lark.exceptions import UnexpectedInput, UnexpectedToken

from .ast import Ability
from .build import get_parser
from .effects import GrammarReject
from .facts import AbilityPrinter, quote
from .lexer import tokenize
from .oracle import KeywordLine
from .split import Unit, normalise, self_names, split_units
from .typeline import characteristic_facts

__all__ = ["ParsedAbility", "ParsedCard", "parse_card"]


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class ParsedCard:
    """The facts of one card (docs/facts.md) and its abilities."""

    name: str
    #: all facts, sorted
    facts: tuple[clingo.Symbol, ...]
    abilities: tuple[ParsedAbility, ...]
    #: facts grouped: card-level facts first, then one block per ability (for to_asp)
    blocks: tuple[tuple[str, tuple[clingo.Symbol, ...]], ...] = field(repr=False, default=())

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
    """Parse one card into the facts of docs/facts.md."""
    oracle_text = oracle_text or ""
    card = f"card({quote(name)})"
    head = characteristic_facts(
        card, type_line=type_line, mana_cost=mana_cost, power=power, toughness=toughness,
        loyalty=loyalty, defense=defense, color_indicator=color_indicator,
    )
    low_types = (type_line or "").lower()
    is_spell = ("instant" in low_types or "sorcery" in low_types) and not any(
        t in low_types for t in ("creature", "artifact", "enchantment", "land", "planeswalker", "battle")
    )
    names = self_names(name, type_line or "")
    parser = get_parser()
    pieces: list[tuple[int, int, Ability | None, str, str]] = []  # start, end, ability, message, ability word
    for unit in split_units(oracle_text):
        pieces.extend(_parse_unit(parser, oracle_text, unit, names))

    blocks: list[tuple[str, tuple[clingo.Symbol, ...]]] = [("", tuple(_symbols(head)))]
    abilities: list[ParsedAbility] = []
    for n, (start, end, ability, message, word) in enumerate(pieces, 1):
        ab_id = f"ab({card},{n})"
        raw = oracle_text[start:end]
        norm = normalise(raw, names)
        facts = [f"card_ability({card},{ab_id})", f"ability_text({ab_id},{quote(norm)})"]
        if word:
            facts.append(f"ability_word({ab_id},{quote(word.lower())})")
        supported = ability is not None
        if ability is not None:
            printer = AbilityPrinter(
                card, ab_id, is_spell,
                lambda q, _n=names, _t=oracle_text: normalise(_t[q.span[0]:q.span[1]], _n),
            )
            try:
                printer.print_ability(ability)
                facts.extend(printer.out)
            except Exception as exc:  # a transformer/printer bug must not crash a card load
                supported = False
                message = f"internal error while printing facts: {type(exc).__name__}: {exc}"
        symbols: list[clingo.Symbol] = []
        if supported:
            try:
                symbols = _symbols(facts)
            except RuntimeError as exc:  # a term the printer got wrong: never crash a card load
                supported = False
                message = f"internal error: not a valid fact: {exc}"
        if not supported:
            facts = facts[:2] + ([facts[2]] if word else [])
            facts.append(f"unsupported({card},{n})")
            symbols = _symbols(facts)
        flat = " ".join(norm.split())
        blocks.append((f"% {n}: {flat}", tuple(symbols)))
        abilities.append(ParsedAbility(n, raw, (start, end), supported, "" if supported else message))
    all_facts = tuple(sorted(set().union(*(fs for _, fs in blocks))))
    return ParsedCard(name, all_facts, tuple(abilities), tuple(blocks))


def _symbols(texts: list[str]) -> list[clingo.Symbol]:
    return [clingo.parse_term(t) for t in texts]


def _parse_unit(parser, text: str, unit: Unit, names: tuple[str, ...]) -> list:
    """Parse one unit: [(start, end, Ability | None, message, ability word)]."""
    body = text[unit.body:unit.end]
    try:
        toks = tokenize(body, parser.vocab, names, offset=unit.body)
    except Exception as exc:  # pragma: no cover - the lexer accepts any text
        return [(unit.start, unit.end, None, f"lexer error: {exc}", unit.ability_word)]
    if not toks:
        return []
    try:
        result = parser.parse(toks)
    except UnexpectedInput as exc:
        salvaged = _salvage_keywords(parser, text, unit, names)
        if salvaged is not None:
            return salvaged
        return [(unit.start, unit.end, None, _message(parser, exc, unit), unit.ability_word)]
    except GrammarReject as exc:
        return [(unit.start, unit.end, None, f"rejected: {exc}", unit.ability_word)]
    except Exception as exc:
        return [(unit.start, unit.end, None, f"internal error: {type(exc).__name__}: {exc}", unit.ability_word)]
    if isinstance(result, KeywordLine):
        return _keyword_pieces(text, unit, result)
    if isinstance(result, list):
        return [(unit.start, unit.end, ab, "", unit.ability_word) for ab in result]
    return [(unit.start, unit.end, result, "", unit.ability_word)]


def _keyword_pieces(text: str, unit: Unit, line: KeywordLine) -> list:
    bounds = [unit.body] + [x for sep in line.separators for x in sep] + [unit.end]
    out = []
    for k, ab in enumerate(line):
        a, b = bounds[2 * k], bounds[2 * k + 1]
        a, b = _strip_span(text, a, b)
        out.append((a, b, ab, "", unit.ability_word))
    return out


def _strip_span(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    # reminder text after a keyword belongs to the keyword; a trailing period too
    return a, b


def _salvage_keywords(parser, text: str, unit: Unit, names: tuple[str, ...]) -> list | None:
    """A keyword line with one unreadable keyword: parse each comma-separated part alone."""
    body_start = unit.body
    body = text[body_start:unit.end]
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
    good = 0
    for k, (a, b) in enumerate(parts):
        sa, sb = _strip_span(text, body_start + a, body_start + b)
        toks = tokenize(text[sa:sb], parser.vocab, names, offset=sa)
        if not toks:
            continue
        try:
            abilities = parser.parse(toks, start="keyword_only")
            results.append((sa, sb, abilities[0], "", unit.ability_word))
            good += 1
        except UnexpectedInput as exc:
            if k == 0:
                return None  # not a keyword line
            sub = Unit(sa, sb, sa, unit.ability_word, unit.face)
            results.append((sa, sb, None, _message(parser, exc, sub), unit.ability_word))
        except Exception as exc:
            results.append((sa, sb, None, f"internal error: {type(exc).__name__}: {exc}", unit.ability_word))
    first_ok = results and results[0][2] is not None
    return results if first_ok and good >= 1 else None


def _message(parser, exc: UnexpectedInput, unit: Unit) -> str:
    """Lark's UnexpectedInput as one line: what came, at which column, what was expected."""
    expected: list[str] = []
    got = "end of text"
    col = unit.end - unit.start + 1
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type != "$END":
            got = repr(str(tok)) if str(tok) else tok.type
            col = tok.start_pos - unit.start + 1
        names = sorted({parser.display.get(t, t) for t in exc.expected if t != "$END"})
        expected = names
    shown = ", ".join(expected[:10]) + (f", ... ({len(expected)} in all)" if len(expected) > 10 else "")
    return f"unexpected {got} at column {col}; expected {shown or 'end of text'}"
