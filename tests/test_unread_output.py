"""The facts no rule reads, in the answers of ``could-produce`` and ``abilities`` about many
permanents (issue 13: the output must grow linearly with the board).

A fact that may act on any permanent (City of Brass's trigger, scope ``any``) is one every
answer could depend on: the document lists it once, at its top, and each answer lists only the
facts about its own object, with ``depends_on_unmodelled`` true when either list concerns it.
Expected lists are counted by hand from the board below.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mtgasp.cli import main

BRASS_WHY = "no rule reads the becomes_tapped/1 of trigger/2"
GROVE_FACT = 'keyword(ab(card("Cursed Grove"),1),"cumulative upkeep")'


def _board(n_brass: int) -> str:
    brass = "".join(f"  - {{id: b{i}, card: City of Brass, controller: alice}}\n" for i in range(n_brass))
    return (
        "players: [alice, bob]\nbattlefield:\n"
        "  - {id: grove, card: Cursed Grove, controller: alice}\n"
        "  - {id: forest, card: Forest, controller: alice}\n" + brass +
        "cards:\n"
        '  - {name: Cursed Grove, type_line: Land, oracle_text: "Cumulative upkeep {1}\\n{T}: Add {G}."}\n'
    )


@pytest.mark.parametrize("n_brass", [1, 3])
def test_could_produce_lists_each_shared_unread_fact_once(n_brass: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(_board(n_brass), encoding="utf-8")
    assert main(["--timeout", "120", "could-produce", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    # City of Brass's trigger (CR 603.2, "becomes tapped") is not read: once per City, at the top.
    assert sorted((u["object"], u["why"], u["scope"]) for u in doc["unread_facts"]) == [
        (f"b{i}", BRASS_WHY, "any") for i in range(n_brass)
    ]
    items = {r["object"]: r for r in doc["could_produce"]}
    assert set(items) == {"grove", "forest", *(f"b{i}" for i in range(n_brass))}
    assert [u["fact"] for u in items["grove"]["unread_facts"]] == [GROVE_FACT]
    for obj, r in items.items():
        assert r["depends_on_unmodelled"] is True, obj
        if obj != "grove":
            assert r["unread_facts"] == [], obj
    assert main(["--timeout", "120", "could-produce", str(path)]) == 0
    warnings = [line for line in capsys.readouterr().out.splitlines() if line.startswith("warning:")]
    assert len(warnings) == n_brass + 1  # each City's trigger and the Grove's keyword, once


def test_abilities_lists_each_shared_unread_fact_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(_board(2), encoding="utf-8")
    assert main(["--timeout", "120", "abilities", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert sorted(u["object"] for u in doc["unread_facts"]) == ["b0", "b1"]
    by_object: dict[str, list[str]] = {}
    for r in doc["abilities"]:
        assert r["depends_on_unmodelled"] is True
        by_object.setdefault(r["object"], []).extend(u["fact"] for u in r["unread_facts"])
    assert by_object["grove"] == [GROVE_FACT] and by_object["forest"] == [] and by_object["b0"] == []
