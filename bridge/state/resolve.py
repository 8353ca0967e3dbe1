"""A validated state file (:class:`~.schema.StateFile`) → a :class:`~.model.GameState`, checking
what the schema cannot see: ids unique across players and every zone, references to players and
objects, and card names known to the card database (or defined in the file's ``cards:``).

The first problem stops it, as one paragraph naming the path of the bad field and its line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NoReturn

from ..cards import Card, CardDatabase, name_key
from ..errors import InvalidStateError, UnknownCardInStateError
from .messages import PathKey, close, format_path, listing
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
from .vocab import CHOICE_KEYS, EFFECT_KINDS, EXCEPTION_KINDS, MANA_TYPES

if TYPE_CHECKING:
    from .schema import CardDefinition, PermanentEntry, StateFile
    from .schema_zones import CardEntry, StackEntry


def where(path: PathKey, source: str | None, marks: Mapping[PathKey, int]) -> str | None:
    """``file:line`` of ``path`` (the line of its nearest ancestor the document marks)."""
    probe, line = path, None
    while True:
        line = marks.get(probe)
        if line is not None or not probe:
            break
        probe = probe[:-1]
    if source and line is not None:
        return f"{source}:{line}"
    if line is not None:
        return f"line {line}"
    return source


def _normalise_type_line(text: str) -> str:
    """Accept ``Creature - Elf`` (a hyphen typed for the em dash) as ``Creature — Elf``."""
    for dash in (" -- ", " - ", " \u2013 "):
        text = text.replace(dash, " \u2014 ")
    return text


#: The most players a state may have: the rules relate every pair of players (CR 102.2, opponents),
#: so each query grounds about players² facts (1,000 players: 10^6, about 3 s of grounding).
MAX_PLAYERS = 1000


class _Ids(list[str]):
    """Ids in order, with membership in constant time (a state may list thousands)."""

    def __init__(self) -> None:
        super().__init__()
        self._at: dict[str, int] = {}

    def append(self, ident: str) -> None:
        self._at.setdefault(ident, len(self))
        super().append(ident)

    def __contains__(self, ident: object) -> bool:
        return ident in self._at

    def position(self, ident: str) -> int:
        return self._at[ident]


class Resolver:
    """Builds the :class:`GameState` of one validated file."""

    def __init__(self, db: CardDatabase, source: str | None, marks: Mapping[PathKey, int], raw: object) -> None:
        self.db = db
        self.source = source
        self.marks = marks
        self.raw = raw
        self.player_ids = _Ids()
        self.permanent_ids = _Ids()
        self.object_paths: dict[str, str] = {}
        self.object_cards: dict[str, str | None] = {}

    # -- failing and references ------------------------------------------------------------

    def fail(self, path: PathKey, problem: str) -> NoReturn:
        raise InvalidStateError(format_path(path), problem, source=where(path, self.source, self.marks))

    def raw_at(self, path: PathKey) -> object:
        node = self.raw
        for part in path:
            try:
                node = node[part]  # type: ignore[index]
            except (KeyError, IndexError, TypeError):
                return None
        return node

    def player(self, ident: str, path: PathKey) -> str:
        if ident not in self.player_ids:
            hint = close(ident, self.player_ids)
            suggestion = f"; did you mean {hint!r}?" if hint else ""
            self.fail(path, f"{_q(ident)} is not a player (players: {listing(self.player_ids)}){suggestion}")
        return ident

    def permanent(self, ident: str, path: PathKey, self_id: str | None = None) -> str:
        if ident not in self.permanent_ids:
            hint = close(ident, self.permanent_ids)
            suggestion = f"; did you mean {hint!r}?" if hint else ""
            extra = " (it names a player)" if ident in self.player_ids else ""
            self.fail(
                path,
                f"{_q(ident)} is not the id of a permanent{extra} (permanents: {listing(self.permanent_ids)}){suggestion}",
            )
        if ident == self_id:
            self.fail(path, f"{_q(ident)} refers to the permanent itself")
        return ident

    def object(self, ident: str, path: PathKey) -> str:
        if ident not in self.object_paths:
            known = list(self.object_paths)
            hint = close(ident, known)
            suggestion = f"; did you mean {hint!r}?" if hint else ""
            extra = " (it names a player)" if ident in self.player_ids else ""
            self.fail(path, f"{_q(ident)} is not the id of an object{extra} (objects: {listing(known)}){suggestion}")
        return ident

    def card(self, name: str, path: PathKey) -> str:
        card = self.db.find(name)
        if card is None:
            raise UnknownCardInStateError(
                name[:60], self.db.suggest(name), path=format_path(path), source=where(path, self.source, self.marks)
            )
        return card.name

    def card_of(self, ident: str, path: PathKey) -> str:
        """The card of object ``ident`` (for an ability whose card the file does not name)."""
        name = self.object_cards.get(ident)
        if name is None:
            self.fail(path, f"{_q(ident)} names no card: say which card's ability it is ('card:')")
        return name

    def register(self, ident: str, path: PathKey, what: str, card: str | None) -> None:
        if ident in self.object_paths:
            self.fail(path + ("id",), f"duplicate id {_q(ident)} (also {self.object_paths[ident]})")
        if ident in self.player_ids:
            self.fail(path + ("id",), f"{_q(ident)} is already a player id; {what}s and players need different ids")
        self.object_paths[ident] = format_path(path + ("id",))
        self.object_cards[ident] = card

    # -- the state -------------------------------------------------------------------------

    def state(self, f: StateFile) -> GameState:
        players = self.players(f)
        active = players[0].id if f.active is None else self.player(f.active, ("active",))
        priority = None if f.priority is None else self.player(f.priority, ("priority",))
        if priority == active:
            priority = None  # the default (CR 117.3a), so that a state written out and read back is equal
        passed = tuple(self.player(p, ("passed", i)) for i, p in enumerate(f.passed))
        if len(set(passed)) != len(passed):
            self.fail(("passed",), "lists the same player twice")
        cards = self.cards(f.cards)
        if cards:
            self.db = self.db.overlay(cards, source="state")
        self.register_objects(f)
        battlefield = tuple(self.permanent_entry(p, ("battlefield", i)) for i, p in enumerate(f.battlefield))
        zones = self.zones(f)
        pools, restricted = self.mana(f)
        return GameState(
            players=players,
            active=active,
            step=f.step,
            battlefield=battlefield,
            mana_pool=pools,
            effects=tuple(self.effect(e, ("effects", i)) for i, e in enumerate(f.effects)),
            cards=cards,
            notes=f.notes,
            turn=f.turn,
            priority=priority,
            passed=passed,
            combat_damage_step=f.combat_damage_step,
            restricted_mana=restricted,
            delayed_triggers=tuple(
                DelayedTrigger(d.when, d.what, self.player(d.controller, ("delayed_triggers", i, "controller")))
                for i, d in enumerate(f.delayed_triggers)
            ),
            pending_triggers=self.pending(f),
            **zones,
            **self.memory(f),
        )

    def players(self, f: StateFile) -> tuple[Player, ...]:
        if len(f.players) > MAX_PLAYERS:
            self.fail(
                ("players",),
                f"a state may have at most {MAX_PLAYERS} players, not {len(f.players)}: the rules relate every "
                "pair of players (CR 102.2, each other player is an opponent), so a query grows with the square "
                "of their number",
            )
        out = []
        for i, p in enumerate(f.players):
            id_path: PathKey = ("players", i, "id") if isinstance(self.raw_at(("players", i)), Mapping) else ("players", i)
            if p.id in self.player_ids:
                self.fail(id_path, f"duplicate player id {_q(p.id)} (also players[{self.player_ids.position(p.id)}])")
            self.player_ids.append(p.id)
            out.append(Player(p.id, p.life, FrozenDict(p.counters), p.drew_from_empty, p.lost))
        return tuple(out)

    def cards(self, entries: list[CardDefinition]) -> tuple[Card, ...]:
        out: list[Card] = []
        seen: dict[str, int] = {}
        for i, entry in enumerate(entries):
            at: PathKey = ("cards", i)
            record = entry.model_dump(exclude_none=True)
            if isinstance(record.get("type_line"), str):
                record["type_line"] = _normalise_type_line(record["type_line"])
            try:
                card = Card.from_record(record, where=format_path(at))
            except ValueError as exc:
                bad, _, problem = str(exc).partition(": ")
                self.fail(at + (bad.rsplit(".", 1)[-1],), problem[:300])
            key = name_key(card.name)
            if key in seen:
                self.fail(at + ("name",), f"duplicate card {_q(card.name)} (also cards[{seen[key]}])")
            seen[key] = i
            out.append(card)
        return tuple(out)

    # -- objects ---------------------------------------------------------------------------

    def register_objects(self, f: StateFile) -> None:
        """Every object's id first, so that references may point forward and across zones."""
        for i, perm in enumerate(f.battlefield):
            self.register(perm.id, ("battlefield", i), "permanent", perm.card)
            self.permanent_ids.append(perm.id)
        for i, item in enumerate(f.stack):
            self.register(item.id, ("stack", i), "stack object", item.card)
        for zone, key in (("hand", "cards"), ("library", "top")):
            for player, hidden in getattr(f, zone).items():
                given_as_list = isinstance(self.raw_at((zone, player)), list)
                for j, entry in enumerate(getattr(hidden, key)):
                    at: PathKey = (zone, player, j) if given_as_list else (zone, player, key, j)
                    self.register(entry.id, at, "card", entry.card)
        for player, entries in f.graveyard.items():
            for j, entry in enumerate(entries):
                self.register(entry.id, ("graveyard", player, j), "card", entry.card)
        for zone in ("exile", "command"):
            for j, entry in enumerate(getattr(f, zone)):
                self.register(entry.id, (zone, j), "card", entry.card)

    def permanent_entry(self, p: PermanentEntry, at: PathKey) -> Permanent:
        card = self.card(p.card, at + ("card",))
        controller = self.player(p.controller, at + ("controller",))
        attacking = None
        if p.attacking is not None:
            attacking = self.attack_target(p.attacking, at + ("attacking",), p.id)
        blocking = tuple(self.permanent(b, at + ("blocking", j), self_id=p.id) for j, b in enumerate(p.blocking))
        if len(set(blocking)) != len(blocking):
            self.fail(at + ("blocking",), "lists the same attacker twice")
        return Permanent(
            id=p.id,
            card=card,
            controller=controller,
            owner=controller if p.owner is None else self.player(p.owner, at + ("owner",)),
            tapped=p.tapped,
            sick=p.sick,
            token=p.token,
            counters=FrozenDict(p.counters),
            damage=p.damage,
            attached_to=None if p.attached_to is None else self.permanent(p.attached_to, at + ("attached_to",), p.id),
            attacking=attacking,
            blocking=blocking,
            protector=None if p.protector is None else self.player(p.protector, at + ("protector",)),
            chosen=self.chosen(p, at + ("chosen",)),
            timestamp=p.timestamp,
            damaged_by_deathtouch=p.damaged_by_deathtouch,
            blocked=p.blocked,
            first_striker=p.first_striker,
        )

    def attack_target(self, ident: str, path: PathKey, self_id: str) -> str:
        if ident in self.player_ids or (ident in self.permanent_ids and ident != self_id):
            return ident
        if ident == self_id:
            self.fail(path, f"{_q(ident)} is the attacking permanent itself")
        hint = close(ident, self.player_ids + self.permanent_ids)
        suggestion = f"; did you mean {hint!r}?" if hint else ""
        self.fail(
            path,
            f"{_q(ident)} is neither a player nor a permanent (players: {listing(self.player_ids)}; "
            f"permanents: {listing(self.permanent_ids)}){suggestion}",
        )

    def chosen(self, p: PermanentEntry, path: PathKey) -> FrozenDict[str, int | str]:
        if p.chosen is None:
            return FrozenDict()
        out: dict[str, int | str] = {}
        for key in CHOICE_KEYS:
            value = getattr(p.chosen, key)
            if value is None:
                continue
            if key == "player":
                value = self.player(value, path + (key,))
            elif key == "card_name":
                value = self.card(value, path + (key,))
            out[key] = value
        return FrozenDict(out)

    def card_object(self, entry: CardEntry, at: PathKey, zone_owner: str | None) -> CardObject:
        if entry.owner is not None:
            owner = self.player(entry.owner, at + ("owner",))
        elif zone_owner is not None:
            owner = zone_owner
        else:
            self.fail(at + ("owner",), f"missing: card {_q(entry.id)} needs 'owner' (the player who owns it)")
        return CardObject(entry.id, self.card(entry.card, at + ("card",)), owner, entry.token)

    def stack_object(self, s: StackEntry, at: PathKey) -> StackObject:
        controller = self.player(s.controller, at + ("controller",))
        source = None if s.source is None else self.object(s.source, at + ("source",))
        card: str | None = None
        if s.delayed is not None:
            pass  # CR 603.7: no card, no source
        elif s.card is not None:
            card = self.card(s.card, at + ("card",))
        else:
            assert source is not None  # the schema requires a card or a source
            card = self.card(self.card_of(source, at + ("card",)), at + ("card",))
        targets = []
        for j, t in enumerate(s.targets):
            if t not in self.player_ids and t not in self.object_paths:
                hint = close(t, self.player_ids + list(self.object_paths))
                suggestion = f"; did you mean {hint!r}?" if hint else ""
                self.fail(at + ("targets", j), f"{_q(t)} is neither a player nor an object of the state{suggestion}")
            targets.append(t)
        return StackObject(
            id=s.id,
            controller=controller,
            card=card,
            ability=s.ability,
            source=source,
            owner=controller if s.owner is None else self.player(s.owner, at + ("owner",)),
            x=s.x,
            targets=tuple(targets),
            modes=tuple(s.modes),
            delayed=s.delayed,
            **self.remembers(s, at),
        )

    def remembers(self, t: Any, at: PathKey) -> dict[str, Any]:
        """A trigger's event and last known values (CR 603.10a): ``died`` and ``last_known``."""
        out: dict[str, Any] = {}
        if t.died is not None:
            out["died"] = self.object(t.died, at + ("died",))
        if t.last_known is not None:
            lk = t.last_known
            out["last_known"] = Change(
                "copy", of=self.card(lk.of, at + ("last_known", "of")),
                exceptions=tuple(self.change(e, at + ("last_known", "except", j)) for j, e in enumerate(lk.except_)))
        return out

    def zones(self, f: StateFile) -> dict[str, Any]:
        hands: dict[str, Hidden] = {}
        libraries: dict[str, Hidden] = {}
        for zone, key, target in (("hand", "cards", hands), ("library", "top", libraries)):
            for player, hidden in getattr(f, zone).items():
                ident = self.player(player, (zone, player))
                given_as_list = isinstance(self.raw_at((zone, player)), list)
                known = tuple(
                    self.card_object(e, (zone, player, j) if given_as_list else (zone, player, key, j), ident)
                    for j, e in enumerate(getattr(hidden, key))
                )
                if hidden.size < len(known):
                    self.fail((zone, player, "size"), f"the {zone} holds at least the {len(known)} cards listed, not {hidden.size}")
                target[ident] = Hidden(hidden.size, known)
        graveyards = {
            self.player(p, ("graveyard", p)): tuple(
                self.card_object(e, ("graveyard", p, j), p) for j, e in enumerate(entries)
            )
            for p, entries in f.graveyard.items()
        }
        return {
            "stack": tuple(self.stack_object(s, ("stack", i)) for i, s in enumerate(f.stack)),
            "hands": FrozenDict(hands),
            "libraries": FrozenDict(libraries),
            "graveyards": FrozenDict(graveyards),
            "exile": tuple(self.card_object(e, ("exile", j), None) for j, e in enumerate(f.exile)),
            "command": tuple(self.card_object(e, ("command", j), None) for j, e in enumerate(f.command)),
        }

    # -- mana, effects, triggers, memory ---------------------------------------------------

    def mana(self, f: StateFile) -> tuple[FrozenDict[str, FrozenDict[str, int]], tuple[RestrictedMana, ...]]:
        pools: dict[str, FrozenDict[str, int]] = {}
        restricted: list[RestrictedMana] = []
        for player, pool in f.mana_pool.items():
            ident = self.player(player, ("mana_pool", player))
            given = pool.model_fields_set
            amounts = FrozenDict((m, getattr(pool, m)) for m in MANA_TYPES if m in given)
            if amounts:  # an empty pool is no pool
                pools[ident] = amounts
            restricted.extend(RestrictedMana(ident, r.mana, r.amount, r.spend_only) for r in pool.restricted)
        return FrozenDict(pools), tuple(restricted)

    def change(self, entry: Any, at: PathKey) -> Change:
        kind = entry.kind
        values: dict[str, Any] = {}
        if kind == "copy":
            values["of"] = self.card(entry.of, at + ("of",))
            values["exceptions"] = tuple(self.change(e, at + ("except", j)) for j, e in enumerate(entry.except_))
        for key in (EFFECT_KINDS[kind] if kind in EFFECT_KINDS else EXCEPTION_KINDS[kind]):
            if key in ("power", "toughness", "ability", "type", "subtype", "supertype"):
                values[key] = getattr(entry, key)
            elif key == "card":
                values["card"] = self.card(entry.card, at + ("card",))
            elif key == "keyword":
                values["keyword"] = entry.keyword.strip().lower()
            elif key == "player":
                values["player"] = self.player(entry.player, at + ("player",))
            elif key == "name":
                values["name"] = entry.name
        return Change(kind, **values)

    def effect(self, e: Any, at: PathKey) -> Effect:
        obj = self.permanent(e.object, at + ("object",))
        return Effect(
            object=obj,
            change=self.change(e, at),
            until=e.until,
            timestamp=e.timestamp,
            source=None if e.source is None else self.object(e.source, at + ("source",)),
            controller=None if e.controller is None else self.player(e.controller, at + ("controller",)),
        )

    def pending(self, f: StateFile) -> tuple[PendingTrigger, ...]:
        out = []
        for i, t in enumerate(f.pending_triggers):
            at: PathKey = ("pending_triggers", i)
            if t.delayed is not None:
                out.append(PendingTrigger("", 0, "", self.player(t.controller, at + ("controller",)), delayed=t.delayed))
                continue
            assert t.source is not None and t.ability is not None  # the schema requires them without 'delayed'
            source = self.object(t.source, at + ("source",))
            card = self.card(t.card if t.card is not None else self.card_of(source, at + ("card",)), at + ("card",))
            out.append(PendingTrigger(card, t.ability, source, self.player(t.controller, at + ("controller",)),
                                      x=t.x, **self.remembers(t, at)))
        return tuple(out)

    def memory(self, f: StateFile) -> dict[str, Any]:
        m = f.turn_memory
        if m is None:
            return {}
        out: dict[str, Any] = {}
        for key in ("lands_played", "spells_cast"):
            counts = {self.player(p, ("turn_memory", key, p)): n for p, n in getattr(m, key).items()}
            out[key] = FrozenDict((p, n) for p, n in counts.items() if n)  # none this turn is the default
        acts = []
        for i, a in enumerate(m.activated):
            at: PathKey = ("turn_memory", "activated", i)
            obj = self.object(a.object, at + ("object",))
            card = self.card(a.card if a.card is not None else self.card_of(obj, at + ("card",)), at + ("card",))
            acts.append(Activation(obj, card, a.ability, a.times))
        out["activated"] = tuple(acts)
        return out


def _q(text: str) -> str:
    """An id or name as a message quotes it (an excerpt when long)."""
    return repr(text if len(text) <= 60 else text[:60] + "...")
