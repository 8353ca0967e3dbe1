"""The example state files a user tries first: each loads, validates, round-trips and has facts."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgasp.state import dumps_state, load_state, loads_state

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.yaml"))


def test_the_documented_examples_exist() -> None:
    assert {p.name for p in EXAMPLES} >= {
        "mana-basics.yaml",
        "replacement.yaml",
        "naked-singularity.yaml",
        "myriad.yaml",
        "twenty-lands.yaml",
    }


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_loads_and_round_trips(path: Path) -> None:
    state = load_state(path)
    assert loads_state(dumps_state(state)) == state
    facts = {str(f) for f in state.facts()}
    assert f"active_player(player({state.active!r}))".replace("'", '"') in facts
    assert len([f for f in facts if f.startswith("permanent(")]) == len(state.battlefield)


def test_myriad_example_has_three_players_and_the_master_attacking() -> None:
    state = load_state(Path(__file__).resolve().parents[1] / "examples" / "myriad.yaml")
    assert state.player_ids == ("alice", "bob", "carol")
    assert state.step == "declare_attackers"
    assert 'attacking(obj("master"),player("bob"))' in {str(f) for f in state.facts()}


def test_twenty_lands_example_has_twenty_lands_for_alice() -> None:
    state = load_state(Path(__file__).resolve().parents[1] / "examples" / "twenty-lands.yaml")
    db = state.database()
    alice_lands = [p for p in state.battlefield if p.controller == "alice" and "Land" in db[p.card].type_line]
    assert len(alice_lands) == 20
