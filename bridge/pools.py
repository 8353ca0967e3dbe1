"""A player's mana: each mana ability, usable now or not and what it could add
(``Engine.mana_abilities``, CR 605, 106.7), and every mana pool the player can have by
activating any set of them, the maximal ones marked (``Engine.pools``).

The rules decide (``rules_asp/queries/abilities.lp``, ``pools.lp``); this module only decodes the
shown symbols into the frozen results of ``mtgasp.results`` and marks the maximal pools.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

import clingo

from .bounded import bounded
from .results import AbilityReport, Pool, PoolGroup, PoolsResult, cr_key
from .state import GameState
from .terms import AbilityRef, Mana, effect_text, obj_id, player_term, spend_text, symbol_text

if TYPE_CHECKING:
    from .queries import Engine

__all__ = ["PoolsMixin"]

F = clingo.Function


class PoolsMixin:
    """The ``mana_abilities`` and ``pools`` methods of :class:`mtgasp.Engine`."""

    # -- a player's mana abilities --------------------------------------------------------

    @bounded()
    def mana_abilities(self: Engine, state: GameState, player: str) -> tuple[AbilityReport, ...]:
        """Every activated mana ability of ``player``'s permanents: can it be activated now, and
        every distinct amount of mana it could add (CR 605, 106.7, 614, 616)."""
        state.player(player)
        sol = self._solve(
            state,
            "abilities",
            [F("__query", [F("abilities", [player_term(player)])])],
            project=False,
            enum_mode="brave",
            fact_signatures=(("ability_text", 2),),
        )
        texts = {f.arguments[0]: f.arguments[1].string for f in sol.named("ability_text")}
        cards = {p.id: p.card for p in state.battlefield}
        model = sol.models[0] if sol.models else frozenset()
        found: dict[tuple[clingo.Symbol, clingo.Symbol], dict[str, Any]] = {}

        def entry(o: clingo.Symbol, a: clingo.Symbol) -> dict[str, Any]:
            return found.setdefault((o, a), {"reasons": set(), "cost": [], "adds": set(), "rules": set(), "effects": set(), "restrictions": set()})

        for s in model:
            a = s.arguments
            if s.name == "mana_ability_of":
                entry(a[0], a[1])
            elif s.name == "cannot_use":
                entry(a[0], a[1])["reasons"].add(a[2].string)
            elif s.name == "mana_cost_of":
                entry(a[0], a[1])["cost"].extend([_symbol_text(a[2])] * a[3].number)
            elif s.name == "could_add":
                entry(a[0], a[1])["adds"].add(Mana.from_symbol(a[2]))
            elif s.name == "cites" and a[0].name == "ma":
                entry(*a[0].arguments)["rules"].add(a[1].string)
            elif s.name == "spend_restricted":
                entry(a[0], a[1])["restrictions"].add(spend_text(texts.get(a[1], ""), a[2]))
            elif s.name == "effect_applied" and a[0].name == "ma":
                entry(*a[0].arguments)["effects"].add(effect_text(a[1], cards))
            elif s.name == "not_modelled":
                entry(a[0], a[1])["unknown"] = True
        reports = [
            AbilityReport(
                object=obj_id(o),
                ability=AbilityRef.from_symbol(ab),
                text=texts.get(ab, ""),
                activatable=not e["reasons"],
                reasons=tuple(sorted(e["reasons"], key=cr_key)),
                mana_cost=tuple(sorted(e["cost"])),
                could_add=tuple(sorted(e["adds"])),
                rules=tuple(sorted(e["rules"] | e["reasons"], key=cr_key)),
                modelled=not e.get("unknown", False),
                effects=tuple(sorted(e["effects"])),
                restrictions=tuple(sorted(e["restrictions"])),
                not_modelled=self.unread(state, [obj_id(o)]),
            )
            for (o, ab), e in found.items()
        ]
        return tuple(sorted(reports, key=lambda r: (r.object, r.ability)))

    # -- a player's mana pools ------------------------------------------------------------

    @bounded()
    def pools(self: Engine, state: GameState, player: str, *, limit: int = 1000, maximal_limit: int = 5000) -> PoolsResult:
        """Every distinct mana pool ``player`` can have by activating any set of their mana
        abilities now, with the maximal ones marked; at most ``limit`` pools are listed, and the
        result says when there were more. The maximal pools are found among at most
        ``maximal_limit`` candidate pools (those where every free ability is used)."""
        state.player(player)
        query = F("__query", [F("pools", [player_term(player)])])
        every, complete, groups, complex_, restricted = self._pool_set(state, [query], limit, space=True)
        candidates, maximal_complete, _, _, _ = self._pool_set(
            state, [query, F("__query", [F("saturated")])], max(limit, maximal_limit)
        )
        maximal = _skyline(sorted(candidates, key=lambda m: -m.total))
        ranked = sorted(every, key=lambda m: (-m.total, m))
        listed = set(ranked[:limit]) | maximal
        notes = []
        stopped = bool(self.incomplete)
        if len(every) > limit or (not complete and not stopped):
            more = f"{len(every)}" if complete else f"more than {limit}"
            notes.append(f"{more} distinct pools; listed {limit} (raise the limit to see more)")
        if not maximal_complete and not stopped:
            notes.append(
                f"more than {max(limit, maximal_limit)} candidates for maximal pools; the maximal marks cover "
                "the candidates found (raise --maximal-limit for all; the groups above describe every pool exactly)"
            )
        return PoolsResult(
            player=player,
            pools=tuple(sorted((Pool(m, m in maximal) for m in listed), key=lambda p: (-p.mana.total, p.mana))),
            complete=complete and len(every) <= limit,
            limit=limit,
            maximal_complete=maximal_complete,
            notes=tuple(notes) + restricted + self._notes(state),
            total=len(every) if complete else None,
            groups=groups,
            complex=complex_,
            not_modelled=self.unread(state, [p.id for p in state.battlefield if p.controller == player]),
        )

    def _pool_set(
        self: Engine, state: GameState, query: list[clingo.Symbol], limit: int, *, space: bool = False
    ) -> tuple[set[Mana], bool, tuple[PoolGroup, ...], tuple[str, ...], tuple[str, ...]]:
        """The pools of one pools-query call (at most ``limit``), whether they are all of them,
        and (with ``space``) the groups and complex abilities the rules found."""
        signatures = (
            (("pool_group_member", 2), ("pool_group_option", 2), ("complex_ability", 2), ("pool_restricted", 3), ("ability_text", 2),
             ("not_modelled", 2))
            if space
            else ()
        )
        sol = self._solve(
            state,
            "pools",
            query,
            limit=limit + 1,
            project="project",
            options=("--configuration=jumpy",),
            fact_signatures=signatures,
        )
        members: dict[str, list[str]] = defaultdict(list)
        options: dict[str, list[Mana]] = defaultdict(list)
        complex_: list[str] = []
        restricted: list[str] = []
        texts = {f.arguments[0]: f.arguments[1].string for f in sol.named("ability_text")}
        for f in sol.facts:
            a = f.arguments
            if f.name == "pool_group_member":
                members[str(a[0])].append(obj_id(a[1]))
            elif f.name == "pool_group_option":
                m = Mana.from_symbol(a[1])
                if m.total:
                    options[str(a[0])].append(m)
            elif f.name == "complex_ability":
                complex_.append(f"{obj_id(a[0])}: {AbilityRef.from_symbol(a[1])}")
            elif f.name == "pool_restricted":
                restricted.append(
                    f"{obj_id(a[0])}: {AbilityRef.from_symbol(a[1])} adds restricted mana (CR 106.6: "
                    f"{spend_text(texts.get(a[1], ''), a[2])}); the pools count it by its type"
                )
            elif f.name == "not_modelled":
                restricted.append(
                    f"{obj_id(a[0])}: {AbilityRef.from_symbol(a[1])}: the rules cannot work out what it adds yet "
                    "(see 'mtgasp check'); the pools leave its mana out"
                )
        groups = tuple(
            sorted(
                (PoolGroup(tuple(sorted(members[g])), tuple(sorted(options[g]))) for g in members if options[g]),
                key=lambda g: (-len(g.members), g.members),
            )
        )
        complete = len(sol.models) <= limit and not sol.timed_out
        return {_pool_of(m) for m in sol.models[:limit]}, complete, groups, tuple(sorted(complex_)), tuple(sorted(restricted))



def _symbol_text(sym: clingo.Symbol) -> str:
    """A mana symbol of a cost as printed: generic(2) → {2}, w → {W}, hybrid(w,u) → {W/U}."""
    if sym.type == clingo.SymbolType.Function and sym.arguments:
        if sym.name == "generic":
            return f"{{{sym.arguments[0].number}}}"
        inner = "/".join(symbol_text(a).upper() for a in sym.arguments)
        if sym.name in ("phyrexian", "phyrexian_hybrid"):
            inner += "/P"
        return f"{{{inner}}}"
    return f"{{{symbol_text(sym).upper()}}}"



def _pool_of(model: frozenset[clingo.Symbol]) -> Mana:
    mana = Mana()
    for s in model:
        if s.name == "pool_part":  # the amount of a type is the sum of its binary parts
            mana = mana + Mana.one(s.arguments[0].name, s.arguments[1].number)
    return mana



def _skyline(candidates: list[Mana]) -> set[Mana]:
    """The pools no other candidate covers with more in all.

    Only a pool with a larger total can cover another, so candidates are taken largest first and
    each is compared with the kept ones. Each comparison is one subtraction: the six amounts are
    packed in fields one bit wider than the largest amount; a field's top bit survives the
    subtraction only where it does not borrow.
    """
    width = max((m.total for m in candidates), default=0).bit_length() + 1
    guard = sum(1 << (width * i + width - 1) for i in range(6))

    def pack(m: Mana) -> int:
        return sum(n << (width * i) for i, n in enumerate(m.as_tuple()))

    kept: list[tuple[int, int, Mana]] = []
    for m in sorted(candidates, key=lambda m: -m.total):
        pm, total = pack(m), m.total
        if not any(t > total and ((pk | guard) - pm) & guard == guard for t, pk, _ in kept):
            kept.append((total, pm, m))
    return {m for _, _, m in kept}
