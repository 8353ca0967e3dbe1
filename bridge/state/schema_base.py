"""The base of every mapping in the state schema: one check of the mapping's form (a mapping,
known keys with a suggestion for a typo, required keys present) before pydantic reads its fields,
so that each problem is reported in the words of docs/state-format.md."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, model_validator

from .fields import check_mapping, fail
from .messages import close
from .vocab import _KEY_SYNONYMS


def unknown_key(key: object, allowed: list[str], what: str) -> str:
    """The problem of an unknown key, with the key most likely meant."""
    text = str(key)
    hints = [h for h in _KEY_SYNONYMS.get(text, "").split() if h in allowed]
    hint = hints[0] if hints else close(text, allowed)
    suggestion = f"; did you mean '{hint}'?" if hint else ""
    shown = text if len(text) <= 60 else text[:60] + "..."
    return f"unknown key {shown!r}{suggestion} ({what} may have: {', '.join(allowed)})"


def name_of(data: Mapping[str, Any], key: str = "id") -> str:
    """An entry's id as messages quote it: ``'elf'``."""
    value = data.get(key)
    text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else "?"
    return repr(text if len(text) <= 60 else text[:60] + "...")


class Entry(BaseModel):
    """A mapping of the state file. Subclasses say what it is (:attr:`label`, :attr:`shape`) and
    which keys are required with the problem to report when one is missing (:attr:`required`:
    key → a format string that may use ``{id}``, the entry's quoted id, and ``{kind}``)."""

    # The attribute docstrings describe each field; json_schema.py reads them into the JSON Schema
    # (pydantic's use_attribute_docstrings would parse the sources at every import).
    model_config = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True, populate_by_name=True)

    label: ClassVar[str] = "an entry"
    """How the unknown-key message names it: ``(a permanent may have: ...)``."""
    shape: ClassVar[str] = "a mapping"
    """How the not-a-mapping message names it: ``expected a permanent {id, card, ...}``."""
    required: ClassVar[dict[str, str]] = {}

    @classmethod
    def keys_allowed(cls) -> list[str]:
        return [field.alias or name for name, field in cls.model_fields.items()]

    @model_validator(mode="before")
    @classmethod
    def _check_form(cls, data: Any) -> Any:
        data = check_mapping(cls.prepare(data), cls.shape)
        allowed = cls.keys_allowed()
        for key in data:
            if key not in allowed:
                fail(unknown_key(key, allowed, cls.label), str(key))
        for key, problem in cls.required.items():
            if data.get(key) is None:
                fail(problem.format(id=name_of(data), kind=data.get("kind")), key)
        # A key written with no value ("owner:" or "owner: null") is the key left out.
        return {key: value for key, value in data.items() if value is not None}

    @classmethod
    def prepare(cls, data: Any) -> Any:
        """Turn a short form of the entry into its mapping (e.g. a player given by its id)."""
        return data
