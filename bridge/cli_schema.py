"""``mtgasp schema``: the JSON Schema of game-state files (docs/state-format.md), for editors.
Registered in :mod:`mtgasp.cli`."""

from __future__ import annotations

from pathlib import Path

import click

from .state.json_schema import state_json_schema_text

__all__ = ["schema_command"]


@click.command("schema")
@click.option("-o", "--out", type=click.Path(dir_okay=False, writable=True), help="Write it to this file.")
def schema_command(out: str | None) -> None:
    """Print the JSON Schema of game-state files (the committed copy is docs/state.schema.json).
    Point your editor's YAML/JSON language server at it to get completion and checks while
    writing a state; mtgasp itself checks more when loading (ids, references, card names)."""
    text = state_json_schema_text()
    if out is None:
        click.echo(text, nl=False)
    else:
        Path(out).write_text(text, encoding="utf-8")
