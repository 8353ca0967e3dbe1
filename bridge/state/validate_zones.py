"""Validation of the version-2 parts of a game-state file: objects outside the battlefield (the
stack, hands, libraries, graveyards, exile, the command zone), restricted mana, delayed and
pending triggers, and what the turn remembers (docs/state-format.md).

The validator (:mod:`.validate`) extends :class:`ZonesReader` with the version-1 parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import clingo

from .checks import Checks
from .messages import PathKey, _close, _listing, _show
from .model import (
    Activation,
    CardObject,
    DelayedTrigger,
    FrozenDict,
    Hidden,
    PendingTrigger,
    RestrictedMana,
    StackObject,
)
from .vocab import (
    _ACTIVATED_KEYS,
    _CARD_OBJECT_KEYS,
    _DELAYED_KEYS,
    _HAND_KEYS,
    _LIBRARY_KEYS,
    _PENDING_KEYS,
    _POOL_RESTRICTED_KEYS,
    _STACK_KEYS,
    _TURN_MEMORY_KEYS,
    MANA_TYPES,
    STEPS,
)

#: The longest ASP term a state file may write (``spend_only``, ``when``, ``what``).
MAX_TERM_LENGTH = 1000

#: Zones of one player each: the key in the file and what its entry is.
_PLAYER_ZONES = ("hand", "library", "graveyard")


class ZonesReader(Checks):
    """Checks and builds the zone, trigger and turn-memory parts of a state."""

    # -- references --------------------------------------------------------------------

    def player_list(self, value: object, path: PathKey) -> tuple[str, ...]:
        if value is None:
            return ()
        items = self.sequence(value, path, "player ids")
        out = tuple(self.player_ref(item, path + (i,)) for i, item in enumerate(items))
        if len(set(out)) != len(out):
            self.fail(path, "lists the same player twice")
        return out

    def object_ref(self, value: object, path: PathKey) -> str:
        """An id of an object in any zone."""
        ident: str = self.ident(value, path, "an object id")
        if ident not in self.object_paths:
            known = list(self.object_paths)
            hint = _close(ident, known)
            suggestion = f"; did you mean {hint!r}?" if hint else ""
            extra = " (it names a player)" if ident in self.player_ids else ""
            self.fail(path, f"{ident!r} is not the id of an object{extra} (objects: {_listing(known)}){suggestion}")
        return ident

    def target_ref(self, value: object, path: PathKey) -> str:
        ident: str = self.ident(value, path, "a player id or an object id")
        if ident in self.player_ids or ident in self.object_paths:
            return ident
        known = self.player_ids + list(self.object_paths)
        hint = _close(ident, known)
        suggestion = f"; did you mean {hint!r}?" if hint else ""
        self.fail(path, f"{ident!r} is neither a player nor an object of the state{suggestion}")

    def term(self, value: object, path: PathKey, what: str) -> str:
        """An ASP term written as text (``at(end)``), checked by clingo's term parser."""
        text: str = self.string(value, path, what)
        if len(text) > MAX_TERM_LENGTH:
            self.fail(path, f"expected {what} of at most {MAX_TERM_LENGTH} characters, got {len(text)}")
        try:
            return str(clingo.parse_term(text))
        except (RuntimeError, ValueError):
            self.fail(path, f"expected {what}, got {_show(text[:60])} (not an ASP term)")

    # -- zones -------------------------------------------------------------------------

    def register_zones(self, top: Mapping[str, Any]) -> list[tuple[PathKey, Mapping[str, Any], str, str | None]]:
        """First pass over the objects outside the battlefield: their ids (so that references
        may point anywhere), with ``(path, entry, zone, player)`` for :meth:`build_zones`."""
        found: list[tuple[PathKey, Mapping[str, Any], str, str | None]] = []

        def entries(value: object, path: PathKey, zone: str, player: str | None, what: str) -> None:
            items = self.sequence(value, path, what)
            for i, item in enumerate(items):
                at = path + (i,)
                entry = self.mapping(item, at, "an object {id, card, ...}")
                self.register_id(entry, at, "stack object" if zone == "stack" else "card")
                found.append((at, entry, zone, player))

        if top.get("stack") is not None:
            entries(top["stack"], ("stack",), "stack", None, "spells and abilities, top first")
        for zone in _PLAYER_ZONES:
            if top.get(zone) is None:
                continue
            by_player = self.mapping(top[zone], (zone,), f"{zone}s by player, e.g. {{alice: [...]}}")
            for player, value in by_player.items():
                at: PathKey = (zone, str(player))
                ident = self.player_ref(player, at)
                if zone == "graveyard":
                    entries(value, at, zone, ident, "cards, top first")
                elif isinstance(value, list):
                    entries(value, at, zone, ident, "cards")
                else:
                    keys = _HAND_KEYS if zone == "hand" else _LIBRARY_KEYS
                    what = "{size, cards}" if zone == "hand" else "{size, top}"
                    data = self.mapping(value, at, f"a {zone} {what} or a list of its cards")
                    self.keys(data, keys, at, f"a {zone}")
                    if data.get(keys[1]) is not None:
                        entries(data[keys[1]], at + (keys[1],), zone, ident, "cards")
        for zone in ("exile", "command"):
            if top.get(zone) is not None:
                entries(top[zone], (zone,), zone, None, "cards")
        return found

    def build_zones(
        self, top: Mapping[str, Any], found: list[tuple[PathKey, Mapping[str, Any], str, str | None]]
    ) -> dict[str, Any]:
        stack: list[StackObject] = []
        known: dict[tuple[str, str], list[CardObject]] = {}
        exile: list[CardObject] = []
        command: list[CardObject] = []
        for at, entry, zone, player in found:
            if zone == "stack":
                stack.append(self.stack_object(entry, at))
                continue
            obj = self.card_object(entry, at, player)
            if player is None:
                (exile if zone == "exile" else command).append(obj)
            else:
                known.setdefault((zone, player), []).append(obj)
        hands: dict[str, Hidden] = {}
        libraries: dict[str, Hidden] = {}
        graveyards: dict[str, tuple[CardObject, ...]] = {}
        for zone, target in (("hand", hands), ("library", libraries), ("graveyard", graveyards)):
            if top.get(zone) is None:
                continue
            for player, value in top[zone].items():
                ident = self.player_ref(player, (zone, str(player)))
                cards = tuple(known.get((zone, ident), ()))
                if zone == "graveyard":
                    graveyards[ident] = cards
                    continue
                size = len(cards)
                if isinstance(value, Mapping):
                    at = (zone, str(player), "size")
                    if value.get("size") is None:
                        self.fail(at, f"missing: a {zone} given as a mapping needs 'size' (how many cards it holds)")
                    size = self.integer(value["size"], at, minimum=0)
                    if size < len(cards):
                        self.fail(at, f"the {zone} holds at least the {len(cards)} cards listed, not {size}")
                target[ident] = Hidden(size, cards)
        return {
            "stack": tuple(stack),
            "hands": FrozenDict(hands),
            "libraries": FrozenDict(libraries),
            "graveyards": FrozenDict(graveyards),
            "exile": tuple(exile),
            "command": tuple(command),
        }

    def card_object(self, entry: Mapping[str, Any], at: PathKey, zone_owner: str | None) -> CardObject:
        self.keys(entry, _CARD_OBJECT_KEYS, at, "a card in a zone")
        ident = self.ident(entry["id"], at + ("id",), "an id")
        if entry.get("card") is None:
            self.fail(at + ("card",), f"missing: card {ident!r} needs 'card' (the card it is)")
        card = self.card_ref(entry["card"], at + ("card",))
        if entry.get("owner") is not None:
            owner = self.player_ref(entry["owner"], at + ("owner",))
        elif zone_owner is not None:
            owner = zone_owner
        else:
            self.fail(at + ("owner",), f"missing: card {ident!r} needs 'owner' (the player who owns it)")
        token = False if entry.get("token") is None else self.boolean(entry["token"], at + ("token",))
        return CardObject(ident, card, owner, token)

    def stack_object(self, entry: Mapping[str, Any], at: PathKey) -> StackObject:
        self.keys(entry, _STACK_KEYS, at, "a spell or ability on the stack")
        ident = self.ident(entry["id"], at + ("id",), "an id")
        if entry.get("controller") is None:
            self.fail(at + ("controller",), f"missing: {ident!r} on the stack needs 'controller'")
        controller = self.player_ref(entry["controller"], at + ("controller",))
        owner = controller
        if entry.get("owner") is not None:
            owner = self.player_ref(entry["owner"], at + ("owner",))
        ability = source = card = None
        if entry.get("ability") is not None:
            ability = self.integer(entry["ability"], at + ("ability",), minimum=1)
            if entry.get("source") is None:
                self.fail(at + ("source",), f"missing: ability {ident!r} needs 'source' (the id of its source)")
            source = self.object_ref(entry["source"], at + ("source",))
            if entry.get("card") is not None:
                card = self.card_ref(entry["card"], at + ("card",))
            else:
                card = self.object_card(source)
        else:
            if entry.get("source") is not None:
                self.fail(at + ("source",), "a spell has no source; an ability says which one ('ability: N')")
            if entry.get("card") is None:
                self.fail(at + ("card",), f"missing: spell {ident!r} needs 'card' (or 'ability' and 'source')")
            card = self.card_ref(entry["card"], at + ("card",))
        x = None if entry.get("x") is None else self.integer(entry["x"], at + ("x",), minimum=0)
        targets: tuple[str, ...] = ()
        if entry.get("targets") is not None:
            items = self.sequence(entry["targets"], at + ("targets",), "player or object ids")
            targets = tuple(self.target_ref(t, at + ("targets", j)) for j, t in enumerate(items))
        modes: tuple[int, ...] = ()
        if entry.get("modes") is not None:
            items = self.sequence(entry["modes"], at + ("modes",), "mode numbers (1 for the first)")
            modes = tuple(self.integer(m, at + ("modes", j), minimum=1) for j, m in enumerate(items))
        return StackObject(ident, controller, card, ability, source, owner, x, targets, modes)

    def object_card(self, ident: str) -> str:
        """The card of an object given in the file (for an ability whose card is not written)."""
        raw = self.raw_objects.get(ident)
        name = raw.get("card") if isinstance(raw, Mapping) else None
        if name is None:
            path = self.object_paths[ident].rsplit(".", 1)[0]
            self.fail((path, "card"), f"the object {ident!r} names no card")
        return self.card_ref(name, (self.object_paths[ident].rsplit(".", 1)[0], "card"))

    # -- mana, triggers, turn memory ---------------------------------------------------

    def restricted_mana(self, player: str, value: object, path: PathKey) -> list[RestrictedMana]:
        items = self.sequence(value, path, "restricted mana {mana, amount, spend_only}")
        out = []
        for i, item in enumerate(items):
            at = path + (i,)
            entry = self.mapping(item, at, "restricted mana {mana, amount, spend_only}")
            self.keys(entry, _POOL_RESTRICTED_KEYS, at, "restricted mana")
            for key in _POOL_RESTRICTED_KEYS:
                if entry.get(key) is None:
                    self.fail(at + (key,), f"missing: restricted mana needs '{key}'")
            symbol = entry["mana"]
            text = symbol.strip("{}").upper() if isinstance(symbol, str) else ""
            if text not in MANA_TYPES:
                self.fail(at + ("mana",), f"expected a mana type W, U, B, R, G or C, got {_show(symbol)}")
            amount = self.integer(entry["amount"], at + ("amount",), minimum=0)
            spend = self.term(entry["spend_only"], at + ("spend_only",), "a spending restriction as an ASP term")
            out.append(RestrictedMana(player, text, amount, spend))
        return out

    def delayed_triggers(self, value: object) -> tuple[DelayedTrigger, ...]:
        if value is None:
            return ()
        path: PathKey = ("delayed_triggers",)
        out = []
        for i, item in enumerate(self.sequence(value, path, "delayed triggers {when, what, controller}")):
            at = path + (i,)
            entry = self.mapping(item, at, "a delayed trigger {when, what, controller}")
            self.keys(entry, _DELAYED_KEYS, at, "a delayed trigger")
            for key in _DELAYED_KEYS:
                if entry.get(key) is None:
                    self.fail(at + (key,), f"missing: a delayed trigger needs '{key}'")
            when = entry["when"]
            if isinstance(when, str) and when.strip() in STEPS:
                when = f"at({when.strip()})"
            out.append(
                DelayedTrigger(
                    self.term(when, at + ("when",), "when it triggers: a step name or an ASP term such as at(end)"),
                    self.term(entry["what"], at + ("what",), "what it does, as an ASP effect term"),
                    self.player_ref(entry["controller"], at + ("controller",)),
                )
            )
        return tuple(out)

    def pending_triggers(self, value: object) -> tuple[PendingTrigger, ...]:
        if value is None:
            return ()
        path: PathKey = ("pending_triggers",)
        out = []
        for i, item in enumerate(self.sequence(value, path, "pending triggers {card, ability, source, controller}")):
            at = path + (i,)
            entry = self.mapping(item, at, "a pending trigger {card, ability, source, controller}")
            self.keys(entry, _PENDING_KEYS, at, "a pending trigger")
            for key in ("ability", "source", "controller"):
                if entry.get(key) is None:
                    self.fail(at + (key,), f"missing: a pending trigger needs '{key}'")
            source = self.object_ref(entry["source"], at + ("source",))
            card = self.card_ref(entry["card"], at + ("card",)) if entry.get("card") is not None else self.object_card(source)
            out.append(
                PendingTrigger(
                    card,
                    self.integer(entry["ability"], at + ("ability",), minimum=1),
                    source,
                    self.player_ref(entry["controller"], at + ("controller",)),
                )
            )
        return tuple(out)

    def turn_memory(self, value: object) -> dict[str, Any]:
        if value is None:
            return {}
        path: PathKey = ("turn_memory",)
        data = self.mapping(value, path, "what this turn remembers {lands_played, spells_cast, activated}")
        self.keys(data, _TURN_MEMORY_KEYS, path, "turn_memory")
        out: dict[str, Any] = {}
        for key in ("lands_played", "spells_cast"):
            if data.get(key) is None:
                continue
            counts = self.mapping(data[key], path + (key,), "counts by player, e.g. {alice: 1}")
            checked = {}
            for p, n in counts.items():
                at = path + (key, str(p))
                ident, count = self.player_ref(p, at), self.integer(n, at, minimum=0)
                if count:  # none this turn is the default
                    checked[ident] = count
            out[key] = FrozenDict(checked)
        if data.get("activated") is not None:
            at0 = path + ("activated",)
            acts = []
            for i, item in enumerate(self.sequence(data["activated"], at0, "activations {object, ability, times}")):
                at = at0 + (i,)
                entry = self.mapping(item, at, "an activation {object, ability, times}")
                self.keys(entry, _ACTIVATED_KEYS, at, "an activation")
                for key in ("object", "ability", "times"):
                    if entry.get(key) is None:
                        self.fail(at + (key,), f"missing: an activation needs '{key}'")
                obj = self.object_ref(entry["object"], at + ("object",))
                card = self.card_ref(entry["card"], at + ("card",)) if entry.get("card") is not None else self.object_card(obj)
                acts.append(
                    Activation(
                        obj,
                        card,
                        self.integer(entry["ability"], at + ("ability",), minimum=1),
                        self.integer(entry["times"], at + ("times",), minimum=0),
                    )
                )
            out["activated"] = tuple(acts)
        return out
