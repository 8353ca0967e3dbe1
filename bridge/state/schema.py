"""The schema of game-state files, defined once as pydantic models: the form of every field
(types, ranges, required and allowed keys, closed vocabularies) and its meaning (the attribute
docstrings, which become the descriptions of the JSON Schema, ``mtgasp schema``).

What the schema cannot see — ids unique across zones, references to players and objects, card
names known to the card database — is checked when the validated file becomes a
:class:`~mtgasp.state.GameState` (:mod:`.resolve`).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal, Union

from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    Tag,
    WithJsonSchema,
    field_validator,
)

from .fields import (
    MAX_NAME_LENGTH,
    Bool,
    Choice,
    Ident,
    Int,
    List,
    Mapping_,
    Quantity,
    Text,
    check_ident,
    check_mapping,
    check_text,
    fail,
)
from .fields import bad_character as _bad_character
from .messages import close, show
from .schema_base import Entry
from .schema_zones import (
    CardEntry,
    DelayedTriggerEntry,
    Hand,
    LastKnownEntry,
    Library,
    PendingTriggerEntry,
    RestrictedManaEntry,
    StackEntry,
    TurnMemory,
    zone_by_player,
)
from .vocab import (
    _COLOR_BY_LETTER,
    BASIC_LAND_TYPES,
    CARD_TYPES,
    CHOICE_KEYS,
    COLORS,
    DURATIONS,
    EFFECT_KINDS,
    EXCEPTION_KINDS,
    SUPERTYPES,
    MANA_TYPES,
    READ_VERSIONS,
    STEP_ALIASES,
    STEPS,
)

PlayerId = Ident("a player id")
PermanentId = Ident("a permanent id")
CardName = Text("a card name", MAX_NAME_LENGTH)


# -- players ---------------------------------------------------------------------------------


def _counter_kinds(value: object, what: str) -> object:
    data = check_mapping(value, what)
    seen: set[str] = set()
    for kind in data:
        name = check_text(kind, "a counter kind such as '+1/+1' or 'charge'").lower() if isinstance(kind, str) else None
        if name is None:
            fail(f"expected a counter kind such as '+1/+1' or 'charge', got {show(kind)}", str(kind))
        if name.endswith((" counters", " counter")):
            fail(f"write the kind without the word 'counter': {name.rsplit(' ', 1)[0]!r}", str(kind))
        if name in seen:
            fail(f"counter kind {name!r} is given twice", str(kind))
        seen.add(name)
    return {str(kind).strip().lower(): amount for kind, amount in data.items()}


def Counters(what: str) -> Any:  # noqa: N802 - a type factory
    return Annotated[dict[str, Quantity], BeforeValidator(lambda v: _counter_kinds(v, what))]


class PlayerEntry(Entry):
    """A player: an id, or a mapping with the id and more."""

    label: ClassVar[str] = "a player"
    shape: ClassVar[str] = "a player {id, life, ...}"
    required: ClassVar[dict[str, str]] = {"id": "missing: each player needs an id"}

    id: Ident("a player id (a name such as 'alice')")
    """The player's id, unique; facts name the player ``player("alice")``."""
    life: Int() = 20
    """Life total (CR 119); 0 or less: the state-based action is pending."""
    counters: Counters("player counters by kind, e.g. {poison: 2}") = {}
    """Player counters by kind (CR 122.1): ``{poison: 3}``."""
    drew_from_empty: Bool = False
    """Attempted to draw from an empty library since state-based actions were last checked (CR 704.5b)."""
    lost: Bool = False
    """Lost the game (CR 104.3)."""

    @classmethod
    def prepare(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return data
        return {"id": check_ident(data, "a player id (a name such as 'alice') or a mapping {id, life}")}


# -- permanents --------------------------------------------------------------------------------


def _color(text: str) -> str | None:
    word = _COLOR_BY_LETTER.get(text.upper(), text.lower())
    return word if word in COLORS else None


def _basic_land_type(text: str) -> str | None:
    return next((land for land in BASIC_LAND_TYPES if land.lower() == text.lower()), None)


def _mana_symbol(text: str) -> str | None:
    return text.upper() if text.upper() in MANA_TYPES else None


def _card_type(text: str) -> str | None:
    return text.lower() if text.lower() in CARD_TYPES else None


class Chosen(Entry):
    """Choices made for a permanent as it entered, "choose a color" and the like (CR 607.2d)."""

    label: ClassVar[str] = "chosen"
    shape: ClassVar[str] = "choices by kind, e.g. {color: green}"

    color: Choice(CHOICE_KEYS["color"], _color, tuple(COLORS)) | None = None
    mana_type: Choice(CHOICE_KEYS["mana_type"], _mana_symbol, tuple(MANA_TYPES)) | None = None
    creature_type: Text(CHOICE_KEYS["creature_type"]) | None = None
    basic_land_type: Choice(CHOICE_KEYS["basic_land_type"], _basic_land_type, BASIC_LAND_TYPES) | None = None
    card_type: Choice(CHOICE_KEYS["card_type"], _card_type, CARD_TYPES) | None = None
    player: PlayerId | None = None
    card_name: CardName | None = None
    number: Int() | None = None

    @classmethod
    def prepare(cls, data: Any) -> Any:
        for key in check_mapping(data, cls.shape):
            if key not in CHOICE_KEYS:
                hint = close(str(key), CHOICE_KEYS)
                suggestion = f"; did you mean '{hint}'?" if hint else ""
                fail(f"unknown choice {str(key)[:60]!r}{suggestion} (choices: {', '.join(CHOICE_KEYS)})", str(key))
        return data


def _blocking(value: object) -> object:
    return value if isinstance(value, list) else [value]


class PermanentEntry(Entry):
    """A permanent on the battlefield (CR 110)."""

    label: ClassVar[str] = "a permanent"
    shape: ClassVar[str] = "a permanent {id, card, controller, ...}"
    required: ClassVar[dict[str, str]] = {
        "id": "missing: each permanent needs an id (a short name such as 'elf')",
        "card": "missing: permanent {id} needs 'card'",
        "controller": "missing: permanent {id} needs 'controller'",
    }

    id: Ident("a permanent id (a short name such as 'elf')")
    """Unique among the objects of the state and different from every player id."""
    card: CardName
    """The card it is (a token: the card it copies or a definition in ``cards:``)."""
    controller: PlayerId
    """Its controller (CR 110.2)."""
    owner: PlayerId | None = None
    """Its owner (CR 108.3); default: the controller."""
    tapped: Bool = False
    """Tapped (CR 110.5)."""
    sick: Bool = False
    """Not under its controller's control continuously since their most recent turn began (CR 302.6)."""
    token: Bool = False
    """A token (CR 111)."""
    counters: Counters("counters by kind, e.g. {+1/+1: 2, charge: 1}") = {}
    """Counters by kind (CR 122), kinds as Oracle text names them: ``{+1/+1: 2}``."""
    damage: Quantity = 0
    """Damage marked on it this turn (CR 120.6)."""
    attached_to: PermanentId | None = None
    """The permanent it is attached to (CR 301.5, 303.4)."""
    attacking: Ident("a player id, or the id of a planeswalker or battle") | None = None
    """What it attacks: a player, a planeswalker or a battle (CR 506.3)."""
    blocking: Annotated[
        List(PermanentId, "permanent ids"), BeforeValidator(_blocking, json_schema_input_type=Union[str, list[str]])
    ] = []
    """The attacking creature(s) it blocks (CR 509)."""
    protector: PlayerId | None = None
    """A battle's protector (CR 310.8)."""
    chosen: Chosen | None = None
    """Choices made for it as it entered (CR 607.2d)."""
    timestamp: Int() = 0
    """Orders it among permanents and effects (CR 613.7)."""
    damaged_by_deathtouch: Bool = False
    """Dealt damage by a source with deathtouch since state-based actions were last checked (CR 704.5h)."""
    blocked: Bool = False
    """An attacking creature that became blocked (CR 509.1h), even if its blockers left combat."""
    first_striker: Bool = False
    """It had first strike or double strike as the first of two combat damage steps began (CR 510.4)."""


# -- mana pools ------------------------------------------------------------------------------


class ManaPool(Entry):
    """Unspent mana in one player's pool (CR 106.4): type → amount, and restricted mana."""

    label: ClassVar[str] = "a mana pool"
    shape: ClassVar[str] = "mana by type, e.g. {G: 2, C: 1}"

    W: Quantity | None = None
    U: Quantity | None = None
    B: Quantity | None = None
    R: Quantity | None = None
    G: Quantity | None = None
    C: Quantity | None = None
    restricted: List(RestrictedManaEntry, "restricted mana {mana, amount, spend_only}") = []
    """Mana that can be spent only as its restriction says (CR 106.6)."""

    @classmethod
    def prepare(cls, data: Any) -> Any:
        out: dict[str, Any] = {}
        for key, amount in check_mapping(data, cls.shape).items():
            symbol = key.strip("{}").upper() if isinstance(key, str) else ""
            if key == "restricted":
                symbol = key
            elif symbol not in MANA_TYPES:
                fail(f"expected a mana type W, U, B, R, G or C, got {show(key)}", str(key))
            if symbol in out:
                fail(f"mana type {symbol} is given twice", str(key))
            out[symbol] = amount
        return out


# -- effects ---------------------------------------------------------------------------------

_FIELD_HELP = {
    "of": "'of' (the name of the card it copies)",
    "power": "'power' (an integer)",
    "toughness": "'toughness' (an integer)",
    "card": "'card' (the card whose ability is gained)",
    "ability": "'ability' (which ability of that card, 1 for the first)",
    "type": "'type' (a card type)",
    "subtype": "'subtype' (e.g. 'Elf')",
    "keyword": "'keyword' (a keyword ability such as 'flying')",
    "player": "'player' (the id of the player who gains control)",
    "name": "'name' (the name it has)",
    "supertype": "'supertype' (" + ", ".join(SUPERTYPES) + ")",
}


def _needs(kind: str, fields: tuple[str, ...]) -> dict[str, str]:
    return {key: f"missing: a {kind} effect needs {_FIELD_HELP[key]}" for key in fields if key != "except"}


def _duration(text: str) -> str:
    if text not in DURATIONS:
        hint = close(text, DURATIONS)
        suggestion = f"did you mean '{hint}'? " if hint else ""
        fail(
            f"unknown duration {show(text)}; {suggestion}expected {' or '.join(DURATIONS)} "
            "(leave 'until' out for an effect that lasts indefinitely)"
        )
    return text


Duration = Annotated[
    Literal["end_of_turn", "end_of_combat"], BeforeValidator(lambda v: _duration(check_text(v, "a duration")))
]
CardType = Choice(f"a card type ({', '.join(CARD_TYPES)})", _card_type, CARD_TYPES)
Supertype = Choice(f"a supertype ({', '.join(SUPERTYPES)})",
                   lambda t: t.lower() if t.lower() in SUPERTYPES else None, SUPERTYPES)


class _SetBasePT(Entry):
    power: Quantity
    """Base power it sets (layer 7b, CR 613.4b)."""
    toughness: Quantity
    """Base toughness it sets."""


class _ModifyPT(Entry):
    power: Int()
    """Power it adds (layer 7c, CR 613.4c)."""
    toughness: Int()
    """Toughness it adds."""


class _GainAbility(Entry):
    card: CardName
    """The card whose ability is gained (layer 6)."""
    ability: Int(1)
    """Which ability of that card, 1 for the first in text order."""


class _AddType(Entry):
    type: CardType
    """A card type it becomes in addition to its others (layer 4)."""


class _AddSubtype(Entry):
    subtype: Text("a subtype such as 'Elf'")
    """A subtype it gains (layer 4)."""


class _GainKeyword(Entry):
    keyword: Text("a keyword ability such as 'flying'")
    """A keyword ability without parameters it gains (layer 6), e.g. 'flying'."""


class _SetName(Entry):
    name: CardName
    """The name the copy has instead of the copied one (CR 707.9b), e.g. 'Sakashima the Impostor'."""


class _Supertype(Entry):
    supertype: Supertype
    """A supertype the copy has, or has not, in addition to or instead of the copied ones (CR 707.9b)."""


class _GainControl(Entry):
    player: PlayerId
    """The player who gains control of it (layer 2, CR 613.1b)."""


def _kind_check(kinds: dict[str, Any], what: str, missing: str) -> Any:
    def check(value: object) -> object:
        entry = check_mapping(value, f"an {what} {{kind, ...}}" if what == "exception" else f"an {what} {{kind, object, ...}}")
        if entry.get("kind") is None:
            fail(f"missing: {missing} ({', '.join(kinds)})", "kind")
        name = {"effect": "effect", "exception": "copy exception"}[what]
        kind = check_text(entry["kind"], f"the kind of {name}")
        if kind not in kinds:
            hint = close(kind, kinds)
            suggestion = f"did you mean '{hint}'? " if hint else ""
            fail(f"unknown {name} kind {show(kind)}; {suggestion}{name} kinds are: {', '.join(kinds)}", "kind")
        return {**entry, "kind": kind}

    return check


class _ExceptionCommon(Entry):
    kind: str
    """What the exception changes."""


def _exception_model(kind: str, base: type[Entry]) -> type[Entry]:
    fields = EXCEPTION_KINDS[kind]
    return type(
        f"Except_{kind}",
        (base, _ExceptionCommon),
        {
            "__annotations__": {"kind": Literal[kind]},  # type: ignore[valid-type]
            "__doc__": f"An exception of kind {kind} to a copy effect's copied values (CR 707.9).",
            "label": f"a {kind} exception",
            "shape": "an exception {kind, ...}",
            "required": _needs(kind, fields),
        },
    )


_BASES: dict[str, type[Entry]] = {
    "set_base_pt": _SetBasePT,
    "modify_pt": _ModifyPT,
    "gain_ability": _GainAbility,
    "add_type": _AddType,
    "add_subtype": _AddSubtype,
    "gain_keyword": _GainKeyword,
    "gain_control": _GainControl,
    "set_name": _SetName,
    "add_supertype": _Supertype,
    "remove_supertype": _Supertype,
}
_EXCEPTIONS = {kind: _exception_model(kind, _BASES[kind]) for kind in EXCEPTION_KINDS}

ExceptionEntry = Annotated[
    Union[tuple(Annotated[model, Tag(kind)] for kind, model in _EXCEPTIONS.items())],  # type: ignore[misc]
    Discriminator(lambda v: v.get("kind") if isinstance(v, dict) else getattr(v, "kind", None)),
    BeforeValidator(_kind_check(dict(EXCEPTION_KINDS), "exception", "each exception needs a kind")),
]


# The last known values of a trigger (schema_zones) list exceptions, defined here.
for _model in (LastKnownEntry, StackEntry, PendingTriggerEntry):
    _model.model_rebuild(_types_namespace={"ExceptionEntry": ExceptionEntry, "LastKnownEntry": LastKnownEntry})


class _EffectCommon(Entry):
    kind: str
    """What it does."""
    object: PermanentId
    """The permanent it applies to."""
    until: Duration | None = None
    """Its duration (CR 611.2a); left out: it lasts indefinitely."""
    timestamp: Int() = 0
    """Its timestamp (CR 613.7b)."""
    source: Ident("an object id") | None = None
    """The object that created it (CR 611.2: the spell, or the permanent whose ability it was), if it is in the state."""
    controller: PlayerId | None = None
    """Who controlled the spell or ability that created it (CR 611.2)."""


class _Copy(_EffectCommon):
    of: CardName
    """The card whose copiable values it copies (CR 707.2)."""
    except_: List(ExceptionEntry, "exceptions, e.g. [{kind: gain_ability, card: ..., ability: 1}]") = Field(
        default=[], alias="except"
    )
    """Exceptions written into the copy effect (CR 707.9)."""


class _LoseAll(_EffectCommon):
    pass


def _effect_model(kind: str) -> type[Entry]:
    mixin = {"copy": _Copy, "lose_all_abilities": _LoseAll}.get(kind)
    bases = (mixin,) if mixin is not None else (_BASES[kind], _EffectCommon)
    return type(
        f"Effect_{kind}",
        bases,
        {
            "__annotations__": {"kind": Literal[kind]},  # type: ignore[valid-type]
            "__doc__": f"A continuous effect of kind {kind} from a resolved spell or ability (CR 611.2).",
            "label": f"a {kind} effect",
            "shape": "an effect {kind, object, ...}",
            "required": {
                "object": "missing: the id of the permanent the {kind} effect applies to",
                **_needs(kind, EFFECT_KINDS[kind]),
            },
        },
    )


_EFFECTS = {kind: _effect_model(kind) for kind in EFFECT_KINDS}

EffectEntry = Annotated[
    Union[tuple(Annotated[model, Tag(kind)] for kind, model in _EFFECTS.items())],  # type: ignore[misc]
    Discriminator(lambda v: v.get("kind") if isinstance(v, dict) else getattr(v, "kind", None)),
    BeforeValidator(_kind_check(dict(EFFECT_KINDS), "effect", "each effect needs a kind")),
]

#: Names a pydantic error path may carry that are not keys of the document (union members).
UNION_TAGS = frozenset(EFFECT_KINDS) | frozenset(EXCEPTION_KINDS)


# -- cards -----------------------------------------------------------------------------------


def _card_value(value: object) -> object:
    """Text of a card definition: no control characters (the card's own checks come later)."""
    if isinstance(value, str):
        why = _bad_character(value)
        if why is not None:
            fail(f"expected {why}, got {show(value)}")
    return value


def _card_field(schema: dict[str, Any]) -> Any:
    return Annotated[Any, BeforeValidator(_card_value), WithJsonSchema(schema)]


_NUMBER = {"anyOf": [{"type": "integer"}, {"type": "string"}]}


class CardDefinition(Entry):
    """A card the card database doesn't have, or replaces (docs/cards.md, card records)."""

    label: ClassVar[str] = "a card definition"
    shape: ClassVar[str] = "a card definition {name, type_line, oracle_text, ...}"
    required: ClassVar[dict[str, str]] = {
        "name": "missing: a card definition needs 'name'",
        "type_line": "missing: a card definition needs 'type_line'",
    }

    name: _card_field({"type": "string"})
    """The card name; unique within ``cards``."""
    mana_cost: _card_field({"type": "string"}) = None
    """The mana cost in braces, ``{1}{G}``."""
    type_line: _card_field({"type": "string"})
    """``Creature — Elf Druid`` (a hyphen between spaces is read as the em dash)."""
    oracle_text: _card_field({"type": "string"}) = None
    """The rules text; abilities on separate lines."""
    power: _card_field(_NUMBER) = None
    toughness: _card_field(_NUMBER) = None
    loyalty: _card_field(_NUMBER) = None
    defense: _card_field(_NUMBER) = None
    color_indicator: _card_field({"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}) = None
    """A color indicator (CR 204): ``[G, U]`` or ``green``."""


# -- the state -------------------------------------------------------------------------------


def _step(value: object) -> str:
    text = check_text(value, "a step name")
    key = text.lower().replace("-", "_").replace(" ", "_")
    for suffix in ("_step", "_phase"):
        if key.endswith(suffix) and key[: -len(suffix)]:
            key = key[: -len(suffix)]
    key = STEP_ALIASES.get(key, key)
    if key not in STEPS:
        hint = close(key, STEPS)
        suggestion = f"did you mean '{hint}'? " if hint else ""
        fail(f"unknown step {show(text)}; {suggestion}steps are: {', '.join(STEPS)}")
    return key


def _version(value: object) -> object:
    from .fields import check_int

    version = check_int(value)
    if version not in READ_VERSIONS:
        fail(f"this mtgasp reads game-state format versions {' and '.join(map(str, READ_VERSIONS))}, not {version}")
    return version


class StateFile(Entry):
    """A game-state file: one moment of a game (docs/state-format.md)."""

    label: ClassVar[str] = "a game state"
    shape: ClassVar[str] = "a game state"
    required: ClassVar[dict[str, str]] = {
        "players": "missing: a game state needs 'players:' (the players in turn order)"
    }

    version: Annotated[Literal[1, 2], BeforeValidator(_version, json_schema_input_type=int)] = 2
    """The format version: this mtgasp reads 1 and 2 and writes 2."""
    notes: Text("text") | None = None
    """Free text for the reader; no effect on the game."""
    players: List(PlayerEntry, "players (ids, or mappings with id and life)")
    """The players in turn order (CR 101.4, 102)."""
    turn: Int(1) | None = None
    """The turn number (CR 500.1)."""
    active: PlayerId | None = None
    """The active player (CR 102.1); default: the first player."""
    step: Annotated[Literal[STEPS], BeforeValidator(_step, json_schema_input_type=Literal[STEPS])] = "precombat_main"  # type: ignore[valid-type]
    """The current step or main phase (CR 500)."""
    priority: PlayerId | None = None
    """Who holds priority (CR 117); default: the active player."""
    passed: List(PlayerId, "player ids") = []
    """Players who passed priority in succession with nothing happening since (CR 117.4)."""
    combat_damage_step: Literal["first"] | None = None
    """``first`` during the first of two combat damage steps (first strike, double strike: CR 510.4)."""
    battlefield: List(PermanentEntry, "permanents") = []
    """The permanents (CR 110)."""
    stack: List(StackEntry, "spells and abilities, top first") = []
    """Spells and abilities on the stack, top first (CR 405)."""
    hand: zone_by_player(Hand, "hands") = {}
    """Each player's hand (CR 402): a list of its cards, or ``{size, cards}``."""
    library: zone_by_player(Library, "libraries") = {}
    """Each player's library (CR 401): ``{size, top}``, or a list of its cards, top first."""
    graveyard: zone_by_player(List(CardEntry, "cards, top first"), "graveyards") = {}
    """Each player's graveyard (CR 404)."""
    exile: List(CardEntry, "cards") = []
    """The exile zone (CR 406)."""
    command: List(CardEntry, "cards") = []
    """The command zone (CR 408)."""
    mana_pool: Mapping_(PlayerId, ManaPool, "mana by player, e.g. {alice: {G: 2}}") = {}
    """Unspent mana by player (CR 106.4)."""
    effects: List(EffectEntry, "effects") = []
    """Continuous effects of resolved spells and abilities (CR 611.2)."""
    delayed_triggers: List(DelayedTriggerEntry, "delayed triggers {when, what, controller}") = []
    """Delayed triggered abilities (CR 603.7)."""
    pending_triggers: List(PendingTriggerEntry, "pending triggers {card, ability, source, controller}") = []
    """Triggered abilities waiting to be put on the stack (CR 603.3)."""
    turn_memory: TurnMemory | None = None
    """What this turn remembers."""
    cards: List(CardDefinition, "card definitions") = []
    """Cards the card database doesn't have, or replaces."""

    @field_validator("players")
    @classmethod
    def _some_players(cls, players: list[PlayerEntry]) -> list[PlayerEntry]:
        if not players:
            fail("expected at least one player")
        return players
