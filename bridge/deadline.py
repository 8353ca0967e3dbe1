"""The time limit of a whole command-line command (issue 13).

``mtgasp --timeout SECONDS COMMAND ...`` bounds the whole command, not only its searches: the
clock starts when the command starts (:func:`mtgasp.cli.main`), so reading the input files,
parsing Oracle text, grounding and solving all share one budget. :func:`start` sets the
command's deadline and announces it to :data:`hooks` (the watchdog, :mod:`mtgasp.watchdog`,
stops a command still busy shortly after it, whatever it is doing); every search
(:func:`mtgasp.engine.solve`) stops at the earlier of its own limit and :func:`left`.

Commands that answer many questions in turn (``verify``, ``sweep``, ``demo``, ...) do not start
a command deadline: their time limit applies to each search, as from Python, where
``Engine(timeout=...)`` bounds each query from its first search on.
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["hooks", "start", "clear", "left", "announce"]

#: Called with every deadline (``time.monotonic()``) the command's work must keep: the command's
#: own (:func:`start`) and each search's, before it grounds.
hooks: list[Callable[[float], None]] = []

_deadline: float | None = None


def start(seconds: float, started: float | None = None) -> float:
    """Start the command's budget: ``seconds`` from ``started`` (a ``time.monotonic()``, default
    now). Returns the deadline, which is also announced to :data:`hooks`."""
    global _deadline
    _deadline = (time.monotonic() if started is None else started) + seconds
    announce(_deadline)
    return _deadline


def clear() -> None:
    """The command is over: searches are bounded by their own limits only."""
    global _deadline
    _deadline = None


def left() -> float | None:
    """Seconds left before the command's deadline (negative once past it), or None without one."""
    return None if _deadline is None else _deadline - time.monotonic()


def announce(deadline: float) -> None:
    """Tell :data:`hooks` that work must be done by ``deadline``."""
    for hook in hooks:
        hook(deadline)
