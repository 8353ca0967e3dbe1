"""A whole combat through `play` (CR 506-511): the example line a user runs, a four-player
combat, and myriad declared as an attacker (CR 508.3a, 702.116a, 508.4)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from combat_boards import ENGINE, apply, begin, facts_of
from mtgasp import loads_state
from mtgasp.cli import cli

ROOT = Path(__file__).resolve().parents[1]


def test_examples_combat_line_ends_as_the_file_says() -> None:
    # examples/combat.yaml: the Angel attacks Jace, the Trampler Bob; the Wall blocks the Trampler,
    # which assigns 2 to it (lethal) and 1 to Bob. Bob 12 -> 11; Jace (3 loyalty) and the Wall die.
    r = CliRunner().invoke(cli, ["play", str(ROOT / "examples" / "combat.yaml"),
                                 str(ROOT / "examples" / "lines" / "combat.yaml"), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    (end,) = data["ends"]
    assert end["count"] == 1 and data["not_modelled"] == []
    assert set(end["added"]) == {'life(player("bob"),11)', "step(postcombat_main)", 'tapped(obj("trampler"))',
                                 'zone(obj("jace"),graveyard(player("bob")))', 'zone(obj("wall"),graveyard(player("bob")))'}
    assert end["battlefield"] == ["angel", "trampler"]


def test_examples_combat_nine_declarations() -> None:
    state = loads_state((ROOT / "examples" / "combat.yaml").read_text())
    (bob,) = ENGINE.apply(state, "pass").successors
    assert len(ENGINE.apply(bob.position, "pass").successors) == 9


def test_cr802_four_player_combat_each_defending_player() -> None:
    # Alice attacks Bob, Carol's planeswalker and the battle Dave protects; Bob's Bear blocked
    # Alice's Bear. Combat damage: Bob loses nothing (blocked, no trample), Jace 3 -> 1, the
    # battle 4 -> 2, both Bears die; Carol and Dave keep 20 life.
    text = begin("combat_damage", [
        "{id: x, card: Test Bear, controller: alice, tapped: true, attacking: bob, blocked: true}",
        "{id: y, card: Test Bear, controller: alice, tapped: true, attacking: jace}",
        "{id: z, card: Test Bear, controller: alice, tapped: true, attacking: siege}",
        "{id: b, card: Test Bear, controller: bob, blocking: x}",
        "{id: jace, card: Jace Beleren, controller: carol, counters: {loyalty: 3}}",
        "{id: siege, card: Invasion of Kaladesh, controller: bob, protector: dave, counters: {defense: 4}}",
    ], players="[alice, bob, carol, dave]")
    (s,) = apply(text).successors
    assert facts_of(s, "life") == [f'life(player("{p}"),20)' for p in ("alice", "bob", "carol", "dave")]
    assert facts_of(s, "counter") == ['counter(obj("jace"),"loyalty",1)', 'counter(obj("siege"),"defense",2)']
    assert sorted(f for f in s.position.lines() if "graveyard" in f and f.startswith("zone")) == [
        'zone(obj("b"),graveyard(player("bob")))', 'zone(obj("x"),graveyard(player("alice")))']


def test_cr702_116a_myriad_declared_attacker_triggers_its_tokens_do_not() -> None:
    # Three players. The Master, Multiplied is declared attacking Bob: its myriad triggers
    # (CR 508.3a) and goes on the stack; resolved, it may create a token attacking Carol. The
    # token is put onto the battlefield attacking (CR 508.4): its own myriad never triggers.
    text = begin("declare_attackers", ['{id: m, card: "The Master, Multiplied", controller: alice}'],
                 players="[alice, bob, carol]")
    r = apply(text)
    (attack,) = [s for s in r.successors if "attacks m bob" in s.sequences[0]]
    (trig,) = facts_of(attack, "stack_ability")
    assert trig.startswith('stack_ability(obj(tg(1)),ab(card("The Master, Multiplied")')
    # Everyone passes: the trigger resolves: create the token (may: yes) or not.
    pos = attack.position
    for _ in range(2):
        (nxt,) = ENGINE.apply(pos, "pass").successors
        pos = nxt.position
    ends = ENGINE.apply(pos, "pass").successors
    made = [e for e in ends if any(f.startswith("token(") for f in e.position.lines())]
    assert len(ends) == 2 and len(made) == 1
    (made_one,) = made
    assert [f for f in made_one.position.lines() if f.startswith("pending_trigger") or f.startswith("stack_ability")] == []
    assert sum(1 for f in made_one.position.lines() if f.startswith("attacking(")) == 2
