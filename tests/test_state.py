"""Game-state files → GameState → state facts (docs/facts.md, "State facts"); saving back."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import yaml

from mtgasp.cards import Card, CardDatabase
from mtgasp.errors import UnknownCardError, UnknownObjectError
from mtgasp.state import (
    Change,
    Effect,
    FrozenDict,
    GameState,
    Permanent,
    Player,
    dump_state,
    dumps_state,
    load_state,
    loads_state,
    state_from_dict,
)


def facts(state: GameState, db: CardDatabase | None = None) -> list[str]:
    return sorted(str(f) for f in state.facts(db))


# ---------------------------------------------------------------------------------------------
# Exact facts
# ---------------------------------------------------------------------------------------------

MINIMAL = "players: [alice, bob]\n"


def test_minimal_state_defaults_active_step_and_life() -> None:
    state = loads_state(MINIMAL)
    assert state == GameState(players=(Player("alice"), Player("bob")), active="alice")
    assert facts(state) == [
        'active_player(player("alice"))',
        'life(player("alice"),20)',
        'life(player("bob"),20)',
        'player(player("alice"))',
        'player(player("bob"))',
        'priority(player("alice"))',
        "step(precombat_main)",
        'turn_position(player("alice"),1)',
        'turn_position(player("bob"),2)',
    ]


def test_one_permanent_with_every_flag() -> None:
    state = loads_state(
        """
        players: [alice, {id: bob, life: 7}]
        active: bob
        step: declare_blockers
        battlefield:
          - {id: t1, card: Grizzly Bears, controller: bob, owner: alice, token: true, tapped: true,
             sick: true, counters: {+1/+1: 1, charge: 0}, damage: 1, attacking: alice}
        """
    )
    assert facts(state) == [
        'active_player(player("bob"))',
        'attacking(obj("t1"),player("alice"))',
        'card_of(obj("t1"),card("Grizzly Bears"))',
        'controller(obj("t1"),player("bob"))',
        'counter(obj("t1"),"+1/+1",1)',
        'damage(obj("t1"),1)',
        'life(player("alice"),20)',
        'life(player("bob"),7)',
        'object(obj("t1"))',
        'owner(obj("t1"),player("alice"))',
        'permanent(obj("t1"))',
        'player(player("alice"))',
        'player(player("bob"))',
        'priority(player("bob"))',
        "step(declare_blockers)",
        'summoning_sick(obj("t1"))',
        'tapped(obj("t1"))',
        'timestamp(obj("t1"),1)',
        'token(obj("t1"))',
        'turn_position(player("alice"),1)',
        'turn_position(player("bob"),2)',
        'zone(obj("t1"),battlefield)',
    ]


def test_owner_defaults_to_controller_and_false_flags_emit_nothing() -> None:
    state = loads_state(MINIMAL + "battlefield: [{id: f, card: Forest, controller: bob, tapped: false}]\n")
    assert [f for f in facts(state) if 'obj("f")' in f] == [
        'card_of(obj("f"),card("Forest"))',
        'controller(obj("f"),player("bob"))',
        'object(obj("f"))',
        'owner(obj("f"),player("bob"))',
        'permanent(obj("f"))',
        'timestamp(obj("f"),1)',
        'zone(obj("f"),battlefield)',
    ]


def test_references_chosen_protector_blocking_and_mana_pool() -> None:
    state = loads_state(
        """
        players: [alice, bob, carol]
        step: declare_blockers
        battlefield:
          - {id: forest1, card: Forest, controller: alice}
          - {id: wg, card: Wild Growth, controller: alice, attached_to: forest1}
          - {id: orb, card: Caged Sun, controller: alice, chosen: {color: Green}}
          - {id: m, card: "The Master, Multiplied", controller: alice, attacking: siege}
          - {id: siege, card: Invasion of Kaladesh, controller: bob, protector: carol, counters: {defense: 4}}
          - {id: wall, card: Grizzly Bears, controller: carol, blocking: m}
        mana_pool: {alice: {G: 2, c: 1, W: 0}, bob: {}}
        """
    )
    keep = ("attached_to", "chosen", "attacking", "protector", "blocking", "mana_pool", "counter")
    assert [f for f in facts(state) if f.startswith(keep)] == [
        'attached_to(obj("wg"),obj("forest1"))',
        'attacking(obj("m"),obj("siege"))',
        'blocking(obj("wall"),obj("m"))',
        'chosen(obj("orb"),color,g)',
        'counter(obj("siege"),"defense",4)',
        'mana_pool(player("alice"),c,1)',
        'mana_pool(player("alice"),g,2)',
        'protector(obj("siege"),player("carol"))',
    ]


@pytest.mark.parametrize(
    ("choice", "fact"),
    [
        ("{color: W}", 'chosen(obj("o"),color,w)'),
        ("{mana_type: c}", 'chosen(obj("o"),mana_type,c)'),
        ("{creature_type: Time Lord}", 'chosen(obj("o"),creature_type,"Time Lord")'),
        ("{basic_land_type: forest}", 'chosen(obj("o"),basic_land_type,"Forest")'),
        ("{card_type: Artifact}", 'chosen(obj("o"),card_type,artifact)'),
        ("{player: bob}", 'chosen(obj("o"),player,player("bob"))'),
        ("{card_name: lightning bolt}", 'chosen(obj("o"),card_name,card("Lightning Bolt"))'),
        ("{number: 3}", 'chosen(obj("o"),number,3)'),
    ],
)
def test_chosen_values_become_typed_terms(choice: str, fact: str) -> None:
    state = loads_state(MINIMAL + f"battlefield: [{{id: o, card: Caged Sun, controller: alice, chosen: {choice}}}]\n")
    assert [f for f in facts(state) if f.startswith("chosen")] == [fact]


def test_effects_and_timestamp_ranks() -> None:
    state = loads_state(
        """
        players: [alice, bob]
        battlefield:
          - {id: t1, card: Grizzly Bears, controller: bob, token: true}
          - {id: m, card: Master of Winds, controller: alice}
          - {id: puca, card: Cemetery Puca, controller: alice, timestamp: 4}
        effects:
          - {kind: copy, object: t1, of: Myr Propagator, until: end_of_turn, timestamp: 3}
          - {kind: set_base_pt, object: m, power: 4, toughness: 1, until: end_of_turn, timestamp: 5, source: m}
          - kind: copy
            object: puca
            of: Grizzly Bears
            except: [{kind: gain_ability, card: Cemetery Puca, ability: 1}, {kind: add_type, type: artifact}]
          - {kind: modify_pt, object: m, power: -1, toughness: 2, until: end_of_combat}
          - {kind: lose_all_abilities, object: t1, timestamp: 4}
          - {kind: add_subtype, object: t1, subtype: Myr}
        """
    )
    assert [f for f in facts(state) if f.startswith(("resolved_effect", "timestamp"))] == [
        'resolved_effect(eff(1),obj("t1"),copy(card("Myr Propagator")))',
        'resolved_effect(eff(2),obj("m"),set_base_pt(4,1))',
        'resolved_effect(eff(3),obj("puca"),copy(card("Grizzly Bears")))',
        'resolved_effect(eff(4),obj("m"),modify_pt(-1,2))',
        'resolved_effect(eff(5),obj("t1"),lose_all_abilities)',
        'resolved_effect(eff(6),obj("t1"),add_subtype("Myr"))',
        "resolved_effect_except(eff(3),add_type(artifact))",
        'resolved_effect_except(eff(3),gain_ability(ab(card("Cemetery Puca"),1)))',
        'resolved_effect_source(eff(2),obj("m"))',
        # order: t1 (0), m (0), eff3 (0), eff4 (0), eff6 (0), eff1 (3), puca (4), eff5 (4), eff2 (5)
        "resolved_effect_timestamp(eff(1),6)",
        "resolved_effect_timestamp(eff(2),9)",
        "resolved_effect_timestamp(eff(3),3)",
        "resolved_effect_timestamp(eff(4),4)",
        "resolved_effect_timestamp(eff(5),8)",
        "resolved_effect_timestamp(eff(6),5)",
        "resolved_effect_until(eff(1),end_of_turn)",
        "resolved_effect_until(eff(2),end_of_turn)",
        "resolved_effect_until(eff(4),end_of_combat)",
        'timestamp(obj("m"),2)',
        'timestamp(obj("puca"),7)',
        'timestamp(obj("t1"),1)',
    ]


def test_facts_come_in_a_fixed_readable_order() -> None:
    state = loads_state(MINIMAL + "battlefield: [{id: f, card: Forest, controller: alice}]\n")
    assert [str(f) for f in state.facts()][:5] == [
        'player(player("alice"))',
        'turn_position(player("alice"),1)',
        'life(player("alice"),20)',
        'player(player("bob"))',
        'turn_position(player("bob"),2)',
    ]
    assert state.to_asp().splitlines()[-1] == 'timestamp(obj("f"),1).'


# ---------------------------------------------------------------------------------------------
# Names: cards, steps
# ---------------------------------------------------------------------------------------------


def test_card_names_are_resolved_to_their_oracle_spelling() -> None:
    state = loads_state(MINIMAL + "battlefield: [{id: c, card: gaea’s cradle, controller: alice}]\n")
    assert state.battlefield[0].card == "Gaea's Cradle"
    assert 'card_of(obj("c"),card("Gaea\'s Cradle"))' in facts(state)


@pytest.mark.parametrize(
    ("written", "step"),
    [
        ("precombat_main", "precombat_main"),
        ("Declare Attackers", "declare_attackers"),
        ("declare-blockers step", "declare_blockers"),
        ("first main", "precombat_main"),
        ("main2", "postcombat_main"),
        ("end step", "end"),
        ("cleanup", "cleanup"),
    ],
)
def test_step_names_are_normalised(written: str, step: str) -> None:
    assert loads_state(MINIMAL + f"step: {written}\n").step == step


def test_integer_ids_are_read_as_strings() -> None:
    state = loads_state("players: [1, 2]\nbattlefield: [{id: 10, card: Forest, controller: 1}]\n")
    assert state.player_ids == ("1", "2")
    assert state.battlefield[0] == Permanent("10", "Forest", "1")


def test_state_cards_section_defines_new_cards() -> None:
    state = loads_state(
        """
        players: [alice]
        battlefield: [{id: t, card: test land, controller: alice}]
        cards:
          - {name: Test Land, type_line: Land - Locus, oracle_text: "{T}: Add {G}."}
        """
    )
    assert state.cards == (Card("Test Land", type_line="Land — Locus", oracle_text="{T}: Add {G}."),)
    assert 'card_of(obj("t"),card("Test Land"))' in facts(state)
    assert "Test Land" not in CardDatabase.default()  # the state never changes the database


def test_state_cards_section_replaces_a_database_card() -> None:
    text = """
    players: [alice]
    battlefield: [{id: f, card: Forest, controller: alice}]
    cards: [{name: Forest, type_line: Basic Land — Forest, oracle_text: "{T}: Add {G}{G}."}]
    """
    state = loads_state(text)
    assert state.database().get("Forest").oracle_text == "{T}: Add {G}{G}."


def test_a_custom_database_is_used_for_names() -> None:
    db = CardDatabase([Card("Only Card", type_line="Land")])
    state = loads_state("players: [a]\nbattlefield: [{id: x, card: only card, controller: a}]\n", db=db)
    assert 'card_of(obj("x"),card("Only Card"))' in facts(state, db)
    with pytest.raises(UnknownCardError):
        loads_state("players: [a]\nbattlefield: [{id: x, card: Forest, controller: a}]\n", db=db)


def test_facts_with_a_database_missing_a_card_names_the_path() -> None:
    state = loads_state(MINIMAL + "battlefield: [{id: f, card: Forest, controller: alice}]\n")
    with pytest.raises(UnknownCardError) as info:
        state.facts(CardDatabase([Card("Forests", type_line="Land")]))
    assert str(info.value) == (
        "invalid game state at 'battlefield[0].card': unknown card 'Forest'. Did you mean 'Forests'? "
        "Cards not in the card database can be defined in the state's 'cards:' section."
    )


# ---------------------------------------------------------------------------------------------
# Access helpers
# ---------------------------------------------------------------------------------------------


def test_lookup_helpers() -> None:
    state = loads_state("players: [a, b, c]\nactive: b\nbattlefield: [{id: f, card: Forest, controller: a}]\n")
    assert state.player("b") == Player("b")
    assert state.permanent("f").controller == "a"
    assert state.opponents("b") == ("c", "a")
    with pytest.raises(UnknownObjectError, match="unknown permanent id 'g'; the state has: f"):
        state.permanent("g")
    with pytest.raises(UnknownObjectError, match="unknown player id 'd'; the state has: a, b, c"):
        state.player("d")


def test_card_names_lists_every_card_the_state_refers_to() -> None:
    state = loads_state(
        """
        players: [a]
        battlefield: [{id: p, card: Cemetery Puca, controller: a}, {id: q, card: Cemetery Puca, controller: a}]
        effects:
          - {kind: copy, object: p, of: Myr Propagator, except: [{kind: gain_ability, card: Clone, ability: 1}]}
        cards: [{name: Extra, type_line: Land}]
        """
    )
    assert state.card_names() == ("Cemetery Puca", "Myr Propagator", "Clone", "Extra")


def test_state_is_frozen_and_hashable() -> None:
    state = loads_state(MINIMAL + "battlefield: [{id: f, card: Forest, controller: alice, counters: {a: 1}}]\n")
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.step = "end"  # type: ignore[misc]
    assert hash(state) == hash(loads_state(dumps_state(state)))
    assert state.battlefield[0].counters == FrozenDict({"a": 1}) == {"a": 1}


# ---------------------------------------------------------------------------------------------
# YAML and JSON, saving, round trips
# ---------------------------------------------------------------------------------------------

FULL = """
notes: every field at least once
players: [alice, {id: bob, life: 3}, carol]
active: bob
step: combat_damage
battlefield:
  - {id: forest1, card: Forest, controller: alice, owner: carol, tapped: true, timestamp: 2}
  - {id: wg, card: Wild Growth, controller: alice, attached_to: forest1}
  - {id: m, card: "The Master, Multiplied", controller: bob, attacking: alice, sick: true}
  - {id: t, card: Test Token, controller: bob, token: true, attacking: jace, counters: {+1/+1: 2}, damage: 1}
  - {id: jace, card: Jace Beleren, controller: alice, counters: {loyalty: 3}}
  - {id: b, card: Grizzly Bears, controller: alice, blocking: [m, t]}
  - {id: orb, card: Caged Sun, controller: carol, chosen: {color: green, number: 2}}
  - {id: siege, card: Invasion of Kaladesh, controller: alice, protector: bob}
mana_pool: {alice: {G: 2}, carol: {C: 1}}
effects:
  - {kind: copy, object: t, of: Myr Propagator, until: end_of_turn, timestamp: 3,
     except: [{kind: set_base_pt, power: 0, toughness: 1}, {kind: add_subtype, subtype: Elf}]}
  - {kind: set_base_pt, object: m, power: 4, toughness: 1, until: end_of_turn, source: m}
  - {kind: gain_ability, object: b, card: Birds of Paradise, ability: 1}
cards:
  - name: Test Token
    type_line: Artifact Creature — Myr
    oracle_text: |-
      Flying
      {T}: Add {C}.
    power: 1
    toughness: "*"
    color_indicator: [G, W]
"""


def test_yaml_and_json_give_the_same_state() -> None:
    from_yaml = loads_state(FULL)
    as_json = json.dumps(yaml.safe_load(FULL))
    assert loads_state(as_json) == from_yaml
    assert loads_state(as_json, format="json") == from_yaml


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_round_trip_through_text(fmt: str) -> None:
    state = loads_state(FULL)
    assert loads_state(dumps_state(state, format=fmt), format=fmt) == state
    assert state_from_dict(state.to_dict()) == state


@pytest.mark.parametrize("suffix", [".yaml", ".yml", ".json"])
def test_round_trip_through_files(tmp_path: Path, suffix: str) -> None:
    state = loads_state(FULL)
    path = tmp_path / f"saved{suffix}"
    dump_state(state, path)
    assert load_state(path) == state
    if suffix == ".json":
        assert json.loads(path.read_text(encoding="utf-8"))["players"][1] == {"id": "bob", "life": 3}


def test_to_dict_leaves_defaults_out() -> None:
    state = loads_state(
        MINIMAL + "battlefield: [{id: f, card: forest, controller: alice, owner: alice, tapped: false}]\n"
    )
    assert state.to_dict() == {
        "version": 2,
        "players": ["alice", "bob"],
        "active": "alice",
        "step": "precombat_main",
        "battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}],
    }


def test_saved_yaml_reads_like_a_hand_written_file() -> None:
    state = loads_state(
        MINIMAL
        + "battlefield: [{id: f, card: Forest, controller: alice, counters: {+1/+1: 1}}]\n"
        + 'cards: [{name: X, type_line: Land, oracle_text: "a\\nb"}]\n'
    )
    assert dumps_state(state) == (
        "version: 2\n"
        "players: [alice, bob]\n"
        "active: alice\n"
        "step: precombat_main\n"
        "battlefield:\n"
        "- {id: f, card: Forest, controller: alice, counters: {+1/+1: 1}}\n"
        "cards:\n"
        "- name: X\n"
        "  type_line: Land\n"
        "  oracle_text: |-\n"
        "    a\n"
        "    b\n"
    )


def test_a_state_built_in_code_round_trips_and_validates() -> None:
    state = GameState(
        players=(Player("a"), Player("b", life=12)),
        active="b",
        step="end",
        battlefield=(Permanent("f", "Forest", "a", tapped=True),),
        effects=(Effect("f", Change("add_type", type="creature"), until="end_of_turn"),),
    )
    assert state.battlefield[0].owner == "a"
    assert state.validate() == state
    derived = dataclasses.replace(state, step="cleanup")
    assert loads_state(dumps_state(derived)) == derived


def test_load_state_reads_files_by_suffix(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text('{"players": ["a"]}', encoding="utf-8")
    (tmp_path / "s.yml").write_text("\ufeffplayers: [a]  # a BOM and a comment\n", encoding="utf-8")
    assert load_state(tmp_path / "s.json") == load_state(tmp_path / "s.yml")
