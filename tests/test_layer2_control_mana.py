"""CR 613.1b (layer 2) in the mana questions: a permanent whose control changed is tapped for
mana, activated and counted by its new controller.

CR 106.4 / 605.3b: a mana ability's mana goes to the player who activated it; CR 602.2: only
the controller of a permanent activates its abilities; CR 110.2 + 613.1b: "You control enchanted
creature" makes the Aura's controller the creature's controller. Control Magic's Oracle text is
real (the team's card corpus).
"""

from __future__ import annotations

from asp import scenario
from mtgasp import Engine

ENGINE = Engine()
CARDS = {"Control Magic": ("Enchantment — Aura", "Enchant creature\nYou control enchanted creature.")}
STOLEN_ELVES = """
- {id: elves, card: Llanowar Elves, controller: bob}
- {id: cm, card: Control Magic, controller: alice, attached_to: elves}
- {id: forest, card: Forest, controller: bob}
"""


def test_cr613_1b_the_new_controller_gets_the_mana_of_a_stolen_creature() -> None:
    st = scenario(STOLEN_ELVES, CARDS)
    assert sorted(str(o.adds_for("alice")) for o in ENGINE.tap(st, "elves").outcomes) == ["{G}"]
    assert [str(o.adds_for("bob")) for o in ENGINE.tap(st, "elves").outcomes] == ["no mana"]


def test_cr602_2_only_the_new_controller_has_the_stolen_creatures_mana_ability() -> None:
    st = scenario(STOLEN_ELVES, CARDS)
    assert [r.object for r in ENGINE.mana_abilities(st, "alice")] == ["elves"]
    assert [r.object for r in ENGINE.mana_abilities(st, "bob")] == ["forest"]


def test_cr613_1b_pools_count_the_stolen_creature_for_its_new_controller() -> None:
    st = scenario(STOLEN_ELVES, CARDS)
    assert sorted(str(p.mana) for p in ENGINE.pools(st, "alice").pools) == ["no mana", "{G}"]
    assert sorted(str(p.mana) for p in ENGINE.pools(st, "bob").pools) == ["no mana", "{G}"]


def test_without_the_aura_the_creature_stays_with_the_controller_the_state_gives() -> None:
    st = scenario("- {id: elves, card: Llanowar Elves, controller: bob}\n", CARDS)
    assert [r.object for r in ENGINE.mana_abilities(st, "bob")] == ["elves"]
    assert ENGINE.mana_abilities(st, "alice") == ()
