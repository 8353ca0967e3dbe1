"""CR 510 (combat damage step) with 702.2 (deathtouch), 702.4 (double strike), 702.7 (first
strike), 702.15 (lifelink), 702.19 (trample) and the state-based actions that follow (CR 704):
life totals, loyalty, defense and what died, every damage division counted by hand."""

from __future__ import annotations

from combat_boards import apply, begin, board, facts_of

ATTACKS = "tapped: true, attacking"


def _life(s, who: str = "bob") -> int:  # type: ignore[no-untyped-def]
    (f,) = [f for f in s.position.lines() if f.startswith(f'life(player("{who}")')]
    return int(f.rsplit(",", 1)[1].rstrip(")"))


def _graveyard(s) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(f.split('"')[1] for f in s.position.lines() if f.startswith("zone(") and "graveyard" in f)


def test_cr510_1b_unblocked_creatures_damage_player_planeswalker_battle() -> None:
    # CR 120.3a: Bob loses 2; 120.3c: Jace loses 2 loyalty; 120.3h: the battle loses 2 defense.
    text = begin("combat_damage", [
        f"{{id: x, card: Test Bear, controller: alice, {ATTACKS}: bob}}",
        f"{{id: y, card: Test Bear, controller: alice, {ATTACKS}: jace}}",
        f"{{id: z, card: Test Bear, controller: alice, {ATTACKS}: siege}}",
        "{id: jace, card: Jace Beleren, controller: bob, counters: {loyalty: 3}}",
        "{id: siege, card: Invasion of Kaladesh, controller: carol, protector: bob, counters: {defense: 4}}",
    ], players="[alice, bob, carol]")
    (s,) = apply(text).successors
    assert _life(s) == 18 and _life(s, "carol") == 20
    assert facts_of(s, "counter") == ['counter(obj("jace"),"loyalty",1)', 'counter(obj("siege"),"defense",2)']
    assert facts_of(s, "step") == ["step(combat_damage)"]


def test_cr704_5i_a_planeswalker_dealt_lethal_damage_and_a_player_at_zero_life() -> None:
    text = begin("combat_damage", [
        f"{{id: x, card: Test Trampler, controller: alice, {ATTACKS}: bob}}",
        f"{{id: y, card: Test Bear, controller: alice, {ATTACKS}: jace}}",
        "{id: jace, card: Jace Beleren, controller: bob, counters: {loyalty: 2}}",
    ], players="[alice, {id: bob, life: 5}]")
    (s,) = apply(text).successors
    assert _graveyard(s) == ["jace"] and 'lost(player("bob"))' in s.position.lines()
    assert ("704.5i", "jace") in s.fired


def test_cr510_1c_elvish_regrower_example_five_divisions() -> None:
    # The CR 510.1c example: a 4/3 blocked by a 2/3 and a 1/1 assigns 4 to the Hunter, 3+1, 2+2,
    # 1+3, or 4 to the Spawn: 5 successors. The blockers deal 3 to the Regrower: it dies in each.
    text = begin("combat_damage", [
        f"{{id: regrower, card: Elvish Regrower, controller: alice, {ATTACKS}: bob, blocked: true}}",
        "{id: spawn, card: Vampire Spawn, controller: bob, blocking: regrower}",
        "{id: hunter, card: Helpful Hunter, controller: bob, blocking: regrower}",
    ])
    r = apply(text)
    assert len(r.successors) == 5 and all(s.count == 1 for s in r.successors)
    dead = sorted(tuple(_graveyard(s)) for s in r.successors)
    # Hunter 4/Spawn 0, 3/1, 2/2: the Hunter dies; 1/3: both; 0/4: the Spawn.
    assert dead == sorted([("hunter", "regrower"), ("hunter", "regrower"), ("hunter", "regrower"),
                                   ("hunter", "regrower", "spawn"), ("regrower", "spawn")])
    assert all(_life(s) == 20 for s in r.successors)


def test_cr510_1c_one_blocker_takes_all_the_damage_no_choice() -> None:
    text = begin("combat_damage", [
        f"{{id: x, card: Test Trampler, controller: alice, {ATTACKS}: bob, blocked: true}}",
        "{id: wall, card: Test Wall, controller: bob, blocking: x}",
    ])
    # A trampler: 4 to the Wall (lethal) and 1 to Bob, or all 5 to the Wall... the Wall has 4
    # toughness: 4+1 or 5+0 (CR 702.19b): 2 successors.
    r = apply(text)
    assert sorted(_life(s) for s in r.successors) == [19, 20]
    assert all(_graveyard(s) == ["wall"] for s in r.successors)
    text = text.replace("card: Test Trampler", "card: Test Brute")
    (s,) = apply(text).successors
    assert _life(s) == 20 and facts_of(s, "damage") == ['damage(obj("wall"),3)'] and s.sequences == ((),)


def test_cr702_19b_trample_counts_damage_already_marked() -> None:
    # A 5/5 trampler blocked by a 2/2 with 1 damage marked: lethal is 1 more. The blocker gets
    # 1..5 and Bob the rest (0 to the blocker would leave it without lethal damage): 5 successors.
    text = begin("combat_damage", [
        f"{{id: x, card: Test Trampler, controller: alice, {ATTACKS}: bob, blocked: true}}",
        "{id: b, card: Test Bear, controller: bob, blocking: x, damage: 1}",
    ])
    r = apply(text)
    assert sorted(_life(s) for s in r.successors) == [16, 17, 18, 19, 20]


def test_cr702_2c_deathtouch_and_trample_one_damage_is_lethal() -> None:
    # A 3/3 deathtouch trampler blocked by a 5/5: 1 damage is lethal (CR 702.2c): the blocker gets
    # 1, 2 or 3 and Bob the rest: 3 successors; the blocker dies in each (CR 704.5h).
    text = begin("combat_damage", [
        f"{{id: x, card: Test Basilisk, controller: alice, {ATTACKS}: bob, blocked: true}}",
        "{id: b, card: Test Trampler, controller: bob, blocking: x}",
    ])
    r = apply(text)
    assert sorted(_life(s) for s in r.successors) == [18, 19, 20]
    assert all(_graveyard(s) == ["b", "x"] for s in r.successors)
    assert all(("704.5h", "b") in s.fired for s in r.successors)


def test_cr702_19d_a_blocked_trampler_without_blockers_assigns_all_to_the_player() -> None:
    text = begin("combat_damage", [f"{{id: x, card: Test Trampler, controller: alice, {ATTACKS}: bob, blocked: true}}"])
    (s,) = apply(text).successors
    assert _life(s) == 15


def test_cr509_1h_a_blocked_creature_without_blockers_deals_no_damage() -> None:
    text = begin("combat_damage", [f"{{id: x, card: Test Bear, controller: alice, {ATTACKS}: bob, blocked: true}}"])
    (s,) = apply(text).successors
    assert _life(s) == 20 and facts_of(s, "damage") == []


def test_cr702_2b_deathtouch_blocker_destroys_the_attacker() -> None:
    text = begin("combat_damage", [
        f"{{id: x, card: Test Trampler, controller: alice, {ATTACKS}: bob, blocked: true}}",
        "{id: viper, card: Test Viper, controller: bob, blocking: x}",
    ])
    r = apply(text)
    # The trampler assigns 1..5 to the Viper (lethal 1), the rest to Bob: 5 successors; both die.
    assert sorted(_life(s) for s in r.successors) == [16, 17, 18, 19, 20]
    assert all(_graveyard(s) == ["viper", "x"] for s in r.successors)


def test_cr702_15b_lifelink() -> None:
    text = begin("combat_damage", [f"{{id: p, card: Test Priest, controller: alice, {ATTACKS}: bob}}"])
    (s,) = apply(text).successors
    assert _life(s) == 17 and _life(s, "alice") == 23


def test_cr702_7b_first_strike_kills_the_blocker_before_it_deals_damage() -> None:
    # A 2/2 first striker blocked by a 2/2: the first combat damage step kills the blocker; in the
    # second, the blocker is gone: the first striker survives undamaged.
    text = begin("combat_damage", [
        f"{{id: s, card: Test Striker, controller: alice, {ATTACKS}: bob, blocked: true}}",
        "{id: b, card: Test Bear, controller: bob, blocking: s}",
    ])
    (first,) = apply(text).successors
    assert _graveyard(first) == ["b"] and facts_of(first, "damage") == []
    assert "combat_damage_step(first)" in first.position.lines() and facts_of(first, "first_striker") == ['first_striker(obj("s"))']
    (p1,) = apply(first.position).successors  # alice passes
    (second,) = apply(p1.position).successors  # bob passes: the second combat damage step
    assert facts_of(second, "step") == ["step(combat_damage)"] and _graveyard(second) == ["b"]
    assert facts_of(second, "damage") == [] and "combat_damage_step(first)" not in second.position.lines()
    assert facts_of(second, "first_striker") == []


def test_cr702_4b_double_strike_unblocked_deals_damage_twice() -> None:
    text = begin("combat_damage", [f"{{id: d, card: Test Doubler, controller: alice, {ATTACKS}: bob}}",
                                   f"{{id: x, card: Test Bear, controller: alice, {ATTACKS}: bob}}"])
    (first,) = apply(text).successors
    assert _life(first) == 18  # only the double striker (CR 510.4)
    (p1,) = apply(first.position).successors
    (second,) = apply(p1.position).successors
    assert _life(second) == 14  # the double striker again, and the Bear
    (p2,) = apply(second.position).successors
    (end,) = apply(p2.position).successors
    assert facts_of(end, "step") == ["step(end_of_combat)"]


def test_cr702_4b_double_strike_blocked_by_a_small_creature_stays_blocked() -> None:
    # The first step kills the 1/1 blocker; in the second the double striker is blocked with no
    # blockers and no trample: no damage to Bob (CR 509.1h, 510.1c). With trample, all of it
    # goes to Bob in the second step (CR 702.19d).
    board_ = [f"{{id: d, card: Test Doubler, controller: alice, {ATTACKS}: bob, blocked: true}}",
              "{id: h, card: Helpful Hunter, controller: bob, blocking: d}"]
    (first,) = apply(begin("combat_damage", board_)).successors
    (p1,) = apply(first.position).successors
    (second,) = apply(p1.position).successors
    assert _graveyard(second) == ["h"] and _life(second) == 20
    board_[0] = board_[0].replace("card: Test Doubler", "card: Test Fencer")
    firsts = apply(begin("combat_damage", board_)).successors  # 1..3 to the Hunter, the rest to Bob
    assert sorted(_life(s) for s in firsts) == [18, 19, 20]
    (only,) = [s for s in firsts if _life(s) == 20]
    (p1,) = apply(only.position).successors
    (second,) = apply(p1.position).successors
    assert _life(second) == 17


def test_cr511_3_end_of_combat_removes_everything_from_combat() -> None:
    text = board("end_of_combat", [
        f"{{id: x, card: Test Bear, controller: alice, {ATTACKS}: bob, blocked: true}}",
        "{id: b, card: Test Wall, controller: bob, blocking: x}",
    ])
    (s,) = apply(text).successors
    assert facts_of(s, "step") == ["step(postcombat_main)"]
    assert facts_of(s, "attacking") == [] and facts_of(s, "blocking") == [] and facts_of(s, "blocked") == []
    assert facts_of(s, "tapped") == ['tapped(obj("x"))']  # still tapped (CR 506.4b)


def test_cr510_3a_deals_combat_damage_to_a_player_triggers() -> None:
    # The Thief is unblocked: it deals 1 to Bob and its ability triggers (on the stack after
    # `settle`, CR 510.3a). Blocked by a Wall, it deals damage only to the Wall: no trigger.
    text = begin("combat_damage", [f"{{id: t, card: Test Thief, controller: alice, {ATTACKS}: bob}}"])
    (s,) = apply(text).successors
    assert _life(s) == 19 and facts_of(s, "stack_ability") == ['stack_ability(obj(tg(1)),ab(card("Test Thief"),1),obj("t"))']
    text = begin("combat_damage", [f"{{id: t, card: Test Thief, controller: alice, {ATTACKS}: bob, blocked: true}}",
                                   "{id: w, card: Test Wall, controller: bob, blocking: t}"])
    (s,) = apply(text).successors
    assert facts_of(s, "stack_ability") == [] and facts_of(s, "damage") == ['damage(obj("w"),1)']


def test_cr509_3g_attacks_and_isnt_blocked_triggers_as_blockers_are_declared() -> None:
    text = begin("declare_blockers", [f"{{id: r, card: Test Raider, controller: alice, {ATTACKS}: bob}}",
                                      "{id: b, card: Test Bear, controller: bob}"])
    r = apply(text)
    (unblocked,) = [s for s in r.successors if "no_block b" in s.sequences[0]]
    assert facts_of(unblocked, "stack_ability") == ['stack_ability(obj(tg(1)),ab(card("Test Raider"),1),obj("r"))']
    (blocked,) = [s for s in r.successors if "blocks b r" in s.sequences[0]]
    assert facts_of(blocked, "stack_ability") == []


def test_cr310_11b_defeating_a_battle_is_reported_not_guessed() -> None:
    from combat_boards import ENGINE
    from mtgasp import loads_state

    text = begin("combat_damage", [
        f"{{id: x, card: Test Trampler, controller: alice, {ATTACKS}: siege}}",
        "{id: siege, card: Invasion of Kaladesh, controller: carol, protector: bob, counters: {defense: 4}}",
    ], players="[alice, bob, carol]")
    r = ENGINE.apply(loads_state(text), "pass")
    assert r.successors == () and r.not_modelled == ('siege: 310.11b a battle is defeated',)


def test_triggered_combat_keywords_not_triggered_yet_are_reported() -> None:
    # Exalted (CR 702.83) and renown (CR 702.112) would trigger: the steps are not claimed.
    from combat_boards import ENGINE
    from mtgasp import loads_state

    text = begin("declare_attackers", ["{id: x, card: Test Bear, controller: alice}",
                                       "{id: e, card: Test Exalted, controller: alice, tapped: true}"])
    r = ENGINE.apply(loads_state(text), "pass")
    assert len(r.successors) == 1 and r.not_modelled == ('e: keyword_trigger("exalted")',)  # only "no attack" is claimed
    text = begin("combat_damage", [f"{{id: n, card: Test Renown, controller: alice, {ATTACKS}: bob}}"])
    r = ENGINE.apply(loads_state(text), "pass")
    assert r.successors == () and r.not_modelled == ('n: keyword_trigger("renown")',)
