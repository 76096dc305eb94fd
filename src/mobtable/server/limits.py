"""Limits: request bodies (a pure ASGI middleware, HTTP 413, counting the bytes received, so
a chunked body without a Content-Length is refused as surely as one that declares its size),
what one client (tables created, bot-only tables, chat messages, WebSockets) and bot-only
tables may take of the server (429), and how long tables nobody plays at are kept open."""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mobtable.server.errors import ServerError


class BodySizeLimit:
    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.max_bytes
                except ValueError:
                    too_big = False
                if too_big:
                    await self._refuse(send)
                    return
        # Read the whole body here, counting every chunk: a chunked upload has no
        # Content-Length, and an error raised inside the app's receive would reach
        # FastAPI's body parser, which turns it into a 400.
        chunks: list[bytes] = []
        received = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            received += len(chunk)
            if received > self.max_bytes:
                await self._refuse(send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body: Message | None = {"type": "http.request", "body": b"".join(chunks)}

        async def buffered_receive() -> Message:
            nonlocal body
            if body is None:
                return await receive()
            message, body = body, None
            return message

        await self.app(scope, buffered_receive, send)

    async def _refuse(self, send: Send) -> None:
        body: Any = json.dumps(
            {"detail": f"request body too large (limit {self.max_bytes} bytes)"}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


# -- what one client, and bot-only tables, may take of the server ----------------------


@dataclass(frozen=True)
class ServerLimits:
    """The server's resource limits (0: no limit). Documented in docs/web.md."""

    tables_per_minute: int = 30
    """Tables one client may create per minute (a burst of that many, then one
    every ``60 / tables_per_minute`` seconds)."""
    bot_tables: int = 4
    """Unfinished tables with no seat for a person one client may have at once."""
    bot_only_moves: int = 1
    """Bot moves of bot-only tables under way at once, server-wide: tables with
    people never wait for these, so they get the bot threads and workers first."""
    live_tables: int = 5000
    """Unfinished tables (waiting or playing) the server holds at once, server-wide: a
    new one beyond that is refused (503) until one ends or expires. Each costs about
    60 KB in memory with its four clients (docs/performance.md), so the default bounds
    them to about 300 MB."""
    finished_tables: int = 256
    """Finished tables kept in memory; the least recently used one beyond that
    (and nobody connected to it) is dropped, and reloaded from the store on demand."""
    waiting_expiry: int = 1800
    """Seconds a table that has not started stays open after its last join."""
    abandoned_expiry: int = 900
    """Seconds an unfinished game stays open once none of its players is connected."""
    chat_per_minute: int = 20
    """Chat messages one client may send a minute (a burst of ``CHAT_BURST``, then
    one every ``60 / chat_per_minute`` seconds)."""
    ws_per_address: int = 64
    """WebSockets one client address may hold open at once (``sockets.ADDRESS_FULL``
    beyond): enough for a household or a club behind one address, not for one
    client to crowd a table's players out of the event loop."""
    ws_per_table: int = 100
    """WebSockets one table takes at once; beyond, watchers are refused
    (``sockets.TABLE_FULL``), never its players."""

    ENVIRONMENT: ClassVar[dict[str, str]] = {
        "tables_per_minute": "MOBTABLE_TABLES_PER_MINUTE",
        "bot_tables": "MOBTABLE_BOT_TABLES",
        "bot_only_moves": "MOBTABLE_BOT_ONLY_MOVES",
        "live_tables": "MOBTABLE_LIVE_TABLES",
        "finished_tables": "MOBTABLE_FINISHED_TABLES",
        "waiting_expiry": "MOBTABLE_WAITING_EXPIRY",
        "abandoned_expiry": "MOBTABLE_ABANDONED_EXPIRY",
        "chat_per_minute": "MOBTABLE_CHAT_PER_MINUTE",
        "ws_per_address": "MOBTABLE_WS_PER_ADDRESS",
        "ws_per_table": "MOBTABLE_WS_PER_TABLE",
    }

    def __post_init__(self) -> None:
        for name in self.ENVIRONMENT:
            if getattr(self, name) < 0:
                raise ValueError(f"{name.replace('_', '-')} must be 0 (no limit) or more")

    @classmethod
    def configured(
        cls, environ: Mapping[str, str] = os.environ, **given: int | None
    ) -> ServerLimits:
        """The limits given (``None``: not given), else from the environment, else the defaults."""
        values: dict[str, int] = {}
        for name, variable in cls.ENVIRONMENT.items():
            value = given.get(name)
            if value is None and environ.get(variable):
                try:
                    value = int(environ[variable])
                except ValueError:
                    raise ValueError(f"{variable} must be a whole number") from None
            if value is not None:
                values[name] = value
        return cls(**values)


class TooManyRequests(ServerError):
    """HTTP 429; ``retry_after`` seconds goes in the ``Retry-After`` header."""

    status = 429

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = max(1, retry_after)


BOT_TABLE_RETRY = 30
"""The ``Retry-After`` (seconds) when a client has its bot-only tables at the limit:
about how long a bot-only game takes at the default bot delay."""


CHAT_BURST = 5
"""Chat messages a client may send at once before the per-minute rate applies."""


class TokenBuckets:
    """One token bucket per client: ``burst`` tokens, refilled at ``per_minute``.
    Memory stays bounded: a client whose bucket has refilled is forgotten."""

    SWEEP_AT = 4096

    def __init__(self, per_minute: int, burst: int, clock: Callable[[], float]) -> None:
        self.per_minute = per_minute
        self.burst = float(burst)
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, when)

    def take(self, client: str) -> int:
        """Take one token of ``client``'s: 0, or the seconds until one is there (nothing taken)."""
        if not self.per_minute:
            return 0
        now, rate = self.clock(), self.per_minute / 60.0
        tokens = self._tokens(client, now)
        if tokens < 1:
            return max(1, math.ceil((1 - tokens) / rate))
        if len(self._buckets) >= self.SWEEP_AT:
            self._sweep(now)
        self._buckets[client] = (tokens - 1, now)
        return 0

    def _tokens(self, client: str, now: float) -> float:
        tokens, when = self._buckets.get(client, (self.burst, now))
        return min(self.burst, tokens + (now - when) * self.per_minute / 60.0)

    def _sweep(self, now: float) -> None:
        for client in [c for c in self._buckets if self._tokens(c, now) >= self.burst]:
            del self._buckets[client]


class ClientQuotas:
    """Per client (its address): a token bucket of table creations, one of chat
    messages, and its live bot-only tables."""

    def __init__(self, limits: ServerLimits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self._creations = TokenBuckets(limits.tables_per_minute, limits.tables_per_minute, clock)
        self._chat = TokenBuckets(limits.chat_per_minute, CHAT_BURST, clock)
        self._bot_tables: dict[str, set[str]] = {}
        self._owner: dict[str, str] = {}  # bot-only table -> client

    def admit(self, client: str, table_id: str, *, bot_only: bool) -> None:
        """Take one table creation of ``client``'s quota, or raise :class:`TooManyRequests`;
        a bot-only ``table_id`` counts from now (before it is stored: requests arrive
        together) until :meth:`finished`."""
        cap = self.limits.bot_tables
        if bot_only and cap and len(self._bot_tables.get(client, ())) >= cap:
            raise TooManyRequests(
                f"too many bot-only tables still playing from this client (limit {cap}); "
                "wait for one to finish",
                retry_after=BOT_TABLE_RETRY,
            )
        wait = self._creations.take(client)
        if wait:
            raise TooManyRequests(
                f"too many new tables from this client (limit {self.limits.tables_per_minute} "
                "a minute)",
                retry_after=wait,
            )
        if bot_only:
            self._bot_tables.setdefault(client, set()).add(table_id)
            self._owner[table_id] = client

    def chat(self, client: str) -> None:
        """Take one chat message of ``client``'s quota, or raise :class:`TooManyRequests`."""
        wait = self._chat.take(client)
        if wait:
            raise TooManyRequests(
                f"too many chat messages (limit {self.limits.chat_per_minute} a minute): "
                f"wait {wait} s",
                retry_after=wait,
            )

    def finished(self, table_id: str) -> None:
        """``table_id`` is over (or was never stored): it no longer counts against its client."""
        client = self._owner.pop(table_id, None)
        if client is not None:
            live = self._bot_tables[client]
            live.discard(table_id)
            if not live:
                del self._bot_tables[client]
