"""The scalar field types of the state schema, each a pydantic type whose validator says what
was expected in the words of docs/state-format.md.

Every check fails through :func:`fail`, a pydantic error of type ``state`` whose context carries
the problem (one sentence) and, when the problem is inside the value, the path below the field
(``sub``); :mod:`.errors_translate` turns the first such error into the one-paragraph
:class:`~mtgasp.errors.InvalidStateError`. Numbers are checked against what the rules mean and
against what clingo holds (32-bit integers); text against control characters and code points
that cannot be encoded.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Annotated, Any, NoReturn

from annotated_types import Ge, Le, MaxLen, MinLen
from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError

from .messages import LongInteger, show
from .vocab import INT_MAX, INT_MIN, QUANTITY_MAX

#: The longest text a state may hold in one field (an id, a name, notes, Oracle text).
MAX_TEXT_LENGTH = 20_000


def fail(problem: str, *sub: str | int) -> NoReturn:
    """Stop validation: ``problem`` at the current field (``sub``: a path inside its value)."""
    raise PydanticCustomError("state", "{problem}", {"problem": problem, "sub": tuple(sub)})


def yaml_hint(value: object) -> str:
    return (
        " (YAML reads unquoted yes/no/on/off/true/false as true or false: put the name in quotes)"
        if isinstance(value, bool)
        else ""
    )


# -- numbers -------------------------------------------------------------------------------------


def _kind_of_integer(minimum: int | None) -> str:
    return {None: "an integer", 0: "a non-negative integer", 1: "a positive integer"}.get(
        minimum, f"an integer of at least {minimum}"
    )


def check_int(value: object, minimum: int | None = None, maximum: int = INT_MAX) -> int:
    """An integer (not a boolean, not a float) from ``minimum`` to ``maximum`` (at most what a
    clingo number holds)."""
    kind = _kind_of_integer(minimum)
    if isinstance(value, LongInteger):
        fail(f"expected {kind} that fits the rules' numbers (at most {maximum}), got {show(value)}")
    if not isinstance(value, int) or isinstance(value, bool):
        fail(f"expected {kind}, got {show(value)}")
    if minimum is not None and value < minimum:
        fail(f"expected {kind}, got {show(value)}")
    if value > maximum:
        why = "what the rules' numbers hold" if maximum == INT_MAX else "larger quantities would overflow the rules' sums"
        fail(f"expected {kind} of at most {maximum} ({why}), got {show(value)}")
    if value < INT_MIN:
        fail(f"expected {kind} of at least {INT_MIN} (what the rules' numbers hold), got {show(value)}")
    return value


def Int(minimum: int | None = None) -> Any:  # noqa: N802 - a type factory
    """The type of an integer field of at least ``minimum`` (None: any) within clingo's range."""
    low = INT_MIN if minimum is None else minimum
    return Annotated[int, Ge(low), Le(INT_MAX), BeforeValidator(lambda v: check_int(v, minimum))]


#: The type of a quantity: an integer from 0 to :data:`QUANTITY_MAX`.
Quantity = Annotated[int, Ge(0), Le(QUANTITY_MAX), BeforeValidator(lambda v: check_int(v, 0, QUANTITY_MAX))]


def check_bool(value: object) -> bool:
    if not isinstance(value, bool):
        fail(f"expected true or false, got {show(value)}")
    return value


Bool = Annotated[bool, BeforeValidator(check_bool)]


# -- text ----------------------------------------------------------------------------------------


def bad_character(text: str) -> str | None:
    """Why ``text`` cannot be state text (a control character, a lone surrogate, a code point
    that is not a character), or None. Tabs and newlines are allowed."""
    if len(text) > MAX_TEXT_LENGTH:
        return f"a text of at most {MAX_TEXT_LENGTH} characters, not {len(text)}"
    for i, ch in enumerate(text):
        if ch in "\t\n":
            continue
        category = unicodedata.category(ch)
        if category == "Cc":
            return f"text without control characters (U+{ord(ch):04X} at character {i + 1})"
        if category == "Cs":
            return f"text without lone surrogates (U+{ord(ch):04X} at character {i + 1})"
        if category == "Cn" and (0xFDD0 <= ord(ch) <= 0xFDEF or ord(ch) & 0xFFFE == 0xFFFE):
            return f"text without noncharacters (U+{ord(ch):04X} at character {i + 1})"
    return None


#: The longest name or id (the longest card name has 141 characters).
MAX_NAME_LENGTH = 200


def check_text(value: object, what: str, max_length: int = MAX_TEXT_LENGTH) -> str:
    """A non-empty string of printable text, stripped."""
    if not isinstance(value, str) or not value.strip():
        fail(f"expected {what}, got {show(value)}{yaml_hint(value)}")
    if len(value) > max_length:
        fail(f"expected {what} of at most {max_length} characters, got {show(value)}")
    why = bad_character(value)
    if why is not None:
        fail(f"expected {why}, got {show(value)}")
    return value.strip()


def check_ident(value: object, what: str) -> str:
    """An id: text, or an integer (read as its digits: ``players: [1, 2]``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return check_text(value, what, MAX_NAME_LENGTH)


def Text(what: str, max_length: int = MAX_TEXT_LENGTH) -> Any:  # noqa: N802 - a type factory
    """The type of a text field; ``what`` says what was expected (``a card name``)."""
    return Annotated[str, MinLen(1), MaxLen(max_length), BeforeValidator(lambda v: check_text(v, what, max_length))]


def Ident(what: str) -> Any:  # noqa: N802 - a type factory
    """The type of an id field (text or an integer); ``what`` says what was expected."""
    return Annotated[
        str,
        MinLen(1),
        BeforeValidator(lambda v: check_ident(v, what), json_schema_input_type=str | int),
    ]


def Choice(what: str, normalise: Callable[[str], str | None], options: tuple[str, ...]) -> Any:  # noqa: N802
    """The type of a text field with a closed set of values, spelled loosely (``normalise``)."""

    def check(value: object) -> str:
        text = check_text(value, what)
        found = normalise(text)
        if found is None:
            fail(f"expected {what}, got {show(text)}")
        return found

    return Annotated[str, BeforeValidator(check, json_schema_input_type=str), Field(json_schema_extra={"enum": list(options)})]


# -- mappings and lists ------------------------------------------------------------------------


def check_mapping(value: object, what: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        fail(f"expected {what} (a mapping of key: value), got {show(value)}")
    return value


def check_list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        fail(f"expected a list of {what}, got {show(value)}")
    return value


def List(item: Any, what: str) -> Any:  # noqa: N802 - a type factory
    """A list of ``item``; ``what`` names the items in the message for anything else."""
    return Annotated[list[item], BeforeValidator(lambda v: check_list(v, what))]


def Mapping_(key: Any, value: Any, what: str) -> Any:  # noqa: N802 - a type factory
    """A mapping ``key`` → ``value``; ``what`` names it in the message for anything else."""
    return Annotated[dict[key, value], BeforeValidator(lambda v: check_mapping(v, what))]
