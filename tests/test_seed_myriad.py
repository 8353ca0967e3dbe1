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
            lines.append(f"  - {{id: pw_{owner}_{i}, card: Jace Beleren, controller: {owner}, counters: {{loyalty: 3}}}}")
    if battle_for:
        lines.append(f"  - {{id: siege, card: Invasion of Kaladesh, controller: {battle_for}, protector: carol, counters: {{defense: 4}}}}")
    lines += ["stack:", "  - {id: trig, ability: 1, source: m, controller: alice}"]
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
