"""The mtgasp command line, end to end: answers, --json, and one-paragraph errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_tap_json_lists_every_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "tap", str(EXAMPLES / "mana-basics.yaml"), "birds", "--json")
    data = json.loads(out)
    assert (code, err) == (0, "")
    assert sorted(tuple(o["adds"]["alice"]) for o in data["outcomes"]) == [("B",), ("G",), ("R",), ("U",), ("W",)]


def test_could_produce_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "could-produce", str(EXAMPLES / "mana-basics.yaml"), "cradle", "pool")
    assert code == 0
    # The rules that fired for each answer: CR 106.7 (could produce), 605.1a (the land's ability
    # is a mana ability); the pool reflects lands whose intrinsic abilities give U and G (305.6).
    assert out.splitlines()[:2] == [
        "          cradle: nothing   [CR 106.7, 605.1a]",
        "            pool: {U} {G}   [CR 106.7, 305.6, 605.1a]",
    ]


def test_orders_dot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "orders", str(EXAMPLES / "replacement.yaml"), "forest", "--format", "dot")
    assert code == 0
    assert out.startswith("digraph replacement_orders {") and out.rstrip().endswith("}")


def test_demo_runs_on_the_embedded_card_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo", "--json")
    data = json.loads(out)
    assert code == 0
    assert {r["object"]: r["types"] for r in data["could_produce"]}["pool"] == ["W", "B"]


def test_unknown_card_suggests_close_matches(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "card", "Relfecting Pool")
    assert (code, out) == (2, "")
    assert err == "mtgasp: unknown card 'Relfecting Pool'. Did you mean 'Reflecting Pool'?\n"


def test_unknown_object_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "tap", str(EXAMPLES / "mana-basics.yaml"), "nowhere")
    assert code == 2
    assert err.startswith("mtgasp: unknown permanent id 'nowhere'; the state has: forest, pool, orchard")
    assert "Traceback" not in err


def test_malformed_state_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: dave}\n")
    code, _, err = run(capsys, "tap", str(bad), "f")
    assert code == 2
    assert err == (
        f"mtgasp: {bad}:3: invalid game state at 'battlefield[0].controller': "
        "'dave' is not a player (players: alice, bob)\n"
    )


def test_unknown_card_in_a_state_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forrest, controller: alice}\n")
    code, _, err = run(capsys, "could-produce", str(bad))
    assert code == 2 and "Did you mean 'Forest'" in err and "\n" not in err.rstrip("\n")


def test_missing_file_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "tap", "no-such-file.yaml", "f")
    assert code == 2 and "does not exist" in err


def test_check_reports_what_is_not_modelled(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(EXAMPLES / "twenty-lands.yaml"), "--json")
    data = json.loads(out)
    assert (code, data["valid"], data["violations"]) == (0, True, [])
    assert "tomb: Ancient Tomb #1: damage(self,2,you)" in data["unmodelled"]
