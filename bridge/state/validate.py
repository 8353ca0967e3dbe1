"""Validation: plain data (parsed YAML or JSON) → a checked :class:`~.model.GameState`.

The form of the data is checked by the pydantic schema (:mod:`.schema`), what it refers to by
:mod:`.resolve`. Either way the first problem becomes one paragraph that names the path of the
bad field, its line (YAML) and what was expected — never pydantic's own multi-line report.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from ..cards import CardDatabase
from ..errors import InvalidStateError
from .messages import PathKey, format_path, show
from .model import GameState
from .resolve import Resolver, where


def state_from_dict(
    data: object,
    *,
    db: CardDatabase | None = None,
    source: str | None = None,
    _marks: Mapping[PathKey, int] | None = None,
) -> GameState:
    """Validate already-parsed data (e.g. from ``yaml.safe_load``) into a :class:`GameState`."""
    marks = _marks or {}
    if data is None:
        raise InvalidStateError(
            "(top level)",
            "the game state is empty; it needs at least 'players:' (the players in turn order)",
            source=where((), source, marks),
        )
    from .schema import (
        StateFile,  # building the schema takes a moment: only when a state is read
    )

    try:
        model = StateFile.model_validate(data)
    except ValidationError as exc:
        raise translate(exc, data, source, marks) from None
    return Resolver(db if db is not None else CardDatabase.default(), source, marks, data).state(model)


def document_path(loc: tuple[Any, ...], raw: object) -> PathKey:
    from .schema import UNION_TAGS

    """A pydantic error location as a path of the document: keys as the file spells them, without
    the names pydantic adds (union members, ``[key]`` for an error in a mapping's key)."""
    path: list[str | int] = []
    node: object = raw
    for part in loc:
        if part == "[key]":
            continue
        if isinstance(node, Mapping):
            match = next((k for k in node if k == part or str(k) == str(part)), _MISSING)
            if match is not _MISSING:
                path.append(str(match))
                node = node[match]
                continue
            if part in UNION_TAGS or _internal(part):
                continue
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            path.append(part)
            node = node[part]
            continue
        elif part in UNION_TAGS or _internal(part):
            continue
        path.append(part)
        node = None
    return tuple(path)


_MISSING = object()


def _internal(part: object) -> bool:
    return isinstance(part, str) and ("[" in part or "(" in part)


def translate(exc: ValidationError, raw: object, source: str | None, marks: Mapping[PathKey, int]) -> InvalidStateError:
    """The first error of ``exc`` as one paragraph (:class:`InvalidStateError`)."""
    error = exc.errors(include_url=False)[0]
    ctx = error.get("ctx") or {}
    loc = tuple(error["loc"])
    if error["type"] == "state":
        problem = str(ctx["problem"])
        loc += tuple(ctx.get("sub", ()))
    elif error["type"] == "missing":
        problem = f"missing: '{loc[-1]}' is required" if loc else "missing"
    elif error["type"] == "extra_forbidden":
        problem = f"unknown key {show(str(loc[-1]) if loc else '')}"
    else:  # a check of pydantic's own: say it in one line
        problem = f"{error['msg']}, got {show(error.get('input'))}"
    path = document_path(loc, raw)
    return InvalidStateError(format_path(path), problem, source=where(path, source, marks))
