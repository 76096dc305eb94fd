"""The web server: tables, seats, bots, WebSockets and the web client.

Start it with :func:`run` (or ``python -m mobtable.server``).
"""

from __future__ import annotations

import errno
import socket
from collections.abc import Callable

DEFAULT_DB = "sqlite:///mobtable.sqlite"


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
    on_ready: Callable[[str], None] | None = None,
) -> None:
    """Serve mobtable on ``host:port`` with the database at ``db_url`` (migrated first).

    The socket is bound before anything else (``AddressInUse`` if the port is taken), and
    ``on_ready`` gets the server's URL once it accepts connections.
    """
    import uvicorn

    from mobtable.server.app import create_app

    sock = bind(host, port)

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started and on_ready is not None:
                on_ready(address(sock))

    with sock:
        app = create_app(db_url, bot_delay=bot_delay, bot_processes=bot_processes)
        config = uvicorn.Config(
            app,
            log_level=log_level,
            ws_max_size=64 * 1024,
            ws_per_message_deflate=False,  # views are small; compression only costs CPU
        )
        Server(config).run(sockets=[sock])


__all__ = ["DEFAULT_DB", "AddressInUse", "address", "bind", "run"]
