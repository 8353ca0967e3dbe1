"""The game commands (`actions`, `apply`, `play`, `perft`) are bounded like the mana queries.

A time limit far below one step's grounding (1 microsecond) stops every game command before its
answer is whole: the Python API raises GameIncompleteError (a QueryTimeoutError) saying so, and
the command line exits with status 4 and that message, never a traceback and never a part
answer passed off as whole. perft also stops at PERFT_STATE_LIMIT distinct states expanded and
says which depths it had finished (the counts of tests/test_perft.py's state 1, by hand there).
A generous limit changes no answer.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgasp import Engine, game, loads_state
from mtgasp.cli import EXIT_INCOMPLETE, main
from mtgasp.errors import QueryTimeoutError
from mtgasp.game import GameIncompleteError

from steps import position
from test_perft import CARDS, STATE_1

TINY = 1e-6
TWO = "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice}\n"


def test_game_incomplete_is_a_query_timeout() -> None:
    assert issubclass(GameIncompleteError, QueryTimeoutError)


@pytest.mark.parametrize("command", ["actions", "apply", "play", "perft"])
def test_each_game_command_cut_short_raises_incomplete(command: str) -> None:
    state = loads_state(TWO)
    engine = Engine(timeout=TINY)
    call = {
        "actions": lambda: engine.actions(state),
        "apply": lambda: engine.apply(state, "pass"),
        "play": lambda: engine.play(state, ["pass", "pass"]),
        "perft": lambda: engine.perft(state, 3),
    }[command]
    with pytest.raises(GameIncompleteError, match=r"time limit \(1e-06 s\) stopped the game command"):
        call()
    assert engine.incomplete and "nothing is claimed" in engine.incomplete[0]


def test_perft_stops_at_its_state_bound_and_says_what_was_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    # State 1 by hand (tests/test_perft.py): depth 1 has 4 distinct states; expanding them takes
    # the root and 4 more states, past a bound of 3.
    monkeypatch.setattr(game, "PERFT_STATE_LIMIT", 3)
    with pytest.raises(GameIncompleteError, match=r"perft stops at 3 distinct states expanded .*depth 1: 4 distinct"):
        Engine().perft(position(STATE_1, CARDS), 3)


def test_a_generous_limit_changes_no_game_answer() -> None:
    pos = position(STATE_1, CARDS)
    free, bounded = Engine(), Engine(timeout=600)
    assert bounded.perft(pos, 3) == free.perft(pos, 3)
    assert bounded.apply(pos, "play:l2") == free.apply(pos, "play:l2")
    assert bounded.actions(pos) == free.actions(pos)
    assert bounded.incomplete == []


@pytest.mark.parametrize("args", [["actions"], ["apply", "pass"], ["perft", "4"], ["play", "LINE"]])
def test_cli_game_command_cut_short_exit_4(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    state = tmp_path / "s.yaml"
    state.write_text(TWO)
    line = tmp_path / "line.yaml"
    line.write_text("- pass\n- pass\n")
    cmd, *rest = args
    argv = ["--timeout", "0.000001", cmd, str(state), *[str(line) if a == "LINE" else a for a in rest]]
    assert main(argv) == EXIT_INCOMPLETE == 4
    out = capsys.readouterr()
    assert "mtgasp: incomplete: the time limit (1e-06 s) stopped the game command" in out.err
    assert "Traceback" not in out.err + out.out


def test_cli_perft_without_limit_is_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "s.yaml"
    state.write_text("players: [alice, bob]\nstep: end_of_combat\n")
    assert main(["--timeout", "0", "perft", str(state), "2"]) == 0
    assert "within 2: 2 distinct state(s)" in capsys.readouterr().out
