"""Helpers to unit-test the encodings by their exact answer sets (STYLE.md, lesson 4)."""

from __future__ import annotations

import json
import os
import textwrap
from dataclasses import dataclass
from pathlib import Path

import clingo
from mtgasp import loads_state
from mtgasp.engine import rules_dir
from mtgasp.parser import parse_card
from mtgasp.state import GameState

SHARED = Path(os.environ.get("MTGASP_SHARED") or Path(__file__).resolve().parent.parent.parent / "shared")
"""The shared folder beside the project root (../shared), with the CR text and card corpus
(``MTGASP_SHARED`` names another place, e.g. from a git worktree)."""


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


def scenario(battlefield: str, cards: dict[str, tuple[str, str]] | None = None, *, effects: str = "",
             header: str = "players: [alice, bob]\n") -> GameState:
    """A game state from a YAML battlefield list (dedented), with the cards of ``cards``
    (name → (type line, Oracle text)) that it names added to the state's ``cards:`` and an
    optional ``effects:`` list."""
    text = header + "battlefield:\n" + textwrap.indent(textwrap.dedent(battlefield).strip("\n"), "  ")
    if effects:
        text += "\neffects:\n" + textwrap.indent(textwrap.dedent(effects).strip("\n"), "  ")
    used = [name for name in (cards or {}) if name in text]
    if used:
        text += "\ncards:\n" + "".join(
            f"  - {json.dumps({'name': n, 'type_line': cards[n][0], 'oracle_text': cards[n][1]})}\n" for n in used
        )
    return loads_state(text + "\n")


@dataclass(frozen=True)
class Case:
    """An Oracle text and the exact facts of one of its abilities (parser tests)."""

    name: str
    text: str
    type_line: str
    index: int
    facts: list[str]

    def __str__(self) -> str:  # pytest id
        return self.name


def ability_facts(name: str, text: str, type_line: str, index: int) -> list[str]:
    """The sorted facts of ability ``index``, with the ids written as A and C."""
    pc = parse_card(name, text, type_line=type_line)
    assert pc.abilities[index - 1].supported, pc.abilities[index - 1].message
    card = str(clingo.Function("card", [clingo.String(name)]))
    ab = f"ab({card},{index})"
    block = [fs for comment, fs in pc.blocks if comment.startswith(f"% {index}:")][0]
    return sorted(str(f).replace(ab, "A").replace(card, "C") for f in block)


def corpus_cards(path: Path, names: set[str]) -> dict[str, tuple[str, str]]:
    """Name -> (type line, Oracle text) of each named card of a JSON-lines card corpus; all must be there."""
    found: dict[str, tuple[str, str]] = {}
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            c = json.loads(line)
            if c["name"] in names:
                found[c["name"]] = (c["type_line"], c["oracle_text"] or "")
    assert set(found) == names, names - set(found)
    return found


def board(*perms: tuple) -> str:
    """A YAML battlefield list from (id, card, controller, extra "key: value" entries...) tuples."""
    return "".join(
        f'- {{id: {p[0]}, card: "{p[1]}", controller: {p[2]}{"".join(", " + e for e in p[3:])}}}\n' for p in perms
    )
