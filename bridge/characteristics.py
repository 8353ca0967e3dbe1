"""``Engine().characteristics(state, obj)``: every characteristic of an object after the layers
of CR 613, and for each the effects that set or changed it, by layer, in timestamp order.

The rules decide (``rules_asp/queries/characteristics.lp`` over the ``cr613_*.lp`` files); this
module only decodes the shown symbols into frozen results.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import clingo

from .bounded import bounded
from .cards import CardDatabase
from .engine import Solution
from .errors import QueryTimeoutError
from .explain import summary
from .state import GameState
from .terms import AbilityRef, obj_id, player_id, symbol_text

__all__ = ["Characteristics", "CharacteristicsMixin", "LayerEffect"]

F = clingo.Function

#: the layers and sublayers in order, with the CR rule that defines each
LAYERS: dict[str, tuple[str, str]] = {
    "l1": ("1", "613.2"), "l2": ("2", "613.1b"), "l3": ("3", "613.1c"), "l4": ("4", "613.1d"),
    "l5": ("5", "613.1e"), "l6": ("6", "613.1f"), "l7a": ("7a", "613.4a"), "l7b": ("7b", "613.4b"),
    "l7c": ("7c", "613.4c"), "l7d": ("7d", "613.4d"),
}
_ORDER = list(LAYERS)
#: which characteristic each kind of change is about
_SUBTYPE_CHANGES = ("add_subtype", "set_subtype", "set_land_subtype")


@dataclass(frozen=True, order=True)
class LayerEffect:
    """One effect that changed a characteristic of the object, in one layer (CR 613)."""

    order: int
    """Position of its layer in the layer order (1 .. 10), for sorting."""
    timestamp: int
    """Its timestamp rank (CR 613.7); 0 for counters (they apply in 7c whatever their own)."""
    layer: str
    """The layer or sublayer: 1, 2, 4, 5, 6, 7a, 7b, 7c, 7d."""
    characteristic: str
    """What it changed: copiable values, controller, types, subtypes, colors, abilities, power, toughness."""
    change: str
    """What it did, e.g. ``set power 1``, ``modify toughness +2``, ``lose all abilities``."""
    source: str
    """Where the effect comes from: a static ability of a permanent, a resolved effect, counters."""

    @property
    def rule(self) -> str:
        return next(r for k, (name, r) in LAYERS.items() if name == self.layer)

    def to_json(self) -> dict[str, Any]:
        return {"layer": self.layer, "rule": self.rule, "timestamp": self.timestamp,
                "characteristic": self.characteristic, "change": self.change, "source": self.source}


@dataclass(frozen=True)
class Characteristics:
    """Every characteristic of an object after all layers, and the effects that made them so."""

    object: str
    card: str
    controller: str
    name: str
    """Its name: a copiable value (CR 201.2, 707.2), set by an exception of a copy effect (CR 707.9b)."""
    mana_cost: tuple[str, ...]
    colors: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    abilities: tuple[tuple[str, str], ...]
    """(ability, its text) of each ability it has."""
    power: int | None
    toughness: int | None
    loyalty: int | None
    defense: int | None
    effects: tuple[LayerEffect, ...]
    """Each effect that set or changed a characteristic, by layer, then in timestamp order."""
    not_modelled: tuple[str, ...]
    """Effects (or printed values) the rules cannot work out; a value they touch is not given."""

    def effects_on(self, characteristic: str) -> tuple[LayerEffect, ...]:
        return tuple(e for e in self.effects if e.characteristic in (characteristic, "copiable values"))

    def to_json(self) -> dict[str, Any]:
        return {
            "object": self.object, "card": self.card, "name": self.name, "controller": self.controller,
            "mana_cost": list(self.mana_cost), "colors": list(self.colors),
            "supertypes": list(self.supertypes), "types": list(self.types), "subtypes": list(self.subtypes),
            "abilities": [{"ability": a, "text": t} for a, t in self.abilities],
            "power": self.power, "toughness": self.toughness, "loyalty": self.loyalty, "defense": self.defense,
            "effects": [e.to_json() for e in self.effects],
            "not_modelled": list(self.not_modelled),
            "rules": [{"rule": r, "summary": summary(r)} for r in self.rules],
        }

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(sorted({e.rule for e in self.effects}))

    def lines(self) -> Iterator[str]:
        def show(v: object) -> str:
            return "not modelled" if v is None else str(v)

        yield f"{self.object} ({self.card}), controlled by {self.controller}"
        yield f"  name: {self.name}"
        yield f"  mana cost: {''.join(self.mana_cost) or '(none)'}"
        yield f"  colors: {', '.join(self.colors) or 'colorless'}"
        yield f"  types: {' '.join([*self.supertypes, *self.types])}" + (
            f" — {' '.join(self.subtypes)}" if self.subtypes else "")
        if self.power is not None or self.toughness is not None or "pt" in " ".join(self.not_modelled):
            yield f"  power/toughness: {show(self.power)}/{show(self.toughness)}"
        if self.loyalty is not None:
            yield f"  loyalty: {self.loyalty}"
        if self.defense is not None:
            yield f"  defense: {self.defense}"
        yield "  abilities:" + ("" if self.abilities else " none")
        for a, text in self.abilities:
            yield f"    {a}: {text}"
        if self.effects:
            yield "  effects, by layer (CR 613), in timestamp order (CR 613.7):"
            for e in self.effects:
                ts = f"timestamp {e.timestamp}" if e.timestamp else "counters"
                yield f"    layer {e.layer} (CR {e.rule}), {ts}: {e.characteristic}: {e.change} — {e.source}"
        for n in self.not_modelled:
            yield f"  not modelled: {n}"


def _mana_symbol(sym: clingo.Symbol) -> str:
    if sym.type == clingo.SymbolType.Function and not sym.arguments:
        return "{" + ("S" if sym.name == "snow" else sym.name.upper()) + "}"
    if sym.name == "generic":
        return "{" + str(sym.arguments[0].number) + "}"
    if sym.name in ("hybrid", "phyrexian_hybrid"):
        inner = "/".join(a.name.upper() for a in sym.arguments) + ("/P" if sym.name == "phyrexian_hybrid" else "")
        return "{" + inner + "}"
    if sym.name == "phyrexian":
        return "{" + sym.arguments[0].name.upper() + "/P}"
    if sym.name == "mono_hybrid":
        return "{" + f"{sym.arguments[0].number}/{sym.arguments[1].name.upper()}" + "}"
    if sym.name == "colorless_hybrid":
        return "{C/" + sym.arguments[0].name.upper() + "}"
    return "{" + str(sym) + "}"


def _change(layer: str, what: clingo.Symbol) -> tuple[str, str]:
    """(characteristic, change) of a layer_applied What term."""
    name, args = what.name, what.arguments
    if layer == "l1" and name == "except":
        return _exception(args[0])
    if layer == "l1":
        return "copiable values", f"copy of {symbol_text(args[0].arguments[0])}"
    if layer == "l2":
        return "controller", f"controlled by {player_id(args[0])}"
    if layer == "l4":
        arg = symbol_text(args[0]) if args else ""
        which = "subtypes" if name in _SUBTYPE_CHANGES else "types"
        return which, f"{name.replace('_', ' ')} {arg}".strip()
    if layer == "l5":
        return "colors", f"becomes {args[0].name}"
    if layer == "l6":
        if name == "lose_all":
            return "abilities", "loses all abilities"
        return "abilities", f"{'gains' if name == 'gain' else 'loses'} {_ability_name(args[0])}"
    if name == "switch":
        return "power and toughness", "switches power and toughness"
    side, n = args[0].name, args[1].number
    if name == "set":
        return side, f"set {side} to {n}"
    return side, f"{side} {n:+d}"


def _exception(x: clingo.Symbol) -> tuple[str, str]:
    """(characteristic, change) of an exception of a copy effect, part of the copiable values
    (CR 707.9b)."""
    name, args = x.name, x.arguments
    if name == "set_name":
        what = ("name", f"name {symbol_text(args[0])}")
    elif name == "set_base_pt":
        what = ("power and toughness", f"base power and toughness {args[0]}/{args[1]}")
    elif name in ("add_supertype", "remove_supertype"):
        what = ("supertypes", f"{'is' if name == 'add_supertype' else 'is not'} {symbol_text(args[0])}")
    elif name in ("add_type", "add_subtype"):
        what = ("types" if name == "add_type" else "subtypes", f"is {symbol_text(args[0])} in addition")
    elif name == "gain_ability":
        what = ("abilities", f"has {_ability_name(args[0])}")
    else:
        what = ("copiable values", str(x))
    return what[0], f"{what[1]} (an exception of the copy effect, CR 707.9b)"


def _ability_name(sym: clingo.Symbol) -> str:
    if sym.name == "keyword":
        return symbol_text(sym.arguments[0])
    if sym.name in ("ab", "intrinsic"):
        return str(AbilityRef.from_symbol(sym))
    return str(sym)


class CharacteristicsMixin:
    """The ``characteristics`` method of :class:`mtgasp.Engine`."""

    db: CardDatabase
    incomplete: list[str]

    def _solve(self, state: GameState, query: str, extra: Iterable[clingo.Symbol], **kw: Any) -> Solution:
        raise NotImplementedError  # pragma: no cover - Engine's

    @bounded()
    def characteristics(self, state: GameState, obj: str) -> Characteristics:
        """Every characteristic of permanent ``obj`` after the layers (CR 613), with the effects
        that set or changed each, by layer and timestamp. When the time limit stops the search
        before it finds the answer, :class:`QueryTimeoutError` (no empty answer passed off as one)."""
        state.permanent(obj)
        sol = self._solve(
            state, "characteristics", [F("__query", [F("characteristics", [F("obj", [clingo.String(obj)])])])],
            fact_signatures=(("ability_text", 2),),
        )
        if sol.timed_out and not sol.models:
            raise QueryTimeoutError(self.incomplete[0])
        texts = {f.arguments[0]: f.arguments[1].string for f in sol.named("ability_text")}
        model = sol.models[0] if sol.models else frozenset()
        values: dict[str, list[clingo.Symbol]] = {}
        sources: dict[clingo.Symbol, tuple[clingo.Symbol, clingo.Symbol]] = {}
        applied: list[tuple[str, clingo.Symbol, clingo.Symbol, int]] = []
        missing: list[tuple[str, clingo.Symbol]] = []
        for s in model:
            if s.name == "characteristic":
                x = s.arguments[1]
                values.setdefault(x.name, []).append(x)
            elif s.name == "applied":
                applied.append((s.arguments[1].name, s.arguments[2], s.arguments[3], s.arguments[4].number))
            elif s.name == "effect_of":
                sources[s.arguments[0]] = (s.arguments[1], s.arguments[2])
            elif s.name == "not_modelled":
                missing.append((s.arguments[1].name, s.arguments[2]))

        def source(e: clingo.Symbol) -> str:
            if e in sources:
                src, ab = sources[e]
                text = texts.get(ab, "")
                return f"{obj_id(src)}: {AbilityRef.from_symbol(ab)}" + (f" \"{text}\"" if text else "")
            if e.name == "eff":
                return f"effect {e.arguments[0].number} of the state (a resolved spell or ability)"
            if e.name == "counters":
                return f"{symbol_text(e.arguments[0])} counters"
            return str(e)

        def one(name: str) -> int | None:
            xs = values.get(name, [])
            return xs[0].arguments[0].number if xs else None

        def names(name: str) -> tuple[str, ...]:
            return tuple(sorted(symbol_text(x.arguments[0]) for x in values.get(name, [])))

        effects = []
        for layer, e, what, ts in applied:
            characteristic, change = _change(layer, what)
            effects.append(LayerEffect(_ORDER.index(layer) + 1, ts, LAYERS[layer][0], characteristic, change, source(e)))
        cost = sorted(((_mana_symbol(x.arguments[0]), x.arguments[1].number) for x in values.get("mana_cost", [])),
                      key=lambda p: (not p[0][1:-1].isdigit(), p[0]))
        card = values.get("card", [])
        controller = values.get("controller", [])
        colors = [c for c in "wubrg" if c in names("color")]
        return Characteristics(
            object=obj,
            card=symbol_text(card[0].arguments[0].arguments[0]) if card else "",
            controller=player_id(controller[0].arguments[0]) if controller else "",
            name=symbol_text(values["name"][0].arguments[0]) if values.get("name") else "",
            mana_cost=tuple(sym for sym, n in cost for _ in range(n)),
            colors=tuple(c.upper() for c in colors),
            supertypes=names("supertype"),
            types=names("type"),
            subtypes=names("subtype"),
            abilities=tuple(sorted((_ability_name(x.arguments[0]), texts.get(x.arguments[0], _ability_name(x.arguments[0])))
                                   for x in values.get("ability", []))),
            power=one("power"),
            toughness=one("toughness"),
            loyalty=one("loyalty"),
            defense=one("defense"),
            # a copy effect first, then its exceptions (CR 707.9b)
            effects=tuple(sorted(effects, key=lambda e: (e.order, e.timestamp, "CR 707.9b" in e.change, e))),
            not_modelled=tuple(sorted({f"{what}: {source(e) if e.name != 'printed' else 'its printed value'}"
                                       for what, e in missing})),
        )
