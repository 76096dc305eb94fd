"""``mobtable schema GAME``: the JSON Schema of a game's views, made from its declared type."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from mobtable.cli._errors import fail
from mobtable.cli.setup import load_game
from mobtable.core.errors import BadConfig
from mobtable.core.viewschema import schema_text


def schema(
    name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see 'mobtable games').")],
) -> None:
    """Print the JSON Schema of what a seat sees of GAME (docs/schemas/ holds each game's)."""
    try:
        text = schema_text(load_game(name))
    except BadConfig as exc:  # a game that declares no view type (a game being written)
        fail(str(exc))
    sys.stdout.write(text)
