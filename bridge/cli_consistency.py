"""Consistency commands: ``mtgasp verify`` (ruling cases) and ``mtgasp sweep`` (a corpus of
cards in generated states). Registered in :mod:`mtgasp.cli`."""

from __future__ import annotations

import json

import click

from .rulings import load_cases
from .verify import FAIL, PASS, UNSUPPORTED, run_case

__all__ = ["verify_command", "sweep_command", "register"]


@click.command("verify")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
@click.option("-v", "--verbose", is_flag=True, help="Show every check, not only the failing ones.")
@click.option("-k", "select", help="Run only the cases whose name contains this text.")
@click.pass_obj
def verify_command(ctx: object, paths: tuple[str, ...], as_json: bool, verbose: bool, select: str | None) -> None:
    """Run ruling cases (a YAML file, or every .yaml file under a directory): each passes, fails
    (expected vs got, and the rules that fired) or is unsupported (with the reason). Exit status
    1 when a case fails (docs/rulings-format.md)."""
    engine = ctx.engine()  # type: ignore[attr-defined]
    cases = [c for p in paths for c in load_cases(p) if not select or select in c.name]
    results = []
    for case in cases:
        r = run_case(case, engine)
        results.append(r)
        if not as_json:
            for line in r.lines(verbose):
                click.echo(line)
    counts = {s: sum(r.status == s for r in results) for s in (PASS, FAIL, UNSUPPORTED)}
    if as_json:
        click.echo(json.dumps({"summary": counts, "cases": [r.to_json() for r in results]}, indent=2, ensure_ascii=False))
    else:
        click.echo(f"{len(results)} case(s): {counts[PASS]} pass, {counts[FAIL]} fail, {counts[UNSUPPORTED]} unsupported")
    if counts[FAIL]:
        raise click.exceptions.Exit(1)


def register(cli: click.Group) -> None:
    cli.add_command(verify_command)
    try:
        from .sweep import sweep_command
    except ImportError:  # the sweep module is optional while it is built
        return
    cli.add_command(sweep_command)
