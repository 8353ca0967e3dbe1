"""CR 603.10a, 608.2h, 707.9b: what a "whenever a creature dies" trigger remembers of the creature
(its event, and its copiable values as it last existed) is part of the state, so a line of play
can be saved to state files and resumed between any two steps (`apply --out`, then `apply` on the
saved file) with the same results as in one go.

Cemetery Puca (its Oracle text as a state card): "Whenever a creature dies, you may pay {1}. If
you do, Cemetery Puca becomes a copy of that creature, except it has this ability." Bob's Test
Legend dies (lethal damage, CR 704.5g) while it is a copy of Grizzly Bears "except its name is
Odd Bears and it's legendary" (a copy effect of the state): the Puca copies it as it last existed
(CR 608.2h), exceptions included (CR 707.9b) - a legendary 2/2 Bear named Odd Bears, with Puca's
ability (CR 707.9a) - and not as the Test Legend card in the graveyard.
"""

from __future__ import annotations

from mtgasp import Engine, loads_state
from mtgasp.state import dumps_state, state_from_facts

ENGINE = Engine()

START = """version: 2
players: [alice, bob]
active: alice
step: precombat_main
turn: 3
battlefield:
  - {id: puca, card: Cemetery Puca, controller: alice}
  - {id: bears, card: Test Legend, controller: bob, damage: 2}
effects:
  - {kind: copy, object: bears, of: Grizzly Bears, except: [{kind: set_name, name: Odd Bears}, {kind: add_supertype, supertype: legendary}]}
mana_pool: {alice: {C: 1}}
hand: {alice: {size: 0}}
cards:
  - {name: Test Legend, mana_cost: '{W}', type_line: Legendary Creature — Dog, power: '2', toughness: '2', oracle_text: ''}
  - {name: Cemetery Puca, mana_cost: '{1}{U/B}{U/B}', type_line: Creature — Shapeshifter, power: '1', toughness: '2',
     oracle_text: "Whenever a creature dies, you may pay {1}. If you do, Cemetery Puca becomes a copy of that creature, except it has this ability."}
"""
PUCA_TEXT = ("Whenever a creature dies, you may pay {1}. If you do, ~ becomes a copy of that creature, "
             "except it has this ability.")


def _step(state, action: str):
    """The successors of ``action`` (no settling beyond the action itself)."""
    result = ENGINE.apply(state, action, settle=False)
    assert not result.not_modelled, result.not_modelled
    return result.successors


def _line(saved: bool) -> dict:
    """settle (the Bears die, the Puca triggers), settle (the trigger goes on the stack), pass,
    pass (it resolves): the final states by the choices made. Saved: each intermediate state is
    written as a state file's text and read again; else the successors' facts go on as they are."""
    base = loads_state(START)
    state = base
    for action in ("settle", "settle", "pass"):
        (s,) = _step(state, action)
        state = loads_state(dumps_state(state_from_facts(sorted(s.position.facts), base))) if saved else s.position
    return {tuple(sorted(s.sequences[0])): state_from_facts(sorted(s.position.facts), base) for s in _step(state, "pass")}


def test_cr603_10a_the_pending_trigger_and_its_last_known_values_are_saved() -> None:
    base = loads_state(START)
    (s,) = _step(base, "settle")
    died = state_from_facts(sorted(s.position.facts), base)
    (trig,) = died.pending_triggers
    assert (trig.card, trig.ability, trig.source, trig.died) == ("Cemetery Puca", 1, "puca", "bears")
    assert trig.last_known.of == "Grizzly Bears"
    assert sorted((e.kind, e.name or e.supertype) for e in trig.last_known.exceptions) == [
        ("add_supertype", "legendary"), ("set_name", "Odd Bears")]
    text = dumps_state(died)
    assert "died: bears" in text and "last_known:" in text
    # on the stack, the trigger keeps them (CR 603.10a: until it has resolved)
    (s,) = _step(loads_state(text), "settle")
    stacked = state_from_facts(sorted(s.position.facts), base)
    (obj,) = stacked.stack
    assert (obj.died, obj.last_known) == ("bears", trig.last_known)


def test_cr608_2h_a_line_saved_between_every_step_ends_as_the_line_in_one_go() -> None:
    whole, saved = _line(False), _line(True)
    assert sorted(whole) == sorted(saved) == [("may no",), ("may yes", "spend 1")]
    for choices in whole:
        a, b = (ENGINE.characteristics(x[choices], "puca") for x in (whole, saved))
        assert a == b
    c = ENGINE.characteristics(saved[("may yes", "spend 1")], "puca")
    assert (c.name, c.supertypes, c.types, c.subtypes, c.mana_cost, c.power, c.toughness) == (
        "Odd Bears", ("legendary",), ("creature",), ("Bear",), ("{1}", "{G}"), 2, 2)
    assert [t for _, t in c.abilities] == [PUCA_TEXT]
    c = ENGINE.characteristics(saved[("may no",)], "puca")
    assert (c.name, c.subtypes, c.power, c.toughness) == ("Cemetery Puca", ("Shapeshifter",), 1, 2)
