"""Perft (python-chess style) on two small states, every figure counted by hand in the comments.

perft counts the distinct states reachable by 1..N actions of the player with priority
(`settle` is part of each action); `paths` counts the lines of exactly N actions, each distinct
successor of an action its own line. The cards have no activated abilities and no spells are in
hand, so the only actions are `pass` and playing lands (CR 117.3d, 305.1)."""

from __future__ import annotations

from mtgasp import Engine

from steps import TWO_PLAYERS, position

ENGINE = Engine()
A, B = 'player("a")', 'player("b")'
CARDS = {"Test Legend": ("Legendary Land", ""), "Test Land": ("Land", "")}


def _card(o: str, card: str, zone: str, owner: str = A) -> str:
    return f'object(obj("{o}")). zone(obj("{o}"), {zone}). card_of(obj("{o}"), card("{card}")). owner(obj("{o}"), {owner}). '


# State 1: Alice's precombat main phase (turn 3), Alice has priority, nobody has passed.
# Battlefield: Alice's Test Legend l1 (a legendary land without abilities). Alice's hand: a
# second Test Legend l2 and a Test Land w (no abilities either).
STATE_1 = (
    TWO_PLAYERS
    + f"step(precombat_main). priority({A}). hand_size({A}, 2). hand_size({B}, 0). "
    + _card("l1", "Test Legend", "battlefield")
    + f'permanent(obj("l1")). controller(obj("l1"), {A}). timestamp(obj("l1"), 1). '
    + _card("l2", "Test Legend", f"hand({A})")
    + _card("w", "Test Land", f"hand({A})")
)
# Depth 1 — Alice: pass | play:l2 | play:w.
#   pass    -> A1 (Alice passed, Bob has priority).
#   play:l2 -> l2 enters; CR 704.5j: Alice keeps l1 (B1) or l2 (B2): two distinct states.
#   play:w  -> C1.
#   4 distinct states, 4 lines.
# Depth 2 — A1: Bob may only pass (not his turn): both passed, empty stack -> beginning of
#   combat, Alice has priority (A2). B1, B2, C1: Alice has played her land (CR 305.2): pass only
#   -> B1', B2', C1'. 4 distinct states, 4 lines.
# Depth 3 — A2: beginning of combat, no land play: pass -> A3. B1', B2', C1': Bob passes ->
#   beginning of combat (B1'', B2'', C1''). 4 distinct states, 4 lines.
# Within 3: 12 (no state repeats: the step, the passes or the lands differ).
# Divide: pass -> A1, A2, A3 (3 states, 1 line); play:l2 -> 6 states, 2 lines; play:w -> 3, 1.
PERFT_1 = {1: (4,), 2: (4, 4), 3: (4, 4, 4)}


def test_perft_state_1_by_hand() -> None:
    pos = position(STATE_1, CARDS)
    for depth, per_depth in PERFT_1.items():
        r = ENGINE.perft(pos, depth)
        assert r.per_depth == per_depth
        assert r.within == sum(per_depth)
        assert r.paths == 4
        assert r.not_modelled == ()
    r = ENGINE.perft(pos, 3)
    assert r.divide == (("pass", 3, 1), ("play:l2", 6, 2), ("play:w", 3, 1))


# State 2: Alice's end step (turn 3), Alice has priority. Bob's hand: a Test Land g (known) and
# nothing else; each library holds 10 unknown cards.
STATE_2 = (
    TWO_PLAYERS.replace("30)", "10)")
    + f"step(end). priority({A}). hand_size({A}, 0). hand_size({B}, 1). "
    + _card("g", "Test Land", f"hand({B})", owner=B)
)
# d1: Alice passes -> Bob has priority.                                                 1
# d2: Bob passes: end step over -> cleanup -> Bob's turn 4: untap, upkeep, Bob has priority
#     (CR 514.3, 502.4, 117.3a).                                                        1
# d3: Bob passes (a land can't be played in the upkeep) -> Alice has priority.           1
# d4: Alice passes -> draw step: Bob draws an unknown card (hand 2, library 9).          1
# d5: Bob passes -> Alice.                                                               1
# d6: Alice passes -> Bob's precombat main phase, Bob has priority.                      1
# d7: Bob passes, or plays g.                                                            2
PERFT_2 = (1, 1, 1, 1, 1, 1, 2)


def test_perft_state_2_by_hand_across_the_turn() -> None:
    pos = position(STATE_2, CARDS)
    r = ENGINE.perft(pos, 7)
    assert r.per_depth == PERFT_2
    assert (r.within, r.paths) == (8, 2)
    assert r.divide == (("pass", 8, 2),)
    assert r.not_modelled == ()
