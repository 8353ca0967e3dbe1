"""The validator's generic checks: types, keys, references; each failure is one paragraph."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from ..cards import CardDatabase
from ..errors import InvalidStateError, UnknownCardInStateError
from .messages import PathKey, _close, _listing, _show, format_path
from .vocab import _KEY_SYNONYMS


class Checks:
    """The generic checks of the validator: each fails with one paragraph naming the path."""

    def __init__(self, db: CardDatabase, source: str | None, marks: Mapping[PathKey, int]) -> None:
        self.base_db = db
        self.db = db
        self.source = source
        self.marks = marks
        self.player_ids: list[str] = []
        self.permanent_ids: list[str] = []
        self.object_paths: dict[str, str] = {}
        self.raw_objects: dict[str, Mapping[str, Any]] = {}

    # -- failing -----------------------------------------------------------------------

    def where(self, path: PathKey) -> str | None:
        probe = path
        line = None
        while True:
            line = self.marks.get(probe)
            if line is not None or not probe:
                break
            probe = probe[:-1]
        if self.source and line is not None:
            return f"{self.source}:{line}"
        if line is not None:
            return f"line {line}"
        return self.source

    def fail(self, path: PathKey, problem: str) -> NoReturn:
        raise InvalidStateError(format_path(path), problem, source=self.where(path))

    # -- generic checks ----------------------------------------------------------------

    def mapping(self, value: object, path: PathKey, what: str) -> Mapping[Any, Any]:
        if not isinstance(value, Mapping):
            self.fail(path, f"expected {what} (a mapping of key: value), got {_show(value)}")
        return value

    def sequence(self, value: object, path: PathKey, what: str) -> list[Any]:
        if not isinstance(value, list):
            self.fail(path, f"expected a list of {what}, got {_show(value)}")
        return value

    def keys(self, data: Mapping[Any, Any], allowed: Iterable[str], path: PathKey, what: str) -> None:
        allowed = list(allowed)
        for key in data:
            if key not in allowed:
                hints = [h for h in _KEY_SYNONYMS.get(str(key), "").split() if h in allowed]
                hint = hints[0] if hints else _close(str(key), allowed)
                suggestion = f"; did you mean '{hint}'?" if hint else ""
                self.fail(
                    path + (str(key),),
                    f"unknown key {str(key)!r}{suggestion} ({what} may have: {', '.join(allowed)})",
                )

    def integer(self, value: object, path: PathKey, *, minimum: int | None = None) -> int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok or (minimum is not None and value < minimum):  # type: ignore[operator]
            kind = {None: "an integer", 0: "a non-negative integer", 1: "a positive integer"}.get(
                minimum, f"an integer of at least {minimum}"
            )
            self.fail(path, f"expected {kind}, got {_show(value)}")
        return value  # type: ignore[return-value]

    def boolean(self, value: object, path: PathKey) -> bool:
        if not isinstance(value, bool):
            self.fail(path, f"expected true or false, got {_show(value)}")
        return value

    def string(self, value: object, path: PathKey, what: str) -> str:
        if isinstance(value, bool):
            self.fail(
                path,
                f"expected {what}, got {_show(value)} (YAML reads unquoted yes/no/on/off/true/false "
                "as true or false: put the name in quotes)",
            )
        if not isinstance(value, str) or not value.strip():
            self.fail(path, f"expected {what}, got {_show(value)}")
        return value.strip()

    def ident(self, value: object, path: PathKey, what: str) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return self.string(value, path, what)

    def player_ref(self, value: object, path: PathKey) -> str:
        ident = self.ident(value, path, "a player id")
        if ident not in self.player_ids:
            hint = _close(ident, self.player_ids)
            suggestion = f"; did you mean {hint!r}?" if hint else ""
            self.fail(path, f"{ident!r} is not a player (players: {_listing(self.player_ids)}){suggestion}")
        return ident

    def permanent_ref(self, value: object, path: PathKey, *, self_id: str | None = None) -> str:
        ident = self.ident(value, path, "a permanent id")
        if ident not in self.permanent_ids:
            hint = _close(ident, self.permanent_ids)
            suggestion = f"; did you mean {hint!r}?" if hint else ""
            extra = " (it names a player)" if ident in self.player_ids else ""
            self.fail(
                path,
                f"{ident!r} is not the id of a permanent{extra} (permanents: {_listing(self.permanent_ids)}){suggestion}",
            )
        if self_id is not None and ident == self_id:
            self.fail(path, f"{ident!r} refers to the permanent itself")
        return ident

    def card_ref(self, value: object, path: PathKey) -> str:
        name = self.string(value, path, "a card name")
        card = self.db.find(name)
        if card is None:
            raise UnknownCardInStateError(name, self.db.suggest(name), path=format_path(path), source=self.where(path))
        return card.name
