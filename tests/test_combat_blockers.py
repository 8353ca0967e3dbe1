"""CR 509 (declare blockers step): the blocks each defending player can declare as the declare
blockers step begins, counted by hand; evasion (flying, reach, menace) and multiplayer
(CR 802.4)."""

from __future__ import annotations

from combat_boards import apply, begin, facts_of

JACE = "{id: jace, card: Jace Beleren, controller: bob, counters: {loyalty: 3}}"


def _blocks(text: str) -> list[tuple[str, ...]]:
    """Each successor's blocks, as sorted 'blocks B A' choices."""
    out = []
    for s in apply(text).successors:
        assert s.count == 1
        (seq,) = s.sequences
        out.append(tuple(sorted(c for c in seq if c.startswith("blocks"))))
    return sorted(out)


def test_cr509_1a_two_blockers_two_attackers_nine_declarations() -> None:
    # x attacks Bob, y attacks Bob's Jace: each of Bob's two creatures blocks x, blocks y, or
    # doesn't block: 3 x 3 = 9 (two blockers on one attacker included).
    text = begin("declare_blockers", [
        "{id: x, card: Test Bear, controller: alice, tapped: true, attacking: bob}",
        "{id: y, card: Test Bear, controller: alice, tapped: true, attacking: jace}", JACE,
        "{id: v, card: Test Bear, controller: bob}", "{id: w, card: Test Bear, controller: bob}",
    ])
    blocks = _blocks(text)
    assert len(blocks) == 9 and len(set(blocks)) == 9
    assert ("blocks v x", "blocks w x") in blocks and () in blocks


def test_cr509_1g_1h_blocking_and_blocked() -> None:
    text = begin("declare_blockers", ["{id: x, card: Test Bear, controller: alice, tapped: true, attacking: bob}",
                                      "{id: v, card: Test Bear, controller: bob}"])
    r = apply(text)
    (blocked,) = [s for s in r.successors if "blocks v x" in s.sequences[0]]
    assert facts_of(blocked, "blocking") == ['blocking(obj("v"),obj("x"))']
    assert facts_of(blocked, "blocked") == ['blocked(obj("x"))']
    assert facts_of(blocked, "step") == ["step(declare_blockers)"]
    (unblocked,) = [s for s in r.successors if "no_block v" in s.sequences[0]]
    assert facts_of(unblocked, "blocked") == [] and facts_of(unblocked, "blocking") == []


def test_cr509_1a_tapped_and_cant_block_creatures_do_not_block() -> None:
    text = begin("declare_blockers", [
        "{id: x, card: Test Bear, controller: alice, tapped: true, attacking: bob}",
        "{id: tapped, card: Test Bear, controller: bob, tapped: true}",
        "{id: coward, card: Test Coward, controller: bob}",
    ])
    assert _blocks(text) == [()]


def test_cr702_9b_flying_can_be_blocked_only_by_flying_or_reach() -> None:
    # Serra Angel (flying) attacks: Bob's Bear can't block it, his Spider (reach) can: 2 ways.
    text = begin("declare_blockers", [
        "{id: angel, card: Serra Angel, controller: alice, attacking: bob}",
        "{id: bear, card: Test Bear, controller: bob}", "{id: spider, card: Test Spider, controller: bob}",
    ])
    assert _blocks(text) == [(), ("blocks spider angel",)]


def test_cr702_111b_menace_needs_two_or_more_blockers() -> None:
    # Three possible blockers of a creature with menace: none, or any 2 of them (3), or all 3:
    # 1 + 3 + 1 = 5; never exactly one (3 declarations excluded).
    text = begin("declare_blockers", [
        "{id: devil, card: Test Menace, controller: alice, tapped: true, attacking: bob}",
        "{id: a, card: Test Bear, controller: bob}", "{id: b, card: Test Bear, controller: bob}",
        "{id: c, card: Test Bear, controller: bob}",
    ])
    blocks = _blocks(text)
    assert len(blocks) == 5 and all(len(b) != 1 for b in blocks)


def test_cr802_4a_each_defending_player_blocks_only_creatures_attacking_them() -> None:
    # x attacks Bob, y attacks Carol. Bob's creature may block only x, Carol's only y: 2 x 2 = 4.
    text = begin("declare_blockers", [
        "{id: x, card: Test Bear, controller: alice, tapped: true, attacking: bob}",
        "{id: y, card: Test Bear, controller: alice, tapped: true, attacking: carol}",
        "{id: b, card: Test Bear, controller: bob}", "{id: c, card: Test Bear, controller: carol}",
    ], players="[alice, bob, carol]")
    assert _blocks(text) == [(), ("blocks b x",), ("blocks b x", "blocks c y"), ("blocks c y",)]


def test_cr802_4a_a_battle_is_defended_by_its_protector() -> None:
    # x attacks the battle Carol controls and Bob protects: Bob's creature may block it, Carol's not.
    text = begin("declare_blockers", [
        "{id: x, card: Test Bear, controller: alice, tapped: true, attacking: siege}",
        "{id: siege, card: Invasion of Kaladesh, controller: carol, protector: bob, counters: {defense: 4}}",
        "{id: b, card: Test Bear, controller: bob}", "{id: c, card: Test Bear, controller: carol}",
    ], players="[alice, bob, carol]")
    assert _blocks(text) == [(), ("blocks b x",)]


def test_cr509_3a_whenever_this_creature_blocks_triggers() -> None:
    text = begin("declare_blockers", ["{id: x, card: Test Bear, controller: alice, tapped: true, attacking: bob}",
                                      "{id: guard, card: Test Blocker, controller: bob}"])
    r = apply(text)
    (blocked,) = [s for s in r.successors if "blocks guard x" in s.sequences[0]]
    assert facts_of(blocked, "stack_ability") == ['stack_ability(obj(tg(1)),ab(card("Test Blocker"),1),obj("guard"))']
    assert 'controller(obj(tg(1)),player("bob"))' in blocked.position.lines()
