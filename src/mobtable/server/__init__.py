"""The web server: tables, seats, bots, WebSockets and the web client.

Start it with :func:`run` (or ``python -m mobtable.server``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mobtable.server.limits import ServerLimits

DEFAULT_DB = "sqlite:///mobtable.sqlite"
TRUSTED_PROXIES_ENV = "MOBTABLE_TRUSTED_PROXIES"


def trusted_proxies_from(given: Sequence[str] | None) -> list[str]:
    """The proxies given, else those in ``MOBTABLE_TRUSTED_PROXIES`` (comma-separated)."""
    if given:
        return list(given)
    return [p.strip() for p in os.environ.get(TRUSTED_PROXIES_ENV, "").split(",") if p.strip()]


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_url: str = DEFAULT_DB,
    *,
    bot_delay: float = 0.5,
    bot_processes: int | None = None,
    log_level: str = "info",
    limits: ServerLimits | None = None,
    trusted_proxies: Sequence[str] | None = None,
) -> None:
    """Serve mobtable on ``host:port`` with the database at ``db_url`` (migrated first).

    ``limits``: default ``ServerLimits.configured()`` (the environment, else the
    defaults). ``trusted_proxies``: addresses of reverse proxies whose
    ``X-Forwarded-For`` names the client (default: none, the header is ignored).
    """
    import uvicorn

    from mobtable.server.app import create_app
    from mobtable.server.limits import ServerLimits

    proxies = trusted_proxies_from(trusted_proxies)
    app = create_app(
        db_url,
        bot_delay=bot_delay,
        bot_processes=bot_processes,
        limits=limits or ServerLimits.configured(),
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,  # views are small; compression only costs CPU
        proxy_headers=bool(proxies),  # uvicorn's own default trusts 127.0.0.1
        forwarded_allow_ips=",".join(proxies) or None,
    )


__all__ = ["DEFAULT_DB", "TRUSTED_PROXIES_ENV", "run", "trusted_proxies_from"]
