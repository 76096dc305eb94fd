"""The web server: tables, seats, bots, WebSockets and the web client.

Start it with :func:`run` (or ``python -m mobtable.server``).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import gc
import os
import socket
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import uvicorn
    from fastapi import FastAPI

    from mobtable.server.health import HealthListener, Heartbeat
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


class BadSetting(ValueError):
    """A setting the server cannot start with (a port, a delay, a database): the message
    names the option and the problem, for the command line's one-line ``Error:``."""


MAX_BOT_DELAY = 60.0
"""The longest ``--bot-delay``, in seconds."""


def check_settings(
    port: int, bot_delay: float, bot_processes: int | None, health_port: int | None = None
) -> None:
    """Raise :class:`BadSetting` for a port, bot delay or worker count out of range."""
    if not 0 <= port <= 65535:
        raise BadSetting(f"--port must be from 0 (any free port) to 65535, not {port}")
    if health_port is not None and not 1 <= health_port <= 65535:
        raise BadSetting(f"--health-port must be from 1 to 65535, not {health_port}")
    if health_port is not None and health_port == port:
        raise BadSetting(f"--health-port must differ from --port ({port})")
    if not 0 <= bot_delay <= MAX_BOT_DELAY:  # NaN compares false: refused too
        raise BadSetting(
            f"--bot-delay must be a number of seconds from 0 to {MAX_BOT_DELAY:g}, not {bot_delay}"
        )
    if bot_processes is not None and bot_processes < 0:
        raise BadSetting(f"--bot-processes must be 0 (threads only) or more, not {bot_processes}")


def database_reason(exc: BaseException) -> str:
    """The first line of a database error's own words (the driver's, where it has them)."""
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def open_app(db_url: str, **settings: Any) -> FastAPI:
    """:func:`~mobtable.server.app.create_app` for ``db_url``, a database it cannot open or
    migrate raised as :class:`BadSetting` naming it (a URL that is none, a file that is
    not an SQLite database, a server that does not answer)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from mobtable.server.app import create_app

    try:
        shown = make_url(db_url).render_as_string()  # a password as ***
        return create_app(db_url, **settings)
    except ArgumentError:
        raise BadSetting(
            f"--db {db_url!r} is not a database URL mobtable can use: give sqlite:///path or "
            "postgresql+psycopg://user@host/db"
        ) from None
    except ImportError as exc:
        raise BadSetting(f"--db {shown}: its database driver is not installed ({exc})") from None
    except SQLAlchemyError as exc:
        reason = database_reason(exc)
        raise BadSetting(f"--db {shown}: cannot use this database ({reason})") from None
    except OSError as exc:
        raise BadSetting(f"--db {shown}: cannot open it ({exc.strerror or exc})") from None


_IN_USE = {errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", errno.EADDRINUSE)}


BACKLOG = 2048
"""Connections the kernel queues for the server before it accepts them (uvicorn's own
default; Python's is 128): a thousand tables' people reconnecting at once after a process
left must not find the queue full, which a balancer reads as a dead server."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one); ``AddressInUse`` if taken."""
    family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    try:
        return socket.create_server((host, port), family=family, backlog=BACKLOG)
    except OSError as exc:
        if exc.errno not in _IN_USE:
            raise
        raise AddressInUse(
            f"port {port} on {host} is in use: pick another with --port, e.g. --port {port + 1}"
        ) from exc


def health_listener(host: str, port: int, heartbeat: Heartbeat) -> HealthListener:
    """The health check's listener on ``host:port``; ``AddressInUse`` if taken."""
    from mobtable.server.health import HealthListener

    try:
        return HealthListener(host, port, heartbeat)
    except OSError as exc:
        if exc.errno not in _IN_USE:
            raise
        raise AddressInUse(
            f"port {port} on {host} is in use: pick another with --health-port"
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
    health_port: int | None = None,
) -> None:
    """Serve mobtable on ``host:port`` with the database at ``db_url`` (migrated first).

    Settings out of range, or a database that cannot be opened, raise :class:`BadSetting`.
    The socket is bound before anything else (``AddressInUse`` if the port is taken), and
    ``on_ready`` gets the server's URL once it accepts connections. ``limits``: default
    ``ServerLimits.configured()`` (the environment, else the defaults). ``trusted_proxies``:
    addresses of reverse proxies whose ``X-Forwarded-For`` names the client (default: none,
    the header is ignored). ``health_port``: where a balancer's health check is answered, by
    a thread of its own (:mod:`mobtable.server.health`; default: none).
    """
    import uvicorn

    from mobtable.server.health import Heartbeat
    from mobtable.server.limits import ServerLimits

    check_settings(port, bot_delay, bot_processes, health_port)
    sock = bind(host, port)
    heartbeat = Heartbeat()
    health = (
        health_listener(host, health_port, heartbeat)
        if health_port is not None
        else contextlib.nullcontext()
    )
    proxies = trusted_proxies_from(trusted_proxies)
    beats: list[asyncio.Task[None]] = []

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                tune_gc()
                beats.append(asyncio.get_running_loop().create_task(heartbeat.run()))
            if self.started and on_ready is not None:
                on_ready(address(sock))

    with sock, health:
        app = open_app(
            db_url,
            bot_delay=bot_delay,
            bot_processes=bot_processes,
            limits=limits or ServerLimits.configured(),
        )
        config = server_config(app, log_level=log_level, proxies=proxies)
        Server(config).run(sockets=[sock])


WS_MAX_FRAME = 1024 * 1024
"""The largest WebSocket message the protocol reads (bytes), far above the app's own limit
(``ws.MAX_MESSAGE`` characters, at most 16 KiB): a message between the two gets the app's
``error`` and the socket stays open; only one over this is refused by the protocol, which
closes with 1009 (message too big). It bounds the memory one socket may make the server
hold."""


def server_config(
    app: FastAPI, *, log_level: str = "info", proxies: Sequence[str] = (), **extra: Any
) -> uvicorn.Config:
    """uvicorn's settings for ``app`` (``extra``: more of them, e.g. a test's host and port)."""
    import uvicorn

    settings: dict[str, Any] = {
        "log_level": log_level,
        "ws_max_size": WS_MAX_FRAME,
        "ws_per_message_deflate": False,  # views are small; compression only costs CPU
        "proxy_headers": bool(proxies),  # uvicorn's own default trusts 127.0.0.1
        "forwarded_allow_ips": ",".join(proxies) or None,
    }
    return uvicorn.Config(app, **(settings | extra))


__all__ = [
    "BACKLOG",
    "DEFAULT_DB",
    "GC_THRESHOLDS",
    "TRUSTED_PROXIES_ENV",
    "WS_MAX_FRAME",
    "AddressInUse",
    "BadSetting",
    "address",
    "bind",
    "check_settings",
    "database_reason",
    "health_listener",
    "open_app",
    "run",
    "server_config",
    "trusted_proxies_from",
    "tune_gc",
]
