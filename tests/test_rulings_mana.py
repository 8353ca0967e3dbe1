"""Official rulings on mana cards, each an executable test with the exact answer.

Every ruling (Gatherer, via ../shared/data/rulings/) that concerns what mtgasp answers — the
mana a permanent produces or could produce, the order of replacement effects, triggered mana
abilities, whether it can be tapped for mana — is a test named after the card and the ruling's
subject; its docstring quotes the ruling's date and says what it rules. The game states and the
expected answers are written here from the ruling; ``RULINGS`` names the ruling each test comes
from, and ``test_the_ruling_exists`` checks its text is in the rulings files (skipped when
../shared/data is absent).

Rulings about what mtgasp does not answer (spending mana, upkeep costs, entering tapped,
text-changing effects, damage of City of Brass) are not tests; the report that added this file
lists them.
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from pathlib import Path

import pytest
from asp import scenario
from mtgasp import Engine, Mana
from mtgasp.state import GameState

ENGINE = Engine()
RULINGS_DIR = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "rulings"

# Real Oracle text of cards the embedded set does not have (from the team's card corpus).
EXTRA_CARDS = {
    "Urborg, Tomb of Yawgmoth": (
        "Legendary Land",
        "Each land is a Swamp in addition to its other land types.",
    ),
    "Yavimaya, Cradle of Growth": (
        "Legendary Land",
        "Each land is a Forest in addition to its other land types.",
    ),
    "Magus of the Moon": ("Creature — Human Wizard", "Nonbasic lands are Mountains."),
    "Prismatic Omen": ("Enchantment", "Lands you control are every basic land type in addition to their other types."),
    "Dryad of the Ilysian Grove": (
        "Enchantment Creature — Nymph Dryad",
        "You may play an additional land on each of your turns.\n"
        "Lands you control are every basic land type in addition to their other types.",
    ),
    "Gauntlet of Power": (
        "Artifact",
        "As Gauntlet of Power enters the battlefield, choose a color.\n"
        "Creatures of the chosen color get +1/+1.\n"
        "Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional "
        "one mana of that color.",
    ),
    "Vorinclex, Voice of Hunger": (
        "Legendary Creature — Phyrexian Praetor",
        "Trample\nWhenever you tap a land for mana, add one mana of any type that land produced.\n"
        "Whenever an opponent taps a land for mana, that land doesn't untap during its controller's next "
        "untap step.",
    ),
    "Mirari's Wake": (
        "Enchantment",
        "Creatures you control get +1/+1.\nWhenever you tap a land for mana, add one mana of any type that "
        "land produced.",
    ),
    "Kinnan, Bonder Prodigy": (
        "Legendary Creature — Human Druid",
        "Whenever you tap a nonland permanent for mana, add one mana of any type that permanent produced.\n"
        "{5}{G}{U}: Look at the top five cards of your library. You may put a non-Human creature card from "
        "among them onto the battlefield. Put the rest on the bottom of your library in a random order.",
    ),
    # Test cards (not real): a land with no mana ability, lands with two basic land types.
    "Barren Test": ("Land", ""),
    "Plains Island Test": ("Land — Plains Island", "{T}: Add {C}{C}."),
    "Swamp Forest Test": ("Land — Swamp Forest", "{T}: Add {C}{C}."),
    "Forest Island Test": ("Land — Forest Island", ""),
}


def state(battlefield: str, effects: str = "") -> GameState:
    return scenario(battlefield, EXTRA_CARDS, effects=effects)


def could(st: GameState, obj: str) -> set[str]:
    return set(ENGINE.could_produce(st, obj).types)


def tap_results(st: GameState, obj: str, player: str = "alice") -> list[Mana]:
    """The distinct amounts ``player`` can add by tapping ``obj`` for mana, sorted."""
    return sorted({o.adds_for(player) for o in ENGINE.tap(st, obj).outcomes})


def replaced(st: GameState, obj: str) -> dict[Mana, int]:
    return {d.result: d.orders for d in ENGINE.orders(st, obj).distinct}


def unsupported_notes(st: GameState, obj: str) -> list[str]:
    return [n for n in ENGINE.tap(st, obj).notes if "not supported" in n]


ANY_ONE_COLOR = sorted(Mana.one(t) for t in "wubrg")


# ---------------------------------------------------------------------------------------------
# Which ruling each test comes from: test name -> (card, date, words of the ruling).
# ---------------------------------------------------------------------------------------------

RULINGS: dict[str, tuple[str, str, str]] = {
    "test_prismatic_omen_gives_every_basic_land_type_and_its_ability": (
        "Prismatic Omen", "2008-05-01", "Each land you control will have the land types Plains, Island, Swamp, Mountain, and Forest"),
    "test_dryad_of_the_ilysian_grove_lands_keep_their_other_abilities": (
        "Dryad of the Ilysian Grove", "2020-01-24", "They'll still have their other subtypes and abilities"),
    "test_reflecting_pool_considers_replacement_effects": (
        "Reflecting Pool", "2004-10-04", "Any replacement effects are considered by Reflecting Pool"),
    "test_reflecting_pool_sees_changes_to_a_lands_type": (
        "Reflecting Pool", "2004-10-04", "Any change to a land's type"),
    "test_reflecting_pool_reflects_colorless": (
        "Reflecting Pool", "2008-05-01", "The types of mana are white, blue, black, red, green, and colorless."),
    "test_reflecting_pool_ignores_the_costs_of_vivid_crag": (
        "Reflecting Pool", "2008-05-01", "It doesn't matter whether Vivid Crag has a charge counter on it"),
    "test_reflecting_pool_ignores_restrictions_and_riders": (
        "Reflecting Pool", "2008-05-01", "doesn't care about any restrictions or riders your lands put on the mana"),
    "test_reflecting_pools_do_not_help_each_other": (
        "Reflecting Pool", "2008-05-01", "Multiple Reflecting Pools won't help each other produce mana."),
    "test_exotic_orchard_cannot_be_tapped_for_colorless": (
        "Exotic Orchard", "2009-02-01", "Exotic Orchard can't be tapped for colorless mana"),
    "test_exotic_orchard_ignores_the_costs_of_an_opponents_vivid_crag": (
        "Exotic Orchard", "2009-02-01", "Exotic Orchard checks the effects of all mana-producing abilities"),
    "test_exotic_orchard_considers_replacement_effects_in_any_order": (
        "Exotic Orchard", "2009-02-01", "If there are more than one, consider them in any possible order."),
    "test_exotic_orchard_ignores_riders": (
        "Exotic Orchard", "2009-02-01", "doesn't care about any restrictions or riders your opponents' lands"),
    "test_exotic_orchards_and_a_reflecting_pool_need_a_real_source": (
        "Exotic Orchard", "2009-02-01", "won't help each other unless some other land allows one of them"),
    "test_fellwar_stone_works_with_tapped_lands": (
        "Fellwar Stone", "2004-10-04", "This works even if the opponent's lands are tapped."),
    "test_fellwar_stone_without_mana_lands_activates_for_no_mana": (
        "Fellwar Stone", "2004-10-04", "The ability can be activated if the opponent has no lands that produce mana"),
    "test_fellwar_stone_produces_one_mana": (
        "Fellwar Stone", "2004-10-04", "It only produces one mana even if the land can produce more than one."),
    "test_fellwar_stone_cannot_be_tapped_for_colorless": (
        "Fellwar Stone", "2009-10-01", "Fellwar Stone can't be tapped for colorless mana"),
    "test_fellwar_stone_ignores_the_costs_of_vivid_crag": (
        "Fellwar Stone", "2009-10-01", "it doesn't matter whether it's untapped"),
    "test_fellwar_stone_considers_replacement_effects_in_any_order": (
        "Fellwar Stone", "2009-10-01", "If there is more than one, consider them in any possible order."),
    "test_fellwar_stone_ignores_riders": (
        "Fellwar Stone", "2009-10-01", "Fellwar Stone doesn't care about any restrictions or riders"),
    "test_naked_singularity_is_a_replacement_effect": (
        "Naked Singularity", "2004-10-04", "The ability generates a replacement effect."),
    "test_naked_singularity_on_two_basic_land_types_one_color_for_all_the_mana": (
        "Naked Singularity", "2013-04-15", "If a land has more than one basic land type"),
    "test_reality_twist_on_two_basic_land_types_one_color_for_all_the_mana": (
        "Reality Twist", "2013-04-15", "If a land has more than one basic land type"),
    "test_mana_reflection_only_for_tap_abilities": (
        "Mana Reflection", "2020-08-07", "only if you're activating a mana ability of that permanent that includes"),
    "test_mana_reflection_does_not_double_whenever_you_tap_triggers": (
        "Mana Reflection", "2020-08-07", "that triggered mana ability won't be affected by Mana Reflection"),
    "test_mana_reflection_doubles_mana_with_a_rider": (
        "Mana Reflection", "2020-08-07", "Mana Reflection doesn't produce any mana itself."),
    "test_mana_reflections_are_cumulative": (
        "Mana Reflection", "2020-08-07", "If you have three, you'll get eight times the mana"),
    "test_contamination_is_a_replacement_effect_not_a_trigger": (
        "Contamination", "2004-10-04", "The second ability of this card is a replacement effect"),
    "test_contamination_leaves_external_additional_mana_alone": (
        "Contamination", "2004-10-04", "External effects that generate more mana still generate"),
    "test_celestial_dawn_does_not_change_mana_of_nonland_permanents": (
        "Celestial Dawn", "2006-09-25", "Llanowar Elves will produce {G}"),
    "test_celestial_dawn_keeps_snow_and_makes_a_snow_forest_a_plains": (
        "Celestial Dawn", "2004-10-04", "Will not add or remove Snow Supertype from a land."),
    "test_blood_moon_lands_lose_their_types_and_abilities": (
        "Blood Moon", "2020-08-07", "Nonbasic lands will lose any other land types and abilities they had."),
    "test_blood_moon_does_not_change_supertypes": (
        "Blood Moon", "2020-08-07", "This effect doesn't affect names or supertypes."),
    "test_urborg_gives_each_land_the_swamp_ability": (
        "Urborg, Tomb of Yawgmoth", "2021-03-19", "Any land that's a Swamp has the ability"),
    "test_urborg_under_magus_of_the_moon_makes_no_swamps_in_either_order": (
        "Urborg, Tomb of Yawgmoth", "2021-03-19", "no matter in what order those effects started to apply"),
    "test_yavimaya_gives_each_land_the_forest_ability": (
        "Yavimaya, Cradle of Growth", "2021-06-18", "Any land that's a Forest has the ability"),
    "test_wild_growth_mana_is_not_what_the_land_could_produce": (
        "Wild Growth", "2004-10-04", "is not something the land can produce"),
    "test_mana_flare_adds_the_color_produced_by_a_two_color_land": (
        "Mana Flare", "2004-10-04", "Mana Flare produces one additional mana of the same color that was produced"),
    "test_mana_flare_the_lands_controller_chooses_the_type": (
        "Mana Flare", "2004-10-04", "its controller chooses which of those types is produced"),
    "test_mana_flare_is_a_triggered_mana_ability": (
        "Mana Flare", "2004-10-04", "This is a triggered mana ability."),
    "test_mana_flare_after_type_changing_effects": (
        "Mana Flare", "2004-10-04", "after applying any land type or color changing effects"),
    "test_mana_flare_adds_colorless": (
        "Mana Flare", "2004-10-04", "The types of mana are white, blue, black, red, green, and colorless."),
    "test_mana_flare_does_not_copy_restrictions": (
        "Mana Flare", "2007-09-16", "Does not copy any restrictions on the mana"),
    "test_mana_flare_adds_only_one_mana": (
        "Mana Flare", "2007-09-16", "Produces only one additional mana"),
    "test_heartbeat_of_spring_adds_colorless": (
        "Heartbeat of Spring", "2020-08-07", "The types of mana are white, blue, black, red, green, and colorless."),
    "test_heartbeat_of_spring_one_type_of_several": (
        "Heartbeat of Spring", "2020-08-07", "you choose one type that was produced"),
    "test_heartbeat_of_spring_ignores_riders": (
        "Heartbeat of Spring", "2020-08-07", "It just produces one mana of the appropriate type"),
    "test_zendikar_resurgent_one_type_of_several": (
        "Zendikar Resurgent", "2016-01-22", "choose one of those types to determine"),
    "test_vorinclex_one_type_of_several": (
        "Vorinclex, Voice of Hunger", "2017-11-17", "adds one mana of only one of those types"),
    "test_mirraris_wake_one_type_without_riders": (
        "Mirari's Wake", "2021-06-18", "those restrictions or riders don't apply to the mana added"),
    "test_kinnan_adds_mana_for_nonland_permanents_only": (
        "Kinnan, Bonder Prodigy", "2020-04-17", "The additional mana is produced by Kinnan"),
    "test_nyxbloom_ancient_only_for_tap_abilities": (
        "Nyxbloom Ancient", "2020-01-24", "only if you're activating a mana ability of that permanent that includes"),
    "test_nyxbloom_ancient_does_not_triple_whenever_you_tap_triggers": (
        "Nyxbloom Ancient", "2020-01-24", "that triggered mana ability won't be affected by Nyxbloom Ancient"),
    "test_nyxbloom_ancient_triples_mana_with_a_rider": (
        "Nyxbloom Ancient", "2020-01-24", "Nyxbloom Ancient doesn't produce any mana itself."),
    "test_two_nyxbloom_ancients_give_nine_times": (
        "Nyxbloom Ancient", "2020-01-24", "you'll get nine times the original amount"),
    "test_caged_sun_is_a_triggered_mana_ability": (
        "Caged Sun", "2011-06-01", "Caged Sun's triggered ability is a mana ability"),
    "test_gauntlet_of_power_without_a_chosen_color_never_triggers": (
        "Gauntlet of Power", "2021-03-19", "its last ability never triggers"),
    "test_gauntlet_of_power_not_for_colorless_mana": (
        "Gauntlet of Power", "2021-03-19", "basic lands tapped for colorless mana"),
    "test_overgrowth_is_a_triggered_mana_ability": (
        "Overgrowth", "2004-10-04", "This is a triggered mana ability."),
    "test_damping_sphere_replacement_effects_one_at_a_time": (
        "Damping Sphere", "2018-04-27", "After that, determine if any others are applicable."),
    "test_pulse_of_llanowar_does_not_change_the_amount": (
        "Pulse of Llanowar", "2004-10-04", "This does not change the amount of mana gained."),
    "test_pulse_of_llanowar_may_choose_the_usual_color": (
        "Pulse of Llanowar", "2004-10-04", "You can choose the same color or mana the land would normally produce."),
    "test_elvish_archdruid_counts_itself": (
        "Elvish Archdruid", "2009-10-01", "counts all Elves you control"),
    "test_elvish_archdruid_has_a_mana_ability": (
        "Elvish Archdruid", "2011-09-22", "Elvish Archdruid's activated ability is a mana ability."),
    "test_priest_of_titania_counts_itself": (
        "Priest of Titania", "2004-10-04", "Since it is an Elf, it counts itself."),
    "test_cabal_coffers_counts_every_swamp": (
        "Cabal Coffers", "2021-06-18", "counts each land you control with the subtype Swamp"),
    "test_chromatic_lantern_keeps_the_lands_abilities_and_types": (
        "Chromatic Lantern", "2018-10-05", "Lands you control won't lose any other abilities they had."),
    "test_command_tower_without_a_commander_produces_no_mana": (
        "Command Tower", "2020-11-10", "If you don't have a commander, Command Tower's ability produces no mana."),
    "test_pili_pala_untap_ability_needs_it_tapped": (
        "Pili-Pala", "2008-05-01", "If Pili-Pala is already untapped, you can't activate"),
    "test_pili_pala_needs_continuous_control": (
        "Pili-Pala", "2008-05-01", "hasn't been under your control since your most recent turn began"),
    "test_pili_pala_untapping_is_not_tapping_for_mana": (
        "Pili-Pala", "2008-05-01", "Mana Reflection won't cause it to produce extra mana."),
    "test_mishras_factory_animated_this_turn_cannot_tap": (
        "Mishra's Factory", "2021-06-18", "you won't be able to activate its first or last abilities"),
    "test_blinkmoth_nexus_animated_needs_continuous_control": (
        "Blinkmoth Nexus", "2020-08-07", "It doesn't matter how long the permanent has been a creature."),
    "test_treetop_village_animated_needs_continuous_control": (
        "Treetop Village", "2008-08-01", "its {T} abilities can be activated, only if its controller"),
    "test_snow_is_not_a_type_of_mana": (
        "Snow-Covered Forest", "2021-02-05", "Snow isn't a type of mana."),
    "test_wastes_is_not_a_land_type": (
        "Wastes", "2021-03-19", "Wastes is not a land type."),
}


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).replace("’", "'").replace("—", "-").casefold()


@cache
def _rulings() -> dict[str, list[tuple[str, str]]]:
    out: dict[str, list[tuple[str, str]]] = {}
    selected = RULINGS_DIR / "rulings_selected_cards.json"
    records: list[dict] = json.loads(selected.read_text(encoding="utf-8")) if selected.exists() else []
    full = RULINGS_DIR / "rulings_mtgjson2022.jsonl"
    if full.exists():
        with full.open(encoding="utf-8") as fh:
            records += [json.loads(line) for line in fh if line.strip()]
    for rec in records:
        for r in rec.get("rulings") or ():
            out.setdefault(rec["name"], []).append((r["date"], _norm(r["text"])))
    return out


@pytest.mark.skipif(not RULINGS_DIR.exists(), reason="the rulings files (../shared/data/rulings) are not present")
@pytest.mark.parametrize("test_name", sorted(RULINGS))
def test_the_ruling_exists(test_name: str) -> None:
    card, date, words = RULINGS[test_name]
    assert (date, True) in {(d, _norm(words) in t) for d, t in _rulings().get(card, [])}, (card, date, words)


def test_every_ruling_test_names_its_ruling() -> None:
    tests = {name for name in globals() if name.startswith("test_") and name not in (
        "test_the_ruling_exists", "test_every_ruling_test_names_its_ruling")}
    assert tests == set(RULINGS)


# ---------------------------------------------------------------------------------------------
# Reflecting Pool
# ---------------------------------------------------------------------------------------------


def test_reflecting_pool_considers_replacement_effects() -> None:
    """2004-10-04: replacement effects count when Reflecting Pool looks at what a land could
    produce. An Island under Naked Singularity produces {G}, so the Pool produces {G}."""
    st = state(
        """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: island, card: Island, controller: alice}
        - {id: ns, card: Naked Singularity, controller: bob}
        """
    )
    assert (could(st, "island"), could(st, "pool"), tap_results(st, "pool")) == ({"G"}, {"G"}, [Mana(G=1)])


def test_reflecting_pool_sees_changes_to_a_lands_type() -> None:
    """2004-10-04: a change to a land's type can change what it could produce. Under Blood
    Moon, Vivid Crag is a Mountain without its abilities: the Pool (itself a Mountain) sees {R}
    only, though the Crag alone would let it produce any color."""
    land = """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: crag, card: Vivid Crag, controller: alice, counters: {charge: 2}}
        """
    assert could(state(land), "pool") == set("WUBRG")
    assert could(state(land + "- {id: moon, card: Blood Moon, controller: bob}\n"), "pool") == {"R"}


def test_reflecting_pool_reflects_colorless() -> None:
    """2008-05-01: the types of mana are the five colors and colorless, so a Pool beside
    Wastes and Ancient Tomb produces {C} (one, not two)."""
    st = state(
        """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: wastes, card: Wastes, controller: alice}
        - {id: tomb, card: Ancient Tomb, controller: alice}
        """
    )
    assert (could(st, "pool"), tap_results(st, "pool")) == ({"C"}, [Mana(C=1)])


def test_reflecting_pool_ignores_the_costs_of_vivid_crag() -> None:
    """2008-05-01: the Pool checks the effects of the lands' mana abilities, not their costs: a
    tapped Vivid Crag without charge counters still lets it produce any color."""
    st = state(
        """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: crag, card: Vivid Crag, controller: alice, tapped: true}
        """
    )
    assert (could(st, "pool"), tap_results(st, "pool")) == (set("WUBRG"), ANY_ONE_COLOR)


def test_reflecting_pool_ignores_restrictions_and_riders() -> None:
    """2008-05-01: restrictions and riders (Pillar of the Paruns, Hall of the Bandit Lord) don't
    matter, only types: the Pool produces any color or {C}, and its mana has no rider."""
    st = state(
        """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: pillar, card: Pillar of the Paruns, controller: alice}
        - {id: hall, card: Hall of the Bandit Lord, controller: alice}
        """
    )
    r = ENGINE.tap(st, "pool")
    assert could(st, "pool") == set("WUBRGC")
    assert sorted({o.adds_for("alice") for o in r.outcomes}) == sorted(Mana.one(t) for t in "wubrgc")
    assert r.notes == ()


def test_reflecting_pools_do_not_help_each_other() -> None:
    """2008-05-01: two Pools and a land without mana abilities: either Pool can still be
    activated, but it produces no mana."""
    st = state(
        """
        - {id: p1, card: Reflecting Pool, controller: alice}
        - {id: p2, card: Reflecting Pool, controller: alice}
        - {id: barren, card: Barren Test, controller: alice}
        """
    )
    r = ENGINE.tap(st, "p1")
    assert (could(st, "p1"), could(st, "p2")) == (set(), set())
    assert ([o.adds for o in r.outcomes], r.cannot) == ([()], ())


# ---------------------------------------------------------------------------------------------
# Exotic Orchard and Fellwar Stone
# ---------------------------------------------------------------------------------------------


def test_exotic_orchard_cannot_be_tapped_for_colorless() -> None:
    """2009-02-01: the colors are the five colors; against an opponent's Wastes and Ancient
    Tomb the Orchard could produce nothing."""
    st = state(
        """
        - {id: orchard, card: Exotic Orchard, controller: alice}
        - {id: wastes, card: Wastes, controller: bob}
        - {id: tomb, card: Ancient Tomb, controller: bob}
        """
    )
    assert (could(st, "orchard"), tap_results(st, "orchard")) == (set(), [Mana()])


def test_exotic_orchard_ignores_the_costs_of_an_opponents_vivid_crag() -> None:
    """2009-02-01: an opponent's tapped Vivid Crag without counters lets the Orchard produce
    any color."""
    st = state(
        """
        - {id: orchard, card: Exotic Orchard, controller: alice}
        - {id: crag, card: Vivid Crag, controller: bob, tapped: true}
        """
    )
    assert tap_results(st, "orchard") == ANY_ONE_COLOR


def test_exotic_orchard_considers_replacement_effects_in_any_order() -> None:
    """2009-02-01: replacement effects on the opponents' lands count (Contamination), and with
    several, in any order: a Swamp under Naked Singularity ({W}) and Reality Twist ({G})."""
    contaminated = state(
        """
        - {id: orchard, card: Exotic Orchard, controller: alice}
        - {id: forest, card: Forest, controller: bob}
        - {id: cont, card: Contamination, controller: bob}
        """
    )
    both = state(
        """
        - {id: orchard, card: Exotic Orchard, controller: alice}
        - {id: swamp, card: Swamp, controller: bob}
        - {id: ns, card: Naked Singularity, controller: bob}
        - {id: rt, card: Reality Twist, controller: bob}
        """
    )
    assert (could(contaminated, "orchard"), could(both, "orchard")) == ({"B"}, {"W", "G"})
    assert tap_results(both, "orchard") == [Mana(W=1), Mana(G=1)]


def test_exotic_orchard_ignores_riders() -> None:
    """2009-02-01: the riders of Ancient Ziggurat and Hall of the Bandit Lord don't matter; the
    Hall's {C} is not a color."""
    st = state(
        """
        - {id: orchard, card: Exotic Orchard, controller: alice}
        - {id: zig, card: Ancient Ziggurat, controller: bob}
        - {id: hall, card: Hall of the Bandit Lord, controller: bob}
        """
    )
    assert (could(st, "orchard"), ENGINE.tap(st, "orchard").notes) == (set("WUBRG"), ())


def test_exotic_orchards_and_a_reflecting_pool_need_a_real_source() -> None:
    """2009-02-01: two Orchards and a Pool produce nothing alone; add your Forest and each of
    them can be tapped for {G}."""
    lands = """
        - {id: mine, card: Exotic Orchard, controller: alice}
        - {id: theirs, card: Exotic Orchard, controller: bob}
        - {id: pool, card: Reflecting Pool, controller: bob}
        """
    alone, forest = state(lands), state(lands + "- {id: forest, card: Forest, controller: alice}\n")
    assert [could(alone, o) for o in ("mine", "theirs", "pool")] == [set(), set(), set()]
    assert [could(forest, o) for o in ("mine", "theirs", "pool")] == [{"G"}, {"G"}, {"G"}]
    assert (tap_results(forest, "mine"), tap_results(forest, "pool", "bob")) == ([Mana(G=1)], [Mana(G=1)])


def test_fellwar_stone_works_with_tapped_lands() -> None:
    """2004-10-04: the opponent's lands may be tapped; only what they could produce counts."""
    st = state(
        """
        - {id: stone, card: Fellwar Stone, controller: alice}
        - {id: island, card: Island, controller: bob, tapped: true}
        """
    )
    assert tap_results(st, "stone") == [Mana(U=1)]


def test_fellwar_stone_without_mana_lands_activates_for_no_mana() -> None:
    """2004-10-04: the Stone can be activated when the opponent has no land that produces mana,
    but produces nothing."""
    st = state(
        """
        - {id: stone, card: Fellwar Stone, controller: alice}
        - {id: barren, card: Barren Test, controller: bob}
        """
    )
    r = ENGINE.tap(st, "stone")
    assert ([o.adds for o in r.outcomes], r.cannot) == ([()], ())


def test_fellwar_stone_produces_one_mana() -> None:
    """2004-10-04: one mana even if the land produces more: Boros Garrison ({R}{W}) and Gaea's
    Cradle with two creatures give one {R}, {W} or {G}."""
    st = state(
        """
        - {id: stone, card: Fellwar Stone, controller: alice}
        - {id: garrison, card: Boros Garrison, controller: bob}
        - {id: cradle, card: Gaea's Cradle, controller: bob}
        - {id: b1, card: Grizzly Bears, controller: bob}
        - {id: b2, card: Grizzly Bears, controller: bob}
        """
    )
    assert tap_results(st, "stone") == [Mana(W=1), Mana(R=1), Mana(G=1)]


def test_fellwar_stone_cannot_be_tapped_for_colorless() -> None:
    """2009-10-01: against an opponent's Wastes the Stone could produce nothing."""
    st = state(
        """
        - {id: stone, card: Fellwar Stone, controller: alice}
        - {id: wastes, card: Wastes, controller: bob}
        """
    )
    assert (could(st, "stone"), tap_results(st, "stone")) == (set(), [Mana()])


def test_fellwar_stone_ignores_the_costs_of_vivid_crag() -> None:
    """2009-10-01: an opponent's untapped or tapped Vivid Crag, with or without counters: any
    color."""
    st = state(
        """
        - {id: stone, card: Fellwar Stone, controller: alice}
        - {id: crag, card: Vivid Crag, controller: bob, tapped: true, counters: {charge: 0}}
        """
    )
    assert could(st, "stone") == set("WUBRG")


def test_fellwar_stone_considers_replacement_effects_in_any_order() -> None:
    """2009-10-01: a Mountain under Naked Singularity ({U}) and Reality Twist ({W}), in either
    order."""
    st = state(
        """
        - {id: stone, card: Fellwar Stone, controller: alice}
        - {id: mountain, card: Mountain, controller: bob}
        - {id: ns, card: Naked Singularity, controller: alice}
        - {id: rt, card: Reality Twist, controller: alice}
        """
    )
    assert tap_results(st, "stone") == [Mana(W=1), Mana(U=1)]


def test_fellwar_stone_ignores_riders() -> None:
    """2009-10-01: an opponent's Ancient Ziggurat (creature spells only) lets the Stone produce
    any color, with no rider."""
    st = state(
        """
        - {id: stone, card: Fellwar Stone, controller: alice}
        - {id: zig, card: Ancient Ziggurat, controller: bob}
        """
    )
    r = ENGINE.tap(st, "stone")
    assert (sorted({o.adds_for("alice") for o in r.outcomes}), r.notes) == (ANY_ONE_COLOR, ())


# ---------------------------------------------------------------------------------------------
# Naked Singularity, Reality Twist
# ---------------------------------------------------------------------------------------------


def test_naked_singularity_is_a_replacement_effect() -> None:
    """2004-10-04: the ability is a replacement effect: the Forest's ability produces {G}, and
    the event is modified to produce {B} (no trigger)."""
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: ns, card: Naked Singularity, controller: bob}
        """
    )
    [o] = ENGINE.tap(st, "forest").outcomes
    assert (o.produced, o.replaced, o.triggers, "614.1a" in o.rules) == (Mana(G=1), Mana(B=1), (), True)


def test_naked_singularity_on_two_basic_land_types_one_color_for_all_the_mana() -> None:
    """2013-04-15: a land with more than one basic land type: the player tapping it chooses
    either color, but all its mana is of that one color (Plains: {R}, Island: {G}). Its
    {C}{C} ability gives {R}{R} or {G}{G}, never {R}{G}; its intrinsic abilities one of either."""
    st = state(
        """
        - {id: dual, card: Plains Island Test, controller: alice}
        - {id: ns, card: Naked Singularity, controller: bob}
        """
    )
    assert tap_results(st, "dual") == sorted([Mana(R=1), Mana(G=1), Mana(R=2), Mana(G=2)])


def test_reality_twist_on_two_basic_land_types_one_color_for_all_the_mana() -> None:
    """2013-04-15: the same for Reality Twist (Swamp: {G}, Forest: {B})."""
    st = state(
        """
        - {id: dual, card: Swamp Forest Test, controller: alice}
        - {id: rt, card: Reality Twist, controller: bob}
        """
    )
    assert tap_results(st, "dual") == sorted([Mana(B=1), Mana(G=1), Mana(B=2), Mana(G=2)])


# ---------------------------------------------------------------------------------------------
# Mana Reflection, Nyxbloom Ancient
# ---------------------------------------------------------------------------------------------


def test_mana_reflection_only_for_tap_abilities() -> None:
    """2020-08-07: tapping a permanent for mana is activating a mana ability with {T} in its
    cost: Lotus Petal ({T}, sacrifice) is doubled, Pili-Pala's {Q} ability is not."""
    st = state(
        """
        - {id: petal, card: Lotus Petal, controller: alice}
        - {id: pp, card: Pili-Pala, controller: alice, tapped: true}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    adds = {r.object: r.could_add for r in ENGINE.mana_abilities(st, "alice")}
    assert adds == {"petal": tuple(m + m for m in ANY_ONE_COLOR), "pp": tuple(ANY_ONE_COLOR)}


def test_mana_reflection_does_not_double_whenever_you_tap_triggers() -> None:
    """2020-08-07: a triggered mana ability "whenever you tap ... for mana" isn't affected:
    Forest {G}{G} with Mana Reflection, and one {G} from Zendikar Resurgent."""
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: zr, card: Zendikar Resurgent, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    [o] = ENGINE.tap(st, "forest").outcomes
    assert (o.replaced, [t.adds for t in o.triggers], o.adds_for("alice")) == (Mana(G=2), [Mana(G=1)], Mana(G=3))


def test_mana_reflection_doubles_mana_with_a_rider() -> None:
    """2020-08-07: Mana Reflection produces no mana itself; a rider of the ability applies to
    all the mana: Ancient Ziggurat makes two mana of the one color chosen."""
    st = state(
        """
        - {id: zig, card: Ancient Ziggurat, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    r = ENGINE.tap(st, "zig")
    assert sorted({o.adds_for("alice") for o in r.outcomes}) == [m + m for m in ANY_ONE_COLOR]
    assert all(o.triggers == () for o in r.outcomes)


def test_mana_reflections_are_cumulative() -> None:
    """2020-08-07: two Mana Reflections give four times the mana, three eight times: Sol Ring
    adds {C}{C} x 8 with three."""
    lines = "- {id: ring, card: Sol Ring, controller: alice}\n"
    two = lines + "".join(f"- {{id: mr{i}, card: Mana Reflection, controller: alice}}\n" for i in range(2))
    three = two + "- {id: mr2, card: Mana Reflection, controller: alice}\n"
    assert (tap_results(state(two), "ring"), tap_results(state(three), "ring")) == ([Mana(C=8)], [Mana(C=16)])


def test_nyxbloom_ancient_only_for_tap_abilities() -> None:
    """2020-01-24: as Mana Reflection's ruling: Sol Ring is tripled, Pili-Pala's {Q} is not."""
    st = state(
        """
        - {id: ring, card: Sol Ring, controller: alice}
        - {id: pp, card: Pili-Pala, controller: alice, tapped: true}
        - {id: nyx, card: Nyxbloom Ancient, controller: alice}
        """
    )
    adds = {r.object: r.could_add for r in ENGINE.mana_abilities(st, "alice")}
    assert adds == {"ring": (Mana(C=6),), "pp": tuple(ANY_ONE_COLOR)}


def test_nyxbloom_ancient_does_not_triple_whenever_you_tap_triggers() -> None:
    """2020-01-24: Wild Growth's trigger is not tripled: Forest {G}{G}{G} plus {G}."""
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: wg, card: Wild Growth, controller: alice, attached_to: forest}
        - {id: nyx, card: Nyxbloom Ancient, controller: alice}
        """
    )
    assert tap_results(st, "forest") == [Mana(G=4)]


def test_nyxbloom_ancient_triples_mana_with_a_rider() -> None:
    """2020-01-24: Pillar of the Paruns makes three mana of the one color chosen."""
    st = state(
        """
        - {id: pillar, card: Pillar of the Paruns, controller: alice}
        - {id: nyx, card: Nyxbloom Ancient, controller: alice}
        """
    )
    assert tap_results(st, "pillar") == [m + m + m for m in ANY_ONE_COLOR]


def test_two_nyxbloom_ancients_give_nine_times() -> None:
    """2020-01-24: two Nyxbloom Ancients: nine times the mana, in each of their two orders."""
    st = state(
        """
        - {id: island, card: Island, controller: alice}
        - {id: n1, card: Nyxbloom Ancient, controller: alice}
        - {id: n2, card: Nyxbloom Ancient, controller: alice}
        """
    )
    assert replaced(st, "island") == {Mana(U=9): 2}


# ---------------------------------------------------------------------------------------------
# Contamination, Celestial Dawn, Blood Moon, Urborg, Yavimaya, Wild Growth
# ---------------------------------------------------------------------------------------------


def test_contamination_is_a_replacement_effect_not_a_trigger() -> None:
    """2004-10-04: Contamination's ability is a replacement effect: the Forest's event produces
    {B} instead of {G}; nothing triggers."""
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: cont, card: Contamination, controller: bob}
        """
    )
    [o] = ENGINE.tap(st, "forest").outcomes
    assert (o.produced, o.replaced, o.triggers) == (Mana(G=1), Mana(B=1), ())


def test_contamination_leaves_external_additional_mana_alone() -> None:
    """2004-10-04: external effects still add their mana (Wild Growth's {G}); effects adding
    mana of the type the land produced are changed in color, not amount (Heartbeat of Spring
    on Boros Garrison: {B} and one more {B})."""
    wild = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: wg, card: Wild Growth, controller: alice, attached_to: forest}
        - {id: cont, card: Contamination, controller: bob}
        """
    )
    heartbeat = state(
        """
        - {id: garrison, card: Boros Garrison, controller: alice}
        - {id: hb, card: Heartbeat of Spring, controller: bob}
        - {id: cont, card: Contamination, controller: bob}
        """
    )
    assert (tap_results(wild, "forest"), tap_results(heartbeat, "garrison")) == ([Mana(B=1, G=1)], [Mana(B=2)])


def test_celestial_dawn_does_not_change_mana_of_nonland_permanents() -> None:
    """2006-09-25: mana produced by nonland permanents isn't affected: Llanowar Elves produce
    {G} and Sol Ring {C}{C}, while your Forest is a Plains."""
    st = state(
        """
        - {id: elves, card: Llanowar Elves, controller: alice}
        - {id: ring, card: Sol Ring, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: dawn, card: Celestial Dawn, controller: alice}
        """
    )
    assert [tap_results(st, o) for o in ("elves", "ring", "forest")] == [[Mana(G=1)], [Mana(C=2)], [Mana(W=1)]]


def test_celestial_dawn_keeps_snow_and_makes_a_snow_forest_a_plains() -> None:
    """2004-10-04: Celestial Dawn doesn't add or remove the snow supertype; it changes the land
    type: a Snow-Covered Forest taps for {W}."""
    st = state(
        """
        - {id: snow, card: Snow-Covered Forest, controller: alice}
        - {id: dawn, card: Celestial Dawn, controller: alice}
        """
    )
    assert tap_results(st, "snow") == [Mana(W=1)]


def test_blood_moon_lands_lose_their_types_and_abilities() -> None:
    """2020-08-07: nonbasic lands lose their other land types and abilities and gain "{T}: Add
    {R}": a nonbasic Forest Island and a Vivid Crag with counters tap for {R} only."""
    st = state(
        """
        - {id: dual, card: Forest Island Test, controller: alice}
        - {id: crag, card: Vivid Crag, controller: alice, counters: {charge: 2}}
        - {id: moon, card: Blood Moon, controller: bob}
        """
    )
    assert [tap_results(st, o) for o in ("dual", "crag")] == [[Mana(R=1)], [Mana(R=1)]]
    assert (could(st, "dual"), could(st, "crag")) == ({"R"}, {"R"})


def test_blood_moon_does_not_change_supertypes() -> None:
    """2020-08-07: names and supertypes stay: the legendary Gaea's Cradle is a Mountain ({R}),
    and a basic Snow-Covered Forest is untouched ({G})."""
    st = state(
        """
        - {id: cradle, card: Gaea's Cradle, controller: alice}
        - {id: snow, card: Snow-Covered Forest, controller: alice}
        - {id: moon, card: Blood Moon, controller: bob}
        """
    )
    assert (tap_results(st, "cradle"), tap_results(st, "snow")) == ([Mana(R=1)], [Mana(G=1)])



def test_urborg_gives_each_land_the_swamp_ability() -> None:
    """2021-03-19: each land on the battlefield has the land type Swamp and "{T}: Add {B}";
    nothing else changes: an opponent's Forest taps for {G} or {B}, Ancient Tomb for {C}{C} or
    {B}, Urborg itself for {B}."""
    st = state(
        """
        - {id: urborg, card: "Urborg, Tomb of Yawgmoth", controller: alice}
        - {id: forest, card: Forest, controller: bob}
        - {id: tomb, card: Ancient Tomb, controller: alice}
        """
    )
    assert unsupported_notes(st, "urborg") == []
    assert [tap_results(st, "urborg"), tap_results(st, "forest", "bob"), tap_results(st, "tomb")] == [
        [Mana(B=1)],
        [Mana(B=1), Mana(G=1)],
        [Mana(B=1), Mana(C=2)],
    ]


@pytest.mark.parametrize("magus_first", [True, False])
def test_urborg_under_magus_of_the_moon_makes_no_swamps_in_either_order(magus_first: bool) -> None:
    """2021-03-19: Magus of the Moon makes Urborg a Mountain that loses its ability: no land
    becomes a Swamp, whichever effect started to apply first."""
    urborg = '- {id: urborg, card: "Urborg, Tomb of Yawgmoth", controller: alice}\n'
    magus = "- {id: magus, card: Magus of the Moon, controller: bob}\n"
    st = state((magus + urborg if magus_first else urborg + magus) + "- {id: forest, card: Forest, controller: alice}\n")
    assert unsupported_notes(st, "urborg") == []
    assert (tap_results(st, "forest"), tap_results(st, "urborg")) == ([Mana(G=1)], [Mana(R=1)])


def test_yavimaya_gives_each_land_the_forest_ability() -> None:
    """2021-06-18: each land is a Forest with "{T}: Add {G}" too: Ancient Tomb taps for {C}{C}
    or {G}."""
    st = state(
        """
        - {id: yavimaya, card: "Yavimaya, Cradle of Growth", controller: alice}
        - {id: tomb, card: Ancient Tomb, controller: alice}
        """
    )
    assert unsupported_notes(st, "yavimaya") == []
    assert tap_results(st, "tomb") == [Mana(G=1), Mana(C=2)]


def test_prismatic_omen_gives_every_basic_land_type_and_its_ability() -> None:
    """2008-05-01: each land you control has the land types Plains, Island, Swamp, Mountain and
    Forest and the mana ability of each; an opponent's lands are unchanged."""
    st = state(
        """
        - {id: omen, card: Prismatic Omen, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: island, card: Island, controller: bob}
        """
    )
    assert unsupported_notes(st, "forest") == []
    assert (tap_results(st, "forest"), tap_results(st, "island", "bob")) == (ANY_ONE_COLOR, [Mana(U=1)])
    assert could(st, "forest") == set("WUBRG")


def test_dryad_of_the_ilysian_grove_lands_keep_their_other_abilities() -> None:
    """2020-01-24: the lands keep their other subtypes and abilities: Ancient Tomb taps for
    {C}{C} or one mana of any color."""
    st = state(
        """
        - {id: dryad, card: Dryad of the Ilysian Grove, controller: alice}
        - {id: tomb, card: Ancient Tomb, controller: alice}
        """
    )
    assert unsupported_notes(st, "tomb") == []
    assert tap_results(st, "tomb") == sorted([*ANY_ONE_COLOR, Mana(C=2)])


def test_wild_growth_mana_is_not_what_the_land_could_produce() -> None:
    """2004-10-04: Wild Growth's mana is not an ability of the land and not something it can
    produce: an opponent's Island with Wild Growth gives Exotic Orchard {U} only."""
    st = state(
        """
        - {id: orchard, card: Exotic Orchard, controller: alice}
        - {id: island, card: Island, controller: bob}
        - {id: wg, card: Wild Growth, controller: bob, attached_to: island}
        """
    )
    assert (could(st, "island"), could(st, "orchard")) == ({"U"}, {"U"})
    assert tap_results(st, "island", "bob") == [Mana(U=1, G=1)]


# ---------------------------------------------------------------------------------------------
# "Whenever a land is tapped for mana" triggers: Mana Flare, Heartbeat of Spring, Zendikar
# Resurgent, Vorinclex, Mirari's Wake, Kinnan, Caged Sun, Gauntlet of Power, Overgrowth
# ---------------------------------------------------------------------------------------------


def test_mana_flare_adds_the_color_produced_by_a_two_color_land() -> None:
    """2004-10-04: with a land that produces several colors, Mana Flare adds one more of a
    color produced, never another: Boros Garrison gives {R}{R}{W} or {R}{W}{W}."""
    st = state(
        """
        - {id: garrison, card: Boros Garrison, controller: alice}
        - {id: flare, card: Mana Flare, controller: alice}
        """
    )
    assert tap_results(st, "garrison") == [Mana(R=1, W=2), Mana(R=2, W=1)]


def test_mana_flare_the_lands_controller_chooses_the_type() -> None:
    """2004-10-04: the land's controller chooses which type Mana Flare's ability adds, and
    adds it, even when another player controls Mana Flare."""
    st = state(
        """
        - {id: garrison, card: Boros Garrison, controller: alice}
        - {id: flare, card: Mana Flare, controller: bob}
        """
    )
    outcomes = ENGINE.tap(st, "garrison").outcomes
    assert sorted(o.adds for o in outcomes) == [(("alice", Mana(R=1, W=2)),), (("alice", Mana(R=2, W=1)),)]
    assert {t.recipient for o in outcomes for t in o.triggers} == {"alice"}


def test_mana_flare_is_a_triggered_mana_ability() -> None:
    """2004-10-04: a triggered mana ability: it resolves right after the land's ability
    (CR 605.4a), and its mana is not the land's."""
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: flare, card: Mana Flare, controller: bob}
        """
    )
    [o] = ENGINE.tap(st, "forest").outcomes
    assert (o.replaced, [(t.object, t.adds) for t in o.triggers]) == (Mana(G=1), [("flare", Mana(G=1))])
    assert "605.4a" in o.rules


def test_mana_flare_after_type_changing_effects() -> None:
    """2004-10-04: Mana Flare adds the color the land produces after land type and color
    changing effects: Ancient Tomb under Blood Moon {R}{R}, Forest under Celestial Dawn {W}{W}."""
    flare = "- {id: flare, card: Mana Flare, controller: bob}\n"
    moon = state(flare + "- {id: tomb, card: Ancient Tomb, controller: alice}\n- {id: moon, card: Blood Moon, controller: bob}")
    dawn = state(flare + "- {id: forest, card: Forest, controller: alice}\n- {id: dawn, card: Celestial Dawn, controller: alice}")
    assert (tap_results(moon, "tomb"), tap_results(dawn, "forest")) == ([Mana(R=2)], [Mana(W=2)])


def test_mana_flare_adds_colorless() -> None:
    """2004-10-04: colorless is a type: Wastes with Mana Flare gives {C}{C}."""
    st = state(
        """
        - {id: wastes, card: Wastes, controller: alice}
        - {id: flare, card: Mana Flare, controller: alice}
        """
    )
    assert tap_results(st, "wastes") == [Mana(C=2)]


def test_mana_flare_does_not_copy_restrictions() -> None:
    """2007-09-16: Pillar of the Paruns' restriction isn't copied; Mana Flare adds one mana of
    the color the Pillar produced."""
    st = state(
        """
        - {id: pillar, card: Pillar of the Paruns, controller: alice}
        - {id: flare, card: Mana Flare, controller: alice}
        """
    )
    outcomes = ENGINE.tap(st, "pillar").outcomes
    assert sorted({o.adds_for("alice") for o in outcomes}) == [m + m for m in ANY_ONE_COLOR]
    assert all(t.adds == o.replaced for o in outcomes for t in o.triggers)


def test_mana_flare_adds_only_one_mana() -> None:
    """2007-09-16: one more mana, however much the land produced: Ancient Tomb {C}{C}{C},
    Gaea's Cradle with three creatures {G}{G}{G}{G}."""
    st = state(
        """
        - {id: tomb, card: Ancient Tomb, controller: alice}
        - {id: cradle, card: Gaea's Cradle, controller: alice}
        - {id: b1, card: Grizzly Bears, controller: alice}
        - {id: b2, card: Grizzly Bears, controller: alice}
        - {id: b3, card: Grizzly Bears, controller: alice}
        - {id: flare, card: Mana Flare, controller: bob}
        """
    )
    assert (tap_results(st, "tomb"), tap_results(st, "cradle")) == ([Mana(C=3)], [Mana(G=4)])


def test_heartbeat_of_spring_adds_colorless() -> None:
    """2020-08-07: colorless is a type: Ancient Tomb with Heartbeat of Spring {C}{C}{C}."""
    st = state(
        """
        - {id: tomb, card: Ancient Tomb, controller: alice}
        - {id: hb, card: Heartbeat of Spring, controller: bob}
        """
    )
    assert tap_results(st, "tomb") == [Mana(C=3)]


def test_heartbeat_of_spring_one_type_of_several() -> None:
    """2020-08-07: a land tapped for more than one mana: one type that was produced is chosen
    and one mana of it added."""
    st = state(
        """
        - {id: garrison, card: Boros Garrison, controller: bob}
        - {id: hb, card: Heartbeat of Spring, controller: alice}
        """
    )
    assert tap_results(st, "garrison", "bob") == [Mana(R=1, W=2), Mana(R=2, W=1)]


def test_heartbeat_of_spring_ignores_riders() -> None:
    """2020-08-07: one mana of the type, without the land's riders: Ancient Ziggurat with
    Heartbeat of Spring gives two mana of the chosen color."""
    st = state(
        """
        - {id: zig, card: Ancient Ziggurat, controller: alice}
        - {id: hb, card: Heartbeat of Spring, controller: alice}
        """
    )
    assert tap_results(st, "zig") == [m + m for m in ANY_ONE_COLOR]


def test_zendikar_resurgent_one_type_of_several() -> None:
    """2016-01-22: of a land's several types, one is chosen for Zendikar Resurgent's mana."""
    st = state(
        """
        - {id: garrison, card: Boros Garrison, controller: alice}
        - {id: zr, card: Zendikar Resurgent, controller: alice}
        """
    )
    assert tap_results(st, "garrison") == [Mana(R=1, W=2), Mana(R=2, W=1)]


def test_vorinclex_one_type_of_several() -> None:
    """2017-11-17: Vorinclex adds one mana of only one of the types the land produced."""
    st = state(
        """
        - {id: garrison, card: Boros Garrison, controller: alice}
        - {id: vorinclex, card: "Vorinclex, Voice of Hunger", controller: alice}
        """
    )
    assert tap_results(st, "garrison") == [Mana(R=1, W=2), Mana(R=2, W=1)]


def test_mirraris_wake_one_type_without_riders() -> None:
    """2021-06-18: one type of those produced, without riders: Pillar of the Paruns with
    Mirari's Wake gives two of the color chosen."""
    st = state(
        """
        - {id: pillar, card: Pillar of the Paruns, controller: alice}
        - {id: wake, card: "Mirari's Wake", controller: alice}
        """
    )
    assert tap_results(st, "pillar") == [m + m for m in ANY_ONE_COLOR]


def test_kinnan_adds_mana_for_nonland_permanents_only() -> None:
    """2020-04-17: Kinnan's mana is Kinnan's, added when you tap a nonland permanent: Azorius
    Signet gives {W}{U} and one more {W} or {U}; a Forest gets nothing more."""
    st = state(
        """
        - {id: kinnan, card: "Kinnan, Bonder Prodigy", controller: alice}
        - {id: signet, card: Azorius Signet, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        """
    )
    outcomes = ENGINE.tap(st, "signet").outcomes
    assert sorted({o.adds_for("alice") for o in outcomes}) == sorted([Mana(W=1, U=2), Mana(W=2, U=1)])
    assert {t.object for o in outcomes for t in o.triggers} == {"kinnan"}
    assert tap_results(st, "forest") == [Mana(G=1)]


def test_caged_sun_is_a_triggered_mana_ability() -> None:
    """2011-06-01: Caged Sun's trigger is a mana ability: it resolves at once, adding one more
    mana of the chosen color when a land's ability adds it."""
    st = state(
        """
        - {id: garrison, card: Boros Garrison, controller: alice}
        - {id: sun, card: Caged Sun, controller: alice, chosen: {color: white}}
        """
    )
    [o] = ENGINE.tap(st, "garrison").outcomes
    assert (o.adds_for("alice"), [(t.object, t.adds) for t in o.triggers]) == (Mana(R=1, W=2), [("sun", Mana(W=1))])
    assert "605.4a" in o.rules


def test_gauntlet_of_power_without_a_chosen_color_never_triggers() -> None:
    """2021-03-19: a Gauntlet of Power with no color chosen never triggers."""
    st = state(
        """
        - {id: gauntlet, card: Gauntlet of Power, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        """
    )
    assert tap_results(st, "forest") == [Mana(G=1)]


def test_gauntlet_of_power_not_for_colorless_mana() -> None:
    """2021-03-19: basic lands tapped for colorless mana are not affected (Wastes {C}); a basic
    land of the chosen color, of any player, gets one more."""
    st = state(
        """
        - {id: gauntlet, card: Gauntlet of Power, controller: alice, chosen: {color: green}}
        - {id: wastes, card: Wastes, controller: alice}
        - {id: forest, card: Forest, controller: bob}
        """
    )
    assert (tap_results(st, "wastes"), tap_results(st, "forest", "bob")) == ([Mana(C=1)], [Mana(G=2)])


def test_overgrowth_is_a_triggered_mana_ability() -> None:
    """2004-10-04: Overgrowth's ability is a triggered mana ability: the enchanted Plains gives
    {W} and, at once, {G}{G}."""
    st = state(
        """
        - {id: plains, card: Plains, controller: alice}
        - {id: og, card: Overgrowth, controller: bob, attached_to: plains}
        """
    )
    [o] = ENGINE.tap(st, "plains").outcomes
    assert (o.adds, [(t.object, t.adds) for t in o.triggers]) == ((("alice", Mana(W=1, G=2)),), [("og", Mana(G=2))])
    assert "605.4a" in o.rules


# ---------------------------------------------------------------------------------------------
# Damping Sphere, Pulse of Llanowar
# ---------------------------------------------------------------------------------------------


def test_damping_sphere_replacement_effects_one_at_a_time() -> None:
    """2018-04-27: one replacement effect is applied, then the others are checked again: Ancient
    Tomb with Mana Reflection and Damping Sphere gives {C} (doubled first) or {C}{C} (Sphere
    first), one order each."""
    st = state(
        """
        - {id: tomb, card: Ancient Tomb, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        - {id: sphere, card: Damping Sphere, controller: bob}
        """
    )
    assert replaced(st, "tomb") == {Mana(C=1): 1, Mana(C=2): 1}


def test_pulse_of_llanowar_does_not_change_the_amount() -> None:
    """2004-10-04: the amount stays; all the mana is of one chosen color: a Plains doubled by
    Mana Reflection gives two mana of one color."""
    st = state(
        """
        - {id: plains, card: Plains, controller: alice}
        - {id: pulse, card: Pulse of Llanowar, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    assert tap_results(st, "plains") == [m + m for m in ANY_ONE_COLOR]


def test_pulse_of_llanowar_may_choose_the_usual_color() -> None:
    """2004-10-04: the color chosen may be the one the land normally produces ({B} from a
    Swamp); only basic lands you control are affected."""
    st = state(
        """
        - {id: swamp, card: Swamp, controller: alice}
        - {id: theirs, card: Swamp, controller: bob}
        - {id: pulse, card: Pulse of Llanowar, controller: alice}
        """
    )
    assert (tap_results(st, "swamp"), tap_results(st, "theirs", "bob")) == (ANY_ONE_COLOR, [Mana(B=1)])


# ---------------------------------------------------------------------------------------------
# Amounts: Elvish Archdruid, Priest of Titania, Cabal Coffers; lands that grant abilities
# ---------------------------------------------------------------------------------------------


def test_elvish_archdruid_counts_itself() -> None:
    """2009-10-01: the mana ability counts all Elves you control, itself included (not an
    opponent's)."""
    st = state(
        """
        - {id: druid, card: Elvish Archdruid, controller: alice}
        - {id: elves, card: Llanowar Elves, controller: alice}
        - {id: theirs, card: Llanowar Elves, controller: bob}
        """
    )
    alone = state("- {id: druid, card: Elvish Archdruid, controller: alice}")
    assert (tap_results(alone, "druid"), tap_results(st, "druid")) == ([Mana(G=1)], [Mana(G=2)])


def test_elvish_archdruid_has_a_mana_ability() -> None:
    """2011-09-22: the activated ability is a mana ability (CR 605.1a)."""
    st = state("- {id: druid, card: Elvish Archdruid, controller: alice}")
    [report] = ENGINE.mana_abilities(st, "alice")
    assert (report.object, report.activatable, report.could_add) == ("druid", True, (Mana(G=1),))


def test_priest_of_titania_counts_itself() -> None:
    """2004-10-04: Priest of Titania is an Elf, so it counts itself; it counts each Elf on the
    battlefield, an opponent's too."""
    alone = state("- {id: priest, card: Priest of Titania, controller: alice}")
    st = state(
        """
        - {id: priest, card: Priest of Titania, controller: alice}
        - {id: theirs, card: Llanowar Elves, controller: bob}
        """
    )
    assert (tap_results(alone, "priest"), tap_results(st, "priest")) == ([Mana(G=1)], [Mana(G=2)])


def test_cabal_coffers_counts_every_swamp() -> None:
    """2021-06-18: Cabal Coffers counts each land you control with the subtype Swamp, not just
    those named Swamp: a Swamp and a Swamp Forest give {B}{B} (an opponent's Swamp doesn't
    count)."""
    st = state(
        """
        - {id: coffers, card: Cabal Coffers, controller: alice}
        - {id: swamp, card: Swamp, controller: alice}
        - {id: dual, card: Swamp Forest Test, controller: alice}
        - {id: theirs, card: Swamp, controller: bob}
        """
    )
    assert tap_results(st, "coffers") == [Mana(B=2)]


def test_chromatic_lantern_keeps_the_lands_abilities_and_types() -> None:
    """2018-10-05: lands keep their other abilities and their land types: a Forest taps for {G}
    or any color, and is still a Forest: under Naked Singularity it produces {B} whichever of its
    abilities is activated ("If tapped for mana, ... Forests produce {B}")."""
    st = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: lantern, card: Chromatic Lantern, controller: alice}
        """
    )
    assert tap_results(st, "forest") == ANY_ONE_COLOR
    assert [a.ability.card for a in ENGINE.mana_abilities(st, "alice") if a.object == "forest"] == [
        "Chromatic Lantern",
        "Forest",
    ]
    twisted = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: lantern, card: Chromatic Lantern, controller: alice}
        - {id: ns, card: Naked Singularity, controller: bob}
        """
    )
    assert (could(twisted, "forest"), tap_results(twisted, "forest")) == ({"B"}, [Mana(B=1)])


def test_command_tower_without_a_commander_produces_no_mana() -> None:
    """2020-11-10: without a commander, Command Tower's ability produces no mana (not {C})."""
    st = state("- {id: tower, card: Command Tower, controller: alice}")
    assert (could(st, "tower"), tap_results(st, "tower")) == (set(), [Mana()])


# ---------------------------------------------------------------------------------------------
# {T}, {Q} and summoning sickness: Pili-Pala, creature lands
# ---------------------------------------------------------------------------------------------


def test_pili_pala_untap_ability_needs_it_tapped() -> None:
    """2008-05-01: an untapped Pili-Pala can't activate its {Q} ability (CR 107.6)."""
    [report] = ENGINE.mana_abilities(state("- {id: pp, card: Pili-Pala, controller: alice}"), "alice")
    assert (report.activatable, report.reasons) == (False, ("107.6",))


def test_pili_pala_needs_continuous_control() -> None:
    """2008-05-01: a Pili-Pala not controlled since your most recent turn began can't activate
    its {Q} ability (CR 302.6)."""
    st = state("- {id: pp, card: Pili-Pala, controller: alice, tapped: true, sick: true}")
    [report] = ENGINE.mana_abilities(st, "alice")
    assert (report.activatable, report.reasons) == (False, ("302.6",))


def test_pili_pala_untapping_is_not_tapping_for_mana() -> None:
    """2008-05-01: untapping Pili-Pala for mana is not tapping it for mana: Mana Reflection
    doesn't double it."""
    st = state(
        """
        - {id: pp, card: Pili-Pala, controller: alice, tapped: true}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    [report] = ENGINE.mana_abilities(st, "alice")
    assert (report.activatable, report.could_add) == (True, tuple(ANY_ONE_COLOR))


def test_mishras_factory_animated_this_turn_cannot_tap() -> None:
    """2021-06-18: a Mishra's Factory that became a creature, not controlled since the turn
    began, can't activate its {T} abilities; as a noncreature land it can."""
    land = "- {id: factory, card: Mishra's Factory, controller: alice, sick: true}"
    animated = state(land, effects="- {kind: add_type, object: factory, type: creature, until: end_of_turn}")
    r = ENGINE.tap(animated, "factory")
    assert (r.outcomes, [rule for _, rule in r.cannot]) == ((), ["302.6"])
    assert tap_results(state(land), "factory") == [Mana(C=1)]


def test_blinkmoth_nexus_animated_needs_continuous_control() -> None:
    """2020-08-07: it doesn't matter how long the permanent has been a creature, only whether
    its controller has controlled it since the turn began."""
    def nexus(sick: bool) -> GameState:
        return state(
            f"- {{id: nexus, card: Blinkmoth Nexus, controller: alice, sick: {str(sick).lower()}}}",
            effects="- {kind: add_type, object: nexus, type: creature, until: end_of_turn}",
        )

    assert tap_results(nexus(False), "nexus") == [Mana(C=1)]
    assert [rule for _, rule in ENGINE.tap(nexus(True), "nexus").cannot] == ["302.6"]


def test_treetop_village_animated_needs_continuous_control() -> None:
    """2008-08-01: an animated Treetop Village (a 3/3 Ape creature) can use {T} only if
    controlled continuously since its controller's turn began."""
    effects = """
        - {kind: add_type, object: village, type: creature, until: end_of_turn}
        - {kind: add_subtype, object: village, subtype: Ape, until: end_of_turn}
        """
    sick = state("- {id: village, card: Treetop Village, controller: alice, sick: true}", effects=effects)
    fine = state("- {id: village, card: Treetop Village, controller: alice}", effects=effects)
    assert [rule for _, rule in ENGINE.tap(sick, "village").cannot] == ["302.6"]
    assert tap_results(fine, "village") == [Mana(G=1)]


# ---------------------------------------------------------------------------------------------
# Types of mana and land types
# ---------------------------------------------------------------------------------------------


def test_snow_is_not_a_type_of_mana() -> None:
    """2021-02-05: snow is not a type of mana: a Reflecting Pool beside a Snow-Covered Forest
    could produce {G}, nothing else."""
    st = state(
        """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: snow, card: Snow-Covered Forest, controller: alice}
        """
    )
    assert could(st, "pool") == {"G"}


def test_wastes_is_not_a_land_type() -> None:
    """2021-03-19: Wastes has no basic land type: Naked Singularity and Reality Twist don't
    change its {C}; Blood Moon doesn't touch it (it is basic)."""
    st = state(
        """
        - {id: wastes, card: Wastes, controller: alice}
        - {id: ns, card: Naked Singularity, controller: bob}
        - {id: rt, card: Reality Twist, controller: bob}
        - {id: moon, card: Blood Moon, controller: bob}
        """
    )
    assert tap_results(st, "wastes") == [Mana(C=1)]
