"""Command-line options shared by several commands (one definition, one help text)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

Variants = Annotated[
    list[str] | None, typer.Option("--variant", help="Switch a rule variant on (repeatable).")
]
RuleOptions = Annotated[
    list[str] | None, typer.Option("--option", help="A rule option key=value (repeatable).")
]
CardsFile = Annotated[
    Path | None, typer.Option("--cards", help="A TOML card file replacing the built-in cards.")
]
Players = Annotated[
    int | None, typer.Option("--players", "-p", help="Seats at the table.", show_default=False)
]
LineUp = Annotated[str, typer.Option("--bots", "-b", help="Bots, one per seat (one name: all).")]
Jobs = Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (1 to 1,024).")]
Rotate = Annotated[bool, typer.Option("--rotate", help="Shift the line-up one seat each game.")]
RayAddress = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="ADDRESS",
        help="Play the games as Ray tasks: 'auto' starts a local Ray, "
        "an address joins that cluster.",
        show_default=False,
    ),
]
