"""mtgasp rules coverage / diff / citations against the CR texts in ../shared (skipped when
absent)."""

from __future__ import annotations

import json

import pytest

from asp import SHARED
from mtgasp.cli import main

CRS = SHARED / "data" / "comprehensive-rules"
NOW = CRS / "MagicCompRules_20260116.txt"
OLD = CRS / "archive" / "MagicCompRules_20230414.txt"
pytestmark = pytest.mark.skipif(not OLD.exists(), reason=f"the CR texts are not in {CRS}")


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_coverage_lists_every_sub_rule_in_scope(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "rules", "coverage", "--cr", str(NOW))
    rows = {r["rule"]: r for r in doc["rules"]}
    # Sub-rules of each part of the scope, read from the CR by hand.
    assert {"702.116", "702.116a", "702.116b", "704.5j", "106.7", "107.3m", "205.3i", "302.6", "616.1f", "707.14"} <= set(rows)
    assert not {"107.2", "107.7", "702.115a", "704.6", "205.4", "617.1"} & set(rows)
    assert (rows["106.7"]["status"], rows["106.7"]["where"][0].startswith("cr1_game_concepts/cr106_mana.lp:")) == ("encoded", True)
    assert "ruling:reflecting_pools_do_not_help_each_other" in rows["106.7"]["tests"]
    # 702.116a (what myriad does) is encoded by the myriad rules; 702.116b (instances trigger
    # separately) is about triggering, which no rule encodes yet.
    assert (rows["702.116a"]["status"], rows["702.116a"]["where"][0].startswith("cr7_additional_rules/cr702_116_myriad.lp:")) == ("encoded", True)
    assert rows["702.116b"]["status"] == "not yet"
    assert sum(doc["summary"].values()) == len(rows)


def test_coverage_of_a_missing_cr_file_is_one_paragraph(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "coverage", "--cr", "no/such/file.txt"]) == 2
    assert "is not at no/such/file.txt" in capsys.readouterr().err


def test_diff_lists_the_cited_rules_whose_text_changed(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "rules", "diff", str(OLD), str(NOW))
    changes = {r["rule"]: r for r in doc["changes"]}
    # 205.3i gained the land types Cave, Planet and Town between 2023-04 and 2026-01.
    assert "{+Cave,+}" in changes["205.3i"]["diff"] and "{+Planet,+}" in changes["205.3i"]["diff"]
    # 701.21a was "To tap a permanent ..." in 2023; the keyword actions were renumbered and it is
    # now 701.26a (701.21a is "To sacrifice ...").
    assert changes["701.21a"].get("moved_to") == "701.26a"
    # A rule cited but unchanged is not listed.
    assert "106.7" not in changes


def test_diff_of_a_version_with_itself_is_empty(capsys: pytest.CaptureFixture[str]) -> None:
    assert _json(capsys, "rules", "diff", str(NOW), str(NOW), "--all")["changes"] == []


def test_citations_report_every_heading(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, "rules", "citations", "--cr", str(NOW))
    rows = {(r["file"], r["rule"]) for r in doc["headings"]}
    assert ("cr1_game_concepts/cr106_mana.lp", "106.7") in rows
    assert all(r["exists"] for r in doc["headings"])
