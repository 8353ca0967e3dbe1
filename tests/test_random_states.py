"""Self-check: on random boards of the embedded card set, every query answers (the encodings are
satisfiable on every valid state) and the answers hang together."""

from __future__ import annotations

import random

import pytest

from mtgasp import CardDatabase, Engine
from mtgasp.state import state_from_dict

DB = CardDatabase.default()
ENGINE = Engine(DB)
PERMANENT_TYPES = ("Land", "Creature", "Artifact", "Enchantment", "Planeswalker", "Battle")
CARDS = sorted(c.name for c in DB if any(t in c.type_line for t in PERMANENT_TYPES) and "Aura" not in c.type_line)


def board(seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    players = ["alice", "bob", "carol"][: rng.choice((2, 3))]
    battlefield = []
    for i in range(rng.randint(3, 14)):
        battlefield.append(
            {
                "id": f"p{i}",
                "card": rng.choice(CARDS),
                "controller": rng.choice(players),
                "tapped": rng.random() < 0.2,
                "sick": rng.random() < 0.2,
            }
        )
    return {"players": players, "battlefield": battlefield}


@pytest.mark.parametrize("seed", range(25))
def test_every_query_answers_on_a_random_board(seed: int) -> None:
    st = state_from_dict(board(seed), db=DB)
    pools = ENGINE.pools(st, st.active, limit=200, maximal_limit=200)
    assert pools.pools, "the empty pool at least is always reachable"
    reports = ENGINE.mana_abilities(st, st.active)
    for perm in st.battlefield:
        types = set(ENGINE.could_produce(st, perm.id).types)
        tap = ENGINE.tap(st, perm.id)
        # Whatever tapping adds (before triggers of other permanents) is something it could produce.
        for o in tap.outcomes:
            assert set(o.replaced.types) <= types, (perm.card, o)
        for r in reports:
            if r.object == perm.id and r.activatable and r.modelled:
                assert r.could_add, (perm.card, r)
