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

import json
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Iterator

import click

from .card_files import iter_card_file
from .errors import CardDataError

RECORD_KEYS = (
    "name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty",
    "defense", "color_indicator",
)


# --- reading card files ------------------------------------------------------------------

def iter_card_records(path: str | Path) -> Iterator[dict[str, Any]]:
    """One dict per card (with the :data:`RECORD_KEYS`), whatever the file format: Scryfall bulk
    JSON, MTGJSON ``AtomicCards.json`` or JSON lines. The formats are read by the card database's
    importer (:func:`mtgasp.cards.iter_card_file`), so the corpus report sees exactly the cards a
    user's ``--cards`` file gives."""
    for card, _aliases in iter_card_file(path):
        rec = card.to_record()
        yield {k: rec.get(k, "" if k in ("name", "mana_cost", "type_line", "oracle_text") else None) for k in RECORD_KEYS}


# --- measuring ---------------------------------------------------------------------------

_MANA_LINE = re.compile(r"\badds?\b", re.I)
#: "Add" (the verb of CR 106.4's mana abilities) or "adds", outside reminder text; not the
#: Un-cards' "Add or subtract 1 from ..." (a number, not mana)
_MANA_VERB = re.compile(r"\bAdd\b(?! or subtract\b)|\badds\b")
_REMINDER = re.compile(r"\([^)]*\)")


def is_mana_line(text: str) -> bool:
    """An ability that adds mana, by its text: "Add ..." or "... adds ..." outside reminder
    text ("{T}: Add {G}.", "that player adds one mana ..."); "Add or subtract 1 ..." is not."""
    return bool(_MANA_VERB.search(_REMINDER.sub("", text)))


def is_keyword_line(text: str, names: tuple[str, ...] = ()) -> bool:
    """An ability that begins with a CR 702 keyword ("Flying, vigilance", "Kicker {2}",
    "Ward—Pay 3 life.", "Protection from wordy"), read as the parser reads it: reminder text
    removed, the card's own ``names`` (:func:`mtgasp.parser.split.self_names`) as "~", after
    any ability word. Not a keyword line: a line that begins with the card's name ("Storm
    Entity enters ..."), one about a keyword ("Equip abilities you activate cost {1} less",
    "Flashback costs you pay cost {2} less"), a flavor word ("Gift of Tiamat — When ...")."""
    from mtgasp.parser.keywords import keyword_of_line

    return keyword_of_line(text, names) is not None


#: the report's verdicts on ability texts, kept by text: the same text recurs on many cards
_BY_TEXT: dict[tuple, Any] = {}


def _keyword_line(text: str, names: tuple[str, ...]) -> bool:
    """:func:`is_keyword_line`, kept by text when the text does not name its card. A text
    that begins (after any ability word) with a letter, has no doubled space or line break,
    and does not begin with a keyword as printed is no keyword line: normalising it (reminder
    text out, names as "~") leaves its first words as they are or makes them "~"."""
    from mtgasp.parser.lexer import mark_names

    if names and any(n in text for n in names) and mark_names(text, names):
        return not _no_keyword_at_a_glance(text) and is_keyword_line(text, names)
    key = ("kw", text)
    hit = _BY_TEXT.get(key)
    if hit is None:
        hit = _BY_TEXT[key] = not _no_keyword_at_a_glance(text) and is_keyword_line(text, names)
    return hit


def _no_keyword_at_a_glance(text: str) -> bool:
    """Begins (after any ability word) with a letter, has no doubled space or line break, and
    does not begin with a keyword as printed (see :func:`_keyword_line`)."""
    from mtgasp.parser.keywords import keyword_head
    from mtgasp.parser.split import ability_word_prefix

    head = text.lstrip()
    head = head[ability_word_prefix(head)[1]:]
    return head[:1].isalpha() and "  " not in head and "\n" not in head and keyword_head(head) is None


def _class_of_text(text: str, is_spell: bool) -> str:
    key = ("cls", text, is_spell)
    hit = _BY_TEXT.get(key)
    if hit is None:
        hit = _BY_TEXT[key] = ability_class_of_text(text, is_spell)
    return hit


def _mana_line(text: str) -> bool:
    key = ("mana", text)
    hit = _BY_TEXT.get(key)
    if hit is None:
        hit = _BY_TEXT[key] = is_mana_line(text)
    return hit


_KEYWORDISH = re.compile(r"^[A-Z][a-z\-]+(?: [a-z\-]+)?(?: \d+| X| \{|—|,|$)")
_ADDS_MANA = re.compile(r"\badds?\b[^.]*(\{[WUBRGC\dX]|mana)", re.I)
_TRIGGER_START = re.compile(r"^(When|Whenever|At)\b")
_REPLACEMENT_START = re.compile(r"^(If|As)\b")
_SYMBOLS = re.compile(r"\{[WUBRGCSXYZ/P\d]+\}")
_NUMBERS = re.compile(r"[+\-−]?\b\d+\b")
_NUMBER_WORDS = re.compile(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|X)\b")
_SPACES = re.compile(r"\s+")


def ability_class_of_text(text: str, is_spell: bool) -> str:
    """A coarse class for any ability text (also unparsed ones), for the coverage table."""
    t = _REMINDER.sub("", text).strip()
    head = t.split(".")[0]
    if _MANA_LINE.search(t) and _ADDS_MANA.search(t):
        return "mana"
    if _TRIGGER_START.match(t):
        return "triggered"
    if ":" in head and not t.startswith("•"):
        return "activated"
    if "instead" in t and _REPLACEMENT_START.match(t):
        return "replacement"
    if is_spell:
        return "spell"
    return "static"


def template_of(text: str) -> str:
    """An unsupported text as a template: symbols, numbers and names as placeholders."""
    t = _REMINDER.sub("", text)
    t = _SYMBOLS.sub("{M}", t)
    t = _NUMBERS.sub("N", t)
    t = _NUMBER_WORDS.sub("N", t)
    t = _SPACES.sub(" ", t).strip()
    return t


def _parse_record(rec: dict[str, Any], aliases: bool = False) -> tuple:
    """Parse one record: (CPU seconds, fully parsed, [(index, text, supported, message, kinds)],
    the grammar aliases its parse used or None, what no rule reads of its facts) — plain data, so that a worker process can
    send it back. With ``aliases`` the cache of parsed texts is not used (every text is parsed,
    so that each card counts for the aliases that read it)."""
    import mtgasp.parser as P
    from mtgasp.parser import parse_card
    from mtgasp.parser.build import get_parser
    from mtgasp.parser.facts import quote

    tables = get_parser().tables
    if aliases:
        P._UNIT_CACHE.clear()
        tables.trace = set()
    tp = time.process_time()
    pc = parse_card(
        rec["name"], rec["oracle_text"], type_line=rec["type_line"],
        mana_cost=rec["mana_cost"], power=rec["power"], toughness=rec["toughness"],
        loyalty=rec["loyalty"], defense=rec["defense"],
        color_indicator=rec["color_indicator"],
    )
    cpu = time.process_time() - tp
    abilities = [(a.index, a.text, a.supported, a.message, a.kinds) for a in pc.abilities]
    used = None
    if aliases:
        rules = tables.rules
        used = frozenset(rules[i]["name"] for i in tables.trace if rules[i]["alias"])
        tables.trace = None
    card = f"card({quote(rec['name'])})"
    unread = _unread_kinds((ts for _, ts in pc.texts), card)
    return cpu, pc.fully_parsed, abilities, used, unread


#: fact text, its card term replaced by ``card(0)`` → why no rule reads it (None: read)
_UNREAD: dict[str, str | None] = {}
#: a block of fact texts (one ability's, or a card's own), joined by line breaks, its card
#: term replaced by ``card(0)`` → the reasons why no rule reads some of them
_UNREAD_BLOCKS: dict[str, frozenset[str]] = {}


def _unread_kinds(blocks: Iterable[tuple[str, ...]], card: str = "") -> tuple[str, ...]:
    """What no rule reads among a card's facts (as the parser prints them, in ``blocks``:
    ``ParsedCard.texts``'s fact tuples; mtgasp.reads), each reason once: empty when the rules
    read every fact of the card. The verdict on a fact depends on its predicate and the kinds
    of its arguments (``card/1`` whatever the card's name), so it is kept by the fact's text
    with the card term ``card`` replaced, and so is a whole block's: the same ability (same
    number) on many cards is judged once, in one look-up."""
    out: set[str] = set()
    for facts in blocks:
        if not facts:
            continue
        joined = "\n".join(facts)
        key = joined.replace(card, "card(0)") if card else joined
        whys = _UNREAD_BLOCKS.get(key)
        if whys is None:
            if len(_UNREAD_BLOCKS) > 200_000:
                _UNREAD_BLOCKS.clear()
            whys = _UNREAD_BLOCKS[key] = _unread_of(key.split("\n"))
        out |= whys
    return tuple(sorted(out))


def _unread_of(facts: list[str]) -> frozenset[str]:
    """The reasons why no rule reads some of ``facts`` (texts with the card term ``card(0)``)."""
    from .reads import read_table

    table = read_table()
    out = set()
    for key in facts:
        why = _UNREAD.get(key, False)
        if why is False:
            if len(_UNREAD) > 500_000:
                _UNREAD.clear()
            why = _UNREAD[key] = table.unread_text(key)
        if why is not None:
            out.add(why)
    return frozenset(out)


def _parsed(recs: list[dict[str, Any]], jobs: int, aliases: bool = False) -> Iterator[tuple]:
    """:func:`_parse_record` over ``recs`` in order, in ``jobs`` processes (forked after the
    parser is built, so each starts with its tables)."""
    import functools

    work = functools.partial(_parse_record, aliases=aliases)
    if jobs <= 1 or len(recs) < 2 * jobs:
        yield from map(work, recs)
        return
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ctx.Pool(jobs) as pool:
        yield from pool.imap(work, recs, chunksize=max(16, len(recs) // (jobs * 16)))


def measure(records: Iterable[dict[str, Any]], *, limit: int | None = None,
            progress: bool = False, top: int = 30, jobs: int = 1, aliases: bool = False) -> dict[str, Any]:
    """Parse every record (in ``jobs`` processes); the figures of the corpus report as one dict.
    With ``aliases``, also the grammar aliases that read one card of the corpus or none."""
    from mtgasp.parser.build import get_parser
    from mtgasp.parser.split import self_names

    from .reads import read_table

    t0 = time.perf_counter()
    get_parser()
    read_table()  # before the workers fork: each starts with the table of what the rules read
    t_build = time.perf_counter() - t0
    recs = list(records)
    if limit is not None:
        recs = recs[:limit]
    classes = ("mana", "keyword", "activated", "triggered", "static", "replacement", "spell")
    per_class = {c: [0, 0] for c in classes}
    cards = full = abilities = parsed = executable = 0
    unread_kinds: Counter[str] = Counter()
    unread_example: dict[str, str] = {}
    mana_lines = mana_parsed = 0
    keyword_lines = keyword_recognised = keyword_parsed = 0
    templates: Counter[str] = Counter()
    example: dict[str, str] = {}
    errors: list[dict[str, str]] = []
    alias_cards: Counter[str] = Counter()
    alias_example: dict[str, str] = {}
    t1 = time.perf_counter()
    parse_cpu = 0.0  # CPU time inside parse_card alone (the report's own bookkeeping excluded)
    bar_ctx = click.progressbar(length=len(recs), label="parsing", file=sys.stderr) if progress else None
    bar = bar_ctx.__enter__() if bar_ctx else None
    try:
        for rec, (cpu, fully, abs_, used, unread) in zip(recs, _parsed(recs, jobs, aliases)):
            if bar is not None:
                bar.update(1)
            cards += 1
            parse_cpu += cpu
            if used is not None:
                for name in used:
                    alias_cards[name] += 1
                    alias_example.setdefault(name, rec["name"])
            if fully:
                full += 1
                executable += not unread
            for why in unread:
                unread_kinds[why] += 1
                unread_example.setdefault(why, rec["name"])
            low = rec["type_line"].lower()
            is_spell = ("instant" in low or "sorcery" in low) and "creature" not in low
            kinds = _fact_kinds(abs_)
            names = self_names(rec["name"], rec["type_line"] or "")
            for index, text, supported, message, ab_kinds in abs_:
                abilities += 1
                parsed += supported
                # mana and keyword abilities by their facts (or, unparsed, by their text);
                # the other classes by the text alone, so that parsed and unparsed abilities
                # of a class are counted alike
                cls = kinds.get(index)
                kw_line = cls == "keyword" or "keyword_recognised" in ab_kinds or _keyword_line(text, names)
                if cls not in ("mana", "keyword"):
                    cls = _class_of_text(text, is_spell)
                    if cls != "mana" and kw_line:
                        cls = "keyword"
                per_class[cls][0] += 1
                per_class[cls][1] += supported
                if _mana_line(text):
                    mana_lines += 1
                    mana_parsed += supported and index in kinds.get("_mana", ())
                if kw_line:
                    keyword_lines += 1
                    keyword_recognised += "keyword" in ab_kinds or "keyword_recognised" in ab_kinds
                    keyword_parsed += supported
                if not supported:
                    if message.startswith(("internal", "lexer")):
                        errors.append({"card": rec["name"], "text": text, "message": message})
                    tpl = template_of(text)
                    templates[tpl] += 1
                    example.setdefault(tpl, rec["name"])
    finally:
        if bar_ctx:
            bar_ctx.__exit__(None, None, None)
    elapsed = time.perf_counter() - t1
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
        "keyword_abilities_recognised": keyword_recognised,
        "keyword_abilities_recognised_pct": _pct(keyword_recognised, keyword_lines),
        "keyword_abilities_parsed": keyword_parsed,
        "keyword_abilities_parsed_pct": _pct(keyword_parsed, keyword_lines),
        "coverage": {c: {"total": t, "parsed": p, "pct": _pct(p, t)} for c, (t, p) in per_class.items()},
        "unsupported_templates": [
            {"template": tpl, "count": n, "example": example[tpl]} for tpl, n in templates.most_common(top)
        ],
        "unread_facts": [
            {"what": why, "cards": n, "example": unread_example[why]} for why, n in unread_kinds.most_common(top)
        ],
        "parser_errors": errors,
        **({"aliases": _alias_report(alias_cards, alias_example)} if aliases else {}),
        "seconds": round(elapsed, 2),
        "seconds_parse_cpu": round(parse_cpu, 2),
        "jobs": jobs,
        "seconds_grammar_build": round(t_build, 2),
    }


#: an ability's class from the names of its facts, the first that it has
_CLASS_OF_FACT = (("keyword", "keyword"), ("adds", "mana"), ("activated", "activated"),
                  ("replacement", "replacement"), ("triggered", "triggered"),
                  ("static", "static"), ("spell_effect", "spell"))


def _fact_kinds(abilities: list[tuple]) -> dict:
    """Ability index → class from the facts (keyword, then mana first), plus the mana abilities
    (those that add mana themselves or through an ability they grant)."""
    out: dict = {}
    mana: set[int] = set()
    for index, _text, _supported, _message, kinds in abilities:
        if "adds" in kinds:
            mana.add(index)
        for name, cls in _CLASS_OF_FACT:
            if name in kinds:
                out[index] = cls
                break
    out["_mana"] = mana
    return out


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
