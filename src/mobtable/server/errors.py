"""Errors the table manager raises; the app maps them to HTTP statuses."""

from __future__ import annotations


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
