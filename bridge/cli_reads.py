"""``mtgasp rules reads``: what the rules read of the facts (the table of ``mtgasp.reads``).

For each argument that names what a fact does (``rules_asp/reads.lp``: ``kind_arg/3``), the
kinds some rule reads, with the first rule file that reads each; and the declared inputs no rule
reads. A fact of a question outside this table is listed with its answer as not modelled.
"""

from __future__ import annotations

import json

import click

__all__ = ["reads_command", "register"]


@click.command("reads")
@click.option("--json", "as_json", is_flag=True, help="Print the table as one JSON document.")
def reads_command(as_json: bool) -> None:
    """What the rules read: for each kind argument the kinds read, and the inputs no rule reads."""
    from .reads import read_table

    t = read_table()
    kinds = {
        f"{p}/{n} argument {i}": {k: t.where.get(((p, n, i), k), "") for k in sorted(ks)}
        for (p, n, i), ks in sorted(t.kinds.items())
    }
    unread = sorted(f"{p}/{n}" for p, n in t.unread_inputs)
    if as_json:
        click.echo(json.dumps({"kinds": kinds, "unread_inputs": unread}, indent=2, ensure_ascii=False))
        return
    for arg, ks in kinds.items():
        click.echo(f"{arg}: {len(ks)} kind(s) read")
        for k, where in ks.items():
            click.echo(f"  {k:<28} {where}")
    click.echo("inputs no rule reads (their facts are not modelled): " + ", ".join(unread))


def register(cli: click.Group) -> None:
    """Add ``reads`` to the ``rules`` group of ``cli``."""
    group = cli.commands.get("rules")
    if isinstance(group, click.Group):
        group.add_command(reads_command)
