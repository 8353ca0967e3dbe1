"""CR 707.2, 611.2a, 514.2: Cytoshape, "Choose a nonlegendary creature on the battlefield. Target
creature becomes a copy of that creature until end of turn.", through `apply`, and the copy effect
ending in the cleanup step.

Bob's Grizzly Bears is the target; alice chooses what it becomes a copy of (CR 608.2d: as the spell
resolves, among the nonlegendary creatures on the battlefield): each choice a successor.
"""

from __future__ import annotations

from mtgasp import Engine, loads_state
from mtgasp.state import state_from_facts

ENGINE = Engine()

LEGEND = ("  - {name: Test Legend, mana_cost: '{W}', type_line: Legendary Creature — Dog, "
          "power: '2', toughness: '2', oracle_text: ''}\n")


def _state(step: str = "precombat_main", extra_bf: str = "", effects: str = "", stack: bool = True) -> str:
    text = (f"version: 2\nplayers: [alice, bob]\nactive: alice\nstep: {step}\nturn: 3\n"
            + ("passed: [bob]\n" if stack else "")
            + "battlefield:\n  - {id: bears, card: Grizzly Bears, controller: bob}\n"
            "  - {id: angel, card: Serra Angel, controller: alice}\n"
            "  - {id: dog, card: Test Legend, controller: alice}\n" + extra_bf
            + (f"effects:\n{effects}" if effects else "")
            + ("stack:\n  - {id: cy, card: Cytoshape, controller: alice, targets: [bears]}\n" if stack else "")
            + f"cards:\n{LEGEND}")
    return text


def _successors(text: str):
    base = loads_state(text)
    result = ENGINE.apply(base, "pass")
    assert not result.not_modelled, result.not_modelled
    return [(s, state_from_facts(sorted(s.position.facts), base)) for s in result.successors]


def test_cr707_2_cytoshape_each_nonlegendary_creature_chosen_is_a_successor() -> None:
    # Choices: the Bears themselves, Serra Angel; not the legendary Dog.
    got = {}
    for s, state in _successors(_state()):
        (eff,) = [e for e in state.effects if e.object == "bears"]
        got[eff.change.of] = (s.count, eff.until, state)
        assert 'zone(obj("cy"),graveyard(player("alice")))' in s.added or any(
            "graveyard" in a and "cy" in a for a in s.added)
    assert {k: (n, u) for k, (n, u, _) in got.items()} == {"Grizzly Bears": (1, "end_of_turn"),
                                                          "Serra Angel": (1, "end_of_turn")}
    c = ENGINE.characteristics(got["Serra Angel"][2], "bears")
    assert (c.card, c.mana_cost, c.colors, c.subtypes, c.power, c.toughness, c.controller) == (
        "Grizzly Bears", ("{3}", "{W}", "{W}"), ("W",), ("Angel",), 4, 4, "bob")
    assert sorted(t for _, t in c.abilities) == ["Flying", "vigilance"]


def test_cr707_3_cytoshape_copying_a_clone_gives_what_the_clone_copies() -> None:
    extra = "  - {id: old, card: Clone, controller: alice}\n"
    eff = "  - {kind: copy, object: old, of: Serra Angel}\n"
    boards = sorted((s.count, [e.change.of for e in st.effects if e.object == "bears"][0])
                    for s, st in _successors(_state(extra_bf=extra, effects=eff)))
    # the Bears, the Angel, the Clone that is an Angel (the same board as the Angel)
    assert boards == [(1, "Grizzly Bears"), (2, "Serra Angel")]


def test_cr514_2_the_copy_effect_ends_in_the_cleanup_step() -> None:
    # The Bears became a Serra Angel until end of turn; passing from the end step reaches the
    # cleanup step, where "until end of turn" effects end: the Bears are Grizzly Bears again.
    eff = "  - {kind: copy, object: bears, of: Serra Angel, until: end_of_turn}\n"
    base = loads_state(_state(step="end", effects=eff, stack=False).replace("active: alice\n", "active: alice\npassed: [bob]\n"))
    assert ENGINE.characteristics(base, "bears").power == 4
    result = ENGINE.apply(base, "pass")
    (s,) = result.successors
    state = state_from_facts(sorted(s.position.facts), base)
    assert [e for e in state.effects if e.object == "bears"] == []
    c = ENGINE.characteristics(state, "bears")
    assert (c.subtypes, c.power, c.toughness, c.abilities) == (("Bear",), 2, 2, ())
    assert any(rule == "514.2" for rule, _ in s.fired)
