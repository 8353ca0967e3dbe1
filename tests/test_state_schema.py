"""The JSON Schema of game-state files (docs/state.schema.json) is generated from the pydantic
schema that validates them: the committed copy is up to date and says what loading accepts."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from mtgasp.cli import cli
from mtgasp.state.json_schema import state_json_schema, state_json_schema_text
from mtgasp.state.vocab import EFFECT_KINDS, INT_MAX, QUANTITY_MAX, STEPS

COMMITTED = Path(__file__).resolve().parents[1] / "docs" / "state.schema.json"


def test_committed_schema_is_the_generated_one() -> None:
    # Regenerate with: mtgasp schema --out docs/state.schema.json
    assert COMMITTED.read_text(encoding="utf-8") == state_json_schema_text()


def test_mtgasp_schema_prints_it() -> None:
    result = CliRunner().invoke(cli, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.output) == state_json_schema()


def test_schema_states_what_loading_checks() -> None:
    schema = state_json_schema()
    assert schema["required"] == ["players"]
    assert schema["additionalProperties"] is False
    assert schema["properties"]["step"]["enum"] == list(STEPS)
    permanent = schema["$defs"]["PermanentEntry"]
    assert permanent["required"] == ["id", "card", "controller"]
    assert permanent["properties"]["damage"]["minimum"] == 0
    assert permanent["properties"]["damage"]["maximum"] == QUANTITY_MAX
    assert schema["$defs"]["PlayerEntry"]["properties"]["life"]["maximum"] == INT_MAX
    assert "Damage marked on it this turn (CR 120.6)." == permanent["properties"]["damage"]["description"]
    refs = {ref["$ref"] for ref in schema["properties"]["effects"]["items"]["oneOf"]}
    assert refs == {f"#/$defs/Effect_{kind}" for kind in EFFECT_KINDS}
