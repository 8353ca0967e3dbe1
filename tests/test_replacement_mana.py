"""Replacement effects and triggered mana abilities on mana production (CR 614, 616, 106.12).

Exact results for the classic interactions, and the distinct results with their order counts
checked against the brute-force baseline (benchmarks/bruteforce.py) for up to seven effects.
"""

from __future__ import annotations

import itertools
import sys
import textwrap
from pathlib import Path

import pytest

from mtgasp import Engine, IllegalActionError, Mana, loads_state
from mtgasp.state import GameState

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from bruteforce import Effect, results  # noqa: E402

ENGINE = Engine()


def state(battlefield: str, players: str = "[alice, bob]", extra: str = "") -> GameState:
    text = f"players: {players}\nbattlefield:\n" + textwrap.indent(textwrap.dedent(battlefield).strip("\n"), "  ")
    return loads_state(text + "\n" + textwrap.dedent(extra))


def tap_results(st: GameState, obj: str, player: str = "alice") -> list[Mana]:
    return sorted({o.adds_for(player) for o in ENGINE.tap(st, obj).outcomes})


def replaced(st: GameState, obj: str) -> dict[Mana, int]:
    """Distinct results of the replacement effects, with how many orders lead to each."""
    return {d.result: d.orders for d in ENGINE.orders(st, obj).distinct}


# ---------------------------------------------------------------------------------------------
# Contamination, Mana Reflection
# ---------------------------------------------------------------------------------------------


def test_contamination_alone_makes_a_land_produce_one_black() -> None:
    st = state(
        """
        - {id: tomb, card: Ancient Tomb, controller: alice}
        - {id: cont, card: Contamination, controller: bob}
        """
    )
    assert tap_results(st, "tomb") == [Mana(B=1)]


def test_mana_reflection_alone_doubles() -> None:
    st = state(
        """
        - {id: tomb, card: Ancient Tomb, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    assert tap_results(st, "tomb") == [Mana(C=4)]


def test_mana_reflections_are_cumulative() -> None:
    # Mana Reflection ruling: two give four times the mana, three give eight times.
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: mr1, card: Mana Reflection, controller: alice}
        - {id: mr2, card: Mana Reflection, controller: alice}
        - {id: mr3, card: Mana Reflection, controller: alice}
        """
    )
    assert replaced(st, "forest") == {Mana(G=8): 6}


def test_cr616_1_mana_reflection_and_contamination_in_both_orders() -> None:
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        - {id: cont, card: Contamination, controller: bob}
        """
    )
    r = ENGINE.orders(st, "forest")
    assert r.chooser == "alice"
    assert [(d.result, d.orders) for d in r.distinct] == [(Mana(B=1), 1), (Mana(B=2), 1)]
    assert sorted((tuple(s.object for s in o.steps), o.result) for o in r.orders) == [
        (("cont", "mr"), Mana(B=2)),
        (("mr", "cont"), Mana(B=1)),
    ]
    assert r.complete


def test_mana_reflection_only_doubles_mana_of_permanents_you_tap() -> None:
    st = state(
        """
        - {id: forest, card: Forest, controller: bob}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    assert tap_results(st, "forest", "bob") == [Mana(G=1)]


# ---------------------------------------------------------------------------------------------
# Naked Singularity and Reality Twist, on each basic land type, in both orders
# ---------------------------------------------------------------------------------------------

# Naked Singularity: Plains {R}, Islands {G}, Swamps {W}, Mountains {U}, Forests {B}.
# Reality Twist:     Plains {R},             Swamps {G}, Mountains {W}, Forests {B}.
SINGULARITY_AND_TWIST = [
    ("Plains", {Mana(R=1): 2}),
    ("Island", {Mana(G=1): 1}),
    ("Swamp", {Mana(W=1): 1, Mana(G=1): 1}),
    ("Mountain", {Mana(U=1): 1, Mana(W=1): 1}),
    ("Forest", {Mana(B=1): 2}),
]


@pytest.mark.parametrize(("land", "expected"), SINGULARITY_AND_TWIST)
def test_cr616_1_naked_singularity_and_reality_twist(land: str, expected: dict[Mana, int]) -> None:
    st = state(
        f"""
        - {{id: land, card: {land}, controller: alice}}
        - {{id: ns, card: Naked Singularity, controller: bob}}
        - {{id: rt, card: Reality Twist, controller: bob}}
        """
    )
    assert replaced(st, "land") == expected


def test_naked_singularity_on_a_land_with_two_basic_land_types_lets_its_controller_choose() -> None:
    # Naked Singularity ruling: with more than one basic land type, either color may be produced,
    # but all of the mana is of that one color.
    st = state(
        """
        - {id: dual, card: Dual Test, controller: alice}
        - {id: ns, card: Naked Singularity, controller: bob}
        - {id: mr, card: Mana Reflection, controller: alice}
        """,
        extra="""
        cards:
          - {name: Dual Test, type_line: Land — Plains Island, oracle_text: ""}
        """,
    )
    assert tap_results(st, "dual") == [Mana(R=2), Mana(G=2)]


def test_reflecting_pool_looks_at_a_land_under_naked_singularity() -> None:
    st = state(
        """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: island, card: Island, controller: alice}
        - {id: ns, card: Naked Singularity, controller: bob}
        """
    )
    assert tap_results(st, "pool") == [Mana(G=1)]


def test_exotic_orchard_looks_at_a_land_under_contamination() -> None:
    # Exotic Orchard ruling: replacement effects on the opponent's lands (Contamination) count.
    st = state(
        """
        - {id: orchard, card: Exotic Orchard, controller: alice}
        - {id: island, card: Island, controller: bob}
        - {id: cont, card: Contamination, controller: alice}
        """
    )
    assert tap_results(st, "orchard") == [Mana(B=1)]


# ---------------------------------------------------------------------------------------------
# Triggered mana abilities (CR 605.1b, 605.4a, 106.12a)
# ---------------------------------------------------------------------------------------------


def test_wild_growth_with_mana_reflection_is_not_doubled() -> None:
    # Mana Reflection ruling: a triggered mana ability "whenever you tap" isn't affected.
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: wg, card: Wild Growth, controller: alice, attached_to: forest}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    assert tap_results(st, "forest") == [Mana(G=3)]


def test_heartbeat_of_spring_on_a_land_that_produces_two_mana() -> None:
    # "that player adds one mana of any type that land produced": {R} or {W} from {R}{W}.
    st = state(
        """
        - {id: garrison, card: Boros Garrison, controller: alice}
        - {id: hb, card: Heartbeat of Spring, controller: bob}
        """
    )
    assert tap_results(st, "garrison") == [Mana(R=1, W=2), Mana(R=2, W=1)]


def test_mana_flare_adds_the_type_the_land_produced_after_replacement() -> None:
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: flare, card: Mana Flare, controller: bob}
        - {id: cont, card: Contamination, controller: bob}
        """
    )
    assert tap_results(st, "forest") == [Mana(B=2)]


def test_wild_growth_gives_mana_to_the_lands_controller() -> None:
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: wg, card: Wild Growth, controller: bob, attached_to: forest}
        """
    )
    [outcome] = ENGINE.tap(st, "forest").outcomes
    assert outcome.adds == (("alice", Mana(G=2)),)


def test_zendikar_resurgent_only_for_its_controllers_lands() -> None:
    base = "- {id: zr, card: Zendikar Resurgent, controller: alice}\n"
    mine = state(base + "- {id: land, card: Island, controller: alice}\n")
    theirs = state(base + "- {id: land, card: Island, controller: bob}\n")
    assert (tap_results(mine, "land"), tap_results(theirs, "land", "bob")) == ([Mana(U=2)], [Mana(U=1)])


# ---------------------------------------------------------------------------------------------
# Type-changing effects (CR 305.7, 613)
# ---------------------------------------------------------------------------------------------


def test_blood_moon_makes_nonbasic_lands_mountains() -> None:
    st = state(
        """
        - {id: tomb, card: Ancient Tomb, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: moon, card: Blood Moon, controller: bob}
        """
    )
    assert (tap_results(st, "tomb"), tap_results(st, "forest")) == ([Mana(R=1)], [Mana(G=1)])


def test_celestial_dawn_makes_your_lands_plains() -> None:
    st = state(
        """
        - {id: tomb, card: Ancient Tomb, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: island, card: Island, controller: bob}
        - {id: dawn, card: Celestial Dawn, controller: alice}
        """
    )
    assert [tap_results(st, "tomb"), tap_results(st, "forest"), tap_results(st, "island", "bob")] == [
        [Mana(W=1)],
        [Mana(W=1)],
        [Mana(U=1)],
    ]


def test_pulse_of_llanowar_lets_the_player_choose_a_color() -> None:
    st = state(
        """
        - {id: swamp, card: Swamp, controller: alice}
        - {id: pulse, card: Pulse of Llanowar, controller: alice}
        """
    )
    assert tap_results(st, "swamp") == sorted(Mana.one(t) for t in "wubrg")


# ---------------------------------------------------------------------------------------------
# Bounds and the brute-force oracle
# ---------------------------------------------------------------------------------------------

TINTS = {"W": "Tint White", "U": "Tint Blue", "B": "Tint Black", "R": "Tint Red", "G": "Tint Green"}
TINT_CARDS = "cards:\n" + "".join(
    f'  - {{name: {name}, type_line: Enchantment, oracle_text: "If a land is tapped for mana, it produces {{{t}}} instead of any other type."}}\n'
    for t, name in TINTS.items()
)


def _effects_state(kinds: list[str]) -> tuple[GameState, list[Effect]]:
    lines = ["- {id: land, card: Forest, controller: alice}"]
    effects = []
    for i, k in enumerate(kinds):
        if k == "x2":
            lines.append(f"- {{id: e{i}, card: Mana Reflection, controller: alice}}")
            effects.append(Effect("multiply", factor=2))
        elif k == "B1":
            lines.append(f"- {{id: e{i}, card: Contamination, controller: bob}}")
            effects.append(Effect("set_mana", "B", 1))
        elif k == "C1":
            lines.append(f"- {{id: e{i}, card: Damping Sphere, controller: bob}}")
            effects.append(Effect("set_mana", "C", 1, min_amount=2))
        else:
            lines.append(f"- {{id: e{i}, card: {TINTS[k]}, controller: bob}}")
            effects.append(Effect("set_type", k))
    return state("\n".join(lines), extra=TINT_CARDS), effects


MIXES = [
    ["x2", "B1"],
    ["R", "U", "x2"],
    ["x2", "x2", "C1"],
    ["R", "G", "B1", "x2", "C1"],
    ["W", "U", "B", "R", "G", "x2"],
    ["x2", "R", "x2", "U", "C1", "B1", "x2"],
    ["R", "R", "U", "U", "x2", "x2", "G"],
]


@pytest.mark.parametrize("kinds", MIXES, ids=["-".join(m) for m in MIXES])
def test_cr616_distinct_results_and_order_counts_match_brute_force(kinds: list[str]) -> None:
    st, effects = _effects_state(kinds)
    expected = {Mana(*m): n for m, n in results((0, 0, 0, 0, 1, 0), effects).items()}
    assert replaced(st, "land") == expected


def test_orders_listing_is_bounded_and_says_so() -> None:
    st, _ = _effects_state(["W", "U", "B", "R", "G"])
    r = ENGINE.orders(st, "land", limit=10)
    assert (len(r.orders), r.complete, r.total_orders) == (10, False, 120)
    assert sorted(d.result for d in r.distinct) == sorted(Mana.one(t) for t in "wubrg")


def test_orders_of_a_land_without_usable_ability_is_an_illegal_action() -> None:
    st = state("- {id: forest, card: Forest, controller: alice, tapped: true}")
    with pytest.raises(IllegalActionError):
        ENGINE.orders(st, "forest")


def test_orders_dot_draws_every_application() -> None:
    st, _ = _effects_state(["x2", "B1"])
    dot = ENGINE.orders(st, "land").to_dot()
    assert dot.startswith("digraph replacement_orders {")
    assert dot.count(" -> ") == 4  # {G} -> {G}{G} -> {B}; {G} -> {B} -> {B}{B}


def test_every_permutation_is_one_order_when_effects_always_apply() -> None:
    kinds = ["R", "U", "x2", "B1"]
    st, _ = _effects_state(kinds)
    assert ENGINE.orders(st, "land").total_orders == len(list(itertools.permutations(kinds)))


def test_cr106_12a_tapped_for_mana_of_the_chosen_color() -> None:
    # "Whenever a basic land is tapped for mana of the chosen color, its controller adds an
    # additional one mana of that color" (Gauntlet of Power's template): only green mana counts.
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: swamp, card: Swamp, controller: alice}
        - {id: gauntlet, card: Gauntlet Test, controller: bob, chosen: {color: green}}
        """,
        extra="""
        cards:
          - {name: Gauntlet Test, type_line: Artifact, oracle_text: "Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional one mana of that color."}
        """,
    )
    assert (tap_results(st, "forest"), tap_results(st, "swamp")) == ([Mana(G=2)], [Mana(B=1)])


URBORG = """
cards:
  - {name: Urborg Test, type_line: Legendary Land, oracle_text: "Each land is a Swamp in addition to its other types."}
"""


def test_cr305_7_a_land_type_added_in_addition_keeps_the_old_ones() -> None:
    st = state(
        """
        - {id: urborg, card: Urborg Test, controller: alice}
        - {id: forest, card: Forest, controller: bob}
        - {id: tomb, card: Ancient Tomb, controller: alice}
        """,
        extra=URBORG,
    )
    assert [tap_results(st, "urborg"), tap_results(st, "forest", "bob"), tap_results(st, "tomb")] == [
        [Mana(B=1)],
        [Mana(B=1), Mana(G=1)],
        [Mana(B=1), Mana(C=2)],
    ]


def test_cr613_8_blood_moon_removes_the_ability_that_would_add_swamp() -> None:
    # Urborg becomes a Mountain and loses its ability (CR 305.7), so its effect never applies
    # (CR 613.8: the effect depends on Blood Moon's).
    st = state(
        """
        - {id: urborg, card: Urborg Test, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: moon, card: Blood Moon, controller: bob}
        """,
        extra=URBORG,
    )
    assert (tap_results(st, "urborg"), tap_results(st, "forest")) == ([Mana(R=1)], [Mana(G=1)])


@pytest.mark.parametrize("kinds", MIXES[:5], ids=["-".join(m) for m in MIXES[:5]])
def test_cr616_the_listed_orders_and_the_counted_orders_agree(kinds: list[str]) -> None:
    # Two encodings of CR 616.1: choosing a sequence step by step (orders.lp), and counting the
    # paths of the graph of classes (cr616). Every listed order's result is a distinct result,
    # and there are as many orders as counted.
    st, _ = _effects_state(kinds)
    r = ENGINE.orders(st, "land", limit=1000)
    assert r.complete
    by_result: dict[Mana, int] = {}
    for o in r.orders:
        by_result[o.result] = by_result.get(o.result, 0) + 1
    assert by_result == {d.result: d.orders for d in r.distinct}


def test_wild_growth_mana_is_not_something_the_land_could_produce() -> None:
    # Wild Growth ruling: the additional mana is not an ability of the land and is not something
    # the land can produce.
    st = state(
        """
        - {id: swamp, card: Swamp, controller: alice}
        - {id: wg, card: Wild Growth, controller: alice, attached_to: swamp}
        - {id: pool, card: Reflecting Pool, controller: alice}
        """
    )
    assert (ENGINE.could_produce(st, "swamp").types, ENGINE.could_produce(st, "pool").types) == (("B",), ("B",))
    assert tap_results(st, "swamp") == [Mana(B=1, G=1)]


def test_nyxbloom_ancients_are_cumulative() -> None:
    # Nyxbloom Ancient ruling: two of them give nine times the mana.
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: n1, card: Nyxbloom Ancient, controller: alice}
        - {id: n2, card: Nyxbloom Ancient, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    assert replaced(st, "forest") == {Mana(G=18): 6}
