"""Game-state files: load (YAML or JSON) → validate → a frozen :class:`GameState` → state facts,
and back: state facts (a successor of a transition) → a state → a file.

A game-state file describes one moment of a game: the players in turn order, whose turn and which
step it is, who has priority, life totals and player counters, mana pools, the objects in every
zone (battlefield, stack, hands, libraries, graveyards, exile, command), continuous effects of
resolved spells and abilities, delayed and pending triggers, what the turn remembers, and cards
that are not in the card database. The schema is
documented field by field in ``docs/state-format.md``; the facts it becomes are the "State facts"
of ``docs/facts.md`` and ``docs/engine-v2.md`` §1.

>>> state = loads_state('''
... players: [alice, bob]
... battlefield:
...   - {id: elf, card: Llanowar Elves, controller: alice, sick: true}
... ''')
>>> state.active, state.step
('alice', 'precombat_main')
>>> sorted(str(f) for f in state.facts() if "elf" in str(f))[:3]
['card_of(obj("elf"),card("Llanowar Elves"))', 'controller(obj("elf"),player("alice"))', 'owner(obj("elf"),player("alice"))']

Validation checks the *form* of the file — types, references, unique ids, known cards — and
reports the first problem as one paragraph naming the path of the bad field
(:class:`~mtgasp.errors.InvalidStateError`). Whether the state is consistent with the game rules
(an attacking creature outside combat, an Aura on nothing it can enchant) is a question for the
rules (``mtgasp check``), so such a state can still be loaded, held and queried.
"""

from __future__ import annotations

from .from_facts import state_from_facts
from .messages import format_path
from .model import (
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
)
from .reading import load_state, loads_state
from .validate import state_from_dict
from .vocab import (
    CARD_TYPES,
    CHOICE_KEYS,
    COLORS,
    DURATIONS,
    EFFECT_KINDS,
    FORMAT_VERSION,
    MANA_TYPES,
    STEP_ALIASES,
    STEPS,
)
from .writing import dump_state, dumps_state

__all__ = [
    "CARD_TYPES",
    "CHOICE_KEYS",
    "COLORS",
    "DURATIONS",
    "EFFECT_KINDS",
    "FORMAT_VERSION",
    "MANA_TYPES",
    "STEPS",
    "STEP_ALIASES",
    "Activation",
    "CardObject",
    "Change",
    "DelayedTrigger",
    "Effect",
    "FrozenDict",
    "GameState",
    "Hidden",
    "PendingTrigger",
    "Permanent",
    "Player",
    "RestrictedMana",
    "StackObject",
    "dump_state",
    "dumps_state",
    "format_path",
    "load_state",
    "loads_state",
    "state_from_dict",
    "state_from_facts",
]
