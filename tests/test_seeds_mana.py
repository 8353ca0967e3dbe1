"""The mana rulings of the founding documents (../shared/seeds/), each an executable test.

Each test is named after the CR rule (or the card ruling) it checks and asserts the exact answer:
the types a permanent could produce, or every outcome of tapping it for mana. States are built
from the embedded card set; card behaviour comes from the parser, never from names.
"""

from __future__ import annotations

import textwrap

import pytest

from mtgasp import Engine, Mana, loads_state
from mtgasp.state import GameState

ENGINE = Engine()


def state(battlefield: str, players: str = "[alice, bob]", extra: str = "") -> GameState:
    text = f"players: {players}\nbattlefield:\n" + textwrap.indent(textwrap.dedent(battlefield).strip("\n"), "  ")
    return loads_state(text + "\n" + textwrap.dedent(extra))


def could(st: GameState, obj: str) -> set[str]:
    return set(ENGINE.could_produce(st, obj).types)


def tap_results(st: GameState, obj: str, player: str = "alice") -> list[Mana]:
    """The distinct amounts ``player`` can add by tapping ``obj`` for mana, sorted."""
    return sorted({o.adds_for(player) for o in ENGINE.tap(st, obj).outcomes})


# ---------------------------------------------------------------------------------------------
# CR 106.5 — If an ability would produce one or more mana of an undefined type, it produces
# no mana instead.
# ---------------------------------------------------------------------------------------------


def test_cr106_5_reflecting_pool_with_nothing_to_reflect_produces_no_mana() -> None:
    r = ENGINE.tap(state("- {id: pool, card: Reflecting Pool, controller: alice}"), "pool")
    assert [(o.produced, o.adds) for o in r.outcomes] == [(Mana(), ())]
    assert "106.5" in r.outcomes[0].rules


def test_cr106_5_fellwar_stone_without_opposing_lands_produces_no_mana() -> None:
    # Fellwar Stone ruling: it can be activated, but the effect can't generate any mana.
    r = ENGINE.tap(state("- {id: stone, card: Fellwar Stone, controller: alice}"), "stone")
    assert [o.adds for o in r.outcomes] == [()]
    assert r.cannot == ()


# ---------------------------------------------------------------------------------------------
# CR 106.7 — "could produce": any type an ability of that permanent would produce if it
# resolved now, with replacement effects in any order, ignoring costs; none if it wouldn't
# produce mana or no type can be defined.
# ---------------------------------------------------------------------------------------------


def test_cr106_7_reflecting_pool_alone_could_produce_nothing() -> None:
    assert could(state("- {id: pool, card: Reflecting Pool, controller: alice}"), "pool") == set()


def test_cr106_7_reflecting_pools_do_not_help_each_other() -> None:
    # Reflecting Pool ruling: multiple Reflecting Pools won't help each other produce mana.
    st = state(
        """
        - {id: p1, card: Reflecting Pool, controller: alice}
        - {id: p2, card: Reflecting Pool, controller: alice}
        """
    )
    assert (could(st, "p1"), could(st, "p2")) == (set(), set())
    assert tap_results(st, "p1") == [Mana()]


def test_cr106_7_reflecting_pool_reflects_the_types_of_your_lands() -> None:
    st = state(
        """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: island, card: Island, controller: bob}
        """
    )
    assert could(st, "pool") == {"G"}
    assert tap_results(st, "pool") == [Mana(G=1)]


def test_cr106_7_exotic_orchards_and_pool_without_a_real_source_produce_nothing() -> None:
    # Exotic Orchard ruling, first example: none of those lands would produce mana.
    st = state(
        """
        - {id: mine, card: Exotic Orchard, controller: alice}
        - {id: theirs, card: Exotic Orchard, controller: bob}
        - {id: pool, card: Reflecting Pool, controller: bob}
        """
    )
    assert [could(st, o) for o in ("mine", "theirs", "pool")] == [set(), set(), set()]


def test_cr106_7_exotic_orchards_and_pool_with_a_forest_each_produce_green() -> None:
    # Exotic Orchard ruling, second example: each of those lands can be tapped for {G}.
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: mine, card: Exotic Orchard, controller: alice}
        - {id: theirs, card: Exotic Orchard, controller: bob}
        - {id: pool, card: Reflecting Pool, controller: bob}
        """
    )
    assert [could(st, o) for o in ("mine", "theirs", "pool")] == [{"G"}, {"G"}, {"G"}]
    assert tap_results(st, "pool", "bob") == [Mana(G=1)]


def test_cr106_7_gaeas_cradle_without_creatures_could_produce_nothing() -> None:
    st = state(
        """
        - {id: cradle, card: Gaea's Cradle, controller: alice}
        - {id: pool, card: Reflecting Pool, controller: alice}
        """
    )
    assert (could(st, "cradle"), could(st, "pool")) == (set(), set())
    assert tap_results(st, "cradle") == [Mana()]


def test_cr106_7_gaeas_cradle_with_creatures_adds_green_for_each() -> None:
    st = state(
        """
        - {id: cradle, card: Gaea's Cradle, controller: alice}
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: elves, card: Llanowar Elves, controller: alice, sick: true}
        - {id: angel, card: Serra Angel, controller: bob}
        """
    )
    assert could(st, "cradle") == {"G"}
    assert tap_results(st, "cradle") == [Mana(G=2)]


def test_cr106_7_costs_are_ignored_a_tapped_land_still_could_produce() -> None:
    st = state(
        """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: forest, card: Forest, controller: alice, tapped: true}
        """
    )
    assert could(st, "pool") == {"G"}


def test_cr106_7_vivid_crag_without_charge_counters_still_could_produce_any_color() -> None:
    # Reflecting Pool / Exotic Orchard / Fellwar Stone rulings: costs of the land's ability are ignored.
    st = state(
        """
        - {id: stone, card: Fellwar Stone, controller: alice}
        - {id: crag, card: Vivid Crag, controller: bob}
        """
    )
    assert could(st, "crag") == {"W", "U", "B", "R", "G"}
    assert tap_results(st, "stone") == sorted(Mana.one(t) for t in "wubrg")


def test_cr106_7_exotic_orchard_cannot_produce_colorless() -> None:
    # Exotic Orchard ruling: it can't be tapped for colorless mana.
    st = state(
        """
        - {id: orchard, card: Exotic Orchard, controller: alice}
        - {id: wastes, card: Wastes, controller: bob}
        - {id: tomb, card: Ancient Tomb, controller: bob}
        """
    )
    assert could(st, "wastes") == {"C"}
    assert could(st, "orchard") == set()


def test_cr106_7_fellwar_stone_produces_one_mana_even_if_the_land_produces_more() -> None:
    st = state(
        """
        - {id: stone, card: Fellwar Stone, controller: alice}
        - {id: tolaria, card: Tolarian Academy, controller: bob}
        - {id: tomb, card: Ancient Tomb, controller: bob}
        - {id: confluence, card: Mana Confluence, controller: bob}
        """
    )
    assert tap_results(st, "stone") == sorted(Mana.one(t) for t in "wubrg")


def test_cr106_7_replacement_effects_count_in_any_order() -> None:
    # A Swamp under Naked Singularity ({W}) and Reality Twist ({G}): whichever applies last wins.
    st = state(
        """
        - {id: swamp, card: Swamp, controller: alice}
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: ns, card: Naked Singularity, controller: bob}
        - {id: rt, card: Reality Twist, controller: bob}
        """
    )
    assert could(st, "swamp") == {"W", "G"}
    # The Pool is a land without a basic land type: neither effect applies to its own mana.
    assert could(st, "pool") == {"W", "G"}


def test_cr106_7_reflecting_pool_sees_contamination() -> None:
    # Reflecting Pool ruling: replacement effects are considered ("Any replacement effects are
    # considered by Reflecting Pool when determining the types of mana a land can produce").
    st = state(
        """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: cont, card: Contamination, controller: bob}
        """
    )
    assert (could(st, "forest"), could(st, "pool")) == ({"B"}, {"B"})


def test_cr106_7_type_changes_change_what_a_land_could_produce() -> None:
    # Reflecting Pool ruling: a change to a land's type can affect the types it can produce.
    st = state(
        """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: orchard, card: Exotic Orchard, controller: alice}
        - {id: island, card: Island, controller: bob}
        - {id: moon, card: Blood Moon, controller: bob}
        """
    )
    # Blood Moon: the nonbasic Pool and Orchard are Mountains (CR 305.7): {R} only.
    assert (could(st, "pool"), could(st, "orchard"), could(st, "island")) == ({"R"}, {"R"}, {"U"})


# ---------------------------------------------------------------------------------------------
# CR 106.12 — To "tap [a permanent] for mana" is to activate a mana ability of it with {T}.
# ---------------------------------------------------------------------------------------------


def test_cr106_12_an_ability_without_tap_symbol_is_not_tapping_for_mana() -> None:
    # Mana Reflection ruling: you're tapping a permanent for mana only with {T} in the cost.
    st = state(
        """
        - {id: spawn, card: Spawn Test, controller: alice, token: true}
        - {id: forest, card: Forest, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        """,
        extra="""
        cards:
          - {name: Spawn Test, type_line: Creature — Eldrazi Spawn, oracle_text: "Sacrifice this creature: Add {C}.", power: "0", toughness: "1"}
        """,
    )
    adds = {r.object: r.could_add for r in ENGINE.mana_abilities(st, "alice")}
    assert adds == {"forest": (Mana(G=2),), "spawn": (Mana(C=1),)}


def test_cr106_12a_tapped_for_mana_trigger_needs_mana_to_be_produced() -> None:
    # Gaea's Cradle with Wild Growth and no creatures: no mana, so no trigger.
    st = state(
        """
        - {id: cradle, card: Gaea's Cradle, controller: alice}
        - {id: wg, card: Wild Growth, controller: alice, attached_to: cradle}
        """
    )
    r = ENGINE.tap(st, "cradle")
    assert [(o.adds, o.triggers) for o in r.outcomes] == [((), ())]


def test_cr106_12a_wild_growth_adds_green_when_its_land_produces_mana() -> None:
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: wg, card: Wild Growth, controller: alice, attached_to: forest}
        """
    )
    r = ENGINE.tap(st, "forest")
    assert [o.adds for o in r.outcomes] == [(("alice", Mana(G=2)),)]
    assert {"106.12a", "605.4a"} <= set(r.outcomes[0].rules)


def test_cr106_12a_trigger_on_a_mana_type_sees_the_mana_after_replacement() -> None:
    # Caged Sun (green) triggers on green mana; under Contamination the Forest produces {B}.
    base = """
        - {id: forest, card: Forest, controller: alice}
        - {id: sun, card: Caged Sun, controller: alice, chosen: {color: green}}
        """
    assert tap_results(state(base), "forest") == [Mana(G=2)]
    contaminated = state(base + "- {id: cont, card: Contamination, controller: bob}\n")
    assert tap_results(contaminated, "forest") == [Mana(B=1)]


def test_cr106_12b_replacement_modifies_the_mana_production_event() -> None:
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    r = ENGINE.tap(st, "forest")
    assert [(o.produced, o.replaced, o.orders) for o in r.outcomes] == [(Mana(G=1), Mana(G=2), 1)]
    assert {"106.12b", "614.1a", "616.1"} <= set(r.outcomes[0].rules)


def test_cr106_12b_tapped_for_an_amount_applies_once_the_amount_is_reached() -> None:
    # Damping Sphere applies to a land tapped for two or more mana; after Mana Reflection
    # doubles a Forest's {G}, it applies (CR 616.2), so the only result is {C}.
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        - {id: sphere, card: Damping Sphere, controller: bob}
        """
    )
    assert tap_results(st, "forest") == [Mana(C=1)]


# ---------------------------------------------------------------------------------------------
# CR 107.5 / 107.6 / 302.6 — the tap and untap symbols, and summoning sickness.
# ---------------------------------------------------------------------------------------------


def test_cr107_5_a_tapped_permanent_cannot_be_tapped_for_mana() -> None:
    r = ENGINE.tap(state("- {id: forest, card: Forest, controller: alice, tapped: true}"), "forest")
    assert (r.outcomes, [(str(a), rule) for a, rule in r.cannot]) == ((), [("Forest (intrinsic)", "107.5")])


def test_cr107_5_302_6_a_creature_needs_continuous_control_to_tap() -> None:
    r = ENGINE.tap(state("- {id: elves, card: Llanowar Elves, controller: alice, sick: true}"), "elves")
    assert (r.outcomes, [rule for _, rule in r.cannot]) == ((), ["302.6"])


def test_cr302_6_a_noncreature_land_can_tap_the_turn_it_arrives() -> None:
    assert tap_results(state("- {id: forest, card: Forest, controller: alice, sick: true}"), "forest") == [Mana(G=1)]


@pytest.mark.parametrize(
    ("tapped", "sick", "reasons"),
    [(False, False, ["107.6"]), (True, True, ["302.6"]), (True, False, [])],
)
def test_cr107_6_the_untap_symbol(tapped: bool, sick: bool, reasons: list[str]) -> None:
    # Pili-Pala: {2}, {Q}: Add one mana of any color.
    flags = f"tapped: {str(tapped).lower()}, sick: {str(sick).lower()}"
    st = state(f"- {{id: pp, card: Pili-Pala, controller: alice, {flags}}}")
    [report] = ENGINE.mana_abilities(st, "alice")
    assert (list(report.reasons), report.mana_cost) == (reasons, ("{2}",))
    assert report.could_add == (() if reasons else tuple(sorted(Mana.one(t) for t in "wubrg")))


def test_cr305_6_basic_land_types_have_intrinsic_mana_abilities() -> None:
    st = state(
        """
        - {id: f, card: Snow-Covered Forest, controller: alice}
        - {id: w, card: Wastes, controller: alice}
        """
    )
    assert (tap_results(st, "f"), tap_results(st, "w")) == ([Mana(G=1)], [Mana(C=1)])
    assert "305.6" in ENGINE.tap(st, "f").outcomes[0].rules
