"""How validation messages show paths, values and suggestions."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

#: A path into the document: keys and list indexes, ``("battlefield", 2, "counters")``.
PathKey = tuple[str | int, ...]


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
