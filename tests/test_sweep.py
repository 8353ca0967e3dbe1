"""mtgasp sweep: cards of a corpus in generated states, on local processes or a Dask cluster.

The corpus is the embedded card set written as a JSON-lines card file; the expected counts
(cards, non-permanents skipped) come from the cards' type lines.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp import CardDatabase
from mtgasp.cli import main
from mtgasp.queries import Engine
from mtgasp.sweep import corpus_names, sweep

PERMANENT = ("Land", "Creature", "Artifact", "Enchantment", "Planeswalker", "Battle")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "cards.jsonl"
    cards = sorted(CardDatabase.default(), key=lambda c: c.name)
    path.write_text("".join(json.dumps(c.to_record()) + "\n" for c in cards), encoding="utf-8")
    return path


def _non_permanents(path: Path, names: list[str]) -> int:
    lines = {json.loads(x)["name"]: json.loads(x)["type_line"] for x in path.read_text(encoding="utf-8").splitlines()}
    return sum(1 for n in names if not any(t in lines[n].split("—")[0] for t in PERMANENT))


def test_a_local_sweep_of_the_embedded_cards_finds_no_failure(corpus: Path) -> None:
    names = corpus_names(corpus)[:24]
    report = sweep(corpus, names=names, batch=8, progress=False)
    assert (report.cards, report.skipped, report.failures) == (24, _non_permanents(corpus, names), {})
    assert report.queries > 0


def test_a_failure_is_attributed_to_its_card(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = Engine.mana_abilities

    def broken(self: Engine, state, player):  # type: ignore[no-untyped-def]
        if any(p.card == "Sol Ring" for p in state.battlefield):
            raise KeyError("a bug provoked by Sol Ring")
        return original(self, state, player)

    monkeypatch.setattr(Engine, "mana_abilities", broken)
    report = sweep(corpus, names=["Forest", "Sol Ring", "Grizzly Bears", "Island"], batch=4, progress=False)
    assert sorted(report.failures) == ["crash: KeyError"]
    # one failure per generated state, each on Sol Ring alone (the batch was rerun card by card)
    assert sorted((card, state) for card, state, _ in report.failures["crash: KeyError"]) == [
        ("Sol Ring", "alone"), ("Sol Ring", "lands"), ("Sol Ring", "replacement")]


def test_two_local_processes_give_the_same_report(corpus: Path) -> None:
    names = corpus_names(corpus)[24:40]
    one = sweep(corpus, names=names, batch=4, progress=False)
    two = sweep(corpus, names=names, batch=4, workers=2, progress=False)
    assert (two.executor, two.cards, two.skipped, two.queries, two.failures) == (
        "process", one.cards, one.skipped, one.queries, one.failures)


def test_the_command_reports_as_json(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", str(corpus), "--sample", "5", "--batch", "5", "--quiet", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["cards"], doc["failure_classes"], doc["executor"]) == (5, {}, "local")
    assert main(["sweep", str(corpus), "--states", "nowhere"]) == 2


def test_a_sweep_on_a_local_dask_cluster(corpus: Path) -> None:
    distributed = pytest.importorskip("dask.distributed", reason="Dask is the optional extra mtgasp[dask]")
    names = corpus_names(corpus)[40:52]
    local = sweep(corpus, names=names, batch=4, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        report = sweep(corpus, names=names, batch=4, scheduler=cluster.scheduler_address, progress=False)
    assert (report.executor, report.workers, report.cards, report.skipped, report.failures) == (
        "dask", 2, local.cards, local.skipped, local.failures)


@pytest.mark.slow
def test_a_sample_of_the_real_corpus_sweeps_clean() -> None:
    from asp import SHARED

    corpus = SHARED / "data" / "cards" / "cards.jsonl"
    if not corpus.exists():
        pytest.skip(f"the card corpus is not at {corpus}")
    report = sweep(corpus, sample=300, seed=11, workers=2, progress=False)
    assert (report.cards, report.failures) == (300, {})
