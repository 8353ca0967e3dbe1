"""State format version 2: objects in every zone, the stack, turn and priority, player counters,
restricted mana, triggers and turn memory → the state facts of docs/engine-v2.md §1; and back
from facts to a state (the successor states of a transition)."""

from __future__ import annotations

from pathlib import Path

import clingo
import pytest

from mtgasp.errors import EngineError, InvalidStateError
from mtgasp.state import (
    CardObject,
    GameState,
    Hidden,
    StackObject,
    dumps_state,
    load_state,
    loads_state,
    state_from_facts,
)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml")) + sorted((ROOT / "bridge" / "data" / "examples").glob("*.yaml"))

V2 = """
version: 2
players: [alice, {id: bob, life: 17, counters: {poison: 3, energy: 0}, drew_from_empty: true}]
turn: 4
active: alice
step: precombat_main
priority: bob
passed: [alice]
battlefield:
  - {id: master, card: Master of Winds, controller: alice}
  - {id: island, card: Island, controller: alice, tapped: true}
stack:
  - {id: trig, ability: 1, source: master, controller: alice, targets: [master]}
  - {id: bolt, card: Lightning Bolt, controller: alice, targets: [bob], x: 0}
hand:
  alice: [{id: h1, card: Opt}, {id: h2, card: Island}]
  bob: {size: 7}
library:
  alice: {size: 40, top: [{id: l1, card: Forest}, {id: l2, card: Opt}]}
graveyard:
  bob: [{id: g1, card: Grizzly Bears}]
exile:
  - {id: x1, card: Llanowar Elves, owner: bob}
command:
  - {id: e1, card: Test Emblem, owner: alice}
mana_pool:
  alice: {U: 1, restricted: [{mana: C, amount: 2, spend_only: "cast(spell)"}]}
effects:
  - {kind: set_base_pt, object: master, power: 4, toughness: 1, until: end_of_turn, source: master, controller: alice}
delayed_triggers:
  - {when: end, what: 'sacrifice(obj("master"))', controller: alice}
pending_triggers:
  - {ability: 1, source: master, controller: alice}
turn_memory:
  lands_played: {alice: 1}
  spells_cast: {alice: 2, bob: 0}
  activated: [{object: master, ability: 1, times: 1}]
cards:
  - {name: Test Emblem, type_line: Emblem, oracle_text: "Creatures you control get +1/+1."}
"""

#: Every fact V2 adds to the v1 facts, written out by hand from the file above (engine-v2.md §1).
V2_NEW_FACTS = {
    'player_counter(player("bob"),"poison",3)',
    'drew_from_empty(player("bob"))',
    "turn_number(4)",
    'priority(player("bob"))',
    'passed(player("alice"))',
    'object(obj("master"))',
    'zone(obj("master"),battlefield)',
    'object(obj("island"))',
    'zone(obj("island"),battlefield)',
    'object(obj("trig"))',
    'zone(obj("trig"),stack)',
    'stack_position(obj("trig"),1)',
    'controller(obj("trig"),player("alice"))',
    'owner(obj("trig"),player("alice"))',
    'stack_ability(obj("trig"),ab(card("Master of Winds"),1),obj("master"))',
    'spell_target(obj("trig"),1,obj("master"))',
    'object(obj("bolt"))',
    'zone(obj("bolt"),stack)',
    'stack_position(obj("bolt"),2)',
    'controller(obj("bolt"),player("alice"))',
    'owner(obj("bolt"),player("alice"))',
    'card_of(obj("bolt"),card("Lightning Bolt"))',
    'spell_target(obj("bolt"),1,player("bob"))',
    'spell_x(obj("bolt"),0)',
    'hand_size(player("alice"),2)',
    'object(obj("h1"))',
    'zone(obj("h1"),hand(player("alice")))',
    'card_of(obj("h1"),card("Opt"))',
    'owner(obj("h1"),player("alice"))',
    'object(obj("h2"))',
    'zone(obj("h2"),hand(player("alice")))',
    'card_of(obj("h2"),card("Island"))',
    'owner(obj("h2"),player("alice"))',
    'hand_size(player("bob"),7)',
    'library_size(player("alice"),40)',
    'object(obj("l1"))',
    'zone(obj("l1"),library(player("alice")))',
    'card_of(obj("l1"),card("Forest"))',
    'owner(obj("l1"),player("alice"))',
    'library_position(obj("l1"),1)',
    'object(obj("l2"))',
    'zone(obj("l2"),library(player("alice")))',
    'card_of(obj("l2"),card("Opt"))',
    'owner(obj("l2"),player("alice"))',
    'library_position(obj("l2"),2)',
    'object(obj("g1"))',
    'zone(obj("g1"),graveyard(player("bob")))',
    'card_of(obj("g1"),card("Grizzly Bears"))',
    'owner(obj("g1"),player("bob"))',
    'object(obj("x1"))',
    'zone(obj("x1"),exile)',
    'card_of(obj("x1"),card("Llanowar Elves"))',
    'owner(obj("x1"),player("bob"))',
    'object(obj("e1"))',
    'zone(obj("e1"),command)',
    'card_of(obj("e1"),card("Test Emblem"))',
    'owner(obj("e1"),player("alice"))',
    'mana_pool_restricted(player("alice"),c,2,cast(spell))',
    'resolved_effect_controller(eff(1),player("alice"))',
    'delayed_trigger(dt(1),at(end),sacrifice(obj("master")),player("alice"))',
    'pending_trigger(tg(1),ab(card("Master of Winds"),1),obj("master"),player("alice"))',
    'lands_played(player("alice"),1)',
    'cast_this_turn(player("alice"),2)',
    'activated_this_turn(obj("master"),ab(card("Master of Winds"),1),1)',
}

#: The v1 facts of V2 (what a version 1 reader gave for its battlefield, players and effects).
V1_FACTS = {
    'player(player("alice"))',
    'turn_position(player("alice"),1)',
    'life(player("alice"),20)',
    'player(player("bob"))',
    'turn_position(player("bob"),2)',
    'life(player("bob"),17)',
    'active_player(player("alice"))',
    "step(precombat_main)",
    'permanent(obj("master"))',
    'card_of(obj("master"),card("Master of Winds"))',
    'controller(obj("master"),player("alice"))',
    'owner(obj("master"),player("alice"))',
    'timestamp(obj("master"),1)',
    'permanent(obj("island"))',
    'card_of(obj("island"),card("Island"))',
    'controller(obj("island"),player("alice"))',
    'owner(obj("island"),player("alice"))',
    'tapped(obj("island"))',
    'timestamp(obj("island"),2)',
    'mana_pool(player("alice"),u,1)',
    'resolved_effect(eff(1),obj("master"),set_base_pt(4,1))',
    "resolved_effect_timestamp(eff(1),3)",
    "resolved_effect_until(eff(1),end_of_turn)",
    'resolved_effect_source(eff(1),obj("master"))',
}


def strs(state: GameState) -> list[str]:
    return [str(f) for f in state.facts()]


def test_engine_v2_section_1_facts_of_every_zone() -> None:
    facts = strs(loads_state(V2))
    assert len(facts) == len(set(facts))
    assert set(facts) == V1_FACTS | V2_NEW_FACTS


def test_zero_counts_emit_nothing_and_unknown_zones_emit_no_size() -> None:
    facts = set(strs(loads_state(V2)))
    assert 'player_counter(player("bob"),"energy",0)' not in facts
    assert not any(f.startswith('cast_this_turn(player("bob")') for f in facts)
    assert not any(f.startswith(("library_size(player(\"bob\")", 'hand_size(player("carol")')) for f in facts)


def test_v1_file_gets_defaults_priority_to_active_and_no_turn_number() -> None:
    state = loads_state("players: [a, b]\nactive: b\n")
    facts = set(strs(state))
    assert 'priority(player("b"))' in facts
    assert not any(f.startswith(("turn_number", "library_size", "hand_size", "passed")) for f in facts)


def test_model_of_the_stack_and_hidden_zones() -> None:
    state = loads_state(V2)
    assert state.stack[0] == StackObject(
        "trig", "alice", card="Master of Winds", ability=1, source="master", targets=("master",)
    )
    assert state.stack[1].is_ability is False
    assert state.hands["bob"] == Hidden(7)
    assert state.libraries["alice"].cards[0] == CardObject("l1", "Forest", "alice")
    assert state.zone_of("g1") == ("graveyard", "bob")
    assert state.object("x1").owner == "bob"
    assert state.priority_player == "bob"
    assert state.card_names()[:3] == ("Master of Winds", "Island", "Lightning Bolt")


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_v2_round_trips_through_text(fmt: str) -> None:
    state = loads_state(V2)
    again = loads_state(dumps_state(state, format=fmt), format=fmt)
    assert again == state
    assert set(strs(again)) == set(strs(state))


def test_a_version_1_file_is_written_back_as_version_2() -> None:
    state = loads_state("version: 1\nplayers: [a]\n")
    assert state.to_dict()["version"] == 2
    assert dumps_state(state).startswith("version: 2\n")


# ---------------------------------------------------------------------------------------------
# Facts -> state (successor states, docs/engine-v2.md §3)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_state_from_facts_gives_the_same_facts_for_every_example(path: Path) -> None:
    state = load_state(path)
    rebuilt = state_from_facts(state.facts(), state)
    assert set(strs(rebuilt)) == set(strs(state))
    assert set(strs(loads_state(dumps_state(rebuilt)))) == set(strs(state))


def test_state_from_facts_of_a_v2_state() -> None:
    state = loads_state(V2)
    rebuilt = state_from_facts(state.facts(), state)
    assert set(strs(rebuilt)) == set(strs(state))
    assert rebuilt.stack == state.stack
    assert rebuilt.hands == state.hands and rebuilt.libraries == state.libraries
    assert rebuilt.cards == state.cards


def test_state_from_facts_applies_a_change_a_transition_made() -> None:
    # The successor of "alice draws": l1 moves from the top of her library to her hand.
    state = loads_state(V2)
    facts = set(state.facts())
    P = clingo.parse_term
    gone = {P('zone(obj("l1"),library(player("alice")))'), P('library_position(obj("l1"),1)'),
            P('library_position(obj("l2"),2)'), P('library_size(player("alice"),40)'),
            P('hand_size(player("alice"),2)')}  # fmt: skip
    added = {P('zone(obj("l1"),hand(player("alice")))'), P('library_position(obj("l2"),1)'),
             P('library_size(player("alice"),39)'), P('hand_size(player("alice"),3)')}  # fmt: skip
    successor = state_from_facts((facts - gone) | added, state)
    assert successor.hands["alice"] == Hidden(
        3, (CardObject("h1", "Opt", "alice"), CardObject("h2", "Island", "alice"), CardObject("l1", "Forest", "alice"))
    )
    assert successor.libraries["alice"] == Hidden(39, (CardObject("l2", "Opt", "alice"),))
    assert "  alice:\n  - {id: h1, card: Opt}" in dumps_state(successor) or "alice: [{id: h1" in dumps_state(successor)


def test_state_from_facts_refuses_what_is_not_a_state_fact() -> None:
    with pytest.raises(InvalidStateError, match=r"not state facts .*could_produce\(obj\(\"f\"\),g\)"):
        state_from_facts([clingo.parse_term('player(player("a"))'), clingo.parse_term('could_produce(obj("f"),g)')])


# ---------------------------------------------------------------------------------------------
# Errors in the version-2 fields
# ---------------------------------------------------------------------------------------------

ERRORS = [
    ("turn: 0\n", "'turn': expected a positive integer, got 0"),
    ("priority: dave\n", "'priority': 'dave' is not a player (players: a, b)"),
    ("passed: [a, a]\n", "'passed': lists the same player twice"),
    ("hand: {a: [{id: h, card: Forrest}]}\n", "'hand.a[0].card': unknown card 'Forrest'"),
    ("hand: {a: {size: 1, cards: [{id: h, card: Opt}, {id: i, card: Opt}]}}\n",
     "'hand.a.size': the hand holds at least the 2 cards listed, not 1"),
    ("library: {a: {top: []}}\n", "'library.a.size': missing: a library given as a mapping needs 'size'"),
    ("library: {a: {size: -1}}\n", "'library.a.size': expected a non-negative integer, got -1"),
    ("library: {a: {size: 3, bottom: []}}\n", "'library.a.bottom': unknown key 'bottom'"),
    ("exile: [{id: x, card: Opt}]\n", "'exile[0].owner': missing: card 'x' needs 'owner'"),
    ("graveyard: {a: [{id: a, card: Opt}]}\n", "'graveyard.a[0].id': 'a' is already a player id"),
    ("graveyard: {a: [{id: g, card: Opt}]}\nexile: [{id: g, card: Opt, owner: b}]\n",
     "'exile[0].id': duplicate id 'g' (also graveyard.a[0].id)"),
    ("stack: [{id: s, card: Opt}]\n", "'stack[0].controller': missing: 's' on the stack needs 'controller'"),
    ("stack: [{id: s, controller: a}]\n", "'stack[0].card': missing: spell 's' needs 'card'"),
    ("stack: [{id: s, ability: 1, controller: a}]\n", "'stack[0].source': missing: ability 's' needs 'source'"),
    ("stack: [{id: s, card: Opt, controller: a, targets: [zed]}]\n",
     "'stack[0].targets[0]': 'zed' is neither a player nor an object of the state"),
    ("stack: [{id: s, card: Opt, controller: a, modes: [0]}]\n", "'stack[0].modes[0]': expected a positive integer, got 0"),
    ("mana_pool: {a: {restricted: [{mana: Q, amount: 1, spend_only: x}]}}\n",
     "'mana_pool.a.restricted[0].mana': expected a mana type W, U, B, R, G or C, got 'Q'"),
    ("mana_pool: {a: {restricted: [{mana: G, amount: 1, spend_only: 'f(('}]}}\n",
     "'mana_pool.a.restricted[0].spend_only': expected a spending restriction as an ASP term, got 'f((' (not an ASP term)"),
    ("delayed_triggers: [{when: end, what: x}]\n", "'delayed_triggers[0].controller': missing: a delayed trigger needs 'controller'"),
    ("turn_memory: {spells: {a: 1}}\n", "'turn_memory.spells': unknown key 'spells'; did you mean 'spells_cast'?"),
    ("turn_memory: {lands_played: {a: -1}}\n", "'turn_memory.lands_played.a': expected a non-negative integer, got -1"),
]  # fmt: skip


@pytest.mark.parametrize(("extra", "fragment"), ERRORS, ids=[e[1].split("'")[1] for e in ERRORS])
def test_v2_field_errors_name_the_path(extra: str, fragment: str) -> None:
    with pytest.raises(EngineError) as info:
        loads_state("players: [a, b]\n" + extra, source="s.yaml")
    message = str(info.value)
    assert fragment in message
    assert "\n" not in message


def test_state_from_facts_names_an_object_the_rules_created_by_its_term() -> None:
    # docs/engine-v2.md §3a: a trigger put on the stack is obj(tg(I)); saved, its id is "tg(1)".
    state = loads_state("players: [a]\nbattlefield: [{id: m, card: Master of Winds, controller: a}]\n")
    P = clingo.parse_term
    facts = set(state.facts()) | {
        P("object(obj(tg(1)))"), P("zone(obj(tg(1)),stack)"), P("stack_position(obj(tg(1)),1)"),
        P('controller(obj(tg(1)),player("a"))'), P('owner(obj(tg(1)),player("a"))'),
        P('stack_ability(obj(tg(1)),ab(card("Master of Winds"),1),obj("m"))'),
    }  # fmt: skip
    successor = state_from_facts(facts, state)
    assert successor.stack == (StackObject("tg(1)", "a", card="Master of Winds", ability=1, source="m"),)
    assert loads_state(dumps_state(successor)) == successor
    with pytest.raises(InvalidStateError, match="would both get the id 'tg\\(1\\)'"):
        state_from_facts(facts | {P('object(obj("tg(1)"))')}, state)


def test_lost_players_and_deathtouch_damage_round_trip() -> None:
    state = loads_state(
        "players: [a, {id: b, lost: true}]\n"
        "battlefield: [{id: c, card: Grizzly Bears, controller: a, damage: 1, damaged_by_deathtouch: true}]\n"
    )
    facts = set(strs(state))
    assert {'lost(player("b"))', 'damaged_by_deathtouch(obj("c"))'} <= facts
    assert set(strs(state_from_facts(state.facts(), state))) == facts
    assert loads_state(dumps_state(state)) == state


def test_apply_out_writes_successors_that_load_with_the_states_own_cards(tmp_path: Path) -> None:
    # A successor written by `apply --out` keeps the state's cards: (its base), so it loads again.
    from click.testing import CliRunner

    from mtgasp.cli import cli

    start = tmp_path / "s.yaml"
    start.write_text(
        "players: [a, b]\nturn: 2\nhand:\n  a: [{id: h, card: Test Land}]\nlibrary: {a: {size: 9}}\n"
        'cards: [{name: Test Land, type_line: Land, oracle_text: "{T}: Add {G}."}]\n',
        encoding="utf-8",
    )
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["apply", str(start), "play:h", "--out", str(out)])
    assert result.exit_code == 0, result.output
    (written,) = sorted(out.glob("*.yaml"))
    successor = load_state(written)
    assert successor.battlefield[0].id == "h" and successor.battlefield[0].card == "Test Land"
    assert successor.hands["a"] == Hidden(0) and successor.libraries["a"] == Hidden(9)
    assert successor.lands_played == {"a": 1} and successor.turn == 2
    assert [c.name for c in successor.cards] == ["Test Land"]


def test_cr117_3a_priority_written_as_the_active_player_round_trips_equal() -> None:
    # CR 117.3a: the active player receives priority by default, so naming them is the default.
    state = loads_state("version: 2\nplayers: [alice, bob]\npriority: alice\n")
    assert state.priority_player == "alice"
    assert loads_state(dumps_state(state)) == state
    assert loads_state(dumps_state(loads_state("version: 2\nplayers: [alice, bob]\npriority: bob\n"))).priority == "bob"


def test_a_small_state_written_as_yaml_reads_back_as_yaml() -> None:
    # A state small enough for one flow mapping was written as "{version: 2, ...}", which reads as JSON.
    state = loads_state("players: [alice, bob]\n")
    text = dumps_state(state)
    assert not text.startswith("{")
    assert loads_state(text) == state
