"""Actions and successor states: the bridge to ``rules_asp/queries/actions.lp`` and ``apply.lp``.

A game state becomes a :class:`Position` (its state facts, with the card facts alongside; it and
the result types are in ``mtgasp.game_results``, actions as text in ``mtgasp.action_text``; both
are imported here too).
The rules decide everything: which actions are legal, every successor of an action with the
choices that lead to it, which CR rules fired, what is not modelled, and whether a state is
settled (CR 704.3, 603.3b). This module only asks, groups answer sets by their ``next/1`` atoms,
counts them, and repeats ``settle`` until the rules say the state is settled.

>>> from mtgasp import Engine, loads_state
>>> state = loads_state("players: [alice, bob]\\n")
>>> [s.added for s in Engine().apply(state, "pass").successors]
[('passed(player("alice"))', 'priority(player("bob"))')]
"""

from __future__ import annotations

import functools

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union

import clingo

from .bounded import bounded, time_left
from .engine import dump_program, rules_dir, solve
from .errors import IllegalActionError, InvalidStateError, QueryTimeoutError
from .action_text import action_text, parse_action
from .game_results import (
    ActionsResult,
    ApplyResult,
    PerftResult,
    PlayResult,
    Position,
    StateLike,
    Successor,
    subject_text,
)
from .terms import symbol_text

if TYPE_CHECKING:
    from .cards import CardDatabase
    from .state import GameState

__all__ = [
    "Position",
    "Successor",
    "ApplyResult",
    "ActionsResult",
    "PerftResult",
    "PlayResult",
    "GameMixin",
    "parse_action",
    "action_text",
    "GameIncompleteError",
    "PERFT_STATE_LIMIT",
]

F, S = clingo.Function, clingo.String
SETTLE_LIMIT = 50
"""At most this many rounds of `settle` after one action (CR 704.3 repeats; a loop is reported)."""
SEQUENCE_LIMIT = 20
"""Choice sequences listed per successor (the count is always exact)."""
PERFT_STATE_LIMIT = 20_000
"""``perft`` stops (incomplete) rather than expand more distinct states than this."""


class GameIncompleteError(QueryTimeoutError):
    """A game command (``actions``, ``apply``, ``play``, ``perft``) stopped before its answer was
    whole: the time limit (``Engine(timeout=...)``, ``--timeout``) or perft's size bound. The
    message says what was finished; no part answer is returned (a successor list or a count cut
    short would pass for a whole one). The command line exits with status 4."""


def _start_game_clock(engine: Any) -> None:
    """A game command starting afresh: nothing finished yet, no time spent (its ground/solve clock)."""
    engine._progress = ""
    engine._clock = [0.0, 0.0]


@functools.lru_cache(maxsize=1)
def _frame_predicates() -> frozenset[str]:
    """The state predicates the transitions carry into a successor (the state_fact/1 rules of
    transitions/frame.lp, and of the rule files that keep their own, e.g. cr603_events.lp)."""
    found: set[str] = set()
    for path in sorted(rules_dir().rglob("*.lp")):
        found.update(re.findall(r"^state_fact\((\w+)\(", path.read_text(encoding="utf-8"), flags=re.M))
    return frozenset(found)


# ---------------------------------------------------------------------------------------------
# The engine's game methods
# ---------------------------------------------------------------------------------------------


@dataclass
class _Raw:
    """One raw step: successor positions → (count, sequences, fired), and what is not modelled."""

    groups: dict[Position, list[Any]]
    not_modelled: list[str]
    settled: bool
    ground: float
    solve: float


_Memo = dict[Position, tuple[ActionsResult, Union[_Raw, None]]]
"""Per command: each position's legal actions and, when it is not settled, its settle step."""


def _groups(pos: Position, sol: Any) -> _Raw:
    """The answer sets of one step grouped by successor (their next/1 atoms)."""
    groups: dict[Position, list[Any]] = {}
    missing: list[str] = []
    settled = False
    for model in sol.models:
        nexts, choices, fired, nm = [], [], [], []
        for s in model:
            if s.name == "next":
                nexts.append(s.arguments[0])
            elif s.name == "choice":
                choices.append((s.arguments[0], _choice_text(s.arguments[1])))
            elif s.name == "fired":
                fired.append((symbol_text(s.arguments[0]), subject_text(s.arguments[1])))
            elif s.name == "not_modelled":
                nm.append(f"{subject_text(s.arguments[0])}: {symbol_text(s.arguments[1])}")
            elif s.name == "settled":
                settled = True
        if nm:
            missing.extend(nm)
            continue
        nxt = Position(frozenset(nexts), pos.cards)
        entry = groups.setdefault(nxt, [0, [], set()])
        entry[0] += 1
        _add_sequences(entry[1], [tuple(t for _, t in sorted(choices))])
        entry[2].update(fired)
    return _Raw(groups, sorted(set(missing)), settled, sol.ground_seconds, sol.solve_seconds)


class GameMixin:
    """The game methods of :class:`mtgasp.Engine` (``actions``, ``apply``, ``play``, ``perft``)."""

    db: CardDatabase
    dump: str | None

    def facts(self, state: GameState) -> list[clingo.Symbol]:  # pragma: no cover - Engine's
        raise NotImplementedError

    # -- positions -----------------------------------------------------------------------

    def position(self, state: StateLike) -> Position:
        """The state facts of ``state`` with the card facts of the cards it uses."""
        if isinstance(state, Position):
            return state
        facts = frozenset(state.facts(self.db))
        unknown = sorted({f.name for f in facts} - _frame_predicates())
        if unknown:
            raise InvalidStateError(
                "state", f"the transition rules do not carry the state facts {', '.join(unknown)} into a successor "
                "(rules_asp/transitions/frame.lp lists the state predicates)"
            )
        return Position(facts, tuple(state.card_facts(self.db)))

    def _step(self, pos: Position, action: clingo.Symbol | None, query: str) -> Any:
        facts = pos.program() + ([F("__action", [action])] if action is not None else [])
        if self.dump:
            dump_program(self.dump, facts, query)
        left = time_left(self)
        if left is not None and left <= 0:
            self._stop()
        sol = solve(facts, query, project=True, timeout=left)
        clock = getattr(self, "_clock", None)
        if clock is not None:
            clock[0] += sol.ground_seconds
            clock[1] += sol.solve_seconds
        if sol.timed_out:
            self._stop()
        return sol

    def _stop(self) -> None:
        """The time is up: say what was finished, and stop (no part answer is returned)."""
        done = getattr(self, "_progress", "")
        note = (f"incomplete: the time limit ({self.timeout:g} s) stopped the game command before its answer "
                f"was whole{f' ({done})' if done else ''}; nothing is claimed for the rest "
                "(raise --timeout, or Engine(timeout=...))")
        self.incomplete = [note]
        raise GameIncompleteError(note)

    def _raw(self, pos: Position, action: clingo.Symbol) -> _Raw:
        return _groups(pos, self._step(pos, action, "apply"))

    def _info(self, pos: Position, cache: _Memo | None = None) -> ActionsResult:
        """The legal actions in ``pos`` (and whether it is settled). One call of the apply query
        with ``settle`` gives them (queries/apply.lp shows the actions of the state the step
        starts from) together with the settle step itself, kept for :meth:`_settle`."""
        if cache is not None and pos in cache:
            return cache[pos][0]
        sol = step = self._step(pos, F("settle", []), "apply")
        if not sol.models:  # no settle step at all: ask the actions query alone
            sol, step = self._step(pos, None, "actions"), None
        model = sol.models[0] if sol.models else frozenset()
        actions = sorted(action_text(s.arguments[0]) for s in model if s.name == "shown_action")
        holder = next((symbol_text(s.arguments[0].arguments[0]) for s in model if s.name == "priority_holder"), None)
        info = ActionsResult(
            holder,
            tuple(actions),
            any(s.name == "settled" for s in model),
            any(s.name == "game_over" for s in model),
            tuple(sorted({f"{action_text(s.arguments[0])}: {symbol_text(s.arguments[1])}" for s in model
                          if s.name == "action_not_modelled"})),
        )
        if cache is not None:
            cache[pos] = (info, None if info.settled or step is None else _groups(pos, step))
        return info

    @bounded(reset=_start_game_clock)
    def actions(self, state: StateLike) -> ActionsResult:
        """The legal actions of the player with priority (CR 117), or ``settle`` while state-based
        actions or triggered abilities are pending (CR 117.5)."""
        return self._info(self.position(state))

    @bounded(reset=_start_game_clock)
    def apply(
        self, state: StateLike, action: str, *, settle: bool = True, _cache: _Memo | None = None
    ) -> ApplyResult:
        """Every distinct successor of ``action`` (text, as on the command line), each with the
        choice sequences that lead to it, how many there are, and the rules that fired. With
        ``settle`` (default), ``settle`` is applied to each successor until the rules say it is
        settled (CR 704.3, 603.3b), and its choices are part of the sequences."""
        pos = self.position(state)
        term = parse_action(action, pos)
        ground0, solve0 = self._clock
        raw = self._raw(pos, term)
        if not raw.groups and not raw.not_modelled:
            legal = self._info(pos, _cache).actions
            raise IllegalActionError(
                f"{action!r} is not a legal action now; legal actions: {', '.join(legal) or 'none (the game is over)'}"
            )
        found: dict[Position, list[Any]] = {}
        missing = list(raw.not_modelled)
        cache = _cache if _cache is not None else {}
        for nxt, (count, seqs, fired) in raw.groups.items():
            for end, (c2, s2, f2) in (self._settle(nxt, cache, missing) if settle else {nxt: [1, [()], set()]}).items():
                entry = found.setdefault(end, [0, [], set()])
                entry[0] += count * c2
                _add_sequences(entry[1], [a + b for a in seqs for b in s2])
                entry[2].update(fired, f2)
        successors = tuple(
            sorted(
                (_successor(pos, end, c, seqs, fired) for end, (c, seqs, fired) in found.items()),
                key=lambda s: (s.added, s.removed),
            )
        )
        return ApplyResult(action, successors, tuple(sorted(set(missing))), self._clock[0] - ground0, self._clock[1] - solve0)

    def _settle(
        self, pos: Position, cache: _Memo, missing: list[str], depth: int = 0
    ) -> dict[Position, list[Any]]:
        """The settled states ``settle`` leads to from ``pos``: state → [count, sequences, fired]."""
        if self._info(pos, cache).settled:
            return {pos: [1, [()], set()]}
        if depth >= SETTLE_LIMIT:
            missing.append(f"settle: still not settled after {SETTLE_LIMIT} rounds (CR 704.3 loop?)")
            return {}
        kept = cache[pos][1]
        raw = kept if kept is not None else self._raw(pos, F("settle", []))
        missing.extend(raw.not_modelled)
        out: dict[Position, list[Any]] = {}
        for nxt, (count, seqs, fired) in raw.groups.items():
            for end, (c2, s2, f2) in self._settle(nxt, cache, missing, depth + 1).items():
                entry = out.setdefault(end, [0, [], set()])
                entry[0] += count * c2
                _add_sequences(entry[1], [a + b for a in seqs for b in s2])
                entry[2].update(fired, f2)
        return out

    @bounded(reset=_start_game_clock)
    def settled_position(self, state: StateLike) -> Position:
        """``state`` itself when it is settled; else the one state `settle` leads to (an error if
        players' choices make it several)."""
        pos = self.position(state)
        missing: list[str] = []
        ends = self._settle(pos, {}, missing)
        if len(ends) != 1:
            raise IllegalActionError(f"settling the state leads to {len(ends)} states; apply 'settle' to choose")
        return next(iter(ends))

    # -- lines of play and perft ---------------------------------------------------------

    @bounded(reset=_start_game_clock)
    def play(self, state: StateLike, line: Sequence[str | Mapping[str, Any]]) -> PlayResult:
        """Apply a line of actions, branching where players choose: each action applies to every
        state the line has reached. An entry is an action, or ``{action: A, choose: [texts]}``
        keeping only the successors whose choices include every text."""
        start = self.position(state)
        current: dict[Position, list[Any]] = {start: [1, [()], set()]}
        missing: list[str] = []
        cache: _Memo = {}
        done: list[str] = []
        for i, entry in enumerate(line):
            action, wanted = _line_entry(entry, i)
            nxt: dict[Position, list[Any]] = {}
            for pos, (count, seqs, fired) in current.items():
                r = self.apply(pos, action, _cache=cache)
                missing.extend(r.not_modelled)
                for s in r.successors:
                    if wanted and not all(any(w in c for seq in s.sequences for c in seq) for w in wanted):
                        continue
                    e = nxt.setdefault(s.position, [0, [], set()])
                    e[0] += count * s.count
                    _add_sequences(e[1], [a + b for a in seqs for b in s.sequences])
                    e[2].update(fired, s.fired)
            if not nxt:
                raise IllegalActionError(f"line entry {i + 1} ({action!r}) leaves no state to continue from")
            current = nxt
            done.append(action)
        ends = tuple(sorted((_successor(start, p, c, s, f) for p, (c, s, f) in current.items()), key=lambda s: (s.added, s.removed)))
        return PlayResult(tuple(done), ends, tuple(sorted(set(missing))))

    @bounded(reset=_start_game_clock)
    def perft(self, state: StateLike, depth: int) -> PerftResult:
        """Distinct states reachable within ``depth`` actions of the player with priority
        (``settle`` is part of each action, not an action), per depth, with a divide by first
        action, and the number of lines of exactly ``depth`` actions."""
        if depth < 1:
            raise IllegalActionError("perft depth must be at least 1")
        cache: _Memo = {}
        children: dict[Position, list[tuple[str, tuple[Position, ...]]]] = {}
        missing: list[str] = []
        root = self.settled_position(state)

        def expand(pos: Position) -> list[tuple[str, tuple[Position, ...]]]:
            if pos not in children:
                if len(children) >= PERFT_STATE_LIMIT:
                    note = (f"incomplete: perft stops at {PERFT_STATE_LIMIT} distinct states expanded "
                            f"(PERFT_STATE_LIMIT){f' ({self._progress})' if self._progress else ''}; "
                            "nothing is claimed for the deeper levels (ask a smaller depth)")
                    self.incomplete = [note]
                    raise GameIncompleteError(note)
                info = self._info(pos, cache)
                out = []
                for act in info.actions:
                    r = self.apply(pos, act, _cache=cache)
                    missing.extend(r.not_modelled)
                    out.append((act, tuple(s.position for s in r.successors)))
                children[pos] = out
            return children[pos]

        def reach(starts: Iterable[Position], levels: int, say: bool = False) -> tuple[list[set[Position]], int]:
            frontier = {p: 1 for p in starts}  # position -> number of lines reaching it
            seen = [set(frontier)]
            for _ in range(levels):
                if say:  # what is finished, for the message if the time runs out
                    self._progress = "finished: " + ", ".join(
                        f"depth {d}: {len(lv)} distinct state(s)" for d, lv in enumerate(seen, start=1))
                nxt: dict[Position, int] = {}
                for p, lines in frontier.items():
                    for _, succ in expand(p):
                        for q in succ:
                            nxt[q] = nxt.get(q, 0) + lines
                frontier = nxt
                seen.append(set(frontier))
            return seen, sum(frontier.values())

        levels, _ = reach([q for _, succ in expand(root) for q in succ], depth - 1, say=True)
        divide = []
        total_paths = 0
        for act, succ in expand(root):
            lv, p = reach(succ, depth - 1)
            divide.append((act, len(set().union(*lv)), p))
            total_paths += p
        per_depth = tuple(len(s) for s in levels)
        within = len(set().union(*levels)) if levels else 0
        return PerftResult(depth, per_depth, within, total_paths, tuple(divide), tuple(sorted(set(missing))))


# ---------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------


def _add_sequences(kept: list[tuple[str, ...]], more: Iterable[tuple[str, ...]]) -> None:
    """Add ``more`` to ``kept``, which keeps the SEQUENCE_LIMIT first distinct ones in sorted
    order (so the sequences listed do not depend on the order the solver finds answer sets in)."""
    kept.extend(more)
    if len(kept) > SEQUENCE_LIMIT:
        kept[:] = sorted(set(kept))[:SEQUENCE_LIMIT]


def _choice_text(sym: clingo.Symbol) -> str:
    if sym.type == clingo.SymbolType.Function and sym.name and len(sym.arguments) == 1:
        return f"{sym.name} {subject_text(sym.arguments[0])}"
    if sym.type == clingo.SymbolType.Function and sym.name and len(sym.arguments) > 1 and all(_plain(a) for a in sym.arguments):
        # combat choices: "attacks bear bob", "blocks wall bear", "assigns bear wall 2"
        return f"{sym.name} {' '.join(subject_text(a) for a in sym.arguments)}"
    return str(sym)


def _plain(sym: clingo.Symbol) -> bool:
    """An object, a player or a number: what a choice text can name plainly."""
    if sym.type == clingo.SymbolType.Number:
        return True
    return sym.type == clingo.SymbolType.Function and sym.name in ("obj", "player") and len(sym.arguments) == 1


def _successor(before: Position, after: Position, count: int, seqs: list[tuple[str, ...]], fired: set[tuple[str, str]]) -> Successor:
    return Successor(
        position=after,
        added=tuple(sorted(str(f) for f in after.facts - before.facts)),
        removed=tuple(sorted(str(f) for f in before.facts - after.facts)),
        count=count,
        sequences=tuple(sorted(set(seqs))),
        fired=tuple(sorted(fired)),
    )


def _line_entry(entry: str | Mapping[str, Any], i: int) -> tuple[str, list[str]]:
    if isinstance(entry, str):
        return entry, []
    if isinstance(entry, Mapping) and isinstance(entry.get("action"), str):
        choose = entry.get("choose", [])
        if isinstance(choose, str):
            choose = [choose]
        if not isinstance(choose, list) or not all(isinstance(c, str) for c in choose) or set(entry) - {"action", "choose"}:
            raise InvalidStateError(f"line[{i}]", "expected {action: ACTION, choose: [TEXT, ...]}")
        return entry["action"], list(choose)
    raise InvalidStateError(f"line[{i}]", "expected an action ('pass', 'play:ID', ...) or {action: ACTION, choose: [TEXT]}")
