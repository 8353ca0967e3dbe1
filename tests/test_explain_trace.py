"""Explanations are traced, not listed (issue 8, item 4): each answer cites exactly the CR rules
that fired for it, found by following what it depends on (rules_asp/trace.lp).

Every expected set below is derived from the CR text, rule by rule, not from the output:
  106.12  tapping a permanent for mana = activating its mana ability with {T} in the cost;
  107.5   {T} in the cost: tap the permanent;
  305.6   a land with a basic land type has that type's intrinsic mana ability;
  605.1a  an activated ability that doesn't target and could add mana is a mana ability;
  605.3b  an activated mana ability resolves immediately;
  ... and the rules each case adds, named in the test.
"""

from __future__ import annotations

from mtgasp import Engine, Mana, loads_state

ENGINE = Engine()
TAP_FOREST = ("106.12", "107.5", "305.6", "605.1a", "605.3b")


def state(battlefield: str, extra: str = "") -> object:
    return loads_state("players: [alice, bob]\nactive: alice\nstep: precombat_main\nbattlefield:\n" + battlefield + extra)


def rules_of(st: object, obj: str) -> dict[Mana, tuple[str, ...]]:
    return {o.adds_for("alice"): o.rules for o in ENGINE.tap(st, obj).outcomes}


def test_cr605_tapping_a_forest_cites_the_five_rules_of_tapping_a_basic_land() -> None:
    st = state("  - {id: f, card: Forest, controller: alice}\n")
    assert rules_of(st, "f") == {Mana(G=1): TAP_FOREST}


def test_cr106_7_reflecting_pool_cites_could_produce_and_the_rules_behind_the_land_it_reflects() -> None:
    # The pool's own activation (106.12, 107.5, 605.1a, 605.3b), "could produce" (106.7), and
    # the Forest's intrinsic mana ability that makes {G} a type it could produce (305.6, 605.1a).
    st = state("  - {id: pool, card: Reflecting Pool, controller: alice}\n  - {id: f, card: Forest, controller: alice}\n")
    assert rules_of(st, "pool") == {Mana(G=1): ("106.7", "106.12", "107.5", "305.6", "605.1a", "605.3b")}


def test_cr106_5_command_tower_without_a_commander_cites_the_undefined_type_rule() -> None:
    st = state("  - {id: tower, card: Command Tower, controller: alice}\n")
    assert rules_of(st, "tower") == {Mana(): ("106.5", "106.12", "107.5", "605.1a", "605.3b")}


def test_cr106_12b_one_replacement_effect_cites_no_ordering_rule() -> None:
    # Mana Reflection modifies the production event (106.12b, 614.1a) once (614.5); with a single
    # effect there is no order to choose (CR 616.1 applies to two or more).
    st = state("  - {id: f, card: Forest, controller: alice}\n  - {id: mr, card: Mana Reflection, controller: alice}\n")
    assert rules_of(st, "f") == {Mana(G=2): ("106.12", "106.12b", "107.5", "305.6", "605.1a", "605.3b", "614.1a", "614.5")}


def test_cr616_1_two_replacement_effects_cite_the_ordering_rules_and_name_both_effects() -> None:
    # Contamination and Mana Reflection both modify the Forest's production event (106.12b,
    # 614.1a), each once (614.5); with two of them the controller orders them (616.1, 616.1e,
    # 616.1f). Both effects applied on the way to either result.
    st = state(
        "  - {id: f, card: Forest, controller: alice}\n"
        "  - {id: mr, card: Mana Reflection, controller: alice}\n"
        "  - {id: cont, card: Contamination, controller: bob}\n"
    )
    outcomes = ENGINE.tap(st, "f").outcomes
    expected = TAP_FOREST + ("106.12b", "614.1a", "614.5", "616.1", "616.1e", "616.1f")
    assert {o.adds_for("alice"): set(o.rules) for o in outcomes} == {Mana(B=1): set(expected), Mana(B=2): set(expected)}
    assert {o.effects for o in outcomes} == {("cont (Contamination), ability 2", "mr (Mana Reflection), ability 1")}


def test_cr605_4a_a_triggered_mana_ability_cites_the_trigger_rules() -> None:
    # Heartbeat of Spring: "Whenever a player taps a land for mana, that player adds one mana of
    # any type that land produced." The trigger on a permanent tapped for mana (106.12a, 603.2)
    # is a triggered mana ability (605.1b) that resolves right after (605.4a).
    st = state("  - {id: f, card: Forest, controller: alice}\n  - {id: hb, card: Heartbeat of Spring, controller: bob}\n")
    assert rules_of(st, "f") == {
        Mana(G=2): ("106.12", "106.12a", "107.5", "305.6", "603.2", "605.1a", "605.1b", "605.3b", "605.4a")}


def test_cr302_6_an_ability_that_cannot_be_activated_cites_only_why() -> None:
    # A summoning-sick Llanowar Elves: its {T} ability is a mana ability (605.1a) that can't be
    # activated (302.6); it is not tapped for mana and does not resolve.
    st = state("  - {id: elves, card: Llanowar Elves, controller: alice, sick: true}\n")
    [report] = ENGINE.mana_abilities(st, "alice")
    assert (report.activatable, report.reasons, report.rules) == (False, ("302.6",), ("302.6", "605.1a"))


def test_cr702_10c_haste_is_cited_when_it_lifts_summoning_sickness() -> None:
    st = state(
        "  - {id: elves, card: Llanowar Elves, controller: alice, sick: true}\n"
        "  - {id: hw, card: Test Haste Lord, controller: alice}\n",
        "cards:\n  - {name: Test Haste Lord, type_line: Enchantment, oracle_text: \"Creatures you control have haste.\"}\n",
    )
    assert rules_of(st, "elves") == {Mana(G=1): ("106.12", "107.5", "605.1a", "605.3b", "702.10c")}


def test_could_produce_cites_106_7_and_what_the_types_come_from() -> None:
    st = state("  - {id: f, card: Forest, controller: alice}\n  - {id: a, card: Llanowar Elves, controller: alice}\n")
    r = ENGINE.could_produce(st, "f")
    # CR 106.7, and the intrinsic mana ability (305.6, a mana ability: 605.1a); no cost rule
    # (106.7: costs are ignored), and the elves play no part.
    assert (r.types, r.rules) == (("G",), ("106.7", "305.6", "605.1a"))


def test_cr305_7_reflecting_pool_under_blood_moon_cites_the_type_change_not_could_produce() -> None:
    # Blood Moon makes the nonbasic Reflecting Pool a Mountain: CR 305.7 (it loses its own
    # ability and gains the Mountain's) applied in layer 4 (613.1d); tapping it uses the intrinsic
    # {T}: Add {R} (305.6, a mana ability 605.1a, tapped for mana 106.12 with {T} 107.5, resolving
    # at once 605.3b). Its printed "could produce" ability is gone: 106.7 does not fire.
    st = state(
        "  - {id: pool, card: Reflecting Pool, controller: alice}\n"
        "  - {id: moon, card: Blood Moon, controller: bob}\n"
        "  - {id: f, card: Forest, controller: alice}\n"
    )
    [o] = ENGINE.tap(st, "pool").outcomes
    assert (o.adds_for("alice"), o.rules) == (Mana(R=1), ("106.12", "107.5", "305.6", "305.7", "605.1a", "605.3b", "613.1d"))
    assert o.effects == ("moon (Blood Moon), ability 1",)
