"""CR 614.12, 614.1c, 616.1: the counters a permanent enters with go through the counter
replacement effects, in every order its controller may choose, through `apply`.

Walker: "This creature enters with X +1/+1 counters on it." cast with X = 3, under Hardened Scales
("that many plus one") and Doubling Season ("twice that many"): Scales first, (3+1)*2 = 8; Season
first, 3*2+1 = 7 (the Hardened Scales rulings: the order is its controller's choice). Hand counts
below; each distinct number is one successor.
"""

from __future__ import annotations

import pytest

from game import BASE, A, B, Game, card, permanent

SCALES = "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead."
SEASON = ("If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.\n"
          "If an effect would put one or more counters on a permanent you control, it puts twice that many of those counters on that permanent instead.")
MENACE = "If one or more +1/+1 counters would be put on a creature you control, twice that many +1/+1 counters are put on it instead."
CARDS = [
    *card("Walker", "This creature enters with X +1/+1 counters on it.", "Artifact Creature — Construct", "{X}{X}", "0/0"),
    *card("Battery", "Battery enters with X charge counters on it.", "Artifact", "{X}"),
    *card("Hardened Scales", SCALES, "Enchantment", "{G}"),
    *card("Doubling Season", SEASON, "Enchantment", "{4}{G}"),
    *card("Corpsejack Menace", MENACE, "Creature — Fungus", "{2}{B}{G}", "4/4"),
    *card("Clone", "You may have this creature enter as a copy of any creature on the battlefield.",
          "Creature — Shapeshifter", "{3}{U}", "0/0"),
    *card("Grizzly Bears", "", "Creature — Bear", "{1}{G}", "2/2"),
]


def _resolving(name: str, x: int | None, *modifiers: str, controller: str = A) -> Game:
    o = 'obj("w")'
    bf = [f for i, m in enumerate(modifiers) for f in permanent(f"m{i}", m, controller, f"timestamp(O, {i + 1})")]
    return Game.of(CARDS, [*BASE, "step(precombat_main)", f"priority({A})", f"passed({B})", f"hand_size({A}, 0)",
                           f"object({o})", f"zone({o}, stack)", f"stack_position({o}, 1)", f'card_of({o}, card("{name}"))',
                           f"controller({o}, {A})", f"owner({o}, {A})", *([f"spell_x({o}, {x})"] if x is not None else []), *bf])


def _counters(g: Game) -> dict[int, int]:
    """Each distinct number of +1/+1 counters Walker enters with -> the choice sequences giving it
    (one per distinct number: the orders are counted by `replacements`)."""
    out: dict[int, int] = {}
    for s in g.step("pass"):
        (n,) = [int(f.rsplit(",", 1)[1][:-1]) for f in s.state if f.startswith('counter(obj("w"),"+1/+1"')] or [0]
        out[n] = out.get(n, 0) + 1
    return out


def test_cr616_1_hardened_scales_and_doubling_season_on_an_entering_creature_both_orders() -> None:
    assert _counters(_resolving("Walker", 3, "Hardened Scales", "Doubling Season")) == {7: 1, 8: 1}


def test_cr616_1_a_plus_one_among_two_doublers_entering() -> None:
    # Scales first (3+1)*2*2 = 16; between the doublers (3*2+1)*2 = 14; last 3*2*2+1 = 13.
    assert _counters(_resolving("Walker", 3, "Hardened Scales", "Doubling Season", "Corpsejack Menace")) == {
        16: 1, 14: 1, 13: 1}


def test_cr614_12_one_modifier_alone() -> None:
    assert _counters(_resolving("Walker", 2, "Hardened Scales")) == {3: 1}
    assert _counters(_resolving("Walker", 2, "Doubling Season")) == {4: 1}


def test_cr614_1a_x_0_enters_with_no_counters_and_scales_does_not_apply() -> None:
    # Hardened Scales ruling: a creature entering with no +1/+1 counters gets none ("one or more").
    assert _counters(_resolving("Walker", 0, "Hardened Scales", "Doubling Season")) == {0: 1}


def test_cr614_1a_scales_reads_only_creatures_and_plus_one_counters() -> None:
    # Battery is no creature and its counters are charge counters: only Doubling Season applies.
    g = _resolving("Battery", 3, "Hardened Scales", "Doubling Season")
    (s,) = g.distinct("pass")
    assert s.facts("counter") == ['counter(obj("w"),"charge",6)']


def test_cr109_5_an_opponents_modifiers_do_not_apply() -> None:
    assert _counters(_resolving("Walker", 3, "Hardened Scales", "Doubling Season", controller=B)) == {3: 1}


@pytest.mark.parametrize("order", [("Hardened Scales", "Doubling Season"), ("Doubling Season", "Hardened Scales")])
def test_cr616_1_the_choice_names_the_number(order: tuple[str, str]) -> None:
    chosen = sorted(c for s in _resolving("Walker", 1, *order).step("pass") for c in s.choices)
    # 1 counter: Scales first (1+1)*2 = 4, Season first 1*2+1 = 3, whatever the timestamps
    assert chosen == ["counters(3)", "counters(4)"]


# A copy enters with the "enters with" counters of what it copies (CR 707.5), and those counters
# go through the counter replacement effects like any others (CR 614.12).
PUP = "This creature enters with two +1/+1 counters on it.\n{3}, {T}: Create a token that's a copy of this creature."
COPY_CARDS = [*CARDS, *card("Pup", PUP, "Creature — Dog", "{2}{G}", "0/0")]


def test_cr707_5_clone_entering_as_a_copy_of_a_creature_that_enters_with_counters() -> None:
    # Clone (alice) may copy the Pup (2 counters, Scales: 3) or the Bears (none), or nothing.
    bf = [*permanent("pup", "Pup", A, "timestamp(O, 1)", 'counter(O, "+1/+1", 2)'), *permanent("bears", "Grizzly Bears", B, "timestamp(O, 2)"),
          *permanent("m0", "Hardened Scales", A, "timestamp(O, 3)")]
    o = 'obj("w")'
    g = Game.of(COPY_CARDS, [*BASE, "step(precombat_main)", f"priority({A})", f"passed({B})", f"hand_size({A}, 0)",
                             f"object({o})", f"zone({o}, stack)", f"stack_position({o}, 1)", 'card_of(obj("w"), card("Clone"))',
                             f"controller({o}, {A})", f"owner({o}, {A})", *bf])
    got = sorted((s.choices, [f for f in s.state if f.startswith('counter(obj("w")')]) for s in g.step("pass"))
    assert got == [(("copy(none)",), []), (('copy(obj("bears"))',), []),
                   (('copy(obj("pup"))', 'counters(3)'), ['counter(obj("w"),"+1/+1",3)'])]


def test_cr616_1_each_token_copy_chooses_the_order_for_its_own_counters() -> None:
    # The Pup's ability makes a token copy of it; Doubling Season makes that two tokens (alice's
    # only choice for the number: tokens(2)), and each token enters with 2 +1/+1 counters under
    # Scales and Season: (2+1)*2 = 6 or 2*2+1 = 5, chosen for each token: 4 boards.
    ab = 'obj("ab")'
    bf = [*permanent("pup", "Pup", A, "timestamp(O, 1)", "tapped(O)", 'counter(O, "+1/+1", 2)'),
          *permanent("m0", "Hardened Scales", A, "timestamp(O, 2)"), *permanent("m1", "Doubling Season", A, "timestamp(O, 3)")]
    g = Game.of(COPY_CARDS, [*BASE, "step(precombat_main)", f"priority({A})", f"passed({B})", f"hand_size({A}, 0)",
                             f"object({ab})", f"zone({ab}, stack)", f"stack_position({ab}, 1)",
                             f'stack_ability({ab}, ab(card("Pup"), 2), obj("pup"))', f"controller({ab}, {A})", *bf])
    boards = sorted(sorted(int(f.rsplit(",", 1)[1][:-1]) for f in s.state if f.startswith("counter(obj(tk("))
                    for s in g.distinct("pass"))
    assert boards == [[5, 5], [5, 6], [5, 6], [6, 6]]
