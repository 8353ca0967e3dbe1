"""Type-setting effects (CR 205.1a-b, layer 4) and haste (CR 702.10c) where they decide whether a
permanent can be tapped for mana (CR 302.6)."""

from __future__ import annotations

from asp import scenario
from mtgasp import Engine
from mtgasp.state import GameState

ENGINE = Engine()

CARDS = {
    # real Oracle text (cards.jsonl)
    "Living Terrain": ("Enchantment — Aura", "Enchant land\nEnchanted land is a 5/6 green Treefolk creature that's still a land."),
    "Concordant Crossroads": ("World Enchantment", "Enchant world\nAll creatures have haste."),
    "Raging Goblin": ("Creature — Goblin Berserker", "Haste"),
    # test cards
    "Test Hasty Animate": (
        "Enchantment — Aura", "Enchant land\nEnchanted land is a 0/0 Elemental creature with haste. It's still a land."),
    "Test Animate": ("Enchantment — Aura", "Enchant land\nEnchanted land is a 3/3 creature."),
    "Test Hasty Elf": ("Creature — Elf", "Haste\n{T}: Add {R}."),
}


def state(battlefield: str) -> GameState:
    return scenario(battlefield, CARDS)


def usable(st: GameState, player: str = "alice") -> dict[str, tuple[bool, tuple[str, ...]]]:
    """Each of ``player``'s permanents with a mana ability: can it be activated now, and the CR
    rules that forbid it."""
    return {a.object: (a.activatable, a.reasons) for a in ENGINE.mana_abilities(st, player)}


def test_cr205_1b_a_land_that_is_still_a_land_keeps_its_mana_ability_and_is_summoning_sick() -> None:
    # Living Terrain makes a Forest played this turn a creature that's still a Forest: it keeps
    # "{T}: Add {G}." but, a creature under summoning sickness, can't tap for it (CR 302.6).
    sick = state(
        """
        - {id: forest, card: Forest, controller: alice, sick: true}
        - {id: terrain, card: Living Terrain, controller: alice, attached_to: forest}
        """
    )
    assert usable(sick) == {"forest": (False, ("302.6",))}
    ready = state(
        """
        - {id: forest, card: Forest, controller: alice}
        - {id: terrain, card: Living Terrain, controller: alice, attached_to: forest}
        """
    )
    assert usable(ready) == {"forest": (True, ())}
    assert set(ENGINE.could_produce(ready, "forest").types) == {"G"}


def test_cr205_1a_a_land_made_only_a_creature_loses_its_land_types_and_their_mana_ability() -> None:
    # "Enchanted land is a 3/3 creature." sets its card type: no longer a land, an Island loses
    # the subtype Island and with it "{T}: Add {U}." (CR 305.6).
    st = state(
        """
        - {id: island, card: Island, controller: alice}
        - {id: aura, card: Test Animate, controller: alice, attached_to: island}
        """
    )
    assert usable(st) == {}
    assert set(ENGINE.could_produce(st, "island").types) == set()


def test_cr702_10c_haste_lets_a_summoning_sick_creature_tap_for_mana() -> None:
    # printed haste, haste granted with the animation, and haste granted to all creatures
    printed = state("- {id: elf, card: Test Hasty Elf, controller: alice, sick: true}")
    assert usable(printed) == {"elf": (True, ())}
    animated = state(
        """
        - {id: mountain, card: Mountain, controller: alice, sick: true}
        - {id: aura, card: Test Hasty Animate, controller: alice, attached_to: mountain}
        """
    )
    assert usable(animated) == {"mountain": (True, ())}
    elves = "- {id: elves, card: Llanowar Elves, controller: alice, sick: true}\n"
    assert usable(state(elves)) == {"elves": (False, ("302.6",))}
    crossroads = state(elves + "- {id: crossroads, card: Concordant Crossroads, controller: bob}\n")
    assert usable(crossroads) == {"elves": (True, ())}
