"""mtgasp.collector: the corpus loop collects young objects only (issue 12). The basis for not
walking the older generations during the loop: what survives a young collection there is never
garbage by the loop's end (a full collection after it finds nothing), while a cycle made in the
loop is still found young."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest

from mtgasp.collector import young_only
from mtgasp.corpus import iter_card_records, measure

CORPUS = Path(__file__).parent.parent.parent / "shared" / "data" / "cards" / "cards.jsonl"


class _Node:
    def __init__(self) -> None:
        self.me = self


def test_young_only_still_collects_a_young_cycle_and_restores_the_thresholds() -> None:
    before = gc.get_threshold()
    restore = young_only()
    try:
        assert gc.get_threshold()[0] == before[0] and gc.get_threshold()[1] > 10**9
        gone = weakref.ref(_Node())  # unreachable at once, kept alive only by its own cycle
        assert gone() is not None
        keep = [[] for _ in range(20 * before[0])]  # new container objects: young collections run
        assert gone() is None  # found by a young collection, without gc.collect()
        del keep
    finally:
        restore()
    assert gc.get_threshold() == before


@pytest.mark.skipif(not CORPUS.exists(), reason=f"{CORPUS} is absent (the shared card corpus)")
def test_the_corpus_loop_leaves_no_garbage_for_the_old_generations() -> None:
    # 600 real cards spread over the corpus (old and new templates, parsed and unsupported
    # texts, parse errors included); with the collector running young collections only, a full
    # collection afterwards finds nothing: nothing the loop made became garbage once old.
    recs = list(iter_card_records(CORPUS))
    sample = recs[:: max(1, len(recs) // 600)][:600]
    assert len(sample) == 600
    before = gc.get_threshold()
    gc.collect()
    report = measure(sample)
    assert report["cards"] == 600 and report["abilities_parsed"] < report["abilities"]  # some unsupported
    assert gc.get_threshold() == before  # restored when the loop ends
    gc.collect(0)  # what the loop's last young collection had not reached yet
    assert gc.collect() == 0


@pytest.mark.skipif(not CORPUS.exists(), reason=f"{CORPUS} is absent (the shared card corpus)")
def test_the_corpus_loop_makes_no_garbage_in_cycles_at_all() -> None:
    # The basis for running the corpus program with the collector off (mtgasp.cli.QUICK_EXIT):
    # with the collector paused through a whole report of 600 real cards (parse errors and
    # unsupported texts included), a collection afterwards finds nothing to free, so no
    # collection during such a run could have freed anything either.
    recs = list(iter_card_records(CORPUS))
    sample = recs[1:: max(1, len(recs) // 600)][:600]
    measure(sample[:5])  # the parser built and its modules imported (their class-building left aside)
    gc.collect()
    gc.disable()
    try:
        report = measure(sample)
        found = gc.collect()
    finally:
        gc.enable()
    assert report["cards"] == 600 and report["abilities_parsed"] < report["abilities"]  # some unsupported
    assert found == 0


def test_the_program_runs_corpus_without_the_collector_other_commands_with_start_up_frozen(tmp_path: Path) -> None:
    import json
    import os
    import subprocess
    import sys

    cards = tmp_path / "cards.jsonl"
    cards.write_text(json.dumps({"name": "Llanowar Elves", "mana_cost": "{G}", "type_line": "Creature — Elf Druid",
                                 "oracle_text": "{T}: Add {G}.", "power": "1", "toughness": "1"}) + "\n",
                     encoding="utf-8")
    # the program (main() without arguments, as the console script runs it), the collector's
    # state printed when the command's work begins: off for corpus (mtgasp.cli.QUICK_EXIT); on for
    # any other command, what start-up made frozen (left out of the collections)
    show = "print('collector', gc.isenabled(), gc.get_freeze_count() > 0, file=sys.stderr)"
    code = ("import gc, sys, mtgasp.corpus as c, mtgasp.cli_schema as s; from mtgasp.cli import main; "
            f"m = c.measure; c.measure = lambda *a, **k: ({show}, m(*a, **k))[1]; "
            f"cb = s.schema_command.callback; s.schema_command.callback = lambda *a, **k: ({show}, cb(*a, **k))[1]; "
            "sys.exit(main())")

    def program(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=300,
                              env={**os.environ, "MTGASP_WATCHDOG": "0"})

    corpus = program("corpus", str(cards), "--json")
    assert (corpus.returncode, corpus.stderr) == (0, "collector False False\n")
    assert json.loads(corpus.stdout)["cards"] == 1
    schema = program("schema")
    assert (schema.returncode, schema.stderr) == (0, "collector True True\n") and json.loads(schema.stdout)
    # a caller in Python (main with arguments) keeps its collector as it is
    from mtgasp.cli import main

    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    assert main(["corpus", str(cards), "--json"]) == 0
    assert gc.isenabled() and gc.get_freeze_count() == frozen
