"""Game-state files: load (YAML or JSON) → validate → a frozen :class:`GameState` → state facts.

A game-state file describes one moment of a game: the players in turn order, whose turn and which
step it is, life totals, mana pools, the permanents on the battlefield, continuous effects of
resolved spells and abilities, and cards that are not in the card database. The schema is
documented field by field in ``docs/state-format.md``; the facts it becomes are the "State facts"
of ``docs/facts.md``.

>>> state = loads_state('''
... players: [alice, bob]
... battlefield:
...   - {id: elf, card: Llanowar Elves, controller: alice, sick: true}
... ''')
>>> state.active, state.step
('alice', 'precombat_main')
>>> sorted(str(f) for f in state.facts() if "elf" in str(f))[:3]
['card_of(obj("elf"),card("Llanowar Elves"))', 'controller(obj("elf"),player("alice"))', 'owner(obj("elf"),player("alice"))']

Validation checks the *form* of the file — types, references, unique ids, known cards — and
reports the first problem as one paragraph naming the path of the bad field
(:class:`~mtgasp.errors.InvalidStateError`). Whether the state is consistent with the game rules
(an attacking creature outside combat, an Aura on nothing it can enchant) is a question for the
rules (``mtgasp check``), so such a state can still be loaded, held and queried.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import clingo
import yaml

from .cards import Card, CardDatabase, name_key
from .errors import (
    InvalidStateError,
    StateSyntaxError,
    UnknownCardInStateError,
    UnknownObjectError,
)

__all__ = [
    "CHOICE_KEYS",
    "EFFECT_KINDS",
    "STEPS",
    "Change",
    "Effect",
    "FrozenDict",
    "GameState",
    "Permanent",
    "Player",
    "dump_state",
    "dumps_state",
    "load_state",
    "loads_state",
    "state_from_dict",
]

#: The format version this module reads and writes (the optional top-level ``version:``).
FORMAT_VERSION = 1

#: Steps of a turn in order, by CR 500-514 names (the main phases have no steps; they are listed
#: by phase name). ``step(S)`` facts use these names as constants.
STEPS: tuple[str, ...] = (
    "untap",
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
    "end",
    "cleanup",
)

#: Other names accepted for steps (after lower-casing and turning spaces/hyphens into ``_``).
STEP_ALIASES: Mapping[str, str] = {
    "first_main": "precombat_main",
    "main1": "precombat_main",
    "main_1": "precombat_main",
    "second_main": "postcombat_main",
    "main2": "postcombat_main",
    "main_2": "postcombat_main",
    "attackers": "declare_attackers",
    "blockers": "declare_blockers",
    "damage": "combat_damage",
    "combat_damage_step": "combat_damage",
    "end_step": "end",
    "ending": "end",
}

#: Mana types (CR 106.1b) by their symbols, as the ASP constants of docs/facts.md.
MANA_TYPES: Mapping[str, str] = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c"}

#: Colors (CR 105.1) by name, as the ASP constants of docs/facts.md.
COLORS: Mapping[str, str] = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
_COLOR_BY_LETTER = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

#: Card types (CR 300.1) as the ASP constants of docs/facts.md.
CARD_TYPES: tuple[str, ...] = (
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
)

BASIC_LAND_TYPES: tuple[str, ...] = ("Plains", "Island", "Swamp", "Mountain", "Forest")

#: What ``chosen:`` may record for a permanent ("as ~ enters, choose a color", CR 607.2d) and the
#: kind of value each key takes.
CHOICE_KEYS: Mapping[str, str] = {
    "color": "a color: white, blue, black, red or green (or W, U, B, R, G)",
    "mana_type": "a mana type: W, U, B, R, G or C",
    "creature_type": "a creature type, e.g. 'Elf' or 'Time Lord'",
    "basic_land_type": "a basic land type: Plains, Island, Swamp, Mountain or Forest",
    "card_type": "a card type: " + ", ".join(CARD_TYPES),
    "player": "a player id",
    "card_name": "a card name",
    "number": "an integer",
}

#: How long an effect lasts (``until:``); absent means it lasts indefinitely (CR 611.2a).
DURATIONS: tuple[str, ...] = ("end_of_turn", "end_of_combat")

#: Effect kinds and their own fields (each also has object, until, timestamp, source).
EFFECT_KINDS: Mapping[str, tuple[str, ...]] = {
    "copy": ("of", "except"),
    "set_base_pt": ("power", "toughness"),
    "modify_pt": ("power", "toughness"),
    "lose_all_abilities": (),
    "gain_ability": ("card", "ability"),
    "add_type": ("type",),
    "add_subtype": ("subtype",),
}

#: The kinds a copy effect's ``except:`` may list (CR 707.9: exceptions to the copied values).
EXCEPTION_KINDS: Mapping[str, tuple[str, ...]] = {
    "set_base_pt": ("power", "toughness"),
    "gain_ability": ("card", "ability"),
    "add_type": ("type",),
    "add_subtype": ("subtype",),
}

_EFFECT_COMMON = ("kind", "object", "until", "timestamp", "source")

_TOP_KEYS = ("version", "notes", "players", "active", "step", "battlefield", "mana_pool", "effects", "cards")
_PLAYER_KEYS = ("id", "life")
_PERMANENT_KEYS = (
    "id",
    "card",
    "controller",
    "owner",
    "tapped",
    "sick",
    "token",
    "counters",
    "damage",
    "attached_to",
    "attacking",
    "blocking",
    "protector",
    "chosen",
    "timestamp",
)
_CARD_KEYS = (
    "name",
    "mana_cost",
    "type_line",
    "oracle_text",
    "power",
    "toughness",
    "loyalty",
    "defense",
    "color_indicator",
)

#: Keys people write instead of a key of the schema: unknown key → candidates (space-separated),
#: the first one allowed where the key was found is suggested.
_KEY_SYNONYMS: Mapping[str, str] = {
    "text": "oracle_text",
    "oracle": "oracle_text",
    "type": "type_line",
    "types": "type_line",
    "cost": "mana_cost",
    "manaCost": "mana_cost",
    "name": "card id",
    "summoning_sick": "sick",
    "summoning_sickness": "sick",
    "enchanting": "attached_to",
    "equipping": "attached_to",
    "attached": "attached_to",
    "attacks": "attacking",
    "blocks": "blocking",
    "life_total": "life",
    "permanents": "battlefield",
    "turn": "active",
    "active_player": "active",
    "phase": "step",
    "pool": "mana_pool",
    "duration": "until",
    "target": "object",
}

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
    """Id of the permanent whose ability created it, if it is still on the battlefield."""

    @property
    def kind(self) -> str:
        """The kind of change (``copy``, ``set_base_pt``, ...)."""
        return self.change.kind


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

        for perm in self.battlefield:
            note(perm.card)
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
        return tuple(_state_facts(self, self.database(db)))

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
        return _state_to_dict(self)

    def validate(self, db: CardDatabase | None = None) -> GameState:
        """Check a state built in code as if it were read from a file; returns the checked state."""
        return state_from_dict(self.to_dict(), db=db)


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------

PathKey = tuple[str | int, ...]


def load_state(path: str | Path, *, db: CardDatabase | None = None) -> GameState:
    """Read and validate a game-state file (``.json`` is JSON, anything else YAML).

    Raises :class:`~mtgasp.errors.InvalidStateError` (a syntax error, a bad field) or
    :class:`~mtgasp.errors.UnknownCardError` (a card in neither ``db`` nor the file's ``cards:``).
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise InvalidStateError("(file)", f"cannot read the file: {exc.strerror or exc}", source=str(path)) from None
    except UnicodeDecodeError as exc:
        raise StateSyntaxError(f"the file is not UTF-8 text (byte {exc.start})", source=str(path)) from None
    fmt = "json" if path.suffix.lower() == ".json" else "yaml"
    return loads_state(text, format=fmt, db=db, source=str(path))


def loads_state(
    text: str, *, format: str | None = None, db: CardDatabase | None = None, source: str | None = None
) -> GameState:
    """Read and validate a game state from text. ``format``: ``"yaml"`` or ``"json"``; by
    default JSON if the text starts with ``{``, else YAML. ``source`` names it in messages."""
    if format is None:
        format = "json" if text.lstrip().startswith("{") else "yaml"
    if format not in ("yaml", "json"):
        raise ValueError(f"format must be 'yaml' or 'json', not {format!r}")
    marks: dict[PathKey, int] = {}
    try:
        if format == "json":
            data = _parse_json(text, source)
        else:
            data, marks = _parse_yaml(text, source)
        return state_from_dict(data, db=db, source=source, _marks=marks)
    except RecursionError:
        raise StateSyntaxError("the document is nested too deeply (or refers to itself)", source=source) from None


def state_from_dict(
    data: object,
    *,
    db: CardDatabase | None = None,
    source: str | None = None,
    _marks: Mapping[PathKey, int] | None = None,
) -> GameState:
    """Validate already-parsed data (e.g. from ``yaml.safe_load``) into a :class:`GameState`."""
    return _Reader(db if db is not None else CardDatabase.default(), source, _marks or {}).state(data)


# -- YAML and JSON text ----------------------------------------------------------------------

_YamlBase: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StateLoader(_YamlBase):  # type: ignore[misc]
    """Safe YAML loading that rejects duplicate keys instead of keeping the last one."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        self.flatten_mapping(node)
        seen: dict[Any, int] = {}
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                first = seen.get(key)
            except TypeError:
                continue  # an unhashable key: the base class reports it
            if first is not None:
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"duplicate key {key!r} in one mapping (first given on line {first}); each key may appear once",
                    key_node.start_mark,
                )
            seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)  # type: ignore[no-any-return]


def _parse_yaml(text: str, source: str | None) -> tuple[object, dict[PathKey, int]]:
    loader = _StateLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "malformed YAML"
        if exc.context and exc.problem and "duplicate key" not in exc.problem:
            problem = f"{exc.problem} ({exc.context})"
        raise StateSyntaxError(
            f"YAML syntax error: {problem}",
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
            source=source,
        ) from None
    except yaml.YAMLError as exc:
        raise StateSyntaxError(f"YAML syntax error: {exc}", source=source) from None
    finally:
        loader.dispose()
    marks: dict[PathKey, int] = {}
    if node is not None:
        _collect_marks(node, (), marks)
    return data, marks


def _collect_marks(node: yaml.Node, path: PathKey, marks: dict[PathKey, int], seen: set[int] | None = None) -> None:
    """Record the line of every path in the document (each node once: aliases may recurse)."""
    seen = set() if seen is None else seen
    marks.setdefault(path, node.start_mark.line + 1)
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                sub = path + (key_node.value,)
                marks.setdefault(sub, key_node.start_mark.line + 1)
                _collect_marks(value_node, sub, marks, seen)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _collect_marks(item, path + (i,), marks, seen)


def _parse_json(text: str, source: str | None) -> object:
    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise _DuplicateJsonKey(key)
            out[key] = value
        return out

    try:
        return json.loads(text, object_pairs_hook=no_duplicates)
    except json.JSONDecodeError as exc:
        raise StateSyntaxError(
            f"JSON syntax error: {exc.msg}", line=exc.lineno, column=exc.colno, source=source
        ) from None
    except _DuplicateJsonKey as exc:
        raise StateSyntaxError(
            f"JSON error: duplicate key {exc.args[0]!r} in one object; each key may appear once", source=source
        ) from None


class _DuplicateJsonKey(Exception):
    pass


# -- validation --------------------------------------------------------------------------------


def _show(value: object) -> str:
    """A value as a message shows it: strings quoted, YAML scalars as YAML spells them."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, float):
        return repr(value)
    return repr(value)


def format_path(path: PathKey) -> str:
    """``("battlefield", 2, "counters", "+1/+1")`` → ``battlefield[2].counters.+1/+1``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def _listing(items: Iterable[str]) -> str:
    items = list(items)
    return ", ".join(items) if items else "none"


def _close(word: str, options: Iterable[str]) -> str | None:
    found = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return found[0] if found else None


class _Reader:
    """Validates parsed data into a :class:`GameState`, failing on the first problem."""

    def __init__(self, db: CardDatabase, source: str | None, marks: Mapping[PathKey, int]) -> None:
        self.base_db = db
        self.db = db
        self.source = source
        self.marks = marks
        self.player_ids: list[str] = []
        self.permanent_ids: list[str] = []

    # -- failing -----------------------------------------------------------------------

    def where(self, path: PathKey) -> str | None:
        probe = path
        line = None
        while True:
            line = self.marks.get(probe)
            if line is not None or not probe:
                break
            probe = probe[:-1]
        if self.source and line is not None:
            return f"{self.source}:{line}"
        if line is not None:
            return f"line {line}"
        return self.source

    def fail(self, path: PathKey, problem: str) -> NoReturn:
        raise InvalidStateError(format_path(path), problem, source=self.where(path))

    # -- generic checks ----------------------------------------------------------------

    def mapping(self, value: object, path: PathKey, what: str) -> Mapping[Any, Any]:
        if not isinstance(value, Mapping):
            self.fail(path, f"expected {what} (a mapping of key: value), got {_show(value)}")
        return value

    def sequence(self, value: object, path: PathKey, what: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(path, f"expected a list of {what}, got {_show(value)}")
        return value

    def keys(self, data: Mapping[Any, Any], allowed: Iterable[str], path: PathKey, what: str) -> None:
        allowed = list(allowed)
        for key in data:
            if key not in allowed:
                hints = [h for h in _KEY_SYNONYMS.get(str(key), "").split() if h in allowed]
                hint = hints[0] if hints else _close(str(key), allowed)
                suggestion = f"; did you mean '{hint}'?" if hint else ""
                self.fail(
                    path + (str(key),),
                    f"unknown key {str(key)!r}{suggestion} ({what} may have: {', '.join(allowed)})",
                )

    def integer(self, value: object, path: PathKey, *, minimum: int | None = None) -> int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok or (minimum is not None and value < minimum):  # type: ignore[operator]
            kind = {None: "an integer", 0: "a non-negative integer", 1: "a positive integer"}.get(
                minimum, f"an integer of at least {minimum}"
            )
            self.fail(path, f"expected {kind}, got {_show(value)}")
        return value  # type: ignore[return-value]

    def boolean(self, value: object, path: PathKey) -> bool:
        if not isinstance(value, bool):
            self.fail(path, f"expected true or false, got {_show(value)}")
        return value

    def string(self, value: object, path: PathKey, what: str) -> str:
        if isinstance(value, bool):
            self.fail(
                path,
                f"expected {what}, got {_show(value)} (YAML reads unquoted yes/no/on/off/true/false "
                "as true or false: put the name in quotes)",
            )
        if not isinstance(value, str) or not value.strip():
            self.fail(path, f"expected {what}, got {_show(value)}")
        return value.strip()

    def ident(self, value: object, path: PathKey, what: str) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return self.string(value, path, what)

    def player_ref(self, value: object, path: PathKey) -> str:
        ident = self.ident(value, path, "a player id")
        if ident not in self.player_ids:
            hint = _close(ident, self.player_ids)
            suggestion = f"; did you mean {hint!r}?" if hint else ""
            self.fail(path, f"{ident!r} is not a player (players: {_listing(self.player_ids)}){suggestion}")
        return ident

    def permanent_ref(self, value: object, path: PathKey, *, self_id: str | None = None) -> str:
        ident = self.ident(value, path, "a permanent id")
        if ident not in self.permanent_ids:
            hint = _close(ident, self.permanent_ids)
            suggestion = f"; did you mean {hint!r}?" if hint else ""
            extra = " (it names a player)" if ident in self.player_ids else ""
            self.fail(
                path,
                f"{ident!r} is not the id of a permanent{extra} (permanents: {_listing(self.permanent_ids)}){suggestion}",
            )
        if self_id is not None and ident == self_id:
            self.fail(path, f"{ident!r} refers to the permanent itself")
        return ident

    def card_ref(self, value: object, path: PathKey) -> str:
        name = self.string(value, path, "a card name")
        card = self.db.find(name)
        if card is None:
            raise UnknownCardInStateError(name, self.db.suggest(name), path=format_path(path), source=self.where(path))
        return card.name

    # -- the state ---------------------------------------------------------------------

    def state(self, data: object) -> GameState:
        if data is None:
            self.fail((), "the game state is empty; it needs at least 'players:' (the players in turn order)")
        top = self.mapping(data, (), "a game state")
        self.keys(top, _TOP_KEYS, (), "a game state")
        if "version" in top:
            version = self.integer(top["version"], ("version",))
            if version != FORMAT_VERSION:
                self.fail(("version",), f"this mtgasp reads game-state format version {FORMAT_VERSION}, not {version}")
        notes = None
        if top.get("notes") is not None:
            notes = self.string(top["notes"], ("notes",), "text")
        if "players" not in top:
            self.fail(("players",), "missing: a game state needs 'players:' (the players in turn order)")
        players = self.players(top["players"])
        active = players[0].id if top.get("active") is None else self.player_ref(top["active"], ("active",))
        step = self.step(top.get("step"))
        cards = self.cards(top.get("cards"))
        if cards:
            self.db = self.base_db.overlay(cards, source="state")
        battlefield = self.battlefield(top.get("battlefield"))
        mana_pool = self.mana_pool(top.get("mana_pool"))
        effects = self.effects(top.get("effects"))
        return GameState(
            players=players,
            active=active,
            step=step,
            battlefield=battlefield,
            mana_pool=mana_pool,
            effects=effects,
            cards=cards,
            notes=notes,
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
                id_path = at + ("id",)
            else:
                ident = self.ident(item, at, "a player id (a name such as 'alice') or a mapping {id, life}")
                life = 20
                id_path = at
            if ident in self.player_ids:
                self.fail(id_path, f"duplicate player id {ident!r} (also players[{self.player_ids.index(ident)}])")
            self.player_ids.append(ident)
            players.append(Player(ident, life))
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

    def battlefield(self, value: object) -> tuple[Permanent, ...]:
        if value is None:
            return ()
        path: PathKey = ("battlefield",)
        items = self.sequence(value, path, "permanents")
        # First pass: every id, so references may point forward.
        for i, item in enumerate(items):
            at = path + (i,)
            entry = self.mapping(item, at, "a permanent {id, card, controller, ...}")
            if "id" not in entry:
                self.fail(at + ("id",), "missing: each permanent needs an id (a short name such as 'elf')")
            ident = self.ident(entry["id"], at + ("id",), "a permanent id (a short name such as 'elf')")
            if ident in self.permanent_ids:
                self.fail(
                    at + ("id",), f"duplicate id {ident!r} (also battlefield[{self.permanent_ids.index(ident)}].id)"
                )
            if ident in self.player_ids:
                self.fail(at + ("id",), f"{ident!r} is already a player id; permanents and players need different ids")
            self.permanent_ids.append(ident)
        return tuple(self.permanent(item, path + (i,)) for i, item in enumerate(items))

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
        for key in ("tapped", "sick", "token"):
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

    def counters(self, value: object, path: PathKey) -> FrozenDict[str, int]:
        if value is None:
            return FrozenDict()
        data = self.mapping(value, path, "counters by kind, e.g. {+1/+1: 2, charge: 1}")
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

    def mana_pool(self, value: object) -> FrozenDict[str, FrozenDict[str, int]]:
        if value is None:
            return FrozenDict()
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
                text = str(symbol).strip("{}").upper() if isinstance(symbol, str) else ""
                if text not in MANA_TYPES:
                    self.fail(sub, f"expected a mana type W, U, B, R, G or C, got {_show(symbol)}")
                if text in out:
                    self.fail(sub, f"mana type {text} is given twice")
                out[text] = self.integer(amount, sub, minimum=0)
            pools[ident] = FrozenDict(out)
        return FrozenDict(pools)

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
        change = self.change(kind, entry, at, EFFECT_KINDS)
        return Effect(object=obj, change=change, until=until, timestamp=timestamp, source=source)

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


# ---------------------------------------------------------------------------------------------
# Facts
# ---------------------------------------------------------------------------------------------

_F = clingo.Function
_S = clingo.String
_N = clingo.Number


def _c(name: str) -> clingo.Symbol:
    return _F(name, [])


def _player(ident: str) -> clingo.Symbol:
    return _F("player", [_S(ident)])


def _obj(ident: str) -> clingo.Symbol:
    return _F("obj", [_S(ident)])


def _card(name: str) -> clingo.Symbol:
    return _F("card", [_S(name)])


def _change_term(change: Change, cards: CardDatabase) -> clingo.Symbol:
    kind = change.kind
    if kind == "copy":
        return _F("copy", [_card(cards.get(change.of or "").name)])
    if kind in ("set_base_pt", "modify_pt"):
        return _F(kind, [_N(change.power or 0), _N(change.toughness or 0)])
    if kind == "lose_all_abilities":
        return _c(kind)
    if kind == "gain_ability":
        ability = _F("ab", [_card(cards.get(change.card or "").name), _N(change.ability or 1)])
        return _F(kind, [ability])
    if kind == "add_type":
        return _F(kind, [_c(change.type or "")])
    if kind == "add_subtype":
        return _F(kind, [_S(change.subtype or "")])
    raise ValueError(f"unknown effect kind {kind!r}")


def _choice_value(key: str, value: int | str, cards: CardDatabase) -> clingo.Symbol:
    if key == "number":
        return _N(int(value))
    text = str(value)
    if key == "color":
        return _c(COLORS[text])
    if key == "mana_type":
        return _c(MANA_TYPES[text])
    if key == "card_type":
        return _c(text)
    if key == "player":
        return _player(text)
    if key == "card_name":
        return _card(cards.get(text).name)
    return _S(text)


def _state_facts(state: GameState, cards: CardDatabase) -> Iterator[clingo.Symbol]:
    for i, p in enumerate(state.players, start=1):
        yield _F("player", [_player(p.id)])
        yield _F("turn_position", [_player(p.id), _N(i)])
        yield _F("life", [_player(p.id), _N(p.life)])
    yield _F("active_player", [_player(state.active)])
    yield _F("step", [_c(state.step)])
    ranks = state.timestamp_order()
    for index, perm in enumerate(state.battlefield):
        o = _obj(perm.id)
        card = cards.find(perm.card)
        if card is None:
            raise UnknownCardInStateError(perm.card, cards.suggest(perm.card), path=f"battlefield[{index}].card")
        yield _F("permanent", [o])
        yield _F("card_of", [o, _card(card.name)])
        yield _F("controller", [o, _player(perm.controller)])
        yield _F("owner", [o, _player(perm.owner)])
        if perm.tapped:
            yield _F("tapped", [o])
        if perm.sick:
            yield _F("summoning_sick", [o])
        if perm.token:
            yield _F("token", [o])
        for kind, amount in perm.counters.items():
            if amount > 0:
                yield _F("counter", [o, _S(kind), _N(amount)])
        if perm.damage > 0:
            yield _F("damage", [o, _N(perm.damage)])
        if perm.attached_to is not None:
            yield _F("attached_to", [o, _obj(perm.attached_to)])
        if perm.attacking is not None:
            target = _player(perm.attacking) if perm.attacking in state.player_ids else _obj(perm.attacking)
            yield _F("attacking", [o, target])
        for attacker in perm.blocking:
            yield _F("blocking", [o, _obj(attacker)])
        if perm.protector is not None:
            yield _F("protector", [o, _player(perm.protector)])
        for key, value in perm.chosen.items():
            yield _F("chosen", [o, _c(key), _choice_value(key, value, cards)])
        yield _F("timestamp", [o, _N(ranks[("permanent", perm.id)])])
    for player, pool in state.mana_pool.items():
        for symbol, amount in pool.items():
            if amount > 0:
                yield _F("mana_pool", [_player(player), _c(MANA_TYPES[symbol]), _N(amount)])
    for i, eff in enumerate(state.effects, start=1):
        e = _F("eff", [_N(i)])
        yield _F("resolved_effect", [e, _obj(eff.object), _change_term(eff.change, cards)])
        for exception in eff.change.exceptions:
            yield _F("resolved_effect_except", [e, _change_term(exception, cards)])
        yield _F("resolved_effect_timestamp", [e, _N(ranks[("effect", i)])])
        if eff.until is not None:
            yield _F("resolved_effect_until", [e, _c(eff.until)])
        if eff.source is not None:
            yield _F("resolved_effect_source", [e, _obj(eff.source)])


# ---------------------------------------------------------------------------------------------
# Saving
# ---------------------------------------------------------------------------------------------


def _change_to_dict(change: Change) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": change.kind}
    for key in EFFECT_KINDS[change.kind]:
        if key == "except":
            if change.exceptions:
                out["except"] = [_change_to_dict(c) for c in change.exceptions]
        else:
            out[key] = getattr(change, key)
    return out


def _state_to_dict(state: GameState) -> dict[str, Any]:
    out: dict[str, Any] = {"version": FORMAT_VERSION}
    if state.notes:
        out["notes"] = state.notes
    out["players"] = [p.id if p.life == 20 else {"id": p.id, "life": p.life} for p in state.players]
    out["active"] = state.active
    out["step"] = state.step
    if state.battlefield:
        entries = []
        for perm in state.battlefield:
            entry: dict[str, Any] = {"id": perm.id, "card": perm.card, "controller": perm.controller}
            if perm.owner != perm.controller:
                entry["owner"] = perm.owner
            for key in ("tapped", "sick", "token"):
                if getattr(perm, key):
                    entry[key] = True
            if perm.counters:
                entry["counters"] = dict(perm.counters)
            if perm.damage:
                entry["damage"] = perm.damage
            if perm.attached_to is not None:
                entry["attached_to"] = perm.attached_to
            if perm.attacking is not None:
                entry["attacking"] = perm.attacking
            if perm.blocking:
                entry["blocking"] = perm.blocking[0] if len(perm.blocking) == 1 else list(perm.blocking)
            if perm.protector is not None:
                entry["protector"] = perm.protector
            if perm.chosen:
                entry["chosen"] = dict(perm.chosen)
            if perm.timestamp:
                entry["timestamp"] = perm.timestamp
            entries.append(entry)
        out["battlefield"] = entries
    pools = {p: dict(pool) for p, pool in state.mana_pool.items() if pool}
    if pools:
        out["mana_pool"] = pools
    if state.effects:
        effects = []
        for eff in state.effects:
            entry = _change_to_dict(eff.change)
            entry = {"kind": entry.pop("kind"), "object": eff.object, **entry}
            if eff.until is not None:
                entry["until"] = eff.until
            if eff.timestamp:
                entry["timestamp"] = eff.timestamp
            if eff.source is not None:
                entry["source"] = eff.source
            effects.append(entry)
        out["effects"] = effects
    if state.cards:
        out["cards"] = [card.to_record() for card in state.cards]
    return out


class _Dumper(yaml.SafeDumper):
    """Writes multi-line strings as ``|`` blocks and small leaf mappings in flow style."""


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


def _represent_dict(dumper: yaml.SafeDumper, data: Mapping[Any, Any]) -> yaml.Node:
    flat = all(not isinstance(v, (Mapping, list)) or _is_small(v) for v in data.values())
    short = not any(isinstance(v, str) and "\n" in v for v in data.values())
    node = dumper.represent_mapping("tag:yaml.org,2002:map", data.items())
    node.flow_style = flat and short and len(data) <= 12 and "oracle_text" not in data
    return node


def _is_small(value: object) -> bool:
    if isinstance(value, Mapping):
        return all(not isinstance(v, (Mapping, list)) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, (Mapping, list)) for v in value)
    return True


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    node = dumper.represent_sequence("tag:yaml.org,2002:seq", data)
    node.flow_style = all(not isinstance(v, (Mapping, list)) for v in data) or all(
        isinstance(v, Mapping) and len(v) <= 2 and _is_small(v) for v in data
    )
    return node


_Dumper.add_representer(str, _represent_str)
_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(dict, _represent_dict)


def dumps_state(state: GameState, *, format: str = "yaml") -> str:
    """The state as YAML or JSON text in the file schema (see :meth:`GameState.to_dict`)."""
    data = state.to_dict()
    if format == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if format == "yaml":
        text: str = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
        return text
    raise ValueError(f"format must be 'yaml' or 'json', not {format!r}")


def dump_state(state: GameState, path: str | Path, *, format: str | None = None) -> None:
    """Save the state as a new game-state file (JSON for ``.json``, else YAML)."""
    path = Path(path)
    fmt = format or ("json" if path.suffix.lower() == ".json" else "yaml")
    path.write_text(dumps_state(state, format=fmt), encoding="utf-8")
