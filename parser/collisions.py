"""Shift/reduce collisions of the grammar: found when the LALR tables are built, refused when
new (docs/parser.md, "Collisions").

Lark resolves a shift/reduce collision silently, as a shift: on that look-ahead the reduction
is never made, so a template that needs it can become unreachable (last seen: "twice that many"
tokens against counters made Mondrak's ability unreadable until both used one rule). Lark
reports each collision through its documented logger (``lark.logger``, at DEBUG level when
``debug`` is off): "Shift/Reduce conflict for terminal T" followed by the rule not reduced.
:func:`recording` collects those records while the tables are built (and keeps them off the
console); :func:`check` compares them with the accepted list, ``grammar/collisions.txt``, and
raises :class:`GrammarCollision` for any collision not on it. The list is what the grammar had
when the check was introduced; it may only shrink (tests/test_parser_collisions.py fails when
a listed collision no longer occurs, so that it is removed).

A collision is named without the numbers Lark gives generated symbols, which shift when an
unrelated rule is added: an anonymous literal terminal (``__ANON_13``) is written as its text
(``"can't"``), a generated list rule (``__dwords_star_9``) without its number (``__dwords_star``).

Each line of the list carries the kind of its review (:data:`KINDS`, docs/parser.md): why the
shift is the reading wanted. ``python -m mtgasp.parser.collisions`` prints the collisions of the
current grammar in the list's format, with the kind the list gives each (``?`` for a new one:
review it), and ``--summary`` the count of look-aheads per kind.
"""

from __future__ import annotations

import contextlib
import logging
import re
from pathlib import Path
from typing import Any, Iterable, Iterator

ACCEPTED_FILE = Path(__file__).resolve().parent / "grammar" / "collisions.txt"

#: Lark's message for a shift/reduce collision, and the one naming the rule it does not reduce
_SHIFT_REDUCE = "Shift/Reduce conflict for terminal"
_RULE_LINE = " * %s"
#: a generated symbol's number: __dwords_star_9, __filters__posts_plus_10
_GENERATED = re.compile(r"^(__\w+?)_\d+$")


#: the kinds of accepted collision (docs/parser.md, "Collisions"): why the shift is the reading
KINDS = {
    "nearest-np": "'and', 'or', ',' or \"'s\" after a noun phrase continues the nearest (innermost) "
                  "noun phrase",
    "nearest-amount": "'plus' or 'minus' after an amount continues the nearest amount",
    "list-run": "a list separator continues the innermost list (costs, abilities, verb phrases...)",
    "word-run": "a run of description words, name words or post-modifiers goes on while its "
                "words follow",
    "optional-tail": "a template and a longer one share a prefix: the next word is the longer "
                     "one's (an optional object or modifier attaches to the nearest phrase)",
}


class GrammarCollision(ValueError):
    """The grammar has shift/reduce collisions that are not on the accepted list."""


@contextlib.contextmanager
def recording() -> Iterator[list[tuple[str, Any]]]:
    """While the block runs, Lark's shift/reduce collision reports are collected (and not
    printed) into the yielded list, as (look-ahead terminal name, lark Rule) pairs."""
    from lark import logger

    found: list[tuple[str, Any]] = []
    pending: list[str] = []

    class _Collect(logging.Filter):
        def filter(self, record: logging.LogRecord) -> bool:
            msg = str(record.msg)
            if msg.startswith(_SHIFT_REDUCE) and record.args:
                pending.append(str(record.args[0]))
                return False
            if msg == _RULE_LINE and pending and record.args:
                found.append((pending.pop(), record.args[0]))
                return False
            return record.levelno >= level  # anything else: as Lark's own level would have it

    collect = _Collect()
    level = logger.level
    logger.addFilter(collect)
    logger.setLevel(logging.DEBUG)
    try:
        yield found
    finally:
        logger.setLevel(level)
        logger.removeFilter(collect)


def _symbol(name: str, lark: Any) -> str:
    """A terminal or rule name without Lark's generated numbers."""
    if name.startswith("__ANON_"):
        try:
            pattern = lark.get_terminal(name).pattern
        except (KeyError, AttributeError):
            return name
        if pattern.type == "str":
            return '"' + pattern.value + '"'
        return "/" + pattern.value + "/"
    m = _GENERATED.match(name)
    return m.group(1) if m else name


def describe(found: Iterable[tuple[str, Any]], lark: Any) -> dict[str, set[str]]:
    """The collisions as {rule ("origin : symbols"): {look-ahead terminals}}."""
    out: dict[str, set[str]] = {}
    for terminal, rule in found:
        text = _symbol(rule.origin.name, lark) + " :" + "".join(
            " " + _symbol(s.name, lark) for s in rule.expansion)
        out.setdefault(text, set()).add(_symbol(terminal, lark))
    return out


def format_list(collisions: dict[str, set[str]]) -> list[str]:
    """One line per rule: the rule, a tab, its look-ahead terminals (sorted)."""
    return [f"{rule}\t{' '.join(sorted(ts))}" for rule, ts in sorted(collisions.items())]


def format_reviewed(collisions: dict[str, set[str]],
                    kinds: dict[tuple[str, str], str]) -> list[str]:
    """The list's format with the review: one line per rule and kind (the rule, a tab, its
    look-aheads of that kind, a tab, the kind); ``?`` for a look-ahead the list does not give."""
    lines = []
    for rule, ts in sorted(collisions.items()):
        by_kind: dict[str, list[str]] = {}
        for t in sorted(ts):
            by_kind.setdefault(kinds.get((rule, t), "?"), []).append(t)
        lines += [f"{rule}\t{' '.join(t)}\t{k}" for k, t in sorted(by_kind.items())]
    return lines


def read_reviewed(path: Path = ACCEPTED_FILE) -> dict[tuple[str, str], str]:
    """The accepted list as {(rule, look-ahead): kind} (``#`` lines are comments). ValueError
    when a line has no kind or one not in :data:`KINDS`, or a look-ahead is listed twice."""
    out: dict[tuple[str, str], str] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        rule, terminals, kind = (line.split("\t") + ["", ""])[:3]
        if kind not in KINDS:
            raise ValueError(f"{path.name} line {n}: the third field (the review's kind) must be "
                             f"one of {', '.join(KINDS)}, not {kind!r}")
        for t in terminals.split():
            if (rule, t) in out:
                raise ValueError(f"{path.name} line {n}: {rule} on {t} is listed twice")
            out[(rule, t)] = kind
    return out


def read_accepted(path: Path = ACCEPTED_FILE) -> dict[str, set[str]]:
    """The accepted list as {rule: look-ahead terminals}."""
    out: dict[str, set[str]] = {}
    for rule, t in read_reviewed(path):
        out.setdefault(rule, set()).add(t)
    return out


def summary(kinds: dict[tuple[str, str], str]) -> dict[str, tuple[int, int]]:
    """{kind: (look-aheads, rules)} of a reviewed list."""
    out = {}
    for k in KINDS:
        pairs = [rule for (rule, _), kind in kinds.items() if kind == k]
        out[k] = (len(pairs), len(set(pairs)))
    return out


def new_collisions(found: dict[str, set[str]], accepted: dict[str, set[str]]) -> dict[str, set[str]]:
    """The collisions of ``found`` that ``accepted`` does not list."""
    out = {}
    for rule, ts in found.items():
        extra = ts - accepted.get(rule, set())
        if extra:
            out[rule] = extra
    return out


def check(found: Iterable[tuple[str, Any]], lark: Any,
          accepted: dict[str, set[str]] | None = None) -> list[str]:
    """The collisions found, in the list's format; GrammarCollision when one is not accepted."""
    prioritised = sorted({r.origin.name for r in getattr(lark, "rules", ()) if r.options.priority})
    if prioritised:  # Lark would settle reduce/reduce collisions between them silently
        raise GrammarCollision(f"rules with a priority (the grammar gives none, so that no "
                               f"collision is settled silently): {', '.join(prioritised)}")
    described = describe(found, lark)
    new = new_collisions(described, read_accepted() if accepted is None else accepted)
    if new:
        shown = "\n".join(f"  {rule}   (look-ahead: {', '.join(sorted(ts))})"
                          for rule, ts in sorted(new.items()))
        raise GrammarCollision(
            f"the grammar has {sum(len(t) for t in new.values())} shift/reduce collision(s) that "
            f"are not on the accepted list {ACCEPTED_FILE.name}: on these look-aheads Lark "
            f"would shift and never make the reduction\n{shown}\n"
            "Resolve them in the grammar (one rule for both readings, or a lexer marker), or, "
            "when the shift is the intended reading, add them to the list with a reason "
            "(docs/parser.md, \"Collisions\").")
    return format_list(described)


def current() -> list[str]:
    """The collisions of the grammar as it is now (builds the tables: seconds)."""
    from .lalr import generate

    return generate(refuse_collisions=False)[0]["collisions"]


def _main(argv: list[str]) -> None:
    reviewed = read_reviewed()
    if "--summary" in argv:
        total = summary(reviewed)
        for k, (n, r) in total.items():
            print(f"{k}\t{n} look-aheads on {r} rules\t{KINDS[k]}")
        print(f"total\t{len(reviewed)} look-aheads on {len({r for r, _ in reviewed})} rules")
        return
    found: dict[str, set[str]] = {}
    for line in current():
        rule, _, terminals = line.partition("\t")
        found[rule] = set(terminals.split())
    print("\n".join(format_reviewed(found, reviewed)))


if __name__ == "__main__":  # python -m mtgasp.parser.collisions [--summary]
    import sys

    _main(sys.argv[1:])
