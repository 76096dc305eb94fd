"""A seat's state and its moves over HTTP (the WebSocket does the same: ``ws.py``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query

from mobtable.server.routes.params import Manager, MaybeAccount, TableIdParam
from mobtable.server.schemas import Accepted, Act, TableState

router = APIRouter(tags=["play"])


@router.get("/api/tables/{table_id}/state", response_model=TableState)
async def get_state(
    table_id: TableIdParam,
    manager: Manager,
    seat: Annotated[int | None, Query(ge=0, le=15)] = None,
    x_seat_token: Annotated[str | None, Header(max_length=100)] = None,
) -> dict[str, Any]:
    """What ``seat`` may know now (its token in ``X-Seat-Token``); no seat: a spectator."""
    table = await manager.get(table_id)
    if seat is not None:
        manager.authorize(table, seat, x_seat_token)
    async with table.lock:
        return table.payload(seat, 0)


@router.post("/api/tables/{table_id}/actions", response_model=Accepted)
async def act(
    table_id: TableIdParam, body: Act, manager: Manager, account: MaybeAccount
) -> dict[str, int]:
    """Play an action in the game's notation; refused with the engine's rule message
    (signed in, a seat of another account is refused too)."""
    version = await manager.act(table_id, body.seat, body.token, body.action, account)
    return {"version": version}
