"""The Master, Multiplied seed (shared/seeds/000_*.txt): its rulings, through `apply` and `play`.

Oracle text: "Myriad / The "legend rule" doesn't apply to creature tokens you control. /
Triggered abilities you control can't cause you to sacrifice or exile creature tokens you
control." Each test builds an exact board, runs the game commands and compares the resulting
boards exactly: the legend rule (CR 704.5j) as state-based actions are checked, and the delayed
"exile the tokens at end of combat" (CR 603.7, 511.2) as the end of combat step begins and the
trigger resolves (CR 101.2: the "can't" wins).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgasp import Engine, loads_state

ENGINE = Engine()
MASTER = '"The Master, Multiplied"'
PLAYERS = ["alice", "bob", "carol", "dave"]


def _board(players: int, permanents: list[str], *, step: str = "precombat_main", delayed: list[str] = (),
           priority_last: bool = False, cards: list[str] = ()) -> str:
    names = PLAYERS[:players]
    lines = ["version: 2", f"players: [{', '.join(names)}]", "active: alice", f"step: {step}"]
    if priority_last:
        # everyone before the last player passed: the last pass ends the step (CR 117.4, 500.2)
        lines += [f"priority: {names[-1]}", "passed: [" + ", ".join(names[:-1]) + "]"]
    lines += ["battlefield:", *(f"  - {p}" for p in permanents)]
    if delayed:
        lines += ["delayed_triggers:", *(f"  - {d}" for d in delayed)]
    if cards:
        lines += ["cards:", *(f"  - {c}" for c in cards)]
    return "\n".join(lines) + "\n"


def _ids(facts: frozenset, name: str) -> list[str]:
    return sorted(str(f.arguments[0].arguments[0].string) for f in facts if f.name == name
                  and f.arguments[0].arguments[0].type.name == "String")


def _battlefield(facts: frozenset) -> list[str]:
    return sorted(f.arguments[0].arguments[0].string for f in facts if f.name == "permanent")


def _graveyard(facts: frozenset) -> list[str]:
    return sorted(f.arguments[0].arguments[0].string for f in facts
                  if f.name == "zone" and f.arguments[1].name == "graveyard")


def _end_of_combat(text: str, passes: int) -> list[tuple[list[str], int]]:
    """Pass priority from the combat damage step through the delayed trigger resolving: the last
    player's pass begins the end of combat step (the delayed triggers trigger, CR 511.2, and go
    on the stack, CR 603.3); then every player passes and the top trigger resolves (CR 117.4)."""
    result = ENGINE.play(loads_state(text), ["pass"] * passes)
    assert not result.not_modelled, result.not_modelled
    return sorted((_battlefield(e.position.facts), e.count) for e in result.ends)


# -- The legend rule (CR 704.5j) ------------------------------------------------------------------


def test_seed_the_master_legend_rule_does_not_put_a_token_or_a_single_nontoken_into_the_graveyard() -> None:
    # "If, while you control The Master, Multiplied, you also control a token legendary permanent
    # and a single nontoken legendary permanent with the same name, the legend rule will not cause
    # you to put either one into your graveyard."
    text = _board(2, [f"{{id: master, card: {MASTER}, controller: alice}}",
                      f"{{id: copy, card: {MASTER}, controller: alice, token: true}}"])
    assert ENGINE.actions(loads_state(text)).settled  # nothing pending: no choice, no SBA
    result = ENGINE.apply(loads_state(text), "pass")
    assert [(_battlefield(s.position.facts), s.count) for s in result.successors] == [(["copy", "master"], 1)]


def test_seed_the_master_legend_rule_spares_its_token_copies_in_four_players() -> None:
    # Three token copies of The Master and the card, in a four-player game: all four stay.
    tokens = [f"{{id: tok{i}, card: {MASTER}, controller: alice, token: true}}" for i in range(3)]
    text = _board(4, [f"{{id: master, card: {MASTER}, controller: alice}}", *tokens])
    assert ENGINE.actions(loads_state(text)).settled


def test_cr704_5j_two_nontoken_legends_of_one_name_are_a_choice_even_under_the_master() -> None:
    # The exemption is for creature tokens: a nontoken copy still follows the rule. alice
    # controls two nontoken The Masters (and a token): she keeps one of the two, the other goes
    # to her graveyard; the token stays either way.
    text = _board(3, [f"{{id: m1, card: {MASTER}, controller: alice}}",
                      f"{{id: m2, card: {MASTER}, controller: alice}}",
                      f"{{id: tok, card: {MASTER}, controller: alice, token: true}}"])
    result = ENGINE.apply(loads_state(text), "settle")
    assert not result.not_modelled
    boards = sorted((_battlefield(s.position.facts), _graveyard(s.position.facts), s.count) for s in result.successors)
    assert boards == [(["m1", "tok"], ["m2"], 1), (["m2", "tok"], ["m1"], 1)]


HOUND = "{name: Konda Hound, type_line: Legendary Creature — Dog, oracle_text: '', power: '2', toughness: '2'}"


def test_cr704_5j_the_exemption_is_for_any_creature_token_you_control() -> None:
    # Read generally: alice's two token copies of another legendary creature stay too.
    text = _board(2, [f"{{id: master, card: {MASTER}, controller: alice}}",
                      "{id: t1, card: Konda Hound, controller: alice, token: true}",
                      "{id: t2, card: Konda Hound, controller: alice, token: true}"], cards=[HOUND])
    assert ENGINE.actions(loads_state(text)).settled


def test_cr704_5j_the_exemption_is_for_tokens_you_control() -> None:
    # bob controls The Master; alice controls two legendary Konda Hound tokens: "creature tokens
    # you control" are bob's, so alice's tokens follow the legend rule (she keeps one).
    text = _board(2, [f"{{id: master, card: {MASTER}, controller: bob}}",
                      "{id: t1, card: Konda Hound, controller: alice, token: true}",
                      "{id: t2, card: Konda Hound, controller: alice, token: true}"], cards=[HOUND])
    result = ENGINE.apply(loads_state(text), "settle")
    assert not result.not_modelled
    # the token put into the graveyard ceases to exist at the next check (CR 704.5d)
    assert sorted((_battlefield(s.position.facts), s.count) for s in result.successors) == [
        (["master", "t1"], 1), (["master", "t2"], 1)]


# -- Exile at end of combat (CR 603.7, 511.2) --------------------------------------------------------


def _combat(players: int, *, master_controller: str = "alice", token_card: str = MASTER, extra: list[str] = (),
            what: str = "exile") -> str:
    """The combat damage step of a game where The Master attacked bob and one myriad token (t1,
    attacking carol) waits for its delayed "exile ... at end of combat"."""
    perms = [f"{{id: master, card: {MASTER}, controller: {master_controller}, tapped: true"
             + (", attacking: bob}" if master_controller == "alice" else "}"),
             f"{{id: t1, card: {token_card}, controller: alice, tapped: true, token: true, attacking: carol}}", *extra]
    return _board(players, perms, step="combat_damage", priority_last=True,
                  delayed=[f"{{when: at(end_of_combat), what: '{what}(obj(\"t1\"))', controller: alice}}"])


def test_seed_the_master_notably_the_exile_at_end_of_combat_does_nothing_to_its_tokens() -> None:
    # "Notably, the part of myriad that makes you exile the creature tokens at end of combat is a
    # triggered ability. This means that the ability will trigger, but you won't exile the tokens
    # when it resolves." Three players: carol's pass begins end of combat, the trigger goes on the
    # stack; alice, bob, carol pass: it resolves and the token stays.
    ends = _end_of_combat(_combat(3), 4)
    assert ends == [(["master", "t1"], 1)]


def test_seed_the_master_the_delayed_trigger_triggers_and_resolves_once() -> None:
    # The trigger is used up (CR 603.7b): after it resolved there is no delayed trigger left and
    # nothing on the stack; the step is end of combat.
    result = ENGINE.play(loads_state(_combat(3)), ["pass"] * 4)
    (end,) = result.ends
    names = {f.name for f in end.position.facts}
    assert "delayed_trigger" not in names and "stack_ability" not in names and "pending_trigger" not in names
    assert 'step(end_of_combat)' in {str(f) for f in end.position.facts}
    assert ("101.2", "t1") in end.fired and ("511.2", "dt(1)") in end.fired


def test_cr603_7_without_the_master_the_token_is_exiled_and_ceases_to_exist() -> None:
    # The same board with a token of a creature with myriad that is not The Master (and The Master
    # not on the battlefield): the token is exiled (CR 701.13a) and ceases to exist (CR 704.5d).
    text = _board(3, ["{id: caller, card: Caller of the Pack, controller: alice, tapped: true, attacking: bob}",
                      "{id: t1, card: Caller of the Pack, controller: alice, tapped: true, token: true, attacking: carol}"],
                  step="combat_damage", priority_last=True,
                  delayed=["{when: at(end_of_combat), what: 'exile(obj(\"t1\"))', controller: alice}"])
    result = ENGINE.play(loads_state(text), ["pass"] * 4)
    (end,) = result.ends
    assert _battlefield(end.position.facts) == ["caller"]
    assert not any("t1" in str(f) for f in end.position.facts)
    assert ("701.13a", "t1") in end.fired and ("704.5d", "t1") in end.fired


def test_cr603_7_the_master_of_another_player_does_not_protect_your_tokens() -> None:
    # "Triggered abilities you control ... creature tokens you control": bob's The Master does not
    # stop alice's trigger from exiling alice's token (a Caller of the Pack token: a token copy of
    # The Master would have the ability itself).
    ends = _end_of_combat(_combat(3, master_controller="bob", token_card="Caller of the Pack"), 4)
    assert ends == [(["master"], 1)]


def test_cr603_7_the_master_four_players_two_tokens_both_stay() -> None:
    # Four players: tokens for carol and dave, each with its delayed trigger (dt(1), dt(2)):
    # both triggers go on the stack at once (alice orders them: 2 orders), both resolve, both
    # tokens stay. Two orders lead to the same board.
    text = _board(4, [f"{{id: master, card: {MASTER}, controller: alice, tapped: true, attacking: bob}}",
                      f"{{id: t1, card: {MASTER}, controller: alice, tapped: true, token: true, attacking: carol}}",
                      f"{{id: t2, card: {MASTER}, controller: alice, tapped: true, token: true, attacking: dave}}"],
                  step="combat_damage", priority_last=True,
                  delayed=["{when: at(end_of_combat), what: 'exile(obj(\"t1\"))', controller: alice}",
                           "{when: at(end_of_combat), what: 'exile(obj(\"t2\"))', controller: alice}"])
    ends = _end_of_combat(text, 1 + 4 + 4)
    assert ends == [(["master", "t1", "t2"], 2)]


def test_cr101_2_the_master_stops_a_triggered_sacrifice_of_a_creature_token_only() -> None:
    # "can't cause you to sacrifice ... creature tokens you control": a delayed "sacrifice it" of
    # the token does nothing; of a nontoken creature (a Caller of the Pack card), it happens.
    assert _end_of_combat(_combat(3, what="sacrifice"), 4) == [(["master", "t1"], 1)]
    text = _board(3, [f"{{id: master, card: {MASTER}, controller: alice, tapped: true, attacking: bob}}",
                      "{id: c1, card: Caller of the Pack, controller: alice}"],
                  step="combat_damage", priority_last=True,
                  delayed=["{when: at(end_of_combat), what: 'sacrifice(obj(\"c1\"))', controller: alice}"])
    result = ENGINE.play(loads_state(text), ["pass"] * 4)
    (end,) = result.ends
    assert _battlefield(end.position.facts) == ["master"] and _graveyard(end.position.facts) == ["c1"]


def test_seed_the_master_the_whole_attack_through_apply() -> None:
    # From the myriad trigger to the end of combat, three players, carol controls Jace Beleren:
    # the trigger resolves (no token / a token attacking carol / attacking Jace), then combat
    # goes on to its end and the delayed trigger resolves: every token is still there.
    text = "\n".join([
        "version: 2", "players: [alice, bob, carol]", "active: alice", "step: declare_attackers",
        "priority: carol", "passed: [alice, bob]", "battlefield:",
        f"  - {{id: master, card: {MASTER}, controller: alice, tapped: true, attacking: bob}}",
        "  - {id: jace, card: Jace Beleren, controller: carol, counters: {loyalty: 3}}",
        "stack:", "  - {id: trig, ability: 1, source: master, controller: alice}", ""])
    state = loads_state(text)
    after_trigger = ENGINE.apply(state, "pass")
    assert len(after_trigger.successors) == 3
    for s in after_trigger.successors:
        tokens = sorted(str(f.arguments[0]) for f in s.position.facts if f.name == "token")
        # pass the rest of declare attackers, declare blockers and combat damage (3 players each),
        # then the delayed trigger (if any) on the stack at end of combat
        line = ["pass"] * (3 + 3 + 3 + (3 if tokens else 0))
        result = ENGINE.play(s.position, line)
        assert not result.not_modelled, result.not_modelled
        (end,) = result.ends
        facts = {str(f) for f in end.position.facts}
        assert "step(end_of_combat)" in facts
        assert sorted(str(f.arguments[0]) for f in end.position.facts if f.name == "token") == tokens


# -- Time Lord (CR 205.3m) ------------------------------------------------------------------------

CR_TEXT = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules_20260116.txt"


def _cr_creature_types() -> set[str]:
    text = CR_TEXT.read_text(encoding="utf-8")
    rule = text[text.index("205.3m "):text.index("205.3n")]
    listed = rule.split("All other creature types are one word long:")[1].strip().rstrip(".")
    names = {n.strip().removeprefix("and ").replace("’", "'") for n in listed.split(",")}
    return names | {"Time Lord"}


def _chosen_types() -> list[str]:
    # alice's "As ~ enters, choose a creature type" permanent spell resolves (all passed): one
    # successor per creature type chosen (CR 614.12, 607.2d), before anything else happens.
    text = "\n".join([
        "version: 2", "players: [alice, bob]", "active: alice", "step: precombat_main", "priority: bob",
        "passed: [alice]", "stack:", "  - {id: s, card: Adaptive Gull, controller: alice}", "cards:",
        "  - {name: Adaptive Gull, type_line: Artifact Creature — Construct, oracle_text: \"As Adaptive Gull enters, "
        "choose a creature type.\", power: '1', toughness: '1', mana_cost: '{3}'}", ""])
    result = ENGINE.apply(loads_state(text), "pass", settle=False)
    assert not result.not_modelled
    assert all(s.count == 1 for s in result.successors)
    return sorted(f.arguments[2].string for s in result.successors for f in s.position.facts
                  if f.name == "chosen" and str(f.arguments[1]) == "creature_type")


@pytest.mark.skipif(not CR_TEXT.exists(), reason="the CR text (../shared/data) is not here")
def test_seed_if_an_effect_instructs_you_to_choose_a_creature_type_you_may_choose_time_lord() -> None:
    # "If an effect instructs you to choose a creature type, you may choose Time Lord." "Neither
    # 'Time' nor 'Lord' are creature types." The choices offered are exactly the CR's list.
    chosen = _chosen_types()
    assert len(chosen) == len(set(chosen))
    assert set(chosen) == _cr_creature_types()
    assert "Time Lord" in chosen and "Time" not in chosen and "Lord" not in chosen


@pytest.mark.skipif(not CR_TEXT.exists(), reason="the CR text (../shared/data) is not here")
def test_seed_time_lord_is_the_only_two_word_creature_type() -> None:
    # "Unlike other creature types in Magic that are each only one word, the two words 'Time Lord'
    # represent a single creature subtype." The Master's type line has the one subtype Time Lord.
    assert [t for t in _cr_creature_types() if " " in t] == ["Time Lord"]
    facts = {str(f) for f in ENGINE.db.facts("The Master, Multiplied")}
    assert 'card_subtype(card("The Master, Multiplied"),"Time Lord")' in facts
    assert not any(f.endswith(('"Time")', '"Lord")')) for f in facts)
