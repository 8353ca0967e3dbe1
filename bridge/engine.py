"""The thin clingo bridge: rule files + card facts + state facts + a query → shown symbols.

No rule logic lives here. :func:`solve` takes ``rules_asp/engine.lp`` and one query file from
``rules_asp/queries/`` (package data, parsed once per process), keeps the rules the facts can
use (:mod:`mtgasp.relevance`: a rule whose body needs an atom nothing can derive is left out,
which changes no answer), adds the facts as program text, grounds once and solves, copying
each model's shown symbols inside the callback (a model dies with it).

Every call can be replayed outside Python: :func:`dump_program` writes the exact facts and the
``clingo`` command line to a file (``mtgasp ... --dump FILE`` on the command line).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import clingo

from . import deadline
from .errors import RulesError
from .relevance import rule_base
from .rules_asp import rules_dir  # here since the engine began; defined with the rule files

__all__ = ["Solution", "rules_dir", "solve", "dump_program", "GroundingWarning"]

log = logging.getLogger("mtgasp.engine")


class GroundingWarning(UserWarning):
    """clingo reported something while grounding (an undefined operation, an unknown atom)."""


#: Called with the deadline (``time.monotonic()``) of every search that has a time limit, before
#: it grounds, and with the command's own (:mod:`mtgasp.deadline`): the command line's watchdog
#: (:mod:`mtgasp.watchdog`) stops a command still busy past it, even while clingo grounds.
search_hooks: list[Callable[[float], None]] = deadline.hooks


@dataclass(frozen=True)
class Solution:
    """What one solve call returned: the models' shown symbols, and the facts derived for sure."""

    models: tuple[frozenset[clingo.Symbol], ...]
    """Each model's shown symbols (with projection: each distinct projection once)."""
    exhausted: bool
    """True when the search space was exhausted, False when ``limit`` (or the time limit) stopped it early."""
    facts: tuple[clingo.Symbol, ...] = ()
    """Atoms the grounder derived as facts whose predicate is in ``fact_signatures``."""
    ground_seconds: float = 0.0
    solve_seconds: float = 0.0
    messages: tuple[str, ...] = field(default=())
    """What clingo printed while grounding (warnings and infos)."""
    undecided: frozenset[str] = frozenset()
    """The predicates of ``fact_signatures`` with atoms the grounder left open (not facts):
    for the others, ``facts`` is the whole answer, whatever the search found."""
    timed_out: bool = False
    """True when the time limit stopped the search: ``models`` are those found before it."""
    rules: tuple[int, int] = (0, 0)
    """(rules grounded, rules in the rule base of the query): the rest could not fire for these
    facts (:mod:`mtgasp.relevance`)."""
    by_name: dict[str, tuple[clingo.Symbol, ...]] = field(default_factory=dict, repr=False, compare=False)
    """``facts`` grouped by predicate name (read without asking clingo for each symbol's name)."""

    def named(self, name: str) -> tuple[clingo.Symbol, ...]:
        """The derived facts of predicate ``name`` (one of ``fact_signatures``)."""
        return self.by_name.get(name, ())

    @property
    def satisfiable(self) -> bool:
        return bool(self.models)


def _program_text(facts: Iterable[clingo.Symbol | str]) -> str:
    return "".join(f"{f}.\n" for f in facts)


def solve(
    facts: Iterable[clingo.Symbol | str],
    query: str,
    *,
    project: bool | str = True,
    limit: int = 0,
    enum_mode: str | None = None,
    fact_signatures: Sequence[tuple[str, int]] = (),
    options: Sequence[str] = (),
    timeout: float | None = None,
) -> Solution:
    """Ground the rule set with ``facts`` and the query file ``queries/<query>.lp``, then solve.

    ``limit`` caps the number of models (0: all). ``project`` enumerates each distinct projection
    once: ``True`` onto the shown atoms, ``"project"`` onto the ``#project`` atoms. ``enum_mode`` is clingo's (``brave``,
    ``cautious``, ...); with ``brave`` the last model holds every atom true in some answer set.
    ``fact_signatures`` names predicates whose atoms the grounder derived as facts to return
    (deterministic consequences, read once instead of from every model).

    ``timeout`` (seconds, None for no limit) bounds the whole call: the search runs
    asynchronously and is cancelled when the time is up (``timed_out`` is then True and
    ``models`` holds what was found before). Grounding cannot be interrupted: the rules are
    written so that it grows about linearly with the state (see docs/benchmarks.md), and when
    it alone used up the time, the search does not start (and :mod:`mtgasp.watchdog` stops a
    command whose grounding runs past the time: each deadline goes to :data:`search_hooks`).
    A command-line command's own deadline (:mod:`mtgasp.deadline`) caps ``timeout``: the search
    stops when the command's time is up, however the time was spent before it.
    """
    command_left = deadline.left()
    if command_left is not None:
        timeout = max(command_left, 0.0) if timeout is None else min(timeout, max(command_left, 0.0))
    if timeout is not None:
        deadline.announce(time.monotonic() + max(timeout, 0.0))
    messages: list[str] = []

    def logger(code: clingo.MessageCode, message: str) -> None:
        messages.append(message)
        log.debug("clingo: %s", message)

    args = [str(limit)]
    if project:
        # "show": distinct projections onto the shown atoms; "project": onto #project atoms.
        args.append(f"--project={'show' if project is True else project}")
    if enum_mode:
        args.append(f"--enum-mode={enum_mode}")
    args.extend(options)
    ctl = clingo.Control(args, logger=logger, message_limit=50)
    base = rules_dir()
    t0 = time.perf_counter()
    try:
        text = _program_text(facts)
        rules = rule_base([base / "engine.lp", base / "queries" / f"{query}.lp"], base).load(ctl, text)
        ctl.add("base", [], text)
        ctl.ground([("base", [])])
    except RuntimeError as e:
        said = "; ".join(m.strip().replace("\n", " ") for m in messages[:3])
        raise RulesError(f"the rules could not be grounded for query '{query}' ({e}): {said}") from None
    t1 = time.perf_counter()
    derived: list[clingo.Symbol] = []
    by_name: dict[str, list[clingo.Symbol]] = {}
    undecided: set[str] = set()
    for name, arity in fact_signatures:
        group = by_name.setdefault(name, [])
        for atom in ctl.symbolic_atoms.by_signature(name, arity):
            if atom.is_fact:
                group.append(atom.symbol)
            else:
                undecided.add(name)
        derived.extend(group)
    models: list[frozenset[clingo.Symbol]] = []

    def on_model(model: clingo.Model) -> None:
        models.append(frozenset(model.symbols(shown=True)))

    timed_out = False
    if timeout is None:
        result = ctl.solve(on_model=on_model)
        exhausted = bool(result.exhausted)
    else:
        left = timeout - (time.perf_counter() - t0)
        if left <= 0:
            timed_out, exhausted = True, False
        else:
            with ctl.solve(on_model=on_model, async_=True) as handle:  # type: ignore[union-attr]
                if not handle.wait(left):
                    handle.cancel()
                    timed_out = True
                result = handle.get()
            exhausted = bool(result.exhausted) and not timed_out
    t2 = time.perf_counter()
    if enum_mode in ("brave", "cautious") and models:
        models = [models[-1]]
    return Solution(
        models=tuple(models),
        exhausted=exhausted or (not limit and not timed_out),
        timed_out=timed_out,
        undecided=frozenset(undecided),
        facts=tuple(derived),
        by_name={k: tuple(v) for k, v in by_name.items()},
        rules=rules,
        ground_seconds=t1 - t0,
        solve_seconds=t2 - t1,
        messages=tuple(messages),
    )


def dump_program(path: str | Path, facts: Iterable[clingo.Symbol | str], query: str, *, project: bool = True) -> str:
    """Write the facts of a query to ``path`` and return the equivalent ``clingo`` command line."""
    path = Path(path)
    path.write_text(f"% mtgasp query '{query}': state and card facts\n" + _program_text(facts), encoding="utf-8")
    base = rules_dir()
    parts = ["clingo", "0", str(base / "engine.lp"), str(base / "queries" / f"{query}.lp"), str(path)]
    if project:
        parts.append("--project")
    return " ".join(parts)
