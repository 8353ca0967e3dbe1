"""The ``mtgasp`` command-line program.

Every command reads a game-state file (YAML or JSON, see docs/state-format.md), asks the rules,
and prints the answer as text, or as one JSON document with ``--json``. Bad input ends with a
one-paragraph message on stderr and exit status 2, never a traceback.

This module is the program's entry (``mtgasp = mtgasp.cli:main``): the group, its options, the
exit statuses and the time limit. Each command lives in a module of its own (:data:`COMMANDS`),
imported only when the command is invoked or listed by ``--help``, so a command pays for the
modules it needs and no more: ``mtgasp corpus`` never loads the engine, the game-state models or
pydantic (issue 12).
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from collections.abc import Callable, Iterable
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar

import click

from . import __version__, deadline
from .errors import EngineError, QueryTimeoutError

if TYPE_CHECKING:
    from .cards import CardDatabase
    from .queries import Engine
    from .state import GameState

FuncT = TypeVar("FuncT", bound=Callable[..., Any])


#: Seconds a command may take, unless --timeout (or MTGASP_TIMEOUT) says otherwise.
DEFAULT_TIMEOUT = 10.0

#: Commands that ask many questions in turn: --timeout bounds each of their searches, not the
#: whole command (every other command is bounded as a whole, input reading included).
MANY_QUESTIONS = frozenset({"demo", "verify", "sweep", "corpus", "rules"})

#: Commands whose process ends as soon as their answer is written, without freeing what it
#: holds (``os._exit``, see :func:`main`): the corpus report leaves hundreds of thousands of
#: objects in the parser's caches, which the interpreter's exit would free one by one (~0.6 s
#: of CPU, a tenth of the command). Such a command also runs with the cyclic garbage collector
#: off: what it builds lives until that exit, and it makes no garbage in cycles (over the whole
#: corpus, a collection at the end finds ~400 objects, all left by the imports' class-building;
#: tests/test_collector.py), while the collections walked every object it made once young and
#: the ~200k kept ones once more after its loop (0.17 s of a 5.5 s run, for nothing).
QUICK_EXIT = frozenset({"corpus"})

#: Exit statuses: 0 a complete answer; 2 bad input (one paragraph on stderr); 3 an internal error
#: (a bug in mtgasp: please report it); 4 an incomplete answer (the time limit stopped the search;
#: what was found is printed and marked incomplete).
EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INCOMPLETE = 2, 3, 4

#: Each command → the module of this package that defines it and the command's name there.
#: ``rules`` also gets ``rules reads`` (mtgasp.cli_reads).
COMMANDS = {
    "abilities": ("cli_queries", "abilities_cmd"),
    "actions": ("cli_game", "actions_cmd"),
    "apply": ("cli_game", "apply_cmd"),
    "card": ("cli_queries", "card_cmd"),
    "characteristics": ("cli_characteristics", "characteristics_command"),
    "check": ("cli_queries", "check_cmd"),
    "corpus": ("corpus", "corpus_command"),
    "could-produce": ("cli_queries", "could_produce_cmd"),
    "demo": ("cli_queries", "demo_cmd"),
    "orders": ("cli_queries", "orders_cmd"),
    "perft": ("cli_game", "perft_cmd"),
    "play": ("cli_game", "play_cmd"),
    "pools": ("cli_queries", "pools_cmd"),
    "replacements": ("cli_events", "replacements_command"),
    "rules": ("cli_rules", "rules_group"),
    "schema": ("cli_schema", "schema_command"),
    "sweep": ("sweep", "sweep_command"),
    "tap": ("cli_queries", "tap_cmd"),
    "verify": ("cli_consistency", "verify_command"),
}


class Commands(click.Group):
    """The program's group: a command of :data:`COMMANDS` is imported from its module the first
    time it is looked up (invoked, or listed by ``--help``); commands added with ``add_command``
    are there from the start, as in any click group."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module, name = COMMANDS[cmd_name]
            self.add_command(getattr(import_module(f".{module}", __package__), name), cmd_name)
            if cmd_name == "rules":
                from .cli_reads import register

                register(self)
        return self.commands.get(cmd_name)


class Context:
    """What the group options give every command."""

    def __init__(
        self, cards: str | None = None, dump: str | None = None, timeout: float | None = DEFAULT_TIMEOUT,
        started: float | None = None,
    ) -> None:
        self.started = time.monotonic() if started is None else started
        """When the command started (``time.monotonic()``): its time limit counts from here."""
        self.cards_file = cards
        self.dump = dump
        self.timeout = timeout
        self._db: CardDatabase | None = None
        self._engine: Engine | None = None
        self.quick_exit = False
        """Whether :func:`main` may end the process once the command's output is written
        (a command of :data:`QUICK_EXIT`)."""
        self.ends_process = False
        """Whether the process ends when the command does (:func:`main` without arguments:
        the mtgasp program)."""

    @property
    def db(self) -> CardDatabase:
        if self._db is None:
            from .cards import CardDatabase

            self._db = CardDatabase.from_file(self.cards_file) if self.cards_file else CardDatabase.default()
        return self._db

    def engine(self) -> Engine:
        if self._engine is None:
            from .queries import Engine

            self._engine = Engine(self.db, dump=self.dump, timeout=self.timeout)
        return self._engine

    @property
    def incomplete(self) -> list[str]:
        """Why the last answer is incomplete (the time limit stopped a search), or nothing."""
        return list(self._engine.incomplete) if self._engine is not None else []

    def state(self, path: str) -> GameState:
        from .state import load_state

        return load_state(path, db=self.db)


pass_ctx = click.make_pass_decorator(Context)


def json_option(f: FuncT) -> FuncT:
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")(f)


def emit(as_json: bool, data: Any, text: Callable[[], Iterable[str]]) -> None:
    """Print the answer; an incomplete one says so (JSON: an "incomplete" list; text: a note)."""
    ctx = click.get_current_context(silent=True)
    c = ctx.find_object(Context) if ctx is not None else None
    incomplete = c.incomplete if c is not None else []
    if as_json:
        if incomplete and isinstance(data, dict):
            data = {**data, "incomplete": incomplete}
        click.echo(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False))
    else:
        lines = list(text())
        for line in lines:
            click.echo(line)
        for why in incomplete:
            if not any(why in line for line in lines):
                click.echo(f"note: {why}")


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mtgasp")
@click.option(
    "--cards",
    type=click.Path(exists=True, dir_okay=False),
    help="Extra card data (Scryfall oracle_cards JSON, MTGJSON AtomicCards.json, JSON lines or YAML), "
    "layered over the embedded card set.",
)
@click.option(
    "--dump",
    type=click.Path(dir_okay=False, writable=True),
    help="Write each query's facts to this file and print the clingo command that reruns it.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0),
    default=DEFAULT_TIMEOUT,
    show_default=True,
    envvar="MTGASP_TIMEOUT",
    help="Seconds a command may take, reading its input included (0: no limit; demo, verify, sweep, corpus "
    "and rules: each search). When the time is up the answer found so far is printed, marked incomplete, "
    "and the exit status is 4.",
)
@click.pass_context
def cli(ctx: click.Context, cards: str | None, dump: str | None, timeout: float) -> None:
    """mtgasp: every legal outcome of a Magic: The Gathering game state, explained by CR number.

    Exit status: 0 a complete answer, 2 bad input, 3 an internal error (please report it),
    4 an incomplete answer (the time limit stopped the search)."""
    c = ctx.ensure_object(Context)
    c.cards_file, c.dump, c.timeout = cards, dump, (timeout or None)
    c.quick_exit = ctx.invoked_subcommand in QUICK_EXIT
    if c.ends_process:
        _collector_once_known(c.quick_exit)
    if timeout and ctx.invoked_subcommand not in MANY_QUESTIONS:
        # The whole command shares one budget from its start: reading the state and the card
        # files and parsing Oracle text included (the watchdog stops it shortly after).
        deadline.start(timeout, c.started)
        ctx.call_on_close(deadline.clear)


def _collector_once_known(quick_exit: bool) -> None:
    """The program's cyclic garbage collector once its command is known: it is off from the start
    of :func:`main`, while the command line is read and the command's module imported (objects
    that live to the end, which its collections walked again and again: ~10 ms of ``--help``,
    ~17 ms of a first ``tap``); a command of :data:`QUICK_EXIT` keeps it off, any other freezes
    what start-up made (``gc.freeze``: left out of every later collection) and turns it on. A
    caller in Python (``main`` with arguments) keeps its collector as it is."""
    if not quick_exit:
        gc.freeze()
        gc.enable()


def main(argv: list[str] | None = None) -> int:
    """Run the program and return its exit status (see :data:`EXIT_INCOMPLETE` and above).

    Bad input prints one paragraph on stderr and returns 2; an unexpected exception (a bug)
    prints a one-paragraph "internal error" and returns 3, never a traceback. The command runs
    under :mod:`mtgasp.watchdog`: past its time limit it is stopped even while grounding (exit 4).

    Without ``argv`` (the process's own command line: the ``mtgasp`` program), a command of
    :data:`QUICK_EXIT` that ran in this process ends it once its output is flushed, with the
    same exit status: what its caches hold is left to the operating system to reclaim at once,
    not freed object by object. Under the watchdog the command ran in a child process that ends
    so anyway; with ``argv`` (a caller in Python) this function always returns."""
    started = time.monotonic()  # first: the time limit counts from the command's start
    from .watchdog import run

    obj = Context(started=started)
    obj.ends_process = argv is None
    if obj.ends_process:
        gc.disable()  # until the command is known (_collector_once_known)
    code = run(lambda: _main(argv, started, obj))
    if argv is None and obj.quick_exit:
        _exit_now(code)
    return code


def _exit_now(code: int) -> None:
    """End the process with ``code`` now, its output flushed; if flushing fails (a closed pipe),
    return instead: the interpreter's own exit then reports it, as for every other command."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - left to the ordinary exit
        return
    os._exit(code)


def _main(argv: list[str] | None, started: float | None = None, obj: Context | None = None) -> int:
    obj = Context(started=started) if obj is None else obj
    try:
        code = cli.main(args=argv, prog_name="mtgasp", standalone_mode=False, obj=obj)  # a command's Exit(n) returns n
    except click.exceptions.Exit as e:
        return int(e.exit_code or 0)
    except click.ClickException as e:
        e.show()
        return EXIT_BAD_INPUT
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 1
    except QueryTimeoutError as e:
        click.echo(f"mtgasp: {e}", err=True)
        return EXIT_INCOMPLETE
    except EngineError as e:
        click.echo(f"mtgasp: {short(str(e), 2000)}", err=True)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
    except Exception as e:  # noqa: BLE001 - the last resort: a bug must not print a traceback
        return internal_error(e)
    finally:
        deadline.clear()
    if isinstance(code, int) and code:
        return code
    return EXIT_INCOMPLETE if obj.incomplete else 0


def short(text: str, n: int = 200) -> str:
    """``text`` cut to about ``n`` characters, saying how much was left out."""
    return text if len(text) <= n else f"{text[:n]}... ({len(text) - n} more characters)"


def internal_error(e: BaseException) -> int:
    """Report an unexpected exception as one paragraph (exit status 3)."""
    what = short(" ".join(str(e).split()), 200) or "no message"
    click.echo(
        f"mtgasp: internal error ({type(e).__name__}: {what}). This is a bug in mtgasp, not in your input; "
        "please report it with the command line and the input files that caused it "
        "(set MTGASP_DEBUG=1 to see the traceback).",
        err=True,
    )
    if os.environ.get("MTGASP_DEBUG"):
        import traceback

        traceback.print_exception(e)
    return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
