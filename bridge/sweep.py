"""``mtgasp sweep CORPUS``: every card of a corpus in generated states, queried and checked.

Each batch of ``--batch`` cards (default 50) is put on the battlefield of three generated
states — ``alone`` (the cards, alternately alice's and bob's), ``lands`` (with basic lands,
Reflecting Pool and Exotic Orchard around them) and ``replacement`` (with Naked Singularity, Mana
Reflection and Mana Flare) — and each state is asked ``check`` (solved directly, to see an
unsatisfiable program and clingo's grounding messages) and both players' mana abilities. In the
``lands`` state each card with a mana ability is also tapped and asked what it could produce.
Invariants, each a failure class of the report:

* ``crash: <error>`` — an exception that is not mtgasp's own error for bad input;
* ``error: <error>`` — mtgasp refused the query (``IllegalActionError``: no legal outcome ...);
* ``unsatisfiable: <query>`` — no answer set on a valid state;
* ``violation: CR n`` — ``check`` finds a rule violation in a generated (valid) state;
* ``grounding: <message>`` — clingo reported an undefined operation or atom;
* ``contradiction: tap outside could-produce`` — a tap outcome of a type the permanent could
  not produce (CR 106.7).

A batch that fails is run again card by card, so each failure names its card. Cards that are not
permanents (instants, sorceries) are counted as skipped. Batches run on local processes
(``concurrent.futures``) or, with ``--scheduler ADDRESS``, on a Dask distributed cluster (the
optional extra ``mtgasp[dask]``; every worker must be able to read the corpus file).
"""

from __future__ import annotations

import json
import random
import sys
import time
import traceback
from collections import defaultdict
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from .card_files import iter_card_file
from .cards import CardDatabase
from .engine import solve
from .errors import EngineError
from .queries import Engine
from .state import loads_state

__all__ = ["SweepReport", "sweep", "sweep_batch", "sweep_command", "corpus_names"]

CONTEXTS: dict[str, list[dict[str, Any]]] = {
    "alone": [],
    "lands": [
        {"id": "ctx_forest", "card": "Forest", "controller": "alice"},
        {"id": "ctx_island", "card": "Island", "controller": "alice"},
        {"id": "ctx_mountain", "card": "Mountain", "controller": "bob"},
        {"id": "ctx_pool", "card": "Reflecting Pool", "controller": "alice"},
        {"id": "ctx_orchard", "card": "Exotic Orchard", "controller": "bob"},
    ],
    "replacement": [
        {"id": "ctx_forest", "card": "Forest", "controller": "alice"},
        {"id": "ctx_singularity", "card": "Naked Singularity", "controller": "bob"},
        {"id": "ctx_reflection", "card": "Mana Reflection", "controller": "alice"},
        {"id": "ctx_flare", "card": "Mana Flare", "controller": "bob"},
    ],
}
_PERMANENT_TYPES = ("Land", "Creature", "Artifact", "Enchantment", "Planeswalker", "Battle")
_ENGINES: dict[str, Engine] = {}


@dataclass
class BatchResult:
    cards: int = 0
    skipped: int = 0
    queries: int = 0
    failures: list[tuple[str, str, str, str]] = field(default_factory=list)
    """(class, card, state, detail)."""
    unsupported_text: int = 0
    unmodelled: int = 0
    cpu_seconds: float = 0.0
    """CPU time spent in the batch (its process), apart from waiting for a busy machine."""


def corpus_names(path: str | Path) -> list[str]:
    """The card names of a corpus file, in file order, each once."""
    return list(dict.fromkeys(card.name for card, _aliases in iter_card_file(path)))


def _engine(corpus: str) -> Engine:
    """One engine per process and corpus (the card database is read once)."""
    if corpus not in _ENGINES:
        _ENGINES[corpus] = Engine(CardDatabase.from_file(corpus))
    return _ENGINES[corpus]


def _is_permanent(type_line: str) -> bool:
    front = type_line.split("—")[0]
    return any(t in front for t in _PERMANENT_TYPES)


def _state_doc(cards: list[str], context: str) -> dict[str, Any]:
    bf = [{"id": f"c{i}", "card": name, "controller": ("alice", "bob")[i % 2]} for i, name in enumerate(cards)]
    return {"players": ["alice", "bob"], "active": "alice", "step": "precombat_main", "battlefield": bf + CONTEXTS[context]}


def _check_state(engine: Engine, cards: list[str], context: str, out: BatchResult) -> None:
    doc = _state_doc(cards, context)
    label = cards[0] if len(cards) == 1 else f"batch of {len(cards)} from {cards[0]}"
    try:
        state = loads_state(json.dumps(doc), format="json", db=engine.db)
    except EngineError as e:
        out.failures.append((f"error: {type(e).__name__}", label, context, str(e)[:300]))
        return
    try:
        facts = engine.facts(state)
        sol = solve(facts, "check", project=False)
        out.queries += 1
        if not sol.satisfiable:
            out.failures.append(("unsatisfiable: check", label, context, ""))
        for m in sol.messages:
            out.failures.append((f"grounding: {m.split(':', 3)[-1].strip()[:80]}", label, context, m[:300]))
        for s in sol.models[0] if sol.models else ():
            if s.name == "invalid":
                out.failures.append((f"violation: CR {s.arguments[0].string}", label, context, str(s)))
            elif s.name == "unmodelled":
                out.unmodelled += 1
        mana_objects: set[str] = set()
        for player in ("alice", "bob"):
            reports = engine.mana_abilities(state, player)
            out.queries += 1
            mana_objects |= {r.object for r in reports if r.object.startswith("c")}
        if context == "lands":
            for obj in sorted(mana_objects):
                could = set(engine.could_produce(state, obj).types)
                made = {t for o in engine.tap(state, obj).outcomes for t in o.replaced.types}
                out.queries += 2
                if not made <= could:
                    out.failures.append(("contradiction: tap outside could-produce", cards[int(obj[1:])], context,
                                         f"{obj}: tap gives {sorted(made)}, could produce {sorted(could)}"))
    except EngineError as e:
        out.failures.append((f"error: {type(e).__name__}", label, context, str(e)[:300]))
    except (RuntimeError, ValueError, KeyError, IndexError, AttributeError, TypeError, AssertionError, RecursionError) as e:
        detail = "".join(traceback.format_exception_only(type(e), e)).strip()[:300]
        out.failures.append((f"crash: {type(e).__name__}", label, context, detail))


def sweep_batch(corpus: str, names: list[str], contexts: tuple[str, ...] = tuple(CONTEXTS)) -> BatchResult:
    """Sweep one batch of card names; a failing batch is run again card by card."""
    cpu0 = time.process_time()
    engine = _engine(corpus)
    out = BatchResult()
    try:
        _sweep_batch(engine, names, contexts, out)
    finally:
        out.cpu_seconds = time.process_time() - cpu0
    return out


def _sweep_batch(engine: Engine, names: list[str], contexts: tuple[str, ...], out: BatchResult) -> None:
    cards = []
    for name in names:
        card = engine.db.get(name)
        if not _is_permanent(card.type_line or ""):
            out.skipped += 1
            continue
        cards.append(card.name)
        out.unsupported_text += len(engine.db.parsed(card.name).unsupported)
    out.cards = len(names)
    if not cards:
        return
    trial = BatchResult()
    for context in contexts:
        _check_state(engine, cards, context, trial)
    out.queries += trial.queries
    out.unmodelled += trial.unmodelled
    if not trial.failures or len(cards) == 1:
        out.failures.extend(trial.failures)
        return
    for name in cards:  # attribute each failure to its card
        single = BatchResult()
        for context in contexts:
            _check_state(engine, [name], context, single)
        out.queries += single.queries
        out.failures.extend(single.failures)
    if not out.failures:  # only the cards together fail: report the batch
        out.failures.extend(trial.failures)


@dataclass
class SweepReport:
    corpus: str
    cards: int
    skipped: int
    queries: int
    seconds: float
    workers: int
    executor: str
    failures: dict[str, list[tuple[str, str, str]]]
    unsupported_text: int
    unmodelled: int
    cpu_seconds: float = 0.0

    @property
    def cards_per_second(self) -> float:
        return self.cards / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "corpus": self.corpus,
            "cards": self.cards,
            "skipped_not_permanents": self.skipped,
            "queries": self.queries,
            "seconds": round(self.seconds, 2),
            "cards_per_second": round(self.cards_per_second, 2),
            "cpu_seconds": round(self.cpu_seconds, 2),
            "cards_per_cpu_second": round(self.cards / self.cpu_seconds, 2) if self.cpu_seconds else None,
            "workers": self.workers,
            "executor": self.executor,
            "failure_classes": {
                k: {"count": len(v), "examples": [{"card": c, "state": s, "detail": d} for c, s, d in v[:5]]}
                for k, v in sorted(self.failures.items(), key=lambda kv: -len(kv[1]))
            },
            "unsupported_abilities": self.unsupported_text,
            "unmodelled_parts": self.unmodelled,
        }

    def lines(self) -> Iterator[str]:
        yield (f"{self.cards} cards ({self.skipped} not permanents, skipped), {self.queries} queries in "
               f"{self.seconds:.1f} s: {self.cards_per_second:.1f} cards/s on {self.workers} {self.executor} worker(s)"
               f" ({self.cpu_seconds:.1f} s of CPU in the workers)")
        yield f"text the parser does not support: {self.unsupported_text} abilities; parts not modelled: {self.unmodelled}"
        if not self.failures:
            yield "no failure: no crash, no contradiction, no unsatisfiable program"
        for k, v in sorted(self.failures.items(), key=lambda kv: -len(kv[1])):
            yield f"{len(v):>6}  {k}"
            for card, state, detail in v[:3]:
                yield f"          {card} [{state}]" + (f": {detail[:140]}" if detail else "")


class _Progress:
    """A progress bar on stderr: redrawn in place on a terminal, a line each 30 s otherwise."""

    def __init__(self, total: int, enabled: bool = True) -> None:
        self.total, self.done, self.t0, self.enabled = total, 0, time.perf_counter(), enabled
        self.tty = sys.stderr.isatty()
        self._last_line = 0.0

    def update(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        elapsed = time.perf_counter() - self.t0
        rate = self.done / elapsed if elapsed else 0.0
        eta = (self.total - self.done) / rate if rate else 0.0
        filled = int(30 * self.done / max(self.total, 1))
        text = f"[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} cards  {rate:.1f}/s  ETA {eta / 60:.1f} min"
        if self.tty:
            sys.stderr.write("\r" + text)
            if self.done >= self.total:
                sys.stderr.write("\n")
        elif elapsed - self._last_line >= 30 or self.done >= self.total:
            self._last_line = elapsed
            sys.stderr.write(text + "\n")
        sys.stderr.flush()


def _batches(names: list[str], size: int) -> list[list[str]]:
    return [names[i:i + size] for i in range(0, len(names), size)]


def sweep(
    corpus: str | Path,
    *,
    sample: int | None = None,
    seed: int = 0,
    workers: int = 1,
    batch: int = 50,
    scheduler: str | None = None,
    contexts: tuple[str, ...] = tuple(CONTEXTS),
    progress: bool = True,
    names: Iterable[str] | None = None,
) -> SweepReport:
    corpus = str(Path(corpus).resolve())
    all_names = list(names) if names is not None else corpus_names(corpus)
    if sample is not None and sample < len(all_names):
        all_names = sorted(random.Random(seed).sample(all_names, sample), key=all_names.index)
    batches = _batches(all_names, batch)
    bar = _Progress(len(all_names), progress)
    totals = BatchResult()
    failures: dict[str, list[tuple[str, str, str]]] = defaultdict(list)

    def take(r: BatchResult) -> None:
        totals.cards += r.cards
        totals.skipped += r.skipped
        totals.queries += r.queries
        totals.unsupported_text += r.unsupported_text
        totals.unmodelled += r.unmodelled
        totals.cpu_seconds += r.cpu_seconds
        for cls, card, state, detail in r.failures:
            failures[cls].append((card, state, detail))
        bar.update(r.cards)

    t0 = time.perf_counter()
    if scheduler:
        executor = "dask"
        try:
            from dask.distributed import Client, as_completed as dask_completed
        except ImportError:
            raise EngineError("--scheduler needs Dask distributed: pip install 'mtgasp[dask]'") from None
        with Client(scheduler) as client:
            workers = len(client.scheduler_info().get("workers", {})) or workers
            futures = client.map(sweep_batch, [corpus] * len(batches), batches, [contexts] * len(batches), pure=False)
            for fut in dask_completed(futures):
                take(fut.result())
    elif workers <= 1:
        executor = "local"
        for b in batches:
            take(sweep_batch(corpus, b, contexts))
    else:
        executor = "process"
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futs = [pool.submit(sweep_batch, corpus, b, contexts) for b in batches]
            for f in as_completed(futs):
                take(f.result())
    return SweepReport(corpus, totals.cards, totals.skipped, totals.queries, time.perf_counter() - t0, workers, executor,
                       dict(failures), totals.unsupported_text, totals.unmodelled, totals.cpu_seconds)


@click.command("sweep")
@click.argument("corpus", type=click.Path(exists=True, dir_okay=False))
@click.option("--sample", type=click.IntRange(min=1), help="Sweep a random sample of this many cards (see --seed).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sample.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Local worker processes.")
@click.option("--batch", type=click.IntRange(min=1), default=50, show_default=True,
              help="Cards per generated state (a failing batch is rerun card by card).")
@click.option("--scheduler", metavar="ADDRESS", help="Run on this Dask distributed scheduler (tcp://host:8786) instead.")
@click.option("--states", default=",".join(CONTEXTS), show_default=True, help="Which generated states.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
def sweep_command(corpus: str, sample: int | None, seed: int, workers: int, batch: int, scheduler: str | None,
                  states: str, quiet: bool, as_json: bool) -> None:
    """Put every card of CORPUS (a card file: JSON lines, Scryfall, MTGJSON) into generated states
    and run the queries and invariants: no crash, no contradiction, no unsatisfiable program. A
    report by failure class; exit status 1 when there is a failure."""
    contexts = tuple(s.strip() for s in states.split(",") if s.strip())
    bad = [c for c in contexts if c not in CONTEXTS]
    if bad:
        raise EngineError(f"--states: unknown state {bad[0]!r}; expected some of: {', '.join(CONTEXTS)}")
    report = sweep(corpus, sample=sample, seed=seed, workers=workers, batch=batch, scheduler=scheduler,
                   contexts=contexts, progress=not quiet)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        for line in report.lines():
            click.echo(line)
    if report.failures:
        raise click.exceptions.Exit(1)
