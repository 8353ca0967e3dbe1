"""CR 603.10a, 608.2h, 707.2, 707.3, 707.9: Cemetery Puca, "Whenever a creature dies, you may pay
{1}. If you do, Cemetery Puca becomes a copy of that creature, except it has this ability."
(Oracle text from the corpus), through `settle` and `pass`.

The creature that died is in the graveyard when the ability resolves: the copy uses its last
known copiable values, recorded with the trigger as it died (CR 603.10, 608.2h): a Clone that
was a Serra Angel is copied as a Serra Angel (CR 707.3), not as the Clone card in the graveyard.
Expected characteristics are the printed ones of the copied card plus Puca's own ability
(CR 707.9a), checked by hand against the Oracle texts.
"""

from __future__ import annotations

import json

import clingo
import pytest
from mtgasp import Engine
from mtgasp.state import state_from_facts

from asp import SHARED
from game import BASE, A, B, Game, card, permanent

ENGINE = Engine()

CORPUS = SHARED / "data" / "cards" / "cards.jsonl"
NAMES = {"Cemetery Puca", "Grizzly Bears", "Clone", "Serra Angel"}


def _corpus_facts() -> list[str]:
    if not CORPUS.exists():
        pytest.skip(f"card corpus not found at {CORPUS}")
    facts: list[str] = []
    with CORPUS.open(encoding="utf-8") as lines:
        for line in lines:
            c = json.loads(line)
            if c["name"] in NAMES:
                pt = f"{c['power']}/{c['toughness']}" if c["power"] is not None else None
                facts += card(c["name"], c["oracle_text"] or "", c["type_line"], c["mana_cost"], pt)
    return facts


PUCA = 'ab(card("Cemetery Puca"),1)'


def _start(*extra: str) -> Game:
    """Alice's Puca with {C} floating; bob's Grizzly Bears with lethal damage marked (it dies as
    state-based actions are next performed, CR 704.5g)."""
    return Game.of(_corpus_facts(), [
        *BASE, "step(precombat_main)", f"priority({A})", f"hand_size({A}, 0)", f"mana_pool({A}, c, 1)",
        *permanent("puca", "Cemetery Puca", A, "timestamp(O, 1)"),
        *permanent("bears", "Grizzly Bears", B, "timestamp(O, 2)", "damage(O, 2)"), *extra])


def _to_resolution(g: Game) -> list:
    """settle (the creature dies, the Puca triggers), settle (the trigger goes on the stack), both
    players pass: the successors of the resolution."""
    died = g.only("settle")
    assert any(f.startswith("pending_trigger(") for f in g.added(died)), g.added(died)
    g = g.then(died)
    g = g.then(g.only("settle"))
    g = g.then(g.only("pass"))
    return [(s, g.then(s)) for s in g.distinct("pass")]


def _chars(g: Game, o: str) -> tuple:
    q = lambda show: g.query("", show)  # noqa: E731
    obj = f'obj("{o}")'
    of = lambda facts: sorted(f[len(obj) + len(facts[0].split("(")[0]) + 2:-1] for f in facts if f.split("(", 1)[1].startswith(obj + ","))  # noqa: E731
    return (of(q("copiable_card")), of(q("power")), of(q("toughness")), of(q("has_subtype")), of(q("has_ability")))


def _characteristics(successor, o: str):
    """The user-facing characteristics (`mtgasp characteristics`) of ``o`` in a successor."""
    return ENGINE.characteristics(state_from_facts([clingo.parse_term(f) for f in successor.state]), o)


def test_cr603_10_the_trigger_remembers_the_creature_as_it_last_existed() -> None:
    died = _start().only("settle")
    assert sorted(f for f in died.state if f.startswith(("pending_trigger", "trigger_"))) == [
        f'pending_trigger(tg(1),{PUCA},obj("puca"),{A})',
        'trigger_event(tg(1),dies(obj("bears")))',
        'trigger_lki(tg(1),obj("bears"),copy(card("Grizzly Bears")))']


def test_cr608_2h_puca_becomes_a_copy_of_the_creature_that_died_with_this_ability() -> None:
    got = {s.choices: (s, after) for s, after in _to_resolution(_start())}
    # pay {1} from the pool (CR 601.2h: one unit of C spent), or decline
    assert sorted(got) == [("may(no)",), ("may(yes)", "spend(1)")]
    s, after = got[("may(yes)", "spend(1)")]
    assert not any(f.startswith(f"mana_pool({A}") for f in s.state)
    assert _chars(after, "puca") == (['card("Grizzly Bears")'], ["2"], ["2"], ['"Bear"'], [PUCA])
    c = _characteristics(s, "puca")
    assert (c.mana_cost, c.colors, c.types, c.subtypes, c.power, c.toughness, c.controller) == (
        ("{1}", "{G}"), ("G",), ("creature",), ("Bear",), 2, 2, "a")
    assert [t for _, t in c.abilities] == [
        "Whenever a creature dies, you may pay {1}. If you do, ~ becomes a copy of that creature, except it has this ability."]
    # the copy effect, then its exception "it has this ability" (CR 707.9a-b), both in layer 1
    assert [(e.layer, e.change) for e in c.effects] == [
        ("1", "copy of Grizzly Bears"), ("1", "has Cemetery Puca #1 (an exception of the copy effect, CR 707.9b)")]
    assert {"608.2h", "707.9b", "118.3", "603.5"} <= {r.split()[0] for r in s.fired}
    # nothing of the trigger is left once it has resolved
    assert not any(f.startswith(("trigger_", "pending_trigger", "stack_")) for f in s.state)
    # declined: the Puca is itself, the mana still floating
    s, after = got[("may(no)",)]
    assert _chars(after, "puca") == (['card("Cemetery Puca")'], ["1"], ["2"], ['"Shapeshifter"'], [PUCA])
    assert f"mana_pool({A},c,1)" in s.state


def test_cr707_3_puca_copying_a_dead_clone_copies_what_the_clone_copied() -> None:
    # bob's Clone entered as a copy of Serra Angel (a copy effect in the state) and dies instead
    # of the Bears: the Puca becomes a Serra Angel (4/4, flying, vigilance) with its own ability.
    extra = [*permanent("clone", "Clone", B, "timestamp(O, 3)", "damage(O, 4)"),
             'resolved_effect(eff(1), obj("clone"), copy(card("Serra Angel")))', "resolved_effect_timestamp(eff(1), 3)"]
    g = _start(*extra)
    g = Game(g.cards, frozenset(f for f in g.state if f != 'damage(obj("bears"),2)'))
    (yes,) = [s for s, _ in _to_resolution(g) if "may(yes)" in s.choices]
    c = _characteristics(yes, "puca")
    assert (c.mana_cost, c.colors, c.subtypes, c.power, c.toughness) == (("{3}", "{W}", "{W}"), ("W",), ("Angel",), 4, 4)
    assert sorted(t for _, t in c.abilities) == [
        "Flying", "Whenever a creature dies, you may pay {1}. If you do, ~ becomes a copy of that creature, except it has this ability.",
        "vigilance"]
    # the copy effect, then its exception "it has this ability" (CR 707.9a-b), both in layer 1
    assert [(e.layer, e.change) for e in c.effects] == [
        ("1", "copy of Serra Angel"), ("1", "has Cemetery Puca #1 (an exception of the copy effect, CR 707.9b)")]
    assert {"608.2h", "707.3"} <= {r.split()[0] for r in yes.fired}


def test_cr118_3_puca_cannot_pay_without_mana() -> None:
    # No mana to pay {1}: "you may pay" can only be declined (CR 118.3: a cost can't be paid
    # without the resources); the Puca stays itself.
    g = _start()
    g = Game(g.cards, frozenset(f for f in g.state if not f.startswith("mana_pool(")))
    choices = sorted(s.choices for s, _ in _to_resolution(g))
    assert len(choices) == 1 and any("may(no)" in c for c in choices[0])
