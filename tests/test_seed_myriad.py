"""The myriad and The Master, Multiplied seeds (shared/seeds/001_*.txt, 000_*.txt): the myriad
trigger resolving, ruling by ruling, through `apply` (CR 702.116, 508.4, 603.7, 704.5j).

Each state has the attack declared and the myriad trigger on the stack (its controller passed:
the next `pass` resolves it, CR 117.4). The successors are compared exactly: which tokens exist,
what each attacks, and how many successors there are (each token's choice enumerated).
"""

from __future__ import annotations

import pytest

from mtgasp import Engine, loads_state

ENGINE = Engine()



def _state(players: int, *, attacks: str = "bob", season: bool = False, walkers: dict[str, int] | None = None,
           battle_for: str | None = None, master: str = "The Master, Multiplied") -> str:
    names = ["alice", "bob", "carol", "dave", "erin", "fran", "gus", "hal"][:players]
    lines = [
        "version: 2",
        f"players: [{', '.join(names)}]",
        "active: alice",
        "step: declare_attackers",
        "priority: " + names[-1],
        "passed: [" + ", ".join(names[:-1]) + "]",
        "battlefield:",
        f"  - {{id: m, card: \"{master}\", controller: alice, tapped: true, attacking: {attacks}}}",
    ]
    if season:
        lines.append("  - {id: season, card: Doubling Season, controller: alice}")
    for owner, n in (walkers or {}).items():
        for i in range(n):
            # a second planeswalker of a player has another name (two Jaces: the legend rule first)
            card = "Jace Beleren" if i == 0 else f"Walker {i}"
            lines.append(f"  - {{id: pw_{owner}_{i}, card: {card}, controller: {owner}, counters: {{loyalty: 3}}}}")
    if battle_for:
        lines.append(f"  - {{id: siege, card: Invasion of Kaladesh, controller: {battle_for}, protector: carol, counters: {{defense: 4}}}}")
    lines += ["stack:", "  - {id: trig, ability: 1, source: m, controller: alice}"]
    extra = max((walkers or {"": 0}).values())
    if extra > 1:
        lines += ["cards:", *(f"  - {{name: Walker {i}, type_line: Legendary Planeswalker — Testwalker, oracle_text: '', loyalty: 3}}"
                              for i in range(1, extra))]
    return "\n".join(lines) + "\n"


def _boards(text: str) -> list[tuple[tuple[str, str], ...]]:
    """Each distinct successor as the sorted (player-it-was-created-for, what-it-attacks) of its new tokens."""
    result = ENGINE.apply(loads_state(text), "pass")
    assert not result.not_modelled, result.not_modelled
    boards = []
    for s in result.successors:
        facts = s.position.facts
        tokens = [f.arguments[0] for f in facts if f.name == "token"]
        board = []
        for t in tokens:
            target = next(str(f.arguments[1]) for f in facts if f.name == "attacking" and f.arguments[0] == t)
            board.append((str(t.arguments[0].arguments[1]), target))
        boards.append(tuple(sorted(board)))
    return sorted(boards)


def test_seed_myriad_no_tokens_when_the_defending_player_is_your_only_opponent() -> None:
    # "If the defending player is your only opponent, no tokens are put onto the battlefield."
    assert _boards(_state(2)) == [()]


def test_seed_myriad_a_token_for_each_other_opponent_attacking_that_player() -> None:
    # CR 702.116a in a three-player game: for carol (not the defending player bob) alice may
    # create a token attacking carol; she may also decline.
    assert _boards(_state(3)) == [(), (('player("carol")', 'player("carol")'),)]


def test_seed_myriad_four_players_each_opponent_chosen_separately() -> None:
    # Four players, bob defending: carol and dave each may get a token (2 x 2 = 4 successors).
    assert _boards(_state(4)) == [
        (),
        (('player("carol")', 'player("carol")'),),
        (('player("carol")', 'player("carol")'), ('player("dave")', 'player("dave")')),
        (('player("dave")', 'player("dave")'),),
    ]


def test_seed_myriad_you_choose_the_player_or_a_planeswalker_as_the_token_is_created() -> None:
    # "You choose whether each token is attacking the player or a planeswalker they control as the
    # token is created." carol controls Jace Beleren: three successors for her token.
    assert _boards(_state(3, walkers={"carol": 1})) == [
        (),
        (('player("carol")', 'obj("pw_carol_0")'),),
        (('player("carol")', 'player("carol")'),),
    ]


def test_seed_myriad_with_doubling_season_each_token_chooses_separately() -> None:
    # "If myriad creates more than one token for any given player (due to an effect such as the one
    # Doubling Season creates), you may choose separately for each token whether it's attacking the
    # player or a planeswalker they control." Two tokens for carol, each attacking carol or Jace:
    # 2 x 2 = 4 assignments (the tokens are different objects), plus declining.
    boards = _boards(_state(3, season=True, walkers={"carol": 1}))
    assert len(boards) == 5
    assert boards[0] == ()
    assert sorted(b for b in boards[1:]) == sorted([
        (('player("carol")', 'obj("pw_carol_0")'), ('player("carol")', 'obj("pw_carol_0")')),
        (('player("carol")', 'obj("pw_carol_0")'), ('player("carol")', 'player("carol")')),
        (('player("carol")', 'obj("pw_carol_0")'), ('player("carol")', 'player("carol")')),
        (('player("carol")', 'player("carol")'), ('player("carol")', 'player("carol")')),
    ])


def test_seed_myriad_defending_player_of_a_planeswalker_is_its_controller() -> None:
    # "... or the controller of the planeswalker ... the creature was attacking": attacking bob's
    # Jace makes bob the defending player: the token is for carol only.
    assert _boards(_state(3, attacks="pw_bob_0", walkers={"bob": 1})) == [(), (('player("carol")', 'player("carol")'),)]


def test_seed_myriad_defending_player_of_a_battle_is_its_protector() -> None:
    # "... or the protector of the battle": attacking the battle carol protects (bob controls it)
    # makes carol the defending player: the token is for bob, attacking bob (not the battle).
    assert _boards(_state(3, attacks="siege", battle_for="bob")) == [(), (('player("bob")', 'player("bob")'),)]


def test_seed_myriad_tokens_are_tapped_and_attacking_and_exiled_at_end_of_combat() -> None:
    # CR 702.116a: tapped and attacking; "If one or more tokens are created this way, exile the
    # tokens at end of combat" — a delayed trigger (CR 603.7) for each token.
    result = ENGINE.apply(loads_state(_state(3)), "pass")
    (made,) = [s for s in result.successors if any(f.name == "token" for f in s.position.facts)]
    facts = {str(f) for f in made.position.facts}
    (tok,) = [str(f.arguments[0]) for f in made.position.facts if f.name == "token"]
    assert f"tapped({tok})" in facts
    assert f'delayed_trigger(dt(1),at(end_of_combat),exile({tok}),player("alice"))' in facts


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seed_myriad_count_of_successors_is_two_to_the_other_opponents(players: int) -> None:
    # Each opponent other than the defending player: a token or not (no planeswalkers): 2^(n-2).
    assert len(_boards(_state(players))) == 2 ** (players - 2)


# -- More rulings, multiplayer boards ----------------------------------------------------------


def test_seed_myriad_four_players_with_planeswalkers_each_token_chooses() -> None:
    # Four players, bob defending; carol controls one planeswalker, dave two. For carol: no token,
    # a token attacking carol or her walker (3); for dave: no token, dave or one of two (4):
    # 3 x 4 = 12 distinct boards, one choice sequence each.
    boards = _boards(_state(4, walkers={"carol": 1, "dave": 2}))
    carol = [None, 'player("carol")', 'obj("pw_carol_0")']
    dave = [None, 'player("dave")', 'obj("pw_dave_0")', 'obj("pw_dave_1")']
    want = sorted(tuple(sorted([*((('player("carol")', c),) if c else ()), *((('player("dave")', d),) if d else ())]))
                  for c in carol for d in dave)
    assert boards == want


def test_seed_myriad_a_battle_on_the_defending_side_is_not_a_token_target() -> None:
    # bob defends; carol protects a battle bob controls and has a planeswalker. Her token attacks
    # carol or her planeswalker ("that player or a planeswalker they control"), never the battle.
    assert _boards(_state(3, walkers={"carol": 1}, battle_for="bob")) == [
        (), (('player("carol")', 'obj("pw_carol_0")'),), (('player("carol")', 'player("carol")'),)]


def test_seed_myriad_doubling_season_in_four_players_counts_every_choice() -> None:
    # Four players, Doubling Season, carol has a planeswalker, dave none. Taking carol's token
    # makes two tokens, each attacking carol or her walker: 4 boards as objects; taking dave's,
    # two tokens attacking dave: 1. (1 + 4) x (1 + 1) = 10 distinct successors.
    result = ENGINE.apply(loads_state(_state(4, season=True, walkers={"carol": 1})), "pass")
    assert not result.not_modelled
    assert len(result.successors) == 10
    assert sum(s.count for s in result.successors) == 10


def _two_instances(players: int) -> str:
    names = ["alice", "bob", "carol", "dave"][:players]
    return "\n".join([
        "version: 2", f"players: [{', '.join(names)}]", "active: alice", "step: declare_attackers",
        f"priority: {names[-1]}", "passed: [" + ", ".join(names[:-1]) + "]", "battlefield:",
        "  - {id: m, card: Twin Myriad, controller: alice, tapped: true, attacking: bob}",
        "stack:",
        "  - {id: trig1, ability: 1, source: m, controller: alice}",
        "  - {id: trig2, ability: 2, source: m, controller: alice}",
        "cards:",
        "  - {name: Twin Myriad, type_line: Creature — Elemental, oracle_text: \"Myriad\\nMyriad\", power: '2', toughness: '2'}",
        ""])


def test_cr702_116b_two_instances_of_myriad_trigger_separately() -> None:
    # CR 702.116b: "If a creature has multiple instances of myriad, each triggers separately."
    # Three players: each trigger, as it resolves, may make a token for carol: after both (the
    # top one, then every player passes again), carol faces 0, 1 (of either trigger) or 2 tokens:
    # 4 distinct boards. Each resolution is one step.
    result = ENGINE.play(loads_state(_two_instances(3)), ["pass", "pass", "pass", "pass"])
    assert not result.not_modelled, result.not_modelled
    made = sorted(tuple(sorted(f.arguments[0].arguments[0].arguments[0].arguments[0].string for f in e.position.facts
                               if f.name == "token")) for e in result.ends)
    assert made == [(), ("trig1",), ("trig1", "trig2"), ("trig2",)]


def test_cr702_116b_two_instances_four_players() -> None:
    # Four players: each trigger may make a token for carol and one for dave: 4 x 4 = 16 boards.
    result = ENGINE.play(loads_state(_two_instances(4)), ["pass"] * 5)
    assert not result.not_modelled
    assert len(result.ends) == 16


def test_seed_myriad_tokens_were_never_declared_as_attackers() -> None:
    # "Although the tokens enter the battlefield attacking, they were never declared as attackers.
    # Abilities that trigger whenever a creature attacks won't trigger, including the myriad
    # ability of the tokens." Four players: the tokens (copies of The Master, with myriad) trigger
    # nothing: no pending trigger, nothing new on the stack.
    result = ENGINE.apply(loads_state(_state(4)), "pass")
    for s in result.successors:
        names = {f.name for f in s.position.facts}
        assert "pending_trigger" not in names and "stack_ability" not in names


def test_seed_myriad_the_token_creatures_all_enter_at_the_same_time() -> None:
    # "The token creatures all enter the battlefield at the same time": one resolution (one step,
    # no settling in between) puts every token onto the battlefield.
    result = ENGINE.apply(loads_state(_state(4, season=True)), "pass", settle=False)
    sizes = sorted(sum(1 for f in s.position.facts if f.name == "token") for s in result.successors)
    assert sizes == [0, 2, 2, 4]


def test_seed_myriad_tokens_copy_only_what_was_printed() -> None:
    # "Each token copies exactly what was printed on the original creature and nothing else. It
    # doesn't copy whether that creature is tapped or untapped, whether it has any counters on it
    # ..." Caller of the Pack with two +1/+1 counters: its token has no counters, is Caller of the
    # Pack, and is tapped because myriad says so (tested untapped original: still tapped).
    text = "\n".join([
        "version: 2", "players: [alice, bob, carol]", "active: alice", "step: declare_attackers",
        "priority: carol", "passed: [alice, bob]", "battlefield:",
        "  - {id: caller, card: Caller of the Pack, controller: alice, attacking: bob, counters: {+1/+1: 2}}",
        "stack:", "  - {id: trig, ability: 2, source: caller, controller: alice}", ""])
    result = ENGINE.apply(loads_state(text), "pass")
    (made,) = [s for s in result.successors if any(f.name == "token" for f in s.position.facts)]
    (tok,) = [f.arguments[0] for f in made.position.facts if f.name == "token"]
    facts = made.position.facts
    assert [str(f.arguments[1]) for f in facts if f.name == "card_of" and f.arguments[0] == tok] == ['card("Caller of the Pack")']
    assert not [f for f in facts if f.name == "counter" and f.arguments[0] == tok]
    assert any(f.name == "tapped" and f.arguments[0] == tok for f in facts)


def test_seed_myriad_enters_abilities_of_the_copied_creature_trigger() -> None:
    # "Any enters-the-battlefield abilities of the copied creature will trigger when the token
    # enters the battlefield." A myriad creature with "When ~ enters, you gain 1 life" in a
    # four-player game: each token's ability triggers (CR 603.6a) and goes on the stack.
    text = "\n".join([
        "version: 2", "players: [alice, bob, carol, dave]", "active: alice", "step: declare_attackers",
        "priority: dave", "passed: [alice, bob, carol]", "battlefield:",
        "  - {id: gull, card: Myriad Gull, controller: alice, tapped: true, attacking: bob}",
        "stack:", "  - {id: trig, ability: 1, source: gull, controller: alice}", "cards:",
        "  - {name: Myriad Gull, type_line: Creature — Bird, oracle_text: \"Myriad\\nWhen Myriad Gull enters, you gain 1 life.\", power: '1', toughness: '1'}",
        ""])
    result = ENGINE.apply(loads_state(text), "pass")
    assert not result.not_modelled
    got = sorted((sum(1 for f in s.position.facts if f.name == "token"),
                  sum(1 for f in s.position.facts if f.name == "stack_ability"), s.count) for s in result.successors)
    # no token; a token for carol or for dave (its trigger on the stack); both (two triggers:
    # alice orders them on the stack, CR 603.3b: two different stacks, two successors)
    assert got == [(0, 0, 1), (1, 1, 1), (1, 1, 1), (2, 2, 1), (2, 2, 1)]


def test_seed_myriad_tokens_are_exiled_at_end_of_combat_through_apply() -> None:
    # "exile the tokens at end of combat" (CR 603.7, 511.2), three players: the token made for
    # carol is exiled when the delayed trigger resolves and ceases to exist (CR 704.5d); the
    # Caller of the Pack card stays.
    text = "\n".join([
        "version: 2", "players: [alice, bob, carol]", "active: alice", "step: declare_attackers",
        "priority: carol", "passed: [alice, bob]", "battlefield:",
        "  - {id: caller, card: Caller of the Pack, controller: alice, tapped: true, attacking: bob}",
        "stack:", "  - {id: trig, ability: 2, source: caller, controller: alice}", ""])
    result = ENGINE.play(loads_state(text), [{"action": "pass", "choose": ["may yes"]}] + ["pass"] * 12)
    assert not result.not_modelled, result.not_modelled
    (end,) = result.ends
    facts = {str(f) for f in end.position.facts}
    assert "step(end_of_combat)" in facts
    assert not [f for f in end.position.facts if f.name == "token"]
    assert sorted(f.arguments[0].arguments[0].string for f in end.position.facts if f.name == "permanent") == ["caller"]
    assert any(r == "701.13a" for r, _ in end.fired) and any(r == "704.5d" for r, _ in end.fired)
