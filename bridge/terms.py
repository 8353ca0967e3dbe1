"""Python views of the terms the rules show: mana vectors, objects, players, abilities.

Each class decodes one kind of clingo term (``from_symbol``) and prints the way a player writes
it (``{G}{G}``, ``Reflecting Pool #1``). They are frozen and ordered, so results sort
deterministically and can be used as dictionary keys.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import total_ordering

import clingo

__all__ = ["MANA_TYPES", "Mana", "AbilityRef", "obj_id", "player_id", "symbol_text", "describe_choice", "label_text", "instance", "effect_text", "spend_text"]

#: The six types of mana in the order of the rules' vectors mana(W,U,B,R,G,C) (CR 106.1b).
MANA_TYPES: tuple[str, ...] = ("W", "U", "B", "R", "G", "C")
_ATOMS = {t.lower(): t for t in MANA_TYPES}


def symbol_text(sym: clingo.Symbol) -> str:
    """A string argument's text, or the term's printed form."""
    return sym.string if sym.type == clingo.SymbolType.String else str(sym)


def obj_id(sym: clingo.Symbol) -> str:
    """``obj("pool")`` → ``"pool"``."""
    return symbol_text(sym.arguments[0]) if sym.name == "obj" and sym.arguments else str(sym)


def player_id(sym: clingo.Symbol) -> str:
    """``player("alice")`` → ``"alice"``."""
    return symbol_text(sym.arguments[0]) if sym.name == "player" and sym.arguments else str(sym)


def obj_term(ident: str) -> clingo.Symbol:
    """``"pool"`` → ``obj("pool")``."""
    return clingo.Function("obj", [clingo.String(ident)])


def player_term(ident: str) -> clingo.Symbol:
    """``"alice"`` → ``player("alice")``."""
    return clingo.Function("player", [clingo.String(ident)])


@total_ordering
@dataclass(frozen=True)
class Mana:
    """An amount of mana: how many of each of the six types (the rules' ``mana(W,U,B,R,G,C)``).

    Amounts sort by their total, then in WUBRG order (``{W}`` before ``{U}`` ... before ``{C}``).
    """

    W: int = 0
    U: int = 0
    B: int = 0
    R: int = 0
    G: int = 0
    C: int = 0

    @classmethod
    def from_symbol(cls, sym: clingo.Symbol) -> Mana:
        return cls(*(a.number for a in sym.arguments))

    @classmethod
    def of(cls, **amounts: int) -> Mana:
        """``Mana.of(G=2)``; keys are the type letters."""
        return cls(**{k.upper(): v for k, v in amounts.items()})

    @classmethod
    def one(cls, atom: str, n: int = 1) -> Mana:
        """``Mana.one("g", 2)`` from a mana-type atom of the rules."""
        return cls(**{_ATOMS[atom]: n})

    def sort_key(self) -> tuple[int, ...]:
        return (self.total, *(-n for n in self.as_tuple()))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Mana):
            return NotImplemented
        return self.sort_key() < other.sort_key()

    def __getitem__(self, letter: str) -> int:
        return int(getattr(self, letter.upper()))

    def __add__(self, other: Mana) -> Mana:
        return Mana(*(a + b for a, b in zip(self.as_tuple(), other.as_tuple())))

    def as_tuple(self) -> tuple[int, int, int, int, int, int]:
        return (self.W, self.U, self.B, self.R, self.G, self.C)

    def as_dict(self) -> dict[str, int]:
        """Only the types present: ``{"G": 2}``."""
        return {t: n for t, n in zip(MANA_TYPES, self.as_tuple()) if n}

    @property
    def total(self) -> int:
        return sum(self.as_tuple())

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(t for t, n in zip(MANA_TYPES, self.as_tuple()) if n)

    def covers(self, other: Mana) -> bool:
        """True if this has at least as much of every type as ``other``."""
        return all(a >= b for a, b in zip(self.as_tuple(), other.as_tuple()))

    def __str__(self) -> str:
        if not self.total:
            return "no mana"
        parts = []
        for t, n in zip(MANA_TYPES, self.as_tuple()):
            if n > 6:
                parts.append(f"{{{t}}}x{n}")
            else:
                parts.append(f"{{{t}}}" * n)
        return "".join(parts)


@dataclass(frozen=True, order=True)
class AbilityRef:
    """An ability as the rules name it: the N-th ability of a card, or a basic land type's
    intrinsic mana ability (CR 305.6)."""

    card: str
    """The card's name, or the basic land type for an intrinsic ability."""
    index: tuple[int, ...]
    """Its position: (N,) for ab(C, N), (N, Q) for a quoted ability ab(C, N, Q); () if intrinsic."""

    @classmethod
    def from_symbol(cls, sym: clingo.Symbol) -> AbilityRef:
        if sym.name == "intrinsic":
            return cls(symbol_text(sym.arguments[0]), ())
        card = sym.arguments[0]
        name = symbol_text(card.arguments[0]) if card.name == "card" else str(card)
        return cls(name, tuple(a.number for a in sym.arguments[1:]))

    @property
    def intrinsic(self) -> bool:
        return not self.index

    def __str__(self) -> str:
        if self.intrinsic:
            return f"{self.card} (intrinsic)"
        return f"{self.card} #" + ".".join(str(i) for i in self.index)


def describe_choice(label: clingo.Symbol) -> str:
    """``choice(Alt, ((nil, fixed), pick(r)))`` → ``"chose {R}"``."""
    alt = label.arguments[0].number
    parts: list[str] = []
    node = label.arguments[1]
    while node.type == clingo.SymbolType.Function and node.name == "" and len(node.arguments) == 2:
        node, ch = node.arguments
        if ch.name in ("pick", "produced"):
            parts.append(f"chose {Mana.one(ch.arguments[0].name)}")
        elif ch.name == "combination":
            parts.append("chose a combination")
        elif ch.name == "undefined":
            parts.append("undefined type: no mana (CR 106.5)")
    parts.reverse()
    text = ", ".join(parts)
    return f"option {alt}" + (f": {text}" if text else "") if alt > 1 else text


def label_text(label: clingo.Symbol) -> str:
    """case(K, M) → "{R}", case(K, times(2)) → "x2"."""
    if label.name == "case" and len(label.arguments) == 2:
        what = label.arguments[1]
        if what.name == "times":
            return f"x{what.arguments[0].number}"
        if what.type == clingo.SymbolType.Function and not what.arguments:
            return str(Mana.one(what.name))
    return str(label)


def instance(sym: clingo.Symbol, cards: Mapping[str, str]) -> tuple[str, str]:
    """re(obj("mr"), ab(card("Mana Reflection"), 1)) → ("mr", "Mana Reflection")."""
    o = obj_id(sym.arguments[0])
    return o, cards.get(o, AbilityRef.from_symbol(sym.arguments[1]).card)


def effect_text(sym: clingo.Symbol, cards: Mapping[str, str]) -> str:
    """An effect that applied, for explanations: re(obj("mr"), ab(card("Mana Reflection"), 1)) →
    "mr (Mana Reflection), ability 1"; resolved(E) → "effect E"."""
    if sym.type == clingo.SymbolType.Function and sym.name in ("re", "ce") and len(sym.arguments) == 2:
        o, card = instance(sym, cards)
        ref = AbilityRef.from_symbol(sym.arguments[1])
        where = f", ability {'.'.join(map(str, ref.index))}" if ref.index else ""
        return f"{o} ({card}){where}"
    if sym.type == clingo.SymbolType.Function and sym.name == "resolved" and sym.arguments:
        return f"effect {symbol_text(sym.arguments[0])}"
    return str(sym)


def spend_text(ability_text: str, restriction: clingo.Symbol) -> str:
    """A restriction on spending mana (CR 106.6) as the card words it ("Spend this mana only to
    cast artifact spells."), or the rules' term when the text is not at hand."""
    import re

    m = re.search(r"(Spend this mana only[^.]*\.|This mana can't be spent[^.]*\.)", ability_text)
    return m.group(1) if m else f"spend restriction {restriction}"
