"""Building the Oracle-text parser once per process: the Lark LALR parser, the word table of
the lexer, and the transformer (one per grammar module, merged with ``merge_transformers``).

The transformer runs inline: the LALR driver (parser/lalr_driver.py) calls its method at every
reduction, so no parse tree is built. Grammar alternatives without a dedicated method fall
back to a generic builder per module (``effects__v_destroy`` → the effect term
``destroy(...)``; ``triggers__ev_gain_life`` → ``gain_life(...)``), the term's name written in
the table of :mod:`.terms`, never taken from the alias; :func:`unhandled_aliases`
lists any alias that would still produce a raw tree (a test keeps it empty).
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable

from lark import Transformer
from lark.visitors import merge_transformers

from .costs import CostsTransformer
from .effects import EffectsTransformer, generic_condition, generic_vp
from .filters import FiltersTransformer
from .keywords import KeywordsTransformer
from .lalr import GRAMMAR_DIR, START, load_tables
from .lexer import Vocabulary
from .mana import ManaTransformer
from .oracle import OracleTransformer
from .replacement import ReplacementTransformer
from .terms import term_of
from .triggers import TriggersTransformer, generic_event

__all__ = ["GRAMMAR_DIR", "START", "OracleParser", "get_parser", "grammar_aliases", "unhandled_aliases"]

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
    "effects__verbs": EffectsTransformer,
}
#: grammar file → the namespace Lark gives its names when it is not the file's own: verbs.lark
#: is imported by effects.lark (its names are effects__verbs__*), built like effects.lark's
_NAMESPACES = {"verbs": "effects__verbs"}
_GENERICS["verbs"] = _GENERICS["effects"]


def namespace(module: str) -> str:
    """The prefix of the names of grammar file ``module`` in the tables."""
    return _NAMESPACES.get(module, module)


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
            full = f"{namespace(ns)}__{name}"
            if hasattr(merged, full):
                continue
            for prefix, builder in _GENERICS.get(ns, {}).items():
                term = term_of(ns, name)  # parser/terms.py: no row, no method (a test names it)
                if name.startswith(prefix) and term is not None:
                    setattr(merged, full, _make_generic(builder, term))
                    break
    return merged


def unhandled_aliases(parser: "OracleParser | None" = None) -> list[str]:
    """Tree-node names (rule aliases, or rule names with an unaliased alternative) that have no
    transformer method: they would come out of the parser as raw trees."""
    p = parser or get_parser()
    out = set()
    for rule in p.tables.rules:
        if rule["expand1"] and rule["size"] == 1:
            continue
        name = rule["name"]
        if name.startswith("_") or name.startswith("__"):
            continue
        if not hasattr(p.transformer, name):
            out.add(name)
    return sorted(out)


class OracleParser:
    """The LALR tables (parser/lalr.py) bound to the transformer, plus the lexer's word table."""

    def __init__(self) -> None:
        self.transformer = build_transformer()
        self.tables = load_tables()
        self.tables.bind(self.transformer)
        head = self.tables.header
        literals: dict[str, str] = head["literals"]
        from .lexer import NUMBER_WORDS

        clash = sorted(set(literals) & set(NUMBER_WORDS))
        if clash:  # number words are always NUM tokens; the grammar must not spell them
            raise ValueError(f"number words used as grammar literals: {clash}")
        self.vocab = Vocabulary(literals, frozenset(head["desc_words"]), frozenset(head["verbs"]))
        #: terminals that can begin a keyword ability (a keyword line starts with one)
        self.keyword_first = frozenset(head["keyword_first"])
        #: terminal name → how to show it in an error message
        self.display: dict[str, str] = head["display"]

    def parse(self, tokens: list, start: str = "line") -> Any:
        """Parse a list of :class:`~.lexer.PreToken`; a word with several candidate terminals
        gets the first one the parser can shift (docs/parser.md)."""
        return self.tables.parse(tokens, start)


@functools.cache
def get_parser() -> OracleParser:
    """The process-wide parser (built on first use)."""
    return OracleParser()
