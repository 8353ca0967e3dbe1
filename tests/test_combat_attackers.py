"""CR 508 (declare attackers step) and 506 (combat, defending players): the declarations the
active player can make as the declare attackers step begins, counted by hand."""

from __future__ import annotations

from combat_boards import apply, begin, facts_of

JACE = "{id: jace, card: Jace Beleren, controller: bob, counters: {loyalty: 3}}"


def _declarations(text: str) -> list[tuple[str, ...]]:
    """Each successor's attacks, as sorted 'attacks X D' choices."""
    r = apply(text)
    out = []
    for s in r.successors:
        assert s.count == 1
        (seq,) = s.sequences
        out.append(tuple(sorted(c for c in seq if c.startswith("attacks"))))
    return sorted(out)


def test_cr508_1b_two_creatures_one_player_one_planeswalker_nine_declarations() -> None:
    # Each of the two creatures attacks Bob, attacks Jace, or doesn't attack: 3 x 3 = 9.
    text = begin("declare_attackers", ["{id: x, card: Test Bear, controller: alice}",
                                       "{id: y, card: Test Bear, controller: alice}", JACE])
    decls = _declarations(text)
    assert len(decls) == 9 and len(set(decls)) == 9
    assert ("attacks x bob", "attacks y jace") in decls and () in decls


def test_cr508_1f_attackers_tap_and_become_attacking() -> None:
    text = begin("declare_attackers", ["{id: x, card: Test Bear, controller: alice}"])
    r = apply(text)
    (attack,) = [s for s in r.successors if "attacks x bob" in s.sequences[0]]
    assert facts_of(attack, "attacking") == ['attacking(obj("x"),player("bob"))']
    assert facts_of(attack, "tapped") == ['tapped(obj("x"))']
    assert facts_of(attack, "step") == ["step(declare_attackers)"] and facts_of(attack, "priority") == ['priority(player("alice"))']
    (stay,) = [s for s in r.successors if "no_attack x" in s.sequences[0]]
    assert facts_of(stay, "attacking") == [] and facts_of(stay, "tapped") == []


def test_cr702_20b_vigilance_attacking_does_not_tap() -> None:
    r = apply(begin("declare_attackers", ["{id: angel, card: Serra Angel, controller: alice}"]))
    (attack,) = [s for s in r.successors if "attacks angel bob" in s.sequences[0]]
    assert facts_of(attack, "tapped") == [] and facts_of(attack, "attacking") == ['attacking(obj("angel"),player("bob"))']
    assert ("702.20b", "angel") in attack.fired


def test_cr508_1a_and_restrictions_who_cannot_attack() -> None:
    # Sick (CR 302.6), tapped, defender (CR 702.3b), "can't attack" (CR 508.1c): none attacks.
    # The summoning-sick creature with haste may (CR 702.10b): 2 declarations.
    text = begin("declare_attackers", [
        "{id: sick, card: Test Bear, controller: alice, sick: true}",
        "{id: tapped, card: Test Bear, controller: alice, tapped: true}",
        "{id: wall, card: Test Wall, controller: alice}",
        "{id: monk, card: Test Pacifist, controller: alice}",
        "{id: goblin, card: Test Hasty, controller: alice, sick: true}",
        "{id: bobs, card: Test Bear, controller: bob}",
    ])
    assert _declarations(text) == [(), ("attacks goblin bob",)]


def test_cr508_1d_a_creature_that_attacks_each_combat_if_able_must() -> None:
    # The Brute must attack (Bob or Jace); the Bear may: 2 x 3 = 6 declarations, none without the Brute.
    text = begin("declare_attackers", ["{id: brute, card: Test Brute, controller: alice}",
                                       "{id: x, card: Test Bear, controller: alice}", JACE])
    decls = _declarations(text)
    assert len(decls) == 6 and all(any(c.startswith("attacks brute") for c in d) for d in decls)


def test_cr508_1d_a_requirement_is_not_obeyed_when_the_creature_cannot_attack() -> None:
    # A tapped Brute can't attack: the only declarations are the Bear's.
    text = begin("declare_attackers", ["{id: brute, card: Test Brute, controller: alice, tapped: true}",
                                       "{id: x, card: Test Bear, controller: alice}"])
    assert _declarations(text) == [(), ("attacks x bob",)]


def test_cr802_3_three_players_any_defending_player_planeswalker_or_battle() -> None:
    # Attack multiple players (CR 802.2): Bob and Carol are defending players. The Bear may attack
    # Bob, Carol, Carol's Jace, the battle Carol controls and Bob protects, the battle Alice
    # controls and Carol protects (CR 508.1b, 310.8), or nothing: 6. Bob's own Bear can't be
    # attacked (only a player, planeswalker or battle, CR 506.3).
    text = begin("declare_attackers", [
        "{id: x, card: Test Bear, controller: alice}",
        "{id: jace, card: Jace Beleren, controller: carol, counters: {loyalty: 3}}",
        "{id: siege1, card: Invasion of Kaladesh, controller: carol, protector: bob, counters: {defense: 4}}",
        "{id: siege2, card: Invasion of Kaladesh, controller: alice, protector: carol, counters: {defense: 4}}",
        "{id: bobs, card: Test Bear, controller: bob}",
    ], players="[alice, bob, carol]")
    assert _declarations(text) == [(), ("attacks x bob",), ("attacks x carol",), ("attacks x jace",),
                                   ("attacks x siege1",), ("attacks x siege2",)]


def test_cr310_8_a_battle_protected_by_the_attacking_player_cannot_be_attacked() -> None:
    # Alice protects the battle Bob controls: it is not "a battle a defending player protects".
    text = begin("declare_attackers", [
        "{id: x, card: Test Bear, controller: alice}",
        "{id: siege, card: Invasion of Kaladesh, controller: bob, protector: alice, counters: {defense: 4}}",
    ])
    assert _declarations(text) == [(), ("attacks x bob",)]


def test_cr104_3_four_players_one_has_lost_two_creatures() -> None:
    # Dave has lost the game (CR 104.3, 800.4a): he is not a defending player. Two creatures, each
    # attacking Bob, Carol or nobody: 3 x 3 = 9.
    text = begin("declare_attackers", ["{id: x, card: Test Bear, controller: alice}",
                                       "{id: y, card: Test Bear, controller: alice}"],
                 players="[alice, {id: dave, lost: true}, bob, carol]")
    decls = _declarations(text)
    assert len(decls) == 9 and not any("dave" in c for d in decls for c in d)


def test_cr508_3a_whenever_this_creature_attacks_triggers_for_a_declared_attacker() -> None:
    # The trigger goes on the stack before Alice gets priority (CR 508.2b): `apply` settles.
    r = apply(begin("declare_attackers", ["{id: herald, card: Test Herald, controller: alice}"]))
    (attack,) = [s for s in r.successors if "attacks herald bob" in s.sequences[0]]
    assert facts_of(attack, "stack_ability") == ['stack_ability(obj(tg(1)),ab(card("Test Herald"),1),obj("herald"))']
    assert ("508.3a", "herald") in attack.fired
    (stay,) = [s for s in r.successors if "no_attack herald" in s.sequences[0]]
    assert facts_of(stay, "stack_ability") == [] and facts_of(stay, "pending_trigger") == []


def test_cr508_8_no_attackers_skips_to_end_of_combat() -> None:
    text = begin("declare_blockers", ["{id: x, card: Test Bear, controller: alice}"])
    (s,) = apply(text).successors
    assert facts_of(s, "step") == ["step(end_of_combat)"]


def test_cr508_3a_whenever_a_creature_you_control_attacks_triggers_once_per_attacker() -> None:
    # The Captain (sick, so it can't attack) sees each of Alice's declared attackers: both Bears
    # attack -> two triggers (their order on the stack is Alice's choice: 2 sequences, one state
    # each, CR 603.3b); one Bear -> one trigger; none -> none. Bob's creatures are not Alice's.
    text = begin("declare_attackers", ["{id: cap, card: Test Captain, controller: alice, sick: true}",
                                       "{id: x, card: Test Bear, controller: alice}",
                                       "{id: y, card: Test Bear, controller: alice}"])
    r = apply(text)
    by_attackers = {}
    for s in r.successors:
        attackers = tuple(sorted(c for c in s.sequences[0] if c.startswith("attacks")))
        by_attackers.setdefault(attackers, []).append(len(facts_of(s, "stack_ability")))
    assert by_attackers == {
        ("attacks x bob", "attacks y bob"): [2, 2],
        ("attacks x bob",): [1],
        ("attacks y bob",): [1],
        (): [0],
    }
