"""Helpers for the combat tests (CR 506-511): a board as a state file, and its successors.

A board is written as YAML text with test cards defined in the state (`cards:`), so each test
reads as the CR example or ruling it checks. `begin(step)` gives the state just before the step
begins: the previous step, every player but the last having passed; its `pass` enters the step
and performs its turn-based action (CR 508.1, 509.1, 510.1) with every choice enumerated.
"""

from __future__ import annotations

from mtgasp import Engine, loads_state
from mtgasp.game import ApplyResult, Position, Successor

ENGINE = Engine()

CARDS = """cards:
  - {name: Test Bear, type_line: Creature — Bear, oracle_text: "", power: 2, toughness: 2}
  - {name: Test Wall, type_line: Creature — Wall, oracle_text: "Defender", power: 0, toughness: 4}
  - {name: Test Pacifist, type_line: Creature — Monk, oracle_text: "This creature can't attack.", power: 2, toughness: 2}
  - {name: Test Coward, type_line: Creature — Goblin, oracle_text: "This creature can't block.", power: 2, toughness: 2}
  - {name: Test Brute, type_line: Creature — Ogre, oracle_text: "This creature attacks each combat if able.", power: 3, toughness: 3}
  - {name: Test Hasty, type_line: Creature — Goblin, oracle_text: "Haste", power: 1, toughness: 1}
  - {name: Test Spider, type_line: Creature — Spider, oracle_text: "Reach", power: 1, toughness: 3}
  - {name: Test Menace, type_line: Creature — Devil, oracle_text: "Menace", power: 3, toughness: 3}
  - {name: Test Trampler, type_line: Creature — Wurm, oracle_text: "Trample", power: 5, toughness: 5}
  - {name: Test Striker, type_line: Creature — Knight, oracle_text: "First strike", power: 2, toughness: 2}
  - {name: Test Doubler, type_line: Creature — Knight, oracle_text: "Double strike", power: 2, toughness: 2}
  - {name: Test Fencer, type_line: Creature — Knight, oracle_text: "Double strike, trample", power: 3, toughness: 3}
  - {name: Test Viper, type_line: Creature — Snake, oracle_text: "Deathtouch", power: 1, toughness: 1}
  - {name: Test Basilisk, type_line: Creature — Basilisk, oracle_text: "Deathtouch, trample", power: 3, toughness: 3}
  - {name: Test Priest, type_line: Creature — Cleric, oracle_text: "Lifelink", power: 3, toughness: 3}
  - {name: Test Herald, type_line: Creature — Soldier, oracle_text: "Whenever this creature attacks, you gain 1 life.", power: 2, toughness: 2}
  - {name: Test Blocker, type_line: Creature — Soldier, oracle_text: "Whenever this creature blocks, you gain 2 life.", power: 1, toughness: 4}
  - {name: Test Thief, type_line: Creature — Rogue, oracle_text: "Whenever this creature deals combat damage to a player, draw a card.", power: 1, toughness: 1}
  - {name: Test Raider, type_line: Creature — Rogue, oracle_text: "Whenever this creature attacks and isn't blocked, you gain 1 life.", power: 1, toughness: 1}
  - {name: Test Exalted, type_line: Creature — Angel, oracle_text: "Exalted", power: 1, toughness: 1}
  - {name: Test Renown, type_line: Creature — Human, oracle_text: "Renown 1", power: 1, toughness: 1}
  - {name: Test Captain, type_line: Creature — Soldier, oracle_text: "Whenever a creature you control attacks, you gain 1 life.", power: 1, toughness: 1}
  - {name: Elvish Regrower, type_line: Creature — Elf, oracle_text: "", power: 4, toughness: 3}
  - {name: Vampire Spawn, type_line: Creature — Vampire, oracle_text: "", power: 2, toughness: 3}
  - {name: Helpful Hunter, type_line: Creature — Cat, oracle_text: "", power: 1, toughness: 1}
"""

BEFORE = {
    "declare_attackers": "beginning_of_combat",
    "declare_blockers": "declare_attackers",
    "combat_damage": "declare_blockers",
    "end_of_combat": "combat_damage",
}


def board(step: str, battlefield: list[str], players: str = "[alice, bob]", extra: str = "") -> str:
    """A state in ``step`` (alice's turn 5), the last player holding priority after the others
    passed: its `pass` ends the step. ``battlefield`` entries are YAML flow mappings."""
    names = [p.strip().split(",")[0].strip("{ ").removeprefix("id:").strip() for p in _split(players)]
    lines = [
        f"players: {players}",
        "turn: 5",
        "active: alice",
        f"step: {step}",
        f"priority: {names[-1]}",
        f"passed: [{', '.join(names[:-1])}]",
        "battlefield:",
        *(f"  - {e}" for e in battlefield),
    ]
    return "\n".join(lines) + "\n" + extra + CARDS


def begin(step: str, battlefield: list[str], players: str = "[alice, bob]", extra: str = "") -> str:
    """The state just before ``step`` begins (see :func:`board`)."""
    return board(BEFORE[step], battlefield, players, extra)


def apply(text: str | Position, action: str = "pass") -> ApplyResult:
    """Every successor of ``action`` (after settling) from a state text or a position; nothing
    may be reported as not modelled."""
    r = ENGINE.apply(loads_state(text) if isinstance(text, str) else text, action)
    assert not r.not_modelled, r.not_modelled
    return r


def facts_of(s: Successor, name: str) -> list[str]:
    """The successor's state facts of predicate ``name``, as text, sorted."""
    return sorted(f for f in s.position.lines() if f.startswith(name + "("))


def _split(players: str) -> list[str]:
    inner = players.strip()[1:-1]
    out, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return out
