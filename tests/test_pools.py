"""Every mana pool a player can have by activating any set of their mana abilities now."""

from __future__ import annotations

import textwrap

from mtgasp import Engine, Mana, loads_state
from mtgasp.state import GameState

ENGINE = Engine()


def state(battlefield: str, players: str = "[alice, bob]", extra: str = "") -> GameState:
    text = f"players: {players}\nbattlefield:\n" + textwrap.indent(textwrap.dedent(battlefield).strip("\n"), "  ")
    return loads_state(text + "\n" + textwrap.dedent(extra))


def pools(st: GameState, player: str = "alice", limit: int = 1000) -> tuple[list[Mana], list[Mana]]:
    r = ENGINE.pools(st, player, limit=limit)
    return sorted(p.mana for p in r.pools), sorted(p.mana for p in r.maximal)


def test_pools_of_two_forests_and_birds() -> None:
    st = state(
        """
        - {id: f1, card: Forest, controller: alice}
        - {id: f2, card: Forest, controller: alice}
        - {id: birds, card: Birds of Paradise, controller: alice}
        """
    )
    every, maximal = pools(st)
    colors = [Mana.one(t) for t in "wubrg"]
    expected = {Mana(), Mana(G=1), Mana(G=2)} | {c + g for c in colors for g in (Mana(), Mana(G=1), Mana(G=2))}
    assert every == sorted(expected)
    assert maximal == sorted(c + Mana(G=2) for c in colors)


def test_cr107_5_summoning_sick_creatures_and_tapped_lands_add_nothing() -> None:
    st = state(
        """
        - {id: f1, card: Forest, controller: alice, tapped: true}
        - {id: elves, card: Llanowar Elves, controller: alice, sick: true}
        - {id: f2, card: Forest, controller: alice}
        """
    )
    assert pools(st) == ([Mana(), Mana(G=1)], [Mana(G=1)])


def test_cr602_2b_a_signet_is_paid_with_mana_from_another_source() -> None:
    # Azorius Signet: {1}, {T}: Add {W}{U}. With a Forest: {G}, or {G} spent on the Signet.
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: signet, card: Azorius Signet, controller: alice}
        """
    )
    assert pools(st) == ([Mana(), Mana(G=1), Mana(W=1, U=1)], [Mana(G=1), Mana(W=1, U=1)])


def test_cr602_2b_two_signets_cannot_pay_for_each_other() -> None:
    st = state(
        """
        - {id: s1, card: Azorius Signet, controller: alice}
        - {id: s2, card: Azorius Signet, controller: alice}
        """
    )
    assert pools(st) == ([Mana()], [Mana()])


def test_cr602_2b_mana_already_in_the_pool_pays_costs() -> None:
    st = state(
        "- {id: signet, card: Azorius Signet, controller: alice}",
        extra="mana_pool: {alice: {C: 1}}",
    )
    assert pools(st) == ([Mana(C=1), Mana(W=1, U=1)], [Mana(C=1), Mana(W=1, U=1)])


def test_cr119_4_paying_life_needs_enough_life() -> None:
    st = loads_state(
        "players: [{id: alice, life: 0}, bob]\n"
        "battlefield:\n  - {id: conf, card: Mana Confluence, controller: alice}\n"
    )
    assert pools(st) == ([Mana()], [Mana()])


def test_pools_are_bounded_and_say_so() -> None:
    lands = "\n".join(f"- {{id: c{i}, card: City of Brass, controller: alice}}" for i in range(8))
    r = ENGINE.pools(state(lands), "alice", limit=50)
    assert (len(r.pools) >= 50, r.complete, r.limit) == (True, False, 50)
    assert any("more than 50" in n for n in r.notes)


def test_pools_with_replacement_and_triggers() -> None:
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: wg, card: Wild Growth, controller: alice, attached_to: forest}
        - {id: mr, card: Mana Reflection, controller: alice}
        - {id: cont, card: Contamination, controller: bob}
        """
    )
    # Forest: {G} doubled and Contaminated in either order ({B} or {B}{B}), plus Wild Growth's {G}.
    assert pools(st) == ([Mana(), Mana(B=1, G=1), Mana(B=2, G=1)], [Mana(B=2, G=1)])


def test_cr107_5_cr701_21a_a_permanent_taps_once_and_is_sacrificed_once() -> None:
    # "{T}: Add {U}." then "Sacrifice ~: Add {U}." both in one pool (tap first, then sacrifice);
    # two abilities that both sacrifice the permanent, or both tap it, are one or the other.
    extra = """
    cards:
      - {name: Test Eye, type_line: Artifact, oracle_text: "{T}: Add {U}.\\nSacrifice Test Eye: Add {U}."}
      - {name: Test Petal, type_line: Artifact, oracle_text: "Sacrifice Test Petal: Add {R}.\\nSacrifice Test Petal: Add {G}."}
      - {name: Test Dual, type_line: Land, oracle_text: "{T}: Add {W}.\\n{T}: Add {B}."}
    """
    eye = state("- {id: eye, card: Test Eye, controller: alice}", extra=extra)
    assert pools(eye) == ([Mana(), Mana(U=1), Mana(U=2)], [Mana(U=2)])
    petal = state("- {id: petal, card: Test Petal, controller: alice}", extra=extra)
    assert pools(petal) == ([Mana(), Mana(R=1), Mana(G=1)], [Mana(R=1), Mana(G=1)])
    dual = state("- {id: dual, card: Test Dual, controller: alice}", extra=extra)
    assert pools(dual) == ([Mana(), Mana(W=1), Mana(B=1)], [Mana(W=1), Mana(B=1)])
