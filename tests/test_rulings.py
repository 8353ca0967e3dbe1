"""Every ruling case of rulings/ (docs/rulings-format.md), one test per case, named after it.

A case passes when every query gives exactly the expected answer. A case marked
``unsupported_today`` (it needs what mtgasp does not have yet: a game step, a keyword) must be
reported unsupported with that reason; when it starts to pass, this test fails so that the mark is
removed and the case counts as passing from then on.

``test_the_ruling_is_quoted_from_its_source`` checks each case's ruling text against its source:
the Gatherer rulings in ../shared/data/rulings, the seed documents in ../shared/seeds, the CR
(skipped when ../shared is absent).
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from asp import SHARED
from mtgasp import Engine
from mtgasp.rulings import Case, load_cases
from mtgasp.verify import PASS, UNSUPPORTED, run_case

RULINGS = Path(__file__).resolve().parent.parent / "rulings"
CASES = load_cases(RULINGS)
ENGINE = Engine()


def test_the_case_names_are_unique() -> None:
    names = [c.name for c in CASES]
    assert sorted(n for n in set(names) if names.count(n) > 1) == []


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_ruling(case: Case) -> None:
    result = run_case(case, ENGINE)
    report = "\n".join(result.lines())
    if case.unsupported_today:
        assert result.status != PASS, f"{case.name} passes now: remove its 'unsupported_today' mark"
        assert (result.status, result.reason.startswith(case.unsupported_today)) == (UNSUPPORTED, True), report
    else:
        assert result.status == PASS, report


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return " ".join(text.replace("—", "-").split()).casefold()


@cache
def _gatherer() -> dict[tuple[str, str], list[str]]:
    base = SHARED / "data" / "rulings"
    records = json.loads((base / "rulings_selected_cards.json").read_text(encoding="utf-8"))
    with (base / "rulings_mtgjson2022.jsonl").open(encoding="utf-8") as fh:
        records += [json.loads(line) for line in fh if line.strip()]
    out: dict[tuple[str, str], list[str]] = {}
    for rec in records:
        for r in rec.get("rulings") or ():
            out.setdefault((rec["name"], r["date"]), []).append(_norm(r["text"]))
    return out


@pytest.mark.skipif(not (SHARED / "data" / "rulings").exists(), reason=f"the rulings are not at {SHARED}/data/rulings")
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_ruling_is_quoted_from_its_source(case: Case) -> None:
    r = case.ruling
    text = _norm(r.text)
    if r.source == "gatherer":
        assert any(text in t for t in _gatherer().get((r.card or "", r.date or ""), [])), (r.card, r.date, r.text)
    elif r.source.startswith("seed:"):
        seed = SHARED / "seeds" / r.source.removeprefix("seed:")
        assert text in _norm(seed.read_text(encoding="utf-8"))
    else:
        assert r.source == "cr" and case.rules, "a CR-sourced case names its rules"


def test_every_seed_document_has_cases() -> None:
    seeds = {c.ruling.source.removeprefix("seed:") for c in CASES if c.ruling.source.startswith("seed:")}
    assert seeds == {"000_e5d1d2ead7aa25b7.txt", "001_a63a146ff7bfe08a.txt", "003_0131228e78370e17.txt", "004_ca6d0722db78b170.txt"}
