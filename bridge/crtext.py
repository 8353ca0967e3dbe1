"""The Comprehensive Rules as text, and what the rule files cite of them.

:func:`read_cr` parses an official CR text file (UTF-8 with a BOM, CR or CRLF line ends) into its
numbered rules; :func:`citations` lists what ``rules_asp/`` cites: each ``%## CR n - title``
heading and each other mention of a CR number (comments, ``"n"`` strings the rules emit).
:func:`heading_agrees` is the fuzzy test that a heading's title speaks of the rule it names
(docs/consistency.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = [
    "Citation",
    "CRText",
    "Heading",
    "citations",
    "cr_sort_key",
    "heading_agrees",
    "headings",
    "in_scope",
    "read_cr",
    "SCOPE",
]

_RULE = re.compile(r"^(\d{3})(?:\.(\d+)([a-z]?))?\.? (.+)$")
_CITE = re.compile(r"\bCR (\d{3}(?:\.\d+[a-z]?)?)((?:(?:,| and|, and) \d{3}\.\d+[a-z]?)*)")
_STRING = re.compile(r'"(\d{3}\.\d+[a-z]?)"')
_HEADING = re.compile(r"^%## CR ([\d.a-z, ]+?)\s+-\s+(.+)$")

#: The sections issue 11 puts in scope of the coverage report (a number covers its sub-rules).
SCOPE: tuple[str, ...] = (
    "106", "107.3", "107.4", "107.5", "107.6", "111", "205.3", "302.6",
    *(str(n) for n in range(506, 512)), *(str(n) for n in range(601, 617)),
    "702.116", "704.5", "707",
)


def cr_sort_key(number: str) -> tuple[int, int, str]:
    m = re.match(r"(\d{3})(?:\.(\d+)([a-z]?))?", number)
    assert m, number
    return (int(m.group(1)), int(m.group(2) or -1), m.group(3) or "")


@dataclass(frozen=True)
class CRText:
    """The numbered rules of one CR version: number -> text (a section's text is its title)."""

    path: Path
    effective: str
    rules: dict[str, str]

    def __contains__(self, number: str) -> bool:
        return number in self.rules

    def text(self, number: str) -> str:
        return self.rules.get(number, "")

    def parent(self, number: str) -> str | None:
        """602.5b -> 602.5 -> 602 -> None."""
        m = re.match(r"^(\d{3})\.(\d+)([a-z]?)$", number)
        if not m:
            return None
        return f"{m.group(1)}.{m.group(2)}" if m.group(3) else m.group(1)

    def children(self, number: str) -> list[str]:
        """The sub-rules directly under ``number`` (602.5 -> 602.5a ... 602.5e)."""
        if re.match(r"^\d{3}$", number):
            return [n for n in self.rules if re.match(rf"^{number}\.\d+$", n)]
        if re.match(r"^\d{3}\.\d+$", number):
            return [n for n in self.rules if re.match(rf"^{re.escape(number)}[a-z]$", n)]
        return []

    def under(self, number: str) -> list[str]:
        """``number`` and every rule below it, in CR order."""
        out = [n for n in self.rules if n == number or n.startswith(number + ".") or (
            "." in number and re.match(rf"^{re.escape(number)}[a-z]$", n))]
        return sorted(out, key=cr_sort_key)


def _lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8-sig")
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


@cache
def read_cr(path: str | Path) -> CRText:
    """Parse a CR text file. Rule lines start with their number (``602.``, ``602.5.``,
    ``602.5b``); "Example:" paragraphs are joined to the rule before them; the table of contents
    and the glossary are left out."""
    path = Path(path)
    lines = _lines(path)
    effective = ""
    for line in lines[:10]:
        m = re.search(r"effective as of (.+?)\.?$", line)
        if m:
            effective = m.group(1)
    rules: dict[str, str] = {}
    last: str | None = None
    glossary_seen = 0
    for line in lines:
        stripped = line.strip()
        if stripped == "Glossary":
            glossary_seen += 1
            if glossary_seen == 2:  # the first is in the table of contents
                break
            continue
        m = _RULE.match(stripped)
        if m:
            number = m.group(1) + (f".{m.group(2)}{m.group(3)}" if m.group(2) else "")
            rules[number] = m.group(4).strip()  # the body overwrites the table of contents' entry
            last = number
        elif stripped.startswith("Example:") and last:
            rules[last] += " " + stripped
    return CRText(path, effective, rules)


@dataclass(frozen=True)
class Heading:
    file: str
    line: int
    numbers: tuple[str, ...]
    title: str


@dataclass(frozen=True)
class Citation:
    file: str
    line: int
    number: str
    heading: bool
    """True when the number heads a rule block (``%## CR n - title``)."""


def _rule_files(rules_dir: Path) -> list[Path]:
    return sorted(rules_dir.rglob("*.lp"))


def headings(rules_dir: Path) -> list[Heading]:
    out = []
    for p in _rule_files(rules_dir):
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            m = _HEADING.match(line)
            if m:
                numbers = tuple(n.strip() for n in m.group(1).split(",") if n.strip())
                out.append(Heading(str(p.relative_to(rules_dir)), i, numbers, m.group(2).strip()))
    return out


def citations(rules_dir: Path) -> list[Citation]:
    """Every CR number the rule files cite, with where; headings marked."""
    out = []
    for p in _rule_files(rules_dir):
        rel = str(p.relative_to(rules_dir))
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            head = _HEADING.match(line)
            found: list[str] = []
            for m in _CITE.finditer(line):
                found.append(m.group(1))
                found.extend(re.findall(r"\d{3}\.\d+[a-z]?", m.group(2)))
            found.extend(_STRING.findall(line))
            for n in dict.fromkeys(found):
                out.append(Citation(rel, i, n, bool(head) and n in head.group(1)))
    return out


# -- does a heading's title speak of the rule it names? -------------------------------------------

_STOP = frozenset(
    "a an and are as at be by can do does for from has have if in is it its of on or that the their "
    "them then there these this those to was when which while who will with without would you your "
    "one each any all not no than other others only been being into onto also may must same rule rules see".split()
)


def _stems(text: str) -> set[str]:
    words = re.findall(r"[a-z]+", text.lower().replace("’", "'"))
    return {_stem(w) for w in words if w not in _STOP and len(w) > 2}


def _stem(word: str) -> str:
    """A crude stem: a common suffix off (leaving three letters at least), then five letters."""
    for suffix in ("ations", "ation", "ings", "ing", "ies", "ied", "ed", "es", "s", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:5]


def heading_agrees(cr: CRText, number: str, title: str, threshold: float = 0.5) -> tuple[bool, float]:
    """Whether ``title`` speaks of rule ``number``: at least ``threshold`` of the title's content
    words (stop words dropped, crude stems: a suffix off, then five letters) occur in the rule's text, its
    sub-rules', its parent's or its section's title. Returns (agrees, the share found)."""
    words = _stems(title)
    if not words:
        return True, 1.0
    context = [cr.text(number), *(cr.text(c) for c in cr.children(number))]
    p = cr.parent(number)
    while p:
        context.append(cr.text(p))
        p = cr.parent(p)
    known = set().union(*(_stems(t) for t in context))
    share = sum(1 for w in words if w in known) / len(words)
    return share >= threshold, share


def in_scope(number: str, scope: Iterable[str] = SCOPE) -> bool:
    return any(number == s or number.startswith(s + ".") or re.match(rf"^{re.escape(s)}[a-z]$", number) for s in scope)


def scope_rules(cr: CRText, scope: Iterable[str] = SCOPE) -> Iterator[str]:
    seen: set[str] = set()
    for s in scope:
        for n in cr.under(s):
            if n not in seen:
                seen.add(n)
                yield n
