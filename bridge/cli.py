"""The ``mtgasp`` command-line program.

Every command reads a game-state file (YAML or JSON, see docs/state-format.md), asks the rules,
and prints the answer as text, or as one JSON document with ``--json``. Bad input ends with a
one-paragraph message on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from . import __version__, deadline
from .cards import CardDatabase
from .errors import EngineError, QueryTimeoutError
from .explain import summary
from .queries import AbilityReport, Engine, OrdersResult, PoolsResult, TapResult
from .results import shared_unread, unread_lines
from .state import GameState, load_state

if TYPE_CHECKING:
    from .reads import UnreadFact

FuncT = TypeVar("FuncT", bound=Callable[..., Any])


#: Seconds a command may take, unless --timeout (or MTGASP_TIMEOUT) says otherwise.
DEFAULT_TIMEOUT = 10.0

#: Commands that ask many questions in turn: --timeout bounds each of their searches, not the
#: whole command (every other command is bounded as a whole, input reading included).
MANY_QUESTIONS = frozenset({"demo", "verify", "sweep", "corpus", "rules"})

#: Exit statuses: 0 a complete answer; 2 bad input (one paragraph on stderr); 3 an internal error
#: (a bug in mtgasp: please report it); 4 an incomplete answer (the time limit stopped the search;
#: what was found is printed and marked incomplete).
EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INCOMPLETE = 2, 3, 4


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

    @property
    def db(self) -> CardDatabase:
        if self._db is None:
            self._db = CardDatabase.from_file(self.cards_file) if self.cards_file else CardDatabase.default()
        return self._db

    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = Engine(self.db, dump=self.dump, timeout=self.timeout)
        return self._engine

    @property
    def incomplete(self) -> list[str]:
        """Why the last answer is incomplete (the time limit stopped a search), or nothing."""
        return list(self._engine.incomplete) if self._engine is not None else []

    def state(self, path: str) -> GameState:
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


def _default_player(state: GameState, player: str | None) -> str:
    return player if player is not None else state.active


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
    if timeout and ctx.invoked_subcommand not in MANY_QUESTIONS:
        # The whole command shares one budget from its start: reading the state and the card
        # files and parsing Oracle text included (the watchdog stops it shortly after).
        deadline.start(timeout, c.started)
        ctx.call_on_close(deadline.clear)


# ---------------------------------------------------------------------------------------------
# could-produce
# ---------------------------------------------------------------------------------------------


@cli.command("could-produce")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.argument("objects", nargs=-1)
@json_option
@pass_ctx
def could_produce_cmd(c: Context, state_file: str, objects: tuple[str, ...], as_json: bool) -> None:
    """The types of mana each permanent could produce (CR 106.7); all permanents if none named."""
    state = c.state(state_file)
    engine = c.engine()
    results = engine.could_produce_all(state, objects or None)
    notes = sorted({n for r in results for n in r.notes})
    # Every fact no rule reads that some answer could depend on, once (a fact that may act on
    # any permanent is in every answer's list: listing it per answer would grow as n^2).
    unread = engine.unread(state, [r.object for r in results])
    emit(
        as_json,
        {"could_produce": [r.to_json(shared_listed=True) for r in results],
         "unread_facts": [u.to_json() for u in shared_unread(unread)]},
        lambda: [
            f"{r.object:>16}: {' '.join('{' + t + '}' for t in r.types) or 'nothing'}   [CR {', '.join(r.rules)}]"
            + (f"; effects: {', '.join(r.effects)}" if r.effects else "")
            for r in results
        ]
        + [f"note: {n}" for n in notes]
        + unread_lines(unread),
    )


# ---------------------------------------------------------------------------------------------
# tap
# ---------------------------------------------------------------------------------------------


def tap_lines(r: TapResult) -> Iterable[str]:
    yield f"Tap {r.object} for mana: {len(r.outcomes)} outcome(s), {len(r.distinct())} distinct result(s)"
    for ab, rule in r.cannot:
        yield f"  can't activate {ab}: CR {rule} ({summary(rule)})"
    for adds, group in r.distinct().items():
        who = ", ".join(f"{p} adds {m}" for p, m in adds) or "no mana is added"
        orders = sum(o.orders for o in group)
        yield f"  result: {who}   [{len(group)} way(s), {orders} order(s) of replacement effects]"
        for o in group:
            bits = [f"{o.ability.card} \"{o.text}\"" if o.text else str(o.ability)]
            if o.choice:
                bits.append(o.choice)
            line = f"    - {'; '.join(bits)}: produces {o.produced}"
            if o.replaced != o.produced:
                line += f", replaced to {o.replaced} ({o.orders} order(s))"
            for t in o.triggers:
                line += f"; {t.object} triggers: +{t.adds} to {t.recipient}"
            if o.pool_after is not None:
                line += f"; pays {o.paid} from the pool, which then holds {o.pool_after or 'no mana'}"
            for restriction in o.restrictions:
                line += f"; restricted mana (CR 106.6): {restriction}"
            yield line
            yield "      rules: " + ", ".join(o.rules)
            if o.effects:
                yield "      effects: " + ", ".join(o.effects)
    for note in r.notes:
        yield f"  note: {note}"
    yield from unread_lines(r.not_modelled, "  ")


@cli.command("tap")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.argument("obj")
@json_option
@pass_ctx
def tap_cmd(c: Context, state_file: str, obj: str, as_json: bool) -> None:
    """Every legal outcome of tapping OBJ for mana (CR 106.12, 605, 614, 616)."""
    state = c.state(state_file)
    r = c.engine().tap(state, obj)
    emit(as_json, r.to_json(), lambda: tap_lines(r))


# ---------------------------------------------------------------------------------------------
# abilities
# ---------------------------------------------------------------------------------------------


def ability_lines(player: str, reports: Iterable[AbilityReport], unread: Iterable[UnreadFact] | None = None) -> Iterable[str]:
    """The report as text; ``unread``: the facts no rule reads that the reports could depend on
    (default: each report's, deduplicated)."""
    yield f"Mana abilities of {player}:"
    for r in reports:
        status = "can activate" if r.activatable else "can't activate (" + ", ".join(
            f"CR {x}: {summary(x)}" for x in r.reasons
        ) + ")"
        cost = f" [mana cost {''.join(r.mana_cost)}]" if r.mana_cost else ""
        yield f"  {r.object:>12} {r.ability}: {r.text}{cost}"
        adds = ", ".join(str(m) for m in r.could_add) if r.activatable else "-"
        if not r.modelled:
            adds = "not modelled yet (mtgasp check lists why)"
        yield f"               {status}; could add: {adds}"
        for restriction in r.restrictions:
            yield f"               restricted mana (CR 106.6): {restriction}"
    yield from unread_lines(unread if unread is not None else (u for r in reports for u in r.not_modelled), "  ")


@cli.command("abilities")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.option("--player", help="Whose abilities (default: the active player).")
@json_option
@pass_ctx
def abilities_cmd(c: Context, state_file: str, player: str | None, as_json: bool) -> None:
    """A player's mana abilities: which can be activated now, and what each could add."""
    state = c.state(state_file)
    who = _default_player(state, player)
    engine = c.engine()
    reports = engine.mana_abilities(state, who)
    unread = engine.unread(state, sorted({r.object for r in reports}))  # once, as in could-produce
    emit(
        as_json,
        {"player": who, "abilities": [r.to_json(shared_listed=True) for r in reports],
         "unread_facts": [u.to_json() for u in shared_unread(unread)]},
        lambda: ability_lines(who, reports, unread),
    )


# ---------------------------------------------------------------------------------------------
# pools
# ---------------------------------------------------------------------------------------------


def pool_lines(r: PoolsResult, maximal_only: bool) -> Iterable[str]:
    yield f"{r.player} can add, by activating mana abilities now:"
    for g in r.groups:
        names = ", ".join(g.members[:6]) + (", ..." if len(g.members) > 6 else "")
        yield f"  {g}   ({names})"
    for c in r.complex:
        yield f"  and, paying its costs: {c}"
    shown = r.maximal if maximal_only else r.pools
    what = "maximal pools" if maximal_only else "distinct pools"
    bounded = not (r.maximal_complete if maximal_only else r.complete)
    total = f" of {r.total}" if r.total is not None and not maximal_only and len(shown) < r.total else ""
    yield f"{r.player}: {len(shown)}{total} {what}" + (" (bounded: see the notes)" if bounded else "")
    for p in shown:
        yield f"  {'*' if p.maximal else ' '} {p.mana}"
    if not maximal_only:
        yield "  (* maximal: no other pool has at least as much of every type)"
    for note in r.notes:
        yield f"  note: {note}"
    yield from unread_lines(r.not_modelled, "  ")


@cli.command("pools")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.option("--player", help="Whose pools (default: the active player).")
@click.option("--limit", type=click.IntRange(min=1), default=1000, show_default=True, help="List at most this many pools.")
@click.option(
    "--maximal-limit",
    type=click.IntRange(min=1),
    default=5000,
    show_default=True,
    help="Look for the maximal pools among at most this many candidates.",
)
@click.option("--maximal-only", is_flag=True, help="Show only the maximal pools.")
@json_option
@pass_ctx
def pools_cmd(
    c: Context, state_file: str, player: str | None, limit: int, maximal_limit: int, maximal_only: bool, as_json: bool
) -> None:
    """Every distinct mana pool a player can have by activating any set of mana abilities now."""
    state = c.state(state_file)
    who = _default_player(state, player)
    r = c.engine().pools(state, who, limit=limit, maximal_limit=maximal_limit)
    emit(as_json, r.to_json(), lambda: pool_lines(r, maximal_only))


# ---------------------------------------------------------------------------------------------
# orders
# ---------------------------------------------------------------------------------------------


def order_lines(r: OrdersResult) -> Iterable[str]:
    yield f"Tap {r.object} for mana with {r.ability}: {len(r.effects)} replacement effect(s) apply"
    yield f"  {r.chooser} chooses the order (CR 616.1: {summary('616.1')})"
    for e in r.effects:
        yield f"    - {e}"
    yield f"  {len(r.distinct)} distinct result(s), {r.total_orders} legal order(s) in all:"
    for d in r.distinct:
        start = f"{d.choice}: " if d.choice else ""
        yield f"    {start}{d.produced} -> {d.result}   [{d.orders} order(s)]"
    shown = "all" if r.complete else f"the first {r.limit} (raise --limit to see more)"
    yield f"  orders ({shown}):"
    for o in r.orders:
        steps = " ; ".join(str(s) for s in o.steps) or "(none)"
        start = f"{o.choice}: " if o.choice else ""
        yield f"    {start}{o.produced} -> {steps} -> {o.result}"


@cli.command("orders")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.argument("obj")
@click.option("--ability", type=int, help="Which mana ability of OBJ (its number on the card); default: the first usable.")
@click.option("--limit", type=click.IntRange(min=0), default=100, show_default=True, help="List at most this many orders.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "dot"]), default="text", show_default=True)
@json_option
@pass_ctx
def orders_cmd(c: Context, state_file: str, obj: str, ability: int | None, limit: int, fmt: str, as_json: bool) -> None:
    """Every legal order of the replacement effects when OBJ is tapped for mana, and every
    distinct result with how many orders lead to it (CR 614, 616). --format dot draws the graph
    of choices for Graphviz."""
    state = c.state(state_file)
    r = c.engine().orders(state, obj, ability, limit=limit)
    if fmt == "dot":
        click.echo(r.to_dot(), nl=False)
        for why in c.incomplete:
            click.echo(f"// {why}")
        return
    emit(as_json or fmt == "json", r.to_json(), lambda: order_lines(r))


# ---------------------------------------------------------------------------------------------
# card, check, demo
# ---------------------------------------------------------------------------------------------


@cli.command("card")
@click.argument("name")
@json_option
@pass_ctx
def card_cmd(c: Context, name: str, as_json: bool) -> None:
    """A card's Oracle text and the facts the parser reads from it."""
    card = c.db.get(name)
    parsed = c.db.parsed(card.name)
    data = {
        "name": card.name,
        "type_line": card.type_line,
        "oracle_text": card.oracle_text,
        "fully_parsed": parsed.fully_parsed,
        "unsupported": [
            {"ability": a.index, "text": a.text, "span": list(a.span), "message": a.message} for a in parsed.unsupported
        ],
        "facts": [str(f) for f in parsed.facts],
    }
    emit(as_json, data, lambda: [f"{card.name} — {card.type_line}", card.oracle_text, "", parsed.to_asp()])


@cli.command("check")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@json_option
@pass_ctx
def check_cmd(c: Context, state_file: str, as_json: bool) -> None:
    """Validate a game-state file and list what the parser does not support in its cards."""
    state = c.state(state_file)
    db = state.database(c.db)
    findings = c.engine().check(state)
    violations = [{"rule": code, "subject": subject, "summary": summary(code)} for code, subject in findings
                  if code not in ("unmodelled", "pending")]
    unmodelled = [subject for code, subject in findings if code == "unmodelled"]
    pending = [subject for code, subject in findings if code == "pending"]
    unsupported = []
    for perm in state.battlefield:
        for a in db.parsed(perm.card).unsupported:
            unsupported.append({"object": perm.id, "card": perm.card, "ability": a.index, "text": a.text})
    from .reads import unread_facts

    unread = unread_facts(state, c.db)  # facts no rule reads: every answer ignores them (mtgasp.reads)
    emit(
        as_json,
        {
            "valid": not violations,
            "players": list(state.player_ids),
            "permanents": len(state.battlefield),
            "violations": violations,
            "unsupported": unsupported,
            "unmodelled": unmodelled,
            "pending_state_based_actions": pending,
            "unread_facts": [u.to_json() for u in unread],
        },
        lambda: [
            f"{state_file}: {'valid' if not violations else 'violates the rules'} "
            f"({len(state.player_ids)} players, {len(state.battlefield)} permanents)"
        ]
        + [f"  violation: CR {v['rule']} ({v['summary']}): {v['subject']}" for v in violations]
        + [f"  state-based action pending (CR 704.3: the next 'settle' performs it): {p}" for p in pending]
        + [f"  unsupported text: {u['object']} ({u['card']}) ability {u['ability']}: {u['text']}" for u in unsupported]
        + [f"  not modelled yet: {u}" for u in unmodelled]
        + [f"  {u.text()}" for u in unread],
    )


def _example(name: str) -> Path:
    """An example state shipped with the package (the embedded demo states)."""
    return Path(str(resources.files("mtgasp") / "data" / "examples" / name))


@cli.command("demo")
@json_option
@pass_ctx
def demo_cmd(c: Context, as_json: bool) -> None:
    """Show every mana outcome of the embedded example state (no files needed)."""
    path = _example("mana-demo.yaml")
    state = c.state(str(path))
    engine = c.engine()
    cp = [engine.could_produce(state, p.id) for p in state.battlefield]
    taps = [engine.tap(state, p.id) for p in state.battlefield if p.controller == state.active]
    taps = [t for t in taps if t.outcomes or t.cannot]
    pools = engine.pools(state, state.active, limit=50)
    if as_json:
        emit(
            True,
            {
                "state": str(path),
                "could_produce": [r.to_json() for r in cp],
                "tap": [t.to_json() for t in taps],
                "pools": pools.to_json(),
            },
            lambda: [],
        )
        return
    click.echo(f"Example state: {path}")
    if state.notes:
        click.echo(state.notes.rstrip())
    click.echo("")
    click.echo("Types of mana each permanent could produce (CR 106.7):")
    for r in cp:
        click.echo(f"  {r.object:>14}: {' '.join('{' + t + '}' for t in r.types) or 'nothing'}")
    for t in taps:
        click.echo("")
        for line in tap_lines(t):
            click.echo(line)
    click.echo("")
    for line in pool_lines(pools, maximal_only=True):
        click.echo(line)


def main(argv: list[str] | None = None) -> int:
    """Run the program and return its exit status (see :data:`EXIT_INCOMPLETE` and above).

    Bad input prints one paragraph on stderr and returns 2; an unexpected exception (a bug)
    prints a one-paragraph "internal error" and returns 3, never a traceback. The command runs
    under :mod:`mtgasp.watchdog`: past its time limit it is stopped even while grounding (exit 4)."""
    started = time.monotonic()  # first: the time limit counts from the command's start
    from .watchdog import run

    return run(lambda: _main(argv, started))


def _main(argv: list[str] | None, started: float | None = None) -> int:
    obj = Context(started=started)
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


def _register_optional() -> None:
    """Commands that live in their own modules (the corpus report)."""
    try:
        from .corpus import corpus_command
    except ImportError:  # pragma: no cover - the module is part of the package
        return
    cli.add_command(corpus_command)
    from .cli_game import game_commands

    for command in game_commands:
        cli.add_command(command)


_register_optional()
from .cli_consistency import register as _register_consistency; _register_consistency(cli)  # noqa: E402,E702
from .cli_rules import register as _register_rules; _register_rules(cli)  # noqa: E402,E702
from .cli_reads import register as _register_reads; _register_reads(cli)  # noqa: E402,E702
from .cli_schema import schema_command; cli.add_command(schema_command)  # noqa: E402,E702
from .cli_events import register as _register_events; _register_events(cli)  # noqa: E402,E702
from .cli_characteristics import characteristics_command; cli.add_command(characteristics_command)  # noqa: E402,E702

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
