"""The web server: tables, seats, bots, WebSockets and the web client.

Start it with :func:`run` (or ``python -m mobtable.server``).
"""

from __future__ import annotations

DEFAULT_DB = "sqlite:///mobtable.sqlite"


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_url: str = DEFAULT_DB,
    *,
    bot_delay: float = 0.5,
    bot_processes: int | None = None,
    log_level: str = "info",
) -> None:
    """Serve mobtable on ``host:port`` with the database at ``db_url`` (migrated first)."""
    import uvicorn

    from mobtable.server.app import create_app

    app = create_app(db_url, bot_delay=bot_delay, bot_processes=bot_processes)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,  # views are small; compression only costs CPU
    )


__all__ = ["DEFAULT_DB", "run"]
