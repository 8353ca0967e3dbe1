"""The mana silent failures of issue 8, with exact answers: a mana cost in an ability's activation
cost (CR 601.2h, 602.2b), mana that can be spent only in some ways (CR 106.6), and "Activate only
during your turn." (CR 602.1b, 602.5).

Azorius Signet is "{1}, {T}: Add {W}{U}."; each expected answer is counted by hand from the pool.
"""

from __future__ import annotations

from mtgasp import Engine, Mana, loads_state

ENGINE = Engine()
SIGNET = "  - {id: signet, card: Azorius Signet, controller: alice}\n"
CARDS = (
    "cards:\n"
    '  - {name: Test Relic, type_line: Artifact, oracle_text: "{T}: Add {C}{C}. Spend this mana only to cast artifact spells."}\n'
    '  - {name: Test Sun, type_line: Artifact, oracle_text: "{T}: Add {C}. Activate only during your turn."}\n'
)


def state(battlefield: str, pool: str = "{}", active: str = "alice") -> object:
    return loads_state(
        f"players: [alice, bob]\nactive: {active}\nbattlefield:\n{battlefield}mana_pool:\n  alice: {pool}\n{CARDS}"
    )


def test_cr601_2h_signet_with_an_empty_pool_cannot_be_activated() -> None:
    st = state(SIGNET)
    r = ENGINE.tap(st, "signet")
    assert (r.outcomes, [(str(a), rule) for a, rule in r.cannot]) == ((), [("Azorius Signet #1", "601.2h")])
    assert any("CR 601.2g" in n for n in r.notes)
    [report] = ENGINE.mana_abilities(st, "alice")
    assert (report.activatable, report.reasons, report.mana_cost) == (False, ("601.2h",), ("{1}",))
    assert [p.mana for p in ENGINE.pools(st, "alice").pools] == [Mana()]


def test_cr601_2h_signet_pays_its_generic_cost_with_the_green_mana_in_the_pool() -> None:
    st = state(SIGNET, "{G: 1}")
    [o] = ENGINE.tap(st, "signet").outcomes
    assert (o.adds_for("alice"), o.paid, o.pool_after) == (Mana(W=1, U=1), Mana(G=1), Mana(W=1, U=1))
    # {T} (107.5), tapped for mana (106.12), a mana ability (605.1a) resolving at once (605.3b),
    # its mana cost paid (601.2h) as part of activating it (602.2b).
    assert o.rules == ("106.12", "107.5", "601.2h", "602.2b", "605.1a", "605.3b")
    [report] = ENGINE.mana_abilities(st, "alice")
    assert (report.activatable, report.could_add) == (True, (Mana(W=1, U=1),))
    # Either keep {G} or turn it into {W}{U}.
    assert sorted(p.mana for p in ENGINE.pools(st, "alice").pools) == sorted([Mana(G=1), Mana(W=1, U=1)])


def test_cr601_2h_each_way_to_pay_from_a_pool_of_two_types_is_an_outcome() -> None:
    st = state(SIGNET, "{G: 1, R: 1}")
    outcomes = ENGINE.tap(st, "signet").outcomes
    assert sorted((o.paid, o.pool_after) for o in outcomes) == sorted(
        [(Mana(G=1), Mana(W=1, U=1, R=1)), (Mana(R=1), Mana(W=1, U=1, G=1))]
    )
    assert sorted(p.mana for p in ENGINE.pools(st, "alice").pools) == sorted(
        [Mana(R=1, G=1), Mana(W=1, U=1, R=1), Mana(W=1, U=1, G=1)]
    )


def test_cr106_7_could_produce_ignores_the_mana_cost() -> None:
    assert ENGINE.could_produce(state(SIGNET), "signet").types == ("W", "U")


def test_cr106_6_restricted_mana_is_never_shown_as_ordinary_mana() -> None:
    st = state("  - {id: relic, card: Test Relic, controller: alice}\n")
    [o] = ENGINE.tap(st, "relic").outcomes
    assert (o.adds_for("alice"), o.restrictions) == (Mana(C=2), ("Spend this mana only to cast artifact spells.",))
    assert o.rules == ("106.6", "106.12", "107.5", "605.1a", "605.3b")
    [report] = ENGINE.mana_abilities(st, "alice")
    assert report.restrictions == ("Spend this mana only to cast artifact spells.",)
    notes = ENGINE.pools(st, "alice").notes
    assert [n for n in notes if "106.6" in n] == [
        "relic: Test Relic #1 adds restricted mana (CR 106.6: Spend this mana only to cast artifact spells.); "
        "the pools count it by its type"
    ]


def test_cr602_5_activate_only_during_your_turn_is_read_against_the_active_player() -> None:
    sun = "  - {id: sun, card: Test Sun, controller: alice}\n"
    [o] = ENGINE.tap(state(sun, active="alice"), "sun").outcomes
    # The restriction was read (602.1b) and allows it on alice's turn.
    assert (o.adds_for("alice"), o.rules) == (Mana(C=1), ("106.12", "107.5", "602.1b", "605.1a", "605.3b"))
    r = ENGINE.tap(state(sun, active="bob"), "sun")
    assert (r.outcomes, [rule for _, rule in r.cannot]) == ((), ["602.5"])
    [report] = ENGINE.mana_abilities(state(sun, active="bob"), "alice")
    assert (report.activatable, report.reasons, report.rules) == (False, ("602.5",), ("602.1b", "602.5", "605.1a"))
