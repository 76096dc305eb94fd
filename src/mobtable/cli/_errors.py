"""Clean failures: a red message on stderr and an exit code, never a traceback."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

USAGE = 2
"""Exit code for bad command-line input (unknown game, option, card file...)."""
FAILURE = 1
"""Exit code for a check that failed or a game that could not be finished."""


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False, emoji=False)  # "127.0.0.1:-1:" stays text


def fail(message: str, *, code: int = USAGE) -> NoReturn:
    """Print ``Error: message`` to stderr and exit with ``code``."""
    stderr_console().print(f"[bold red]Error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(code)
