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

:func:`read_table` gives the table (computed once per process; the static pass that builds it,
:func:`analyse`, and :class:`ReadTable` are in ``mtgasp.read_analysis``); :meth:`ReadTable.unread` says
why one fact is not read; :func:`unread_facts` lists the unread facts of a state with the
objects they are about; :func:`card_executable` says whether every fact of a card is read.
The analysis is syntactic: a kind is "read" when some rule names it, even if that rule applies
it only in some cases (``damage`` to one target); what a rule cannot work out at run time it
reports itself (``not_modelled/2`` of the rule files).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import clingo

from . import read_analysis
from .read_analysis import ReadTable, analyse

__all__ = [
    "ReadTable",
    "UnreadFact",
    "analyse",
    "card_executable",
    "read_table",
    "unread_card_facts",
    "unread_facts",
]

DECLARATIONS = "reads.lp"


def _quote(text: str) -> str:
    return str(clingo.String(text))


def rule_files(base: Path | None = None) -> list[tuple[str, str]]:
    """(path relative to the rule directory, text) of every rule file but the declarations."""
    if base is None:
        from .engine import rules_dir

        base = rules_dir()
    return [
        (str(p.relative_to(base)), p.read_text(encoding="utf-8"))
        for p in sorted(base.rglob("*.lp"))
        if p.name != DECLARATIONS
    ]


@functools.lru_cache(maxsize=1)
def read_table() -> ReadTable:
    """The read table of the installed rule files: computed once (the pass takes ~0.3 s), then
    kept in a cache file keyed by the text of the rule files, this module and read_analysis.py (see
    :func:`cache_dir`), so a command line that answers one question does not pay it again."""
    from .engine import rules_dir

    base = rules_dir()
    files = rule_files(base)
    decls = (base / DECLARATIONS).read_text(encoding="utf-8")
    h = hashlib.sha256(Path(__file__).read_bytes())
    h.update(Path(read_analysis.__file__).read_bytes())  # the pass itself
    for name, text in [*files, (DECLARATIONS, decls)]:
        h.update(name.encode() + b"\0" + text.encode() + b"\0")
    path = None if (d := cache_dir()) is None else d / f"reads-{h.hexdigest()[:32]}.json"
    if path is not None:
        try:
            return _from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            pass
    table = analyse(files, decls)
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(_to_json(table)), encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            pass  # a read-only home: computed again next time
    return table


def cache_dir() -> Path | None:
    """Where :func:`read_table` keeps its cache: ``$MTGASP_CACHE_DIR`` (empty: no cache), else
    ``$XDG_CACHE_HOME/mtgasp``, else ``~/.cache/mtgasp``."""
    env = os.environ.get("MTGASP_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    xdg = os.environ.get("XDG_CACHE_HOME")
    return Path(xdg) / "mtgasp" if xdg else Path.home() / ".cache" / "mtgasp"


def _to_json(t: ReadTable) -> dict[str, Any]:
    return {
        "predicates": sorted(t.predicates), "derived": sorted(t.derived),
        "kinds": [[list(pos), sorted(ks)] for pos, ks in sorted(t.kinds.items())],
        "descriptive": sorted(t.descriptive), "defined": sorted(t.defined),
        "unread_inputs": sorted(t.unread_inputs),
        "where": [[list(pos), k, f] for (pos, k), f in sorted(t.where.items())],
    }


def _from_json(d: dict[str, Any]) -> ReadTable:
    sigs = lambda key: frozenset((p, n) for p, n in d[key])  # noqa: E731
    return ReadTable(
        predicates=sigs("predicates"), derived=sigs("derived"),
        kinds={(p, n, i): frozenset(ks) for (p, n, i), ks in d["kinds"]},
        descriptive=sigs("descriptive"), defined=sigs("defined"), unread_inputs=sigs("unread_inputs"),
        where={((p, n, i), k): f for (p, n, i), k, f in d["where"]},
    )


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
