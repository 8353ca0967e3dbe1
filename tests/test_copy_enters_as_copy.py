"""CR 707.5, 614.1c, 707.3, 707.9: a Clone-style permanent spell entering "as a copy", through
`apply` (the spell resolves as both players pass) and `characteristics` (the layers read the
copy effect of the successor).

Clone: "You may have this creature enter as a copy of any creature on the battlefield." Each
choice of what to copy is a successor; copying a creature that is itself a copy gives what that
copy copies (CR 707.3), with the exceptions its copy effect made part of its copiable values
(CR 707.9b). The expected characteristics are the copied cards' printed ones (CR 707.2).
"""

from __future__ import annotations

from mtgasp import Engine, loads_state
from mtgasp.state import state_from_facts

ENGINE = Engine()

GARGANTUAN = ("  - {name: Quicksilver Gargantuan, mana_cost: '{5}{U}{U}', type_line: Creature — Shapeshifter, "
              "power: '7', toughness: '7', oracle_text: \"You may have Quicksilver Gargantuan enter the battlefield "
              "as a copy of any creature on the battlefield, except it's 7/7.\"}\n")
METAMORPH = ("  - {name: Phyrexian Metamorph, mana_cost: '{3}{U/P}', type_line: Artifact Creature — Phyrexian Shapeshifter, "
             "power: '0', toughness: '0', oracle_text: \"You may have this creature enter as a copy of any artifact or "
             "creature on the battlefield, except it's an artifact in addition to its other types.\"}\n")


def _state(battlefield: str, spell: str = "Clone", effects: str = "", cards: str = "") -> str:
    """``spell`` (alice's) alone on the stack, Bob passed: Alice's pass resolves it."""
    return ("version: 2\nplayers: [alice, bob]\nactive: alice\nstep: precombat_main\nturn: 3\npassed: [bob]\n"
            "battlefield:\n" + battlefield + (f"effects:\n{effects}" if effects else "")
            + f"stack:\n  - {{id: cl, card: {spell}, controller: alice}}\n" + (f"cards:\n{cards}" if cards else ""))


def _apply(text: str):
    state = loads_state(text)
    result = ENGINE.apply(state, "pass")
    assert not result.not_modelled, result.not_modelled
    return state, result


def _copied(successor) -> str:
    """The card the new permanent cl copies ('none': it entered as itself)."""
    copies = [a for a in successor.added if a.startswith("resolved_effect(") and 'obj("cl"),copy(' in a]
    return copies[0].split('copy(card("')[1].split('"')[0] if copies else "none"


def _resolve(text: str) -> dict[str, tuple[int, object, object]]:
    """The successors of Alice's pass, keyed by the card the new permanent copies, with how many
    choice sequences lead to each, and the successor as a state."""
    base, result = _apply(text)
    out = {}
    for s in result.successors:
        key = _copied(s)
        assert key not in out
        out[key] = (s.count, s, state_from_facts(sorted(s.position.facts), base))
    return out


def _chars(state, obj: str = "cl"):
    return ENGINE.characteristics(state, obj)


BATTLEFIELD = """  - {id: bears, card: Grizzly Bears, controller: bob}
  - {id: angel, card: Serra Angel, controller: bob}
  - {id: old, card: Clone, controller: alice}
"""
OLD_IS_ANGEL = "  - {kind: copy, object: old, of: Serra Angel}\n"


def test_cr707_5_each_choice_of_what_clone_copies_is_a_successor() -> None:
    # Grizzly Bears, Serra Angel, or the Clone that is a Serra Angel (the same board as copying
    # the Angel: 2 choice sequences), or nothing: a 0/0 Clone, put into the graveyard (CR 704.5f).
    got = _resolve(_state(BATTLEFIELD, effects=OLD_IS_ANGEL))
    assert {k: n for k, (n, _, _) in got.items()} == {"Grizzly Bears": 1, "Serra Angel": 2, "none": 1}
    _, none, _ = got["none"]
    assert '+ zone(obj("cl"),graveyard(player("alice")))' in none.added or \
        any("graveyard" in a and 'obj("cl")' in a for a in none.added)
    assert any(rule == "704.5f" for rule, _ in none.fired)
    assert any(rule == "707.5" for rule, _ in got["Grizzly Bears"][1].fired)


def test_cr707_3_clone_copying_a_clone_that_copies_serra_angel_is_a_serra_angel() -> None:
    got = _resolve(_state(BATTLEFIELD, effects=OLD_IS_ANGEL))
    _, angel, state = got["Serra Angel"]
    c = _chars(state)
    assert (c.card, c.mana_cost, c.colors, c.types, c.subtypes, c.power, c.toughness) == (
        "Clone", ("{3}", "{W}", "{W}"), ("W",), ("creature",), ("Angel",), 4, 4)
    assert sorted(text for _, text in c.abilities) == ["Flying", "vigilance"]
    assert state.permanent("cl").controller == "alice"
    assert any(rule == "707.3" for rule, _ in angel.fired)


def test_cr707_9b_an_exception_of_the_copied_copy_is_copied_too() -> None:
    # Quicksilver Gargantuan entered as a copy of Grizzly Bears "except it's 7/7": its copiable
    # values are a 7/7 Grizzly Bears, so a Clone copying it is a 7/7 Grizzly Bears; a Clone
    # copying the Bears themselves is a 2/2: two distinct boards, both "copies of Grizzly Bears".
    bf = "  - {id: bears, card: Grizzly Bears, controller: bob}\n  - {id: qg, card: Quicksilver Gargantuan, controller: alice}\n"
    eff = "  - {kind: copy, object: qg, of: Grizzly Bears, except: [{kind: set_base_pt, power: 7, toughness: 7}]}\n"
    base, result = _apply(_state(bf, effects=eff, cards=GARGANTUAN))
    assert sorted(_copied(s) for s in result.successors) == ["Grizzly Bears", "Grizzly Bears", "none"]
    pts = sorted((c.power, c.toughness, c.subtypes) for c in (
        _chars(state_from_facts(sorted(s.position.facts), base)) for s in result.successors if _copied(s) != "none"))
    assert pts == [(2, 2, ("Bear",)), (7, 7, ("Bear",))]


def test_cr707_9b_quicksilver_gargantuan_enters_as_a_7_7_copy() -> None:
    bf = "  - {id: angel, card: Serra Angel, controller: bob}\n"
    got = _resolve(_state(bf, spell="Quicksilver Gargantuan", cards=GARGANTUAN))
    assert set(got) == {"Serra Angel", "none"}
    c = _chars(got["Serra Angel"][2])
    assert (c.subtypes, c.colors, c.power, c.toughness) == (("Angel",), ("W",), 7, 7)
    assert sorted(text for _, text in c.abilities) == ["Flying", "vigilance"]
    # without a copy it is the printed 7/7 Shapeshifter
    c = _chars(got["none"][2])
    assert (c.subtypes, c.colors, c.power, c.toughness, c.abilities != ()) == (("Shapeshifter",), ("U",), 7, 7, True)


def test_cr707_9b_phyrexian_metamorph_is_an_artifact_in_addition_to_its_other_types() -> None:
    bf = "  - {id: bears, card: Grizzly Bears, controller: bob}\n  - {id: ring, card: Sol Ring, controller: bob}\n"
    got = _resolve(_state(bf, spell="Phyrexian Metamorph", cards=METAMORPH))
    assert set(got) == {"Grizzly Bears", "Sol Ring", "none"}
    c = _chars(got["Grizzly Bears"][2])
    assert (c.types, c.subtypes, c.power, c.toughness) == (("artifact", "creature"), ("Bear",), 2, 2)
    c = _chars(got["Sol Ring"][2])
    assert (c.types, c.subtypes, c.power, c.toughness, c.mana_cost) == (("artifact",), (), None, None, ("{1}",))


def test_cr707_9b_a_clone_of_a_metamorph_copy_is_an_artifact_too() -> None:
    bf = "  - {id: bears, card: Grizzly Bears, controller: bob}\n  - {id: mm, card: Phyrexian Metamorph, controller: alice}\n"
    eff = "  - {kind: copy, object: mm, of: Grizzly Bears, except: [{kind: add_type, type: artifact}]}\n"
    base, result = _apply(_state(bf, effects=eff, cards=METAMORPH))
    types = sorted(_chars(state_from_facts(sorted(s.position.facts), base)).types
                   for s in result.successors if _copied(s) != "none")
    assert types == [("artifact", "creature"), ("creature",)]
