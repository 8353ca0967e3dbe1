"""Helpers to unit-test the encodings by their exact answer sets (STYLE.md, lesson 4)."""

from __future__ import annotations

from pathlib import Path

import clingo

from mtgasp.engine import rules_dir

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
"""The shared folder beside the project root (../shared), with the CR text and card corpus."""


def models(program: str, query: str | None = None, *, project: bool = True) -> list[list[str]]:
    """The shown atoms of every answer set of the rule set + ``program`` (+ a query file),
    each sorted, the list sorted: ``[]`` is UNSAT, ``[[]]`` one empty model. Fails on any
    message clingo prints while grounding."""
    messages: list[str] = []
    ctl = clingo.Control(["0"] + (["--project"] if project else []), logger=lambda c, m: messages.append(m))
    ctl.load(str(rules_dir() / "engine.lp"))
    if query:
        ctl.load(str(rules_dir() / "queries" / f"{query}.lp"))
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    out: list[list[str]] = []
    ctl.solve(on_model=lambda m: out.append(sorted(str(s) for s in m.symbols(shown=True))))
    assert not messages, messages
    return sorted(out)
