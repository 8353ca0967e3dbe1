"""CR 704.5: one test per state-based action encoded, through the action `settle`, with the
exact successors (rules_asp/cr7_additional_rules/cr704_*.lp, rules_asp/transitions/settle.lp).

Objects are given with their characteristics as facts (has_type/2, toughness/2, ...) so each
test states exactly what the SBA reads; tests/test_apply.py runs real cards through the bridge."""

from __future__ import annotations

import pytest

from steps import TWO_PLAYERS, distinct, one_step, shown, steps

A, B = 'player("a")', 'player("b")'
START = TWO_PLAYERS + f"step(precombat_main). priority({A}).\n"


def creature(name: str, toughness: int, *extra: str, controller: str = A) -> str:
    """A creature card with power and toughness ``toughness`` on the battlefield. Its toughness is
    also given as a fact: the same value the layer rules (CR 613) derive from the card."""
    o, c = f'obj("{name}")', f'card("{name.upper()}")'
    return (
        f"object({o}). zone({o}, battlefield). permanent({o}). controller({o}, {controller}). owner({o}, {controller}). "
        f"card_of({o}, {c}). card_type({c}, creature). card_power({c}, {toughness}). card_toughness({c}, {toughness}). "
        f"has_type({o}, creature). toughness({o}, {toughness}). timestamp({o}, 1). " + " ".join(extra)
    )


def to_graveyard(name: str, owner: str = A) -> tuple[str, ...]:
    return (f'zone(obj("{name}"),graveyard({owner}))',)


def test_cr704_5a_a_player_with_0_or_less_life_loses() -> None:
    for life in (0, -3):
        s = one_step(START.replace(f"life({B}, 20).", f"life({B}, {life})."), "settle")
        assert s.added == (f"lost({B})",) and s.removed == ()
        assert s.fired == (f"704.5a {B}",)


def test_cr704_5a_one_life_is_enough() -> None:
    (s,) = steps(START.replace(f"life({B}, 20).", f"life({B}, 1)."), "settle")
    assert (s.added, s.removed) == ((), ())


def test_cr704_3_both_players_lose_at_once_and_the_game_is_over() -> None:
    facts = START.replace("20).", "0).")
    s = one_step(facts, "settle")
    assert s.added == (f"lost({A})", f"lost({B})")
    # CR 104.4a: all players lose at once: the game is a draw and nobody acts any more.
    assert shown(facts + f"lost({A}). lost({B}).") == ["game_over", "settled"]


def test_cr704_5b_a_player_who_drew_from_an_empty_library_loses() -> None:
    s = one_step(START + f"drew_from_empty({B}).", "settle")
    assert s.added == (f"lost({B})",) and s.removed == (f"drew_from_empty({B})",)


@pytest.mark.parametrize(("poison", "loses"), [(9, False), (10, True), (12, True)])
def test_cr704_5c_ten_or_more_poison_counters(poison: int, loses: bool) -> None:
    (s,) = steps(START + f'player_counter({B}, "poison", {poison}).', "settle")
    assert s.added == ((f"lost({B})",) if loses else ())


def test_cr704_5d_a_token_in_another_zone_ceases_to_exist() -> None:
    facts = START + (
        f'object(obj("t")). zone(obj("t"), graveyard({A})). token(obj("t")). owner(obj("t"), {A}). '
        f'card_of(obj("t"), card("Soldier")).'
    )
    s = one_step(facts, "settle")
    assert s.added == ()
    assert s.removed == (
        f'card_of(obj("t"),card("Soldier"))',
        'object(obj("t"))',
        f'owner(obj("t"),{A})',
        'token(obj("t"))',
        f'zone(obj("t"),graveyard({A}))',
    )


def test_cr704_5d_a_token_on_the_battlefield_stays() -> None:
    (s,) = steps(START + creature("t", 1, 'token(obj("t")).'), "settle")
    assert (s.added, s.removed) == ((), ())


def test_cr704_5f_toughness_0_goes_to_the_graveyard_even_if_indestructible() -> None:
    # 0/0 with indestructible: CR 702.12b keeps it from being destroyed, not from 704.5f.
    facts = START + creature("x", 0, 'has_keyword(obj("x"), "indestructible"). tapped(obj("x")).')
    s = one_step(facts, "settle")
    assert s.added == to_graveyard("x")
    assert s.removed == (
        f'controller(obj("x"),{A})',
        'permanent(obj("x"))',
        'tapped(obj("x"))',
        'timestamp(obj("x"),1)',
        'zone(obj("x"),battlefield)',
    )
    assert s.fired == ('704.5f obj("x")',)


@pytest.mark.parametrize(("damage", "dies"), [(1, False), (2, True), (5, True)])
def test_cr704_5g_lethal_damage_destroys_a_creature(damage: int, dies: bool) -> None:
    (s,) = steps(START + creature("x", 2, f'damage(obj("x"), {damage}).'), "settle")
    assert (to_graveyard("x") == s.added) is dies
    assert (f'damage(obj("x"),{damage})' in s.removed) is dies


def test_cr704_5g_an_indestructible_creature_is_not_destroyed_by_lethal_damage() -> None:
    (s,) = steps(START + creature("x", 2, 'damage(obj("x"), 5). has_keyword(obj("x"), "indestructible").'), "settle")
    assert (s.added, s.removed) == ((), ())


def test_cr704_5h_damage_from_a_source_with_deathtouch_destroys() -> None:
    s = one_step(START + creature("x", 4, 'damage(obj("x"), 1). damaged_by_deathtouch(obj("x")).'), "settle")
    assert s.added == to_graveyard("x")
    assert "damaged_by_deathtouch(obj(\"x\"))" in s.removed and '704.5h obj("x")' in s.fired


def test_cr704_5i_a_planeswalker_with_0_loyalty() -> None:
    pw = (
        f'object(obj("p")). zone(obj("p"), battlefield). permanent(obj("p")). controller(obj("p"), {B}). '
        f'owner(obj("p"), {B}). has_type(obj("p"), planeswalker).'
    )
    s = one_step(START + pw, "settle")
    assert s.added == to_graveyard("p", B)
    (s,) = steps(START + pw + 'counter(obj("p"), "loyalty", 1).', "settle")
    assert (s.added, s.removed) == ((), ())


def _legend(name: str, card: str, controller: str) -> str:
    o = f'obj("{name}")'
    return (
        f"object({o}). zone({o}, battlefield). permanent({o}). controller({o}, {controller}). owner({o}, {controller}). "
        f'card_of({o}, card("{card}")). has_type({o}, artifact). has_supertype({o}, legendary).'
    )


def test_cr704_5j_the_legend_rule_its_controller_chooses_one() -> None:
    facts = START + _legend("m1", "Relic", A) + _legend("m2", "Relic", A) + _legend("m3", "Relic", A)
    found = steps(facts, "settle")
    # Three choices, three distinct successors (keep m1, m2 or m3), one choice sequence each.
    assert sorted(s.choices for s in found) == [("keep(obj(\"m1\"))",), ("keep(obj(\"m2\"))",), ("keep(obj(\"m3\"))",)]
    assert sorted(distinct(found).values()) == [1, 1, 1]
    for s in found:
        kept = s.choices[0].split('"')[1]
        gone = sorted({"m1", "m2", "m3"} - {kept})
        assert [f for f in s.added if f.startswith("zone")] == [f'zone(obj("{g}"),graveyard({A}))' for g in gone]


def test_cr704_5j_different_names_or_controllers_are_no_legend_rule() -> None:
    facts = START + _legend("m1", "Relic", A) + _legend("m2", "Relic", B) + _legend("m3", "Other", A)
    (s,) = steps(facts, "settle")
    assert (s.added, s.removed, s.choices) == ((), (), ())


def _aura(extra: str) -> str:
    o = 'obj("au")'
    return (
        f"object({o}). zone({o}, battlefield). permanent({o}). controller({o}, {A}). owner({o}, {A}). "
        f'card_of({o}, card("Aura Test")). has_type({o}, enchantment). has_subtype({o}, "Aura"). ' + extra
    )


def test_cr704_5m_an_aura_attached_to_nothing() -> None:
    s = one_step(START + _aura(""), "settle")
    assert s.added == to_graveyard("au")


def test_cr704_5m_an_aura_attached_to_an_object_that_left() -> None:
    s = one_step(START + _aura('attached_to(obj("au"), obj("gone")).'), "settle")
    assert s.added == to_graveyard("au") and 'attached_to(obj("au"),obj("gone"))' in s.removed


ENCHANT_CREATURE = (
    'card_ability(card("Aura Test"), ab(card("Aura Test"), 1)). static(ab(card("Aura Test"), 1)). '
    'keyword(ab(card("Aura Test"), 1), "enchant"). keyword_param(ab(card("Aura Test"), 1), f(ab(card("Aura Test"), 1), 1)). '
    'filter(f(ab(card("Aura Test"), 1), 1), 1, type(creature)). has_ability(obj("au"), ab(card("Aura Test"), 1)). '
)


def test_cr704_5m_an_aura_attached_to_an_illegal_object() -> None:
    land = f'permanent(obj("l")). controller(obj("l"), {A}). has_type(obj("l"), land). '
    s = one_step(START + land + ENCHANT_CREATURE + _aura('attached_to(obj("au"), obj("l")).'), "settle")
    assert s.added == to_graveyard("au")


def test_cr704_5m_an_aura_attached_legally_stays() -> None:
    facts = START + creature("c", 2) + ENCHANT_CREATURE + _aura('attached_to(obj("au"), obj("c")).')
    (s,) = steps(facts, "settle")
    assert (s.added, s.removed) == ((), ())


def test_cr704_unknown_toughness_is_not_settled_and_said_so() -> None:
    facts = START + f'permanent(obj("x")). controller(obj("x"), {A}). has_type(obj("x"), creature).'
    (s,) = steps(facts, "settle")
    assert s.not_modelled == ('not_modelled(obj("x"),"704.5f")',)
    assert steps(facts, "pass") == []
