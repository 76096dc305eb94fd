"""``mobtable serve``: the web app (tables, invite links, bots, live play)."""

from __future__ import annotations

from typing import Annotated

import typer

from mobtable.cli._errors import fail


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on (0: any free port).")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///path (default: ./mobtable.sqlite) or "
            "postgresql+psycopg://user@host/db."
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before it moves, so humans can follow.")
    ] = 0.5,
    bot_processes: Annotated[
        int | None,
        typer.Option(
            help="Worker processes for search bots (default: CPUs - 1; 0: threads only).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Start the web app at http://HOST:PORT; games survive a restart (stored in the database)."""
    from mobtable.server import DEFAULT_DB, AddressInUse, run

    try:
        run(
            host,
            port,
            db or DEFAULT_DB,
            bot_delay=bot_delay,
            bot_processes=bot_processes,
            on_ready=announce,
        )
    except AddressInUse as exc:
        fail(str(exc))
    except OSError as exc:  # a host that is no local address, a port below 1024, ...
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")


def announce(url: str) -> None:
    """Say where the server listens, once it does."""
    typer.echo(f"mobtable: open {url} in a browser (Ctrl+C stops the server)")
