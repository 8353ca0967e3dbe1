"""The Master of Winds rulings (../shared/seeds/004_*.txt, last paragraphs), one test per ruling,
through the `apply` query: a line of play from a state, every distinct successor of each step.

Master of Winds (2UU, Creature — Sphinx Wizard, 1/4): "Whenever you cast an instant, sorcery, or
Wizard spell, you may have Master of Winds's base power and toughness become 4/1 or 1/4 until
end of turn." Its card facts come from the embedded card set, as the parser reads them."""

from __future__ import annotations

import pytest
from mtgasp.cards import CardDatabase

from game import BASE, A, B, Game, Successor, card, in_hand, permanent

MASTER = 'ab(card("Master of Winds"),3)'
CARDS = [
    *(str(f) for f in CardDatabase.default().parsed("Master of Winds").facts),
    *card("Test Wizard", "", "Creature — Human Wizard", "{U}", "1/1"),
    *card("Wizardly Relic", "", "Artifact", "{U}"),
    *card("Bolt", "Bolt deals 3 damage to any target.", "Instant", "{R}"),
    *card("Negate", "Counter target spell.", "Instant", "{U}{U}"),
]
M = 'obj("master")'
TRIGGER = "obj(tg(1))"


def game(*facts: str | list[str], priority: str = A) -> Game:
    flat: list[str] = []
    for f in facts:
        flat.extend(f if isinstance(f, list) else [f])
    hand = sum(1 for f in flat if f.startswith("zone(") and f"hand({A})" in f)
    return Game.of(CARDS, [*BASE, "step(precombat_main)", f"priority({priority})", f"hand_size({A}, {hand})", *flat])


def master(*extra: str) -> list[str]:
    return permanent("master", "Master of Winds", A, "timestamp(O, 1)", *extra)


def trigger_on_stack(*below: str) -> list[str]:
    """Master of Winds's cast trigger on top of the stack (what `settle` put there), Bob passed."""
    return [f"object({TRIGGER})", f"zone({TRIGGER}, stack)", f"stack_position({TRIGGER}, 1)",
            f'stack_ability({TRIGGER}, {MASTER}, {M})', f"controller({TRIGGER}, {A})", f"owner({TRIGGER}, {A})",
            f"passed({B})", *below]


def pt(g: Game, s: Successor) -> tuple[str, ...]:
    """Master of Winds's power and toughness in the successor state (CR 613.4)."""
    after = g.then(s)
    return tuple(after.query("", "power") + after.query("", "toughness"))


def base_pt_effects(s: Successor) -> list[str]:
    return [f for f in s.facts("resolved_effect") if "set_base_pt" in f]


# -- "You don't choose a power and toughness for Master of Winds as its ability triggers. Rather, as
#     it resolves, you choose whether to have Master of Winds become 4/1, become 1/4, or not change
#     its power and toughness." --------------------------------------------------------------------


def test_ruling_no_choice_as_it_triggers_the_choice_is_made_as_it_resolves() -> None:
    g = game(master(), in_hand("tw", "Test Wizard"), f"mana_pool({A}, u, 1)")
    cast = g.only('cast(obj("tw"))')
    assert cast.facts("pending_trigger") == [f"pending_trigger(tg(1),{MASTER},{M},{A})"]
    assert not any("(608" in c or "(603" in c for c in cast.choices)  # nothing chosen as it triggers
    g = g.then(cast)
    on_stack = g.only("settle")  # CR 603.3: onto the stack, still nothing chosen
    assert on_stack.choices == () and on_stack.facts("stack_position") == [
        'stack_position(obj("tw"),2)', f"stack_position({TRIGGER},1)"]
    g = g.then(on_stack)
    g = g.then(g.only("pass"))
    resolved = g.distinct("pass")
    # Exactly three outcomes: become 4/1, become 1/4, or no change.
    assert sorted(base_pt_effects(s) for s in resolved) == [
        [], ['resolved_effect(eff(1),obj("master"),set_base_pt(1,4))'],
        ['resolved_effect(eff(1),obj("master"),set_base_pt(4,1))']]
    assert sorted(s.choices for s in resolved) == [
        (f"option({k})",) for k in (1, 2, "none")]
    for s in resolved:  # the trigger is gone, the Wizard spell is on top again
        assert s.facts("stack_position") == ['stack_position(obj("tw"),1)']


def test_ruling_the_effect_lasts_until_end_of_turn_with_its_source_and_a_new_timestamp() -> None:
    g = game(master(), trigger_on_stack())
    (four_one,) = [s for s in g.distinct("pass") if "option(1)" in s.choices]
    assert sorted(f for f in four_one.state if f.startswith("resolved_effect")) == [
        'resolved_effect(eff(1),obj("master"),set_base_pt(4,1))', f"resolved_effect_controller(eff(1),{A})",
        f"resolved_effect_source(eff(1),{M})", "resolved_effect_timestamp(eff(1),2)",
        "resolved_effect_until(eff(1),end_of_turn)"]


# -- "A Wizard spell is one with the creature type Wizard. Spells that are Wizard-themed (such as
#     Relic Amulet) aren't Wizard spells." ------------------------------------------------------------


@pytest.mark.parametrize(("spell", "triggers"), [("Test Wizard", True), ("Wizardly Relic", False), ("Bolt", True)])
def test_ruling_a_wizard_spell_is_a_spell_with_the_creature_type_wizard(spell: str, triggers: bool) -> None:
    pool = f"mana_pool({A}, r, 1)" if spell == "Bolt" else f"mana_pool({A}, u, 1)"
    g = game(master(), in_hand("s", spell), pool)
    found = g.distinct('cast(obj("s"))')
    assert found and all(bool(s.facts("pending_trigger")) is triggers for s in found)


def test_ruling_whenever_you_cast_an_opponents_wizard_spell_does_not_trigger_it() -> None:
    g = game(master(), in_hand("tw", "Test Wizard", B), f"mana_pool({B}, u, 1)", priority=B)
    assert g.legal() == ["pass"]  # a creature spell can't be cast in Alice's turn (CR 307.1) ...
    g = game(master(), in_hand("neg", "Negate", B), f"mana_pool({B}, u, 2)", priority=B,
             *[["object(obj(\"x\"))", "zone(obj(\"x\"), stack)", "stack_position(obj(\"x\"), 1)",
                'card_of(obj("x"), card("Bolt"))', f'controller(obj("x"), {A})', f'owner(obj("x"), {A})',
                f'spell_target(obj("x"), 1, {B})']])
    # ... but an instant can: Bob's Negate is an instant spell Alice didn't cast.
    (s,) = g.distinct('cast(obj("neg"))')
    assert s.facts("pending_trigger") == []


# -- "An ability that triggers when a player casts a spell resolves before the spell that caused it
#     to trigger, but after targets have been chosen for that spell (if it has any targets). The
#     ability resolves even if that spell is countered." -------------------------------------------


def test_ruling_the_cast_trigger_resolves_before_the_spell_after_its_targets_were_chosen() -> None:
    g = game(master(), in_hand("bolt", "Bolt"), f"mana_pool({A}, r, 1)")
    to_bob = [s for s in g.distinct('cast(obj("bolt"))') if f'spell_target(obj("bolt"),1,{B})' in s.state]
    (cast,) = to_bob  # the target is chosen as the spell is cast, the trigger is only pending
    assert cast.facts("pending_trigger") == [f"pending_trigger(tg(1),{MASTER},{M},{A})"]
    g = g.then(cast)
    g = g.then(g.only("settle"))
    g = g.then(g.only("pass"))
    first = g.distinct("pass")  # what resolves first is the trigger: Bob is still at 20
    assert len(first) == 3 and all(f"life({B},20)" in s.state for s in first)
    (no_change,) = [s for s in first if s.choices == ("option(none)",)]
    g = g.then(no_change)
    g = g.then(g.only("pass"))
    assert f"life({B},17)" in g.only("pass").state


def test_ruling_the_cast_trigger_resolves_even_if_the_spell_is_countered() -> None:
    wizard = ['object(obj("tw"))', 'zone(obj("tw"), stack)', 'stack_position(obj("tw"), 2)',
              'card_of(obj("tw"), card("Test Wizard"))', f'controller(obj("tw"), {A})', f'owner(obj("tw"), {A})']
    g = game(master(), trigger_on_stack(*wizard), in_hand("neg", "Negate", B), f"mana_pool({B}, u, 2)", priority=B)
    g = g.then(g.only('cast(obj("neg"))'))  # the only spell to target is the Wizard (the trigger isn't one)
    assert g.state >= {'spell_target(obj("neg"),1,obj("tw"))', 'stack_position(obj("neg"),1)'}
    g = g.then(g.only("pass"))
    countered = g.only("pass")
    assert f'zone(obj("tw"),graveyard({A}))' in countered.state
    g = g.then(countered)  # Alice has priority: the trigger is on top, alone
    assert g.state >= {f"stack_position({TRIGGER},1)", f"priority({A})"}
    g = g.then(g.only("pass"))
    assert sorted(base_pt_effects(s) for s in g.distinct("pass")) == [
        [], ['resolved_effect(eff(1),obj("master"),set_base_pt(1,4))'],
        ['resolved_effect(eff(1),obj("master"),set_base_pt(4,1))']]


# -- "The ability of Master of Winds overwrites any previous effects that set its power and/or
#     toughness to specific values. Other effects that set these characteristics to specific values
#     that start to apply after the ability resolves will overwrite that part of the effect." --------


def test_ruling_it_overwrites_earlier_set_effects_and_later_ones_overwrite_it() -> None:
    earlier = ["resolved_effect(eff(1), obj(\"master\"), set_base_pt(1, 4))", "resolved_effect_timestamp(eff(1), 2)"]
    g = game(master(), trigger_on_stack(), *[earlier])
    (four_one,) = [s for s in g.distinct("pass") if "option(1)" in s.choices]
    assert pt(g, four_one) == (f"power({M},4)", f"toughness({M},1)")
    later = ["resolved_effect(eff(9), obj(\"master\"), set_base_pt(2, 2))", "resolved_effect_timestamp(eff(9), 9)"]
    g2 = game(master(), trigger_on_stack())
    (after,) = [s for s in g2.distinct("pass") if "option(1)" in s.choices]
    assert pt(g2, Successor(after.state | set(later), (), (), ())) == (f"power({M},2)", f"toughness({M},2)")


# -- "Effects that modify the power or toughness of Master of Winds without setting it will apply
#     to its new base power and toughness no matter when they started to take effect. The same is
#     true for counters that change its power and toughness." ----------------------------------------


def test_ruling_modifications_and_counters_apply_on_top_of_the_new_base() -> None:
    pump = ["resolved_effect(eff(1), obj(\"master\"), modify_pt(2, 0))", "resolved_effect_timestamp(eff(1), 2)"]
    g = game(master('counter(O, "+1/+1", 1)'), trigger_on_stack(), *[pump])
    found = {s.choices: pt(g, s) for s in g.distinct("pass")}
    # 7b set, then 7c: +2/+0 and a +1/+1 counter on 4/1 -> 7/2; on 1/4 -> 4/5; printed 1/4 -> 4/5.
    assert found == {("option(1)",): (f"power({M},7)", f"toughness({M},2)"),
                     ("option(2)",): (f"power({M},4)", f"toughness({M},5)"),
                     ("option(none)",): (f"power({M},4)", f"toughness({M},5)")}


# -- "Because damage remains marked on a creature until the damage is removed as the turn ends,
#     nonlethal damage dealt to Master of Winds may become lethal if you change its base toughness
#     during that turn." -----------------------------------------------------------------------------


def test_ruling_marked_damage_may_become_lethal_and_it_dies_to_the_state_based_action() -> None:
    g = game(master("damage(O, 2)"), trigger_on_stack())
    for s in g.distinct("pass"):
        after = g.then(s)
        settled = after.only("settle")
        dies = f"zone({M},graveyard({A}))" in settled.state
        # 4/1 with 2 damage: lethal (CR 704.5g); 1/4 or unchanged 1/4: 2 < 4, nothing happens.
        assert dies is (s.choices == ("option(1)",)), s.choices
        if dies:
            assert "704.5g obj(\"master\")" in settled.fired
