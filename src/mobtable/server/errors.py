"""Errors the table manager raises (the app maps them to HTTP statuses), and the 422 body."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse


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
    return JSONResponse({"detail": detail}, status_code=422)
