"""How validation messages show paths, values and suggestions."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

#: A path into the document: keys and list indexes, ``("battlefield", 2, "counters")``.
PathKey = tuple[str | int, ...]


#: The longest excerpt of a value a message quotes.
EXCERPT = 60


class LongInteger:
    """An integer literal too long to be converted (it stands for it in the parsed data, so that
    the field it is in is named in the message): ``digits`` is its length."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"an integer of {self.digits} digits"


def show(value: object) -> str:
    """A value as a message shows it: strings quoted (an excerpt of at most :data:`EXCERPT`
    characters, control characters escaped), YAML scalars as YAML spells them."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, LongInteger):
        return f"an integer of {value.digits} digits"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, str):
        if len(value) > EXCERPT:
            return repr(value[:EXCERPT]) + f"... ({len(value)} characters)"
        return repr(value)
    if isinstance(value, int):
        text = str(value)
        return text if len(text) <= 20 else f"an integer of {len(text)} digits"
    if isinstance(value, (float, str)):
        return repr(value)
    text = repr(value)
    return text if len(text) <= EXCERPT else f"a {type(value).__name__}"



def format_path(path: PathKey) -> str:
    """``("battlefield", 2, "counters", "+1/+1")`` → ``battlefield[2].counters.+1/+1``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = str(part)
            out += ("." if out else "") + (text if len(text) <= EXCERPT else text[:EXCERPT] + "...")
    return out or "(top level)"


def listing(items: Iterable[str], limit: int = 12) -> str:
    """``a, b, c`` (at most ``limit`` items, then ``...``), or ``none``."""
    items = list(items)
    shown = ", ".join(items[:limit]) + (", ..." if len(items) > limit else "")
    return shown if items else "none"


def close(word: str, options: Iterable[str]) -> str | None:
    """The option closest to ``word`` (a typo's correction), or None."""
    if len(word) > 200:
        return None
    found = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return found[0] if found else None

