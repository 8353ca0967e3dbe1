"""Reading game-state text: a file or a string, YAML or JSON, into plain data (with the line of
every path, for messages), then validated by :mod:`.validate`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from ..cards import CardDatabase
from ..errors import InvalidStateError, StateSyntaxError
from .messages import PathKey
from .model import GameState
from .validate import state_from_dict


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


