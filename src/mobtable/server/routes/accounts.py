"""``/api/account``: sign up, sign in, sign out, change the password, claim a guest's
games; ``/api/players`` and ``/api/leaderboard``: profiles and leaderboards.

Every state-changing request here carries the CSRF token (:mod:`..accounts.csrf`).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from fastapi import Path as PathParam

from mobtable import games
from mobtable.server.accounts import profiles
from mobtable.server.accounts.csrf import SESSION_COOKIE, secure
from mobtable.server.accounts.names import check_account_name, name_key
from mobtable.server.errors import NotFound, ServerError
from mobtable.server.routes.params import Desk, Manager, MaybeAccount, SignedIn
from mobtable.server.schemas import (
    AccountInfo,
    ClaimedGames,
    ClaimGames,
    PasswordChange,
    SignIn,
    SignUp,
)

router = APIRouter(tags=["accounts"])


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _account_name(text: str) -> str:
    try:
        return check_account_name(text)
    except ValueError as exc:
        raise ServerError(str(exc), rule="account-name") from exc


def _set_session(request: Request, response: Response, cookie: str, max_age: float) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        cookie,
        max_age=int(max_age),
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure(request),
    )


@router.get("/api/account", response_model=AccountInfo)
async def whoami(account: MaybeAccount) -> dict[str, Any]:
    """Who this browser is signed in as (``name`` null: a guest)."""
    return {"name": account.name if account else None}


@router.post("/api/account/signup", response_model=ClaimedGames, status_code=201)
async def sign_up(
    body: SignUp, request: Request, response: Response, desk: Desk, manager: Manager
) -> dict[str, Any]:
    """Create an account and sign in; ``claim``: this browser's finished games become its."""
    name = _account_name(body.name)
    account, cookie = await desk.sign_up(name, body.password, _address(request))
    _set_session(request, response, cookie, desk.session_seconds)
    return await manager.claim_games(account, body.claim)


@router.post("/api/account/signin", response_model=AccountInfo)
async def sign_in(body: SignIn, request: Request, response: Response, desk: Desk) -> dict[str, Any]:
    """Sign in (401 "wrong name or password", whichever was wrong; 429 when rate-limited)."""
    account, cookie = await desk.sign_in(body.name, body.password, _address(request))
    _set_session(request, response, cookie, desk.session_seconds)
    return {"name": account.name}


@router.post("/api/account/signout", response_model=AccountInfo)
async def sign_out(request: Request, response: Response, desk: Desk) -> dict[str, Any]:
    """Sign out: the session ends here and now (its cookie signs nobody in again)."""
    await desk.sign_out(request.cookies.get(SESSION_COOKIE))
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    return {"name": None}


@router.post("/api/account/password", response_model=AccountInfo)
async def change_password(
    body: PasswordChange, request: Request, account: SignedIn, desk: Desk
) -> dict[str, Any]:
    """Change the password (the current one checked); other sessions are signed out."""
    cookie = request.cookies.get(SESSION_COOKIE, "")
    await desk.change_password(account, cookie, body.password, body.new_password, _address(request))
    return {"name": account.name}


@router.post("/api/account/claim", response_model=ClaimedGames)
async def claim_games(body: ClaimGames, account: SignedIn, manager: Manager) -> dict[str, Any]:
    """This browser's seats at finished games (each proved by its token) become the
    account's; a seat already an account's, or not finished, is refused (and said why)."""
    return await manager.claim_games(account, body.seats)


PlayerName = Annotated[str, PathParam(min_length=1, max_length=100)]


@router.get("/api/players/{name}")
async def player(name: PlayerName, desk: Desk, manager: Manager) -> dict[str, Any]:
    """A player's profile: games played and won, ratings over time, recent tables."""
    row = await manager.db(desk.store.by_key, name_key(name.strip()))
    if row is None:
        raise NotFound(f"no player named {name!r}")
    return await manager.db(profiles.profile, desk.store, row.ref)


@router.get("/api/leaderboard/{game}")
async def leaderboard(
    game: Annotated[str, PathParam(max_length=40)], desk: Desk, manager: Manager
) -> dict[str, Any]:
    """A game's rated players, best first (bot levels too)."""
    try:
        title = games.get(game).title
    except KeyError as exc:
        raise NotFound(str(exc.args[0])) from exc
    return {
        "game": game,
        "title": title,
        "players": await manager.db(profiles.leaderboard, desk.store, game),
    }
