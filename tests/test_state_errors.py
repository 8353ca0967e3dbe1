"""Every way a game-state file can be wrong, with the exact one-paragraph message it gets.

Each message names the file (and line, for YAML), the path of the bad field, and what was expected.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgasp.errors import (
    EngineError,
    InvalidStateError,
    StateSyntaxError,
    UnknownCardError,
    UnknownCardInStateError,
)
from mtgasp.state import load_state, loads_state

CASES = [
    pytest.param(
        "",
        InvalidStateError,
        "s.yaml: invalid game state at '(top level)': the game state is empty; it needs at least 'players:' (the players in turn order)",
        id="empty",
    ),
    pytest.param(
        "- a\n- b\n",
        InvalidStateError,
        "s.yaml:1: invalid game state at '(top level)': expected a game state (a mapping of key: value), got a list",
        id="not_a_mapping",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefeld: []\n",
        InvalidStateError,
        "s.yaml:2: invalid game state at 'battlefeld': unknown key 'battlefeld'; did you mean 'battlefield'? (a game state may have: version, notes, players, turn, active, step, priority, passed, combat_damage_step, battlefield, stack, hand, library, graveyard, exile, command, mana_pool, effects, delayed_triggers, pending_triggers, turn_memory, cards)",
        id="unknown_top_key",
    ),
    pytest.param(
        "active: alice\n",
        InvalidStateError,
        "s.yaml:1: invalid game state at 'players': missing: a game state needs 'players:' (the players in turn order)",
        id="missing_players",
    ),
    pytest.param(
        "players: []\n",
        InvalidStateError,
        "s.yaml:1: invalid game state at 'players': expected at least one player",
        id="no_players",
    ),
    pytest.param(
        "players: alice\n",
        InvalidStateError,
        "s.yaml:1: invalid game state at 'players': expected a list of players (ids, or mappings with id and life), got 'alice'",
        id="players_not_a_list",
    ),
    pytest.param(
        "players: [alice, alice]\n",
        InvalidStateError,
        "s.yaml:1: invalid game state at 'players[1]': duplicate player id 'alice' (also players[0])",
        id="duplicate_player",
    ),
    pytest.param(
        "players: [alice, {id: bob, life: many}]\n",
        InvalidStateError,
        "s.yaml:1: invalid game state at 'players[1].life': expected an integer, got 'many'",
        id="life_not_int",
    ),
    pytest.param(
        "players: [alice, {name: bob}]\n",
        InvalidStateError,
        "s.yaml:1: invalid game state at 'players[1].name': unknown key 'name'; did you mean 'id'? (a player may have: id, life, counters, drew_from_empty, lost)",
        id="player_unknown_key",
    ),
    pytest.param(
        "players: [alice, {life: 3}]\n",
        InvalidStateError,
        "s.yaml:1: invalid game state at 'players[1].id': missing: each player needs an id",
        id="player_without_id",
    ),
    pytest.param(
        "players: [no, bob]\n",
        InvalidStateError,
        "s.yaml:1: invalid game state at 'players[0]': expected a player id (a name such as 'alice') or a mapping {id, life}, got false (YAML reads unquoted yes/no/on/off/true/false as true or false: put the name in quotes)",
        id="yaml_boolean_name",
    ),
    pytest.param(
        "version: 3\nplayers: [a]\n",
        InvalidStateError,
        "s.yaml:1: invalid game state at 'version': this mtgasp reads game-state format versions 1 and 2, not 3",
        id="version",
    ),
    pytest.param(
        "players: [alice, bob]\nactive: dave\n",
        InvalidStateError,
        "s.yaml:2: invalid game state at 'active': 'dave' is not a player (players: alice, bob)",
        id="active_not_a_player",
    ),
    pytest.param(
        "players: [alice, bob]\nactive: alcie\n",
        InvalidStateError,
        "s.yaml:2: invalid game state at 'active': 'alcie' is not a player (players: alice, bob); did you mean 'alice'?",
        id="active_suggestion",
    ),
    pytest.param(
        "players: [alice, bob]\nstep: combat\n",
        InvalidStateError,
        "s.yaml:2: invalid game state at 'step': unknown step 'combat'; did you mean 'end_of_combat'? steps are: untap, upkeep, draw, precombat_main, beginning_of_combat, declare_attackers, declare_blockers, combat_damage, end_of_combat, postcombat_main, end, cleanup",
        id="step_unknown",
    ),
    pytest.param(
        "players: [alice, bob]\nstep: declare_atackers\n",
        InvalidStateError,
        "s.yaml:2: invalid game state at 'step': unknown step 'declare_atackers'; did you mean 'declare_attackers'? steps are: untap, upkeep, draw, precombat_main, beginning_of_combat, declare_attackers, declare_blockers, combat_damage, end_of_combat, postcombat_main, end, cleanup",
        id="step_typo",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {card: Forest, controller: alice}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].id': missing: each permanent needs an id (a short name such as 'elf')",
        id="permanent_without_id",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice}\n  - {id: f, card: Forest, controller: alice}\n",
        InvalidStateError,
        "s.yaml:4: invalid game state at 'battlefield[1].id': duplicate id 'f' (also battlefield[0].id)",
        id="duplicate_permanent_id",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: alice, card: Forest, controller: alice}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].id': 'alice' is already a player id; permanents and players need different ids",
        id="permanent_id_is_player",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].controller': missing: permanent 'f' needs 'controller'",
        id="missing_controller",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: dave}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].controller': 'dave' is not a player (players: alice, bob)",
        id="controller_not_a_player",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forrest, controller: alice}\n",
        UnknownCardInStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].card': unknown card 'Forrest'. Did you mean 'Forest'? Cards not in the card database can be defined in the state's 'cards:' section.",
        id="unknown_card",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice, owner: dave}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].owner': 'dave' is not a player (players: alice, bob)",
        id="owner_not_a_player",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice, taped: true}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].taped': unknown key 'taped'; did you mean 'tapped'? (a permanent may have: id, card, controller, owner, tapped, sick, token, counters, damage, attached_to, attacking, blocking, protector, chosen, timestamp, damaged_by_deathtouch, blocked, first_striker)",
        id="permanent_unknown_key",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice, tapped: 1}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].tapped': expected true or false, got 1",
        id="flag_not_bool",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice, counters: {+1/+1: two}}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].counters.+1/+1': expected a non-negative integer, got 'two'",
        id="counter_not_int",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice, counters: {+1/+1: -1}}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].counters.+1/+1': expected a non-negative integer, got -1",
        id="counter_negative",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice, counters: [1]}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].counters': expected counters by kind, e.g. {+1/+1: 2, charge: 1} (a mapping of key: value), got a list",
        id="counters_not_mapping",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice, counters: {charge counter: 1}}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].counters.charge counter': write the kind without the word 'counter': 'charge'",
        id="counter_kind_with_word",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice, damage: 1.5}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].damage': expected a non-negative integer, got 1.5",
        id="damage_not_int",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice}\n  - {id: wg, card: Wild Growth, controller: alice, attached_to: forest1}\n",
        InvalidStateError,
        "s.yaml:4: invalid game state at 'battlefield[1].attached_to': 'forest1' is not the id of a permanent (permanents: f, wg)",
        id="attached_to_unknown",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: wg, card: Wild Growth, controller: alice, attached_to: wg}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].attached_to': 'wg' refers to the permanent itself",
        id="attached_to_self",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Grizzly Bears, controller: alice, attacking: dave}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].attacking': 'dave' is neither a player nor a permanent (players: alice, bob; permanents: m)",
        id="attacking_unknown",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Grizzly Bears, controller: alice, attacking: m}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].attacking': 'm' is the attacking permanent itself",
        id="attacking_self",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Grizzly Bears, controller: alice, blocking: [x]}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].blocking[0]': 'x' is not the id of a permanent (permanents: m)",
        id="blocking_unknown",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Grizzly Bears, controller: alice, protector: dave}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].protector': 'dave' is not a player (players: alice, bob)",
        id="protector_not_a_player",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Caged Sun, controller: alice, chosen: {colour: green}}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].chosen.colour': unknown choice 'colour'; did you mean 'color'? (choices: color, mana_type, creature_type, basic_land_type, card_type, player, card_name, number)",
        id="unknown_choice",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Caged Sun, controller: alice, chosen: {color: purple}}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].chosen.color': expected a color: white, blue, black, red or green (or W, U, B, R, G), got 'purple'",
        id="bad_color",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Caged Sun, controller: alice, chosen: {card_name: Bolt}}\n",
        UnknownCardInStateError,
        "s.yaml:3: invalid game state at 'battlefield[0].chosen.card_name': unknown card 'Bolt'. Did you mean 'Lightning Bolt'? Cards not in the card database can be defined in the state's 'cards:' section.",
        id="chosen_unknown_card",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield: {f: Forest}\n",
        InvalidStateError,
        "s.yaml:2: invalid game state at 'battlefield': expected a list of permanents, got a mapping",
        id="battlefield_not_a_list",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - Forest\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'battlefield[0]': expected a permanent {id, card, controller, ...} (a mapping of key: value), got 'Forest'",
        id="permanent_not_a_mapping",
    ),
    pytest.param(
        "players: [alice, bob]\nmana_pool: {dave: {G: 1}}\n",
        InvalidStateError,
        "s.yaml:2: invalid game state at 'mana_pool.dave': 'dave' is not a player (players: alice, bob)",
        id="pool_not_a_player",
    ),
    pytest.param(
        "players: [alice, bob]\nmana_pool: {alice: {X: 1}}\n",
        InvalidStateError,
        "s.yaml:2: invalid game state at 'mana_pool.alice.X': expected a mana type W, U, B, R, G or C, got 'X'",
        id="pool_bad_mana",
    ),
    pytest.param(
        "players: [alice, bob]\nmana_pool: {alice: {G: -1}}\n",
        InvalidStateError,
        "s.yaml:2: invalid game state at 'mana_pool.alice.G': expected a non-negative integer, got -1",
        id="pool_negative",
    ),
    pytest.param(
        "players: [alice, bob]\nmana_pool: {alice: 3}\n",
        InvalidStateError,
        "s.yaml:2: invalid game state at 'mana_pool.alice': expected mana by type, e.g. {G: 2, C: 1} (a mapping of key: value), got 3",
        id="pool_not_mapping",
    ),
    pytest.param(
        "players: [alice, bob]\neffects:\n  - {object: x}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'effects[0].kind': missing: each effect needs a kind (copy, set_base_pt, modify_pt, lose_all_abilities, gain_ability, add_type, add_subtype, gain_keyword, gain_control)",
        id="effect_without_kind",
    ),
    pytest.param(
        "players: [alice, bob]\neffects:\n  - {kind: copyy, object: x}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'effects[0].kind': unknown effect kind 'copyy'; did you mean 'copy'? effect kinds are: copy, set_base_pt, modify_pt, lose_all_abilities, gain_ability, add_type, add_subtype, gain_keyword, gain_control",
        id="effect_unknown_kind",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Grizzly Bears, controller: alice}\neffects:\n  - {kind: copy, object: m}\n",
        InvalidStateError,
        "s.yaml:5: invalid game state at 'effects[0].of': missing: a copy effect needs 'of' (the name of the card it copies)",
        id="copy_without_of",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Grizzly Bears, controller: alice}\neffects:\n  - {kind: copy, object: m, of: Myr Propogator}\n",
        UnknownCardInStateError,
        "s.yaml:5: invalid game state at 'effects[0].of': unknown card 'Myr Propogator'. Did you mean 'Myr Propagator'? Cards not in the card database can be defined in the state's 'cards:' section.",
        id="copy_unknown_card",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Grizzly Bears, controller: alice}\neffects:\n  - {kind: copy, object: m, of: Clone, power: 3}\n",
        InvalidStateError,
        "s.yaml:5: invalid game state at 'effects[0].power': unknown key 'power' (a copy effect may have: kind, object, until, timestamp, source, controller, of, except)",
        id="field_of_other_kind",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Grizzly Bears, controller: alice}\neffects:\n  - {kind: set_base_pt, object: m, power: 3, toughness: x}\n",
        InvalidStateError,
        "s.yaml:5: invalid game state at 'effects[0].toughness': expected a non-negative integer, got 'x'",
        id="pt_not_int",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Grizzly Bears, controller: alice}\neffects:\n  - {kind: set_base_pt, object: m, power: 3, toughness: 1, until: eot}\n",
        InvalidStateError,
        "s.yaml:5: invalid game state at 'effects[0].until': unknown duration 'eot'; expected end_of_turn or end_of_combat (leave 'until' out for an effect that lasts indefinitely)",
        id="unknown_duration",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Grizzly Bears, controller: alice}\neffects:\n  - {kind: set_base_pt, object: z, power: 3, toughness: 1}\n",
        InvalidStateError,
        "s.yaml:5: invalid game state at 'effects[0].object': 'z' is not the id of a permanent (permanents: m)",
        id="effect_object_unknown",
    ),
    pytest.param(
        "players: [alice, bob]\nbattlefield:\n  - {id: m, card: Grizzly Bears, controller: alice}\neffects:\n  - {kind: copy, object: m, of: Clone, except: [{kind: modify_pt, power: 1, toughness: 1}]}\n",
        InvalidStateError,
        "s.yaml:5: invalid game state at 'effects[0].except[0].kind': unknown copy exception kind 'modify_pt'; copy exception kinds are: set_base_pt, gain_ability, add_type, add_subtype, gain_keyword, set_name, add_supertype, remove_supertype",
        id="bad_exception_kind",
    ),
    pytest.param(
        "players: [alice, bob]\ncards:\n  - {name: X}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'cards[0].type_line': missing: a card definition needs 'type_line'",
        id="card_without_type_line",
    ),
    pytest.param(
        "players: [alice, bob]\ncards:\n  - {name: X, type_line: Land, power: [1]}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'cards[0].power': expected a number or a string such as '*', got [1]",
        id="card_power_list",
    ),
    pytest.param(
        "players: [alice, bob]\ncards:\n  - {name: X, type_line: Land, color_indicator: purple}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'cards[0].color_indicator': expected colors among W, U, B, R, G (or white, blue, black, red, green), got 'purple'",
        id="card_bad_color_indicator",
    ),
    pytest.param(
        "players: [alice, bob]\ncards:\n  - {name: X, type_line: Land}\n  - {name: x, type_line: Land}\n",
        InvalidStateError,
        "s.yaml:4: invalid game state at 'cards[1].name': duplicate card 'x' (also cards[0])",
        id="duplicate_card",
    ),
    pytest.param(
        "players: [alice, bob]\ncards:\n  - {name: X, type_line: Land, text: foo}\n",
        InvalidStateError,
        "s.yaml:3: invalid game state at 'cards[0].text': unknown key 'text'; did you mean 'oracle_text'? (a card definition may have: name, mana_cost, type_line, oracle_text, power, toughness, loyalty, defense, color_indicator)",
        id="card_unknown_key",
    ),
    pytest.param(
        "players: [alice, bob\n",
        StateSyntaxError,
        "s.yaml: invalid game state at line 2, column 1: YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence)",
        id="yaml_unclosed",
    ),
    pytest.param(
        "players: [alice]\nplayers: [bob]\n",
        StateSyntaxError,
        "s.yaml: invalid game state at line 2, column 1: YAML syntax error: duplicate key 'players' in one mapping (first given on line 1); each key may appear once",
        id="yaml_duplicate_top_key",
    ),
    pytest.param(
        "players: [alice]\n  step: x\n",
        StateSyntaxError,
        "s.yaml: invalid game state at line 2, column 3: YAML syntax error: did not find expected key (while parsing a block mapping)",
        id="yaml_bad_indent",
    ),
    pytest.param(
        "players: [alice]\nbattlefield:\n  - {id: f, card: Forest, controller: alice, tapped: true, tapped: false}\n",
        StateSyntaxError,
        "s.yaml: invalid game state at line 3, column 60: YAML syntax error: duplicate key 'tapped' in one mapping (first given on line 3); each key may appear once",
        id="yaml_duplicate_flow_key",
    ),
]


@pytest.mark.parametrize(("text", "kind", "message"), CASES)
def test_bad_yaml_state_message(text: str, kind: type[Exception], message: str) -> None:
    with pytest.raises(EngineError) as info:
        loads_state(text, source="s.yaml")
    assert type(info.value) is kind
    assert str(info.value) == message
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            '{"players": ["a",}',
            "s.json: invalid game state at line 1, column 18: JSON syntax error: Expecting value",
            id="json_syntax",
        ),
        pytest.param(
            '{"players": ["a"], "players": ["b"]}',
            "s.json: invalid game state at (document): JSON error: duplicate key 'players' in one object; "
            "each key may appear once",
            id="json_duplicate_key",
        ),
        pytest.param(
            "[1]",
            "s.json: invalid game state at '(top level)': expected a game state (a mapping of key: value), got a list",
            id="json_not_a_mapping",
        ),
        pytest.param(
            '{"players": ["alice", "bob"], "battlefield": [{"id": "f", "card": "Forest", "controller": "dave"}]}',
            "s.json: invalid game state at 'battlefield[0].controller': 'dave' is not a player (players: alice, bob)",
            id="json_has_no_line_numbers",
        ),
    ],
)
def test_bad_json_state_message(text: str, message: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        loads_state(text, format="json", source="s.json")
    assert str(info.value) == message


def test_syntax_errors_carry_line_and_column() -> None:
    with pytest.raises(StateSyntaxError) as info:
        loads_state("players: [alice]\n  step: x\n")
    assert (info.value.line, info.value.column) == (2, 3)
    assert isinstance(info.value, InvalidStateError)


def test_invalid_state_error_carries_path_and_problem() -> None:
    with pytest.raises(InvalidStateError) as info:
        loads_state("players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: dave}\n")
    assert info.value.path == "battlefield[0].controller"
    assert info.value.problem == "'dave' is not a player (players: alice, bob)"
    assert info.value.source == "line 3"


def test_unknown_card_is_an_unknown_card_error_with_suggestions() -> None:
    with pytest.raises(UnknownCardError) as info:
        loads_state("players: [a]\nbattlefield: [{id: p, card: Reflectin Pool, controller: a}]\n")
    assert isinstance(info.value, UnknownCardInStateError)
    assert info.value.name == "Reflectin Pool"
    assert info.value.suggestions == ["Reflecting Pool", "Mana Reflection"]
    assert info.value.path == "battlefield[0].card"


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InvalidStateError) as info:
        load_state(tmp_path / "nope.yaml")
    assert str(info.value) == (
        f"{tmp_path / 'nope.yaml'}: invalid game state at '(file)': cannot read the file: No such file or directory"
    )


def test_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("players: [jos\xe9]\n".encode("latin-1"))
    with pytest.raises(StateSyntaxError) as info:
        load_state(path)
    assert str(info.value) == f"{path}: invalid game state at (document): the file is not UTF-8 text (byte 13)"


def test_file_errors_name_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: dave}\n", encoding="utf-8"
    )
    with pytest.raises(InvalidStateError) as info:
        load_state(path)
    assert str(info.value) == (
        f"{path}:3: invalid game state at 'battlefield[0].controller': 'dave' is not a player (players: alice, bob)"
    )


@pytest.mark.parametrize(
    "text",
    [
        "players: [a]\nbattlefield: [{id: f, card: Forest, controller: a, counters: {[1]: 2}}]\n",
        "players: [a]\nbattlefield: [{id: f, card: Forest, controller: a, chosen: {number: .inf}}]\n",
        "players: [a]\nmana_pool: {a: {7: 1}}\n",
        "players: [a]\nmana_pool: {[a]: {G: 1}}\n",
        "players: [a]\nstep: 5\n",
        "players: [{id: [a]}]\n",
        "players: [a]\nnotes: [x]\n",
        "players: [a]\neffects: {a: 1}\n",
        "players: [a]\neffects: [{kind: copy}]\n",
        "players: [a]\ncards: [x]\n",
        "players: [a]\ncards: [{name: 3, type_line: Land}]\n",
        "players: [a]\n\t- x\n",
        "\x00",
        "players: &a [*a]\n",
        "? [a]\n: b\n",
    ],
)
def test_odd_input_never_escapes_the_error_family(text: str) -> None:
    with pytest.raises(EngineError):
        loads_state(text)
