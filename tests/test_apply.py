"""`apply`, `actions` and `play` through the bridge (mtgasp.Engine and the CLI): exact successor
states, the choices that lead to each and how many choice sequences, the rules that fired, and
what is not modelled (docs/engine-v2.md section 3)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mtgasp import Engine, IllegalActionError, loads_state
from mtgasp.cli import cli
from mtgasp.engine import rules_dir
from mtgasp.parser import parse_card

from steps import TWO_PLAYERS, position

ENGINE = Engine()
A, B = 'player("a")', 'player("b")'
START = TWO_PLAYERS + f"step(precombat_main). priority({A}).\n"


def test_cr117_3d_apply_pass_on_a_state_file() -> None:
    state = loads_state("players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice}\n")
    (s,) = ENGINE.apply(state, "pass").successors
    assert s.added == ('passed(player("alice"))', 'priority(player("bob"))')
    assert (s.removed, s.count, s.sequences) == (('priority(player("alice"))',), 1, ((),))
    assert ("117.3d", "alice") in s.fired


def test_legal_actions_of_a_state_file() -> None:
    state = loads_state("players: [alice, bob]\nstep: combat_damage\n")
    r = ENGINE.actions(state)
    assert (r.player, r.actions, r.settled, r.game_over) == ("alice", ("pass",), True, False)


def test_an_illegal_action_is_refused_with_the_legal_ones() -> None:
    state = loads_state("players: [alice, bob]\n")
    with pytest.raises(IllegalActionError, match="'play:nothing' is not a legal action now; legal actions: pass"):
        ENGINE.apply(state, "play:nothing")
    with pytest.raises(IllegalActionError, match="not understood"):
        ENGINE.apply(state, "dance")


LAYERS = pytest.mark.skipif(
    not any("toughness(O, N)" in p.read_text() for p in rules_dir().rglob("cr613*.lp")),
    reason="the layer rules deriving toughness/2 (CR 613.4) are not on this branch yet",
)


@LAYERS
def test_cr704_3_settle_repeats_until_nothing_applies() -> None:
    # A 0/0 creature with an Aura on it: the first check puts the creature into the graveyard
    # (CR 704.5f); then the Aura is attached to nothing and goes too (CR 704.5m, checked again).
    facts = START + (
        f'object(obj("x")). zone(obj("x"), battlefield). permanent(obj("x")). controller(obj("x"), {A}). '
        f'owner(obj("x"), {A}). card_of(obj("x"), card("Zero")). timestamp(obj("x"), 1). '
        f'object(obj("au")). zone(obj("au"), battlefield). permanent(obj("au")). controller(obj("au"), {A}). '
        f'owner(obj("au"), {A}). card_of(obj("au"), card("Gift")). attached_to(obj("au"), obj("x")). '
    )
    pos = position(facts, {"Gift": ("Enchantment — Aura", "Enchant creature")})
    zero = parse_card("Zero", "", type_line="Creature — Shade", power="0", toughness="0").facts
    r = ENGINE.apply(type(pos)(pos.facts, pos.cards + tuple(zero)), "settle")
    (s,) = r.successors
    assert f'zone(obj("x"),graveyard({A}))' in s.added and f'zone(obj("au"),graveyard({A}))' in s.added
    assert {rule for rule, _ in s.fired} == {"704.5f", "704.5m"}
    assert s.count == 1


def test_cr704_5j_the_legend_rule_two_successors_one_sequence_each() -> None:
    facts = START + "".join(
        f'object(obj("{o}")). zone(obj("{o}"), battlefield). permanent(obj("{o}")). controller(obj("{o}"), {A}). '
        f'owner(obj("{o}"), {A}). card_of(obj("{o}"), card("Test Legend")). timestamp(obj("{o}"), {i}). '
        for i, o in enumerate(("m1", "m2"), start=1)
    )
    pos = position(facts, {"Test Legend": ("Legendary Artifact", "")})
    r = ENGINE.apply(pos, "settle")
    assert [(s.sequences, s.count) for s in r.successors] == [((("keep m2",),), 1), ((("keep m1",),), 1)]
    assert [s.added for s in r.successors] == [(f'zone(obj("m1"),graveyard({A}))',), (f'zone(obj("m2"),graveyard({A}))',)]


def test_cr603_3b_triggers_go_on_the_stack_in_apnap_order_each_player_ordering_theirs() -> None:
    # Alice (active) has two waiting triggers, Bob one; a spell is already on the stack.
    facts = START + (
        f"pending_trigger(tg(1), ab(card(\"T\"), 1), obj(\"s1\"), {A}). "
        f"pending_trigger(tg(2), ab(card(\"T\"), 1), obj(\"s2\"), {A}). "
        f"pending_trigger(tg(3), ab(card(\"T\"), 1), obj(\"s3\"), {B}). "
        f'object(obj("sp")). zone(obj("sp"), stack). stack_position(obj("sp"), 1). controller(obj("sp"), {B}). '
    )
    r = ENGINE.apply(position(facts), "settle")
    # Alice orders her two (2 ways), Bob has one: 2 distinct stacks, one choice sequence each.
    # Bob's trigger is put on the stack last: on top (position 1); the spell is now 4th.
    assert len(r.successors) == 2 and [s.count for s in r.successors] == [1, 1]
    for s in r.successors:
        pos = {f for f in s.added if f.startswith("stack_position")}
        assert 'stack_position(obj(tg(3)),1)' in pos and 'stack_position(obj("sp"),4)' in pos
        assert ({'stack_position(obj(tg(1)),2)', 'stack_position(obj(tg(2)),3)'} <= pos) != (
            {'stack_position(obj(tg(1)),3)', 'stack_position(obj(tg(2)),2)'} <= pos
        )
        assert not [f for f in s.position.lines() if f.startswith("pending_trigger")]


def test_cr608_a_resolution_no_rule_implements_is_not_modelled_not_guessed() -> None:
    facts = START + f'passed({B}). object(obj("sp")). zone(obj("sp"), stack). stack_position(obj("sp"), 1). '
    r = ENGINE.apply(position(facts), "pass")
    assert r.successors == () and r.not_modelled == ("sp: resolution",)


def test_play_a_line_branching_at_the_legend_rule() -> None:
    facts = START + (
        f'hand_size({A}, 1). object(obj("l1")). zone(obj("l1"), battlefield). permanent(obj("l1")). '
        f'controller(obj("l1"), {A}). owner(obj("l1"), {A}). card_of(obj("l1"), card("Test Legend")). '
        f'object(obj("l2")). zone(obj("l2"), hand({A})). owner(obj("l2"), {A}). card_of(obj("l2"), card("Test Legend")). '
    )
    pos = position(facts, {"Test Legend": ("Legendary Land", "")})
    r = ENGINE.play(pos, ["play:l2", "pass", "pass"])
    assert len(r.ends) == 2 and all(e.count == 1 for e in r.ends)
    assert all("step(beginning_of_combat)" in e.added for e in r.ends)
    only = ENGINE.play(pos, [{"action": "play:l2", "choose": ["keep l2"]}, "pass"])
    (end,) = only.ends
    assert f'zone(obj("l1"),graveyard({A}))' in end.added


def test_cli_actions_apply_perft_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.yaml"
    path.write_text("players: [alice, bob]\nstep: end_of_combat\n")
    run = CliRunner().invoke
    r = run(cli, ["actions", str(path), "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["actions"] == ["pass"]
    r = run(cli, ["apply", str(path), "pass", "--json", "--out", str(tmp_path / "out")])
    data = json.loads(r.output)
    assert data["successors"][0]["added"] == ['passed(player("alice"))', 'priority(player("bob"))']
    assert len(data["written"]) == 1
    r = run(cli, ["perft", str(path), "2", "--json"])
    data = json.loads(r.output)
    # pass (Bob has priority), pass (both passed: postcombat main, Alice has priority).
    assert (data["per_depth"], data["within"], data["paths"]) == ([1, 1], 2, 1)
    line = tmp_path / "line.yaml"
    line.write_text("- pass\n- pass\n")
    r = run(cli, ["play", str(path), str(line), "--json"])
    assert 'step(postcombat_main)' in json.loads(r.output)["ends"][0]["added"]


def test_cli_an_illegal_action_exits_2_with_one_paragraph(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from mtgasp.cli import main

    p = tmp_path / "s.yaml"
    p.write_text("players: [alice, bob]\n")
    assert main(["apply", str(p), "cast:nothing"]) == 2
    assert "'cast:nothing' is not a legal action now; legal actions: pass" in capsys.readouterr().err


def test_cr305_6_an_intrinsic_mana_ability_is_an_action_that_reads_back() -> None:
    # A Forest's "{T}: Add {G}." (CR 305.6) is listed as activate:ID:Forest, and that text applies:
    # the Forest taps and Alice's pool gets {G} (CR 605.3a, 106.4).
    state = loads_state("players: [alice, bob]\nbattlefield:\n  - {id: f, card: Forest, controller: alice}\n")
    assert ENGINE.actions(state).actions == ("activate:f:Forest", "pass")
    (s,) = ENGINE.apply(state, "activate:f:Forest").successors
    assert 'mana_pool(player("alice"),g,1)' in s.added and 'tapped(obj("f"))' in s.added
