"""The time limit of a public query: one decorator and one clock (:func:`time_left`) for the
mana queries, characteristics and the game commands.

A public method of :class:`mtgasp.Engine` decorated with :func:`bounded` starts a fresh time
budget when it is called from outside (``incomplete`` emptied, no deadline yet: the clock starts
at the query's first search), and shares its caller's budget when another bounded method calls
it (``orders`` asks ``tap``, ``play`` asks ``apply``). The engine keeps the nesting depth in
``_depth``.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["bounded", "time_left"]

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


def time_left(engine: Any) -> float | None:
    """Seconds left of the running query's time limit (None: no limit, ``Engine.timeout`` None);
    the query's first search starts its clock."""
    timeout = getattr(engine, "timeout", None)
    if timeout is None:
        return None
    if getattr(engine, "_deadline", None) is None:
        engine._deadline = time.monotonic() + timeout
    return float(engine._deadline - time.monotonic())
