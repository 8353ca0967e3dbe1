"""CR 707.9b, 704.5j: copy effects "except it isn't legendary" and "except its name is ~", through
`apply` (a spell resolving as both players pass, the successors settled) and `characteristics`.

The basis, besides the CR: the official rulings of Helm of the Host ("The token isn't legendary,
and this exception is copiable. If something else copies the token later, that copy also won't
be legendary. If you control two or more permanents with the same name but only one is
legendary, the 'legend rule' doesn't apply.") and Spark Double (the same, for a permanent that
enters as a copy), in ../shared/data/rulings/rulings_mtgjson2022.jsonl.

Test cards (`cards:` of the state) carry the corpus templates without their other abilities:
"Test Misalignment" is Quantum Misalignment's first ability (its rebound left out), "Test Mimic"
is Sakashima the Impostor's copy ability without its quoted ability, "Test Double" Spark
Double's without its "enters with an additional counter" parts.
"""

from __future__ import annotations

import json

from mtgasp import Engine, loads_state
from mtgasp.state import state_from_facts
from mtgasp.state.writing import state_to_dict

ENGINE = Engine()

CARDS = """cards:
  - {name: Test Legend, mana_cost: '{W}', type_line: Legendary Creature — Dog, power: '2', toughness: '2', oracle_text: ''}
  - {name: Test Misalignment, mana_cost: '{4}{U}', type_line: Sorcery,
     oracle_text: "Create a token that's a copy of target creature you control, except it isn't legendary."}
  - {name: Test Plain Copy, mana_cost: '{4}{U}', type_line: Sorcery,
     oracle_text: "Create a token that's a copy of target creature you control."}
  - {name: Test Mimic, mana_cost: '{2}{U}{U}', type_line: Legendary Creature — Human Rogue, power: '0', toughness: '0',
     oracle_text: "You may have this creature enter as a copy of any creature on the battlefield, except its name is
       Test Mimic and it's legendary in addition to its other types."}
  - {name: Test Double, mana_cost: '{3}{U}', type_line: Creature — Illusion, power: '0', toughness: '0',
     oracle_text: "You may have this creature enter as a copy of a creature you control, except it isn't legendary."}
"""
HEAD = "version: 2\nplayers: [alice, bob]\nactive: alice\nstep: precombat_main\nturn: 3\npassed: [bob]\n"
TOKEN = 'tk(obj("sp"),1,1)'


def _state(battlefield: str, spell: str, targets: str = "", effects: str = "") -> str:
    """Alice's ``spell`` alone on the stack, Bob passed: Alice's pass resolves it."""
    tg = f", targets: [{targets}]" if targets else ""
    return (HEAD + "battlefield:\n" + battlefield + (f"effects:\n{effects}" if effects else "")
            + f"stack:\n  - {{id: sp, card: {spell}, controller: alice{tg}}}\n" + CARDS)


def _resolve(text: str) -> list:
    """(successor, its state, the ids on the battlefield) for each settled successor of the pass."""
    base = loads_state(text)
    result = ENGINE.apply(base, "pass")
    assert not result.not_modelled, result.not_modelled
    out = []
    for s in result.successors:
        state = state_from_facts(sorted(s.position.facts), base)
        out.append((s, state, sorted(p.id for p in state.battlefield)))
    return out


DOG = "  - {id: dog, card: Test Legend, controller: alice}\n"
BEARS = "  - {id: bears, card: Grizzly Bears, controller: bob}\n"


def test_cr707_9b_token_copy_except_it_isnt_legendary_escapes_the_legend_rule() -> None:
    # Helm of the Host ruling: the token isn't legendary; with two permanents of the same name of
    # which only one is legendary, the legend rule (CR 704.5j) doesn't apply: one successor, both
    # the Dog and its token stay.
    ((s, state, ids),) = _resolve(_state(DOG + BEARS, "Test Misalignment", targets="dog"))
    assert ids == ["bears", "dog", TOKEN]
    c = ENGINE.characteristics(state, TOKEN)
    assert (c.card, c.name, c.supertypes, c.types, c.subtypes, c.power, c.toughness, c.controller) == (
        "Test Legend", "Test Legend", (), ("creature",), ("Dog",), 2, 2, "alice")
    assert [(e.layer, e.characteristic, e.change) for e in c.effects] == [
        ("1", "copiable values", "copy of Test Legend"),
        ("1", "supertypes", "is not legendary (an exception of the copy effect, CR 707.9b)")]
    assert ENGINE.characteristics(state, "dog").supertypes == ("legendary",)
    assert {"111.1", "707.2", "707.9b"} <= {rule for rule, _ in s.fired}
    assert "704.5j" not in {rule for rule, _ in s.fired}


def test_cr704_5j_a_plain_token_copy_of_a_legend_meets_the_legend_rule() -> None:
    # The same without the exception: two legendary "Test Legend"s under alice's control; the
    # legend rule makes her choose one to keep (CR 704.5j): two successors, one sequence each.
    got = _resolve(_state(DOG + BEARS, "Test Plain Copy", targets="dog"))
    assert sorted((s.count, tuple(ids)) for s, _, ids in got) == [(1, ("bears", "dog")), (1, ("bears", TOKEN))]
    assert all("704.5j" in {rule for rule, _ in s.fired} for s, _, _ in got)


def _then_cast(state, spell: str) -> tuple:
    """``state`` (a successor) with alice's ``spell`` put on the stack and Bob passed."""
    data = state_to_dict(state)
    data["passed"] = ["bob"]
    data["stack"] = [{"id": "cl", "card": spell, "controller": "alice"}]
    return loads_state(json.dumps(data))


def _boards(base) -> dict:
    """Alice's pass resolves the spell cl: each settled successor by (ids on the battlefield, the card
    cl copies, the kinds of its copy effect's exceptions) -> (choice sequences, state)."""
    result = ENGINE.apply(base, "pass")
    assert not result.not_modelled, result.not_modelled
    boards = {}
    for s in result.successors:
        state = state_from_facts(sorted(s.position.facts), base)
        ids = tuple(sorted(p.id for p in state.battlefield))
        copies = [e.change for e in state.effects if e.object == "cl"]
        key = (ids, copies[0].of if copies else "none", tuple(x.kind for x in copies[0].exceptions) if copies else ())
        assert key not in boards
        boards[key] = (s.count, state)
    return boards


def _with_token():
    """The state after Test Misalignment resolved: the Dog, its non-legendary token, the Bears."""
    ((_, state, _),) = _resolve(_state(DOG + BEARS, "Test Misalignment", targets="dog"))
    return state


def test_cr707_9b_a_clone_of_the_nonlegendary_token_is_not_legendary_either() -> None:
    # Helm of the Host ruling: "If something else copies the token later, that copy also won't be
    # legendary." Alice's Clone resolves (CR 707.5): copying the token gives a non-legendary Test
    # Legend (no legend rule: one successor keeping all); copying the Dog itself gives a legendary
    # one (the legend rule: alice keeps the Dog or the Clone); copying the Bears, a Grizzly
    # Bears; or nothing (a 0/0 Clone, put into the graveyard, CR 704.5f). Keeping the Dog puts
    # the Clone into the graveyard, its copy effect gone with it: the same board as copying
    # nothing (two choice sequences).
    boards = _boards(_then_cast(_with_token(), "Clone"))
    assert sorted((k, n) for k, (n, _) in boards.items()) == sorted([
        ((("bears", "cl", "dog", TOKEN), "Grizzly Bears", ()), 1),
        ((("bears", "cl", "dog", TOKEN), "Test Legend", ("remove_supertype",)), 1),
        ((("bears", "cl", TOKEN), "Test Legend", ()), 1),      # legend rule: kept the Clone
        ((("bears", "dog", TOKEN), "none", ()), 2),            # kept the Dog, or copied nothing
    ])
    _, state = boards[(("bears", "cl", "dog", TOKEN), "Test Legend", ("remove_supertype",))]
    c = ENGINE.characteristics(state, "cl")
    assert (c.card, c.name, c.supertypes, c.types, c.subtypes, c.power, c.toughness) == (
        "Clone", "Test Legend", (), ("creature",), ("Dog",), 2, 2)
    assert [e.change for e in c.effects] == [
        "copy of Test Legend", "is not legendary (an exception of the copy effect, CR 707.9b)"]


def test_cr707_9b_spark_double_style_copy_of_a_legend_isnt_legendary() -> None:
    # Spark Double ruling: "Spark Double isn't legendary if it copies a legendary permanent ...
    # If you control two or more permanents with the same name but only one is legendary, the
    # 'legend rule' doesn't apply." Test Double copies alice's Dog: one successor keeping both.
    text = HEAD + "battlefield:\n" + DOG + BEARS + "stack:\n  - {id: cl, card: Test Double, controller: alice}\n" + CARDS
    boards = _boards(loads_state(text))
    # "a creature you control": the Dog only (not bob's Bears); or nothing (0/0, CR 704.5f)
    assert sorted((k, n) for k, (n, _) in boards.items()) == [
        ((("bears", "cl", "dog"), "Test Legend", ("remove_supertype",)), 1),
        ((("bears", "dog"), "none", ()), 1)]
    c = ENGINE.characteristics(boards[(("bears", "cl", "dog"), "Test Legend", ("remove_supertype",))][1], "cl")
    assert (c.card, c.name, c.supertypes, c.subtypes, c.power, c.toughness) == ("Test Double", "Test Legend", (), ("Dog",), 2, 2)


MIMIC_IS_BEARS = ("  - {kind: copy, object: mimic, of: Grizzly Bears, except: [{kind: set_name, name: Test Mimic}, "
                  "{kind: add_supertype, supertype: legendary}]}\n")


def test_cr707_9b_except_its_name_is_keeps_its_own_name_and_is_legendary() -> None:
    # Test Mimic enters as a copy "except its name is Test Mimic and it's legendary in addition to
    # its other types" (CR 707.9b): copying the Dog gives a legendary Dog named Test Mimic, whose
    # name differs from the Dog's, so the legend rule does not apply (CR 704.5j needs the same
    # name); copying the Bears, a legendary Bear named Test Mimic.
    text = HEAD + "battlefield:\n" + DOG + BEARS + "stack:\n  - {id: cl, card: Test Mimic, controller: alice}\n" + CARDS
    boards = _boards(loads_state(text))
    exc = ("set_name", "add_supertype")
    assert sorted((k[0], k[1], tuple(sorted(k[2])), n) for k, (n, _) in boards.items()) == sorted([
        (("bears", "cl", "dog"), "Test Legend", tuple(sorted(exc)), 1),
        (("bears", "cl", "dog"), "Grizzly Bears", tuple(sorted(exc)), 1),
        (("bears", "dog"), "none", (), 1)])
    for (_, of, _), (_, state) in boards.items():
        if of == "none":
            continue
        c = ENGINE.characteristics(state, "cl")
        assert (c.card, c.name, c.supertypes) == ("Test Mimic", "Test Mimic", ("legendary",))
        assert c.subtypes == {"Test Legend": ("Dog",), "Grizzly Bears": ("Bear",)}[of]
        assert [e.change for e in c.effects_on("name")] == [
            f"copy of {of}", "name Test Mimic (an exception of the copy effect, CR 707.9b)"]


def test_cr707_9b_a_clone_of_the_mimic_copies_its_name_and_meets_the_legend_rule() -> None:
    # The Mimic is a copy of Grizzly Bears named Test Mimic, legendary (its exceptions are part of
    # its copiable values, CR 707.9b). Alice's Clone copying it is a legendary "Test Mimic" Bear
    # too, so with the Mimic under alice's control the legend rule applies (CR 704.5j): alice keeps
    # one; copying the Bears instead gives a plain Grizzly Bears (no legend rule).
    bf = "  - {id: mimic, card: Test Mimic, controller: alice}\n" + BEARS
    text = (HEAD + "battlefield:\n" + bf + "effects:\n" + MIMIC_IS_BEARS
            + "stack:\n  - {id: cl, card: Clone, controller: alice}\n" + CARDS)
    boards = _boards(loads_state(text))
    assert sorted((k[0], k[1], tuple(sorted(k[2])), n) for k, (n, _) in boards.items()) == sorted([
        (("bears", "cl", "mimic"), "Grizzly Bears", (), 1),                                  # copied the Bears
        (("bears", "cl"), "Grizzly Bears", ("add_supertype", "set_name"), 1),                # legend rule: kept the Clone
        (("bears", "mimic"), "none", (), 2)])                                                # kept the Mimic, or copied nothing
    c = ENGINE.characteristics(boards[(("bears", "cl"), "Grizzly Bears", ("add_supertype", "set_name"))][1], "cl")
    assert (c.card, c.name, c.supertypes, c.subtypes, c.power, c.toughness) == (
        "Clone", "Test Mimic", ("legendary",), ("Bear",), 2, 2)


SAKASHIMA = ("  - {name: Sakashima the Impostor, mana_cost: '{2}{U}{U}', type_line: Legendary Creature — Human Rogue, "
             "power: '3', toughness: '1', oracle_text: \"You may have Sakashima the Impostor enter the battlefield as a "
             "copy of any creature on the battlefield, except its name is Sakashima the Impostor, it's legendary in "
             "addition to its other types, and it has \\\"{2}{U}{U}: Return this creature to its owner's hand at the "
             "beginning of the next end step.\\\"\"}\n")


def test_cr707_9_an_exception_the_rules_cannot_apply_is_said_not_dropped() -> None:
    # Sakashima the Impostor (Oracle text of the corpus): its quoted ability is an exception the
    # parser reads as a separate part of the ability, which the copy would not get; the rules do
    # not apply the copy ability at all and say so, rather than making a copy without it.
    text = (HEAD + "battlefield:\n" + BEARS + "stack:\n  - {id: sk, card: Sakashima the Impostor, controller: alice}\n"
            + "cards:\n" + SAKASHIMA)
    result = ENGINE.apply(loads_state(text), "pass")
    assert result.successors == ()
    assert any("enters(" in n and "Sakashima" in n for n in result.not_modelled), result.not_modelled


def test_cr608_2c_it_after_a_token_copy_is_said_not_applied_to_the_target() -> None:
    # Molten Duplication's text: "It gains haste" means the new token; the references of a part
    # do not name a created token yet, so that part is not modelled (said) - the original Dog,
    # the spell's target, must not gain haste.
    card = ("  - {name: Test Duplication, mana_cost: '{1}{R}', type_line: Sorcery, oracle_text: \"Create a token "
            "that's a copy of target artifact or creature you control, except it's an artifact in addition to "
            "its other types. It gains haste until end of turn.\"}\n")
    text = (HEAD + "battlefield:\n" + DOG + "stack:\n  - {id: sp, card: Test Duplication, controller: alice, "
            "targets: [dog]}\n" + CARDS + card)
    base = loads_state(text)
    result = ENGINE.apply(base, "pass")
    assert any("effect(ab(card(\"Test Duplication\"),1),2)" in n for n in result.not_modelled), result.not_modelled
    # nothing is passed off as the whole answer: no successor gives the Dog haste
    for s in result.successors:
        assert ENGINE.characteristics(state_from_facts(sorted(s.position.facts), base), "dog").abilities == ()
