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


# -- the time limit covers the whole command: reading the input and parsing Oracle text --------

import json  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzzing  # noqa: E402
from mtgasp import deadline  # noqa: E402


def _no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that starts fails the command (exit 3): the time limit must stop it before."""

    def refuse(*args: object, **kw: object) -> None:
        raise AssertionError("a search began: the input was read within the time limit")

    monkeypatch.setattr(clingo, "Control", refuse)


def _slow_inputs(tmp_path: Path) -> dict[str, list[str]]:
    """Inputs made by the fuzzer's generators that take long to read before any search: a board
    of 20,000 permanents (the scale cases' boards), and 300 mutated Oracle texts to parse."""
    board = fuzzing.scale_board(20_000, ["alice", "bob"], fuzzing.SCALE_CARDS, fuzzing.SCALE_EFFECTS[:1])
    (tmp_path / "board.json").write_text(json.dumps(board), encoding="utf-8")
    state, cards = fuzzing.card_board(300, random.Random(13), fuzzing._embedded_cards())
    (tmp_path / "cards-state.json").write_text(json.dumps(state), encoding="utf-8")
    (tmp_path / "cards.jsonl").write_bytes(cards)
    return {
        "board": ["abilities", str(tmp_path / "board.json")],
        "oracle texts": ["--cards", str(tmp_path / "cards.jsonl"), "check", str(tmp_path / "cards-state.json")],
    }


@pytest.mark.parametrize("what", ["board", "oracle texts"])
def test_reading_the_input_past_the_time_limit_is_stopped_exit_4(
    what: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The clock starts with the command, not with its first search: a command still reading its
    # input (or parsing Oracle text) GRACE seconds past --timeout is stopped, one line, exit 4.
    argv = _slow_inputs(tmp_path)[what]
    _no_search(monkeypatch)
    monkeypatch.setattr(watchdog, "GRACE", 0.1)
    t0 = time.monotonic()
    status = main(["--timeout", "0.05", *argv])
    seconds = time.monotonic() - t0
    out, err = capsys.readouterr()
    assert (status, out) == (4, "")
    assert err.startswith("mtgasp: incomplete: the time limit stopped the command") and err.count("\n") == 1
    assert "Traceback" not in err and "nothing is claimed" in err
    assert seconds < 10  # stopped, not read to the end (which takes seconds: see _slow_inputs)


def test_without_the_watchdog_a_search_after_a_slow_read_gets_only_the_time_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # In-process (MTGASP_WATCHDOG=0) reading cannot be stopped, but the search that follows has
    # only what is left of the command's time: the answer says it is incomplete (exit 4).
    board = fuzzing.scale_board(200, ["alice", "bob"], ["Forest"], [])
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    monkeypatch.setenv("MTGASP_WATCHDOG", "0")
    assert main(["--timeout", "0.01", "tap", str(path), "p0", "--json"]) == 4
    answer = json.loads(capsys.readouterr().out)
    assert answer["outcomes"] == [] and len(answer["incomplete"]) == 1
    assert "the time limit (0.01 s) stopped the search of query 'tap'" in answer["incomplete"][0]
    assert deadline.left() is None  # the command's deadline ends with the command


def test_commands_asking_many_questions_bound_each_search_not_the_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from mtgasp.cli import MANY_QUESTIONS, cli

    seen: list[float | None] = []
    monkeypatch.setattr(deadline, "start", lambda *a, **k: seen.append(a[0]))
    from click.testing import CliRunner

    CliRunner().invoke(cli, ["--timeout", "7", "schema"], catch_exceptions=False)
    assert seen == [7.0]
    seen.clear()
    assert "verify" in MANY_QUESTIONS
    CliRunner().invoke(cli, ["--timeout", "7", "rules", "--help"], catch_exceptions=False)
    assert seen == []
