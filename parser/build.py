"""Building the Oracle-text parser once per process: the Lark LALR parser, the word table of
the lexer, and the transformer (one per grammar module, merged with ``merge_transformers``).

The transformer runs inline (``Lark(..., transformer=...)``): the parser calls it at every
reduction, so no parse tree is built. Grammar alternatives without a dedicated method fall
back to a generic builder per module (``effects__v_destroy`` → the effect term
``destroy(...)``; ``triggers__ev_gain_life`` → ``gain_life(...)``); :func:`unhandled_aliases`
lists any alias that would still produce a raw tree (a test keeps it empty).
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from pathlib import Path
from typing import Any, Callable

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedToken
from lark.parsers.lalr_analysis import Shift
from lark.lexer import PatternStr
from lark.visitors import merge_transformers

from .costs import CostsTransformer
from .effects import EffectsTransformer, generic_condition, generic_vp
from .filters import FiltersTransformer
from .keywords import KeywordsTransformer
from .lexer import TokenListLexer, Vocabulary, _viable
from .mana import ManaTransformer
from .oracle import OracleTransformer
from .replacement import ReplacementTransformer
from .triggers import TriggersTransformer, generic_event

GRAMMAR_DIR = Path(str(resources.files(__package__) / "grammar"))
START = ["line", "keyword_only", "keyword_action_line"]

#: module namespace → alias prefix → generic builder
_GENERICS: dict[str, dict[str, Callable[[str, list], Any]]] = {
    "effects": {"v_": generic_vp, "cond_": generic_condition, "ar_": generic_condition,
                "cr_": generic_condition, "ex_": generic_condition, "ct_": generic_condition,
                "vpp_": generic_condition, "rd_": generic_condition},
    "triggers": {"ev_": generic_event},
    "filters": {"p_": lambda name, c: [generic_condition(name, c)],
                "with_": lambda name, c: [generic_condition(name, c)],
                "amount_": generic_condition, "q_": generic_condition,
                "zone_": generic_condition},
    "costs": {"c_": lambda name, c: [generic_condition(name, c)]},
}

_MODULES = {
    "keywords": KeywordsTransformer, "costs": CostsTransformer, "mana": ManaTransformer,
    "filters": FiltersTransformer, "triggers": TriggersTransformer,
    "replacement": ReplacementTransformer, "effects": EffectsTransformer,
}


def grammar_aliases() -> dict[str, set[str]]:
    """module name → the rule names and aliases it defines (from the .lark files)."""
    out: dict[str, set[str]] = {}
    for path in sorted(GRAMMAR_DIR.glob("*.lark")):
        text = re.sub(r'"(?:[^"\\]|\\.)*"i?', "", path.read_text(encoding="utf-8"))
        text = re.sub(r"//[^\n]*", "", text)
        names = set(re.findall(r"->\s*(\w+)", text))
        names |= set(re.findall(r"^[!?]?([a-z_]\w*)\s*:", text, re.M))
        out[path.stem] = names
    return out


def _make_generic(builder: Callable[[str, list], Any], name: str) -> Callable[[list], Any]:
    def method(children: list) -> Any:
        return builder(name, children)

    method.__name__ = name
    return method


def build_transformer() -> Transformer:
    base = OracleTransformer()
    subs = {ns: cls() for ns, cls in _MODULES.items()}
    merged = merge_transformers(base, **subs)
    for ns, names in grammar_aliases().items():
        if ns == "oracle":
            continue
        for name in names:
            full = f"{ns}__{name}"
            if hasattr(merged, full):
                continue
            for prefix, builder in _GENERICS.get(ns, {}).items():
                if name.startswith(prefix):
                    setattr(merged, full, _make_generic(builder, name[len(prefix):]))
                    break
    return merged


def unhandled_aliases(parser: "OracleParser | None" = None) -> list[str]:
    """Tree-node names (rule aliases, or rule names with an unaliased alternative) that have no
    transformer method: they would come out of the parser as raw trees."""
    p = parser or get_parser()
    out = set()
    for rule in p.lark.rules:
        if rule.options.expand1 and len(rule.expansion) == 1:
            continue
        name = rule.alias or rule.origin.name
        if name.startswith("_") or name.startswith("__"):
            continue
        if not hasattr(p.transformer, name):
            out.add(name)
    return sorted(out)


class OracleParser:
    """The Lark parser plus the lexer's word table."""

    def __init__(self) -> None:
        self.transformer = build_transformer()
        self.lark = Lark.open(
            str(GRAMMAR_DIR / "oracle.lark"),
            parser="lalr",
            lexer=TokenListLexer,
            start=START,
            transformer=self.transformer,
            maybe_placeholders=False,
            cache=_cache_path(),
        )
        inner = self.lark.parser.parser.parser
        self._table = inner.parse_table
        self._callbacks = inner.callbacks
        literals: dict[str, str] = {}
        for term in self.lark.terminals:
            if isinstance(term.pattern, PatternStr):
                literals.setdefault(term.pattern.value.lower(), term.name)
        from .lexer import NUMBER_WORDS

        clash = sorted(set(literals) & set(NUMBER_WORDS))
        if clash:  # number words are always NUM tokens; the grammar must not spell them
            raise ValueError(f"number words used as grammar literals: {clash}")
        desc_words: set[str] = set()
        for rule in self.lark.rules:
            if rule.origin.name in _DESC_RULES:
                for sym in rule.expansion:
                    for term in self.lark.terminals:
                        if term.name == sym.name and isinstance(term.pattern, PatternStr):
                            desc_words.add(term.pattern.value.lower())
        desc_words.add("non")
        verbs: set[str] = set()
        for rule in self.lark.rules:
            if rule.origin.name == "effects__vp" and rule.expansion and rule.expansion[0].is_term:
                verbs.add(rule.expansion[0].name)
        self.vocab = Vocabulary(literals, frozenset(desc_words), frozenset(verbs))
        #: terminals that can begin a keyword ability (a keyword line starts with one)
        self.keyword_first = frozenset(
            r.expansion[0].name for r in self.lark.rules
            if r.origin.name in ("keywords__kwn_plain", "keywords__kwn_numbered", "keywords__kwn_costed", "keyword")
            and r.expansion and r.expansion[0].is_term
        )
        #: terminal name → how to show it in an error message
        self.display = {
            t.name: (f'"{t.pattern.value}"' if isinstance(t.pattern, PatternStr) else t.name)
            for t in self.lark.terminals
        }

    def parse(self, tokens: list, start: str = "line") -> Any:
        """Parse a list of :class:`~.lexer.PreToken` with Lark's LALR table and callbacks.

        The same loop as Lark's ``ParserState.feed_token`` (shift, or reduce with the rule's
        callback and goto), driven here without Lark's lexer-thread generator; a word with
        several candidate terminals gets the first one the parser can shift (``_viable``)."""
        table = self._table
        states = table.states
        callbacks = self._callbacks
        stack = [table.start_states[start]]
        end_state = table.end_states[start]
        values: list = []
        for pt in tokens:
            ttype = pt.types[0]
            if len(pt.types) > 1:
                row = states[stack[-1]]
                accepted = [c for c in pt.types if c in row]
                if accepted:
                    ttype = accepted[0]
                    if len(accepted) > 1:
                        for cand in accepted:
                            if _viable(states, stack, cand):
                                ttype = cand
                                break
            tok = Token(ttype, pt.value, pt.start, 1, pt.start + 1, 1, pt.end + 1, pt.end)
            _feed(states, callbacks, stack, values, tok, end_state)
        end = Token("$END", "", tokens[-1].end if tokens else 0, 1, 1, 1, 1, tokens[-1].end if tokens else 0)
        return _feed(states, callbacks, stack, values, end, end_state)


def _feed(states: dict, callbacks: dict, stack: list, values: list, token: Token, end_state: Any) -> Any:
    """Lark's LALR step (lark/parsers/lalr_parser_state.py, ``feed_token``)."""
    is_end = token.type == "$END"
    while True:
        try:
            action, arg = states[stack[-1]][token.type]
        except KeyError:
            expected = {s for s in states[stack[-1]].keys() if s.isupper()}
            raise UnexpectedToken(token, expected) from None
        if action is Shift:
            stack.append(arg)
            values.append(token)
            return None
        size = len(arg.expansion)
        if size:
            s = values[-size:]
            del stack[-size:]
            del values[-size:]
        else:
            s = []
        value = callbacks[arg](s)
        stack.append(states[stack[-1]][arg.origin.name][1])
        values.append(value)
        if is_end and stack[-1] == end_state:
            return values[-1]


_DESC_RULES = {
    "filters__type_word", "filters__color_word", "filters__super_word", "filters__status_word",
    "color_word",
}


def _cache_path() -> str | bool:
    """Lark's grammar-analysis cache (keyed by the grammar text and options)."""
    import tempfile

    return str(Path(tempfile.gettempdir()) / f"mtgasp_oracle_lalr_{_grammar_digest()}.lark_cache")


def _grammar_digest() -> str:
    import hashlib

    h = hashlib.sha256()
    for path in sorted(GRAMMAR_DIR.glob("*.lark")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    import lark

    h.update(lark.__version__.encode())
    return h.hexdigest()[:16]


@functools.cache
def get_parser() -> OracleParser:
    """The process-wide parser (built on first use)."""
    return OracleParser()
