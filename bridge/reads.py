"""Which facts the rules read, and the facts of a question that no rule reads ("not modelled").

No silent answers: a fact about a card or the state that no rule reads would be ignored by every
answer without a word. This module derives what the rules read from the rule files themselves,
by a static pass over their syntax (``clingo.ast``), guided by the declarations of
``rules_asp/reads.lp``:

* an input predicate is **read** when it occurs in the body of some rule (positively, negated,
  in an aggregate or a condition), except in rules that only report what is not modelled
  (``reports/2``) or copy facts (``bookkeeping/2``);
* for an argument that names what a fact does (``kind_arg/3``: the effect kind of ``effect/3``,
  the event of ``trigger/2`` ...), only the **kinds** a rule reads count: the functor (name and
  arity) or constant written at that argument in a rule body, compared with it
  (``T = damage(_, _, R)``, ``X = (self; other)``), or held by a table of facts joined with it
  (``_src_dep(self; other)`` joined by ``filter(F, _, X), _src_dep(X)``) — also after the value
  flowed into another predicate's argument (``effect_term(T) :- effect(_, _, T)``, then
  ``term_known(T) :- effect_term(T), T = draw(_, _)``).

:func:`read_table` gives the table (computed once per process; it and :class:`ReadTable` are in
``mtgasp.reads_table``, the static pass that builds it, :func:`analyse`, in
``mtgasp.read_analysis``); :meth:`ReadTable.unread` says
why one fact is not read; :func:`unread_facts` lists the unread facts of a state with the
objects they are about; :func:`card_executable` says whether every fact of a card is read.
The analysis is syntactic: a kind is "read" when some rule names it, even if that rule applies
it only in some cases (``damage`` to one target); what a rule cannot work out at run time it
reports itself (``not_modelled/2`` of the rule files).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import clingo

from .read_analysis import analyse
from .reads_table import DECLARATIONS, ReadTable, cache_dir, read_table, rule_files  # noqa: F401

__all__ = [
    "ReadTable",
    "UnreadFact",
    "analyse",
    "card_executable",
    "read_table",
    "unread_card_facts",
    "unread_facts",
]


def _quote(text: str) -> str:
    return str(clingo.String(text))


# --- the facts of a question -------------------------------------------------------------


@dataclass(frozen=True, order=True)
class UnreadFact:
    """A fact about an object (or the state) that no rule reads: ignored by every answer."""

    object: str
    """The object the fact is about (its id), or "" for a fact about the game."""
    card: str
    """The card the fact comes from ("" for a state fact)."""
    fact: str
    """The fact, as ASP text."""
    why: str
    """Which predicate or kind no rule reads."""
    scope: str = "object"
    """``object``: it changes answers about its object; ``any``: it could change any answer
    (a static ability, a replacement effect, a trigger, a resolved effect, a state fact)."""

    def text(self) -> str:
        """One line: the object, the fact (its card's name written ~) and what is not read."""
        who = f"{self.object} ({self.card})" if self.card and self.object else (self.object or "the state")
        fact = self.fact.replace(f"card({_quote(self.card)})", "~") if self.card else self.fact
        return f"{who}: not modelled: {fact} ({self.why})"

    def to_json(self) -> dict[str, str]:
        return {"object": self.object, "card": self.card, "fact": self.fact, "why": self.why, "scope": self.scope}


def _ability_of(sym: clingo.Symbol) -> clingo.Symbol | None:
    """The ability a card fact is about: its first argument ``ab(..)``, or the ability of a
    filter ``f(A, K)`` or a token ``tok(A, K)`` there."""
    if not sym.arguments:
        return None
    a = sym.arguments[0]
    if a.type == clingo.SymbolType.Function and a.name in ("f", "tok") and a.arguments:
        a = a.arguments[0]
    return a if a.type == clingo.SymbolType.Function and a.name == "ab" else None


@functools.lru_cache(maxsize=4096)
def _unread_of_card(facts: tuple[clingo.Symbol, ...], table: ReadTable) -> tuple[tuple[str, str, str], ...]:
    """(fact, why, scope) of each unread fact of one card. Scope ``any``: a fact of a static,
    replacement or triggered ability that is not a keyword (it may act on any object or
    event); ``object``: any other (it changes what its own object does)."""
    found = [(f, why) for f in facts if (why := table.unread(f)) is not None]
    if not found:
        return ()
    wide = {f.arguments[0] for f in facts if f.name in ("static", "replacement", "triggered")}
    wide -= {f.arguments[0] for f in facts if f.name == "keyword"}
    return tuple((str(f), why, "any" if _ability_of(f) in wide else "object") for f, why in found)


def unread_card_facts(facts: Iterable[clingo.Symbol], table: ReadTable | None = None) -> list[tuple[str, str, str]]:
    """The (fact, why, scope) of each card fact in ``facts`` that no rule reads."""
    return list(_unread_of_card(tuple(facts), table or read_table()))


def card_executable(facts: Iterable[clingo.Symbol], table: ReadTable | None = None) -> bool:
    """Every fact of the card is read by some rule: no answer ignores any of its text (the
    parser's part, ``fully_parsed``, is the caller's to check)."""
    table = table or read_table()
    return all(table.unread(f) is None for f in facts)


#: state facts whose first argument is the object they are about
_OBJECT_FACTS = frozenset({
    "permanent", "card_of", "controller", "owner", "tapped", "summoning_sick", "token", "counter",
    "damage", "attached_to", "attacking", "blocking", "chosen", "timestamp", "protector", "zone",
    "object", "library_position", "stack_position", "stack_ability", "spell_x", "spell_target",
    "spell_mode", "damaged_by_deathtouch",
})


def unread_facts(
    state: Any, db: Any, table: ReadTable | None = None, *, state_facts: Iterable[clingo.Symbol] | None = None
) -> tuple[UnreadFact, ...]:
    """Every fact of ``state`` (a :class:`mtgasp.state.GameState`) and of the cards of its
    objects that no rule reads, with the object it is about: the state's first, then each
    object's in zone order. ``state_facts``: ``state.facts(db)`` when the caller has them."""
    table = table or read_table()
    out: list[UnreadFact] = []
    objects = _objects(state)
    for f in state.facts(db) if state_facts is None else state_facts:
        why = table.unread(f)
        if why is None:
            continue
        subject = ""
        if f.name in _OBJECT_FACTS and f.arguments and f.arguments[0].type == clingo.SymbolType.Function:
            a = f.arguments[0]
            if a.name == "obj" and a.arguments and a.arguments[0].type == clingo.SymbolType.String:
                subject = a.arguments[0].string
        out.append(UnreadFact(subject, objects.get(subject, ""), str(f), why, "any"))
    sdb = state.database(db)
    seen: dict[str, tuple[tuple[str, str, str], ...]] = {}
    for oid, card in objects.items():
        if card not in seen:
            try:
                seen[card] = _unread_of_card(tuple(sdb.facts(card)), table)
            except Exception:  # an unknown card is the state loader's error to report
                seen[card] = ()
        for fact, why, scope in seen[card]:
            out.append(UnreadFact(oid, card, fact, why, scope))
    return tuple(out)


def _objects(state: Any) -> dict[str, str]:
    """Object id → card name, for every object of the state that is a card."""
    out: dict[str, str] = {}
    for o in _iter_objects(state):
        card = getattr(o, "card", None)
        if isinstance(card, str) and card:
            out[o.id] = card
    return out


def _iter_objects(state: Any) -> Iterator[Any]:
    for _zone, _player, objs in state.zones():
        yield from objs
