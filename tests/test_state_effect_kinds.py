"""The continuous-effect kinds a state file can hold beyond P/T, types and copies: a keyword
granted by a resolved spell (layer 6) and a change of control (layer 2), written by `apply --out`
and read back.

Basis: CR 611.2a (a resolving spell's "gains flying until end of turn" creates a continuous effect
lasting until the cleanup step, CR 514.2), CR 613.1b and 110.2 (control-changing effects), and the
docs' promise that every successor `apply --out` writes is a state file that reads back to the
same facts (docs/state-format.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgasp import Engine, loads_state
from mtgasp.errors import InvalidStateError
from mtgasp.cli import cli
from mtgasp.state import dumps_state, load_state

ENGINE = Engine()
JUMP = """\
version: 2
players: [alice, bob]
priority: bob
passed: [alice]
cards:
  - {name: Jump, mana_cost: "{U}", type_line: Instant, oracle_text: Target creature gains flying until end of turn.}
battlefield:
  - {id: elves, card: Llanowar Elves, controller: alice}
stack:
  - {id: j, card: Jump, controller: alice, targets: [elves]}
"""


def test_cr611_2a_a_resolved_gains_flying_is_written_as_a_state_and_read_back(tmp_path: Path) -> None:
    src = tmp_path / "jump.yaml"
    src.write_text(JUMP)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["apply", str(src), "pass", "--out", str(out)])
    assert result.exit_code == 0, result.output
    successor = load_state(out / "successor-1.yaml")
    (effect,) = successor.effects
    assert (effect.object, effect.kind, effect.change.keyword, effect.until, effect.source) == (
        "elves", "gain_keyword", "flying", "end_of_turn", "j")
    # CR 613.1f: the creature has flying now; and the file's facts are the successor's facts.
    assert "flying" in CliRunner().invoke(cli, ["characteristics", str(out / "successor-1.yaml"), "elves"]).output
    (s,) = ENGINE.apply(loads_state(JUMP), "pass").successors
    assert 'resolved_effect(eff(1),obj("elves"),gain_ability(keyword("flying")))' in s.added
    assert loads_state(dumps_state(successor)) == successor


STOLEN = """\
version: 2
players: [alice, bob]
battlefield:
  - {id: elves, card: Llanowar Elves, controller: bob}
effects:
  - {kind: gain_control, object: elves, player: alice, until: end_of_turn}
"""


def test_cr613_1b_a_resolved_gain_control_gives_the_creature_and_its_mana_ability() -> None:
    st = loads_state(STOLEN)
    assert [r.object for r in ENGINE.mana_abilities(st, "alice")] == ["elves"]
    assert ENGINE.mana_abilities(st, "bob") == ()
    assert loads_state(dumps_state(st)) == st


def test_cr514_2_gain_control_until_end_of_turn_ends_in_the_cleanup_step() -> None:
    st = loads_state(STOLEN.replace("players: [alice, bob]\n", "players: [alice, bob]\nstep: end\n"))
    (s,) = ENGINE.apply(st, "pass").successors  # alice passes in the end step
    (s,) = ENGINE.apply(s.position, "pass").successors  # bob passes: on to cleanup, which ends it
    assert not any(f.startswith("resolved_effect(") for f in s.position.lines())


def test_a_gain_control_effect_names_an_existing_player() -> None:
    with pytest.raises(InvalidStateError, match=r"effects\[0\]\.player.*'carol' is not a player"):
        loads_state(STOLEN.replace("player: alice", "player: carol"))
