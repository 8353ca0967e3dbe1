"""The time limit of a public query: one decorator for the mana queries and the game commands.

A public method of :class:`mtgasp.Engine` decorated with :func:`bounded` starts a fresh time
budget when it is called from outside (``incomplete`` emptied, no deadline yet: the clock starts
at the query's first search), and shares its caller's budget when another bounded method calls
it (``orders`` asks ``tap``, ``play`` asks ``apply``). The engine keeps the nesting depth in
``_depth``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["bounded"]

_Method = TypeVar("_Method", bound=Callable[..., Any])


def bounded(reset: Callable[[Any], None] | None = None) -> Callable[[_Method], _Method]:
    """A decorator for a public query; ``reset(engine)``, when given, also runs when the query
    starts a fresh budget (the game commands clear what they report as finished and their clock)."""

    def decorate(method: _Method) -> _Method:
        @functools.wraps(method)
        def run(self: Any, *args: Any, **kw: Any) -> Any:
            if self._depth == 0:
                self.incomplete = []
                self._deadline = None  # the clock starts at the query's first search
                if reset is not None:
                    reset(self)
            self._depth += 1
            try:
                return method(self, *args, **kw)
            finally:
                self._depth -= 1

        return run  # type: ignore[return-value]

    return decorate
