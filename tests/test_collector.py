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
