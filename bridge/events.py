"""Replacement effects on creating tokens and putting counters: every distinct result, counted.

"What if alice created one token that's a copy of Myr Propagator, with Doubling Season and
Parallel Lives out?" The rules (``rules_asp/cr6_spells_abilities_effects/cr614_tokens_counters.lp``)
find the replacement effects that apply and what each does to the number (CR 614.1a, 111, 122.6),
and CR 616's graph (``cr616_replacement_interaction.lp``) gives every distinct result of every
legal order. This module states the event as facts, and counts the orders along the graph the
rules built (:class:`mtgasp.cr616_graph.ReplacementGraph`); it decides nothing.

>>> from mtgasp import Engine, loads_state
>>> state = loads_state("players: [alice, bob]\\nbattlefield:\\n  - {id: ds, card: Doubling Season, controller: alice}\\n")
>>> r = replacements(Engine(), state, TokenEvent("alice", 1, card="Grizzly Bears"))
>>> [(d.amount, d.orders) for d in r.distinct]
[(2, 1)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Protocol

import clingo

from .cr616_graph import TRANSITION_SIGNATURES, count_on_transitions
from .errors import IllegalActionError, RulesError
from .state import GameState
from .terms import instance, player_id

__all__ = ["CounterEvent", "EventResult", "EventOutcome", "TokenEvent", "parse_event", "replacements"]

F, S, N = clingo.Function, clingo.String, clingo.Number
_EV = F("ev", [])
_RESULT = re.compile(r"result\(ev,(\w+\([^()]*\)),(\w+\([^()]*\))\)$")
#: Players and counts the rules can hold (clingo numbers are 32-bit; an amount is multiplied).
_MAX_AMOUNT = 1_000_000


@dataclass(frozen=True)
class TokenEvent:
    """``count`` tokens would be created under ``player``'s control. Their characteristics: a copy
    of ``card``'s printed values (CR 707.2), or a predefined token (``predefined``, CR 111.10)."""

    player: str
    count: int
    card: str | None = None
    predefined: str | None = None

    def describe(self) -> str:
        what = f"a copy of {self.card}" if self.card else (f"{self.predefined}" if self.predefined else "token")
        return f"{self.player} would create {self.count} token(s) ({what})"


@dataclass(frozen=True)
class CounterEvent:
    """``count`` counters of ``kind`` would be put on permanent ``obj``."""

    obj: str
    kind: str
    count: int

    def describe(self) -> str:
        return f"{self.count} {self.kind} counter(s) would be put on {self.obj}"


@dataclass(frozen=True, order=True)
class EventOutcome:
    """One distinct result: the number of tokens or counters, and how many legal orders of the
    replacement effects give it (CR 616.1)."""

    amount: int
    orders: int
    kinds: tuple[tuple[str, int], ...] = ()
    """When the effects can add tokens of other kinds ("those tokens plus an additional Food
    token"): how many tokens of each kind (``amount`` is then their total)."""

    def describe(self) -> str:
        return f"{self.amount}" + (f" ({', '.join(f'{n} {k}' for k, n in self.kinds)})" if self.kinds else "")


@dataclass(frozen=True)
class EventResult:
    event: TokenEvent | CounterEvent
    chooser: str | None
    """Who orders the effects (CR 616.1: the affected player or the affected object's controller)."""
    effects: tuple[tuple[str, str], ...]
    """The replacement effects that apply: (object id, card)."""
    distinct: tuple[EventOutcome, ...]
    unread: tuple[tuple[str, str], ...] = field(default=())
    """Effects that might apply but whose subject the rules cannot read: the answer may be
    incomplete for them (not modelled)."""

    @property
    def total_orders(self) -> int:
        return sum(d.orders for d in self.distinct)

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event.describe(),
            "chooser": self.chooser,
            "effects": [{"object": o, "card": c} for o, c in self.effects],
            "distinct": [
                {"amount": d.amount, "orders": d.orders, **({"kinds": dict(d.kinds)} if d.kinds else {})}
                for d in self.distinct
            ],
            "orders": self.total_orders,
            "not_modelled": [{"object": o, "card": c} for o, c in self.unread],
        }

    def lines(self) -> list[str]:
        out = [f"{self.event.describe()}:"]
        if self.effects:
            out.append(f"  replacement effects that apply (CR 614.1a), ordered by {self.chooser} (CR 616.1):")
            out += [f"    {o} ({c})" for o, c in self.effects]
        else:
            out.append("  no replacement effect applies")
        out.append(f"  {len(self.distinct)} distinct result(s), {self.total_orders} order(s):")
        out += [f"    {d.describe()}   [{d.orders} order(s)]" for d in self.distinct]
        for o, c in self.unread:
            out.append(f"  not modelled: {o} ({c}) might apply, but its subject is not read by the rules")
        return out


class _Solver(Protocol):
    db: Any

    def _solve(self, state: GameState, query: str, extra: Any, **kw: Any) -> Any: ...


def parse_event(text: str) -> TokenEvent | CounterEvent:
    """``tokens:PLAYER:N[:CARD]``, ``treasure``-style ``tokens:PLAYER:N:predefined=Treasure``, or
    ``counters:OBJ:KIND:N`` (the command line's form of an event)."""
    parts = text.split(":")
    try:
        if parts[0] == "tokens" and len(parts) in (3, 4):
            count = int(parts[2])
            extra = parts[3] if len(parts) == 4 else None
            if extra and extra.startswith("predefined="):
                return TokenEvent(parts[1], count, predefined=extra.split("=", 1)[1])
            return TokenEvent(parts[1], count, card=extra)
        if parts[0] == "counters" and len(parts) == 4:
            return CounterEvent(parts[1], parts[2], int(parts[3]))
    except ValueError:
        pass
    raise IllegalActionError(
        f"event {text[:60]!r} is not one of 'tokens:PLAYER:N[:CARD]', 'tokens:PLAYER:N:predefined=NAME' "
        "or 'counters:OBJECT:KIND:N' (N a whole number)"
    )


def _event_facts(engine: _Solver, state: GameState, event: TokenEvent | CounterEvent) -> list[clingo.Symbol]:
    """The event as facts (and the card facts of the card its tokens copy)."""
    if not 0 <= event.count <= _MAX_AMOUNT:
        raise IllegalActionError(f"the number of the event must be between 0 and {_MAX_AMOUNT}, not {event.count}")
    if isinstance(event, CounterEvent):
        state.permanent(event.obj)
        return [F("counter_event", [_EV, F("obj", [S(event.obj)]), S(event.kind), N(event.count)])]
    state.player(event.player)
    facts = [F("token_event", [_EV, F("player", [S(event.player)]), N(event.count)])]
    if event.card:
        db = state.database(engine.db)
        name = db.get(event.card).name
        facts.append(F("token_def", [_EV, F("card", [S(name)])]))
        facts += db.facts(name)
    elif event.predefined:
        facts.append(F("token_def", [_EV, F("predefined", [S(event.predefined)])]))
    return facts


def _kind_name(key: clingo.Symbol, definition: clingo.Symbol, event: TokenEvent | CounterEvent) -> str:
    """A kind of token for the answer: "Food" (a predefined token, CR 111.10), the event's own
    ("Grizzly Bears" for a copy of it), or the additional token an effect of a card describes."""
    if key.type == clingo.SymbolType.Function and key.name == "predefined":
        return key.arguments[0].string
    if definition.type == clingo.SymbolType.Function and definition.name == "tok":
        ab = definition.arguments[0]  # tok(ab(card(Name), N), I)
        return f"token of {ab.arguments[0].arguments[0].string}"
    if isinstance(event, TokenEvent) and (event.card or event.predefined):
        return str(event.card or event.predefined)
    return "token"


def _outcome(final: str, orders: int, kinds: dict[int, str]) -> EventOutcome:
    """``n(5)`` -> 5 tokens or counters; ``k(2,2,1,0)`` -> 5 tokens: 2 of kind 0, 2 of kind 1, ..."""
    counts = [int(x) for x in final[2:-1].split(",")]
    if final.startswith("n("):
        return EventOutcome(counts[0], orders)
    return EventOutcome(sum(counts), orders, tuple((kinds[i], n) for i, n in enumerate(counts) if n))


def replacements(engine: _Solver, state: GameState, event: TokenEvent | CounterEvent) -> EventResult:
    """Every distinct number of tokens or counters the event can give after the replacement
    effects that apply, each with the number of legal orders that give it (CR 614, 616)."""
    extra = _event_facts(engine, state, event)
    signatures = (*TRANSITION_SIGNATURES, ("result", 3), ("cand", 2), ("chooser", 2), ("event_unread", 2), ("token_kind", 4))
    sol = engine._solve(state, "replacements", extra, project=False, fact_signatures=signatures)
    cards = {p.id: p.card for p in state.battlefield}
    effects = tuple(sorted(instance(f.arguments[1], cards) for f in sol.named("cand") if f.arguments[0] == _EV))
    unread = tuple(sorted(instance(f.arguments[1], cards) for f in sol.named("event_unread") if f.arguments[0] == _EV))
    chooser = next((player_id(f.arguments[1]) for f in sol.named("chooser") if f.arguments[0] == _EV), None)
    # result(ev, S0, S) as clingo prints it (one call into clingo per result; there can be thousands)
    kinds = {f.arguments[1].number: _kind_name(f.arguments[2], f.arguments[3], event) for f in sol.named("token_kind")
             if f.arguments[0] == _EV}
    results = [(m.group(1), m.group(2)) for m in map(_RESULT.match, map(str, sol.named("result"))) if m]
    counted: dict[str, dict[str, int]] = {}
    distinct: list[EventOutcome] = []
    for s0, final in results:
        if not effects:  # with no effect to order there is one way: the event as it is
            orders = 1
        else:
            if s0 not in counted:
                counted[s0] = count_on_transitions(sol, _EV, s0)
            orders = counted[s0].get(final, 0)
        distinct.append(_outcome(final, orders, kinds))
    for s0, by_final in counted.items():
        found = {final for start, final in results if start == s0}
        if set(by_final) != found:
            raise RulesError(f"the orders counted on CR 616's graph give {sorted(by_final)}, the rules {sorted(found)}")
    if not distinct and event.count == 0:
        distinct.append(EventOutcome(0, 1))
    return EventResult(event, chooser, effects, tuple(sorted(distinct)), unread)
