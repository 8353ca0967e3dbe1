"""The game state in memory: frozen dataclasses for players, objects in zones, effects and
what the turn remembers (docs/state-format.md). Loading, facts and saving live in the sibling
modules; the methods here delegate to them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import clingo

from ..cards import Card, CardDatabase, name_key
from ..errors import UnknownObjectError

K = TypeVar("K")
V = TypeVar("V")


# ---------------------------------------------------------------------------------------------
# Frozen values
# ---------------------------------------------------------------------------------------------


class FrozenDict(Mapping[K, V]):
    """An immutable, hashable mapping that keeps insertion order (for frozen dataclass fields).

    >>> FrozenDict({"+1/+1": 1}) == {"+1/+1": 1}
    True
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        self._data: dict[K, V] = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenDict({self._data!r})"


@dataclass(frozen=True)
class Player:
    """A player, in turn order in :attr:`GameState.players`."""

    id: str
    """The player's id, e.g. ``"alice"``; facts name the player ``player("alice")``."""
    life: int = 20
    """Life total (CR 119); may be 0 or negative (the state-based action is then pending)."""
    counters: FrozenDict[str, int] = field(default_factory=lambda: FrozenDict())
    """Player counters by kind (CR 122.1): ``{"poison": 2, "energy": 3}``."""
    drew_from_empty: bool = False
    """Attempted to draw from an empty library since the last state-based action check (CR 704.5b)."""
    lost: bool = False
    """Lost the game (CR 104.3, 704.5a-c); in a multiplayer game the others play on (CR 800.4)."""


@dataclass(frozen=True)
class Permanent:
    """One permanent on the battlefield (CR 110)."""

    id: str
    """Unique id within the state, e.g. ``"elf"``; facts name it ``obj("elf")``."""
    card: str
    """The card name (canonical Oracle spelling); for a token, the card it is a copy of or the
    token definition in the state's ``cards:``."""
    controller: str
    """Player id of the controller (CR 110.2)."""
    owner: str = ""
    """Player id of the owner (CR 108.3, 111.2); defaults to the controller."""
    tapped: bool = False
    """Tapped (CR 110.5)."""
    sick: bool = False
    """Not under its controller's control continuously since their most recent turn began
    (CR 302.6, "summoning sickness"); matters for {T}/{Q} abilities and attacking."""
    token: bool = False
    """A token (CR 111)."""
    counters: FrozenDict[str, int] = field(default_factory=FrozenDict)
    """Counters by kind (CR 122), kinds lower-case as written in Oracle text: ``"+1/+1"``,
    ``"charge"``, ``"loyalty"``, ``"defense"``."""
    damage: int = 0
    """Damage marked on it this turn (CR 120.6)."""
    attached_to: str | None = None
    """Id of the permanent this Aura, Equipment or Fortification is attached to (CR 301.5, 303.4)."""
    attacking: str | None = None
    """What it is attacking: a player id, or the id of a planeswalker or battle (CR 506.3)."""
    blocking: tuple[str, ...] = ()
    """Ids of the attacking creatures it blocks (CR 509)."""
    protector: str | None = None
    """For a battle: player id of its protector (CR 310.8)."""
    chosen: FrozenDict[str, int | str] = field(default_factory=FrozenDict)
    """Choices made for it as it entered ("choose a color"), by :data:`CHOICE_KEYS` key."""
    timestamp: int = 0
    """Orders it among permanents and effects (CR 613.7); see :meth:`GameState.timestamp_order`."""
    damaged_by_deathtouch: bool = False
    """Dealt damage by a source with deathtouch since state-based actions were last checked
    (CR 704.5h, 702.2b)."""
    blocked: bool = False
    """An attacking creature that became blocked (CR 509.1h); it stays blocked when its blockers
    leave combat."""
    first_striker: bool = False
    """It had first strike or double strike as the first of two combat damage steps began
    (CR 510.4): in the second step it deals damage again only if it has double strike."""

    def __post_init__(self) -> None:
        if not self.owner:
            object.__setattr__(self, "owner", self.controller)


@dataclass(frozen=True)
class Change:
    """A change to an object's characteristics: what an effect does, or an exception of a copy
    effect (CR 707.9). Which fields are set depends on :attr:`kind` (:data:`EFFECT_KINDS`)."""

    kind: str
    """One of :data:`EFFECT_KINDS`."""
    of: str | None = None
    """``copy``: the card whose copiable values are copied (CR 707.2)."""
    power: int | None = None
    """``set_base_pt``/``modify_pt``: the power it sets or adds."""
    toughness: int | None = None
    """``set_base_pt``/``modify_pt``: the toughness it sets or adds."""
    card: str | None = None
    """``gain_ability``: the card whose ability is gained."""
    ability: int | None = None
    """``gain_ability``: which ability of that card, 1-based in text order (``ab(C, N)``)."""
    type: str | None = None
    """``add_type``: a card type (:data:`CARD_TYPES`)."""
    subtype: str | None = None
    """``add_subtype``: a subtype, e.g. ``"Elf"``."""
    keyword: str | None = None
    """``gain_keyword``: a keyword ability without parameters, in lower case, e.g. ``"flying"``."""
    player: str | None = None
    """``gain_control``: the player who gains control (layer 2)."""
    name: str | None = None
    """``set_name`` (an exception of a copy effect only): the name it has (CR 707.9b)."""
    supertype: str | None = None
    """``add_supertype``/``remove_supertype`` (exceptions only): e.g. ``"legendary"`` (CR 707.9b)."""
    exceptions: tuple[Change, ...] = ()
    """``copy``: exceptions to the copied values (the file's ``except:``)."""


@dataclass(frozen=True)
class Effect:
    """A continuous effect from a resolved spell or ability (CR 611.2) applying to one object."""

    object: str
    """Id of the permanent it affects."""
    change: Change
    """What it does."""
    until: str | None = None
    """``end_of_turn`` or ``end_of_combat``; None if it lasts indefinitely."""
    timestamp: int = 0
    """Its timestamp (CR 613.7b); see :meth:`GameState.timestamp_order`."""
    source: str | None = None
    """Id of the object that created it (the resolved spell, or the source of the ability), if it is in the state."""
    controller: str | None = None
    """Player id of its controller: who controlled the spell or ability that created it (CR 611.2)."""

    @property
    def kind(self) -> str:
        """The kind of change (``copy``, ``set_base_pt``, ...)."""
        return self.change.kind


@dataclass(frozen=True)
class CardObject:
    """A card (or a token) in a zone other than the battlefield and the stack: a hand, a
    library, a graveyard, exile or the command zone (CR 400.1)."""

    id: str
    """Unique id within the state; facts name it ``obj("id")``."""
    card: str
    """The card name (canonical Oracle spelling), or a definition in the state's ``cards:``
    (an emblem, a token)."""
    owner: str = ""
    """Player id of its owner (CR 108.3); in a hand, library or graveyard: that player's."""
    token: bool = False
    """A token (CR 111); one outside the battlefield ceases to exist (CR 704.5d)."""


@dataclass(frozen=True)
class Hidden:
    """A hand or a library: how many cards it holds, and the known ones (CR 401, 402)."""

    size: int
    """How many cards it holds, known or not."""
    cards: tuple[CardObject, ...] = ()
    """The known cards; for a library the known cards from the top, in order (position 1 is
    the top)."""


@dataclass(frozen=True)
class StackObject:
    """A spell or an activated or triggered ability on the stack (CR 405, 112, 113)."""

    id: str
    """Unique id within the state."""
    controller: str
    """Player id of its controller (CR 108.4)."""
    card: str | None = None
    """A spell: the card it is. An ability: the card whose ability it is (default: its source's)."""
    ability: int | None = None
    """An ability: which ability of :attr:`card`, 1-based in text order; None for a spell."""
    source: str | None = None
    """An ability: the id of its source object (CR 113.7)."""
    owner: str = ""
    """Player id of its owner (a spell's, CR 108.3); defaults to the controller."""
    x: int | None = None
    """The value chosen for X (CR 107.3, 601.2b)."""
    targets: tuple[str, ...] = ()
    """Its targets in order: player ids or object ids (CR 115, 601.2c)."""
    modes: tuple[int, ...] = ()
    """The chosen modes (1, 2, ...) of a modal spell or ability (CR 700.2)."""
    delayed: str | None = None
    """A delayed triggered ability (CR 603.7): what it does, as an ASP effect term; it has no
    card, ability or source (it acts on the objects it names)."""
    died: str | None = None
    """A triggered ability: the id of the object whose dying triggered it (CR 603.6c, 603.10a)."""
    last_known: Change | None = None
    """A triggered ability: that object's copiable values as it last existed (CR 603.10a,
    608.2h), a ``copy`` change: the card ``of`` and the ``exceptions`` (CR 707.9b)."""

    def __post_init__(self) -> None:
        if not self.owner:
            object.__setattr__(self, "owner", self.controller)

    @property
    def is_ability(self) -> bool:
        return self.ability is not None


@dataclass(frozen=True)
class RestrictedMana:
    """Mana in a pool that can be spent only as a restriction says (CR 106.6)."""

    player: str
    mana: str
    """A mana symbol: ``W U B R G C``."""
    amount: int
    spend_only: str
    """The restriction as an ASP term (e.g. the parser's ``mana_spend_restriction`` term)."""


@dataclass(frozen=True)
class DelayedTrigger:
    """A delayed triggered ability waiting for its event (CR 603.7)."""

    when: str
    """When it triggers, as an ASP term: ``at(end)`` ("at the beginning of the next end step")."""
    what: str
    """What it does, as an ASP effect term."""
    controller: str
    """Player id of its controller (CR 603.7d)."""


@dataclass(frozen=True)
class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack (CR 603.3)."""

    card: str
    """The card whose ability it is ("" for a delayed triggered ability)."""
    ability: int
    """Which ability of that card, 1-based in text order (0 for a delayed triggered ability)."""
    source: str
    """Id of its source object (as it last existed, CR 603.10; "" for a delayed triggered ability)."""
    controller: str
    """Player id of its controller (CR 603.3a)."""
    delayed: str | None = None
    """A delayed triggered ability that triggered (CR 603.7): what it does, as an ASP effect term
    (the ``what`` of its delayed trigger). It has no card ability and no source object: it acts
    on the objects it names (the rules' ``delayed(What)`` ability, source ``dt(..)``)."""
    died: str | None = None
    """The id of the object whose dying triggered it (CR 603.6c, 603.10a)."""
    last_known: Change | None = None
    """That object's copiable values as it last existed (CR 603.10a, 608.2h), a ``copy`` change."""
    x: int | None = None
    """The value of X it was given (CR 107.3m: an "enters" trigger of a spell with X)."""


@dataclass(frozen=True)
class Activation:
    """How many times an ability of an object was activated this turn (CR 602.5b)."""

    object: str
    card: str
    """The card whose ability it is (default: the object's card)."""
    ability: int
    times: int


@dataclass(frozen=True)
class GameState:
    """One moment of a game, as a game-state file describes it. Immutable: a changed state is a
    new object (``dataclasses.replace``), and :func:`dump_state` saves it as a new file."""

    players: tuple[Player, ...]
    """The players in turn order."""
    active: str
    """Id of the active player (CR 102.1)."""
    step: str = "precombat_main"
    """The current step or main phase, one of :data:`STEPS`."""
    battlefield: tuple[Permanent, ...] = ()
    """The permanents, in the order of the file."""
    mana_pool: FrozenDict[str, FrozenDict[str, int]] = field(default_factory=FrozenDict)
    """Mana in each player's pool: player id → mana symbol (``W U B R G C``) → amount (CR 106.4)."""
    effects: tuple[Effect, ...] = ()
    """Continuous effects of resolved spells and abilities, in the order of the file."""
    cards: tuple[Card, ...] = ()
    """Cards defined by the state file (not in, or replacing, the card database)."""
    notes: str | None = None
    """Free text for the reader (what the state shows); no effect on the game."""
    turn: int | None = None
    """The turn number (CR 500.1, 103.8), when the file gives it."""
    priority: str | None = None
    """Id of the player with priority (CR 117); None: the active player (CR 117.3a)."""
    passed: tuple[str, ...] = ()
    """Players who passed priority in succession with nothing happening since (CR 117.4)."""
    combat_damage_step: str | None = None
    """``"first"`` during the first of two combat damage steps (first strike, CR 510.4)."""
    stack: tuple[StackObject, ...] = ()
    """The stack, top first (CR 405)."""
    hands: FrozenDict[str, Hidden] = field(default_factory=FrozenDict)
    """Each player's hand, when the file gives it (CR 402)."""
    libraries: FrozenDict[str, Hidden] = field(default_factory=FrozenDict)
    """Each player's library, when the file gives it (CR 401)."""
    graveyards: FrozenDict[str, tuple[CardObject, ...]] = field(default_factory=FrozenDict)
    """Each player's graveyard, top first (CR 404)."""
    exile: tuple[CardObject, ...] = ()
    """The exile zone (CR 406)."""
    command: tuple[CardObject, ...] = ()
    """The command zone: emblems, commanders, ... (CR 408)."""
    restricted_mana: tuple[RestrictedMana, ...] = ()
    """Mana in pools that can be spent only as its restriction says (CR 106.6)."""
    delayed_triggers: tuple[DelayedTrigger, ...] = ()
    """Delayed triggered abilities created this game and not yet triggered (CR 603.7)."""
    pending_triggers: tuple[PendingTrigger, ...] = ()
    """Triggered abilities waiting to be put on the stack (CR 603.3)."""
    lands_played: FrozenDict[str, int] = field(default_factory=FrozenDict)
    """Lands each player played this turn (CR 305.2); absent: none."""
    spells_cast: FrozenDict[str, int] = field(default_factory=FrozenDict)
    """Spells each player cast this turn; absent: none."""
    activated: tuple[Activation, ...] = ()
    """Abilities activated this turn, with how many times (CR 602.5b)."""

    # -- access ------------------------------------------------------------------------

    @property
    def player_ids(self) -> tuple[str, ...]:
        """Player ids in turn order."""
        return tuple(p.id for p in self.players)

    def player(self, ident: str) -> Player:
        """The player with id ``ident``; raises :class:`~mtgasp.errors.UnknownObjectError`."""
        for p in self.players:
            if p.id == ident:
                return p
        raise UnknownObjectError("player", ident, list(self.player_ids))

    def permanent(self, ident: str) -> Permanent:
        """The permanent with id ``ident``; raises :class:`~mtgasp.errors.UnknownObjectError`."""
        for perm in self.battlefield:
            if perm.id == ident:
                return perm
        raise UnknownObjectError("permanent", ident, [p.id for p in self.battlefield])

    @property
    def priority_player(self) -> str:
        """Id of the player with priority: :attr:`priority`, else the active player."""
        return self.priority if self.priority is not None else self.active

    def zones(self) -> Iterator[tuple[str, str | None, tuple[Any, ...]]]:
        """Every zone with objects: ``(zone, player or None, objects)``, battlefield first."""
        yield "battlefield", None, self.battlefield
        yield "stack", None, self.stack
        for p in self.player_ids:
            if p in self.hands:
                yield "hand", p, self.hands[p].cards
            if p in self.libraries:
                yield "library", p, self.libraries[p].cards
            if p in self.graveyards:
                yield "graveyard", p, self.graveyards[p]
        yield "exile", None, self.exile
        yield "command", None, self.command

    def object_ids(self) -> tuple[str, ...]:
        """Ids of every object of the state, zone by zone (see :meth:`zones`)."""
        return tuple(o.id for _, _, objs in self.zones() for o in objs)

    def object(self, ident: str) -> Any:
        """The object (permanent, stack object or card object) with id ``ident``."""
        for _, _, objs in self.zones():
            for o in objs:
                if o.id == ident:
                    return o
        raise UnknownObjectError("object", ident, list(self.object_ids()))

    def zone_of(self, ident: str) -> tuple[str, str | None]:
        """``(zone, player or None)`` of the object with id ``ident``."""
        for zone, player, objs in self.zones():
            if any(o.id == ident for o in objs):
                return zone, player
        raise UnknownObjectError("object", ident, list(self.object_ids()))

    def opponents(self, ident: str) -> tuple[str, ...]:
        """The other players, in turn order after ``ident`` (CR 102.2, 102.3: everyone else)."""
        ids = self.player_ids
        i = ids.index(self.player(ident).id)
        return ids[i + 1 :] + ids[:i]

    def database(self, db: CardDatabase | None = None) -> CardDatabase:
        """``db`` (default: the embedded set) with this state's ``cards:`` layered on top."""
        base = db if db is not None else CardDatabase.default()
        return base.overlay(self.cards, source="state") if self.cards else base

    def card_names(self) -> tuple[str, ...]:
        """Every card the state refers to: on the battlefield, in effects, and in ``cards:``."""
        names: dict[str, str] = {}

        def note(name: str | None) -> None:
            if name:
                names.setdefault(name_key(name), name)

        for _, _, objs in self.zones():
            for o in objs:
                note(o.card)
        for trig in (*self.pending_triggers, *self.stack):
            note(trig.card)
            if trig.last_known is not None:
                for change in (trig.last_known, *trig.last_known.exceptions):
                    note(change.of)
                    note(change.card)
        for act in self.activated:
            note(act.card)
        for eff in self.effects:
            for change in (eff.change, *eff.change.exceptions):
                note(change.of)
                note(change.card)
        for card in self.cards:
            note(card.name)
        return tuple(names.values())

    def timestamp_order(self) -> dict[tuple[str, int | str], int]:
        """The rank (1, 2, ...) of each permanent and effect in timestamp order (CR 613.7).

        Keys are ``("permanent", id)`` and ``("effect", i)`` (1-based position in
        :attr:`effects`). Order: by ``timestamp``; on equal timestamps, permanents before
        effects, then file order. With no timestamps given the order is the battlefield's order,
        then the effects' order. The ranks are what the ``timestamp/2`` facts carry.
        """
        items: list[tuple[int, int, int, tuple[str, int | str]]] = []
        for i, perm in enumerate(self.battlefield):
            items.append((perm.timestamp, 0, i, ("permanent", perm.id)))
        for i, eff in enumerate(self.effects, start=1):
            items.append((eff.timestamp, 1, i, ("effect", i)))
        return {key: rank for rank, (*_, key) in enumerate(sorted(items), start=1)}

    # -- facts -------------------------------------------------------------------------

    def facts(self, db: CardDatabase | None = None) -> tuple[clingo.Symbol, ...]:
        """The state facts of docs/facts.md ("State facts"), in a fixed order.

        ``db`` resolves card names to their Oracle spelling (default: the embedded set, with the
        state's ``cards:`` on top); an unknown name raises
        :class:`~mtgasp.errors.UnknownCardInStateError`. Card facts are :meth:`card_facts`.
        """
        from .facts import state_facts

        return tuple(state_facts(self, self.database(db)))

    def card_facts(self, db: CardDatabase | None = None) -> tuple[clingo.Symbol, ...]:
        """The parser's card facts of every card in :meth:`card_names`, each fact once."""
        cards = self.database(db)
        seen: dict[clingo.Symbol, None] = {}
        for name in self.card_names():
            for fact in cards.facts(name):
                seen.setdefault(fact, None)
        return tuple(seen)

    def to_asp(self, db: CardDatabase | None = None, *, with_cards: bool = False) -> str:
        """The facts as ASP text, one fact a line (for ``clingo`` on the command line)."""
        facts = list(self.facts(db))
        if with_cards:
            facts += self.card_facts(db)
        return "".join(f"{f}.\n" for f in facts)

    # -- serialisation -----------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The state as plain data in the file schema; :func:`state_from_dict` reads it back
        to an equal state. Fields at their defaults are left out."""
        from .writing import state_to_dict

        return state_to_dict(self)

    def validate(self, db: CardDatabase | None = None) -> GameState:
        """Check a state built in code as if it were read from a file; returns the checked state."""
        from .validate import state_from_dict

        return state_from_dict(self.to_dict(), db=db)

