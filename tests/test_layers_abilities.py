"""Layer 6 of CR 613 (abilities) where it decides the mana answers: Humility's "lose all
abilities" (CR 613.1f), abilities an Equipment or Aura grants to what it is attached to,
timestamp order (CR 613.7) and dependency (CR 613.8a), and Cursed Totem's prohibition
(CR 602.5, 101.2) — through `tap`, `abilities` and `could-produce`, with exact answers.
"""

from __future__ import annotations

from asp import scenario
from mtgasp import Engine
from mtgasp.state import GameState

ENGINE = Engine()

CARDS = {
    # real Oracle text (cards.jsonl)
    "Humility": ("Enchantment", "All creatures lose all abilities and have base power and toughness 1/1."),
    "Cursed Totem": ("Artifact", "Activated abilities of creatures can't be activated."),
    "Grizzly Bears": ("Creature — Bear", ""),
    # test cards
    "Test Mana Sword": ("Artifact — Equipment", 'Equipped creature has "{T}: Add {R}."\nEquip {1}'),
    "Test Mana Aura": ("Enchantment — Aura", 'Enchant creature\nEnchanted creature has "{T}: Add {U}."'),
    "Test Mana Lord": ("Creature — Elf", 'Other creatures you control have "{T}: Add {G}."'),
}


def state(battlefield: str, effects: str = "") -> GameState:
    return scenario(battlefield, CARDS, effects=effects)


def usable(st: GameState, player: str = "alice") -> dict[str, tuple[bool, tuple[str, ...]]]:
    return {a.object: (a.activatable, a.reasons) for a in ENGINE.mana_abilities(st, player)}


def tap_adds(st: GameState, obj: str) -> set[str]:
    return {str(o.adds_for("alice")) for o in ENGINE.tap(st, obj).outcomes}


ELVES = "- {id: elves, card: Llanowar Elves, controller: alice}\n"


def test_cr613_1f_humility_removes_a_creatures_mana_ability() -> None:
    st = state(ELVES + "- {id: humility, card: Humility, controller: bob}\n")
    assert usable(st) == {}
    assert tap_adds(st, "elves") == set()
    assert ENGINE.could_produce(st, "elves").types == ()
    # without Humility: {G}
    alone = state(ELVES)
    assert usable(alone) == {"elves": (True, ())}
    assert tap_adds(alone, "elves") == {"{G}"}


def test_cr613_7_an_ability_granted_after_humility_stays_one_granted_before_is_lost() -> None:
    # A resolved effect gives the bears Llanowar Elves' ability; Humility removes abilities
    # granted by effects with an earlier timestamp only (CR 613.7, 613.9).
    grant = "- {kind: gain_ability, object: bears, card: Llanowar Elves, ability: 1, timestamp: %d}"
    battlefield = (
        "- {id: bears, card: Grizzly Bears, controller: alice}\n"
        "- {id: humility, card: Humility, controller: bob, timestamp: 2}\n"
    )
    assert usable(state(battlefield, grant % 3)) == {"bears": (True, ())}
    assert usable(state(battlefield, grant % 1)) == {}


def test_cr613_8a_a_lords_grant_depends_on_humility_removing_the_lords_ability() -> None:
    # The lord's "Other creatures you control have ..." depends on Humility's effect (applying
    # Humility removes the ability that generates it, CR 613.8a), so Humility applies first and
    # the grant never exists, even though the lord's timestamp is later.
    st = state(
        """
        - {id: humility, card: Humility, controller: bob}
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: lord, card: Test Mana Lord, controller: alice}
        """
    )
    assert usable(st) == {}
    without = state(
        """
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: lord, card: Test Mana Lord, controller: alice}
        """
    )
    assert usable(without) == {"bears": (True, ())}


def test_cr613_1f_an_equipment_grants_its_ability_to_the_equipped_creature() -> None:
    st = state(
        """
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: other, card: Grizzly Bears, controller: alice}
        - {id: sword, card: Test Mana Sword, controller: alice, attached_to: bears}
        """
    )
    assert usable(st) == {"bears": (True, ())}
    assert tap_adds(st, "bears") == {"{R}"}
    assert ENGINE.could_produce(st, "other").types == ()


def test_cr613_1f_an_aura_grants_its_ability_to_the_enchanted_creature() -> None:
    st = state(
        """
        - {id: bears, card: Grizzly Bears, controller: alice}
        - {id: aura, card: Test Mana Aura, controller: alice, attached_to: bears}
        """
    )
    assert tap_adds(st, "bears") == {"{U}"}


def test_cr602_5_cursed_totem_prohibits_activating_a_creatures_mana_ability() -> None:
    st = state(ELVES + "- {id: totem, card: Cursed Totem, controller: bob}\n- {id: forest, card: Forest, controller: alice}\n")
    assert usable(st) == {"elves": (False, ("602.5",)), "forest": (True, ())}
    result = ENGINE.tap(st, "elves")
    assert result.outcomes == ()
    assert [(ref.card, rule) for ref, rule in result.cannot] == [("Llanowar Elves", "602.5")]


def test_cr106_7_could_produce_ignores_whether_the_ability_can_be_activated() -> None:
    # CR 106.7: the types a permanent could produce are those its abilities would produce if they
    # resolved; "ignore whether any costs of the ability could or could not be paid". Cursed
    # Totem stops the activation, not what the ability would produce: still {G}.
    st = state(ELVES + "- {id: totem, card: Cursed Totem, controller: bob}\n")
    assert ENGINE.could_produce(st, "elves").types == ("G",)
