"""The FastAPI application: the JSON API, the WebSocket and the web client.

The routes live in ``APIRouter`` modules (:mod:`mobtable.server.routes`, the rules
pages in :mod:`mobtable.server.rules`, the WebSocket in :mod:`mobtable.server.ws`);
this module makes the table manager, maps the manager's errors to statuses and
includes the routers.
"""

from __future__ import annotations

import os
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from mobtable.server import rules, ws
from mobtable.server.accounts.csrf import SESSION_COOKIE, CsrfCookie, check_csrf
from mobtable.server.accounts.desk import AccountDesk, Unauthorized
from mobtable.server.accounts.passwords import Passwords
from mobtable.server.errors import Moved, ServerError, http_error, validation_error
from mobtable.server.lease import TTL, LeaseKeeper
from mobtable.server.limits import BodySizeLimit, ServerLimits, TooManyRequests
from mobtable.server.manager import TableManager
from mobtable.server.routes import (
    accounts,
    games,
    pages,
    play,
    replays,
    tables,
    tutorials,
    yours,
)
from mobtable.server.routes.pages import WEB_DIR
from mobtable.server.schemas import Problem
from mobtable.store import Repository
from mobtable.store.leases import LeaseStore, SharedLobby

MAX_BODY = 64 * 1024
ROUTERS = (
    games.router,
    tables.router,
    tutorials.router,
    yours.router,
    play.router,
    replays.router,
    accounts.router,
    rules.router,
    ws.router,
)
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "description": text}
    for code, text in (
        (400, "refused: bad configuration or notation"),
        (401, "not signed in, or the session is over (the session cookie is cleared)"),
        (
            403,
            "wrong or missing seat token, another account's seat, a secret the game keeps "
            "after the end, or a cookie-authorized request without its CSRF token",
        ),
        (404, "no such table, game, seat or guided game"),
        (409, "refused by the rules or the table's state (engine message)"),
        (413, "request body too large"),
        (429, "too many tables or sign-ins from this client: retry after `Retry-After` s"),
        (
            503,
            "the database is unavailable, or the table is moving to another server "
            "process (retry after `Retry-After` seconds)",
        ),
    )
}


async def server_error(_request: Request, exc: Exception) -> JSONResponse:
    """A manager's refusal: its status, ``detail`` (the message) and ``rule``."""
    if not isinstance(exc, ServerError):  # registered for ``ServerError`` only
        raise exc
    response = JSONResponse({"detail": exc.message, "rule": exc.rule}, status_code=exc.status)
    if isinstance(exc, TooManyRequests | Moved):
        response.headers["Retry-After"] = str(exc.retry_after)
    if isinstance(exc, Unauthorized):
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    return response


def leases_of(repo: Repository) -> LeaseKeeper:
    """The lease keeper of a process sharing ``repo``'s PostgreSQL with others."""
    name = f"pid {os.getpid()} on {socket.gethostname()}"
    return LeaseKeeper(LeaseStore(repo.engine, TTL), SharedLobby(repo.engine), name)


def create_app(
    db_url: str = "sqlite:///mobtable.sqlite",
    *,
    bot_delay: float = 0.5,
    bot_workers: int = 4,
    bot_processes: int | None = None,
    max_body: int = MAX_BODY,
    limits: ServerLimits | None = None,
    passwords: Passwords | None = None,
) -> FastAPI:
    """The whole server for one database (migrated on creation). On PostgreSQL, several
    processes may serve the same database: each holds the tables it has leases for
    (:mod:`mobtable.server.lease`).

    ``bot_processes``: worker processes for search bots (default: one per core
    but one; 0 runs every bot in one of ``bot_workers`` threads instead).
    ``limits``: per-client and memory limits (default: ``ServerLimits()``).
    ``passwords``: how passwords are hashed (default: Argon2id, argon2-cffi's defaults).
    """
    repo = Repository(db_url)
    manager = TableManager(
        repo,
        bot_delay=bot_delay,
        bot_workers=bot_workers,
        bot_processes=bot_processes,
        limits=limits,
        holder=None if repo.is_sqlite else leases_of(repo),
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        yield
        await manager.stop()
        repo.close()

    app = FastAPI(
        title="mobtable",
        summary="Play COSCA, Capo della Mafia and Gangsta in the browser.",
        version="1",
        lifespan=lifespan,
        responses=ERRORS,
        dependencies=[Depends(check_csrf)],
    )
    app.state.manager = manager
    app.state.accounts = AccountDesk(repo.accounts, manager.db, passwords)
    app.add_middleware(CsrfCookie)
    app.add_middleware(BodySizeLimit, max_bytes=max_body)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(ServerError, server_error)
    app.add_exception_handler(HTTPException, http_error)
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    app.include_router(pages.router)
    return app
