"""The state schema, version-2 parts: objects outside the battlefield (cards in hands, libraries,
graveyards, exile and the command zone; spells and abilities on the stack), restricted mana,
delayed and pending triggers, and what the turn remembers (docs/state-format.md)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

import clingo
from pydantic import BeforeValidator, Field, model_validator

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
    check_text,
    fail,
)
from .messages import show
from .schema_base import Entry
from .vocab import MANA_TYPES, STEPS

#: The longest ASP term a state file may write (``spend_only``, ``when``, ``what``).
MAX_TERM_LENGTH = 1000


def check_term(value: object, what: str) -> str:
    """An ASP term written as text (``at(end)``), checked by clingo's term parser."""
    text = check_text(value, what)
    if len(text) > MAX_TERM_LENGTH:
        fail(f"expected {what} of at most {MAX_TERM_LENGTH} characters, got {len(text)}")
    try:
        return str(clingo.parse_term(text))
    except (RuntimeError, ValueError):
        fail(f"expected {what}, got {show(text)} (not an ASP term)")


def Term(what: str) -> Any:  # noqa: N802 - a type factory
    return Annotated[str, BeforeValidator(lambda v: check_term(v, what))]


def _mana_symbol(text: str) -> str | None:
    symbol = text.strip("{}").upper()
    return symbol if symbol in MANA_TYPES else None


ManaSymbol = Choice("a mana type W, U, B, R, G or C", _mana_symbol, tuple(MANA_TYPES))
PlayerId = Ident("a player id")
ObjectId = Ident("an object id")


class CardEntry(Entry):
    """A card (or a token) in a hand, a library, a graveyard, exile or the command zone."""

    label: ClassVar[str] = "a card in a zone"
    shape: ClassVar[str] = "an object {id, card, ...}"
    required: ClassVar[dict[str, str]] = {
        "id": "missing: each card needs an id (a short name such as 'elf')",
        "card": "missing: card {id} needs 'card' (the card it is)",
    }

    id: Ident("a card id (a short name such as 'elf')")
    """Unique among the objects of the state and different from every player id."""
    card: Text("a card name", MAX_NAME_LENGTH)
    """The card it is (an emblem or a token: a definition in ``cards:``)."""
    owner: PlayerId | None = None
    """Its owner (CR 108.3); default: the player whose hand, library or graveyard it is in.
    Required in exile and the command zone."""
    token: Bool = False
    """A token (CR 111)."""


class Hand(Entry):
    """A hand: how many cards it holds and the known ones (CR 402)."""

    label: ClassVar[str] = "a hand"
    shape: ClassVar[str] = "a hand {size, cards} or a list of its cards"
    required: ClassVar[dict[str, str]] = {
        "size": "missing: a hand given as a mapping needs 'size' (how many cards it holds)"
    }

    size: Quantity
    """How many cards it holds, known or not."""
    cards: List(CardEntry, "cards") = []
    """The known cards."""

    @classmethod
    def prepare(cls, data: Any) -> Any:
        return {"size": len(data), "cards": data} if isinstance(data, list) else data


class Library(Entry):
    """A library: how many cards it holds and the known ones from the top (CR 401)."""

    label: ClassVar[str] = "a library"
    shape: ClassVar[str] = "a library {size, top} or a list of its cards"
    required: ClassVar[dict[str, str]] = {
        "size": "missing: a library given as a mapping needs 'size' (how many cards it holds)"
    }

    size: Quantity
    """How many cards it holds, known or not."""
    top: List(CardEntry, "cards, top first") = []
    """The known cards from the top down (position 1 is the top)."""

    @classmethod
    def prepare(cls, data: Any) -> Any:
        return {"size": len(data), "top": data} if isinstance(data, list) else data


class LastKnownEntry(Entry):
    """What a triggered ability remembers of the object whose event triggered it, as it last
    existed (CR 603.10a, 608.2h): its copiable values (CR 707.2) and their exceptions (CR 707.9b)."""

    label: ClassVar[str] = "last known values"
    shape: ClassVar[str] = "last known values {of, except}"
    required: ClassVar[dict[str, str]] = {"of": "missing: last known values need 'of' (the card whose copiable values it had)"}

    of: Text("a card name", MAX_NAME_LENGTH)
    """The card whose copiable values the object had (itself, or what it was a copy of)."""
    except_: List(ExceptionEntry, "exceptions, e.g. [{kind: remove_supertype, supertype: legendary}]") = Field(  # noqa: F821
        default=[], alias="except"
    )
    """The exceptions of the copy effect that gave them (CR 707.9b)."""


class _Remembers(Entry):
    """What a triggered ability remembers of its trigger event (CR 603.10a)."""

    died: ObjectId | None = None
    """The object whose dying triggered it ("whenever a creature dies", CR 603.6c, 700.4)."""
    last_known: LastKnownEntry | None = None
    """That object's copiable values as it last existed (CR 603.10a, 608.2h); needs 'died'."""

    @model_validator(mode="after")
    def _last_known_needs_died(self) -> _Remembers:
        if self.last_known is not None and self.died is None:
            fail("'last_known' describes the object that died: give 'died' too", "last_known")
        return self


class StackEntry(_Remembers):
    """A spell, or an activated or triggered ability, on the stack (CR 405, 112, 113)."""

    label: ClassVar[str] = "a spell or ability on the stack"
    shape: ClassVar[str] = "a spell or ability {id, card or ability, controller, ...}"
    required: ClassVar[dict[str, str]] = {
        "id": "missing: each stack object needs an id (a short name such as 'bolt')",
        "controller": "missing: {id} on the stack needs 'controller'",
    }

    id: Ident("a stack object id (a short name such as 'bolt')")
    """Unique among the objects of the state."""
    card: Text("a card name", MAX_NAME_LENGTH) | None = None
    """A spell: the card. An ability: the card whose ability it is (default: its source's)."""
    ability: Int(1) | None = None
    """An ability: which ability of the card, 1 for the first in text order."""
    source: ObjectId | None = None
    """An ability: the id of its source (CR 113.7)."""
    controller: PlayerId
    """Its controller (CR 108.4)."""
    owner: PlayerId | None = None
    """Its owner; default: the controller."""
    x: Quantity | None = None
    """The value chosen for X (CR 107.3)."""
    targets: List(Ident("a player id or an object id"), "player or object ids") = []
    """Its targets in order (CR 115)."""
    modes: List(Int(1), "mode numbers (1 for the first)") = []
    """The chosen modes (CR 700.2)."""
    delayed: Term("what it does, as an ASP effect term") | None = None  # type: ignore[valid-type]
    """Instead of card, ability and source: a delayed triggered ability (CR 603.7), by what it
    does (an ASP effect term, as the ``what`` of a delayed trigger)."""

    @model_validator(mode="after")
    def _spell_or_ability(self) -> StackEntry:
        if self.delayed is not None:
            for key in ("card", "ability", "source"):
                if getattr(self, key) is not None:
                    fail(f"a delayed triggered ability has no '{key}' (it acts on the objects 'delayed' names)", key)
            return self
        if self.ability is not None and self.source is None:
            fail(f"missing: ability {self.id!r} needs 'source' (the id of its source)", "source")
        if self.ability is None and self.source is not None:
            fail("a spell has no source; an ability says which one ('ability: N')", "source")
        if self.ability is None and self.card is None:
            fail(f"missing: spell {self.id!r} needs 'card' (or 'ability' and 'source')", "card")
        return self


class RestrictedManaEntry(Entry):
    """Mana that can be spent only as its restriction says (CR 106.6)."""

    label: ClassVar[str] = "restricted mana"
    shape: ClassVar[str] = "restricted mana {mana, amount, spend_only}"
    required: ClassVar[dict[str, str]] = {
        key: f"missing: restricted mana needs '{key}'" for key in ("mana", "amount", "spend_only")
    }

    mana: ManaSymbol
    """Its type."""
    amount: Quantity
    """How much."""
    spend_only: Term("a spending restriction as an ASP term")
    """The restriction, as an ASP term (the rules' name of it)."""


def _when(value: object) -> object:
    if isinstance(value, str) and value.strip() in STEPS:
        return f"at({value.strip()})"
    return value


class DelayedTriggerEntry(Entry):
    """A delayed triggered ability waiting for its event (CR 603.7)."""

    label: ClassVar[str] = "a delayed trigger"
    shape: ClassVar[str] = "a delayed trigger {when, what, controller}"
    required: ClassVar[dict[str, str]] = {
        key: f"missing: a delayed trigger needs '{key}'" for key in ("when", "what", "controller")
    }

    when: Annotated[Term("when it triggers: a step name or an ASP term such as at(end)"), BeforeValidator(_when)]
    """A step name (``end``: at the beginning of the next end step) or an ASP term."""
    what: Term("what it does, as an ASP effect term")  # type: ignore[misc]
    """What it does, as an ASP effect term."""
    controller: PlayerId
    """Its controller (CR 603.7d)."""


class PendingTriggerEntry(_Remembers):
    """A triggered ability that triggered and waits to be put on the stack (CR 603.3)."""

    label: ClassVar[str] = "a pending trigger"
    shape: ClassVar[str] = "a pending trigger {card, ability, source, controller} or {delayed, controller}"
    required: ClassVar[dict[str, str]] = {"controller": "missing: a pending trigger needs 'controller'"}

    card: Text("a card name", MAX_NAME_LENGTH) | None = None
    """The card whose ability it is; default: its source's card."""
    ability: Int(1) | None = None
    """Which ability of the card, 1 for the first in text order."""
    source: ObjectId | None = None
    """Its source (an object of the state)."""
    delayed: Term("what it does, as an ASP effect term") | None = None  # type: ignore[valid-type]
    """Instead of card, ability and source: a delayed triggered ability that triggered (CR 603.7),
    by what it does (an ASP effect term, as the ``what`` of a delayed trigger)."""
    controller: PlayerId
    """Its controller (CR 603.3a)."""
    x: Quantity | None = None
    """The value of X it was given (CR 107.3m: an "enters" trigger of a spell with X)."""

    @model_validator(mode="after")
    def _card_ability_or_delayed(self) -> PendingTriggerEntry:
        if self.delayed is not None:
            for key in ("card", "ability", "source"):
                if getattr(self, key) is not None:
                    fail(f"a delayed pending trigger has no '{key}' (it acts on the objects 'delayed' names)", key)
            return self
        for key in ("ability", "source"):
            if getattr(self, key) is None:
                fail(f"missing: a pending trigger needs '{key}' (or 'delayed')", key)
        return self


class ActivationEntry(Entry):
    """How many times an ability of an object was activated this turn (CR 602.5b)."""

    label: ClassVar[str] = "an activation"
    shape: ClassVar[str] = "an activation {object, ability, times}"
    required: ClassVar[dict[str, str]] = {
        key: f"missing: an activation needs '{key}'" for key in ("object", "ability", "times")
    }

    object: ObjectId
    """The object whose ability it is."""
    card: Text("a card name", MAX_NAME_LENGTH) | None = None
    """The card whose ability it is; default: the object's card."""
    ability: Int(1)
    """Which ability of the card, 1 for the first."""
    times: Quantity
    """How many times this turn."""


Counts = Mapping_(PlayerId, Quantity, "counts by player, e.g. {alice: 1}")


class TurnMemory(Entry):
    """What this turn remembers."""

    label: ClassVar[str] = "turn_memory"
    shape: ClassVar[str] = "what this turn remembers {lands_played, spells_cast, activated}"

    lands_played: Counts = {}
    """Lands each player played this turn (CR 305.2)."""
    spells_cast: Counts = {}
    """Spells each player cast this turn."""
    activated: List(ActivationEntry, "activations {object, ability, times}") = []
    """Abilities activated this turn (CR 602.5b)."""


def zone_by_player(item: Any, what: str) -> Any:
    """A zone of each player: player id → ``item``."""
    return Mapping_(PlayerId, item, f"{what} by player, e.g. {{alice: [...]}}")
