"""``mtgasp characteristics STATE OBJ``: every characteristic of a permanent after the layers of
CR 613, and the effects that set or changed each, by layer and timestamp (``--json``: one JSON
document)."""

from __future__ import annotations

import click

from .cli import Context, emit, json_option, pass_ctx

__all__ = ["characteristics_command"]


@click.command("characteristics")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.argument("obj")
@json_option
@pass_ctx
def characteristics_command(c: Context, state_file: str, obj: str, as_json: bool) -> None:
    """Each characteristic of permanent OBJ (name, mana cost, colors, types, abilities,
    power/toughness, loyalty, defense, controller) and the effects that set or changed it, by
    layer (CR 613)."""
    r = c.engine().characteristics(c.state(state_file), obj)
    emit(as_json, r.to_json(), r.lines)
