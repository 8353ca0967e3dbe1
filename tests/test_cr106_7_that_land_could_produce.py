"""Issue 12: "Add one mana of any type that land could produce" where "that land" is the object
a cost was paid with (CR 106.7): bound to the cost's object, not read as any land. The cards of
the family in the shared corpus: Benthic Explorers ("{T}, Untap a tapped land an opponent
controls: ... that land could produce") and Squandered Resources ("Sacrifice a land: ... the
sacrificed land could produce")."""

from __future__ import annotations


import pytest

from asp import SHARED, board, corpus_cards, scenario
from mtgasp import Engine, Mana
from mtgasp.parser import parse_card

CORPUS = SHARED / "data" / "cards" / "cards.jsonl"
pytestmark = pytest.mark.skipif(not CORPUS.exists(), reason="the shared card corpus (../shared/data) is not present")
NAMES = {"Benthic Explorers", "Squandered Resources", "Reflecting Pool", "Island", "Mountain", "Forest", "Wastes", "Tundra"}
ENGINE = Engine()


@pytest.fixture(scope="module")
def cards() -> dict[str, tuple[str, str]]:
    return corpus_cards(CORPUS, NAMES)


def _adds(st, obj: str) -> tuple[tuple[str, ...], bool]:
    (report,) = [a for a in ENGINE.mana_abilities(st, "alice") if a.object == obj]
    return tuple(sorted("".join(k * v for k, v in m.as_dict().items()) for m in report.could_add)), report.activatable


def test_that_land_is_bound_to_the_cost_in_the_facts(cards) -> None:
    for name in ("Benthic Explorers", "Squandered Resources"):
        pc = parse_card(name, cards[name][1], type_line=cards[name][0])
        facts = {str(f).replace(f'ab(card("{name}"),1)', "A") for f in pc.facts}
        assert "adds(A,1,1,1,could_produce(that(f(A,2)),type))" in facts
        assert {f for f in facts if f.startswith("filter(f(A,2)")} == {"filter(f(A,2),1,type(land))"}
    # "a land you control could produce" still reads a filter (Reflecting Pool)
    pc = parse_card("Reflecting Pool", cards["Reflecting Pool"][1], type_line=cards["Reflecting Pool"][0])
    assert any(str(f).endswith("could_produce(f(ab(card(\"Reflecting Pool\"),1),1),type))") for f in pc.facts)


def test_cr106_7_benthic_explorers_adds_a_type_the_untapped_land_could_produce(cards) -> None:
    """Only a tapped land an opponent controls can be untapped for the cost: bob's tapped
    Island ({U}), not bob's untapped Mountain nor alice's own tapped Forest."""
    st = scenario(board(("b", "Benthic Explorers", "alice"), ("i", "Island", "bob", "tapped: true"),
                         ("m", "Mountain", "bob"), ("f", "Forest", "alice", "tapped: true")), cards)
    assert {o.adds for o in ENGINE.tap(st, "b").outcomes} == {(("alice", Mana(U=1)),)}
    assert _adds(st, "b") == (("U",), True)
    two = scenario(board(("b", "Benthic Explorers", "alice"), ("i", "Island", "bob", "tapped: true"),
                          ("t", "Tundra", "bob", "tapped: true")), cards)
    assert _adds(two, "b") == (("U", "W"), True)  # either land may be the one untapped


def test_cr118_3_benthic_explorers_needs_a_tapped_land_of_an_opponent(cards) -> None:
    st = scenario(board(("b", "Benthic Explorers", "alice"), ("m", "Mountain", "bob"),
                         ("f", "Forest", "alice", "tapped: true")), cards)
    res = ENGINE.tap(st, "b")
    assert res.outcomes == () and [r for _, r in res.cannot] == ["118.3"]


def test_cr106_7_squandered_resources_adds_a_type_the_sacrificed_land_could_produce(cards) -> None:
    """Only a land alice controls can be sacrificed (CR 701.21a): her Island or Wastes, not
    bob's Mountain."""
    st = scenario(board(("s", "Squandered Resources", "alice"), ("i", "Island", "alice"), ("w", "Wastes", "alice"),
                         ("m", "Mountain", "bob")), cards)
    assert _adds(st, "s") == (("C", "U"), True)
    alone = scenario(board(("s", "Squandered Resources", "alice"), ("m", "Mountain", "bob")), cards)
    assert _adds(alone, "s") == ((), False)
