"""The small AST between the grammar and the facts.

The transformers (one per grammar module) build these objects; :mod:`.facts` prints them as
clingo symbols. Terms are plain Python values so the transformers stay short:

* ``int`` → number, ``str`` → constant (``"tap"`` → ``tap``), :class:`Str` → string,
* :class:`Fn` → function term (``Fn("mana", Fn("generic", 2), 1)`` → ``mana(generic(2),1)``),
* :class:`Filter` → ``f(A, K)`` (numbered in text order when printed, with its filter/3 facts),
* :data:`ABIL` → the ability's id ``ab(C, N)``; :data:`EIDX` → the index of the effect part
  being printed; :class:`Quoted` → the id ``ab(C, N, Q)`` of a quoted (granted) ability.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any, Union


class Str(str):
    """A term printed as an ASP string ("Forest")."""

    __slots__ = ()


class _FnSlots:
    __slots__ = ("name", "args")


_SET_NAME = _FnSlots.name.__set__  # type: ignore[attr-defined]
_SET_ARGS = _FnSlots.args.__set__  # type: ignore[attr-defined]


class Fn(_FnSlots):
    """A function term name(args...): immutable; equal (and hashed alike) when the name and the
    arguments are. Written out rather than a frozen dataclass, whose ``__init__`` (two
    ``object.__setattr__`` calls) costs half again as much: a parse makes ~190,000 of these."""

    __slots__ = ()
    __match_args__ = ("name", "args")
    name: str
    args: tuple[Any, ...]

    def __init__(self, name: str, *args: Any) -> None:
        _SET_NAME(self, name)
        _SET_ARGS(self, args)

    def __setattr__(self, key: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {key!r}")

    def __delattr__(self, key: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {key!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.name == other.name and self.args == other.args  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.name, self.args))

    def __repr__(self) -> str:
        return f"Fn(name={self.name!r}, args={self.args!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Fn, (self.name, *self.args))


class _Placeholder:
    __slots__ = ("label",)

    def __init__(self, label: str) -> None:
        self.label = label

    def __repr__(self) -> str:
        return self.label


#: The id of the ability being printed.
ABIL = _Placeholder("ABIL")
#: The index of the effect part being printed (for tok(A, I), mode facts...).
EIDX = _Placeholder("EIDX")


class Filter:
    """An object/player description: an object matches if it meets every constraint of some
    branch (docs/facts.md, ``filter(F, B, Constraint)``). Mutable (the transformers add to a
    filter as they read its post-modifiers); equal only to itself. A plain class with one slot:
    a parse makes tens of thousands of these."""

    __slots__ = ("branches", "__weakref__")

    def __init__(self, branches: list[list[Any]] | None = None) -> None:
        self.branches = [[]] if branches is None else branches

    def __repr__(self) -> str:
        return f"Filter(branches={self.branches!r})"

    def add(self, constraint: Any) -> "Filter":
        for b in self.branches:
            if constraint not in b:
                b.append(constraint)
        return self

    def extend(self, constraints: list[Any]) -> "Filter":
        for c in constraints:
            self.add(c)
        return self

    def copy(self) -> "Filter":
        return Filter([list(b) for b in self.branches])

    def is_empty(self) -> bool:
        return all(not b for b in self.branches)


#: A fact template: predicate name and argument terms (may contain placeholders).
FactT = tuple[str, tuple[Any, ...]]


@dataclass(eq=False)
class Quoted:
    """An ability written inside quotes ("Lands you control have '{T}: Add {C}.'")."""

    ability: "Ability"
    text: str = ""
    #: (start, end) offsets of the quoted text in the card's Oracle text
    span: tuple[int, int] = (0, 0)


@dataclass(eq=False, slots=True)
class Effect:
    """One part of an ability's effect, printed as effect(A, I, kind) plus its extra facts."""

    kind: Any
    facts: list[FactT] = field(default_factory=list)
    optional: bool = False
    #: alternatives the player chooses among as it resolves ("become 4/1 or 1/4")
    options: list[Any] = field(default_factory=list)
    #: continuous-effect view (for static abilities): (subject filter or ref, effect term)
    continuous: tuple[Any, Any] | None = None
    #: for add_mana: the alternatives, each a list of parts (Amount, What, options)
    mana: list[list[tuple[Any, Any, tuple[str, ...]]]] | None = None
    #: for add_mana: who gets the mana, when not "you"
    mana_to: Any = None


@dataclass(eq=False)
class Ability:
    """One ability as built by the transformers (before the class is fixed by the card type)."""

    #: activated | triggered | static | spell_effect | keyword | plain (static or spell)
    cls: str
    facts: list[FactT] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    #: for keyword lines: the keyword abilities and their token spans
    keywords: list[tuple["Ability", int, int]] = field(default_factory=list)
    #: a level or station symbol (CR 711, 702.184b): the range of levels/charge counters the
    #: abilities printed after it need, as a term ``level_range(Min, Max)``
    header: Any = None


Term = Union[int, str, Str, Fn, Filter, Quoted, _Placeholder]


def fn(name: str, *args: Any) -> Fn:
    return Fn(name, *args)


#: declared terminals that only mark structure (separators, quotes): never an argument
_STRUCTURAL = frozenset({
    "POSS", "COMMA_WHERE", "COMMA_EXCEPT", "NP_AND", "NP_OR", "CLAUSE_AND", "AND_NUM", "QUOTE",
    "SYM_OR", "SYM_COMMA", "DESC_OR", "DESC_AND", "DESC_COMMA", "ON_ZONE", "COST_START", "ZONE_SEP", "THATS_TAPPED", "THIS_ABILITY", "BLOCKING_NP", "OTHER_THAN", "REST_AND", "PUT_PP", "ATTACKING_YOU", "CAST_PP", "AT_LEAST",
    "WITH_COUNTER_ON",
})


def literal_words(tokens: list) -> str:
    """The literals a ``!rule`` of one-word alternatives matched, as the grammar spells them
    (a literal's terminal is named after it: ``SCRY`` → "scry", whatever the inflection in the
    text), joined by spaces: the key of the word tables of :mod:`.terms`."""
    return " ".join(str(t.type).lower() for t in tokens)


def clean_children(children: list) -> list:
    """The arguments a generic builder passes on: structural tokens dropped, the remaining
    tokens turned into terms (SELF → self, a number → int, a subtype → subtype("Elf"), ...).
    A token's term depends only on its terminal and its text and is immutable, so it is made
    once per distinct (terminal, text) and looked up after that."""
    if _Word is None:
        _bind_late()
    out: list = []
    for ch in children:
        cls = ch.__class__
        if cls is not _Token:
            # a description word on its own ("three white mana") is its constraint
            out.append(ch.constraint if cls is _Word else ch)
            continue
        kind = ch.type
        if kind in _STRUCTURAL:
            continue
        terms = _TOKEN_TERMS.get(kind)
        if terms is None:
            terms = _TOKEN_TERMS[kind] = {}
        value = ch.value
        term = terms.get(value)
        if term is None:
            if len(terms) >= _TOKEN_TERMS_MAX:
                terms.clear()
            term = terms[value] = _token_term(kind, value)
        out.append(term)
    return out


#: terminal → token text → its term (immutable values, shared by every parse); each emptied
#: past _TOKEN_TERMS_MAX entries (a long-lived process reading hostile text)
_TOKEN_TERMS: dict[str, dict[str, Any]] = {}
_TOKEN_TERMS_MAX = 50_000
_Word: Any = None
_Token: Any = None


def _bind_late() -> None:
    """The classes :func:`clean_children` tests by identity (imported on first use: the filter
    words' module imports this one)."""
    global _Word, _Token
    from lark import Token

    from .filter_words import Word

    _Token, _Word = Token, Word


def _token_term(kind: str, text: str) -> Any:
    """The term of one kept token (not a structural one)."""
    if kind == "SELF":
        return "self"
    if kind == "NUM":
        from .filters import number_value

        return number_value(text)
    if kind == "SUBTYPE":
        from .filters import subtype_name

        return Fn("subtype", Str(subtype_name(text)))
    if kind == "MANA_SYM":
        from .mana import mana_symbol

        return Fn("mana", mana_symbol(text), 1)
    if kind == "ENERGY_SYM":
        return "energy"
    if kind in ("PT", "PT_MOD"):
        p, t = text.split("/")
        return Fn("pt", _pt_part(p), _pt_part(t))
    return Str(text.lower())


def _pt_part(s: str) -> Any:
    s = s.replace("−", "-")
    try:
        return int(s)
    except ValueError:
        return Str(s)
