"""The JSON Schema of game-state files, generated from the pydantic schema (:mod:`.schema`) for
editors and for ``docs/state.schema.json`` (``mtgasp schema``).

It describes the form of a file: keys, types, ranges and the closed vocabularies. What it cannot
say — ids unique across zones, references to players and objects, card names known to the card
database, a step name spelled loosely (``Declare Attackers``) — mtgasp checks when loading.
"""

from __future__ import annotations

import ast
import inspect
import json
import sys
from functools import cache
from typing import Any

from .schema import StateFile
from .schema_base import Entry

SCHEMA_ID = "https://github.com/mtgasp/mtgasp/docs/state.schema.json"


def state_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a game-state file."""
    schema = StateFile.model_json_schema(mode="validation")
    models = {cls.__name__: cls for cls in _entry_classes(Entry)}
    for name, node in [("StateFile", schema), *schema.get("$defs", {}).items()]:
        cls = models.get(name)
        if cls is not None:
            _describe(cls, node)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "mtgasp game state",
        **{k: v for k, v in schema.items() if k != "title"},
    }


def state_json_schema_text() -> str:
    """:func:`state_json_schema` as the text of ``docs/state.schema.json``."""
    return json.dumps(state_json_schema(), indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def _entry_classes(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_entry_classes(sub))
    return out


@cache
def _module_tree(module_name: str) -> ast.Module:
    return ast.parse(inspect.getsource(sys.modules[module_name]))


def _class_docs(cls: type) -> dict[str, str]:
    """The attribute docstrings of a class's own body: field name → text."""
    docs: dict[str, str] = {}
    for node in ast.walk(_module_tree(cls.__module__)):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            body = node.body
            for stmt, after in zip(body, body[1:]):
                if (
                    isinstance(stmt, ast.AnnAssign)
                    and isinstance(stmt.target, ast.Name)
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                    and isinstance(after.value.value, str)
                ):
                    docs[stmt.target.id] = inspect.cleandoc(after.value.value)
    return docs


def _describe(cls: type, node: dict[str, Any]) -> None:
    """Give each property of ``node`` (the schema of ``cls``) its attribute docstring."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if isinstance(klass, type) and issubclass(klass, Entry):
            docs.update(_class_docs(klass))
    fields = getattr(cls, "model_fields", {})
    for name, field in fields.items():
        prop = node.get("properties", {}).get(field.alias or name)
        if prop is not None and name in docs and "description" not in prop:
            prop["description"] = docs[name]
