"""Test-wide settings.

The tests check answers, not speed (timing belongs in benchmarks/). The command line bounds each
command by wall-clock time (--timeout, default 10 s); on a loaded machine a command that needs 2 s
of CPU can take longer than that, and an answer the tests check would come back "incomplete".
So commands run by the tests get a generous default bound; the tests of the bound itself pass
--timeout (or Engine(timeout=...)) explicitly, which overrides it.
"""

from __future__ import annotations

import os

os.environ.setdefault("MTGASP_TIMEOUT", "120")
