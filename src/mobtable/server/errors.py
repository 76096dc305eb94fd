"""Errors the table manager raises (the app maps them to HTTP statuses), the 422 body, and
the 405's ``Allow`` header."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from fastapi import Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException
from starlette.routing import Match, Mount


class ServerError(Exception):
    status = 400

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


class NotFound(ServerError):
    status = 404


class Forbidden(ServerError):
    status = 403


class Conflict(ServerError):
    status = 409


class Unavailable(ServerError):
    status = 503


class Moved(Unavailable):
    """The table is held by another server process (several processes share the
    database): 503 with ``Retry-After``; the holder hands it over meanwhile, and the
    balancer sends the retry to the process that will hold it."""

    retry_after = 1

    def __init__(self, table_id: str) -> None:
        super().__init__(
            "this table is moving to another server; try again in a moment", rule="moved"
        )
        self.table_id = table_id


def encodable(value: Any) -> Any:
    """``value`` made safe for a JSON body: lone surrogates escaped, NaN and infinities as text.

    A 422 echoes the refused input, and the input is exactly what may not be
    encodable (``1e400``, ``NaN``, ``"\\ud800"``); rendering it must not fail.
    """
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if isinstance(value, Mapping):
        return {encodable(str(k)): encodable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [encodable(v) for v in value]
    if value is None or isinstance(value, bool | int | float):
        return value
    return encodable(str(value))


async def validation_error(_request: Request, exc: Exception) -> JSONResponse:
    """FastAPI's 422 body (``detail``: one entry per error), always encodable."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else []
    detail = [
        {key: encodable(error[key]) for key in ("loc", "msg", "type", "input") if key in error}
        for error in errors
    ]
    for entry in detail:  # a password or request key is never sent back, even a refused one
        if "input" in entry and any(_secret(part) for part in entry.get("loc", ())):
            entry["input"] = "(hidden)"
    for entry in detail:  # nor inside the body it came in
        if isinstance(entry.get("input"), dict):
            entry["input"] = _hide_secrets(entry["input"])
    return JSONResponse({"detail": detail}, status_code=422)


def _secret(field: Any) -> bool:
    """A body field that holds a secret: a password, or a request key (``request``)."""
    return "password" in str(field) or field == "request"


def _hide_secrets(body: dict[str, Any]) -> dict[str, Any]:
    return {k: "(hidden)" if _secret(k) else v for k, v in body.items()}


async def http_error(request: Request, exc: Exception) -> Response:
    """FastAPI's answer to an HTTP error, but a 405's ``Allow`` lists every method the path
    takes (Starlette's names only those of the first route that matched the path)."""
    if not isinstance(exc, HTTPException):  # registered for ``HTTPException`` only
        raise exc
    allowed = allowed_methods(request) if exc.status_code == 405 else []
    if allowed:
        headers = {**(exc.headers or {}), "Allow": ", ".join(allowed)}
        exc = HTTPException(405, exc.detail, headers=headers)
    return await http_exception_handler(request, exc)


METHODS = ("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT")


def allowed_methods(request: Request) -> list[str]:
    """The methods some route answers at the request's path (asked of each route through
    Starlette's ``matches``; a mount, which takes every method, is left out)."""
    routes = [r for r in request.app.router.routes if not isinstance(r, Mount)]
    return [
        method
        for method in METHODS
        if any(r.matches({**request.scope, "method": method})[0] is Match.FULL for r in routes)
    ]
