"""CR 602 (activating activated abilities) and 605.3a (mana abilities), through the `apply`
query. The sources are artifacts, so no creature's toughness is needed (CR 613.4)."""

from __future__ import annotations

from game import BASE, A, B, Game, card, permanent

CARDS = [
    *card("Rod", "{T}: Rod deals 1 damage to any target.", "Artifact", "{2}"),
    *card("Signet", "{1}, {T}: Add {W}{U}.", "Artifact", "{2}"),
    *card("Bauble", "{T}, Sacrifice Bauble: Draw a card.", "Artifact", "{0}"),
    *card("Fountain", "{1}: You gain 1 life. Activate only once each turn.", "Artifact", "{2}"),
    *card("Altar", "{1}: You gain 1 life. Activate only as a sorcery.", "Artifact", "{2}"),
    *card("Island", "", "Basic Land — Island"),
]
ROD, SIGNET, BAUBLE = 'ab(card("Rod"),1)', 'ab(card("Signet"),1)', 'ab(card("Bauble"),1)'
FOUNTAIN, ALTAR = 'ab(card("Fountain"),1)', 'ab(card("Altar"),1)'


def game(*facts: str | list[str], priority: str = A) -> Game:
    flat: list[str] = []
    for f in facts:
        flat.extend(f if isinstance(f, list) else [f])
    return Game.of(CARDS, [*BASE, "step(precombat_main)", f"priority({priority})", f"hand_size({A}, 0)", *flat])


def test_cr602_2a_an_ability_goes_on_the_stack_with_its_target_and_its_cost_is_paid() -> None:
    g = game(permanent("rod", "Rod"))
    found = g.distinct(f'activate(obj("rod"),{ROD})')
    # CR 115.4: any target — Alice, Bob, or the Rod itself (an artifact is not a legal "any
    # target": only creatures, players, planeswalkers and battles): two successors.
    assert sorted(s.facts("spell_target")[0] for s in found) == [
        f"spell_target(obj(act(1)),1,{A})", f"spell_target(obj(act(1)),1,{B})"]
    s = found[0]
    assert {'tapped(obj("rod"))', f'stack_ability(obj(act(1)),{ROD},obj("rod"))', "stack_position(obj(act(1)),1)",
            f"controller(obj(act(1)),{A})", f'activated_this_turn(obj("rod"),{ROD},1)'} <= s.state


def test_cr107_5_a_tapped_permanent_cant_pay_t() -> None:
    assert game(permanent("rod", "Rod", A, "tapped(O)")).legal() == ["pass"]


def test_cr608_2n_the_ability_resolves_and_ceases_to_exist() -> None:
    s = game(permanent("rod", "Rod", A, "tapped(O)"), "object(obj(act(1)))", "zone(obj(act(1)), stack)",
             "stack_position(obj(act(1)), 1)", f'stack_ability(obj(act(1)), {ROD}, obj("rod"))',
             f"controller(obj(act(1)), {A})", f"owner(obj(act(1)), {A})", f"spell_target(obj(act(1)), 1, {B})",
             f"passed({B})").only("pass")
    assert f"life({B},19)" in s.state and not any("act(1)" in f for f in s.state)


def test_cr605_3a_a_mana_ability_resolves_at_once_and_its_mana_cost_is_paid_first() -> None:
    # Signet: {1}, {T}: Add {W}{U}. With {U} in the pool: pay {1} with it, get {W}{U}.
    g = game(permanent("sig", "Signet"), f"mana_pool({A}, u, 1)")
    s = g.only(f'activate(obj("sig"),{SIGNET})')
    assert sorted(s.facts("mana_pool")) == [f"mana_pool({A},u,1)", f"mana_pool({A},w,1)"]
    assert 'tapped(obj("sig"))' in s.state and s.facts("stack_position") == []
    # Without mana, and no land, it can't be activated (CR 602.2b, 601.2h).
    assert game(permanent("sig", "Signet")).legal() == ["pass"]


def test_cr602_2b_sacrifice_self_is_paid_and_the_ability_still_resolves() -> None:
    g = game(permanent("bau", "Bauble"))
    s = g.only(f'activate(obj("bau"),{BAUBLE})')
    assert f'zone(obj("bau"),graveyard({A}))' in s.state and 'permanent(obj("bau"))' not in s.state
    g = g.then(s)
    g = g.then(g.only("pass"))
    assert f"hand_size({A},1)" in g.only("pass").state  # "Draw a card" for its controller


def test_cr602_5b_only_once_each_turn() -> None:
    assert game(permanent("f", "Fountain"), f"mana_pool({A}, c, 2)").legal() == [
        f'activate(obj("f"),{FOUNTAIN})', "pass"]
    used = game(permanent("f", "Fountain"), f"mana_pool({A}, c, 2)", f'activated_this_turn(obj("f"), {FOUNTAIN}, 1)')
    assert used.legal() == ["pass"]


def test_cr602_5d_only_as_a_sorcery_needs_an_empty_stack_in_your_main_phase() -> None:
    assert game(permanent("al", "Altar"), f"mana_pool({A}, c, 1)").legal() == [f'activate(obj("al"),{ALTAR})', "pass"]
    busy = ["object(obj(act(7)))", "zone(obj(act(7)), stack)", "stack_position(obj(act(7)), 1)",
            f'stack_ability(obj(act(7)), {ALTAR}, obj("al"))', f"controller(obj(act(7)), {A})"]
    assert game(permanent("al", "Altar"), f"mana_pool({A}, c, 1)", busy).legal() == ["pass"]
