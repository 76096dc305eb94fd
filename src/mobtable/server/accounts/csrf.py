"""CSRF protection: the double-submit cookie pattern, with the request's ``Origin`` checked.

Every response to a browser without one sets ``mobtable_csrf``, a random token
readable by the page's script (not HttpOnly; SameSite=Strict). A state-changing
request (anything but GET, HEAD, OPTIONS) that a browser's cookies could authorize
— one sent with the session cookie, and every ``/api/account`` request, signing in
included — must carry the same token in the ``X-CSRF-Token`` header: another site
can make a browser send the cookie but cannot read it to write the header. A
request whose ``Origin`` is not this server's is refused too. Guests' requests,
authorized by a seat token in the body rather than a cookie, need neither.
"""

from __future__ import annotations

import hmac
import secrets
from http.cookies import SimpleCookie

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mobtable.server.errors import Forbidden

CSRF_COOKIE = "mobtable_csrf"
CSRF_HEADER = "x-csrf-token"
SESSION_COOKIE = "mobtable_session"
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
GUARDED = "/api/account"
"""Requests under this path are guarded even without a session (signing in, signing up)."""


def secure(conn: HTTPConnection) -> bool:
    """Whether cookies get ``Secure``: the page came over https (behind a trusted proxy,
    as ``X-Forwarded-Proto`` says). Over plain http on localhost they cannot be."""
    return conn.url.scheme in ("https", "wss")


def csrf_cookie(token: str, *, is_secure: bool) -> str:
    cookie: SimpleCookie = SimpleCookie()
    cookie[CSRF_COOKIE] = token
    morsel = cookie[CSRF_COOKIE]
    morsel["path"] = "/"
    morsel["samesite"] = "Strict"
    if is_secure:
        morsel["secure"] = True
    return morsel.OutputString()


async def check_csrf(conn: HTTPConnection) -> None:
    """A dependency of every route: refuses (403, ``rule: "csrf"``) an unsafe request that
    a browser's cookies could authorize without the token, or one from another site. It
    runs once the route is found, so a method a path does not take is still a 405.
    ``async`` though it never waits: FastAPI runs a plain function in a worker thread,
    a hop per request for nothing."""
    if conn.scope["type"] != "http" or conn.scope["method"] in SAFE:
        return
    origin = conn.headers.get("origin")
    if origin is not None and origin != f"{conn.url.scheme}://{conn.url.netloc}":
        raise Forbidden(f"this request came from another site ({origin}): refused", rule="csrf")
    if SESSION_COOKIE not in conn.cookies and not conn.url.path.startswith(GUARDED):
        return
    token = conn.cookies.get(CSRF_COOKIE)
    sent = conn.headers.get(CSRF_HEADER)
    if not token or not sent or not hmac.compare_digest(sent.encode(), token.encode()):
        raise Forbidden(
            "this request lacks the page's CSRF token (the X-CSRF-Token header must repeat "
            "the mobtable_csrf cookie): reload the page and try again",
            rule="csrf",
        )


class CsrfCookie:
    """Pure ASGI middleware: hands every browser without one its CSRF token (a cookie)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or CSRF_COOKIE in HTTPConnection(scope).cookies:
            await self.app(scope, receive, send)
            return
        fresh = csrf_cookie(secrets.token_urlsafe(24), is_secure=secure(HTTPConnection(scope)))

        async def send_with_token(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message).append("set-cookie", fresh)
            await send(message)

        await self.app(scope, receive, send_with_token)
