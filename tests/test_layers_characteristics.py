"""`mtgasp characteristics` / `Engine().characteristics`: every characteristic of a permanent
after the layers of CR 613 and the effects that set or changed each, by layer and timestamp —
and the layers it shows that the mana tests do not: color (layer 5, CR 202.2, 702.114a) and
control (layer 2, CR 613.1b). Expected values worked out by hand from the CR and the cards.
"""

from __future__ import annotations

import json

import pytest
from asp import scenario
from mtgasp import Engine
from mtgasp.cli import main

ENGINE = Engine()

CARDS = {
    # real Oracle text (cards.jsonl)
    "Humility": ("Enchantment", "All creatures lose all abilities and have base power and toughness 1/1."),
    "Glorious Anthem": ("Enchantment", "Creatures you control get +1/+1."),
    "Control Magic": ("Enchantment — Aura", "Enchant creature\nYou control enchanted creature."),
    # test cards
    "Test Devoid Elf": ("Creature — Eldrazi Elf", "Devoid\n{T}: Add {C}."),
}


def test_cr613_characteristics_of_llanowar_elves_under_humility_and_an_anthem() -> None:
    st = scenario(
        """
        - {id: elves, card: Llanowar Elves, controller: alice, counters: {+1/+1: 1}}
        - {id: humility, card: Humility, controller: bob}
        - {id: anthem, card: Glorious Anthem, controller: alice}
        """,
        CARDS,
    )
    r = ENGINE.characteristics(st, "elves")
    assert (r.card, r.controller, r.mana_cost, r.colors) == ("Llanowar Elves", "alice", ("{G}",), ("G",))
    assert (r.types, r.subtypes, r.abilities) == (("creature",), ("Druid", "Elf"), ())
    # 1/1 (Humility, 7b) + 1/1 (anthem, 7c) + 1/1 (counter, 7c)
    assert (r.power, r.toughness) == (3, 3)
    assert [(e.layer, e.change) for e in r.effects] == [
        ("6", "loses all abilities"),
        ("7b", "set power to 1"), ("7b", "set toughness to 1"),
        ("7c", "power +1"), ("7c", "toughness +1"),   # the counters (timestamp 0 sorts first)
        ("7c", "power +1"), ("7c", "toughness +1"),   # Glorious Anthem
    ]
    assert [e.source.split(":")[0] for e in r.effects if e.layer == "6"] == ["humility"]
    assert r.not_modelled == ()


def test_cr702_114a_devoid_makes_a_card_colorless_whatever_its_mana_cost() -> None:
    st = scenario("- {id: e, card: Test Devoid Elf, controller: alice}", CARDS)
    assert ENGINE.characteristics(st, "e").colors == ()


def test_cr202_2_color_comes_from_the_mana_cost() -> None:
    st = scenario("- {id: elves, card: Llanowar Elves, controller: alice}", CARDS)
    assert ENGINE.characteristics(st, "elves").colors == ("G",)


def test_cr613_1b_control_magic_changes_the_controller_in_layer_2() -> None:
    st = scenario(
        """
        - {id: elves, card: Llanowar Elves, controller: bob}
        - {id: magic, card: Control Magic, controller: alice, attached_to: elves}
        """,
        CARDS,
    )
    r = ENGINE.characteristics(st, "elves")
    assert r.controller == "alice"
    assert [(e.layer, e.change) for e in r.effects] == [("2", "controlled by alice")]


def test_characteristics_command_prints_json(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.yaml"
    path.write_text("players: [alice, bob]\nbattlefield:\n  - {id: elves, card: Llanowar Elves, controller: alice}\n")
    assert main(["characteristics", str(path), "elves", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["power"], doc["toughness"], doc["colors"], doc["effects"]) == (1, 1, ["G"], [])
    assert doc["abilities"] == [{"ability": "Llanowar Elves #1", "text": "{T}: Add {G}."}]
    assert main(["characteristics", str(path), "nobody"]) == 2
    assert "unknown permanent id 'nobody'" in capsys.readouterr().err
