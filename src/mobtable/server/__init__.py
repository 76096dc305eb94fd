"""The web server: tables, seats, bots, WebSockets and the web client.

Start it with :func:`run` (or ``python -m mobtable.server``).
"""

from __future__ import annotations

import errno
import gc
import os
import socket
from collections.abc import Callable, Sequence
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


GC_THRESHOLDS = (700, 10, 1_000)
"""The serving process's garbage collector: the young generations as Python's defaults,
the oldest considered every 1,000 collections of the middle one (not 10: at 1,000
tables, about every half hour of play rather than every 10-20 s). A full collection walks
every live object, the tables' and the connections' (100-300 ms of CPU at 1,000
tables), stalling the event loop every table shares. Garbage cycles that reach the
oldest generation wait longer to be freed (``load.py`` prints the server's memory)."""


def tune_gc() -> None:
    """Once started: the objects made so far (the modules, the resumed tables) kept out
    of every later collection (``gc.freeze``), and :data:`GC_THRESHOLDS`."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class AddressInUse(Exception):
    """The port asked for is taken (another server, or another mobtable)."""


_IN_USE = {errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", errno.EADDRINUSE)}


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one); ``AddressInUse`` if taken."""
    family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    try:
        return socket.create_server((host, port), family=family)
    except OSError as exc:
        if exc.errno not in _IN_USE:
            raise
        raise AddressInUse(
            f"port {port} on {host} is in use: pick another with --port, e.g. --port {port + 1}"
        ) from exc


def address(sock: socket.socket) -> str:
    """The URL a browser opens for a bound socket."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


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
    on_ready: Callable[[str], None] | None = None,
) -> None:
    """Serve mobtable on ``host:port`` with the database at ``db_url`` (migrated first).

    The socket is bound before anything else (``AddressInUse`` if the port is taken), and
    ``on_ready`` gets the server's URL once it accepts connections. ``limits``: default
    ``ServerLimits.configured()`` (the environment, else the defaults). ``trusted_proxies``:
    addresses of reverse proxies whose ``X-Forwarded-For`` names the client (default: none,
    the header is ignored).
    """
    import uvicorn

    from mobtable.server.app import create_app
    from mobtable.server.limits import ServerLimits

    sock = bind(host, port)
    proxies = trusted_proxies_from(trusted_proxies)

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                tune_gc()
            if self.started and on_ready is not None:
                on_ready(address(sock))

    with sock:
        app = create_app(
            db_url,
            bot_delay=bot_delay,
            bot_processes=bot_processes,
            limits=limits or ServerLimits.configured(),
        )
        config = uvicorn.Config(
            app,
            log_level=log_level,
            ws_max_size=64 * 1024,
            ws_per_message_deflate=False,  # views are small; compression only costs CPU
            proxy_headers=bool(proxies),  # uvicorn's own default trusts 127.0.0.1
            forwarded_allow_ips=",".join(proxies) or None,
        )
        Server(config).run(sockets=[sock])


__all__ = [
    "DEFAULT_DB",
    "GC_THRESHOLDS",
    "TRUSTED_PROXIES_ENV",
    "AddressInUse",
    "address",
    "bind",
    "run",
    "trusted_proxies_from",
    "tune_gc",
]
