"""The `replacements` command: every distinct result of the replacement effects on one event of
creating tokens or putting counters (CR 614.1a, 616), with how many orders give each."""

from __future__ import annotations

import click

from .cli import Context, emit, json_option, pass_ctx
from .events import parse_event, replacements


@click.command("replacements")
@click.argument("state_file", type=click.Path(exists=True, dir_okay=False))
@click.argument("event")
@json_option
@pass_ctx
def replacements_command(ctx: Context, state_file: str, event: str, as_json: bool) -> None:
    """Every distinct result of the replacement effects on EVENT, with the number of orders.

    EVENT is tokens:PLAYER:N[:CARD] (N tokens under PLAYER's control; CARD: they are copies of
    that card), tokens:PLAYER:N:predefined=NAME (Treasure, Food, Clue, ...), or
    counters:OBJECT:KIND:N (N counters of KIND, e.g. +1/+1, on a permanent).
    """
    state = ctx.state(state_file)
    result = replacements(ctx.engine(), state, parse_event(event))
    emit(as_json, result.to_json(), result.lines)


def register(cli: click.Group) -> None:
    cli.add_command(replacements_command)
