"""CR 107.3m (the mana seed, ../shared/seeds/000_*.txt): "If an object's enters-the-battlefield
triggered ability or replacement effect refers to X, and the spell that became that object as it
resolved had a value of X chosen for any of its costs, the value of X for that ability is the same
as the value of X for that spell, although the value of X for that permanent is 0."

Through the `apply` query: a spell with X resolves, then its enters ability or replacement uses
that X. The cards are artifacts, so no creature's toughness is needed (CR 613.4)."""

from __future__ import annotations

import pytest

from game import BASE, A, B, Game, card

CARDS = [
    *card("Battery", "Battery enters with X charge counters on it.", "Artifact", "{X}"),
    *card("Fuse", "When Fuse enters, it deals X damage to any target.", "Artifact", "{X}{R}"),
    *card("Spring", "When Spring enters, you gain X life.", "Artifact", "{X}{W}"),
]


def resolving(ident: str, name: str, x: int) -> Game:
    """``name`` (a spell with X = ``x``) alone on the stack, Bob passed: Alice passes next."""
    o = f'obj("{ident}")'
    return Game.of(CARDS, [*BASE, "step(precombat_main)", f"priority({A})", f"passed({B})", f"hand_size({A}, 0)",
                           f"object({o})", f"zone({o}, stack)", f"stack_position({o}, 1)", f'card_of({o}, card("{name}"))',
                           f"controller({o}, {A})", f"owner({o}, {A})", f"spell_x({o}, {x})"])


@pytest.mark.parametrize("x", [0, 3])
def test_cr107_3m_a_replacement_that_refers_to_x_uses_the_spells_x(x: int) -> None:
    s = resolving("bat", "Battery", x).only("pass")
    assert s.facts("counter") == ([f'counter(obj("bat"),"charge",{x})'] if x else [])
    assert 'zone(obj("bat"),battlefield)' in s.state
    # "... although the value of X for that permanent is 0": it keeps no X.
    assert s.facts("spell_x") == []


def test_cr107_3m_an_enters_ability_that_refers_to_x_uses_the_spells_x() -> None:
    g = resolving("spr", "Spring", 4)
    entered = g.only("pass")
    assert entered.facts("pending_trigger") == [f'pending_trigger(tg(1),ab(card("Spring"),1),obj("spr"),{A})']
    assert entered.facts("pending_trigger_x") == ["pending_trigger_x(tg(1),4)"]
    assert entered.facts("spell_x") == []  # the permanent's X is 0
    g = g.then(entered)
    on_stack = g.only("settle")
    assert on_stack.facts("spell_x") == ["spell_x(obj(tg(1)),4)"] and on_stack.facts("pending_trigger_x") == []
    g = g.then(on_stack)
    g = g.then(g.only("pass"))
    assert f"life({A},24)" in g.only("pass").state


def test_cr107_3m_with_a_target_the_x_damage_is_the_spells_x() -> None:
    g = resolving("fuse", "Fuse", 2)
    g = g.then(g.only("pass"))
    to_bob = [s for s in g.distinct("settle") if f"spell_target(obj(tg(1)),1,{B})" in s.state]
    (s,) = to_bob  # CR 603.3d: its target is chosen as it is put on the stack
    assert "spell_x(obj(tg(1)),2)" in s.state
    g = g.then(s)
    g = g.then(g.only("pass"))
    assert f"life({B},18)" in g.only("pass").state
