"""Validation: plain data (parsed YAML or JSON) → a checked :class:`GameState`, failing on the
first problem with one paragraph that names the path of the bad field and what was expected."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import Card, CardDatabase, name_key
from .messages import PathKey, _close, _listing, _show, format_path
from .model import (
    Change,
    Effect,
    FrozenDict,
    GameState,
    Permanent,
    Player,
    RestrictedMana,
)
from .validate_zones import ZonesReader
from .vocab import (
    _CARD_KEYS,
    _COLOR_BY_LETTER,
    _EFFECT_COMMON,
    _PERMANENT_KEYS,
    _PLAYER_KEYS,
    _TOP_KEYS,
    BASIC_LAND_TYPES,
    CARD_TYPES,
    CHOICE_KEYS,
    COLORS,
    DURATIONS,
    EFFECT_KINDS,
    EXCEPTION_KINDS,
    MANA_TYPES,
    READ_VERSIONS,
    STEP_ALIASES,
    STEPS,
)


def state_from_dict(
    data: object,
    *,
    db: CardDatabase | None = None,
    source: str | None = None,
    _marks: Mapping[PathKey, int] | None = None,
) -> GameState:
    """Validate already-parsed data (e.g. from ``yaml.safe_load``) into a :class:`GameState`."""
    return _Reader(db if db is not None else CardDatabase.default(), source, _marks or {}).state(data)




class _Reader(ZonesReader):
    """Validates parsed data into a :class:`GameState`, failing on the first problem."""

    # -- the state ---------------------------------------------------------------------

    def state(self, data: object) -> GameState:
        if data is None:
            self.fail((), "the game state is empty; it needs at least 'players:' (the players in turn order)")
        top = self.mapping(data, (), "a game state")
        self.keys(top, _TOP_KEYS, (), "a game state")
        if "version" in top:
            version = self.integer(top["version"], ("version",))
            if version not in READ_VERSIONS:
                self.fail(
                    ("version",),
                    f"this mtgasp reads game-state format versions {' and '.join(map(str, READ_VERSIONS))}, "
                    f"not {version}",
                )
        notes = None
        if top.get("notes") is not None:
            notes = self.string(top["notes"], ("notes",), "text")
        if "players" not in top:
            self.fail(("players",), "missing: a game state needs 'players:' (the players in turn order)")
        players = self.players(top["players"])
        turn = None if top.get("turn") is None else self.integer(top["turn"], ("turn",), minimum=1)
        active = players[0].id if top.get("active") is None else self.player_ref(top["active"], ("active",))
        step = self.step(top.get("step"))
        priority = None if top.get("priority") is None else self.player_ref(top["priority"], ("priority",))
        passed = self.player_list(top.get("passed"), ("passed",))
        cards = self.cards(top.get("cards"))
        if cards:
            self.db = self.base_db.overlay(cards, source="state")
        battlefield_items = self.register_battlefield(top.get("battlefield"))
        zone_entries = self.register_zones(top)
        battlefield = tuple(self.permanent(item, ("battlefield", i)) for i, item in enumerate(battlefield_items))
        zones = self.build_zones(top, zone_entries)
        mana_pool, restricted = self.mana_pool(top.get("mana_pool"))
        effects = self.effects(top.get("effects"))
        delayed = self.delayed_triggers(top.get("delayed_triggers"))
        pending = self.pending_triggers(top.get("pending_triggers"))
        memory = self.turn_memory(top.get("turn_memory"))
        return GameState(
            players=players,
            active=active,
            step=step,
            battlefield=battlefield,
            mana_pool=mana_pool,
            effects=effects,
            cards=cards,
            notes=notes,
            turn=turn,
            priority=priority,
            passed=passed,
            restricted_mana=restricted,
            delayed_triggers=delayed,
            pending_triggers=pending,
            **zones,
            **memory,
        )

    def players(self, value: object) -> tuple[Player, ...]:
        path: PathKey = ("players",)
        items = self.sequence(value, path, "players (ids, or mappings with id and life)")
        if not items:
            self.fail(path, "expected at least one player")
        players: list[Player] = []
        for i, item in enumerate(items):
            at = path + (i,)
            if isinstance(item, Mapping):
                self.keys(item, _PLAYER_KEYS, at, "a player")
                if "id" not in item:
                    self.fail(at + ("id",), "missing: each player needs an id")
                ident = self.ident(item["id"], at + ("id",), "a player id (a name such as 'alice')")
                life = 20 if item.get("life") is None else self.integer(item["life"], at + ("life",))
                counters = self.counters(item.get("counters"), at + ("counters",), "player counters by kind, e.g. {poison: 2}")
                drew = lost = False
                if item.get("drew_from_empty") is not None:
                    drew = self.boolean(item["drew_from_empty"], at + ("drew_from_empty",))
                if item.get("lost") is not None:
                    lost = self.boolean(item["lost"], at + ("lost",))
                id_path = at + ("id",)
            else:
                ident = self.ident(item, at, "a player id (a name such as 'alice') or a mapping {id, life}")
                life, counters, drew, lost = 20, FrozenDict(), False, False
                id_path = at
            if ident in self.player_ids:
                self.fail(id_path, f"duplicate player id {ident!r} (also players[{self.player_ids.index(ident)}])")
            self.player_ids.append(ident)
            players.append(Player(ident, life, counters, drew, lost))
        return tuple(players)

    def step(self, value: object) -> str:
        if value is None:
            return "precombat_main"
        text = self.string(value, ("step",), "a step name")
        key = text.lower().replace("-", "_").replace(" ", "_")
        for suffix in ("_step", "_phase"):
            if key.endswith(suffix) and key[: -len(suffix)]:
                key = key[: -len(suffix)]
        key = STEP_ALIASES.get(key, key)
        if key not in STEPS:
            hint = _close(key, STEPS)
            suggestion = f"did you mean '{hint}'? " if hint else ""
            self.fail(("step",), f"unknown step {text!r}; {suggestion}steps are: {', '.join(STEPS)}")
        return key

    def cards(self, value: object) -> tuple[Card, ...]:
        if value is None:
            return ()
        path: PathKey = ("cards",)
        items = self.sequence(value, path, "card definitions")
        cards: list[Card] = []
        seen: dict[str, int] = {}
        for i, item in enumerate(items):
            at = path + (i,)
            record = dict(self.mapping(item, at, "a card definition {name, type_line, oracle_text, ...}"))
            self.keys(record, _CARD_KEYS, at, "a card definition")
            for key in ("name", "type_line"):
                if record.get(key) is None:
                    self.fail(at + (key,), f"missing: a card definition needs '{key}'")
            if isinstance(record.get("type_line"), str):
                record["type_line"] = _normalise_type_line(record["type_line"])
            try:
                card = Card.from_record(record, where=format_path(at))
            except ValueError as exc:
                bad, _, problem = str(exc).partition(": ")
                self.fail(at + (bad.rsplit(".", 1)[-1],), problem)
            key = name_key(card.name)
            if key in seen:
                self.fail(at + ("name",), f"duplicate card {card.name!r} (also cards[{seen[key]}])")
            seen[key] = i
            cards.append(card)
        return tuple(cards)

    def register_id(self, entry: Mapping[str, Any], at: PathKey, what: str) -> str:
        """Check an object's id (present, unique, not a player's) and note it for references."""
        if "id" not in entry:
            self.fail(at + ("id",), f"missing: each {what} needs an id (a short name such as 'elf')")
        ident = self.ident(entry["id"], at + ("id",), f"{'an' if what[0] in 'aeiou' else 'a'} {what} id (a short name such as 'elf')")
        if ident in self.object_paths:
            self.fail(at + ("id",), f"duplicate id {ident!r} (also {self.object_paths[ident]})")
        if ident in self.player_ids:
            self.fail(at + ("id",), f"{ident!r} is already a player id; {what}s and players need different ids")
        self.object_paths[ident] = format_path(at + ("id",))
        self.raw_objects[ident] = entry
        return ident

    def register_battlefield(self, value: object) -> list[Any]:
        if value is None:
            return []
        path: PathKey = ("battlefield",)
        items = self.sequence(value, path, "permanents")
        # First pass: every id, so references may point forward.
        for i, item in enumerate(items):
            entry = self.mapping(item, path + (i,), "a permanent {id, card, controller, ...}")
            self.permanent_ids.append(self.register_id(entry, path + (i,), "permanent"))
        return items

    def permanent(self, entry: Mapping[str, Any], at: PathKey) -> Permanent:
        self.keys(entry, _PERMANENT_KEYS, at, "a permanent")
        ident = self.ident(entry["id"], at + ("id",), "a permanent id")
        for key in ("card", "controller"):
            if entry.get(key) is None:
                self.fail(at + (key,), f"missing: permanent {ident!r} needs '{key}'")
        card = self.card_ref(entry["card"], at + ("card",))
        controller = self.player_ref(entry["controller"], at + ("controller",))
        owner = controller if entry.get("owner") is None else self.player_ref(entry["owner"], at + ("owner",))
        flags = {}
        for key in ("tapped", "sick", "token", "damaged_by_deathtouch"):
            flags[key] = False if entry.get(key) is None else self.boolean(entry[key], at + (key,))
        counters = self.counters(entry.get("counters"), at + ("counters",))
        damage = 0 if entry.get("damage") is None else self.integer(entry["damage"], at + ("damage",), minimum=0)
        attached_to = None
        if entry.get("attached_to") is not None:
            attached_to = self.permanent_ref(entry["attached_to"], at + ("attached_to",), self_id=ident)
        attacking = None
        if entry.get("attacking") is not None:
            attacking = self.attack_target(entry["attacking"], at + ("attacking",), ident)
        blocking: tuple[str, ...] = ()
        if entry.get("blocking") is not None:
            raw = entry["blocking"]
            refs = raw if isinstance(raw, list) else [raw]
            paths = [at + ("blocking", j) if isinstance(raw, list) else at + ("blocking",) for j in range(len(refs))]
            blocking = tuple(self.permanent_ref(r, p, self_id=ident) for r, p in zip(refs, paths, strict=True))
            if len(set(blocking)) != len(blocking):
                self.fail(at + ("blocking",), "lists the same attacker twice")
        protector = None
        if entry.get("protector") is not None:
            protector = self.player_ref(entry["protector"], at + ("protector",))
        chosen = self.chosen(entry.get("chosen"), at + ("chosen",))
        timestamp = 0 if entry.get("timestamp") is None else self.integer(entry["timestamp"], at + ("timestamp",))
        return Permanent(
            id=ident,
            card=card,
            controller=controller,
            owner=owner,
            counters=counters,
            damage=damage,
            attached_to=attached_to,
            attacking=attacking,
            blocking=blocking,
            protector=protector,
            chosen=chosen,
            timestamp=timestamp,
            **flags,
        )

    def counters(
        self, value: object, path: PathKey, what: str = "counters by kind, e.g. {+1/+1: 2, charge: 1}"
    ) -> FrozenDict[str, int]:
        if value is None:
            return FrozenDict()
        data = self.mapping(value, path, what)
        out: dict[str, int] = {}
        for kind, amount in data.items():
            at = path + (str(kind),)
            name = self.string(kind, at, "a counter kind such as '+1/+1' or 'charge'").lower()
            if name.endswith(" counters") or name.endswith(" counter"):
                self.fail(at, f"write the kind without the word 'counter': {name.rsplit(' ', 1)[0]!r}")
            if name in out:
                self.fail(at, f"counter kind {name!r} is given twice")
            out[name] = self.integer(amount, at, minimum=0)
        return FrozenDict(out)

    def attack_target(self, value: object, path: PathKey, self_id: str) -> str:
        ident = self.ident(value, path, "a player id, or the id of a planeswalker or battle")
        if ident in self.player_ids:
            return ident
        if ident in self.permanent_ids and ident != self_id:
            return ident
        known = self.player_ids + self.permanent_ids
        hint = _close(ident, known)
        suggestion = f"; did you mean {hint!r}?" if hint else ""
        if ident == self_id:
            self.fail(path, f"{ident!r} is the attacking permanent itself")
        self.fail(
            path,
            f"{ident!r} is neither a player nor a permanent (players: {_listing(self.player_ids)}; "
            f"permanents: {_listing(self.permanent_ids)}){suggestion}",
        )

    def chosen(self, value: object, path: PathKey) -> FrozenDict[str, int | str]:
        if value is None:
            return FrozenDict()
        data = self.mapping(value, path, "choices by kind, e.g. {color: green}")
        out: dict[str, int | str] = {}
        for key, raw in data.items():
            at = path + (str(key),)
            if key not in CHOICE_KEYS:
                hint = _close(str(key), CHOICE_KEYS)
                suggestion = f"; did you mean '{hint}'?" if hint else ""
                self.fail(at, f"unknown choice {str(key)!r}{suggestion} (choices: {', '.join(CHOICE_KEYS)})")
            out[key] = self.choice(key, raw, at)
        return FrozenDict(out)

    def choice(self, key: str, raw: object, at: PathKey) -> int | str:
        expected = CHOICE_KEYS[key]
        if key == "number":
            return self.integer(raw, at)
        if key == "player":
            return self.player_ref(raw, at)
        if key == "card_name":
            return self.card_ref(raw, at)
        text = self.string(raw, at, expected)
        if key == "color":
            word = _COLOR_BY_LETTER.get(text.upper(), text.lower())
            if word not in COLORS:
                self.fail(at, f"expected {expected}, got {text!r}")
            return word
        if key == "mana_type":
            if text.upper() not in MANA_TYPES:
                self.fail(at, f"expected {expected}, got {text!r}")
            return text.upper()
        if key == "card_type":
            if text.lower() not in CARD_TYPES:
                self.fail(at, f"expected {expected}, got {text!r}")
            return text.lower()
        if key == "basic_land_type":
            for land in BASIC_LAND_TYPES:
                if land.lower() == text.lower():
                    return land
            self.fail(at, f"expected {expected}, got {text!r}")
        return text  # creature_type

    def mana_pool(self, value: object) -> tuple[FrozenDict[str, FrozenDict[str, int]], tuple[RestrictedMana, ...]]:
        if value is None:
            return FrozenDict(), ()
        restricted: list[RestrictedMana] = []
        path: PathKey = ("mana_pool",)
        data = self.mapping(value, path, "mana by player, e.g. {alice: {G: 2}}")
        pools: dict[str, FrozenDict[str, int]] = {}
        for player, pool in data.items():
            at = path + (str(player),)
            ident = self.player_ref(player, at)
            amounts = self.mapping(pool, at, "mana by type, e.g. {G: 2, C: 1}")
            out: dict[str, int] = {}
            for symbol, amount in amounts.items():
                sub = at + (str(symbol),)
                if symbol == "restricted":
                    restricted.extend(self.restricted_mana(ident, amount, sub))
                    continue
                text = str(symbol).strip("{}").upper() if isinstance(symbol, str) else ""
                if text not in MANA_TYPES:
                    self.fail(sub, f"expected a mana type W, U, B, R, G or C, got {_show(symbol)}")
                if text in out:
                    self.fail(sub, f"mana type {text} is given twice")
                out[text] = self.integer(amount, sub, minimum=0)
            pools[ident] = FrozenDict(out)
        return FrozenDict(pools), tuple(restricted)

    def effects(self, value: object) -> tuple[Effect, ...]:
        if value is None:
            return ()
        path: PathKey = ("effects",)
        items = self.sequence(value, path, "effects")
        return tuple(self.effect(item, path + (i,)) for i, item in enumerate(items))

    def effect(self, item: object, at: PathKey) -> Effect:
        entry = self.mapping(item, at, "an effect {kind, object, ...}")
        if entry.get("kind") is None:
            self.fail(at + ("kind",), f"missing: each effect needs a kind ({', '.join(EFFECT_KINDS)})")
        kind = self.kind(entry["kind"], at + ("kind",), EFFECT_KINDS)
        self.keys(entry, _EFFECT_COMMON + EFFECT_KINDS[kind], at, f"a {kind} effect")
        if entry.get("object") is None:
            self.fail(at + ("object",), f"missing: the id of the permanent the {kind} effect applies to")
        obj = self.permanent_ref(entry["object"], at + ("object",))
        until = None
        if entry.get("until") is not None:
            until = self.string(entry["until"], at + ("until",), "a duration")
            if until not in DURATIONS:
                hint = _close(until, DURATIONS)
                suggestion = f"did you mean '{hint}'? " if hint else ""
                self.fail(
                    at + ("until",),
                    f"unknown duration {until!r}; {suggestion}expected {' or '.join(DURATIONS)} "
                    "(leave 'until' out for an effect that lasts indefinitely)",
                )
        timestamp = 0 if entry.get("timestamp") is None else self.integer(entry["timestamp"], at + ("timestamp",))
        source = None if entry.get("source") is None else self.permanent_ref(entry["source"], at + ("source",))
        controller = None
        if entry.get("controller") is not None:
            controller = self.player_ref(entry["controller"], at + ("controller",))
        change = self.change(kind, entry, at, EFFECT_KINDS)
        return Effect(object=obj, change=change, until=until, timestamp=timestamp, source=source, controller=controller)

    def kind(self, value: object, path: PathKey, kinds: Mapping[str, Any], what: str = "effect") -> str:
        kind = self.string(value, path, f"the kind of {what}")
        if kind not in kinds:
            hint = _close(kind, kinds)
            suggestion = f"did you mean '{hint}'? " if hint else ""
            self.fail(path, f"unknown {what} kind {kind!r}; {suggestion}{what} kinds are: {', '.join(kinds)}")
        return kind

    def change(self, kind: str, entry: Mapping[str, Any], at: PathKey, kinds: Mapping[str, tuple[str, ...]]) -> Change:
        for key in kinds[kind]:
            if key != "except" and entry.get(key) is None:
                self.fail(at + (key,), f"missing: a {kind} effect needs {_FIELD_HELP[key]}")
        values: dict[str, Any] = {}
        if kind == "copy":
            values["of"] = self.card_ref(entry["of"], at + ("of",))
            raw = entry.get("except")
            if raw is not None:
                items = self.sequence(
                    raw, at + ("except",), "exceptions, e.g. [{kind: gain_ability, card: ..., ability: 1}]"
                )
                exceptions = []
                for j, item in enumerate(items):
                    sub = at + ("except", j)
                    exc = self.mapping(item, sub, "an exception {kind, ...}")
                    if exc.get("kind") is None:
                        self.fail(
                            sub + ("kind",), f"missing: each exception needs a kind ({', '.join(EXCEPTION_KINDS)})"
                        )
                    exc_kind = self.kind(exc["kind"], sub + ("kind",), EXCEPTION_KINDS, "copy exception")
                    self.keys(exc, ("kind",) + EXCEPTION_KINDS[exc_kind], sub, f"a {exc_kind} exception")
                    exceptions.append(self.change(exc_kind, exc, sub, EXCEPTION_KINDS))
                values["exceptions"] = tuple(exceptions)
        elif kind in ("set_base_pt", "modify_pt"):
            minimum = 0 if kind == "set_base_pt" else None
            values["power"] = self.integer(entry["power"], at + ("power",), minimum=minimum)
            values["toughness"] = self.integer(entry["toughness"], at + ("toughness",), minimum=minimum)
        elif kind == "gain_ability":
            values["card"] = self.card_ref(entry["card"], at + ("card",))
            values["ability"] = self.integer(entry["ability"], at + ("ability",), minimum=1)
        elif kind == "add_type":
            text = self.string(entry["type"], at + ("type",), "a card type").lower()
            if text not in CARD_TYPES:
                self.fail(at + ("type",), f"expected a card type ({', '.join(CARD_TYPES)}), got {entry['type']!r}")
            values["type"] = text
        elif kind == "add_subtype":
            values["subtype"] = self.string(entry["subtype"], at + ("subtype",), "a subtype such as 'Elf'")
        return Change(kind, **values)


_FIELD_HELP = {
    "of": "'of' (the name of the card it copies)",
    "power": "'power' (an integer)",
    "toughness": "'toughness' (an integer)",
    "card": "'card' (the card whose ability is gained)",
    "ability": "'ability' (which ability of that card, 1 for the first)",
    "type": "'type' (a card type)",
    "subtype": "'subtype' (e.g. 'Elf')",
}


def _normalise_type_line(text: str) -> str:
    """Accept ``Creature - Elf`` (a hyphen typed for the em dash) as ``Creature — Elf``."""
    for dash in (" -- ", " - ", " \u2013 "):
        text = text.replace(dash, " \u2014 ")
    return text

