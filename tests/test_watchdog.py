"""The command line's watchdog (issue 13): a grounding that runs past the time limit is stopped
and said to be incomplete (exit 4); an answer within the limit passes through unchanged."""

from __future__ import annotations

import time
from pathlib import Path

import clingo
import pytest
from mtgasp import watchdog
from mtgasp.cli import main

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "mana-basics.yaml"

pytestmark = pytest.mark.skipif(not watchdog.enabled(), reason="no os.fork here: commands run without the watchdog")


def test_a_grounding_past_the_time_limit_is_stopped_exit_4(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    real_ground = clingo.Control.ground

    def endless(self: clingo.Control, *args: object, **kw: object) -> None:
        time.sleep(120)  # a grounding clingo cannot interrupt
        real_ground(self, *args, **kw)

    monkeypatch.setattr(clingo.Control, "ground", endless)
    monkeypatch.setattr(watchdog, "GRACE", 0.1)
    status = main(["--timeout", "0.2", "check", str(EXAMPLE)])
    out, err = capsys.readouterr()
    assert status == 4 and out == ""
    assert err.startswith("mtgasp: incomplete: the time limit stopped the command") and err.count("\n") == 1


def test_an_answer_within_the_limit_passes_through_unchanged(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["could-produce", str(EXAMPLE), "--json"]
    assert main(argv) == 0
    watched = capsys.readouterr()
    monkeypatch.setenv("MTGASP_WATCHDOG", "0")
    assert main(argv) == 0
    assert capsys.readouterr() == watched


def test_bad_input_keeps_its_one_paragraph_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "s.yaml"
    state.write_text("players: [a]\nlife: [\n", encoding="utf-8")
    assert main(["check", str(state)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtgasp: ") and err.count("\n") == 1
