"""The program's entry (mtgasp.cli, issue 12): each command is loaded from its own module when it
is invoked, so ``mtgasp corpus`` loads neither the engine nor the game-state models nor pydantic;
and the corpus command, run as the program, ends its process as soon as its answer is written,
with the same output and exit status."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from mtgasp.cli import COMMANDS, QUICK_EXIT, cli, main
from mtgasp.parser import lalr

ROOT = Path(__file__).resolve().parent.parent
ELVES = {"name": "Llanowar Elves", "mana_cost": "{G}", "type_line": "Creature — Elf Druid",
         "oracle_text": "{T}: Add {G}.", "power": "1", "toughness": "1"}


def _program(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The mtgasp program as its console script runs it (``sys.exit(main())``), in a new process."""
    return subprocess.run(
        [sys.executable, "-c", "import sys; from mtgasp.cli import main; sys.exit(main())", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=300, env={**os.environ, **(env or {})},
    )


def test_every_command_of_the_table_is_found_under_its_name() -> None:
    ctx = click.Context(cli)
    assert cli.list_commands(ctx) == sorted(COMMANDS)
    for name in COMMANDS:
        command = cli.get_command(ctx, name)
        assert isinstance(command, click.Command) and command.name == name
    rules = cli.get_command(ctx, "rules")
    assert isinstance(rules, click.Group) and "reads" in rules.commands
    assert cli.get_command(ctx, "no-such-command") is None


def _corpus_modules(tmp_path: Path, prefixes: tuple[str, ...], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``mtgasp corpus`` (one card, ``--json``) in a new process, in one process (no watchdog);
    its output ends with the line of the loaded modules whose names start with ``prefixes``."""
    cards = tmp_path / "cards.jsonl"
    cards.write_text(json.dumps(ELVES) + "\n", encoding="utf-8")
    code = (
        "import sys; from mtgasp.cli import main; code = main(['corpus', sys.argv[1], '--json']); "
        f"print(sorted(m for m in sys.modules if m.startswith({prefixes!r}))); sys.exit(code)"
    )
    return subprocess.run([sys.executable, "-c", code, str(cards)], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, env={**os.environ, "MTGASP_WATCHDOG": "0", **env})


def test_the_corpus_command_loads_no_engine_state_or_pydantic(tmp_path: Path) -> None:
    done = _corpus_modules(tmp_path, ("pydantic", "mtgasp.queries", "mtgasp.state", "mtgasp.game"), {})
    assert done.returncode == 0, done.stderr
    report_text, loaded = done.stdout.rsplit("\n", 2)[0], done.stdout.rsplit("\n", 2)[1]
    assert json.loads(report_text)["cards_fully_parsed"] == 1
    assert loaded == "[]"


def test_the_corpus_command_loads_no_solver_once_the_read_table_is_cached(tmp_path: Path) -> None:
    """The report checks fact text against the table of what the rules read (mtgasp.reads_table):
    with that table in the cache, clingo, the static pass over the rules' syntax and the engine
    are never imported (issue 12). The first run fills the cache (the pass runs there)."""
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o700)
    user = lalr.cache_dir()  # the parser's tables (not this test's subject) copied when built already
    if user is not None and (tables := user / f"oracle-lalr-{lalr.grammar_key()}.tables").is_file():
        shutil.copyfile(tables, cache / tables.name)
    prefixes = ("clingo", "mtgasp.engine", "mtgasp.read_analysis", "mtgasp.relevance", "mtgasp.reads")
    runs = [_corpus_modules(tmp_path, prefixes, {"MTGASP_CACHE_DIR": str(cache)}) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr + runs[1].stderr
    loaded = [r.stdout.rsplit("\n", 2)[1] for r in runs]
    assert "'clingo'" in loaded[0] and "'mtgasp.read_analysis'" in loaded[0]  # the cache was empty
    assert loaded[1] == "['mtgasp.reads_table']"


@pytest.mark.parametrize("watchdog", ["0", "1"])
def test_the_corpus_program_ends_with_its_whole_answer_and_status(tmp_path: Path, watchdog: str) -> None:
    assert "corpus" in QUICK_EXIT
    cards = tmp_path / "cards.jsonl"
    cards.write_text("".join(json.dumps({**ELVES, "name": f"Elf {i}"}) + "\n" for i in range(300)), encoding="utf-8")
    done = _program("corpus", str(cards), "--json", env={"MTGASP_WATCHDOG": watchdog})
    assert (done.returncode, done.stderr) == (0, "")
    report = json.loads(done.stdout)  # the whole document: nothing lost at the quick exit
    assert (report["cards"], report["cards_fully_parsed"]) == (300, 300)
    text = _program("corpus", str(cards), "--jobs", "2", env={"MTGASP_WATCHDOG": watchdog})
    assert text.returncode == 0 and "300" in text.stdout and text.stdout.endswith("\n")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    failed = _program("corpus", str(bad), env={"MTGASP_WATCHDOG": watchdog})
    assert failed.returncode == 2 and failed.stdout == "" and failed.stderr.count("\n") == 1
    assert "Traceback" not in failed.stderr


def test_main_with_arguments_returns_after_the_corpus_command(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # a caller in Python gets the status back (the process goes on: this test runs on)
    monkeypatch.setenv("MTGASP_WATCHDOG", "0")
    cards = tmp_path / "cards.jsonl"
    cards.write_text(json.dumps(ELVES) + "\n", encoding="utf-8")
    assert main(["corpus", str(cards), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cards"] == 1


def test_only_the_corpus_program_ends_without_the_interpreters_exit(tmp_path: Path) -> None:
    # The quick exit skips the interpreter's exit (its atexit handlers, freeing every object);
    # every other command ends as before.
    cards = tmp_path / "cards.jsonl"
    cards.write_text(json.dumps(ELVES) + "\n", encoding="utf-8")
    code = ("import atexit, sys; atexit.register(lambda: print('interpreter exit', file=sys.stderr)); "
            "from mtgasp.cli import main; sys.exit(main())")

    def program(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                              timeout=300, env={**os.environ, "MTGASP_WATCHDOG": "0"})

    corpus = program("corpus", str(cards), "--json")
    assert (corpus.returncode, corpus.stderr) == (0, "") and json.loads(corpus.stdout)["cards"] == 1
    schema = program("schema")
    assert (schema.returncode, schema.stderr) == (0, "interpreter exit\n") and json.loads(schema.stdout)
