"""Lines of play through the `apply` query (rules_asp/queries/apply.lp): a game state as facts,
the card facts of its cards from the parser, and the successors of an action as game states
again (their next/1 facts), so that a test can take several steps."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import clingo
from mtgasp.engine import rules_dir
from mtgasp.parser import parse_card

A, B = 'player("a")', 'player("b")'
"""Alice (the active player) and Bob."""

BASE = [
    f"player({A})", f"player({B})", f"turn_position({A}, 1)", f"turn_position({B}, 2)", f"active_player({A})",
    f"life({A}, 20)", f"life({B}, 20)", "turn_number(3)", f"library_size({A}, 30)", f"library_size({B}, 30)",
]
"""Alice's third turn, 20 life each, 30 cards in each library (add step/1 and priority/1)."""


def card(name: str, text: str, type_line: str, mana_cost: str = "", pt: str | None = None) -> list[str]:
    """The parser's facts for a card (``pt`` as "2/2")."""
    power, toughness = pt.split("/") if pt else (None, None)
    pc = parse_card(name, text, type_line=type_line, mana_cost=mana_cost, power=power, toughness=toughness)
    assert all(ab.supported for ab in pc.abilities), [ab.text for ab in pc.unsupported]
    return [str(f) for f in pc.facts]


def permanent(ident: str, name: str, controller: str = A, *extra: str) -> list[str]:
    """A permanent ``ident`` of card ``name`` (facts ``extra`` about it written with ``O``)."""
    o = f'obj("{ident}")'
    return [f"object({o})", f"zone({o}, battlefield)", f"permanent({o})", f'card_of({o}, card("{name}"))',
            f"controller({o}, {controller})", f"owner({o}, {controller})", *(e.replace("O", o) for e in extra)]


def in_hand(ident: str, name: str, owner: str = A) -> list[str]:
    o = f'obj("{ident}")'
    return [f"object({o})", f"zone({o}, hand({owner}))", f'card_of({o}, card("{name}"))', f"owner({o}, {owner})"]


@dataclass(frozen=True)
class Successor:
    """One answer set of a step: the successor state, the choices, the rules, what is not modelled."""

    state: frozenset[str]
    choices: tuple[str, ...]
    fired: tuple[str, ...]
    not_modelled: tuple[str, ...]

    def facts(self, name: str) -> list[str]:
        """The successor's facts of predicate ``name``, sorted."""
        return sorted(f for f in self.state if f.startswith(name + "("))


@dataclass(frozen=True)
class Game:
    """A state (facts, as clingo prints them) and the card facts its objects need."""

    cards: tuple[str, ...]
    state: frozenset[str]

    @staticmethod
    def of(cards: Iterable[str], state: Iterable[str]) -> Game:
        ctl = clingo.Control()
        ctl.add("base", [], "".join(f"{f}.\n" for f in state))
        ctl.ground([("base", [])])
        facts = frozenset(str(a.symbol) for a in ctl.symbolic_atoms)  # normalised spelling
        return Game(tuple(cards), facts)

    def step(self, action: str) -> list[Successor]:
        """Every answer set of ``action`` (sorted); fails on any message clingo prints."""
        messages: list[str] = []
        ctl = clingo.Control(["0", "--project"], logger=lambda c, m: messages.append(m))
        ctl.load(str(rules_dir() / "engine.lp"))
        ctl.load(str(rules_dir() / "queries" / "apply.lp"))
        ctl.add("base", [], "".join(f"{f}.\n" for f in (*self.cards, *self.state)) + f"__action({action}).\n")
        ctl.ground([("base", [])])
        out: list[Successor] = []

        def on_model(m: clingo.Model) -> None:
            syms = m.symbols(shown=True)
            out.append(Successor(
                state=frozenset(str(s.arguments[0]) for s in syms if s.name == "next"),
                choices=tuple(sorted(str(s.arguments[1]) for s in syms if s.name == "choice")),
                fired=tuple(sorted(f"{s.arguments[0].string} {s.arguments[1]}" for s in syms if s.name == "fired")),
                not_modelled=tuple(sorted(str(s) for s in syms if s.name == "not_modelled")),
            ))

        ctl.solve(on_model=on_model)
        assert not messages, messages
        return sorted(out, key=lambda s: (sorted(s.state), s.choices))

    def distinct(self, action: str) -> list[Successor]:
        """One successor per distinct successor state (the first of its answer sets)."""
        seen: dict[frozenset[str], Successor] = {}
        for s in self.step(action):
            seen.setdefault(s.state, s)
        return list(seen.values())

    def only(self, action: str) -> Successor:
        """The only distinct successor of ``action``; fails if there are none or several."""
        found = self.distinct(action)
        assert len(found) == 1, [sorted(s.state - self.state) for s in found]
        return found[0]

    def then(self, successor: Successor) -> Game:
        return Game(self.cards, successor.state)

    def added(self, successor: Successor) -> list[str]:
        return sorted(successor.state - self.state)

    def removed(self, successor: Successor) -> list[str]:
        return sorted(self.state - successor.state)

    def legal(self) -> list[str]:
        """The legal actions shown by the `actions` query (sorted)."""
        messages: list[str] = []
        ctl = clingo.Control(["0"], logger=lambda c, m: messages.append(m))
        ctl.load(str(rules_dir() / "engine.lp"))
        ctl.load(str(rules_dir() / "queries" / "actions.lp"))
        ctl.add("base", [], "".join(f"{f}.\n" for f in (*self.cards, *self.state)))
        ctl.ground([("base", [])])
        found: list[str] = []
        ctl.solve(on_model=lambda m: found.extend(str(s.arguments[0]) for s in m.symbols(shown=True)
                                                  if s.name == "shown_action"))
        assert not messages, messages
        return sorted(found)

    def query(self, program: str, show: str) -> list[str]:
        """Atoms of predicate ``show`` derived for this state with engine.lp (one answer set)."""
        ctl = clingo.Control(["0"])
        ctl.load(str(rules_dir() / "engine.lp"))
        ctl.add("base", [], "".join(f"{f}.\n" for f in (*self.cards, *self.state)) + program)
        ctl.ground([("base", [])])
        found: list[str] = []
        ctl.solve(on_model=lambda m: found.extend(str(s) for s in m.symbols(atoms=True) if s.name == show))
        return sorted(found)
