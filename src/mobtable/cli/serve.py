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
    tables_per_minute: Annotated[
        int | None,
        typer.Option(
            help="Tables one client may create per minute (default: "
            "$MOBTABLE_TABLES_PER_MINUTE or 30; 0: no limit).",
            show_default=False,
        ),
    ] = None,
    bot_tables: Annotated[
        int | None,
        typer.Option(
            help="Unfinished bot-only tables one client may have (default: "
            "$MOBTABLE_BOT_TABLES or 4; 0: no limit).",
            show_default=False,
        ),
    ] = None,
    bot_only_moves: Annotated[
        int | None,
        typer.Option(
            help="Moves of bot-only tables under way at once, server-wide (default: "
            "$MOBTABLE_BOT_ONLY_MOVES or 1; 0: no limit).",
            show_default=False,
        ),
    ] = None,
    live_tables: Annotated[
        int | None,
        typer.Option(
            help="Unfinished tables the server holds at once; a new one beyond is refused "
            "until one ends (default: $MOBTABLE_LIVE_TABLES or 5000; 0: no limit).",
            show_default=False,
        ),
    ] = None,
    finished_tables: Annotated[
        int | None,
        typer.Option(
            help="Finished tables kept in memory, more are reloaded on demand (default: "
            "$MOBTABLE_FINISHED_TABLES or 256; 0: no limit).",
            show_default=False,
        ),
    ] = None,
    waiting_expiry: Annotated[
        int | None,
        typer.Option(
            help="Seconds a table that has not started stays open after its last join "
            "(default: $MOBTABLE_WAITING_EXPIRY or 1800; 0: for ever).",
            show_default=False,
        ),
    ] = None,
    abandoned_expiry: Annotated[
        int | None,
        typer.Option(
            help="Seconds an unfinished game stays open once none of its players is there "
            "(default: $MOBTABLE_ABANDONED_EXPIRY or 900; 0: for ever).",
            show_default=False,
        ),
    ] = None,
    chat_per_minute: Annotated[
        int | None,
        typer.Option(
            help="Chat messages one client may send a minute, after a burst of 5 (default: "
            "$MOBTABLE_CHAT_PER_MINUTE or 20; 0: no limit).",
            show_default=False,
        ),
    ] = None,
    ws_per_address: Annotated[
        int | None,
        typer.Option(
            help="WebSockets one client address may hold open at once (default: "
            "$MOBTABLE_WS_PER_ADDRESS or 64; 0: no limit).",
            show_default=False,
        ),
    ] = None,
    ws_per_table: Annotated[
        int | None,
        typer.Option(
            help="WebSockets one table takes at once; beyond, watchers are refused, never "
            "its players (default: $MOBTABLE_WS_PER_TABLE or 100; 0: no limit).",
            show_default=False,
        ),
    ] = None,
    health_port: Annotated[
        int | None,
        typer.Option(
            help="Answer a balancer's health check on this port, from a thread of its own "
            "(200 while the server's event loop runs; default: none).",
            show_default=False,
        ),
    ] = None,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="A reverse proxy whose X-Forwarded-For names the client (repeatable; "
            "default: $MOBTABLE_TRUSTED_PROXIES or none: the header is ignored).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Start the web app at http://HOST:PORT; games survive a restart (stored in the database)."""
    from mobtable.server import DEFAULT_DB, AddressInUse, BadSetting, run
    from mobtable.server.limits import ServerLimits

    try:
        limits = ServerLimits.configured(
            tables_per_minute=tables_per_minute,
            bot_tables=bot_tables,
            bot_only_moves=bot_only_moves,
            live_tables=live_tables,
            finished_tables=finished_tables,
            waiting_expiry=waiting_expiry,
            abandoned_expiry=abandoned_expiry,
            chat_per_minute=chat_per_minute,
            ws_per_address=ws_per_address,
            ws_per_table=ws_per_table,
        )
    except ValueError as exc:
        fail(str(exc))
    try:
        run(
            host,
            port,
            db or DEFAULT_DB,
            bot_delay=bot_delay,
            bot_processes=bot_processes,
            limits=limits,
            trusted_proxies=trusted_proxy,
            on_ready=announce,
            health_port=health_port,
        )
    except (AddressInUse, BadSetting) as exc:
        fail(str(exc))
    except OSError as exc:  # a host that is no local address, a port below 1024, ...
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")


def announce(url: str) -> None:
    """Say where the server listens, once it does."""
    typer.echo(f"mobtable: open {url} in a browser (Ctrl+C stops the server)")
