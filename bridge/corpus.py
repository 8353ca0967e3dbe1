"""Measuring the parser on a corpus of real cards: ``mtgasp corpus FILE [--json] [--limit N] [--jobs N]``.

:func:`iter_card_records` reads the card formats users already have and yields one plain dict
per card face (keys: name, mana_cost, type_line, oracle_text, power, toughness, loyalty,
defense, color_indicator):

* Scryfall bulk ``oracle_cards`` JSON — a JSON array of card objects; a multi-face card
  (``card_faces``) gives one record per face;
* MTGJSON ``AtomicCards.json`` — ``{"data": {name: [face, ...]}}``; the type line is the
  ``type`` field, or is rebuilt from supertypes/types/subtypes, joining a split "Time" "Lord"
  back into the one subtype "Time Lord" (CR 205.3m);
* JSON lines with those keys (``cards.jsonl``).

:func:`measure` parses every record and reports: cards fully parsed, cards executable (fully
parsed, and every fact read by some rule: ``mtgasp.reads``), abilities parsed,
coverage per ability class, the mana-ability lines that became mana facts, the most frequent
unsupported templates (symbols, numbers and names replaced by placeholders) with an example
card each, the facts no rule reads most often, internal parser errors, and the time taken.
"""

from __future__ import annotations

import functools
import gc
import itertools
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Iterator

import click

from .card_files import iter_card_file
from .collector import young_only
# the text judgements the report counts by; is_keyword_line, is_mana_line and template_of are
# also this module's API (as before they moved to corpus_text.py)
from .corpus_counts import Counts
from .corpus_text import (_keyword_line, _no_keyword_at_a_glance, ability_class_of_text, ability_verdict,  # noqa: F401
                          is_keyword_line, is_mana_line, template_of)
from .corpus_unread import card_unread  # noqa: F401  (this module's API before it moved)
from .errors import CardDataError

RECORD_KEYS = (
    "name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty",
    "defense", "color_indicator",
)


# --- reading card files ------------------------------------------------------------------

def iter_card_records(path: str | Path) -> Iterator[dict[str, Any]]:
    """One dict per card (with the :data:`RECORD_KEYS`), whatever the file format: Scryfall bulk
    JSON, MTGJSON ``AtomicCards.json`` or JSON lines. The formats are read by the card database's
    importer (:func:`mtgasp.cards.iter_card_file`) and checked alike, so the corpus report sees
    exactly the cards a user's ``--cards`` file gives (as plain dicts: no Card object per record)."""
    for record, _aliases in iter_card_file(path, plain=True):
        yield record


# --- measuring ---------------------------------------------------------------------------

def _parse_batch(recs: list[dict[str, Any]], aliases: bool = False, counts: Counts | None = None) -> tuple:
    """Parse a batch of records and count them (:class:`~mtgasp.corpus_counts.Counts`): (CPU
    seconds inside parse_card, None) when counted into ``counts``; without it (in a worker
    process) into a fresh :class:`Counts` whose plain state comes back in place of None. The
    parses run back to back with the collector paused (parse_card pauses it anyway) and are
    timed once per batch; what the report learns of each card comes after. With ``aliases``
    each record is parsed on its own with the cache of parsed texts emptied (every text is
    parsed, so that each card counts for the aliases that read it)."""
    if aliases:
        cpu = 0.0
        pcs = []
        used = []
        for rec in recs:
            c, pc, names = _parse_traced(rec)
            cpu += c
            pcs.append(pc)
            used.append(names)
    else:
        parse = _parser()[0].parse_card
        used = None
        paused = gc.isenabled()
        gc.disable()
        try:
            tp = time.process_time()
            pcs = [parse(rec["name"], rec["oracle_text"], type_line=rec["type_line"], mana_cost=rec["mana_cost"],
                         power=rec["power"], toughness=rec["toughness"], loyalty=rec["loyalty"],
                         defense=rec["defense"], color_indicator=rec["color_indicator"]) for rec in recs]
            cpu = time.process_time() - tp
        finally:
            if paused:
                gc.enable()
    if counts is not None:
        counts.add(recs, pcs, used)
        return cpu, None
    mine = Counts()
    mine.add(recs, pcs, used)
    return cpu, mine.state()


def _parse_traced(rec: dict[str, Any]) -> tuple:
    """One record parsed with the unit cache emptied and the grammar's rules traced: (CPU
    seconds, the parsed card, the aliases its parse used)."""
    P, tables, _quote = _parser()
    P._UNIT_CACHE.clear()
    tables.trace = set()
    tp = time.process_time()
    pc = P.parse_card(
        rec["name"], rec["oracle_text"], type_line=rec["type_line"],
        mana_cost=rec["mana_cost"], power=rec["power"], toughness=rec["toughness"],
        loyalty=rec["loyalty"], defense=rec["defense"],
        color_indicator=rec["color_indicator"],
    )
    cpu = time.process_time() - tp
    rules = tables.rules
    used = frozenset(rules[i]["name"] for i in tables.trace if rules[i]["alias"])
    tables.trace = None
    return cpu, pc, used


@functools.lru_cache(maxsize=None)
def _parser() -> tuple:
    """The parser package, its tables and its quoting function, imported once (not per card)."""
    import mtgasp.parser as P
    from mtgasp.parser.build import get_parser
    from mtgasp.parser.facts import quote

    return P, get_parser().tables, quote




#: records parsed back to back per batch (one process): the CPU clock is read twice per batch
_BATCH = 32


def _parsed(recs: list[dict[str, Any]], jobs: int, counts: Counts, aliases: bool = False) -> Iterator[tuple]:
    """:func:`_parse_batch` over consecutive batches of ``recs``, in order, counted into
    ``counts``: (CPU seconds inside parse_card, the number of records) per batch. With ``jobs``
    processes (forked after the parser is built, so each starts with its tables) each worker
    counts its batch, and the batches' counts are added up here in order."""
    import functools

    if jobs <= 1 or len(recs) < 2 * jobs:
        for i in range(0, len(recs), _BATCH):
            batch = recs[i:i + _BATCH]
            yield _parse_batch(batch, aliases, counts)[0], len(batch)
        return
    import multiprocessing

    work = functools.partial(_parse_batch, aliases=aliases)
    size = max(16, min(_BATCH, len(recs) // (jobs * 16)))
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ctx.Pool(jobs) as pool:
        for cpu, state in pool.imap(work, [recs[i:i + size] for i in range(0, len(recs), size)]):
            counts.merge(state)
            yield cpu, state[0]


def measure(records: Iterable[dict[str, Any]], *, limit: int | None = None,
            progress: bool = False, top: int = 30, jobs: int = 1, aliases: bool = False) -> dict[str, Any]:
    """Parse every record (in ``jobs`` processes); the figures of the corpus report as one dict.
    With ``aliases``, also the grammar aliases that read one card of the corpus or none."""
    from mtgasp.parser.build import get_parser

    from .reads_table import read_table

    t0 = time.perf_counter()
    get_parser()
    read_table()  # before the workers fork: each starts with the table of what the rules read
    t_build = time.perf_counter() - t0
    c_read = time.process_time()
    # reading builds a tree of new objects per record and no reference cycle: the cyclic collector
    # is paused meanwhile (it would walk the records read so far again and again, for nothing)
    paused = gc.isenabled()
    gc.disable()
    try:
        if limit is not None and limit >= 0:  # only the first records are read (and checked)
            recs = list(itertools.islice(records, limit))
        else:
            recs = list(records)
            if limit is not None:
                recs = recs[:limit]
    finally:
        if paused:
            gc.enable()
    c_read = time.process_time() - c_read
    # the cyclic collector collects the young objects only meanwhile (parse_card pauses it, the
    # bookkeeping between its calls triggers it): the caches that grow through the run are not
    # walked again and again (mtgasp.collector)
    restore_collector = young_only()
    collector = _CollectorClock()
    gc.callbacks.append(collector)
    counts = Counts()
    t1 = time.perf_counter()
    c_loop = time.process_time()
    parse_cpu = 0.0  # CPU time inside parse_card alone (the report's own bookkeeping excluded)
    bar_ctx = click.progressbar(length=len(recs), label="parsing", file=sys.stderr) if progress else None
    bar = bar_ctx.__enter__() if bar_ctx else None
    try:
        for cpu, n in _parsed(recs, jobs, counts, aliases):
            if bar is not None:
                bar.update(n)
            parse_cpu += cpu
    finally:
        gc.callbacks.remove(collector)
        restore_collector()
        if bar_ctx:
            bar_ctx.__exit__(None, None, None)
    fig = counts.figures(top)
    elapsed = time.perf_counter() - t1
    c_loop = time.process_time() - c_loop
    cards, full, executable = counts.cards, counts.full, counts.executable
    abilities, parsed = counts.abilities, counts.parsed
    mana_lines, mana_parsed = fig["mana_lines"], fig["mana_parsed"]
    keyword_lines = fig["keyword_lines"]
    return {
        "cards": cards,
        "cards_fully_parsed": full,
        "cards_fully_parsed_pct": _pct(full, cards),
        "cards_executable": executable,
        "cards_executable_pct": _pct(executable, cards),
        "abilities": abilities,
        "abilities_parsed": parsed,
        "abilities_parsed_pct": _pct(parsed, abilities),
        "mana_lines": mana_lines,
        "mana_lines_parsed": mana_parsed,
        "mana_lines_parsed_pct": _pct(mana_parsed, mana_lines),
        "keyword_abilities": keyword_lines,
        "keyword_abilities_recognised": fig["keyword_recognised"],
        "keyword_abilities_recognised_pct": _pct(fig["keyword_recognised"], keyword_lines),
        "keyword_abilities_parsed": fig["keyword_parsed"],
        "keyword_abilities_parsed_pct": _pct(fig["keyword_parsed"], keyword_lines),
        "coverage": {c: {"total": t, "parsed": p, "pct": _pct(p, t)} for c, (t, p) in fig["per_class"].items()},
        "unsupported_templates": [
            {"template": tpl, "count": n, "example": first} for tpl, n, first in fig["templates"]
        ],
        "unread_facts": [
            {"what": why, "cards": n, "example": first} for why, n, first in fig["unread"]
        ],
        "parser_errors": counts.errors,
        **({"aliases": _alias_report(counts.alias_cards, counts.alias_example)} if aliases else {}),
        "seconds": round(elapsed, 2),
        "seconds_parse_cpu": round(parse_cpu, 2),
        "jobs": jobs,
        "seconds_grammar_build": round(t_build, 2),
        # CPU of this process (with jobs, the workers' parsing is not in it): reading the card
        # file, and the report's bookkeeping around parse_card (parse_card's own time and the
        # garbage collector's excluded)
        "seconds_read_cpu": round(c_read, 2),
        "seconds_bookkeeping_cpu": round(c_loop - (parse_cpu if jobs <= 1 else 0.0) - collector.cpu, 2),
        # the cyclic garbage collector's CPU meanwhile (parse_card pauses it: it collects what a
        # parse left in reference cycles when the report's code next allocates)
        "seconds_gc_cpu": round(collector.cpu, 2),
    }


class _CollectorClock:
    """A :data:`gc.callbacks` entry adding up the CPU time of the collections."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self._start = 0.0

    def __call__(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._start = time.process_time()
        else:
            self.cpu += time.process_time() - self._start


def _alias_report(cards: Counter, example: dict[str, str]) -> dict[str, Any]:
    """The grammar's aliases by the number of corpus cards whose parse used them: those used by
    none and by exactly one (with that card) — templates that are not general yet."""
    from mtgasp.parser.build import get_parser

    names = sorted({r["name"] for r in get_parser().tables.rules if r["alias"]})
    return {
        "total": len(names),
        "no_card": [n for n in names if cards[n] == 0],
        "one_card": [{"alias": n, "card": example[n]} for n in names if cards[n] == 1],
    }


def _pct(a: int, b: int) -> float:
    return round(100.0 * a / b, 2) if b else 0.0


def format_report(r: dict[str, Any]) -> str:
    lines = [
        f"cards:              {r['cards']}",
        f"fully parsed:       {r['cards_fully_parsed']} ({r['cards_fully_parsed_pct']}%)",
        f"executable:         {r['cards_executable']} ({r['cards_executable_pct']}%): fully parsed, and every fact "
        "read by some rule",
        f"abilities parsed:   {r['abilities_parsed']} / {r['abilities']} ({r['abilities_parsed_pct']}%)",
        f"mana-ability lines: {r['mana_lines_parsed']} / {r['mana_lines']} parsed into mana facts ({r['mana_lines_parsed_pct']}%)",
        f"keyword lines:      {r['keyword_abilities']}: {r['keyword_abilities_recognised']} recognised "
        f"({r['keyword_abilities_recognised_pct']}%), {r['keyword_abilities_parsed']} fully parsed "
        f"({r['keyword_abilities_parsed_pct']}%)",
        "",
        "coverage by ability class:",
    ]
    for cls, v in r["coverage"].items():
        lines.append(f"  {cls:<12} {v['parsed']:>6} / {v['total']:<6} {v['pct']:>6}%")
    lines += ["", "most frequent unsupported templates:"]
    for t in r["unsupported_templates"]:
        lines.append(f"  {t['count']:>5}  {t['template'][:110]}   [{t['example']}]")
    lines += ["", "most frequent facts no rule reads (cards; not modelled in every answer):"]
    for t in r["unread_facts"]:
        lines.append(f"  {t['cards']:>5}  {t['what'][:110]}   [{t['example']}]")
    lines += ["", f"parser errors: {len(r['parser_errors'])}"]
    for e in r["parser_errors"][:10]:
        lines.append(f"  {e['card']}: {e['message'][:150]}")
    if "aliases" in r:
        a = r["aliases"]
        lines += ["", f"grammar aliases: {a['total']}; used by no card: {len(a['no_card'])}, "
                      f"by one card: {len(a['one_card'])}"]
        lines.append("  no card:  " + ", ".join(a["no_card"][:40]) + (" ..." if len(a["no_card"]) > 40 else ""))
        lines.append("  one card: " + ", ".join(f"{x['alias']} [{x['card']}]" for x in a["one_card"][:25])
                     + (" ..." if len(a["one_card"]) > 25 else ""))
    lines.append(
        f"time: {r['seconds_parse_cpu']} s of CPU parsing ({r.get('jobs', 1)} process(es)), {r['seconds']} s "
        f"in all with this report's bookkeeping (+ {r['seconds_grammar_build']} s grammar build)"
        + (f"; CPU besides parsing: reading the file {r['seconds_read_cpu']} s, the report's bookkeeping "
           f"{r['seconds_bookkeeping_cpu']} s, the garbage collector {r['seconds_gc_cpu']} s"
           if "seconds_gc_cpu" in r else "")
    )
    return "\n".join(lines)


@click.command("corpus")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON document.")
@click.option("--limit", type=int, default=None, help="Parse only the first N card faces.")
@click.option("--top", type=int, default=30, show_default=True, help="How many unsupported templates to list.")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Parse in this many processes (e.g. the number of cores).")
@click.option("--aliases", is_flag=True,
              help="Also list the grammar aliases that read one card or none (parses every text; slower).")
def corpus_command(file: str, as_json: bool, limit: int | None, top: int, jobs: int, aliases: bool) -> None:
    """Parse every card of FILE (Scryfall oracle_cards, MTGJSON AtomicCards or JSON lines) and
    report how much of the Oracle text the parser supports."""
    try:
        records = iter_card_records(file)
        report = measure(records, limit=limit, progress=sys.stderr.isatty(), top=top, jobs=jobs, aliases=aliases)
    except CardDataError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        click.echo(format_report(report))
