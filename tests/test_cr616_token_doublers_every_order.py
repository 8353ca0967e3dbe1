"""CR 616.1 (614.1a, 614.5, 111.10): two and three token or counter doublers with a "plus one"
effect, in every order; and "those tokens plus an additional <kind> token" effects (Xorn,
Peregrin Took, Worldwalker Helm), whose extra token is of another kind, so that a result is a
multiset of token kinds. Real cards, read from the shared corpus (../shared/data).

Each expected answer is a hand count: every legal order written out in a comment (the
affected player picks any applicable effect, CR 616.1e, until none is left, 616.1f; each
applies once, 614.5), and, where the effects act on one number, the brute-force walk of
every order (benchmarks/bruteforce.py), which knows nothing of the rules.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

from asp import SHARED, board, corpus_cards, scenario
from mtgasp import Engine
from mtgasp.events import CounterEvent, TokenEvent, replacements

CORPUS = SHARED / "data" / "cards" / "cards.jsonl"
pytestmark = pytest.mark.skipif(not CORPUS.exists(), reason="the shared card corpus (../shared/data) is not present")

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "bruteforce.py"
_spec = importlib.util.spec_from_file_location("mtgasp_benchmarks_bruteforce_doublers", _PATH)
assert _spec is not None and _spec.loader is not None
bf = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = bf
_spec.loader.exec_module(bf)

NAMES = {
    "Doubling Season", "Parallel Lives", "Anointed Procession", "Xorn", "Jolene, the Plunder Queen",
    "Peregrin Took", "Worldwalker Helm", "Ojer Taq, Deepest Foundation", "Hardened Scales",
    "Conclave Mentor", "Corpsejack Menace", "Branching Evolution", "Grizzly Bears",
}
ENGINE = Engine()
DOUBLE = bf.Effect("multiply", factor=2)
PLUS_ONE = bf.Effect("plus", amount=1)


@pytest.fixture(scope="module")
def cards() -> dict[str, tuple[str, str]]:
    return corpus_cards(CORPUS, NAMES)


def _amounts(cards, perms: list[tuple[str, str]], event) -> dict[int, int]:
    st = scenario(board(("bears", "Grizzly Bears", "alice"), *[(i, c, "alice") for i, c in perms]), cards)
    res = replacements(ENGINE, st, event)
    assert not res.unread
    assert all(not d.kinds for d in res.distinct)
    return {d.amount: d.orders for d in res.distinct}


def _kinds(cards, perms: list[tuple[str, str]], event) -> dict[frozenset[tuple[str, int]], int]:
    st = scenario(board(*[(i, c, "alice") for i, c in perms]), cards)
    res = replacements(ENGINE, st, event)
    assert not res.unread
    return {frozenset(d.kinds): d.orders for d in res.distinct}


def _brute(effects: list) -> dict[int, int]:
    return {m[0]: n for m, n in bf.results((1,), effects).items()}


TREASURE = TokenEvent("alice", 1, predefined="Treasure")


# --- tokens: doublers and an additional token of the same kind -----------------------------


def test_cr616_1_two_token_doublers_and_xorn_in_every_order(cards) -> None:
    # Xorn adds one Treasure to Treasures being created. 3! = 6 orders of DS, PL, Xorn on one
    # Treasure, by Xorn's place: first (1+1)*2*2 = 8, second (1*2+1)*2 = 6, last 1*2*2+1 = 5;
    # each with the 2 orders of the doublers.
    got = _amounts(cards, [("ds", "Doubling Season"), ("pl", "Parallel Lives"), ("x", "Xorn")], TREASURE)
    assert got == {5: 2, 6: 2, 8: 2}
    assert got == _brute([DOUBLE, DOUBLE, PLUS_ONE])


def test_cr616_1_three_token_doublers_and_jolene_in_every_order(cards) -> None:
    # Jolene: "instead create those tokens plus an additional Treasure token". 4! = 24 orders, by
    # Jolene's place among three doublers: first 2*8 = 16, second 3*4 = 12, third 5*2 = 10,
    # last 8+1 = 9; each with the 3! = 6 orders of the doublers.
    perms = [("ds", "Doubling Season"), ("pl", "Parallel Lives"), ("ap", "Anointed Procession"),
             ("j", "Jolene, the Plunder Queen")]
    got = _amounts(cards, perms, TREASURE)
    assert got == {9: 6, 10: 6, 12: 6, 16: 6}
    assert got == _brute([DOUBLE, DOUBLE, DOUBLE, PLUS_ONE])


def test_xorn_ruling_two_xorns_create_two_additional_treasures(cards) -> None:
    # Ruling (2021-07-23): "If you control multiple copies of Xorn, you'll create that many
    # additional Treasure tokens." 1 + 1 + 1 = 3 in both orders.
    assert _amounts(cards, [("x1", "Xorn"), ("x2", "Xorn")], TREASURE) == {3: 2}


def test_cr614_1a_xorn_does_not_apply_to_other_tokens(cards) -> None:
    # "If you would create one or more Treasure tokens": a copy of Grizzly Bears is not one.
    got = _amounts(cards, [("ds", "Doubling Season"), ("x", "Xorn")], TokenEvent("alice", 1, card="Grizzly Bears"))
    assert got == {2: 1}


# --- counters: doublers and "that many plus one" -------------------------------------------


def test_cr616_1_three_counter_doublers_and_hardened_scales_in_every_order(cards) -> None:
    # One +1/+1 counter; Hardened Scales' place among three doublers: first 2*8 = 16, second
    # 3*4 = 12, third 5*2 = 10, last 8+1 = 9; each with the 3! = 6 orders of the doublers.
    perms = [("ds", "Doubling Season"), ("cj", "Corpsejack Menace"), ("be", "Branching Evolution"),
             ("hs", "Hardened Scales")]
    got = _amounts(cards, perms, CounterEvent("bears", "+1/+1", 1))
    assert got == {9: 6, 10: 6, 12: 6, 16: 6}
    assert got == _brute([DOUBLE, DOUBLE, DOUBLE, PLUS_ONE])


def test_cr616_1_two_counter_doublers_and_two_plus_ones_in_every_order(cards) -> None:
    # P = Hardened Scales or Conclave Mentor, D = Doubling Season or Corpsejack Menace; each
    # pattern stands for 2! * 2! = 4 orders: PPDD (1+1+1)*4 = 12, PDPD ((1+1)*2+1)*2 = 10,
    # PDDP (1+1)*4+1 = 9, DPPD (2+1+1)*2 = 8, DPDP (2+1)*2+1 = 7, DDPP 4+1+1 = 6.
    perms = [("hs", "Hardened Scales"), ("cm", "Conclave Mentor"), ("ds", "Doubling Season"),
             ("cj", "Corpsejack Menace")]
    got = _amounts(cards, perms, CounterEvent("bears", "+1/+1", 1))
    assert got == {6: 4, 7: 4, 8: 4, 9: 4, 10: 4, 12: 4}
    assert got == _brute([PLUS_ONE, PLUS_ONE, DOUBLE, DOUBLE])


# --- an additional token of another kind: the result is a multiset of kinds ----------------


def _k(**counts: int) -> frozenset[tuple[str, int]]:
    return frozenset((k.replace("_", " "), n) for k, n in counts.items())


BEARS = TokenEvent("alice", 1, card="Grizzly Bears")


def test_cr616_1_peregrin_took_and_doubling_season_in_both_orders(cards) -> None:
    # Peregrin Took first: 1 Bears + 1 Food, doubled: 2 Bears + 2 Food ("twice that many of
    # those tokens": the Food is one of them). Doubling Season first: 2 Bears, + 1 Food.
    got = _kinds(cards, [("pt", "Peregrin Took"), ("ds", "Doubling Season")], BEARS)
    assert got == {_k(Grizzly_Bears=2, Food=2): 1, _k(Grizzly_Bears=2, Food=1): 1}


def test_cr616_1f_worldwalker_helm_applies_once_peregrin_took_adds_an_artifact_token(cards) -> None:
    # Worldwalker Helm: "If you would create one or more artifact tokens" — not a Bears token, so
    # it can't go first; once Peregrin Took adds a Food (an artifact) it applies (CR 616.1f: the
    # effects now applicable). Legal orders, 3 of them:
    #   PT, DS, Helm: 1B+1F -> 2B+2F -> 2B+2F+1 Map
    #   PT, Helm, DS: 1B+1F -> 1B+1F+1M -> 2B+2F+2M
    #   DS, PT, Helm: 2B -> 2B+1F -> 2B+1F+1M
    got = _kinds(cards, [("pt", "Peregrin Took"), ("ds", "Doubling Season"), ("helm", "Worldwalker Helm")], BEARS)
    assert got == {
        _k(Grizzly_Bears=2, Food=2, Map=1): 1,
        _k(Grizzly_Bears=2, Food=2, Map=2): 1,
        _k(Grizzly_Bears=2, Food=1, Map=1): 1,
    }


def test_cr616_1_xorn_peregrin_took_and_doubling_season_on_treasures(cards) -> None:
    # One Treasure; 3! = 6 orders of Xorn (+1 Treasure while Treasures are created), Peregrin
    # Took (+1 Food) and Doubling Season (doubles all of them):
    #   X,P,D: 2T -> 2T+1F -> 4T+2F     P,X,D: 1T+1F -> 2T+1F -> 4T+2F
    #   X,D,P: 2T -> 4T -> 4T+1F        P,D,X: 1T+1F -> 2T+2F -> 3T+2F
    #   D,X,P: 2T -> 3T -> 3T+1F        D,P,X: 2T -> 2T+1F -> 3T+1F
    got = _kinds(cards, [("x", "Xorn"), ("pt", "Peregrin Took"), ("ds", "Doubling Season")], TREASURE)
    assert got == {
        _k(Treasure=4, Food=2): 2,
        _k(Treasure=4, Food=1): 1,
        _k(Treasure=3, Food=2): 1,
        _k(Treasure=3, Food=1): 2,
    }


def test_cr614_1a_ojer_taq_triples_only_the_creature_tokens(cards) -> None:
    # Ojer Taq: "If one or more creature tokens would be created under your control, three times
    # that many of those tokens are created instead" — those creature tokens; the Food is not
    # one. Ojer Taq first: 3B, + 1F; Peregrin Took first: 1B+1F, the Bears tripled: 3B+1F.
    got = _kinds(cards, [("ot", "Ojer Taq, Deepest Foundation"), ("pt", "Peregrin Took")], BEARS)
    assert got == {_k(Grizzly_Bears=3, Food=1): 2}


def test_cr616_1_the_orders_of_peregrin_took_doubling_season_and_ojer_taq(cards) -> None:
    # 3! = 6 orders on one Bears token (O triples creature tokens, D doubles all, P adds a Food):
    #   P,D,O: 1B+1F -> 2B+2F -> 6B+2F    P,O,D: 1B+1F -> 3B+1F -> 6B+2F
    #   D,P,O: 2B -> 2B+1F -> 6B+1F       D,O,P: 2B -> 6B -> 6B+1F
    #   O,P,D: 3B -> 3B+1F -> 6B+2F       O,D,P: 3B -> 6B -> 6B+1F
    got = _kinds(cards, [("pt", "Peregrin Took"), ("ds", "Doubling Season"), ("ot", "Ojer Taq, Deepest Foundation")],
                 BEARS)
    assert got == {_k(Grizzly_Bears=6, Food=2): 3, _k(Grizzly_Bears=6, Food=1): 3}
    total = sum(got.values())
    assert total == 6 and Counter(got.values()) == Counter({3: 2})
