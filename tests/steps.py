"""Helpers to test the transition rules (rules_asp/transitions/) by their exact successors."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import clingo
from mtgasp.engine import rules_dir

TWO_PLAYERS = """
player(player("a")). player(player("b")). turn_position(player("a"), 1). turn_position(player("b"), 2).
active_player(player("a")). life(player("a"), 20). life(player("b"), 20). turn_number(3).
library_size(player("a"), 30). library_size(player("b"), 30).
"""
"""Alice ("a") and Bob ("b"), Alice's third turn, 20 life each, 30 cards in each library."""


@dataclass(frozen=True)
class Step:
    """One successor: the facts added and removed (as text, sorted), the choices, the rules."""

    added: tuple[str, ...]
    removed: tuple[str, ...]
    choices: tuple[str, ...]
    fired: tuple[str, ...]
    not_modelled: tuple[str, ...]


def steps(facts: str, action: str | None, query: str = "apply") -> list[Step]:
    """Every answer set of ``query`` for the state ``facts`` and ``__action(action)``, as the
    change it makes to the state; sorted. Fails on any message clingo prints."""
    messages: list[str] = []
    ctl = clingo.Control(["0", "--project"], logger=lambda c, m: messages.append(m))
    ctl.load(str(rules_dir() / "engine.lp"))
    ctl.load(str(rules_dir() / "queries" / f"{query}.lp"))
    program = facts + (f"\n__action({action}).\n" if action else "") + "#show state_fact/1.\n"
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    out: list[Step] = []

    def on_model(m: clingo.Model) -> None:
        syms = m.symbols(shown=True)
        before = {str(s.arguments[0]) for s in syms if s.name == "state_fact"}
        after = {str(s.arguments[0]) for s in syms if s.name == "next"}
        out.append(
            Step(
                added=tuple(sorted(after - before)),
                removed=tuple(sorted(before - after)),
                choices=tuple(sorted(str(s.arguments[1]) for s in syms if s.name == "choice")),
                fired=tuple(sorted(f"{s.arguments[0].string} {s.arguments[1]}" for s in syms if s.name == "fired")),
                not_modelled=tuple(sorted(str(s) for s in syms if s.name == "not_modelled")),
            )
        )

    ctl.solve(on_model=on_model)
    assert not messages, messages
    return sorted(out, key=lambda s: (s.added, s.removed, s.choices))


def one_step(facts: str, action: str) -> Step:
    """The only successor of ``action``; fails if there are none or several."""
    found = steps(facts, action)
    assert len(found) == 1, found
    return found[0]


def distinct(found: list[Step]) -> Counter[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Distinct successors (added, removed) and how many answer sets (choice sequences) lead to each."""
    return Counter((s.added, s.removed) for s in found)


def shown(facts: str, query: str = "actions") -> list[str]:
    """The shown atoms of the one answer set of ``query`` (default: the legal actions), sorted."""
    from asp import models

    (model,) = models(facts, query)
    return model


def position(facts: str, cards: dict[str, tuple[str, str]] | None = None, *, db: object = None):  # type: ignore[no-untyped-def]
    """A :class:`mtgasp.game.Position` from state facts (ASP text) and the card facts of
    ``cards`` (name -> (type line, Oracle text), parsed) and of the named cards of the default
    card database (``db`` names)."""
    from mtgasp.cards import CardDatabase
    from mtgasp.game import Position
    from mtgasp.parser import parse_card

    ctl = clingo.Control()
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    state = frozenset(a.symbol for a in ctl.symbolic_atoms if a.is_fact)
    card_facts: list[clingo.Symbol] = []
    for name, (type_line, text) in (cards or {}).items():
        card_facts.extend(parse_card(name, text, type_line=type_line).facts)
    database = CardDatabase.default()
    for name in db or ():  # type: ignore[attr-defined]
        card_facts.extend(database.facts(name))
    return Position(state, tuple(card_facts))
