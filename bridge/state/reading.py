"""Reading game-state text: a file or a string, YAML or JSON, into plain data (with the line of
every path, for messages), then validated by :mod:`.validate`.

Input may be hostile (issue 13): only regular files are read, at most :data:`MAX_STATE_BYTES`;
YAML gives plain data only — explicit tags other than redundant plain ones (``!!binary``,
``!!python/...``, ``!!int word``) are refused, dates stay text, aliases may not expand the
document past :data:`MAX_EXPANDED_NODES` nodes nor refer to themselves, duplicate keys are
errors; an integer literal longer than :data:`MAX_INT_DIGITS` digits is refused before Python
converts it (YAML and JSON alike). Every problem is one paragraph (a :class:`StateSyntaxError`).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import yaml

from ..cards import CardDatabase
from ..errors import InvalidStateError, StateSyntaxError
from .messages import LongInteger, PathKey, format_path, show
from .model import GameState
from .validate import state_from_dict

#: The largest state file (or text) read: 10 MB.
MAX_STATE_BYTES = 10_000_000

#: The most nodes a YAML document may hold once its aliases are expanded (alias bombs).
MAX_EXPANDED_NODES = 2_000_000

#: The longest integer literal read (a 32-bit number has at most 10 digits and a sign).
MAX_INT_DIGITS = 20

_INT_TAG = "tag:yaml.org,2002:int"
_STR_TAG = "tag:yaml.org,2002:str"
_PLAIN_TAGS = {
    yaml.ScalarNode: {_STR_TAG, _INT_TAG, "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"},
    yaml.SequenceNode: {"tag:yaml.org,2002:seq"},
    yaml.MappingNode: {"tag:yaml.org,2002:map"},
}


def load_state(path: str | Path, *, db: CardDatabase | None = None) -> GameState:
    """Read and validate a game-state file (``.json`` is JSON, anything else YAML).

    Raises :class:`~mtgasp.errors.InvalidStateError` (a syntax error, a bad field) or
    :class:`~mtgasp.errors.UnknownCardError` (a card in neither ``db`` nor the file's ``cards:``).
    """
    path = Path(path)
    text = read_state_text(path)
    fmt = "json" if path.suffix.lower() == ".json" else "yaml"
    return loads_state(text, format=fmt, db=db, source=str(path))


def read_state_text(path: Path) -> str:
    """The text of a state file: a regular file of at most :data:`MAX_STATE_BYTES`, UTF-8 (a
    byte order mark is dropped). A FIFO, a device or a directory is refused before it is opened."""
    source = str(path)

    def cannot(problem: str) -> InvalidStateError:
        return InvalidStateError("(file)", problem, source=source)

    try:
        info = os.stat(path)
    except OSError as exc:
        raise cannot(f"cannot read the file: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a directory" if stat.S_ISDIR(info.st_mode) else "a FIFO" if stat.S_ISFIFO(info.st_mode) else "a device or special file"
        raise cannot(f"not a regular file ({kind}); a state is read from a YAML or JSON file")
    if info.st_size > MAX_STATE_BYTES:
        raise cannot(f"the file has {info.st_size} bytes; a state file may have at most {MAX_STATE_BYTES}")
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_STATE_BYTES + 1)
    except OSError as exc:
        raise cannot(f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > MAX_STATE_BYTES:
        raise cannot(f"the file has more than {MAX_STATE_BYTES} bytes; a state file may have at most that")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise StateSyntaxError(f"the file is not UTF-8 text (byte {exc.start})", source=source) from None


def loads_state(
    text: str, *, format: str | None = None, db: CardDatabase | None = None, source: str | None = None
) -> GameState:
    """Read and validate a game state from text. ``format``: ``"yaml"`` or ``"json"``; by
    default JSON if the text starts with ``{``, else YAML. ``source`` names it in messages."""
    if format is None:
        format = "json" if text.lstrip().startswith("{") else "yaml"
    if format not in ("yaml", "json"):
        raise ValueError(f"format must be 'yaml' or 'json', not {format!r}")
    if len(text) > MAX_STATE_BYTES:
        raise StateSyntaxError(f"the text has {len(text)} characters; a state may have at most {MAX_STATE_BYTES}", source=source)
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
    """Safe YAML loading that rejects duplicate keys instead of keeping the last one, and reads
    dates as text (no implicit timestamps)."""

    yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
        for first, resolvers in _YamlBase.yaml_implicit_resolvers.items()
    }

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
                    f"duplicate key {show(key)} in one mapping (first given on line {first}); each key may appear once",
                    key_node.start_mark,
                )
            seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)  # type: ignore[no-any-return]


def _parse_yaml(text: str, source: str | None) -> tuple[object, dict[PathKey, int]]:
    loader = _StateLoader(text)
    try:
        node = loader.get_single_node()
        if node is not None:
            _check_nodes(node, loader, source)
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


def _check_nodes(root: yaml.Node, loader: Any, source: str | None) -> None:
    """Refuse what plain data cannot hold before anything is constructed: explicit tags other
    than redundant plain ones, integer literals too long to be a 32-bit number, aliases that
    refer to themselves or expand the document past :data:`MAX_EXPANDED_NODES` nodes."""
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def refuse(node: yaml.Node, path: PathKey, problem: str) -> StateSyntaxError:
        where = f"at '{format_path(path)}': " if path else ""
        return StateSyntaxError(
            f"YAML error: {where}{problem}",
            line=node.start_mark.line + 1,
            column=node.start_mark.column + 1,
            source=source,
        )

    def size(node: yaml.Node, path: PathKey) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in active:
            raise refuse(node, path, "an alias refers to the node that contains it")
        active.add(key)
        if isinstance(node, yaml.ScalarNode):
            plain = not node.style  # None (Python parser) or "" (C parser)
            implicit = loader.resolve(yaml.ScalarNode, node.value, (plain, not plain))
            if node.tag != implicit and node.tag != _STR_TAG:
                raise refuse(node, path, _tag_problem(node))
            if node.tag == _INT_TAG and len(node.value.replace("_", "").lstrip("+-0")) > MAX_INT_DIGITS:
                raise refuse(node, path, f"an integer of {len(node.value)} digits; numbers of a state are 32-bit integers")
            total = 1
        else:
            if node.tag not in _PLAIN_TAGS[type(node)]:
                raise refuse(node, path, _tag_problem(node))
            total = 1
            if isinstance(node, yaml.MappingNode):
                children = [(k, v, path + (str(k.value)[:60],)) for k, v in node.value]
                for k, v, sub in children:
                    total += size(k, sub) + size(v, sub)
                    if total > MAX_EXPANDED_NODES:
                        break
            else:
                for i, item in enumerate(node.value):
                    total += size(item, path + (i,))
                    if total > MAX_EXPANDED_NODES:
                        break
            if total > MAX_EXPANDED_NODES:
                raise refuse(node, path, f"the document expands to more than {MAX_EXPANDED_NODES} values (aliases repeat it)")
        active.discard(key)
        sizes[key] = total
        return total

    size(root, ())


def _tag_problem(node: yaml.Node) -> str:
    tag = node.tag.replace("tag:yaml.org,2002:", "!!")
    if isinstance(node, yaml.ScalarNode) and node.tag in _PLAIN_TAGS[yaml.ScalarNode]:
        return f"the explicit tag {tag} does not fit {show(node.value)}; write the value without a tag"
    shown = show(node.value) if isinstance(node, yaml.ScalarNode) else "a " + ("mapping" if isinstance(node, yaml.MappingNode) else "list")
    return f"the explicit tag {tag[:60]} on {shown} is not plain data (a state holds text, numbers, true/false, lists and mappings)"


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

    def integer(digits: str) -> int | LongInteger:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            return LongInteger(len(digits))  # refused by the field's check, which names the field
        return int(digits)

    try:
        return json.loads(text, object_pairs_hook=no_duplicates, parse_int=integer)
    except json.JSONDecodeError as exc:
        raise StateSyntaxError(
            f"JSON syntax error: {exc.msg}", line=exc.lineno, column=exc.colno, source=source
        ) from None
    except _DuplicateJsonKey as exc:
        raise StateSyntaxError(
            f"JSON error: duplicate key {show(exc.args[0])} in one object; each key may appear once", source=source
        ) from None


class _DuplicateJsonKey(Exception):
    pass



