"""Every CR number the rule set cites exists in the Comprehensive Rules version it targets."""

from __future__ import annotations

import re

import pytest

from asp import SHARED
from mtgasp.engine import rules_dir
from mtgasp.explain import CR_SUMMARIES

CR_TEXT = SHARED / "data" / "comprehensive-rules" / "MagicCompRules_20260116.txt"
CITE = re.compile(r"CR (\d{3}(?:\.\d+[a-z]?)?)")


def _cr_numbers() -> set[str]:
    text = CR_TEXT.read_text(encoding="utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    numbers = set()
    for line in text.split("\n"):
        m = re.match(r"^(\d{3})\.(\d+[a-z]?)?\.? ", line)
        if m:
            numbers.add(m.group(1) if not m.group(2) else f"{m.group(1)}.{m.group(2)}")
    return numbers


def _rule_files() -> list[str]:
    return sorted(str(p.relative_to(rules_dir())) for p in rules_dir().rglob("*.lp"))


needs_cr = pytest.mark.skipif(not CR_TEXT.exists(), reason=f"the CR text is not at {CR_TEXT} (../shared/data absent)")


def test_version_file_names_the_targeted_cr() -> None:
    assert '"2026-01-16"' in (rules_dir() / "cr_version.lp").read_text()


@needs_cr
@pytest.mark.parametrize("name", _rule_files())
def test_every_cited_cr_number_exists(name: str) -> None:
    cited = set(CITE.findall((rules_dir() / name).read_text(encoding="utf-8")))
    cited |= set(re.findall(r'"(\d{3}\.\d+[a-z]?)"', (rules_dir() / name).read_text(encoding="utf-8")))
    missing = sorted(cited - _cr_numbers())
    assert missing == []


@needs_cr
def test_every_summary_is_a_cr_number() -> None:
    assert sorted(set(CR_SUMMARIES) - _cr_numbers()) == []


@pytest.mark.parametrize("name", [n for n in _rule_files() if n.startswith(("cr", "checks/")) and "/" in n])
def test_every_rule_file_heads_its_blocks_with_a_cr_number(name: str) -> None:
    text = (rules_dir() / name).read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if line.startswith("%## ")]
    assert headings, "no %## CR heading"
    assert [h for h in headings if not re.match(r"%## CR \d{3}", h)] == []


def test_every_rule_a_query_cites_has_a_summary() -> None:
    cited = set()
    for p in (rules_dir() / "queries").glob("*.lp"):
        cited |= set(re.findall(r'cite\("([\d.a-z]+)"\)', p.read_text()))
    for p in rules_dir().rglob("*.lp"):
        cited |= set(re.findall(r'cost_unpayable\(O, A, "([\d.a-z]+)"\)', p.read_text()))
    assert sorted(cited - set(CR_SUMMARIES)) == []
