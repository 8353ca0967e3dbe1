"""X on copies (CR 107.3m, 202.3e, 707.2, 707.5): a copy of a creature with {X} in its mana cost and
"enters with X +1/+1 counters on it", through `apply`.

* The original, cast with X = 3, enters with 3 counters (CR 107.3m: the X of the spell it was).
* A Clone copying it enters with the copied "enters with X" ability (CR 707.5), but the Clone
  spell had no X: X is 0, it enters with no counters, a 0/0, and dies (CR 704.5f).
* A token copy of it (Myr Propagator's ability, its source having become a copy of it) was no
  spell: X is 0 (CR 202.3e), it enters with no counters and dies too.
"""

from __future__ import annotations

from game import BASE, A, B, Game, card, permanent

CARDS = [
    *card("Clone", "You may have this creature enter as a copy of any creature on the battlefield.",
          "Creature — Shapeshifter", "{3}{U}", "0/0"),
    *card("Endless One", "Endless One enters the battlefield with X +1/+1 counters on it.", "Creature — Eldrazi", "{X}", "0/0"),
    *card("Walker", "This creature enters with X +1/+1 counters on it.", "Artifact Creature — Construct", "{X}{X}", "0/0"),
    *card("Myr Propagator", "{3}, {T}: Create a token that's a copy of Myr Propagator.", "Artifact Creature — Myr", "{3}", "1/1"),
    *card("Grizzly Bears", "", "Creature — Bear", "{1}{G}", "2/2"),
]


def _on_stack(ident: str, name: str, *extra: str, battlefield: tuple[str, ...] = ()) -> Game:
    o = f'obj("{ident}")'
    return Game.of(CARDS, [*BASE, "step(precombat_main)", f"priority({A})", f"passed({B})", f"hand_size({A}, 0)",
                           f"object({o})", f"zone({o}, stack)", f"stack_position({o}, 1)", f'card_of({o}, card("{name}"))',
                           f"controller({o}, {A})", f"owner({o}, {A})", *extra, *battlefield])


def test_cr107_3m_the_original_enters_with_its_spells_x() -> None:
    for name in ("Endless One", "Walker"):
        s = _on_stack("e1", name, 'spell_x(obj("e1"), 3)').only("pass")
        assert s.facts("counter") == ['counter(obj("e1"),"+1/+1",3)'], name
        assert 'zone(obj("e1"),battlefield)' in s.state


def test_cr707_5_a_clone_of_an_x_creature_enters_with_x_0_and_dies() -> None:
    bf = tuple(permanent("e1", "Endless One", B, "timestamp(O, 1)", 'counter(O, "+1/+1", 3)'))
    g = _on_stack("cl", "Clone", battlefield=bf)
    (copying,) = [s for s in g.step("pass") if 'copy(obj("e1"))' in s.choices]
    assert [f for f in copying.state if "resolved_effect(" in f] == ['resolved_effect(eff(1),obj("cl"),copy(card("Endless One")))']
    # the counters of Endless One are not copied (CR 707.2), and X is 0: no counter on the Clone
    assert copying.facts("counter") == ['counter(obj("e1"),"+1/+1",3)']
    # a 0/0 creature: the next settle puts it into its owner's graveyard (CR 704.5f)
    after = g.then(copying).only("settle")
    assert 'zone(obj("cl"),graveyard(player("a")))' in after.state


def test_cr202_3e_a_token_copy_of_an_x_creature_enters_with_no_counters() -> None:
    # Myr Propagator's ability on the stack; its source has become a copy of Walker (X = 4 when
    # cast: 4 counters it keeps, not copied); the token is a Walker with X = 0.
    prop = permanent("p", "Myr Propagator", A, "timestamp(O, 1)", "tapped(O)", 'counter(O, "+1/+1", 4)')
    copy = ['resolved_effect(eff(1), obj("p"), copy(card("Walker")))', "resolved_effect_timestamp(eff(1), 2)"]
    ab = 'obj("ab")'
    g = Game.of(CARDS, [*BASE, "step(precombat_main)", f"priority({A})", f"passed({B})", *prop, *copy,
                        f"object({ab})", f"zone({ab}, stack)", f"stack_position({ab}, 1)",
                        f'stack_ability({ab}, ab(card("Myr Propagator"), 1), obj("p"))', f"controller({ab}, {A})",
                        f"owner({ab}, {A})"])
    s = g.only("pass")
    tokens = [f for f in s.state if f.startswith("token(")]
    assert len(tokens) == 1
    tok = tokens[0][len("token("):-1]
    assert f'card_of({tok},card("Walker"))' in s.state
    assert not [f for f in s.state if f.startswith(f"counter({tok}")]
    assert any(f.startswith("107.3m") for f in s.fired)
    after = g.then(s).only("settle")
    # a 0/0: put into its owner's graveyard (CR 704.5f); a token there ceases to exist at the next
    # check (CR 704.5d)
    assert f'zone({tok},graveyard(player("a")))' in after.state and any(f.startswith("704.5f") for f in after.fired)
    assert f"object({tok})" not in g.then(s).then(after).only("settle").state
