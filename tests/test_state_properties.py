"""Round trips of generated valid states (Hypothesis): a state written out (YAML or JSON) and
read back is the same state with the same facts; its facts turned back into a state
(``state_from_facts``, what ``apply --out`` does with a successor) give the same facts.

The states use every part of the v2 format: objects in every zone, the stack (spells and
abilities with X, targets and modes), hidden hands and libraries, effects of every kind,
restricted mana, triggers and turn memory, with text beyond ASCII in ids and notes.
"""

from __future__ import annotations

from typing import Any

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from mtgasp.state import (  # noqa: E402
    STEPS,
    Activation,
    CardObject,
    Change,
    DelayedTrigger,
    Effect,
    FrozenDict,
    GameState,
    Hidden,
    PendingTrigger,
    Permanent,
    Player,
    RestrictedMana,
    StackObject,
    dumps_state,
    loads_state,
    state_from_facts,
)

CARDS = ("Forest", "Llanowar Elves", "Grizzly Bears", "Caged Sun", "Master of Winds", "Opt", "Lightning Bolt",
         "Myr Propagator", "Wild Growth", "Birds of Paradise")  # fmt: skip
COUNTER_KINDS = ("+1/+1", "-1/-1", "charge", "loyalty", "age")
#: Id text: letters (some beyond ASCII), digits, and characters YAML treats specially.
ID_TEXT = st.text(alphabet="abcxyzé数ß0129 :'-#&*!", min_size=1, max_size=6).map(str.strip).filter(bool)
QUANTITY = st.integers(0, 1_000_000)
NUMBER = st.integers(-(2**31), 2**31 - 1)


@st.composite
def game_states(draw: st.DrawFn) -> GameState:  # noqa: C901 - one generator for every part of a state
    ids = draw(st.lists(ID_TEXT, min_size=2, max_size=40, unique=True))
    n_players = draw(st.integers(1, 3))
    pids, oids = ids[:n_players], iter(ids[n_players:])
    players = tuple(
        Player(
            p,
            draw(NUMBER),
            FrozenDict(draw(st.dictionaries(st.sampled_from(("poison", "energy")), QUANTITY, max_size=2))),
            draw(st.booleans()),
            draw(st.booleans()),
        )
        for p in pids
    )
    player = st.sampled_from(pids)
    n_perm = draw(st.integers(0, 5))
    perm_ids = [next(oids, None) for _ in range(n_perm)]
    perm_ids = [o for o in perm_ids if o is not None]
    permanent = st.sampled_from(perm_ids) if perm_ids else st.nothing()
    battlefield = []
    for o in perm_ids:
        others = [x for x in perm_ids if x != o]
        battlefield.append(
            Permanent(
                o,
                draw(st.sampled_from(CARDS)),
                draw(player),
                owner=draw(player),
                tapped=draw(st.booleans()),
                sick=draw(st.booleans()),
                token=draw(st.booleans()),
                counters=FrozenDict(draw(st.dictionaries(st.sampled_from(COUNTER_KINDS), QUANTITY, max_size=2))),
                damage=draw(QUANTITY),
                attached_to=draw(st.none() | st.sampled_from(others)) if others else None,
                attacking=draw(st.none() | st.sampled_from(pids + others)),
                blocking=tuple(draw(st.lists(st.sampled_from(others), unique=True, max_size=2))) if others else (),
                protector=draw(st.none() | player),
                chosen=FrozenDict(
                    draw(
                        st.fixed_dictionaries(
                            {},
                            optional={
                                "color": st.sampled_from(("white", "blue", "black", "red", "green")),
                                "mana_type": st.sampled_from("WUBRGC"),
                                "creature_type": st.sampled_from(("Elf", "Time Lord")),
                                "player": player,
                                "card_name": st.sampled_from(CARDS),
                                "number": NUMBER,
                            },
                        )
                    )
                ),
                timestamp=draw(st.integers(-3, 3)),
                damaged_by_deathtouch=draw(st.booleans()),
            )
        )

    def card_objects(owner: str | None, size: int) -> tuple[CardObject, ...]:
        out = []
        for _ in range(size):
            o = next(oids, None)
            if o is not None:
                out.append(CardObject(o, draw(st.sampled_from(CARDS)), owner or draw(player), draw(st.booleans())))
        return tuple(out)

    hands, libraries, graveyards = {}, {}, {}
    for p in pids:
        if draw(st.booleans()):
            known = card_objects(p, draw(st.integers(0, 2)))
            hands[p] = Hidden(len(known) + draw(st.integers(0, 3)), known)
        if draw(st.booleans()):
            known = card_objects(p, draw(st.integers(0, 2)))
            libraries[p] = Hidden(len(known) + draw(st.integers(0, 50)), known)
        if draw(st.booleans()):
            graveyards[p] = card_objects(p, draw(st.integers(0, 2)))
    exile = card_objects(None, draw(st.integers(0, 2)))
    command = card_objects(None, draw(st.integers(0, 1)))
    every_object = perm_ids + [o.id for zone in (exile, command) for o in zone]
    stack = []
    for _ in range(draw(st.integers(0, 3))):
        o = next(oids, None)
        if o is None:
            break
        source = draw(st.none() | st.sampled_from(perm_ids)) if perm_ids else None
        targets = tuple(draw(st.lists(st.sampled_from(pids + every_object), max_size=2)))
        stack.append(
            StackObject(
                o,
                draw(player),
                card=draw(st.sampled_from(CARDS)),
                ability=draw(st.integers(1, 3)) if source else None,
                source=source,
                owner=draw(player),
                x=draw(st.none() | QUANTITY),
                targets=targets,
                modes=tuple(sorted(draw(st.sets(st.integers(1, 3), max_size=2)))),
            )
        )
    effects = []
    if perm_ids:
        for _ in range(draw(st.integers(0, 4))):
            kind = draw(st.sampled_from(("copy", "set_base_pt", "modify_pt", "lose_all_abilities", "gain_ability",
                                         "add_type", "add_subtype")))  # fmt: skip
            fields: dict[str, Any] = {
                "copy": {"of": draw(st.sampled_from(CARDS)),
                         "exceptions": (Change("add_subtype", subtype="Elf"),) if draw(st.booleans()) else ()},
                "set_base_pt": {"power": draw(QUANTITY), "toughness": draw(QUANTITY)},
                "modify_pt": {"power": draw(NUMBER), "toughness": draw(NUMBER)},
                "lose_all_abilities": {},
                "gain_ability": {"card": draw(st.sampled_from(CARDS)), "ability": draw(st.integers(1, 3))},
                "add_type": {"type": draw(st.sampled_from(("artifact", "creature", "land")))},
                "add_subtype": {"subtype": draw(st.sampled_from(("Elf", "Myr")))},
            }[kind]  # fmt: skip
            effects.append(
                Effect(
                    draw(permanent),
                    Change(kind, **fields),
                    until=draw(st.none() | st.sampled_from(("end_of_turn", "end_of_combat"))),
                    timestamp=draw(st.integers(-3, 3)),
                    source=draw(st.none() | permanent),
                    controller=draw(st.none() | player),
                )
            )
    pools = {p: FrozenDict(draw(st.dictionaries(st.sampled_from("WUBRGC"), QUANTITY, max_size=3))) for p in pids}
    restricted = sorted((
        RestrictedMana(draw(player), draw(st.sampled_from("WUBRGC")), draw(QUANTITY), draw(st.sampled_from(("cast(spell)", 'cast(creature_spell)'))))
        for _ in range(draw(st.integers(0, 2)))
    ), key=lambda r: pids.index(r.player))  # the file lists restricted mana by player  # fmt: skip
    pending = tuple(
        PendingTrigger(draw(st.sampled_from(CARDS)), draw(st.integers(1, 2)), s, draw(player))
        for s in draw(st.lists(st.sampled_from(perm_ids), max_size=2))
    ) if perm_ids else ()  # fmt: skip
    activated = tuple(
        Activation(o, draw(st.sampled_from(CARDS)), n, draw(st.integers(1, 3)))
        for o, n in draw(st.sets(st.tuples(st.sampled_from(perm_ids), st.integers(1, 2)), max_size=2))
    ) if perm_ids else ()  # fmt: skip
    active = draw(player)
    return GameState(
        players=players,
        active=active,
        step=draw(st.sampled_from(STEPS)),
        battlefield=tuple(battlefield),
        mana_pool=FrozenDict((p, pool) for p, pool in pools.items() if pool and draw(st.booleans())),
        effects=tuple(effects),
        notes=draw(st.none() | st.text(alphabet="ab é\n:#'", min_size=1, max_size=12).map(str.strip).filter(bool)),
        turn=draw(st.none() | st.integers(1, 50)),
        priority=draw(st.none() | st.sampled_from([p for p in pids if p != active] or [None])),
        passed=tuple(draw(st.lists(player, unique=True, max_size=2))),
        stack=tuple(stack),
        hands=FrozenDict(hands),
        libraries=FrozenDict(libraries),
        graveyards=FrozenDict(graveyards),
        exile=exile,
        command=command,
        restricted_mana=tuple(restricted),
        delayed_triggers=tuple(
            DelayedTrigger("at(end)", f'sacrifice(obj("{o}"))'.replace("\\", ""), draw(player))
            for o in draw(st.lists(st.sampled_from(perm_ids), max_size=1))
        ) if perm_ids else (),  # fmt: skip
        pending_triggers=pending,
        lands_played=FrozenDict(draw(st.dictionaries(player, st.integers(1, 3), max_size=2))),
        spells_cast=FrozenDict(draw(st.dictionaries(player, st.integers(1, 3), max_size=2))),
        activated=tuple(sorted(activated, key=lambda a: (a.object, a.ability))),
    )


def facts(state: GameState) -> set[str]:
    return {str(f) for f in state.facts()}


def check_write_read(state: GameState, fmt: str) -> None:
    again = loads_state(dumps_state(state, format=fmt), format=fmt)
    assert again == state
    assert facts(again) == facts(state)


def check_facts_state_facts(state: GameState) -> None:
    expected = facts(state)
    rebuilt = state_from_facts(state.facts(), state)
    assert facts(rebuilt) == expected
    assert facts(loads_state(dumps_state(rebuilt))) == expected  # a successor saved and read again


FAST = settings(max_examples=50, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=1000, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(game_states(), st.sampled_from(("yaml", "json")))
def test_a_state_written_and_read_back_is_the_same_state(state: GameState, fmt: str) -> None:
    check_write_read(state, fmt)


@FAST
@given(game_states())
def test_facts_to_state_to_facts_is_the_identity(state: GameState) -> None:
    check_facts_state_facts(state)


@pytest.mark.slow
@SLOW
@given(game_states(), st.sampled_from(("yaml", "json")))
def test_a_state_written_and_read_back_is_the_same_state_large_budget(state: GameState, fmt: str) -> None:
    check_write_read(state, fmt)


@pytest.mark.slow
@SLOW
@given(game_states())
def test_facts_to_state_to_facts_is_the_identity_large_budget(state: GameState) -> None:
    check_facts_state_facts(state)
