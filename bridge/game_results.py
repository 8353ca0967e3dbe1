"""What the game commands answer: a game state as facts (:class:`Position`) and the results of
``actions``, ``apply``, ``play`` and ``perft``, frozen, each with ``to_json``.

The rules decide what is in them (``mtgasp.game`` asks); this module only holds and prints them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

import clingo

from .terms import symbol_text

if TYPE_CHECKING:
    from .state import GameState

__all__ = [
    "Position",
    "StateLike",
    "Successor",
    "ApplyResult",
    "ActionsResult",
    "PerftResult",
    "PlayResult",
    "subject_text",
]


@dataclass(frozen=True)
class Position:
    """A game state as facts: ``facts`` are the state facts (what ``next/1`` gives back),
    ``cards`` the card facts of the cards it uses (not part of its identity)."""

    facts: frozenset[clingo.Symbol]
    cards: tuple[clingo.Symbol, ...] = field(default=(), compare=False, hash=False, repr=False)

    def lines(self) -> list[str]:
        """The state facts as sorted text."""
        return sorted(str(f) for f in self.facts)

    def battlefield(self) -> list[str]:
        """The ids of the permanents, in timestamp order (CR 613.7)."""
        stamps = {f.arguments[0]: f.arguments[1] for f in self.facts if f.name == "timestamp"}
        perms = [f.arguments[0] for f in self.facts if f.name == "permanent"]
        return [subject_text(o) for o in sorted(perms, key=lambda o: (stamps.get(o, clingo.Number(0)), o))]

    def program(self) -> list[clingo.Symbol]:
        return [*self.facts, *self.cards]

    def tokens(self) -> list[dict[str, Any]]:
        """The tokens on the battlefield: id, card, tapped, what each attacks, its counters."""
        about: dict[tuple[str, clingo.Symbol], list[tuple[clingo.Symbol, ...]]] = {}
        for f in self.facts:
            if f.arguments:
                about.setdefault((f.name, f.arguments[0]), []).append(tuple(f.arguments[1:]))
        out = []
        for o in sorted(f.arguments[0] for f in self.facts if f.name == "token" and ("permanent", f.arguments[0]) in about):
            card = next((c for (c,) in about.get(("card_of", o), ())), None)
            out.append({
                "id": subject_text(o),
                "card": card.arguments[0].string if card is not None and card.match("card", 1) else None,
                "tapped": ("tapped", o) in about,
                "attacking": next((subject_text(d) for (d,) in about.get(("attacking", o), ())), None),
                "counters": {symbol_text(k): n.number for k, n in about.get(("counter", o), ())},
            })
        return out

    def pending_triggers(self) -> list[dict[str, str]]:
        """The triggered abilities waiting to be put on the stack (CR 603.3)."""
        return [{"ability": symbol_text(f.arguments[1]), "source": subject_text(f.arguments[2]),
                 "controller": subject_text(f.arguments[3])}
                for f in sorted(self.facts) if f.name == "pending_trigger"]


StateLike = Union["GameState", Position]


@dataclass(frozen=True)
class Successor:
    """One distinct successor state of an action (after settling)."""

    position: Position
    added: tuple[str, ...]
    """State facts it has and the state before did not (sorted)."""
    removed: tuple[str, ...]
    """State facts the state before had and it does not (sorted)."""
    count: int
    """How many choice sequences lead to it."""
    sequences: tuple[tuple[str, ...], ...]
    """The choice sequences that lead to it (at most mtgasp.game.SEQUENCE_LIMIT listed: the first ones in
    sorted order, whatever order the solver found them in)."""
    fired: tuple[tuple[str, str], ...]
    """(CR rule, subject) of every rule that fired on the way."""

    def to_json(self) -> dict[str, Any]:
        return {
            "added": list(self.added),
            "removed": list(self.removed),
            "count": self.count,
            "sequences": self.count,
            "battlefield": self.position.battlefield(),
            "tokens": self.position.tokens(),
            "pending_triggers": self.position.pending_triggers(),
            "choices": [list(s) for s in self.sequences],
            "fired": [{"rule": r, "subject": s} for r, s in self.fired],
        }


@dataclass(frozen=True)
class ApplyResult:
    """Every distinct successor of ``action``, and the parts of the step that are not modelled."""

    action: str
    successors: tuple[Successor, ...]
    not_modelled: tuple[str, ...]
    """Answer sets the rules could not vouch for (the reason), not counted as successors."""
    ground_seconds: float = field(default=0.0, compare=False)
    """Time spent grounding and solving, every step of the command included (settling too)."""
    solve_seconds: float = field(default=0.0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "successors": [s.to_json() for s in self.successors],
            "not_modelled": list(self.not_modelled),
        }


@dataclass(frozen=True)
class ActionsResult:
    """The legal actions of the player with priority (``settle`` alone while something is pending)."""

    player: str | None
    actions: tuple[str, ...]
    settled: bool
    game_over: bool
    not_modelled: tuple[str, ...] = ()
    """Actions the player might take that the rules cannot work out (not in ``actions``)."""

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "actions": list(self.actions), "settled": self.settled, "game_over": self.game_over,
                "not_modelled": list(self.not_modelled)}


@dataclass(frozen=True)
class PerftResult:
    """Distinct states reachable within ``depth`` actions (python-chess style, with a divide)."""

    depth: int
    per_depth: tuple[int, ...]
    """Distinct states at exactly 1, 2, ..., depth actions from the start."""
    within: int
    """Distinct states reachable by 1 to depth actions."""
    paths: int
    """Lines of exactly ``depth`` actions (each distinct successor of an action its own line)."""
    divide: tuple[tuple[str, int, int], ...]
    """Per first action: (action, distinct states within depth, lines of depth actions)."""
    not_modelled: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "depth": self.depth,
            "per_depth": list(self.per_depth),
            "within": self.within,
            "paths": self.paths,
            "divide": [{"action": a, "within": w, "paths": p} for a, w, p in self.divide],
            "not_modelled": list(self.not_modelled),
        }


@dataclass(frozen=True)
class PlayResult:
    """The states at the end of a line of play, with how many choice sequences reach each."""

    actions: tuple[str, ...]
    ends: tuple[Successor, ...]
    not_modelled: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        ends = [e.to_json() for e in self.ends]
        return {"actions": list(self.actions), "ends": ends, "successors": ends, "not_modelled": list(self.not_modelled)}


def subject_text(sym: clingo.Symbol) -> str:
    """obj("x") or player("alice") -> x, alice; any other term as text."""
    if sym.type == clingo.SymbolType.Function and sym.name in ("obj", "player") and len(sym.arguments) == 1:
        return symbol_text(sym.arguments[0])
    return symbol_text(sym)

