"""`mtgasp check` reports the state-based actions pending in a state (CR 704.3, 704.5), each with
its CR number — issue 8's silent failures: two nontoken legendary permanents with the same name,
a player at 0 life, a creature with lethal damage or 0 toughness were reported "valid" alone."""

from __future__ import annotations

import json

from mtgasp import Engine, loads_state
from mtgasp.cli import main

ENGINE = Engine()


def _pending(text: str) -> list[str]:
    return [s for code, s in ENGINE.check(loads_state(text)) if code == "pending"]


def test_cr704_5a_a_player_with_0_life_is_pending() -> None:
    assert _pending("players: [alice, {id: bob, life: 0}]\n") == ["CR 704.5a: bob"]


def test_cr704_5j_two_legends_with_the_same_name_are_pending() -> None:
    text = (
        "players: [alice, bob]\nbattlefield:\n"
        "  - {id: l1, card: Gaea's Cradle, controller: alice}\n  - {id: l2, card: Gaea's Cradle, controller: alice}\n"
        "  - {id: l3, card: Gaea's Cradle, controller: bob}\n"
    )
    # bob's copy is his own: the rule looks at each player's legends (CR 704.5j).
    assert _pending(text) == ["CR 704.5j: l1", "CR 704.5j: l2"]


def test_cr704_5d_a_token_outside_the_battlefield_is_pending() -> None:
    text = "players: [alice, bob]\ngraveyard:\n  alice: [{id: t, card: Grizzly Bears, token: true}]\n"
    assert _pending(text) == ["CR 704.5d: t"]


def test_cr704_5g_lethal_damage_and_cr704_5f_zero_toughness_are_pending() -> None:
    text = (
        "players: [alice, bob]\nbattlefield:\n"
        "  - {id: bears, card: Grizzly Bears, controller: alice, damage: 5}\n"
        "  - {id: hurt, card: Grizzly Bears, controller: alice, damage: 1}\n"
        "  - {id: shrunk, card: Grizzly Bears, controller: bob, counters: {-1/-1: 2}}\n"
    )
    assert _pending(text) == ["CR 704.5f: shrunk", "CR 704.5g: bears"]


def test_check_json_lists_pending_state_based_actions(tmp_path, capsys) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("players: [alice, {id: bob, life: -3}]\n")
    assert main(["check", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["pending_state_based_actions"] == ["CR 704.5a: bob"]
    assert doc["valid"] is True  # the state is a legal one; the next settle performs the action
