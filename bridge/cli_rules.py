"""``mtgasp rules``: the rule files against the Comprehensive Rules text.

* ``rules coverage`` — every sub-rule of the sections in scope (issue 11), as encoded (a rule
  block of ``rules_asp/`` is headed by it: file and line), cited (mentioned, no block of its own)
  or not yet, with the tests and ruling cases that exercise it.
* ``rules diff OLD NEW`` — the rules the rule files cite whose text changed between two CR
  versions (or moved to another number, or disappeared).
* ``rules citations`` — every ``%## CR n - title`` heading checked against the CR text.

Registered in :mod:`mtgasp.cli`.
"""

from __future__ import annotations

import difflib
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import click

from .crtext import SCOPE, CRText, citations, cr_sort_key, heading_agrees, headings, read_cr
from .engine import rules_dir
from .errors import EngineError

__all__ = ["rules_group", "coverage", "diff", "register"]

DEFAULT_CR = "../shared/data/comprehensive-rules/MagicCompRules_20260116.txt"


def _cr(path: str) -> CRText:
    p = Path(path)
    if not p.is_file():
        raise EngineError(
            f"the Comprehensive Rules text is not at {p} (give the path of a MagicCompRules_*.txt file with --cr, "
            "e.g. ../shared/data/comprehensive-rules/MagicCompRules_20260116.txt)"
        )
    cr = read_cr(p)
    if len(cr.rules) < 100:
        raise EngineError(f"{p}: not a Comprehensive Rules text file (found {len(cr.rules)} numbered rules)")
    return cr


# -- coverage -------------------------------------------------------------------------------------


def _exercised(tests: Path | None, rulings: Path | None) -> dict[str, list[str]]:
    """CR number -> the tests (file, or ruling case) that name it: a test file mentioning
    ``"n"`` or ``CR n`` or a test name ``cr<n with _>``; a ruling case listing it in ``rules``."""
    found: dict[str, set[str]] = defaultdict(set)
    if tests and tests.is_dir():
        for p in sorted(tests.glob("test_*.py")):
            text = p.read_text(encoding="utf-8")
            for n in set(re.findall(r'["\s(](\d{3}\.\d+[a-z]?)["\s,)]', text)):
                found[n].add(p.name)
            for m in re.finditer(r"def test_cr(\d{3})_(\d+)([a-z]?)", text):
                found[f"{m.group(1)}.{m.group(2)}{m.group(3)}"].add(p.name)
    if rulings and rulings.is_dir():
        from .rulings import load_cases

        for case in load_cases(rulings):
            for n in case.rules:
                found[n].add(f"ruling:{case.name}")
    return {n: sorted(v) for n, v in found.items()}


def coverage(cr: CRText, scope: tuple[str, ...] = SCOPE, tests: Path | None = None, rulings: Path | None = None) -> list[dict[str, Any]]:
    cites = citations(rules_dir())
    heads: dict[str, list[str]] = defaultdict(list)
    mentions: dict[str, list[str]] = defaultdict(list)
    for c in cites:
        (heads if c.heading else mentions)[c.number].append(f"{c.file}:{c.line}")
    exercised = _exercised(tests, rulings)
    rows = []
    seen: set[str] = set()
    for s in scope:
        for n in cr.under(s):
            if n in seen:
                continue
            seen.add(n)
            status = "encoded" if n in heads else "cited" if n in mentions else "not yet"
            rows.append({
                "rule": n,
                "status": status,
                "where": heads.get(n) or mentions.get(n) or [],
                "tests": exercised.get(n, []),
                "text": cr.text(n),
            })
    return rows


# -- diff -----------------------------------------------------------------------------------------


def _norm(text: str) -> str:
    text = text.replace("’", "'").replace("“", '"').replace("”", '"').replace("—", "-").replace("–", "-")
    return " ".join(text.split())


def _word_diff(a: str, b: str) -> str:
    wa, wb = a.split(), b.split()
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=wa, b=wb, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(" ".join(wa[i1:i2]) if i2 - i1 <= 6 else f"{' '.join(wa[i1:i1 + 3])} ... {' '.join(wa[i2 - 3:i2])}")
        else:
            if i2 > i1:
                out.append("[-" + " ".join(wa[i1:i2]) + "-]")
            if j2 > j1:
                out.append("{+" + " ".join(wb[j1:j2]) + "+}")
    return " ".join(out)


def diff(old: CRText, new: CRText, numbers: list[str]) -> list[dict[str, Any]]:
    """For each rule of ``numbers``: unchanged rules are left out; changed ones come with a word
    diff; one missing from ``new`` (or whose text now stands under another number) says where
    its text went, when a rule of the same section has nearly the same text (ratio >= 0.9)."""
    rows = []
    for n in sorted(set(numbers), key=cr_sort_key):
        a, b = _norm(old.text(n)), _norm(new.text(n))
        if n not in old.rules and n not in new.rules:
            continue
        if a == b:
            continue
        row: dict[str, Any] = {"rule": n, "old": old.text(n), "new": new.text(n)}
        if n not in new.rules:
            row["change"] = "removed"
        elif n not in old.rules:
            row["change"] = "added"
        else:
            row["change"] = "changed"
            row["diff"] = _word_diff(a, b)
        if a and row["change"] != "added" and difflib.SequenceMatcher(a=a, b=b).ratio() < 0.9:
            section = n.split(".")[0]
            best = max(
                ((difflib.SequenceMatcher(a=a, b=_norm(t)).ratio(), m) for m, t in new.rules.items() if m.split(".")[0] == section and m != n),
                default=(0.0, ""),
            )
            if best[0] >= 0.9:
                row["moved_to"] = best[1]
        rows.append(row)
    return rows


# -- commands -------------------------------------------------------------------------------------


@click.group("rules")
def rules_group() -> None:
    """The rule files against the Comprehensive Rules: coverage, citations, CR version diffs."""


@rules_group.command("coverage")
@click.option("--cr", "cr_path", default=DEFAULT_CR, show_default=True, help="The CR text file the rules target.")
@click.option("--section", "sections", multiple=True, help="Rules to list (default: the sections of issue 11: " + ", ".join(SCOPE) + ").")
@click.option("--tests", "tests_dir", default="tests", show_default=True, help="Where the tests are (to name those that exercise a rule).")
@click.option("--rulings", "rulings_dir", default="rulings", show_default=True, help="Where the ruling cases are.")
@click.option("--missing", is_flag=True, help="List only the rules not encoded yet.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
def coverage_command(cr_path: str, sections: tuple[str, ...], tests_dir: str, rulings_dir: str, missing: bool, as_json: bool) -> None:
    """Every sub-rule of the sections in scope: encoded (a rule block of rules_asp/ is headed by
    it), cited (mentioned without a block of its own) or not yet, with the tests that exercise it."""
    cr = _cr(cr_path)
    rows = coverage(cr, tuple(sections) or SCOPE, Path(tests_dir), Path(rulings_dir))
    counts = {s: sum(r["status"] == s for r in rows) for s in ("encoded", "cited", "not yet")}
    shown = [r for r in rows if r["status"] == "not yet"] if missing else rows
    if as_json:
        click.echo(json.dumps({"cr": str(cr.path), "effective": cr.effective, "summary": counts, "rules": shown}, indent=2, ensure_ascii=False))
        return
    for r in shown:
        where = ", ".join(r["where"][:3]) + (" ..." if len(r["where"]) > 3 else "")
        tests = ", ".join(r["tests"][:4]) + (f" (+{len(r['tests']) - 4})" if len(r["tests"]) > 4 else "")
        line = f"{r['rule']:<9} {r['status']:<8} {where}"
        if tests:
            line += f"  tests: {tests}"
        if r["status"] == "not yet":
            line += f"  {r['text'][:70]}"
        click.echo(line.rstrip())
    click.echo(f"{len(rows)} rules in scope (CR effective {cr.effective}): {counts['encoded']} encoded, "
               f"{counts['cited']} cited, {counts['not yet']} not yet")


@rules_group.command("diff")
@click.argument("old_path", type=click.Path(exists=True, dir_okay=False))
@click.argument("new_path", type=click.Path(exists=True, dir_okay=False))
@click.option("--all", "every", is_flag=True, help="Every rule of the CR, not only those the rule files cite.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
def diff_command(old_path: str, new_path: str, every: bool, as_json: bool) -> None:
    """The rules cited by rules_asp/ whose text changed from the CR version OLD to NEW (word
    diff), were removed, or moved to another number."""
    old, new = _cr(old_path), _cr(new_path)
    cites = citations(rules_dir())
    where: dict[str, list[str]] = defaultdict(list)
    for c in cites:
        where[c.number].append(f"{c.file}:{c.line}")
    numbers = sorted(set(old.rules) | set(new.rules), key=cr_sort_key) if every else list(where)
    rows = diff(old, new, numbers)
    for r in rows:
        r["cited_in"] = where.get(r["rule"], [])
    if as_json:
        click.echo(json.dumps({"old": {"path": old_path, "effective": old.effective}, "new": {"path": new_path, "effective": new.effective},
                               "compared": len(numbers), "changes": rows}, indent=2, ensure_ascii=False))
        return
    click.echo(f"{old.effective} -> {new.effective}: {len(rows)} of {len(numbers)} {'rules' if every else 'cited rules'} changed")
    for r in rows:
        moved = f", its text is now {r['moved_to']}" if r.get("moved_to") else ""
        cited = f"  (cited in {', '.join(r['cited_in'][:3])}{' ...' if len(r['cited_in']) > 3 else ''})" if r["cited_in"] else ""
        click.echo(f"{r['rule']}: {r['change']}{moved}{cited}")
        if r.get("diff"):
            click.echo(f"    {r['diff']}")
        elif r["change"] == "removed":
            click.echo(f"    was: {r['old'][:160]}")


@rules_group.command("citations")
@click.option("--cr", "cr_path", default=DEFAULT_CR, show_default=True, help="The CR text file the rules target.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
def citations_command(cr_path: str, as_json: bool) -> None:
    """Each '%## CR n - title' heading of rules_asp/: does n exist, and does the title speak of
    rule n (the share of its words found in the rule's text, its sub-rules and parents)?"""
    cr = _cr(cr_path)
    rows = []
    for h in headings(rules_dir()):
        for n in h.numbers:
            ok, share = heading_agrees(cr, n, h.title) if n in cr else (False, 0.0)
            rows.append({"file": h.file, "line": h.line, "rule": n, "title": h.title, "exists": n in cr,
                         "agrees": ok, "share": round(share, 2), "cr_text": cr.text(n)[:200]})
    if as_json:
        click.echo(json.dumps({"cr": str(cr.path), "headings": rows}, indent=2, ensure_ascii=False))
        return
    for r in rows:
        mark = "ok " if r["agrees"] else "???" if r["exists"] else "MISSING"
        click.echo(f"{mark} {r['share']:.2f} {r['file']}:{r['line']} CR {r['rule']} - {r['title']}")
        if not r["agrees"]:
            click.echo(f"          the CR says: {r['cr_text'][:150]}")


def register(cli: click.Group) -> None:
    cli.add_command(rules_group)
