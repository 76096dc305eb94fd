"""What the routes share: the path parameters' checks, the table manager, the accounts
desk and the signed-in account."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi import Path as PathParam

from mobtable.server.accounts.csrf import SESSION_COOKIE
from mobtable.server.accounts.desk import AccountDesk, Unauthorized
from mobtable.server.manager import TableManager
from mobtable.store.accounts import AccountRef

TableIdParam = Annotated[str, PathParam(pattern=r"^[A-Za-z0-9_-]{1,32}$", max_length=32)]
SeatParam = Annotated[int, PathParam(ge=0, le=15)]


async def table_manager(request: Request) -> TableManager:
    """The manager of the app serving the request (``create_app`` made it). ``async``
    though it never waits, as every dependency here: FastAPI runs a plain function in a
    worker thread, a hop per request for nothing."""
    manager: TableManager = request.app.state.manager
    return manager


Manager = Annotated[TableManager, Depends(table_manager)]


async def account_desk(request: Request) -> AccountDesk:
    """The accounts desk of the app serving the request."""
    desk: AccountDesk = request.app.state.accounts
    return desk


Desk = Annotated[AccountDesk, Depends(account_desk)]


async def maybe_account(request: Request, desk: Desk) -> AccountRef | None:
    """The signed-in account (``None``: a guest); a 401 for a session cookie that signs
    nobody in, or whose session is over (the answer clears the cookie)."""
    return await desk.signed_in(request.cookies.get(SESSION_COOKIE))


async def signed_in(account: Annotated[AccountRef | None, Depends(maybe_account)]) -> AccountRef:
    if account is None:
        raise Unauthorized("sign in first", rule="sign-in")
    return account


MaybeAccount = Annotated[AccountRef | None, Depends(maybe_account)]
SignedIn = Annotated[AccountRef, Depends(signed_in)]
