"""The error family of mtgasp: one class per kind of failure, each message self-contained.

Every error a user can cause by bad input is an :class:`EngineError`; the command-line program
prints its message as one paragraph and exits with status 2, never with a traceback.
"""

from __future__ import annotations


class EngineError(Exception):
    """Root of every error mtgasp raises for bad input or an impossible request."""


class InvalidStateError(EngineError, ValueError):
    """A game-state file is malformed: names the path of the bad field and what was expected."""

    def __init__(self, path: str, problem: str, *, source: str | None = None) -> None:
        self.path = path
        self.problem = problem
        self.source = source
        where = f"{source}: " if source else ""
        super().__init__(f"{where}invalid game state at '{path}': {problem}")


class UnknownCardError(EngineError, KeyError):
    """A card name is not in the card database; suggests close matches."""

    def __init__(self, name: str, suggestions: list[str]) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = ""
        if suggestions:
            hint = " Did you mean " + ", ".join(repr(s) for s in suggestions) + "?"
        super().__init__(f"unknown card {name!r}.{hint}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])


class UnknownObjectError(EngineError, KeyError):
    """An object or player id that the state does not define."""

    def __init__(self, kind: str, ident: str, known: list[str]) -> None:
        self.kind = kind
        self.ident = ident
        self.known = known
        listing = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "")
        super().__init__(f"unknown {kind} id {ident!r}; the state has: {listing or 'none'}")

    def __str__(self) -> str:
        return str(self.args[0])


class OracleSyntaxError(EngineError, ValueError):
    """Oracle text that the grammar cannot parse, with the card, line and column."""


class UnsupportedOracleText(EngineError):
    """A query needs a part of a card's text that the parser or the rules do not support yet."""


class QueryTooLargeError(EngineError):
    """A query would enumerate more than its limit; the message says how to raise it."""


class QueryTimeoutError(EngineError):
    """The time limit stopped a query before it found anything it could answer with."""


class IllegalActionError(EngineError, ValueError):
    """An action has no legal outcome in the given state."""


class CardDataError(EngineError, ValueError):
    """A card file (Scryfall, MTGJSON, JSON lines, YAML) could not be read."""


class StateSyntaxError(InvalidStateError):
    """A game-state file is not well-formed YAML or JSON: names the line and column."""

    def __init__(
        self, problem: str, *, line: int | None = None, column: int | None = None, source: str | None = None
    ) -> None:
        where = f"line {line}, column {column}" if line is not None and column is not None else "(document)"
        super().__init__(where, problem, source=source)
        self.line = line
        self.column = column
        prefix = f"{source}: " if source else ""
        self.args = (f"{prefix}invalid game state at {where}: {problem}",)


class UnknownCardInStateError(UnknownCardError):
    """A game-state file names a card that is in neither the card database nor its ``cards:``."""

    def __init__(self, name: str, suggestions: list[str], *, path: str, source: str | None = None) -> None:
        super().__init__(name, suggestions)
        self.path = path
        self.source = source
        prefix = f"{source}: " if source else ""
        hint = " Cards not in the card database can be defined in the state's 'cards:' section."
        self.args = (f"{prefix}invalid game state at '{path}': {self.args[0]}{hint}",)


class RulesError(EngineError):
    """clingo rejected the rule set or its input (a bug in mtgasp, not in the user's input);
    the message carries what clingo said."""
