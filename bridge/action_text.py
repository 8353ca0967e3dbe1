"""Actions as text: the command line's ``pass``, ``play:ID``, ``cast:ID``, ``activate:ID[:N]``,
``settle`` and the rules' action terms (``play_land(obj("f"))``), both ways.
"""

from __future__ import annotations

import re

import clingo

from .errors import IllegalActionError
from .game_results import Position
from .terms import symbol_text

__all__ = ["parse_action", "action_text"]

F, S = clingo.Function, clingo.String

_ACTION = re.compile(r"^(pass|settle|play|cast|activate)(?::([^:]+))?(?::(\d+|[A-Z][a-z]+))?$")


def parse_action(text: str, position: Position) -> clingo.Symbol:
    """``pass``, ``settle``, ``play:ID``, ``cast:ID``, ``activate:ID[:N]`` → the rules' term
    (``activate:ID:Forest``: the intrinsic mana ability of a basic land type, CR 305.6)."""
    m = _ACTION.match(text.strip())
    if not m or (m.group(1) in ("pass", "settle")) != (m.group(2) is None) or (m.group(3) and m.group(1) != "activate"):
        raise IllegalActionError(
            f"action {text!r} is not understood: expected 'pass', 'settle', 'play:ID', 'cast:ID' or "
            "'activate:ID[:N]' (N: the ability's number on the card, default 1; or a basic land type, "
            "'activate:ID:Forest', for its intrinsic mana ability)"
        )
    kind, ident, number = m.groups()
    if kind in ("pass", "settle"):
        return F(kind, [])
    obj = F("obj", [S(ident)])
    if kind == "activate" and number and not number.isdigit():
        return F("activate", [obj, F("intrinsic", [S(number)])])
    if kind == "play":
        return F("play_land", [obj])
    if kind == "cast":
        return F("cast", [obj])
    card = next((f.arguments[1] for f in position.facts if f.name == "card_of" and f.arguments[0] == obj), None)
    if card is None:
        raise IllegalActionError(f"action {text!r}: the state has no object {ident!r}")
    return F("activate", [obj, F("ab", [card, clingo.Number(int(number or 1))])])


def action_text(sym: clingo.Symbol) -> str:
    """The rules' action term → the command-line form (``play_land(obj("f"))`` → ``play:f``)."""
    a = sym.arguments
    if sym.name in ("pass", "settle") and not a:
        return sym.name
    if sym.name == "play_land" and len(a) == 1:
        return f"play:{symbol_text(a[0].arguments[0])}"
    if sym.name == "cast" and len(a) == 1:
        return f"cast:{symbol_text(a[0].arguments[0])}"
    if sym.name == "activate" and len(a) == 2 and a[1].name == "ab" and len(a[1].arguments) == 2:
        return f"activate:{symbol_text(a[0].arguments[0])}:{a[1].arguments[1].number}"
    if (sym.name == "activate" and len(a) == 2 and a[1].name == "intrinsic" and len(a[1].arguments) == 1
            and re.fullmatch(r"[A-Z][a-z]+", symbol_text(a[1].arguments[0]))):
        return f"activate:{symbol_text(a[0].arguments[0])}:{symbol_text(a[1].arguments[0])}"
    return str(sym)
