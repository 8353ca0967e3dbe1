"""The Myr Propagator seed (shared/seeds/003_*.txt), ruling by ruling, through `apply`.

Myr Propagator: "{3}, {T}: Create a token that's a copy of Myr Propagator." Each test starts
from a state file where the ability is on the stack (or is activated from the pool), lets both
players pass (CR 117.4: the top of the stack resolves) and reads the successor states.
"""

from __future__ import annotations

from mtgasp import Engine, loads_state
from mtgasp.state import state_from_facts

ENGINE = Engine()


BASE = """version: 2
players: [alice, bob]
active: alice
step: precombat_main
"""
# The ability on the stack, activated by alice: both players pass in turn to resolve it.
ON_STACK = """stack:
  - {id: ab, ability: 1, source: propagator, controller: alice}
"""


def _resolve(text: str) -> list:
    """Both players pass: the distinct successors after the top of the stack resolved."""
    state = loads_state(text)
    first = ENGINE.apply(state, "pass")
    assert len(first.successors) == 1 and not first.not_modelled
    return ENGINE.apply(first.successors[0].position, "pass")


def _tokens(successor) -> dict[str, str]:
    """The tokens of a successor: id -> card whose values they have."""
    facts = {str(f) for f in successor.position.facts}
    out = {}
    for f in successor.position.facts:
        if f.name == "token" and f"permanent({f.arguments[0]})" in facts:
            card = next(c.arguments[1].arguments[0].string for c in successor.position.facts
                        if c.name == "card_of" and c.arguments[0] == f.arguments[0])
            out[str(f.arguments[0])] = card
    return out


def test_seed_myr_propagator_normally_the_token_is_simply_a_myr_propagator() -> None:
    # "Normally, when a token is created by this ability, it will simply be a Myr Propagator, so
    # it'll also have the token-creating ability." Activated from a pool of {C}{C}{C}.
    state = loads_state(BASE + """battlefield:
  - {id: propagator, card: Myr Propagator, controller: alice}
mana_pool: {alice: {C: 3}}
""")
    (activated,) = ENGINE.apply(state, "activate:propagator").successors
    passed = ENGINE.apply(activated.position, "pass")
    (resolved,) = ENGINE.apply(passed.successors[0].position, "pass").successors
    tokens = _tokens(resolved)
    assert list(tokens.values()) == ["Myr Propagator"]
    (tok,) = tokens
    facts = {str(f) for f in resolved.position.facts}
    assert f'controller({tok},player("alice"))' in facts and f"summoning_sick({tok})" in facts
    # its values are Myr Propagator's printed ones (CR 707.2), so it has the token-creating ability
    assert any(rule == "707.2" for rule, _ in resolved.fired)
    assert not any(rule == "707.3" for rule, _ in resolved.fired)


def test_seed_myr_propagator_a_cytoshaped_propagator_makes_a_copy_of_what_it_copies() -> None:
    # "If Myr Propagator's ability is activated, then Myr Propagator temporarily becomes a copy of
    # another creature before its ability resolves (due to Cytoshape, perhaps), the token will be a
    # copy of whatever creature the Myr Propagator is currently a copy of."
    result = _resolve(BASE + """battlefield:
  - {id: propagator, card: Myr Propagator, controller: alice, tapped: true}
  - {id: bears, card: Grizzly Bears, controller: bob}
effects:
  - {kind: copy, object: propagator, of: Grizzly Bears, until: end_of_turn}
""" + ON_STACK)
    (resolved,) = result.successors
    assert list(_tokens(resolved).values()) == ["Grizzly Bears"]
    assert any(r == "707.3" for r, _ in resolved.fired)


def test_seed_myr_propagator_the_token_keeps_its_values_after_the_copy_effect_ends() -> None:
    # "After the turn ends, the Cytoshaped Myr Propagator reverts back to what it was, but the
    # token will stay as it is": the token's values are its own (no effect points at it).
    result = _resolve(BASE + """battlefield:
  - {id: propagator, card: Myr Propagator, controller: alice, tapped: true}
effects:
  - {kind: copy, object: propagator, of: Grizzly Bears, until: end_of_turn}
cards:
  - {name: Grizzly Bears, type_line: Creature — Bear, mana_cost: "{1}{G}", oracle_text: "", power: 2, toughness: 2}
""" + ON_STACK)
    (resolved,) = result.successors
    (tok,) = _tokens(resolved)
    effects_on_token = [f for f in resolved.position.facts if f.name == "resolved_effect" and str(f.arguments[1]) == tok]
    assert effects_on_token == []


def test_seed_myr_propagator_counters_and_other_effects_are_not_copied() -> None:
    # "It won't copy counters on the Myr Propagator, nor will it copy other effects that have
    # changed Myr Propagator's power, toughness, types, color, or so on."
    result = _resolve(BASE + """battlefield:
  - {id: propagator, card: Myr Propagator, controller: alice, tapped: true, counters: {+1/+1: 2}}
effects:
  - {kind: set_base_pt, object: propagator, power: 4, toughness: 4, until: end_of_turn}
""" + ON_STACK)
    (resolved,) = result.successors
    (tok,) = _tokens(resolved)
    facts = {str(f) for f in resolved.position.facts}
    assert not any(f.startswith(f"counter({tok},") for f in facts)
    assert not any(f.startswith("resolved_effect(") and f",{tok}," in f for f in facts)
    assert "tapped(" + tok + ")" not in facts  # nor its tapped status


def test_seed_myr_propagator_a_token_propagator_is_copied_as_its_creating_effect_stated() -> None:
    # "... or, if the Myr Propagator whose ability was activated was itself a token, the original
    # characteristics of that token as stated by the effect that put it onto the battlefield."
    result = _resolve(BASE + """battlefield:
  - {id: propagator, card: Myr Propagator, controller: alice, token: true, tapped: true}
""" + ON_STACK)
    (resolved,) = result.successors
    assert sorted(_tokens(resolved).values()) == ["Myr Propagator", "Myr Propagator"]


def test_seed_myr_propagator_doubling_season_doubles_the_token() -> None:
    # CR 614.1a, 616.1 with the seed's ability: Doubling Season makes it two tokens, both copies.
    result = _resolve(BASE + """battlefield:
  - {id: propagator, card: Myr Propagator, controller: alice, tapped: true}
  - {id: season, card: Doubling Season, controller: alice}
""" + ON_STACK)
    (resolved,) = result.successors
    assert sorted(_tokens(resolved).values()) == ["Myr Propagator", "Myr Propagator"]
    assert resolved.sequences == (("tokens 2",),)  # the one number Doubling Season allows (CR 616.1)


def test_seed_myr_propagator_left_the_battlefield_is_said_not_guessed() -> None:
    # "If Myr Propagator has left the battlefield by the time its ability resolves, you'll still
    # put a token onto the battlefield ... as it last existed on the battlefield." Its last known
    # copiable values are not in a state yet: the answer says so and claims no successor.
    state = loads_state(BASE + """graveyard:
  alice: [{id: propagator, card: Myr Propagator}]
""" + ON_STACK)
    first = ENGINE.apply(state, "pass")
    result = ENGINE.apply(first.successors[0].position, "pass")
    assert result.successors == ()
    assert any("last_known_information" in n for n in result.not_modelled)


def test_seed_myr_propagator_a_puca_copy_token_is_a_myr_propagator_with_that_additional_ability() -> None:
    # "if the copy ability of a creature (such as Cemetery Puca) makes it become a copy of Myr
    # Propagator and gain another ability, the token ... will be a Myr Propagator with that
    # additional ability." CR 707.9b: the exception is part of the Puca's copiable values, so the
    # token copies it too (written as the token's own copy effect holding the exception).
    text = BASE + """battlefield:
  - {id: puca, card: Cemetery Puca, controller: alice, tapped: true}
effects:
  - kind: copy
    object: puca
    of: Myr Propagator
    except:
      - {kind: gain_ability, card: Cemetery Puca, ability: 1}
stack:
  - {id: ab, card: Myr Propagator, ability: 1, source: puca, controller: alice}
"""
    result = _resolve(text)
    assert not result.not_modelled
    (resolved,) = result.successors
    tokens = _tokens(resolved)
    assert list(tokens.values()) == ["Myr Propagator"]
    state = state_from_facts(sorted(resolved.position.facts), loads_state(text))
    (tok,) = [p.id for p in state.battlefield if p.token]
    c = ENGINE.characteristics(state, tok)
    assert (c.name, c.types, c.subtypes, c.power, c.toughness) == ("Myr Propagator", ("artifact", "creature"), ("Myr",), 1, 1)
    assert sorted(str(a) for a, _ in c.abilities) == ["Cemetery Puca #1", "Myr Propagator #1"]
    assert [e.change for e in c.effects if e.layer == "1"] == [
        "copy of Myr Propagator", "has Cemetery Puca #1 (an exception of the copy effect, CR 707.9b)"]
    assert any(rule == "707.9b" for rule, _ in resolved.fired)
