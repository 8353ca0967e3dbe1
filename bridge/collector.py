"""The cyclic garbage collector's policy in a batch loop (issue 12): collect the young objects
only.

Python's collector is generational: the youngest generation is collected after every few hundred
new objects, the older ones after ten collections of the next younger, and a full collection walks
every live object. A batch loop such as the corpus report (``mtgasp corpus``) keeps what it
learns in caches that only grow (the parser's unit cache, the report's verdicts): each full
collection walks them again and finds nothing (0 of ~660 collections over the corpus found any
garbage), and those walks were most of the collector's time (0.43 of 0.51 s).

:func:`young_only` keeps the young collections, so whatever a loop's step leaves in reference
cycles (a parse error's traceback, say) is still found while it is young, and every object is
examined about once; it stops the older generations' collections until the loop ends, so the
caches are not walked again and again. What becomes garbage only after surviving a young
collection waits for the first collection after the loop. ``tests/test_collector.py`` checks
that the corpus loop leaves nothing for those: a full collection after it finds no garbage.

The corpus *program* (``mtgasp corpus``, which ends through ``os._exit``) goes further and runs
with the collector off (``mtgasp.cli.QUICK_EXIT``): the loop makes no garbage in cycles at all
(tested), and even the young collections walked each new object once for nothing (0.08 s), as
did the first older collection after the loop (the ~200k kept objects, 0.08 s). This policy is
for a caller in Python, whose process goes on after the loop.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

__all__ = ["young_only"]

#: A count of young collections that no loop reaches: the older generations are not collected.
_NEVER = 2**31 - 1


def young_only() -> Callable[[], None]:
    """Collect only the youngest generation from now on (in this process and in the processes
    it forks meanwhile, which inherit the setting); returns the function that restores the
    collector's previous thresholds, to call when the loop ends."""
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], _NEVER, _NEVER)

    def restore() -> None:
        gc.set_threshold(*thresholds)

    return restore
