"""CR 117 (priority), 500-514 (turn structure) and 305.1 (playing a land), through `apply`:
each test gives a state as facts, takes one action and checks the exact change."""

from __future__ import annotations

import pytest

from steps import TWO_PLAYERS, one_step, shown, steps

A, B = 'player("a")', 'player("b")'


def state(*extra: str, step: str = "precombat_main", priority: str = A) -> str:
    return TWO_PLAYERS + f"step({step}). priority({priority}).\n" + "\n".join(extra)


# -- CR 117: priority ----------------------------------------------------------------------


def test_cr117_3d_passing_gives_priority_to_the_next_player() -> None:
    s = one_step(state(), "pass")
    assert s.added == (f"passed({A})", f"priority({B})")
    assert s.removed == (f"priority({A})",)
    assert s.fired == (f'117.3d {A}',)


def test_cr117_3d_turn_order_wraps_around() -> None:
    s = one_step(state(priority=B), "pass")
    assert s.added == (f"passed({B})", f"priority({A})")


def test_cr500_2_all_pass_with_empty_stack_the_step_ends() -> None:
    s = one_step(state(f"passed({B}).", step="precombat_main"), "pass")
    assert s.added == ("step(beginning_of_combat)",)
    assert s.removed == (f"passed({B})", "step(precombat_main)")
    assert "500.2 precombat_main" in s.fired


def test_cr117_4_all_pass_with_a_spell_on_the_stack_it_resolves() -> None:
    # Nothing here says what the spell does (that is CR 608): the step is reported, not guessed.
    facts = state(f"passed({B}).", 'object(obj("s")). zone(obj("s"), stack). stack_position(obj("s"), 1).',
                  f'card_of(obj("s"), card("Mystery")). controller(obj("s"), {A}). owner(obj("s"), {A}).')
    (s,) = steps(facts, "pass")
    assert s.not_modelled == ('not_modelled(obj("s"),resolution)',)
    assert "117.4 obj(\"s\")" in s.fired


def test_cr117_3c_acting_resets_the_passes() -> None:
    facts = state(f"passed({B}).", f'object(obj("f")). zone(obj("f"), hand({A})). card_of(obj("f"), card("Forest")).',
                  f'owner(obj("f"), {A}). hand_size({A}, 1).', 'card_type(card("Forest"), land).')
    s = one_step(facts, 'play_land(obj("f"))')
    assert f"passed({B})" in s.removed and f"priority({A})" not in s.removed


def test_cr117_5_nothing_but_settle_while_a_state_based_action_is_pending() -> None:
    facts = state(f"life({B}, 0).").replace(f"life({B}, 20).", "")
    assert steps(facts, "pass") == []  # UNSAT: pass is not a legal action now
    (s,) = steps(facts, "settle")
    assert s.added == (f"lost({B})",)


# -- CR 500-514: steps and turn-based actions ------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("upkeep", "draw"),
        ("draw", "precombat_main"),
        ("precombat_main", "beginning_of_combat"),
        ("beginning_of_combat", "declare_attackers"),
        ("declare_attackers", "end_of_combat"),  # CR 508.8: no attackers
        ("end_of_combat", "postcombat_main"),
        ("postcombat_main", "end"),
    ],
)
def test_cr500_1_steps_follow_in_order(before: str, after: str) -> None:
    s = one_step(state(f"passed({B}).", step=before), "pass")
    assert f"step({after})" in s.added and f"step({before})" in s.removed


def test_cr500_5_mana_empties_at_the_end_of_each_step() -> None:
    s = one_step(state(f"passed({B}).", f"mana_pool({A}, g, 2). mana_pool({B}, r, 1)."), "pass")
    assert f"mana_pool({A},g,2)" in s.removed and f"mana_pool({B},r,1)" in s.removed
    assert not [f for f in s.added if f.startswith("mana_pool")]


def test_cr514_the_end_of_the_turn_and_the_next_players_untap_and_upkeep() -> None:
    facts = state(
        f"passed({B}).",
        f"lands_played({A}, 1). cast_this_turn({A}, 2).",
        f'permanent(obj("x")). controller(obj("x"), {A}). tapped(obj("x")). damage(obj("x"), 1).',
        f'permanent(obj("y")). controller(obj("y"), {B}). tapped(obj("y")). summoning_sick(obj("y")).',
        f'permanent(obj("z")). controller(obj("z"), {A}). summoning_sick(obj("z")).',
        'resolved_effect(eff(1), obj("x"), modify_pt(2, 2)). resolved_effect_until(eff(1), end_of_turn).',
        'resolved_effect_timestamp(eff(1), 5).',
        step="end",
    )
    s = one_step(facts, "pass")
    assert s.added == (f"active_player({B})", f"priority({B})", "step(upkeep)", "turn_number(4)")
    assert s.removed == (
        f"active_player({A})",
        f"cast_this_turn({A},2)",
        'damage(obj("x"),1)',
        f"lands_played({A},1)",
        f"passed({B})",
        f"priority({A})",
        'resolved_effect(eff(1),obj("x"),modify_pt(2,2))',
        "resolved_effect_timestamp(eff(1),5)",
        "resolved_effect_until(eff(1),end_of_turn)",
        "step(end)",
        'summoning_sick(obj("y"))',  # CR 302.6: Bob's turn began
        'tapped(obj("y"))',  # CR 502.3: Bob untaps his permanents, not Alice's
        "turn_number(3)",
    )


def test_cr504_1_the_draw_step_draws_an_unknown_card() -> None:
    s = one_step(state(f"passed({B}).", f"hand_size({A}, 2).", step="upkeep"), "pass")
    assert s.added == (f"hand_size({A},3)", f"library_size({A},29)", "step(draw)")


def test_cr504_1_the_draw_step_draws_the_known_top_card() -> None:
    facts = state(
        f"passed({B}).",
        f'object(obj("c1")). zone(obj("c1"), library({A})). library_position(obj("c1"), 1). owner(obj("c1"), {A}).',
        f'object(obj("c2")). zone(obj("c2"), library({A})). library_position(obj("c2"), 3). owner(obj("c2"), {A}).',
        step="upkeep",
    )
    s = one_step(facts, "pass")
    assert s.added == (
        f"hand_size({A},1)",
        'library_position(obj("c2"),2)',
        f"library_size({A},29)",
        "step(draw)",
        f'zone(obj("c1"),hand({A}))',
    )
    assert 'library_position(obj("c1"),1)' in s.removed and 'library_position(obj("c2"),3)' in s.removed


def test_cr704_5b_drawing_from_an_empty_library_is_remembered_then_loses() -> None:
    facts = state(f"passed({B}).", step="upkeep").replace(f"library_size({A}, 30).", f"library_size({A}, 0).")
    s = one_step(facts, "pass")
    assert f"drew_from_empty({A})" in s.added and not [f for f in s.added if f.startswith("hand_size")]
    after = facts.replace("step(upkeep).", "step(draw).") + f"drew_from_empty({A})."
    s2 = one_step(after, "settle")
    assert s2.added == (f"lost({A})",) and s2.removed == (f"drew_from_empty({A})",)


def test_cr103_8a_the_first_player_skips_the_draw_of_the_first_turn() -> None:
    facts = state(f"passed({B}).", step="upkeep").replace("turn_number(3).", "turn_number(1).")
    s = one_step(facts, "pass")
    assert "step(precombat_main)" in s.added and not [f for f in s.added if "library" in f]


def test_cr508_1_entering_declare_attackers_declares_them() -> None:
    # One creature, one opponent without planeswalkers or battles: it attacks Bob or stays home
    # (the declarations themselves: tests/test_combat_attackers.py).
    facts = state(f"passed({B}).", f'permanent(obj("bear")). controller(obj("bear"), {A}). card_of(obj("bear"), card("Bear")).',
                  'card_type(card("Bear"), creature). card_power(card("Bear"), 2). card_toughness(card("Bear"), 2).',
                  step="beginning_of_combat")
    found = steps(facts, "pass")
    assert sorted(s.choices for s in found) == [(f'attacks(obj("bear"),{B})',), ('no_attack(obj("bear"))',)]
    assert all(s.not_modelled == () for s in found)


# -- CR 305: playing a land --------------------------------------------------------------------

HAND = (
    f'object(obj("f")). zone(obj("f"), hand({A})). card_of(obj("f"), card("Forest")). owner(obj("f"), {A}).'
    f' hand_size({A}, 1). card_type(card("Forest"), land).'
)


def test_cr305_1_playing_a_land_from_the_hand() -> None:
    s = one_step(state(HAND), 'play_land(obj("f"))')
    assert s.added == (
        f'controller(obj("f"),{A})',
        f"hand_size({A},0)",
        f"lands_played({A},1)",
        'permanent(obj("f"))',
        'summoning_sick(obj("f"))',
        'timestamp(obj("f"),1)',
        'zone(obj("f"),battlefield)',
    )
    assert s.removed == (f"hand_size({A},1)", f'zone(obj("f"),hand({A}))')


@pytest.mark.parametrize(
    "facts",
    [
        state(HAND, step="beginning_of_combat"),  # not a main phase
        state(HAND, f"lands_played({A}, 1)."),  # CR 305.2: one land per turn
        state(HAND, priority=B),  # not the player with priority
        state(HAND, 'object(obj("s")). zone(obj("s"), stack). stack_position(obj("s"), 1).'),  # stack not empty
    ],
    ids=["combat", "second_land", "no_priority", "stack"],
)
def test_cr305_1_when_a_land_cannot_be_played(facts: str) -> None:
    assert steps(facts, 'play_land(obj("f"))') == []
    assert 'shown_action(play_land(obj("f")))' not in shown(facts)


def test_cr305_1_the_legal_actions_in_a_main_phase_with_a_land_in_hand() -> None:
    assert shown(state(HAND)) == [f"priority_holder({A})", "settled", "shown_action(pass)", 'shown_action(play_land(obj("f")))']


def test_cr614_12_a_land_that_enters_tapped() -> None:
    text = (
        'card_ability(card("Forest"), ab(card("Forest"), 1)). static(ab(card("Forest"), 1)).'
        ' continuous(ab(card("Forest"), 1), 1, f(ab(card("Forest"), 1), 1), enters_tapped).'
        ' filter(f(ab(card("Forest"), 1), 1), 1, self).'
    )
    s = one_step(state(HAND, text), 'play_land(obj("f"))')
    assert 'tapped(obj("f"))' in s.added
