"""``mtgasp characteristics STATE OBJ``: every characteristic of a permanent after the layers of
CR 613, and the effects that set or changed each, by layer and timestamp (``--json``: one JSON
document)."""

from __future__ import annotations

import json
from typing import Any

import click

__all__ = ["characteristics_command"]


@click.command("characteristics")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.argument("obj")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")
@click.pass_obj
def characteristics_command(c: Any, state_file: str, obj: str, as_json: bool) -> None:
    """Each characteristic of permanent OBJ (name, mana cost, colors, types, abilities,
    power/toughness, loyalty, defense, controller) and the effects that set or changed it, by
    layer (CR 613)."""
    r = c.engine().characteristics(c.state(state_file), obj)
    if as_json:
        click.echo(json.dumps(r.to_json(), indent=2, ensure_ascii=False))
    else:
        for line in r.lines():
            click.echo(line)
