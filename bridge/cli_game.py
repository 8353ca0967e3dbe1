"""The game commands of ``mtgasp``: ``actions``, ``apply``, ``play``, ``perft``.

Each reads a game-state file, asks the transition rules (``rules_asp/queries/actions.lp`` and
``apply.lp``) through :class:`mtgasp.Engine`, and prints the answer as text or, with ``--json``,
as one JSON document.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click
import yaml

from .errors import InvalidStateError
from .game import ApplyResult, Successor
from .results import unread_json, unread_lines
from .state import GameState

__all__ = ["game_commands"]


def _emit(as_json: bool, data: Any, lines: Iterable[str]) -> None:
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        for line in lines:
            click.echo(line)


def successor_lines(i: int, s: Successor) -> Iterable[str]:
    yield f"  successor {i}: {s.count} choice sequence(s)"
    for seq in s.sequences:
        if seq:
            yield "    choices: " + "; ".join(seq)
    for f in s.removed:
        yield f"    - {f}"
    for f in s.added:
        yield f"    + {f}"
    if s.fired:
        yield "    rules: " + ", ".join(sorted({f"{r} ({subj})" for r, subj in s.fired}))


def apply_lines(r: ApplyResult) -> Iterable[str]:
    yield f"{r.action}: {len(r.successors)} distinct successor state(s)"
    for i, s in enumerate(r.successors, start=1):
        yield from successor_lines(i, s)
    for n in r.not_modelled:
        yield f"  not modelled: {n}"


def _write_successors(out: str, successors: Iterable[Successor], base: GameState | None = None) -> list[str]:
    """Each successor as a state file (``state_from_facts`` of mtgasp.state when it exists), else
    as its facts (``successor-N.lp``)."""
    from . import state as state_module

    directory = Path(out)
    directory.mkdir(parents=True, exist_ok=True)
    to_state = getattr(state_module, "state_from_facts", None)
    written = []
    for i, s in enumerate(successors, start=1):
        if to_state is not None:
            path = directory / f"successor-{i}.yaml"
            state_module.dump_state(to_state(sorted(s.position.facts), base), path)  # base: its cards:, notes
        else:
            path = directory / f"successor-{i}.lp"
            path.write_text("".join(f"{f}.\n" for f in s.position.lines()), encoding="utf-8")
        written.append(str(path))
    return written


@click.command("actions")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
@click.pass_obj
def actions_cmd(c: Any, state_file: str, as_json: bool) -> None:
    """The legal actions of the player with priority (CR 117); only 'settle' while state-based
    actions or triggered abilities are pending (CR 117.5, 704.3)."""
    state = c.state(state_file)
    r = c.engine().actions(state)
    head = "the game is over" if r.game_over else f"{r.player} has priority"
    unread = c.engine().unread(state)  # facts no rule reads (mtgasp.reads): the answer ignores them
    _emit(as_json, {**r.to_json(), **unread_json(unread)}, [f"{head}; legal actions:", *(f"  {a}" for a in r.actions),
                                 *(f"  not modelled: {n}" for n in r.not_modelled), *unread_lines(unread, "  ")])


@click.command("apply")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.argument("action")
@click.option("--out", type=click.Path(file_okay=False), help="Write each successor state into this directory.")
@click.option("--no-settle", is_flag=True, help="Do not apply 'settle' after the action (show the raw step).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
@click.pass_obj
def apply_cmd(c: Any, state_file: str, action: str, out: str | None, no_settle: bool, as_json: bool) -> None:
    """Every distinct successor state of ACTION (pass, settle, play:ID, cast:ID, activate:ID[:N]),
    the choices that lead to each and how many choice sequences, and the rules that fired."""
    state = c.state(state_file)
    r = c.engine().apply(state, action, settle=not no_settle)
    unread = c.engine().unread(state)  # facts no rule reads (mtgasp.reads): the answer ignores them
    data = {**r.to_json(), **unread_json(unread)}
    lines = list(apply_lines(r)) + unread_lines(unread, "  ")
    if out:
        files = _write_successors(out, r.successors, state)
        data["written"] = files
        lines += [f"  wrote {f}" for f in files]
    _emit(as_json, data, lines)


@click.command("play")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.argument("line_file", type=click.Path(exists=True, dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
@click.pass_obj
def play_cmd(c: Any, state_file: str, line_file: str, as_json: bool) -> None:
    """Play a line of actions (a YAML list: 'pass', 'play:ID', or {action: A, choose: [TEXT]}),
    branching where players choose; show every state the line ends in."""
    try:
        line = yaml.safe_load(Path(line_file).read_text(encoding="utf-8"))
    except yaml.YAMLError as e:
        raise InvalidStateError(line_file, f"not valid YAML ({e})") from None
    if not isinstance(line, list):
        raise InvalidStateError(line_file, "expected a YAML list of actions")
    r = c.engine().play(c.state(state_file), line)
    lines = [f"{' -> '.join(r.actions)}: {len(r.ends)} distinct end state(s)"]
    for i, s in enumerate(r.ends, start=1):
        lines += list(successor_lines(i, s))
    lines += [f"  not modelled: {n}" for n in r.not_modelled]
    _emit(as_json, r.to_json(), lines)


@click.command("perft")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.argument("depth", type=click.IntRange(min=1, max=12))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
@click.pass_obj
def perft_cmd(c: Any, state_file: str, depth: int, as_json: bool) -> None:
    """Distinct states reachable within DEPTH actions, per depth, with a divide by first action
    (as python-chess's perft; 'settle' is part of each action)."""
    r = c.engine().perft(c.state(state_file), depth)
    lines = [f"depth {d}: {n} distinct state(s)" for d, n in enumerate(r.per_depth, start=1)]
    lines.append(f"within {depth}: {r.within} distinct state(s); {r.paths} line(s) of {depth} action(s)")
    lines += [f"  {a}: {w} state(s) within {depth}, {p} line(s)" for a, w, p in r.divide]
    lines += [f"  not modelled: {n}" for n in r.not_modelled]
    _emit(as_json, r.to_json(), lines)


game_commands = (actions_cmd, apply_cmd, play_cmd, perft_cmd)
"""The commands cli.py registers."""
