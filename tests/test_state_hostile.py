"""Hostile state files (issue 13): every one ends with exit status 2 and one paragraph naming the
bad field (or the file), quickly, never a traceback, never a Python repr, never a huge echo."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from mtgasp.cli import main
from mtgasp.errors import InvalidStateError
from mtgasp.state import load_state, loads_state

BEARS = "{id: b, card: Grizzly Bears, controller: a"

# (id, file name, text, the field path the message names, a fragment of what it says)
CASES = [
    ("counter_2_31", "s.yaml", f"players: [a]\nbattlefield: [{BEARS}, counters: {{+1/+1: 2147483648}}}}]\n",
     "battlefield[0].counters.+1/+1", "at most 1000000"),
    ("life_2_31", "s.yaml", "players: [{id: a, life: 2147483648}]\n", "players[0].life", "at most 2147483647"),
    ("life_below_int_min", "s.yaml", "players: [{id: a, life: -2147483649}]\n", "players[0].life", "at least -2147483648"),
    ("damage_negative", "s.yaml", f"players: [a]\nbattlefield: [{BEARS}, damage: -1}}]\n",
     "battlefield[0].damage", "non-negative"),
    ("pool_near_2_32", "s.yaml", "players: [a]\nmana_pool: {a: {G: 6442450938}}\n", "mana_pool.a.G", "at most 1000000"),
    ("library_size_negative", "s.yaml", "players: [a]\nlibrary: {a: {size: -1}}\n", "library.a.size", "non-negative"),
    ("x_huge", "s.yaml", "players: [a]\nstack: [{id: s, card: Opt, controller: a, x: 99999999999}]\n",
     "stack[0].x", "at most 1000000"),
    ("counter_inf", "s.yaml", f"players: [a]\nbattlefield: [{BEARS}, counters: {{charge: .inf}}}}]\n",
     "battlefield[0].counters.charge", "got inf"),
    ("int_5000_digits_yaml", "s.yaml", "players: [{id: a, life: " + "9" * 5000 + "}]\n", "players[0].life", "5000 digits"),
    ("int_5000_digits_json", "s.json", '{"players": [{"id": "a", "life": ' + "9" * 5000 + "}]}", "players[0].life", "got an integer of 5000 digits"),
    ("tag_int_on_word", "s.yaml", "players: [{id: a, life: !!int word}]\n", "players[0].life", "!!int"),
    ("tag_python", "s.yaml", "players: [a]\nnotes: !!python/object/apply:os.system [echo]\n", "notes", "!!python/object/apply"),
    ("tag_binary", "s.yaml", "players: [a]\nnotes: !!binary aGVsbG8=\n", "notes", "!!binary"),
    ("tag_set", "s.yaml", "players: [a]\nnotes: !!set {x}\n", "notes", "!!set"),
    ("alias_bomb", "s.yaml",
     "players: [a]\nstack: [{id: s, card: Opt, controller: a, targets: ["
     + ", ".join(f"&l{i} [" + ",".join([f"*l{i - 1}" if i else "x"] * 12) + "]" for i in range(7))
     + "]}]\n", "stack[0].targets", "expands to more than"),
    ("alias_to_itself", "s.yaml", "players: &p [a, *p]\n", "players[1]", "refers to the node that contains it"),
    ("duplicate_key", "s.yaml", "players: [a]\nplayers: [b]\n", "line 2, column 1", "duplicate key 'players'"),
    ("date_as_life", "s.yaml", "players: [{id: a, life: 2024-01-01}]\n", "players[0].life", "got '2024-01-01'"),
    ("nul_in_id", "s.json", '{"players": ["a\\u0000b"]}', "players[0]", "control characters (U+0000"),
    ("nul_in_oracle_text", "s.json",
     '{"players": ["a"], "cards": [{"name": "X", "type_line": "Land", "oracle_text": "{T}: Add {G}.\\u0000"}]}',
     "cards[0].oracle_text", "control characters (U+0000"),
    ("nul_in_toughness", "s.json",
     '{"players": ["a"], "cards": [{"name": "X", "type_line": "Creature", "power": "1", "toughness": "1\\u0000"}]}',
     "cards[0].toughness", "control characters"),
    ("lone_surrogate_card", "s.json",
     '{"players": ["a"], "battlefield": [{"id": "f", "card": "For\\ud800est", "controller": "a"}]}',
     "battlefield[0].card", "lone surrogates (U+D800"),
    ("noncharacter_id", "s.json", '{"players": ["a\\uffff"]}', "players[0]", "noncharacters (U+FFFF"),
    ("bell_in_notes", "s.yaml", 'players: [a]\nnotes: "ring\\a"\n', "notes", "control characters (U+0007"),
    ("ids_equal_after_nul", "s.json",
     '{"players": ["a"], "battlefield": [{"id": "f", "card": "Forest", "controller": "a"},'
     ' {"id": "f\\u0000x", "card": "Forest", "controller": "a"}]}', "battlefield[1].id", "control characters"),
    ("card_name_too_long", "s.yaml", f"players: [a]\nbattlefield: [{{id: f, card: {'x' * 5000}, controller: a}}]\n",
     "battlefield[0].card", "at most 200 characters"),
    ("huge_step_excerpt", "s.yaml", "players: [a]\nstep: " + "z" * 100_000 + "\n", "step", "100000 characters"),
    ("huge_unknown_key", "s.json", '{"players": ["a"], "' + "k" * 100_000 + '": 1}', "k" * 60, "unknown key"),
    ("ten_thousand_players", "s.json", json.dumps({"players": [f"p{i}" for i in range(10_000)]}), "players",
     "at most 1000 players, not 10000"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "text", "path", "fragment"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_hostile_state_file_exit_2_one_paragraph(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, path: str, fragment: str
) -> None:
    state = tmp_path / name
    state.write_text(text, encoding="utf-8", errors="surrogatepass")
    code = main(["check", str(state)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("mtgasp: ")
    assert path in err and fragment in err
    assert "Traceback" not in err and "datetime" not in err
    assert len(err) < 700  # a short excerpt of a bad value, never the value whole


def test_dates_are_text_not_python_objects() -> None:
    state = loads_state("players: ['2024-01-01']\nnotes: 2024-01-01\n")
    assert state.player_ids == ("2024-01-01",) and state.notes == "2024-01-01"


def test_redundant_plain_tags_are_accepted() -> None:
    state = loads_state("players: [!!str 1, {id: b, life: !!int 7}]\n")
    assert state.player_ids == ("1", "b") and state.players[1].life == 7


def _refused_quickly(path: Path, fragment: str) -> None:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            load_state(path)
        except BaseException as exc:  # noqa: BLE001 - handed to the test below
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), f"reading {path} did not return"
    assert len(errors) == 1 and isinstance(errors[0], InvalidStateError)
    assert errors[0].path == "(file)" and fragment in str(errors[0])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "state.yaml"
    os.mkfifo(fifo)
    _refused_quickly(fifo, "not a regular file (a FIFO)")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused_without_reading() -> None:
    _refused_quickly(Path("/dev/zero"), "not a regular file (a device or special file)")


def test_a_directory_is_refused(tmp_path: Path) -> None:
    _refused_quickly(tmp_path, "not a regular file (a directory)")


def test_a_file_over_10_mb_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with open(big, "wb") as handle:
        handle.truncate(10_000_001)  # sparse: nothing is written, nothing should be read
    _refused_quickly(big, "the file has 10000001 bytes; a state file may have at most 10000000")


def test_bounds_are_inclusive() -> None:
    state = loads_state(
        json.dumps(
            {
                "players": [{"id": "a", "life": 2**31 - 1}, {"id": "b", "life": -(2**31)}],
                "battlefield": [{"id": "f", "card": "Forest", "controller": "a", "counters": {"charge": 1_000_000}}],
            }
        )
    )
    assert 'life(player("b"),-2147483648)' in {str(f) for f in state.facts()}


def test_the_player_bound_is_inclusive_and_ids_stay_checked() -> None:
    from mtgasp.state.resolve import MAX_PLAYERS

    ids = [f"p{i}" for i in range(MAX_PLAYERS)]
    state = loads_state(json.dumps({"players": ids}))
    assert state.player_ids == tuple(ids)
    with pytest.raises(InvalidStateError, match=r"duplicate player id 'p0' \(also players\[0\]\)"):
        loads_state(json.dumps({"players": [*ids[:-1], "p0"]}))
