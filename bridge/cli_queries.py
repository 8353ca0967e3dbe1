"""The mana queries of the command line: ``could-produce``, ``tap``, ``abilities``, ``pools``,
``orders``, ``card``, ``check`` and ``demo``. :mod:`mtgasp.cli` imports this module when one of
them is invoked (or listed by ``--help``): the engine and the game-state models are loaded only
by the commands that ask the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .cli import Context, emit, json_option, pass_ctx
from .explain import summary
from .queries import AbilityReport, OrdersResult, PoolsResult, TapResult
from .results import shared_unread, unread_lines

if TYPE_CHECKING:
    from .reads import UnreadFact
    from .state import GameState

__all__ = ["commands", "tap_lines", "ability_lines", "pool_lines", "order_lines"]


def _default_player(state: GameState, player: str | None) -> str:
    return player if player is not None else state.active



# ---------------------------------------------------------------------------------------------
# could-produce
# ---------------------------------------------------------------------------------------------


@click.command("could-produce")
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


@click.command("tap")
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


@click.command("abilities")
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


@click.command("pools")
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


@click.command("orders")
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


@click.command("card")
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


@click.command("check")
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


@click.command("demo")
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


#: The commands of this module, in the order of the program's help.
commands = (could_produce_cmd, tap_cmd, abilities_cmd, pools_cmd, orders_cmd, card_cmd, check_cmd, demo_cmd)
