"""The YAML examples in docs/state-format.md load as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtgasp.state import loads_state

DOC = Path(__file__).resolve().parents[1] / "docs" / "state-format.md"
BLOCKS = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
STATES = [block for block in BLOCKS if block.startswith(("players:", "version:"))]


def test_the_doc_has_complete_examples() -> None:
    assert len(STATES) >= 2


@pytest.mark.parametrize("text", STATES)
def test_documented_state_loads(text: str) -> None:
    state = loads_state(text)
    assert state.facts()
