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
