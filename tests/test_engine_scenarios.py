"""Scenarios from other engines' test suites, restated as mtgasp states with exact answers.

Each test rebuilds, in its own words, a scenario of an XMage (magefree/mage) or Forge
(Card-Forge/forge) test about mana abilities and mana replacement effects; the comment above it
names the source file. Their code is not copied: the states and the expected answers are written
here from the Comprehensive Rules. Where the other engine expects something else than the CR
says, the test follows the CR and its docstring says so.

XMage's "available mana" (``getAvailableManaTest``) is a list of the pools a player can make;
its counterpart here is the maximal pools of ``Engine().pools``.
"""

from __future__ import annotations

import pytest
from asp import scenario
from mtgasp import Engine, Mana
from mtgasp.state import GameState

ENGINE = Engine()

# Real Oracle text of cards the embedded set does not have (from the team's card corpus).
EXTRA_CARDS = {
    "Sylvok Explorer": ("Creature — Human Druid", "{T}: Add one mana of any color that a land an opponent controls could produce."),
    "Harvester Druid": ("Creature — Human Druid", "{T}: Add one mana of any color that a land you control could produce."),
    "Castle Sengir": ("Land", "{T}: Add {C}.\n{1}, {T}: Add {B}.\n{2}, {T}: Add {U} or {R}."),
    "Crumbling Vestige": (
        "Land",
        "Crumbling Vestige enters the battlefield tapped.\nWhen Crumbling Vestige enters the battlefield, add one "
        "mana of any color.\n{T}: Add {C}. ({C} represents colorless mana.)",
    ),
    "Eye of Ramos": ("Artifact", "{T}: Add {U}.\nSacrifice Eye of Ramos: Add {U}."),
    "Goblin Clearcutter": ("Creature — Goblin", "{T}, Sacrifice a Forest: Add three mana in any combination of {R} and/or {G}."),
    "Gruul Signet": ("Artifact", "{1}, {T}: Add {R}{G}."),
    "Havenwood Battleground": (
        "Land",
        "Havenwood Battleground enters the battlefield tapped.\n{T}: Add {G}.\n{T}, Sacrifice Havenwood "
        "Battleground: Add {G}{G}.",
    ),
    "Noble Hierarch": (
        "Creature — Human Druid",
        "Exalted (Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.)\n"
        "{T}: Add {G}, {W}, or {U}.",
    ),
    "Watery Grave": (
        "Land — Island Swamp",
        "({T}: Add {U} or {B}.)\nAs this land enters, you may pay 2 life. If you don't, it enters tapped.",
    ),
    "Silvercoat Lion": ("Creature — Cat", ""),
    "Kinnan, Bonder Prodigy": (
        "Legendary Creature — Human Druid",
        "Whenever you tap a nonland permanent for mana, add one mana of any type that permanent produced.\n"
        "{5}{G}{U}: Look at the top five cards of your library. You may put a non-Human creature card from "
        "among them onto the battlefield. Put the rest on the bottom of your library in a random order.",
    ),
}


def state(battlefield: str) -> GameState:
    return scenario(battlefield, EXTRA_CARDS)


def could(st: GameState, obj: str) -> set[str]:
    return set(ENGINE.could_produce(st, obj).types)


def tap_results(st: GameState, obj: str, player: str = "alice") -> list[Mana]:
    return sorted({o.adds_for(player) for o in ENGINE.tap(st, obj).outcomes})


def maximal(st: GameState, player: str = "alice") -> list[Mana]:
    return sorted(p.mana for p in ENGINE.pools(st, player).maximal)


def m(text: str) -> Mana:
    """'{R}{R}{G}' -> Mana(R=2, G=1)."""
    counts: dict[str, int] = {}
    for sym in text.strip("{}").split("}{"):
        counts[sym] = counts.get(sym, 0) + 1
    return Mana(**counts)


ANY_ONE_COLOR = sorted(Mana.one(t) for t in "wubrg")

# ---------------------------------------------------------------------------------------------
# XMage: Mage.Tests/src/test/java/org/mage/test/cards/mana/ReflectingPoolTest.java
# ---------------------------------------------------------------------------------------------


def test_xmage_reflecting_pool_sees_what_exotic_orchard_could_produce() -> None:
    """An opponent's Mountain; your Reflecting Pool and Exotic Orchard: {R}{R}."""
    st = state(
        """
        - {id: mountain, card: Mountain, controller: bob}
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: orchard, card: Exotic Orchard, controller: alice}
        """
    )
    assert maximal(st) == [m("{R}{R}")]


@pytest.mark.parametrize(("pools", "orchards"), [(2, 1), (1, 2)])
def test_xmage_reflecting_pools_and_orchards_reflect_the_opponents_mountain(pools: int, orchards: int) -> None:
    """Two Pools and an Orchard, or a Pool and two Orchards, against a Mountain: {R}{R}{R}."""
    lines = ["- {id: mountain, card: Mountain, controller: bob}"]
    lines += [f"- {{id: pool{i}, card: Reflecting Pool, controller: alice}}" for i in range(pools)]
    lines += [f"- {{id: orchard{i}, card: Exotic Orchard, controller: alice}}" for i in range(orchards)]
    assert maximal(state("\n".join(lines))) == [m("{R}{R}{R}")]


def test_xmage_reflecting_pool_sees_gaeas_cradle() -> None:
    """Gaea's Cradle with one creature could produce {G}, so the Pool can: {G}{G} in all."""
    st = state(
        """
        - {id: lion, card: Silvercoat Lion, controller: alice}
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: cradle, card: Gaea's Cradle, controller: alice}
        """
    )
    assert maximal(st) == [m("{G}{G}")]


def test_xmage_reflecting_pool_and_orchards_on_both_sides() -> None:
    """Alice: Pool, Orchard, Forest; Bob: Orchard, Plains. Bob's Orchard could produce {G}
    (Alice's Forest), so Alice's Orchard and Pool make {W} or {G}: {G}{G}{G}, {W}{G}{G},
    {W}{W}{G}. Bob's Orchard makes {W} or {G} too (Alice's Orchard and Pool): {W}{G}, {W}{W}."""
    st = state(
        """
        - {id: lion, card: Silvercoat Lion, controller: alice}
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: orchard_a, card: Exotic Orchard, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: orchard_b, card: Exotic Orchard, controller: bob}
        - {id: plains, card: Plains, controller: bob}
        """
    )
    assert maximal(st, "alice") == sorted([m("{G}{G}{G}"), m("{W}{G}{G}"), m("{W}{W}{G}")])
    assert maximal(st, "bob") == sorted([m("{W}{G}"), m("{W}{W}")])


@pytest.mark.parametrize("pools", [1, 2])
def test_xmage_reflecting_pools_alone_give_no_mana(pools: int) -> None:
    """One or two Reflecting Pools alone: no mana at all."""
    st = state("\n".join(f"- {{id: pool{i}, card: Reflecting Pool, controller: alice}}" for i in range(pools)))
    assert maximal(st) == [Mana()]


def test_xmage_reflecting_pool_with_a_tapped_city_of_brass() -> None:
    """City of Brass already tapped: the Pool still produces any color (black was chosen)."""
    st = state(
        """
        - {id: plains, card: Plains, controller: alice, tapped: true}
        - {id: city, card: City of Brass, controller: alice, tapped: true}
        - {id: pool, card: Reflecting Pool, controller: alice}
        """
    )
    assert Mana(B=1) in tap_results(st, "pool")
    assert could(st, "pool") == set("WUBRG")


def test_xmage_reflecting_pool_ignores_crumbling_vestiges_enter_trigger() -> None:
    """Crumbling Vestige's "when it enters, add one mana of any color" is not a mana ability
    the land has now (CR 106.7 looks at its mana abilities): the Pool reflects {C} only."""
    st = state(
        """
        - {id: pool, card: Reflecting Pool, controller: alice}
        - {id: vestige, card: Crumbling Vestige, controller: alice}
        """
    )
    assert (could(st, "vestige"), could(st, "pool")) == ({"C"}, {"C"})


# ---------------------------------------------------------------------------------------------
# XMage: Mage.Tests/src/test/java/org/mage/test/cards/mana/SylvokExplorerTest.java,
#        HarvesterDruidTest.java
# ---------------------------------------------------------------------------------------------


def test_xmage_sylvok_explorer_with_an_island_and_a_mountain_across() -> None:
    """Sylvok Explorer and a Plains against an Island and a Mountain: {W}{R} or {W}{U}."""
    st = state(
        """
        - {id: island, card: Island, controller: bob}
        - {id: mountain, card: Mountain, controller: bob}
        - {id: explorer, card: Sylvok Explorer, controller: alice}
        - {id: plains, card: Plains, controller: alice}
        """
    )
    assert maximal(st) == sorted([m("{W}{R}"), m("{W}{U}")])


def test_xmage_two_sylvok_explorers_against_two_exotic_orchards() -> None:
    """The Orchards could produce {W} (the Plains); the Explorers see that: {W}{W}{W}."""
    st = state(
        """
        - {id: o1, card: Exotic Orchard, controller: bob}
        - {id: o2, card: Exotic Orchard, controller: bob}
        - {id: e1, card: Sylvok Explorer, controller: alice}
        - {id: e2, card: Sylvok Explorer, controller: alice}
        - {id: plains, card: Plains, controller: alice}
        """
    )
    assert maximal(st) == [m("{W}{W}{W}")]


@pytest.mark.parametrize(
    ("druids", "expected"),
    [(1, ["{U}{R}{R}", "{U}{U}{R}"]), (2, ["{U}{R}{R}{R}", "{U}{U}{R}{R}", "{U}{U}{U}{R}"])],
)
def test_xmage_harvester_druids_with_an_island_and_a_mountain(druids: int, expected: list[str]) -> None:
    """Harvester Druid(s) beside an Island and a Mountain: each adds {U} or {R}."""
    lines = ["- {id: island, card: Island, controller: alice}", "- {id: mountain, card: Mountain, controller: alice}"]
    lines += [f"- {{id: d{i}, card: Harvester Druid, controller: alice}}" for i in range(druids)]
    assert maximal(state("\n".join(lines))) == sorted(m(e) for e in expected)


# ---------------------------------------------------------------------------------------------
# XMage: Mage.Tests/src/test/java/org/mage/test/cards/replacement/ManaReflectionTest.java
# ---------------------------------------------------------------------------------------------


def test_xmage_mana_reflection_doubles_llanowar_elves() -> None:
    st = state(
        """
        - {id: elves, card: Llanowar Elves, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    assert tap_results(st, "elves") == [Mana(G=2)]


def test_xmage_mana_reflection_doubles_a_sacrificed_havenwood_battleground() -> None:
    """{T}, Sacrifice: Add {G}{G} is tapping for mana: {G}{G}{G}{G} (or {G}{G} from the first
    ability)."""
    st = state(
        """
        - {id: havenwood, card: Havenwood Battleground, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    assert tap_results(st, "havenwood") == [Mana(G=2), Mana(G=4)]


def test_xmage_mana_reflection_doubles_goblin_clearcutters_combination() -> None:
    """Three mana in any combination of {R} and {G}, each mana doubled: six mana in pairs.
    XMage counts a Forest's doubled {G}{G} in the same pool; here only the Clearcutter."""
    st = state(
        """
        - {id: goblin, card: Goblin Clearcutter, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: mr, card: Mana Reflection, controller: alice}
        """
    )
    assert tap_results(st, "goblin") == sorted(Mana(R=2 * r, G=2 * (3 - r)) for r in range(4))


# ---------------------------------------------------------------------------------------------
# XMage: Mage.Tests/src/test/java/org/mage/test/cards/mana/ManaFlareTest.java
# ---------------------------------------------------------------------------------------------


def test_xmage_mana_flare_doubles_an_island() -> None:
    st = state(
        """
        - {id: island, card: Island, controller: alice}
        - {id: flare, card: Mana Flare, controller: alice}
        """
    )
    assert tap_results(st, "island") == [Mana(U=2)]


def test_xmage_mana_flare_adds_the_color_a_watery_grave_produced() -> None:
    """Watery Grave tapped for {B} gives {B}{B}, for {U} gives {U}{U} (never colorless, the bug
    that XMage test guards against)."""
    st = state(
        """
        - {id: grave, card: Watery Grave, controller: bob}
        - {id: flare, card: Mana Flare, controller: bob}
        """
    )
    assert tap_results(st, "grave", "bob") == [Mana(U=2), Mana(B=2)]


# ---------------------------------------------------------------------------------------------
# XMage: Mage.Tests/src/test/java/org/mage/test/cards/mana/TappedForManaRelatedTest.java,
#        GaeasGradleTest.java
# ---------------------------------------------------------------------------------------------


def test_xmage_cradle_with_wild_growth_and_no_creatures() -> None:
    """Gaea's Cradle enchanted with Wild Growth, no creatures, and a Forest. CR 106.12a: the
    Cradle produces no mana, so Wild Growth doesn't trigger; the only mana is the Forest's {G}.
    XMage's test expects {G}{G} here although its own comment states the rule; this test follows
    the CR."""
    st = state(
        """
        - {id: cradle, card: Gaea's Cradle, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: wg, card: Wild Growth, controller: alice, attached_to: cradle}
        """
    )
    assert maximal(st) == [m("{G}")]
    assert [o.triggers for o in ENGINE.tap(st, "cradle").outcomes] == [()]


def test_xmage_cradle_with_wild_growth_and_two_creatures() -> None:
    """Two creatures: the Cradle {G}{G}, Wild Growth {G}, the Forest {G}."""
    st = state(
        """
        - {id: cradle, card: Gaea's Cradle, controller: alice}
        - {id: l1, card: Silvercoat Lion, controller: alice}
        - {id: l2, card: Silvercoat Lion, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: wg, card: Wild Growth, controller: alice, attached_to: cradle}
        """
    )
    assert maximal(st) == [m("{G}{G}{G}{G}")]


def test_xmage_wild_growth_on_a_forest() -> None:
    st = state(
        """
        - {id: l1, card: Silvercoat Lion, controller: alice}
        - {id: forest, card: Forest, controller: alice}
        - {id: wg, card: Wild Growth, controller: alice, attached_to: forest}
        """
    )
    assert maximal(st) == [m("{G}{G}")]


def test_xmage_gaeas_cradle_counts_only_your_creatures() -> None:
    """Two Grizzly Bears of yours, an opponent's Ornithopter-like creature: {G}{G}."""
    st = state(
        """
        - {id: cradle, card: Gaea's Cradle, controller: alice}
        - {id: b1, card: Grizzly Bears, controller: alice}
        - {id: b2, card: Grizzly Bears, controller: alice}
        - {id: hawk, card: Suntail Hawk, controller: bob}
        """
    )
    assert tap_results(st, "cradle") == [Mana(G=2)]


def test_xmage_chromatic_orrery_adds_five_colorless() -> None:
    st = state("- {id: orrery, card: Chromatic Orrery, controller: alice}")
    assert maximal(st) == [m("{C}{C}{C}{C}{C}")]


@pytest.mark.parametrize(
    ("lands", "expected"),
    [("Mountain", ["{C}{R}", "{B}"]), ("Plains", ["{C}{W}{W}", "{W}{B}", "{U}", "{R}"])],
)
def test_xmage_castle_sengir_pays_its_abilities_with_other_lands(lands: str, expected: list[str]) -> None:
    """Castle Sengir with one Mountain ({1} for {B}) or two Plains ({2} for {U} or {R}): the
    maximal pools (CR 106.4, 602.2b: mana added before is spent on the cost)."""
    count = 1 if lands == "Mountain" else 2
    lines = ["- {id: castle, card: Castle Sengir, controller: alice}"]
    lines += [f"- {{id: land{i}, card: {lands}, controller: alice}}" for i in range(count)]
    assert maximal(state("\n".join(lines))) == sorted(m(e) for e in expected)


def test_castle_sengir_taps_for_one_of_its_abilities_only() -> None:
    """With four Plains there is mana for two of the Castle's abilities, but {T} is paid once
    (CR 107.5): never {B} and {U} together."""
    lines = ["- {id: castle, card: Castle Sengir, controller: alice}"]
    lines += [f"- {{id: land{i}, card: Plains, controller: alice}}" for i in range(4)]
    expected = ["{W}{W}{W}{W}{C}", "{W}{W}{W}{B}", "{W}{W}{U}", "{W}{W}{R}"]
    assert maximal(state("\n".join(lines))) == sorted(m(e) for e in expected)


def test_xmage_eyes_of_ramos_tap_then_sacrifice() -> None:
    """Two Eyes of Ramos: each taps for {U} and is then sacrificed for {U}: {U}{U}{U}{U}."""
    st = state(
        """
        - {id: e1, card: Eye of Ramos, controller: alice}
        - {id: e2, card: Eye of Ramos, controller: alice}
        """
    )
    assert maximal(st) == [m("{U}{U}{U}{U}")]


# ---------------------------------------------------------------------------------------------
# XMage: Mage.Tests/src/test/java/org/mage/test/cards/mana/AddManaOfAnyTypeProducedTest.java
# ---------------------------------------------------------------------------------------------


def test_xmage_kinnan_adds_a_type_gruul_signet_produced() -> None:
    """Kinnan with Gruul Signet (paid with a Wastes): {R}{G} and one more {R} or {G}."""
    st = state(
        """
        - {id: kinnan, card: "Kinnan, Bonder Prodigy", controller: alice}
        - {id: wastes, card: Wastes, controller: alice}
        - {id: signet, card: Gruul Signet, controller: alice}
        """
    )
    # Tapping the Signet pays its {1} from the pool (CR 601.2h): the Wastes was tapped for {C} first.
    paid = scenario(
        """
        - {id: kinnan, card: "Kinnan, Bonder Prodigy", controller: alice}
        - {id: wastes, card: Wastes, controller: alice, tapped: true}
        - {id: signet, card: Gruul Signet, controller: alice}
        """,
        EXTRA_CARDS,
        header="players: [alice, bob]\nmana_pool:\n  alice: {C: 1}\n",
    )
    assert tap_results(paid, "signet") == sorted([Mana(R=2, G=1), Mana(R=1, G=2)])
    # Keeping the Wastes' {C} instead of paying for the Signet is a maximal pool too.
    assert maximal(st) == sorted([Mana(C=1), Mana(R=2, G=1), Mana(R=1, G=2)])


# ---------------------------------------------------------------------------------------------
# Forge: forge-gui-desktop/src/test/java/forge/ai/AnyColorManaSourceTest.java
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("land", ["City of Brass", "Mana Confluence"])
def test_forge_any_color_sources_offer_each_color_not_colorless(land: str) -> None:
    """"Any color" is the five colors: an any-color land could produce each, and not {C}."""
    st = state(f"- {{id: land, card: {land}, controller: alice}}")
    assert (could(st, "land"), tap_results(st, "land")) == (set("WUBRG"), ANY_ONE_COLOR)


def test_forge_plains_and_island_and_wastes_offer_their_own_type() -> None:
    st = state(
        """
        - {id: plains, card: Plains, controller: alice}
        - {id: island, card: Island, controller: alice}
        - {id: wastes, card: Wastes, controller: alice}
        """
    )
    assert [could(st, o) for o in ("plains", "island", "wastes")] == [{"W"}, {"U"}, {"C"}]


# ---------------------------------------------------------------------------------------------
# Forge: forge-gui-desktop/src/test/java/forge/ai/controller/AutopayManaDorkTest.java
# ---------------------------------------------------------------------------------------------


def test_forge_a_mana_creature_pays_when_no_land_is_untapped() -> None:
    """Noble Hierarch alone (controlled since the turn began) can pay {G}, {W} or {U}. The Forge
    test's comment says mana abilities ignore summoning sickness; CR 302.6 says a creature's {T}
    ability can't be activated unless its controller has controlled it continuously since their
    most recent turn began, so a Hierarch that just arrived can't."""
    ready = state("- {id: hierarch, card: Noble Hierarch, controller: alice}")
    sick = state("- {id: hierarch, card: Noble Hierarch, controller: alice, sick: true}")
    assert tap_results(ready, "hierarch") == sorted([Mana(G=1), Mana(W=1), Mana(U=1)])
    assert [rule for _, rule in ENGINE.tap(sick, "hierarch").cannot] == ["302.6"]
