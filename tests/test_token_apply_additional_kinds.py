"""CR 616.1 (614.1a, 614.5, 111.10) through `apply`: a spell or ability that creates tokens
resolves under "those tokens plus an additional <token>" effects (Xorn, Jolene, Peregrin Took,
Worldwalker Helm style) and token doublers; each distinct board the orders can give is one
successor, with the choices that lead to it.

Myr Propagator's ability ("Create a token that's a copy of Myr Propagator") resolves; alice
controls Doubling Season ("it creates twice that many of those tokens instead") and a card
with Xorn's replacement on every token: "If you would create one or more tokens, instead
create those tokens plus an additional Treasure token." (Xorn itself asks for Treasure tokens,
which a Myr is not.) Every expected board is a hand count of the orders (the affected player
picks any applicable effect, CR 616.1e, until none is left, 616.1f; each applies once, 614.5).
"""

from __future__ import annotations

from collections import Counter

from mtgasp import Engine, loads_state

ENGINE = Engine()

KEEPER = ('  - {name: Treasure Keeper, type_line: Creature — Elemental, mana_cost: "{2}{R}", power: 3, toughness: 2, '
          'oracle_text: "If you would create one or more tokens, instead create those tokens plus an additional '
          'Treasure token."}\n')
TREASURE = ('  - {name: Treasure, type_line: Token Artifact — Treasure, mana_cost: "", '
            'oracle_text: "{T}, Sacrifice this artifact: Add one mana of any color."}\n')


def _state(*permanents: str, treasure_card: bool = True) -> str:
    lines = ["version: 2", "players: [alice, bob]", "active: alice", "step: precombat_main", "battlefield:",
             "  - {id: propagator, card: Myr Propagator, controller: alice, tapped: true}"]
    lines += [f"  - {{id: p{i}, card: {c}, controller: alice}}" for i, c in enumerate(permanents)]
    lines += ["stack:", "  - {id: ab, ability: 1, source: propagator, controller: alice}", "cards:"]
    return "\n".join(lines) + "\n" + KEEPER + (TREASURE if treasure_card else "")


def _resolve(text: str):
    first = ENGINE.apply(loads_state(text), "pass")
    (passed,) = first.successors
    return ENGINE.apply(passed.position, "pass")


def _boards(result) -> dict[tuple[tuple[str, int], ...], tuple]:
    """Each successor's new tokens as sorted (card, count) pairs -> its choice sequences."""
    out = {}
    for s in result.successors:
        made = Counter(t["card"] for t in s.position.tokens())
        out[tuple(sorted(made.items()))] = s.sequences
    return out


def test_cr616_1_a_doubler_and_an_additional_treasure_in_both_orders() -> None:
    # Keeper first: 1 Myr + 1 Treasure, then Doubling Season doubles "those tokens": 2 + 2.
    # Doubling Season first: 2 Myr, then Keeper adds one Treasure: 2 + 1.
    result = _resolve(_state("Doubling Season", "Treasure Keeper"))
    assert result.not_modelled == ()
    assert _boards(result) == {
        (("Myr Propagator", 2), ("Treasure", 2)): (("tokens 2", "tokens 2 Treasure"),),
        (("Myr Propagator", 2), ("Treasure", 1)): (("tokens 2", "tokens 1 Treasure"),),
    }


def test_cr616_1_two_doublers_and_an_additional_treasure_by_its_place() -> None:
    # 3! = 6 orders, by Keeper's place among Doubling Season and Parallel Lives (2 orders each):
    # first (1 Myr + 1 Treasure) * 2 * 2 = 4 + 4; second 1 * 2 = 2 Myr, + 1 Treasure, * 2 = 4 + 2;
    # last 1 * 2 * 2 = 4 Myr + 1 Treasure. Three distinct boards.
    result = _resolve(_state("Doubling Season", "Parallel Lives", "Treasure Keeper"))
    assert result.not_modelled == ()
    assert set(_boards(result)) == {
        (("Myr Propagator", 4), ("Treasure", 4)),
        (("Myr Propagator", 4), ("Treasure", 2)),
        (("Myr Propagator", 4), ("Treasure", 1)),
    }


def test_cr614_5_two_additional_token_effects_each_apply_once() -> None:
    # Two Keepers: each applies once (CR 614.5), in either order: 1 Myr + 2 Treasures.
    result = _resolve(_state("Treasure Keeper", "Treasure Keeper"))
    assert result.not_modelled == ()
    assert set(_boards(result)) == {(("Myr Propagator", 1), ("Treasure", 2))}


def test_cr111_10_the_additional_tokens_are_treasure_tokens_alice_owns() -> None:
    result = _resolve(_state("Treasure Keeper"))
    (succ,) = result.successors
    facts = {str(f) for f in succ.position.facts}
    treasures = [t["id"] for t in succ.position.tokens() if t["card"] == "Treasure"]
    assert len(treasures) == 1
    (tid,) = (str(f.arguments[0]) for f in succ.position.facts if f.name == "card_of" and str(f.arguments[1]) == 'card("Treasure")')
    assert f'owner({tid},player("alice"))' in facts and f'controller({tid},player("alice"))' in facts
    assert f"token({tid})" in facts and f"permanent({tid})" in facts


def test_an_additional_token_whose_card_the_state_lacks_is_said_not_guessed() -> None:
    # Without a Treasure card in the state the new Treasure has no values to take: no board is
    # claimed for the orders that create one; the answer says why.
    result = _resolve(_state("Treasure Keeper", treasure_card=False))
    assert result.successors == ()
    assert any("token_definition" in n for n in result.not_modelled)
