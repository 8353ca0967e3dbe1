"""The answers of the queries, as frozen objects that sort deterministically and print as JSON.

Each ``to_json`` gives the document the command line prints with ``--json``; every answer names
the CR rules that produced it (``rules``, with a one-line summary of each).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from typing import TYPE_CHECKING

from .explain import summary
from .terms import AbilityRef, Mana

if TYPE_CHECKING:
    from .reads import UnreadFact

__all__ = [
    "AbilityReport",
    "Application",
    "CouldProduce",
    "DistinctResult",
    "Order",
    "OrdersResult",
    "Pool",
    "PoolGroup",
    "PoolsResult",
    "TapOutcome",
    "TapResult",
    "Trigger",
    "cr_key",
]


def unread_json(unread: Iterable[UnreadFact], *, about: str | None = None) -> dict[str, Any]:
    """The facts an answer may depend on that no rule reads (mtgasp.reads), for JSON output:
    ``depends_on_unmodelled`` says whether there are any. With ``about`` (an object id), only
    the facts about that object are listed: a document answering for many objects lists the
    facts that may act on any of them once (:func:`shared_unread`), not once per object."""
    unread = unread if isinstance(unread, tuple) else tuple(unread)
    listed = unread if about is None else [u for u in unread if u.object == about and u.scope == "object"]
    return {"depends_on_unmodelled": bool(unread), "unread_facts": [u.to_json() for u in listed]}


def shared_unread(unread: Iterable[UnreadFact]) -> list[UnreadFact]:
    """Of ``unread``, the facts that are not about one object only (scope ``any``, or a fact of
    the state): those every answer of a document could depend on."""
    return [u for u in unread if u.scope != "object" or not u.object]


def unread_lines(unread: Iterable[UnreadFact], indent: str = "") -> list[str]:
    """One warning line per fact no rule reads that an answer could depend on, for text output."""
    return [f"{indent}warning: {t}; this answer ignores it" for t in dict.fromkeys(u.text() for u in unread)]


def rules_json(rules: Iterable[str]) -> list[dict[str, str]]:
    """CR numbers with the gist of each, for JSON output."""
    return [{"rule": r, "summary": summary(r)} for r in rules]


def cr_key(rule: str) -> tuple[Any, ...]:
    """Sort CR numbers numerically: 106.5 < 106.12 < 106.12a."""
    out: list[Any] = []
    for part in rule.replace(".", " ").split():
        digits = "".join(ch for ch in part if ch.isdigit())
        out.append((int(digits) if digits else 0, part))
    return tuple(out)


@dataclass(frozen=True, order=True)
class Trigger:
    """A triggered mana ability that resolved right after the mana ability (CR 605.4a)."""

    object: str
    ability: AbilityRef
    choice: str
    adds: Mana
    recipient: str

    def to_json(self, *, shared_listed: bool = False) -> dict[str, Any]:
        """``shared_listed``: as :meth:`CouldProduce.to_json`."""
        return {
            "object": self.object,
            "ability": str(self.ability),
            "choice": self.choice,
            "adds": self.adds.as_dict(),
            "recipient": self.recipient,
        }


@dataclass(frozen=True, order=True)
class TapOutcome:
    """One legal way a mana ability can resolve: the choices made and the mana that results."""

    object: str
    ability: AbilityRef
    choice: str
    """The choices made as the ability resolved ("chose {R}"), or "" if there were none."""
    produced: Mana
    """The mana the ability would produce, before replacement effects."""
    replaced: Mana
    """The mana after the replacement effects, applied in some legal order (CR 616)."""
    orders: int
    """How many orders of the applicable replacement effects turn ``produced`` into ``replaced``
    (1 when none applies)."""
    triggers: tuple[Trigger, ...]
    adds: tuple[tuple[str, Mana], ...]
    """The mana each player adds in all, by player id."""
    rules: tuple[str, ...]
    """The CR rules that fired for this outcome (traced by the rules, ``rules_asp/trace.lp``)."""
    text: str = ""
    """The ability's text."""
    effects: tuple[str, ...] = ()
    """The continuous and replacement effects that applied to it."""
    paid: Mana = Mana()
    """Mana paid from the pool for the ability's mana cost (CR 601.2h, 602.2b)."""
    pool_after: Mana | None = None
    """The controller's mana pool after paying and adding, when a mana cost was paid."""
    restrictions: tuple[str, ...] = ()
    """How the mana it adds can be spent (CR 106.6: "Spend this mana only ..."): that mana is not
    ordinary mana."""

    def adds_for(self, player: str) -> Mana:
        return dict(self.adds).get(player, Mana())

    def to_json(self, *, shared_listed: bool = False) -> dict[str, Any]:
        """``shared_listed``: as :meth:`CouldProduce.to_json`."""
        return {
            "object": self.object,
            "ability": str(self.ability),
            "text": self.text,
            "choice": self.choice,
            "produced": self.produced.as_dict(),
            "after_replacement": self.replaced.as_dict(),
            "orders": self.orders,
            "triggers": [t.to_json() for t in self.triggers],
            "adds": {p: m.as_dict() for p, m in self.adds},
            "rules": rules_json(self.rules),
            "effects": list(self.effects),
            "paid": self.paid.as_dict(),
            "pool_after": None if self.pool_after is None else self.pool_after.as_dict(),
            "spend_restrictions": list(self.restrictions),
        }


@dataclass(frozen=True)
class TapResult:
    """Every legal outcome of tapping one permanent for mana (CR 106.12)."""

    object: str
    outcomes: tuple[TapOutcome, ...]
    cannot: tuple[tuple[AbilityRef, str], ...]
    """Its {T} mana abilities that can't be activated now, with the CR rule that forbids it."""
    notes: tuple[str, ...] = ()
    """What the rules do not model about this permanent (unsupported text, riders)."""
    not_modelled: tuple[UnreadFact, ...] = ()
    """Facts of the state and its cards that no rule reads and that this answer could depend on
    (those about its objects, and those that may act on any object): the answer ignores them
    (``mtgasp.reads``)."""

    def distinct(self) -> dict[tuple[tuple[str, Mana], ...], tuple[TapOutcome, ...]]:
        """Outcomes grouped by their result (the mana each player adds)."""
        groups: dict[tuple[tuple[str, Mana], ...], list[TapOutcome]] = defaultdict(list)
        for o in self.outcomes:
            groups[o.adds].append(o)
        return {k: tuple(v) for k, v in sorted(groups.items())}

    def to_json(self) -> dict[str, Any]:
        return {
            "object": self.object,
            "outcomes": [o.to_json() for o in self.outcomes],
            "distinct_results": [
                {
                    "adds": {p: m.as_dict() for p, m in adds},
                    "outcomes": len(group),
                    "orders": sum(o.orders for o in group),
                }
                for adds, group in self.distinct().items()
            ],
            "cannot_activate": [
                {"ability": str(a), "rule": r, "summary": summary(r)} for a, r in self.cannot
            ],
            "notes": list(self.notes),
            **unread_json(self.not_modelled),
        }


@dataclass(frozen=True)
class CouldProduce:
    """The types of mana a permanent could produce (CR 106.7)."""

    object: str
    types: tuple[str, ...]
    rules: tuple[str, ...] = ()
    """The CR rules that fired for the answer (traced by the rules)."""
    notes: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    """The continuous and replacement effects that applied."""
    not_modelled: tuple[UnreadFact, ...] = ()
    """Facts of the state and its cards that no rule reads and that this answer could depend on
    (those about its objects, and those that may act on any object): the answer ignores them
    (``mtgasp.reads``)."""

    def to_json(self, *, shared_listed: bool = False) -> dict[str, Any]:
        """``shared_listed``: the document lists the facts shared by all its answers once
        (:func:`shared_unread`); this answer lists only those about its object."""
        return {
            "object": self.object,
            "types": list(self.types),
            "rules": rules_json(self.rules),
            "effects": list(self.effects),
            "notes": list(self.notes),
            **unread_json(self.not_modelled, about=self.object if shared_listed else None),
        }


@dataclass(frozen=True)
class AbilityReport:
    """A mana ability of one of a player's permanents: can it be activated now, what could it add."""

    object: str
    ability: AbilityRef
    text: str
    activatable: bool
    reasons: tuple[str, ...]
    """CR rules that forbid activating it now (empty when it can be activated)."""
    mana_cost: tuple[str, ...]
    """Mana symbols of its cost that must still be paid ("{1}")."""
    could_add: tuple[Mana, ...]
    """Every distinct amount of mana its controller could add by activating it now."""
    rules: tuple[str, ...] = ()
    """The CR rules behind the answer."""
    modelled: bool = True
    """False when the rules cannot work out what it adds yet (``could_add`` is then empty)."""
    effects: tuple[str, ...] = ()
    """The continuous and replacement effects that applied."""
    restrictions: tuple[str, ...] = ()
    """How the mana it adds can be spent (CR 106.6): that mana is not ordinary mana."""
    not_modelled: tuple[UnreadFact, ...] = ()
    """Facts of the state and its cards that no rule reads and that this answer could depend on
    (those about its objects, and those that may act on any object): the answer ignores them
    (``mtgasp.reads``)."""

    def to_json(self, *, shared_listed: bool = False) -> dict[str, Any]:
        """``shared_listed``: as :meth:`CouldProduce.to_json`."""
        return {
            "object": self.object,
            "ability": str(self.ability),
            "text": self.text,
            "modelled": self.modelled,
            "activatable": self.activatable,
            "reasons": rules_json(self.reasons),
            "mana_cost": list(self.mana_cost),
            "could_add": [str(m) for m in self.could_add],
            "rules": rules_json(self.rules),
            "effects": list(self.effects),
            "spend_restrictions": list(self.restrictions),
            **unread_json(self.not_modelled, about=self.object if shared_listed else None),
        }


@dataclass(frozen=True, order=True)
class Pool:
    """A mana pool a player can have by activating some set of their mana abilities now."""

    mana: Mana
    maximal: bool = False
    """No other reachable pool has at least as much of every type and more of one."""

    def to_json(self) -> dict[str, Any]:
        return {"mana": self.mana.as_dict(), "text": str(self.mana), "maximal": self.maximal}


@dataclass(frozen=True)
class PoolGroup:
    """Interchangeable permanents: each may add one of the same amounts (or nothing)."""

    members: tuple[str, ...]
    options: tuple[Mana, ...]

    def to_json(self) -> dict[str, Any]:
        return {"members": list(self.members), "options": [m.as_dict() for m in self.options]}

    def __str__(self) -> str:
        return f"up to {len(self.members)} of " + " | ".join(str(m) for m in self.options)


@dataclass(frozen=True)
class PoolsResult:
    """Every distinct mana pool a player can have now (bounded by ``limit``)."""

    player: str
    pools: tuple[Pool, ...]
    complete: bool
    """False when more pools exist than the limit allowed listing."""
    limit: int
    maximal_complete: bool = True
    notes: tuple[str, ...] = ()
    total: int | None = None
    """How many distinct pools there are, when known."""
    groups: tuple[PoolGroup, ...] = ()
    """The space of pools at a glance, exact: each group's permanents add one of its options
    each (or nothing), on top of the mana already in the pool; ``complex`` abilities may add
    more, paying their costs."""
    complex: tuple[str, ...] = ()
    not_modelled: tuple[UnreadFact, ...] = ()
    """Facts of the state and its cards that no rule reads and that this answer could depend on
    (those about its objects, and those that may act on any object): the answer ignores them
    (``mtgasp.reads``)."""

    @property
    def maximal(self) -> tuple[Pool, ...]:
        return tuple(p for p in self.pools if p.maximal)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "complete": self.complete,
            "total": self.total,
            "limit": self.limit,
            "maximal_complete": self.maximal_complete,
            "groups": [g.to_json() for g in self.groups],
            "complex_abilities": list(self.complex),
            "pools": [p.to_json() for p in self.pools],
            "notes": list(self.notes),
            **unread_json(self.not_modelled),
        }


@dataclass(frozen=True, order=True)
class Application:
    """One replacement effect applied to the event: whose effect, and with which choice."""

    object: str
    card: str
    label: str

    def __str__(self) -> str:
        return f"{self.card} ({self.object}){': ' + self.label if self.label else ''}"


@dataclass(frozen=True, order=True)
class Order:
    """One legal order of the replacement effects and the mana it gives."""

    choice: str
    produced: Mana
    steps: tuple[Application, ...]
    result: Mana

    def to_json(self) -> dict[str, Any]:
        return {
            "choice": self.choice,
            "produced": self.produced.as_dict(),
            "steps": [str(s) for s in self.steps],
            "result": self.result.as_dict(),
        }


@dataclass(frozen=True, order=True)
class DistinctResult:
    """A result of the replacement process and how many orders lead to it from one choice."""

    choice: str
    produced: Mana
    result: Mana
    orders: int

    def to_json(self) -> dict[str, Any]:
        return {
            "choice": self.choice,
            "produced": self.produced.as_dict(),
            "result": self.result.as_dict(),
            "orders": self.orders,
        }


@dataclass(frozen=True)
class OrdersResult:
    """The replacement effects that apply when ``object`` is tapped for mana with ``ability``."""

    object: str
    ability: AbilityRef
    chooser: str
    effects: tuple[Application, ...]
    distinct: tuple[DistinctResult, ...]
    orders: tuple[Order, ...]
    complete: bool
    limit: int
    graph: tuple[tuple[str, str, str, int], ...] = ()
    """Edges (from node, to node, effect, copies) of the graph of CR 616 applications, for DOT."""
    rules: tuple[str, ...] = ()
    """The CR rules that fired (traced by the rules)."""

    @property
    def total_orders(self) -> int:
        return sum(d.orders for d in self.distinct)

    def to_json(self, *, shared_listed: bool = False) -> dict[str, Any]:
        """``shared_listed``: as :meth:`CouldProduce.to_json`."""
        return {
            "object": self.object,
            "ability": str(self.ability),
            "chooser": self.chooser,
            "effects": [str(e) for e in self.effects],
            "distinct_results": [d.to_json() for d in self.distinct],
            "total_orders": self.total_orders,
            "orders": [o.to_json() for o in self.orders],
            "complete": self.complete,
            "limit": self.limit,
            "rules": rules_json(self.rules),
        }

    def to_dot(self) -> str:
        """The graph of choices for Graphviz: each node is the mana so far (and which effects
        have applied), each edge one effect applying; the end nodes are the results."""
        lines = ["digraph replacement_orders {", "  rankdir=LR;", '  node [shape=box, fontname="Helvetica"];']
        nodes: dict[str, str] = {}

        def node(key: str) -> str:
            if key not in nodes:
                nodes[key] = f"n{len(nodes)}"
            return nodes[key]

        ends = {e[1] for e in self.graph} - {e[0] for e in self.graph}
        for a, b, label, copies in self.graph:
            mult = f" (x{copies})" if copies > 1 else ""
            lines.append(f'  {node(a)} -> {node(b)} [label="{_dot_escape(label + mult)}"];')
        for key, name in nodes.items():
            shape = ", peripheries=2" if key in ends else ""
            lines.append(f'  {name} [label="{_dot_escape(key)}"{shape}];')
        lines.append("}")
        return "\n".join(lines) + "\n"


def _dot_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
