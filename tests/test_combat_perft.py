"""Perft through a whole small combat (CR 506-511), counted by hand.

Alice's beginning of combat step, Alice has priority; Alice and Bob each control a 2/2 Bear and
nothing else (no hands, no abilities): the only action is `pass`.

  depth 1: Alice passes -> Bob has priority.                                          1 state
  depth 2: Bob passes: the declare attackers step begins; Alice's Bear attacks Bob or not
           (CR 508.1).                                                                  2 states
  depth 3: Alice passes in each.                                                        2 states
  depth 4: Bob passes: with the attack, the declare blockers step begins and Bob's Bear blocks
           or not (CR 509.1): 2 states; without, the declare blockers and combat damage steps
           are skipped (CR 508.8): the end of combat step.                              3 states
  depth 5: Alice passes in each.                                                        3 states
  depth 6: Bob passes: blocked -> combat damage, both Bears die (CR 510.2, 704.5g); unblocked
           -> Bob at 18; no attack -> the postcombat main phase (CR 511.3).             3 states
No state repeats (the step, the priority or the board differ): 14 within 6 actions; 3 lines of
exactly 6 actions.
"""

from __future__ import annotations

from combat_boards import CARDS, ENGINE
from mtgasp import loads_state

STATE = """players: [alice, bob]
turn: 5
active: alice
step: beginning_of_combat
battlefield:
  - {id: x, card: Test Bear, controller: alice}
  - {id: y, card: Test Bear, controller: bob}
""" + CARDS


def test_perft_through_a_combat_by_hand() -> None:
    r = ENGINE.perft(loads_state(STATE), 6)
    assert r.per_depth == (1, 2, 2, 3, 3, 3)
    assert r.within == 14 and r.paths == 3
    assert r.divide == (("pass", 14, 3),)
    assert r.not_modelled == ()
