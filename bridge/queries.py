"""The questions mtgasp answers about a game state, as a Python API.

Each query adds its facts, asks :func:`mtgasp.engine.solve` with one file of
``rules_asp/queries/``, and turns the shown symbols into frozen result objects that sort
deterministically and print as JSON (``to_json``). The rules decide everything; the bridge only
decodes, groups identical results, and counts the orders of replacement effects along the graph
the rules built (CR 616, see ``rules_asp/cr6_spells_abilities_effects/cr616_*.lp``).

:class:`Engine` is put together from one module per group of questions: this one holds its
plumbing (facts, the bounded search, the notes), ``check`` and ``could_produce``; tapping for
mana and the orders of replacement effects are in ``mtgasp.tapping``, a player's mana abilities
and pools in ``mtgasp.pools``, the game commands in ``mtgasp.game``, characteristics in
``mtgasp.characteristics``. The result types are in ``mtgasp.results`` (the mana queries' ones
are imported here too).

>>> from mtgasp import Engine, loads_state
>>> state = loads_state("players: [alice, bob]\\nbattlefield:\\n  - {id: f, card: Forest, controller: alice}\\n")
>>> [str(o.adds_for("alice")) for o in Engine().tap(state, "f").outcomes]
['{G}']
"""

from __future__ import annotations

import logging
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import clingo

from .bounded import bounded, time_left
from .cards import CardDatabase
from .characteristics import CharacteristicsMixin
from .engine import Solution, dump_program, solve
from .errors import QueryTimeoutError
from .game import GameMixin
from .pools import PoolsMixin
from .results import AbilityReport, CouldProduce, OrdersResult, Pool, PoolsResult, TapOutcome, TapResult, Trigger, cr_key
from .state import GameState
from .tapping import TappingMixin
from .terms import AbilityRef, effect_text, obj_id, obj_term, player_id

if TYPE_CHECKING:
    from .reads import UnreadFact

__all__ = [
    "AbilityReport",
    "CouldProduce",
    "Engine",
    "OrdersResult",
    "Pool",
    "PoolsResult",
    "TapOutcome",
    "TapResult",
    "Trigger",
]

log = logging.getLogger("mtgasp.queries")
# Unsupported text that may change a mana answer: it speaks of mana, of tapping, of land types.
_MANA_WORDS = re.compile(
    r"\bmana\b|\badds?\b|\btapped\b|\{[WUBRGCX]\}|\bland types?\b|\b(?:Plains|Islands?|Swamps?|Mountains?|Forests?)\b",
    re.IGNORECASE,
)
F = clingo.Function


class Engine(GameMixin, CharacteristicsMixin, TappingMixin, PoolsMixin):
    """Answers questions about game states, with a card database (default: the embedded set)."""

    def __init__(self, db: CardDatabase | None = None, *, dump: str | None = None, timeout: float | None = None) -> None:
        self.db = db if db is not None else CardDatabase.default()
        self.dump = dump
        self._cards: dict[str, str] = {}
        """If set, every query's facts are written to this file first, with the clingo command."""
        if timeout is not None and not timeout > 0:
            raise ValueError(f"timeout: expected a positive number of seconds or None, got {timeout!r}")
        self.timeout = timeout
        """Seconds each public query may take (None: no limit). The search stops when the time
        is up; the answer then says it is incomplete (its notes, ``complete``, :attr:`incomplete`)."""
        self.incomplete: list[str] = []
        """Why the last query's answer is incomplete (empty when it is complete)."""
        self._deadline: float | None = None
        self._depth = 0
        self._unread_cache: tuple[Any, ...] | None = None  # state, db, every fact, the shared ones, their index, by object
        self._state_facts: tuple[GameState, tuple[clingo.Symbol, ...]] | None = None

    # -- plumbing ------------------------------------------------------------------------

    def facts(self, state: GameState) -> list[clingo.Symbol]:
        """The state's facts and the card facts of every card it mentions."""
        own = state.facts(self.db)
        self._state_facts = (state, own)  # read again by unread(): not built twice
        return [*own, *state.card_facts(self.db)]

    def _solve(self, state: GameState, query: str, extra: Iterable[clingo.Symbol], **kw: Any) -> Solution:
        facts = [*self.facts(state), *extra]
        if self.dump:
            command = dump_program(self.dump, facts, query, project=bool(kw.get("project", True)))
            log.info("wrote %s; rerun with: %s", self.dump, command)
            print(f"mtgasp: wrote {self.dump}; rerun with: {command}", file=sys.stderr)
        first = self._deadline is None
        # The time limit bounds the searches (grounding and solving) of the whole query, from its
        # first one on; reading the cards and the state comes before.
        left = time_left(self)
        left = None if left is None else max(0.0, left)
        # A later search of the query that would start past the deadline is not started (its
        # grounding could not be stopped); the first one always grounds (its facts are an answer).
        late = left == 0.0 and not first
        sol = Solution(models=(), exhausted=False, timed_out=True) if late else solve(facts, query, timeout=left, **kw)
        if sol.timed_out:
            note = (
                f"incomplete: the time limit ({self.timeout:g} s) stopped the search of query '{query}' before it "
                "finished; the answer holds what was found before it (raise --timeout, or Engine(timeout=...))"
            )
            if note not in self.incomplete:
                self.incomplete.append(note)
        return sol

    def _notes(self, state: GameState, objects: Iterable[str] = ()) -> tuple[str, ...]:
        """What the answer leaves out: unsupported text of the named permanents, and unsupported
        text anywhere on the battlefield that speaks of mana (it might change the answer)."""
        every = self._note_map(state)
        named = set(objects)
        return tuple(n for perm_id, n, mana in every if mana or perm_id in named) + tuple(self.incomplete)

    def unread(self, state: GameState, objects: Iterable[str] | None = None) -> tuple[UnreadFact, ...]:
        """The facts of the state and its cards that no rule reads (``mtgasp.reads``) and that an
        answer about ``objects`` could depend on: theirs, and those that may act on any object
        (all of them when ``objects`` is None). Computed once per state and card database."""
        from .reads import unread_facts

        cached = self._unread_cache
        if cached is None or cached[0] is not state or cached[1] is not self.db:
            known = self._state_facts[1] if self._state_facts is not None and self._state_facts[0] is state else None
            every = unread_facts(state, self.db, state_facts=known)
            # Indexed once: an answer per permanent must not scan every fact of the board (n^2).
            shared = tuple(i for i, u in enumerate(every) if u.scope == "any" or not u.object)
            own: dict[str, list[int]] = {}
            for i, u in enumerate(every):
                if u.scope != "any" and u.object:
                    own.setdefault(u.object, []).append(i)
            cached = self._unread_cache = (state, self.db, every, tuple(every[i] for i in shared), shared, own)
        every, shared_facts, shared, own = cached[2], cached[3], cached[4], cached[5]
        if objects is None:
            return every
        mine = [i for o in set(objects) for i in own.get(o, ())]
        if not mine:
            return shared_facts
        return tuple(every[i] for i in sorted([*shared, *mine]))  # in the order of every

    def _note_map(self, state: GameState) -> list[tuple[str, str, bool]]:
        """Every unsupported ability on the battlefield as (permanent, note, speaks of mana), in
        battlefield order; each card is looked at once."""
        db = state.database(self.db)
        by_card: dict[str, list[tuple[str, bool]]] = {}
        every: list[tuple[str, str, bool]] = []
        for perm in state.battlefield:
            if perm.card not in by_card:
                by_card[perm.card] = [
                    (f"ability {ab.index} is not supported yet and is ignored: {ab.text!r}", bool(_MANA_WORDS.search(ab.text)))
                    for ab in db.parsed(perm.card).unsupported
                ]
            for text, mana in by_card[perm.card]:
                note = f"{perm.id} ({perm.card}): {text}"
                every.append((perm.id, note, mana))
        return every

    # -- the state itself ---------------------------------------------------------------

    @bounded()
    def check(self, state: GameState) -> tuple[tuple[str, str], ...]:
        """Rule violations of the state itself (CR number, subject), the state-based actions
        pending in it (``("pending", "CR 704.5g: obj")``, performed by the next ``settle``) and
        what the rules do not model about its permanents (``("unmodelled", "obj: what")``)."""
        sol = self._solve(
            state, "check", [], project=False,
            fact_signatures=(("invalid", 2), ("unmodelled", 3), ("sba", 2), ("sba_unknown", 2)),
        )
        if sol.timed_out and not sol.undecided:
            self.incomplete.clear()  # every finding is a fact of the grounding: the answer is whole
        elif sol.timed_out and not sol.models:
            raise QueryTimeoutError(self.incomplete[0])
        found: set[tuple[str, str]] = set()
        for s in (*sol.facts, *(sol.models[0] if sol.models else ())):
            if s.name == "invalid":
                found.add((s.arguments[0].string, obj_id(s.arguments[1])))
            elif s.name == "sba":
                found.add(("pending", f"CR {s.arguments[0].string}: {_subject_id(s.arguments[1])}"))
            elif s.name == "sba_unknown":
                found.add(("unmodelled", f"{_subject_id(s.arguments[0])}: CR {s.arguments[1].string} can't be decided"))
            elif s.name == "unmodelled":
                what = s.arguments[2]
                label = str(what)
                found.add(("unmodelled", f"{obj_id(s.arguments[0])}: {AbilityRef.from_symbol(s.arguments[1])}: {label}"))
        return tuple(sorted(found))

    # -- CR 106.7 ------------------------------------------------------------------------

    @bounded()
    def could_produce(self, state: GameState, obj: str) -> CouldProduce:
        """The types of mana permanent ``obj`` could produce (CR 106.7)."""
        return self.could_produce_all(state, [obj])[0]

    @bounded()
    def could_produce_all(self, state: GameState, objects: Iterable[str] | None = None) -> tuple[CouldProduce, ...]:
        """The types of mana each of ``objects`` (default: every permanent) could produce
        (CR 106.7), from one grounding of the rules, in the order asked."""
        ids = list(dict.fromkeys(objects)) if objects is not None else [p.id for p in state.battlefield]
        known = {p.id for p in state.battlefield}
        for o in ids:
            if o not in known:
                state.permanent(o)  # raises UnknownObjectError, with the ids the state has
        query = [F("__query", [F("could_produce", [obj_term(o)])]) for o in ids]
        sol = self._solve(state, "could_produce", query, fact_signatures=(("could_produce", 2),))
        if sol.timed_out and "could_produce" not in sol.undecided:
            self.incomplete.clear()  # the grounder derived every type as a fact: the answer is whole
        found: dict[str, set[str]] = defaultdict(set)
        rules: dict[str, set[str]] = defaultdict(set)
        effects: dict[str, set[str]] = defaultdict(set)
        cards = {p.id: p.card for p in state.battlefield}
        for s in (*sol.named("could_produce"), *(sol.models[0] if sol.models else ())):
            if s.name == "could_produce":
                found[obj_id(s.arguments[0])].add(s.arguments[1].name.upper())
            elif s.name == "cites" and s.arguments[0].name == "cp":
                rules[obj_id(s.arguments[0].arguments[0])].add(s.arguments[1].string)
            elif s.name == "effect_applied" and s.arguments[0].name == "cp":
                effects[obj_id(s.arguments[0].arguments[0])].add(effect_text(s.arguments[1], cards))
        every = self._note_map(state)
        shared = tuple(n for _, n, mana in every if mana)  # one tuple for every object that adds none
        own_only = {pid for pid, _, mana in every if not mana}
        tail = tuple(self.incomplete)
        if self.incomplete and not sol.models:
            tail += ("the types listed are those the rules derived for sure before the time limit; others may be missing",)
        out = []
        for o in ids:
            notes = tuple(n for pid, n, mana in every if mana or pid == o) if o in own_only else shared
            types = sorted(found.get(o, ()), key="WUBRGC".index)
            out.append(
                CouldProduce(
                    o,
                    tuple(types),
                    rules=tuple(sorted(rules.get(o, ()), key=cr_key)),
                    notes=notes + tail,
                    effects=tuple(sorted(effects.get(o, ()))),
                    not_modelled=self.unread(state, [o]),
                )
            )
        return tuple(out)


def _subject_id(sym: clingo.Symbol) -> str:
    """obj("x") or player("alice") -> its id."""
    return player_id(sym) if sym.name == "player" else obj_id(sym)
