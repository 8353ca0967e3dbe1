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


def test_every_rule_an_answer_can_cite_has_a_summary() -> None:
    # An answer cites the rules that fired for it (fired/2, rules_asp/trace.lp) and the reasons
    # an ability can't be activated (cost_unpayable/3).
    cited = set()
    for p in rules_dir().rglob("*.lp"):
        cited |= set(re.findall(r'fired\("([\d.a-z]+)"', p.read_text()))
    for p in rules_dir().rglob("*.lp"):
        cited |= set(re.findall(r'cost_unpayable\(O, A, "([\d.a-z]+)"\)', p.read_text()))
    assert sorted(cited - set(CR_SUMMARIES)) == []


# ---------------------------------------------------------------------------------------------
# Each '%## CR n - title' heading heads the rule it names (mtgasp.crtext.heading_agrees: at least
# half the title's content words occur in rule n's text, its sub-rules', its parents').
# ---------------------------------------------------------------------------------------------

# Headings whose title the fuzzy match does not find in the CR text, each with why it stays.
# Keyed by (file, number, title): a changed title is checked again.
KNOWN_DISAGREEMENTS: dict[tuple[str, str, str], str] = {
    ("queries/apply.lp", "117.3", "Only a legal action can be taken"):
        "117.3 is about which player receives priority; the title speaks of legal actions (core helper's file)",
    ("transitions/frame.lp", "500.1", "The state of a game: every state predicate"):
        "no CR rule states the frame axiom; 500.1 (the phases of a turn) is borrowed (core helper's file)",
    ("transitions/frame.lp", "500.1", "The successor: what is not removed stays, and what is added is there"):
        "as above (core helper's file)",
    ("transitions/frame.lp", "122.1", "Numbers that change: life, counters, damage, mana, sizes"):
        "122.1 is about counters only; the block sums every numeric change (core helper's file)",
    ("transitions/frame.lp", "401.2", "The library: its cards are in a known order only where the state says so"):
        "401.2 says a library is face down in an order; the title adds what the state knows (core helper's file)",
}


def _headings() -> list[tuple[str, str, str]]:
    from mtgasp.crtext import headings

    return [(h.file, n, h.title) for h in headings(rules_dir()) for n in h.numbers]


@needs_cr
@pytest.mark.parametrize("heading", _headings(), ids=lambda h: f"{h[0]}:{h[1]}")
def test_every_heading_heads_the_rule_it_names(heading: tuple[str, str, str]) -> None:
    from mtgasp.crtext import heading_agrees, read_cr

    file, number, title = heading
    cr = read_cr(CR_TEXT)
    assert number in cr, f"{file}: CR {number} does not exist in {CR_TEXT.name}"
    agrees, share = heading_agrees(cr, number, title)
    if heading in KNOWN_DISAGREEMENTS:
        assert not agrees, f"{heading} agrees now: drop it from KNOWN_DISAGREEMENTS"
    else:
        assert agrees, f"{file}: 'CR {number} - {title}' ({share:.0%} of its words) but the CR says: {cr.text(number)[:200]}"


@needs_cr
def test_the_fuzzy_match_tells_a_wrong_number_from_a_right_one() -> None:
    from mtgasp.crtext import heading_agrees, read_cr

    cr = read_cr(CR_TEXT)
    assert heading_agrees(cr, "106.7", 'Mana a permanent "could produce"')[0]
    assert not heading_agrees(cr, "702.10c", 'Mana a permanent "could produce"')[0]
    assert not heading_agrees(cr, "302.6", "The legend rule")[0]
    assert not heading_agrees(cr, "704.5j", "Summoning sickness")[0]


def test_the_three_wrong_citations_of_issue_11_stay_fixed() -> None:
    texts = {p.name: p.read_text(encoding="utf-8") for p in rules_dir().rglob("*.lp")}
    # "Activate only ..." restrictions are CR 602.1b (602.5b: a restriction survives a control change).
    assert "%## CR 602.5b" not in texts["cr602_activated_abilities.lp"]
    # A static ability's effect applies while its source is on the battlefield: 611.3b, not 611.3a.
    assert not [n for n in texts if n.startswith("cr613_") and "611.3a" in texts[n]]
    # Attachments may be attached to players (CR 701.3a), and Equipment is not an Aura (303.4).
    assert '"303.4"' not in texts["invalid_state.lp"] and "not player(O')" in texts["invalid_state.lp"]
