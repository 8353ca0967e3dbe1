"""What the rules cannot work out is said, never guessed, and never hides the rest of an answer."""

from __future__ import annotations

from mtgasp import Engine, Mana, loads_state

ENGINE = Engine()

ALCHEMIST = """
players: [alice, bob]
battlefield:
  - {id: x, card: Test Alchemist, controller: alice}
  - {id: forest, card: Forest, controller: alice}
cards:
  - name: Test Alchemist
    type_line: Creature — Elf Druid
    power: "2"
    toughness: "5"
    oracle_text: |-
      {T}: Add one mana of any color.
      {T}: Add X mana of any one color, where X is the amount of life you gained this turn.
"""


def test_an_ability_with_an_unknown_amount_is_reported_and_the_rest_still_answers() -> None:
    st = loads_state(ALCHEMIST)
    reports = {(r.object, r.ability.index): r for r in ENGINE.mana_abilities(st, "alice")}
    assert (reports[("x", (1,))].modelled, len(reports[("x", (1,))].could_add)) == (True, 5)
    assert (reports[("x", (2,))].modelled, reports[("x", (2,))].could_add) == (False, ())
    assert reports[("forest", ())].could_add == (Mana(G=1),)
    r = ENGINE.tap(st, "x")
    assert sorted({o.ability.index for o in r.outcomes}) == [(1,)]
    assert any("cannot work out" in n for n in r.notes)


def test_cr106_5_command_tower_without_a_commander_produces_no_mana() -> None:
    st = loads_state(
        "players: [alice, bob]\nbattlefield:\n  - {id: tower, card: Command Tower, controller: alice}\n"
    )
    [outcome] = ENGINE.tap(st, "tower").outcomes
    assert (outcome.adds, "106.5" in outcome.rules) == ((), True)
